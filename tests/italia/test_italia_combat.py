"""§10 Combat, on the real board, with loaded dice."""

from __future__ import annotations

import random
import re

from italia_table import HALT, Dice, Table, greeks_face_a_retreat_from_apulia

from tavola.core.game import Game
from tavola.core.i18n import Words
from tavola.games.italia import battle, combat, pillage
from tavola.games.italia.flow import FLOW
from tavola.games.italia.loader import load_scenario
from tavola.games.italia.odds import hit_faces, hits
from tavola.games.italia.sequence import after_move_checks


def after_the_move(t: Table, nation: str) -> None:
    """The checks that follow ``nation``'s movement (pillage, rebuilding), and what they start."""
    t.begin(nation)
    after_move_checks(t.S, t.st, t.n(nation))
    FLOW.advance(t.st, t.events)


def romans_land_in_africa(t: Table, from_numidia: bool = False) -> None:
    """A Roman legion aboard a fleet in the Mare Sardoum lands in Africa, against one
    Carthaginian infantry (``from_numidia``: after another legion walked in from Numidia); the
    movement phase stops there."""
    t.put("africa", "carthaginians", "infantry", 1)
    if from_numidia:
        t.put("numidia", "romans", "legion", 1)
    t.put("mare_sardoum", "romans", "fleet", 1)
    t.board_fleet("mare_sardoum", "romans", "legion", 1)
    t.move_phase("romans")
    if from_numidia:
        t.walk("romans", "numidia", ["legion"], ["africa"])
    t.march("mare_sardoum", ["legion"], ["africa"])
    t.st["flow"] = [{"s": HALT}]


def stay(t: Table) -> None:
    """Both sides decline to retreat (attacker first, then defender)."""
    while t.step() == "retreat":
        t.act("done")


# -- §10.2 to-hit ---------------------------------------------------------------------------------


def test_10_2_to_hit_table(t1: Table) -> None:
    assert t1.S.to_hit == {"infantry": 7, "legion": 6, "consular": 5, "elephant": 5, "fleet": 9}
    t2_hits = __import__("italia_table").Table("italia-ii").S.to_hit
    assert t2_hits["knight"] == 5 and t2_hits["foederati"] == 7


def test_10_2_natural_1_always_misses_natural_10_always_hits() -> None:
    assert not hits(5, 8, 1)
    assert hits(7, -6, 10)
    assert hit_faces(7, 0) == 4
    assert hit_faces(7, -9) == 1  # only the 10
    assert hit_faces(5, 9) == 9  # never the 1


def test_10_2_modifiers_are_cumulative_marsh_and_city_give_minus_three(t1: Table) -> None:
    t1.put("ravenna", "etruscans", "infantry")
    t1.city("ravenna", owner="etruscans")
    t1.put("ravenna", "celts", "infantry")
    assert battle.modifier(t1.S, t1.st, t1.a("ravenna"), t1.n("celts"), t1.n("etruscans"), True) == -3
    assert battle.modifier(t1.S, t1.st, t1.a("ravenna"), t1.n("etruscans"), t1.n("celts"), False) == 0


def test_10_2_two_leaders_give_plus_four(t1: Table) -> None:
    t1.put("roma", "romans", "legion")
    t1.leader("roma", "romans", "fabius")
    t1.leader("roma", "romans", "decius_mus")
    t1.put("roma", "samnites", "infantry")
    assert battle.modifier(t1.S, t1.st, t1.a("roma"), t1.n("romans"), t1.n("samnites"), False) == 4


def test_10_3_highland_attackers_minus_one(t1: Table) -> None:
    t1.put("samnium", "samnites", "infantry")
    t1.put("samnium", "romans", "legion")
    assert battle.modifier(t1.S, t1.st, t1.a("samnium"), t1.n("romans"), t1.n("samnites"), True) == -1


# -- combat examples of the rulebook ---------------------------------------------------------------


