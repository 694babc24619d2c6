"""The rulebook invariant checker (``games/italia/invariants.py``): every check fails on a
transition built to break its rule, and applies (is counted) on one that keeps it."""

from __future__ import annotations

from typing import Any

import pytest
from italia_table import Table

from tavola.core.rules import clone
from tavola.games.italia import invariants
from tavola.games.italia.const import HIT, MP
from tavola.tools.fuzz import fuzz_one


class Step:
    """A transition under construction: ``before`` and ``after`` start as the table's state."""

    def __init__(self, t: Table) -> None:
        self.t = t
        self.before = clone(t.st)
        self.after = clone(t.st)
        self.events: list[dict[str, Any]] = []
        self.action: tuple[Any, ...] = ("done",)
        self.seen: dict[str, int] = {}

    def put(self, st: dict[str, Any], area: str, nation: str, kind: str, count: int = 1) -> list[Any]:
        out = []
        for _ in range(count):
            u = [self.t.n(nation), kind, self.t.S.unit_move(kind, self.t.n(nation)), 0, 0, 0]
            st["units"][self.t.a(area)].append(u)
            out.append(u)
        return out

    def both(self, area: str, nation: str, kind: str, count: int = 1) -> None:
        self.put(self.before, area, nation, kind, count)
        self.put(self.after, area, nation, kind, count)

    def ev(self, msg: str, **args: Any) -> dict[str, Any]:
        e: dict[str, Any] = {"msg": msg, "args": args}
        self.events.append(e)
        return e

    def check(self) -> list[str]:
        self.seen = {}
        return invariants.check_step(
            self.t.S, self.before, "x", self.action, self.after, self.events, self.seen
        )

    def fails(self, section: str) -> bool:
        bad = self.check()
        assert self.seen.get(section), f"§{section} did not apply: {self.seen}"
        return any(b.startswith(f"§{section}:") for b in bad)


def move_frame(t: Table, nation: str, **kw: Any) -> dict[str, Any]:
    return {"s": "move", "nation": t.n(nation), "group": -1, "mode": "normal", **kw}


@pytest.fixture
def s1(t1: Table) -> Step:
    t1.st["round"] = 2  # no Celtic major invasion (round 1)
    t1.begin("celts")
    return Step(t1)


@pytest.fixture
def s2(t2: Table) -> Step:
    t2.begin("vandals")
    return Step(t2)


# -- §8 -----------------------------------------------------------------------------------------


def test_8_0_stack_limit_after_movement(s1: Step) -> None:
    s1.before["flow"].append(move_frame(s1.t, "celts"))
    s1.put(s1.after, "verona", "celts", "infantry", 3)
    assert not s1.fails("8.0 stack limit after movement")
    s1.put(s1.after, "verona", "celts", "infantry")
    assert s1.fails("8.0 stack limit after movement")
    # The excess being removed is what the book asks for.
    s1.after["flow"].append({"s": "excess", "nation": s1.t.n("celts"), "a": s1.t.a("verona")})
    assert not s1.fails("8.0 stack limit after movement")


def test_8_1_the_capital_holds_one_more(s1: Step) -> None:
    s1.before["flow"].append(move_frame(s1.t, "celts"))
    s1.put(s1.after, "verona", "celts", "infantry", 4)
    s1.after["capital"][s1.t.n("celts")] = s1.t.a("verona")
    assert not s1.fails("8.0 stack limit after movement")


def test_8_3_attack_limit_at_the_end_of_movement(s1: Step) -> None:
    s1.before["flow"].append(move_frame(s1.t, "celts"))
    s1.put(s1.after, "verona", "etruscans", "infantry")
    s1.put(s1.after, "verona", "celts", "infantry", 4)
    assert not s1.fails("8.3 attack limit at the end of movement")
    s1.put(s1.after, "verona", "celts", "infantry")
    assert s1.fails("8.3 attack limit at the end of movement")
    s1.put(s1.after, "verona", "celts", "leader")  # +1 with a leader (§8.3)
    assert not s1.fails("8.3 attack limit at the end of movement")


