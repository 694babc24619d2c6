"""§13 Rules of Italia I: Roma, Hannibal, elephants, round 10."""

from __future__ import annotations

from italia_table import HALT, Dice, Table

from tavola.games.italia import RULES_I, combat, italia_i, model
from tavola.games.italia.flow import FLOW


def fight(t: Table, attacker: str) -> None:
    t.begin(attacker)
    combat.start_combat(t.S, t.st, t.n(attacker), "normal")
    FLOW.advance(t.st, t.events)


# -- §13.1 Roma ----------------------------------------------------------------------------------


def test_13_1_non_romans_leave_roma_and_the_city_is_rebuilt_free(t1: Table) -> None:
    t1.st["round"] = 3
    t1.put("roma", "samnites", "infantry", 2)
    t1.city("roma", owner="samnites", ruin=True)
    t1.put("umbria", "romans", "legion")
    t1.push("turn", nation=t1.n("romans"), phase="start")
    assert t1.step() == "retreat" and t1.active() == [t1.role("samnites")]
    t1.act("area", t1.a("neapolis"))
    t1.act("area", t1.a("neapolis"))
    assert t1.units("roma") == {}
    assert t1.st["city"][t1.a("roma")] == 1


def test_13_1_units_that_cannot_leave_roma_are_eliminated(t1: Table) -> None:
    t1.st["round"] = 2
    t1.put("roma", "samnites", "infantry", 1)
    for a in ("etruria", "perusia", "umbria", "corfinium", "neapolis", "samnium"):
        t1.put(a, "romans", "legion")
    t1.push("turn", nation=t1.n("romans"), phase="start")
    assert t1.units("roma") == {}


def test_13_1_in_round_10_anyone_may_hold_roma() -> None:
    t = Table("italia-i", round_=10)
    t.put("roma", "samnites", "infantry")
    italia_i.roma_turn_start(t.S, t.st, t.n("romans"), t.events)
    assert t.units("roma") == {"infantry": 1}


def test_8_1_13_1_roma_is_always_the_roman_capital(t1: Table) -> None:
    from tavola.games.italia.stacking import limit

    assert limit(t1.S, t1.st, t1.a("roma"), t1.n("romans")) == 4


# -- §13.2 Hannibal ------------------------------------------------------------------------------


def test_13_2_hannibal_gathers_african_units_in_alpes(t1: Table) -> None:
    from tavola.games.italia import movement

    t1.st["round"] = 6
    t1.leader("alpes", "carthaginians", "hannibal")
    t1.put("alpes", "carthaginians", "infantry", 4)
    t1.put("africa", "carthaginians", "infantry", 3)
    t1.put("numidia", "carthaginians", "elephant", 1)
    lift_to, lift_from = italia_i.lift(t1.S, t1.st, t1.n("carthaginians"))
    assert lift_to == t1.a("alpes")
    t1.begin("carthaginians")
    model.reset_moves(t1.S, t1.st, t1.n("carthaginians"))
    movement.start_move(t1.S, t1.st, t1.n("carthaginians"), "normal", lift=lift_to, lift_from=lift_from)
    FLOW.advance(t1.st, t1.events)
    t1.walk("carthaginians", "africa", ["infantry"] * 3, ["alpes"])
    t1.walk("carthaginians", "numidia", ["elephant"], ["alpes"])
    assert t1.units("alpes", "carthaginians") == {"hannibal": 1, "infantry": 7, "elephant": 1}
    # No stacking limit there for Hannibal's army (§8.4, §13.2).
    from tavola.games.italia.combat import stack_exempt

    assert t1.a("alpes") in stack_exempt(t1.S, t1.st, t1.n("carthaginians"))


def test_13_2_no_lift_in_other_rounds(t1: Table) -> None:
    t1.st["round"] = 5
    assert italia_i.lift(t1.S, t1.st, t1.n("carthaginians")) == (-1, ())


def test_13_2_celts_may_revolt_while_hannibal_is_near(t1: Table) -> None:
    from tavola.games.italia import submission

    t1.st["round"] = 6
    c = t1.n("celts")
    t1.st["ruler"][c] = t1.n("romans")
    t1.put("mediolanum", "celts", "infantry")
    t1.leader("alpes", "carthaginians", "hannibal")
    assert submission.may_revolt(t1.S, t1.st, c, "leader_near")
    for u in list(t1.st["units"][t1.a("alpes")]):
        model.remove(t1.st, t1.a("alpes"), u)
    t1.leader("apulia", "carthaginians", "hannibal")
    assert not submission.may_revolt(t1.S, t1.st, c, "leader_near")


