"""§8 Stacking limits, on the real board."""

from __future__ import annotations

from italia_table import HALT, Dice, Table

from tavola.games.italia import combat, stacking
from tavola.games.italia.flow import FLOW
from tavola.games.italia.sequence import after_move_checks


def test_8_0_three_units_in_a_normal_area_two_in_a_highland(t1: Table) -> None:
    n = t1.n("samnites")
    assert stacking.limit(t1.S, t1.st, t1.a("lucania"), n) == 3
    assert stacking.limit(t1.S, t1.st, t1.a("samnium"), n) == 2
    assert stacking.limit(t1.S, t1.st, t1.a("ravenna"), n) == 3  # marsh: as a normal area
    assert stacking.limit(t1.S, t1.st, t1.a("alpes"), n) == 2  # entry areas are highlands


def test_8_0_lucania_example_six_pass_four_stay_one_removed(t1: Table) -> None:

    t1.put("bruttium", "samnites", "infantry", 3)
    t1.put("calabria", "samnites", "infantry", 3)
    t1.move_phase("samnites")
    t1.walk("samnites", "bruttium", ["infantry"] * 3, ["lucania"])
    t1.walk("samnites", "calabria", ["infantry"] * 2, ["lucania", "neapolis"])
    t1.walk("samnites", "calabria", ["infantry"], ["lucania"])
    assert t1.step() == HALT  # nothing left to move: the phase ended by itself
    assert t1.units("lucania", "samnites")["infantry"] == 4
    after_move_checks(t1.S, t1.st, t1.n("samnites"))
    FLOW.advance(t1.st, t1.events)
    # The player removes one unit (or declares Lucania its capital, §8.1).
    assert set(t1.legal()) == {("unit", "infantry"), ("capital", t1.a("lucania"))}
    t1.act("unit", "infantry")
    assert t1.units("lucania", "samnites")["infantry"] == 3


def test_8_0_leaders_do_not_count(t1: Table) -> None:
    t1.put("lucania", "samnites", "infantry", 3)
    t1.leader("lucania", "samnites", "gavius_pontius")
    t1.begin("samnites")
    after_move_checks(t1.S, t1.st, t1.n("samnites"))

    FLOW.advance(t1.st, t1.events)
    assert t1.units("lucania", "samnites") == {"infantry": 3, "gavius_pontius": 1}


def test_8_0_the_owner_chooses_which_type_is_removed(t1: Table) -> None:
    t1.put("africa", "carthaginians", "infantry", 3)
    t1.put("africa", "carthaginians", "elephant", 1)
    t1.begin("carthaginians")
    after_move_checks(t1.S, t1.st, t1.n("carthaginians"))

    FLOW.advance(t1.st, t1.events)
    assert t1.step() == "excess"
    assert t1.can("unit", "infantry") and t1.can("unit", "elephant")
    t1.act("unit", "elephant")
    assert t1.units("africa", "carthaginians") == {"infantry": 3}


def test_8_1_capital_holds_one_more(t1: Table) -> None:
    t1.put("lucania", "samnites", "infantry", 4)
    n = t1.n("samnites")
    t1.begin("samnites")
    stacking.declare(t1.S, t1.st, n, t1.a("lucania"), t1.events)
    assert stacking.limit(t1.S, t1.st, t1.a("lucania"), n) == 4
    assert stacking.excess(t1.S, t1.st, t1.a("lucania"), n) == 0


def test_8_1_moving_the_capital_removes_the_old_capitals_excess(t1: Table) -> None:
    t1.put("lucania", "samnites", "infantry", 4)
    t1.put("bruttium", "samnites", "infantry", 1)
    n = t1.n("samnites")
    t1.st["capital"][n] = t1.a("lucania")
    t1.push("excess", nation=n, a=t1.a("lucania"))  # nothing to do while Lucania is the capital
    assert t1.step() == HALT
    stacking.declare(t1.S, t1.st, n, t1.a("bruttium"), t1.events)

    FLOW.advance(t1.st, t1.events)
    # One kind of unit to remove and no capital to name instead: removed at once, unasked.
    assert t1.step() == HALT
    assert t1.units("lucania", "samnites")["infantry"] == 3