def test_8_3_attack_limit_in_combat(s2: Step) -> None:
    s2.ev("it.battle", area=s2.t.a("numidia"), attacker="vandals", defender="african_romans")
    roll = s2.ev(
        "it.roll", area=s2.t.a("numidia"), attacker="vandals", defender="african_romans", mod_a=0, mod_d=0
    )
    roll["dice_a"] = [5] * 4
    assert not s2.fails("8.3 attack limit in combat")
    roll["dice_a"] = [5] * 8  # the audit's Numidia: eight infantry against one
    assert s2.fails("8.3 attack limit in combat")


def test_8_3_stack_limit_after_combat(s1: Step) -> None:
    a = s1.t.a("verona")
    s1.before["flow"].append(
        {"s": "combat", "nation": s1.t.n("celts"), "mode": "normal", "fought": [a], "pairs": []}
    )
    s1.put(s1.after, "verona", "celts", "infantry", 4)
    assert s1.fails("8.3 stack limit after combat")
    s1.after["capital"][s1.t.n("celts")] = a
    assert not s1.fails("8.3 stack limit after combat")
    s1.before["flow"][-1]["mode"] = "first"  # no check after a major invasion's first combat (§12.2)
    assert "8.3 stack limit after combat" not in (s1.check() and s1.seen)


# -- §9 -----------------------------------------------------------------------------------------


def test_9_3_overrun_needs_twice_the_defenders(s1: Step) -> None:
    t = s1.t
    s1.before["flow"].append(move_frame(t, "celts", group=t.a("verona")))
    s1.both("verona", "etruscans", "infantry")
    s1.put(s1.before, "verona", "celts", "infantry", 2)  # the group, about to move on
    s1.put(s1.after, "venetia", "celts", "infantry", 2)
    s1.action = ("area", t.a("venetia"))
    s1.ev("it.move", nation="celts", **{"from": t.a("verona"), "to": t.a("venetia")}, units=2)
    assert s1.fails("9.3 overrun")  # nothing stays behind to overrun Verona
    s1.put(s1.after, "verona", "celts", "infantry", 2)
    assert not s1.fails("9.3 overrun")


def test_9_3_overrun_with_a_city_needs_equal_numbers(s1: Step) -> None:
    t = s1.t
    s1.before["flow"].append(move_frame(t, "celts", group=t.a("verona")))
    s1.both("verona", "etruscans", "infantry", 2)
    s1.before["city"][t.a("verona")] = s1.after["city"][t.a("verona")] = 1
    s1.put(s1.after, "verona", "celts", "infantry", 2)
    s1.action = ("area", t.a("venetia"))
    s1.ev("it.move", nation="celts", **{"from": t.a("verona"), "to": t.a("venetia")}, units=2)
    assert not s1.fails("9.3 overrun")
    s1.before["city"][t.a("verona")] = s1.after["city"][t.a("verona")] = 0
    assert s1.fails("9.3 overrun")


def test_9_6_no_embarking_after_land_movement(s1: Step) -> None:
    (u,) = s1.put(s1.before, "liguria", "celts", "infantry")
    u[3] |= 1  # in the moving group
    s1.ev(
        "it.embark", nation="celts", **{"from": s1.t.a("liguria"), "to": s1.t.a("mare_ligusticum")}, units=1
    )
    assert not s1.fails("9.6 embarkation")
    u[MP] -= 1
    assert s1.fails("9.6 embarkation")


def test_9_2_nobody_stays_in_an_entry_area_after_its_turn(s1: Step) -> None:
    s1.before["flow"].append({"s": "turn", "nation": s1.t.n("celts"), "phase": "close"})
    assert not s1.fails("9.2 entry areas")
    s1.put(s1.after, "helvetia", "celts", "infantry")
    assert s1.fails("9.2 entry areas")


# -- §10 ----------------------------------------------------------------------------------------


def retreat(s: Step, nation: str, a: str, b: str, unit: str = "infantry") -> None:
    s.ev("it.retreat", nation=nation, unit=unit, **{"from": s.t.a(a), "to": s.t.a(b)})


