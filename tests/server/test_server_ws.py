"""Live pushes over WebSockets: every seat and observer gets its own view at once."""

from __future__ import annotations

import pytest
from server_helpers import act, browser, create, settle
from starlette.websockets import WebSocketDisconnect


def _until(ws, kind: str, step: int | None = None, limit: int = 20) -> dict:
    for _ in range(limit):
        msg = ws.receive_json()
        if msg["type"] == kind and (step is None or msg["view"]["step"] >= step):
            return msg
    raise AssertionError(f"no {kind} message")


def _joined(ws) -> None:
    """Wait until the server has joined the socket to the pushes: it reads no message before it
    has checked, after the hello, that nobody moved meanwhile (a move then is pushed again)."""
    ws.send_json({"type": "ping"})
    _until(ws, "pong")


def test_push_to_two_players_and_an_observer(client):
    m = create(client, {"north": "me", "south": "open"})
    mid = m["id"]
    invite = next(s["invite"] for s in m["seats"] if s["role"] == "south")
    friend = browser(client)
    assert (
        friend.post(f"/api/matches/{mid}/join", json={"role": "south", "invite": invite}).status_code == 200
    )
    watcher = browser(client)
    with (
        client.websocket_connect(f"/ws/matches/{mid}?role=north") as north,
        friend.websocket_connect(f"/ws/matches/{mid}?role=south") as south,
        watcher.websocket_connect(f"/ws/matches/{mid}") as obs,
    ):
        for ws, role in ((north, "north"), (south, "south"), (obs, None)):
            hello = ws.receive_json()
            assert hello["type"] == "view" and hello["role"] == role and hello["view"]["step"] == 0
        assert act(client, mid, "north", ["bid", 3], 0).status_code == 200
        n, s, o = _until(north, "view", 1), _until(south, "view", 1), _until(obs, "view", 1)
        assert n["view"]["my_bid"] == 3
        assert s["view"]["my_bid"] is None and s["view"]["actions"]
        assert o["view"]["my_bid"] is None and o["view"]["actions"] == []
        assert n["match"]["my_roles"] == ["north"] and s["match"]["my_roles"] == ["south"]
        assert o["match"]["my_roles"] == []
        # The private log entry of north's bid reaches north only.
        assert any(e["msg"] == "toy.bid" for e in n["view"]["log"])
        assert not any(e["msg"] == "toy.bid" for e in s["view"]["log"] + o["view"]["log"])

        # The socket only listens: actions and chat go over HTTP, one path with one set of checks.
        south.send_json({"type": "action", "action": ["bid", 0], "step": 1})
        assert _until(south, "error")["status"] == 400
        assert act(friend, mid, "south", ["bid", 0], 1).status_code == 200
        assert _until(north, "view", 2)["view"]["step"] == 2
        assert _until(obs, "view", 2)["view"]["step"] == 2

        # Chat reaches the players, never the observer.
        assert client.post(f"/api/matches/{mid}/chat", json={"text": "ave"}).status_code == 201
        got = _until(south, "chat")
        assert got["message"]["text"] == "ave" and got["message"]["roles"] == ["north"]
        obs.send_json({"type": "ping"})
        assert _until(obs, "pong")["type"] == "pong"


def test_socket_refusals(client):
    m = create(client, {"north": "me", "south": "hotseat"})
    stranger = browser(client)
    for url, who, status in (
        (f"/ws/matches/{m['id']}?role=north", stranger, 403),
        (f"/ws/matches/{m['id']}?role=west", client, 404),
        ("/ws/matches/nope", client, 404),
    ):
        with who.websocket_connect(url) as ws:
            msg = ws.receive_json()
            assert msg["type"] == "error" and msg["status"] == status
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4000 + status
    with client.websocket_connect(f"/ws/matches/{m['id']}", headers={"origin": "http://evil.example"}) as ws:
        assert ws.receive_json()["error"]["code"] == "bad_origin"


