"""Secret simultaneous choices over the wire (the sealed-allocation test game).

Two people allocate troops at the same time. Neither is ever refused because of the other,
and neither learns anything of the other's draft: every HTTP answer and WebSocket message one
of them (or an observer) receives is the same whether the other allocated in 6 clicks or in 14
with second thoughts and undos.
"""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient
from server_helpers import (
    act,
    browser,
    create,
    fast_settings,
    joined,
    joined_by_friend,
    settle,
    sockets,
    view,
)

from tavola.server import create_app

ROLES = ["red", "blue"]
# Red's allocation: the same 3-1-1 either way, reached directly or after second thoughts.
DIRECT = [["add", 0], ["add", 0], ["add", 0], ["add", 1], ["add", 2], ["confirm"]]
WANDERING = [
    ["add", 2],
    ["add", 2],
    ["add", 0],
    ["remove", 2],
    ["undo"],
    ["add", 1],
    ["undo"],
    ["add", 0],
    ["remove", 2],
    ["add", 0],
    ["undo"],
    ["add", 0],
    ["add", 1],
    ["confirm"],
]
BLUE = [["add", 1], ["add", 1], ["add", 2], ["add", 2], ["add", 0], ["confirm"]]
VOLATILE = re.compile(
    r'"(id|at|created_at|updated_at|invite|invite_url|dice_commitment)":("[^"]*"|[0-9.e+-]+)'
)


GUEST = re.compile(r"guest-[0-9a-z]+")


def _normal(text: str, mid: str) -> str:
    return GUEST.sub("guest", VOLATILE.sub(r'"\1":_', text.replace(mid, "MATCH")))


def _play(client: Any, red_clicks: list[list[Any]]) -> dict[str, list[str]]:
    """One round with two people and an observer; every message each of them gets."""
    mid, friend = joined_by_friend(client, {"red": "me", "blue": "open"}, game="sealed", players=2)
    watcher = browser(client)
    got: dict[str, list[str]] = {"blue": [], "observer": []}
    with (
        client.websocket_connect(f"/ws/matches/{mid}?role=red") as red_ws,
        friend.websocket_connect(f"/ws/matches/{mid}?role=blue") as blue_ws,
        watcher.websocket_connect(f"/ws/matches/{mid}") as obs_ws,
    ):
        red_ws.receive_text()
        got["blue"].append(blue_ws.receive_text())
        got["observer"].append(obs_ws.receive_text())
        # Both act on the views they first got: neither click is ever refused as stale.
        red_step = view(client, mid, "red")["view"]["step"]
        blue_view = friend.get(f"/api/matches/{mid}/view", params={"role": "blue"})
        got["blue"].append(blue_view.text)
        blue_step = blue_view.json()["view"]["step"]
        blue_clicks = list(BLUE)
        for i, click in enumerate(red_clicks):
            if click == ["confirm"]:
                # Blue finishes its draft (but for the confirm) before red commits.
                while blue_clicks[0] != ["confirm"]:
                    _blue_click(friend, mid, blue_clicks.pop(0), blue_step, blue_ws, got)
            r = client.post(
                f"/api/matches/{mid}/actions", json={"role": "red", "action": click, "step": red_step}
            )
            assert r.status_code == 200, r.text
            red_ws.receive_text()  # red's own push
            if click == ["confirm"]:
                got["blue"].append(blue_ws.receive_text())
                got["observer"].append(obs_ws.receive_text())
            elif i % 3 == 0 and blue_clicks[0] != ["confirm"]:
                _blue_click(friend, mid, blue_clicks.pop(0), blue_step, blue_ws, got)
        # Blue seals last, on its old step: red's commit did not change blue's choices.
        _blue_click(friend, mid, blue_clicks.pop(0), blue_step, blue_ws, got, public=True)
        got["observer"].append(obs_ws.receive_text())
        red_ws.receive_text()
    got["blue"].append(friend.get(f"/api/matches/{mid}/view", params={"role": "blue"}).text)
    got["observer"].append(watcher.get(f"/api/matches/{mid}/view").text)
    got["blue"].append(friend.get(f"/api/matches/{mid}/replay", params={"role": "blue"}).text)
    got["blue"].append(friend.get(f"/api/matches/{mid}/log", params={"role": "blue"}).text)
    got["observer"].append(watcher.get(f"/api/matches/{mid}").text)
    return {who: [_normal(t, mid) for t in texts] for who, texts in got.items()}


