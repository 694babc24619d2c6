"""§5.3 and §6.11 Conflict, §5.4 and §6.12 Neutral units.

Conflict needs no decision: it is fought in every province over its limit with tokens of more
than one owner (neutrals count as a faction). Which of its tokens an owner loses is left to
it by the book; the engine takes countryside tokens first, then towns, then cities (option
`conflict_losses`: cities first).
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
    give_stock,
    limits,
    option,
    phase_over,
)
from tavola.games.revolution.loader import COMPONENTS as C


def owner_name(owner: int) -> str:
    return "neutral" if owner == NEUTRAL else fid(owner)


def remove_one(state: State, p: int, owner: int) -> None:
    """Take one of the owner's tokens out of province ``p`` (never from a besieged city); it goes
    back to its stock. The owner's choice (§6.11), made by option `conflict_losses`: from the
    countryside, else a town, else a city (default: the cities, where cards are won, kept longest),
    or the other way round (cities, then towns, then the countryside)."""
    skip = besieged(state)
    places = sorted(
        (c for c in C.province_places[p] if c not in skip and state["places"][c][owner]),
        key=lambda c: C.is_city[c],
    )
    cities_first = option(state, "conflict_losses") == "cities"
    if cities_first and places:
        state["places"][places[-1]][owner] -= 1
    elif state["country"][p][owner]:
        state["country"][p][owner] -= 1
    else:
        state["places"][places[0]][owner] -= 1
    give_stock(state, owner, 1)


def resolve(state: State, p: int) -> list[int]:
    """§6.11 (§5.3 in turn 0) the conflict in province ``p``; returns the tokens each owner lost.

    The smallest owner removes one token, then the next smallest, and so on; owners with equal
    counts remove together; passes repeat (the order recomputed each pass) until the province
    is no longer over its limit, or only one owner is left. Tokens in besieged cities neither
    count nor are removed. In turn 0 the Italian §5.3 stops only below the limit (option
    `turn0_conflict`)."""
    lost = [0] * 6
    limit = limits(state["players"])[p]
    below = state["turn"] == 0 and option(state, "turn0_conflict") == "below"
    tally = counts(state, p, sieged=False)
    if sum(tally) <= limit or sum(1 for k in tally if k) < 2:
        return lost

    def done() -> bool:
        total = sum(tally)
        over = total >= limit if below else total > limit
        return not over or sum(1 for k in tally if k) < 2

    while not done():
        for size in sorted({k for k in tally if k}):
            group = [o for o, k in enumerate(tally) if k == size]
            for o in group:
                remove_one(state, p, o)
                tally[o] -= 1
                lost[o] += 1
            if done():
                break
    return lost


def begin_conflict(state: State) -> list[dict[str, Any]]:
    """§5.3, §6.11 every province over its limit."""
    events = []
    for p in range(len(C.province_ids)):
        lost = resolve(state, p)
        if any(lost):
            losses = {owner_name(o): k for o, k in enumerate(lost) if k}
            events.append(ev("ev.conflict", province=C.province_ids[p], losses=losses))
    phase_over(state)
    return events


# --- §5.4, §6.12 neutral units -------------------------------------------------------------
def shortfall(state: State) -> list[int]:
    """Neutrals each province needs to reach its limit (limit - 1 in turn 0, §5.4); tokens in
    besieged cities do not count (as in §6.11)."""
    minus = 1 if state["turn"] == 0 else 0
    limit = limits(state["players"])
    return [
        max(0, limit[p] - minus - sum(counts(state, p, sieged=False))) for p in range(len(C.province_ids))
    ]


def begin_neutrals(state: State) -> list[dict[str, Any]]:
    """§6.12 fill every province up to its limit with neutrals, in the countryside. When too few
    are left, one per province per pass; what cannot go round is placed by the first player,
    one per province."""
    need = shortfall(state)
    added = [0] * len(need)
    while True:
        wanting = [p for p, k in enumerate(need) if k > added[p]]
        if not wanting or state["neutral_stock"] < len(wanting):
            break
        for p in wanting:
            state["country"][p][NEUTRAL] += 1
            added[p] += 1
        state["neutral_stock"] -= len(wanting)
    events = [ev("ev.neutrals", n=sum(added))] if sum(added) else []
    wanting = [p for p, k in enumerate(need) if k > added[p]]
    if wanting and state["neutral_stock"]:
        flow.begin(state, "neutral", who=state["order"][0], left=state["neutral_stock"], given=[])
    else:
        phase_over(state)
    return events


def legal_neutral(state: State, frame: dict[str, Any], who: int) -> list[tuple[Any, ...]]:
    need = shortfall(state)
    return [("neutral", C.province_ids[p]) for p, k in enumerate(need) if k > 0 and p not in frame["given"]]


def apply_neutral(
    state: State, frame: dict[str, Any], who: int, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    """§6.12 the first player places a leftover neutral, one per province."""
    p = C.province_index[action[1]]
    state["country"][p][NEUTRAL] += 1
    state["neutral_stock"] -= 1
    frame["given"].append(p)
    frame["left"] -= 1
    if not frame["left"] or not legal_neutral(state, frame, who):
        phase_over(state)
    return [ev("ev.neutral", faction=fid(who), province=action[1])]


def ask_neutral(state: State, frame: dict[str, Any], who: int) -> tuple[str, dict[str, Any]]:
    return "prompt.neutral", {"faction": fid(who), "n": frame["left"]}
