"""What the search bots know of Italia (I and II): the evaluation of a position, action priors
and a playout policy, reached through the rules object (``evaluate`` and ``knowledge``).

Random clicks play Italia badly: they walk units out of the areas that score, cancel the group
they just formed, march into battles they cannot win and stay in them, buy one unit and bank
the rest of the gold. The prior and the playout weigh every decision the way a strong player would:

* **moves** towards areas that score VP for the nation at its next scoring round (cards'
  area, city and region values), into enemy areas only where the exact odds of the battle
  are good, leaving one unit behind in an area worth holding, and leaders with their army;
* **battles**: attack when the odds are good, raid a city when they are not, aim at the
  enemy's strongest dice, retreat (or submit, if the card allows it) when the odds turn bad;
* **purchases** that fill the placement capacity (one new land unit per area held) with the
  most strength the gold buys, cities that score, reinforcements always taken;
* smaller steps: pillage for VP, declare a capital rather than lose a unit over the stacking
  limit, remove the weakest unit, fight naval battles only with more fleets, revolt.

Odds come from :mod:`tavola.games.italia.odds` (exact, from the dice, cached). The exact
computation of a big battle takes from milliseconds to seconds the first time, so above
:data:`EXACT_STATES` states the odds are estimated from the expected hits per round (also
computed from the dice) by Lanchester's square law. Both hooks only read the world.
"""

from __future__ import annotations

import math
import random
from functools import cache, lru_cache
from typing import Any, Final

from tavola.core.rules import Action, Knowledge, Rules, State, weighted_pick
from tavola.games.italia.battle import modifier
from tavola.games.italia.const import CITY, EXT, F_GRP, F_MOVED, FL, FLEET, KIND, LEADER, NAT
from tavola.games.italia.income import city_price, owned_areas, price
from tavola.games.italia.model import find_leader, halve_up
from tavola.games.italia.odds import Group, groups_of, odds
from tavola.games.italia.scenario import Static, static
from tavola.games.italia.victory import player_vp, round_vp
from tavola.games.italia.view import battle_odds_now

EXACT_STATES: Final = 400
"""Battles with up to this many states (:func:`~tavola.games.italia.odds.state_count`) get
exact odds in the bots' decisions; a first computation takes a few milliseconds at most."""

# What one unit is worth in a fight: expected hits it scores times the hits it takes, roughly
# (a two-hit unit at 5+ against a one-hit unit at 7+).
STRENGTH: Final = {
    "infantry": 1.0,
    "foederati": 1.0,
    "legion": 1.25,
    "consular": 2.4,
    "knight": 2.4,
    "elephant": 1.7,
    "fleet": 0.6,
}
HOLD: Final = 0.25  # an area held is worth this much besides its VP (a gold of income, a foothold)
GOLD_HALF_VP: Final = 0.25
"""What one gold in the treasury of a nation still to score is worth in the evaluation, in half
VP (an eighth of a VP): four gold buy a unit, and a unit that lives on scores for its nation.
A unit on the map is worth the gold it cost, so a purchase changes nothing in the value, a lost
unit or gold thrown away (over the cap, §6.2) lowers it."""


# -- the value of a position ---------------------------------------------------------------


def next_scoring(S: Static, st: State) -> int:
    for r in sorted(set(S.scoring_rounds) | {r for n in range(S.N) for r in S.scoring[n]}):
        if r >= st["round"]:
            return r
    return -1


