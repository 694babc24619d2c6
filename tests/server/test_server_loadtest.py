"""The load test runs end to end on loopback (a few seconds: marked slow)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import fast_settings

from tavola.cli import main
from tavola.core.game import Game, replay
from tavola.server import create_app
from tavola.server.db import Database
from tavola.tools import loadtest_long
from tavola.tools.loadtest import LIVE_BOT_DELAY, LIVE_THINK


@pytest.mark.slow
def test_loadtest_reports_throughput_and_latency(capsys):
    code = main(["loadtest", "--game", "toy", "--games", "4", "--seconds", "3", "--full-speed", "--json"])
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert code == 0, report["first_errors"]
    assert report["think"] == 0 and report["bot_delay"] == 0
    assert report["actions"] > 0 and report["actions_per_second"] > 0
    assert report["http_actions"] > 0 and report["latency_ms"]["median"] > 0
    assert report["errors"] == 0
    # The matches are set up before the measured play, and timed apart from it.
    assert report["setup"]["matches_ready"] == 4 and report["setup"]["create_ms"]["median"] > 0
    assert report["seconds"] == pytest.approx(3, abs=0.2)
    assert report["server_cpu_ms_per_action"] > 0
    assert (
        report["client_lag_ms"]["median"] >= 0
        and report["client_lag_ms"]["p99"] >= report["client_lag_ms"]["median"]
    )
    memory = report["server_memory"]
    assert memory["start_mb"] > 0 and memory["end_mb"] >= memory["set_up_mb"] > 0
    assert memory["kb_per_match"] == pytest.approx((memory["end_mb"] - memory["start_mb"]) * 1024 / 4, abs=30)


@pytest.mark.slow
def test_loadtest_plays_live_games_at_a_pace_by_default(capsys):
    # People look 5 to 15 s at each view, bots wait 3 s before each move: in 2 s, almost nothing.
    code = main(["loadtest", "--game", "toy", "--games", "2", "--seconds", "2", "--json"])
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert code == 0, report["first_errors"]
    assert (report["think"], report["bot_delay"]) == (LIVE_THINK, LIVE_BOT_DELAY) == (10.0, 3.0)
    assert report["actions"] <= 2 and report["errors"] == 0


@pytest.mark.slow
def test_loadtest_players_keep_the_pace_asked_for(capsys):
    # A match of bots alone plays at full speed unless its creator sets a pace: the load test
    # sets the pace it is given on every match it creates.
    args = ["loadtest", "--game", "toy", "--games", "1", "--scripted", "0", "--seconds", "2"]
    code = main([*args, "--bot-delay", "0.5", "--json"])
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert code == 0, report["first_errors"]
    assert 1 <= report["actions"] <= 6
    # The observer's socket sees each move: never closer together than the pace.
    gap = report["bot_gap_s"]["median"]
    assert (gap is None and report["actions"] < 3) or gap >= 0.45


@pytest.mark.slow
@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
@pytest.mark.parametrize("route", ["match", "any"])
def test_loadtest_runs_two_workers_on_postgresql(db_url, route, capsys):
    # Each on its own port with every match routed to one of them, or both on one port.
    args = ["loadtest", "--game", "toy", "--games", "4", "--seconds", "3", "--full-speed", "--json"]
    code = main([*args, "--database", db_url, "--workers", "2", "--route", route])
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert code == 0, report["first_errors"]
    assert report["workers"] == 2 and report["database"] == "postgresql" and report["route"] == route
    assert report["actions"] > 0 and report["http_actions"] > 0 and report["errors"] == 0


def _run(coro: Any) -> Any:
    """``asyncio.run`` in a thread of its own: a browser test run earlier in this worker leaves
    Playwright's event loop running in the main thread, where ``asyncio.run`` refuses to start."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def test_loadtest_refuses_several_workers_on_sqlite(capsys):
    assert main(["loadtest", "--game", "toy", "--workers", "2"]) != 0