def test_socket_bad_messages(client):
    m = create(client, {"north": "me", "south": "hotseat"})
    with client.websocket_connect(f"/ws/matches/{m['id']}?role=north") as ws:
        ws.receive_json()
        for bad in ("not json", "[1, 2]", '{"type": "dance"}', '{"type": "chat", "text": "hi"}'):
            ws.send_text(bad)
            msg = _until(ws, "error")
            assert msg["status"] == 400, (bad, msg)
        ws.send_text("x" * (65 * 1024))
        assert _until(ws, "error")["status"] == 413
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1009


def test_bot_moves_are_pushed(client):
    m = create(client, {"north": "me", "south": "bot:random"}, seed=9)
    settle(client)
    with client.websocket_connect(f"/ws/matches/{m['id']}?role=north") as ws:
        first = ws.receive_json()
        assert first["view"]["step"] == 1
        assert act(client, m["id"], "north", first["view"]["actions"][0], 1).status_code == 200
        msg = _until(ws, "view", 2)
        assert msg["view"]["step"] >= 2


def test_delta_log_rebuilds_the_whole_log(client):
    """With ?log=delta each push carries only the new log entries; applying them (dropping
    what an undo took back) gives exactly the full log of the view."""
    m = create(client, {"north": "me", "south": "hotseat"}, seed=5)
    mid = m["id"]
    with client.websocket_connect(f"/ws/matches/{mid}?role=north&log=delta") as ws:
        first = ws.receive_json()["view"]
        assert first["log_from"] == 0
        log = list(first["log"])
        plays = [
            ("north", ["bid", 3]),
            ("south", ["bid", 0]),
            ("north", ["mark", 1]),
            ("north", ["undo"]),
            ("north", ["mark", 2]),
            ("north", ["pass"]),
        ]
        for step, (role, action) in enumerate(plays):
            assert act(client, mid, role, action, step).status_code == 200
            msg = _until(ws, "view", step + 1)
            v = msg["view"]
            del log[v["log_from"] :]
            log.extend(v["log"])
            full = client.get(f"/api/matches/{mid}/view", params={"role": "north"}).json()["view"]
            if full["step"] == v["step"]:
                assert log == full["log"], step
    with client.websocket_connect(f"/ws/matches/{mid}?log=some") as ws:
        assert ws.receive_json()["status"] == 400


def test_one_view_built_per_change_for_the_roles_watching_only(client, monkeypatch):
    """The acting seat's answer and its push share one view; an observer's view is built only
    while an observer's socket is open (the lists' round needs none)."""
    from tavola.core.game import Game

    built: list[str | None] = []
    real = Game._build_view

    def counting(self, role):
        built.append(role)
        return real(self, role)

    monkeypatch.setattr(Game, "_build_view", counting)
    m = create(client, {"north": "me", "south": "hotseat"}, seed=5)
    mid = m["id"]
    with client.websocket_connect(f"/ws/matches/{mid}?role=north") as ws:
        ws.receive_json()
        _joined(ws)
        built.clear()
        assert act(client, mid, "north", ["bid", 3], 0).status_code == 200
        _until(ws, "view", 1)
        settle(client)
        assert built == ["north"]  # the answer's, shared by the push; no observer's
        built.clear()
        assert act(client, mid, "south", ["bid", 0], 1).status_code == 200
        _until(ws, "view", 2)
        settle(client)
        assert sorted(built, key=str) == ["north", "south"]  # the answer's and the push's
        watcher = browser(client)
        with watcher.websocket_connect(f"/ws/matches/{mid}") as obs:
            obs.receive_json()
            _joined(obs)
            built.clear()
            assert act(client, mid, "north", ["mark", 1], 2).status_code == 200
            _until(ws, "view", 3), _until(obs, "view", 3)
            settle(client)
            assert sorted(built, key=str) == [None, "north"]
