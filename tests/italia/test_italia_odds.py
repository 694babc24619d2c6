"""Exact combat odds (§10.2), computed from the dice, never sampled."""

from __future__ import annotations

import random

import pytest

from tavola.games.italia import odds


def test_10_2_hit_faces_follow_the_table() -> None:
    assert odds.hit_faces(7, 0) == 4  # 7, 8, 9, 10
    assert odds.hit_faces(6, 0) == 5
    assert odds.hit_faces(5, 0) == 6
    assert odds.hit_faces(9, 0) == 2
    assert odds.hit_faces(7, -3) == 1  # only the natural 10
    assert odds.hit_faces(7, 9) == 9  # never the natural 1


def test_10_2_one_round_infantry_against_infantry() -> None:
    d = odds.round_odds([("infantry", 1, 0)], [("infantry", 1, 0)])
    assert d[(0, 0)] == pytest.approx(0.36)
    assert d[(1, 1)] == pytest.approx(0.16)
    assert d[(0, 1)] == pytest.approx(0.24)
    assert d[(1, 0)] == pytest.approx(0.24)


def test_10_0_battle_to_the_end_infantry_duel() -> None:
    o = odds.battle_odds([("infantry", 1, 0)], [("infantry", 1, 0)])
    assert o.attacker == pytest.approx(0.24 / 0.64)
    assert o.defender == pytest.approx(0.24 / 0.64)
    assert o.both == pytest.approx(0.16 / 0.64)


def test_10_2_consular_needs_two_hits() -> None:
    o = odds.battle_odds([("infantry", 1, 0)], [("consular", 1, 0)], 0, 0)
    assert o.attacker + o.defender + o.both == pytest.approx(1.0)
    assert o.defender > 0.7


def test_10_8_2_first_round_bonus_helps_the_defender() -> None:
    plain = odds.battle_odds([("legion", 2, 0)], [("infantry", 2, 0)])
    invaded = odds.battle_odds([("legion", 2, 0)], [("infantry", 2, 0)], def_first_bonus=2)
    assert invaded.attacker < plain.attacker


def test_odds_sum_to_one_and_match_a_simulation() -> None:
    att = [("legion", 3, 0), ("consular", 1, 0)]
    dfn = [("infantry", 3, 0), ("elephant", 1, 0)]
    o = odds.battle_odds(att, dfn, -1, 2)
    assert o.attacker + o.defender + o.both == pytest.approx(1.0)
    # A seeded simulation with the same target policy agrees within sampling error.
    rnd = random.Random(3)
    wins = 0
    trials = 4000
    for _ in range(trials):
        a = odds._norm(tuple(att))
        d = odds._norm(tuple(dfn))
        while a and d:
            new_d = _volley(a, d, -1, rnd)
            new_a = _volley(d, a, 2, rnd)
            a, d = odds._norm(new_a), odds._norm(new_d)
        wins += bool(a) and not d
    assert wins / trials == pytest.approx(o.attacker, abs=0.03)


def _volley(shooters: odds.Side, targets: odds.Side, mod: int, rnd: random.Random) -> odds.Side:
    dice = odds._dice(shooters)
    share = odds.assign_targets(len(dice), targets)
    out = []
    k = 0
    for g, n in zip(targets, share):
        hits = 0
        for kind in dice[k : k + n]:
            die = rnd.randint(1, 10)
            if odds.hits(5 if kind in ("consular", "elephant") else 6 if kind == "legion" else 7, mod, die):
                hits += 1
                if kind == "elephant" and die >= 9:
                    hits += 1
        k += n
        out.append(odds.apply_hits(g, hits))
    return tuple(out)


def test_odds_leaders_do_not_fight() -> None:
    a = odds.battle_odds([("legion", 1, 0), ("leader", 1, 0)], [("infantry", 1, 0)])
    b = odds.battle_odds([("legion", 1, 0)], [("infantry", 1, 0)])
    assert a == b


def test_battle_view_reports_exact_odds() -> None:
    from italia_table import Table

    from tavola.games.italia.view import battle_odds_now

    t = Table("italia-i")
    t.put("verona", "celts", "infantry", 2)
    t.put("verona", "illyrians", "infantry", 2)
    o = battle_odds_now(t.S, t.st, {"a": t.a("verona"), "nation": t.n("celts"), "defender": t.n("illyrians")})
    assert o["attacker"] == pytest.approx(o["defender"], abs=1e-4)
    assert o["exact"] is True


def test_10_2_a_battle_too_big_for_exact_odds_is_estimated_and_says_so() -> None:
    from italia_table import Table

    from tavola.games.italia.view import battle_odds_now

    t = Table("italia-i")
    t.put("verona", "celts", "infantry", 6)
    t.put("verona", "celts", "consular", 4)
    t.put("verona", "celts", "elephant", 2)
    t.put("verona", "illyrians", "infantry", 6)
    t.put("verona", "illyrians", "legion", 5)
    o = battle_odds_now(t.S, t.st, {"a": t.a("verona"), "nation": t.n("celts"), "defender": t.n("illyrians")})
    assert o["exact"] is False
    assert o["attacker"] + o["defender"] == pytest.approx(1.0, abs=1e-3)
    assert o["attacker"] > o["defender"]  # consular legions hit on 5+ and take two hits each


def test_state_count_is_every_hit_point_of_every_group() -> None:
    # Two fresh consular legions: 4 hit points, 5 states; 3 infantry: 4 states; leaders none.
    assert odds.state_count([("consular", 2, 0), ("leader", 1, 0)], [("infantry", 3, 0)]) == 20
    assert odds.state_count([("consular", 1, 1)], []) == 4


def test_odds_are_exact_up_to_the_bound_and_estimated_above() -> None:
    small = ([("legion", 3, 0)], [("infantry", 3, 0)])
    o, exact = odds.odds(*small)
    assert exact and o == odds.battle_odds(*small)
    o, exact = odds.odds(*small, max_states=15)
    assert not exact and o == odds.estimated_odds(*small)


def test_estimated_odds_agree_with_the_exact_ones() -> None:
    # On small battles of every kind, the estimate's share of the winner is near the exact one.
    rand = random.Random(7)
    kinds = ["infantry", "legion", "consular", "knight", "elephant"]
    errors = []
    while len(errors) < 120:
        att = [(k, rand.randint(1, 3), 0) for k in rand.sample(kinds, rand.choice([1, 2]))]
        dfn = [(k, rand.randint(1, 3), 0) for k in rand.sample(kinds, rand.choice([1, 2]))]
        if odds.state_count(att, dfn) > 300:
            continue
        mods = (rand.choice([-1, 0, 0, 1]), rand.choice([0, 0, 1]))
        exact = odds.battle_odds(att, dfn, *mods)
        est = odds.estimated_odds(att, dfn, *mods)
        assert est.attacker + est.defender == pytest.approx(1.0)
        errors.append(abs(est.attacker - exact.attacker / (exact.attacker + exact.defender)))
    assert sum(errors) / len(errors) < 0.08
    assert max(errors) < 0.3


def test_expected_losses_of_one_round() -> None:
    a, d = odds.expected_losses([("infantry", 2, 0)], [("infantry", 1, 0)])
    assert a == pytest.approx(0.4)  # one defender die hitting on 7+
    assert d == pytest.approx(1 - 0.6 * 0.6)  # the lone defender dies if either die hits
