"""§6.13 (and §5.5) Overpopulation: where a faction's excess may go.

Excess tokens may move to an adjacent province, or to a province reached along a river (blue
lines) without passing a city or town controlled by an opposing faction (neutrals do not
block). Zeeland counts as adjacent to Holland and the Generality (the §6.13 note), which the
board data gives as borders.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tavola.games.revolution.common import (
    EMPTY,
    NEUTRAL,
    State,
    allied,
    counts,
    ev,
    fid,
    limits,
    option,
    per_faction,
    place_controller,
)
from tavola.games.revolution.conflict import remove_one
from tavola.games.revolution.loader import COMPONENTS as C
from tavola.games.revolution.loader import Components


def river_reach(comp: Components, origin: int, passable: Callable[[int], bool]) -> set[int]:
    """§6.13 the provinces reached from ``origin`` along the rivers, never past a place (city or
    town) for which ``passable(place)`` is false. ``origin`` itself is not included."""
    reached = {origin}
    todo = [origin]
    while todo:
        here = todo.pop()
        for a, b, passed in comp.river_legs:
            if here not in (a, b):
                continue
            there = b if here == a else a
            if there in reached or not all(passable(c) for c in passed):
                continue
            reached.add(there)
            todo.append(there)
    reached.discard(origin)
    return reached


def destinations(comp: Components, origin: int, passable: Callable[[int], bool]) -> set[int]:
    """§6.13 every province excess may move to from ``origin``, before the limits are looked at:
    the adjacent ones and those reached by river."""
    return set(comp.adjacent[origin]) | river_reach(comp, origin, passable)


# --- the phase --------------------------------------------------------------------------------
def excess(state: State, owner: int, p: int) -> int:
    """§6.13 the owner's excess in ``p``: it must be the only owner there (neutrals included)
    and over the limit; tokens in besieged cities do not count."""
    tally = counts(state, p, sieged=False)
    if tally[owner] == 0 or any(k for o, k in enumerate(tally) if o != owner):
        return 0
    return max(0, tally[owner] - limits(state["players"])[p])


def room(state: State, owner: int, d: int) -> int:
    """§6.13 how many tokens may enter ``d``: up to its limit, neutral tokens making way. A
    province at its limit is closed only when faction tokens fill it (the Italian text): each
    entering token sends neutrals back to the pool so that the province stays within its limit
    (option `overflow_neutrals`: the neutrals stay and the province goes over)."""
    tally = counts(state, d, sieged=False)
    return max(0, limits(state["players"])[d] - (sum(tally) - tally[NEUTRAL]))


def passable(state: State, owner: int) -> Callable[[int], bool]:
    """§6.13 a river leads past a city or town unless an opposing faction controls it (neutrals
    and the faction's own, or its ally's in the 2-player game, do not block)."""

    def ok(c: int) -> bool:
        holder = place_controller(state, c)
        return holder in (EMPTY, NEUTRAL) or allied(state, holder, owner)

    return ok


def begin(state: State) -> list[dict[str, Any]]:
    per_faction(state, "overflow", list(state["order"]), _init)
    return []


def _init(state: State, owner: int) -> dict[str, Any] | None:
    return {} if any(excess(state, owner, p) for p in range(len(C.province_ids))) else None


def legal_overflow(state: State, frame: dict[str, Any], who: int) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = []
    ok = passable(state, who)
    for p in range(len(C.province_ids)):
        extra = excess(state, who, p)
        if not extra:
            continue
        for d in sorted(destinations(C, p, ok)):
            most = min(extra, room(state, who, d))
            out += [("overflow", C.province_ids[p], C.province_ids[d], n) for n in range(1, most + 1)]
    return [*out, ("done",)]


def apply_overflow(
    state: State, frame: dict[str, Any], who: int, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    """§6.13 move excess tokens, into the countryside of the province they enter; ``done``:
    excess not moved goes back to the stock."""
    if action[0] == "done":
        events = []
        for p in range(len(C.province_ids)):
            extra = excess(state, who, p)
            for _ in range(extra):
                remove_one(state, p, who)
            if extra:
                events.append(ev("ev.overflow_stock", faction=fid(who), province=C.province_ids[p], n=extra))
        per_faction(state, "overflow", frame["queue"], _init)
        return events
    _, frm, to, n = action
    p, d = C.province_index[frm], C.province_index[to]
    displace = option(state, "overflow_neutrals") == "displace"
    for _ in range(n):
        remove_one(state, p, who)
        state["stock"][who] -= 1
        state["country"][d][who] += 1
        while displace and sum(counts(state, d, sieged=False)) > limits(state["players"])[d]:
            remove_one(state, d, NEUTRAL)
    return [ev("ev.overflow", faction=fid(who), frm=frm, to=to, n=n)]


def ask_overflow(state: State, frame: dict[str, Any], who: int) -> tuple[str, dict[str, Any]]:
    return "prompt.overflow", {"faction": fid(who)}
