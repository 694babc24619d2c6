"""Replays, record export and import."""

from __future__ import annotations

import json
from pathlib import Path

from server_helpers import browser, create, play_out

from tavola.core.game import Game, replay
from tavola.core.position import read


def _finished(client):
    m = create(client, {"north": "me", "south": "hotseat"}, seed=8, options={"short": True})
    play_out(client, m["id"], ["north", "south"])
    return m["id"]


def test_replay_any_viewpoint_after_the_game(client):
    mid = _finished(client)
    record = client.get(f"/api/matches/{mid}/record").json()
    game = replay(record)
    stranger = browser(client)
    steps = len(record["actions"])
    for step in (0, 1, 2, steps // 2, steps, 1):
        for role in ("north", "south", None):
            r = stranger.get(
                f"/api/matches/{mid}/replay", params={"step": step, **({"role": role} if role else {})}
            )
            assert r.status_code == 200, r.text
            body = r.json()
            expected = json.loads(json.dumps(replay(record, upto=step).view(role)))
            assert body["view"] == expected and body["step"] == step and body["steps"] == steps
    last = stranger.get(f"/api/matches/{mid}/replay").json()
    assert last["step"] == steps and last["view"]["result"] == game.result
    assert stranger.get(f"/api/matches/{mid}/replay", params={"step": steps + 1}).status_code == 400
    assert stranger.get(f"/api/matches/{mid}/replay", params={"step": -1}).status_code == 400
    assert stranger.get(f"/api/matches/{mid}/replay", params={"role": "west"}).status_code == 404


def test_a_replay_jumping_back_and_forth_from_its_marks_shows_each_step_as_a_fresh_replay(
    client, monkeypatch
):
    monkeypatch.setattr("tavola.server.records.MARK_EVERY", 2)  # marks all through a short game
    mid = _finished(client)
    record = client.get(f"/api/matches/{mid}/record").json()
    steps = len(record["actions"])
    assert steps >= 5
    for step in (steps, 3, steps - 1, 4, 1, 2, 0, steps, 2):
        for role in ("north", None):
            params = {"step": step, **({"role": role} if role else {})}
            r = client.get(f"/api/matches/{mid}/replay", params=params)
            assert r.status_code == 200, r.text
            assert r.json()["view"] == json.loads(json.dumps(replay(record, upto=step).view(role))), step


def test_replay_during_the_game_is_own_seats_only(client):
    m = create(client, {"north": "me", "south": "open"})
    mid = m["id"]
    client.post(f"/api/matches/{mid}/actions", json={"role": "north", "action": ["bid", 2], "step": 0})
    r = client.get(f"/api/matches/{mid}/replay", params={"step": 1, "role": "north"})
    assert r.status_code == 200 and r.json()["view"]["my_bid"] == 2
    r = client.get(f"/api/matches/{mid}/replay", params={"step": 0, "role": "north"})
    assert r.status_code == 200 and r.json()["view"]["my_bid"] is None
    assert client.get(f"/api/matches/{mid}/replay", params={"step": 1, "role": "south"}).status_code == 403
    assert client.get(f"/api/matches/{mid}/replay", params={"step": 1}).status_code == 403


def test_export_and_import(client):
    mid = _finished(client)
    record = client.get(f"/api/matches/{mid}/record").json()
    assert (
        record["seed"] == 8 and record["game"] == "toy" and len(record["checksums"]) == len(record["actions"])
    )
    stranger = browser(client)
    r = stranger.post("/api/records", json=record)
    assert r.status_code == 201, r.text
    imported = r.json()["match"]
    assert imported["status"] == "imported" and imported["step"] == len(record["actions"])
    assert all(s["kind"] == "none" for s in imported["seats"]) and imported["seed"] == 8
    again = stranger.get(f"/api/matches/{imported['id']}/record").json()
    assert again == record
    r = stranger.get(f"/api/matches/{imported['id']}/replay", params={"step": 3, "role": "south"})
    assert r.status_code == 200
    assert stranger.get(f"/api/matches/{imported['id']}/view").status_code == 409
    # Without checksums it is re-verified and the checksums are filled in.
    bare = {k: v for k, v in record.items() if k != "checksums"}
    r = stranger.post("/api/records", json=bare)
    assert r.status_code == 201
    assert stranger.get(f"/api/matches/{r.json()['match']['id']}/record").json() == record


def test_corrupt_records_are_refused(client):
    g = Game("toy", "basic", 2, {}, seed=1)
    g.apply("north", ["bid", 1])
    g.apply("south", ["bid", 2])
    good = g.record()
    cases = [
        ({**good, "checksums": ["00000000", *good["checksums"][1:]]}, 422),
        ({**good, "actions": [["north", "bid", 9]], "checksums": None}, 422),
        ({**good, "actions": [["west", "bid", 1]], "checksums": None}, 422),
        ({**good, "game": "chess"}, 422),
        ({**good, "players": 7}, 422),
        ({**good, "format": 5}, 422),
        ({**good, "format": 3}, 422),  # the same dice, the canonical bytes: other checksums
        ({**good, "format": 1}, 422),  # the same actions on the old dice: other checksums
        ({**good, "dice_commitment": "0" * 64}, 422),  # the seed is not the promised one
        ({**good, "checksums": ["x"]}, 422),
        ({**good, "actions": [["north"]], "checksums": None}, 422),
        ({**good, "actions": "all"}, 400),
        ({k: v for k, v in good.items() if k != "seed"}, 400),
    ]
    for record, status in cases:
        r = client.post("/api/records", json=record)
        assert r.status_code == status, (record, r.text)
    assert (
        client.post(
            "/api/records", content=b"{not json", headers={"content-type": "application/json"}
        ).status_code
        == 400
    )
    assert client.get("/api/matches", params={"mine": 1}).json()["matches"] == []


def test_record_is_withheld_while_playing(client):
    m = create(client, {"north": "me", "south": "hotseat"})
    r = client.get(f"/api/matches/{m['id']}/record")
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_over"
    assert client.get("/api/matches/zzz/record").status_code == 404


def test_a_record_that_starts_from_a_position_imports_replays_and_exports(client):
    """A disputed situation and its continuation are one file: the record carries its start
    position (§6.1's Yellow production here), and the server replays it from there."""
    example = read(Path(__file__).parents[2] / "examples" / "antike-ii" / "6.1-yellow.yaml")
    g = Game.from_position("antike-ii", example["position"], seed=5)
    g.apply("romans", ["rondel", "aurum"])
    while len(g.actions) < 4:
        role = g.active_roles[0]
        g.apply(role, list(g.legal_actions(role)[0]))
    record = json.loads(json.dumps(g.record()))
    assert record["position"]["nations"][0]["temples"] == ["syracus"]
    stranger = browser(client)
    r = stranger.post("/api/records", json=record)
    assert r.status_code == 201, r.text
    mid = r.json()["match"]["id"]
    assert stranger.get(f"/api/matches/{mid}/record").json() == record  # the very file that was imported
    start = stranger.get(f"/api/matches/{mid}/replay", params={"step": 0}).json()
    assert start["steps"] == 4
    assert start["view"] == json.loads(
        json.dumps(Game.from_position("antike-ii", record["position"]).view(None))
    )
    for step in (1, 4, 2):
        body = stranger.get(f"/api/matches/{mid}/replay", params={"step": step, "role": "romans"}).json()
        assert body["view"] == json.loads(json.dumps(replay(record, upto=step).view("romans")))
    after = replay(record, upto=1).position()
    romans = next(n for n in after["nations"] if n["nation"] == "romans")
    assert romans["purse"] == {"gold": 4, "coin": 1}  # the book's production, replayed


def test_a_record_with_a_bad_start_position_is_refused_naming_the_item(client):
    example = read(Path(__file__).parents[2] / "examples" / "antike-ii" / "6.1-yellow.yaml")
    good = Game.from_position("antike-ii", example["position"], seed=5).record()
    bad = json.loads(json.dumps(good))
    bad["position"]["nations"][0]["cities"]["atlantis"] = "gold"
    r = client.post("/api/records", json=bad)
    assert r.status_code == 422 and r.json()["error"]["code"] == "corrupt_record"
    assert "nations.romans.cities.atlantis" in r.json()["error"]["message"]
    r = client.post("/api/records", json={**good, "position": "nations: []"})
    assert r.status_code == 400
    assert client.get("/api/matches", params={"mine": 1}).json()["matches"] == []
