"""`tavola play`: play a game in the terminal, with humans and bots in any seat."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, TextIO

from tavola.bots import make_bot, normalize_spec
from tavola.cli.common import add_game_args, emit_json
from tavola.core.errors import TavolaError
from tavola.core.game import Game
from tavola.core.i18n import Words, game_package
from tavola.web import ui_catalogue


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("play", help="play in the terminal (humans and bots)")
    add_game_args(p)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument(
        "--seat",
        action="append",
        default=[],
        metavar="ROLE=KIND",
        help="KIND is 'human' or a bot spec (random, greedy, mcts, mcts:hard, mcts:think=0.2); ROLE may be 'all'",
    )
    p.add_argument("--think", type=float, default=0.5, help="seconds per bot decision (search bots)")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option")
    p.add_argument("--record", metavar="FILE", help="write the game record here (after every action)")
    p.add_argument("--from", dest="start", type=Path, metavar="FILE", help="play on from a position file")
    p.add_argument("--lang", default="en", choices=["en", "it"])
    p.add_argument("--json", action="store_true", help="last line: one JSON object with the result")
    p.set_defaults(func=run)


def parse_seats(specs: list[str], roles: list[str]) -> dict[str, str]:
    """``--seat`` values to a kind per role (human by default)."""
    seats = dict.fromkeys(roles, "human")
    for spec in specs:
        role, sep, kind = spec.partition("=")
        if not sep:
            raise TavolaError(f"--seat takes ROLE=KIND, not {spec!r}")
        if kind != "human":
            try:
                kind = normalize_spec(kind)  # the bots' own check of name, level and parameters
            except ValueError as exc:
                raise TavolaError(f"seat kind {kind!r}: {exc}; or use human") from None
        targets = roles if role == "all" else [role]
        for r in targets:
            if r not in seats:
                raise TavolaError(f"no role {r!r}; roles: {', '.join(roles)}")
            seats[r] = kind
    return seats


def parse_options(specs: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for spec in specs:
        name, sep, raw = spec.partition("=")
        if not sep:
            raise TavolaError(f"--option takes NAME=VALUE, not {spec!r}")
        try:
            out[name] = json.loads(raw)
        except ValueError:
            out[name] = raw
    return out


def summary_lines(view: dict[str, Any], width: int = 100, term: Terminal | None = None) -> list[str]:
    """A readable, compact board summary from any game's view: with ``term``, the game's own
    summary in words when it gives one (:meth:`Rules.summary`), else each key under its
    interface label and plain values by their names, in the player's language."""
    if term is not None:
        lines = term.game.rules.summary(view)
        if lines is not None:
            return [term.line(line) for line in lines]
    skip = {"log", "actions", "prompt", "active", "step", "result", "can_undo", "game"}
    lines = []
    for key, value in view.items():
        if key in skip or key.startswith("log_"):
            continue
        label = term.label(key) if term else key
        if term is None:
            text = json.dumps(value, separators=(", ", ": "), ensure_ascii=False)
        elif _entries(value):
            # a table (nations, regions, generals): a line for each entry
            lines.append(f"{label}:")
            for name, fields in _entries(value):
                shown = term.inline(fields) if isinstance(fields, dict) else term.inline(fields, name)
                lines.append(f"  {term.words.name(name, key, term.lang)}: {shown or '–'}"[: width * 3])
            continue
        else:
            text = term.inline(value, key) or "–"
        if len(text) > width * 3:
            text = text[: width * 3 - 3] + "..."
        lines.append(f"{label}: {text}")
    return lines


ID_KEYS = ("key", "id", "name")


def _entries(value: Any) -> list[tuple[Any, Any]]:
    """The entries of a table-like value: a dict of dicts (or lists) by id, or a list of dicts
    that each name their id; [] for anything else."""
    if isinstance(value, dict) and value and all(isinstance(v, dict | list) for v in value.values()):
        return list(value.items())
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        idk = next((k for k in ID_KEYS if all(k in v for v in value)), None)
        if idk is not None:
            return [(v[idk], {k: x for k, x in v.items() if k not in ID_KEYS}) for v in value]
    return []


