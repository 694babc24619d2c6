"""§5.6 and §6.14 Movement within provinces.

First each faction, in turn order, names the provinces where it asks to move (``("ask",
province)``). In each province asked for, the factions present move in decreasing size
(neutrals and tokens in besieged cities not counted; ties by turn order), the largest first:
it places its tokens ignoring the others', and may take other factions' tokens out of towns
and cities into the countryside; each later faction respects the places taken by those before
it. A town holds one token, a city any number. Any faction may move neutral tokens. At the end
of the phase neutrals fill, where possible, every empty city (2) and town (1) of their
province. Tokens of besieged cities stay put, and nothing enters them.
"""

from __future__ import annotations

from typing import Any

from tavola.core import flow
from tavola.games.revolution.common import (
    NEUTRAL,
    State,
    besieged,
    counts,
    ev,
    fid,
    per_faction,
    phase_over,
)
from tavola.games.revolution.loader import COMPONENTS as C


def movable(state: State, owner: int, p: int) -> bool:
    """The province has places to move to and the owner has tokens there outside besieged cities."""
    return bool(C.province_places[p]) and counts(state, p, sieged=False)[owner] > 0


def begin(state: State) -> list[dict[str, Any]]:
    state["asked"] = []
    per_faction(state, "ask", list(state["order"]), _init_ask)
    _after_asking(state)
    return []


def _after_asking(state: State) -> None:
    """Once every faction has asked (or had nothing to move), the provinces asked for are
    arranged one by one."""
    if state["flow"][-1]["s"] == "next":
        _next_province(state, sorted(state["asked"]))


def _init_ask(state: State, owner: int) -> dict[str, Any] | None:
    return {} if any(movable(state, owner, p) for p in range(len(C.province_ids))) else None


def legal_ask(state: State, frame: dict[str, Any], who: int) -> list[tuple[Any, ...]]:
    return [
        ("ask", C.province_ids[p])
        for p in range(len(C.province_ids))
        if p not in state["asked"] and movable(state, who, p)
    ] + [("done",)]


def apply_ask(state: State, frame: dict[str, Any], who: int, action: tuple[Any, ...]) -> list[dict[str, Any]]:
    if action[0] == "ask":
        state["asked"].append(C.province_index[action[1]])
        return [ev("ev.ask", faction=fid(who), province=action[1])]
    per_faction(state, "ask", frame["queue"], _init_ask)
    _after_asking(state)
    return []


def ask_ask(state: State, frame: dict[str, Any], who: int) -> tuple[str, dict[str, Any]]:
    return "prompt.ask", {"faction": fid(who)}


def movers(state: State, p: int) -> list[int]:
    """§6.14 the factions of province ``p`` in decreasing size, ties in turn order."""
    tally = counts(state, p, sieged=False)
    rank = {o: i for i, o in enumerate(state["order"])}
    present = [o for o in state["order"] if tally[o]]
    return sorted(present, key=lambda o: (-tally[o], rank[o]))


def _next_province(state: State, provinces: list[int]) -> None:
    if not provinces:
        finish(state)
        return
    p, rest = provinces[0], provinces[1:]
    order = movers(state, p)
    flow.begin(state, "arrange", who=order[0], queue=order[1:], province=p, provinces=rest, moved=[])


def _open_places(state: State, p: int) -> list[int]:
    skip = besieged(state)
    return [c for c in C.province_places[p] if c not in skip]


def legal_arrange(state: State, frame: dict[str, Any], who: int) -> list[tuple[Any, ...]]:
    p = frame["province"]
    loose = state["country"][p][who]
    moved = frame["moved"]
    out: list[tuple[Any, ...]] = []
    for c in _open_places(state, p):
        here = state["places"][c]
        name = C.place_ids[c]
        if here[who]:
            out.append(("leave", name))
        if C.is_city[c]:
            out += [("city", name, n) for n in range(1, loose + 1)]
            out += [
                ("expel", name, "neutral" if o == NEUTRAL else fid(o))
                for o, k in enumerate(here)
                if k and o != who and (o == NEUTRAL or o not in moved)
            ]
        elif loose and not here[who]:
            holder = next((o for o, k in enumerate(here) if k), None)
            if holder is None or holder == NEUTRAL or holder not in moved:
                out.append(("town", name))
    return [*out, ("done",)]


def apply_arrange(
    state: State, frame: dict[str, Any], who: int, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    p = frame["province"]
    verb = action[0]
    if verb == "done":
        frame["moved"].append(who)
        if frame["queue"]:
            frame["who"], frame["queue"] = frame["queue"][0], frame["queue"][1:]
        else:
            _next_province(state, frame["provinces"])
        return []
    c = C.place_index[action[1]]
    here = state["places"][c]
    country = state["country"][p]
    if verb == "leave":
        country[who] += here[who]
        here[who] = 0
    elif verb == "city":
        country[who] -= action[2]
        here[who] += action[2]
    elif verb == "expel":
        o = NEUTRAL if action[2] == "neutral" else C.factions.index(action[2])
        country[o] += here[o]
        here[o] = 0
    else:  # town: whoever held it goes to the countryside
        for o, k in enumerate(here):
            country[o] += k
            here[o] = 0
        country[who] -= 1
        here[who] = 1
    return [ev("ev.arrange", faction=fid(who), verb=verb, place=action[1])]


def ask_arrange(state: State, frame: dict[str, Any], who: int) -> tuple[str, dict[str, Any]]:
    return "prompt.arrange", {"faction": fid(who), "province": C.province_ids[frame["province"]]}


def settle_neutrals(state: State) -> int:
    """§6.14 neutrals of the countryside go, where possible, to every empty city (2) and town (1)
    of their province; returns how many moved."""
    moved = 0
    skip = besieged(state)
    for p in range(len(C.province_ids)):
        for c in C.province_places[p]:
            if c in skip or any(state["places"][c]):
                continue
            k = min(2 if C.is_city[c] else 1, state["country"][p][NEUTRAL])
            state["country"][p][NEUTRAL] -= k
            state["places"][c][NEUTRAL] += k
            moved += k
    return moved


def finish(state: State) -> None:
    settle_neutrals(state)
    state["asked"] = []
    phase_over(state)
