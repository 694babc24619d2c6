"""Which games exist: the ``tavola.games`` entry points, plus games registered at run time.

A game package declares itself in its distribution's metadata, for example in
``pyproject.toml``::

    [project.entry-points."tavola.games"]
    antike-ii = "tavola.games.antike:RULES"

so adding a game touches neither the core, the bots, the server nor the clients. Games are
imported lazily: a client loads only the rules it plays. Tests and plug-ins that are not
installed add a game with :func:`register`.
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points

from tavola.core.errors import UnknownGame
from tavola.core.rules import Rules

GROUP = "tavola.games"

GAMES: dict[str, str | Rules] = {
    ep.name: ep.value for ep in sorted(entry_points(group=GROUP), key=lambda ep: ep.name)
}
"""game id -> ``"module:attribute"`` of its Rules instance, or the instance itself."""

_loaded: dict[str, tuple[str | Rules, Rules]] = {}  # game id -> (its target, its Rules)


def register(game_id: str, rules_or_target: Rules | str) -> None:
    """Add or replace a game: a :class:`Rules` instance or a ``"module:attribute"`` naming one."""
    if not isinstance(rules_or_target, Rules | str):
        raise TypeError(f"register a Rules object or 'module:attribute', not {rules_or_target!r}")
    if isinstance(rules_or_target, str) and rules_or_target.count(":") != 1:
        raise ValueError(f"a game target is 'module:attribute', not {rules_or_target!r}")
    GAMES[game_id] = rules_or_target


def unregister(game_id: str) -> None:
    """Remove a game added by :func:`register` (tests clean up with it)."""
    GAMES.pop(game_id, None)


def get_rules(game_id: str) -> Rules:
    """The Rules object of a game id, e.g. ``antike-ii``."""
    target = GAMES.get(game_id)
    loaded = _loaded.get(game_id)
    if loaded is not None and loaded[0] is target:
        return loaded[1]
    if target is None:
        known = ", ".join(sorted(GAMES)) or f"none (is tavola installed? games are {GROUP} entry points)"
        raise UnknownGame(f"unknown game {game_id!r}; known games: {known}")
    if isinstance(target, str):
        module, attr = target.split(":")
        rules = getattr(importlib.import_module(module), attr)
    else:
        rules = target
    _loaded[game_id] = (target, rules)
    return rules


def game_ids() -> list[str]:
    return list(GAMES)


def module_of(game_id: str) -> str:
    """The module that holds a game's rules, found without importing it when it is named."""
    target = GAMES.get(game_id)
    if target is None:
        raise UnknownGame(f"unknown game {game_id!r}; known games: {', '.join(sorted(GAMES))}")
    return target.split(":")[0] if isinstance(target, str) else type(target).__module__
