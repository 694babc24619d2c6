"""The bot interface. Bots see the game only through the rules contract.

A bot is handed the true state by whoever runs it (the server, the CLI, the arena), but it
must plan only on what its role may see: on ``rules.view(state, role)`` or on worlds from
``rules.determinize(state, role, seed)``, which resample every hidden part and the RNG word.
The true state itself is used for one thing only: ``rules.legal_actions(state, role)`` of the
bot's own role, which that role may always see (the client shows it the same list).

Bots are named by a spec string: ``NAME[:LEVEL][:KEY=VALUE...]``, e.g. ``mcts``,
``mcts:hard``, ``mcts:think=0.2:depth=20``; :func:`tavola.bots.catalogue.make_bot` builds one.
"""

from __future__ import annotations

import random as _random
from abc import ABC, abstractmethod

from tavola.core.rules import Action, Rules, State

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")


class Bot(ABC):
    """Chooses one legal action for one role."""

    name: str = ""
    # Whether the level changes how the bot plays (lobbies offer such a bot at every level);
    # every bot accepts a level, but random ignores it.
    levelled: bool = False

    def __init__(self, seed: int = 0, think: float | None = None, level: str = "normal") -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
        self.seed = seed
        self.level = level
        # ``None`` lets a search bot take its level's think time.
        self.think = think if think is not None else 0.5
        self.rand = _random.Random(seed)
        # Counters a search bot fills (iterations, seconds searched), read by the arena.
        self.stats: dict[str, float] = {}

    @abstractmethod
    def choose(self, rules: Rules, state: State, role: str) -> Action:
        """One action from ``rules.legal_actions(state, role)``. Must not change ``state``."""

    def reset(self) -> None:
        """Forget anything kept between decisions (a new game starts)."""
        return None


class RandomBot(Bot):
    """Uniform over the legal actions."""

    name = "random"

    def choose(self, rules: Rules, state: State, role: str) -> Action:
        legal = rules.legal_actions(state, role)
        return legal[self.rand.randrange(len(legal))]
