"""§9 Movement: the rulebook's examples on the real board."""

from __future__ import annotations

from italia_table import Table, allied_city_in_samnium


def test_9_0_infantry_moves_two_areas_lucania_neapolis_roma(t1: Table) -> None:
    t1.put("lucania", "samnites", "infantry")
    t1.move_phase("samnites")
    t1.walk("samnites", "lucania", ["infantry"], ["neapolis", "roma"])
    assert t1.units("roma", "samnites")["infantry"] == 1


def test_9_0_infantry_cannot_move_a_third_area(t1: Table) -> None:
    t1.put("lucania", "samnites", "infantry")
    t1.move_phase("samnites")
    t1.march("lucania", ["infantry"], ["neapolis", "roma"])
    assert not t1.can("area", t1.a("etruria"))


def test_9_0_enemy_in_neapolis_stops_the_move(t1: Table) -> None:
    t1.put("lucania", "samnites", "infantry")
    t1.put("neapolis", "greeks", "infantry")
    t1.move_phase("samnites")
    t1.march("lucania", ["infantry"], ["neapolis"])
    assert not t1.areas()


def test_9_0_samnium_highland_ends_the_move(t1: Table) -> None:
    t1.put("lucania", "samnites", "infantry")
    t1.move_phase("samnites")
    t1.march("lucania", ["infantry"], ["samnium"])
    assert not t1.areas()


def test_9_0_cities_and_ruins_do_not_stop_movement(t1: Table) -> None:
    t1.put("lucania", "samnites", "infantry")
    t1.city("neapolis", ruin=True)
    t1.city("roma")
    t1.move_phase("samnites")
    t1.walk("samnites", "lucania", ["infantry"], ["neapolis", "roma"])
    assert t1.units("roma", "samnites")["infantry"] == 1


def test_9_0_no_move_through_a_four_corner_point(t1: Table) -> None:
    t1.put("noricum", "illyrians", "infantry")
    assert t1.a("tridentum") not in t1.S.land_adj[t1.a("noricum")]
    assert t1.a("carales") not in t1.S.coasts[t1.a("mare_ligusticum")]


def test_9_1_leader_takes_infantry_from_lucania_to_etruria(t1: Table) -> None:
    t1.put("lucania", "samnites", "infantry")
    t1.leader("lucania", "samnites", "gavius_pontius")
    t1.move_phase("samnites")
    t1.walk("samnites", "lucania", ["infantry"], ["neapolis", "roma", "etruria"], leaders=("gavius_pontius",))
    assert t1.units("etruria", "samnites") == {"infantry": 1, "gavius_pontius": 1}


def test_9_1_with_a_leader_highlands_do_not_stop_samnium_corfinium_picenum(t1: Table) -> None:
    t1.put("lucania", "samnites", "infantry")
    t1.leader("lucania", "samnites", "gavius_pontius")
    t1.move_phase("samnites")
    t1.walk(
        "samnites", "lucania", ["infantry"], ["samnium", "corfinium", "picenum"], leaders=("gavius_pontius",)
    )
    assert t1.units("picenum", "samnites")["infantry"] == 1


def test_9_1_leader_bonus_needs_enemy_free_areas(t1: Table) -> None:
    t1.put("lucania", "samnites", "infantry")
    t1.leader("lucania", "samnites", "gavius_pontius")
    t1.put("roma", "romans", "legion")
    t1.move_phase("samnites")
    t1.march("lucania", ["infantry"], ["neapolis", "roma"], leaders=("gavius_pontius",))
    assert not t1.areas()


def test_9_1_leader_alone_moves_three_areas_through_highlands(t1: Table) -> None:
    t1.leader("lucania", "samnites", "gavius_pontius")
    t1.move_phase("samnites")
    t1.march("lucania", [], ["samnium", "corfinium", "umbria"], leaders=("gavius_pontius",))
    assert not t1.areas()


