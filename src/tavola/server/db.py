"""The engine, sessions and schema migrations (Alembic, applied in code at start-up)."""

from __future__ import annotations

import logging
import threading
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session, sessionmaker

MIGRATIONS = Path(__file__).parent / "migrations"

log = logging.getLogger("tavola.server")

MIGRATION_LOCK = 0x7461766F6C61
"""The advisory lock under which a process migrates a PostgreSQL schema."""


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    # WAL lets readers run beside the one writer; NORMAL sync keeps every committed
    # transaction across a crash of the process (only a power cut can lose the last ones).
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=30000")
    cur.close()


WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")
WRITER_WAIT = 30.0
"""Seconds a thread waits for the writer's turn before writing anyway (SQLite's own wait)."""


class WriterTurn:
    """SQLite lets one transaction write at a time; the others wait in its busy handler, which
    sleeps 1, 2, 5, 10 ... up to 100 ms between tries, so under many writers a short
    transaction waited hundreds of milliseconds for a lock free most of that time (p99 latency
    of a thousand live games, docs/performance.md). The threads of this process take turns on
    a lock of their own instead, handed on as the writer's connection goes back to the pool (its
    transaction ended): a transaction takes it at its first write. A thread that waits
    ``WRITER_WAIT`` seconds writes anyway, as before (SQLite then decides), and so does a thread
    already writing on another connection.

    What holds across processes is SQLite's own locking: one writer at a time on the file
    (WAL's write lock), readers beside it, a writer of another process waiting in the busy
    handler up to ``busy_timeout``. This lock adds nothing there: it orders the writers of one
    process only, so another process on the same file (a second server, a command writing
    to the database, a backup) still meets the busy handler's sleeps, and this process's
    turn-holder may be the one waiting in it. ``tavola serve --workers N`` runs several
    processes on PostgreSQL only, where this lock is not installed (its row locks order the
    writers); one server process on a SQLite file is the case this serves."""

    KEY = "tavola_writer_turn"

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.owner: int | None = None

    def listen(self, engine: Engine) -> None:
        event.listen(engine, "before_cursor_execute", self._before)
        event.listen(engine.pool, "checkin", self._returned)
        event.listen(engine.pool, "invalidate", self._invalidated)

    def _before(self, conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        info = conn.info
        if info.get(self.KEY) or not statement.lstrip()[:7].upper().startswith(WRITES):
            return
        me = threading.get_ident()
        if self.owner == me:
            return
        if self.lock.acquire(timeout=WRITER_WAIT):
            self.owner = me
            info[self.KEY] = True

    def _returned(self, _dbapi_conn: Any, record: Any) -> None:
        if record is not None and record.info.pop(self.KEY, False):
            self.owner = None
            self.lock.release()

    def _invalidated(self, dbapi_conn: Any, record: Any, _exception: Any) -> None:
        self._returned(dbapi_conn, record)


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(
            url,
            connect_args={"check_same_thread": False, "timeout": 30},
            pool_size=8,
            max_overflow=16,
        )
        event.listen(engine, "connect", _sqlite_pragmas)
        WriterTurn().listen(engine)
        return engine
    return create_engine(url, pool_size=8, max_overflow=16, pool_pre_ping=True)


def alembic_config(engine: Engine | None = None) -> Config:
    """An Alembic configuration built in code: no alembic.ini needed on the machine."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    if engine is not None:
        cfg.set_main_option("sqlalchemy.url", engine.url.render_as_string(hide_password=False))
    return cfg


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest revision shipped in the package."""
    cfg = alembic_config(engine)
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            # Processes started together on one database migrate it in turn: the second finds
            # the schema at the head (one would otherwise fail on the tables the other made).
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


class Database:
    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        migrate(self.engine)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)

    def session(self) -> Session:
        return self.sessions()

    def dispose(self) -> None:
        self.engine.dispose()
