"""Handing a seat to a bot: a player who leaves, or an invite nobody took. Every refusal is a
clear error and changes nothing."""

from __future__ import annotations

from server_helpers import act, browser, create, play_out, settle, view


def seats_of(match: dict) -> dict[str, dict]:
    return {s["role"]: s for s in match["seats"]}


def hand(client, mid: str, role: str, seat: str):
    return client.put(f"/api/matches/{mid}/seats/{role}", json={"seat": seat})


def test_a_player_hands_their_seat_to_a_bot_and_the_game_goes_on(client):
    m = create(client, {"north": "me", "south": "hotseat", "east": "bot:random"}, seed=4)
    settle(client)
    assert act(client, m["id"], "north", ["bid", 1]).status_code == 200
    r = hand(client, m["id"], "north", "bot:mcts:easy")
    assert r.status_code == 200, r.text
    north = seats_of(r.json()["match"])["north"]
    assert north["kind"] == "bot" and north["bot"] == "mcts:easy" and not north["mine"]
    # the seat is no longer the player's: acting for it is refused
    step = view(client, m["id"])["view"]["step"]
    assert act(client, m["id"], "north", ["bid", 0], step).status_code == 403
    # the last human seat goes too; the bots finish the game from where it stood
    assert hand(client, m["id"], "south", "bot:random").status_code == 200
    settle(client)
    final = view(client, m["id"])
    assert final["match"]["status"] == "over" and final["view"]["result"] is not None
    assert final["view"]["step"] > step


def test_the_creator_gives_an_untaken_invite_to_a_bot(client):
    m = create(client, {"north": "me", "south": "open"})
    invite = seats_of(m)["south"]["invite"]
    friend = browser(client)
    friend.get("/api/me")
    refused = hand(friend, m["id"], "south", "bot:random")
    assert refused.status_code in (401, 403), refused.text
    ok = hand(client, m["id"], "south", "bot:greedy")
    assert ok.status_code == 200, ok.text
    south = seats_of(ok.json()["match"])["south"]
    assert south["kind"] == "bot" and south["bot"] == "greedy" and south.get("invite") is None
    # the old invitation no longer opens the seat
    late = friend.post(f"/api/matches/{m['id']}/join", json={"role": "south", "invite": invite})
    assert late.status_code == 409 and late.json()["error"]["code"] == "seat_taken"


def test_a_seat_someone_joined_is_theirs_not_the_creators(client):
    m = create(client, {"north": "me", "south": "open"})
    invite = seats_of(m)["south"]["invite"]
    friend = browser(client)
    assert (
        friend.post(f"/api/matches/{m['id']}/join", json={"role": "south", "invite": invite}).status_code
        == 200
    )
    r = hand(client, m["id"], "south", "bot:random")
    assert r.status_code == 403 and "not yours" in r.json()["error"]["message"]
    assert seats_of(view(client, m["id"])["match"])["south"]["kind"] == "joined"
    # the friend may leave it to a bot
    assert hand(friend, m["id"], "south", "bot:random").status_code == 200


def test_bad_handovers_are_clear_errors_and_change_nothing(client):
    m = create(client, {"north": "me", "south": "hotseat"})
    before = view(client, m["id"])
    cases = [
        ("north", "hotseat", 422, "bad_seats"),
        ("north", "me", 422, "bad_seats"),
        ("north", "bot:oracle", 422, "bad_seats"),
        ("north", "bot:mcts:think=999", 422, "bad_seats"),
        ("west", "bot:random", 404, None),
    ]
    for role, seat, status, code in cases:
        r = hand(client, m["id"], role, seat)
        assert r.status_code == status, (role, seat, r.text)
        if code:
            assert r.json()["error"]["code"] == code
    assert hand(client, "nope", "north", "bot:random").status_code == 404
    assert client.put(f"/api/matches/{m['id']}/seats/north", json={"seat": 5}).status_code == 400
    assert client.put(f"/api/matches/{m['id']}/seats/north", json={}).status_code == 400
    after = view(client, m["id"])
    assert after["match"]["seats"] == before["match"]["seats"]
    # a bot seat is not the player's any more: it is not handed again
    assert hand(client, m["id"], "north", "bot:random").status_code == 200
    assert hand(client, m["id"], "north", "bot:greedy").status_code == 403


def test_a_finished_match_is_left_as_it_ended(client):
    m = create(client, {"north": "me", "south": "hotseat"}, seed=2)
    final = play_out(client, m["id"], ["north", "south"])
    assert final["result"] is not None
    r = hand(client, m["id"], "north", "bot:random")
    assert r.status_code == 409 and r.json()["error"]["code"] == "over"
    assert seats_of(view(client, m["id"])["match"])["north"]["kind"] == "me"
