"""Which games exist. Games are imported lazily so a client loads only what it plays."""

from __future__ import annotations

import importlib
from functools import cache

from tavola.core.errors import UnknownGame
from tavola.core.rules import Rules

# game id -> "module:attribute" of its Rules instance
GAMES: dict[str, str] = {
    "antike-ii": "tavola.games.antike:RULES",
    "italia-i": "tavola.games.italia:RULES_I",
    "italia-ii": "tavola.games.italia:RULES_II",
}


@cache
def get_rules(game_id: str) -> Rules:
    """The Rules object of a game id, e.g. ``antike-ii``."""
    target = GAMES.get(game_id)
    if target is None:
        known = ", ".join(sorted(GAMES))
        raise UnknownGame(f"unknown game {game_id!r}; known games: {known}")
    module, attr = target.split(":")
    return getattr(importlib.import_module(module), attr)


def game_ids() -> list[str]:
    return list(GAMES)