@pytest.mark.slow
@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
def test_loadtest_compares_worker_counts_in_interleaved_rounds(db_url, capsys):
    args = ["loadtest", "--game", "toy", "--games", "2", "--seconds", "2", "--full-speed", "--json"]
    args += ["--database", db_url]
    code = main([*args, "--workers", "1,2", "--rounds", "2"])
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert code == 0, [r["first_errors"] for r in report["runs"]]
    # Interleaved, the order reversed every other round, each run on a database of its own.
    assert [(r["round"], r["workers"]) for r in report["runs"]] == [(1, 1), (1, 2), (2, 2), (2, 1)]
    assert all(r["errors"] == 0 and r["cpu_seconds"]["server"] >= 0 for r in report["runs"])
    assert sum(r["actions"] for r in report["runs"]) > 0
    ratios = report["ratio_to_first"]["2"]
    assert len(ratios) == 2 and all(x > 0 for x in ratios)


def test_the_load_tests_server_is_started_as_tavola_serve_starts_one(tmp_path, monkeypatch):
    # Same options (the pace given, `tavola serve`'s defaults for the rest) and the same code:
    # what the load test measures is the server people run.
    import socket

    from tavola.cli import serve

    started = {}

    def serve_process(app, settings, args, sockets=None, running=None):
        started.update(settings=settings, args=args, sockets=sockets)
        started["config"] = serve.uvicorn_config(app, args.host, args.port, args.log_level, settings)

    monkeypatch.setattr(serve, "serve_process", serve_process)
    sock = socket.socket()
    try:
        serve.serve_on_socket(f"sqlite:///{tmp_path / 'load.sqlite3'}", sock, 3.0, 0.05)
    finally:
        sock.close()
    defaults = serve.settings_from(serve.serve_arguments([]))
    settings, config = started["settings"], started["config"]
    assert (settings.bot_delay, settings.bot_think) == (3.0, 0.05)
    assert settings.bot_threads == defaults.bot_threads and settings.cache_memory == defaults.cache_memory
    assert started["sockets"] == [sock]
    assert config.timeout_keep_alive == serve.KEEP_ALIVE and config.ws_max_size == settings.max_ws_frame
    assert not config.access_log


def test_long_games_are_stored_as_the_server_stores_a_match_played_that_far(tmp_path, monkeypatch):
    # `--steps`: each match starts N steps in; the server rebuilds it from its last snapshot
    # and the actions after it, and its record replays to the same checksums.

    games = loadtest_long.played("toy", "basic", 2, 25, 2, seed=3)
    assert all(len(g.actions) >= 1 and not g.is_over for g in games)
    url = f"sqlite:///{tmp_path / 'long.sqlite3'}"
    Database(url).dispose()
    seats = [
        ({"north": "open", "south": "bot:random"}, 30.0),
        ({"north": "bot:random", "south": "bot:random"}, 40.0),
    ]
    stored = loadtest_long.store(url, games, seats, snapshot_every=10)
    assert [sorted(s.invites) for s in stored] == [["north"], []]
    applied: list[int] = []
    real = Game.apply

    def counting(self, role, action):
        applied.append(len(self.actions))
        return real(self, role, action)

    app = create_app(fast_settings(url, snapshot_every=10))
    monkeypatch.setattr(Game, "apply", counting)
    with TestClient(app) as client:
        p = app.state.platform
        data = p.matches.fetch(stored[0].match_id)
        assert data.match.step == len(games[0].actions) == 25 and data.match.bot_delay == 30.0
        game = p.matches._game(data.match)
        # Rebuilt from the snapshot at step 20: only the steps after it replayed (the bots wait).
        assert [n for n in applied if n < 25] == list(range(20, 25))
        assert game.checksums[-1] == games[0].checksums[-1]
        assert p.matches.fetch(stored[1].match_id).match.bot_delay == 40.0
        with p.db.session() as s:
            record = p.matches._record(s, data.match)
        assert replay(record).checksums == games[0].checksums
        joined = client.post(
            f"/api/matches/{stored[0].match_id}/join",
            json={"role": "north", "invite": stored[0].invites["north"]},
        )
        assert joined.status_code == 200


def _server_closing_its_sockets(database, sock, bot_delay, bot_think):
    """``tavola serve`` whose sockets close (1011) instead of sending their first view."""
    from tavola.cli.serve import serve_on_socket
    from tavola.server.hub import Hub

    async def send(self, conn, payload):
        await conn.ws.close(1011)
        return False

    Hub.send = send  # in the server's own process only
    serve_on_socket(database, sock, bot_delay, bot_think)