def test_8_1_the_old_capital_sheds_at_once_without_taking_the_title_back(t1: Table) -> None:
    """§8.1: the old capital's excess "must be removed immediately": naming the full area
    the capital again is no way out (it would trade the title back and forth for ever)."""
    t1.put("lucania", "samnites", "infantry", 3)
    t1.put("lucania", "samnites", "elephant", 1)
    t1.put("bruttium", "samnites", "infantry", 4)
    n = t1.n("samnites")
    t1.st["capital"][n] = t1.a("lucania")
    t1.begin("samnites")
    after_move_checks(t1.S, t1.st, n)
    FLOW.advance(t1.st, t1.events)
    assert t1.step() == "excess" and t1.can("capital", t1.a("bruttium"))
    t1.act("capital", t1.a("bruttium"))  # Bruttium keeps its four; Lucania sheds one
    assert t1.step() == "excess" and t1.st["flow"][-1]["a"] == t1.a("lucania")
    assert set(t1.legal()) == {("unit", "infantry"), ("unit", "elephant")}
    t1.act("unit", "elephant")
    assert t1.units("lucania", "samnites") == {"infantry": 3}
    assert t1.units("bruttium", "samnites")["infantry"] == 4


def test_8_1_a_capital_may_be_declared_and_changed_any_number_of_times_in_a_turn(t1: Table) -> None:
    """§8.1: «La dichiarazione che un'area è la capitale può essere fatta e cambiata in qualsiasi
    momento, anche durante il turno di una nazione avversaria»: the book sets no number, so a
    nation may change its capital again in the same turn, here three times in its purchase and
    once more at the stacking check after its movement; the last declaration stands."""
    t1.put("lucania", "samnites", "infantry", 2)
    t1.put("bruttium", "samnites", "infantry", 2)
    n, lucania, bruttium = t1.n("samnites"), t1.a("lucania"), t1.a("bruttium")
    t1.begin("samnites")
    t1.push("buy", nation=n, cities=[])
    t1.act("capital", lucania)
    assert not t1.can("capital", lucania) and t1.can("capital", bruttium)
    t1.act("capital", bruttium)
    t1.act("capital", lucania)
    assert t1.st["capital"][n] == lucania
    t1.act("done")
    t1.put("bruttium", "samnites", "infantry", 2)  # the movement ends with four in Bruttium
    after_move_checks(t1.S, t1.st, n)
    FLOW.advance(t1.st, t1.events)
    assert t1.step() == "excess"
    t1.act("capital", bruttium)
    assert t1.st["capital"][n] == bruttium and t1.units("bruttium", "samnites")["infantry"] == 4


def test_8_1_faq_only_a_controlled_area_may_be_the_capital(t1: Table) -> None:
    n = t1.n("romans")
    t1.put("calabria", "greeks", "infantry", 2)
    t1.put("calabria", "romans", "legion", 2)
    assert not stacking.can_declare(t1.S, t1.st, n, t1.a("calabria"))
    assert not stacking.can_declare(t1.S, t1.st, n, t1.a("apulia"))


def test_8_1_roman_capital_is_always_roma(t1: Table) -> None:
    n = t1.n("romans")
    t1.put("apulia", "romans", "legion")
    assert stacking.capital(t1.S, t1.st, n) == t1.a("roma")
    assert not stacking.can_declare(t1.S, t1.st, n, t1.a("apulia"))


def test_8_1_example_declaring_a_capital_saves_a_retreating_unit(t1: Table) -> None:
    n = t1.n("greeks")
    t1.put("bruttium", "greeks", "infantry", 3)
    t1.put("lucania", "greeks", "infantry", 2)
    t1.put("lucania", "samnites", "infantry", 3)
    t1.begin("samnites")
    t1.push(
        "retreat",
        nation=n,
        a=t1.a("lucania"),
        forced=False,
        came=[],
        by=t1.n("samnites"),
        mode="battle",
        sel=[],
        need=-1,
    )
    t1.act("unit", "infantry")
    assert not t1.can("area", t1.a("bruttium")) or stacking.retreat_room(t1.S, t1.st, t1.a("bruttium"), n) > 0
    # Bruttium holds 3 (limit 3): one may retreat there (§8.6); declaring it capital makes room for two.
    t1.act("area", t1.a("bruttium"))
    t1.act("capital", t1.a("bruttium"))
    t1.act("unit", "infantry")
    assert t1.can("area", t1.a("bruttium"))


