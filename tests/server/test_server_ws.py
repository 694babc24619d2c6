"""Live pushes over WebSockets: every seat and observer gets its own view at once."""

from __future__ import annotations

import pytest
from server_helpers import act, browser, create, joined, joined_by_friend, settle, sockets
from starlette.websockets import WebSocketDisconnect


def _until(ws, kind: str, step: int | None = None, limit: int = 20) -> dict:
    for _ in range(limit):
        msg = ws.receive_json()
        if msg["type"] == kind and (step is None or msg["view"]["step"] >= step):
            return msg
    raise AssertionError(f"no {kind} message")


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
        joined(ws)
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
            joined(obs)
            built.clear()
            assert act(client, mid, "north", ["mark", 1], 2).status_code == 200
            _until(ws, "view", 3), _until(obs, "view", 3)
            settle(client)
            assert sorted(built, key=str) == [None, "north"]


def test_the_acting_page_gets_its_new_view_once_in_the_answer(client):
    """The page that acts names itself (``page``) on its socket and its action: the answer
    carries its new view and its socket is not pushed it again. Another tab of the same seat,
    the other seats and observers get each change once; an action that names no page (an old
    client) is still pushed to every socket."""
    mid, friend = joined_by_friend(client, {"north": "me", "south": "open"})
    watcher = browser(client)
    with sockets(
        mid,
        {
            "tab_one": (client, "?role=north&log=delta&page=north-tab-one"),
            "tab_two": (client, "?role=north&page=north-tab-two"),
            "south": (friend, "?role=south&page=south-page"),
            "obs": (watcher, ""),
        },
    ) as open_:
        got: dict[str, list[dict]] = {name: [] for name in open_}

        def receive(name: str, step: int) -> None:
            """Read the socket's views up to the one of ``step``, keeping each."""
            while not got[name] or got[name][-1]["step"] < step:
                msg = open_[name].receive_json()
                if msg["type"] == "view":
                    got[name].append(msg["view"])

        for name, ws in open_.items():
            receive(name, 0)
            joined(ws)

        def play(who, role: str, action: list, step: int, page: str | None, pushed: str) -> None:
            body = {"role": role, "action": action, "step": step, **({"page": page} if page else {})}
            r = who.post(f"/api/matches/{mid}/actions", json=body)
            assert r.status_code == 200, r.text
            assert r.json()["view"]["step"] == step + 1  # the answer carries the new view
            for name in pushed.split():  # each push arrives before the next action: none folded
                receive(name, step + 1)

        play(client, "north", ["bid", 3], 0, "north-tab-one", "tab_two south obs")
        play(friend, "south", ["bid", 0], 1, "south-page", "tab_one tab_two obs")
        play(client, "north", ["mark", 1], 2, None, "tab_one tab_two south obs")
        # Every socket got each change once, but never the one its own page's answer brought.
        steps = {name: [v["step"] for v in views] for name, views in got.items()}
        assert steps == {
            "tab_one": [0, 2, 3],
            "tab_two": [0, 1, 2, 3],
            "south": [0, 1, 3],
            "obs": [0, 1, 2, 3],
        }
    # The delta socket that missed the push of its own action still rebuilds the whole log.
    log: list = []
    for v in got["tab_one"]:
        del log[v["log_from"] :]
        log.extend(v["log"])
    assert log == client.get(f"/api/matches/{mid}/view", params={"role": "north"}).json()["view"]["log"]
    with client.websocket_connect(f"/ws/matches/{mid}?page=no") as bad:
        assert bad.receive_json()["status"] == 400
    bad_action = {"role": "north", "action": ["pass"], "step": 3, "page": "a b c d e f"}
    assert client.post(f"/api/matches/{mid}/actions", json=bad_action).status_code in (400, 422)


def test_changes_of_several_matches_are_rendered_in_one_hop_and_each_socket_gets_its_own(client):
    # A loaded server renders the views of every match changed since its last batch in one
    # worker thread hop (each hop wakes a thread), and each socket still gets its match's view.
    import contextlib
    import time

    hub = client.app.state.platform.hub
    mids = [create(client, {"north": "me", "south": "hotseat"})["id"] for _ in range(3)]
    with contextlib.ExitStack() as stack:
        socks = [stack.enter_context(client.websocket_connect(f"/ws/matches/{mid}")) for mid in mids]
        for ws in socks:
            assert ws.receive_json()["type"] == "view"
        deadline = time.monotonic() + 10
        while not all(mid in hub.conns for mid in mids) and time.monotonic() < deadline:
            time.sleep(0.01)
        renders = hub.renders

        def together() -> None:
            for mid in mids:
                hub.publish_soon(mid)

        hub.loop.call_soon_threadsafe(together)
        for ws, mid in zip(socks, mids, strict=True):
            pushed = ws.receive_json()
            assert pushed["type"] == "view" and pushed["match"]["id"] == mid
        assert hub.renders == renders + 1
