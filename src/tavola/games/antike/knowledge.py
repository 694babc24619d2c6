"""What the search bots know of Antike II: action priors and a playout policy, reached through
the rules object (``AntikeRules.knowledge``); the evaluation of a position is :mod:`.heuristic`.

Random clicks make poor Antike playouts: they trade resources away two for one, pay for long
rondel moves, and wander units about for dozens of clicks. The policy below plays the way a
beginner would (free rondel moves, arm and build when possible, stop moving soon), which keeps
playouts short and their end states meaningful for the evaluation. Both hooks read only the
world they are given (a determinized state).
"""

from __future__ import annotations

import random

from tavola.core.rules import Action, Knowledge, Rules, State, weighted_pick
from tavola.games.antike.common import PURSE_INDEX
from tavola.games.antike.rondel import COSTS, SPACE_INDEX

TRADE = "trade"
_DONE = ("done",)


def _weights(world: State, actions: list[Action]) -> list[float]:
    frame = world["flow"][-1]
    step = frame["s"]
    out: list[float] = []
    if step == "rondel":
        pos = world["pos"][world["turn"]]
        costs = COSTS[pos] if pos >= 0 else [0] * 8
        for a in actions:
            if a[0] == TRADE:
                out.append(0.02)
            else:
                price = costs[SPACE_INDEX[a[1]]]
                out.append(1.0 if price == 0 else 0.25 / price)
        return out
    for a in actions:
        verb = a[0]
        if verb == TRADE:
            out.append(0.02)
        elif verb == "done":
            # Stop moving soon; otherwise use what the action offers.
            out.append(1.5 if step == "move" else 0.3)
        elif verb == "attack":
            out.append(2.0)
        elif verb == "no_battle":
            out.append(1.0)
        else:
            out.append(1.0)
    return out


def prior(rules: Rules, world: State, role: str, actions: list[Action]) -> list[float]:
    """Open free rondel moves before paid ones, and trades last."""
    return _weights(world, actions)


def playout(rules: Rules, world: State, role: str, actions: list[Action], rand: random.Random) -> Action:
    frame = world["flow"][-1]
    step = frame["s"]
    if step in ("pay", "trade") and actions[0][0] == "pay":
        # Pay with what the nation has most of, coins last (they are scarce); no trade meanwhile.
        purse = world["purse"][frame.get("deciding", world["turn"])]
        pays = [a for a in actions if a[0] == "pay"]
        return max(pays, key=lambda a: (a[1] != "coin", purse[PURSE_INDEX[a[1]]]))
    if step == "move" and frame["picked"] is None and _DONE in actions and rand.random() < 0.35:
        return _DONE
    return weighted_pick(rand, actions, _weights(world, actions))


KNOWLEDGE = Knowledge(prior=prior, playout=playout)
