"""Revolution's components (§2) as validated data: the counts the rulebook states, provenance on
every item, the geography every worked example needs (unbent), and clear errors on bad data.

A check that holds for every item of a kind (every province, city, faction, data entry) is one
test over those items, so a faulty item fails under its own name."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from revolution_helpers import GELDERLAND_BY_RIVER, GELDERLAND_NEIGHBOURS

from tavola.core.errors import DataError
from tavola.games.revolution.common import limits
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


def test_4_3_2_seven_trade_cities_seven_universities_six_bishoprics() -> None:
    assert sum(C.trade) == 7
    assert sum(u is not None for u in C.university) == 7
    existing = {C.place_ids[x] for x, u in enumerate(C.university) if u == "existing"}
    assert existing == {"KOLN", "Leuven"}
    assert C.is_city[c("KOLN")] and not C.is_city[c("Leuven")]
    assert names(set(C.bishopric_provinces)) == {"artois", "flanders", "koln", "liege", "trier", "utrecht"}


# --- every province -----------------------------------------------------------------------------
PROVINCES = list(C.province_ids)


@pytest.mark.parametrize("province", PROVINCES)
def test_4_3_1_a_province_card_is_worth_0_half_or_1_vp(province: str) -> None:
    assert C.vp2[p(province)] in (0, 1, 2)


@pytest.mark.parametrize("province", PROVINCES)
def test_6_1_a_province_card_pays_a_tax(province: str) -> None:
    assert C.tax2[p(province)] >= 1


@pytest.mark.parametrize("province", PROVINCES)
def test_4_3_1_a_province_is_small_exactly_when_its_limit_is_1(province: str) -> None:
    assert C.small[p(province)] == (C.limit[p(province)] == 1)


@pytest.mark.parametrize("province", PROVINCES)
def test_6_13_a_province_borders_another(province: str) -> None:
    """Overpopulation leaves a province for an adjacent one (§6.13): none is an island."""
    assert C.adjacent[p(province)]


def test_4_3_1_some_provinces_are_small() -> None:
    assert any(C.small)


def test_6_13_the_gelderland_example_keeps_its_limits_at_every_player_count() -> None:
    """The §6.13 example overflows 3 tokens from Gelderland (limit 6) into Geldern (limit 3): no
    player count's own limits (board.yaml `by_players`) may change either."""
    for own in (C.limit, *C.limit_by_players.values()):
        assert (own[p("gelderland")], own[p("geldern")]) == (6, 3)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_6_11_every_player_count_plays_the_boards_limits(players: int) -> None:
    """board.yaml gives no player count limits of its own (`by_players`): a 5-player step of
    Köln 4 and Friesland 3 was screened and not taken (docs/balance.md)."""
    assert limits(players) == C.limit


def _limits5(**own: int) -> Callable[[dict[str, Any]], None]:
    entry = {"players": 5, "limits": own, "reconstructed": "a test's"}
    return lambda r: r["board.yaml"].update(by_players=[entry])


def test_6_11_a_player_count_reads_its_own_limits_first() -> None:
    """board.yaml `by_players` gives a player count its own limits (as cards.yaml `by_players`
    gives its taxes); the other provinces, and the other player counts, keep the board's."""
    raw = raw_copy()
    _limits5(koln=4, friesland=3)(raw)
    built = build(raw)
    assert built.limit == C.limit
    assert list(built.limit_by_players) == [5]
    changed = {
        built.province_ids[k]: (a, b)
        for k, (a, b) in enumerate(zip(C.limit, built.limit_by_players[5]))
        if a != b
    }
    assert changed == {"koln": (5, 4), "friesland": (4, 3)}


def test_6_1_gelderland_pays_2() -> None:
    assert C.tax2[p("gelderland")] == 4  # in halves: the one public tax value
    assert all(own[p("gelderland")] == 4 for own in C.tax2_by_players.values())


# --- every region -------------------------------------------------------------------------------
@pytest.mark.parametrize("region", list(C.region_ids))
def test_6_4_a_region_holds_provinces_and_a_command_block(region: str) -> None:
    r = C.region_ids.index(region)
    assert r in C.province_region
    assert C.boxes[r] >= 1