def evaluate(S: Static, st: State) -> dict[str, float]:
    """Each player's VP plus the VP its nations would score at the next scoring round as the
    board stands, with the area under battle counted by the exact odds of the battle, and
    the exit VP of the moving nation's units that stand where they may leave the game."""
    totals = {r: float(v) for r, v in player_vp(S, st).items()}
    if not st["over"]:
        for n, v in enumerate(material(S, st)):
            totals[S.role_of[n]] += v
    n = st["active_nation"]
    if 0 <= n < S.N and S.vp_events[n].get("exit"):
        totals[S.role_of[n]] += exits_waiting(S, st, n)
    r = next_scoring(S, st)
    if r > 0 and not st["over"]:
        weight = {}
        for f in st["flow"]:
            if f["s"] == "battle":
                o = battle_odds_now(S, st, f)
                weight[(f["a"], f["nation"])] = o["attacker"]
                weight[(f["a"], f["defender"])] = o["defender"]
        for n in range(S.N):
            if r not in S.scoring[n]:
                continue
            total = float(round_vp(S, st, n, r)[0])
            for (a, x), p in weight.items():
                if x == n:
                    total -= (1 - p) * S.scoring[n][r].area_vp.get(a, 0)
            if st["ruler"][n] >= 0:
                total = float(halve_up(int(total)))
            totals[S.role_of[n]] += total
    best_other = {}
    for role in totals:
        others = [v for k, v in totals.items() if k != role]
        best_other[role] = max(others) if others else 0.0
    return {role: 1.0 / (1.0 + math.exp(-(totals[role] - best_other[role]) / 16.0)) for role in totals}


def material(S: Static, st: State) -> list[float]:
    """Half VP the gold and units of each nation are worth while it has a scoring round
    ahead: the gold that stays in the bank (at most the cap, §6.2) and the price of each unit
    (§6.2), at :data:`GOLD_HALF_VP` a gold. Without it a search sees no loss in units thrown
    into a hopeless battle or gold spent on campaign moves that take nothing, until the next
    scoring round, which a playout of round 10's campaigns (§13.4) rarely reaches. Units
    waiting in their nation's exit areas count by their exit VP instead (:func:`exits_waiting`)."""
    live = [_next_scoring(S.key, n, st["round"]) >= 0 for n in range(S.N)]
    exits = _exit_areas(S.key)
    prices = _prices(S.key)
    gold = [min(st["gold"][n], S.costs.gold_cap) if live[n] else 0 for n in range(S.N)]
    for a, lst in enumerate(st["units"]):
        for u in lst:
            n = u[NAT]
            if live[n] and u[KIND] != LEADER and a not in exits[n]:
                gold[n] += prices[n][u[KIND]]
            if u[KIND] == FLEET:
                for c in u[EXT]:  # carried units
                    n = c[NAT]
                    if live[n] and c[KIND] != LEADER and a not in exits[n]:
                        gold[n] += prices[n][c[KIND]]
    return [GOLD_HALF_VP * g for g in gold]


@cache
def _prices(key: str) -> tuple[dict[str, int], ...]:
    """Each nation's price of each unit type (:func:`~tavola.games.italia.income.price`), read
    for every unit on the map at every evaluation."""
    S = static(key)
    return tuple(
        {k: price(S, n, k) for k in {*S.cost, *(S.special[n].get("prices") or ())}} for n in range(S.N)
    )


@cache
def _exit_areas(key: str) -> tuple[frozenset[int], ...]:
    S = static(key)
    return tuple(frozenset(e.area_id for e in S.vp_events[n].get("exit", ())) for n in range(S.N))


def exits_waiting(S: Static, st: State, n: int) -> float:
    """VP the units of ``n`` in its card's exit areas score when they leave (FAQ 'Visigoti e
    Unni'): a unit there keeps its exit VP while it may still fight, so the bot need not walk
    it out at once to count them (units still in an entry area at the end of the turn are
    lost, §7.2, and the last move's prior takes them out)."""
    vp = 0.0
    for e in S.vp_events[n]["exit"]:
        vp += e.half_vp / 2 * sum(1 for u in st["units"][e.area_id] if u[NAT] == n and u[KIND] != FLEET)
    return vp