def test_10_9_combat_example_1_celts_attack_illyrians_in_verona(t1: Table, dice: Dice) -> None:
    t1.put("verona", "celts", "infantry", 2)
    t1.put("verona", "illyrians", "infantry", 2)
    # Round 1: Celts 3, 4 miss; Illyrians 2, 9: one hit. Round 2: Celts 7 hits; Illyrians 10, 10.
    dice.load(3, 4, 2, 9, 7, 10, 10)
    t1.fight("celts")
    assert t1.units("verona", "celts")["infantry"] == 1
    assert t1.active() == [t1.role("celts")]  # the attacker declares first
    t1.act("done")
    assert t1.active() == [t1.role("illyrians")]
    t1.act("done")
    # The second Illyrian 10 is lost: nothing left to hit.
    assert t1.units("verona") == {"infantry": 1}
    assert t1.units("verona", "illyrians")["infantry"] == 1
    assert not dice.queue


def test_10_9_combat_example_2_legion_hits_on_6(t1: Table, dice: Dice) -> None:
    t1.put("picenum", "etruscans", "infantry", 2)
    t1.spread("etruscans", "etruria", "pisae", "perusia")
    t1.put("picenum", "romans", "legion", 1)
    dice.load(6, 5, 5)  # the Roman legion hits on 6; the Etruscans miss with 5, 5
    t1.fight("romans")
    assert t1.units("picenum", "etruscans")["infantry"] == 1
    t1.act("done")  # the Romans stay
    t1.act("unit", "infantry")  # the surviving Etruscan retreats and the combat ends
    t1.go("umbria")
    assert t1.units("picenum") == {"legion": 1}
    assert t1.step() == HALT


def test_10_0_combat_rounds_go_on_until_one_nation_is_left(t1: Table, dice: Dice) -> None:
    t1.put("picenum", "etruscans", "infantry", 1)
    t1.spread("etruscans", "etruria", "pisae", "perusia")
    t1.put("picenum", "romans", "legion", 1)
    dice.load(1, 1, 1, 1, 6, 1)
    t1.fight("romans")
    stay(t1)
    stay(t1)
    assert t1.step() == HALT and t1.units("picenum") == {"legion": 1}


def test_10_4_corfinium_example_targets_by_type_and_lost_hits(t1: Table, dice: Dice) -> None:
    t1.put("corfinium", "romans", "legion", 2)
    t1.put("corfinium", "romans", "consular", 1)
    t1.put("corfinium", "epirotes", "infantry", 3)
    t1.put("corfinium", "epirotes", "elephant", 1)
    t1.st["panic"] = 3  # the elephants' panic rule (§13.3) is not part of this example
    t1.fight("epirotes")
    assert t1.step() == "battle"
    assert set(t1.legal()) == {("target", "legion"), ("target", "consular")}
    assert t1.active() == [t1.role("epirotes")]  # the attacker declares first
    # Three infantry, then the elephant: three dice at the legions, one at the consul.
    t1.act("target", "legion")
    t1.act("target", "legion")
    t1.act("target", "consular")
    t1.act("target", "legion")
    # Then the Romans aim each of their units at infantry or the elephant.
    assert t1.active() == [t1.role("romans")]
    t1.act("target", "elephant")
    t1.act("target", "infantry")
    dice.load(8, 9, 1, 6, 1, 1, 1)  # three hits on the two legions: one hit is lost
    t1.act("target", "infantry")
    assert t1.units("corfinium", "romans") == {"consular": 1}
    assert t1.units("corfinium", "epirotes") == {"infantry": 3, "elephant": 1}


def test_10_4_all_attacks_on_the_consul_the_romans_still_roll_all(t1: Table, dice: Dice) -> None:
    t1.put("corfinium", "romans", "legion", 2)
    t1.put("corfinium", "romans", "consular", 1)
    t1.put("corfinium", "epirotes", "infantry", 3)
    t1.fight("epirotes")
    t1.act("target", "consular")
    t1.act("target", "consular")
    dice.load(7, 7, 7, 6, 6, 5)  # three hits on the consul (one lost); the Romans hit thrice
    t1.act("target", "consular")
    assert t1.units("corfinium", "romans") == {"legion": 2}
    assert t1.units("corfinium", "epirotes") == {}


def test_10_2_consular_legion_takes_two_hits_and_is_repaired(t1: Table, dice: Dice) -> None:
    t1.put("roma", "romans", "consular", 1)
    t1.put("roma", "carthaginians", "infantry", 2)
    dice.load(1, 7, 1)  # the Carthaginians hit once
    t1.fight("carthaginians")
    assert t1.units("roma", "romans") == {"consular": 1}
    assert any(x[1] == "consular" and x[4] == 1 for x in t1.st["units"][t1.a("roma")])
    t1.act("unit", "infantry")  # both Carthaginians withdraw
    t1.go("neapolis")
    t1.act("unit", "infantry")
    t1.go("neapolis")
    assert t1.step() == HALT
    assert all(x[4] == 0 for x in t1.st["units"][t1.a("roma")])  # repaired after the combat


