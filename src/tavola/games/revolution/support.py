"""§5.1 and §6.2 Support movement: tokens leave the support boxes for the map or the treasury,
as each space allows (§2: uncoloured spaces to the map, fully coloured to the treasury,
half-coloured either); §6.2.2 the Huguenots intercept the Spanish Treasury.

An action moves several tokens at once: ``("support", box, "treasury" | province, n)``.
"""

from __future__ import annotations

from typing import Any

from tavola.core import flow
from tavola.games.revolution.common import (
    CATHOLICS,
    EMPTY,
    HABSBURGS,
    State,
    earn,
    ev,
    fid,
    option,
    per_faction,
)
from tavola.games.revolution.loader import COMPONENTS as C

TREASURY = "treasury"
SPANISH = C.box_index.get("spanish_treasury", -1)
HUGUENOTS = C.box_index.get("huguenots", -1)
TO_MAP = ("map", "half")
TO_TREASURY = ("coin", "half")


def _spaces(state: State, b: int, owner: int, kinds: tuple[str, ...]) -> list[int]:
    """The owner's spaces of box ``b`` whose tokens may go where ``kinds`` allow, the strict
    kind first (so half-coloured spaces stay free for the other use)."""
    slots = C.box_slots[b]
    mine = [i for i, o in enumerate(state["support"][b]) if o == owner]
    return sorted((i for i in mine if slots[i] in kinds), key=lambda i: slots[i] == "half")


def begin(state: State) -> list[dict[str, Any]]:
    """§5.1, §6.2.1 each faction in turn order moves its own tokens out of the boxes, if it wants."""
    state["intercepts"] = 0
    per_faction(state, "support", list(state["order"]), _init)
    return []


def _init(state: State, owner: int) -> dict[str, Any] | None:
    return {} if any(owner in box for box in state["support"]) else None


def legal_support(state: State, frame: dict[str, Any], who: int) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = []
    for b, box in enumerate(state["support"]):
        if who not in box:
            continue
        coins = len(_spaces(state, b, who, TO_TREASURY))
        out += [("support", C.box_ids[b], TREASURY, n) for n in range(1, coins + 1)]
        settlers = len(_spaces(state, b, who, TO_MAP))
        for p in C.box_enters[b]:
            out += [("support", C.box_ids[b], C.province_ids[p], n) for n in range(1, settlers + 1)]
    return [*out, ("done",)]


def apply_support(
    state: State, frame: dict[str, Any], who: int, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    """§6.2.1 move ``n`` tokens of one box; limits are ignored until the conflict (§5.1)."""
    if action[0] == "done":
        per_faction(state, "support", frame["queue"], _init)
        return []
    _, box, dest, n = action
    b = C.box_index[box]
    kinds = TO_TREASURY if dest == TREASURY else TO_MAP
    for i in _spaces(state, b, who, kinds)[:n]:
        state["support"][b][i] = EMPTY
    if dest == TREASURY:
        state["treasury"][who] += n
    else:
        state["country"][C.province_index[dest]][who] += n
    events = [ev("ev.support", faction=fid(who), box=box, to=dest, n=n)]
    if b == SPANISH and dest == TREASURY and who in (CATHOLICS, HABSBURGS):
        hunters = _interceptors(state)
        if hunters:
            flow.push(state, "intercept", who=hunters[0], victim=who, n=n)
    return events


def _interceptors(state: State) -> list[int]:
    """The owner of the Huguenot tokens, if any of them may still intercept this turn (§6.2.2)."""
    if HUGUENOTS < 0:
        return []
    owners = [o for o in state["support"][HUGUENOTS] if o != EMPTY]
    ready = len(owners) - (0 if option(state, "huguenot_coin") == "token" else state["intercepts"])
    return owners[:1] if ready > 0 else []


def ask_support(state: State, frame: dict[str, Any], who: int) -> tuple[str, dict[str, Any]]:
    return "prompt.support", {"faction": fid(who)}


# --- §6.2.2 the Huguenots' interception -----------------------------------------------------
def _ready(state: State, who: int) -> int:
    tokens = sum(o == who for o in state["support"][HUGUENOTS])
    return tokens if option(state, "huguenot_coin") == "token" else tokens - state["intercepts"]


def legal_intercept(state: State, frame: dict[str, Any], who: int) -> list[tuple[Any, ...]]:
    """§6.2.2 each Huguenot token may take one of the coins just moved, once a turn; the owner
    may also wait for a later faction's move."""
    most = min(frame["n"], _ready(state, who))
    return [("intercept", k) for k in range(most + 1)]


def apply_intercept(
    state: State, frame: dict[str, Any], who: int, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    """§6.2.2 an intercepted coin goes back to its owner's stock; the interceptor gains a coin of
    its own: the Huguenot token itself (the publisher's FAQ, default) or one from its stock."""
    k = action[1]
    victim = frame["victim"]
    flow.pop(state)
    if not k:
        return []
    state["treasury"][victim] -= k
    state["stock"][victim] += k
    if option(state, "huguenot_coin") == "token":
        taken = 0
        for i, o in enumerate(state["support"][HUGUENOTS]):
            if o == who and taken < k:
                state["support"][HUGUENOTS][i] = EMPTY
                taken += 1
        state["treasury"][who] += k
    else:
        state["intercepts"] += k
        earn(state, who, k)
    return [ev("ev.intercept", faction=fid(who), victim=fid(victim), n=k)]


def ask_intercept(state: State, frame: dict[str, Any], who: int) -> tuple[str, dict[str, Any]]:
    return "prompt.intercept", {"faction": fid(who), "victim": fid(frame["victim"]), "n": frame["n"]}
