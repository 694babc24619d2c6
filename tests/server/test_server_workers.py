"""Two server processes (`tavola serve`, twice) on one PostgreSQL database: a move made through
one reaches the sockets of the other at once, a match's bots run in one process at a time and
in the other when that one dies, the sign-in brake counts the failures made through both, and
killing a process loses nothing. SQLite refuses several workers."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from server_helpers import act, create, fast_settings, start_server, view
from sqlalchemy import create_engine, text
from websockets.sync.client import ClientConnection, connect

from tavola.server import create_app

POSTGRES = os.environ.get("TAVOLA_TEST_POSTGRES", "")  # as the server tests' conftest reads it
pytestmark = pytest.mark.skipif(POSTGRES.lower() == "off", reason="TAVOLA_TEST_POSTGRES=off: SQLite only")
on_postgresql = pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)


@contextmanager
def _servers(
    db_url: str, n: int, games: tuple[str, ...] = ()
) -> Iterator[list[tuple[subprocess.Popen[str], str]]]:
    servers = [start_server(db_url, games=games) for _ in range(n)]
    try:
        yield servers
    finally:
        for proc, _ in servers:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
                proc.wait(timeout=30)


@contextmanager
def _socket(
    url: str, client: httpx.Client, mid: str, role: str, page: str | None = None
) -> Iterator[ClientConnection]:
    cookie = "; ".join(f"{k}={v}" for k, v in client.cookies.items())
    url = url.rstrip("/").replace("http://", "ws://") + f"/ws/matches/{mid}?role={role}"
    if page is not None:
        url += f"&page={page}"
    with connect(url, additional_headers={"Cookie": cookie}) as ws:
        assert json.loads(ws.recv(timeout=10))["type"] == "view"  # the hello
        yield ws


def _next(ws: ClientConnection, kind: str, step: int = 0, timeout: float = 10.0) -> dict[str, Any]:
    """The next message of this kind (a view: the first at ``step`` or later)."""
    deadline = time.monotonic() + timeout
    while True:
        msg = json.loads(ws.recv(timeout=max(0.01, deadline - time.monotonic())))
        if msg["type"] == kind and (kind != "view" or msg["view"]["step"] >= step):
            return msg


def _move(client: httpx.Client, mid: str, role: str) -> list[Any] | None:
    """The role's first legal action, if it has one; the action as the record keeps it.

    Like a browser, it asks again after a 409 stale: a view read from one process just before
    the notice of a move made through the other arrived is a step behind."""
    for _ in range(5):
        v = client.get(f"/api/matches/{mid}/view", params={"role": role}).json()["view"]
        legal = [a for a in v["actions"] if a != ["undo"]]
        if v["result"] is not None or not legal:
            return None
        r = client.post(
            f"/api/matches/{mid}/actions", json={"role": role, "action": legal[0], "step": v["step"]}
        )
        if r.status_code == 200:
            return [role, *legal[0]]
        assert r.status_code == 409 and r.json()["error"]["code"] == "stale", r.text
        time.sleep(0.05)
    raise AssertionError(f"{role}'s move was stale five times")


def _toy_match(a: httpx.Client, b: httpx.Client) -> str:
    """A toy match created through ``a`` (north) whose south ``b`` joins; its id."""
    r = a.post("/api/matches", json={"game": "toy", "players": 2, "seats": {"north": "me", "south": "open"}})
    match = r.json()["match"]
    invite = next(s["invite"] for s in match["seats"] if s["role"] == "south")
    assert (
        b.post(f"/api/matches/{match['id']}/join", json={"role": "south", "invite": invite}).status_code
        == 200
    )
    return match["id"]


def _health(url: str) -> dict[str, Any]:
    return httpx.get(f"{url.rstrip('/')}/api/health", timeout=10).json()


@on_postgresql
def test_players_on_two_processes_see_each_other_and_a_killed_process_loses_nothing(db_url):
    with _servers(db_url, 2) as [(proc_a, url_a), (_, url_b)]:
        a = httpx.Client(base_url=url_a, timeout=30)
        b = httpx.Client(base_url=url_b, timeout=30)
        assert (
            a.post("/api/auth/signup", json={"username": "marcus", "password": "12345678"}).status_code == 200
        )
        mid = _toy_match(a, b)
        with _socket(url_a, a, mid, "north") as north_ws, _socket(url_b, b, mid, "south") as south_ws:
            # A move through A reaches the socket on B, and one through B the socket on A.
            acked = [_move(a, mid, "north")]
            t0 = time.monotonic()
            assert _next(south_ws, "view", 1)["view"]["step"] == 1
            assert time.monotonic() - t0 < 3.0, "the move took seconds to reach the other process"
            acked.append(_move(b, mid, "south"))
            assert _next(north_ws, "view", 2)["view"]["step"] == 2
            # Chat written on B reaches the player on A.
            assert b.post(f"/api/matches/{mid}/chat", json={"text": "ave"}).status_code == 201
            assert _next(north_ws, "chat")["message"]["text"] == "ave"

        # The sign-in brake counts the failures made through both processes.
        for i in range(10):
            c = a if i % 2 else b
            r = c.post("/api/auth/login", json={"username": "marcus", "password": f"wrong{i:04d}"})
            assert r.status_code == 401
        assert (
            a.post("/api/auth/login", json={"username": "marcus", "password": "wrong9999"}).status_code == 429
        )
        assert (
            b.post("/api/auth/login", json={"username": "marcus", "password": "wrong9999"}).status_code == 429
        )

        # North keeps playing through A, which is killed; its cookie works on B, where the
        # match goes on with every acknowledged move, to its end.
        for _ in range(3):
            acked += [m for m in (_move(a, mid, "north"), _move(b, mid, "south")) if m]
        proc_a.send_signal(signal.SIGKILL)
        proc_a.wait()
        a.close()
        a = httpx.Client(base_url=url_b, timeout=30, cookies=dict(a.cookies.items()))
        assert a.get(f"/api/matches/{mid}/view", params={"role": "north"}).json()["view"]["step"] == len(
            acked
        )
        for _ in range(100):
            if not [m for m in (_move(a, mid, "north"), _move(b, mid, "south")) if m]:
                break
        record = b.get(f"/api/matches/{mid}/record").json()
        assert record["actions"][: len(acked)] == acked
        assert b.get(f"/api/matches/{mid}").json()["match"]["status"] == "over"
        a.close()
        b.close()


@on_postgresql
def test_the_acting_page_is_not_pushed_its_answer_again_by_the_other_process(db_url):
    """A page's socket may sit on one process while its action goes through the other: the
    notice names the page, so that socket is not pushed the view the answer brought, while the
    same seat's other tab is."""
    with _servers(db_url, 2) as [(_, url_a), (_, url_b)]:
        a = httpx.Client(base_url=url_a, timeout=30)
        b = httpx.Client(base_url=url_b, timeout=30)
        mid = _toy_match(a, b)
        with (
            _socket(url_b, a, mid, "north", page="north-page-one") as own,
            _socket(url_a, a, mid, "north", page="north-page-two") as other_tab,
        ):
            body = {"role": "north", "action": ["bid", 3], "step": 0, "page": "north-page-one"}
            r = a.post(f"/api/matches/{mid}/actions", json=body)
            assert r.status_code == 200 and r.json()["view"]["step"] == 1
            assert _next(other_tab, "view")["view"]["step"] == 1
            assert (
                b.post(
                    f"/api/matches/{mid}/actions", json={"role": "south", "action": ["bid", 0], "step": 1}
                ).status_code
                == 200
            )
            # The page's own socket was told nothing of step 1: its next view past its hello's
            # step is step 2's (a push rendered while a process's copy lagged may repeat step 0).
            assert _next(own, "view", step=1)["view"]["step"] == 2
        a.close()
        b.close()