def test_8_2_no_stacking_limit_when_placing(t1: Table) -> None:
    t1.put("roma", "romans", "legion", 4)
    from tavola.games.italia import placement

    placement.place_bought(t1.st, t1.n("romans"), ["legion", "legion"])

    FLOW.advance(t1.st, t1.events)  # one area only: both go there, no choice to make
    assert t1.units("roma", "romans")["legion"] == 6


def test_8_3_calabria_example_four_attackers_five_with_a_leader(t1: Table) -> None:
    S, st = t1.S, t1.st
    n = t1.n("romans")
    a = t1.a("calabria")
    assert stacking.attack_limit(S, st, a, n, leader=False, major=False) == 4
    assert stacking.attack_limit(S, st, a, n, leader=True, major=False) == 5
    assert stacking.attack_limit(S, st, a, n, leader=False, major=True) == 5
    assert stacking.attack_limit(S, st, a, n, leader=True, major=True) == 6


def test_8_3_an_enemy_capital_does_not_raise_the_attack_limit(t1: Table) -> None:
    t1.put("samnium", "samnites", "infantry", 2)
    t1.st["capital"][t1.n("samnites")] = t1.a("samnium")
    assert stacking.attack_limit(t1.S, t1.st, t1.a("samnium"), t1.n("romans"), leader=False, major=False) == 3
    assert stacking.limit(t1.S, t1.st, t1.a("samnium"), t1.n("samnites")) == 3


def test_8_3_attack_limit_enforced_when_moving_in(t1: Table) -> None:
    t1.put("apulia", "romans", "legion", 3)
    t1.put("samnium", "romans", "legion", 2)
    t1.put("calabria", "greeks", "infantry", 3)
    t1.move_phase("romans")
    t1.walk("romans", "apulia", ["legion"] * 3, ["calabria"])
    t1.act("area", t1.a("samnium"))
    t1.act("unit", "legion")
    t1.act("unit", "legion")
    t1.act("area", t1.a("apulia"))
    assert not t1.can("area", t1.a("calabria"))  # 3 + 2 > 4


def test_8_3_after_combat_the_winner_may_have_to_remove_units(t1: Table) -> None:
    from tavola.games.italia import combat

    t1.put("calabria", "romans", "legion", 4)
    t1.begin("romans")
    combat.start_combat(t1.S, t1.st, t1.n("romans"), "normal")
    t1.st["flow"][-1]["fought"].append(t1.a("calabria"))
    FLOW.advance(t1.st, t1.events)
    assert t1.units("calabria", "romans")["legion"] == 3


def test_8_4_no_limit_in_the_campaign_leaders_area(t1: Table) -> None:
    from tavola.games.italia import combat

    t1.st["round"] = 2
    t1.put("roma", "romans", "legion", 6)
    t1.leader("roma", "romans", "fabius")
    t1.begin("romans")
    assert t1.a("roma") in combat.stack_exempt(t1.S, t1.st, t1.n("romans"))


def test_8_6_retreat_allowance_reggio_example(t1: Table) -> None:
    n = t1.n("romans")
    t1.put("rhegium", "romans", "legion", 2)
    t1.put("bruttium", "romans", "legion", 2)
    t1.put("bruttium", "greeks", "infantry", 2)
    t1.begin("greeks")
    t1.push(
        "retreat",
        nation=n,
        a=t1.a("bruttium"),
        forced=False,
        came=[],
        by=t1.n("greeks"),
        mode="battle",
        sel=[],
        need=-1,
    )
    t1.act("unit", "legion")
    t1.act("area", t1.a("rhegium"))
    assert t1.units("rhegium", "romans")["legion"] == 3
    t1.act("unit", "legion") if t1.can("unit", "legion") else None
    assert not t1.can("area", t1.a("rhegium"))
    assert [n, t1.a("rhegium")] in t1.st["over_limit"]


def test_8_6_the_extra_unit_must_leave_in_the_next_movement(t1: Table) -> None:

    n = t1.n("romans")
    t1.put("rhegium", "romans", "legion", 3)
    t1.st["over_limit"].append([n, t1.a("rhegium")])
    t1.begin("romans")
    after_move_checks(t1.S, t1.st, n)
    FLOW.advance(t1.st, t1.events)
    assert t1.units("rhegium", "romans")["legion"] == 3  # still allowed before its movement
    t1.st["over_limit"] = [x for x in t1.st["over_limit"] if x[0] != n]  # what the movement phase does
    after_move_checks(t1.S, t1.st, n)
    FLOW.advance(t1.st, t1.events)
    assert t1.units("rhegium", "romans")["legion"] == 2


