"""Sections, FAQ answers, clarifications and house rules not covered by the chapter files."""

from __future__ import annotations

from italia_table import (
    HALT,
    Dice,
    Table,
    allied_city_in_samnium,
    fabius_army,
    fabius_campaign,
    greeks_face_a_retreat_from_apulia,
)

from tavola.games.italia import (
    RULES_I,
    battle,
    italia_ii,
    model,
    naval,
    placement,
    victory,
)
from tavola.games.italia.flow import FLOW
from tavola.games.italia.sequence import new_state


def etruscans_react_from_perusia(t: Table) -> None:
    """Fabius leads a legion from Roma into Umbria; the Etruscans (with land enough to stay clear
    of submission) move and see with their infantry in Perusia (the group stays open)."""
    fabius_army(t, legions=1, gold=1)
    t.put("perusia", "etruscans", "infantry", 1)
    t.spread("etruscans", "corsica", "olbia", "carales")
    fabius_campaign(t, "umbria")
    t.act("see")
    t.march("perusia", ["infantry"])


def test_2_5_a_round_without_a_scoring_line_scores_nothing(t1: Table) -> None:
    t1.st["round"] = 4  # the Etruscan card has no line for round 4 (a blacked-out cell)
    t1.put("etruria", "etruscans", "infantry")
    victory.score_round(t1.S, t1.st, t1.events)
    assert t1.vp("etruscans") == 0


def test_2_6_ten_sided_dice_the_zero_reads_ten(t1: Table) -> None:
    seen = {model.roll(t1.st) for _ in range(400)}
    assert seen == set(range(1, 11))


def test_4_0_setup_from_the_summary_card(t1: Table) -> None:
    st = new_state(t1.S, {}, 3)
    legions = sum(1 for u in st["units"][t1.a("roma")] if u[1] == "legion")
    assert legions == 4 and st["city"][t1.a("roma")] == 1
    assert st["gold"] == [n.gold for n in t1.S.nations]


def test_5_0_celts_act_first_and_only_with_the_celts() -> None:
    st = RULES_I.setup("standard", 3, {}, 7)
    role = RULES_I.active_roles(st)[0]
    RULES_I.apply(st, role, RULES_I.legal_actions(st, role)[0])  # Brennus arrives
    assert RULES_I.S.nkey[st["active_nation"]] == "celts"
    # Their player moves Celts only, never his Samnites.
    while st["flow"][-1]["s"] != "move":
        r = RULES_I.active_roles(st)[0]
        RULES_I.apply(
            st, r, ("done",) if ("done",) in RULES_I.legal_actions(st, r) else RULES_I.legal_actions(st, r)[0]
        )
    samnium = RULES_I.S.area("samnium")
    assert ("area", samnium) not in RULES_I.legal_actions(st, "yellow")


def test_7_0_bought_units_are_placed_before_reinforcements(t2: Table) -> None:
    t2.st["round"] = 2
    t2.put("carales", "sards", "infantry")
    t2.put("olbia", "sards", "infantry")
    n = t2.n("sards")
    t2.st["bought"] = ["infantry"]
    t2.push("turn", nation=n, phase="place")
    # The bought infantry is asked for first, before any reinforcement of the round.
    assert t2.step() == "place"


def test_8_5_cities_do_not_count_for_stacking(t1: Table) -> None:
    from tavola.games.italia import stacking

    t1.put("samnium", "samnites", "infantry", 2)
    t1.city("samnium")
    assert stacking.excess(t1.S, t1.st, t1.a("samnium"), t1.n("samnites")) == 0


def test_10_1_combat_sequence_attacker_declares_first_then_rolls_then_retreats(t1: Table, dice: Dice) -> None:
    t1.put("corfinium", "romans", "legion", 1)
    t1.put("corfinium", "romans", "consular", 1)
    t1.put("corfinium", "greeks", "infantry", 1)
    t1.put("corfinium", "greeks", "fleet", 0)
    t1.fight("greeks")
    assert t1.active() == [t1.role("greeks")] and t1.st["flow"][-1]["phase"] == "attacker_aims"
    dice.load(1, 1, 1)
    t1.act("target", "legion")
    assert t1.step() == "retreat" and t1.active() == [t1.role("greeks")]  # attacker first
    t1.act("done")
    assert t1.active() == [t1.role("romans")]  # then the defender


