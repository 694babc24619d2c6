"""§12.5 Submission and §12.6 revolts."""

from __future__ import annotations

from italia_table import HALT, Dice, Table

from tavola.games.italia import combat, submission
from tavola.games.italia.flow import FLOW


def fight(t: Table, attacker: str) -> None:
    t.begin(attacker)
    combat.start_combat(t.S, t.st, t.n(attacker), "normal")
    FLOW.advance(t.st, t.events)


def celts_with(t: Table, *areas: str) -> None:
    for a in areas:
        t.put(a, "celts", "infantry")


def test_12_5_1_celts_with_five_areas_may_submit_after_a_round(t1: Table, dice: Dice) -> None:
    celts_with(t1, "verona", "mediolanum", "pavia", "tridentum", "liguria")
    t1.put("verona", "romans", "legion", 2)
    t1.put("venetia", "romans", "legion", 1)
    dice.load(1, 1, 1)
    fight(t1, "romans")
    t1.act("done")  # the Romans stay
    assert t1.active() == [t1.role("celts")]
    assert ("submit",) in t1.legal()
    t1.act("submit")
    assert t1.st["ruler"][t1.n("celts")] == t1.n("romans")
    assert t1.vp("romans") == 2  # the Roman card: 2 VP per submission


def test_12_5_2_the_ruler_leaves_every_area_with_the_subjects_units(t1: Table, dice: Dice) -> None:
    celts_with(t1, "verona", "mediolanum", "pavia", "tridentum", "liguria")
    t1.put("verona", "romans", "legion", 2)
    t1.put("pavia", "romans", "legion", 1)  # a second attack, not yet fought
    dice.load(1, 1, 1)
    t1.begin("romans")
    combat.start_combat(t1.S, t1.st, t1.n("romans"), "normal")
    FLOW.advance(t1.st, t1.events)
    t1.act("area", t1.a("verona"))
    t1.act("done")
    t1.act("submit")
    # The Romans must leave Verona and Pavia, even though Pavia saw no combat.
    while t1.step() == "retreat":
        opts = [x for x in t1.legal() if x[0] == "area"]
        t1.act(*opts[0])
    assert t1.units("verona", "romans") == {} and t1.units("pavia", "romans") == {}
    assert t1.step() == HALT


def test_12_5_1_celts_with_three_areas_must_submit_before_combat(t1: Table) -> None:
    celts_with(t1, "verona", "mediolanum", "pavia")
    t1.put("verona", "romans", "legion", 1)
    fight(t1, "romans")  # no dice: no combat at all
    assert t1.st["ruler"][t1.n("celts")] == t1.n("romans")
    assert t1.step() == "retreat" and t1.active() == [t1.role("romans")]
    t1.act("area", t1.a("venetia"))
    assert t1.units("verona") == {"infantry": 1}


def test_12_5_1_no_submission_when_a_side_is_wiped_out_in_the_round(t1: Table, dice: Dice) -> None:
    celts_with(t1, "verona", "mediolanum", "pavia", "tridentum", "liguria")
    t1.put("verona", "romans", "legion", 1)
    dice.load(1, 10)  # the legion dies
    fight(t1, "romans")
    assert t1.st["ruler"][t1.n("celts")] == -1


def test_12_5_1_the_defender_may_fight_on_and_submit_later(t1: Table, dice: Dice) -> None:
    celts_with(t1, "verona", "mediolanum", "pavia", "tridentum", "liguria")
    t1.put("verona", "celts", "infantry", 1)
    t1.put("verona", "romans", "legion", 2)
    dice.load(1, 1, 1, 1, 1, 1, 1, 1)
    fight(t1, "romans")
    t1.act("done")
    t1.act("done")  # the Celts fight on
    t1.act("done")
    assert ("submit",) in t1.legal()
    t1.act("submit")
    assert t1.st["ruler"][t1.n("celts")] == t1.n("romans")


def test_12_5_1_six_areas_no_submission(t1: Table, dice: Dice) -> None:
    celts_with(t1, "verona", "mediolanum", "pavia", "tridentum", "liguria", "venetia")
    t1.put("verona", "romans", "legion", 2)
    dice.load(1, 1, 1)
    fight(t1, "romans")
    t1.act("done")
    assert ("submit",) not in t1.legal()


def test_12_5_1_clarification_only_land_areas_count(t1: Table) -> None:
    celts_with(t1, "verona", "mediolanum", "pavia")
    t1.put("mare_hadriaticum", "celts", "fleet", 0)
    assert submission.land_areas(t1.S, t1.st, t1.n("celts")) == 3


def test_12_5_2_subject_and_ruler_do_not_fight_and_pass_through(t1: Table) -> None:
    celts_with(t1, "verona", "mediolanum", "pavia", "tridentum")
    t1.st["ruler"][t1.n("celts")] = t1.n("romans")
    t1.put("venetia", "romans", "legion", 1)
    t1.move_phase("romans")
    t1.act("area", t1.a("venetia"))
    t1.act("unit", "legion")
    t1.act("area", t1.a("verona"))  # through the subject's area...
    assert not t1.can("done")  # ...but not ending there
    t1.act("area", t1.a("ravenna"))
    assert t1.units("ravenna", "romans")["legion"] == 1


def test_12_5_2_a_nation_has_one_ruler_and_may_change_it(t1: Table) -> None:
    c = t1.n("celts")
    t1.st["round"] = 6
    t1.st["ruler"][c] = t1.n("carthaginians")
    celts_with(t1, "verona", "mediolanum", "pavia")
    submission.submit(t1.S, t1.st, c, t1.n("romans"), t1.events)
    assert t1.st["ruler"][c] == t1.n("romans")


def test_12_5_2_income_and_vp_halved(t1: Table) -> None:
    from tavola.games.italia.income import split_tribute
    from tavola.games.italia.model import halve_up

    assert split_tribute(5) == (3, 2)
    assert halve_up(6) == 4  # half points: 3 VP -> 1.5 -> 2 VP
    assert halve_up(4) == 2  # 2 VP -> 1 VP
    assert halve_up(1) == 2  # 1/2 VP -> 1/4 -> 1 VP


def test_12_5_faq_submission_ends_when_the_ruler_is_out_of_the_game(t1: Table) -> None:
    t1.st["round"] = 9
    t1.put("apulia", "samnites", "infantry")
    t1.st["ruler"][t1.n("samnites")] = t1.n("greeks")  # the Greeks are gone after round 4
    submission.end_lapsed(t1.S, t1.st, t1.events)
    assert t1.st["ruler"][t1.n("samnites")] == -1


def test_12_6_revolt_at_the_start_of_the_own_turn(t1: Table) -> None:
    t1.st["round"] = 4
    s = t1.n("samnites")
    t1.put("samnium", "samnites", "infantry")
    t1.st["ruler"][s] = t1.n("romans")
    submission.offer_revolt(t1.S, t1.st, s, "own_turn")
    FLOW.advance(t1.st, t1.events)
    assert set(t1.legal()) == {("revolt",), ("done",)}
    t1.act("revolt")
    assert t1.st["ruler"][s] == -1


def test_12_6_no_revolt_outside_the_cards_rounds(t1: Table) -> None:
    t1.st["round"] = 5
    s = t1.n("samnites")
    t1.st["ruler"][s] = t1.n("romans")
    assert not submission.may_revolt(t1.S, t1.st, s, "own_turn")
