"""§5.2 and §6.10 New units: how many tokens each faction receives, and where they may go.

Placing is one action per province or box with a count: ``("place", province, n)``,
``("box", box, n)``. Tokens that cannot be placed go to the treasury as coins (§6.10).
"""

from __future__ import annotations

from typing import Any

from tavola.games.revolution.common import (
    EMPTY,
    NEUTRAL,
    State,
    controls_place,
    counts,
    ev,
    fid,
    in_support,
    option,
    per_faction,
)
from tavola.games.revolution.loader import COMPONENTS as C


def entitlement(state: State, owner: int) -> dict[str, int]:
    """§6.10 the new units of a faction, source by source: 1 per city card plus 1 per city or
    town on the card that it controls, 1 per town it occupies, 1 per 5 tokens in the
    countryside (rounded down), 1 per token in a support box; at least 7 (§6.10 'Importante')."""
    cities = sum(
        1 + sum(controls_place(state, owner, link) for link in C.city_links[c])
        for c in C.cities
        if state["city_card"][c] == owner
    )
    towns = sum(state["places"][t][owner] > 0 for t in C.towns)
    country = sum(row[owner] for row in state["country"]) // C.countryside_per_unit
    support = in_support(state, owner)
    total = cities + towns + country + support
    return {
        "cities": cities,
        "towns": towns,
        "countryside": country,
        "support": support,
        "total": total,
        "receives": max(total, C.new_units_minimum),
    }


def receives(state: State, owner: int) -> int:
    """§5.2 the fixed numbers of turn 0, §6.10 the formula; never more than the stock holds."""
    if state["turn"] == 0:
        n = C.turn0_units[fid(owner)]
    else:
        n = entitlement(state, owner)["receives"]
    return min(n, state["stock"][owner])


def cap(state: State, owner: int, p: int, present: int) -> int:
    """How many new tokens the faction may add to province ``p`` where it had ``present``
    tokens: in turn 0 twice that (§5.2, the Jülich example); afterwards as many as it has there,
    or, where it holds the province card, without limit (option `new_units_cap`, §6.10)."""
    if present == 0:
        return 0
    if state["turn"] == 0:
        return C.turn0_multiple * present
    if state["province_card"][p] == owner:
        rule = option(state, "new_units_cap")
        if rule == "unlimited":
            return 10**6
        return present * (2 if rule == "double" else 1)
    return present


def box_room(state: State, owner: int, b: int) -> int:
    """Free spaces of a support box the faction may use; the Huguenots hold one faction's tokens
    at a time (§5.2 note)."""
    if C.box_factions[b].count(fid(owner)) == 0:
        return 0
    box = state["support"][b]
    if C.box_exclusive[b] and any(o not in (EMPTY, owner) for o in box):
        return 0
    return box.count(EMPTY)


def begin(state: State) -> list[dict[str, Any]]:
    per_faction(state, "units", list(state["order"]), _init)
    return []


def _init(state: State, owner: int) -> dict[str, Any] | None:
    n = receives(state, owner)
    if not n:
        return None
    present = [counts(state, p)[owner] for p in range(len(C.province_ids))]
    return {"left": n, "present": present, "added": [0] * len(present)}


def legal_units(state: State, frame: dict[str, Any], who: int) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = []
    left = frame["left"]
    for p, present in enumerate(frame["present"]):
        room = min(left, cap(state, who, p, present) - frame["added"][p])
        out += [("place", C.province_ids[p], n) for n in range(1, room + 1)]
    for b in range(len(C.box_ids)):
        room = min(left, box_room(state, who, b))
        out += [("box", C.box_ids[b], n) for n in range(1, room + 1)]
    return out or [("done",)]


def apply_units(
    state: State, frame: dict[str, Any], who: int, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    """§5.2, §6.10 place tokens loose in a province (their place is chosen in §6.14) or in the
    free spaces of a box; ``done`` (only when nothing more can be placed) banks the rest."""
    if action[0] == "done":
        left = frame["left"]
        state["stock"][who] -= left
        state["treasury"][who] += left
        per_faction(state, "units", frame["queue"], _init)
        return [ev("ev.units_banked", faction=fid(who), n=left)] if left else []
    _, where, n = action
    state["stock"][who] -= n
    frame["left"] -= n
    if action[0] == "place":
        p = C.province_index[where]
        state["country"][p][who] += n
        frame["added"][p] += n
    else:
        b = C.box_index[where]
        box = state["support"][b]
        for _ in range(n):
            box[box.index(EMPTY)] = who
    events = [ev("ev.units", faction=fid(who), where=where, n=n)]
    if frame["left"] == 0:
        per_faction(state, "units", frame["queue"], _init)
    return events


def ask_units(state: State, frame: dict[str, Any], who: int) -> tuple[str, dict[str, Any]]:
    return "prompt.units", {"faction": fid(who), "n": frame["left"]}


__all__ = ["NEUTRAL", "begin", "cap", "entitlement", "receives"]
