"""§4 Set-up: scenarios and seats, the pieces on their start cities, the victory markers in
Silesia, the tactical decks and starting hands, and each player's secret troop allocation."""

from __future__ import annotations

from typing import Any

from tavola.core import flow, rng
from tavola.core.errors import UnknownGame
from tavola.core.rules import OptionSpec, Scenario
from tavola.games.maria import boxes, cards, changes, politics
from tavola.games.maria.board import load_components
from tavola.games.maria.board_adapter import GEO
from tavola.games.maria.common import (
    GENERAL_MAX,
    POWERS,
    N,
    State,
    event,
    general_power,
    private,
    role_powers,
)

ROLES = {3: ["theresa", "frederick", "louis"], 2: ["coalition", "theresa"]}
CONTROL = {
    3: {
        "austria": "theresa",
        "pragmatic_army": "frederick",
        "prussia": "frederick",
        "saxony": "frederick",
        "france": "louis",
        "bavaria": "louis",
    },
    2: {
        "austria": "theresa",
        "pragmatic_army": "theresa",
        "prussia": "coalition",
        "saxony": "coalition",
        "france": "coalition",
        "bavaria": "coalition",
    },
}
"""§2 (three players) and §24 (two: A plays France, Prussia, Saxony and Bavaria, B Austria)."""

OPTIONS = (
    OptionSpec("hussar_path", "moves", ("moves", "cities"), "Hussar supply cost counts", "§9"),
    OptionSpec("reserve_payment", 8, (8, 1), "A Reserve pays", "§8"),
    OptionSpec("withdraw_at_once", True, (True, False), "The side behind may withdraw at once", "§11.1"),
    OptionSpec("retreat_every_step", False, (False, True), "Every retreat step leads away", "§11.2"),
    OptionSpec(
        "minor_reentry", "superpower", ("superpower", "own"), "Minor powers' generals re-enter at", "§13"
    ),
    OptionSpec("pragmatic_hand", True, (True, False), "The Pragmatic Army is dealt its hand", "§4"),
)
ADVANCED_OPTIONS = (
    OptionSpec(
        "battle_rounding", "down", ("down", "nearest"), "1 point per 3 troops: 7 or 8 troops make", "§16"
    ),
    OptionSpec("winter_score", "sum", ("sum", "last"), "The final winter score is", "§23"),
    OptionSpec(
        "reduce_when",
        "no_general",
        ("no_general", "no_french"),
        "France may reduce its objectives when",
        "§19.2",
    ),
    OptionSpec(
        "flanders_order",
        "alternate",
        ("alternate", "free"),
        "Austria and the Pragmatic Army on the Flanders map",
        "§10.1",
    ),
    OptionSpec(
        "silesian_markers",
        "all",
        ("all", "austrian"),
        "The set-up's Silesian markers taken from the pools",
        "§4",
    ),
    OptionSpec(
        "two_player_ties",
        "after_markers",
        ("after_markers", "outright"),
        "Two players: B wins the ties",
        "§24",
    ),
)
INTRO_OUT_MAPS = ("flanders",)


def elector_markers() -> dict[str, str]:
    """§4: the elector markers on the four Rhine electorates at the start (the board's data)."""
    comp = load_components()
    return {
        str(b.city): str(b.marker)
        for b in comp.boxes.values()
        if b.kind == "elector" and b.marker is not None and b.city in boxes.RHINE_ELECTORS
    }


def scenarios() -> list[Scenario]:
    return [
        Scenario("introductory", "Introductory game (1741-1743)", (3, 2), 3, OPTIONS),
        Scenario("advanced", "Advanced game (1741-1744)", (3, 2), 3, OPTIONS + ADVANCED_OPTIONS),
    ]


def roles(scenario: str, players: int) -> list[str]:
    if scenario not in {s.name for s in scenarios()} or players not in ROLES:
        raise UnknownGame(f"maria has no scenario {scenario!r} for {players} players")
    return list(ROLES[players])


def powers_in_play(scenario: str) -> list[str]:
    """§14: the Pragmatic Army takes no part in the introductory game."""
    if scenario == "introductory":
        return [p for p in POWERS if p != "pragmatic_army"]
    return list(POWERS)


