"""Exact combat odds from the dice (§10.2), for the bots and the user interface.

Nothing here is sampled: every distribution is computed from the to-hit probability of each
die. A side is a tuple of groups ``(kind, fresh, damaged)``: ``fresh`` undamaged units and
``damaged`` two-hit units that already took one hit (§10.2). Hits on a group first damage a
fresh two-hit unit, then remove a damaged one ("the fourth hit on three consular legions
removes one", §10.2; "the third hit removes the first knight", §14.2); hits beyond the group
are wasted (§10.4).

An elephant's natural 9 or 10 forces one more enemy unit out of the battle (§10.2); for the
odds that unit counts as gone from the fight (it retreats or dies), taken from the group hit.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from tavola.games.italia.const import ELEPHANT, HIT, KIND, LEADER, RAID_TO_HIT

Group = tuple[str, int, int]
Side = tuple[Group, ...]


@lru_cache(maxsize=1)
def unit_tables() -> tuple[dict[str, int], frozenset[str]]:
    """The to-hit number of each unit kind and the two-hit kinds (§10.2), from the data of
    both games (one table: the kinds of Italia I and II do not differ)."""
    from tavola.games.italia.scenario import static

    to_hit: dict[str, int] = {}
    two: set[str] = set()
    for key in ("italia-i", "italia-ii"):
        S = static(key)
        to_hit.update(S.to_hit)
        two |= {k for k, h in S.hits.items() if h > 1}
    return to_hit, frozenset(two)


def hit_faces(to_hit: int, mod: int) -> int:
    """How many faces of the d10 hit (§10.2): a natural 1 always misses, a natural 10 always
    hits, any other face hits when face + modifier reaches the to-hit number."""
    return 1 + sum(1 for face in range(2, 10) if face + mod >= to_hit)


def hits(to_hit: int, mod: int, die: int) -> bool:
    """Whether one die hits (§10.2)."""
    if die == 1:
        return False
    if die == 10:
        return True
    return die + mod >= to_hit


def shot_pmf(kind: str, mod: int, *, raid: bool = False) -> tuple[float, ...]:
    """Distribution of the hits one die of ``kind`` scores: ``(p0, p1)`` or, for an elephant,
    ``(p0, p1, p2)`` where 2 means a hit plus a forced retreat (§10.2)."""
    base = RAID_TO_HIT if raid else unit_tables()[0][kind]
    faces = hit_faces(base, 0 if raid else mod)
    if kind == ELEPHANT and not raid:
        # Natural 9 and 10 always hit an elephant's target (5+ with at most -4) and add a retreat.
        extra = 2 if faces >= 2 else 1
        return ((10 - faces) / 10, (faces - extra) / 10, extra / 10)
    return ((10 - faces) / 10, faces / 10)


def convolve(a: Sequence[float], b: Sequence[float]) -> list[float]:
    out = [0.0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def hits_pmf(shots: Sequence[Sequence[float]]) -> list[float]:
    """Distribution of the total hits of several independent dice (Poisson-binomial)."""
    out: list[float] = [1.0]
    for s in shots:
        out = convolve(out, s)
    return out


def apply_hits(group: Group, n: int) -> Group:
    """The group after ``n`` hits (§10.2, §10.4, §14.2)."""
    kind, fresh, damaged = group
    if kind in unit_tables()[1]:
        flip = min(n, fresh)
        fresh -= flip
        damaged += flip
        n -= flip
        damaged = max(0, damaged - n)
        return (kind, fresh, damaged)
    return (kind, max(0, fresh - n), 0)


def hit_points(group: Group) -> int:
    kind, fresh, damaged = group
    return fresh * 2 + damaged if kind in unit_tables()[1] else fresh


def size(side: Side) -> int:
    return sum(g[1] + g[2] for g in side)


def assign_targets(shooters: int, targets: Side) -> list[int]:
    """A fixed target policy for the odds: dice spread over the enemy groups in proportion to
    their hit points (largest remainders first), so no group draws more dice than needed
    while another is ignored."""
    hp = [hit_points(g) for g in targets]
    total = sum(hp)
    if total == 0:
        return [0] * len(targets)
    share = [shooters * h // total for h in hp]
    rest = shooters - sum(share)
    order = sorted(range(len(targets)), key=lambda i: (-(shooters * hp[i] % total), i))
    for i in order[:rest]:
        share[i] += 1
    return share


def _dice(side: Side) -> list[str]:
    out = []
    for kind, fresh, damaged in side:
        if kind != LEADER:
            out.extend([kind] * (fresh + damaged))
    return out


def side_outcomes(shooters: Side, targets: Side, mod: int, bonus: int = 0) -> list[tuple[float, Side]]:
    """Every state ``targets`` can be in after one volley of ``shooters``, with probabilities.

    ``mod`` is the shooters' total modifier and ``bonus`` an extra one (naval invasion)."""
    dice = _dice(shooters)
    share = assign_targets(len(dice), targets)
    per_group: list[list[tuple[float, Group]]] = []
    k = 0
    for g, n in zip(targets, share):
        pmf = hits_pmf([shot_pmf(kind, mod + bonus) for kind in dice[k : k + n]])
        k += n
        outs: dict[Group, float] = {}
        for h, p in enumerate(pmf):
            if p:
                ng = apply_hits(g, h)
                outs[ng] = outs.get(ng, 0.0) + p
        per_group.append([(p, ng) for ng, p in outs.items()])
    result: list[tuple[float, Side]] = [(1.0, ())]
    for options in per_group:
        result = [(p * q, (*side, g)) for p, side in result for q, g in options]
    return result


