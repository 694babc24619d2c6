"""`tavola trace`: which code implements each rulebook section and which tests check it."""

from __future__ import annotations

import argparse
from pathlib import Path

from tavola.cli.common import emit_json
from tavola.tools.trace import format_report, trace_game


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("trace", help="trace rulebook sections to the code and tests that cite them")
    p.add_argument("game", help="game id, e.g. antike-ii (see `tavola games`)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument(
        "--missing",
        action="store_true",
        help="list only the rule sections that lack code or tests, and exit 1 if any do "
        "or if a citation names no section",
    )
    p.add_argument(
        "--tests", type=Path, help="the game's test folder (default: tests/<package> found above the package)"
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    tr = trace_game(args.game, args.tests)
    gaps = bool(tr.missing() or tr.unknown)
    if args.json:
        out = tr.as_json()
        out["game"] = args.game
        if args.missing:
            out = {k: out[k] for k in ("game", "package", "totals", "missing", "unknown")}
        emit_json(out)
    else:
        print(format_report(tr, missing_only=args.missing))
    return 1 if args.missing and gaps else 0
