"""A heuristic value per role for the bots (``Rules.evaluate``).

What a strong player looks at: personages won against the target (§4), the next personages in
reach (cities towards the next king, temples towards the next citizen, sea areas towards the
next navigator, technologies nobody has developed yet), the economy (production per action,
purse) and the threat to its temples (hostile units that could already take them).

A unit standing on a free city site is a city the nation can found on its next turn (§5.2):
it counts as part of a city, towards the next king and in the production. The purse counts
with diminishing returns but never stops counting (a hoard still buys temples and knowledge).
"""

from __future__ import annotations

from tavola.games.antike.common import (
    CITIZENS,
    CITY_TOKENS,
    COIN,
    GOLD,
    KINGS,
    NAVIGATORS,
    State,
    board,
    defence,
    personages,
    sea_points,
    wealth,
)
from tavola.games.antike.founding import sites
from tavola.games.antike.loader import RULEBOOK

SITE_SHARE = 0.4  # a unit on a free city site is this much of a city (founding still costs)
PURSE_HALF = 10  # the purse term is half its most at this many resources and coins


def nation_value(state: State, n: int) -> float:
    target = state["target"]
    bank = state["bank"]
    per = RULEBOOK.per
    progress = 0.0
    # Free city sites held by the nation's units, as many as it has city tokens left.
    founding = SITE_SHARE * min(len(sites(state, n)), state["supply"][n][CITY_TOKENS])
    if bank[KINGS]:
        progress += min(1.0, (state["ncity"][n] % per["kings"] + founding) / per["kings"])
    if bank[CITIZENS]:
        progress += (state["ntemple"][n] % per["citizens"]) / per["citizens"]
    if bank[NAVIGATORS]:
        progress += min(sea_points(state, n) % per["navigators"], per["navigators"]) / per["navigators"]
    open_techs = sum(1 for k in range(len(RULEBOOK.techs)) if state["first"][k] < 0)
    gold = state["purse"][n][GOLD] + state["purse"][n][COIN]
    if open_techs:
        cheapest = min(t.first for k, t in enumerate(RULEBOOK.techs) if state["first"][k] < 0)
        progress += min(1.0, gold / cheapest)
    # economy: production per action and what is in the purse
    city, temple = state["city"], state["temple"]
    owned = [r for r, owner in enumerate(city) if owner == n]
    output = founding + sum(3 if temple[r] else 1 for r in owned)
    purse = wealth(state["purse"][n])
    economy = min(1.0, output / 15) + purse / (purse + PURSE_HALF)
    # threats: own temples a neighbour's units could already outnumber
    b = board(state)
    units = state["units"]
    threat = 0.0
    for r in owned:
        if temple[r] != 1:
            continue
        hostile = 0
        for m, u in enumerate(units):
            if m == n:
                continue
            hostile += u[2 * r] + u[2 * r + 1]
            for y in b.adj[0][r]:
                hostile += u[2 * y]
            for y in b.adj[1][r]:
                hostile += u[2 * y + 1]
        if hostile >= defence(state, r):
            threat += 1.0
    score = personages(state, n) + 0.45 * progress + 0.25 * economy - 0.6 * threat
    return max(0.0, min(0.99, score / target))


def evaluate(state: State) -> dict[str, float]:
    roles = state["roles"]
    if state["winner"] >= 0:
        win = state["control"][state["winner"]]
        return {r: 1.0 if r == win else 0.0 for r in roles}
    best = {r: 0.0 for r in roles}
    for n in range(len(state["nations"])):
        role = state["control"][n]
        best[role] = max(best[role], nation_value(state, n))
    return best
