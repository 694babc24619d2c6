"""Revolution's components (§2) as validated data: the counts the rulebook states, provenance on
every item, the geography every worked example needs (unbent), and clear errors on bad data."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from revolution_helpers import GELDERLAND_BY_RIVER, GELDERLAND_NEIGHBOURS

from tavola.core.errors import DataError
from tavola.games.revolution.loader import COMPONENTS as C
from tavola.games.revolution.loader import FILES, build, raw_copy
from tavola.games.revolution.overpopulation import destinations, river_reach


def p(pid: str) -> int:
    return C.province_index[pid]


def c(cid: str) -> int:
    return C.place_index[cid]


def names(provinces: set[int]) -> set[str]:
    return {C.province_ids[x] for x in provinces}


# --- counts the rulebook states ---------------------------------------------------------------
def test_2_the_41_cards_are_24_provinces_12_cities_and_5_factions() -> None:
    assert len(C.province_ids) == 24
    assert len(C.cities) == 12
    assert C.cards == 41
    assert sorted(C.place_ids[x] for x in C.city_links) == sorted(C.place_ids[x] for x in C.cities)


def test_2_every_province_and_place_has_its_card_values() -> None:
    assert all(v in (0, 1, 2) for v in C.vp2)  # 0, 0.5 or 1 VP (§4.3.1)
    assert all(t >= 1 for t in C.tax2)
    assert C.tax2[p("gelderland")] == 4  # Gelderland pays 2: the one public tax value


def test_4_3_2_seven_trade_cities_seven_universities_six_bishoprics() -> None:
    assert sum(C.trade) == 7
    assert sum(u is not None for u in C.university) == 7
    existing = {C.place_ids[x] for x, u in enumerate(C.university) if u == "existing"}
    assert existing == {"KOLN", "Leuven"}
    assert C.is_city[c("KOLN")] and not C.is_city[c("Leuven")]
    assert names(set(C.bishopric_provinces)) == {"artois", "flanders", "koln", "liege", "trier", "utrecht"}


def test_4_3_1_small_provinces_are_those_of_limit_1() -> None:
    for x in range(len(C.province_ids)):
        assert C.small[x] == (C.limit[x] == 1)
    assert any(C.small)


def test_2_every_item_has_its_provenance() -> None:
    raw = raw_copy()
    items = 0
    for name in FILES:
        for key, value in raw[name].items():
            for entry in value if isinstance(value, list) else [value]:
                assert entry.get("source") or entry.get("reconstructed"), f"{name} {key}: {entry}"
                items += 1
    assert items > 150


# --- the set-up (§3.6) ------------------------------------------------------------------------
def test_3_6_with_five_players_every_city_receives_a_faction_token() -> None:
    taken = {place for f in C.factions for place in C.setup[f]["map"]}
    assert {C.place_ids[x] for x in C.cities} <= taken
    assert all(place in C.place_index for place in taken)


def test_3_6_set_up_support_tokens_fit_their_boxes() -> None:
    assert C.setup["reformers"]["support"] == {"calvinists": 4}
    slots = C.box_slots[C.box_index["calvinists"]]
    assert slots.count("half") >= 4
    assert C.setup["nobility"]["support"] == {"french": 2, "emperor": 2}
    assert C.setup["burghers"]["support"] == {"london": 3, "huguenots": 1}


def test_5_7_allegiance_start_spaces() -> None:
    start = {C.place_ids[x]: s for x, s in C.allegiance_start.items()}
    assert start == {
        "AACHEN": 3,
        "AMSTERDAM": 2,
        "ANTWERPEN": 4,
        "BRUGGE": 5,
        "BRUXELLES": 2,
        "GENT": 5,
        "HAARLEM": 4,
        "KOLN": 2,
        "LEIDEN": 5,
        "LIEGE": 3,
        "LUXEMBURG": 3,
        "UTRECHT": 4,
    }


# --- the geography of every worked example ------------------------------------------------------
def test_5_2_example_the_nobility_has_one_token_in_julich() -> None:
    """The Nobility's one token in Jülich at the start of turn 0 is AACHEN's (§3.6)."""
    nobility = C.setup["nobility"]["map"]
    in_julich = sum(k for place, k in nobility.items() if C.place_province[c(place)] == p("julich"))
    assert in_julich == 1
    assert C.place_province[c("AACHEN")] == p("julich")


def test_5_7_example_koln_is_a_city() -> None:
    assert C.is_city[c("KOLN")]
    assert C.place_province[c("KOLN")] == p("koln")


def test_5_8_the_habsburg_set_up_boxes_lie_in_different_regions() -> None:
    """Two armies on orange boxes always score 2 VP in turn 0: one orange box per block."""
    with_orange = [r for r in range(len(C.region_ids)) if C.orange[r]]
    assert len(with_orange) >= C.setup["habsburgs"]["armies"] == 2
    assert all(len(o) <= 1 for o in C.orange)


def test_6_5_example_2_fits_a_command_block() -> None:
    """1 Catholic, 2 Habsburg and 2 Burgher armies stand in one block."""
    assert max(C.boxes) >= 5


def test_6_2_2_example_the_spanish_treasury_holds_five_catholic_coins() -> None:
    box = C.box_index["spanish_treasury"]
    assert set(C.box_factions[box]) == {"catholics", "habsburgs"}
    assert C.box_slots[box].count("coin") >= 5
    hug = C.box_index["huguenots"]
    assert set(C.box_factions[hug]) == {"burghers", "reformers"}
    assert C.box_exclusive[hug]
    assert len(C.box_slots[hug]) >= 2  # the note's two Huguenot tokens


def test_6_10_example_geography() -> None:
    """KÖLN's card lists Dordrecht, LEIDEN and Nijmegen; UTRECHT's Cleve and KÖLN; the town Cleve
    lies in Cleve; the Catholics' tokens of the example fit the provinces' limits."""
    assert [C.place_ids[x] for x in C.city_links[c("KOLN")]] == ["Dordrecht", "LEIDEN", "Nijmegen"]
    assert [C.place_ids[x] for x in C.city_links[c("UTRECHT")]] == ["Cleve", "KOLN"]
    assert not C.is_city[c("Cleve")] and C.place_province[c("Cleve")] == p("cleve")
    assert not C.is_city[c("Dordrecht")] and not C.is_city[c("Nijmegen")] and C.is_city[c("LEIDEN")]
    jesuits = C.box_index["jesuits"]
    assert "catholics" in C.box_factions[jesuits] and len(C.box_slots[jesuits]) >= 2
    # countryside Artois 1, Cleve 2, Köln 3, Utrecht 2, plus the town Cleve and a token in
    # each held city (KÖLN, UTRECHT)
    assert C.limit[p("artois")] >= 1
    assert C.limit[p("cleve")] >= 3
    assert C.limit[p("koln")] >= 4
    assert C.limit[p("utrecht")] >= 3


def test_6_13_example_gelderland_neighbours() -> None:
    assert names(set(C.adjacent[p("gelderland")])) == GELDERLAND_NEIGHBOURS


def test_6_13_note_zeeland_is_adjacent_to_holland_and_the_generality() -> None:
    assert {"holland", "generality"} <= names(set(C.adjacent[p("zeeland")]))


def _reach(origin: str, blocked: set[str]) -> set[str]:
    return names(river_reach(C, p(origin), lambda x: C.place_ids[x] not in blocked))


def test_6_13_example_gelderland_by_river() -> None:
    """By river: Limburg, Köln, Liege, Maastricht, Venlo; Namur unless LIEGE blocks."""
    beyond = _reach("gelderland", set()) - names(set(C.adjacent[p("gelderland")]))
    assert beyond == GELDERLAND_BY_RIVER | {"namur"}
    beyond = _reach("gelderland", {"LIEGE"}) - names(set(C.adjacent[p("gelderland")]))
    assert beyond == GELDERLAND_BY_RIVER


def test_6_13_example_holland_reaches_koln_past_arnhem_or_nijmegen() -> None:
    assert "koln" in _reach("holland", set())
    assert "koln" in _reach("holland", {"Arnhem"})
    assert "koln" in _reach("holland", {"Nijmegen"})
    assert "koln" not in _reach("holland", {"Arnhem", "Nijmegen"})
    assert "koln" not in names(set(C.adjacent[p("holland")]))


def test_6_13_destinations_join_neighbours_and_rivers() -> None:
    every = destinations(C, p("gelderland"), lambda x: True)
    assert names(every) == GELDERLAND_NEIGHBOURS | GELDERLAND_BY_RIVER | {"namur"}


def test_6_16_example_koln_starts_mid_catholic() -> None:
    """KÖLN's marker is on the middle of the Catholic spaces, the second from the left."""
    assert C.allegiance_start[c("KOLN")] == 2
    assert C.allegiance_centre == 4 and len(C.allegiance_effect) == 7
    assert C.allegiance_max_move == 3
    assert all(C.allegiance_effect[s - 1] == (0, 0) for s in (3, 4, 5))


