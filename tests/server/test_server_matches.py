"""Creating, joining, listing and playing matches; every refusal changes nothing."""

from __future__ import annotations

from server_helpers import act, browser, create, settle, view


def test_create_validates_settings_and_seats(client):
    base = {"game": "toy", "scenario": "basic", "players": 2, "seats": {"north": "me", "south": "hotseat"}}
    cases = [
        ({**base, "game": "chess"}, 422, "bad_settings"),
        ({**base, "scenario": "advanced"}, 422, "bad_settings"),
        ({**base, "players": 5}, 422, "bad_settings"),
        ({**base, "options": {"fast": True}}, 422, "bad_settings"),
        ({**base, "options": {"short": 1}}, 422, "bad_settings"),
        ({**base, "seats": {"north": "me"}}, 422, "bad_seats"),
        ({**base, "seats": {"north": "me", "south": "me", "west": "open"}}, 422, "bad_seats"),
        ({**base, "seats": {"north": "me", "south": "bot:oracle"}}, 422, "bad_seats"),
        ({**base, "seats": {"north": "me", "south": "friend"}}, 422, "bad_seats"),
        ({**base, "seed": -1}, 400, "malformed"),
        ({**base, "seed": "7"}, 400, "malformed"),
        ({**base, "colour": "red"}, 400, "malformed"),
    ]
    for body, status, code in cases:
        r = client.post("/api/matches", json=body)
        assert r.status_code == status, (body, r.text)
        assert r.json()["error"]["code"] == code, body
    assert client.get("/api/matches", params={"mine": 1}).json()["matches"] == []


def test_match_metadata_and_hidden_seed(client):
    m = create(client, {"north": "me", "south": "open", "east": "bot:random"}, options={"short": True})
    assert m["players"] == 3 and m["options"] == {"short": True} and m["seed"] is None
    assert len(m["dice_commitment"]) == 64
    seats = {s["role"]: s for s in m["seats"]}
    assert [s["role"] for s in m["seats"]] == ["north", "south", "east"]
    assert seats["north"]["kind"] == "me" and seats["north"]["mine"]
    assert seats["south"]["kind"] == "open" and seats["south"]["invite"]
    assert seats["south"]["invite_url"].startswith(f"/play/{m['id']}?role=south&invite=")
    assert seats["east"] == {**seats["east"], "kind": "bot", "bot": "random", "mine": False}
    # Others never see the invite tokens or the seed.
    other = browser(client)
    seen = other.get(f"/api/matches/{m['id']}").json()["match"]
    assert all("invite" not in s or s["invite"] is None for s in seen["seats"]) and seen["seed"] is None


def test_join_open_seat(client):
    m = create(client, {"north": "me", "south": "open"})
    invite = next(s["invite"] for s in m["seats"] if s["role"] == "south")
    friend = browser(client)
    bad = friend.post(f"/api/matches/{m['id']}/join", json={"role": "south", "invite": "guess"})
    assert bad.status_code == 403
    assert (
        friend.post(f"/api/matches/{m['id']}/join", json={"role": "west", "invite": invite}).status_code
        == 404
    )
    assert friend.post("/api/matches/nope/join", json={"role": "south", "invite": invite}).status_code == 404
    ok = friend.post(f"/api/matches/{m['id']}/join", json={"role": "south", "invite": invite})
    assert ok.status_code == 200, ok.text
    south = next(s for s in ok.json()["match"]["seats"] if s["role"] == "south")
    assert south["kind"] == "joined" and south["mine"] and south["player"]["guest"]
    third = browser(client)
    again = third.post(f"/api/matches/{m['id']}/join", json={"role": "south", "invite": invite})
    assert again.status_code == 409 and again.json()["error"]["code"] == "seat_taken"
    # Both can bid at once; each only in their own seat.
    assert act(friend, m["id"], "north", ["bid", 1], 0).status_code == 403
    assert act(friend, m["id"], "south", ["bid", 1], 0).status_code == 200
    assert act(client, m["id"], "north", ["bid", 0], 1).status_code == 200


def test_list_mine_with_my_turn(client):
    a = create(client, {"north": "me", "south": "open"})
    b = create(client, {"north": "me", "south": "hotseat"})
    act(client, a["id"], "north", ["bid", 1], 0)
    mine = {m["id"]: m for m in client.get("/api/matches", params={"mine": 1}).json()["matches"]}
    assert set(mine) == {a["id"], b["id"]}
    assert mine[a["id"]]["my_turn"] is False and mine[a["id"]]["active"] == ["south"]
    assert mine[b["id"]]["my_turn"] is True and mine[b["id"]]["my_roles"] == ["north", "south"]
    other = browser(client)
    assert other.get("/api/matches", params={"mine": 1}).json()["matches"] == []
    assert {m["id"] for m in other.get("/api/matches").json()["matches"]} >= {a["id"], b["id"]}


def _state(client, mid):
    return view(client, mid, "north")["view"], view(client, mid, "south")["view"], view(client, mid)["view"]