def test_13_2_after_the_revolt_the_celts_may_submit_to_carthage(t1: Table) -> None:
    from tavola.games.italia import submission

    t1.st["round"] = 6
    c = t1.n("celts")
    for a in ("mediolanum", "verona", "pavia"):
        t1.put(a, "celts", "infantry")
    assert submission.may_submit(t1.S, t1.st, c, t1.n("carthaginians"))
    t1.st["round"] = 7
    assert not submission.may_submit(t1.S, t1.st, c, t1.n("carthaginians"))


def test_13_2_set_piece_battle_won_by_hannibal(t1: Table, dice: Dice) -> None:
    t1.st["round"] = 6
    t1.st["panic"] = 3
    t1.leader("etruria", "carthaginians", "hannibal")
    t1.put("etruria", "carthaginians", "infantry", 3)
    t1.put("etruria", "romans", "legion", 3)
    dice.load(10, 10, 10, 1, 1, 1)
    fight(t1, "carthaginians")
    assert t1.vp("carthaginians") == 3


def test_13_2_no_set_piece_battle_with_fewer_than_three_a_side(t1: Table, dice: Dice) -> None:
    t1.st["round"] = 6
    t1.put("etruria", "carthaginians", "infantry", 3)
    t1.put("etruria", "romans", "legion", 2)
    dice.load(10, 10, 1, 1, 1)
    fight(t1, "carthaginians")
    assert t1.vp("carthaginians") == 0


# -- §13.3 elephants -----------------------------------------------------------------------------


def test_13_3_first_time_romans_desert_on_8_to_10(t1: Table, dice: Dice) -> None:
    t1.put("apulia", "romans", "legion", 3)
    t1.put("apulia", "romans", "consular", 1)
    t1.leader("apulia", "romans", "fabius")
    t1.put("apulia", "epirotes", "elephant", 1)
    t1.put("apulia", "epirotes", "infantry", 2)
    dice.load(8, 10, 7)  # three legions roll (not the consul, not the leader): two desert
    dice.load(1, 1, 1, 1, 1, 1)
    fight(t1, "epirotes")
    assert t1.units("apulia", "romans") == {"legion": 1, "consular": 1, "fabius": 1}
    assert t1.vp("epirotes") == 2  # deserters count as eliminated by the Epirotes
    assert t1.st["panic"] == 1


def test_13_3_second_and_third_time_only_on_10_then_never(t1: Table, dice: Dice) -> None:
    t1.st["panic"] = 1
    t1.put("apulia", "romans", "legion", 2)
    t1.put("apulia", "epirotes", "elephant", 1)
    dice.load(9, 10, 1, 1, 1)
    fight(t1, "epirotes")
    assert t1.units("apulia", "romans") == {"legion": 1}
    assert t1.st["panic"] == 2
    t2 = Table("italia-i")
    t2.st["panic"] = 3
    t2.put("apulia", "romans", "legion", 2)
    t2.put("apulia", "epirotes", "elephant", 1)
    italia_i.elephant_panic(t2.S, t2.st, t2.a("apulia"), t2.n("epirotes"), t2.n("romans"), t2.events)
    assert t2.units("apulia", "romans") == {"legion": 2}


# -- §13.4 round 10 ------------------------------------------------------------------------------


def test_13_4_faq_leaders_left_from_round_9_are_removed() -> None:
    t = Table("italia-i", round_=10)
    t.leader("roma", "romans", "marius")
    t.leader("samnium", "samnites", "papius_mutilus")
    italia_i.start_round10(t.S, t.st, t.events)
    assert t.units("roma") == {} and t.units("samnium") == {}


def test_13_4_defection_to_sulla_on_7_or_more(dice: Dice) -> None:
    t = Table("italia-i", round_=10)
    t.leader("calabria", "optimates", "sulla_optimates")
    t.put("calabria", "romans", "legion", 3)

    dice.load(7, 6, 10)
    italia_i.defection(t.S, t.st, t.events)
    assert t.units("calabria", "optimates") == {"sulla_optimates": 1, "legion": 2}
    assert t.units("calabria", "romans") == {"legion": 1}


def test_13_4_with_a_consular_legion_sulla_needs_9_and_consuls_never_defect(dice: Dice) -> None:
    t = Table("italia-i", round_=10)
    t.leader("calabria", "optimates", "sulla_optimates")
    t.put("calabria", "romans", "legion", 2)
    t.put("calabria", "romans", "consular", 1)
    dice.load(8, 9)
    italia_i.defection(t.S, t.st, t.events)
    assert t.units("calabria", "romans") == {"legion": 1, "consular": 1}


