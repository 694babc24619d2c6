"""Random legal play that hunts for rule bugs.

Each game is played with uniformly random legal actions straight on the rules (fast), and
checked for: exceptions (crashes), dead ends (nobody active but no result, or an active
role with no legal action), invariant violations (``Rules.check`` on every state reached,
``Rules.check_step`` on every step, in straight play and in session games alike), games past a step limit,
non-determinism (replaying the actions from the seed must give the same checksum), and
undo misuse (every few games run through a :class:`Game` session that takes actions back
at random and must land on the exact earlier checksum; its record must replay and verify).
Every failure is written as a game record that reproduces it.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing import get_context
from pathlib import Path
from typing import Any

from tavola.core.errors import TavolaError
from tavola.core.game import COMMIT, RECORD_FORMAT, Game, checksum, decode_commit, replay
from tavola.core.registry import get_rules
from tavola.core.rules import Rules, clone


@dataclass
class Failure:
    kind: str  # crash | dead-end | invariant | step-limit | nondeterminism | undo
    message: str
    record: dict[str, Any]


@dataclass
class GameReport:
    steps: int = 0
    finished: bool = False
    failures: list[Failure] = field(default_factory=list)
    invariants: dict[str, int] = field(default_factory=dict)  # times each step invariant applied
    digest: str | None = None  # digest_one's sum of the game


def settings_cycle(rules: Rules, scenario: str | None, players: int | None) -> list[tuple[str, int]]:
    """Every (scenario, player count) to cycle through, narrowed by the user's choice."""
    combos = []
    for sc in rules.scenarios():
        if scenario is not None and sc.name != scenario:
            continue
        for n in sc.players:
            if players is None or n == players:
                combos.append((sc.name, n))
    return combos


def _record(
    game_id: str, scenario: str, players: int, options: dict[str, Any], seed: int, actions: list[list[Any]]
) -> dict[str, Any]:
    return {
        "format": RECORD_FORMAT,
        "game": game_id,
        "scenario": scenario,
        "players": players,
        "options": options,
        "seed": seed,
        "actions": actions,
    }


def fuzz_one(
    game_id: str,
    scenario: str,
    players: int,
    seed: int,
    max_steps: int,
    check_every: int = 1,
    session: bool = False,
    options: dict[str, Any] | None = None,
) -> GameReport:
    """Play one random game and report what went wrong (with the scenario's default options
    unless ``options`` are given)."""
    rules = get_rules(game_id)
    if options is None:
        options = {o.name: o.default for sc in rules.scenarios() if sc.name == scenario for o in sc.options}
    pick = random.Random(seed * 7919 + 1)
    if session:
        return _fuzz_session(game_id, scenario, players, options, seed, max_steps, pick)
    report = GameReport()
    actions: list[list[Any]] = []
    step_checks = rules.checks_steps

    def fail(kind: str, message: str) -> GameReport:
        report.failures.append(
            Failure(kind, message, _record(game_id, scenario, players, options, seed, actions))
        )
        return report

    try:
        state = rules.setup(scenario, players, options, seed)
    except Exception:
        return fail("crash", "setup: " + traceback.format_exc())
    while True:
        if rules.result(state) is not None:
            report.finished = True
            break
        active = rules.active_roles(state)
        if not active:
            return fail("dead-end", f"step {len(actions)}: no active role and no result")
        role = active[pick.randrange(len(active))]
        legal = rules.legal_actions(state, role)
        if not legal:
            return fail("dead-end", f"step {len(actions)}: {role} is active but has no legal action")
        action = legal[pick.randrange(len(legal))]
        actions.append([role, *action])
        before = clone(state) if step_checks else state
        try:
            events = rules.apply(state, role, action)
        except Exception:
            return fail("crash", f"step {len(actions) - 1}: {role} {list(action)}\n" + traceback.format_exc())
        report.steps = len(actions)
        if check_every and report.steps % check_every == 0:
            problems = rules.check(state)
            if step_checks:
                problems += rules.check_step(before, role, action, state, events, report.invariants)
            if problems:
                return fail("invariant", f"step {len(actions) - 1}: " + "; ".join(problems))
        if report.steps >= max_steps:
            return fail("step-limit", f"no result after {max_steps} steps")
    problems = rules.check(state)
    if problems:
        return fail("invariant", "at the end: " + "; ".join(problems))
    # Determinism: the same seed and actions must rebuild the same state.
    again = rules.setup(scenario, players, options, seed)
    for role, *action in actions:
        rules.apply(again, role, tuple(action))
    if checksum(again) != checksum(state):
        return fail("nondeterminism", "replaying the actions from the seed gave a different state")
    return report


