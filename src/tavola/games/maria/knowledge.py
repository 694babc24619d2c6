"""What the bots know of Maria: an action prior and a cheap playout policy (they only ever see
determinized worlds), and ``evaluate``: progress toward the §14 victory conditions."""

from __future__ import annotations

import random
from typing import Any

from tavola.core.rules import Action, Knowledge, Rules, State
from tavola.games.maria import victory
from tavola.games.maria.common import N, general_power, hand_value, power_troops

WEIGHTS = {
    "seal": 5.0,
    "attack": 3.0,
    "card": 2.0,
    "to": 2.0,
    "move": 1.5,
    "stack": 1.5,
    "retreat": 1.0,
    "troop": 1.0,
    "enter": 2.0,
    "pay": 1.0,
    "hussar": 1.0,
    "stop": 0.7,
    "done": 0.5,
    "march": 0.5,
    "march_stack": 0.5,
    "reserve": 0.3,
    "transfer": 0.1,
    "untroop": 0.1,
    "withdraw": 0.05,
}


def prior(rules: Rules, world: State, role: str, actions: list[Action]) -> list[float]:
    return [WEIGHTS.get(str(a[0]), 1.0) for a in actions]


def playout(rules: Rules, world: State, role: str, actions: list[Action], rand: random.Random) -> Action:
    """Short, sensible clicks: seal the sheet, fight, move a few pieces then end the movement."""
    verbs = {a[0]: a for a in actions}
    for first in ("seal", "attack"):
        if first in verbs:
            return verbs[first]
    if "done" in verbs and rand.random() < 0.3:
        return verbs["done"]
    useful = [a for a in actions if a[0] not in ("untroop", "transfer", "withdraw")] or actions
    weights = [WEIGHTS.get(str(a[0]), 1.0) for a in useful]
    return rand.choices(useful, weights)[0]


def _strength(state: State, powers: set[str]) -> float:
    """Troops on the map, face-up generals and card points of a side, as a share of all sides'."""

    def side(ps: set[str]) -> float:
        troops = sum(power_troops(state, p) for p in ps)
        up = sum(
            1
            for g, x in state["generals"].items()
            if general_power(g) in ps and x["city"] is not None and g not in state["out"] and not x["down"]
        )
        cards = sum(hand_value(state, p) for p in ps if p in state["hands"])
        return troops + 2 * up + cards / 4

    mine = side(powers)
    everyone = side(set(state["powers"]))
    return mine / everyone if everyone else 0.0


def evaluate(state: State) -> dict[str, float]:
    """§14: France and Prussia toward their fortresses, Austria as the turns run out; a little
    for the strength of each side (troops, generals in supply, cards). §23, the advanced game:
    each player's best superpower by the share of its pool emptied."""
    if state["pools"]:
        return _evaluate_advanced(state)
    fr = victory.held(state, "france", (victory.AUSTRIA,)) / N.introductory_victory["france"]
    pr = (
        victory.held(state, "prussia", (victory.AUSTRIA, victory.SILESIA)) / N.introductory_victory["prussia"]
    )
    res = state["result"]
    out: dict[str, Any] = {}
    for role in state["roles"]:
        if res is not None:
            out[role] = 1.0 if role in res["winners"] else 0.0
            continue
        powers = {p for p in state["powers"] if state["control"][p] == role}
        strength = _strength(state, powers)
        if "austria" in powers:
            time_left = state["turn"] / N.turns[state["scenario"]]
            value = 0.4 * time_left + 0.4 * (1 - max(fr, pr)) + 0.2 * strength
        else:
            mine = max(fr if "france" in powers else 0.0, pr if "prussia" in powers else 0.0)
            value = 0.8 * mine + 0.2 * strength
        out[role] = max(0.0, min(1.0, value))
    return out


KNOWLEDGE = Knowledge(prior=prior, playout=playout)


def _evaluate_advanced(state: State) -> dict[str, float]:
    res = state["result"]
    out: dict[str, float] = {}
    for role in state["roles"]:
        if res is not None:
            out[role] = 1.0 if role in res["winners"] else 0.0
            continue
        powers = {p for p in state["powers"] if state["control"][p] == role}
        emptied = max(
            (1 - state["pools"][sp] / N.pools[sp] for sp in powers if sp in state["pools"]), default=0.0
        )
        out[role] = max(0.0, min(1.0, 0.8 * emptied + 0.2 * _strength(state, powers)))
    return out