@pytest.mark.slow
def test_a_socket_lost_is_an_error_of_the_load_test():
    # A socket the server (or a keepalive ping's timeout) closes under a player or an observer
    # before its match ended is counted, and fails the run.
    from tavola.tools import loadtest

    load = loadtest.LoadTest(games=2, seconds=2, game="toy", think=0, bot_delay=0)
    load.server = _server_closing_its_sockets
    report = loadtest.run(load)
    assert report["sockets_lost"] >= 2 and report["errors"] >= report["sockets_lost"]
    assert report["sockets_lost_at_s"][-1] < 0  # as their hello was due: in the set-up
    assert all(e.startswith("SocketLost: socket lost (received 1011") for e in report["first_errors"]), (
        report["first_errors"]
    )


class _Socket:
    """A socket the server pushes ``views`` to, then closes."""

    def __init__(self, views):
        self.unread = [json.dumps({"type": "view", "view": v}) for v in views]

    async def recv(self):
        from websockets.exceptions import ConnectionClosedError
        from websockets.frames import Close

        await asyncio.sleep(0)
        if not self.unread:
            raise ConnectionClosedError(Close(1011, "keepalive ping timeout"), None)
        return self.unread.pop(0)


def test_a_seats_socket_is_read_while_its_player_thinks():
    # As a browser reads one: the views pushed while the player looks at the board are read at
    # once (none left unread to stop the connection's reading), the player takes the newest,
    # and a socket closed under it is lost, an error.
    from tavola.tools import loadtest

    async def play():
        plan = loadtest.Plan(["http://x"], "toy", "basic", 2, [], "random", 0.0, loadtest.Stats(), None)
        board = loadtest.Board(_Socket([{"step": i} for i in range(40)]))
        reader = asyncio.create_task(board.read())
        await asyncio.sleep(0.05)  # the player thinks
        assert board.count == 40 and board.ws.unread == []
        assert await board.newest(plan) == {"step": 39}
        with pytest.raises(loadtest.SocketLost, match="1011"):
            await board.newest(plan)
        await reader
        return plan.stats

    stats = _run(play())
    assert stats.sockets_lost == 1


def test_a_seat_asks_for_the_log_as_the_browsers_page_does():
    # Only the entries after those it holds (the whole log of a long game at every answer
    # was work no browser asks of the server), whether they came pushed or in an answer.
    from tavola.tools import loadtest

    board = loadtest.Board(None)
    assert board.log_query() == "log_from=0"
    board.took(
        {"step": 9, "log": [{"step": 7}, {"step": 8}], "log_from": 140, "log_size": 142, "log_step": 6}
    )
    assert board.log_query() == "log_from=142&log_step=8"
    board.took({"step": 10, "log": [], "log_from": 142, "log_size": 142, "log_step": 8})
    assert board.log_query() == "log_from=142&log_step=8"


def test_when_one_seat_of_a_match_fails_its_other_seats_stop_with_it():
    """A match whose seat is gone is not played on unattended: the other seats are cancelled
    and the failure is raised as it was."""
    from tavola.tools.loadtest import together

    stopped: list[str] = []

    async def fails() -> None:
        await asyncio.sleep(0.01)
        raise ConnectionError("socket gone")

    async def plays() -> None:
        try:
            await asyncio.sleep(60)
        finally:
            stopped.append("other seat")

    async def match() -> list[str]:
        with pytest.raises(ConnectionError, match="socket gone"):
            await asyncio.wait_for(together([fails(), plays()]), 10)
        return list(stopped)  # before the loop ends (asyncio.run cancels what is left then)

    assert _run(match()) == ["other seat"]


def test_seats_that_all_finish_end_the_match_without_error():
    from tavola.tools.loadtest import together

    done: list[int] = []

    async def seat(i: int) -> None:
        await asyncio.sleep(0.01 * i)
        done.append(i)

    _run(together([seat(2), seat(1)]))
    assert sorted(done) == [1, 2]
