"""Several server processes on one PostgreSQL database: change notices and bot leases.

PostgreSQL itself carries both, so no other service is needed:

- **Notices.** Every stored action sends ``NOTIFY tavola`` inside the transaction that stores
  it, so the notice goes out exactly when (and only if) the action is committed. Seat changes,
  pace changes, chat and sign-outs send one too. Each process keeps one connection that
  ``LISTEN``\\ s; a notice from another process drops the cached match row and fires this
  process's own "changed" signal, which its hub (pushes to sockets) and bot runner already
  follow. A process ignores its own notices (it fired its signal when it wrote).
- **Bot leases.** A process plays a match's bots only while it holds the match's
  session-level advisory lock, on a connection of its own: one process at a time, and the
  lock goes when the process dies (its connection closes). A process that finds the lock
  taken looks again every ``LEASE_RETRY`` seconds while the match owes bot moves, so another
  process takes over. The actions table's key (match, step) remains the last guard: two
  writers can never both store a step.

A lost listening connection is opened again, and every match this process serves is then
looked at afresh (a notice may have been missed meanwhile).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import secrets
import threading
import zlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from sqlalchemy import text
from sqlalchemy.engine import Connection, make_url

if TYPE_CHECKING:
    import psycopg

log = logging.getLogger("tavola.server")

CHANNEL = "tavola"
LEASE_SPACE = 0x7461766F
"""The first key of every bot lease (advisory locks are shared by every user of the database)."""
LEASE_RETRY = 1.0
RECONNECT = 1.0
MAX_NOTICE = 7900
"""PostgreSQL refuses payloads of 8000 bytes or more: a larger notice is sent without its body."""

_NOTIFY = text("SELECT pg_notify(:channel, :payload)")


def lease_key(mid: str) -> int:
    """The second key of a match's lease: a signed 32-bit hash of its id (a collision only
    makes two matches share one lease)."""
    return zlib.crc32(mid.encode()) - (1 << 31)


def session_key(token_hash: str) -> str:
    """What a sign-out notice names: a hash of the stored hash, never the session itself."""
    return hashlib.sha256(f"signout:{token_hash}".encode()).hexdigest()


def libpq_url(url: str) -> str:
    """The SQLAlchemy URL as psycopg takes it (no ``+driver``)."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class Cluster:
    """This process's link to the others on the same PostgreSQL database."""

    def __init__(self, url: str) -> None:
        self.url = libpq_url(url)
        self.origin = secrets.token_hex(8)
        self.handlers: dict[str, Callable[[dict[str, Any]], None]] = {}
        """Notice kind -> what this process does when another process sends one."""
        self.on_reconnect: list[Callable[[], None]] = []
        self._stop = threading.Event()
        self._listener: threading.Thread | None = None
        self._listening = threading.Event()
        self._lease_conn: psycopg.Connection[Any] | None = None
        self._lease_lock = threading.Lock()
        self.leases: set[str] = set()
        self.received = 0

    # --- notices ----------------------------------------------------------------------------
    def payload(self, kind: str, body: dict[str, Any]) -> str:
        data = json.dumps({"o": self.origin, "k": kind, **body}, separators=(",", ":"), ensure_ascii=False)
        if len(data.encode()) > MAX_NOTICE:
            data = json.dumps({"o": self.origin, "k": kind, "m": body.get("m"), "cut": True})
        return data

    def notify(self, conn: Connection, kind: str, **body: Any) -> None:
        """Send a notice within the caller's transaction: it goes out when that commits."""
        conn.execute(_NOTIFY, {"channel": CHANNEL, "payload": self.payload(kind, body)})

    def _receive(self, raw: str) -> None:
        try:
            notice = json.loads(raw)
        except ValueError:
            log.warning("unreadable notice on %s: %.80r", CHANNEL, raw)
            return
        if not isinstance(notice, dict) or notice.get("o") == self.origin:
            return
        handler = self.handlers.get(str(notice.get("k")))
        if handler is None:
            return
        self.received += 1
        try:
            handler(notice)
        except Exception:
            log.exception("notice %s failed", notice.get("k"))

    def start(self) -> None:
        """Listen from now on; returns once the listening connection is open (or failed once)."""
        self._listener = threading.Thread(target=self._listen, name="tavola-listen", daemon=True)
        self._listener.start()
        self._listening.wait(10)

    def _listen(self) -> None:
        import psycopg

        first = True
        while not self._stop.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self._listening.set()
                    if not first:
                        log.warning("listening on %s again; looking at every match afresh", CHANNEL)
                        for resync in self.on_reconnect:
                            resync()
                    first = False
                    while not self._stop.is_set():
                        for n in conn.notifies(timeout=0.5):
                            self._receive(n.payload)
            except psycopg.Error as exc:
                if self._stop.is_set():
                    return
                log.warning("lost the %s notice connection (%s); reconnecting", CHANNEL, exc)
                self._listening.set()
                self._stop.wait(RECONNECT)

    # --- bot leases -------------------------------------------------------------------------
    def _leasing(self) -> psycopg.Connection[Any]:
        import psycopg

        conn = self._lease_conn
        if conn is None or conn.closed or conn.broken:
            # The locks of a lost connection are gone: a process playing on without them is
            # harmless (the actions' key refuses a second writer), and they are taken anew.
            self.leases.clear()
            conn = self._lease_conn = psycopg.connect(self.url, autocommit=True)
        return conn

    def acquire(self, mid: str) -> bool:
        """Take the match's bot lease if no process holds it (this one may already)."""
        import psycopg

        with self._lease_lock:
            if mid in self.leases:
                return True
            try:
                row = (
                    self._leasing()
                    .execute("SELECT pg_try_advisory_lock(%s, %s)", (LEASE_SPACE, lease_key(mid)))
                    .fetchone()
                )
            except psycopg.Error as exc:
                log.warning("bot lease of %s not taken: %s", mid, exc)
                self._lease_conn = None
                return False
            if row is not None and row[0]:
                self.leases.add(mid)
                return True
            return False

    def release(self, mid: str) -> None:
        import psycopg

        with self._lease_lock:
            if mid not in self.leases:
                return
            self.leases.discard(mid)
            conn = self._lease_conn
            if conn is None or conn.closed:
                return
            try:
                conn.execute("SELECT pg_advisory_unlock(%s, %s)", (LEASE_SPACE, lease_key(mid)))
            except psycopg.Error as exc:
                log.warning("bot lease of %s not released: %s", mid, exc)
                self._lease_conn = None

    def held(self, mids: list[str]) -> set[str]:
        """Which of these matches' leases some process holds now (one query for all)."""
        import psycopg

        keys = {lease_key(m): m for m in mids}
        if not keys:
            return set()
        with self._lease_lock:
            try:
                rows = (
                    self._leasing()
                    .execute(
                        "SELECT objid::bigint FROM pg_locks WHERE locktype = 'advisory' "
                        "AND classid = %s AND objsubid = 2 AND granted AND database = "
                        "(SELECT oid FROM pg_database WHERE datname = current_database())",
                        (LEASE_SPACE,),
                    )
                    .fetchall()
                )
            except psycopg.Error:
                self._lease_conn = None
                return set(mids)
        # pg_locks shows the key's 32 bits read as unsigned.
        held = {int(r[0]) - (1 << 32) if int(r[0]) >= 1 << 31 else int(r[0]) for r in rows}
        return {m for k, m in keys.items() if k in held}

    def stop(self) -> None:
        self._stop.set()
        if self._listener is not None:
            self._listener.join(5)
        with self._lease_lock:
            if self._lease_conn is not None:
                self._lease_conn.close()  # every lease goes with it
                self._lease_conn = None
            self.leases.clear()


def run_soon(loop: asyncio.AbstractEventLoop | None, fn: Callable[..., Any], *args: Any) -> None:
    """Call ``fn`` on the event loop from the listening thread."""
    if loop is not None and not loop.is_closed():
        loop.call_soon_threadsafe(fn, *args)