def moves_left(S: Static, st: State, n: int) -> bool:
    """Whether ``n`` moves again this turn after the move under way: another campaign move it
    can pay (§12.3.1), its card's campaign still to come, or a major invasion's second move
    (§12.2)."""
    for f in reversed(st["flow"]):
        if f["s"] == "camp":
            return not f["single"] and st["gold"][n] >= S.costs.campaign_move
        if f["s"] == "turn":
            spec = S.turn[n].get(st["round"])
            if spec is None or f["phase"] not in ("aftermove", "aftermove2"):
                return False
            return spec.kind == "campaign" or (spec.kind == "major_invasion" and f["phase"] == "aftermove")
    return False


# -- the nation deciding, the VP on the map ------------------------------------------------


def _nation(S: Static, st: State, f: dict[str, Any], role: str) -> int:
    step = f["s"]
    if step == "react":
        return int(f["nation"])
    if step == "ndecl":
        return int(f["q"][f["i"]])
    if step == "battle":
        return int(f["defender"] if f["phase"] == "defender_aims" else f["nation"])
    if step == "nbattle":
        return int(f["defender"] if f["defender_hits"] and S.role_of[f["defender"]] == role else f["nation"])
    n = f.get("nation", -1)
    return int(n) if isinstance(n, int) else -1


@cache
def _next_scoring(key: str, n: int, now: int) -> int:
    S = static(key)
    later = [r for r in S.scoring[n] if r >= now]
    return min(later) if later else -1


@cache
def _vp_table(key: str, n: int, r: int) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """VP per area and per standing city that ``n`` scores at round ``r`` (a region's bonus
    spread over its areas)."""
    S = static(key)
    area = [0.0] * S.A
    city = [0.0] * S.A
    sc = S.scoring[n].get(r)
    if sc is not None:
        for a, half in sc.area_vp.items():
            area[a] += half / 2
        for a, half in sc.city_vp.items():
            city[a] += half / 2
        for rv in sc.regions:
            if rv.area_ids:
                share = rv.half_vp / 2 / len(rv.area_ids)
                for a in rv.area_ids:
                    area[a] += share
    return tuple(area), tuple(city)


def area_value(S: Static, st: State, n: int, a: int) -> float:
    """What holding land area ``a`` brings ``n`` at its next scoring round, plus a little for
    the income."""
    if S.is_sea[a] or n < 0:
        return 0.0
    r = _next_scoring(S.key, n, st["round"])
    if r < 0:
        return HOLD
    area, city = _vp_table(S.key, n, r)
    v = HOLD + area[a]
    if st["city"][a] == CITY:
        v += city[a]
    return v


def city_value(S: Static, st: State, n: int, a: int) -> float:
    """VP a standing city in ``a`` would score for ``n`` at its next scoring round."""
    r = _next_scoring(S.key, n, st["round"])
    return _vp_table(S.key, n, r)[1][a] if r >= 0 else 0.0


# -- battle odds ------------------------------------------------------------------------------


def win_odds(att: list[Group], dfn: list[Group], mod_a: int, mod_d: int) -> tuple[float, float]:
    """(P the attacker alone is left, P the defender alone is left) of a battle fought out."""
    return _win_odds(tuple(att), tuple(dfn), mod_a, mod_d)


@lru_cache(maxsize=65536)
def _win_odds(att: tuple[Group, ...], dfn: tuple[Group, ...], mod_a: int, mod_d: int) -> tuple[float, float]:
    # A playout asks the same few battles again and again: the groups, not the state, decide.
    o, _ = odds(att, dfn, mod_a, mod_d, EXACT_STATES)
    return o.attacker, o.defender


def attack_odds(
    S: Static, st: State, b: int, n: int, grp: list[list[Any]], foes: list[int] | None = None
) -> float:
    """P that ``n`` takes land area ``b`` if the group ``grp`` joins its units already there
    (``foes``: :func:`_foes` in ``b``, where already known)."""
    lst = st["units"][b]
    if foes is None:
        foes = _foes(S, st, b, n)
    if not foes:
        return 1.0
    m = foes[0]
    mine = [u for u in lst if u[NAT] == n]
    mine.extend(grp)
    theirs = [u for u in lst if u[NAT] in foes]
    leaders = sum(1 for u in grp if u[KIND] == LEADER)
    mod_a = modifier(S, st, b, n, m, True) + S.leader_bonus * leaders
    mod_d = modifier(S, st, b, m, n, False)
    return win_odds(groups_of(mine), groups_of(theirs), mod_a, mod_d)[0]