def test_13_4_marius_needs_9(dice: Dice) -> None:
    t = Table("italia-i", round_=10)
    t.leader("etruria", "populares", "marius_populares")
    t.put("etruria", "romans", "legion", 2)
    dice.load(8, 9)
    italia_i.defection(t.S, t.st, t.events)
    assert t.units("etruria", "populares")["legion"] == 1


def test_13_4_no_defection_before_round_10(t1: Table) -> None:
    t1.leader("calabria", "optimates", "sulla_optimates")
    t1.put("calabria", "romans", "legion", 3)
    italia_i.defection(t1.S, t1.st, t1.events)  # no dice are rolled
    assert t1.units("calabria", "romans") == {"legion": 3}


def test_13_3_clarification_only_the_factions_and_romans_score_in_round_10() -> None:
    t = Table("italia-i", round_=10)
    t.begin("samnites")
    model.award(t.S, t.st, t.n("samnites"), 4, t.events, "kill")
    model.award(t.S, t.st, t.n("optimates"), 4, t.events, "kill")
    assert t.vp("samnites") == 0 and t.vp("optimates") == 2


def test_13_4_a_city_pillaged_in_round_10_is_gone_for_good(dice: Dice) -> None:
    t = Table("italia-i", round_=10)
    t.put("etruria", "romans", "legion", 1)
    t.city("etruria", owner="romans")
    t.put("etruria", "optimates", "legion", 3)
    fight(t, "optimates")
    dice.load(10, 1, 1, 1)
    t.act("attack")
    t.act("pillage", "gold")
    assert t.st["city"][t.a("etruria")] == 0


def test_13_4_neutral_garrisons_do_not_retreat(dice: Dice) -> None:
    t = Table("italia-i", round_=10)
    t.put("etruria", "samnites", "infantry", 2)
    t.put("etruria", "optimates", "legion", 1)
    dice.load(1, 1, 1, 10, 1, 1)
    fight(t, "optimates")
    t.act("done")  # the Optimates stay; the Samnites are never asked (they cannot retreat)
    assert t.units("etruria", "samnites")["infantry"] == 1
    assert t.step() == "retreat" and t.active() == [t.role("optimates")]


def test_13_4_round_10_is_a_sequence_of_campaigns_to_the_end() -> None:
    from test_italia_sequence import passive

    st = RULES_I.setup("standard", 3, {}, 2)
    passive(RULES_I, st, lambda s: s["round"] == 10)
    info = None
    seen = set()
    for _ in range(5000):
        if RULES_I.result(st) is not None:
            break
        f = st["flow"][-1]
        if f["s"] == "camp":
            seen.add(RULES_I.S.nkey[f["nation"]])
        role = RULES_I.active_roles(st)[0]
        legal = RULES_I.legal_actions(st, role)
        RULES_I.apply(
            st,
            role,
            ("pass",) if ("pass",) in legal else legal[0] if ("campaign",) not in legal else ("campaign",),
        )
        info = st["r10"]
    assert RULES_I.result(st) is not None
    assert {"optimates", "populares", "romans"} <= seen  # the three alternate (§13.4)
    assert info is not None


def test_13_4_faq_a_city_raided_in_round_10_not_rebuilt_at_once_is_gone(dice: Dice) -> None:
    t = Table("italia-i", round_=10)
    t.put("etruria", "romans", "legion", 1)
    t.city("etruria", owner="romans")
    t.put("etruria", "optimates", "legion", 1)
    fight(t, "optimates")
    dice.load(7, 1)
    t.act("raid")
    t.act("area", t.a("pisae"))  # the Optimates withdraw (and take the gold: no other choice)
    t.act("done")  # the Romans do not rebuild at once
    assert t.st["city"][t.a("etruria")] == 0


def test_card_romans_lose_2_vp_when_a_leader_retreats(t1: Table, dice: Dice) -> None:
    t1.st["round"] = 2
    t1.leader("apulia", "romans", "fabius")
    t1.put("apulia", "romans", "legion", 1)
    t1.put("apulia", "greeks", "infantry", 2)
    dice.load(1, 1, 1)
    fight(t1, "romans")
    t1.act("leader", "fabius")
    t1.act("area", t1.a("corfinium"))
    assert t1.vp("romans") == -2