def _click(client: httpx.Client, mid: str, role: str, action: list[Any], step: int = 0) -> dict[str, Any]:
    r = client.post(f"/api/matches/{mid}/actions", json={"role": role, "action": action, "step": step})
    assert r.status_code == 200, r.text
    return r.json()["view"]


def _mine(client: httpx.Client, mid: str, role: str) -> dict[str, Any]:
    r = client.get(f"/api/matches/{mid}/view", params={"role": role})
    assert r.status_code == 200, r.text
    return r.json()["view"]


@on_postgresql
def test_a_secret_choice_goes_on_through_either_process_and_outlives_a_killed_one(db_url):
    """Red composes its secret allocation click by click through both processes in turn: each
    shows the draft the other took, pushes it to red's socket alone, and when the process that
    took the last clicks is killed the other has every one of them."""
    with _servers(db_url, 2, games=("sealed",)) as [(proc_a, url_a), (_, url_b)]:
        red_a = httpx.Client(base_url=url_a, timeout=30)
        r = red_a.post(
            "/api/matches", json={"game": "sealed", "players": 2, "seats": {"red": "me", "blue": "open"}}
        )
        assert r.status_code == 201, r.text
        match = r.json()["match"]
        mid = match["id"]
        invite = next(s["invite"] for s in match["seats"] if s["role"] == "blue")
        blue = httpx.Client(base_url=url_b, timeout=30)
        assert (
            blue.post(f"/api/matches/{mid}/join", json={"role": "blue", "invite": invite}).status_code == 200
        )
        red_b = httpx.Client(base_url=url_b, timeout=30, cookies=dict(red_a.cookies.items()))
        with _socket(url_b, red_b, mid, "red") as red_ws:
            expected = [0, 0, 0]
            for client, front in ((red_a, 0), (red_b, 2), (red_a, 2), (red_b, 1)):
                expected[front] += 1
                assert _click(client, mid, "red", ["add", front])["my_alloc"] == expected
                other = red_b if client is red_a else red_a
                assert _mine(other, mid, "red")["my_alloc"] == expected
                assert _next(red_ws, "view")["view"]["my_alloc"] == expected  # pushed, even from A
            assert _click(red_a, mid, "red", ["undo"])["my_alloc"] == [1, 0, 2]
        assert _click(blue, mid, "blue", ["add", 1])["my_alloc"] == [0, 1, 0]
        assert _mine(red_b, mid, "red")["my_alloc"] == [1, 0, 2]
        assert blue.get(f"/api/matches/{mid}/view", params={"role": "blue"}).json()["view"]["sealed"] == []

        proc_a.send_signal(signal.SIGKILL)
        proc_a.wait()
        red_a.close()
        mine = _mine(red_b, mid, "red")
        assert mine["my_alloc"] == [1, 0, 2] and mine["can_undo"] and mine["step"] == 0
        for click in (["add", 1], ["add", 1], ["confirm"]):
            _click(red_b, mid, "red", click)
        for click in (["add", 0], ["add", 2], ["add", 2], ["add", 0], ["confirm"]):
            _click(blue, mid, "blue", click, _mine(blue, mid, "blue")["step"])
        assert _mine(blue, mid, "blue")["shown"] == {"red": [1, 2, 2], "blue": [2, 1, 2]}
        red_b.close()
        blue.close()


