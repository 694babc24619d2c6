"""Bot seats with levels and options (``bot:mcts:hard``, ``bot:mcts:think=0.05``): checked by
the bots' own spec parser, capped by the server, and refused without creating anything."""

from __future__ import annotations

import pytest
from server_helpers import create, fast_settings, settle, view

from tavola.server.botspecs import MAX_THINK, seat_bot, server_bot


def seats_of(match: dict) -> dict[str, dict]:
    return {s["role"]: s for s in match["seats"]}


def test_levels_and_options_are_accepted_and_stored_in_canonical_form(client):
    m = create(client, {"north": "me", "south": "bot:mcts:hard", "east": "bot: mcts : think=0.05 : easy"})
    seats = seats_of(m)
    assert seats["south"]["kind"] == "bot" and seats["south"]["bot"] == "mcts:hard"
    assert seats["east"]["bot"] == "mcts:easy:think=0.05"
    bare = create(client, {"north": "me", "south": "bot:mcts"})
    assert seats_of(bare)["south"]["bot"] == "mcts"  # old seats keep their plain names


@pytest.mark.parametrize(
    ("seat", "says"),
    [
        ("bot:mcts:ultra", "unknown level 'ultra'"),
        ("bot:mcts:think=fast", "takes a float"),
        ("bot:mcts:think=inf", "finite"),
        ("bot:mcts:think=0", "at most"),
        (f"bot:mcts:think={MAX_THINK + 0.5}", f"at most {MAX_THINK:g}"),
        ("bot:mcts:colour=red", "unknown bot parameter 'colour'"),
        ("bot:random:depth=3", "takes no parameter 'depth'"),
        ("bot:greedy:worlds=500", "worlds must be from 1 to 8"),
        ("bot:oracle:hard", "unknown bot 'oracle'"),
        ("bot:", "starts with the bot's name"),
        ("bot:mcts:hard:c=0.7071067811865476:widen=0.3333333333333333:iterations=100000", "longer than 64"),
    ],
)
def test_a_bad_bot_seat_is_a_clear_422_and_creates_nothing(client, seat, says):
    body = {"game": "toy", "scenario": "basic", "players": 2, "seats": {"north": "me", "south": seat}}
    r = client.post("/api/matches", json=body)
    assert r.status_code == 422, r.text
    error = r.json()["error"]
    assert error["code"] == "bad_seats"
    assert "seat south" in error["message"] and says in error["message"], error["message"]
    assert client.get("/api/matches", params={"mine": 1}).json()["matches"] == []


def test_levels_scale_the_server_think_time_and_nothing_passes_the_cap():
    settings = fast_settings("sqlite://", bot_think=0.4)
    assert server_bot("mcts", 1, settings).think == pytest.approx(0.4)
    assert server_bot("mcts:easy", 1, settings).think == pytest.approx(0.16)
    assert server_bot("mcts:hard", 1, settings).think == pytest.approx(1.6)
    assert server_bot("mcts:hard", 1, settings).depth > server_bot("mcts", 1, settings).depth
    assert server_bot("mcts:think=1.5", 1, settings).think == pytest.approx(1.5)
    # A stored seat from a server with other limits is still held to this server's cap.
    assert server_bot("mcts:think=30", 1, settings).think == MAX_THINK
    slow = fast_settings("sqlite://", bot_think=1.0)
    assert server_bot("mcts:hard", 1, slow).think == MAX_THINK
    # An operator who sets a longer normal time than the cap gets it for the normal level.
    assert seat_bot("mcts:think=3", fast_settings("sqlite://", bot_think=3.0)) == "mcts:think=3.0"


def test_bots_with_levels_play_a_game_to_the_end(client):
    m = create(
        client, {"north": "bot:mcts:easy", "south": "bot:greedy:hard", "east": "bot:mcts:think=0.01"}, seed=5
    )
    settle(client)
    final = view(client, m["id"])
    assert final["match"]["status"] == "over" and final["view"]["result"] is not None
    assert seats_of(final["match"])["south"]["bot"] == "greedy:hard"