def test_9_1_faq_picked_up_units_get_no_extra_area(t1: Table) -> None:
    t1.leader("lucania", "samnites", "gavius_pontius")
    t1.put("lucania", "samnites", "infantry")
    t1.put("neapolis", "samnites", "infantry")
    t1.move_phase("samnites")
    t1.march("lucania", ["infantry"], ["neapolis"], leaders=("gavius_pontius",))
    t1.act("unit", "infantry")  # picked up along the way: two areas, not three
    t1.go("samnium")  # a highland does not stop it while with the leader
    t1.go("corfinium")
    assert not t1.can("area", t1.a("umbria"))


def test_9_1_faq_picked_up_units_may_be_left_behind_after_a_highland(t1: Table) -> None:
    t1.leader("neapolis", "samnites", "gavius_pontius")
    t1.put("neapolis", "samnites", "infantry")
    t1.put("samnium", "samnites", "infantry")
    t1.move_phase("samnites")
    t1.march("neapolis", ["infantry"], ["samnium"], leaders=("gavius_pontius",))
    t1.act("unit", "infantry")
    t1.act("drop", "infantry")
    t1.go("corfinium")
    assert t1.units("samnium", "samnites")["infantry"] == 1


def test_9_2_reinforcements_must_leave_the_entry_area(t1: Table) -> None:
    from tavola.games.italia.movement import leave_entry_areas

    t1.put("helvetia", "cimbri", "infantry", 9)
    t1.begin("cimbri")
    leave_entry_areas(t1.S, t1.st, t1.n("cimbri"), t1.events)
    assert t1.units("helvetia", "cimbri") == {}


def test_9_2_clarification_no_entering_an_entry_area_without_the_card(t1: Table) -> None:
    t1.put("liguria", "celts", "infantry")
    t1.move_phase("celts")
    t1.march("liguria", ["infantry"])
    assert not t1.can("area", t1.a("alpes"))


def test_9_2_a_card_may_let_a_nation_use_an_entry_area(t1: Table) -> None:
    t1.put("venetia", "illyrians", "infantry")
    t1.move_phase("illyrians")
    t1.march("venetia", ["infantry"])
    assert t1.can("area", t1.a("illyricum"))


def test_9_3_two_units_overrun_one_defender_in_apulia(t1: Table) -> None:
    t1.put("corfinium", "romans", "legion", 3)
    t1.put("apulia", "samnites", "infantry")
    t1.move_phase("romans")
    t1.walk("romans", "corfinium", ["legion", "legion"], ["apulia"])
    t1.walk("romans", "corfinium", ["legion"], ["apulia", "calabria"])
    assert t1.units("calabria", "romans")["legion"] == 1
    assert t1.units("apulia", "romans")["legion"] == 2


def test_9_3_one_unit_cannot_overrun_one_defender(t1: Table) -> None:
    t1.put("corfinium", "romans", "legion", 2)
    t1.put("apulia", "samnites", "infantry")
    t1.move_phase("romans")
    t1.walk("romans", "corfinium", ["legion"], ["apulia"])
    t1.march("corfinium", ["legion"], ["apulia"])
    assert not t1.can("area", t1.a("calabria"))


def test_9_3_two_defenders_need_four_attackers(t1: Table) -> None:
    t1.put("corfinium", "romans", "legion", 4)
    t1.put("samnium", "romans", "legion", 1)
    t1.put("apulia", "samnites", "infantry", 2)
    t1.move_phase("romans")
    t1.walk("romans", "corfinium", ["legion"] * 3, ["apulia"])
    t1.march("samnium", ["legion"], ["apulia"])
    assert not t1.can("area", t1.a("calabria"))  # three are not enough
    t1.act("done")
    from tavola.games.italia.movement import overrun

    assert overrun(t1.S, t1.st, t1.a("apulia"), t1.n("romans"))
    t1.march("corfinium", ["legion"], ["apulia"])
    assert not t1.can("done")  # a fifth attacker may pass, not stop (§8.3)
    t1.go("calabria")
    assert t1.units("calabria", "romans")["legion"] == 1


