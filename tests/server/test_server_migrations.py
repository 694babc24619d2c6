"""The shipped migrations build exactly the schema of the models, and re-running them is a no-op."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from tavola.server.db import Database
from tavola.server.models import Base


def test_migrations_match_the_models(db_url):
    db = Database(db_url)
    with db.engine.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []
        assert MigrationContext.configure(conn).get_current_revision() is not None
    db.dispose()
    Database(db_url).dispose()  # a second start finds the schema current
