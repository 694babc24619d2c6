"""Positions: a game's situation written as plain data, like FEN for chess (docs/positions.md).

A position is a mapping that YAML or JSON writes alike::

    format: 1
    game: antike-ii
    scenario: mare-nostrum
    players: 4
    options: {pliny: false}
    ...            # the game's board, pieces, purses, tracks and hands
    turn: {...}    # whose turn, the step of the sequence, the pending decision

This module is the game-agnostic part: reading and writing the text, the ``format`` field,
checking the game, scenario, player count and options, loading through the game's
:meth:`Rules.from_position` (nothing is half-loaded: a new state replaces nothing until it is
whole and sound), the round trip, and the worked-example files of ``examples/<game-id>/`` with
their expectations. Each game writes and reads its own part (``games/<pkg>/position.py``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from tavola.core.errors import (
    IllegalAction,
    MalformedAction,
    PositionError,
    TavolaError,
    UnknownGame,
    WrongRole,
)
from tavola.core.registry import get_rules

if TYPE_CHECKING:
    from tavola.core.game import Game

FORMAT = 1
HEADER = ("format", "game", "scenario", "players", "options")


# --- text -------------------------------------------------------------------------------------
def parse(text: str | bytes) -> dict[str, Any]:
    """A position (or an example file) from YAML or JSON text."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise PositionError("", "the text is not UTF-8") from None
    try:
        data = json.loads(text) if text.lstrip().startswith("{") else yaml.safe_load(text)
    except (ValueError, yaml.YAMLError) as exc:
        raise PositionError("", f"not valid YAML or JSON: {exc}") from None
    except RecursionError:
        raise PositionError("", "not valid YAML or JSON: nested too deeply") from None
    if not isinstance(data, dict):
        raise PositionError("", "a position is a mapping of keys to values")
    return data


