"""§7.2 TEMPLUM: building temples with marble."""

from __future__ import annotations

from typing import Any

from tavola.core import flow
from tavola.games.antike.common import State, board, can_pay, event, pay, sites_or_done, trade_rates
from tavola.games.antike.founding import start_founding
from tavola.games.antike.loader import RULEBOOK

MARBLE_PER_TEMPLE = RULEBOOK.temple_marble


def start_templum(state: State, n: int) -> list[dict[str, Any]]:
    """§7.2 one or more temples; straight on to founding when none can be built."""
    flow.begin(state, "templum")
    if not sites(state, n) or (
        not can_pay(state["purse"][n], MARBLE_PER_TEMPLE, 0, 0) and not trade_rates(state, n)
    ):
        return start_founding(state)
    return []


def sites(state: State, n: int) -> list[int]:
    """§7.2 own cities without a temple, while the bank still has a temple (§1)."""
    if state["temples"] <= 0:
        return []
    city, temple = state["city"], state["temple"]
    return [r for r in range(len(city)) if city[r] == n and not temple[r]]


def wanted(state: State, frame: dict[str, Any], n: int) -> bool:
    """§7.2/§7.3 a temple could be built in principle, so trading may help."""
    return bool(sites(state, n))


def legal_templum(state: State, frame: dict[str, Any], n: int) -> list[tuple[Any, ...]]:
    """§7.2 5 marble a temple (coins stand in)."""
    return sites_or_done(state, n, (MARBLE_PER_TEMPLE, 0, 0), sites(state, n))


def ask_templum(state: State, frame: dict[str, Any], n: int) -> tuple[str, dict[str, Any]]:
    return "prompt.templum", {}


def apply_templum(
    state: State, frame: dict[str, Any], n: int, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    """§7.2 build a temple in one of the nation's cities, or go on to founding (§5.2)."""
    if action[0] == "done":
        return start_founding(state)
    b = board(state)
    r = b.index[action[1]]
    coins = pay(state, n, MARBLE_PER_TEMPLE, 0, 0)
    state["temple"][r] = 1
    state["temples"] -= 1
    state["ntemple"][n] += 1
    return [event("ev.temple", nation=state["nations"][n], region=b.ids[r], coins=coins)]
