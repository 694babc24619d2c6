"""The Italia board against the rulebook: every geometric fact its examples state, the area lists
of §2.1, and the structure the rules rely on (symmetry, connectivity, counts, validation)."""

from __future__ import annotations

import copy
import itertools
import json
from pathlib import Path

import pytest
import yaml

from tavola.core.errors import DataError
from tavola.games.italia.board import MAP_FILE, load_board, parse_board

B = load_board()


def ids(*keys: str) -> set[int]:
    return {B.index[k] for k in keys}


def names(area_ids: object) -> set[str]:
    return {B.keys[i] for i in area_ids}  # type: ignore[attr-defined]


def land_path(*keys: str) -> bool:
    """Every consecutive pair is a land move (border or strait)."""
    return all(B.land_adjacent(B.index[a], B.index[b]) for a, b in itertools.pairwise(keys))


def neighbours(key: str) -> set[str]:
    return names(B.adj[B.index[key]])


# --- §2.1 counts and area lists ------------------------------------------------------------------


def test_2_1_area_counts() -> None:
    assert len(B.areas) == 48
    assert len(B.regions["sea"]) == 9  # §9.5: nine sea areas
    assert len(B.regions["entry"]) == 5
    assert len(B.regions["north_africa"]) == 5  # "5 province africane"
    assert len(B.regions["italy"]) == 29
    # "25 territori della penisola": 22 mainland areas + 3 islands counted once each
    assert len(B.regions["mainland_italy"]) + 3 == 25
    assert [a.id for a in B.areas] == list(range(48))


def test_2_1_south_italy_list() -> None:
    assert names(B.regions["south_italy"]) == {
        "apulia",
        "samnium",
        "neapolis",
        "lucania",
        "calabria",
        "bruttium",
        "rhegium",
    }


def test_2_1_north_italy_is_every_other_mainland_area() -> None:
    north = names(B.regions["north_italy"])
    assert len(north) == 15
    assert {"roma", "corfinium", "mediolanum", "venetia", "ravenna", "pavia"} <= north
    assert not north & names(B.regions["south_italy"])


def test_2_1_islands() -> None:
    assert names(B.regions["corsica"]) == {"corsica"}
    assert names(B.regions["sardinia"]) == {"olbia", "carales"}
    assert names(B.regions["sicily"]) == {"lilybaeum", "agrigentum", "messana", "syracusae"}
    assert B.regions["islands"] <= B.regions["italy"]


def test_2_1_entry_areas_are_not_italy_or_africa() -> None:
    assert names(B.regions["italy_entry"]) == {"alpes", "helvetia", "noricum", "illyricum"}
    assert names(B.regions["africa_entry"]) == {"aures"}
    assert not B.regions["entry"] & (B.regions["italy"] | B.regions["north_africa"])
    assert "aures" not in names(B.regions["north_africa"])


def test_2_1_highland_list() -> None:
    highland = {a.key for a in B.areas if a.kind == "land" and a.terrain == "highland"}
    assert highland == {
        "pavia",
        "florentia",
        "perusia",
        "umbria",
        "samnium",
        "rhegium",
        "corsica",
        "agrigentum",
        "olbia",
    }


def test_2_1_entry_areas_are_highlands() -> None:
    for i in B.regions["entry"]:
        assert B.areas[i].highland and B.areas[i].stack_limit == 2


def test_2_1_marsh_list() -> None:
    assert {a.key for a in B.areas if a.terrain == "marsh"} == {"ravenna", "venetia"}


def test_2_2_1_9_no_city_list() -> None:
    no_city = {a.key for a in B.areas if a.is_land and not a.city_allowed}
    assert no_city == {"corsica", "olbia", "carales", "alpes", "helvetia", "noricum", "illyricum", "aures"}


def test_2_1_seas_named_in_the_rulebook() -> None:
    sea_names = {B.areas[i].name for i in B.regions["sea"]}
    assert {
        "Mare Balearicum",
        "Mare Ligusticum",
        "Mare Tyrrhenum",
        "Mare Sardoum",
        "Mare Libycum",
        "Mare Siculum",
        "Mare Ionium",
        "Mare Hadriaticum",
    } < sea_names