@pytest.mark.parametrize("region", list(C.region_ids))
def test_5_8_a_region_has_one_orange_box_at_most(region: str) -> None:
    """Two Habsburg armies on orange boxes always score 2 VP in turn 0: one orange box per
    block, so the two stand in different regions."""
    assert len(C.orange[C.region_ids.index(region)]) <= 1


def test_5_8_the_habsburg_set_up_boxes_lie_in_different_regions() -> None:
    with_orange = [r for r in range(len(C.region_ids)) if C.orange[r]]
    assert len(with_orange) >= C.setup["habsburgs"]["armies"] == 2


# --- every data entry ---------------------------------------------------------------------------
def _label(name: str, key: str, entry: Any) -> str:
    for k in ("id", "province", "city", "faction", "players"):
        if isinstance(entry, dict) and k in entry:
            return f"{name} {key}[{entry[k]}]"
    if isinstance(entry, dict) and "a" in entry:
        return f"{name} {key}[{entry['a']}-{entry['b']}]"
    return f"{name} {key}"


def _entries() -> list[tuple[str, dict[str, Any]]]:
    raw = raw_copy()
    return [
        (_label(name, key, entry), entry)
        for name in FILES
        for key, value in raw[name].items()
        for entry in (value if isinstance(value, list) else [value])
    ]


ENTRIES = _entries()


@pytest.mark.parametrize("entry", [e for _, e in ENTRIES], ids=[label for label, _ in ENTRIES])
def test_2_an_item_states_its_provenance(entry: dict[str, Any]) -> None:
    """Every item says where it is stated (`source:`) or how it was filled in (`reconstructed:`)."""
    assert entry.get("source") or entry.get("reconstructed")


def test_2_every_item_of_the_files_is_checked() -> None:
    assert len(ENTRIES) > 150
    assert len({label for label, _ in ENTRIES}) == len(ENTRIES)  # one test id per item


# --- the set-up (§3.6) ------------------------------------------------------------------------
CITIES = [C.place_ids[x] for x in C.cities]
SET_UP = [(f, place) for f in C.factions for place in C.setup[f]["map"]]


@pytest.mark.parametrize("city", CITIES)
def test_3_6_with_five_players_the_city_receives_a_faction_token(city: str) -> None:
    assert any(city in C.setup[f]["map"] for f in C.factions)


@pytest.mark.parametrize(("faction", "place"), SET_UP, ids=[f"{f}-{x}" for f, x in SET_UP])
def test_3_6_a_set_up_place_is_on_the_map(faction: str, place: str) -> None:
    assert place in C.place_index


def test_3_6_set_up_support_tokens_fit_their_boxes() -> None:
    assert C.setup["reformers"]["support"] == {"calvinists": 4}
    slots = C.box_slots[C.box_index["calvinists"]]
    assert slots.count("half") >= 4
    assert C.setup["nobility"]["support"] == {"french": 2, "emperor": 2}
    assert C.setup["burghers"]["support"] == {"london": 3, "huguenots": 1}