def test_8_1_capital_declared_when_attacked(t1: Table, dice: Dice) -> None:
    """§8.1: the capital may be named "even in another nation's turn": an elephant drives a
    defending unit back (§10.2) and the only own area next to it is full (§8.6); the defender
    names it the capital, out of turn, and the unit retreats there instead of being lost."""
    t1.put("lucania", "samnites", "infantry", 3)
    t1.put("bruttium", "samnites", "infantry", 4)  # three plus the retreat allowance: full
    for a in ("neapolis", "samnium", "apulia"):
        t1.put(a, "greeks", "infantry")
    t1.put("calabria", "epirotes", "infantry")
    t1.put("lucania", "epirotes", "elephant")
    dice.load(10, 1, 1, 1)  # the elephant hits with a natural 10; the Samnites miss
    t1.begin("epirotes")
    combat.start_combat(t1.S, t1.st, t1.n("epirotes"), "normal")
    FLOW.advance(t1.st, t1.events)
    assert t1.step() == "retreat" and t1.active() == [t1.role("samnites")]
    assert t1.legal() == [("unit", "infantry"), ("capital", t1.a("bruttium"))]
    t1.act("capital", t1.a("bruttium"))
    assert stacking.capital(t1.S, t1.st, t1.n("samnites")) == t1.a("bruttium")
    # One unit, one way out: the retreat is made at once.
    assert t1.units("bruttium", "samnites")["infantry"] == 5  # capital 4, plus one retreating (§8.6)
    assert t1.units("lucania", "samnites")["infantry"] == 1


def test_8_1_no_capital_offer_where_it_changes_nothing(t1: Table, dice: Dice) -> None:
    # The same elephant, but Bruttium has room: the retreat is asked without a capital offer.
    t1.put("lucania", "samnites", "infantry", 3)
    t1.put("bruttium", "samnites", "infantry", 2)
    t1.put("lucania", "epirotes", "elephant")
    dice.load(10, 1, 1, 1)
    t1.begin("epirotes")
    combat.start_combat(t1.S, t1.st, t1.n("epirotes"), "normal")
    FLOW.advance(t1.st, t1.events)
    assert t1.step() == "retreat" and t1.active() == [t1.role("samnites")]
    assert not [a for a in t1.legal() if a[0] == "capital"]


def test_8_1_capital_declared_to_save_a_unit_driven_out_of_roma(t1: Table) -> None:
    """§8.1, §13.1: at the start of the Roman turn a Samnite unit must leave Roma; its only
    own neighbour is full, so it would be eliminated, unless the Samnites name it their capital."""
    t1.st["round"] = 3
    t1.put("roma", "samnites", "infantry")
    t1.put("samnium", "samnites", "infantry", 3)  # highland: two plus the retreat allowance
    for a in ("etruria", "perusia", "umbria", "corfinium", "neapolis"):
        t1.put(a, "romans", "legion")
    t1.push("turn", nation=t1.n("romans"), phase="start")
    assert t1.step() == "retreat" and t1.active() == [t1.role("samnites")]
    assert set(t1.legal()) == {("done",), ("capital", t1.a("samnium"))}
    t1.act("capital", t1.a("samnium"))  # then one unit, one way out: it retreats at once
    assert t1.step() == "buy" and t1.active() == [t1.role("romans")]
    assert t1.units("roma") == {}
    assert t1.units("samnium", "samnites")["infantry"] == 4


def test_8_1_capital_declared_after_a_battle_in_another_nations_turn(t1: Table, dice: Dice) -> None:
    """§8.1, §8.3: after a battle the defender's survivors are checked against its limit, in
    the attacker's turn; the defender may name the area its capital then and keep them."""
    t1.put("lucania", "samnites", "infantry", 4)  # reinforcements ignore the limit (§8.2)
    t1.put("lucania", "greeks", "infantry")
    dice.load(1, 10, 1, 1, 1)
    t1.begin("greeks")
    combat.start_combat(t1.S, t1.st, t1.n("greeks"), "normal")
    FLOW.advance(t1.st, t1.events)
    assert t1.step() == "excess" and t1.active() == [t1.role("samnites")]
    assert t1.st["active_nation"] == t1.n("greeks")
    t1.act("capital", t1.a("lucania"))
    assert t1.units("lucania") == {"infantry": 4}