def test_italian_rulebook_names_resolve() -> None:
    for italian, key in [
        ("Puglia", "apulia"),
        ("Sannio", "samnium"),
        ("Reggio", "rhegium"),
        ("Bruzio", "bruttium"),
        ("Perugia", "perusia"),
        ("Venezia", "venetia"),
        ("Lilibeo", "lilybaeum"),
        ("Agrigento", "agrigentum"),
        ("Syracusa", "syracusae"),
        ("Norico", "noricum"),
    ]:
        assert B.id(italian) == B.index[key]
        assert B.areas[B.index[key]].name_it == italian
    with pytest.raises(KeyError):
        B.id("Atlantis")


# --- §8 stacking figures used by the examples -----------------------------------------------------


def test_8_0_lucania_holds_three_units() -> None:
    assert B.areas[B.index["lucania"]].stack_limit == 3


def test_8_3_calabria_holds_three_units() -> None:
    assert B.areas[B.index["calabria"]].stack_limit == 3


def test_8_6_rhegium_is_a_highland_of_two() -> None:
    assert B.areas[B.index["rhegium"]].stack_limit == 2


# --- §9 movement examples -------------------------------------------------------------------------


def test_9_0_lucania_neapolis_roma() -> None:
    assert land_path("lucania", "neapolis", "roma")
    # "se la fanteria si sposta in Sannio": Samnium is next to Lucania and stops movement
    assert land_path("lucania", "samnium")
    assert B.areas[B.index["samnium"]].highland


def test_9_0_four_corners_are_not_adjacent() -> None:
    assert not B.adjacent(B.index["noricum"], B.index["tridentum"])
    assert not B.adjacent(B.index["mare_ligusticum"], B.index["carales"])
    assert (B.index["noricum"], B.index["tridentum"]) in B.corners
    assert (B.index["mare_ligusticum"], B.index["carales"]) in B.corners


def test_9_0_four_corner_neighbours_meet_both() -> None:
    # Four borders meet at the corner: each other area around it touches both diagonal ends.
    for a, b in B.corners:
        common = B.adj_sets[a] & B.adj_sets[b]
        assert len(common) >= 2, (B.keys[a], B.keys[b])


def test_9_1_lucania_to_etruria_with_a_leader() -> None:
    # infantry (2) + leader (+1) = three areas
    path = ("lucania", "neapolis", "roma", "etruria")
    assert land_path(*path) and len(path) - 1 == 3
    alt = ("lucania", "samnium", "corfinium", "picenum")
    assert land_path(*alt) and len(alt) - 1 == 3


def test_9_3_apulia_overrun_example() -> None:
    apulia = B.index["apulia"]
    # three defenders need six attackers but at most 3 + 1 may attack: the limit is 3
    assert B.areas[apulia].stack_limit == 3
    # units overrunning Apulia can go on to other areas adjacent to it
    land = names(B.land_adj[apulia])
    assert len(land) >= 3
    assert {"samnium", "lucania", "corfinium"} <= land


def test_9_4_straits() -> None:
    assert {frozenset(names(s)) for s in B.straits} == {
        frozenset({"rhegium", "messana"}),
        frozenset({"corsica", "olbia"}),
    }
    assert B.strait(B.index["rhegium"], B.index["messana"])
    assert B.strait(B.index["olbia"], B.index["corsica"])
    assert land_path("rhegium", "messana") and land_path("corsica", "olbia")
    assert not B.strait(B.index["rhegium"], B.index["bruttium"])


def test_9_6_carthaginian_transport() -> None:
    assert land_path("byzacena", "africa")
    sardoum, balearicum, ligusticum = (
        B.index["mare_sardoum"],
        B.index["mare_balearicum"],
        B.index["mare_ligusticum"],
    )
    assert B.index["africa"] in B.coasts[sardoum]  # the fleet embarks two infantry in Africa
    assert balearicum in B.sea_adj[sardoum]  # moves to Mare Balearicum
    assert B.index["olbia"] in B.coasts[balearicum]  # lands one at Olbia
    assert ligusticum in B.sea_adj[balearicum]  # second sea move
    assert B.index["pisae"] in B.coasts[ligusticum]  # lands one at Pisae


