"""What the search bots know of Revolution: an action prior and a playout policy, reached through
the rules object (``RevolutionRules.knowledge``); the evaluation is :mod:`.heuristic`.

Random clicks make long, aimless Revolution playouts: a token at a time, armies raised and
abandoned, coins scattered one by one on the Allegiance track. The policy places tokens in
large counts, prefers cities and towns to the countryside, keeps armies (maintaining before
abandoning) and ends the optional phases soon, so playouts stay short and end in positions the
evaluation can judge. Both hooks only read the world they are given."""

from __future__ import annotations

import random

from tavola.core.rules import Action, Knowledge, Rules, State

OPTIONAL = {
    "ask",
    "arrange",
    "support",
    "march",
    "siege",
    "spend",
    "beggars",
    "raise",
    "influence",
    "overflow",
}
WEIGHT = {
    "maintain_all": 4.0,
    "maintain": 2.0,
    "disband": 0.5,
    "loot_town": 0.2,
    "loot_token": 0.3,
    "convert": 2.0,
    "town": 1.5,
    "city": 1.5,
    "besiege": 1.0,
}


def _weights(world: State, actions: list[Action]) -> list[float]:
    step = world["flow"][-1]["s"]
    out = []
    for a in actions:
        verb = a[0]
        if verb == "done":
            out.append(2.0 if step in OPTIONAL else 1.0)
        elif verb in ("place", "box", "overflow", "city", "support") and isinstance(a[-1], int):
            out.append(0.5 + a[-1])  # a large count: fewer clicks, the same tokens
        else:
            out.append(WEIGHT.get(verb, 1.0))
    return out


def prior(rules: Rules, world: State, role: str, actions: list[Action]) -> list[float]:
    return _weights(world, actions)


def playout(rules: Rules, world: State, role: str, actions: list[Action], rand: random.Random) -> Action:
    return rand.choices(actions, weights=_weights(world, actions))[0]


KNOWLEDGE = Knowledge(prior=prior, playout=playout)
