"""§14 Rules of Italia II and the Italia II card rules."""

from __future__ import annotations

from italia_table import Dice, Table

from tavola.games.italia import battle, combat, italia_ii, model
from tavola.games.italia.flow import FLOW


def fight(t: Table, attacker: str) -> None:
    t.begin(attacker)
    combat.start_combat(t.S, t.st, t.n(attacker), "normal")
    FLOW.advance(t.st, t.events)


# -- §14.1 Roman Fœderati -----------------------------------------------------------------------


def test_14_1_foederati_defect_on_6_or_more_to_the_independent_foederati(t2: Table, dice: Dice) -> None:
    t2.put("ravenna", "western_romans", "foederati", 3)
    t2.put("ravenna", "foederati", "infantry", 1)
    dice.load(6, 5, 10)
    italia_ii.foederati_defection(
        t2.S, t2.st, t2.a("ravenna"), t2.n("foederati"), t2.n("western_romans"), t2.events
    )
    assert t2.units("ravenna", "western_romans") == {"foederati": 1}
    assert t2.units("ravenna", "foederati") == {"infantry": 3}


def test_14_1_only_ostrogoths_present_defection_on_9_or_more(t2: Table, dice: Dice) -> None:
    t2.put("ravenna", "western_romans", "foederati", 2)
    t2.put("ravenna", "ostrogoths", "infantry", 1)
    dice.load(8, 9)
    italia_ii.foederati_defection(
        t2.S, t2.st, t2.a("ravenna"), t2.n("ostrogoths"), t2.n("western_romans"), t2.events
    )
    assert t2.units("ravenna", "western_romans") == {"foederati": 1}
    assert t2.units("ravenna", "ostrogoths") == {"infantry": 2}


def test_14_1_defection_happens_at_the_start_of_the_first_round(t2: Table, dice: Dice) -> None:
    t2.put("ravenna", "western_romans", "foederati", 1)
    t2.put("ravenna", "western_romans", "legion", 1)
    t2.spread("western_romans", "roma", "pavia", "verona")
    t2.put("ravenna", "foederati", "infantry", 1)
    t2.spread("foederati", "venetia", "mediolanum")
    dice.load(10, 1, 1, 1)  # the defection roll comes before any combat die
    fight(t2, "foederati")
    assert t2.units("ravenna", "western_romans") == {"legion": 1}
    assert t2.units("ravenna", "foederati") == {"infantry": 2}


def test_14_1_foederati_are_their_own_target_type(t2: Table) -> None:
    t2.put("roma", "western_romans", "foederati", 1)
    t2.put("roma", "western_romans", "legion", 1)
    t2.spread("western_romans", "pavia", "verona", "umbria")
    t2.put("roma", "vandals", "infantry", 1)
    fight(t2, "vandals")
    assert t2.legal() == [("target", "foederati"), ("target", "legion")]


# -- §14.2 knights ------------------------------------------------------------------------------


def test_14_2_damaged_knights_cannot_retreat_and_are_repaired(t2: Table, dice: Dice) -> None:
    t2.put("verona", "lombards", "knight", 1)
    t2.put("verona", "lombards", "infantry", 1)
    t2.spread("lombards", "pavia", "mediolanum")
    t2.put("verona", "byzantines", "infantry", 2)
    t2.spread("byzantines", "ravenna", "roma")
    fight(t2, "lombards")
    assert t2.active() == [t2.role("byzantines")]  # the Lombards face one type only
    t2.act("target", "knight")
    dice.load(1, 1, 7, 1)  # the Byzantines put one hit on the knight
    t2.act("target", "infantry")
    knight = next(u for u in t2.st["units"][t2.a("verona")] if u[1] == "knight")
    assert knight[4] == 1
    # The Lombards may retreat the infantry, not the damaged knight.
    assert ("unit", "infantry") in t2.legal() and not any(
        x[0] == "unit" and "knight" in x[1] for x in t2.legal()
    )


