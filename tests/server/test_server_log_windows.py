"""Log windows: answers and pushes carry only the log entries a client lacks.

A client holds a window of a role's visible log; it names what it holds (``log_from``, the
step of its last entry ``log_step``) or asks for the last entries only (``log_tail``), and gets
``log`` from index ``log_from`` with ``log_size`` and the ``log_step`` of the entry before. The
tests replay what a client does (check the answer's ``log_step`` against the entry it holds,
drop its tail from ``log_from``, append) and compare with the whole log of ``Game.view``.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from server_helpers import act, browser, create, play_out, view
from starlette.websockets import WebSocketDisconnect

from tavola.core.game import Game, visible_log
from tavola.server.logwindow import PAGE_MAX, LogQuery, page, shared, window

ROLES = ["north", "south"]
# Both bid, north marks: three steps that leave north's log ending with a private entry.
OPENING = [("north", ["bid", 3]), ("south", ["bid", 0]), ("north", ["mark", 1])]


class Client:
    """A client's copy of a log window: ``base`` and the entries from there."""

    def __init__(self) -> None:
        self.base = 0
        self.entries: list[dict[str, Any]] = []
        self.loaded = False

    @property
    def size(self) -> int:
        return self.base + len(self.entries)

    def params(self, tail: int | None = None) -> dict[str, int]:
        if not self.loaded:
            return {} if tail is None else {"log_tail": tail}
        out = {"log_from": self.size}
        if self.entries:
            out["log_step"] = self.entries[-1]["step"]
        return out

    def apply(self, view: dict[str, Any]) -> bool:
        """The window of ``view``, as the browser applies it; False if it does not fit."""
        start, log = view["log_from"], view["log"]
        if not self.loaded or start <= self.base or start > self.size:
            self.base, self.entries = start, list(log)
        else:
            held = self.entries[start - 1 - self.base]
            if view["log_step"] is not None and held["step"] != view["log_step"]:
                return False
            del self.entries[start - self.base :]
            self.entries.extend(log)
        self.loaded = True
        return self.size == view["log_size"]


def post_steps(client, mid: str, plays: list[tuple[str, list[Any]]], start: int = 0) -> None:
    """Play each (role, action) of ``plays`` over HTTP as steps ``start``, ``start + 1``, ...;
    every one is accepted."""
    for i, (role, action) in enumerate(plays, start):
        r = act(client, mid, role, action, i)
        assert r.status_code == 200, r.text


def toy_history(seed: int, steps: int = 40) -> list[tuple[str, list[Any]]]:
    """A toy game of random actions with many undos (and private entries)."""
    g = Game("toy", "basic", 2, {"short": False}, seed)
    rand = random.Random(seed)
    plays: list[tuple[str, list[Any]]] = []
    while not g.is_over and len(plays) < steps:
        role = rand.choice(g.active_roles)
        legal = g.legal_actions(role)
        undo = [a for a in legal if a == ("undo",)]
        action = undo[0] if undo and rand.random() < 0.5 else rand.choice(legal)
        g.apply(role, list(action))
        plays.append((role, list(action)))
    return plays


def logs_over_time(seed: int) -> tuple[list[str], list[dict[str | None, list[dict[str, Any]]]]]:
    """Each role's (and the observer's) visible log after every step of a toy history."""
    g = Game("toy", "basic", 2, {"short": False}, seed)
    out = [{r: visible_log(g.log, r) for r in [*ROLES, None]}]
    for role, action in toy_history(seed):
        g.apply(role, action)
        out.append({r: json.loads(json.dumps(visible_log(g.log, r))) for r in [*ROLES, None]})
    return [json.dumps(a) for _, a in toy_history(seed)], out


@pytest.mark.parametrize("seed", [0, 2, 3, 7])
def test_a_window_rebuilds_the_log_from_any_earlier_copy(seed):
    """From a copy of any earlier moment (undos in between or not), the window the server
    sends, applied by the client, gives exactly the log of now."""
    plays, history = logs_over_time(seed)
    assert any('"undo"' in p for p in plays)
    for role in [*ROLES, None]:
        for then in range(len(history)):
            for now in range(then, len(history)):
                old, new = history[then][role], history[now][role]
                c = Client()
                assert c.apply(window({"log": old}, LogQuery(held=0)))
                q = LogQuery(held=c.size, last_step=old[-1]["step"] if old else None)
                got = window({"log": new}, q)
                assert c.apply(got), (then, now)
                assert c.entries == new and c.base == 0


@pytest.mark.parametrize("seed", [0, 2, 3, 7])
def test_a_client_never_takes_a_window_that_does_not_fit(seed):
    """Going back in time (a replay stepping backwards), the server's guess may not fit what the
    client holds: then the entry before the window differs and the client refuses it. Either
    the client refuses, or it ends with exactly the log of that moment."""
    _, history = logs_over_time(seed)
    for role in [*ROLES, None]:
        for a in range(len(history)):
            for b in range(len(history)):
                old, new = history[a][role], history[b][role]
                c = Client()
                c.apply(window({"log": old}, LogQuery(held=0)))
                ok = c.apply(window({"log": new}, LogQuery(c.size, old[-1]["step"] if old else None)))
                assert not ok or c.entries == new, (a, b)


