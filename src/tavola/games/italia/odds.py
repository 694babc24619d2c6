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

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from tavola.games.italia.const import ELEPHANT, LEADER, TO_HIT, TWO_HIT

Group = tuple[str, int, int]
Side = tuple[Group, ...]


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
    base = 7 if raid else TO_HIT[kind]
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
    if kind in TWO_HIT:
        flip = min(n, fresh)
        fresh -= flip
        damaged += flip
        n -= flip
        damaged = max(0, damaged - n)
        return (kind, fresh, damaged)
    return (kind, max(0, fresh - n), 0)


def hit_points(group: Group) -> int:
    kind, fresh, damaged = group
    return fresh * 2 + damaged if kind in TWO_HIT else fresh


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


def _norm(side: Side) -> Side:
    return tuple(sorted(g for g in side if g[1] + g[2] > 0))


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


@lru_cache(maxsize=65536)
def _battle(a: Side, d: Side, att_mod: int, def_mod: int, first_bonus: int) -> Odds:
    if not a or not d:
        return Odds(float(bool(a)), float(bool(d)), float(not a and not d))
    att_out = side_outcomes(a, d, att_mod)
    def_out = side_outcomes(d, a, def_mod, first_bonus)
    stay = 0.0
    win = lose = both = 0.0
    for pd, nd in att_out:
        nd = _norm(nd)
        for pa, na in def_out:
            na = _norm(na)
            p = pd * pa
            if na == a and nd == d:
                stay += p
                continue
            sub = _battle(na, nd, att_mod, def_mod, 0)
            win += p * sub.attacker
            lose += p * sub.defender
            both += p * sub.both
    if first_bonus:
        # The first round differs from the rest: a round without losses goes on without bonus.
        if stay:
            sub = _battle(a, d, att_mod, def_mod, 0)
            win += stay * sub.attacker
            lose += stay * sub.defender
            both += stay * sub.both
        return Odds(win, lose, both)
    go = 1.0 - stay
    if go <= 1e-12:
        return Odds(0.0, 0.0, 0.0)
    return Odds(win / go, lose / go, both / go)


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