def test_10_2_three_consular_legions_the_fourth_hit_removes_one(t1: Table, dice: Dice) -> None:
    t1.put("roma", "romans", "consular", 3)
    t1.put("roma", "carthaginians", "infantry", 4)
    dice.load(10, 10, 10, 10, 1, 1, 1)
    t1.fight("carthaginians")
    assert t1.units("roma", "romans") == {"consular": 2}
    assert sorted(x[4] for x in t1.st["units"][t1.a("roma")] if x[1] == "consular") == [1, 1]


def test_10_2_lone_leader_is_removed_without_combat(t1: Table) -> None:
    t1.leader("apulia", "greeks", "dionysius")
    t1.put("apulia", "romans", "legion", 1)
    t1.fight("romans")
    assert t1.units("apulia") == {"legion": 1}
    assert "dionysius" in t1.st["leaders_dead"]


def test_10_2_faq_only_two_leaders_left_the_active_leader_withdraws(t1: Table) -> None:
    t1.leader("apulia", "greeks", "dionysius")
    t1.leader("apulia", "romans", "fabius")
    t1.fight("romans")
    assert t1.step() == "retreat"  # the Roman leader (the active nation's) must go
    t1.go("corfinium")
    assert t1.units("apulia") == {"dionysius": 1}


def test_10_2_elephant_9_or_10_makes_a_second_unit_retreat(t1: Table, dice: Dice) -> None:
    t1.put("bruttium", "carthaginians", "elephant", 1)
    t1.put("bruttium", "greeks", "infantry", 3)
    t1.put("rhegium", "greeks", "infantry", 1)
    dice.load(9, 1, 1, 1)
    t1.fight("carthaginians")
    # One Greek is hit; the Greek player picks the survivor that retreats, and where.
    assert t1.step() == "retreat" and t1.active() == [t1.role("greeks")]
    t1.go("rhegium")
    assert t1.units("bruttium", "greeks")["infantry"] == 1
    assert t1.units("rhegium", "greeks")["infantry"] == 2


def test_10_2_elephant_retreat_impossible_means_elimination_and_vp(t1: Table, dice: Dice) -> None:
    t1.put("bruttium", "carthaginians", "elephant", 1)
    t1.put("bruttium", "greeks", "infantry", 3)
    t1.put("rhegium", "romans", "legion", 1)
    t1.put("lucania", "romans", "legion", 1)
    dice.load(10, 1, 1, 1, 5, 1)  # round 2: the elephant (5) takes the last Greek
    t1.fight("carthaginians")
    # No area can take the retreating Greek: it is eliminated, and Carthage scores it.
    # Neither side can retreat (every neighbour is Roman), so a second round follows.
    assert t1.units("bruttium", "greeks") == {}
    assert t1.vp("carthaginians") == 1.5  # 1/2 VP per Greek unit, three times


def test_10_5_samnite_retreat_example(t1: Table, dice: Dice) -> None:
    t1.put("apulia", "samnites", "infantry", 2)
    t1.put("samnium", "samnites", "infantry", 3)
    t1.put("lucania", "samnites", "infantry", 3)
    t1.put("calabria", "greeks", "infantry", 1)
    t1.put("corfinium", "romans", "legion", 2)
    t1.walked_in("romans", "corfinium", ["legion", "legion"], ["apulia"])
    dice.load(1, 1, 1, 1)
    t1.fight("romans")
    t1.act("done")  # the attacker stays
    from tavola.games.italia.retreat import retreat_dests

    f = t1.st["flow"][-1]
    unit = next(u for u in t1.st["units"][t1.a("apulia")] if u[0] == t1.n("samnites"))
    # Corfinium is empty but the attackers came from there; Samnium (highland) is full with 3;
    # Lucania holds 3 and may take one more (§8.6); Calabria is Greek.
    assert retreat_dests(t1.S, t1.st, f, unit) == [t1.a("lucania")]
    t1.act("unit", "infantry")  # the only place: the unit goes to Lucania
    assert t1.units("lucania", "samnites")["infantry"] == 4
    assert ("unit", "infantry") not in t1.legal()  # the second Samnite has nowhere to go