@dataclass(frozen=True)
class Odds:
    """Probabilities that a battle fought to the end (no retreats) leaves only the attacker
    (``attacker``), only the defender (``defender``) or nobody (``both``)."""

    attacker: float
    defender: float
    both: float


def groups_of(units: Sequence[Sequence[Any]]) -> list[Group]:
    """The groups ``(kind, fresh, damaged)`` of some units; leaders roll no dice."""
    g: dict[str, list[int]] = {}
    for u in units:
        if u[KIND] != LEADER:
            c = g.setdefault(u[KIND], [0, 0])
            c[1 if u[HIT] else 0] += 1
    return [(k, v[0], v[1]) for k, v in g.items()]


def _norm(side: Side) -> Side:
    return tuple(sorted(g for g in side if g[1] + g[2] > 0))


EXACT_STATES = 2000
"""Battles with at most this many states (:func:`state_count`) get exact odds. The exact
computation visits every state once: 5 mixed units a side (about 600 states) take tens of
milliseconds the first time, 9 a side (about 10,000) take seconds."""


def state_count(attacker: Sequence[Group], defender: Sequence[Group]) -> int:
    """How many (attacker, defender) states a battle can pass through: every group can be
    at any of its hit points down to none."""
    n = 1
    for g in (*attacker, *defender):
        if g[0] != LEADER:
            n *= hit_points(g) + 1
    return n


@lru_cache(maxsize=512)
def mean_hits(kind: str, mod: int) -> float:
    """Expected hits of one die; an elephant's 9-10 also forces a unit out, counted as a
    second hit."""
    return sum(i * p for i, p in enumerate(shot_pmf(kind, mod)))


def estimated_odds(
    attacker: Sequence[Group], defender: Sequence[Group], att_mod: int = 0, def_mod: int = 0
) -> Odds:
    """Odds of a battle too big to compute exactly, from the expected hits of the dice
    (nothing is sampled). Lanchester's square law gives the strength ratio ``R`` (expected hits
    per round times hit points, side against side); the chance of the stronger side grows with
    ``log R`` and, as big battles are less left to luck, with the square root of the units in
    the fight (fitted on exact odds of small battles, off by about 0.06 on average). Nobody-left
    is not estimated."""
    na = sum(f + d for k, f, d in attacker if k != LEADER)
    nd = sum(f + d for k, f, d in defender if k != LEADER)
    if not na or not nd:
        return battle_odds(attacker, defender, att_mod, def_mod)
    ha = sum(mean_hits(k, att_mod) * (f + d) for k, f, d in attacker if k != LEADER)
    hd = sum(mean_hits(k, def_mod) * (f + d) for k, f, d in defender if k != LEADER)
    if hd <= 0 or ha <= 0:
        return Odds(float(hd <= 0), float(ha <= 0), 0.0)
    pa = sum(hit_points(g) for g in attacker if g[0] != LEADER)
    pd = sum(hit_points(g) for g in defender if g[0] != LEADER)
    z = 1.2 * math.sqrt(na + nd) * math.log((ha * pa) / (hd * pd))
    p = 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, z))))
    return Odds(p, 1.0 - p, 0.0)