class Terminal:
    """The terminal's own words in the player's language: the interface catalogue the browser
    uses (``web/i18n``) for its lines, the game's catalogue for names, verbs and reasons."""

    def __init__(self, game: Game, words: Words, lang: str) -> None:
        self.game = game
        self.words = words
        self.lang = lang
        self.ui = ui_catalogue(lang)

    def say(self, key: str, **args: Any) -> str:
        text = self.ui.get(key, key)
        for name, value in args.items():
            text = text.replace("{" + name + "}", str(value))
        return text

    def who(self, role: str) -> str:
        """A role's or a nation's display name."""
        for key in (f"role.{role}", f"nation.{role}"):
            hit = self.words.text(key, self.lang)
            if hit is not None:
                return hit
        return self.ui.get(f"role.{role}", role.replace("_", " ").capitalize())

    def line(self, events: list[dict[str, Any]]) -> str:
        """A summary line: its first message, then the others after a colon, between commas
        (each as its catalogue text begins: "capital Roma" keeps its small letter)."""
        texts = []
        for e in events:
            text = self.words.render(e["msg"], e.get("args") or {}, self.lang)
            if texts and (self.words.text(e["msg"], self.lang) or "x")[:1].islower():
                text = text[:1].lower() + text[1:]
            texts.append(text)
        head, *rest = texts
        return f"{head}: {', '.join(rest)}" if rest else head

    def inline(self, value: Any, key: str = "") -> str:
        """A value in words on one line: ids by their names, a dict's fields as "name value"
        (empty ones left out), lists between commas."""
        if isinstance(value, dict):
            parts = []
            for k, v in value.items():
                if v in (None, "", [], {}, False):
                    continue
                shown = "" if v is True else self.inline(v, k)
                name, named = self.field(k)
                # an id's value after a colon ("Austria: Maria Theresa"), a count or a field's
                # value after a space ("Marble 3", "supply legion 12")
                sep = ": " if named and not isinstance(v, int | float) else " "
                parts.append(f"{name}{sep}{shown}".strip())
            return ", ".join(parts)
        if isinstance(value, list):
            return ", ".join(filter(None, (self.inline(v, key) for v in value)))
        if isinstance(value, bool):
            return self.ui.get("common.yes" if value else "common.no", str(value))
        return self.words.name(value, key, self.lang)

    def field(self, key: str) -> tuple[str, bool]:
        """A field of a view's value under its label in lower case ("supply"), or an id by its
        name ("Marble"); and whether it is an id."""
        label = self.words.text(f"stat.{key}", self.lang) or self.ui.get(f"stat.{key}")
        noun = self.words.noun_key(key)
        if label is None and ((noun and not noun.startswith(("reason.", "why."))) or key in self.words.areas):
            return self.words.name(key, "", self.lang), True
        label = label or key.replace("_", " ")
        return label[:1].lower() + label[1:], False

    def label(self, key: str) -> str:
        """A view key as the interface names it ("Round", "Turno")."""
        hit = self.words.text(f"stat.{key}", self.lang)
        return hit if hit is not None else self.ui.get(f"stat.{key}", key.replace("_", " ").capitalize())

    def verb(self, verb: str) -> str:
        for key in (f"action.{verb}", f"verb.{verb}"):
            hit = self.words.text(key, self.lang)
            if hit is not None and "{" not in hit:
                return hit
        return self.ui.get(f"verb.{verb}", verb.replace("_", " ").capitalize())

    def action(self, role: str, action: tuple[Any, ...]) -> str:
        """ "Area: Roma", "Buy: infantry", "Done": the verb and the names of what it takes. A
        number standing for an area is named as the game's own description names it."""
        verb, *rest = action
        if not rest:
            return self.verb(str(verb))
        nouns = self.game.rules.action_nouns(self.game.state_of(role), role, action)
        if nouns is not None:
            return f"{self.verb(str(verb))}: {self.words.render(nouns['msg'], nouns.get('args'), self.lang)}"
        tokens = self.game.rules.describe(self.game.state, role, action).split(" ")
        names = []
        for i, part in enumerate(rest, 1):
            value = tokens[i] if isinstance(part, int) and len(tokens) == len(action) else part
            names.append(self.words.name(value, "", self.lang))
        return f"{self.verb(str(verb))}: {' → '.join(names)}"

    def reason(self, reason: str) -> str:
        hit = self.words.text(f"reason.{reason}", self.lang)
        return hit if hit is not None else self.ui.get(f"reason.{reason}", reason.replace("_", " "))

    def result(self, result: dict[str, Any]) -> str:
        """ "Game over. Winner: Persians (reached the personages needed). Score: Greeks 2, ..."."""
        winners = ", ".join(self.who(r) for r in result.get("winners", []))
        line = f"{self.say('result.title')}. "
        line += self.say("result.winners", names=winners) if winners else self.say("result.draw").rstrip(".")
        if result.get("reason"):
            line += f" ({self.reason(str(result['reason']))})"
        scores = result.get("scores") or {}
        if scores:
            shown = ", ".join(f"{self.who(r)} {self.words.name(v, '', self.lang)}" for r, v in scores.items())
            line += f". {self.say('result.score')}: {shown}"
        return line + "."