def test_10_5_venetia_attacker_retreats_to_picenum(t1: Table, dice: Dice) -> None:
    t1.put("venetia", "illyrians", "infantry", 1)
    t1.put("ravenna", "etruscans", "infantry", 2)
    t1.walked_in("illyrians", "venetia", ["infantry"], ["ravenna"])
    dice.load(1, 1, 1)
    t1.fight("illyrians")
    assert t1.can("area", t1.a("picenum")) or t1.can("unit", "infantry")
    t1.act("unit", "infantry")
    assert t1.can("area", t1.a("picenum"))
    assert t1.can("area", t1.a("venetia"))  # FAQ: the attacker may go back where it came from
    t1.go("picenum")
    assert t1.units("picenum", "illyrians")["infantry"] == 1


def test_10_5_no_retreat_into_entry_areas_or_other_nations(t1: Table, dice: Dice) -> None:
    t1.put("venetia", "celts", "infantry", 1)
    t1.spread("celts", "mediolanum", "pavia", "liguria")
    t1.put("venetia", "romans", "legion", 1)
    t1.put("verona", "etruscans", "infantry", 1)
    dice.load(1, 1)
    t1.fight("romans")
    t1.act("done")
    t1.act("unit", "infantry")
    assert t1.areas() == {t1.a("tridentum"), t1.a("ravenna")}


def test_10_5_faq_retreat_onto_a_fleet_with_room(t1: Table, dice: Dice) -> None:
    # A Roman fleet beside the Greek one: enemy fleets do not prevent it.
    greeks_face_a_retreat_from_apulia(t1, dice, infantry=2, fleets=(("romans", 1),))
    t1.act("unit", "infantry")
    t1.go("mare_hadriaticum")
    t1.act("unit", "infantry")
    t1.go("mare_hadriaticum")
    assert t1.cargo("mare_hadriaticum", "greeks")["infantry"] == 2


def test_10_5_retreat_onto_a_full_fleet_is_impossible(t1: Table, dice: Dice) -> None:
    greeks_face_a_retreat_from_apulia(t1, dice, infantry=1, aboard=2)
    assert not t1.can("unit", "infantry") or not t1.can("area", t1.a("mare_hadriaticum"))


# -- §10.6 cities -----------------------------------------------------------------------------------


def test_10_6_a_city_gives_the_attackers_minus_two(t1: Table) -> None:
    t1.put("neapolis", "samnites", "infantry")
    t1.city("neapolis", owner="samnites")
    t1.put("neapolis", "romans", "legion")
    assert battle.modifier(t1.S, t1.st, t1.a("neapolis"), t1.n("romans"), t1.n("samnites"), True) == -2


def test_10_6_conquered_city_of_another_player_may_be_pillaged_for_gold(t1: Table, dice: Dice) -> None:
    t1.put("neapolis", "carthaginians", "infantry")
    t1.city("neapolis", owner="carthaginians")
    t1.put("neapolis", "romans", "legion", 2)
    t1.fight("romans")
    dice.load(10, 1, 1)
    t1.act("attack")  # not a raid
    assert t1.step() == "pillage"
    assert set(t1.legal()) == {("pillage", "gold"), ("done",)}
    t1.act("pillage", "gold")
    assert t1.st["city"][t1.a("neapolis")] == 2
    assert t1.st["gold"][t1.n("romans")] == 4


def test_10_6_faq_no_pillage_of_a_city_of_the_same_player(t1: Table, dice: Dice) -> None:
    t1.put("neapolis", "greeks", "infantry")
    t1.city("neapolis", owner="greeks")
    t1.put("neapolis", "romans", "legion", 2)  # Greeks and Romans are both red
    dice.load(10, 1, 1)
    t1.fight("romans")
    assert t1.step() == HALT
    assert t1.st["city"][t1.a("neapolis")] == 1


def samnite_pillage_vp() -> float:
    """The VP the Samnite card gives for a city pillaged or raided (§10.6, §10.7)."""
    (event,) = [e for e in load_scenario("italia-i").nation("samnites").vp_events if e.trigger == "pillage"]
    assert event.vp > 0
    return event.vp