def test_refusals_change_nothing(client):
    m = create(client, {"north": "me", "south": "hotseat"}, seed=5)
    mid = m["id"]
    assert act(client, mid, "north", ["bid", 3], 0).status_code == 200
    before = _state(client, mid)
    stranger = browser(client)
    cases = [
        (act(client, mid, "south", ["bid", 9], 1), 422, "illegal_action"),
        (act(client, mid, "north", ["bid", 1], 1), 409, "not_your_turn"),  # north already bid
        # (south's view of step 0 is still good: north's secret bid changed nothing south may do)
        (act(client, mid, "south", ["bid", 1], 7), 409, "stale"),
        (act(client, mid, "south", ["fly"], 1), 422, "illegal_action"),
        (act(client, mid, "south", [7], 1), 400, "malformed_action"),
        (act(client, mid, "west", ["bid", 1], 1), 404, "not_found"),
        (act(stranger, mid, "south", ["bid", 1], 1), 403, "forbidden"),
        (act(client, "nope", "south", ["bid", 1], 1), 404, "not_found"),
        (
            client.post(f"/api/matches/{mid}/actions", json={"role": "south", "action": [], "step": 1}),
            400,
            "malformed",
        ),
        (
            client.post(
                f"/api/matches/{mid}/actions", json={"role": "south", "action": ["bid", True], "step": 1}
            ),
            400,
            "malformed",
        ),
        (
            client.post(
                f"/api/matches/{mid}/actions", json={"role": "south", "action": ["bid", 1.5], "step": 1}
            ),
            400,
            "malformed",
        ),
        (
            client.post(f"/api/matches/{mid}/actions", json={"role": "south", "action": ["bid", 1]}),
            400,
            "malformed",
        ),
    ]
    for r, status, code in cases:
        assert (r.status_code, r.json()["error"]["code"]) == (status, code), r.text
    assert _state(client, mid) == before
    assert view(client, mid)["match"]["step"] == 1


def test_views_redact_and_undo(client):
    m = create(client, {"north": "me", "south": "hotseat"}, seed=5)
    mid = m["id"]
    act(client, mid, "north", ["bid", 3], 0)
    north, south, observer = _state(client, mid)
    assert north["my_bid"] == 3 and south["my_bid"] is None and observer["my_bid"] is None
    assert north["can_undo"] is False  # bidding hands the turn on: not undoable
    act(client, mid, "south", ["bid", 0], 1)
    r = act(client, mid, "north", ["mark", 1], 2)
    assert (
        r.status_code == 200
        and r.json()["view"]["can_undo"] is True
        and ["undo"] in r.json()["view"]["actions"]
    )
    r = act(client, mid, "north", ["undo"], 3)
    assert r.status_code == 200, r.text
    assert r.json()["view"]["step"] == 4 and r.json()["view"]["can_undo"] is False
    assert act(client, mid, "north", ["undo"], 4).status_code == 422  # nothing left to undo
    assert act(client, mid, "south", ["undo"], 4).status_code == 422


def test_view_needs_the_seat(client):
    m = create(client, {"north": "me", "south": "bot:random"})
    stranger = browser(client)
    assert stranger.get(f"/api/matches/{m['id']}/view", params={"role": "north"}).status_code == 403
    assert stranger.get(f"/api/matches/{m['id']}/view").status_code == 200
    assert client.get(f"/api/matches/{m['id']}/view", params={"role": "south"}).status_code == 403
    assert client.get("/api/matches/zzz/view").status_code == 404
    settle(client)


def test_finished_match_refuses_actions(client):
    from server_helpers import play_out

    m = create(client, {"north": "me", "south": "hotseat"}, seed=2, options={"short": True})
    final = play_out(client, m["id"], ["north", "south"])
    assert final["result"] is not None
    meta = view(client, m["id"])["match"]
    assert meta["status"] == "over" and meta["seed"] == 2 and meta["active"] == []
    r = act(client, m["id"], "north", ["bid", 0], meta["step"])
    assert r.status_code == 409 and r.json()["error"]["code"] == "over"


def test_play_answers_are_the_shape_their_response_models_document(client):
    """Views are encoded in the worker thread that built them, not checked by the response
    model on the event loop: the bytes must still be exactly what the model documents."""
    from server_helpers import act, create, play_out

    from tavola.server import schemas as S

    m = create(client, {"north": "me", "south": "hotseat"}, seed=8, options={"short": True})
    mid = m["id"]
    answers = [
        (S.ViewOut, act(client, mid, "north", ["bid", 2], 0)),
        (S.ViewOut, client.get(f"/api/matches/{mid}/view", params={"role": "south", "log_tail": 1})),
        (S.ViewOut, client.get(f"/api/matches/{mid}/view")),
    ]
    play_out(client, mid, ["north", "south"])
    answers.append((S.ReplayOut, client.get(f"/api/matches/{mid}/replay", params={"step": 1})))
    for model, r in answers:
        assert r.status_code == 200 and r.headers["content-type"] == "application/json", r.text
        body = r.json()
        assert model.model_validate(body).model_dump(mode="json") == body
