"""Snapshots stored with a match every few steps: a game rebuilt after a cache miss, or a
replay's jump, replays only the steps after the nearest one, and shows what a replay of the
whole record shows."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient
from server_helpers import create, fast_settings, view
from sqlalchemy import select, update

from tavola.core.game import Game, replay
from tavola.server import create_app
from tavola.server.models import SnapshotRow

EVERY = 3


@pytest.fixture
def snapping(db_url: str):
    with TestClient(create_app(fast_settings(db_url, snapshot_every=EVERY))) as c:
        yield c


def _count_applies(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    applied: list[int] = []
    real = Game.apply

    def counting(self, role, action):
        applied.append(len(self.actions))
        return real(self, role, action)

    monkeypatch.setattr(Game, "apply", counting)
    return applied


def _play(client: TestClient, mid: str, steps: int) -> int:
    done = 0
    for _ in range(steps):
        v = view(client, mid, "north")["view"]
        role = "north" if v["actions"] else "south"
        if role == "south":
            v = view(client, mid, "south")["view"]
        if v["result"] is not None:
            break
        action = [a for a in v["actions"] if a != ["undo"]][-1]
        r = client.post(
            f"/api/matches/{mid}/actions", json={"role": role, "action": action, "step": v["step"]}
        )
        assert r.status_code == 200, r.text
        done += 1
    return done


def _snapshot_steps(client: TestClient, mid: str) -> list[int]:
    matches = client.app.state.platform.matches  # type: ignore[attr-defined]
    with matches.db.session() as s:
        return list(
            s.scalars(select(SnapshotRow.step).where(SnapshotRow.match_id == mid).order_by(SnapshotRow.step))
        )


def test_a_game_not_in_memory_replays_only_the_steps_after_its_last_snapshot(snapping, monkeypatch):
    client = snapping
    matches = client.app.state.platform.matches  # type: ignore[attr-defined]
    mid = create(client, {"north": "me", "south": "hotseat"}, seed=3)["id"]
    steps = _play(client, mid, 11)
    assert steps == 11 and _snapshot_steps(client, mid) == [3, 6, 9]
    before = {role: view(client, mid, role)["view"] for role in ("north", "south", None)}

    applied = _count_applies(monkeypatch)
    matches.evict(mid)
    again = {role: view(client, mid, role)["view"] for role in ("north", "south", None)}
    assert again == before
    assert applied == [9, 10]  # the two steps after the snapshot of step 9, no more

    # A snapshot that does not give the record's checksum is ignored: replayed from the start.
    with matches.db.session() as s, s.begin():
        s.execute(update(SnapshotRow).where(SnapshotRow.step == 9).values(data=b"not a snapshot"))
    applied.clear()
    matches.evict(mid)
    assert view(client, mid, "north")["view"] == before["north"]
    assert applied == [6, 7, 8, 9, 10]  # from the snapshot before it


def _jumps(client: TestClient, mid: str, record: dict, steps: tuple[int, ...], monkeypatch) -> None:
    """Each replay step shows what a replay of the record shows, replayed from the nearest
    snapshot."""
    matches = client.app.state.platform.matches  # type: ignore[attr-defined]
    applied = _count_applies(monkeypatch)
    for step in steps:
        matches.evict(mid)
        applied.clear()
        body = client.get(f"/api/matches/{mid}/replay", params={"step": step}).json()
        replayed = list(applied)
        assert body["view"] == json.loads(json.dumps(replay(record, upto=step).view(None))), step
        assert replayed == list(range(step - step % EVERY, step)), step  # from the nearest snapshot


def test_a_replay_jumps_from_the_nearest_snapshot(snapping, monkeypatch):
    client = snapping
    mid = create(client, {"north": "me", "south": "hotseat"}, seed=5)["id"]
    steps = _play(client, mid, 400)
    record = client.get(f"/api/matches/{mid}/record").json()
    assert len(record["actions"]) == steps > 2 * EVERY
    _jumps(client, mid, record, (steps, 1, steps - 1, EVERY + 1, 2 * EVERY + 2, 0), monkeypatch)


def test_an_imported_record_is_replayed_from_its_snapshots(snapping, monkeypatch):
    client = snapping
    mid = create(client, {"north": "me", "south": "hotseat"}, seed=7)["id"]
    steps = _play(client, mid, 400)
    record = client.get(f"/api/matches/{mid}/record").json()
    r = client.post("/api/records", json=record)
    assert r.status_code in (200, 201), r.text
    imported = r.json()["match"]["id"]
    assert _snapshot_steps(client, imported) == list(range(EVERY, steps + 1, EVERY))
    _jumps(client, imported, record, (steps, 1, EVERY + 2), monkeypatch)


def test_games_pushed_out_of_memory_are_frozen_and_thawed_with_no_step_replayed(db_url, monkeypatch):
    """Past ``cache_matches`` live games, the ones used longest ago are held as snapshots in
    memory: asked again, they come back as they were without replaying a step."""
    with TestClient(create_app(fast_settings(db_url, cache_matches=2, snapshot_every=1000))) as client:
        matches = client.app.state.platform.matches  # type: ignore[attr-defined]
        mids = [create(client, {"north": "me", "south": "hotseat"}, seed=i)["id"] for i in range(4)]
        for mid in mids:
            assert _play(client, mid, 5) == 5
        views = {mid: (view(client, mid, "north")["view"], view(client, mid)["view"]) for mid in mids}
        assert len(matches._live) == 2 and len(matches._frozen) == 2
        applied = _count_applies(monkeypatch)
        for mid in [*mids, *reversed(mids)]:
            assert (view(client, mid, "north")["view"], view(client, mid)["view"]) == views[mid]
        assert applied == []  # thawed, never replayed (no snapshot in the database to start from)
        _play(client, mids[0], 2)  # and they play on


def test_live_games_are_held_in_play_within_their_memory_and_the_rest_frozen(db_url, monkeypatch):
    """No count of live games is a cliff: they are held in play while their memory (estimated:
    ``live_bytes``) fits ``cache_memory``; the games used longest ago beyond it are frozen,
    and come back as they were."""
    from tavola.server.matches import LIVE_BASE, live_bytes

    room = int(3.5 * LIVE_BASE)  # three games of 4 steps (their past a few KB each), not a fourth
    with TestClient(create_app(fast_settings(db_url, cache_memory=room, snapshot_every=1000))) as client:
        matches = client.app.state.platform.matches  # type: ignore[attr-defined]
        mids = [create(client, {"north": "me", "south": "hotseat"}, seed=i)["id"] for i in range(4)]
        for mid in mids:
            assert _play(client, mid, 4) == 4
        views = {mid: view(client, mid, "north")["view"] for mid in mids}
        assert list(matches._live) == mids[1:] and list(matches._frozen) == [mids[0]]
        assert matches._live_bytes == sum(live_bytes(live.game) for live in matches._live.values()) <= room
        applied = _count_applies(monkeypatch)
        for mid in mids:
            assert view(client, mid, "north")["view"] == views[mid]
        assert applied == []  # each thawed in turn (pushing out the one used longest ago), never replayed
        assert list(matches._live) == mids[1:] and list(matches._frozen) == [mids[0]]
        # A game that grows past the others' room pushes them out, never itself.
        assert _play(client, mids[0], 6) == 6
        assert list(matches._live)[-1] == mids[0]
        assert matches._live_bytes == sum(live_bytes(live.game) for live in matches._live.values()) <= room
