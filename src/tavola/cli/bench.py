"""`tavola bench`: random-playout throughput, legal listing and clone time.

With ``--bot``, how fast a search bot searches the game: simulations per second on positions
of random games. Every position gets a fresh bot (no kept tree), so each decision is one full
search from the root at the bot's think time. The figures are wall time; ``cpu_share`` says
how much of it the process really ran (on a busy machine it is well below 1, and the
simulations per second drop with it)."""

from __future__ import annotations

import argparse
import statistics
from typing import Any

from tavola.bots import make_bot
from tavola.cli.common import add_game_args, emit_json
from tavola.compiled import compiled
from tavola.core.errors import TavolaError
from tavola.core.registry import get_rules
from tavola.tools import bench
from tavola.tools.bench import game_settings, positions


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("bench", help="random-playout actions/s, games/s, clone time")
    add_game_args(p)
    p.add_argument("--seconds", type=float, default=10.0, help="how long to play")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument(
        "--bot",
        metavar="SPEC",
        help="time this search bot instead (e.g. mcts, mcts:think=0.3): simulations per second",
    )
    p.add_argument(
        "--positions",
        type=int,
        default=20,
        help="with --bot: positions of random games searched (default 20)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object on the last line")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        if args.bot:
            out = search_speed(args.game, args.bot, args.scenario, args.players, args.positions, args.seed)
        else:
            out = bench.run(args.game, args.scenario, args.players, seconds=args.seconds, seed=args.seed)
    except ValueError as exc:  # an unknown scenario or bot spec
        raise TavolaError(str(exc)) from None
    out["compiled_modules"] = len(compiled())  # 0 unless installed with TAVOLA_COMPILE=1
    if args.json:
        emit_json(out)
    else:
        for key, value in out.items():
            print(f"{key:<28} {value}")
    return 0


def search_speed(
    game_id: str,
    spec: str = "mcts",
    scenario: str | None = None,
    players: int | None = None,
    count: int = 20,
    seed: int = 1,
) -> dict[str, Any]:
    """Simulations (search iterations) per second of ``spec`` on ``count`` positions."""
    rules = get_rules(game_id)
    scenario, players, _ = game_settings(rules, scenario, players)
    sampled = positions(game_id, scenario, players, count=count, seed=seed)
    rates: list[float] = []
    per_decision: list[float] = []
    seconds = cpu = iterations = 0.0
    think = 0.0
    for i, (state, role) in enumerate(sampled):
        bot = make_bot(spec, seed=seed * 1009 + i)
        think = bot.think
        bot.choose(rules, state, role)
        stats = bot.stats
        if not stats.get("searches"):
            continue  # answered without searching (a bot with no search, or one choice)
        iterations += stats["iterations"]
        seconds += stats["seconds"]
        cpu += stats["cpu"]
        rates.append(stats["iterations"] / max(stats["seconds"], 1e-9))
        per_decision.append(stats["iterations"])
    if not rates:
        raise ValueError(f"bot {spec!r} made no search on {game_id}: is it a search bot?")
    return {
        "game": game_id,
        "scenario": scenario,
        "players": players,
        "bot": spec,
        "think": think,
        "positions": len(rates),
        "simulations_per_second": round(iterations / seconds, 1),
        "simulations_per_second_median": round(statistics.median(rates), 1),
        "simulations_per_decision_median": statistics.median(per_decision),
        "cpu_share": round(cpu / seconds, 3),
    }
