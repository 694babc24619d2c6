"""§5 the flow of play: the end of a nation's turn and the start of the next one's."""

from __future__ import annotations

from typing import Any

from tavola.core import flow
from tavola.games.antike.common import State, event
from tavola.games.antike.personages import award, check_victory


def end_turn(state: State) -> list[dict[str, Any]]:
    """§5.3 personages are won at the end of the turn; §7.3 technologies bought this turn now
    count as owned; then the next nation clockwise (§5) starts with its rondel move (§5.1)."""
    n = state["turn"]
    events, unrewarded = award(state, n)
    events += check_victory(state, n, unrewarded)
    state["fresh"] = 0
    state["razed"] = 0
    state["scholars"] = 0
    if state["winner"] >= 0:
        return events
    n = (n + 1) % len(state["nations"])
    if n == 0:
        state["round"] += 1
    state["turn"] = n
    flow.begin(state, "rondel")
    events.append(event("ev.turn", nation=state["nations"][n], round=state["round"]))
    return events