def test_10_6_faq_an_empty_city_of_another_player_may_be_pillaged(t1: Table) -> None:
    t1.put("roma", "samnites", "infantry")
    t1.city("neapolis", owner="greeks")
    t1.walked_in("samnites", "roma", ["infantry"], ["neapolis"])
    after_the_move(t1, "samnites")
    assert t1.step() == "pillage"
    t1.act("pillage", "vp")  # the Samnite card scores pillage instead of gold
    assert t1.vp("samnites") == samnite_pillage_vp()


def test_10_6_a_city_taken_earlier_cannot_be_pillaged_later(t1: Table) -> None:
    t1.put("neapolis", "samnites", "infantry")
    t1.city("neapolis", owner="samnites")
    after_the_move(t1, "samnites")
    assert t1.step() == HALT


def test_10_6_1_rebuild_a_ruin_by_removing_a_unit(t1: Table) -> None:
    t1.put("neapolis", "samnites", "infantry", 2)
    t1.city("neapolis", owner="samnites", ruin=True)
    t1.begin("samnites")
    pillage.start_rebuild(t1.S, t1.st, t1.n("samnites"))
    FLOW.advance(t1.st, t1.events)
    t1.act("rebuild", t1.a("neapolis"))
    assert t1.units("neapolis", "samnites")["infantry"] == 1
    assert t1.st["city"][t1.a("neapolis")] == 1


def test_10_6_1_no_rebuilding_a_city_pillaged_this_turn(t1: Table) -> None:
    t1.put("neapolis", "samnites", "infantry", 2)
    t1.city("neapolis", ruin=True)
    t1.st["sacked"].append(t1.a("neapolis"))
    t1.begin("samnites")
    assert pillage.rebuild_sites(t1.S, t1.st, t1.n("samnites")) == []


def test_10_6_1_faq_rebuilding_comes_before_the_stacking_check(t1: Table) -> None:
    t1.put("neapolis", "samnites", "infantry", 4)
    t1.city("neapolis", owner="samnites", ruin=True)
    t1.begin("samnites")
    combat.start_combat(t1.S, t1.st, t1.n("samnites"), "normal")
    t1.st["flow"][-1]["fought"].append(t1.a("neapolis"))
    FLOW.advance(t1.st, t1.events)
    assert t1.step() == "rebuild"  # offered before the check of the combat area
    t1.act("rebuild", t1.a("neapolis"))
    assert t1.step() == HALT  # three left: nothing over the limit
    assert t1.units("neapolis", "samnites")["infantry"] == 3


def test_10_9_combat_example_3_samnite_raid_on_a_greek_city(t1: Table, dice: Dice) -> None:
    t1.put("apulia", "greeks", "infantry", 2)
    t1.city("apulia", owner="greeks")
    t1.put("apulia", "samnites", "infantry", 3)
    t1.fight("samnites")
    assert set(t1.legal()) == {("attack",), ("raid",)}
    dice.load(4, 8, 9, 5, 7)  # Samnites 4, 8, 9; Greeks 5, 7 (no city bonus in a raid)
    t1.act("raid")
    assert t1.units("apulia", "samnites")["infantry"] == 2
    assert t1.units("apulia", "greeks")["infantry"] == 2  # a raid harms no defender
    assert t1.st["city"][t1.a("apulia")] == 2
    # The two surviving Samnites must retreat.
    t1.go("samnium", "samnium")
    t1.act("pillage", "vp")
    assert t1.vp("samnites") == samnite_pillage_vp()  # the card's value: the example gives none
    # The Greek player gives up an infantry to rebuild at once.
    t1.act("rebuild", t1.a("apulia"))
    assert t1.units("apulia", "greeks")["infantry"] == 1
    assert t1.st["city"][t1.a("apulia")] == 1


def test_10_7_failed_raid_attacker_still_withdraws(t1: Table, dice: Dice) -> None:
    t1.put("apulia", "greeks", "infantry", 1)
    t1.city("apulia", owner="greeks")
    t1.put("apulia", "samnites", "infantry", 1)
    t1.fight("samnites")
    dice.load(6, 1)
    t1.act("raid")
    t1.go("samnium")
    assert t1.st["city"][t1.a("apulia")] == 1
    assert t1.units("apulia") == {"infantry": 1} and t1.units("apulia", "greeks")["infantry"] == 1


