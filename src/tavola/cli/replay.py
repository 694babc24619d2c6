"""`tavola replay`: rebuild a game from its record; `--verify` checks every step's checksum and
the seed against the record's dice commitment, when it holds one."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tavola.cli.common import emit_json
from tavola.cli.play import summary_lines
from tavola.core.errors import CorruptRecord
from tavola.core.game import load_record, replay


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("replay", help="replay a game record; exit 1 on any illegal step or mismatch")
    p.add_argument("file", help="a game record (JSON)")
    p.add_argument(
        "--verify",
        action="store_true",
        help="check every step's checksum, and the seed against the dice commitment",
    )
    p.add_argument("--step", type=int, help="stop after this many steps and show the position")
    p.add_argument("--role", help="show the position as this role sees it (default: observer)")
    p.add_argument("--json", action="store_true", help="print one JSON summary on the last line")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        text = Path(args.file).read_bytes()
    except OSError as exc:
        print(f"tavola: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    try:
        data = load_record(text)
        game = replay(data, verify=args.verify, upto=args.step)
    except CorruptRecord as exc:
        print(f"tavola: {args.file}: {exc}", file=sys.stderr)
        return 1
    summary = {
        "game": game.game_id,
        "scenario": game.scenario,
        "players": game.players,
        "seed": game.seed,
        "steps": len(game.actions),
        "checksum": game.checksums[-1] if game.checksums else None,
        "verified": args.verify,
        "dice_commitment": data.get("dice_commitment"),
        "result": game.result,
    }
    if args.json:
        emit_json(summary)
        return 0
    if args.step is not None or not game.is_over:
        print("\n".join(summary_lines(game.view(args.role))))
    print(
        f"{args.file}: {summary['steps']} steps replayed"
        + (", every checksum verified" if args.verify else "")
        + (", the seed matches the dice commitment" if args.verify and data.get("dice_commitment") else "")
        + (f"; result {game.result}" if game.result else "; game not over")
    )
    return 0