@on_postgresql
def test_clicks_racing_through_two_processes_are_each_kept_or_refused_never_lost(db_url):
    """The same role clicks through both processes at the same moment, again and again: each
    click is answered 200 and kept in the draft, or 409 stale and not kept (the match's version
    refuses a write judged on a draft another process changed meanwhile)."""
    with _servers(db_url, 2, games=("sealed",)) as [(_, url_a), (_, url_b)]:
        a = httpx.Client(base_url=url_a, timeout=30)
        r = a.post(
            "/api/matches", json={"game": "sealed", "players": 2, "seats": {"red": "me", "blue": "hotseat"}}
        )
        mid = r.json()["match"]["id"]
        b = httpx.Client(base_url=url_b, timeout=30, cookies=dict(a.cookies.items()))

        def click(client: httpx.Client, front: int, start: threading.Barrier) -> httpx.Response:
            start.wait()
            body = {"role": "red", "action": ["add", front], "step": 0}
            return client.post(f"/api/matches/{mid}/actions", json=body)

        refused = 0
        for _ in range(12):
            start = threading.Barrier(2)
            with ThreadPoolExecutor(2) as pool:
                answers = list(pool.map(click, (a, b), (0, 1), (start, start)))
            kept = [0, 0, 0]
            for front, answer in enumerate(answers):
                if answer.status_code == 200:
                    kept[front] += 1
                else:
                    assert answer.status_code == 409 and answer.json()["error"]["code"] == "stale", (
                        answer.text
                    )
                    refused += 1
            assert sum(kept) >= 1  # the first write of the two always goes through
            assert _mine(a, mid, "red")["my_alloc"] == kept == _mine(b, mid, "red")["my_alloc"]
            for _ in range(sum(kept)):
                _click(b, mid, "red", ["undo"])
        print(f"{refused} of 24 racing clicks refused as stale")
        a.close()
        b.close()