def _fuzz_session(
    game_id: str,
    scenario: str,
    players: int,
    options: dict[str, Any],
    seed: int,
    max_steps: int,
    pick: random.Random,
) -> GameReport:
    """A random game through the session, taking actions back at random (§ undo contract),
    with the same invariant checks after every step as straight play."""
    report = GameReport()
    game = Game(game_id, scenario, players, options, seed)
    rules = game.rules
    step_checks = rules.checks_steps

    def fail(kind: str, message: str) -> GameReport:
        report.failures.append(Failure(kind, message, game.record()))
        return report

    history: list[str] = []  # checksum before each step
    while not game.is_over:
        active = game.active_roles
        if not active:
            return fail("dead-end", f"step {len(game.actions)}: no active role and no result")
        role = active[pick.randrange(len(active))]
        legal = game.legal_actions(role)
        if not legal:
            return fail("dead-end", f"step {len(game.actions)}: {role} has no legal action")
        action = legal[pick.randrange(len(legal))]
        if action != ("undo",) and game.can_undo(role) and pick.random() < 0.1:
            action = ("undo",)
        before = checksum(game.state)
        committed = clone(game.state) if step_checks else game.state
        steps = len(game.actions)
        try:
            events = game.apply(role, action)
        except TavolaError as exc:
            return fail("crash", f"step {len(game.actions)}: listed action refused: {exc}")
        except Exception:
            return fail(
                "crash", f"step {len(game.actions)}: {role} {list(action)}\n" + traceback.format_exc()
            )
        if game.private:
            continue  # a click (or undo) in a secret draft: no step until the choice is committed
        if action == ("undo",):
            if not history or game.checksums[-1] != history.pop():
                return fail("undo", f"step {len(game.actions) - 1}: undo did not restore the earlier state")
        else:
            history.append(before)
        problems = rules.check(game.state)
        if step_checks and action != ("undo",) and len(game.actions) > steps:
            problems += _check_entry(
                rules, committed, game.actions[-1], game.state, events, report.invariants
            )
        if problems:
            return fail("invariant", f"step {len(game.actions) - 1}: " + "; ".join(problems))
        if len(history) >= max_steps:  # undone steps do not count: they made no progress
            return fail("step-limit", f"no result after {max_steps} steps")
    report.steps = len(game.actions)
    report.finished = True
    try:
        replay(game.record(), verify=True)
    except TavolaError as exc:
        return fail("nondeterminism", f"the record does not replay: {exc}")
    return report


def _check_entry(
    rules: Rules,
    before: Any,
    entry: list[Any],
    after: Any,
    events: list[Any],
    seen: dict[str, int],
) -> list[str]:
    """The step invariants of one recorded step: a secret choice committed as several clicks is
    checked click by click, replayed from the state before it (the rules are deterministic)."""
    role, *action = entry
    if action[0] != COMMIT:
        return rules.check_step(before, role, tuple(action), after, events, seen)
    problems: list[str] = []
    state = before
    for click in decode_commit(tuple(action)):
        prev = clone(state)
        more = rules.apply(state, role, click)
        problems += rules.check_step(prev, role, click, state, more, seen)
    return problems


def digest_one(
    game_id: str, scenario: str, players: int, seed: int, options: dict[str, Any] | None = None
) -> GameReport:
    """Play one random game through the session as a server does (each click from the acting
    role's view, then ``Game.apply``) and sum it up in a digest: at every step the active roles,
    the prompt and actions offered, the action drawn, its log events and the state's checksum.
    The same code plays the same game, so two versions of the code that give every game the
    same digest play identically (``tavola fuzz --compare``); nothing is checked beyond that."""
    rules = get_rules(game_id)
    if options is None:
        options = {o.name: o.default for sc in rules.scenarios() if sc.name == scenario for o in sc.options}
    pick = random.Random(seed * 7919 + 1)
    game = Game(game_id, scenario, players, options, seed)
    report = GameReport()
    digest = hashlib.sha256()
    encode = json.JSONEncoder(sort_keys=True, separators=(",", ":"), default=repr).encode
    while not game.is_over:
        active = game.active_roles
        if not active:
            break
        role = active[pick.randrange(len(active))]
        view = game.view(role)
        legal = [a for a in view["actions"] if a != ["undo"]]
        if not legal:
            break
        action = legal[pick.randrange(len(legal))]
        events = game.apply(role, action)
        digest.update(
            encode([active, view["prompt"], view["actions"], action, events, game.checksums[-1]]).encode()
        )
        if len(game.actions) >= DIGEST_STEPS:
            break
    report.steps = len(game.actions)
    report.finished = game.is_over
    report.digest = digest.hexdigest()[:16]
    return report


DIGEST_STEPS = 50_000
"""A digest game stops here, finished or not (a game that loops is the fuzzer's to find)."""

_Result = tuple[tuple[str, int, int], GameReport, float]
"""One game's (scenario, players, seed), its report and its seconds."""


def _job(args: tuple[str, str, int, int, int, bool | None, dict[str, Any] | None]) -> _Result:
    game_id, scenario, players, seed, max_steps, session, options = args
    start = time.perf_counter()
    if session is None:  # a digest game
        rep = digest_one(game_id, scenario, players, seed, options)
    else:
        rep = fuzz_one(game_id, scenario, players, seed, max_steps, session=session, options=options)
    return (scenario, players, seed), rep, time.perf_counter() - start


