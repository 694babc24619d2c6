"""`tavola bench`: random-playout throughput, legal listing and clone time."""

from __future__ import annotations

import argparse

from tavola.cli.common import add_game_args, emit_json
from tavola.core import bench


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("bench", help="random-playout actions/s, games/s, clone time")
    add_game_args(p)
    p.add_argument("--seconds", type=float, default=10.0, help="how long to play")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true", help="print one JSON object on the last line")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    out = bench.run(args.game, args.scenario, args.players, seconds=args.seconds, seed=args.seed)
    if args.json:
        emit_json(out)
    else:
        for key, value in out.items():
            print(f"{key:<20} {value}")
    return 0