def test_10_5_clarification_retreat_onto_a_fleet_beside_enemy_fleets(t1: Table, dice: Dice) -> None:
    greeks_face_a_retreat_from_apulia(t1, dice, infantry=1, fleets=(("illyrians", 2),))
    t1.act("unit", "infantry")
    assert t1.can("area", t1.a("mare_hadriaticum"))


def test_10_8_faq_a_retreating_fleet_joins_only_a_declared_battle(t1: Table, dice: Dice) -> None:
    t1.put("mare_tyrrhenum", "romans", "fleet", 1)
    t1.put("mare_tyrrhenum", "carthaginians", "fleet", 1)
    t1.put("mare_sardoum", "romans", "fleet", 1)
    t1.st["naval"] = [[t1.a("mare_tyrrhenum"), t1.n("romans")]]
    dice.load(1, 1)
    t1.fight("carthaginians")
    t1.act(
        "fleet",
        next(
            j for j, u in enumerate(t1.st["units"][t1.a("mare_tyrrhenum")]) if u[0] == t1.n("carthaginians")
        ),
    )
    t1.go("mare_sardoum")  # the Carthaginian retreats next to another Roman fleet
    assert t1.step() == HALT  # no new battle starts there


def test_10_8_clarification_naval_battles_are_declared_before_the_combat_phase(t1: Table) -> None:
    from tavola.games.italia.sequence import run_turn

    t1.put("mare_tyrrhenum", "romans", "fleet", 1)
    t1.put("mare_tyrrhenum", "carthaginians", "fleet", 1)
    t1.put("roma", "romans", "legion", 1)
    t1.begin("romans")
    f = {"s": "turn", "nation": t1.n("romans"), "phase": "aftermove"}
    t1.st["flow"].append(f)
    run_turn(t1.S, t1.st, f, t1.events)
    FLOW.advance(t1.st, t1.events)
    assert t1.step() == "ndecl" and f["phase"] == "combat"


def test_11_0_clarification_no_vp_for_units_others_eliminate(t1: Table) -> None:
    t1.begin("samnites")
    t1.put("roma", "romans", "legion")
    u = t1.st["units"][t1.a("roma")][0]
    model.eliminate(t1.S, t1.st, t1.a("roma"), u, t1.n("samnites"), t1.events)
    assert t1.vp("epirotes") == 0 and t1.vp("samnites") == 0.5


def test_12_3_2_3_reaction_moves_one_area_only(t1: Table) -> None:
    etruscans_react_from_perusia(t1)
    dests = t1.areas()
    assert dests == set(t1.S.land_adj[t1.a("perusia")]) - {t1.a("umbria")}
    assert t1.a("pisae") not in dests  # two areas away


def test_12_3_2_3_clarification_no_pillage_in_a_reaction(t1: Table) -> None:
    t1.city("florentia", owner="celts")
    etruscans_react_from_perusia(t1)
    t1.go("florentia")  # an empty city of another player
    assert t1.step() != "pillage" and t1.st["city"][t1.a("florentia")] == 1


def test_12_3_2_4_submission_counted_after_the_reactions(t1: Table) -> None:
    fabius_army(t1, legions=2, gold=1)
    for a in ("etruria", "pisae", "liguria"):
        t1.put(a, "etruscans", "infantry")
    fabius_campaign(t1, "etruria")
    # Three areas: the Etruscans would only *may* submit (at most 4), but by moving Liguria's
    # infantry into Pisae they drop to two areas, and now must submit before any combat.
    t1.act("see")
    t1.march("liguria", ["infantry"], ["pisae"])
    assert t1.st["ruler"][t1.n("etruscans")] == t1.n("romans")


def test_12_3_3_clarification_away_from_the_leader_only_move_and_see(t1: Table) -> None:
    fabius_army(t1, legions=2, gold=1)
    t1.put("neapolis", "samnites", "infantry", 1)
    t1.spread("samnites", "apulia", "lucania", "calabria", "bruttium")
    fabius_campaign(t1)
    t1.march("roma", ["legion", "legion"], ["neapolis"], leaders=("fabius",))
    t1.act("drop", "legion")
    t1.act("drop", "legion")  # overrun? no: two legions against one infantry overrun it
    t1.go("samnium")
    t1.act("done")
    # The Samnites in the overrun Neapolis, without the leader, may only move and see.
    assert t1.active() == [t1.role("samnites")]
    assert ("join",) not in t1.legal() and ("see",) in t1.legal()


