"""The Antike II evaluation the bots search with: units on free city sites count as future
cities, and the purse keeps counting (with diminishing returns) past 20."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import tavola
from tavola.games.antike.heuristic import nation_value
from tavola.games.antike.loader import BOARDS, NO_SITE

State = dict[str, Any]


def position() -> State:
    return tavola.new_game("antike-ii", scenario="orient", players=3, seed=5).state


def free_sites(s: State) -> list[int]:
    """City sites without city, neutral temple or units, where a legion may stand."""
    b = BOARDS[s["scenario"]]
    return [
        r
        for r in range(b.size)
        if b.site[r] != NO_SITE
        and b.allows[0][r]
        and s["city"][r] < 0
        and s["temple"][r] != 2
        and not any(u[2 * r] or u[2 * r + 1] for u in s["units"])
    ]


def with_legion(s: State, n: int, r: int) -> float:
    s["units"][n][2 * r] += 1
    try:
        return nation_value(s, n)
    finally:
        s["units"][n][2 * r] -= 1


def test_a_unit_on_a_free_city_site_is_worth_more_than_one_elsewhere() -> None:
    s = position()
    site = free_sites(s)[0]
    own = next(r for r in range(len(s["city"])) if s["city"][r] == 0 and not s["temple"][r])
    before = nation_value(s, 0)
    assert with_legion(s, 0, own) == before  # one more legion in a city it holds adds nothing
    assert with_legion(s, 0, site) > before
    # Without a city token left the site cannot be founded: no more a future city.
    s["supply"][0][2] = 0
    assert with_legion(s, 0, site) == nation_value(s, 0)


def test_future_cities_count_no_more_than_the_city_tokens_left() -> None:
    s = position()
    a, b = free_sites(s)[:2]
    s["supply"][0][2] = 1
    s["units"][0][2 * a] += 1
    one = nation_value(s, 0)
    s["units"][0][2 * b] += 1
    assert nation_value(s, 0) == one


def test_the_purse_counts_past_twenty_with_diminishing_returns() -> None:
    s = position()
    values = []
    for marble in (0, 10, 20, 30, 40):
        s["purse"][0] = [marble, 0, 0, 0]  # no gold: the technology term stays the same
        values.append(nation_value(s, 0))
    gains = [b - a for a, b in pairwise(values)]
    assert all(g > 0 for g in gains), values  # it never stops counting (it used to at 20)
    assert gains == sorted(gains, reverse=True), gains  # each 10 more is worth less
