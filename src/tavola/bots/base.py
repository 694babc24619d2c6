"""The bot interface. Bots see the game only through the rules contract.

A bot is handed the true state by whoever runs it (the server, the CLI, the arena), but it
must plan only on what its role may see: on ``rules.view(state, role)`` or on worlds from
``rules.determinize(state, role, seed)``, which resample every hidden part and the RNG word.
"""

from __future__ import annotations

import random as _random
from abc import ABC, abstractmethod

from tavola.core.rules import Action, Rules, State


class Bot(ABC):
    """Chooses one legal action for one role."""

    name: str = ""

    def __init__(self, seed: int = 0, think: float = 0.5, level: str = "normal") -> None:
        self.seed = seed
        self.think = think
        self.level = level
        self.rand = _random.Random(seed)

    @abstractmethod
    def choose(self, rules: Rules, state: State, role: str) -> Action:
        """One action from ``rules.legal_actions(state, role)``."""


class RandomBot(Bot):
    """Uniform over the legal actions."""

    name = "random"

    def choose(self, rules: Rules, state: State, role: str) -> Action:
        legal = rules.legal_actions(state, role)
        return legal[self.rand.randrange(len(legal))]


BOTS: dict[str, type[Bot]] = {"random": RandomBot}


def make_bot(name: str, seed: int = 0, think: float = 0.5, level: str = "normal") -> Bot:
    """A bot by name (``random``, ...); raises ValueError naming the known bots."""
    cls = BOTS.get(name)
    if cls is None:
        raise ValueError(f"unknown bot {name!r}; bots: {', '.join(sorted(BOTS))}")
    return cls(seed=seed, think=think, level=level)


def bot_names() -> list[str]:
    return sorted(BOTS)