def run(args: argparse.Namespace) -> int:
    game = _open(args)
    seats = parse_seats(args.seat, game.roles)
    bots = {
        r: make_bot(k, seed=args.seed * 101 + i, think=args.think)
        for i, (r, k) in enumerate(seats.items())
        if k != "human"
    }
    words = Words.for_board(
        game_package(game.rules), game.rules.board(game.scenario, game.players, game.options)
    )
    out = sys.stderr if args.json else sys.stdout
    term = Terminal(game, words, args.lang)
    shown_log = 0
    for ev in game.filled:  # what the position left unknown, and how the seed filled it in
        print("  " + words.render(ev["msg"], ev.get("args"), args.lang), file=out)

    def save() -> None:
        if args.record:
            Path(args.record).write_text(json.dumps(game.record(), indent=1))

    while not game.is_over:
        active = game.active_roles
        humans = [r for r in active if r not in bots]
        role = humans[0] if humans else active[0]
        if role in bots:
            game.apply(role, bots[role].choose(game.rules, game.state_of(role), role))
            save()
            continue
        _show_log(term, game.log[shown_log:], role, out)
        shown_log = len(game.log)
        legal = _show_turn(term, role, out)
        choice = _ask(term, legal, out)
        if choice is None:
            save()
            print(
                "\n"
                + term.say("cli.unfinished")
                + (term.say("cli.record_in", file=args.record) if args.record else ""),
                file=sys.stderr,
            )
            return 3
        game.apply(role, choice)
        save()
    save()
    _show_log(term, game.log[shown_log:], None, out)
    _finish(args, game, term, out)
    return 0


def _open(args: argparse.Namespace) -> Game:
    """The game: a new one from the arguments, or one played on from a position file."""
    options = parse_options(args.option)
    if args.start is not None:
        from tavola.cli.position import load_file

        return load_file(args.game, args.start, args.seed)
    return Game(args.game, args.scenario, args.players, options, args.seed)


def _show_log(term: Terminal, events: list[dict[str, Any]], role: str | None, out: TextIO) -> None:
    """The log entries not yet shown that ``role`` may see (``None``: the public ones)."""
    for ev in events:
        if "to" not in ev or (role is not None and role in ev["to"]):
            args = {"role": ev.get("role"), **ev.get("args", {})}
            print("  " + term.words.render(ev["msg"], args, term.lang), file=out)


def _show_turn(term: Terminal, role: str, out: TextIO) -> list[tuple[Any, ...]]:
    """The board, the prompt with its rule and the numbered legal actions of the role asked."""
    game = term.game
    view = game.view(role)
    print("\n".join(summary_lines(view, term=term)), file=out)
    prompt = view["prompt"] or {}
    rule = f" ({prompt.get('rule')})" if prompt.get("rule") else ""
    # worded by what is offered now (Rules.prompt_words), as the browser shows it
    asked = term.words.render(prompt.get("say") or prompt.get("text", ""), prompt.get("args"), term.lang)
    print(f"\n[{term.who(role)}] {asked}{rule}", file=out)
    legal = game.legal_actions(role)
    for i, a in enumerate(legal, 1):
        print(f"  {i:>3}. {term.action(role, a)}", file=out)
    return legal


def _ask(term: Terminal, legal: list[tuple[Any, ...]], out: TextIO) -> tuple[Any, ...] | None:
    """The action the player picks by its number, asked again until the number is one of the
    list; ``None`` when the player quits (``q`` or the end of the input)."""
    while True:
        print(term.say("cli.choose") + " ", end="", file=out, flush=True)
        line = sys.stdin.readline()
        if not line or line.strip() == "q":
            return None
        try:
            return legal[int(line) - 1]
        except (ValueError, IndexError):
            print("  " + term.say("cli.number", n=len(legal)), file=out)


def _finish(args: argparse.Namespace, game: Game, term: Terminal, out: TextIO) -> None:
    """The result in words, and with ``--json`` the result as one JSON object."""
    result = game.result or {}
    print("\n" + term.result(result), file=out)
    if args.json:
        emit_json(
            {
                "game": game.game_id,
                "scenario": game.scenario,
                "players": game.players,
                "seed": game.seed,
                "actions": len(game.actions),
                "result": result,
            }
        )
