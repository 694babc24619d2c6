"""The match rows a server holds in memory: read again from the database only when it may
have changed there."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient
from server_helpers import create, fast_settings, view
from sqlalchemy import update

from tavola.server import create_app
from tavola.server import matches as matches_module
from tavola.server.matches import Matches
from tavola.server.models import Match


def _count_reads(monkeypatch) -> list[str]:
    """The ids of the matches read whole from the database (row, seats and players) from now on."""
    reads: list[str] = []
    real = Matches._fetch_many

    def counting(self, s, rows):
        reads.extend(m.id for m in rows)
        return real(self, s, rows)

    monkeypatch.setattr(Matches, "_fetch_many", counting)
    return reads


def test_a_held_match_is_read_again_only_when_the_database_says_it_changed(db_url, monkeypatch):
    monkeypatch.setattr(matches_module, "RELOAD_TTLS", 10**9)  # the whole-row backstop, never
    reads = _count_reads(monkeypatch)
    with TestClient(create_app(fast_settings(db_url, cache_ttl=1e-6))) as client:
        matches = client.app.state.platform.matches  # type: ignore[attr-defined]
        mid = create(client, {"north": "me", "south": "hotseat"}, seed=3)["id"]
        reads.clear()
        for _ in range(3):
            view(client, mid, "north")
        # Alone on its database, the server writes every change itself; with others, one small
        # query finds the row as it was, with the match's seats not read again.
        assert reads == []
        # A change another process stored, whose notice never came (a seat taken moves
        # updated_at): seen at the next look by a server that shares its database.
        with matches.db.session() as s, s.begin():
            s.execute(update(Match).where(Match.id == mid).values(updated_at=time.time() + 1))
        view(client, mid, "north")
        # Read again, once or by two threads that looked at once (a batch of pushes rendered
        # while the view is read): whether it is read, not how often, is the point.
        assert set(reads) == ({mid} if matches.cluster is not None else set())


def test_match_rows_stay_held_past_the_live_games_held(tmp_path, monkeypatch):
    """More matches than ``cache_matches`` live games: their rows (read by every request) are
    still held, and a server alone on its database reads none of them again."""
    url = f"sqlite:///{tmp_path / 'tavola.sqlite3'}"
    with TestClient(create_app(fast_settings(url, cache_matches=2))) as client:
        mids = [create(client, {"north": "me", "south": "hotseat"}, seed=i)["id"] for i in range(5)]
        reads = _count_reads(monkeypatch)
        for mid in [*mids, *mids]:
            view(client, mid, "north")
        assert reads == []
