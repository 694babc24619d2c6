"""A heuristic value per role for the bots (``Rules.evaluate``).

What a Revolution player looks at: the VP the turn would give if the cards were allocated now
(§4.4: VP are recomputed from zero each turn, so a card is worth what the majority under it
will give at the next allocation, §6.17, with the bishoprics and universities as that allocation
would turn them, §6.18, §6.19), the small provinces counted as at the end (§4.3.1);
the cities and provinces where the faction is one token short of a majority (cards that can
flip); the towns of its own objective (a Burgher trade town, a Reformer university) that its
loose tokens can take in this turn's movement within provinces (§6.14); and the money and tokens still to use (treasury and stock). Coins and tokens off the map
score nothing at the end (§4.3: VP come from cards and objectives only), so they are worth what
is left of the game to spend them in: a coin by the phases that spend coins still to come (§6.3,
§6.4, §6.7, §6.16), a token in stock by the phases that draw on the stock (§6.1, §6.10), nothing
after the last of them. Coins and tokens are one pool (§2: a coin is a token's other side, taxes
take coins from the stock, spent coins go back to it), and new units come only from the stock
(§6.10): while the stock holds fewer than the 7 new units every faction is sure of, each token in
it is a unit on the map to come, worth more than a coin, so a faction short of stock taxes
lightly and spends its coins rather than hoarding them. While coins go down on the Allegiance track, the position is judged as it
will be once they are resolved (§6.16). A role's value is its share of these against the best other role, in [0, 1]."""

from __future__ import annotations

import math

from tavola.games.revolution import allegiance, allocation, victory
from tavola.games.revolution.allocation import cities_left_out
from tavola.games.revolution.common import (
    BURGHERS,
    NEUTRAL,
    REFORMERS,
    UNIVERSITY_REFORMED,
    State,
    counts,
    fid,
    majority,
)
from tavola.games.revolution.loader import COMPONENTS as C
from tavola.games.revolution.turn import TURN, phases

COIN = 0.15  # half-VP per coin in the treasury
TOKEN = 0.05  # half-VP per token in the stock
UNIT = 0.3  # half-VP per token in the stock that the next new units will surely draw (§6.10)
NEAR = 0.6  # half-VP per card one token away
TAKE = 1.0  # half-VP per objective town that loose tokens can take in this turn's movement
HELD = 0.25  # weight of the cards held now against the cards the majorities would give
SPENDS = ("maintenance", "raise", "beggars", "allegiance")  # §6.3, §6.4, §6.7, §6.16: coins
DRAWS = ("units", "taxes")  # §5.2, §6.10 new units and §6.1 taxes take tokens from the stock


def chances_left(state: State, uses: tuple[str, ...]) -> float:
    """The share of a full game's ``uses`` phases (turns 1-5) still to come, the phase under way
    included: 1 in turn 0 and at the start of turn 1, 0 after the last one of turn 5."""
    names = [name for name, _, _ in TURN]
    per_turn = sum(name in uses for name in names)
    turn = state["turn"]
    if turn == 0:
        return 1.0
    now = names.index(state["phase"]) if state["phase"] in names else len(names)
    this_turn = sum(name in uses for name in names[now:])
    return min(1.0, (this_turn + per_turn * (C.last_turn - turn)) / (per_turn * C.last_turn))


def stock_to_place(state: State, owner: int) -> int:
    """§6.10 the tokens in stock that the next new units still to begin will surely draw: every
    faction receives at least 7 (or its whole stock), so up to 7; none once the last new units
    have begun."""
    if state["over"]:
        return 0
    names = [name for name, _, _ in phases(state)]
    now = names.index(state["phase"]) if state["phase"] in names else len(names)
    if now >= names.index("units") and state["turn"] >= C.last_turn:
        return 0
    return min(state["stock"][owner], C.new_units_minimum)


def near_cards(state: State, owner: int, tallies: list[list[int]]) -> int:
    """Cities and provinces the faction would not get now where one more token would give it an
    absolute majority (``tallies``: each province's tokens as its card counts them)."""
    cards = [state["places"][c] for c in C.cities] + tallies
    return _near(cards, [majority(t) for t in cards], [sum(t) for t in cards], owner)


def _near(cards: list[list[int]], holders: list[int], totals: list[int], owner: int) -> int:
    return sum(
        1
        for tally, holder, total in zip(cards, holders, totals)
        if tally[owner] and holder != owner and 2 * tally[owner] + 1 > total
    )


TOWN_PROVINCE = {t: p for p, places in enumerate(C.province_places) for t in places if t in C.towns}
OBJECTIVE_TOWNS = {
    BURGHERS: [t for t in C.towns if C.trade[t]],  # §4.3.2 trade cities (a town by occupying it)
    REFORMERS: [t for t in C.towns if C.university[t]],  # §6.19 a university under the Reformers
}


