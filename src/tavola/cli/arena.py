"""``tavola arena`` and ``tavola balance``: the command line of :mod:`tavola.tools.arena`.

``arena`` seats the listed bots in every rotation and reports per bot the games, wins, win rate
with a Wilson 95% interval, a Bradley–Terry rating and the time its decisions took; ``balance``
seats one bot in every seat and reports who wins from which seat.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable
from typing import Any

from tavola.core.errors import UnknownGame
from tavola.tools.arena import (
    FAIR_MIN_GAMES,
    FAIR_SCORE_SPREAD,
    FAIR_WIN_GAP,
    MAX_STEPS,
    arena_report,
    arena_tasks,
    balance_report,
    balance_tasks,
    check_specs,
    parse_options,
    parse_rescore,
    read_games,
    rescore,
    resolve,
    run_tasks,
)


def _progress(total: int, args: argparse.Namespace) -> Callable[[int], None] | None:
    """A game counter on stderr: in place on a terminal, one line per game with --progress."""
    tty = sys.stderr.isatty()
    if not (tty or args.progress):
        return None
    start = time.perf_counter()

    def show(done: int) -> None:
        text = f"{done}/{total} games, {time.perf_counter() - start:.0f} s"
        if tty:
            print(f"\r{text}", end="" if done < total else "\n", file=sys.stderr, flush=True)
        else:
            print(text, file=sys.stderr, flush=True)

    return show


def print_table(headers: list[str], rows: list[list[str]], markdown: bool = False) -> None:
    """Rows under headers: aligned columns (the first left, the rest right), or Markdown."""
    if markdown:
        print("| " + " | ".join(headers) + " |")
        print("|" + "|".join(["---"] + ["--:"] * (len(headers) - 1)) + "|")
        for row in rows:
            print("| " + " | ".join(row) + " |")
        return
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(headers)]
    for row in [headers, *rows]:
        cells = [row[0].ljust(widths[0]), *(c.rjust(w) for c, w in zip(row[1:], widths[1:]))]
        print("  ".join(cells))


def _ci(row: dict[str, Any]) -> str:
    return f"{100 * row['ci95'][0]:.1f}–{100 * row['ci95'][1]:.1f}%"


def _not_counted(report: dict[str, Any]) -> None:
    if report["errors"] or report["unfinished"]:
        print(
            f"not counted: {report['errors']} failed and {report['unfinished']} unfinished games (see stderr)"
        )


def print_arena(report: dict[str, Any], think: float | None, markdown: bool = False) -> None:
    think_text = f"{think} s" if think is not None else "level default"
    print(
        f"{report['game']} ({report['scenario']}, {report['players']} players): {report['games']} games, "
        f"think {think_text}; an even field wins {100 / report['players']:.1f}% per seat"
    )
    if markdown:
        print()
    rows = []
    for name, row in report["bots"].items():
        t = report["decision_time"].get(name, {})
        s = report["search"].get(name, {})
        rows.append(
            [
                name,
                str(row["games"]),
                f"{row['wins']:.1f}",
                f"{100 * row['win_rate']:.1f}%",
                _ci(row),
                f"{row['rating']:.0f}",
                f"{t['median']:.3f}" if t else "-",
                f"{t['p99']:.3f}" if t else "-",
                f"{s['iterations_per_second']:.0f}" if s else "-",
            ]
        )
    headers = ["bot", "games", "wins", "win rate", "95% CI", "rating", "median s", "p99 s", "sims/s"]
    print_table(headers, rows, markdown)
    _not_counted(report)


def run_arena(args: argparse.Namespace) -> int:
    specs = [s.strip() for s in args.bots.split(",") if s.strip()]
    if not specs:
        raise UnknownGame("--bots needs at least one bot")
    check_specs(specs)
    players = args.players if args.players is not None else (len(specs) if len(specs) > 1 else None)
    settings = resolve(args.game, args.scenario, players, parse_options(args.option))
    if len(specs) == 1:
        specs = specs * settings.players
    if len(specs) != settings.players:
        raise UnknownGame(f"{len(specs)} bots for {settings.players} seats: list one bot per seat")
    if args.games < 1:
        raise UnknownGame("--games must be at least 1")
    tasks = arena_tasks(settings, specs, args.games, args.seed, args.think, args.max_steps)
    if len(tasks) != args.games and not args.json:
        print(f"playing {len(tasks)} games so every bot sits in every seat equally often", file=sys.stderr)
    outcomes = run_tasks(tasks, _jobs(args.jobs), _progress(len(tasks), args), args.log, args.ray)
    report = arena_report(settings, specs, outcomes)
    if args.json:
        print(json.dumps(report))
    else:
        print_arena(report, args.think, args.markdown)
    return 1 if report["errors"] else 0


def print_balance(report: dict[str, Any], markdown: bool = False) -> None:
    print(
        f"{report['game']} ({report['scenario']}, {report['players']} players): {report['games']} games, "
        f"{report['bot']} in every seat"
    )
    if markdown:
        print()
    rows = [
        [role, f"{row['wins']:.1f}", f"{100 * row['win_rate']:.1f}%", _ci(row), f"{row['mean_score']:.2f}"]
        for role, row in report["seats"].items()
    ]
    print_table(["seat", "wins", "win rate", "95% CI", "mean score"], rows, markdown)
    if markdown:
        print()
    verdict = "no evidence of a seat advantage" if report["p_value"] >= 0.05 else "the seats differ"
    print(f"equal seats? chi2 = {report['chi2']:.2f}, p = {report['p_value']:.3f}: {verdict} (at 5%)")
    fair = report["fairness"]
    if markdown:
        print()
    print(
        f"fair seats? the widest win share is {100 * fair['win_gap']:.1f} points from an even "
        f"{100 * fair['even_share']:.1f}% (bound {100 * FAIR_WIN_GAP:.0f}), the mean scores spread "
        f"{100 * fair['score_spread']:.1f}% of their mean{_score_bound(fair)}: "
        + _fair_verdict(fair, markdown)
    )
    if report.get("nations") and set(report["nations"]) != set(report["seats"]):
        if markdown:
            print()
        print("mean score by nation:", ", ".join(f"{n} {v:.2f}" for n, v in report["nations"].items()))
    print_points(report["points"], markdown)
    _not_counted(report)


def _num(value: float) -> str:
    return f"{value:.1f}" if value else ""


def print_points(points: dict[str, Any], markdown: bool = False) -> None:
    """Each scorer's points a game by the round they came in, and how many of them the scoring
    rounds gave (the rest by cause)."""
    if not points["scorers"]:
        return
    rows_ = points["scorers"].values()
    last = max((int(r) for row in rows_ for r in row["rounds"]), default=0)
    rounds = range(1, last + 1)
    print()
    print(
        f"points a game by round and source ({points['games']} games; of which scoring: what the "
        "scoring rounds gave; events: the rest, by cause)"
    )
    if markdown:
        print()
    rows = [
        [
            scorer,
            row["seat"],
            f"{row['mean']:.1f}",
            *(_num(row["rounds"].get(r, row["rounds"].get(str(r), 0.0))) for r in rounds),
            f"{row['scoring']:.1f}",
            ", ".join(f"{k} {v:.1f}" for k, v in row["events"].items()),
        ]
        for scorer, row in points["scorers"].items()
    ]
    headers = ["scorer", "seat", "points", *(f"r{r}" for r in rounds), "of which scoring", "events"]
    print_table(headers, rows, markdown)


def run_balance(args: argparse.Namespace) -> int:
    check_specs([args.bot])
    settings = resolve(args.game, args.scenario, args.players, parse_options(args.option))
    if args.games < 1:
        raise UnknownGame("--games must be at least 1")
    if args.rescore:
        if not args.log or not os.path.exists(args.log):
            raise UnknownGame("--rescore reads the games of an existing --log; it plays none")
        outcomes = rescore(read_games(args.log), parse_rescore(args.rescore))
        if not args.json:
            print(
                f"screen: {len(outcomes)} logged games re-scored ({', '.join(args.rescore)}), the play unchanged"
            )
    else:
        tasks = balance_tasks(settings, args.bot, args.games, args.seed, args.think, args.max_steps)
        outcomes = run_tasks(tasks, _jobs(args.jobs), _progress(len(tasks), args), args.log, args.ray)
    report = balance_report(settings, args.bot, outcomes)
    if args.rescore:
        report["rescore"] = args.rescore
    if args.json:
        print(json.dumps(report))
    else:
        print_balance(report, args.markdown)
    return 1 if report["errors"] else 0


def _jobs(value: int | None) -> int:
    return max(1, value if value is not None else (os.cpu_count() or 1))


# --- the command line ----------------------------------------------------------------------
def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="game id, e.g. antike-ii")
    parser.add_argument("--scenario", help="scenario (default: the game's first)")
    parser.add_argument("--players", type=int, help="number of players")
    parser.add_argument("--option", action="append", metavar="KEY=VALUE", help="a game option (repeatable)")
    parser.add_argument("--games", type=int, default=12, help="games to play (default 12)")
    parser.add_argument(
        "--think", type=float, help="seconds per decision for search bots (default: by level)"
    )
    parser.add_argument("--seed", type=int, default=0, help="first game seed (default 0)")
    parser.add_argument("--jobs", type=int, help="parallel processes (default: one per core)")
    parser.add_argument(
        "--ray",
        nargs="?",
        const="",
        metavar="ADDRESS",
        help="play the games as Ray tasks on the cluster at ADDRESS (no ADDRESS: a local Ray "
        "started for the run); needs the ray extra",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    parser.add_argument("--progress", action="store_true", help="a line on stderr per finished game")
    parser.add_argument(
        "--log",
        metavar="FILE",
        help="append each finished game to FILE; a rerun with the same settings resumes",
    )
    parser.add_argument(
        "--max-steps",
        type=int,
        default=MAX_STEPS,
        help=f"stop a game after this many actions; it is not counted (default {MAX_STEPS})",
    )


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "arena",
        help="play bots against each other in rotating seats",
        description="Play bots against each other, every bot in every seat equally often. Bots are "
        "NAME[:LEVEL][:KEY=VALUE...], e.g. mcts, mcts:hard, mcts:think=0.2, greedy, random.",
    )
    _common(parser)
    parser.add_argument("--bots", required=True, help="comma-separated bots, one per seat (or one for all)")
    parser.set_defaults(func=run_arena)


def register_balance(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "balance",
        help="who wins from which seat when one bot plays every seat",
        description="A scenario's seat balance: the same bot plays every seat; wins per seat with "
        "95% intervals and a chi-squared test of equal seats.",
    )
    _common(parser)
    parser.add_argument("--bot", default="mcts", help="the bot for every seat (default mcts)")
    parser.add_argument(
        "--rescore",
        action="append",
        metavar="SCORER:ROUND:SOURCE=FACTOR",
        help="screen a tuning without playing: re-score the games of --log with these points "
        "multiplied (ROUND or SOURCE may be *; repeatable)",
    )
    parser.set_defaults(func=run_balance)


def _score_bound(fair: dict[str, Any]) -> str:
    """The score bound, or the rule section of the scenario's reason why it does not apply."""
    if fair.get("score_bound", True):
        return f" (bound {100 * FAIR_SCORE_SPREAD:.0f}%)"
    return f"; score bound: not applicable ({fair['unscored'].partition(':')[0]})"


def _fair_verdict(fair: dict[str, Any], markdown: bool) -> str:
    """The bounds' verdict, or none below the games they need (docs/balance.md)."""
    if fair["fair"]:
        return "fair"
    if not fair["enough_games"]:
        return f"no verdict yet ({fair['games']} of the {FAIR_MIN_GAMES} games the bounds need)"
    return "**not fair**" if markdown else "not fair"