def test_shared_prefix_rules():
    log = [{"step": s} for s in (0, 0, 1, 3, 3, 5)]
    assert shared(log, 0, None) == 0
    assert shared(log, 4, 3) == 4  # the client's last entry is still there
    assert shared(log, 6, 5) == 6
    assert shared(log, 9, 8) == 6  # steps up to 8 survive: all of them
    assert shared(log, 5, 4) == 5  # the client's entry of step 4 was taken back
    assert shared(log, 5, 2) == 3  # only steps up to 2 are the client's
    assert shared(log, 3, None) == 3  # without a step the client is trusted
    assert shared(log, 20, None) == 6
    tail = window({"log": log, "x": 1}, LogQuery(tail=2))
    assert tail == {"log": log[4:], "log_from": 4, "log_step": 3, "log_size": 6, "x": 1}
    assert window({"log": log}, LogQuery(tail=0))["log"] == []
    assert window({"log": log}, LogQuery()) == {"log": log}
    # a copy from later than the server's log (a replay stepping back over an undo): the
    # server's guess is refused by the client, whose entry before the window differs
    later = [{"step": 0}, {"step": 3}]
    c = Client()
    c.apply(window({"log": later}, LogQuery(held=0)))
    earlier = [{"step": 0}, {"step": 1}]
    assert not c.apply(window({"log": earlier}, LogQuery(held=2, last_step=3)))
    assert page(log, 2, 4) == {"log": log[2:4], "log_from": 2, "log_step": 0, "log_size": 6}
    assert page(log, 5, 99)["log"] == log[5:] and page(log, 9, 2)["log"] == []
    big = [{"step": i} for i in range(PAGE_MAX + 50)]
    assert len(page(big, 0, None)["log"]) == PAGE_MAX


def test_http_answers_carry_only_new_entries_and_survive_undo(client):
    """A hot-seat client plays a toy game with undos over HTTP, asking every view and every
    action answer for what it lacks; its log is always the whole one."""
    m = create(client, {"north": "me", "south": "hotseat"}, seed=4)
    mid = m["id"]
    mirror = Game("toy", "basic", 2, {}, 4)
    books = {r: Client() for r in ROLES}
    for r in ROLES:
        got = client.get(f"/api/matches/{mid}/view", params={"role": r, **books[r].params(tail=50)})
        assert got.status_code == 200 and books[r].apply(got.json()["view"])
    sizes = []
    for role, action in toy_history(4, steps=40):
        r = client.post(
            f"/api/matches/{mid}/actions",
            params=books[role].params(),
            json={"role": role, "action": action, "step": len(mirror.actions)},
        )
        assert r.status_code == 200, r.text
        mirror.apply(role, action)
        v = r.json()["view"]
        assert books[role].apply(v)
        assert books[role].entries == json.loads(json.dumps(mirror.view(role)["log"]))
        whole = {k: x for k, x in mirror.view(role).items() if k != "log"}
        assert {k: x for k, x in v.items() if not k.startswith("log")} == json.loads(json.dumps(whole))
        sizes.append(len(v["log"]))
        # the other seat catches up with a view
        other = next(x for x in ROLES if x != role)
        got = client.get(f"/api/matches/{mid}/view", params={"role": other, **books[other].params()})
        assert books[other].apply(got.json()["view"])
        assert books[other].entries == json.loads(json.dumps(mirror.view(other)["log"]))
    assert max(sizes) <= 2 < len(mirror.log)


def test_a_stale_copy_after_undo_and_new_entries_is_mended(client):
    """The client's last entry was taken back and new entries came after it: the server sees
    that from the step the client names and sends from where the logs part."""
    m = create(client, {"north": "me", "south": "hotseat"}, seed=5)
    mid = m["id"]
    post_steps(client, mid, OPENING)
    held = view(client, mid, "north")["view"]["log"]
    assert held[-1]["msg"] == "toy.mark"
    post_steps(client, mid, [("north", ["undo"]), ("north", ["mark", 2])], start=3)
    c = Client()
    c.base, c.entries, c.loaded = 0, list(held), True
    v = client.get(f"/api/matches/{mid}/view", params={"role": "north", **c.params()}).json()["view"]
    assert v["log_from"] == len(held) - 1 and [e["msg"] for e in v["log"]] == ["toy.mark"]
    assert c.apply(v)
    assert c.entries == view(client, mid, "north")["view"]["log"]
    # without log_step the client is trusted: it gets what comes after its count
    v = client.get(f"/api/matches/{mid}/view", params={"role": "north", "log_from": len(held)}).json()["view"]
    assert v["log"] == [] and v["log_from"] == len(held) == v["log_size"]


