"""One game of bots through a session, the unit of work of an arena or balance run: the same
:func:`play` runs in this process, in a worker process or as a Ray task (:mod:`.ray_games`), so
bots with a fixed number of simulations give the same games everywhere."""

from __future__ import annotations

import time
import traceback
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from tavola.bots import make_bot
from tavola.core.game import Game
from tavola.core.rules import clone

MAX_STEPS = 50_000  # default cap: a longer game is reported as unfinished and not counted


@dataclass
class Task:
    index: int
    game: str
    scenario: str
    players: int
    options: dict[str, Any]
    seed: int
    lineup: list[str]  # bot spec per seat, in seating order
    think: float | None
    bot_seed: int
    max_steps: int = MAX_STEPS


@dataclass
class Outcome:
    index: int
    roles: list[str]
    lineup: list[str]
    result: dict[str, Any] | None
    steps: int
    times: dict[str, list[float]] = field(default_factory=dict)  # spec -> decision seconds
    search: dict[str, dict[str, float]] = field(default_factory=dict)  # spec -> summed bot stats
    error: str | None = None  # an exception (a rules or bot bug)
    unfinished: bool = False  # stopped at the step cap (bots that stall, or a very long game)
    # [seat, scorer, round, source, points] summed over the game, where the rules report what
    # each action scored (``Rules.scored``): the balance report's points by round and source
    points: list[list[Any]] = field(default_factory=list)


def play(task: Task) -> Outcome:
    """Plays one game through a session (so every bot action is validated)."""
    game = Game(task.game, task.scenario, task.players, task.options, task.seed)
    roles = game.roles
    bots = {
        role: make_bot(spec, seed=task.bot_seed * 7919 + seat, think=task.think)
        for seat, (role, spec) in enumerate(zip(roles, task.lineup))
    }
    spec_of = dict(zip(roles, task.lineup))
    out = Outcome(task.index, roles, list(task.lineup), None, 0)
    times: dict[str, list[float]] = defaultdict(list)
    rules = game.rules
    tally = rules.scored(game.state, game.state, []) is not None
    points: dict[tuple[str, str, int | None, str], float] = defaultdict(float)
    try:
        while not game.is_over:
            if out.steps >= task.max_steps:
                out.unfinished = True
                break
            active = game.active_roles
            if not active:
                break  # no result either: reported as a failure
            role = active[0]
            choices = len(game.rules.legal_actions(game.state, role))
            t0 = time.perf_counter()
            action = bots[role].choose(game.rules, game.state_of(role), role)
            elapsed = time.perf_counter() - t0
            if choices > 1:  # forced moves would only dilute the timing figures
                times[spec_of[role]].append(elapsed)
            before = clone(game.state) if tally else None
            events = game.apply(role, list(action))
            if before is not None:
                now = rules.round(before)
                for seat, scorer, source, value in rules.scored(before, game.state, events) or ():
                    points[(seat, scorer, now, source)] += value
            out.steps += 1
    except Exception:
        out.error = f"step {out.steps}: " + traceback.format_exc(limit=6)
    out.result = game.result
    out.times = dict(times)
    out.points = [[*key, value] for key, value in points.items() if value]
    for role, bot in bots.items():
        acc = out.search.setdefault(spec_of[role], {})
        for key, value in bot.stats.items():
            acc[key] = acc.get(key, 0.0) + value
    return out