def test_9_3_three_defenders_cannot_be_overrun_the_attack_limit_is_four(t1: Table) -> None:
    t1.put("corfinium", "romans", "legion", 3)
    t1.put("samnium", "romans", "legion", 2)
    t1.put("lucania", "romans", "legion", 3)
    t1.put("apulia", "samnites", "infantry", 3)
    t1.move_phase("romans")
    t1.walk("romans", "corfinium", ["legion"] * 3, ["apulia"])
    t1.walk("romans", "samnium", ["legion"], ["apulia"])
    t1.march("lucania", ["legion"])
    assert not t1.can("area", t1.a("apulia"))  # a fifth attacker is over the limit (§8.3)


def test_9_3_a_city_with_three_defenders_is_overrun_by_three(t1: Table) -> None:
    t1.put("corfinium", "romans", "legion", 4)
    t1.put("apulia", "samnites", "infantry", 3)
    t1.city("apulia", owner="samnites")
    t1.move_phase("romans")
    t1.walk("romans", "corfinium", ["legion"] * 3, ["apulia"])
    t1.march("corfinium", ["legion"], ["apulia"])
    assert t1.can("area", t1.a("calabria"))


def test_9_3_the_overrunning_units_move_no_further(t1: Table) -> None:
    t1.put("corfinium", "romans", "legion", 2)
    t1.put("roma", "romans", "legion", 1)
    t1.put("apulia", "samnites", "infantry")
    t1.move_phase("romans")
    t1.walk("romans", "corfinium", ["legion", "legion"], ["apulia"])
    assert t1.can("area", t1.a("roma"))
    assert not t1.can("area", t1.a("apulia"))


def test_9_4_crossing_a_strait_is_the_whole_move(t1: Table) -> None:
    t1.put("bruttium", "greeks", "infantry")
    t1.put("rhegium", "greeks", "infantry")
    t1.move_phase("greeks")
    t1.march("rhegium", ["infantry"], ["messana"])
    assert not t1.areas()
    t1.act("done")
    t1.march("bruttium", ["infantry"], ["rhegium"])
    assert not t1.can("area", t1.a("messana"))  # a unit that moved may not cross


def test_9_4_corsica_olbia_strait(t1: Table) -> None:
    t1.put("corsica", "carthaginians", "infantry")
    t1.move_phase("carthaginians")
    t1.march("corsica", ["infantry"])
    assert t1.can("area", t1.a("olbia"))


def test_9_5_fleets_move_two_seas_and_pass_enemy_fleets(t1: Table) -> None:
    t1.put("mare_sardoum", "carthaginians", "fleet")
    t1.put("mare_balearicum", "romans", "fleet", 3)
    t1.move_phase("carthaginians")
    t1.go("mare_sardoum")
    t1.act("fleet", 0)
    t1.go("mare_balearicum", "mare_ligusticum")
    assert not t1.areas()


def test_9_5_fleets_never_enter_land(t1: Table) -> None:
    t1.put("mare_sardoum", "carthaginians", "fleet")
    t1.move_phase("carthaginians")
    t1.go("mare_sardoum")
    t1.act("fleet", 0)
    assert all(t1.S.is_sea[a] for a in t1.areas())


def test_9_6_carthaginian_transport_example(t1: Table) -> None:
    t1.put("africa", "carthaginians", "infantry", 2)
    t1.put("byzacena", "carthaginians", "infantry", 1)
    t1.put("mare_sardoum", "carthaginians", "fleet")
    t1.put("mare_balearicum", "romans", "fleet", 3)
    t1.move_phase("carthaginians")
    # The Byzacena infantry walks to Africa: it may not embark any more.
    t1.walk("carthaginians", "byzacena", ["infantry"], ["africa"])
    t1.march("africa", ["infantry", "infantry"])
    assert ("unit", "infantry") not in t1.legal()  # the walked one cannot be picked
    t1.go("mare_sardoum")
    t1.act("done")
    assert t1.cargo("mare_sardoum", "carthaginians")["infantry"] == 2
    t1.go("mare_sardoum")
    t1.act("fleet", 0)
    t1.go("mare_balearicum")
    t1.act("done")
    t1.march("mare_balearicum", ["infantry"], ["olbia"])
    t1.go("mare_balearicum")
    fl = next(
        j for j, u in enumerate(t1.st["units"][t1.a("mare_balearicum")]) if u[0] == t1.n("carthaginians")
    )
    t1.act("fleet", fl)
    t1.go("mare_ligusticum")  # the fleet's move is used up: the group ends
    t1.march("mare_ligusticum", ["infantry"], ["pisae"])
    assert t1.units("olbia", "carthaginians")["infantry"] == 1
    assert t1.units("pisae", "carthaginians")["infantry"] == 1
    assert t1.units("africa", "carthaginians")["infantry"] == 1


