"""Bots playing each other, many games in parallel: the library behind ``tavola arena`` and
``tavola balance``.

An arena seats the listed bots in every rotation (each bot in each seat equally often, with
the same seed for the games of one rotation block, so seats are compared on equal deals) and
reports per bot the games, wins (shared wins split), win rate with a Wilson 95% interval, a
Bradley–Terry rating on the Elo scale, and the time its decisions took.

A balance run seats one bot in every seat and reports who wins from which seat.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import json
import math
import multiprocessing
import os
import statistics
import sys
import zlib
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import tavola.bots
from tavola.bots import make_bot
from tavola.core.errors import UnknownGame
from tavola.core.game import Game
from tavola.core.registry import GAMES, module_of, register
from tavola.tools.one_game import MAX_STEPS, Outcome, Task, play

Z95 = 1.959963984540054


# --- statistics ----------------------------------------------------------------------------
def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (shared wins count fractionally)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: list[float], q: float) -> float:
    """The nearest-rank percentile (q in 0..100) of a non-empty list."""
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def bradley_terry(
    pairs: dict[tuple[str, str], float], names: list[str], rounds: int = 500
) -> dict[str, float]:
    """Ratings on the Elo scale (mean 1500) fitted to pairwise scores.

    ``pairs[(a, b)]`` is what ``a`` scored against ``b`` (1 a win, 0.5 a draw). Each player
    also gets one virtual draw against an average player, so a bot that never loses still has
    a finite rating. Fitted with the minorization–maximization iteration (Hunter 2004)."""
    if len(names) < 2:
        return {n: 1500.0 for n in names}
    score = {n: 0.5 for n in names}  # the virtual draw
    games: dict[str, dict[str, float]] = {n: defaultdict(float) for n in names}
    for (a, b), s in pairs.items():
        score[a] += s
        games[a][b] += s
        games[b][a] += s
    # games[a][b] now holds a's score against b plus b's against a: the number of comparisons.
    strength = dict.fromkeys(names, 1.0)
    for _ in range(rounds):
        new = {}
        for a in names:
            denom = 1.0 / (strength[a] + 1.0)  # the virtual opponent has strength 1
            for b, n in games[a].items():
                denom += n / (strength[a] + strength[b])
            new[a] = score[a] / denom
        log_mean = sum(math.log(v) for v in new.values()) / len(new)
        scale = math.exp(log_mean)
        delta = max(abs(new[a] / scale - strength[a]) for a in names)
        strength = {a: v / scale for a, v in new.items()}
        if delta < 1e-10:
            break
    return {a: 1500.0 + 400.0 * math.log10(v) for a, v in strength.items()}


def chi2_uniform(counts: list[float]) -> tuple[float, float]:
    """Chi-squared statistic and p-value of ``counts`` against equal shares."""
    k = len(counts)
    total = sum(counts)
    if k < 2 or total <= 0:
        return (0.0, 1.0)
    expected = total / k
    x = sum((c - expected) ** 2 / expected for c in counts)
    return (x, chi2_survival(x, k - 1))


def chi2_survival(x: float, dof: int) -> float:
    """P(X >= x) for a chi-squared variable with ``dof`` degrees of freedom (closed forms)."""
    if x <= 0:
        return 1.0
    half = x / 2
    if dof % 2 == 0:
        term, total = 1.0, 1.0
        for i in range(1, dof // 2):
            term *= half / i
            total += term
        return min(1.0, math.exp(-half) * total)
    total = math.erfc(math.sqrt(half))
    if dof > 1:
        term = math.sqrt(2 * x / math.pi) * math.exp(-half)
        acc = term
        for i in range(1, (dof - 1) // 2):
            term *= x / (2 * i + 1)
            acc += term
        total += acc
    return min(1.0, total)


# --- playing the games -----------------------------------------------------------------------
def _init_worker(games: dict[str, Any], path: list[str]) -> None:
    # Games registered at run time (tests, plug-ins) must exist in the workers too.
    sys.path[:] = path
    for game_id, target in games.items():
        register(game_id, target)


# Files of a game's package that never change how a game is played: the invariant checker (the
# fuzzer's), the texts of the log and prompts, the section index, the browser's files.
NOT_PLAY = {"invariants.py", "messages.yaml", "sections.yaml"}


def play_files(game_id: str) -> list[Path]:
    """The files that decide how a game of ``game_id`` is played: its package (rules, board and
    card data, bot knowledge) and the bots, without what cannot change a game (``NOT_PLAY``,
    the ``web`` folder)."""
    module = importlib.import_module(module_of(game_id))
    out: list[Path] = []
    for root in (Path(module.__file__ or ""), Path(tavola.bots.__file__ or "")):
        if root.name != "__init__.py":
            out.append(root)
            continue
        out += sorted(
            f
            for f in root.parent.rglob("*")
            if f.suffix in {".py", ".yaml", ".json"}
            and f.name not in NOT_PLAY
            and "web" not in f.relative_to(root.parent).parts
        )
    return out


@functools.cache
def code_fingerprint(game_id: str) -> str:
    """A digest of :func:`play_files`: a log written before the scenario data was tuned, or the
    rules or the bots changed, is not resumed; a fixed invariant checker or a reworded message
    keeps a long balance log."""
    digest = hashlib.sha256()
    base = Path(tavola.__file__ or "").parent
    for f in play_files(game_id):
        digest.update(str(f.relative_to(base) if f.is_relative_to(base) else f.name).encode())
        digest.update(f.read_bytes())
    return digest.hexdigest()[:16]


def task_key(task: Task) -> str:
    """What makes two games the same game (for resuming from a log)."""
    return json.dumps(
        [
            code_fingerprint(task.game),
            task.index,
            task.game,
            task.scenario,
            task.players,
            task.options,
            task.seed,
            task.lineup,
            task.think,
            task.bot_seed,
            task.max_steps,
        ],
        sort_keys=True,
    )


def read_log(path: str, tasks: list[Task]) -> dict[int, Outcome]:
    """Outcomes already in a log that belong to these very tasks."""
    keys = {task_key(t): t.index for t in tasks}
    found: dict[int, Outcome] = {}
    if not os.path.exists(path):
        return found
    with open(path, encoding="utf-8") as f:
        for line in f:
            try:
                entry = json.loads(line)
                index = keys.get(entry.pop("key"))
                if index is not None:
                    found[index] = Outcome(**entry)
            except (ValueError, KeyError, TypeError):
                continue  # a line cut short by an interrupted run
    return found


def run_tasks(
    tasks: list[Task],
    jobs: int,
    progress: Callable[[int], None] | None = None,
    log: str | None = None,
    ray: str | None = None,
) -> list[Outcome]:
    """Plays the tasks, in parallel over ``jobs`` processes; outcomes in task order.

    With ``log``, each finished game is appended to that file (JSON lines) and games already
    logged with the same settings are taken from it instead of being played again. With
    ``ray`` (a cluster address, or ``""`` for a local Ray), the games are Ray tasks instead."""
    outcomes = list(read_log(log, tasks).values()) if log else []
    skip = {o.index for o in outcomes}
    todo = [t for t in tasks if t.index not in skip]
    keys = {t.index: task_key(t) for t in todo}
    sink = open(log, "a", encoding="utf-8") if log else None  # noqa: SIM115 (closed below)
    try:

        def finished(out: Outcome) -> None:
            outcomes.append(out)
            if sink is not None:
                sink.write(json.dumps({"key": keys[out.index], **asdict(out)}) + "\n")
                sink.flush()
            if progress:
                progress(len(outcomes))

        if ray is not None:
            from tavola.tools import ray_games

            for out in ray_games.outcomes(todo, ray or None):
                finished(out)
        elif jobs <= 1 or len(todo) <= 1:
            results: Iterable[Outcome] = map(play, todo)
            for out in results:
                finished(out)
        else:
            initargs = (dict(GAMES), list(sys.path))
            with multiprocessing.Pool(jobs, initializer=_init_worker, initargs=initargs) as pool:
                for out in pool.imap_unordered(play, todo, chunksize=1):
                    finished(out)
    finally:
        if sink is not None:
            sink.close()
    outcomes.sort(key=lambda o: o.index)
    return outcomes


# --- settings shared by both commands ------------------------------------------------------
@dataclass
class Settings:
    game: str
    scenario: str
    players: int
    options: dict[str, Any]
    roles: list[str]
    unscored: str = ""  # the scenario's reason why its scores do not compare the seats


def resolve(game_id: str, scenario: str | None, players: int | None, options: dict[str, Any]) -> Settings:
    """Checks the game settings the way a session does, before any worker starts."""
    probe = Game(game_id, scenario, players, options, 0)
    spec = next(s for s in probe.rules.scenarios() if s.name == probe.scenario)
    return Settings(game_id, probe.scenario, probe.players, probe.options, probe.roles, spec.unscored)


def parse_options(raw: list[str] | None) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for item in raw or []:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise UnknownGame(f"an option is KEY=VALUE, not {item!r}")
        lowered = value.lower()
        if lowered in ("true", "false"):
            options[key] = lowered == "true"
        elif value.lstrip("-").isdigit():
            options[key] = int(value)
        else:
            options[key] = value
    return options


def check_specs(specs: list[str]) -> None:
    for spec in specs:
        try:
            make_bot(spec)
        except ValueError as exc:
            raise UnknownGame(str(exc)) from None


def _seed(*parts: int) -> int:
    return zlib.crc32(json.dumps(parts).encode())


def _summarize_times(outcomes: list[Outcome]) -> dict[str, dict[str, float]]:
    times: dict[str, list[float]] = defaultdict(list)
    for out in outcomes:
        for spec, ts in out.times.items():
            times[spec].extend(ts)
    return {
        spec: {
            "median": round(statistics.median(ts), 4),
            "p99": round(percentile(ts, 99), 4),
            "decisions": len(ts),
        }
        for spec, ts in times.items()
        if ts
    }


def _summarize_search(outcomes: list[Outcome]) -> dict[str, dict[str, float]]:
    acc: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for out in outcomes:
        for spec, stats in out.search.items():
            for key, value in stats.items():
                acc[spec][key] += value
    summary = {}
    for spec, stats in acc.items():
        if stats.get("searches"):
            summary[spec] = {
                "searches": int(stats["searches"]),
                "iterations_per_second": round(stats["iterations"] / max(stats["seconds"], 1e-9), 1),
                "iterations_per_search": round(stats["iterations"] / stats["searches"], 1),
            }
    return summary


def _left_out(outcomes: list[Outcome]) -> tuple[set[int], int, int]:
    """Games not counted (failed or unfinished), reported on stderr, and how many of each."""
    errors = unfinished = 0
    skip = set()
    for out in outcomes:
        if out.error is None and not out.unfinished and out.result is not None:
            continue
        skip.add(out.index)
        if out.error is not None or not out.unfinished:
            errors += 1
            why = out.error or "no active role but no result"
        else:
            unfinished += 1
            why = f"unfinished after {out.steps} steps"
        print(f"game {out.index} ({', '.join(out.lineup)}): {why}", file=sys.stderr)
    return skip, errors, unfinished


# --- arena ---------------------------------------------------------------------------------
def arena_tasks(
    settings: Settings,
    specs: list[str],
    games: int,
    seed: int,
    think: float | None,
    max_steps: int = MAX_STEPS,
) -> list[Task]:
    """Games in rotation blocks: block b uses seed ``seed + b`` and every cyclic seating of
    the lineup, so each bot sits in each seat equally often on the same deals."""
    seats = settings.players
    blocks = math.ceil(games / seats)
    tasks = []
    for b in range(blocks):
        for k in range(seats):
            index = b * seats + k
            lineup = [specs[(i - k) % seats] for i in range(seats)]
            tasks.append(
                Task(
                    index,
                    settings.game,
                    settings.scenario,
                    seats,
                    settings.options,
                    seed + b,
                    lineup,
                    think,
                    _seed(seed, index),
                    max_steps,
                )
            )
    return tasks


def win_shares(result: dict[str, Any], roles: list[str]) -> dict[str, float]:
    """Each seat's share of one game's win: tied winners split it, and a finished game that no
    one wins (a draw, as Maria's §24 has) gives every seat an equal share, as a drawn game of
    chess gives each player half a point, so a game whose rules allow draws can still show its
    seats even."""
    winners = [r for r in dict.fromkeys(result.get("winners", [])) if r in roles] or list(roles)
    return {r: (1.0 / len(winners) if r in winners else 0.0) for r in roles}


def arena_report(settings: Settings, specs: list[str], outcomes: list[Outcome]) -> dict[str, Any]:
    bad, errors, unfinished = _left_out(outcomes)
    good = [o for o in outcomes if o.index not in bad]
    names = list(dict.fromkeys(specs))
    played = dict.fromkeys(names, 0)
    wins = dict.fromkeys(names, 0.0)
    seats: dict[str, dict[str, int]] = {n: dict.fromkeys(settings.roles, 0) for n in names}
    pairs: dict[tuple[str, str], float] = defaultdict(float)
    for out in good:
        assert out.result is not None
        scores = out.result.get("scores", {})
        share = win_shares(out.result, out.roles)
        for role, spec in zip(out.roles, out.lineup):
            played[spec] += 1
            wins[spec] += share[role]
            seats[spec][role] += 1
        rank = {r: (share[r], _number(scores.get(r))) for r in out.roles}
        for i, a in enumerate(out.roles):
            for b in out.roles[i + 1 :]:
                sa, sb = out.lineup[out.roles.index(a)], out.lineup[out.roles.index(b)]
                if sa == sb:
                    continue
                s = 1.0 if rank[a] > rank[b] else 0.0 if rank[a] < rank[b] else 0.5
                pairs[(sa, sb)] += s
                pairs[(sb, sa)] += 1.0 - s
    ratings = bradley_terry(dict(pairs), names)
    bots = {}
    for n in names:
        lo, hi = wilson(wins[n], played[n])
        bots[n] = {
            "games": played[n],
            "wins": round(wins[n], 3),
            "win_rate": round(wins[n] / played[n], 4) if played[n] else 0.0,
            "ci95": [round(lo, 4), round(hi, 4)],
            "rating": round(ratings[n], 1),
        }
    return {
        "game": settings.game,
        "scenario": settings.scenario,
        "players": settings.players,
        "games": len(good),
        "bots": bots,
        "decision_time": _summarize_times(good),
        "search": _summarize_search(good),
        "seats": seats,
        "errors": errors,
        "unfinished": unfinished,
    }


def _number(value: Any) -> float:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else 0.0


# --- balance -------------------------------------------------------------------------------
FAIR_WIN_GAP = 0.10  # no seat's win share more than 10 points from an even share
FAIR_SCORE_SPREAD = 0.15  # the seats' mean scores within 15% of their mean
FAIR_MIN_GAMES = 48  # fewer games give no verdict: a seat's 95% interval is still ±14 points


def fairness(seats: dict[str, dict[str, Any]], games: int, unscored: str = "") -> dict[str, Any]:
    """The seats are fair when, over at least ``FAIR_MIN_GAMES`` games, every seat's win share
    is within ``FAIR_WIN_GAP`` of an even share and the spread of the seats' mean scores
    (highest minus lowest) is within ``FAIR_SCORE_SPREAD`` of their mean. Fewer games are
    never called fair, however even they look. A scenario whose scores do not compare the
    seats (``unscored``: its rule section and why, ``Scenario.unscored``) is judged by the win
    share alone; the spread is still reported."""
    rates = [row["win_rate"] for row in seats.values()]
    scores = [row["mean_score"] for row in seats.values()]
    even = 1.0 / len(seats) if seats else 0.0
    gap = max((abs(r - even) for r in rates), default=0.0)
    mean = statistics.fmean(scores) if scores else 0.0
    spread = (max(scores) - min(scores)) / mean if mean > 0 else 0.0
    return {
        "even_share": round(even, 4),
        "win_gap": round(gap, 4),
        "score_spread": round(spread, 4),
        "score_bound": not unscored,
        "unscored": unscored,
        "games": games,
        "enough_games": games >= FAIR_MIN_GAMES,
        "fair": games >= FAIR_MIN_GAMES
        and gap <= FAIR_WIN_GAP
        and (bool(unscored) or spread <= FAIR_SCORE_SPREAD),
    }


def points_by_round(outcomes: list[Outcome]) -> dict[str, Any]:
    """Each scorer's points a game (a nation's VP in Italia), by the round they came in and by
    source: ``scoring`` sums the ``score_*`` sources (the scoring rounds), ``events`` the rest
    by cause. Means over the games that recorded them (logs written before the rules reported
    what each action scored have none)."""
    games = [o for o in outcomes if o.points]
    n = len(games)
    if not n:
        return {"games": 0, "scorers": {}}
    seat: dict[str, str] = {}
    total: dict[str, float] = defaultdict(float)
    rounds: dict[str, dict[int, float]] = defaultdict(lambda: defaultdict(float))
    sources: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for out in games:
        for role, scorer, rnd, source, value in out.points:
            seat[scorer] = role
            total[scorer] += value
            if rnd is not None:
                rounds[scorer][int(rnd)] += value
            sources[scorer][source] += value
    scorers = {}
    for scorer in sorted(total, key=lambda k: -total[k]):
        by_source = sources[scorer]
        scorers[scorer] = {
            "seat": seat[scorer],
            "mean": round(total[scorer] / n, 3),
            "rounds": {r: round(v / n, 3) for r, v in sorted(rounds[scorer].items()) if v},
            "scoring": round(sum(v for k, v in by_source.items() if k.startswith("score_")) / n, 3),
            "events": {
                k: round(v / n, 3)
                for k, v in sorted(by_source.items(), key=lambda kv: -abs(kv[1]))
                if not k.startswith("score_") and v
            },
        }
    return {"games": n, "scorers": scorers}


def balance_report(settings: Settings, spec: str, outcomes: list[Outcome]) -> dict[str, Any]:
    bad, errors, unfinished = _left_out(outcomes)
    good = [o for o in outcomes if o.index not in bad]
    wins = dict.fromkeys(settings.roles, 0.0)
    scores: dict[str, list[float]] = {r: [] for r in settings.roles}
    # A game may also score the nations (factions) behind the seats: ``result["nations"]``.
    nations: dict[str, list[float]] = defaultdict(list)
    for out in good:
        assert out.result is not None
        for r, share in win_shares(out.result, out.roles).items():
            wins[r] += share
        for r in settings.roles:
            scores[r].append(_number(out.result.get("scores", {}).get(r)))
        for nation, value in (out.result.get("nations") or {}).items():
            nations[nation].append(_number(value))
    n = len(good)
    seats = {}
    for r in settings.roles:
        lo, hi = wilson(wins[r], n)
        seats[r] = {
            "games": n,
            "wins": round(wins[r], 3),
            "win_rate": round(wins[r] / n, 4) if n else 0.0,
            "ci95": [round(lo, 4), round(hi, 4)],
            "mean_score": round(statistics.fmean(scores[r]), 3) if scores[r] else 0.0,
        }
    x, p = chi2_uniform([wins[r] for r in settings.roles])
    fair = fairness(seats, n, settings.unscored)
    return {
        "game": settings.game,
        "scenario": settings.scenario,
        "players": settings.players,
        "games": n,
        "bot": spec,
        "seats": seats,
        "chi2": round(x, 3),
        "p_value": round(p, 4),
        "fairness": fair,
        "nations": {k: round(statistics.fmean(v), 3) for k, v in nations.items()},
        "points": points_by_round(good),
        "decision_time": _summarize_times(good),
        "search": _summarize_search(good),
        "errors": errors,
        "unfinished": unfinished,
    }


Rescale = tuple[str, int | None, str | None, float]


def parse_rescore(raw: list[str]) -> list[Rescale]:
    """``SCORER:ROUND:SOURCE=FACTOR`` items (``*`` for any round or source), e.g.
    ``romans:9:*=0.5`` or ``huns:2:score_areas=1.5``."""
    out: list[Rescale] = []
    for item in raw:
        lhs, sep, factor = item.partition("=")
        parts = lhs.split(":")
        try:
            if not sep or len(parts) != 3 or not parts[0]:
                raise ValueError
            rnd = None if parts[1] == "*" else int(parts[1])
            out.append((parts[0], rnd, None if parts[2] == "*" else parts[2], float(factor)))
        except ValueError:
            raise UnknownGame(f"--rescore wants SCORER:ROUND:SOURCE=FACTOR, got {item!r}") from None
    return out


def read_games(path: str) -> list[Outcome]:
    """Every game a log holds, whatever code played it (for :func:`rescore`)."""
    out: list[Outcome] = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            try:
                entry = json.loads(line)
                entry.pop("key", None)
                out.append(Outcome(**entry))
            except (ValueError, KeyError, TypeError):
                continue  # a line cut short by an interrupted run
    return out


def rescore(outcomes: list[Outcome], scales: list[Rescale]) -> list[Outcome]:
    """Each logged game's result had the matching points (``Outcome.points``) been worth
    ``FACTOR`` times as much, the play kept as it was: a screen of a tuning that costs no game,
    not a measurement (players who score differently play differently). Winners are the seats
    with the most points after the change (a tie shares the win)."""
    out: list[Outcome] = []
    for o in outcomes:
        if o.result is None or not o.points:
            continue
        scores = {r: _number(v) for r, v in o.result.get("scores", {}).items()}
        nations = {k: _number(v) for k, v in (o.result.get("nations") or {}).items()}
        for seat, scorer, rnd, source, value in o.points:
            factor = 1.0
            for who, r, src, k in scales:
                if who == scorer and r in (None, rnd) and src in (None, source):
                    factor *= k
            extra = value * (factor - 1.0)
            scores[seat] = scores.get(seat, 0.0) + extra
            if scorer in nations:
                nations[scorer] += extra
        top = max(scores.values())
        winners = [r for r, v in scores.items() if abs(v - top) < 1e-9]
        result = {**o.result, "winners": winners, "scores": scores, "nations": nations}
        out.append(Outcome(**{**asdict(o), "result": result}))
    return out


def balance_tasks(
    settings: Settings, spec: str, games: int, seed: int, think: float | None, max_steps: int = MAX_STEPS
) -> list[Task]:
    """Game ``i`` is seeded ``seed + i``, with ``spec`` in every seat."""
    return [
        Task(
            i,
            settings.game,
            settings.scenario,
            settings.players,
            settings.options,
            seed + i,
            [spec] * settings.players,
            think,
            _seed(seed, i),
            max_steps,
        )
        for i in range(games)
    ]
