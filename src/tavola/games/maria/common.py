"""The state layout and what every chapter shares: powers and their relations (§2), the
tactical cards (§8), pieces and stacks on the board (§6), fortress control (§3.2).

State (plain data):

- ``scenario``, ``players``, ``options``, ``roles`` (seating order), ``rng``, ``flow``;
- ``control``: power -> the role playing it; ``powers``: the powers taking part, in §5 order;
- ``turn``: 1..9 (introductory) or 1..12; ``group``: the action phase under way (an index of
  ``ACTION_PHASES``, -1 before the first, 3 in winter); ``stage``: the sub-phase under way
  (``allocate``, ``hussars``, ``draw``, ``supply``, ``movement``, ``combat``, ``retro``,
  ``winter``, ``over``);
- ``generals``: general id -> ``{"city": city or None (off the map), "troops": n, "down": face
  down (§9)}``; ``trains``: train id -> city or None (eliminated); ``out``: pieces that take no
  part (§14: the Flanders map, Ostpreussen, the Silesia box);
- ``hands``: power -> its tactical cards (ids, see :func:`card`); ``pile``: the draw pile (top
  last); ``unused``: decks not yet brought in, in order; ``discards``: per deck of origin (§8);
- ``markers``: fortress -> the superpower whose victory marker stands on it (§10.3);
- ``hussars``: the city of each hussar or None (§7); ``question``: fortress -> the power that
  left it while it was protected (§10.3, question-mark markers);
- ``moved``: pieces that have moved in this movement sub-phase; ``retreated``: generals forced
  to retreat in this combat sub-phase (§11.1); ``commanders``: city -> the supreme commander
  chosen for a stack of equal ranks (§6);
- ``subsidy``: whether France subsidises Bavaria this turn (§8); ``sealed``: roles that have
  sealed their secret troop allocation (§4); ``recruits``: power -> the troops recruited this
  winter, not yet assigned (§13);
- ``known``: what every player has been told of the secret troops (§6: revealed in combat) and
  still knows, ``[{"generals": [...], "troops": n}]`` (see :mod:`.stacks`);
- ``hand_shown``: power -> the cards everyone saw in its hand when it could not pay (§9) and
  knows it still holds (those not played face up since; forgotten at a face-down bid, §17.3);
- ``result``: None, or ``{"winners": [...], "reason": key}``.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict

from tavola.games.maria.board_adapter import GEO

State = dict[str, Any]


class _Power(BaseModel):
    model_config = ConfigDict(extra="forbid")
    superpower: str
    cooperates: str
    alliance: int
    initial_hand: int
    draw: int


class _Numbers(BaseModel):
    model_config = ConfigDict(extra="forbid")
    powers: dict[str, _Power]
    source_powers: str
    action_phases: list[list[str]]
    subsidy: dict[str, Any]
    introductory_draw_change: dict[str, int]
    troops: dict[str, int]
    movement: dict[str, int]
    supply_distance: int
    protection_distance: int
    hussars: dict[str, int]
    costs: dict[str, int]
    tactical_cards: dict[str, Any]
    winter_after: int
    turns: dict[str, int]
    introductory_victory: dict[str, int]
    pools: dict[str, int]
    battle_boxes: int


@cache
def numbers() -> _Numbers:
    """The rulebook's numbers, validated (``rulebook.yaml``)."""
    raw = yaml.safe_load((Path(__file__).parent / "rulebook.yaml").read_text(encoding="utf-8"))
    return _Numbers.model_validate(raw)


N = numbers()
POWERS = tuple(N.powers)
ACTION_PHASES = tuple(tuple(g) for g in N.action_phases)
SUITS = tuple(N.tactical_cards["suits"])
LOW, HIGH = N.tactical_cards["values"]
PER_SUIT = HIGH - LOW + 1
DECK_SIZE = len(SUITS) * PER_SUIT + N.tactical_cards["reserves"]
DECKS = N.tactical_cards["decks"]
RESERVE_LOW, RESERVE_HIGH = N.tactical_cards["reserve_values"]
GENERAL_MIN = N.troops["general_min"]
GENERAL_MAX = N.troops["general_max"]
STACK_MIN = N.troops["stack_min"]
STACK_MAX = N.troops["stack_max"]