def test_10_5_retreat_destinations(s1: Step) -> None:
    s1.put(s1.after, "venetia", "celts", "infantry")
    retreat(s1, "celts", "verona", "venetia")
    assert not s1.fails("10.5 retreat destination")
    s1.events.clear()
    s1.put(s1.after, "roma", "celts", "infantry")
    retreat(s1, "celts", "verona", "roma")
    assert s1.fails("10.5 retreat destination")  # not adjacent
    s1.events.clear()
    s1.both("venetia", "etruscans", "infantry")
    retreat(s1, "celts", "verona", "venetia")
    assert s1.fails("10.5 retreat destination")  # another nation stands there


def test_8_6_a_retreat_may_exceed_the_limit_by_one(s1: Step) -> None:
    s1.put(s1.after, "venetia", "celts", "infantry", 4)
    retreat(s1, "celts", "verona", "venetia")
    assert not s1.fails("10.5 retreat destination")
    s1.put(s1.after, "venetia", "celts", "infantry")
    assert s1.fails("10.5 retreat destination")


def test_10_5_faq_the_defender_does_not_retreat_where_the_attackers_came_from(s1: Step) -> None:
    t = s1.t
    s1.before["came"][t.a("verona")] = [t.a("venetia")]
    s1.put(s1.after, "venetia", "etruscans", "infantry")
    retreat(s1, "etruscans", "verona", "venetia")  # the Celts' turn: the Etruscans defend
    assert s1.fails("10.5 retreat destination")
    s1.before["active_nation"] = t.n("etruscans")  # the attacker may (FAQ)
    assert not s1.fails("10.5 retreat destination")


def test_10_2_modifiers_of_the_book(s1: Step) -> None:
    t = s1.t
    a = t.a("florentia")  # a highland
    for st in (s1.before, s1.after):
        st["city"][a] = 1
    s1.ev("it.battle", area=a, attacker="celts", defender="etruscans")
    roll = s1.ev("it.roll", area=a, attacker="celts", defender="etruscans", mod_a=-3, mod_d=0)
    roll["dice_a"], roll["dice_d"] = [5], [5]
    assert not s1.fails("10.2 modifiers")
    roll["args"]["mod_a"] = -2
    assert s1.fails("10.2 modifiers")
    s1.events.insert(1, {"msg": "it.raid", "args": {"area": a, "nation": "celts"}})
    roll["args"]["mod_a"] = 0  # a raid ignores every modifier (§10.7)
    assert not s1.fails("10.2 modifiers")


def test_10_2_a_leader_that_retreated_before_the_round_gives_no_bonus(s1: Step) -> None:
    """§10.2, §10.5: the +2 goes to the units of the leader's nation in the area; a leader that
    retreated after the last round (in this very transition) is no longer there."""
    t = s1.t
    a = t.a("verona")
    s1.put(s1.before, "verona", "etruscans", "leader")
    s1.both("verona", "etruscans", "infantry")
    s1.both("verona", "celts", "infantry")
    s1.before["flow"].append(
        {"s": "battle", "a": a, "nation": t.n("celts"), "defender": t.n("etruscans"), "rounds": 1}
    )
    s1.ev("it.retreat", nation="etruscans", unit="leader", **{"from": a, "to": t.a("pisae")})
    roll = s1.ev("it.roll", area=a, attacker="celts", defender="etruscans", mod_a=0, mod_d=0)
    roll["dice_a"], roll["dice_d"] = [5], [5]
    assert not s1.fails("10.2 modifiers")
    roll["args"]["mod_d"] = 2
    assert s1.fails("10.2 modifiers")
    s1.events.pop(0)  # the leader stayed: its +2 is due
    assert not s1.fails("10.2 modifiers")


