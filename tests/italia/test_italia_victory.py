"""§11 Victory points and the winner."""

from __future__ import annotations

from italia_table import Dice, Table

from tavola.games.italia import combat, model, victory
from tavola.games.italia.cards import ScoringRound
from tavola.games.italia.flow import FLOW


def card(t: Table, nation: str, **kw: object) -> None:
    """Give a nation a scoring line for the current round (a card of the rulebook's examples)."""
    n = t.n(nation)
    sc = ScoringRound(round=t.st["round"], reconstructed="test", **kw)  # type: ignore[arg-type]
    from tavola.games.italia.loader import _Checker

    c = _Checker(t.S.board, "test")
    sc = sc.model_copy(update={"area_vp": c.vp_map("a", sc.areas), "city_vp": c.vp_map("c", sc.cities)})
    t.S.scoring[n][t.st["round"]] = sc


def test_11_0_example_1_areas_and_cities(t2: Table) -> None:
    """Round 5: the nation holds Pavia, Ravenna, Etruria and Corfinium, with cities in Etruria,
    Pavia and Corfinium: 3 VP for areas (none for Corfinium) and 6 for the cities."""
    t2.st["round"] = 5
    saved = dict(t2.S.scoring[t2.n("sards")])
    try:
        card(
            t2,
            "sards",
            areas={"pavia": 1, "ravenna": 1, "etruria": 1},
            cities={"pavia": 2, "etruria": 2, "corfinium": 2, "ravenna": 2},
        )
        for a in ("pavia", "ravenna", "etruria", "corfinium"):
            t2.put(a, "sards", "infantry")
        for a in ("etruria", "pavia", "corfinium"):
            t2.city(a)
        total, parts = victory.round_vp(t2.S, t2.st, t2.n("sards"), 5)
        assert total == 18 and parts["areas"] == 6 and parts["cities"] == 12
    finally:
        t2.S.scoring[t2.n("sards")].clear()
        t2.S.scoring[t2.n("sards")].update(saved)


def test_11_0_example_2_area_and_city_in_africa(t2: Table) -> None:
    t2.st["round"] = 2
    saved = dict(t2.S.scoring[t2.n("berbers")])
    try:
        card(t2, "berbers", areas={"numidia": 1, "africa": 1}, cities={"africa": 4})
        t2.put("numidia", "berbers", "infantry")
        t2.put("africa", "berbers", "infantry")
        t2.city("africa")
        assert victory.round_vp(t2.S, t2.st, t2.n("berbers"), 2)[0] == 12  # 6 VP
    finally:
        t2.S.scoring[t2.n("berbers")].clear()
        t2.S.scoring[t2.n("berbers")].update(saved)


def test_11_0_a_leader_alone_controls_an_area(t1: Table) -> None:
    t1.st["round"] = 3
    u = model.add_unit(t1.S, t1.st, t1.a("etruria"), t1.n("etruscans"), "leader", "x")
    assert u in t1.st["units"][t1.a("etruria")]
    _total, parts = victory.round_vp(t1.S, t1.st, t1.n("etruscans"), 3)
    assert parts["areas"] == 4  # Etruria is worth 2 to the Etruscans in round 3


def test_11_0_no_city_vp_for_a_ruin(t1: Table) -> None:
    t1.st["round"] = 3
    t1.put("etruria", "etruscans", "infantry")
    t1.city("etruria", ruin=True)
    assert victory.round_vp(t1.S, t1.st, t1.n("etruscans"), 3)[1]["cities"] == 0
    t1.city("etruria")
    assert victory.round_vp(t1.S, t1.st, t1.n("etruscans"), 3)[1]["cities"] == 4


def test_11_0_areas_of_subjects_do_not_score_for_the_ruler(t1: Table) -> None:
    t1.st["round"] = 3
    t1.put("etruria", "etruscans", "infantry")
    t1.st["ruler"][t1.n("etruscans")] = t1.n("romans")
    parts = victory.round_vp(t1.S, t1.st, t1.n("romans"), 3)[1]
    assert parts["areas"] == 0


def test_11_0_region_counts_empty_and_subject_areas(t1: Table) -> None:
    t1.st["round"] = 5
    romans = t1.n("romans")
    t1.put("syracusae", "romans", "legion")
    t1.put("messana", "greeks", "infantry")
    t1.st["ruler"][t1.n("greeks")] = romans
    parts = victory.round_vp(t1.S, t1.st, romans, 5)[1]
    assert parts["regions"] == 2 * (6 + 6 + 4)  # an empty region counts as held
    t1.put("mediolanum", "celts", "infantry")
    t1.put("samnium", "samnites", "infantry")
    parts = victory.round_vp(t1.S, t1.st, romans, 5)[1]
    assert parts["regions"] == 8  # Sicily: 4 VP (Lilybaeum and Agrigentum empty, Messana subject)
    t1.put("lilybaeum", "carthaginians", "infantry")
    assert victory.round_vp(t1.S, t1.st, romans, 5)[1]["regions"] == 0