def test_log_pages_live_and_in_replay(client):
    mid = create(client, {"north": "me", "south": "hotseat"}, seed=8, options={"short": True})["id"]
    play_out(client, mid, ROLES)
    record = client.get(f"/api/matches/{mid}/record").json()
    from tavola.core.game import replay

    steps = len(record["actions"])
    stranger = browser(client)
    for role in ("north", None):
        whole = replay(record, upto=steps - 2).view(role)["log"]
        params = {"step": steps - 2, **({"role": role} if role else {})}
        got = stranger.get(f"/api/matches/{mid}/log", params={**params, "log_from": 1, "log_to": 3}).json()
        assert got["log"] == json.loads(json.dumps(whole[1:3])) and got["log_from"] == 1
        assert got["log_size"] == len(whole) and got["step"] == steps - 2
        assert got["log_step"] == whole[0]["step"]
        tail = stranger.get(f"/api/matches/{mid}/replay", params={**params, "log_tail": 2}).json()["view"]
        assert tail["log"] == json.loads(json.dumps(whole[-2:])) and tail["log_size"] == len(whole)
    live = client.get(f"/api/matches/{mid}/log", params={"role": "south"}).json()
    assert live["step"] == steps and live["log"] == view(client, mid, "south")["view"]["log"]


def test_log_pages_keep_to_the_access_rules(client):
    m = create(client, {"north": "me", "south": "open"})
    mid = m["id"]
    client.post(f"/api/matches/{mid}/actions", json={"role": "north", "action": ["bid", 2], "step": 0})
    stranger = browser(client)
    # a private entry: north's own log has it, the observer's does not
    assert [
        e["msg"] for e in client.get(f"/api/matches/{mid}/log", params={"role": "north"}).json()["log"]
    ] == ["toy.bid"]
    assert stranger.get(f"/api/matches/{mid}/log").json()["log"] == []
    assert stranger.get(f"/api/matches/{mid}/log", params={"role": "north"}).status_code == 403
    assert client.get(f"/api/matches/{mid}/log", params={"role": "west"}).status_code == 404
    # the replay's log while the game runs: own seats only
    assert stranger.get(f"/api/matches/{mid}/log", params={"step": 1}).status_code == 403
    assert stranger.get(f"/api/matches/{mid}/log", params={"step": 1, "role": "north"}).status_code == 403
    assert client.get(f"/api/matches/{mid}/log", params={"step": 1, "role": "north"}).status_code == 200
    assert client.get(f"/api/matches/{mid}/log", params={"step": 5, "role": "north"}).status_code == 400
    for bad in ({"log_from": -1}, {"log_to": "x"}, {"step": -2}):
        r = client.get(f"/api/matches/{mid}/log", params=bad)
        assert r.status_code == 400 and r.json()["error"]["code"] == "malformed"
    for bad in ({"log_from": -1}, {"log_step": "a"}, {"log_tail": -3}):
        assert client.get(f"/api/matches/{mid}/view", params=bad).status_code == 400


def test_socket_hello_skips_what_the_client_holds(client):
    m = create(client, {"north": "me", "south": "hotseat"}, seed=5)
    mid = m["id"]
    post_steps(client, mid, OPENING)
    whole = view(client, mid, "north")["view"]["log"]
    c = Client()
    c.base, c.entries, c.loaded = 0, list(whole[:-1]), True
    with client.websocket_connect(f"/ws/matches/{mid}?role=north&log=delta&{_q(c.params())}") as ws:
        v = ws.receive_json()["view"]
        assert v["log_from"] == len(whole) - 1 and len(v["log"]) == 1 and v["log_size"] == len(whole)
        assert c.apply(v) and c.entries == whole
        # then every push has only what is new, and an undo takes entries back
        for i, play in enumerate([("north", ["undo"]), ("north", ["mark", 2]), ("north", ["pass"])], 3):
            post_steps(client, mid, [play], start=i)
            while True:
                v = ws.receive_json()["view"]
                if v["step"] >= i + 1:
                    break
            held = c.size
            assert c.apply(v)
            # only what is new: at most the entries of this step, after what was held or taken back
            assert len(v["log"]) <= 1 and v["log_from"] >= held - 1
        assert c.entries == view(client, mid, "north")["view"]["log"]
    with client.websocket_connect(f"/ws/matches/{mid}?role=north&log=delta&log_tail=1") as ws:
        v = ws.receive_json()["view"]
        assert len(v["log"]) == 1 and v["log_from"] == v["log_size"] - 1
    for bad in ("log_from=-1", "log_step=x", "log_tail=1e3"):
        with client.websocket_connect(f"/ws/matches/{mid}?log=delta&{bad}") as ws:
            msg = ws.receive_json()
            assert msg["type"] == "error" and msg["status"] == 400
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4400


def _q(params: dict[str, int]) -> str:
    return "&".join(f"{k}={v}" for k, v in params.items())
