"""A heuristic value per role for the bots (``Rules.evaluate``).

What a Revolution player looks at: the VP the cards, tracks and armies would give if the turn
were scored now (§4.3, the small provinces counted as at the end), the cities and provinces
where the faction is one token short of a majority (cards that can flip at the next
allocation), and the money and tokens still to use (treasury and stock). A role's value is its
share of these against the best other role, in [0, 1]."""

from __future__ import annotations

import math

from tavola.games.revolution import victory
from tavola.games.revolution.common import State, counts, fid
from tavola.games.revolution.loader import COMPONENTS as C

COIN = 0.15  # half-VP per coin in the treasury
TOKEN = 0.05  # half-VP per token in the stock
NEAR = 0.6  # half-VP per card one token away


def near_cards(state: State, owner: int) -> int:
    """Cities and provinces the faction does not hold where one more token would give it an
    absolute majority."""
    near = 0
    for c in C.cities:
        tally = state["places"][c]
        if state["city_card"][c] != owner and tally[owner] and 2 * (tally[owner] + 1) > sum(tally) + 1:
            near += 1
    for p in range(len(C.province_ids)):
        tally = counts(state, p, cities=False)
        if state["province_card"][p] != owner and tally[owner] and 2 * (tally[owner] + 1) > sum(tally) + 1:
            near += 1
    return near


def faction_value(state: State, owner: int) -> float:
    vp = victory.vp2(state, owner, True)
    return (
        vp + NEAR * near_cards(state, owner) + COIN * state["treasury"][owner] + TOKEN * state["stock"][owner]
    )


def evaluate(state: State) -> dict[str, float]:
    per_role = {r: 0.0 for r in state["roles"]}
    for o in state["factions"]:
        per_role[state["seat"][fid(o)]] += faction_value(state, o)
    out = {}
    for role, value in per_role.items():
        best_other = max((v for r, v in per_role.items() if r != role), default=0.0)
        out[role] = 1 / (1 + math.exp(-(value - best_other) / 6))
    return out