def test_10_7_attackers_that_cannot_withdraw_are_eliminated(t1: Table, dice: Dice) -> None:
    t1.put("calabria", "greeks", "infantry", 1)
    t1.city("calabria", owner="greeks")
    t1.put("calabria", "samnites", "infantry", 1)
    t1.put("apulia", "romans", "legion")
    t1.put("lucania", "romans", "legion")
    t1.fight("samnites")
    dice.load(7, 1)
    t1.act("raid")
    t1.act("pillage", "gold")
    assert t1.units("calabria", "samnites") == {}


def test_10_7_clarification_only_cities_of_other_players_are_raided(t1: Table) -> None:
    t1.put("apulia", "celts", "infantry", 1)
    t1.city("apulia", owner="celts")
    t1.put("apulia", "samnites", "infantry", 1)
    assert not battle.can_raid(t1.S, t1.st, t1.a("apulia"), t1.n("samnites"), t1.n("celts"))


# -- §10.8.2 naval invasion and straits -----------------------------------------------------------


def test_10_8_2_defenders_plus_two_in_the_first_round_against_landed_units(t1: Table, dice: Dice) -> None:
    t1.put("carales", "romans", "legion", 0)
    romans_land_in_africa(t1)
    dice.load(1, 5)  # the Carthaginian 5 +2 = 7 hits the legion from the sea
    t1.fight("romans")
    assert t1.units("africa") == {"infantry": 1}


def test_10_8_2_the_bonus_is_only_for_the_first_round(t1: Table, dice: Dice) -> None:
    romans_land_in_africa(t1)
    dice.load(1, 1, 1, 5)  # round 2: the Carthaginian 5 misses without the bonus
    t1.fight("romans")
    t1.act("done")
    t1.act("done")
    assert t1.step() == "retreat"  # after round 2
    assert t1.units("africa", "romans")["legion"] == 1


def test_10_8_2_defender_may_aim_at_the_units_from_the_sea(t1: Table, dice: Dice) -> None:
    romans_land_in_africa(t1, from_numidia=True)
    t1.fight("romans")
    assert set(t1.legal()) == {("target", "legion"), ("target", "legion@sea")}


def test_9_4_attack_across_a_strait_gives_the_defender_plus_two(t1: Table, dice: Dice) -> None:
    t1.put("messana", "greeks", "infantry", 1)
    t1.put("rhegium", "romans", "legion", 1)
    t1.walked_in("romans", "rhegium", ["legion"], ["messana"])
    dice.load(1, 5)
    t1.fight("romans")
    assert t1.units("messana") == {"infantry": 1}


# -- §10.9 naval supremacy ----------------------------------------------------------------------


def test_10_9_supremacy_example(t1: Table) -> None:
    S, st = t1.S, t1.st
    africa, rom, car = t1.a("africa"), t1.n("romans"), t1.n("carthaginians")
    t1.put("mare_libycum", "carthaginians", "fleet", 2)
    t1.put("mare_sardoum", "romans", "fleet", 1)
    t1.put("mare_sardoum", "greeks", "fleet", 3)  # a third nation's fleets do not count
    assert battle.supremacy(S, st, africa, car, rom)
    assert not battle.supremacy(S, st, africa, rom, car)
    t1.put("mare_libycum", "romans", "fleet", 1)
    assert not battle.supremacy(S, st, africa, car, rom)
    assert not battle.supremacy(S, st, africa, rom, car)
    t1.put("mare_libycum", "romans", "fleet", 2)
    assert battle.supremacy(S, st, africa, rom, car)
    assert battle.modifier(S, st, africa, rom, car, True) == 1


def test_10_9_fleets_that_retreated_give_no_supremacy(t1: Table) -> None:
    from tavola.games.italia.const import F_RETR

    t1.put("mare_libycum", "carthaginians", "fleet", 1)
    t1.st["units"][t1.a("mare_libycum")][0][3] |= F_RETR
    assert not battle.supremacy(t1.S, t1.st, t1.a("africa"), t1.n("carthaginians"), t1.n("romans"))


def test_10_5_a_city_reached_by_retreating_may_be_pillaged(t1: Table, dice: Dice) -> None:
    t1.put("etruria", "etruscans", "infantry", 2)
    t1.spread("etruscans", "pisae", "florentia", "liguria")
    t1.put("etruria", "samnites", "infantry", 1)
    t1.city("roma", owner="romans")  # an empty Roman city next door
    dice.load(1, 1, 1)
    t1.fight("samnites")
    t1.act("unit", "infantry")
    t1.go("roma")
    assert t1.step() == "pillage"
    t1.act("pillage", "gold")
    assert t1.st["gold"][t1.n("samnites")] == 4