def odds(
    attacker: Sequence[Group],
    defender: Sequence[Group],
    att_mod: int = 0,
    def_mod: int = 0,
    max_states: int = EXACT_STATES,
) -> tuple[Odds, bool]:
    """The odds of a battle and whether they are exact: exact up to ``max_states`` states,
    estimated above (:func:`estimated_odds`)."""
    if state_count(attacker, defender) <= max_states:
        return battle_odds(attacker, defender, att_mod, def_mod), True
    return estimated_odds(attacker, defender, att_mod, def_mod), False


def battle_odds(
    attacker: Sequence[Group],
    defender: Sequence[Group],
    att_mod: int = 0,
    def_mod: int = 0,
    def_first_bonus: int = 0,
) -> Odds:
    """Exact outcome probabilities of a land or naval battle fought to a finish (§10.1)."""
    a = _norm(tuple(g for g in attacker if g[0] != LEADER))
    d = _norm(tuple(g for g in defender if g[0] != LEADER))
    return _battle(a, d, att_mod, def_mod, def_first_bonus)


def _battle(a: Side, d: Side, att_mod: int, def_mod: int, first_bonus: int) -> Odds:
    return Odds(*_fight(a, d, att_mod, def_mod, first_bonus))


@lru_cache(maxsize=65536)
def _fight(a: Side, d: Side, att_mod: int, def_mod: int, first_bonus: int) -> tuple[float, float, float]:
    # (P attacker alone left, P defender alone left, P nobody left). The two volleys of a round
    # are independent, so the sum over (attacker's states, defender's states) is taken one
    # attacker state at a time; the inner loop is the hot path of every large battle.
    if not a or not d:
        return (float(bool(a)), float(bool(d)), float(not a and not d))
    d_after = [(p, _norm(s)) for p, s in side_outcomes(a, d, att_mod)]
    a_after = [(p, _norm(s)) for p, s in side_outcomes(d, a, def_mod, first_bonus)]
    stay = win = lose = both = 0.0
    for pa, na in a_after:
        w = lo = b = 0.0
        if not na:
            lo = sum(pd for pd, nd in d_after if nd)
            b = 1.0 - lo
        else:
            for pd, nd in d_after:
                if not nd:
                    w += pd
                elif na == a and nd == d:
                    stay += pa * pd
                else:
                    sw, sl, sb = _fight(na, nd, att_mod, def_mod, 0)
                    w += pd * sw
                    lo += pd * sl
                    b += pd * sb
        win += pa * w
        lose += pa * lo
        both += pa * b
    if first_bonus:
        # The first round differs from the rest: a round without losses goes on without bonus.
        if stay:
            sw, sl, sb = _fight(a, d, att_mod, def_mod, 0)
            win += stay * sw
            lose += stay * sl
            both += stay * sb
        return (win, lose, both)
    go = 1.0 - stay
    if go <= 1e-12:
        return (0.0, 0.0, 0.0)
    return (win / go, lose / go, both / go)


def round_odds(
    attacker: Sequence[Group],
    defender: Sequence[Group],
    att_mod: int = 0,
    def_mod: int = 0,
    def_bonus: int = 0,
) -> dict[tuple[int, int], float]:
    """Joint distribution of (attacker units lost, defender units lost) in one combat round."""
    a = _norm(tuple(g for g in attacker if g[0] != LEADER))
    d = _norm(tuple(g for g in defender if g[0] != LEADER))
    na0, nd0 = size(a), size(d)
    out: dict[tuple[int, int], float] = {}
    for pd, nd in side_outcomes(a, d, att_mod):
        for pa, na in side_outcomes(d, a, def_mod, def_bonus):
            key = (na0 - size(na), nd0 - size(nd))
            out[key] = out.get(key, 0.0) + pd * pa
    return out


def expected_losses(
    attacker: Sequence[Group],
    defender: Sequence[Group],
    att_mod: int = 0,
    def_mod: int = 0,
    def_bonus: int = 0,
) -> tuple[float, float]:
    """Expected units lost by (attacker, defender) in one round."""
    dist = round_odds(attacker, defender, att_mod, def_mod, def_bonus)
    return (sum(k[0] * p for k, p in dist.items()), sum(k[1] * p for k, p in dist.items()))