def test_12_3_4_faq_the_blocking_unit_comes_from_the_leaders_area(t1: Table) -> None:
    fabius_army(t1, legions=2, gold=3)
    t1.put("perusia", "romans", "legion", 1)
    t1.put("picenum", "greeks", "infantry", 1)
    fabius_campaign(t1, "umbria")
    assert not t1.can("block", t1.a("perusia"))  # only enemy units are blocked
    t1.act("block", t1.a("picenum"))
    assert t1.units("umbria", "romans")["legion"] == 1  # paid from the leader's area
    assert t1.units("perusia", "romans")["legion"] == 1


def test_12_5_the_ruler_takes_the_submission_marker(t1: Table) -> None:
    from tavola.games.italia import submission

    for a in ("verona", "mediolanum", "pavia"):
        t1.put(a, "celts", "infantry")
    submission.submit(t1.S, t1.st, t1.n("celts"), t1.n("romans"), t1.events)
    v = RULES_I.view(t1.st, None)
    assert next(x for x in v["nations"] if x["key"] == "celts")["ruler"] == "romans"


def test_12_5_2_house_rule_allied_highland_city_is_a_road() -> None:
    t = Table("italia-i", options={"allied_cities": True})
    allied_city_in_samnium(t, "corfinium")
    t.go("samnium")
    assert t.can("area", t.a("lucania"))


def test_14_3_faq_knights_and_leaders_cannot_be_converted(t2: Table) -> None:
    t2.put("roma", "patrimonium", "infantry", 1)
    t2.put("roma", "lombards", "knight", 1)
    t2.leader("roma", "lombards", "alboin")
    assert not italia_ii.conversion_possible(t2.S, t2.st, t2.a("roma"), t2.n("lombards"), t2.n("patrimonium"))


def test_house_rule_romans_last_carthaginian_only_rounds_6_to_8() -> None:
    t = Table("italia-i", round_=5, options={"last_unit_window": True})
    t.put("africa", "carthaginians", "infantry", 1)
    t.begin("romans")
    model.eliminate(t.S, t.st, t.a("africa"), t.st["units"][t.a("africa")][0], t.n("romans"), t.events)
    assert t.vp("romans") == 0
    t.st["round"] = 7
    t.put("africa", "carthaginians", "infantry", 1)
    model.eliminate(t.S, t.st, t.a("africa"), t.st["units"][t.a("africa")][0], t.n("romans"), t.events)
    assert t.vp("romans") == 5


def test_faq_romans_marius_and_four_legions_at_the_start_of_round_8(t1: Table) -> None:
    rf = [r for r in t1.S.reinf[t1.n("romans")][8] if "marius" in r.leaders]
    assert rf and rf[0].timing == "start_of_round" and rf[0].units == {"legion": 4}


def test_clarification_civil_war_set_piece_points_only_against_the_factions(dice: Dice) -> None:
    t = Table("italia-i", round_=10)
    t.put("etruria", "optimates", "legion", 3)
    t.put("etruria", "samnites", "infantry", 3)
    dice.load(10, 10, 10, 1, 1, 1)
    t.fight("optimates")
    assert t.vp("optimates") == 0  # the Samnites are no civil-war faction
    t2 = Table("italia-i", round_=10)
    t2.put("etruria", "optimates", "legion", 3)
    t2.put("etruria", "populares", "legion", 3)
    dice.load(10, 10, 10, 1, 1, 1)
    t2.fight("optimates")
    assert t2.vp("optimates") == 3


def test_clarification_foederati_penalty_switches_at_once(t2: Table, dice: Dice) -> None:
    t2.leader("verona", "foederati", "odoacer")
    t2.put("ravenna", "foederati", "infantry", 2)
    t2.put("ravenna", "western_romans", "legion", 1)
    t2.put("verona", "foederati", "infantry", 1)
    t2.put("verona", "western_romans", "legion", 1)
    t2.spread("western_romans", "roma", "pavia", "umbria")
    fo = t2.n("foederati")
    assert battle.penalty(t2.S, t2.st, fo) == -1  # Ravenna is contested, not held
    t2.fight("foederati")
    dice.load(10, 1, 1, 1, 1)  # Ravenna first: the legion dies; then Verona follows at once
    t2.go("ravenna")
    verona = [e for e in t2.events if e["msg"] == "it.roll" and e["args"]["area"] == t2.a("verona")]
    assert verona[0]["args"]["mod_a"] == 2  # Odoacer's +2, and no -1 any more


def test_placement_module_api(t1: Table) -> None:
    assert placement.land_sites(t1.S, t1.st, t1.n("celts"), []) == []
    assert naval.contested_seas(t1.S, t1.st, t1.n("celts")) == []