def test_10_0_clarification_units_in_an_entry_area_do_not_see_each_other(t2: Table) -> None:
    t2.put("aures", "berbers", "infantry", 1)  # the Berbers treat Aures as normal...
    t2.put("aures", "vandals", "infantry", 1)  # ...the Vandals do not: no combat
    assert combat.battles(t2.S, t2.st, t2.n("vandals")) == []
    assert combat.battles(t2.S, t2.st, t2.n("berbers")) == []


def test_10_0_faq_two_nations_treating_an_entry_area_as_normal_fight(t1: Table) -> None:
    t1.put("aures", "numidians", "infantry", 1)  # Numidians: Aures is normal for them
    t1.put("illyricum", "illyrians", "infantry", 1)
    assert combat.battles(t1.S, t1.st, t1.n("numidians")) == []
    from tavola.games.italia.model import sees

    assert not sees(t1.S, t1.a("aures"), t1.n("numidians"), t1.n("carthaginians"))
    assert sees(t1.S, t1.a("aures"), t1.n("numidians"), t1.n("numidians"))


def test_10_6_1_clarification_rebuilding_after_movement_where_no_combat_follows(t1: Table) -> None:
    t1.put("neapolis", "samnites", "infantry", 2)
    t1.city("neapolis", owner="samnites", ruin=True)
    after_the_move(t1, "samnites")
    assert t1.step() == "rebuild"


def test_10_7_clarification_a_raided_city_taken_in_the_same_turn_is_not_pillaged(
    t1: Table, dice: Dice
) -> None:
    t1.put("apulia", "greeks", "infantry", 1)
    t1.city("apulia", owner="greeks")
    t1.st["raided"].append(t1.a("apulia"))  # raided earlier in this Samnite turn, then rebuilt
    t1.put("apulia", "samnites", "infantry", 2)
    dice.load(10, 1, 1)
    t1.fight("samnites")  # no raid question: it was raided already; a normal attack
    assert t1.units("apulia") == {"infantry": 2}
    assert t1.step() == HALT  # no pillage


def test_10_4_house_rule_every_unit_is_its_own_target(dice: Dice) -> None:
    t = Table("italia-i", options={"combat_variant": True})
    t.put("verona", "celts", "infantry", 2)
    t.put("verona", "illyrians", "infantry", 2)
    t.fight("celts")
    assert set(t.legal()) == {("target", "infantry.0"), ("target", "infantry.1")}
    t.act("target", "infantry.1")
    # Before a unit draws a second die, every enemy unit must draw one: the second Celt's die
    # goes to the other Illyrian without a choice.
    assert t.st["flow"][-1]["attacker_targets"] == ["infantry.1", "infantry.0"]
    assert t.active() == [t.role("illyrians")]


def test_10_2_every_modifier_of_a_roll_is_given_with_its_reason() -> None:
    """The battle panel showed "modifier -1" with no reason: each roll carries its modifiers one
    by one (highland or marsh, city, leaders, naval supremacy, a card's penalty, the landing
    units' +2 of §10.8.2), they add up to the side's total, and each has its words and rule in
    both languages."""
    words = Words(["tavola.games.italia"])
    seen: set[str] = set()
    for seed in range(1, 7):
        g = Game("italia-i", "standard", seed=seed)
        pick = random.Random(seed)
        for _ in range(400):
            if g.is_over:
                break
            role = next(r for r in g.roles if g.legal_actions(r))
            g.apply(role, pick.choice([a for a in g.legal_actions(role) if a != ("undo",)]))
        for e in g.log:
            if e["msg"] != "it.roll":
                continue
            assert sum(v for _, v in e["mods_a"]) == e["args"]["mod_a"]
            assert sum(v for k, v in e["mods_d"] if k != "invasion") == e["args"]["mod_d"]
            for why, _ in e["mods_a"] + e["mods_d"]:
                seen.add(why)
                for lang in ("en", "it"):
                    assert re.search(r"§\d|FAQ", words.text(f"mod.{why}", lang) or ""), why
    assert {"rough", "supremacy"} <= seen, seen