def test_14_2_two_knights_third_hit_removes_the_first(t2: Table, dice: Dice) -> None:
    t2.put("verona", "lombards", "knight", 2)
    t2.spread("lombards", "pavia", "mediolanum")
    t2.put("verona", "byzantines", "infantry", 3)
    t2.spread("byzantines", "ravenna", "roma")
    dice.load(1, 1, 10, 10, 10)
    fight(t2, "lombards")
    assert t2.units("verona", "lombards") == {"knight": 1}


# -- §14.3 Patrimonium -----------------------------------------------------------------------------


def test_14_3_conversion_before_a_round_fights_for_the_patrimonium(t2: Table, dice: Dice) -> None:
    t2.st["round"] = 7
    t2.put("roma", "patrimonium", "infantry", 1)
    t2.spread("patrimonium", "umbria", "perusia")
    t2.put("roma", "lombards", "infantry", 2)
    t2.put("roma", "lombards", "knight", 1)
    t2.spread("lombards", "pavia", "mediolanum")
    fight(t2, "lombards")
    assert t2.step() == "battle" and t2.active() == [t2.role("patrimonium")]
    assert set(t2.legal()) == {("convert", "infantry"), ("done",)}  # knights cannot be converted
    t2.act("convert", "infantry")
    assert t2.units("roma", "patrimonium")["infantry"] == 2
    assert t2.st["conv"] == 1


def test_14_3_converted_survivor_becomes_a_patrimonium_unit(t2: Table) -> None:
    from tavola.games.italia.const import F_CONV

    t2.put("roma", "patrimonium", "infantry", 1)
    u = t2.put("roma", "patrimonium", "infantry", 1)[0]
    u[3] |= F_CONV
    italia_ii.end_conversions(t2.S, t2.st, t2.a("roma"), t2.events)
    assert t2.units("roma", "patrimonium")["infantry"] == 2 and not u[3] & F_CONV


def test_14_3_without_a_free_counter_the_converted_unit_is_removed(t2: Table) -> None:
    from tavola.games.italia.const import F_CONV

    have = t2.S.counters[t2.n("patrimonium")]["infantry"]
    t2.put("perusia", "patrimonium", "infantry", have)
    u = t2.put("roma", "patrimonium", "infantry", 1)[0]
    u[3] |= F_CONV
    italia_ii.end_conversions(t2.S, t2.st, t2.a("roma"), t2.events)
    assert t2.units("roma") == {}


def test_14_3_twice_per_game_only(t2: Table) -> None:
    t2.put("roma", "patrimonium", "infantry", 1)
    t2.put("roma", "lombards", "infantry", 1)
    t2.st["conv"] = 2
    assert not italia_ii.conversion_possible(t2.S, t2.st, t2.a("roma"), t2.n("lombards"), t2.n("patrimonium"))


def test_14_3_not_a_unit_of_the_same_player(t2: Table) -> None:
    t2.put("roma", "patrimonium", "infantry", 1)
    t2.put("roma", "franks", "infantry", 1)  # both red
    assert not italia_ii.conversion_possible(t2.S, t2.st, t2.a("roma"), t2.n("franks"), t2.n("patrimonium"))


# -- card rules ------------------------------------------------------------------------------------


def test_faq_foederati_penalty_unless_ravenna_and_odoacer(t2: Table) -> None:
    fo, wr = t2.n("foederati"), t2.n("western_romans")
    t2.put("verona", "foederati", "infantry")
    assert battle.penalty(t2.S, t2.st, fo) == -1
    t2.put("ravenna", "foederati", "infantry")
    assert battle.penalty(t2.S, t2.st, fo) == -1  # Odoacer is not on the board
    t2.leader("ravenna", "foederati", "odoacer")
    assert battle.penalty(t2.S, t2.st, fo) == 0
    assert battle.penalty(t2.S, t2.st, wr) == 0


def test_faq_visigoths_score_units_leaving_through_alpes(t2: Table) -> None:
    t2.put("alpes", "visigoths", "infantry", 2)
    t2.move_phase("visigoths")
    assert t2.can("exit", t2.a("alpes"))
    t2.act("exit", t2.a("alpes"))
    assert t2.units("alpes", "visigoths")["infantry"] == 1
    assert t2.vp("visigoths") == 0.5


