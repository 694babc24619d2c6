"""`tavola games`: the games, their scenarios and player counts."""

from __future__ import annotations

import argparse

from tavola.cli.common import emit_json
from tavola.core.registry import game_ids, get_rules


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("games", help="list games, scenarios and player counts")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    out = []
    for gid in game_ids():
        rules = get_rules(gid)
        scenarios = [
            {
                "name": s.name,
                "title": s.title,
                "players": list(s.players),
                "default_players": s.default_players,
                "options": {o.name: o.default for o in s.options},
            }
            for s in rules.scenarios()
        ]
        out.append({"id": gid, "title": rules.title, "scenarios": scenarios})
    if args.json:
        emit_json(out)
        return 0
    for g in out:
        print(f"{g['id']:<12} {g['title']}")
        for s in g["scenarios"]:
            counts = ",".join(str(n) for n in s["players"])
            opts = " ".join(f"{k}={v}" for k, v in s["options"].items())
            print(
                f"  --scenario {s['name']:<14} players {counts:<12} {s['title']}{'  options: ' + opts if opts else ''}"
            )
    return 0