def test_9_7_roma_through_samnium_to_apulia() -> None:
    assert land_path("roma", "samnium", "apulia")


# --- §10 combat examples --------------------------------------------------------------------------


def test_10_5_samnite_retreat_from_apulia() -> None:
    apulia = names(B.land_adj[B.index["apulia"]])
    assert {"corfinium", "samnium", "lucania"} <= apulia


def test_10_6_venetia_to_ravenna_then_picenum() -> None:
    assert land_path("venetia", "ravenna", "picenum")


def test_10_9_supremacy_seas_around_africa() -> None:
    africa_seas = names(B.sea_adj[B.index["africa"]])
    assert africa_seas == {"mare_sardoum", "mare_libycum"}


def test_10_9_combat_example_1_celts_reach_verona() -> None:
    assert land_path("mediolanum", "verona")


# --- §12.3 campaign and reactions -----------------------------------------------------------------


def test_12_3_2_ravenna_neighbours() -> None:
    assert neighbours("ravenna") == {
        "venetia",
        "verona",
        "pavia",
        "florentia",
        "picenum",
        "mare_hadriaticum",
    }


def test_12_3_fabius_campaign_steps() -> None:
    first = ("roma", "perusia", "picenum", "ravenna")
    assert land_path(*first)
    second = ("ravenna", "florentia", "etruria", "pisae", "pavia")
    assert land_path(*second) and len(second) - 1 == 4  # legions with a leader move four areas
    assert B.areas[B.index["florentia"]].highland  # the leader lets them pass the highland


def test_12_3_reaction_moves_are_one_area() -> None:
    for a, b in [("pavia", "verona"), ("florentia", "pisae"), ("verona", "mediolanum"), ("liguria", "pavia")]:
        assert land_path(a, b), (a, b)


def test_13_2_hannibal_enters_italy_from_alpes() -> None:
    assert B.land_adj[B.index["alpes"]]
    assert set(B.land_adj[B.index["alpes"]]) & B.regions["north_italy"]


def test_7_2_cimbri_can_leave_helvetia() -> None:
    assert set(B.land_adj[B.index["helvetia"]]) & B.regions["north_italy"]


# --- structure ---------------------------------------------------------------------------------


def test_adjacency_is_symmetric() -> None:
    for a in range(len(B.areas)):
        for b in B.land_adj[a]:
            assert a in B.land_adj[b]
        for b in B.adj[a]:
            assert a in B.adj[b]
            assert B.adjacent(a, b) and B.adjacent(b, a)
        assert a not in B.adj_sets[a]


def test_adjacency_kinds() -> None:
    for area in B.areas:
        if area.is_sea:
            assert not B.land_adj[area.id]
            assert all(B.areas[j].is_sea for j in B.sea_adj[area.id])
            assert all(B.areas[j].is_land for j in B.coasts[area.id])
        else:
            assert not B.coasts[area.id]
            assert all(B.areas[j].is_land for j in B.land_adj[area.id])
            assert all(B.areas[j].is_sea for j in B.sea_adj[area.id])
            for s in B.sea_adj[area.id]:
                assert area.id in B.coasts[s]
            assert area.coastal == bool(B.sea_adj[area.id])
            assert B.land_adj[area.id], area.key


def test_every_sea_touches_land() -> None:
    for i in B.regions["sea"]:
        assert B.coasts[i]


def test_9_4_land_components_joined_by_straits() -> None:
    def reach(start: str) -> set[int]:
        seen = {B.index[start]}
        todo = list(seen)
        while todo:
            for j in B.land_adj[todo.pop()]:
                if j not in seen:
                    seen.add(j)
                    todo.append(j)
        return seen

    italy = reach("roma")
    # the Rhegium–Messana strait joins Sicily to the mainland (§9.4)
    assert B.regions["mainland_italy"] | B.regions["sicily"] | B.regions["italy_entry"] == italy
    # the Corsica–Olbia strait joins Corsica to Sardinia, and nothing else reaches them by land
    assert reach("corsica") == B.regions["corsica"] | B.regions["sardinia"]
    africa = reach("africa")
    assert B.regions["north_africa"] | B.regions["africa_entry"] == africa