def setup(scenario: str, players: int, options: dict[str, Any], seed: int) -> State:
    """§4: everything on its start, the hands dealt, then the secret allocations."""
    role_list = roles(scenario, players)
    spec = next(s for s in scenarios() if s.name == scenario)
    opts = {o.name: options.get(o.name, o.default) for o in spec.options}
    powers = powers_in_play(scenario)
    state: State = {
        "scenario": scenario,
        "players": players,
        "options": opts,
        "roles": role_list,
        "rng": rng.seed_state(seed),
        "control": {p: CONTROL[players][p] for p in POWERS},
        "powers": powers,
        "turn": 1,
        "group": -1,
        "stage": "allocate",
        "generals": {},
        "trains": {},
        "out": [],
        "hands": {p: [] for p in POWERS},
        "markers": {},
        "hussars": [None] * N.hussars["count"],
        "question": {},
        "moved": [],
        "retreated": [],
        "commanders": {},
        "subsidy": True,
        "sealed": [],
        "result": None,
        **(boxes.new_pools() if scenario == "advanced" else boxes.no_pools()),
        **politics.no_politics(),
        **changes.no_changes(),
        "contracts": [],
        "known": [],
        "hand_shown": {},
    }
    if scenario == "advanced":
        state.update(politics.new_politics(state))
        state.update(changes.new_changes())
    for gid, g in GEO.generals.items():
        if g.power not in powers:
            continue
        on_map = g.start in GEO.cities
        state["generals"][gid] = {"city": g.start if on_map else None, "troops": g.minimum, "down": False}
        if not on_map or (scenario == "introductory" and GEO.cities[g.start].map in INTRO_OUT_MAPS):
            state["out"].append(gid)  # §4 NOTE 1, §14: Ostpreussen, the Flanders map
        if not on_map and scenario == "advanced":
            state["offmap"][g.power] = gid  # §17.5: it leaves Ostpreussen as an expedition ends
    for tid, t in GEO.trains.items():
        if t.power not in powers:
            continue
        on_map = t.start in GEO.cities
        state["trains"][tid] = t.start if on_map else None
        if not on_map or (scenario == "introductory" and GEO.cities[t.start].map in INTRO_OUT_MAPS):
            state["out"].append(tid)  # §4 NOTE 1: the train in the Silesia box
    state["out"].sort()
    for cid, c in GEO.cities.items():
        if c.territory == "silesia" and c.fortress is not None:
            mark = "prussia" if cid in ("liegnitz", "glogau") else "austria"
            state["markers"][cid] = mark
            if mark == "austria" or opts.get("silesian_markers", "all") == "all":
                boxes.take_marker(state, mark)  # §4 IMPORTANT: from the pool in the advanced game
    if scenario != "introductory":
        state["markers"].update(elector_markers())  # §4: Köln, Mannheim French; Mainz, Trier Austro-Pragmatic
    cards.new_decks(state)
    for power in ("prussia", "saxony", "france", "bavaria", "pragmatic_army", "austria"):
        if power in powers or (power == "pragmatic_army" and opts["pragmatic_hand"]):
            cards.draw(state, power, N.powers[power].initial_hand)
    flow.begin(state, "sequence")
    flow.push(state, "allocate")
    return state


# --- the secret allocation (§4) -----------------------------------------------------------------
def unallocated(state: State, power: str) -> int:
    return GEO.troops[power] - sum(
        g["troops"] for gid, g in state["generals"].items() if general_power(gid) == power
    )


def legal_allocate(state: State, frame: dict[str, Any], role: str) -> list[tuple[Any, ...]]:
    """§4: every general at least 1 (or its printed minimum), at most 8, the total exact."""
    if role in state["sealed"]:
        return []
    out: list[tuple[Any, ...]] = []
    done = True
    for power in role_powers(state, role):
        left = unallocated(state, power)
        done = done and left == 0
        for gid, g in sorted(state["generals"].items()):
            if general_power(gid) != power:
                continue
            if left > 0 and g["troops"] < GENERAL_MAX:
                out.append(("troop", gid))
            if g["troops"] > GEO.generals[gid].minimum:
                out.append(("untroop", gid))
    if done:
        out.append(("seal",))
    return out


def apply_allocate(
    state: State, frame: dict[str, Any], role: str, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    """§4: written in secret on the army sheet; nobody sees another's sheet."""
    if action[0] == "troop":
        state["generals"][action[1]]["troops"] += 1
        return [private(role, "ev.allocate", general=action[1], n=state["generals"][action[1]]["troops"])]
    if action[0] == "untroop":
        state["generals"][action[1]]["troops"] -= 1
        return [private(role, "ev.allocate", general=action[1], n=state["generals"][action[1]]["troops"])]
    state["sealed"].append(role)
    if len(state["sealed"]) == len(state["roles"]):
        flow.pop(state)
        state["stage"] = "turn"
    return [event("ev.sealed", role=role)]


def ask_allocate(state: State, frame: dict[str, Any], role: str) -> tuple[str, dict[str, Any]]:
    left = sum(unallocated(state, p) for p in role_powers(state, role))
    return "prompt.allocate", {"n": left}


def composing(state: State, role: str) -> Any:
    """§4: the allocation is a secret choice of many clicks, made by every player at once."""
    if state["flow"][-1]["s"] == "allocate" and role not in state["sealed"]:
        return ["allocation"]
    return None
