"""The state layout and the helpers every chapter shares (paying, supplies, the board).

State (plain data, indexed by integers; nation ``n`` is its place in the turn order):

``nations`` ids in turn order, ``ctrl`` the role running each nation, ``turn`` whose turn it is,
``pos`` rondel space per nation (-1 before the first turn), ``purse`` per nation as
``[marble, iron, gold, coin]``, ``coins``/``temples`` the bank, ``units[n][2*r+t]`` legions
(t=0) and galleys (t=1) per region, ``sup[n]`` = ``[legions, galleys, city tokens]`` left in
supply, ``city[r]`` owner or -1, ``tok[r]`` the city token's resource or -1, ``temple[r]`` 0 /
1 (a city's temple) / 2 (neutral temple), ``ncity``/``ntemple`` per nation, ``tech`` bitmask
per nation, ``first[k]`` the nation that developed technology ``k`` first, ``pers[n]`` and
``bank`` personages as ``[kings, generals, citizens, scholars, navigators, pliny]``,
``bellona`` the holder, and the turn's ``fresh`` (technologies bought this turn), ``razed``
(temples destroyed) and ``scholars`` (first developments) counters.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from typing import Any

from tavola.games.antike.loader import BOARDS, PURSE, RESOURCES, RULEBOOK, Board

State = dict[str, Any]

MARBLE, IRON, GOLD, COIN = 0, 1, 2, 3
"""Places in a purse, ``state["purse"][n]``."""
LEGION, GALLEY, CITY_TOKENS = 0, 1, 2
"""Unit types (``units[n][2 * r + type]``) and places in a supply, ``state["supply"][n]``."""
KINGS, GENERALS, CITIZENS, SCHOLARS, NAVIGATORS, PLINY = range(6)
PERSONAGES = ("kings", "generals", "citizens", "scholars", "navigators", "pliny")
PURSE_INDEX = {k: i for i, k in enumerate(PURSE)}
RESOURCE_INDEX = {k: i for i, k in enumerate(RESOURCES)}
TECH = {t.id: t for t in RULEBOOK.techs}
TECH_INDEX = {t.id: i for i, t in enumerate(RULEBOOK.techs)}
ALL_TECHS = sum(t.bit for t in RULEBOOK.techs)
MERCATURA = TECH["mercatura"].bit
COMMERCIUM = TECH["commercium"].bit
METALLUM = TECH["metallum"].bit
MONETA = TECH["moneta"].bit
REGNUM = TECH["regnum"].bit
RES_PUBLICA = TECH["res_publica"].bit
STRATA = TECH["strata"].bit
NAVIGATIO = TECH["navigatio"].bit

DONE = ("done",)
STOP = ("stop",)
BATTLE = ("battle",)
NO_BATTLE = ("no_battle",)
PAY_ACTS = [("pay", k) for k in PURSE]
RESOURCE_ACTS = [("resource", k) for k in RESOURCES]
TRADE_ACTS = {"mercatura": ("trade", "mercatura"), "commercium": ("trade", "commercium")}
UNIT_ACTS = [("unit", "legion"), ("unit", "galley")]


def board(state: State) -> Board:
    return BOARDS[state["scenario"]]


def acting(state: State) -> int:
    """The nation whose decision it is: the turn's nation, or a defender asked about a battle."""
    return state["flow"][-1].get("deciding", state["turn"])


def event(msg: str, **args: Any) -> dict[str, Any]:
    return {"msg": msg, "args": args}


def can_pay(purse: list[int], marble: int, iron: int, gold: int) -> bool:
    """§6.1: coins stand in for any missing marble, iron or gold."""
    short = 0
    if purse[MARBLE] < marble:
        short += marble - purse[MARBLE]
    if purse[IRON] < iron:
        short += iron - purse[IRON]
    if purse[GOLD] < gold:
        short += gold - purse[GOLD]
    return short <= purse[COIN]


def sites_or_done(state: State, n: int, cost: Sequence[int], sites: list[int]) -> list[tuple[Any, ...]]:
    """A building step's actions: each of the ``sites`` (regions) while the nation can pay the
    ``cost`` (marble, iron, gold; §6.1), and always the end of the step."""
    out: list[tuple[Any, ...]] = []
    if can_pay(state["purse"][n], *cost):
        act = board(state).act_region
        out = [act[r] for r in sites]
    out.append(DONE)
    return out


def pay(state: State, n: int, marble: int, iron: int, gold: int) -> int:
    """Pay a cost, coins only for what is missing (§6.1 "se necessario"); returns the coins spent.

    Coins go back to the bank (they are limited, §1); resources are unlimited and vanish."""
    purse = state["purse"][n]
    coins = 0
    for k, need in ((MARBLE, marble), (IRON, iron), (GOLD, gold)):
        if need:
            have = purse[k]
            if have >= need:
                purse[k] = have - need
            else:
                purse[k] = 0
                coins += need - have
    if coins:
        purse[COIN] -= coins
        state["coins"] += coins
    return coins


def wealth(purse: list[int]) -> int:
    """§5.1 what a nation can pay with: every resource and coin."""
    return purse[MARBLE] + purse[IRON] + purse[GOLD] + purse[COIN]


def trade_rates(state: State, n: int) -> list[str]:
    """§7.3 Mercatura/Commercium: the rates the nation may trade at now.

    Not in the turn a technology is bought (it counts as owned only at the end of the turn), and
    only with enough to give."""
    techs = state["tech"][n] & ~state["fresh"] if n == state["turn"] else state["tech"][n]
    if not techs & (MERCATURA | COMMERCIUM):
        return []
    have = wealth(state["purse"][n])
    out = []
    if techs & MERCATURA and have >= RULEBOOK.trade["mercatura"][0]:
        out.append("mercatura")
    if techs & COMMERCIUM and have >= RULEBOOK.trade["commercium"][0]:
        out.append("commercium")
    return out


def personages(state: State, n: int) -> int:
    """§3 the personages a nation has won."""
    p = state["personages"][n]
    return p[0] + p[1] + p[2] + p[3] + p[4] + p[5]


def defence(state: State, r: int) -> int:
    """§8.2 the defensive strength of the city (or neutral temple) in region ``r``."""
    d = RULEBOOK.defence
    if state["temple"][r] == 2:
        return d["neutral_temple"]
    owner = state["city"][r]
    value = d["temple_city"] if state["temple"][r] == 1 else d["city"]
    units = state["units"][owner]
    value += (units[2 * r] + units[2 * r + 1]) * d["per_unit"]
    if personages(state, owner) <= d["few_personages_max"]:
        value += d["few_personages"]
    techs = state["tech"][owner]
    if techs & RES_PUBLICA:
        value += d["res_publica"]
    elif techs & REGNUM:
        value += d["regnum"]
    return value


def sea_points(state: State, n: int) -> int:
    """§4 sea areas for navigators: each region where the nation's galleys are alone counts 1, a
    city-less sea (the galley symbol) 2. Counted at the end of the turn."""
    nav = board(state).nav
    units = state["units"]
    mine = units[n]
    others = [u for m, u in enumerate(units) if m != n]
    total = 0
    for s in compress(range(1, len(mine), 2), mine[1::2]):  # only the seas the nation holds
        for u in others:
            if u[s]:
                break
        else:
            total += nav[s >> 1]
    return total


def held(units: list[int]) -> list[int]:
    """The regions where a nation's ``units`` (one nation's row of ``state["units"]``) stand."""
    return sorted({s >> 1 for s in compress(range(len(units)), units)})