def _movement_reaches(state: State, owner: int, p: int) -> bool:
    """Whether this turn's movement within provinces (§5.6, §6.14) can still let the faction
    arrange its tokens in province ``p``: the phase is still to come, or the faction may still ask
    for the province, or the province is asked for and the faction has not yet arranged there."""
    if state["over"]:
        return False
    names = [name for name, _, _ in phases(state)]
    now = names.index(state["phase"]) if state["phase"] in names else len(names)
    movement = names.index("movement")
    if now != movement:
        return now < movement
    frame = state["flow"][-1]
    todo = [frame.get("who"), *frame.get("queue", [])]
    if frame["s"] == "ask":
        return p in state["asked"] or owner in todo
    if frame["s"] == "arrange":
        return p in frame["provinces"] or (p == frame["province"] and owner in todo)
    return False


def takeable_towns(state: State, owner: int) -> int:
    """§6.14 the towns of the faction's own objective it does not occupy (§4.3.2 a Burgher trade
    town; §6.19 a university town not yet Reformed) that its loose tokens can still take this
    turn: held by a neutral or by a smaller faction (which moves after it), or empty, one loose
    token each, in a province the movement can still reach."""
    targets = OBJECTIVE_TOWNS.get(owner, [])
    if not targets:
        return 0
    room: dict[int, int] = {}
    for t in targets:
        here = state["places"][t]
        if here[owner] or (owner == REFORMERS and state["university"][t] == UNIVERSITY_REFORMED):
            continue
        p = TOWN_PROVINCE[t]
        loose = state["country"][p][owner]
        if not loose or not _movement_reaches(state, owner, p):
            continue
        holder = next((o for o, k in enumerate(here) if k), NEUTRAL)
        if holder != NEUTRAL:
            tally = counts(state, p, sieged=False)
            if tally[holder] >= tally[owner]:
                continue
        room[p] = room.get(p, loose)
        if room[p]:
            room[p] -= 1
    return sum(state["country"][p][owner] - left for p, left in room.items())


def projected(state: State, tallies: list[list[int]], holders: list[int] | None = None) -> State:
    """The state with its city and province cards as the majorities would allocate them now
    (§5.7, §6.17), and, while this turn's allocation is still to come, its bishoprics and
    universities as that allocation would leave them (§5.7, §6.18, §6.19: a bishopric follows its
    province's new holder by a space, a university its place's controller); only the fields the
    VP read are copied. ``holders``: the majorities of the cities then the provinces, if already
    known."""
    if holders is None:
        holders = [majority(state["places"][c]) for c in C.cities] + [majority(t) for t in tallies]
    out = dict(state)
    out["city_card"] = list(state["city_card"])
    for i, c in enumerate(C.cities):
        out["city_card"][c] = holders[i]
    out["province_card"] = holders[len(C.cities) :]
    if allocation_ahead(state):
        for key in ("bishopric", "bishop_marker", "university"):
            out[key] = list(state[key])
        allocation.allocate_bishoprics(out)
        allocation.allocate_universities(out)
    return out


def allocation_ahead(state: State) -> bool:
    """Whether this turn's bishoprics and universities are still to be allocated (§5.7, §6.18,
    §6.19): not once the turn has reached its positions (§5.8, §6.20)."""
    return state["phase"] not in ("final", "bishoprics", "universities") and not state["over"]


def spent_resolved(state: State) -> State:
    """While the factions put down their coins (§6.16), the state as it will be once they have:
    the coins already down resolved (markers moved) and the cities on the end spaces adjusted,
    as they will be whoever spends; otherwise the state itself."""
    if state["flow"][-1]["s"] != "spend":
        return state
    out = dict(state)
    for key in ("places", "spent"):
        out[key] = [list(row) for row in state[key]]
    out["stock"] = list(state["stock"])
    out["allegiance"] = list(state["allegiance"])
    allegiance.settle(out)
    return out


def evaluate(state: State) -> dict[str, float]:
    per_role = {r: 0.0 for r in state["roles"]}
    state = spent_resolved(state)
    coin = COIN * chances_left(state, SPENDS)
    token = TOKEN * chances_left(state, DRAWS)
    with_cities = not cities_left_out(state)
    tallies = [counts(state, p, cities=with_cities) for p in range(len(C.province_ids))]
    cards = [state["places"][c] for c in C.cities] + tallies
    holders = [majority(t) for t in cards]
    totals = [sum(t) for t in cards]
    ahead = projected(state, tallies, holders)
    for o in state["factions"]:
        value = (
            victory.vp2(ahead, o, True)
            + HELD * victory.vp2(state, o, True)
            + NEAR * _near(cards, holders, totals, o)
            + TAKE * takeable_towns(state, o)
            + coin * state["treasury"][o]
            + token * state["stock"][o]
            + (UNIT - token) * stock_to_place(state, o)
        )
        per_role[state["seat"][fid(o)]] += value
    out = {}
    for role, value in per_role.items():
        best_other = max((v for r, v in per_role.items() if r != role), default=0.0)
        out[role] = 1 / (1 + math.exp(-(value - best_other) / 6))
    return out