def _blue_click(friend, mid, click, step, ws, got, public=False) -> None:
    r = friend.post(f"/api/matches/{mid}/actions", json={"role": "blue", "action": click, "step": step})
    assert r.status_code == 200, r.text
    got["blue"].append(r.text)
    got["blue"].append(ws.receive_text())


def test_two_people_allocating_at_once_are_never_refused_and_learn_nothing(client, monkeypatch, sealed_game):
    # Both rounds on the same secret seed, so every die and card is the same.
    monkeypatch.setattr("tavola.server.matches.secrets.randbits", lambda bits: 2**255 + 12345)
    direct = _play(client, DIRECT)
    wandering = _play(client, WANDERING)
    for who in ("blue", "observer"):
        assert len(direct[who]) == len(wandering[who]), who
        for a, b in zip(direct[who], wandering[who]):
            assert a == b, f"{who} could tell how red allocated"
    # And the round really happened: red's allocation is revealed to blue at the end.
    assert '"shown":{"red":[3,1,1],"blue":[1,2,2]}' in direct["blue"][-4]
    # Before the reveal no message to blue holds red's allocation or red's log.
    before = [t for t in direct["blue"] if '"shown":null' in t]
    assert before and not any('"sealed.add"' in t and '"role":"red"' in t for t in before)


def test_a_draft_click_is_pushed_to_its_role_only_and_makes_no_step(client, sealed_game):
    m = create(client, {"red": "me", "blue": "open"}, game="sealed", players=2)
    mid = m["id"]
    before = client.get(f"/api/matches/{mid}").json()["match"]
    r = client.post(f"/api/matches/{mid}/actions", json={"role": "red", "action": ["add", 0], "step": 0})
    assert r.status_code == 200 and r.json()["view"]["my_alloc"] == [1, 0, 0]
    assert r.json()["match"]["step"] == 0 and r.json()["view"]["step"] == 0
    # The match as anyone reads it is unchanged: not even its time of last change moved.
    assert client.get(f"/api/matches/{mid}").json()["match"] == before
    assert browser(client).get(f"/api/matches/{mid}/view").json()["view"]["step"] == 0


def test_a_draft_outlives_the_server_that_took_its_clicks(db_url, sealed_game):
    """Each click of a secret choice is stored before it is answered: a server started again
    (or another process on the database) shows the draft, undoes it and commits it whole."""
    with TestClient(create_app(fast_settings(db_url))) as first:
        mid = create(first, {"red": "me", "blue": "hotseat"}, game="sealed", players=2, seed=5)["id"]
        for click in (["add", 0], ["add", 2], ["add", 2], ["add", 1], ["undo"]):
            assert act(first, mid, "red", click, 0).status_code == 200
        assert act(first, mid, "blue", ["add", 1], 0).status_code == 200
        before = {r: view(first, mid, r)["view"] for r in ("red", "blue", None)}
        cookies = dict(first.cookies.items())
    with TestClient(create_app(fast_settings(db_url)), cookies=cookies) as second:
        after = {r: view(second, mid, r)["view"] for r in ("red", "blue", None)}
        assert after == before and after["red"]["my_alloc"] == [1, 0, 2] and after["red"]["can_undo"]
        assert act(second, mid, "red", ["undo"], 0).status_code == 200
        for click in (["add", 0], ["add", 1], ["add", 1], ["confirm"]):
            assert act(second, mid, "red", click, 0).status_code == 200, click
        for click in (["add", 0], ["add", 2], ["add", 2], ["add", 0], ["confirm"]):
            assert act(second, mid, "blue", click, 1).status_code == 200, click  # after red's commit
        shown = view(second, mid, "blue")["view"]["shown"]
        assert shown == {"red": [2, 2, 1], "blue": [2, 1, 2]}


