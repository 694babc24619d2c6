"""§13 Winter: after every third turn each power, in the order of the action phases, recruits
troops at 4 card points each (the number declared, the generals receiving them kept secret)
and brings removed generals back at its superpower's fortresses."""

from __future__ import annotations

from typing import Any

from tavola.core import flow
from tavola.games.maria.board_adapter import GEO
from tavola.games.maria.common import (
    GENERAL_MAX,
    N,
    State,
    allied,
    card_name,
    controller,
    cooperating,
    enemies,
    event,
    general_power,
    generals_at,
    occupancy,
    owner,
    pay_value,
    piece_power,
    play_card,
    private,
    superpower,
)
from tavola.games.maria.hussars import maps_in_play, pass_through
from tavola.games.maria.stacks import forget
from tavola.games.maria.supply import ARENBERG, ARENBERG_HOME

WINTER_FRAME = {
    "power": "the power recruiting",
    "paid": "card points paid so far",
    "recruits": "troops recruited and not yet given to a general (-1 while paying)",
}
WINTER_GROWS = {"grant": "troops a political card grants (§17.5), given as in winter (§13)"}


def start_winter(state: State) -> None:
    """§5, §13: the powers act in the order of the action phases."""
    order = [p for g in range(3) for p in _phase(state, g)]
    for power in reversed(order):
        flow.push(state, "winter", power=power, paid=0, recruits=-1)


def _phase(state: State, g: int) -> list[str]:
    from tavola.games.maria.common import group_powers

    return group_powers(state, g)


def reentry_fortresses(state: State, gid: str) -> list[str]:
    """§13: any fortress of the general's superpower held by an ally, where the stack that results
    is legal; in the introductory game French generals may also use München when an ally holds
    it; Arenberg also at a major fortress of the Netherlands (§22). (Option ``minor_reentry``: ``superpower``, the book's words, or ``own``: a minor power's
    generals use their own territory's fortresses.)"""
    power = general_power(gid)
    home = superpower(state, power)
    if power != home and state["options"].get("minor_reentry", "superpower") == "own":
        home = power
    occupied = occupancy(state)
    out = []
    for cid in GEO.on(maps_in_play(state)):
        c = GEO.cities[cid]
        if c.fortress is None:
            continue
        munich = state["scenario"] == "introductory" and power == "france" and cid == "munchen"
        dutch = gid == ARENBERG and c.fortress == "major" and c.territory == ARENBERG_HOME  # §22
        if owner(state, cid) != home and not munich and not dutch:
            continue
        holder = controller(state, cid)
        if holder is None or not allied(state, holder, power):
            continue
        there = occupied.get(cid, [])
        gens = [p for p in there if p in state["generals"]]
        trains = [p for p in there if p in state["trains"]]
        if any(not enemies(state, piece_power(t), power) for t in trains):
            continue  # one piece per city: an own or allied train blocks the fortress
        if len(gens) >= N.troops["generals_per_stack"]:
            continue
        if gens and not all(cooperating(state, general_power(g), power) for g in gens):
            continue
        if gens and {general_power(gens[0]), power} == {"austria", "pragmatic_army"}:
            continue
        out.append(cid)
    return out


def _givable(state: State, power: str) -> list[str]:
    return [
        g
        for g, x in sorted(state["generals"].items())
        if general_power(g) == power
        and x["city"] is not None
        and g not in state["out"]
        and x["troops"] < GENERAL_MAX
    ]


def _absent(state: State, power: str) -> list[str]:
    return [
        g
        for g, x in sorted(state["generals"].items())
        if general_power(g) == power and x["city"] is None and g not in state["out"]
    ]


def legal_winter(state: State, frame: dict[str, Any], role: str) -> list[tuple[Any, ...]]:
    power = frame["power"]
    if state["control"][power] != role:
        return []
    if frame["recruits"] < 0:
        return [("pay", c) for c in sorted(set(state["hands"][power]))] + [("recruit",)]
    out: list[tuple[Any, ...]] = []
    if frame["recruits"] > 0:
        out += [("troop", g) for g in _givable(state, power)]
        for g in _absent(state, power):
            out += [("enter", f"{g}@{c}") for c in reentry_fortresses(state, g)]
    if not out or frame["recruits"] == 0:
        out.append(("done",))
    return out


def apply_winter(
    state: State, frame: dict[str, Any], role: str, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    power = frame["power"]
    verb = action[0]
    if verb == "pay":
        cid = int(action[1])
        play_card(state, power, cid)
        frame["paid"] += pay_value(state, cid)
        return [event("ev.pay", power=power, card=card_name(cid), why="troops")]
    if verb == "recruit":
        frame["recruits"] = frame["paid"] // N.costs["troop"]
        return [event("ev.recruit", power=power, n=frame["recruits"])]
    if verb == "troop":
        # §13: the count is declared, where it goes is secret: what was told of the power's
        # generals is stale
        forget(state, [g for g in state["generals"] if general_power(g) == power])
        state["generals"][action[1]]["troops"] += 1
        frame["recruits"] -= 1
        return [private(role, "ev.reinforce", general=action[1])]
    if verb == "enter":
        gid, city = str(action[1]).split("@")
        events = []
        for t, c in state["trains"].items():
            if c == city:
                state["trains"][t] = None
                events.append(event("ev.train_destroyed", train=t, city=city))
        state["generals"][gid].update(city=city, troops=1, down=False)
        frame["recruits"] -= 1
        events.append(event("ev.reenter", general=gid, city=city))
        events += pass_through(state, city)
        gens = generals_at(state, city)
        if len(gens) == 2 and len({GEO.generals[g].rank for g in gens}) == 1:
            flow.push(state, "commander", city=city)
        return events
    flow.pop(state)
    return [event("ev.troops_given" if frame.get("grant") else "ev.winter_done", power=power)]


def ask_winter(state: State, frame: dict[str, Any], role: str) -> tuple[str, dict[str, Any]]:
    if frame["recruits"] < 0:
        return "prompt.recruit", {"power": frame["power"], "paid": frame["paid"]}
    return "prompt.reinforce", {"power": frame["power"], "n": frame["recruits"]}