@on_postgresql
def test_a_process_whose_game_is_behind_refuses_a_click_rather_than_overwrite_the_draft(
    db_url, sealed_game, monkeypatch
):
    """Two apps (two processes' worth) on one database. Red's click goes through one; the other,
    whose copy of the game is behind and which trusts it (as when its read races the first's
    write), judges red's next click on the old draft: the match's version, moved on by the first
    write, refuses it with 409 stale and nothing is stored; asked again, it reads the match
    afresh and keeps the click on the draft as it really is."""
    with TestClient(create_app(fast_settings(db_url, cache_ttl=60.0))) as one:
        mid = create(one, {"red": "me", "blue": "hotseat"}, game="sealed", players=2)["id"]
        with TestClient(
            create_app(fast_settings(db_url, cache_ttl=60.0)), cookies=dict(one.cookies.items())
        ) as two:
            assert view(two, mid, "red")["view"]["my_alloc"] == [0, 0, 0]  # two holds the game
            platform = two.app.state.platform
            platform.cluster.handlers.pop("changed")  # two hears of no change
            with monkeypatch.context() as patch:
                patch.setattr(platform.matches, "_current", lambda data: data)  # and trusts its copy
                assert act(one, mid, "red", ["add", 0], 0).status_code == 200
                r = act(two, mid, "red", ["add", 1], 0)
                assert r.status_code == 409 and r.json()["error"]["code"] == "stale", r.text
                assert view(one, mid, "red")["view"]["my_alloc"] == [1, 0, 0]
                assert view(two, mid, "red")["view"]["my_alloc"] == [1, 0, 0]  # refused, it read again
            assert act(one, mid, "red", ["add", 2], 0).status_code == 200
            # Unheard of, but read before the click is judged: two keeps the click on top.
            assert act(two, mid, "red", ["add", 1], 0).json()["view"]["my_alloc"] == [1, 1, 1]
            assert view(one, mid, "red")["view"]["my_alloc"] == [1, 1, 1]
            assert view(two, mid, "blue")["view"]["sealed"] == []
            with monkeypatch.context() as patch:
                patch.setattr(platform.matches, "_current", lambda data: data)
                # Red commits through one; two, still at the step before, refuses blue's click.
                for click in (["add", 0], ["add", 0], ["confirm"]):
                    assert act(one, mid, "red", click, 0).status_code == 200
                r = act(two, mid, "blue", ["add", 0], 0)
                assert r.status_code == 409 and r.json()["error"]["code"] == "stale", r.text
                assert view(two, mid, "blue")["view"]["sealed"] == ["red"]
                assert view(one, mid, "blue")["view"]["my_alloc"] == [0, 0, 0]


@on_postgresql
def test_a_seat_taken_through_one_process_is_the_players_on_the_other_at_once(db_url):
    """A player joins through one process and opens the match through another before that one
    has heard of the join: it reads the seat again rather than refuse the player (403)."""
    with TestClient(create_app(fast_settings(db_url, cache_ttl=60.0))) as one:
        m = create(one, {"north": "me", "south": "open"})  # one holds the match, seats and all
        one.app.state.platform.cluster.handlers.pop("changed")  # and hears of no change
        invite = next(s["invite"] for s in m["seats"] if s["role"] == "south")
        with TestClient(create_app(fast_settings(db_url, cache_ttl=60.0))) as two:
            r = two.post(f"/api/matches/{m['id']}/join", json={"role": "south", "invite": invite})
            assert r.status_code == 200
            friend = TestClient(one.app, cookies=dict(two.cookies.items()))
            friend.portal = one.portal
            with friend.websocket_connect(f"/ws/matches/{m['id']}?role=south") as ws:
                assert ws.receive_json()["view"]["step"] == 0
            assert act(one, m["id"], "north", ["bid", 1], 0).status_code == 200
            assert act(friend, m["id"], "south", ["bid", 0], 1).status_code == 200


