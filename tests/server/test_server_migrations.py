"""The shipped migrations build exactly the schema of the models, on SQLite and on PostgreSQL;
re-running them is a no-op, and every revision goes down as cleanly as it went up."""

from __future__ import annotations

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect

from tavola.server.db import Database, alembic_config, make_engine
from tavola.server.models import Base


def test_migrations_match_the_models(db_url):
    db = Database(db_url)
    with db.engine.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []
        assert MigrationContext.configure(conn).get_current_revision() is not None
    db.dispose()
    Database(db_url).dispose()  # a second start finds the schema current


def _migrate(engine, verb: str, revision: str) -> None:
    cfg = alembic_config(engine)
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        getattr(command, verb)(cfg, revision)


def test_migrations_go_down_to_nothing_and_up_again(db_url):
    engine = make_engine(db_url)
    revisions = [s.revision for s in ScriptDirectory.from_config(alembic_config()).walk_revisions()]
    _migrate(engine, "upgrade", "head")
    # Down one revision at a time, then all the way: only Alembic's own table is left.
    for _ in revisions:
        _migrate(engine, "downgrade", "-1")
    assert set(inspect(engine).get_table_names()) <= {"alembic_version"}
    if engine.dialect.name == "postgresql":
        with engine.connect() as conn:
            assert inspect(conn).get_enums() == []  # no type left behind by a dropped table
    _migrate(engine, "upgrade", "head")
    with engine.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []
    engine.dispose()
