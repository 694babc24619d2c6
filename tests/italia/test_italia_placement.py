"""§7 Placing new units: bought units and reinforcements."""

from __future__ import annotations

from italia_table import HALT, Table

from tavola.core import flow
from tavola.games.italia import placement
from tavola.games.italia.flow import FLOW
from tavola.games.italia.sequence import new_state


def reinforce(t: Table, nation: str, i: int = 0) -> None:
    flow.push(t.st, "reinf", nation=t.n(nation), i=i, phase="ask")
    FLOW.advance(t.st, t.events)


def test_7_1_one_new_land_unit_per_controlled_area(t1: Table) -> None:
    t1.put("verona", "celts", "infantry")
    t1.put("pavia", "celts", "infantry")
    placement.place_bought(t1.st, t1.n("celts"), ["infantry", "infantry"])
    FLOW.advance(t1.st, t1.events)
    assert set(t1.legal()) == {("area", t1.a("verona")), ("area", t1.a("pavia"))}
    t1.act("area", t1.a("verona"))
    assert t1.units("pavia", "celts")["infantry"] == 2  # the last one had a single choice


def test_7_1_empty_areas_cannot_take_new_units(t1: Table) -> None:
    t1.put("verona", "celts", "infantry")
    t1.put("pavia", "celts", "infantry")
    placement.place_bought(t1.st, t1.n("celts"), ["infantry"])
    FLOW.advance(t1.st, t1.events)
    assert t1.a("mediolanum") not in {x[1] for x in t1.legal()}


def test_7_1_exception_a_one_area_nation_places_everything_there(t1: Table) -> None:
    t1.put("verona", "celts", "infantry")
    placement.place_bought(t1.st, t1.n("celts"), ["infantry", "infantry", "infantry"])
    FLOW.advance(t1.st, t1.events)
    assert t1.units("verona", "celts")["infantry"] == 4


def test_7_1_fleets_go_to_seas_next_to_controlled_areas_unlimited(t1: Table) -> None:
    t1.put("roma", "romans", "legion")
    t1.put("mare_tyrrhenum", "carthaginians", "fleet", 2)  # other fleets do not matter
    placement.place_bought(t1.st, t1.n("romans"), ["fleet", "fleet"])
    FLOW.advance(t1.st, t1.events)
    assert t1.units("mare_tyrrhenum", "romans")["fleet"] == 2


def test_7_1_clarification_carthaginian_fleets_only_in_three_seas(t1: Table) -> None:
    t1.put("lilybaeum", "carthaginians", "infantry")
    t1.put("africa", "carthaginians", "infantry")
    placement.place_bought(t1.st, t1.n("carthaginians"), ["fleet"])
    FLOW.advance(t1.st, t1.events)
    seas = {x[1] for x in t1.legal()}
    assert seas == {t1.a("mare_sardoum"), t1.a("mare_libycum")}
    assert t1.a("mare_tyrrhenum") not in seas


def test_7_1_faq_bought_land_units_never_at_sea(t1: Table) -> None:
    t1.put("roma", "romans", "legion")
    t1.put("umbria", "romans", "legion")
    placement.place_bought(t1.st, t1.n("romans"), ["legion"])
    FLOW.advance(t1.st, t1.events)
    assert all(not t1.S.is_sea[x[1]] for x in t1.legal())


def test_7_2_reinforcements_arrive_even_without_pieces_on_the_board(t1: Table) -> None:
    t1.st["round"] = 8
    reinforce(t1, "cimbri")
    assert t1.units("helvetia", "cimbri") == {"infantry": 9, "boiorix": 1}


def test_7_2_cimbri_example_all_must_leave_helvetia(t1: Table) -> None:
    from tavola.games.italia.movement import leave_entry_areas

    t1.st["round"] = 8
    reinforce(t1, "cimbri")
    t1.st["flow"] = [{"s": HALT}]
    t1.move_phase("cimbri")
    t1.walk("cimbri", "helvetia", ["infantry"] * 3, ["mediolanum"])
    t1.st["flow"] = [{"s": HALT}]
    leave_entry_areas(t1.S, t1.st, t1.n("cimbri"), t1.events)
    assert t1.units("helvetia") == {}
    assert t1.units("mediolanum", "cimbri")["infantry"] == 3


def test_7_2_top_up_romans_to_14_legions(t1: Table) -> None:
    t1.st["round"] = 4
    t1.put("roma", "romans", "legion", 12)
    top = next(i for i, r in enumerate(t1.S.reinf[t1.n("romans")][4]) if r.top_up)
    reinforce(t1, "romans", top)
    assert t1.units("roma", "romans")["legion"] == 14


