"""§10.3 Conquest of fortresses, §12 retroactive conquest, and the markers after a conquest."""

from __future__ import annotations

from typing import Any

from tavola.games.maria import boxes, changes
from tavola.games.maria.board_adapter import GEO
from tavola.games.maria.common import (
    N,
    State,
    controller,
    cooperating,
    enemies,
    event,
    general_power,
    owner,
    superpower,
)
from tavola.games.maria.hussars import maps_in_play

SILESIA = "silesia"


def enemy_fortress(state: State, city: str, power: str) -> bool:
    """§10.3: only fortresses held by an enemy of ``power`` can be conquered by it."""
    if GEO.cities[city].fortress is None:
        return False
    holder = controller(state, city)
    return holder is not None and enemies(state, holder, power)


def protected(state: State, city: str) -> bool:
    """§10.3: a fortress is protected by a general of its controller, or of a power cooperating
    with it, 1 to 3 cities away (whatever stands between)."""
    holder = controller(state, city)
    if holder is None:
        return False
    reach = N.protection_distance
    dist = GEO.distances(city, maps_in_play(state))
    for gid, g in state["generals"].items():
        if g["city"] is None or gid in state["out"]:
            continue
        d = dist.get(g["city"])
        if d is not None and 1 <= d <= reach and cooperating(state, general_power(gid), holder):
            return True
    return False


def conquer(state: State, city: str, power: str) -> list[dict[str, Any]]:
    """§10.3: the old controller's victory marker leaves (§15: back to its pool); the conqueror's
    superpower puts its own on a fortress in enemy territory, in Silesia (always marked), or in
    a friendly minor power's territory (§15: taken from its pool); a friendly superpower's own
    fortress is held by its territory's colour. Trier, Mainz, Köln and Mannheim take no victory
    marker: their elector marker is turned over (§10.3 NOTE), and the 3-electors box follows
    (§16)."""
    old = controller(state, city)
    if city in boxes.RHINE_ELECTORS:
        side = boxes.elector_side(state, power)
        state["markers"][city] = side
        events = [event("ev.conquer", power=power, city=city, old=old or "none", marker=side)]
        return events + boxes.electors(state)
    gone = state["markers"].pop(city, None)
    if gone is not None:
        boxes.return_marker(state, gone)
    home = owner(state, city)
    mark = superpower(state, power)
    territory = GEO.cities[city].territory
    if home is None or territory == SILESIA or enemies(state, home, power):
        place = True
    else:
        place = superpower(state, home) != home  # a friendly minor power's fortress
    if place:
        state["markers"][city] = mark
        boxes.take_marker(state, mark)
    events = [
        event("ev.conquer", power=power, city=city, old=old or "none", marker=mark if place else "none")
    ]
    return events + changes.french_conquest(state, power, city)


def leave(state: State, city: str, power: str, down: bool, march: bool) -> list[dict[str, Any]]:
    """§10.3: a face-up general leaving an enemy fortress (passing through or setting out from it)
    conquers it unless it is protected; a protected one gets a question mark (§12), which the
    advanced game takes from the pool of the mover's superpower («quando prendi un segnalino
    punto interrogativo dalla scorta»: an additional marker when the pool is empty, §23). Never
    in a forced march, never face down."""
    if down or march or not enemy_fortress(state, city, power):
        return []
    if protected(state, city):
        if city not in state["question"]:
            state["question"][city] = power
            boxes.take_marker(state, superpower(state, power))
        return [event("ev.question", power=power, city=city)]
    return conquer(state, city, power)


def retroactive(state: State) -> list[dict[str, Any]]:
    """§12: after every combat, each question-marked fortress no longer protected is conquered
    by the power that left it; the others lose their question mark. §10.3: in the advanced game
    the question mark goes back to the pool («rimetticelo se la fortezza non viene conquistata
    retroattivamente»); a fortress that falls takes its victory marker as any conquest does (the
    question mark is the one placed, or goes back where the conquest places none)."""
    events = []
    for city, power in sorted(state["question"].items()):
        boxes.return_marker(state, superpower(state, power))
        if enemy_fortress(state, city, power) and not protected(state, city):
            events += conquer(state, city, power)
            events[-1]["args"]["retroactive"] = True
    state["question"] = {}
    return events
