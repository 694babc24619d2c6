"""`tavola position`: load a position (or a worked-example file) and show the board, the prompt
with its rule section and the numbered legal actions from there."""

from __future__ import annotations

import argparse
import shlex
from pathlib import Path
from typing import Any

from tavola.cli.common import emit_json
from tavola.core.errors import TavolaError
from tavola.core.game import Game
from tavola.core.i18n import Words, game_package
from tavola.core.position import dump, read


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "position", help="show a position: board, prompt and legal actions (docs/positions.md)"
    )
    p.add_argument("game", help="game id, e.g. antike-ii (see `tavola games`)")
    p.add_argument("file", type=Path, help="a position or a worked-example file (YAML or JSON)")
    p.add_argument("--role", help="the role whose prompt and actions to show (default: every active role)")
    p.add_argument(
        "--act",
        action="append",
        default=[],
        metavar="'ROLE VERB [NOUN...]'",
        help="play this action first (repeatable), e.g. --act 'romans rondel aurum'",
    )
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--lang", default="en", choices=["en", "it"])
    p.add_argument("--json", action="store_true", help="print one JSON object instead")
    p.set_defaults(func=run)


def load_file(game_id: str, path: Path, seed: int = 0) -> Game:
    """A game from a position file, or from the position of a worked-example file."""
    data = read(path)
    if "position" in data and "section" in data:
        data = data["position"]
    return Game.from_position(game_id, data, seed=seed)


def parse_act(text: str) -> tuple[str, list[Any]]:
    parts: list[Any] = [int(w) if w.lstrip("-").isdigit() else w for w in shlex.split(text)]
    if len(parts) < 2 or not isinstance(parts[0], str):
        raise TavolaError(f"--act takes 'ROLE VERB [NOUN...]', not {text!r}")
    return parts[0], parts[1:]


def run(args: argparse.Namespace) -> int:
    game = load_file(args.game, args.file, args.seed)
    pkg = game_package(game.rules)
    words = Words.for_board(pkg, game.rules.board(game.scenario, game.players, game.options))
    for text in args.act:
        role, action = parse_act(text)
        for ev in game.apply(role, action):
            print("  " + words.render(ev["msg"], {"role": ev.get("role"), **ev.get("args", {})}, args.lang))
    roles = [args.role] if args.role else game.active_roles
    if args.role and args.role not in game.roles:
        raise TavolaError(f"no role {args.role!r}; roles: {', '.join(game.roles)}")
    # hidden information: with a role, the position as that role sees it
    seen = game.position(args.role if game.rules.hidden_information else None)
    filled = [words.render(ev["msg"], ev.get("args"), args.lang) for ev in game.filled]
    if args.json:
        emit_json(
            {
                "position": seen,
                "filled": filled,
                "active": game.active_roles,
                "result": game.result,
                "roles": {
                    r: {"prompt": game.view(r)["prompt"], "actions": game.view(r)["actions"]} for r in roles
                },
            }
        )
        return 0
    if filled:
        print(f"# Filled in from seed {args.seed}:")
        for line in filled:
            print(f"# {line}")
    print(dump(seen).rstrip())
    if game.result:
        print(f"\nGame over: {game.result}")
    for role in roles:
        view = game.view(role)
        prompt = view["prompt"]
        if prompt is None:
            print(f"\n[{role}] not to act now; waiting for {', '.join(game.active_roles) or 'nobody'}")
            continue
        rule = f" ({prompt.get('rule')})" if prompt.get("rule") else ""
        print(f"\n[{role}] {words.render(prompt.get('text', ''), prompt.get('args'), args.lang)}{rule}")
        for i, action in enumerate(game.legal_actions(role), 1):
            print(f"  {i:>3}. {' '.join(str(p) for p in action)}")
    return 0