@on_postgresql
def test_bots_play_in_one_process_at_a_time_and_the_other_takes_over_when_it_dies(db_url):
    with _servers(db_url, 2) as servers:
        with httpx.Client(base_url=servers[0][1], timeout=30) as c:
            r = c.post(
                "/api/matches",
                json={
                    "game": "toy",
                    "players": 3,
                    "seats": {"north": "bot:random", "south": "bot:random", "east": "bot:random"},
                    "bot_delay": 0.3,
                },
            )
            mid = r.json()["match"]["id"]
            deadline = time.monotonic() + 30
            while c.get(f"/api/matches/{mid}").json()["match"]["step"] < 4 and time.monotonic() < deadline:
                time.sleep(0.05)
        deadline = time.monotonic() + 10
        while True:
            health = [_health(url) for _, url in servers]
            if max(h["notices"] for h in health) >= 4 or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        playing = [i for i, h in enumerate(health) if h["bot_moves"] > 0]
        assert len(playing) == 1, health  # one process plays the match's bots, the other waits
        holder, other = playing[0], 1 - playing[0]
        assert health[other]["bot_moves"] == 0 and health[other]["bot_stale"] == 0
        assert health[other]["notices"] >= 4  # it was told of every move

        proc, _ = servers[holder]
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        url = servers[other][1]
        with httpx.Client(base_url=url, timeout=30) as c:
            at_kill = c.get(f"/api/matches/{mid}").json()["match"]["step"]
            assert c.put(f"/api/matches/{mid}/pace", json={"bot_delay": 0}).status_code in (401, 403)
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                final = c.get(f"/api/matches/{mid}").json()["match"]
                if final["status"] == "over":
                    break
                time.sleep(0.1)
            assert final["status"] == "over", final
            record = c.get(f"/api/matches/{mid}/record").json()
        survivor = _health(url)
        # Every step after the kill was played by the survivor, each once: no move was thought
        # out twice and refused.
        assert survivor["bot_moves"] == len(record["actions"]) - at_kill
        assert survivor["bot_stale"] == 0


def _until(what: Any, timeout: float = 30.0) -> Any:
    deadline = time.monotonic() + timeout
    while not (value := what()) and time.monotonic() < deadline:
        time.sleep(0.05)
    return value


@on_postgresql
def test_a_matchs_bots_play_where_it_is_served_and_any_process_takes_over_when_that_one_dies(db_url):
    """Behind a balancer that sends each match to one process, that process plays its bots
    (the one that created it lets them go); when it dies, the other plays on unasked."""
    steps = text("SELECT COUNT(*) FROM actions WHERE match_id = :m")
    admin = create_engine(db_url)
    with _servers(db_url, 2) as [(_, url_a), (proc_b, url_b)]:
        with httpx.Client(base_url=url_a, timeout=30) as c:
            seats = {r: "bot:random" for r in _roles("antike-ii", 3)}
            body = {"game": "antike-ii", "players": 3, "seats": seats, "bot_delay": 0.05}
            mid = c.post("/api/matches", json=body).json()["match"]["id"]

        def played() -> int:
            with admin.connect() as conn:
                return int(conn.execute(steps, {"m": mid}).scalar_one())

        # An observer's socket on B: B serves the match from now on.
        with connect(url_b.rstrip("/").replace("http://", "ws://") + f"/ws/matches/{mid}") as ws:
            assert json.loads(ws.recv(timeout=10))["type"] == "view"
            assert _until(lambda: _health(url_b)["bot_moves"] >= 10), _health(url_b)
            by_a, at = _health(url_a)["bot_moves"], played()
            assert _until(lambda: played() >= at + 30)
            a = _health(url_a)
            assert a["bot_moves"] == by_a and a["bot_stale"] == 0, a  # A only hears of the moves
            assert _health(url_b)["bot_stale"] == 0
            proc_b.send_signal(signal.SIGKILL)
            proc_b.wait()
        # Nobody asks A anything about the match: it takes its bots over once they go quiet.
        at_kill = played()
        assert _until(lambda: played() >= at_kill + 10), "no process took the match's bots over"
        assert _health(url_a)["bot_moves"] >= 10
    admin.dispose()


def test_sqlite_refuses_several_workers(tmp_path, capsys):
    from tavola.cli import main

    assert main(["serve", "--workers", "2", "--database", str(tmp_path / "t.sqlite3")]) == 2
    assert "--workers 2 needs PostgreSQL" in capsys.readouterr().err
    assert not (tmp_path / "t.sqlite3").exists()


def test_serve_refuses_a_negative_count_of_thinking_processes(tmp_path, capsys):
    from tavola.cli import main

    assert main(["serve", "--bot-processes", "-1", "--database", str(tmp_path / "t.sqlite3")]) == 2
    assert "--bot-processes must be 0 or more" in capsys.readouterr().err
    assert not (tmp_path / "t.sqlite3").exists()


