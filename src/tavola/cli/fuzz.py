"""`tavola fuzz`: random legal play hunting for crashes, dead ends and broken invariants."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tavola.cli.common import add_game_args, emit_json
from tavola.tools import fuzz


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("fuzz", help="random legal play; exit 1 on any failure")
    add_game_args(p)
    p.add_argument("--games", type=int, required=True, help="how many games")
    p.add_argument("--seed", type=int, default=1, help="first seed (game i uses seed+i)")
    p.add_argument("--max-steps", type=int, default=200_000, help="a game past this many steps fails")
    p.add_argument("--jobs", "-j", type=int, default=0, help="processes (default: one per core)")
    p.add_argument("--out", default="fuzz-failures", help="folder for records reproducing failures")
    p.add_argument(
        "--options",
        choices=("default", "random"),
        default="default",
        help="the scenario's default options, or each game's options drawn from its seed",
    )
    p.add_argument(
        "--digests",
        metavar="FILE",
        help="play the games through the session for a digest of each (no checks) and write them to FILE",
    )
    p.add_argument(
        "--compare",
        metavar="FILE",
        help="play the games for their digests and fail each whose digest differs from FILE's "
        "(written by --digests, e.g. by the code before a change)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON summary on the last line")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    step = max(1, args.games // 20)

    def progress(done: int, total: int, failed: int) -> None:
        if done % step == 0 or done == total:
            print(f"fuzz {args.game}: {done}/{total} games, {failed} failed", file=sys.stderr, flush=True)

    summary = fuzz.run(
        args.game,
        args.games,
        seed=args.seed,
        scenario=args.scenario,
        players=args.players,
        max_steps=args.max_steps,
        jobs=args.jobs,
        out_dir=Path(args.out),
        progress=progress,
        options=args.options,
        compare=json.loads(Path(args.compare).read_text())["digests"] if args.compare else None,
        digests=bool(args.digests),
    )
    if args.digests:
        Path(args.digests).write_text(json.dumps(summary, indent=1) + "\n")
    if args.json:
        emit_json(summary)
    else:
        print(
            f"{summary['game']}: {summary['games']} games over {', '.join(summary['settings'])} "
            f"({summary['options']} options), "
            f"{summary['steps']} actions in {summary['seconds']} s"
        )
        if summary.get("invariants"):
            print("invariants exercised: " + ", ".join(f"§{k} {v}" for k, v in summary["invariants"].items()))
        for f in summary["failures"]:
            print(f"FAIL {f['kind']} {f['scenario']}/{f['players']}p seed {f['seed']}: {f['message']}")
            if "record" in f:
                print(f"     reproduce: tavola replay {f['record']}")
        print(f"{len(summary['failures'])} failures")
    return 1 if summary["failures"] else 0
