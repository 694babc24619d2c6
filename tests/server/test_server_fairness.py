"""Provably fair dice (docs/fairness.md): a secret 256-bit seed, committed to from the first
view, published at the end; a chosen seed only where one person plays."""

from __future__ import annotations

import hashlib
import json

import pytest
from server_helpers import act, browser, create, play_out, view

import tavola

FORMAT = "tavola-dice-commitment:v2:{seed}"


@pytest.mark.parametrize(
    "seats",
    [
        {"north": "me", "south": "open"},
        {"north": "open", "south": "open", "east": "bot:random"},
        {"north": "hotseat", "south": "open"},
    ],
)
def test_a_chosen_seed_is_refused_when_two_people_play(client, seats):
    body = {"game": "toy", "players": len(seats), "seats": seats, "seed": 7}
    r = client.post("/api/matches", json=body)
    assert r.status_code == 422 and r.json()["error"]["code"] == "bad_settings"
    assert "seed" in r.json()["error"]["message"]
    assert client.get("/api/matches", params={"mine": 1}).json()["matches"] == []


@pytest.mark.parametrize(
    "seats", [{"north": "me", "south": "hotseat"}, {"north": "me", "south": "bot:random"}]
)
def test_a_chosen_seed_is_kept_when_one_person_plays(client, seats):
    m = create(client, seats, seed=7)
    assert m["dice_commitment"] == hashlib.sha256(FORMAT.format(seed=7).encode()).hexdigest()


def test_the_commitment_is_shown_from_the_start_and_verifies_at_the_end(client):
    m = create(client, {"north": "me", "south": "hotseat"})
    mid, commitment = m["id"], m["dice_commitment"]
    assert m["seed"] is None and len(commitment) == 64
    stranger = browser(client)
    seen = [stranger.get(f"/api/matches/{mid}").json()["match"], view(client, mid, "north")["match"]]
    with client.websocket_connect(f"/ws/matches/{mid}?role=north") as ws:
        seen.append(ws.receive_json()["match"])
    assert all(s["dice_commitment"] == commitment and s["seed"] is None for s in seen)
    # While the game runs no payload holds the seed, and the record is not exported.
    assert client.get(f"/api/matches/{mid}/record").status_code == 409
    assert act(client, mid, "north", ["bid", 1]).status_code == 200
    final = play_out(client, mid, ["north", "south"])
    assert final["result"] is not None
    over = stranger.get(f"/api/matches/{mid}").json()["match"]
    seed = over["seed"]
    # A secret seed of 256 bits from the CSPRNG (below 2**128 with probability 2**-128).
    assert isinstance(seed, int) and 2**128 < seed < 2**256
    assert over["dice_commitment"] == commitment
    assert hashlib.sha256(FORMAT.format(seed=seed).encode()).hexdigest() == commitment
    record = stranger.get(f"/api/matches/{mid}/record").json()
    assert record["seed"] == seed and record["dice_commitment"] == commitment and record["format"] == 4
    game = tavola.replay(json.loads(json.dumps(record)))  # every die recomputed from the seed
    assert game.checksums == record["checksums"] and game.result == final["result"]


def test_two_matches_never_share_a_seed_or_commitment(client):
    found = {create(client, {"north": "me", "south": "open"})["dice_commitment"] for _ in range(5)}
    assert len(found) == 5