def test_10_7_a_raid_declared_by_the_action_that_opens_its_battle_has_no_modifiers(s1: Step) -> None:
    """A campaign's raid (round 10) is declared by the same action whose events open the battle:
    the raid comes before the battle in the events, and still no modifier applies (§10.7)."""
    t = s1.t
    a = t.a("pisae")
    s1.both("pisae", "celts", "leader")
    s1.ev("it.raid", area=a, nation="celts")
    s1.ev("it.battle", area=a, attacker="celts", defender="etruscans")
    roll = s1.ev("it.roll", area=a, attacker="celts", defender="etruscans", mod_a=0, mod_d=0)
    roll["dice_a"], roll["dice_d"] = [5], [5]
    assert not s1.fails("10.2 modifiers")
    s1.events.pop(0)  # not a raid: the leader's +2 is due
    assert s1.fails("10.2 modifiers")


def test_10_9_naval_supremacy_is_a_modifier(s1: Step) -> None:
    t = s1.t
    a = t.a("pisae")
    s1.both("mare_ligusticum", "celts", "fleet", 2)
    s1.both("mare_tyrrhenum", "etruscans", "fleet")
    s1.ev("it.battle", area=a, attacker="celts", defender="etruscans")
    roll = s1.ev("it.roll", area=a, attacker="celts", defender="etruscans", mod_a=0, mod_d=0)
    roll["dice_a"], roll["dice_d"] = [5], [5]
    assert s1.fails("10.2 modifiers")
    roll["args"]["mod_a"] = 1
    assert not s1.fails("10.2 modifiers")


def test_10_2_two_hit_units_are_repaired_after_the_battle(s1: Step) -> None:
    (u,) = s1.put(s1.after, "syracusae", "romans", "consular")
    assert not s1.fails("10.2 two-hit units")
    u[HIT] = 1
    assert s1.fails("10.2 two-hit units")
    s1.after["opts"]["retreat_stays_damaged"] = True  # the other reading, an option
    assert "10.2 two-hit units" not in (s1.check() and s1.seen)


def test_14_2_a_damaged_knight_never_retreats(s2: Step) -> None:
    (u,) = s2.put(s2.before, "africa", "byzantines", "knight")
    u[HIT] = 1
    s2.put(s2.after, "byzacena", "byzantines", "knight")
    retreat(s2, "byzantines", "africa", "byzacena", "knight")
    assert not s2.fails("10.5 retreat destination")  # a fine destination, but:
    assert any(b.startswith("§10.2 two-hit units: a damaged knight") for b in s2.check())


def test_10_8_only_fleets_roll_at_sea(s1: Step) -> None:
    t = s1.t
    s = t.a("mare_tyrrhenum")
    s1.both("mare_tyrrhenum", "celts", "fleet")
    s1.both("mare_tyrrhenum", "etruscans", "fleet")
    s1.before["flow"].append({"s": "nbattle", "a": s, "nation": t.n("celts"), "defender": t.n("etruscans")})
    e = s1.ev("it.naval_roll", area=s, hits_attacker=0, hits_defender=0)
    e["dice"] = [3, 4]
    assert not s1.fails("10.8 naval combat")
    e["dice"] = [3, 4, 5]
    assert s1.fails("10.8 naval combat")


def test_10_8_a_naval_battle_opened_by_the_transition_is_not_read_from_the_state_before(s1: Step) -> None:
    """One battle at sea ends (the Celtic fleet retreats) and the same action opens the next one
    there, Etruscans against Samnites: its roll is not counted against the first battle's fleets."""
    t = s1.t
    s = t.a("mare_tyrrhenum")
    s1.put(s1.before, "mare_tyrrhenum", "celts", "fleet")  # it retreats in this action
    s1.both("mare_tyrrhenum", "etruscans", "fleet", 2)
    s1.both("mare_tyrrhenum", "samnites", "fleet")
    s1.before["flow"].append({"s": "nbattle", "a": s, "nation": t.n("celts"), "defender": t.n("etruscans")})
    first = s1.ev("it.naval_roll", area=s, hits_attacker=0, hits_defender=0)
    first["dice"] = [3, 4, 5]
    s1.ev("it.naval_over", area=s)
    s1.ev("it.naval_battle", area=s, attacker="etruscans", defender="samnites")
    second = s1.ev("it.naval_roll", area=s, hits_attacker=0, hits_defender=0)
    second["dice"] = [3, 4, 5]
    assert not s1.fails("10.8 naval combat")
    first["dice"] = [3, 4, 5, 6]  # the first battle's roll is still checked
    assert s1.fails("10.8 naval combat")