def read(path: str | Path) -> dict[str, Any]:
    """A position or example file from disk (``.yaml``, ``.yml`` or ``.json``)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise PositionError("", f"cannot read {path}: {exc.strerror}") from None
    return parse(text)


def dump(position: Mapping[str, Any], fmt: str = "yaml") -> str:
    """The position as YAML (short lists and mappings on one line) or JSON."""
    if fmt == "json":
        return json.dumps(position, indent=1, ensure_ascii=False) + "\n"
    return yaml.safe_dump(
        dict(position), sort_keys=False, allow_unicode=True, default_flow_style=None, width=100
    )


# --- loading and writing ----------------------------------------------------------------------
def settings(game_id: str | None, position: Any) -> dict[str, Any]:
    """Check the position's header (format, game, scenario, players, options) and return a copy
    with every default filled in. Raises :class:`PositionError` naming the faulty key."""
    if not isinstance(position, Mapping):
        raise PositionError("", "a position is a mapping of keys to values")
    fmt = position.get("format", FORMAT)
    if fmt != FORMAT:
        raise PositionError(
            "format", f"position format {fmt!r} is not supported (this engine reads {FORMAT})"
        )
    named = position.get("game")
    if game_id is None:
        game_id = named
    if not isinstance(game_id, str):
        raise PositionError("game", "name the game, e.g. 'game: antike-ii'")
    if named is not None and named != game_id:
        raise PositionError("game", f"the position is of {named!r}, not of {game_id!r}")
    try:
        rules = get_rules(game_id)
    except UnknownGame as exc:
        raise PositionError("game", str(exc)) from None
    scenarios = {s.name: s for s in rules.scenarios()}
    scenario = position.get("scenario", next(iter(scenarios)))
    if not isinstance(scenario, str) or scenario not in scenarios:
        raise PositionError(
            "scenario", f"{game_id} has no scenario {scenario!r}; scenarios: {', '.join(scenarios)}"
        )
    spec = scenarios[scenario]
    players = position.get("players", spec.default_players)
    if players not in spec.players or isinstance(players, bool):
        counts = ", ".join(str(n) for n in spec.players)
        raise PositionError("players", f"{game_id} {scenario} is for {counts} players, not {players!r}")
    raw = position.get("options")
    if raw is None:
        raw = {}
    if not isinstance(raw, Mapping):
        raise PositionError("options", "options are a mapping of option names to values")
    options = {o.name: o.default for o in spec.options}
    for key, value in raw.items():
        opt = next((o for o in spec.options if o.name == key), None)
        if opt is None:
            known = ", ".join(o.name for o in spec.options) or "none"
            raise PositionError(
                f"options.{key}", f"{game_id} {scenario} has no such option (options: {known})"
            )
        if value not in opt.choices or type(value) is not type(opt.default):
            raise PositionError(f"options.{key}", f"takes one of {list(opt.choices)}, not {value!r}")
        options[key] = value
    full = {"format": FORMAT, "game": game_id, "scenario": scenario, "players": players, "options": options}
    full.update({k: v for k, v in position.items() if k not in HEADER})
    return full


def load_state(game_id: str | None, position: Any, seed: int = 0) -> tuple[dict[str, Any], dict[str, Any]]:
    """(full position, state): the position checked and turned into a sound state."""
    full, state, _ = load(game_id, position, seed)
    return full, state


def load(
    game_id: str | None, position: Any, seed: int = 0
) -> tuple[dict[str, Any], dict[str, Any], list[dict[str, Any]]]:
    """(full position, state, filled): the position checked and turned into a sound state, and
    the log events saying what it left unknown and how the seed filled it in (hidden hands...)."""
    full = settings(game_id, position)
    rules = get_rules(full["game"])
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise PositionError("seed", f"the seed is an integer, not {seed!r}")
    try:
        state = rules.from_position(full, seed)
    except PositionError:
        raise
    except NotImplementedError as exc:
        raise PositionError("game", str(exc)) from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        # A game's reader should name the item itself; this is the safety net.
        raise PositionError("", f"malformed position ({type(exc).__name__}: {exc})") from None
    filled = state.pop("_filled", [])
    problems = rules.check(state)
    if problems:
        raise PositionError("", f"the position breaks the rules: {problems[0]}")
    return full, state, filled


def from_position(game_id: str | None, position: Any, seed: int = 0) -> Game:
    """A game in play from a position (``Game.from_position``); the game remembers the position
    it started from, and its record carries it."""
    from tavola.core import rng
    from tavola.core.game import FORMAT_OF, Game

    full, state, filled = load(game_id, position, seed)
    # The state drew on the generator in use here: SplitMix64 (format 1) unless a replay chose.
    fmt = FORMAT_OF[rng.current_generator() or rng.SPLITMIX]
    game = Game(full["game"], full["scenario"], full["players"], full["options"], seed, record_format=fmt)
    game.state = state
    game.start = full
    game.filled = filled
    return game


def write(game_id: str, state: dict[str, Any], role: str | None = None) -> dict[str, Any]:
    """The position of a state of the game ``game_id``; with ``role``, as that role sees it
    (what it cannot see left unknown, for games with hidden information)."""
    rules = get_rules(game_id)
    body = rules.position(state) if role is None else rules.position_seen(state, role)
    out: dict[str, Any] = {"format": FORMAT, "game": game_id}
    out.update({k: body[k] for k in HEADER[2:] if k in body})
    out.update({k: v for k, v in body.items() if k not in HEADER})
    return out


def round_trip(game_id: str, position: Mapping[str, Any], seed: int = 0) -> dict[str, Any]:
    """Load and write again: the position as the engine writes it (equal for a canonical one)."""
    _, state = load_state(game_id, position, seed)
    return write(game_id, state)


# --- worked examples --------------------------------------------------------------------------
EXAMPLE_KEYS = {"section", "title", "book", "note", "position", "seed", "actions", "expect", "cases"}
CASE_KEYS = {"name", "note", "actions", "expect"}


def examples_dir(game_id: str, root: str | Path | None = None) -> Path:
    """``examples/<game-id>/`` of the repository (the nearest one above this package)."""
    if root is not None:
        return Path(root) / "examples" / game_id
    for up in Path(__file__).resolve().parents:
        if (up / "examples").is_dir():
            return up / "examples" / game_id
    return Path("examples") / game_id


def example_files(game_id: str, root: str | Path | None = None) -> list[Path]:
    folder = examples_dir(game_id, root)
    return sorted(p for p in folder.glob("*") if p.suffix in (".yaml", ".yml", ".json"))


def load_example(path: str | Path) -> dict[str, Any]:
    """An example file, shape-checked: its position, the book's actions and the outcome."""
    data = read(path)
    unknown = set(data) - EXAMPLE_KEYS
    if unknown:
        raise PositionError(
            ", ".join(sorted(unknown)), f"unknown key(s) in an example file; keys: {sorted(EXAMPLE_KEYS)}"
        )
    if not isinstance(data.get("section"), str) or not isinstance(data.get("position"), dict):
        raise PositionError("section", "an example names its rule 'section' and gives its 'position'")
    # top-level actions and expectations come first; each case goes on from there
    prefix = list(data.get("actions") or [])
    if data.get("expect"):
        prefix.append({"expect": data["expect"]})
    cases = []
    for i, case in enumerate(data.get("cases") or []):
        if not isinstance(case, dict) or set(case) - CASE_KEYS:
            raise PositionError(f"cases.{i}", f"a case is a mapping with {sorted(CASE_KEYS)}")
        cases.append(
            {
                "name": case.get("name", str(i)),
                "actions": prefix + list(case.get("actions") or []),
                "expect": case.get("expect", []),
            }
        )
    if not cases and prefix:
        cases.append({"name": "", "actions": prefix, "expect": []})
    if not cases:
        raise PositionError("expect", "an example states an outcome: 'actions' and 'expect', or 'cases'")
    data["_cases"] = cases
    return data