def test_a_bot_allocating_beside_a_person_does_not_starve(client, sealed_game):
    m = create(client, {"red": "me", "blue": "bot:random"}, game="sealed", players=2, seed=3)
    mid = m["id"]
    step = 0
    for _ in range(20):  # red keeps revising its draft while the bot allocates
        for click in (["add", 0], ["undo"]):
            r = client.post(
                f"/api/matches/{mid}/actions", json={"role": "red", "action": click, "step": step}
            )
            assert r.status_code == 200, r.text
            step = r.json()["view"]["step"]
    settle(client)
    seen = view(client, mid, "red")["view"]
    assert seen["sealed"] == ["blue"] and seen["step"] == 1


def test_a_draft_click_reaches_the_seats_other_pages_once_and_never_its_own(client, sealed_game):
    """A click of red's secret draft made on one page is answered with red's new view; red's
    other tab is pushed it once, that page's own socket never, and nobody else at all. The
    click that seals the draft is a public step, pushed to everyone but the page that made it."""
    mid, friend = joined_by_friend(client, {"red": "me", "blue": "open"}, game="sealed", players=2)
    watcher = browser(client)
    with sockets(
        mid,
        {
            "one": (client, "?role=red&page=red-tab-one&log=delta"),
            "two": (client, "?role=red&page=red-tab-two"),
            "blue": (friend, "?role=blue&page=blue-page"),
            "obs": (watcher, ""),
        },
    ) as open_:
        got: dict[str, list[tuple[int, Any]]] = {name: [] for name in open_}

        def receive(name: str) -> None:
            while True:
                msg = open_[name].receive_json()
                if msg["type"] == "view":
                    got[name].append((msg["view"]["step"], msg["view"]["my_alloc"]))
                    return

        for name, ws in open_.items():
            receive(name)
            joined(ws)

        def click(who: Any, role: str, action: list[Any], step: int, page: str | None, pushed: str) -> None:
            body = {"role": role, "action": action, "step": step, **({"page": page} if page else {})}
            r = who.post(f"/api/matches/{mid}/actions", json=body)
            assert r.status_code == 200, r.text
            for name in pushed.split():  # each push arrives before the next click: none folded
                receive(name)

        click(client, "red", ["add", 0], 0, "red-tab-one", "two")
        click(client, "red", ["add", 0], 0, "red-tab-two", "one")
        for front in (0, 1, 2):
            click(client, "red", ["add", front], 0, "red-tab-one", "two")
        click(client, "red", ["confirm"], 0, "red-tab-two", "one blue obs")
        for action in BLUE:  # an old client: its page names itself nowhere, so it is pushed too
            click(friend, "blue", action, 1, None, "blue" if action != ["confirm"] else "one two blue obs")
        assert got == {
            "one": [(0, [0, 0, 0]), (0, [2, 0, 0]), (1, [3, 1, 1]), (2, [0, 0, 0])],
            "two": [
                (0, [0, 0, 0]),
                (0, [1, 0, 0]),
                (0, [3, 0, 0]),
                (0, [3, 1, 0]),
                (0, [3, 1, 1]),
                (2, [0, 0, 0]),
            ],
            "blue": [
                (0, [0, 0, 0]),
                (1, [0, 0, 0]),
                (1, [0, 1, 0]),
                (1, [0, 2, 0]),
                (1, [0, 2, 1]),
                (1, [0, 2, 2]),
                (1, [1, 2, 2]),
                (2, [0, 0, 0]),
            ],
            "obs": [(0, None), (1, None), (2, None)],
        }
