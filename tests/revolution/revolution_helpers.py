"""Building Revolution situations for the tests: a set-up state emptied of its tokens, and moves
that keep every token counted (from and back to the stocks)."""

from __future__ import annotations

import random
from typing import Any

from tavola.core.rules import clone
from tavola.games.revolution import setup
from tavola.games.revolution.common import EMPTY, NEUTRAL, State
from tavola.games.revolution.loader import COMPONENTS as C
from tavola.games.revolution.rules import RULES

F = {f: i for i, f in enumerate(C.factions)}

# §6.13 example: Gelderland's neighbours, and the provinces its rivers reach (Namur past LIEGE)
GELDERLAND_NEIGHBOURS = {"cleve", "generality", "holland", "overijssel", "geldern", "utrecht"}
GELDERLAND_BY_RIVER = {"limburg", "koln", "liege", "maastricht", "venlo"}
F["neutral"] = NEUTRAL


def blank(players: int = 5, **options: Any) -> State:
    """A set-up state with every token back in its stock and nothing on the map."""
    state = setup.setup(players, options, 1)
    for row in state["country"] + state["places"]:
        for o in range(6):
            if o == NEUTRAL:
                state["neutral_stock"] += row[o]
            else:
                state["stock"][o] += row[o]
            row[o] = 0
    for box in state["support"]:
        for i, o in enumerate(box):
            if o != EMPTY:
                state["stock"][o] += 1
                box[i] = EMPTY
    for o in range(5):
        state["stock"][o] += state["treasury"][o]
        state["treasury"][o] = 0
    state["blocks"] = [[EMPTY] * n for n in C.boxes]
    state["flow"] = [{"s": "next"}]
    state["phase"] = "test"
    return state


def put(state: State, who: str, where: str, n: int = 1) -> None:
    """``n`` tokens of ``who`` from its stock into a place (city or town) or a province's
    countryside."""
    o = F[who]
    if o == NEUTRAL:
        state["neutral_stock"] -= n
    else:
        state["stock"][o] -= n
    if where in C.place_index:
        state["places"][C.place_index[where]][o] += n
    else:
        state["country"][C.province_index[where]][o] += n


def coins(state: State, who: str, n: int) -> None:
    o = F[who]
    state["stock"][o] -= n
    state["treasury"][o] += n


def box(state: State, who: str, box_id: str, n: int) -> None:
    o = F[who]
    b = C.box_index[box_id]
    for _ in range(n):
        state["support"][b][state["support"][b].index(EMPTY)] = o
        state["stock"][o] -= 1


def army(state: State, who: str, region: str, n: int = 1) -> None:
    block = state["blocks"][C.region_index[region]]
    for _ in range(n):
        block[block.index(EMPTY)] = F[who]


def play_random(players: int, seed: int, check: bool = True, **options: Any) -> State:
    """A whole game of random moves, the invariants checked after every action."""
    state = RULES.setup("standard", players, options, seed)
    pick = random.Random(seed)
    for _ in range(20000):
        if RULES.result(state):
            return state
        role = RULES.active_roles(state)[0]
        action = pick.choice(RULES.legal_actions(state, role))
        before = clone(state) if check else state
        events = RULES.apply(state, role, action)
        if check:
            problems = RULES.check(state) + RULES.check_step(before, role, action, state, events)
            assert not problems, (problems, action, state["turn"], state["phase"])
    raise AssertionError("the game did not end")