def test_6_7_water_beggar_area() -> None:
    assert names(set(C.beggar_area)) == {
        "gelderland",
        "holland",
        "overijssel",
        "utrecht",
        "zeeland",
        "generality",
    }
    assert C.beggar_tokens == 3 and C.beggar_cost == 2
    assert set(C.beggar_hirers) == {"burghers", "reformers"}


def test_6_4_army_costs_and_6_3_maintenance() -> None:
    assert C.army_cost == {
        "catholics": (3, 7, 11),
        "habsburgs": (3, 6, 10),
        "nobility": (2, 5, 8),
        "burghers": (2, 4, 7),
        "reformers": (2, 4, 6),
    }
    assert C.army_maintain["catholics"] == 2 and C.army_disband == 1
    assert C.turn0_units == {"catholics": 7, "habsburgs": 6, "nobility": 5, "burghers": 4, "reformers": 3}


def test_6_8_arrows_join_every_block() -> None:
    seen, todo = {0}, [0]
    while todo:
        for y in C.arrows[todo.pop()]:
            if y not in seen:
                seen.add(y)
                todo.append(y)
    assert len(seen) == len(C.region_ids)


def test_6_13_the_map_is_given_every_river_leg_with_the_places_it_passes() -> None:
    """The browser draws the rivers from the board it is sent: every leg of every course, in
    order, past the places the §6.13 example names (Holland reaches Köln past Arnhem or
    Nijmegen, Namur past LIEGE)."""
    from tavola.games.revolution.view import board

    rivers = board("Revolution")["revolution"]["rivers"]
    legs = [(leg["a"], leg["b"], tuple(leg["past"])) for r in rivers for leg in r["legs"]]
    assert legs == [
        (C.province_ids[a], C.province_ids[b], tuple(C.place_ids[c] for c in passed))
        for a, b, passed in C.river_legs
    ]
    assert ("gelderland", "holland", ("Arnhem",)) in legs
    assert ("gelderland", "holland", ("Nijmegen",)) in legs
    assert ("liege", "namur", ("LIEGE",)) in legs