def test_10_6_faq_pillage_only_of_another_players_city(s1: Step) -> None:
    t = s1.t
    a = t.a("samnium")
    s1.before["city"][a] = 1
    s1.before["city_holder"][a] = t.n("samnites")  # yellow, like the Celts
    s1.ev("it.pillaged", area=a, nation="celts")
    assert s1.fails("10.6 pillage")
    s1.before["city_holder"][a] = t.n("etruscans")
    assert not s1.fails("10.6 pillage")


def test_10_6_1_no_rebuilding_of_a_city_sacked_this_turn(s1: Step) -> None:
    a = s1.t.a("pisae")
    s1.ev("it.rebuilt", area=a, nation="celts")
    assert not s1.fails("10.6.1 rebuilding")
    s1.before["sacked"] = [a]
    assert s1.fails("10.6.1 rebuilding")


def test_10_7_a_raid_eliminates_no_defender(s1: Step) -> None:
    a = s1.t.a("pisae")
    s1.ev("it.battle", area=a, attacker="celts", defender="etruscans")
    s1.ev("it.raid", area=a, nation="celts")
    roll = s1.ev("it.roll", area=a, attacker="celts", defender="etruscans", mod_a=0, mod_d=0)
    roll["dice_a"], roll["dice_d"] = [8], [2]
    s1.before["city"][a] = 1
    assert not s1.fails("10.7 raid")
    s1.ev("it.lost", nation="etruscans", unit="infantry", area=a, leader="")
    assert s1.fails("10.7 raid")


# -- §6, §11, §12, §13 --------------------------------------------------------------------------


def test_6_1_income_of_the_book(s1: Step) -> None:
    t = s1.t
    s1.after["flow"].append({"s": "buy", "nation": t.n("etruscans")})
    s1.both("pisae", "etruscans", "infantry")
    s1.both("etruria", "etruscans", "leader")  # a leader holds an area too (§6.1)
    s1.after["city"][t.a("etruria")] = 1
    e = s1.ev("it.income", nation="etruscans", gold=3, total=3)
    assert not s1.fails("6.1 income")
    e["args"]["gold"] = 4
    assert s1.fails("6.1 income")


def test_6_1_faq_no_income_from_an_entry_area(s1: Step) -> None:
    s1.after["flow"].append({"s": "buy", "nation": s1.t.n("celts")})
    s1.both("helvetia", "celts", "infantry")
    s1.ev("it.income", nation="celts", gold=1, total=1)
    assert s1.fails("6.1 income")


def test_6_1_gold_cap_after_the_turn(s1: Step) -> None:
    s1.before["flow"].append({"s": "turn", "nation": s1.t.n("celts"), "phase": "close"})
    s1.after["gold"][s1.t.n("celts")] = 10
    assert not s1.fails("6.1 gold cap")
    s1.after["gold"][s1.t.n("celts")] = 11
    assert s1.fails("6.1 gold cap")


def test_6_4_a_tribute_after_the_turn_may_take_the_ruler_over_the_cap(s1: Step) -> None:
    """§6.4: a subject's tribute, paid in the same transition after the ruler's turn ended, may
    take the ruler over 10 until it buys its one unit at once; then at most 10 stay."""
    n = s1.t.n("celts")
    s1.before["flow"].append({"s": "turn", "nation": n, "phase": "close"})
    s1.after["gold"][n] = 13
    assert s1.fails("6.1 gold cap")
    s1.ev("it.tribute", nation="celts", gold=3)
    assert not s1.fails("6.1 gold cap")
    s1.before["flow"][-1] = {"s": "tribute", "nation": n}
    s1.events.clear()
    s1.after["gold"][n] = 10
    assert not s1.fails("6.4 tribute over the limit")
    s1.after["gold"][n] = 11
    assert s1.fails("6.4 tribute over the limit")
    s1.after["gold"][n] = 6
    s1.ev("it.buy_pending", nation="celts", unit="infantry")
    assert not s1.fails("6.4 tribute over the limit")
    s1.ev("it.buy_pending", nation="celts", unit="infantry")
    assert s1.fails("6.4 tribute over the limit")


