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
whole and sound) and the round trip. A session starts from a position with
:meth:`Game.from_position <tavola.core.game.Game.from_position>`; the worked examples played
from positions are :mod:`tavola.core.examples`. Each game writes and reads its own part
(``games/<pkg>/position.py``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from tavola.core.errors import (
    PositionError,
    UnknownGame,
)
from tavola.core.registry import get_rules

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
