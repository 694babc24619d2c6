"""§7.3 SCIENTIA: developing technologies with gold, and trading by Mercatura/Commercium."""

from __future__ import annotations

from typing import Any

from tavola.core import flow
from tavola.games.antike.common import (
    COIN,
    DONE,
    PAY_ACTS,
    PURSE_INDEX,
    RESOURCE_ACTS,
    RESOURCE_INDEX,
    State,
    can_pay,
    event,
    pay,
    trade_rates,
)
from tavola.games.antike.founding import start_founding
from tavola.games.antike.loader import RULEBOOK

ADVANCE_ACTS = [("advance", t.id) for t in RULEBOOK.techs]
TECH_BY_ID = {t.id: (i, t) for i, t in enumerate(RULEBOOK.techs)}


def price(state: State, k: int) -> int:
    """§7.3 the first nation to develop a technology pays the high price, later ones the low."""
    t = RULEBOOK.techs[k]
    return t.first if state["first"][k] < 0 else t.later


def start_scientia(state: State, n: int) -> list[dict[str, Any]]:
    """§7.3 develop technologies; straight on to founding when none is open or affordable."""
    frame = flow.begin(state, "scientia")
    if not wanted(state, frame, n) or (
        len(legal_scientia(state, frame, n)) == 1 and not trade_rates(state, n)
    ):
        return start_founding(state)
    return []


def open_techs(state: State, n: int) -> list[int]:
    """§7.3 technologies not yet owned whose column predecessor is owned (bought earlier in this
    same turn counts)."""
    owned = state["tech"][n]
    return [
        k
        for k, t in enumerate(RULEBOOK.techs)
        if not owned & t.bit and (not t.requires or owned & t.requires)
    ]


def wanted(state: State, frame: dict[str, Any], n: int) -> bool:
    """§7.3 a technology could be developed in principle, so trading may help."""
    return bool(open_techs(state, n))


def legal_scientia(state: State, frame: dict[str, Any], n: int) -> list[tuple[Any, ...]]:
    """§7.3 as many technologies as the gold (coins stand in) pays for."""
    purse = state["purse"][n]
    out: list[tuple[Any, ...]] = [
        ADVANCE_ACTS[k] for k in open_techs(state, n) if can_pay(purse, 0, 0, price(state, k))
    ]
    out.append(DONE)
    return out


def ask_scientia(state: State, frame: dict[str, Any], n: int) -> tuple[str, dict[str, Any]]:
    return "prompt.scientia", {}


def apply_scientia(
    state: State, frame: dict[str, Any], n: int, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    """§7.3 develop one technology at its first or later price, or go on to founding (§5.2)."""
    if action[0] == "done":
        return start_founding(state)
    k, t = TECH_BY_ID[action[1]]
    cost = price(state, k)
    first = state["first"][k] < 0
    coins = pay(state, n, 0, 0, cost)
    state["tech"][n] |= t.bit
    state["fresh"] |= t.bit
    if first:
        # §3.4 developing a technology first wins a scholar at the end of the turn
        state["first"][k] = n
        state["scholars"] += 1
    return [event("ev.advance", nation=state["nations"][n], tech=t.id, price=cost, first=first, coins=coins)]


# --- trading (§7.3 Mercatura and Commercium) ----------------------------------------------------
def start_trade(state: State, n: int, rate: str) -> list[dict[str, Any]]:
    """§7.3 Mercatura: 2 resources (any kinds) for 1 of choice; Commercium: 3 for 2; never coins
    in return. Any time in the owner's turn, but not in the turn the technology is bought."""
    give, take = RULEBOOK.trade[rate]
    flow.push(state, "trade", rate=rate, give=give, take=take)
    return []


def legal_trade(state: State, frame: dict[str, Any], n: int) -> list[tuple[Any, ...]]:
    """§7.3 first the resources (or coins) given, then the resources received."""
    if frame["give"]:
        purse = state["purse"][n]
        return [PAY_ACTS[k] for k in range(4) if purse[k] > 0]
    return RESOURCE_ACTS


def ask_trade(state: State, frame: dict[str, Any], n: int) -> tuple[str, dict[str, Any]]:
    text = "prompt.trade_give" if frame["give"] else "prompt.trade_take"
    return text, {"rate": frame["rate"], "n": frame["give"] or frame["take"]}


def apply_trade(state: State, frame: dict[str, Any], n: int, action: tuple[Any, ...]) -> list[dict[str, Any]]:
    """§7.3 give one resource, or receive one (never a coin)."""
    nation = state["nations"][n]
    if action[0] == "pay":
        k = PURSE_INDEX[action[1]]
        state["purse"][n][k] -= 1
        if k == COIN:
            state["coins"] += 1
        frame["give"] -= 1
        return [event("ev.trade_give", nation=nation, kind=action[1])]
    state["purse"][n][RESOURCE_INDEX[action[1]]] += 1
    frame["take"] -= 1
    if frame["take"] == 0:
        flow.pop(state)
    return [event("ev.trade_take", nation=nation, kind=action[1])]