def test_11_0_vp_only_from_the_events_that_give_them(s1: Step) -> None:
    n = s1.t.n("celts")
    s1.after["vp"][n] += 4
    s1.ev("it.vp", nation="celts", vp=2.0, why="kill")
    assert not s1.fails("11.0 victory points")
    s1.after["vp"][n] += 2
    assert s1.fails("11.0 victory points")


def test_12_5_2_a_subject_keeps_half_its_vp_rounded_up(s1: Step) -> None:
    n = s1.t.n("celts")
    s1.before["vp_submitted"][n] = 6  # three points earned as a subject
    s1.after["vp"][n] = 4  # two kept
    s1.ev("it.vp_halved", nation="celts", vp=2.0)
    assert not s1.fails("11.0 victory points")
    s1.after["vp"][n] = 2
    s1.events[0]["args"]["vp"] = 1.0
    assert s1.fails("11.0 victory points")


def test_12_5_2_faq_half_a_point_earned_as_a_subject_keeps_a_whole_one(s1: Step) -> None:
    """§12.5.2: half the VP, «arrotondato per eccesso»; FAQ: rounding «viene sempre fatto al
    punto», at the end of the turn for VP other than the areas'. Half of 0.5 is 0.25: 1 kept."""
    n = s1.t.n("celts")
    s1.before["vp_submitted"][n] = 1  # half a point, earned earlier in the turn
    s1.after["vp"][n] = 2
    s1.ev("it.vp_halved", nation="celts", vp=1.0)
    assert not s1.fails("11.0 victory points")
    s1.after["vp"][n] = 1
    s1.events[0]["args"]["vp"] = 0.5
    assert s1.fails("11.0 victory points")


def test_11_0_scoring_only_at_the_end_of_a_scoring_round(s1: Step) -> None:
    n = s1.t.n("celts")
    s1.after["vp"][n] = 2
    s1.after["round"] = 3
    s1.ev("it.score", nation="celts", vp=1.0, round=2)
    assert s1.fails("11.0 victory points")


def test_13_4_round_10_nobody_collects_and_only_the_factions_score(t1: Table) -> None:
    t1.st["round"] = 10
    s = Step(t1)
    s.ev("it.income", nation="celts", gold=1, total=1)
    assert s.fails("13.4 round 10")
    s.events.clear()
    s.after["vp"][t1.n("celts")] = 2
    s.ev("it.vp", nation="celts", vp=1.0, why="kill")
    assert s.fails("13.4 round 10")


def test_13_1_roma_is_cleared_before_the_roman_income(t1: Table) -> None:
    t1.begin("romans")
    s = Step(t1)
    s.after["city"][t1.a("roma")] = 1
    s.both("roma", "romans", "legion")
    s.ev("it.income", nation="romans", gold=2, total=2)
    assert not s.fails("13.1 Roma")
    s.put(s.after, "roma", "celts", "infantry")
    assert s.fails("13.1 Roma")


def test_12_5_1_submission_within_the_cards_terms(t1: Table) -> None:
    t1.begin("romans")
    s = Step(t1)
    for a in ("mediolanum", "pavia", "verona", "liguria", "tridentum", "venetia"):
        s.both(a, "celts", "infantry")
    s.ev("it.submits", nation="celts", ruler="romans")
    s.after["ruler"][t1.n("celts")] = t1.n("romans")
    assert s.fails("12.5.1 submission")  # six areas: more than the card's five (§12.5.1 example)


