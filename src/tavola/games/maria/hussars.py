"""§7 Hussars: Austria places its two hussars on Bohemia within 4 cities of an Austrian
general, on a city without pieces; a piece moving or retreating into or through one removes it."""

from __future__ import annotations

from typing import Any

from tavola.core import flow
from tavola.games.maria.board_adapter import GEO
from tavola.games.maria.common import N, State, event, general_power, occupancy

HUSSAR_FRAME = {"n": "which hussar (0 or 1) is being placed"}


def hussar_cities(state: State, n: int) -> list[str]:
    """§7: on the Bohemia map, at most 4 cities from an Austrian general, on no piece."""
    reach = N.hussars["reach"]
    occupied = occupancy(state)
    other = state["hussars"][1 - n]
    near: set[str] = set()
    maps = maps_in_play(state)
    for gid, g in state["generals"].items():
        if g["city"] is None or gid in state["out"] or general_power(gid) != "austria":
            continue
        for city, d in GEO.distances(g["city"], maps).items():
            if d <= reach:
                near.add(city)
    return sorted(c for c in near if GEO.cities[c].map == "bohemia" and c not in occupied and c != other)


def maps_in_play(state: State) -> tuple[str, ...]:
    """§14: the introductory game uses the Bohemia map only."""
    return ("bohemia",) if state["scenario"] == "introductory" else ("bohemia", "flanders")


def legal_hussar(state: State, frame: dict[str, Any], role: str) -> list[tuple[Any, ...]]:
    if state["control"]["austria"] != role:
        return []
    return [("hussar", c) for c in hussar_cities(state, frame["n"])] + [("pass",)]


def apply_hussar(
    state: State, frame: dict[str, Any], role: str, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    """§7: place (or re-place) a hussar, or leave it where it is (or off the board)."""
    n = frame["n"]
    events = []
    if action[0] == "hussar":
        state["hussars"][n] = action[1]
        events.append(event("ev.hussar", city=action[1]))
    if n == 0:
        frame["n"] = 1
    else:
        flow.pop(state)
    return events


def ask_hussar(state: State, frame: dict[str, Any], role: str) -> tuple[str, dict[str, Any]]:
    return "prompt.hussar", {"n": frame["n"] + 1}


def pass_through(state: State, city: str) -> list[dict[str, Any]]:
    """§7: a piece entering a hussar's city removes the hussar."""
    out = []
    for i, h in enumerate(state["hussars"]):
        if h == city:
            state["hussars"][i] = None
            out.append(event("ev.hussar_removed", city=city))
    return out