def test_7_2_top_up_from_eight_brings_six(t1: Table) -> None:
    t1.st["round"] = 4
    t1.put("roma", "romans", "legion", 4)
    t1.put("umbria", "romans", "legion", 4)
    top = next(i for i, r in enumerate(t1.S.reinf[t1.n("romans")][4]) if r.top_up)
    reinforce(t1, "romans", top)
    for _ in range(6):
        t1.act("area", t1.a("umbria"))
    assert t1.units("umbria", "romans")["legion"] == 10


def test_7_2_top_up_with_14_brings_nothing(t1: Table) -> None:
    t1.st["round"] = 4
    t1.put("roma", "romans", "legion", 14)
    top = next(i for i, r in enumerate(t1.S.reinf[t1.n("romans")][4]) if r.top_up)
    reinforce(t1, "romans", top)
    assert t1.units("roma", "romans")["legion"] == 14 and t1.step() == HALT


def test_7_2_top_up_without_areas_goes_to_an_entry_area(t1: Table) -> None:
    t1.st["round"] = 4
    top = next(i for i, r in enumerate(t1.S.reinf[t1.n("romans")][4]) if r.top_up)
    reinforce(t1, "romans", top)
    assert {x[1] for x in t1.legal()} == set(t1.S.entry_ids)


def test_7_2_hamilcar_in_a_controlled_north_african_area(t1: Table) -> None:
    t1.st["round"] = 2
    t1.put("africa", "carthaginians", "infantry")
    t1.put("byzacena", "carthaginians", "infantry")
    t1.put("lilybaeum", "carthaginians", "infantry")
    reinforce(t1, "carthaginians")
    assert {x[1] for x in t1.legal()} == {t1.a("africa"), t1.a("byzacena")}
    t1.act("area", t1.a("byzacena"))
    assert t1.units("byzacena", "carthaginians") == {"infantry": 4, "hamilcar": 1}  # all with him
    assert t1.st["leaders_leave"]["hamilcar"] == 3


def test_7_2_leader_removed_at_the_start_of_phase_2_of_the_next_turn(t1: Table) -> None:
    t1.st["round"] = 3
    t1.leader("africa", "carthaginians", "hamilcar")
    t1.st["leaders_leave"]["hamilcar"] = 3
    placement.expire_leaders(t1.S, t1.st, t1.n("carthaginians"), t1.events)
    assert t1.units("africa") == {}
    assert "hamilcar" not in t1.st["leaders_dead"]  # removed, not killed


def test_7_2_clarification_setup_leaders_leave_in_the_second_turn(t2: Table) -> None:
    st = new_state(t2.S, {}, 0)
    assert st["leaders_leave"]["bonifatius"] == 2


def test_7_2_clarification_dead_leaders_never_return_nor_their_troops(t1: Table) -> None:
    t1.st["round"] = 2
    t1.st["leaders_dead"].append("hamilcar")
    t1.put("africa", "carthaginians", "infantry")
    reinforce(t1, "carthaginians")
    assert t1.units("africa", "carthaginians") == {"infantry": 1}


def test_7_2_clarification_a_placed_leader_teleports(t1: Table) -> None:
    t1.st["round"] = 3
    t1.leader("lucania", "romans", "fabius")
    t1.put("roma", "romans", "legion")
    t1.put("umbria", "romans", "legion")
    reinforce(t1, "romans")
    while t1.step() == "reinf":
        t1.act("area", t1.a("roma"))
    assert t1.units("lucania") == {}
    assert t1.units("roma", "romans")["fabius"] == 1


def test_7_2_clarification_two_leaders_in_two_areas_with_units_split(t1: Table) -> None:
    t1.st["round"] = 3
    t1.put("roma", "romans", "legion")
    t1.put("umbria", "romans", "legion")
    reinforce(t1, "romans")
    t1.act("area", t1.a("roma"))  # Fabius
    t1.act("area", t1.a("umbria"))  # Decius Mus elsewhere
    for a in ("roma", "umbria", "umbria", "roma"):
        t1.act("area", t1.a(a))
    assert t1.units("roma", "romans") == {"legion": 3, "fabius": 1}
    second = t1.S.reinf[t1.n("romans")][3][0].leaders[1]
    assert t1.units("umbria", "romans") == {"legion": 3, second: 1}


