"""Throughput of a game's rules: random playouts, legal listing, cloning; and of the session
path per click (the acting role's view, then the validated apply with its checksum, undo
snapshot and log), twice: with the plain view ``Game.view`` makes for tools and tests
(``session_*``, the figure measured since session 11), and as the server does it
(``server_session_*``): ``Game.packed_view``, the view encoded as JSON with only the log
entries the role's client does not hold yet (its socket's ``log=delta``), then the apply.

Numbers from one run are compared with each other (ratios, medians), never with fixed
thresholds: these machines are noisy.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from tavola.core.game import Game
from tavola.core.registry import get_rules
from tavola.core.rules import Rules, State, clone


def game_settings(rules: Rules, scenario: str | None, players: int | None) -> tuple[str, int, dict[str, Any]]:
    spec = next((s for s in rules.scenarios() if scenario in (None, s.name)), None)
    if spec is None:
        raise ValueError(f"{rules.id} has no scenario {scenario!r}")
    return spec.name, players or spec.default_players, {o.name: o.default for o in spec.options}


def positions(
    game_id: str,
    scenario: str | None = None,
    players: int | None = None,
    count: int = 20,
    seed: int = 1,
    per_game: int = 5,
) -> list[tuple[State, str]]:
    """``count`` positions of random games, each with the role to move where that role has
    a real choice: up to ``per_game`` of them from each game (seeded from ``seed`` on),
    evenly spread from its start to its end. The positions a search bot is timed on."""
    rules = get_rules(game_id)
    scenario, players, options = game_settings(rules, scenario, players)
    pick = random.Random(seed)
    out: list[tuple[State, str]] = []
    for game in range(10 * count):
        if len(out) >= count:
            break
        state = rules.setup(scenario, players, options, seed + game)
        seen: list[tuple[State, str]] = []
        while rules.result(state) is None:
            active = rules.active_roles(state)
            if not active:
                break
            role = active[pick.randrange(len(active))]
            legal = rules.legal_actions(state, role)
            if len(legal) > 1:
                seen.append((clone(state), role))
            rules.apply(state, role, legal[pick.randrange(len(legal))])
        take = min(per_game, count - len(out), len(seen))
        out.extend(seen[(2 * i + 1) * len(seen) // (2 * take)] for i in range(take))
    return out


def run(
    game_id: str,
    scenario: str | None = None,
    players: int | None = None,
    seconds: float = 10.0,
    seed: int = 1,
) -> dict[str, Any]:
    rules = get_rules(game_id)
    scenario, players, options = game_settings(rules, scenario, players)
    pick = random.Random(seed)
    actions = games = 0
    legal_time = apply_time = 0.0
    samples: list[dict[str, Any]] = []
    deadline = time.perf_counter() + seconds
    start = time.perf_counter()
    cpu_start = time.process_time()  # on a shared machine the process's own time is the fair figure
    while time.perf_counter() < deadline:
        state = rules.setup(scenario, players, options, seed + games)
        steps = 0
        while rules.result(state) is None and time.perf_counter() < deadline:
            t0 = time.perf_counter()
            active = rules.active_roles(state)
            role = active[pick.randrange(len(active))]
            legal = rules.legal_actions(state, role)
            t1 = time.perf_counter()
            rules.apply(state, role, legal[pick.randrange(len(legal))])
            t2 = time.perf_counter()
            legal_time += t1 - t0
            apply_time += t2 - t1
            steps += 1
            if steps % 97 == 0 and len(samples) < 200:
                samples.append(clone(state))
        actions += steps
        if rules.result(state) is not None:
            games += 1
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    clone_us = []
    for s in samples or [rules.setup(scenario, players, options, seed)]:
        t0 = time.perf_counter()
        for _ in range(20):
            clone(s)
        clone_us.append((time.perf_counter() - t0) / 20 * 1e6)
    return {
        "game": game_id,
        "scenario": scenario,
        "players": players,
        "seconds": round(elapsed, 2),
        "actions": actions,
        "games": games,
        "actions_per_second": round(actions / elapsed),
        "actions_per_cpu_second": round(actions / cpu) if cpu else None,
        "games_per_second": round(games / elapsed, 3),
        "actions_per_game": round(actions / games, 1) if games else None,
        "legal_us": round(legal_time / max(actions, 1) * 1e6, 2),
        "apply_us": round(apply_time / max(actions, 1) * 1e6, 2),
        "clone_us_median": round(statistics.median(clone_us), 2),
        **session_path(game_id, scenario, players, seconds, seed),
        **{
            f"server_{k}": v for k, v in session_path(game_id, scenario, players, seconds, seed, True).items()
        },
    }


def session_path(
    game_id: str, scenario: str, players: int, seconds: float, seed: int = 1, server: bool = False
) -> dict[str, Any]:
    """Random games through :class:`Game` as a session plays them: per click, the acting
    role's view (redacted, with its prompt, legal actions and log), then ``apply`` (validation,
    undo snapshot, checksum, log). Actions per second, and the microseconds of each half. With
    ``server``, the view as the server answers a click: packed, encoded with the new entries."""
    served = _served_view() if server else None  # (imported before the clock starts)
    pick = random.Random(seed)
    actions = games = 0
    view_time = apply_time = 0.0
    deadline = time.perf_counter() + seconds
    start = time.perf_counter()
    cpu_start = time.process_time()
    while time.perf_counter() < deadline:
        game = Game(game_id, scenario, players, seed=seed + games)
        held: dict[str | None, int] = {}
        while not game.is_over and time.perf_counter() < deadline:
            t0 = time.perf_counter()
            active = game.active_roles
            role = active[pick.randrange(len(active))]
            view = served(game, role, held) if served is not None else game.view(role)
            legal = [a for a in view["actions"] if a != ["undo"]]
            t1 = time.perf_counter()
            game.apply(role, legal[pick.randrange(len(legal))])
            view_time += t1 - t0
            apply_time += time.perf_counter() - t1
            actions += 1
        games += 1
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    return {
        "session_actions_per_second": round(actions / elapsed),
        "session_actions_per_cpu_second": round(actions / cpu) if cpu else None,
        "session_view_us": round(view_time / max(actions, 1) * 1e6, 2),
        "session_apply_us": round(apply_time / max(actions, 1) * 1e6, 2),
    }


def _served_view() -> Callable[[Game, str, dict[str | None, int]], dict[str, Any]]:
    """The role's view as the server sends it: packed, encoded as JSON with the log entries
    after the ``held`` ones its client has (``tavola.server.logwindow``); the view."""
    from tavola.server.logwindow import fields
    from tavola.server.wire import encode

    def served(game: Game, role: str, held: dict[str | None, int]) -> dict[str, Any]:
        view = game.packed_view(role)
        log = view["log"]
        encode({**view, **fields(log, min(held.get(role, 0), len(log)))})
        held[role] = len(log)
        return view

    return served
