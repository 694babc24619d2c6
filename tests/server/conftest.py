"""Server test set-up: an app on a fresh database, playing the toy game.

Every test that takes ``db_url`` runs twice: on a new SQLite file and on a new database of a
real PostgreSQL server, a throw-away cluster the tests start themselves (one per test process,
see ``postgres_cluster``). ``TAVOLA_TEST_POSTGRES`` changes that: a PostgreSQL URL (a user
allowed to create databases) uses that server instead; ``off`` tests on SQLite only. Without
it, a PostgreSQL that cannot start fails the PostgreSQL tests: they are never skipped quietly.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from server_helpers import fast_settings
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from tavola.server import create_app
from tavola.server.config import database_url

POSTGRES = os.environ.get("TAVOLA_TEST_POSTGRES", "")
BACKENDS = ["sqlite"] if POSTGRES.lower() == "off" else ["sqlite", "postgresql"]


@pytest.fixture(scope="session")
def postgres_admin_url() -> Iterator[str]:
    """A URL of a PostgreSQL database whose user may create databases."""
    if POSTGRES:
        yield database_url(POSTGRES)
        return
    from postgres_cluster import Cluster

    cluster = Cluster().start()
    try:
        yield cluster.url
    finally:
        cluster.stop()


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'tavola.sqlite3'}"
        return
    if POSTGRES.lower() == "off":  # a test that asks for PostgreSQL by name
        pytest.skip("TAVOLA_TEST_POSTGRES=off: SQLite only")
    admin_url = make_url(request.getfixturevalue("postgres_admin_url"))
    name = f"tavola_test_{secrets.token_hex(4)}"
    admin = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    yield admin_url.set(database=name).render_as_string(hide_password=False)
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
    admin.dispose()


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    app = create_app(fast_settings(db_url))
    with TestClient(app) as c:
        yield c
