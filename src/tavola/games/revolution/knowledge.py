"""What the search bots know of Revolution: an action prior and a playout policy, reached through
the rules object (``RevolutionRules.knowledge``); the evaluation is :mod:`.heuristic`.

Random clicks make long, aimless Revolution playouts: a token at a time, armies raised and
abandoned, coins scattered one by one on the Allegiance track. The policy places tokens in
large counts, prefers cities and towns to the countryside, keeps armies (maintaining before
abandoning) and ends the optional phases soon, so playouts stay short and end in positions the
evaluation can judge. Both hooks only read the world they are given."""

from __future__ import annotations

import marshal
import random
import zlib

from tavola.core.rules import Action, Knowledge, Rules, State, clone

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


_SEEN: dict[tuple[str, int, int], dict[Action, float]] = {}  # a decision's prior, by its world
_SEEN_MAX = 4096
_TIE = 1e-6  # the click weights only break ties between equally valued actions


def prior(rules: Rules, world: State, role: str, actions: list[Action]) -> list[float]:
    """Each action by the evaluation of the world it leads to (the role's value, or its outcome
    if the game ends there), the click weights breaking ties. The search opens a decision's
    actions in this order, so its first looks go to the moves a player would weigh first (a
    majority taken, a card kept), not to the largest counts. A decision is valued once: the
    search reaches it again and again, and a world is the same whatever its RNG word (no die
    is rolled in Revolution)."""
    key = _key(world, role)
    known = _SEEN.get(key)
    if known is None:
        if len(_SEEN) >= _SEEN_MAX:
            _SEEN.clear()
        known = _SEEN[key] = {}
    out = []
    for a, w in zip(actions, _weights(world, actions)):
        value = known.get(a)
        if value is None:
            value = known[a] = _value(rules, world, role, a)
        out.append(value + _TIE * w)
    return out


def _key(world: State, role: str) -> tuple[str, int, int]:
    data = marshal.dumps([v for k, v in world.items() if k != "rng"])
    return role, zlib.crc32(data), len(data)


def _value(rules: Rules, world: State, role: str, action: Action) -> float:
    """The role's value after ``action``; a click that leaves the role in the same optional step
    is valued as that click and then ``done``, so that it is weighed against ``done`` on the same
    footing: otherwise a click that only puts off the step's end (a token out of a town and back)
    would look better than ending it whenever what follows the step (a siege resolved, an
    allocation) costs the role something, and a bot would click for ever."""
    after = clone(world)
    step = after["flow"][-1]["s"]
    rules.apply(after, role, action)
    if (
        action != ("done",)
        and rules.result(after) is None
        and after["flow"][-1]["s"] == step
        and rules.active_roles(after) == [role]
        and ("done",) in rules.legal_actions(after, role)
    ):
        rules.apply(after, role, ("done",))
    result = rules.result(after)
    if result is None:
        return rules.evaluate(after)[role]
    winners = result["winners"]
    return 1.0 / len(winners) if role in winners else 0.0


def playout(rules: Rules, world: State, role: str, actions: list[Action], rand: random.Random) -> Action:
    return rand.choices(actions, weights=_weights(world, actions))[0]


KNOWLEDGE = Knowledge(prior=prior, playout=playout)