@on_postgresql
def test_processes_listen_again_after_losing_their_notice_connection(db_url):
    """Two apps (two processes' worth: each its own notices and leases) whose listening
    connections the database drops: they connect again, and a move through one is seen by the
    other at once, though it trusts its cached copy of a match for a minute."""
    listeners = text(
        "SELECT pid FROM pg_stat_activity WHERE query = 'LISTEN tavola' AND datname = current_database()"
    )
    admin = create_engine(db_url, isolation_level="AUTOCOMMIT")
    with TestClient(create_app(fast_settings(db_url, cache_ttl=60.0))) as one:
        m = create(one, {"north": "me", "south": "hotseat"}, seed=2)
        mid = m["id"]
        with TestClient(
            create_app(fast_settings(db_url, cache_ttl=60.0)), cookies=dict(one.cookies.items())
        ) as two:
            assert view(two, mid, "north")["view"]["step"] == 0  # cached by two from now on
            with admin.connect() as conn:
                pids = [r[0] for r in conn.execute(listeners)]
                assert len(pids) == 2
                for pid in pids:
                    conn.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
                deadline = time.monotonic() + 20
                while time.monotonic() < deadline:
                    again = [r[0] for r in conn.execute(listeners)]
                    if len(again) == 2 and not set(again) & set(pids):
                        break
                    time.sleep(0.1)
                assert len(again) == 2 and not set(again) & set(pids), "the apps did not listen again"
            before = two.get("/api/health").json()["notices"]
            assert act(one, mid, "north", ["bid", 2], 0).status_code == 200
            deadline = time.monotonic() + 10
            while two.get("/api/health").json()["notices"] == before and time.monotonic() < deadline:
                time.sleep(0.05)
            assert view(two, mid, "south")["view"]["step"] == 1
    admin.dispose()


@on_postgresql
def test_serve_with_two_workers_answers_on_one_port_and_plays_bots(db_url):
    proc, url = start_server(db_url, "--workers", "2")
    try:
        # The first request waits for a worker to start: on a loaded machine, a minute or more.
        with httpx.Client(base_url=url, timeout=180) as c:
            r = c.post(
                "/api/matches",
                json={
                    "game": "antike-ii",
                    "players": 3,
                    "seats": {r: "bot:random" for r in _roles("antike-ii", 3)},
                },
            )
            assert r.status_code == 201, r.text
            mid = r.json()["match"]["id"]
            deadline = time.monotonic() + 30
            while c.get(f"/api/matches/{mid}").json()["match"]["step"] < 20 and time.monotonic() < deadline:
                time.sleep(0.1)
            assert c.get(f"/api/matches/{mid}").json()["match"]["step"] >= 20
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=60) == 0


def _roles(game: str, players: int) -> list[str]:
    from tavola.core.registry import get_rules

    rules = get_rules(game)
    scenario = rules.scenarios()[0]
    return rules.roles(scenario.name, players, {o.name: o.default for o in scenario.options})


@on_postgresql
def test_signing_out_through_one_process_ends_the_session_on_the_other(db_url):
    with TestClient(create_app(fast_settings(db_url))) as one:
        assert (
            one.post("/api/auth/signup", json={"username": "livia", "password": "12345678"}).status_code
            == 200
        )
        with TestClient(create_app(fast_settings(db_url)), cookies=dict(one.cookies.items())) as two:
            assert two.get("/api/me").json()["user"]["name"] == "livia"  # two now holds the session
            mid = create(two, {"north": "me", "south": "hotseat"})["id"]
            with two.websocket_connect(f"/ws/matches/{mid}?role=north") as ws:
                assert ws.receive_json()["type"] == "view"
                assert two.get("/api/health").json()["sockets"] == 1
                assert one.post("/api/auth/logout").status_code == 200
                deadline = time.monotonic() + 10
                while two.get("/api/health").json()["sockets"] and time.monotonic() < deadline:
                    time.sleep(0.05)
                assert two.get("/api/health").json()["sockets"] == 0  # two closed the socket
            r = two.get("/api/me")  # and forgot the session it held for half a minute
            assert r.status_code == 401 and r.json()["error"]["code"] == "session_expired"
