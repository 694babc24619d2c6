"""Scenarios of the servers' collector policy, each run by ``test_server_collector`` in a fresh
interpreter: Python's thresholds and frozen objects belong to the whole process, and a test
process may hold anything (the browser tests' server serves through the whole session there).

``python gc_scenarios.py NAME DIRECTORY`` runs one; it fails with an AssertionError.
"""

from __future__ import annotations

import asyncio
import gc
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))  # server_helpers
sys.path.insert(0, str(Path(__file__).parent.parent))  # toygame

from fastapi import FastAPI
from fastapi.testclient import TestClient
from server_helpers import fast_settings

from tavola.core.registry import register
from tavola.server import create_app
from tavola.server.collector import NEVER, POLICY, YOUNG, Collector, young_collections_only

FOUND = gc.get_threshold()
assert FOUND[2] != NEVER and gc.get_freeze_count() == 0  # Python's own rule: the scenarios can fail


def _app(tmp: Path, name: str, **kw: object) -> FastAPI:
    return create_app(fast_settings(f"sqlite:///{tmp / name}.sqlite3", **kw))


def _tuned() -> None:
    assert gc.get_threshold() == (YOUNG, FOUND[1], NEVER), gc.get_threshold()
    assert gc.get_freeze_count() > 0  # what the process started with is never walked again


def _as_found() -> None:
    assert gc.get_threshold() == FOUND and gc.get_freeze_count() == 0, gc.get_threshold()
    assert POLICY.holders() == 0


def served_twice(tmp: Path) -> None:
    """A server's full collections are its own while it serves; stopped, all is as found; the
    same app started again, then another app, set and give back the policy again."""
    app = _app(tmp, "one", collect_every=0.2)
    with TestClient(app) as client:
        _tuned()
        deadline = time.monotonic() + 10
        while client.get("/api/health").json()["pauses"]["full_collections"] < 2:
            assert time.monotonic() < deadline, "no full collection made"
            time.sleep(0.05)
    _as_found()
    for again in (app, _app(tmp, "two")):
        with TestClient(again):
            _tuned()
        _as_found()


def two_servers(tmp: Path) -> None:
    """Two servers of one process, stopped in either order: the policy holds while either
    serves."""
    for n, first_out in enumerate((0, 1)):
        clients = [TestClient(_app(tmp, f"{n}-{i}")) for i in range(2)]
        for c in clients:
            c.__enter__()
            _tuned()
        clients[first_out].__exit__(None, None, None)
        _tuned()
        clients[1 - first_out].__exit__(None, None, None)
        _as_found()


def _search() -> int:
    """One decision of the search bot; how many times it froze the process."""
    from tavola.bots.mcts import MctsBot
    from tavola.core.game import new_game

    froze = []
    real = gc.freeze
    gc.freeze = lambda: (froze.append(1), real())[1]  # type: ignore[assignment]
    try:
        game = new_game("toy", seed=1)
        MctsBot(seed=1, think=0.05).choose(game.rules, game.state, game.active_roles[0])
    finally:
        gc.freeze = real  # type: ignore[assignment]
    return len(froze)


def search_in_a_server(tmp: Path) -> None:
    """A bot's search leaves a serving process's frozen objects frozen (Python starts no full
    collection there: nothing to keep out of one); elsewhere it freezes for its decision only."""
    register("toy", "toygame:RULES")
    with TestClient(_app(tmp, "one")):
        assert _search() == 0
        _tuned()
    _as_found()
    assert _search() == 1
    _as_found()


def bounded_run_in_a_server(tmp: Path) -> None:
    """The load test's clients' policy, inside a serving process and alone."""
    with TestClient(_app(tmp, "one")):
        with young_collections_only():
            _tuned()
        _tuned()
    _as_found()
    with young_collections_only():
        _tuned()
    _as_found()


def failed_start_up(tmp: Path) -> None:
    """A start-up that fails after the collector started gives the policy back; a collector
    whose event loop closed without its stop holds it no longer once another serves."""
    from tavola.server.matches import Matches

    def broken(self: Matches) -> list[str]:
        raise RuntimeError("the database went away")

    real = Matches.waiting_on_bots
    Matches.waiting_on_bots = broken  # type: ignore[method-assign]
    try:
        TestClient(_app(tmp, "one")).__enter__()
        raise AssertionError("the start-up did not fail")
    except RuntimeError as exc:
        assert "went away" in str(exc)
    finally:
        Matches.waiting_on_bots = real  # type: ignore[method-assign]
    _as_found()
    loop = asyncio.new_event_loop()
    Collector(600).start(loop)
    _tuned()
    for task in asyncio.all_tasks(loop):
        task.cancel()
    loop.run_until_complete(asyncio.sleep(0))
    loop.close()
    with TestClient(_app(tmp, "two")):
        _tuned()
    _as_found()


SCENARIOS: dict[str, Callable[[Path], None]] = {
    f.__name__: f
    for f in (served_twice, two_servers, search_in_a_server, bounded_run_in_a_server, failed_start_up)
}

if __name__ == "__main__":
    SCENARIOS[sys.argv[1]](Path(sys.argv[2]))
