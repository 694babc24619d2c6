"""Alembic environment: runs on the connection the server hands over (see tavola.server.db)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from tavola.server.models import Base

config = context.config
connection = config.attributes.get("connection")


def _run(conn: object) -> None:
    # Batch mode lets later revisions alter SQLite tables (which lack ALTER COLUMN).
    context.configure(connection=conn, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


if connection is not None:
    _run(connection)
else:
    engine = create_engine(config.get_main_option("sqlalchemy.url") or "")
    with engine.begin() as conn:
        _run(conn)