def test_9_6_landed_units_move_no_further_by_land(t1: Table) -> None:
    t1.put("africa", "carthaginians", "infantry")
    t1.put("mare_sardoum", "carthaginians", "fleet")
    t1.move_phase("carthaginians")
    t1.march("africa", ["infantry"], ["mare_sardoum", "numidia"])
    assert t1.step() == "move" and t1.st["flow"][-1]["group"] == -1
    assert not t1.can("area", t1.a("numidia"))


def test_9_6_a_fleet_carries_two_units_per_turn_plus_leaders(t1: Table) -> None:
    t1.put("africa", "carthaginians", "infantry", 3)
    t1.leader("africa", "carthaginians", "hamilcar")
    t1.put("mare_sardoum", "carthaginians", "fleet")
    t1.move_phase("carthaginians")
    t1.march("africa", ["infantry", "infantry"], leaders=("hamilcar",))
    assert t1.can("area", t1.a("mare_sardoum"))
    t1.act("unit", "infantry")
    assert not t1.can("area", t1.a("mare_sardoum"))


def test_9_6_the_two_unit_capacity_counts_for_the_whole_turn(t1: Table) -> None:
    t1.put("africa", "carthaginians", "infantry", 4)
    t1.put("mare_sardoum", "carthaginians", "fleet")
    t1.move_phase("carthaginians")
    t1.march("africa", ["infantry", "infantry"], ["mare_sardoum", "carales"])
    t1.march("africa", ["infantry"])
    assert not t1.can("area", t1.a("mare_sardoum"))


def test_9_6_a_unit_uses_one_fleet_only(t1: Table) -> None:
    t1.put("africa", "carthaginians", "infantry")
    t1.put("mare_sardoum", "carthaginians", "fleet", 2)
    t1.move_phase("carthaginians")
    t1.march("africa", ["infantry"], ["mare_sardoum", "carales"])
    # Landed, the unit may neither walk on nor board the second fleet.
    assert not t1.can("area", t1.a("carales"))


def test_9_6_units_may_stay_aboard(t1: Table) -> None:
    t1.put("africa", "carthaginians", "infantry")
    t1.put("mare_sardoum", "carthaginians", "fleet")
    t1.move_phase("carthaginians")
    t1.march("africa", ["infantry"], ["mare_sardoum"])
    t1.act("done")
    t1.act("done")
    assert t1.cargo("mare_sardoum", "carthaginians")["infantry"] == 1


def test_9_7_own_city_in_samnium_is_a_road_to_apulia(t1: Table) -> None:
    t1.put("roma", "romans", "legion")
    t1.put("samnium", "romans", "legion")
    t1.city("samnium", owner="romans")
    t1.move_phase("romans")
    t1.walk("romans", "roma", ["legion"], ["samnium", "apulia"])
    assert t1.units("apulia", "romans")["legion"] == 1


def test_9_7_a_ruin_is_no_road(t1: Table) -> None:
    t1.put("roma", "romans", "legion")
    t1.put("samnium", "romans", "legion")
    t1.city("samnium", owner="romans", ruin=True)
    t1.move_phase("romans")
    t1.march("roma", ["legion"], ["samnium"])
    assert not t1.can("area", t1.a("apulia"))


def test_9_7_house_rule_allied_city_is_a_road() -> None:
    t = Table("italia-i", options={"allied_cities": True})
    allied_city_in_samnium(t, "roma")
    t.go("samnium")
    assert t.can("area", t.a("apulia"))


def test_9_7_without_the_house_rule_an_allied_city_is_no_road(t1: Table) -> None:
    allied_city_in_samnium(t1, "roma")
    assert not t1.can("area", t1.a("samnium"))  # would have to stop in an ally's area
