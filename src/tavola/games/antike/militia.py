"""§7.1 MILITIA (arming) and the Bellona card (§5)."""

from __future__ import annotations

from typing import Any

from tavola.core import flow
from tavola.games.antike.common import DONE, GALLEY, LEGION, State, board, can_pay, event, pay, trade_rates
from tavola.games.antike.founding import start_founding
from tavola.games.antike.loader import RULEBOOK, UNITS

IRON_PER_UNIT = RULEBOOK.unit_iron


def start_militia(state: State, n: int) -> list[dict[str, Any]]:
    """§7.1; §5 the Bellona holder choosing MILITIA gets one unit free and must pass the card to
    the nation on its right (counter-clockwise, the previous one in turn order)."""
    events = []
    free = 0
    if state["bellona"] == n:
        free = RULEBOOK.bellona_free
        to = (n - 1) % len(state["nations"])
        state["bellona"] = to
        events.append(event("ev.bellona", nation=state["nations"][n], to=state["nations"][to]))
    frame = flow.begin(state, "militia", free=free, add={})
    if not wanted(state, frame, n) or (len(options(state, frame, n)) == 1 and not trade_rates(state, n)):
        return events + start_founding(state)
    return events


def limit(state: State, r: int) -> int:
    """§7.1 new units per city and turn: 1, or 3 with a temple (units already there don't count)."""
    return RULEBOOK.arm_temple if state["temple"][r] == 1 else RULEBOOK.arm_city


def places(state: State, frame: dict[str, Any], n: int) -> list[tuple[Any, ...]]:
    """§7.1 a legion or galley in an own city below its limit, from the nation's supply (§1):
    land-only cities take only legions, sea-only cities only galleys."""
    sup = state["supply"][n]
    leg, gal = sup[LEGION] > 0, sup[GALLEY] > 0
    if not (leg or gal):
        return []
    b = board(state)
    city = state["city"]
    added = frame["add"]
    red, blue = b.allows
    out: list[tuple[Any, ...]] = []
    for r in range(b.size):
        if city[r] == n and added.get(str(r), 0) < limit(state, r):
            if leg and red[r]:
                out.append(b.act_unit[0][r])
            if gal and blue[r]:
                out.append(b.act_unit[1][r])
    return out


def wanted(state: State, frame: dict[str, Any], n: int) -> bool:
    """§7.1/§7.3 a unit could be placed in principle, so trading may help."""
    return bool(places(state, frame, n))


def options(state: State, frame: dict[str, Any], n: int) -> list[tuple[Any, ...]]:
    """§7.1 each unit costs 2 iron (coins stand in), the Bellona unit nothing."""
    out: list[tuple[Any, ...]] = []
    if frame["free"] or can_pay(state["purse"][n], 0, IRON_PER_UNIT, 0):
        out.extend(places(state, frame, n))
    out.append(DONE)
    return out


def legal_militia(state: State, frame: dict[str, Any], n: int) -> list[tuple[Any, ...]]:
    """§7.1 the units the nation may place now, or the end of arming."""
    return options(state, frame, n)


def ask_militia(state: State, frame: dict[str, Any], n: int) -> tuple[str, dict[str, Any]]:
    return ("prompt.militia_free" if frame["free"] else "prompt.militia"), {"free": frame["free"]}


def apply_militia(
    state: State, frame: dict[str, Any], n: int, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    """§7.1 place one legion or galley (Bellona's first, §5), or end arming and go on to founding (§5.2)."""
    if action[0] == "done":
        return start_founding(state)
    b = board(state)
    t = 0 if action[0] == "legion" else 1
    r = b.index[action[1]]
    free = frame["free"] > 0
    if free:
        frame["free"] -= 1
        coins = 0
    else:
        coins = pay(state, n, 0, IRON_PER_UNIT, 0)
    state["units"][n][2 * r + t] += 1
    state["supply"][n][t] -= 1
    key = str(r)
    frame["add"][key] = frame["add"].get(key, 0) + 1
    return [
        event("ev.arm", nation=state["nations"][n], unit=UNITS[t], region=b.ids[r], free=free, coins=coins)
    ]