def run_example(data: dict[str, Any], game_id: str | None = None) -> list[str]:
    """Play every case of an example from its position; the failures (empty when the book's
    outcome holds)."""
    failures: list[str] = []
    for case in data["_cases"]:
        game = from_position(game_id, data["position"], data.get("seed", 0))
        label = f"case {case['name']}: " if case["name"] else ""
        failures += [label + f for f in play_and_check(game, case["actions"], case["expect"])]
    return failures


def play_and_check(game: Game, actions: Iterable[Any], expect: Iterable[Any]) -> list[str]:
    """Apply ``[role, verb, ...]`` actions (a ``{expect: [...]}`` entry checks midway), then the
    expectations. Returns what failed."""
    failures: list[str] = []
    events: list[dict[str, Any]] = []
    for i, entry in enumerate(actions):
        if isinstance(entry, dict) and set(entry) == {"expect"}:
            failures += [f"after action {i}: {f}" for f in check_expectations(game, entry["expect"], events)]
            continue
        if not isinstance(entry, list) or len(entry) < 2 or not isinstance(entry[0], str):
            return [*failures, f"action {i}: expected [role, verb, ...], found {entry!r}"]
        try:
            events += game.apply(entry[0], entry[1:])
        except (IllegalAction, WrongRole, MalformedAction) as exc:
            return [*failures, f"action {i} {entry}: {exc}"]
    return failures + check_expectations(game, expect, events)


_MISSING = object()


def lookup(data: Any, path: str) -> Any:
    """A dotted path into a position: mapping keys, list indexes, or in a list of mappings the
    entry whose ``nation``/``id``/``name``/``role`` is the segment (``nations.romans.purse.gold``)."""
    cur = data
    for seg in path.split("."):
        if isinstance(cur, Mapping):
            cur = cur.get(seg, _MISSING)
        elif isinstance(cur, list):
            if seg.lstrip("-").isdigit() and -len(cur) <= int(seg) < len(cur):
                cur = cur[int(seg)]
            else:
                cur = next(
                    (
                        e
                        for e in cur
                        if isinstance(e, Mapping)
                        and seg in (e.get(k) for k in ("nation", "id", "name", "role"))
                    ),
                    _MISSING,
                )
        else:
            cur = _MISSING
        if cur is _MISSING:
            return _MISSING
    return cur


