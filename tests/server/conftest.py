"""Server test set-up: an app on a fresh database, playing the toy game.

The database is a new SQLite file per test. With ``TAVOLA_TEST_POSTGRES`` set to a PostgreSQL
URL (a user allowed to create databases), each test gets a new PostgreSQL database instead.
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

POSTGRES = os.environ.get("TAVOLA_TEST_POSTGRES")


@pytest.fixture
def db_url(tmp_path: Path) -> Iterator[str]:
    if not POSTGRES:
        yield f"sqlite:///{tmp_path / 'tavola.sqlite3'}"
        return
    admin_url = make_url(database_url(POSTGRES))
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