# --- §2 powers, and how §19 changes them ---------------------------------------------------------
@cache
def _saxony_zones() -> tuple[str, ...]:
    from tavola.games.maria.board import load_components

    spaces = load_components().tracks["saxony"].spaces
    return tuple(str(s.zone) for s in spaces)


def saxony_stance(state: State) -> str:
    """§19.3: Saxony is Prussia's ally, neutral or Austria's ally as its political marker stands
    (the S box is neutral, §19.1); always Prussia's ally without the political display (§14)."""
    tracks = state.get("tracks") or {}
    if "saxony" not in tracks:
        return "prussian_ally"
    zone = _saxony_zones()[tracks["saxony"]]
    return "neutral" if zone in ("neutral", "s_box") else zone


def neutral(state: State, power: str) -> bool:
    """§19.4: Saxony while its marker says so; Prussia after annexing Silesia, until the
    Prussian action phase after the next (§19.1 step 6)."""
    if power == "saxony":
        return saxony_stance(state) == "neutral"
    until = state.get("prussia_neutral")
    if power == "prussia" and until:
        return (state["turn"], state["group"]) < (until[0], until[1])
    return False


def superpower(state: State, power: str) -> str:
    """§2: a minor power's superpower is the one it cooperates with (§19.3: Saxony counts for
    Austria once Maria Theresa plays it)."""
    if power == "saxony" and saxony_stance(state) != "prussian_ally":
        return "austria"
    return N.powers[power].superpower


def cooperating(state: State, a: str, b: str) -> bool:
    """§2: the same power, or the cooperating pairs France-Bavaria, Prussia-Saxony,
    Austria-Pragmatic Army; §19.3: Austria-Saxony once Saxony is Austria's ally, and a neutral
    Saxony cooperates with nobody."""
    if a == b:
        return True
    if "saxony" in (a, b):
        other = b if a == "saxony" else a
        stance = saxony_stance(state)
        return (stance, other) in (("prussian_ally", "prussia"), ("austrian_ally", "austria"))
    return N.powers[a].cooperates == b


def _alliance(state: State, power: str) -> int:
    if power == "saxony" and saxony_stance(state) == "austrian_ally":
        return N.powers["austria"].alliance
    return N.powers[power].alliance


def allied(state: State, a: str, b: str) -> bool:
    """§2: France, Bavaria, Prussia and Saxony are allies; so are Austria and the Pragmatic Army
    (§19.3: Saxony changes sides; §19.4: a neutral power is nobody's ally)."""
    if a == b:
        return True
    if neutral(state, a) or neutral(state, b):
        return False
    return _alliance(state, a) == _alliance(state, b)


def enemies(state: State, a: str, b: str) -> bool:
    """§2: powers that are not allies are enemies; §19.4: a neutral power is nobody's enemy."""
    if neutral(state, a) or neutral(state, b):
        return False
    return not allied(state, a, b)


def owner(state: State, city: str) -> str | None:
    """§3.2: the power whose home territory holds ``city``; §19.1: Silesia is Prussia's once
    annexed."""
    if state.get("silesia_annexed") and GEO.cities[city].territory == "silesia":
        return "prussia"
    return GEO.owner(city)


def role_powers(state: State, role: str) -> list[str]:
    return [p for p in state["powers"] if state["control"][p] == role]


def group_powers(state: State, group: int) -> list[str]:
    """§5: the powers active in an action phase (those that take part); §19.3: the Saxon pieces
    move in the Austrian action phase once Maria Theresa plays Saxony."""
    phases = [list(g) for g in ACTION_PHASES]
    if saxony_stance(state) != "prussian_ally":
        phases[1].remove("saxony")
        phases[2].append("saxony")
    return [p for p in phases[group] if p in state["powers"]]