def battle_frame_odds(S: Static, st: State, f: dict[str, Any]) -> tuple[float, float]:
    """(attacker, defender) odds of the land battle of frame ``f`` as it stands."""
    a, n, m = f["a"], f["nation"], f["defender"]
    lst = st["units"][a]
    att = groups_of([u for u in lst if u[NAT] == n])
    dfn = groups_of([u for u in lst if u[NAT] == m])
    return win_odds(att, dfn, modifier(S, st, a, n, m, True), modifier(S, st, a, m, n, False))


def _foes(S: Static, st: State, a: int, n: int) -> list[int]:
    """Nations in ``a`` that ``n`` would fight (as the rules' ``movement.hostile``)."""
    out: list[int] = []
    ruler = st["ruler"]
    entry = S.is_entry[a]
    for u in st["units"][a]:
        m = u[NAT]
        if m == n or m in out or ruler[m] == n or ruler[n] == m:
            continue
        if entry and not (a in S.entry_ok[n] and a in S.entry_ok[m]):
            continue
        out.append(m)
    return out


def _battle_below(st: State, a: int) -> dict[str, Any] | None:
    for f in reversed(st["flow"]):
        if f["s"] == "battle" and f["a"] == a:
            return f
    return None


# -- the weights, step by step ---------------------------------------------------------------


def _kind_of(tag: str) -> str:
    return tag.split("@")[0].split(".")[0].rstrip("*")


