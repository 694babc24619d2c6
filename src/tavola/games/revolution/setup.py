"""§3 Set-up: the factions per player count, the tokens and armies per faction, the starting
placements, the support boxes' tokens, the Catholics' treasury, neutrals on every vacant city
(2) and town (1), and the Habsburgs' two armies on orange boxes."""

from __future__ import annotations

from typing import Any

from tavola.core import flow
from tavola.core.errors import UnknownGame
from tavola.core.rng import seed_state
from tavola.core.rules import OptionSpec, Scenario
from tavola.games.revolution.common import (
    EMPTY,
    HABSBURGS,
    NEUTRAL,
    OPTIONS,
    OWNERS,
    UNIVERSITY_CATHOLIC,
    UNIVERSITY_NONE,
    State,
    ev,
)
from tavola.games.revolution.loader import COMPONENTS as C
from tavola.games.revolution.loader import FACTIONS

PAIRS = tuple(f"{a}-{b}" for i, a in enumerate(FACTIONS[1:], 1) for b in FACTIONS[i + 1 :])
THREE = OptionSpec("three_players", "nobility-reformers", PAIRS, "3 players: the Catholics and", "§3.2")
"""§3.2 the two factions that join the Catholics in a 3-player game (the book's suggestion first)."""


def scenarios() -> list[Scenario]:
    return [Scenario("standard", "Revolution: The Dutch Revolt", (2, 3, 4, 5), 4, (*OPTIONS, THREE))]


def options_filled(options: dict[str, Any]) -> dict[str, Any]:
    specs = {o.name: o for o in (*OPTIONS, THREE)}
    out = {}
    for name, value in options.items():
        if name not in specs:
            raise UnknownGame(f"revolution has no option {name!r}")
        if value not in specs[name].choices:
            raise UnknownGame(f"option {name}: {value!r} is not one of {specs[name].choices}")
    for name, spec in specs.items():
        out[name] = options.get(name, spec.default)
    return out


def seats(players: int, options: dict[str, Any]) -> list[list[str]]:
    """§3.1, §3.2, §3.3, §3.4 the factions of each seat, in seating order."""
    if players not in C.players:
        raise UnknownGame(f"revolution is for 2 to 5 players, not {players}")
    count = C.players[players]
    if count["seats"] is not None:
        return [list(s) for s in count["seats"]]
    chosen = options_filled(options)["three_players"].split("-")
    factions = [f for f in FACTIONS if f in count["required"] or f in chosen]
    return [[f] for f in factions]


def roles(players: int, options: dict[str, Any]) -> list[str]:
    return ["-".join(seat) for seat in seats(players, options)]


def setup(players: int, options: dict[str, Any], seed: int) -> State:
    """§3.6 the initial state, before the Habsburgs' armies are placed."""
    opts = options_filled(options)
    table = seats(players, opts)
    seat = {f: "-".join(s) for s in table for f in s}
    factions = [o for o, f in enumerate(FACTIONS) if f in seat]
    allowance = C.players[players]
    stock = [allowance["tokens"] if o in factions else 0 for o in range(5)]
    state: State = {
        "players": players,
        "options": opts,
        "roles": ["-".join(s) for s in table],
        "seat": seat,
        "factions": factions,
        "turn": 0,
        "phase": "setup",
        "order": list(factions),
        "stock": stock,
        "treasury": [0] * 5,
        "neutral_stock": C.neutral_tokens,
        "country": [[0] * OWNERS for _ in C.province_ids],
        "places": [[0] * OWNERS for _ in C.place_ids],
        "support": [[EMPTY] * len(slots) for slots in C.box_slots],
        "blocks": [[EMPTY] * n for n in C.boxes],
        "raised": [0] * 5,
        "asked": [],
        "sieges": [],
        "beggars": {"hirer": EMPTY, "hired": 0, "blocking": [0] * len(C.region_ids)},
        "beggars_home": C.setup["_water_beggars"],
        "province_card": [EMPTY] * len(C.province_ids),
        "city_card": [EMPTY] * len(C.place_ids),
        "bishopric": [1] * len(C.bishopric_provinces),
        "bishop_marker": [EMPTY] * len(C.bishopric_provinces),
        "university": [UNIVERSITY_CATHOLIC if u == "existing" else UNIVERSITY_NONE for u in C.university],
        "allegiance": [C.allegiance_start[c] for c in C.cities],
        "spent": [[0] * 5 for _ in C.cities],
        "intercepts": 0,
        "vp2": [0] * 5,
        "over": False,
        "rng": seed_state(seed),
        "flow": [],
    }
    for o in factions:
        plan = C.setup[FACTIONS[o]]
        for place, k in plan["map"].items():
            state["places"][C.place_index[place]][o] += k
            state["stock"][o] -= k
        state["treasury"][o] += plan["treasury"]
        state["stock"][o] -= plan["treasury"]
        for box, k in plan["support"].items():
            b = C.box_index[box]
            free = [i for i, s in enumerate(C.box_slots[b]) if plan["support_slot"] in (None, s)]
            for i in free[:k]:
                state["support"][b][i] = o
            state["stock"][o] -= k
    vacant = C.setup["_neutrals"]
    for c in range(len(C.place_ids)):
        if not any(state["places"][c]):
            want = vacant["city" if C.is_city[c] else "town"]
            k = min(want, state["neutral_stock"])
            state["places"][c][NEUTRAL] += k
            state["neutral_stock"] -= k
    if HABSBURGS in factions and C.setup["habsburgs"]["armies"]:
        flow.begin(state, "garrison", who=HABSBURGS, left=C.setup["habsburgs"]["armies"])
    else:
        flow.begin(state, "next")
    return state


# --- the Habsburgs' set-up armies (§3.6) ---------------------------------------------------------
def legal_garrison(state: State, frame: dict[str, Any], who: int) -> list[tuple[Any, ...]]:
    """§3.6 an army on any orange box, one army per orange box."""
    return [
        ("garrison", C.region_ids[r])
        for r, boxes in enumerate(C.orange)
        for b in boxes
        if state["blocks"][r][b] == EMPTY
    ]


def apply_garrison(
    state: State, frame: dict[str, Any], who: int, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    r = C.region_index[action[1]]
    state["blocks"][r][C.orange[r][0]] = who
    frame["left"] -= 1
    if frame["left"] == 0:
        flow.begin(state, "next")
    return [ev("ev.garrison", faction=FACTIONS[who], region=action[1])]


def ask_garrison(state: State, frame: dict[str, Any], who: int) -> tuple[str, dict[str, Any]]:
    return "prompt.garrison", {"faction": FACTIONS[who], "n": frame["left"]}
