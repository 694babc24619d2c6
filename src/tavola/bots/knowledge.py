"""A game's knowledge for the search bots: what its rules object offers, or a test's stand-in.

A game gives its hints through :meth:`tavola.core.rules.Rules.knowledge` (a
:class:`~tavola.core.rules.Knowledge` with an action ``prior`` and a ``playout`` policy), so the
bots import no game. A game without knowledge gets uniform priors and random playouts.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from tavola.core.errors import UnknownGame
from tavola.core.registry import get_rules
from tavola.core.rules import Action, Knowledge, Rules, State

__all__ = ["Knowledge", "PlayoutFn", "PriorFn", "load_knowledge", "register_knowledge"]

PriorFn = Callable[[Rules, State, str, list[Action]], list[float]]
PlayoutFn = Callable[[Rules, State, str, list[Action], random.Random], Action]

_OVERRIDES: dict[str, Knowledge] = {}


def register_knowledge(game_id: str, knowledge: Knowledge | None) -> None:
    """Use ``knowledge`` for ``game_id`` instead of its rules' own; ``None`` removes the stand-in."""
    if knowledge is None:
        _OVERRIDES.pop(game_id, None)
    else:
        _OVERRIDES[game_id] = knowledge


def load_knowledge(rules: Rules | str) -> Knowledge | None:
    """The knowledge of a game (its rules object or its id), or ``None`` when it has none."""
    game_id = rules if isinstance(rules, str) else rules.id
    if game_id in _OVERRIDES:
        return _OVERRIDES[game_id]
    if isinstance(rules, str):
        try:
            rules = get_rules(rules)
        except UnknownGame:
            return None
    return rules.knowledge()