# --- corrupt data: a clear error naming the item ------------------------------------------------
def _find(items: list[dict[str, Any]], key: str, value: str) -> dict[str, Any]:
    return next(i for i in items if i.get(key) == value)


Corrupt = Callable[[dict[str, Any]], None]


def _setup(faction: str, part: str, **change: int) -> Corrupt:
    return lambda r: r["rules.yaml"]["setup"]["factions"][faction][part].update(**change)


CORRUPT: list[tuple[str, Corrupt, str]] = [
    (
        "limit-zero",
        lambda r: _find(r["board.yaml"]["provinces"], "id", "hainaut").update(limit=0),
        "provinces[hainaut].limit",
    ),
    (
        "small-with-limit-2",
        lambda r: _find(r["board.yaml"]["provinces"], "id", "venlo").update(limit=2),
        "provinces[venlo].size",
    ),
    (
        "unknown-region",
        lambda r: _find(r["board.yaml"]["provinces"], "id", "namur").update(region="ardennes"),
        "provinces[namur].region",
    ),
    (
        "no-provenance",
        lambda r: [_find(r["board.yaml"]["places"], "id", "Binche").pop("reconstructed")],
        "places[Binche]",
    ),
    (
        "typo-field",
        lambda r: _find(r["board.yaml"]["places"], "id", "Gouda").update(provence="holland"),
        "places[Gouda].provence",
    ),
    (
        "border-unknown",
        lambda r: r["board.yaml"]["borders"].append({"a": "holland", "b": "england", "reconstructed": "x"}),
        "borders[holland-england]",
    ),
    (
        "border-twice",
        lambda r: r["board.yaml"]["borders"].append(
            {"a": "utrecht", "b": "gelderland", "reconstructed": "x"}
        ),
        "borders[utrecht-gelderland]",
    ),
    (
        "place-twice",
        lambda r: r["board.yaml"]["places"].append(
            {"id": "Gouda", "name": "Gouda", "kind": "town", "province": "holland", "reconstructed": "x"}
        ),
        "places[Gouda]",
    ),
    (
        "thirteen-cities",
        lambda r: _find(r["board.yaml"]["places"], "id", "Gouda").update(kind="city"),
        "13 cities",
    ),
    (
        "eight-trade-cities",
        lambda r: _find(r["board.yaml"]["places"], "id", "Gouda").update(trade=True),
        "8 trade cities",
    ),
    (
        "two-orange-boxes",
        lambda r: _find(r["board.yaml"]["regions"], "id", "rhine").update(orange=[0, 1]),
        "regions[rhine].orange",
    ),
    (
        "river-unknown-stop",
        lambda r: _find(r["board.yaml"]["rivers"], "id", "meuse")["course"].insert(1, "Zaltbommel"),
        "rivers[meuse].course",
    ),
    (
        "see-elsewhere",
        lambda r: _find(r["board.yaml"]["bishoprics"], "province", "trier").update(see="Arras"),
        "bishoprics[trier].see",
    ),
    (
        "vp-not-a-half",
        lambda r: _find(r["cards.yaml"]["provinces"], "province", "artois").update(vp=0.7),
        "provinces[artois].vp",
    ),
    (
        "tax-not-a-half",
        lambda r: _find(r["cards.yaml"]["provinces"], "province", "zeeland").update(tax=1.3),
        "provinces[zeeland].tax",
    ),
    (
        "missing-province-card",
        lambda r: r["cards.yaml"]["provinces"].remove(
            _find(r["cards.yaml"]["provinces"], "province", "drenthe")
        ),
        "no card for drenthe",
    ),
    (
        "link-unknown",
        lambda r: _find(r["cards.yaml"]["cities"], "city", "GENT")["links"].append("Oudenaarde"),
        "cities[GENT].links",
    ),
    (
        "box-enters-unknown",
        lambda r: _find(r["support.yaml"]["boxes"], "id", "french")["enters"].append("picardy"),
        "boxes[french].enters",
    ),
    (
        "box-unknown-faction",
        lambda r: _find(r["support.yaml"]["boxes"], "id", "jesuits")["factions"].append("spaniards"),
        "boxes[jesuits].factions",
    ),
    (
        "setup-unknown-place",
        _setup("burghers", "map", Zierikzee=1),
        "setup.factions[burghers].map[Zierikzee]",
    ),
    (
        "setup-two-in-a-town",
        _setup("burghers", "map", Arnhem=2),
        "setup.factions[burghers].map[Arnhem]",
    ),
    (
        "setup-box-overfull",
        _setup("reformers", "support", calvinists=5),
        "setup.factions[reformers].support[calvinists]",
    ),
    (
        "setup-box-not-allowed",
        _setup("reformers", "support", jesuits=1),
        "setup.factions[reformers].support[jesuits]",
    ),
    (
        "allegiance-missing",
        lambda r: r["rules.yaml"]["allegiance"]["start"].pop("GENT"),
        "no start space for GENT",
    ),
    (
        "army-cost-falling",
        lambda r: r["rules.yaml"]["armies"]["cost"].update(nobility=[5, 2, 8]),
        "armies.cost[nobility]",
    ),
    (
        "factions-reordered",
        lambda r: r["rules.yaml"]["factions"].reverse(),
        "factions",
    ),
]


@pytest.mark.parametrize(("corrupt", "item"), [(f, i) for _, f, i in CORRUPT], ids=[n for n, _, _ in CORRUPT])
def test_2_corrupt_data_is_refused_naming_the_item(corrupt: Corrupt, item: str) -> None:
    raw = raw_copy()
    corrupt(raw)
    with pytest.raises(DataError) as err:
        build(raw)
    assert item in str(err.value)
    assert "revolution data/" in str(err.value)


def test_2_a_missing_file_is_refused() -> None:
    raw = raw_copy()
    del raw["support.yaml"]
    with pytest.raises(DataError, match=r"support\.yaml is missing"):
        build(raw)


def test_2_the_shipped_data_builds_twice_alike() -> None:
    assert build(raw_copy()) == build(raw_copy())
