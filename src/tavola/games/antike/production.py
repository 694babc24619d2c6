"""§6.1 the production actions MARMOR, FERRUM and AURUM."""

from __future__ import annotations

from typing import Any

from tavola.core import flow
from tavola.games.antike.common import (
    COIN,
    GOLD,
    IRON,
    MARBLE,
    METALLUM,
    MONETA,
    RESOURCE_ACTS,
    RESOURCE_INDEX,
    State,
    event,
)
from tavola.games.antike.founding import start_founding
from tavola.games.antike.loader import RESOURCES, RULEBOOK

KIND = {"marmor": MARBLE, "ferrum": IRON, "aurum": GOLD}


def output(state: State, n: int, kind: int) -> int:
    """§6.1 1 per city of that resource, 3 with a temple; §7.3 Metallum +1, Moneta +2 in all,
    on every production action of the nation."""
    amount = 0
    for owner, token, temple in zip(state["city"], state["city_token"], state["temple"], strict=True):
        if owner == n and token == kind:
            amount += RULEBOOK.prod_temple if temple else RULEBOOK.prod_city
    techs = state["tech"][n]
    if techs & MONETA:
        amount += RULEBOOK.moneta
    elif techs & METALLUM:
        amount += RULEBOOK.metallum
    return amount


def produce(state: State, n: int, action: str) -> list[dict[str, Any]]:
    """§6.1 take the output from the bank plus 1 coin; with the bank out of coins the nation
    picks another resource instead."""
    kind = KIND[action]
    amount = output(state, n, kind)
    state["purse"][n][kind] += amount
    nation = state["nations"][n]
    events = [event("ev.produce", nation=nation, kind=RESOURCES[kind], n=amount)]
    if state["coins"] >= RULEBOOK.prod_coin:
        state["coins"] -= RULEBOOK.prod_coin
        state["purse"][n][COIN] += RULEBOOK.prod_coin
        events.append(event("ev.coin", nation=nation))
        return events + start_founding(state)
    flow.begin(state, "coin")
    return events


def legal_coin(state: State, frame: dict[str, Any], n: int) -> list[tuple[Any, ...]]:
    """§6.1 the resources a nation may take when the bank has no coin."""
    return RESOURCE_ACTS


def ask_coin(state: State, frame: dict[str, Any], n: int) -> tuple[str, dict[str, Any]]:
    return "prompt.coin", {}


def apply_coin(state: State, frame: dict[str, Any], n: int, action: tuple[Any, ...]) -> list[dict[str, Any]]:
    """§6.1 no coin left in the bank: one resource of the nation's choice instead."""
    state["purse"][n][RESOURCE_INDEX[action[1]]] += RULEBOOK.prod_coin
    events = [event("ev.no_coin", nation=state["nations"][n], kind=action[1])]
    return events + start_founding(state)