def _buy(S: Static, st: State, f: dict[str, Any], n: int, actions: list[Action]) -> list[float]:
    """Fill the placement capacity with the most strength the gold buys; cities that score;
    bank the rest only when nothing useful is left to buy (the bank keeps at most 10 gold)."""
    gold = st["gold"][n]
    kinds = [a[1] for a in actions if a[0] == "buy"]
    land = [k for k in kinds if k != FLEET]
    areas = len(owned_areas(S, st, n)) if land else 0
    used = sum(1 for k in st["bought"] if k != FLEET) + sum(1 for k in st["pending"][n] if k != FLEET)
    room = max(1, areas - used) if areas > 1 else (99 if areas == 1 else 0)
    cheapest = min((price(S, n, k) for k in land), default=0)
    out = []
    for a in actions:
        verb = a[0]
        if verb == "buy":
            k = a[1]
            value = 1.0 + STRENGTH.get(k, 1.0)
            if k == FLEET:
                value = STRENGTH[FLEET]
            elif cheapest:
                # what the gold left buys after this unit, in the cheapest units, up to the room
                more = min(room - 1, (gold - price(S, n, k)) // cheapest)
                value += max(0, more) * 2.0
            out.append(value)
        elif verb == "city":
            out.append(0.5 + 2.0 * city_value(S, st, n, a[1]) + 6.0 / city_price(S, a[1]) * 0.3)
        elif verb == "capital":
            out.append(0.05)
        else:  # done
            out.append(0.15 if land else 1.0)
    return out


def _front(S: Static, st: State, n: int, a: int) -> float:
    """How much a new unit in ``a`` matters: next to enemies, or next to areas worth taking."""
    if S.is_sea[a]:
        return 1.0
    w = 1.0
    for b in S.land_adj[a]:
        lst = st["units"][b]
        if any(u[NAT] != n for u in lst):
            w += 0.75
        elif not lst:
            w += 0.5 * area_value(S, st, n, b)
    return w


def _move(S: Static, st: State, f: dict[str, Any], n: int, actions: list[Action]) -> list[float]:
    g = f["group"]
    u_ = st["units"]
    if g < 0:
        out = []
        seen: dict[int, float] = {}
        for a in actions:
            verb = a[0]
            if verb == "area":
                out.append(0.3 + _opportunity(S, st, n, a[1], seen))
            elif verb == "exit":
                # A unit leaves with its VP at the nation's last move of the turn (a unit left
                # in an entry area is lost, §7.2); before, it may still fight for more.
                last = not moves_left(S, st, n)
                vp = sum(e.half_vp for e in S.vp_events[n].get("exit", ()) if e.area_id == a[1])
                out.append(1.0 + vp if last else 0.1)
            else:  # done: the phase ends
                out.append(0.6 if not _idle_campaign(st, f) else 0.05)
        return out
    grp = [u for u in u_[g] if u[NAT] == n and u[FL] & F_GRP]
    if S.is_sea[g]:
        for fl in u_[g]:
            if fl[KIND] == FLEET:
                grp.extend(c for c in fl[EXT] if c[NAT] == n and c[FL] & F_GRP)
    moved = False
    fighters = 0
    for u in grp:
        if u[FL] & F_MOVED:
            moved = True
        if u[KIND] != LEADER:
            fighters += 1
    out = []
    for a in actions:
        verb = a[0]
        if verb == "area":
            b = a[1]
            if S.is_sea[b]:
                out.append(0.3)
            elif S.is_entry[b] and b not in S.entry_ok[n]:
                out.append(0.05)  # units left in an entry area are lost at the end of the turn
            else:
                lst = u_[b]
                foes = _foes(S, st, b, n) if lst else []  # an empty area: nobody to ask
                if foes:
                    p = attack_odds(S, st, b, n, grp, foes) if fighters else 0.0
                    out.append(0.05 + 3.0 * p * p + p * area_value(S, st, n, b))
                elif any(u[NAT] == n for u in lst):
                    out.append(0.3)  # passing through an area already held
                else:
                    out.append(0.6 + 1.5 * area_value(S, st, n, b))  # nobody to fight
        elif verb == "unit" or verb == "leader":
            if not grp:
                out.append(2.0)
            elif verb == "leader":
                out.append(2.0 if fighters else 0.8)
            else:
                left = sum(1 for u in u_[g] if u[NAT] == n and not u[FL] & F_GRP and u[KIND] != LEADER)
                # The last unit holds the area: keep it there if the area is worth holding.
                keep = left <= 1 and not moved and not S.is_sea[g] and area_value(S, st, n, g) > HOLD
                out.append(0.3 if keep else 1.2)
        elif verb == "drop":
            out.append(0.15)
        elif verb == "done":
            if not moved:
                out.append(0.3 if grp else 1.0)
            elif _foes(S, st, g, n):
                p = attack_odds(S, st, g, n, [])
                out.append(0.1 + 3.0 * p * p)
            else:
                out.append(0.5 + area_value(S, st, n, g))
        else:  # fleet, capital
            out.append(0.8)
    return out


def _idle_campaign(st: State, f: dict[str, Any]) -> bool:
    """A campaign move paid for (§12.3.1: one gold a move) in which the leader has not moved:
    ending it now throws the gold away (and in round 10, §13.4, the faction's one chance)."""
    key = f.get("ldr")
    if not key:
        return False
    _, leader, _ = find_leader(st, key)
    return leader is not None and not leader[FL] & F_MOVED


def _opportunity(S: Static, st: State, n: int, a: int, seen: dict[int, float]) -> float:
    """Best area within one step of ``a`` that ``n`` does not hold (odds left to the group).
    ``seen`` keeps each area's worth for the other areas of the same listing (they share
    neighbours)."""
    best = 0.0
    for b in S.land_adj[a]:
        v = seen.get(b)
        if v is None:
            v = seen[b] = _worth_taking(S, st, n, b)
        if v > best:
            best = v
    return best


def _worth_taking(S: Static, st: State, n: int, b: int) -> float:
    """What land area ``b`` is worth to ``n`` as a target: nothing if ``n`` is there already or
    may not stay there, half its value if someone holds it."""
    lst = st["units"][b]
    for u in lst:
        if u[NAT] == n:
            return 0.0
    if S.is_entry[b] and b not in S.entry_ok[n]:
        return 0.0
    return area_value(S, st, n, b) * (0.5 if lst else 1.0)


def _open(S: Static, st: State, f: dict[str, Any], actions: list[Action]) -> list[float]:
    """Attack with good odds; raid the city when they are bad (one hit ruins and pillages it)."""
    p = battle_frame_odds(S, st, f)[0]
    dice = sum(1 for u in st["units"][f["a"]] if u[NAT] == f["nation"] and u[KIND] != LEADER)
    raid = (1.0 - 0.6**dice) * (0.8 if p < 0.4 else 0.1)
    return [0.2 + 2.0 * p if a[0] == "attack" else raid for a in actions]


def _targets(f: dict[str, Any], actions: list[Action]) -> list[float]:
    """Aim at the strongest dice; the defender's +2 against units from the sea (first round)."""
    out = []
    for a in actions:
        tag = str(a[1])
        w = STRENGTH.get(_kind_of(tag), 1.0)
        if "@sea" in tag and f["phase"] == "defender_aims":
            w *= 1.5
        out.append(w)
    return out


def _retreat(S: Static, st: State, f: dict[str, Any], n: int, actions: list[Action]) -> list[float]:
    """Stay while the odds are good; leave (or submit) when they are bad; go home first."""
    a = f["a"]
    if f["sel"]:
        out = []
        for x in actions:
            b = x[1] if x[0] == "area" else -1
            if b < 0:
                out.append(1.0)
            elif S.is_sea[b]:
                out.append(0.6)
            elif any(u[NAT] == n for u in st["units"][b]):
                out.append(2.0 + area_value(S, st, n, b))
            else:
                out.append(1.0 + area_value(S, st, n, b))
        return out
    p = 0.5
    if f["mode"] == "battle":
        bf = _battle_below(st, a)
        if bf is not None:
            att, dfn = battle_frame_odds(S, st, bf)
            p = att if bf["nation"] == n else dfn
    bad = p < 0.3
    forced = f["mode"] != "battle"
    out = []
    for x in actions:
        verb = x[0]
        if verb == "unit":
            # A forced retreat (elephants) takes the weakest unit out.
            out.append(1.0 / STRENGTH.get(_kind_of(str(x[1])), 1.0) if forced else (2.0 if bad else 0.1))
        elif verb == "leader":
            out.append(1.0 if forced else (2.5 if bad else 0.1))
        elif verb == "done":
            out.append(0.1 if bad else 2.0)
        elif verb == "submit":
            out.append(3.0 if p < 0.15 else 0.05)
        else:  # capital
            out.append(0.05)
    return out


def _weakest(actions: list[Action]) -> list[float]:
    """Give up the weakest unit (stacking excess, rebuilding, blocking)."""
    out = []
    for a in actions:
        if a[0] == "unit":
            out.append(1.0 / STRENGTH.get(_kind_of(str(a[1])), 1.0))
        elif a[0] == "capital":
            out.append(3.0)  # a capital takes one more unit: nothing is lost
        else:
            out.append(1.0)
    return out


def _naval(S: Static, st: State, n: int, actions: list[Action]) -> list[float]:
    out = []
    for a in actions:
        if a[0] == "fight":
            s = a[1]
            mine = sum(1 for u in st["units"][s] if u[KIND] == FLEET and u[NAT] == n)
            theirs = sum(1 for u in st["units"][s] if u[KIND] == FLEET and u[NAT] != n)
            out.append(2.0 if mine > theirs else 0.8 if mine == theirs else 0.15)
        else:
            out.append(1.0)
    return out


def _fleet_retreat(S: Static, st: State, f: dict[str, Any], n: int, actions: list[Action]) -> list[float]:
    if f["sel"] >= 0:
        return [1.0] * len(actions)
    s = f["a"]
    mine = sum(1 for u in st["units"][s] if u[KIND] == FLEET and u[NAT] == n)
    theirs = sum(1 for u in st["units"][s] if u[KIND] == FLEET and u[NAT] == f["vs"])
    outnumbered = mine < theirs
    return [
        (0.2 if outnumbered else 1.5) if a[0] == "done" else (1.5 if outnumbered else 0.2) for a in actions
    ]


def _sink(st: State, f: dict[str, Any], actions: list[Action]) -> list[float]:
    """The side that takes the losses loses its emptiest fleets first."""
    lst = st["units"][f["a"]]
    return [1.0 / (1 + len(lst[a[1]][EXT])) for a in actions]


# Simple steps: verb -> weight (verbs not listed weigh 1).
_FIXED: Final[dict[str, dict[str, float]]] = {
    "revolt": {"revolt": 2.0, "done": 0.5},
    "camp": {"campaign": 1.2, "done": 0.8, "pass": 0.8, "raid": 0.5, "block": 0.3},
    "react": {"pass": 1.0, "join": 0.8, "see": 0.4, "done": 1.0},
    "tribute": {"buy": 2.0, "done": 0.2},
    "rebuild": {"rebuild": 0.8, "done": 1.0},
}


def weights(rules: Rules, world: State, role: str, actions: list[Action]) -> list[float]:
    """A weight per action: higher is what a strong player would rather do."""
    S = static(rules.id)
    st = world
    f = st["flow"][-1]
    step = f["s"]
    n = _nation(S, st, f, role)
    if step == "move":
        return _move(S, st, f, n, actions)
    if step == "buy":
        return _buy(S, st, f, n, actions)
    if step == "place":
        return [_front(S, st, n, a[1]) for a in actions]
    if step == "reinf":
        if f["phase"] == "ask":
            return [3.0 if a[0] == "take" else 0.1 for a in actions]
        return [_front(S, st, n, a[1]) if a[0] == "area" else 1.0 for a in actions]
    if step == "battle":
        ph = f["phase"]
        if ph == "open":
            return _open(S, st, f, actions)
        if ph in ("attacker_aims", "defender_aims"):
            return _targets(f, actions)
        return [STRENGTH.get(str(a[1]), 1.0) if a[0] == "convert" else 0.2 for a in actions]
    if step == "retreat":
        return _retreat(S, st, f, n, actions)
    if step == "pillage":
        keep = 1.0 + 2.0 * city_value(S, st, n, f["a"])
        return [keep if a[0] == "done" else (2.5 if a[1] == "vp" else 1.2) for a in actions]
    if step == "excess" or (step == "camp" and f["phase"] == "blockunit"):
        return _weakest(actions)
    if step == "rebuild" and f["sel"] >= 0:
        return _weakest(actions)
    if step == "rebuild":
        return [0.5 + 2.0 * city_value(S, st, n, a[1]) if a[0] == "rebuild" else 1.0 for a in actions]
    if step == "ndecl":
        return _naval(S, st, n, actions)
    if step == "nretreat":
        return _fleet_retreat(S, st, f, n, actions)
    if step == "nbattle":
        return _sink(st, f, actions)
    fixed = _FIXED.get(step)
    if fixed is not None:
        return [fixed.get(a[0], 1.0) for a in actions]
    return [1.0] * len(actions)


def prior(rules: Rules, world: State, role: str, actions: list[Action]) -> list[float]:
    """MCTS opens the heaviest actions first."""
    return weights(rules, world, role, actions)


def playout(rules: Rules, world: State, role: str, actions: list[Action], rand: random.Random) -> Action:
    """Sample in proportion to the weights: mostly what a strong player would do, not always."""
    return weighted_pick(rand, actions, weights(rules, world, role, actions))


KNOWLEDGE = Knowledge(prior=prior, playout=playout)
