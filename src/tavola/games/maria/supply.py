"""§9 Supply: checked for the active powers' generals in their supply sub-phase. At home a
general is always supplied; elsewhere it needs a path of at most 6 cities to a supply train of
its own colour, not through enemy pieces. A path through a hussar costs tactical-card points."""

from __future__ import annotations

from collections import deque
from typing import Any

from tavola.core import flow
from tavola.games.maria import boxes, changes
from tavola.games.maria.board_adapter import GEO
from tavola.games.maria.common import (
    N,
    State,
    card_name,
    enemies,
    event,
    general_power,
    group_powers,
    hand_value,
    occupancy,
    owner,
    piece_power,
)
from tavola.games.maria.hussars import maps_in_play
from tavola.games.maria.stacks import lose_general


def path_length(state: State, gid: str, through_hussars: bool) -> int | None:
    """§9: the shortest supply path, in cities moved, from ``gid`` to one of its power's trains:
    never through a city holding an enemy piece (general or train); through a hussar's city only
    if ``through_hussars``. None if there is none."""
    power = general_power(gid)
    start = state["generals"][gid]["city"]
    suppliers = {power, *ARENBERG_SUPPLIERS} if gid == ARENBERG else {power}
    trains = {
        c
        for t, c in state["trains"].items()
        if c is not None and t not in state["out"] and piece_power(t) in suppliers
    }
    if not trains:
        return None
    occupied = occupancy(state)
    blocked = {
        c for c, pieces in occupied.items() if any(enemies(state, piece_power(p), power) for p in pieces)
    }
    hussars = {h for h in state["hussars"] if h is not None}
    maps = maps_in_play(state)
    limit = N.supply_distance
    seen = {start: 0}
    queue = deque([start])
    while queue:
        c = queue.popleft()
        if c in trains:
            return seen[c]
        if seen[c] >= limit:
            continue
        for n in GEO.neighbours(c, maps):
            if n in seen or n in blocked or (n in hussars and not through_hussars and n not in trains):
                continue
            if not changes.may_enter(state, power, n):
                continue  # §19.4: no supply path through a neutral territory
            seen[n] = seen[c] + 1
            queue.append(n)
    return None


ARENBERG = "arenberg"
ARENBERG_SUPPLIERS = ("pragmatic_army",)
ARENBERG_HOME = "netherlands"


def arenberg_at_home(state: State, gid: str, city: str) -> bool:
    """§22: Arenberg is always supplied in the Netherlands (and by the Pragmatic Army's trains,
    :func:`path_length`)."""
    return gid == ARENBERG and GEO.cities[city].territory == ARENBERG_HOME


def hussar_cost(state: State, length: int) -> int:
    """§9: 1 point per city of the path (option ``hussar_path``: ``moves`` counts the cities
    moved through to the train, the default; ``cities`` also counts the general's own)."""
    return length + (1 if state["options"].get("hussar_path", "moves") == "cities" else 0)


def status(state: State, gid: str) -> tuple[str, int]:
    """(``home`` | ``path`` | ``hussar`` | ``none``, the points a hussar path costs)."""
    city = state["generals"][gid]["city"]
    if owner(state, city) == general_power(gid) or arenberg_at_home(state, gid, city):
        return "home", 0
    if path_length(state, gid, through_hussars=False) is not None:
        return "path", 0
    length = path_length(state, gid, through_hussars=True)
    if length is not None:
        return "hussar", hussar_cost(state, length)
    return "none", 0


def supplied(state: State, gid: str) -> list[dict[str, Any]]:
    """§9: a face-down general supplied again is turned face up."""
    g = state["generals"][gid]
    if g["down"]:
        g["down"] = False
        return [event("ev.face_up", general=gid)]
    return []


def unsupplied(state: State, gid: str) -> list[dict[str, Any]]:
    """§9: an unsupplied general is turned face down and loses 1 troop; one already face down
    loses 2."""
    g = state["generals"][gid]
    loss = 2 if g["down"] else 1
    g["down"] = True
    city = g["city"]
    lost = lose_general(state, gid, loss)
    removed = sum(1 for e in lost if e["msg"] == "ev.general_removed")
    changes.prussia_lost(state, general_power(gid), removed, city)  # §19.3
    return [
        event("ev.unsupplied", general=gid, n=loss),
        *lost,
        *boxes.supply_loss(state, general_power(gid), removed),
    ]


def supply_phase(state: State, group: int) -> list[dict[str, Any]]:
    """§9: check every active general; a path through a hussar is paid for, general by general,
    with the cards (pushed as payments, first general on top)."""
    events: list[dict[str, Any]] = []
    payments = []
    powers = group_powers(state, group)
    for gid in sorted(state["generals"]):
        g = state["generals"][gid]
        if g["city"] is None or gid in state["out"] or general_power(gid) not in powers:
            continue
        kind, cost = status(state, gid)
        if kind in ("home", "path"):
            events += supplied(state, gid)
        elif kind == "none":
            events += unsupplied(state, gid)
        else:
            payments.append((gid, cost))
    for gid, cost in reversed(payments):
        flow.push(state, "pay", power=general_power(gid), cost=cost, paid=0, why="supply", piece=gid, city="")
    return events


def cannot_pay(state: State, frame: dict[str, Any]) -> list[dict[str, Any]]:
    """§9: a power that cannot pay shows all its cards (everyone remembers them, ``hand_shown``),
    and the general is unsupplied."""
    power = frame["power"]
    gid = frame["piece"]
    shown = [card_name(c) for c in sorted(state["hands"][power])]
    state["hand_shown"][power] = sorted(state["hands"][power])
    out = [
        {"msg": "ev.cannot_pay", "args": {"power": power, "cards": shown, "n": frame["cost"]}, "reveal": True}
    ]
    if state["generals"][gid]["city"] is not None:
        out += unsupplied(state, gid)
    return out


def must_pay(state: State, frame: dict[str, Any]) -> bool:
    """§9: a power must pay when its cards are enough."""
    return hand_value(state, frame["power"]) + frame["paid"] >= frame["cost"]
