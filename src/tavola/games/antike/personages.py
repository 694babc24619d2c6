"""§3, §4 and §5.3: winning the ancient personages at the end of a turn, and victory."""

from __future__ import annotations

from typing import Any

from tavola.core import flow
from tavola.games.antike.common import (
    ALL_TECHS,
    CITIZENS,
    GENERALS,
    KINGS,
    NAVIGATORS,
    PERSONAGES,
    PLINY,
    SCHOLARS,
    State,
    event,
    personages,
    sea_points,
)
from tavola.games.antike.loader import RULEBOOK


def deserved(state: State, n: int) -> list[int]:
    """§3 how many of each personage the nation deserves now, before the bank's limit.

    Kings (§3.1) for each 5 cities and citizens (§3.3) for each 3 temples are thresholds never
    won twice (§4 example: the 10th city regained gives no new king); generals (§3.2) for each
    temple destroyed this turn; scholars (§3.4) for each technology developed first this turn;
    navigators (§3.5) for each 7 sea areas; Pliny (§3.4 variant) for owning all 8 technologies."""
    pers = state["personages"][n]
    per = RULEBOOK.per
    due = [0] * 6
    due[KINGS] = max(0, state["ncity"][n] // per["kings"] - pers[KINGS])
    due[GENERALS] = state["razed"]
    due[CITIZENS] = max(0, state["ntemple"][n] // per["citizens"] - pers[CITIZENS])
    due[SCHOLARS] = state["scholars"]
    due[NAVIGATORS] = max(0, sea_points(state, n) // per["navigators"] - pers[NAVIGATORS])
    if state["pliny"] and state["tech"][n] == ALL_TECHS and pers[PLINY] == 0:
        due[PLINY] = 1
    return due


def award(state: State, n: int) -> tuple[list[dict[str, Any]], int]:
    """§5.3 give the deserved personages the bank still holds (§3: once won, never lost).

    Returns the events and how many destroyed temples found no general left (for §4)."""
    due = deserved(state, n)
    bank = state["bank"]
    pers = state["personages"][n]
    events = []
    unrewarded = 0
    nation = state["nations"][n]
    for k in range(6):
        want = due[k]
        if not want:
            continue
        got = min(want, bank[k])
        if k == GENERALS:
            unrewarded = want - got
        if got:
            bank[k] -= got
            pers[k] += got
            events.append(event("ev.personage", nation=nation, kind=PERSONAGES[k], n=got))
    return events, unrewarded


def check_victory(state: State, n: int, unrewarded: int) -> list[dict[str, Any]]:
    """§4 a nation wins with the personages its number of nations needs. One short, it wins by
    destroying a temple «se ce ne sono disponibili nella banca»: only with a general left to
    take, which the general itself brings. With the option temple_win_without_general, the
    reading of some summaries, a destroyed temple wins even when no general is left."""
    have = personages(state, n)
    target = state["target"]
    reason = ""
    if have >= target:
        reason = "personages"
    elif unrewarded and have == target - 1 and state.get("temple_win_without_general"):
        reason = "temple"
    if not reason:
        return []
    state["winner"] = n
    state["reason"] = reason
    flow.begin(state, "over")
    return [event("ev.win", nation=state["nations"][n], role=state["control"][n], n=have, reason=reason)]