def test_11_0_region_minus_others_never_below_zero(t1: Table) -> None:
    t1.st["round"] = 7
    romans = t1.n("romans")
    main = sorted(t1.S.regions["mainland_italy"])
    for a in main[:9]:
        t1.put(t1.S.keys[a], "celts", "infantry")
    parts = victory.round_vp(t1.S, t1.st, romans, 7)[1]
    # Mainland Italy 7 VP minus 9 others: nothing, not -2; the islands and Africa are empty.
    assert parts["regions"] == 2 * (4 + 3)
    for a in main[9:12]:
        t1.put(t1.S.keys[a], "celts", "infantry")
    assert victory.round_vp(t1.S, t1.st, romans, 7)[1]["regions"] == 2 * (4 + 3)


def test_11_0_scoring_happens_at_the_end_of_scoring_rounds(t1: Table) -> None:
    t1.st["round"] = 3
    t1.put("etruria", "etruscans", "infantry")
    victory.score_round(t1.S, t1.st, t1.events)
    assert t1.vp("etruscans") == 2


def test_12_5_2_submitted_nation_scores_half_rounded_up(t1: Table) -> None:
    t1.st["round"] = 3
    t1.put("etruria", "etruscans", "infantry")
    t1.put("pisae", "etruscans", "infantry")
    t1.st["ruler"][t1.n("etruscans")] = t1.n("romans")
    victory.score_round(t1.S, t1.st, t1.events)
    assert t1.vp("etruscans") == 2  # 3 VP halved, rounded up


def test_12_5_2_faq_submitted_any_time_vp_halved_at_the_end_of_the_turn(t1: Table) -> None:
    e = t1.n("etruscans")
    t1.st["ruler"][e] = t1.n("romans")
    t1.begin("etruscans")
    model.award(t1.S, t1.st, e, 1, t1.events, "kill")
    model.award(t1.S, t1.st, e, 1, t1.events, "kill")
    model.award(t1.S, t1.st, e, 1, t1.events, "kill")
    assert t1.vp("etruscans") == 0
    model.flush_vp(t1.S, t1.st, t1.events)
    assert t1.vp("etruscans") == 1  # 1.5 VP halved = 0.75, rounded up to 1


def test_11_0_kill_vp_only_in_own_turn_unless_the_card_says(t1: Table, dice: Dice) -> None:
    t1.put("picenum", "etruscans", "infantry", 2)
    t1.spread("etruscans", "etruria", "pisae", "perusia")
    t1.put("picenum", "romans", "legion", 1)
    dice.load(1, 7, 7)
    t1.begin("romans")
    combat.start_combat(t1.S, t1.st, t1.n("romans"), "normal")
    FLOW.advance(t1.st, t1.events)
    assert t1.units("picenum", "romans") == {}
    assert t1.vp("etruscans") == 0  # killing an attacker scores nothing for the Etruscans


def test_11_0_kill_vp_when_attacking_and_then_retreating(t1: Table, dice: Dice) -> None:
    t1.put("picenum", "romans", "legion", 2)
    t1.put("picenum", "etruscans", "infantry", 2)
    t1.spread("etruscans", "etruria", "pisae", "perusia")
    dice.load(1, 7, 1, 1)
    t1.begin("etruscans")
    combat.start_combat(t1.S, t1.st, t1.n("etruscans"), "normal")
    FLOW.advance(t1.st, t1.events)
    t1.act("unit", "infantry")
    t1.act("area", t1.a("umbria"))
    t1.act("unit", "infantry")
    t1.act("area", t1.a("umbria"))
    assert t1.vp("etruscans") == 0.5


def test_11_0_faq_kills_of_the_same_colour_score(t1: Table) -> None:
    e = t1.n("etruscans")
    t1.begin("etruscans")
    t1.put("pisae", "carthaginians", "infantry")
    # The Etruscan card scores Celtic and Roman units only; the Celts are another player's.
    model.kill_vp(t1.S, t1.st, e, t1.n("celts"), "infantry", None, t1.events)
    assert t1.vp("etruscans") == 0.5


def test_11_0_fleet_sunk_with_its_cargo_scores_every_unit(t1: Table) -> None:
    t1.put("mare_tyrrhenum", "romans", "fleet")
    t1.board_fleet("mare_tyrrhenum", "romans", "legion", 2)
    t1.begin("epirotes")
    fl = t1.st["units"][t1.a("mare_tyrrhenum")][0]
    model.eliminate(t1.S, t1.st, t1.a("mare_tyrrhenum"), fl, t1.n("epirotes"), t1.events)
    assert t1.vp("epirotes") == 3


def test_11_0_the_most_vp_wins_ties_share(t1: Table) -> None:
    t1.st["over"] = True
    t1.st["vp"][t1.n("romans")] = 20
    t1.st["vp"][t1.n("greeks")] = 4
    t1.st["vp"][t1.n("celts")] = 24
    res = victory.result(t1.S, t1.st)
    assert res is not None
    assert res["scores"] == {"red": 12, "yellow": 12, "blue": 0}
    assert res["winners"] == ["red", "yellow"]