def test_9_2_clarification_visigoths_may_enter_alpes(t2: Table) -> None:
    t2.put("liguria", "visigoths", "infantry")
    t2.move_phase("visigoths")
    t2.act("area", t2.a("liguria"))
    t2.act("unit", "infantry")
    assert t2.can("area", t2.a("alpes"))


def test_berbers_treat_aures_as_normal_and_retreat_there_against_the_origin(t2: Table, dice: Dice) -> None:
    t2.put("numidia", "berbers", "infantry", 2)
    t2.spread("berbers", "mauretania", "tripolitania")
    t2.put("aures", "vandals", "infantry", 0)
    t2.put("byzacena", "vandals", "infantry", 2)
    t2.st["came"][t2.a("numidia")] = [t2.a("aures")]
    t2.put("numidia", "vandals", "infantry", 1)
    dice.load(1, 1, 1)
    fight(t2, "vandals")
    t2.act("done")
    t2.act("unit", "infantry")
    assert t2.can("area", t2.a("aures"))


def test_faq_franks_imperial_title_when_charlemagne_wins_in_roma(t2: Table, dice: Dice) -> None:
    t2.st["round"] = 10
    t2.leader("roma", "franks", "charlemagne")
    t2.put("roma", "franks", "infantry", 2)
    t2.put("roma", "lombards", "infantry", 1)
    t2.spread("lombards", "pavia", "mediolanum", "verona", "venetia", "liguria", "tridentum")
    dice.load(1, 1, 1)
    fight(t2, "franks")
    t2.act("done")
    t2.act("unit", "infantry")
    t2.act("area", t2.a("umbria"))  # the Lombards retreat in the normal retreat step
    assert t2.vp("franks") == 6


def _charlemagne_moves(t2: Table, path: list[str]) -> None:
    t2.st["round"] = 10
    t2.leader("etruria", "franks", "charlemagne")
    t2.put("etruria", "franks", "infantry", 2)
    t2.move_phase("franks")
    t2.walk("franks", "etruria", ["infantry", "infantry"], path, leaders=("charlemagne",))
    if t2.step() == "move":
        t2.act("done")
    combat.start_combat(t2.S, t2.st, t2.n("franks"), "normal")
    FLOW.advance(t2.st, t2.events)


def test_faq_franks_imperial_title_when_charlemagne_stops_in_an_empty_roma(t2: Table) -> None:
    # FAQ 'Franchi': the retreat of Roma's holders is a step of the title procedure, done in the
    # combat phase; with nobody there to retreat, stopping in Roma is all it takes.
    assert t2.S.vp_events[t2.n("franks")]["imperial_title"][0].unopposed  # the card's param
    _charlemagne_moves(t2, ["roma"])
    assert t2.units("roma") == {"charlemagne": 1, "infantry": 2}
    assert t2.vp("franks") == 6
    combat.start_combat(t2.S, t2.st, t2.n("franks"), "normal")
    FLOW.advance(t2.st, t2.events)
    assert t2.vp("franks") == 6  # one title only


def test_faq_franks_no_imperial_title_for_passing_through_roma(t2: Table) -> None:
    _charlemagne_moves(t2, ["roma", "neapolis"])
    assert t2.units("neapolis") == {"charlemagne": 1, "infantry": 2}
    assert t2.vp("franks") == 0


def test_card_rule_visigoths_reduce_to_six_infantry(t2: Table) -> None:
    t2.put("verona", "visigoths", "infantry", 5)
    t2.put("pavia", "visigoths", "infantry", 3)
    t2.st["round"] = 1
    italia_ii.reduce_after_turn(t2.S, t2.st, t2.n("visigoths"), t2.events)
    FLOW.advance(t2.st, t2.events)
    t2.act("area", t2.a("verona"))
    t2.act("area", t2.a("verona"))
    assert model.on_board(t2.st, t2.n("visigoths"), "infantry") == 6