def test_7_2_clarification_two_leaders_units_only_in_the_leaders_areas(t1: Table) -> None:
    """«se i rinforzi arrivano con un leader devono essere piazzati tutti nella stessa area in cui
    viene piazzato il leader»: with the two leaders of round 3 the legions go to either leader's
    area, never to a third area the Romans hold."""
    t1.st["round"] = 3
    for area in ("roma", "umbria", "corfinium"):
        t1.put(area, "romans", "legion")
    reinforce(t1, "romans")
    assert t1.legal() == [("area", t1.a(a)) for a in sorted(("roma", "umbria", "corfinium"), key=t1.a)]
    t1.act("area", t1.a("roma"))  # the first leader: any area the Romans hold
    assert ("area", t1.a("corfinium")) in t1.legal()  # the second leader too
    t1.act("area", t1.a("umbria"))
    assert sorted(t1.legal()) == sorted([("area", t1.a("roma")), ("area", t1.a("umbria"))])
    for _ in range(4):
        t1.act("area", t1.a("roma"))
    assert t1.units("corfinium", "romans") == {"legion": 1}
    assert t1.units("roma", "romans") == {"legion": 5, "fabius": 1}


def test_7_2_clarification_two_leaders_in_one_area_take_every_unit(t1: Table) -> None:
    t1.st["round"] = 3
    t1.put("roma", "romans", "legion")
    t1.put("umbria", "romans", "legion")
    reinforce(t1, "romans")
    t1.act("area", t1.a("umbria"))
    t1.act("area", t1.a("umbria"))  # both leaders in Umbria: the legions follow by themselves
    assert t1.step() != "reinf"
    assert t1.units("umbria", "romans")["legion"] == 5


def test_7_2_clear_other_nations_from_the_arrival_area(t1: Table) -> None:
    t1.st["round"] = 8
    t1.put("roma", "samnites", "infantry", 2)
    t1.put("neapolis", "samnites", "infantry")
    i = next(i for i, r in enumerate(t1.S.reinf[t1.n("romans")][8]) if r.where.clear)
    reinforce(t1, "romans", i)
    assert t1.step() == "retreat" and t1.active() == [t1.role("samnites")]
    t1.act("area", t1.a("neapolis"))  # must retreat: the unit is picked at once (one type)
    t1.act("area", t1.a("neapolis"))
    assert t1.units("roma", "romans") == {"legion": 4, "marius": 1}


def test_7_2_optional_reinforcement_may_be_declined(t1: Table) -> None:
    t1.st["round"] = 9
    i = next(i for i, r in enumerate(t1.S.reinf[t1.n("romans")][9]) if r.optional)
    reinforce(t1, "romans", i)
    assert set(t1.legal()) == {("take",), ("decline",)}
    t1.act("decline")
    assert t1.units("roma") == {}


def test_7_2_clarification_round_9_legions_only_if_roma_empty_or_roman(t1: Table) -> None:
    t1.st["round"] = 9
    t1.put("roma", "samnites", "infantry")
    i = next(i for i, r in enumerate(t1.S.reinf[t1.n("romans")][9]) if r.optional)
    reinforce(t1, "romans", i)
    assert t1.step() == HALT and t1.units("roma") == {"infantry": 1}


def test_7_2_counter_limit_caps_reinforcements(t1: Table) -> None:
    t1.st["round"] = 8
    t1.put("verona", "cimbri", "infantry", 10)
    reinforce(t1, "cimbri")
    assert t1.units("helvetia", "cimbri")["infantry"] == 2


def test_7_2_clarification_a_leader_with_nowhere_to_teleport_is_eliminated(t1: Table) -> None:
    t1.st["round"] = 2
    t1.leader("lilybaeum", "carthaginians", "hamilcar")
    reinforce(t1, "carthaginians")  # Hamilcar's area: one Carthage controls in North Africa - none
    assert "hamilcar" in t1.st["leaders_dead"]
    assert t1.units("lilybaeum") == {}


def test_clarification_vandals_round_2_free_distribution_and_geiserich(t2: Table) -> None:
    t2.st["round"] = 2
    t2.put("numidia", "berbers", "infantry")
    t2.leader("aures", "vandals", "geiserich")
    i = next(i for i, r in enumerate(t2.S.reinf[t2.n("vandals")][2]) if r.where.distribute)
    reinforce(t2, "vandals", i)
    # Geiserich teleports first, into an empty or Vandal area of (or next to) Africa.
    opts = {x[1] for x in t2.legal()}
    assert t2.a("numidia") not in opts and t2.a("africa") in opts
    t2.act("area", t2.a("africa"))
    assert t2.units("aures") == {}
    t2.act("area", t2.a("byzacena"))  # the infantry may go elsewhere
    assert t2.units("byzacena", "vandals")["infantry"] == 1
