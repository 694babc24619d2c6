"""§6.1 Taxes: each province card pays its printed tax (summed, the fraction dropped); each
faction taxes all its cities at one rate of 1, 2 or 3 coins. Coins come from the stock, so a
small stock limits the tax (option `tax_above_stock`: a rate the stock cannot pay is refused)."""

from __future__ import annotations

from typing import Any

from tavola.games.revolution.common import State, earn, ev, fid, option, per_faction
from tavola.games.revolution.loader import COMPONENTS as C


def taxes2(players: int) -> list[int]:
    """§6.1 each province card's tax in halves: the cards', or the player count's own where the
    data gives one (cards.yaml `by_players`)."""
    return C.tax2_by_players.get(players, C.tax2)


def province_tax(state: State, owner: int) -> int:
    """§6.1 the sum of the faction's province cards' taxes, the fraction dropped."""
    tax2 = taxes2(state["players"])
    return sum(tax2[p] for p in range(len(C.province_ids)) if state["province_card"][p] == owner) // 2


def city_count(state: State, owner: int) -> int:
    return sum(state["city_card"][c] == owner for c in C.cities)


def begin(state: State) -> list[dict[str, Any]]:
    events = []
    for o in state["order"]:
        due = province_tax(state, o)
        if due:
            got = earn(state, o, due)
            events.append(ev("ev.tax", faction=fid(o), n=got))
    per_faction(state, "taxes", list(state["order"]), lambda s, o: {} if city_count(s, o) else None)
    return events


def legal_taxes(state: State, frame: dict[str, Any], who: int) -> list[tuple[Any, ...]]:
    cities = city_count(state, who)
    rates = [
        r
        for r in C.city_rates
        if option(state, "tax_above_stock") == "capped" or r * cities <= state["stock"][who]
    ]
    return [("rate", r) for r in rates] or [("rate", min(C.city_rates))]


def apply_taxes(
    state: State, frame: dict[str, Any], who: int, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    got = earn(state, who, action[1] * city_count(state, who))
    per_faction(state, "taxes", frame["queue"], lambda s, o: {} if city_count(s, o) else None)
    return [ev("ev.city_tax", faction=fid(who), rate=action[1], n=got)]


def ask_taxes(state: State, frame: dict[str, Any], who: int) -> tuple[str, dict[str, Any]]:
    return "prompt.taxes", {"faction": fid(who), "cities": city_count(state, who)}