def random_options(rules: Rules, scenario: str, seed: int) -> dict[str, Any]:
    """Every option of the scenario at a value drawn from the game's seed, so the rules' other
    readings are played as often as the defaults (a failure's record names the options)."""
    draw = random.Random(seed * 7919 + 3)
    return {
        o.name: draw.choice(o.choices) for sc in rules.scenarios() if sc.name == scenario for o in sc.options
    }


def run(
    game_id: str,
    games: int,
    seed: int = 1,
    scenario: str | None = None,
    players: int | None = None,
    max_steps: int = 200_000,
    jobs: int = 0,
    out_dir: Path | None = None,
    session_every: int = 10,
    progress: Callable[[int, int, int], None] | None = None,
    options: str = "default",
    compare: dict[str, str] | None = None,
    digests: bool = False,
) -> dict[str, Any]:
    """Fuzz ``games`` games across all scenarios and player counts; returns a summary.

    ``options``: ``default`` plays every game with the scenario's default options, ``random``
    draws each game's options (:func:`random_options`). ``progress(done, total, failures)`` is
    called after each game. ``digests``: the games are played for their digests instead
    (:func:`digest_one`, no checks), given in the summary by seed; with ``compare`` (the
    digests of another run, by seed) each game whose digest differs is a failure."""
    digests = digests or compare is not None
    rules = get_rules(game_id)
    combos = settings_cycle(rules, scenario, players)
    if not combos:
        raise TavolaError(f"{game_id} has no scenario {scenario!r} with {players} players")
    tasks = []
    for i in range(games):
        sc, n = combos[i % len(combos)]
        drawn = random_options(rules, sc, seed + i) if options == "random" else None
        session = None if digests else session_every > 0 and i % session_every == 0
        tasks.append((game_id, sc, n, seed + i, max_steps, session, drawn))
    started = time.perf_counter()
    results: list[_Result] = []
    failed = 0
    written: dict[int, list[str]] = {}

    def collect(item: _Result) -> None:
        nonlocal failed
        results.append(item)
        if compare is not None:
            _compare(item, compare)
        failed += bool(item[1].failures)
        # written at once: a stopped run keeps them (a digest game's failure has no record)
        if out_dir is not None and item[1].failures and not digests:
            written[item[0][2]] = _write_failures(game_id, item, out_dir)
        if progress is not None:
            progress(len(results), games, failed)

    if jobs == 1 or games == 1:
        for t in tasks:
            collect(_job(t))
    else:
        with get_context("fork").Pool(jobs or os.cpu_count() or 1) as pool:
            for item in pool.imap_unordered(_job, tasks, chunksize=1):
                collect(item)
    seconds = time.perf_counter() - started
    steps, failures, exercised = _summary(results, written)
    out = {
        "game": game_id,
        "games": games,
        "settings": [f"{sc}/{n}p" for sc, n in combos],
        "options": options,
        "steps": steps,
        "seconds": round(seconds, 2),
        "failures": failures,
        "invariants": exercised,
    }
    if digests:
        out["digests"] = {str(s): rep.digest for (_, _, s), rep, _ in sorted(results, key=lambda r: r[0][2])}
    return out


def _compare(item: _Result, other: dict[str, str]) -> None:
    """A digest game's failure when another run's digest of the same seed differs."""
    (_, _, s), rep, _ = item
    was = other.get(str(s))
    if was != rep.digest:
        rep.failures.append(Failure("changed", f"digest {rep.digest}, the other run's {was}", {}))


def _write_failures(game_id: str, item: _Result, out_dir: Path) -> list[str]:
    """Each failure of one game as a record that reproduces it, with what went wrong; the paths."""
    (sc, n, s), rep, _secs = item
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = []
    for f in rep.failures:
        path = out_dir / f"{game_id}-{sc}-{n}p-seed{s}-{f.kind}.json"
        path.write_text(json.dumps({**f.record, "failure": {"kind": f.kind, "message": f.message}}, indent=1))
        paths.append(str(path))
    return paths


def _summary(
    results: list[_Result], written: dict[int, list[str]]
) -> tuple[int, list[dict[str, Any]], dict[str, int]]:
    """The steps played, every failure (with its record's path when written) by seed, and how
    often each step invariant applied."""
    failures = []
    steps = 0
    exercised: dict[str, int] = {}
    for (sc, n, s), rep, _secs in sorted(results, key=lambda r: r[0][2]):
        steps += rep.steps
        for name, k in rep.invariants.items():
            exercised[name] = exercised.get(name, 0) + k
        for i, f in enumerate(rep.failures):
            entry: dict[str, Any] = {
                "kind": f.kind,
                "scenario": sc,
                "players": n,
                "seed": s,
                "message": f.message.strip().splitlines()[-1][:300],
            }
            if s in written:
                entry["record"] = written[s][i]
            failures.append(entry)
    return steps, failures, dict(sorted(exercised.items()))
