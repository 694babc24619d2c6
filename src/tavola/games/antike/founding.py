"""§5.2 founding cities, the second phase of every turn."""

from __future__ import annotations

from typing import Any

from tavola.core import flow
from tavola.games.antike.common import (
    CITY_TOKENS,
    RESOURCE_ACTS,
    RESOURCE_INDEX,
    State,
    board,
    can_pay,
    event,
    held,
    pay,
    sites_or_done,
    trade_rates,
)
from tavola.games.antike.loader import NO_SITE, RESOURCES, RULEBOOK, SITE_ANY
from tavola.games.antike.turn import end_turn

COST = RULEBOOK.city_cost


def sites(state: State, n: int) -> list[int]:
    """§5.2 regions where the nation could found a city, cost aside: a city site with no city
    and no neutral temple, at least one own legion or galley there (hostile units do not stop
    it), and a city token left in supply (§1)."""
    if state["supply"][n][CITY_TOKENS] <= 0:
        return []
    city = state["city"]
    temple = state["temple"]
    site = board(state).site
    return [r for r in held(state["units"][n]) if city[r] < 0 and temple[r] != 2 and site[r] != NO_SITE]


def start_founding(state: State) -> list[dict[str, Any]]:
    """§5.2 after the rondel action; skipped straight to the end of the turn when no site exists."""
    n = state["turn"]
    if not sites(state, n):
        return end_turn(state)
    if not can_pay(state["purse"][n], *COST) and not trade_rates(state, n):
        return end_turn(state)
    flow.begin(state, "found")
    return []


def wanted(state: State, frame: dict[str, Any], n: int) -> bool:
    """§5.2/§7.3 a city could be founded here in principle, so trading may help."""
    return bool(sites(state, n))


def legal_found(state: State, frame: dict[str, Any], n: int) -> list[tuple[Any, ...]]:
    """§5.2 the sites the nation can pay for, or the end of the turn."""
    return sites_or_done(state, n, COST, sites(state, n))


def ask_found(state: State, frame: dict[str, Any], n: int) -> tuple[str, dict[str, Any]]:
    return "prompt.found", {}


def apply_found(state: State, frame: dict[str, Any], n: int, action: tuple[Any, ...]) -> list[dict[str, Any]]:
    """§5.2 found a city (on an any-resource site, choose its token first) or end the turn (§5.3)."""
    if action[0] == "done":
        return end_turn(state)
    b = board(state)
    r = b.index[action[1]]
    if b.site[r] == SITE_ANY:
        # §5.2 on the Orient's three-resource sites the founder chooses the token
        flow.push(state, "token", region=r)
        return []
    return found(state, n, r, b.site[r])


def legal_token(state: State, frame: dict[str, Any], n: int) -> list[tuple[Any, ...]]:
    """§5.2 the three tokens of an Orient any-resource site."""
    return RESOURCE_ACTS


def ask_token(state: State, frame: dict[str, Any], n: int) -> tuple[str, dict[str, Any]]:
    return "prompt.token", {"region": board(state).ids[frame["region"]]}


def apply_token(state: State, frame: dict[str, Any], n: int, action: tuple[Any, ...]) -> list[dict[str, Any]]:
    """§5.2 the founder's choice of token for an any-resource site."""
    flow.pop(state)
    return found(state, n, frame["region"], RESOURCE_INDEX[action[1]])


def found(state: State, n: int, r: int, token: int) -> list[dict[str, Any]]:
    """§5.2 pay 1 marble, 1 iron and 1 gold (coins stand in) and place the city token."""
    coins = pay(state, n, *COST)
    state["city"][r] = n
    state["city_token"][r] = token
    state["supply"][n][CITY_TOKENS] -= 1
    state["ncity"][n] += 1
    return [
        event(
            "ev.found",
            nation=state["nations"][n],
            region=board(state).ids[r],
            token=RESOURCES[token],
            coins=coins,
        )
    ]