def _same(found: Any, want: Any) -> bool:
    """Equal, where an absent value equals 0, false, null, an empty list or mapping (positions
    leave zeros and empties out)."""
    if found is _MISSING:
        return want in (0, None, False, [], {})
    if isinstance(want, list) and isinstance(found, list):
        return len(want) == len(found) and all(_same(f, w) for f, w in zip(found, want, strict=True))
    if isinstance(want, dict) and isinstance(found, Mapping):
        keys = set(want) | set(found)
        return all(_same(found.get(k, _MISSING), want.get(k)) for k in keys)
    return bool(found == want)


def check_expectations(
    game: Game, expect: Iterable[Any], events: list[dict[str, Any]] | None = None
) -> list[str]:
    """Evaluate expectations (docs/positions.md) on the game; the ones that fail, explained.

    - ``{path: P, equals: V}``, ``{path: P, contains: V}``, ``{path: P, absent: true}``: a dotted
      path into ``game.position()``; ``result.`` paths read the game's result;
    - ``{legal: [role, verb, ...]}``, ``{illegal: [role, verb, ...]}``;
    - ``{moves: {role: R, verb: V}, are: [[verb, ...], ...]}``: exactly these legal actions of R
      (with that verb, when given);
    - ``{active: [roles]}``; ``{log: key}``: an event with that message key happened."""
    failures: list[str] = []
    position = game.position()
    for item in expect or []:
        if not isinstance(item, dict):
            failures.append(f"expectation {item!r} is not a mapping")
            continue
        if "path" in item:
            path = item["path"]
            if path.startswith("result.") or path == "result":
                found = lookup({"result": game.result}, path)
            else:
                found = lookup(position, path)
            if "equals" in item and not _same(found, item["equals"]):
                failures.append(f"{path} is {_show(found)}, the book says {item['equals']!r}")
            if "contains" in item and (not isinstance(found, list) or item["contains"] not in found):
                failures.append(f"{path} is {_show(found)}, which does not hold {item['contains']!r}")
            if item.get("absent") and found is not _MISSING:
                failures.append(f"{path} is {_show(found)}, the book says there is none")
        elif "legal" in item or "illegal" in item:
            key = "legal" if "legal" in item else "illegal"
            role, *act = item[key]
            legal = _legal(game, role)
            if (tuple(act) in legal) != (key == "legal"):
                failures.append(f"{act} is {'not ' if key == 'legal' else ''}legal for {role}")
        elif "moves" in item:
            role = item["moves"]["role"]
            verb = item["moves"].get("verb")
            have = {a for a in _legal(game, role) if verb is None or a[0] == verb}
            want = {tuple(a) for a in item["are"]}
            if have != want:
                failures.append(
                    f"{role}'s legal actions{f' ({verb})' if verb else ''} are {sorted(map(list, have))}, "
                    f"the book says {sorted(map(list, want))}"
                )
        elif "active" in item:
            if sorted(game.active_roles) != sorted(item["active"]):
                failures.append(f"active roles are {game.active_roles}, the book says {item['active']}")
        elif "log" in item:
            if not any(ev.get("msg") == item["log"] for ev in events or []):
                failures.append(f"no {item['log']!r} event happened")
        else:
            failures.append(f"expectation {item!r} has no known check")
    return failures


def _legal(game: Game, role: str) -> set[tuple[Any, ...]]:
    try:
        return {a for a in game.legal_actions(role) if a != ("undo",)}
    except TavolaError:
        return set()


def _show(value: Any) -> str:
    return "absent" if value is _MISSING else repr(value)