def test_sicily_and_sardinia_join_by_straits_only() -> None:
    mainland = B.regions["mainland_italy"]
    for i in B.regions["sicily"] | B.regions["sardinia"] | B.regions["corsica"]:
        for j in B.land_adj[i]:
            if j in mainland or B.areas[j].island != B.areas[i].island:
                assert B.strait(i, j)


def test_link_counts_and_provenance() -> None:
    links = B.spec.links
    sourced = [link for link in links if link.source]
    assert len(sourced) == 34
    assert all(link.reconstructed and len(link.reconstructed) > 15 for link in links if not link.source)
    unsourced_names = [a.key for a in B.spec.areas if a.reconstructed]
    assert sorted(unsourced_names) == ["mare_illyricum", "mauretania"]


def test_queries_are_precomputed() -> None:
    ravenna = B.index["ravenna"]
    assert isinstance(B.land_adj[ravenna], tuple)
    assert B.adj_mask[ravenna] == sum(1 << j for j in B.adj[ravenna])
    assert B.in_region(ravenna, "north_italy") and not B.in_region(ravenna, "south_italy")
    assert load_board() is B
    from tavola.games.italia import board as board_module

    assert board_module.BOARD is B


def test_to_json_round_trips() -> None:
    data = json.loads(json.dumps(B.to_json()))
    assert len(data["areas"]) == 48
    assert data["areas"][B.index["roma"]]["name"] == "Roma"
    assert data["land_adj"][B.index["ravenna"]] == list(B.land_adj[B.index["ravenna"]])
    assert sorted(map(sorted, data["straits"])) == sorted(sorted(s) for s in B.straits)
    for area in data["areas"]:
        assert -10 <= area["lon"] <= 30 and 25 <= area["lat"] <= 50 and area["label"]


# --- validation --------------------------------------------------------------------------------

RAW = yaml.safe_load(MAP_FILE.read_text(encoding="utf-8"))


def corrupt(change: object) -> str:
    raw = copy.deepcopy(RAW)
    change(raw)  # type: ignore[operator]
    with pytest.raises(DataError) as exc:
        parse_board(raw, Path("map.yaml"))
    return str(exc.value)


def test_data_error_missing_field() -> None:
    msg = corrupt(lambda r: r["areas"][6].pop("terrain"))
    assert "map.yaml" in msg and "ravenna" in msg


def test_data_error_bad_terrain() -> None:
    msg = corrupt(lambda r: r["areas"][1].update(terrain="swamp"))
    assert "pavia" in msg and "terrain" in msg


def test_data_error_unknown_area_in_link() -> None:
    msg = corrupt(
        lambda r: r["links"].append({"a": "ravenna", "b": "atlantis", "kind": "land", "source": "x"})
    )
    assert "atlantis" in msg and "map.yaml" in msg


def test_data_error_link_kind_mismatch() -> None:
    msg = corrupt(
        lambda r: r["links"].append({"a": "roma", "b": "mare_ionium", "kind": "land", "source": "x"})
    )
    assert "roma" in msg and "mare_ionium" in msg


def test_data_error_missing_provenance() -> None:
    msg = corrupt(lambda r: r["links"][0].pop("source"))
    assert "ravenna" in msg and "source" in msg


def test_data_error_corner_linked() -> None:
    msg = corrupt(
        lambda r: r["links"].append({"a": "noricum", "b": "tridentum", "kind": "land", "source": "x"})
    )
    assert "noricum" in msg and "tridentum" in msg


def test_data_error_duplicate_area() -> None:
    def dup(r: dict) -> None:
        r["areas"].append(copy.deepcopy(r["areas"][0]))

    assert "mediolanum" in corrupt(dup)


def test_data_error_entry_area_with_city() -> None:
    alpes = next(i for i, a in enumerate(RAW["areas"]) if a["key"] == "alpes")
    assert "alpes" in corrupt(lambda r: r["areas"][alpes].update(city_allowed=True))


def test_data_error_not_yaml(tmp_path: Path) -> None:
    from tavola.games.italia.board import load_board_file

    bad = tmp_path / "map.yaml"
    bad.write_text("areas: [\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"map\.yaml"):
        load_board_file(bad)