ALLEGIANCE_START = {
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
"""§5.7 the Allegiance track's start spaces, counted from the left."""


@pytest.mark.parametrize("city", CITIES)
def test_5_7_a_city_starts_on_its_allegiance_space(city: str) -> None:
    assert C.allegiance_start[c(city)] == ALLEGIANCE_START[city]


def test_5_7_the_allegiance_track_holds_the_twelve_cities() -> None:
    assert sorted(CITIES) == sorted(ALLEGIANCE_START)


# --- the factions -------------------------------------------------------------------------------
ARMY_COST = {
    "catholics": (3, 7, 11),
    "habsburgs": (3, 6, 10),
    "nobility": (2, 5, 8),
    "burghers": (2, 4, 7),
    "reformers": (2, 4, 6),
}
"""§6.4 the cost of raising one, two or three armies in a turn."""
TURN0_UNITS = {"catholics": 7, "habsburgs": 6, "nobility": 5, "burghers": 4, "reformers": 3}
"""§5.2 the new units of turn 0."""


@pytest.mark.parametrize("faction", list(C.factions))
def test_6_4_a_factions_army_costs(faction: str) -> None:
    assert C.army_cost[faction] == ARMY_COST[faction]


@pytest.mark.parametrize("faction", list(C.factions))
def test_5_2_a_factions_new_units_in_turn_0(faction: str) -> None:
    assert C.turn0_units[faction] == TURN0_UNITS[faction]


def test_6_3_maintenance_and_disbanding() -> None:
    assert C.army_maintain["catholics"] == 2 and C.army_disband == 1


# --- the geography of every worked example ------------------------------------------------------
def _in_julich(faction: str) -> int:
    tokens = C.setup[faction]["map"]
    return sum(k for place, k in tokens.items() if C.place_province[c(place)] == p("julich"))


def _reach(origin: str, blocked: set[str]) -> set[str]:
    return names(river_reach(C, p(origin), lambda x: C.place_ids[x] not in blocked))


def _links(city: str) -> list[str]:
    return [C.place_ids[x] for x in C.city_links[c(city)]]


def _by_river_from_gelderland(blocked: set[str]) -> set[str]:
    return _reach("gelderland", blocked) - names(set(C.adjacent[p("gelderland")]))


EXAMPLE_FACTS: list[tuple[str, Callable[[], bool]]] = [
    ("5.2 the Nobility's one token in Jülich is AACHEN's", lambda: _in_julich("nobility") == 1),
    ("5.2 AACHEN lies in Jülich", lambda: C.place_province[c("AACHEN")] == p("julich")),
    ("5.7 KÖLN is a city", lambda: C.is_city[c("KOLN")]),
    ("5.7 KÖLN lies in Köln", lambda: C.place_province[c("KOLN")] == p("koln")),
    ("6.5 example 2's five armies fit a command block", lambda: max(C.boxes) >= 5),
    (
        "6.2.2 the Spanish Treasury serves the Catholics and the Habsburgs",
        lambda: set(C.box_factions[C.box_index["spanish_treasury"]]) == {"catholics", "habsburgs"},
    ),
    (
        "6.2.2 the Spanish Treasury holds five coins",
        lambda: C.box_slots[C.box_index["spanish_treasury"]].count("coin") >= 5,
    ),
    (
        "6.2.2 the Huguenots serve the Burghers or the Reformers, never both",
        lambda: (
            set(C.box_factions[C.box_index["huguenots"]]) == {"burghers", "reformers"}
            and C.box_exclusive[C.box_index["huguenots"]]
        ),
    ),
    (
        "6.2.2 the Huguenots hold the note's two tokens",
        lambda: len(C.box_slots[C.box_index["huguenots"]]) >= 2,
    ),
    (
        "6.10 KÖLN's card lists Dordrecht, LEIDEN and Nijmegen",
        lambda: _links("KOLN") == ["Dordrecht", "LEIDEN", "Nijmegen"],
    ),
    ("6.10 UTRECHT's card lists Cleve and KÖLN", lambda: _links("UTRECHT") == ["Cleve", "KOLN"]),
    (
        "6.10 Cleve is a town of Cleve",
        lambda: not C.is_city[c("Cleve")] and C.place_province[c("Cleve")] == p("cleve"),
    ),
    (
        "6.10 Dordrecht and Nijmegen are towns, LEIDEN a city",
        lambda: not C.is_city[c("Dordrecht")] and not C.is_city[c("Nijmegen")] and C.is_city[c("LEIDEN")],
    ),
    (
        "6.10 the Jesuits take the Catholics' two tokens",
        lambda: (
            "catholics" in C.box_factions[C.box_index["jesuits"]]
            and len(C.box_slots[C.box_index["jesuits"]]) >= 2
        ),
    ),
    # the Catholics' tokens of the example: countryside Artois 1, Cleve 2, Köln 3, Utrecht 2,
    # the town Cleve, and a token in each held city (KÖLN, UTRECHT)
    # (a 5-player game: the 5-player limits)
    ("6.10 Artois holds the Catholics' 1 token", lambda: limits(5)[p("artois")] >= 1),
    ("6.10 Cleve holds the Catholics' 2 tokens and the town's", lambda: limits(5)[p("cleve")] >= 3),
    ("6.10 Köln holds the Catholics' 3 tokens and KÖLN's", lambda: limits(5)[p("koln")] >= 4),
    ("6.10 Utrecht holds the Catholics' 2 tokens and UTRECHT's", lambda: limits(5)[p("utrecht")] >= 3),
    (
        "6.13 Gelderland's six neighbours",
        lambda: names(set(C.adjacent[p("gelderland")])) == GELDERLAND_NEIGHBOURS,
    ),
    (
        "6.13 Zeeland is adjacent to Holland and the Generality",
        lambda: {"holland", "generality"} <= names(set(C.adjacent[p("zeeland")])),
    ),
    (
        "6.13 Gelderland reaches by river Limburg, Köln, Liege, Maastricht, Venlo and Namur",
        lambda: _by_river_from_gelderland(set()) == GELDERLAND_BY_RIVER | {"namur"},
    ),
    (
        "6.13 LIEGE bars the river to Namur",
        lambda: _by_river_from_gelderland({"LIEGE"}) == GELDERLAND_BY_RIVER,
    ),
    ("6.13 Holland does not border Köln", lambda: "koln" not in names(set(C.adjacent[p("holland")]))),
    ("6.13 Holland reaches Köln by river", lambda: "koln" in _reach("holland", set())),
    ("6.13 Holland reaches Köln past Nijmegen", lambda: "koln" in _reach("holland", {"Arnhem"})),
    ("6.13 Holland reaches Köln past Arnhem", lambda: "koln" in _reach("holland", {"Nijmegen"})),
    (
        "6.13 Arnhem and Nijmegen held bar Köln",
        lambda: "koln" not in _reach("holland", {"Arnhem", "Nijmegen"}),
    ),
    (
        "6.13 overflow joins neighbours and rivers",
        lambda: (
            names(destinations(C, p("gelderland"), lambda x: True))
            == GELDERLAND_NEIGHBOURS | GELDERLAND_BY_RIVER | {"namur"}
        ),
    ),
    ("6.16 KÖLN starts mid-Catholic, on space 2", lambda: C.allegiance_start[c("KOLN")] == 2),
    (
        "6.16 seven spaces, the centre the fourth",
        lambda: C.allegiance_centre == 4 and len(C.allegiance_effect) == 7,
    ),
    ("6.16 a marker moves 3 spaces at most", lambda: C.allegiance_max_move == 3),
    (
        "6.16 the three central spaces change nothing",
        lambda: all(C.allegiance_effect[s - 1] == (0, 0) for s in (3, 4, 5)),
    ),
]
"""What the rulebook's worked examples need of the board, fact by fact (each stated by the
example it serves); the examples themselves run in examples/revolution/."""


@pytest.mark.parametrize("fact", [f for _, f in EXAMPLE_FACTS], ids=[name for name, _ in EXAMPLE_FACTS])
def test_the_worked_examples_hold_on_the_board(fact: Callable[[], bool]) -> None:
    assert fact()


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

    rivers = board("Revolution", 5)["revolution"]["rivers"]
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
        "tuned-sourced-fact",
        lambda r: _find(r["board.yaml"]["places"], "id", "Cleve").update(tuned="moved"),
        "places[Cleve]",
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
        "allegiance-player-count-unnumbered",
        lambda r: r["rules.yaml"]["allegiance"]["by_players"][5]["spaces"].pop(),
        "allegiance.by_players[5]",
    ),
    (
        "allegiance-player-count-untraced",
        lambda r: r["rules.yaml"]["allegiance"]["by_players"][5].pop("reconstructed"),
        "allegiance",
    ),
    (
        "taxes-player-count-unknown-province",
        lambda r: r["cards.yaml"]["by_players"][0]["taxes"].update(picardy=2),
        "by_players[5].taxes[picardy]",
    ),
    (
        "taxes-player-count-not-half",
        lambda r: r["cards.yaml"]["by_players"][0]["taxes"].update(hainaut=2.2),
        "by_players[5].taxes[hainaut]",
    ),
    (
        "taxes-player-count-untraced",
        lambda r: r["cards.yaml"]["by_players"][0].pop("reconstructed"),
        "by_players",
    ),
    (
        "limits-player-count-unknown",
        lambda r: _limits5(koln=4)(r) or r["board.yaml"]["by_players"][0].update(players=6),
        "by_players[6]",
    ),
    ("limits-player-count-empty", _limits5(), "by_players[5]"),
    ("limits-player-count-unknown-province", _limits5(picardy=3), "by_players[5].limits[picardy]"),
    ("limits-player-count-small-province", _limits5(venlo=2), "by_players[5].limits[venlo]"),
    ("limits-player-count-made-small", _limits5(koln=1), "by_players[5].limits[koln]"),
    (
        "limits-player-count-untraced",
        lambda r: _limits5(koln=4)(r) or r["board.yaml"]["by_players"][0].pop("reconstructed"),
        "by_players",
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