def test_12_5_1_a_nation_that_must_submit_does_not_fight(t1: Table) -> None:
    t1.begin("romans")
    s = Step(t1)
    for a in ("mediolanum", "pavia", "verona"):
        s.both(a, "celts", "infantry")
    a = t1.a("verona")
    s.ev("it.battle", area=a, attacker="romans", defender="celts")
    roll = s.ev("it.roll", area=a, attacker="romans", defender="celts", mod_a=0, mod_d=0)
    roll["dice_a"], roll["dice_d"] = [5], [5]
    assert s.fails("12.5.1 submission")  # three areas: they must submit (§12.5.1 example)


def test_7_1_placement_of_bought_units(s1: Step) -> None:
    t = s1.t
    s1.both("verona", "celts", "infantry")
    s1.both("pavia", "celts", "infantry")
    s1.before["flow"].append({"s": "place", "nation": t.n("celts"), "used": []})
    s1.ev("it.place", nation="celts", unit="infantry", area=t.a("verona"))
    assert not s1.fails("7.1 placement")
    s1.before["flow"][-1]["used"] = [t.a("verona")]
    assert s1.fails("7.1 placement")  # a second new unit in Verona
    s1.events[0]["args"]["area"] = t.a("roma")
    assert s1.fails("7.1 placement")  # not held
    s1.events[0]["args"]["area"] = t.a("mare_hadriaticum")
    assert s1.fails("7.1 placement")  # land units never go to sea (FAQ)


def test_7_2_clarification_reinforcements_go_with_their_leaders(t1: Table) -> None:
    """The Roman reinforcements of round 3 (two leaders, four legions): a legion in either leader's
    area keeps the rule; one in a third Roman area breaks it."""
    t1.st["round"] = 3
    s = Step(t1)
    s.before["flow"].append(
        {"s": "reinf", "nation": t1.n("romans"), "i": 0, "phase": "place", "items": [], "at": -1}
    )
    for area in ("roma", "umbria", "corfinium"):
        s.both(area, "romans", "legion")
    leaders = t1.S.reinf[t1.n("romans")][3][0].leaders
    s.put(s.after, "roma", "romans", "leader")[0][5] = leaders[0]
    s.put(s.after, "umbria", "romans", "leader")[0][5] = leaders[1]
    e = s.ev("it.arrive", nation="romans", unit="legion", area=t1.a("umbria"), leader=None)
    assert not s.fails("7.2 reinforcements with a leader")
    e["args"]["area"] = t1.a("corfinium")
    assert s.fails("7.2 reinforcements with a leader")


# -- the fuzzer ----------------------------------------------------------------------------------


def test_the_fuzzer_counts_how_often_each_invariant_applied() -> None:
    rep = fuzz_one("italia-ii", "standard", 4, 3, 60_000)
    assert rep.finished and not rep.failures, rep.failures
    assert rep.invariants["8.0 stack limit after movement"] > 0
    assert rep.invariants["6.1 income"] > 0
    assert set(rep.invariants) <= set(invariants.CHECKS)


def test_12_4_the_limit_after_combat_is_the_nation_that_fought(t2: Table) -> None:
    """§8.3, §12.4: a nation transformed at the next round's start, in the transition that ends
    the combat, stands where its predecessor stood; the predecessor's capital set the limit."""
    t2.begin("franks")
    s = Step(t2)
    a, wr = t2.a("mediolanum"), t2.n("western_romans")
    s.before["flow"].append(
        {"s": "combat", "nation": t2.n("franks"), "mode": "normal", "fought": [a], "pairs": []}
    )
    s.put(s.before, "mediolanum", "western_romans", "legion", 4)
    s.put(s.after, "mediolanum", "patrimonium", "infantry", 4)
    for st in (s.before, s.after):
        st["capital"][wr] = a
    assert s.fails("8.3 stack limit after combat")
    s.ev("it.transform", nation="western_romans", into="patrimonium")
    assert not s.fails("8.3 stack limit after combat")
    s.after["capital"][wr] = -1
    assert s.fails("8.3 stack limit after combat")