def test_clarification_romans_no_penalty_after_a_submission(t1: Table) -> None:
    from tavola.games.italia import submission

    t1.leader("verona", "romans", "fabius")
    for a in ("verona", "mediolanum", "pavia"):
        t1.put(a, "celts", "infantry")
    t1.begin("romans")
    submission.submit(t1.S, t1.st, t1.n("celts"), t1.n("romans"), t1.events)
    FLOW.advance(t1.st, t1.events)
    t1.act("area", t1.a("ravenna"))
    assert t1.vp("romans") == 2  # +2 for the submission, no -2 for the retreat


def test_card_5_vp_for_the_last_carthaginian_land_unit_any_time(t1: Table) -> None:
    t1.st["round"] = 7
    t1.put("africa", "carthaginians", "infantry", 1)
    t1.begin("romans")
    u = t1.st["units"][t1.a("africa")][0]
    model.eliminate(t1.S, t1.st, t1.a("africa"), u, t1.n("romans"), t1.events)
    assert t1.vp("romans") == 5


def test_faq_pyrrhus_may_leave_an_occupied_arrival_area(t1: Table) -> None:
    from tavola.games.italia import movement
    from tavola.games.italia.sequence import _arrival_exit

    t1.st["round"] = 4
    t1.leader("calabria", "epirotes", "pyrrhus")
    t1.put("calabria", "epirotes", "infantry", 2)
    t1.put("calabria", "greeks", "infantry", 2)
    free = _arrival_exit(t1.S, t1.st, t1.n("epirotes"))
    assert free == t1.a("calabria")
    t1.begin("epirotes")
    model.reset_moves(t1.S, t1.st, t1.n("epirotes"))
    movement.start_move(t1.S, t1.st, t1.n("epirotes"), "normal")
    t1.st["flow"][-1]["free"] = free
    FLOW.advance(t1.st, t1.events)
    t1.act("area", t1.a("calabria"))
    t1.act("leader", "pyrrhus")
    t1.act("unit", "infantry")
    t1.act("unit", "infantry")
    assert t1.can("area", t1.a("lucania"))


def test_house_rule_pyrrhus_fights_where_he_lands() -> None:
    from tavola.games.italia.sequence import _arrival_exit

    t = Table("italia-i", round_=4, options={"pyrrhus_fights": True})
    t.leader("calabria", "epirotes", "pyrrhus")
    assert _arrival_exit(t.S, t.st, t.n("epirotes")) == -1


def test_13_4_romans_campaign_in_round_10() -> None:
    """§13.4: the Romans are the third campaigning nation of round 10: their leader arrives
    after the round-9 leaders are removed, and each campaign move costs one gold."""
    t = Table("italia-i", round_=10)
    t.put("umbria", "romans", "legion", 2)
    t.put("roma", "romans", "legion", 2)
    t.leader("samnium", "romans", "marius")  # left from round 9: removed (§13.4 FAQ)
    t.st["gold"][t.n("romans")] = 1
    t.st["flow"] = [{"s": HALT}, {"s": "round", "phase": "start", "i": 0}]
    FLOW.advance(t.st, t.events)
    # Pompeius Strabo (card reconstruction) comes with two legions to a controlled area.
    assert t.step() == "reinf" and t.active() == [t.role("romans")]
    t.act("area", t.a("umbria"))
    assert t.units("umbria", "romans") == {"legion": 4, "pompeius_strabo": 1}
    assert t.units("samnium") == {}
    # Optimates first, then Populares: both pass.
    for faction in ("optimates", "populares"):
        assert t.step() == "camp" and t.active() == [t.role(faction)]
        t.act("pass")
    assert t.step() == "camp" and t.st["camp_nat"] == t.n("romans")
    assert t.st["gold"][t.n("romans")] == 1 + 3  # the treasury plus the card's campaign gold
    t.act("campaign")
    assert t.st["gold"][t.n("romans")] == 3
    t.act("area", t.a("umbria"))
    t.act("leader", "pompeius_strabo")
    t.act("unit", "legion")
    t.act("unit", "legion")
    t.act("area", t.a("picenum"))
    t.act("done")  # the move ends; no raid, block, reaction or battle follows
    assert t.units("picenum", "romans") == {"legion": 2, "pompeius_strabo": 1}
    moves = [e for e in t.events if e["msg"] == "it.campaign_move"]
    assert [e["args"] for e in moves] == [{"nation": "romans", "gold": 3}]
    assert t.step() == "camp" and t.active() == [t.role("optimates")]  # the alternation goes on
