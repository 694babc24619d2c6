"""After a restart, even a killed process, every match goes on from exactly where it was."""

from __future__ import annotations

import signal
import threading
import time

import httpx
from fastapi.testclient import TestClient
from server_helpers import act, create, fast_settings, settle, start_server, view

from tavola.server import create_app


def test_restart_continues_every_match(db_url):
    # A long bot delay keeps the bot's move owed when the first server stops.
    with TestClient(create_app(fast_settings(db_url, bot_delay=60.0))) as first:
        hot = create(first, {"north": "me", "south": "hotseat"}, seed=6)
        act(first, hot["id"], "north", ["bid", 3], 0)
        act(first, hot["id"], "south", ["bid", 0], 1)
        act(first, hot["id"], "north", ["mark", 2], 2)
        owed = create(first, {"north": "me", "south": "bot:random"}, seed=6)
        act(first, owed["id"], "north", ["bid", 1], 0)
        before = {r: view(first, hot["id"], r) for r in ("north", "south", None)}
        cookies = dict(first.cookies.items())
    with TestClient(create_app(fast_settings(db_url)), cookies=cookies) as second:
        settle(second)
        after = {r: view(second, hot["id"], r) for r in ("north", "south", None)}
        for r in after:
            assert after[r]["view"] == before[r]["view"]
            # The bots' pace is the server's (60 s, then 0): the one field that may differ.
            same = {"updated_at": 0, "bot_delay": 0}
            assert {**after[r]["match"], **same} == {**before[r]["match"], **same}
        # Undo history is rebuilt too: north may still take back the mark.
        assert after["north"]["view"]["can_undo"] is True
        assert act(second, hot["id"], "north", ["undo"], 3).status_code == 200
        # The bot that was owed a move made it at start-up.
        assert view(second, owed["id"], "north")["match"]["step"] >= 2


def _play(url: str, cookies: dict[str, str], mid: str, acked: list[list[object]]) -> None:
    """Both hot-seat roles take their first legal action, as fast as the server answers,
    until the game ends or the server dies; ``acked`` gets every action the server accepted, with its role."""
    with httpx.Client(base_url=url, timeout=30, cookies=cookies) as c:
        try:
            while True:
                for role in ("north", "south"):
                    v = c.get(f"/api/matches/{mid}/view", params={"role": role}).json()["view"]
                    if v["result"] is not None:
                        return
                    legal = [a for a in v["actions"] if a != ["undo"]]
                    if legal:
                        body = {"role": role, "action": legal[0], "step": v["step"]}
                        if c.post(f"/api/matches/{mid}/actions", json=body).status_code == 200:
                            acked.append([role, *legal[0]])
        except (httpx.HTTPError, ValueError):
            return


def test_killed_server_loses_nothing(db_url):
    """`tavola serve` killed with SIGKILL mid-game while moves are being sent, started again:
    every action it acknowledged is in the match, the session holds, and the game goes on."""
    proc, url = start_server(db_url)
    try:
        with httpx.Client(base_url=url, timeout=30) as c:
            r = c.post("/api/auth/signup", json={"username": "marcus", "password": "12345678"})
            assert r.status_code == 200
            r = c.post(
                "/api/matches",
                json={"game": "toy", "players": 2, "seed": 4, "seats": {"north": "me", "south": "hotseat"}},
            )
            mid = r.json()["match"]["id"]
            cookies = dict(c.cookies.items())
        acked: list[list[object]] = []
        player = threading.Thread(target=_play, args=(url, cookies, mid, acked))
        player.start()
        deadline = time.time() + 30
        while len(acked) < 3 and player.is_alive() and time.time() < deadline:
            time.sleep(0.001)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    player.join(timeout=30)
    assert 3 <= len(acked) < 12, "the kill came after the game or before any move"
    proc, url = start_server(db_url)
    try:
        with httpx.Client(base_url=url, timeout=30, cookies=cookies) as c:
            assert c.get("/api/me").json()["user"]["name"] == "marcus"  # the session survived too
            step = c.get(f"/api/matches/{mid}/view", params={"role": "north"}).json()["view"]["step"]
            # A move in flight at the kill may have been kept without its answer, never more.
            assert len(acked) <= step <= len(acked) + 1
            _play(url, cookies, mid, [])  # the game goes on to its end
            record = c.get(f"/api/matches/{mid}/record").json()
            assert record["actions"][: len(acked)] == acked
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)


def test_sqlite_writers_of_one_process_take_turns_instead_of_sleeping_in_sqlite(tmp_path):
    """A second writer waits its turn on the process's own lock, handed on when the first
    transaction ends, rather than in SQLite's busy handler (here cut to nothing, so without the
    turn it would fail at once with "database is locked")."""
    import threading

    from sqlalchemy import event, text

    from tavola.server.db import make_engine

    engine = make_engine(f"sqlite:///{tmp_path / 'turns.sqlite3'}")
    event.listen(engine, "connect", lambda conn, _record: conn.execute("PRAGMA busy_timeout=0"))
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE t (a INTEGER)"))
    inside, done, errors = threading.Event(), threading.Event(), []

    def write(value: int, hold: bool) -> None:
        try:
            with engine.begin() as conn:
                conn.execute(text("INSERT INTO t VALUES (:a)"), {"a": value})
                if hold:
                    inside.set()
                    done.wait(10)
        except Exception as exc:
            errors.append(exc)

    first = threading.Thread(target=write, args=(1, True))
    first.start()
    assert inside.wait(10)
    second = threading.Thread(target=write, args=(2, False))
    second.start()
    second.join(0.3)
    assert second.is_alive() and errors == []  # waiting its turn, not refused
    done.set()
    first.join(10)
    second.join(10)
    assert errors == []
    with engine.connect() as conn:
        assert sorted(conn.execute(text("SELECT a FROM t")).scalars()) == [1, 2]
    engine.dispose()


def test_an_app_started_again_in_one_process_listens_once(db_url):
    """The same app stopped and started again (as a test or an embedding program may) holds each
    of its listeners once: a guest's sign-in is not told twice to the matches, nor to the other
    processes, and a lost notice connection is not resynchronised twice."""
    app = create_app(fast_settings(db_url))
    platform = app.state.platform
    for _ in range(3):
        with TestClient(app) as client:
            assert client.get("/api/health").status_code == 200
            clustered = platform.cluster is not None
            assert len(platform.accounts.on_seats_changed) == (2 if clustered else 1)
            if clustered:
                assert platform.cluster.on_reconnect.count(platform._resync) == 1
    assert platform.accounts.on_seats_changed == []