# --- §8 tactical cards -----------------------------------------------------------------------
def card(cid: int) -> tuple[int, str | None, int]:
    """(deck of origin, suit or None for a Reserve, printed value or 0 for a Reserve)."""
    deck, k = divmod(cid, DECK_SIZE)
    if k >= len(SUITS) * PER_SUIT:
        return deck, None, 0
    return deck, SUITS[k // PER_SUIT], LOW + k % PER_SUIT


def is_reserve(cid: int) -> bool:
    return card(cid)[1] is None


def card_name(cid: int) -> str:
    _, suit, value = card(cid)
    return "reserve" if suit is None else f"{value}-{suit}"


def reserve_pays(state: State) -> int:
    """§8: what a Reserve is worth in a payment (option ``reserve_payment``)."""
    return int(state["options"].get("reserve_payment", RESERVE_HIGH))


def pay_value(state: State, cid: int) -> int:
    """§8: only the value counts in a payment, whatever the suit."""
    _, suit, value = card(cid)
    return reserve_pays(state) if suit is None else value


def hand_value(state: State, power: str) -> int:
    return sum(pay_value(state, c) for c in state["hands"][power])


def discard(state: State, cids: list[int]) -> None:
    """§8: played cards go to the discard pile of their deck of origin."""
    for c in cids:
        state["discards"][card(c)[0]].append(c)


def play_card(state: State, power: str, cid: int) -> None:
    """§8: a card of ``power``'s hand played face up (a cost paid, a combat card): discarded, and
    no longer among the cards the hand was seen to hold (§9, ``hand_shown``)."""
    state["hands"][power].remove(cid)
    shown = state["hand_shown"].get(power)
    if shown and cid in shown:
        shown.remove(cid)
    discard(state, [cid])


# --- §6 pieces and stacks --------------------------------------------------------------------
def general_power(gid: str) -> str:
    return GEO.generals[gid].power


def train_power(tid: str) -> str:
    return GEO.trains[tid].power


def piece_power(pid: str) -> str:
    return GEO.generals[pid].power if pid in GEO.generals else GEO.trains[pid].power


def occupancy(state: State) -> dict[str, list[str]]:
    """city -> the pieces in it (generals first, by rank)."""
    out: dict[str, list[str]] = {}
    for gid in sorted(state["generals"], key=lambda g: GEO.generals[g].rank):
        city = state["generals"][gid]["city"]
        if city is not None and gid not in state["out"]:
            out.setdefault(city, []).append(gid)
    for tid, city in state["trains"].items():
        if city is not None and tid not in state["out"]:
            out.setdefault(city, []).append(tid)
    return out


def generals_at(state: State, city: str) -> list[str]:
    return sorted(
        (g for g, x in state["generals"].items() if x["city"] == city and g not in state["out"]),
        key=lambda g: (GEO.generals[g].rank, g),
    )


def commander(state: State, city: str) -> str:
    """§6: the general of lower rank number commands a stack; at equal ranks, the one chosen."""
    gens = generals_at(state, city)
    chosen = state["commanders"].get(city)
    return chosen if chosen in gens else gens[0]


def stack_troops(state: State, city: str) -> int:
    return sum(state["generals"][g]["troops"] for g in generals_at(state, city))


def city_power(state: State, city: str) -> str:
    """The power of the supreme commander at ``city``."""
    return general_power(commander(state, city))


def power_troops(state: State, power: str) -> int:
    """§6: the total a player must tell when asked (generals on the map)."""
    return sum(
        x["troops"]
        for g, x in state["generals"].items()
        if general_power(g) == power and x["city"] is not None and g not in state["out"]
    )


# --- §3.2 fortress control -------------------------------------------------------------------
def controller(state: State, city: str) -> str | None:
    """§3.2: a power controls the fortresses of its home territory without a victory marker and
    every other fortress with its own victory (or elector) marker."""
    marker = state["markers"].get(city)
    if marker is not None:
        return marker
    return owner(state, city)


def event(msg: str, **args: Any) -> dict[str, Any]:
    return {"msg": msg, "args": args}


def private(role: str, msg: str, **args: Any) -> dict[str, Any]:
    return {"msg": msg, "args": args, "to": [role]}
