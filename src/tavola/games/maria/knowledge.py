"""What the bots know of Maria: an action prior and a cheap playout policy (they only ever see
determinized worlds), and ``evaluate``: progress toward the §14 victory conditions."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from tavola.core.rules import Action, Knowledge, Rules, State
from tavola.games.maria import boxes, conquest, victory
from tavola.games.maria.board_adapter import GEO
from tavola.games.maria.common import (
    N,
    enemies,
    general_power,
    hand_value,
    piece_power,
    power_troops,
    superpower,
)
from tavola.games.maria.hussars import maps_in_play

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
    """Fight, seal, and march on the fortresses the role's victory needs (:func:`_march`)."""
    weights = [WEIGHTS.get(str(a[0]), 1.0) for a in actions]
    frame = world["flow"][-1]
    if frame["s"] == "move" and world["result"] is None:
        return _march(world, frame, actions, weights)
    return weights


def playout(rules: Rules, world: State, role: str, actions: list[Action], rand: random.Random) -> Action:
    """Short, sensible clicks: seal the sheet, fight, march on the fortresses to take."""
    verbs = {a[0]: a for a in actions}
    for first in ("seal", "attack"):
        if first in verbs:
            return verbs[first]
    useful = [a for a in actions if a[0] not in ("untroop", "transfer", "withdraw")] or actions
    weights = prior(rules, world, role, useful)
    return rand.choices(useful, weights)[0]


# --- the march: fortresses to take (§10.3, §14, §23) ------------------------------------------
@cache
def _fortresses(maps: tuple[str, ...], lands: tuple[str, ...] | None) -> tuple[str, ...]:
    return tuple(
        c
        for c in GEO.on(maps)
        if GEO.cities[c].fortress is not None and (lands is None or GEO.cities[c].territory in lands)
    )


def targets(state: State, power: str) -> list[str]:
    """The enemy fortresses whose conquest brings ``power``'s side toward victory: §14, Austria's
    fortresses for France, Austria's and Silesia's for Prussia (their minor powers mark for
    them); §23, in the advanced game, every enemy fortress; for Austria, its own fortresses and
    Silesia's that an enemy holds."""
    side = superpower(state, power)
    lands = None
    if not boxes.advanced(state):
        lands = (victory.AUSTRIA,) if side == "france" else (victory.AUSTRIA, victory.SILESIA)
    places = _fortresses(maps_in_play(state), lands)
    return [c for c in places if conquest.enemy_fortress(state, c, power)]


def _open_targets(state: State, power: str) -> list[str]:
    """§10.3: the fortresses to take that no enemy general protects, within reach of the
    side's trains (§9); when every one is protected, the generals protecting them: a battle
    won drives them off (§11), and the fortresses fall, retroactively too (§12)."""
    places = targets(state, power)
    trains = _trains(state, superpower(state, power)) + _trains(state, power)
    supplied = [c for c in places if _nearest(state, c, trains) <= SUPPLY_REACH + 1] or places
    open_ = [c for c in supplied if not conquest.protected(state, c)]
    if open_:
        return open_
    maps = maps_in_play(state)
    guards = []
    for g, x in state["generals"].items():
        if x["city"] is None or g in state["out"] or not enemies(state, general_power(g), power):
            continue
        dist = GEO.distances(x["city"], maps)
        if any(1 <= dist.get(c, 99) <= N.protection_distance for c in supplied):
            guards.append(x["city"])
    return guards or supplied


def _nearest(state: State, city: str, places: list[str]) -> int:
    dist = GEO.distances(city, maps_in_play(state))
    return min((dist.get(c, 99) for c in places), default=99)


def _trains(state: State, power: str) -> list[str]:
    return [c for t, c in state["trains"].items() if c and t not in state["out"] and piece_power(t) == power]


def _march(state: State, frame: dict[str, Any], actions: list[Action], weights: list[float]) -> list[float]:
    """§10.1, §10.3: a general steps toward the nearest fortress to take and leaves it (which
    conquers it when unprotected), never farther than 6 cities from its trains (§9); a train
    follows its generals; generals march before trains, and the movement ends last."""
    piece = frame["piece"]
    out = list(weights)
    if piece:
        power = piece_power(piece)
        general = piece in state["generals"]
        here = state["generals"][piece]["city"] if general else state["trains"][piece]
        if general:
            places = _open_targets(state, power)
            trains = _trains(state, power)
        else:
            places = [
                x["city"] for g, x in state["generals"].items() if x["city"] and general_power(g) == power
            ]
            trains = []
        now = _nearest(state, here, places)
        leaving = general and here in places
        onward = False
        for i, a in enumerate(actions):
            if a[0] == "to":
                d = _nearest(state, a[1], places)
                w = 8.0 if leaving or d < now else (0.5 if d == now else 0.1)
                if trains and GEO.owner(a[1]) != power and _nearest(state, a[1], trains) > SUPPLY_REACH:
                    w *= 0.05  # §9: out of supply next turn
                onward |= w >= 8.0 and (general or now > 2)
                out[i] = w
        for i, a in enumerate(actions):
            if a[0] == "stop":
                out[i] = 0.1 if onward else 4.0
        return out
    for i, a in enumerate(actions):
        if a[0] in ("move", "march") and a[1] in state["generals"]:
            g = state["generals"][a[1]]
            near = _nearest(state, g["city"], targets(state, general_power(a[1])))
            out[i] = (0.2 if g["down"] else 6.0 / (1 + near)) * (0.2 if a[0] == "march" else 1.0)
        elif a[0] == "move":
            out[i] = 0.5
        elif a[0] == "done":
            out[i] = 0.02
    return out


SUPPLY_REACH = 5  # §9: 6 cities, one kept for the train that moves after the general


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
            value = 0.7 * mine + 0.15 * _approach(state, powers) + 0.15 * strength
        out[role] = max(0.0, min(1.0, value))
    return out


def _approach(state: State, powers: set[str]) -> float:
    """§10.3: how close the side's face-up generals stand to the fortresses they must take."""
    near = []
    for g, x in state["generals"].items():
        power = general_power(g)
        if power in powers and x["city"] is not None and g not in state["out"] and not x["down"]:
            near.append(1.0 / (1 + _nearest(state, x["city"], targets(state, power))))
    return sum(near) / len(near) if near else 0.0


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
