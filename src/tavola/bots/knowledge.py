"""Optional per-game knowledge for the search bots, found by game id.

A game id ``antike-ii`` is served by the module ``tavola.bots.knowledge.antike_ii`` (dashes
become underscores). The module may define either or both of:

``prior(rules, world, role, actions) -> list[float]``
    a non-negative weight per action (higher = try it first). MCTS expands actions in this
    order when it widens a node.

``playout(rules, world, role, actions, rand) -> Action``
    the action a cheap playout takes (``rand`` is a :class:`random.Random`). It must return
    one of ``actions``.

Both only ever receive determinized worlds, never the true state. A game without a module
gets uniform priors and random playouts.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from dataclasses import dataclass

from tavola.core.rules import Action, Rules, State

PriorFn = Callable[[Rules, State, str, list[Action]], list[float]]
PlayoutFn = Callable[[Rules, State, str, list[Action], random.Random], Action]


@dataclass(frozen=True)
class Knowledge:
    prior: PriorFn | None = None
    playout: PlayoutFn | None = None


_CACHE: dict[str, Knowledge | None] = {}


def module_for(game_id: str) -> str:
    return f"{__name__}.{game_id.replace('-', '_')}"


def register_knowledge(game_id: str, knowledge: Knowledge | None) -> None:
    """Use ``knowledge`` for ``game_id`` (``None``: none), instead of looking for a module."""
    _CACHE[game_id] = knowledge


def load_knowledge(game_id: str) -> Knowledge | None:
    """The knowledge hooks of a game, or ``None`` when it has none."""
    if game_id in _CACHE:
        return _CACHE[game_id]
    name = module_for(game_id)
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        # Only a missing knowledge module means "no knowledge"; a broken one must fail loudly.
        if exc.name != name:
            raise
        found = None
    else:
        found = Knowledge(prior=getattr(module, "prior", None), playout=getattr(module, "playout", None))
    _CACHE[game_id] = found
    return found
