"""Maria's components (§1, §3, §4): the data loads, refuses bad items by name, and holds the
geography every worked example of the rulebook needs, exactly as the book states it."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest
import yaml

from tavola.core.errors import DataError
from tavola.games.maria.board import (
    DATA_DIR,
    FILES,
    MAJOR_POWERS,
    Components,
    load_components,
    load_components_from,
)


@pytest.fixture(scope="module")
def comp() -> Components:
    return load_components()


def start_towns(comp: Components) -> set[str]:
    return {p.start.city for p in (*comp.generals, *comp.trains) if p.start.city}


def general(comp: Components, name: str):
    return next(g for g in comp.generals if g.name == name)


# --- §1, §3: the components load ------------------------------------------------------------


def test_3_2_board_loads_with_provenance_on_every_item(comp: Components) -> None:
    assert set(comp.maps) == {"flanders", "bohemia"}
    assert len(comp.sectors) == 44
    assert len(comp.cities) > 200
    assert sum(1 for c in comp.cities if c.map == "flanders") > 80
    assert sum(1 for c in comp.cities if c.map == "bohemia") > 120
    items = [
        *comp.maps.values(),
        *comp.sectors.values(),
        *comp.territories.values(),
        *comp.boxes.values(),
        *comp.city_specs,
        *(r for _, _, r in comp.road_specs),
        *comp.players.values(),
        *comp.powers.values(),
        *comp.generals,
        *comp.trains,
        *(g.start for g in comp.generals),
        comp.deck,
        *comp.tracks.values(),
        *(s for t in comp.tracks.values() for s in t.spaces),
        *comp.political_cards,
    ]
    for item in items:
        assert bool(item.source) != bool(item.reconstructed), item


def test_3_2_sourced_towns_are_the_fifteen_the_sources_name(comp: Components) -> None:
    sourced = {c.key for c in comp.cities if c.sourced}
    assert sourced == {
        "breslau", "liegnitz", "glogau", "neisse", "cosel", "berlin", "dresden", "munchen",
        "koln", "mannheim", "mainz", "trier", "tournai", "brussel", "freiburg",
    }  # fmt: skip


def test_3_2_every_town_is_reachable_and_each_map_holds_together(comp: Components) -> None:
    for start in (comp.cities[0].key, comp.cities[-1].key):
        assert len(comp.distances(start)) == len(comp.cities)
    # The introductory game uses the Bohemia map alone (§14): it must hold together by itself.
    for map_id in ("flanders", "bohemia"):
        towns = [c.key for c in comp.cities if c.map == map_id]
        other = frozenset(c.key for c in comp.cities if c.map != map_id)
        assert set(comp.distances(towns[0], avoid=other)) == set(towns), map_id


def test_3_2_a_few_roads_join_the_maps_in_the_south(comp: Components) -> None:
    crossings = [r for r in comp.roads if r.crossing]
    assert 2 <= len(crossings) <= 5
    for r in crossings:
        a, b = comp.cities[r.a], comp.cities[r.b]
        assert {a.map, b.map} == {"flanders", "bohemia"}
        assert a.y < 4 and b.y < 4, (a.key, b.key)  # the southern third of the board
    for r in comp.roads:
        if not r.crossing:
            assert comp.cities[r.a].map == comp.cities[r.b].map


def test_3_2_main_roads_exist_on_both_maps(comp: Components) -> None:
    for map_id in ("flanders", "bohemia"):
        mains = [r for r in comp.roads if r.main and comp.cities[r.a].map == map_id]
        assert len(mains) >= 20, map_id


def test_3_2_sectors_tile_the_maps_and_spread_the_suits(comp: Components) -> None:
    for c in comp.cities:
        s = comp.sectors[c.sector]
        assert s.map == c.map and s.board.holds(c.x, c.y)
    suits = Counter(s.suit for s in comp.sectors.values())
    assert len(suits) == 4 and all(10 <= n <= 12 for n in suits.values())  # 44 sectors, about 11 each
    # No front is decided by one suit: every 2 x 2 block of neighbouring sectors holds all four.
    for s in comp.sectors.values():
        w, h = s.board.x[1] - s.board.x[0], s.board.y[1] - s.board.y[0]
        block = [
            comp.sector_at(s.map, s.board.x[0] + w * (i + 0.5), s.board.y[0] + h * (j + 0.5))
            for i in (0, 1)
            for j in (0, 1)
        ]
        if all(block):
            assert {b.suit for b in block} == {"hearts", "diamonds", "clubs", "spades"}, s.id
    # Sectors facing each other across the map edge differ too.
    for y in (1.5, 4.5, 7.5, 10.5):
        assert comp.sector_at("flanders", 5.9, y).suit != comp.sector_at("bohemia", 6.1, y).suit


def test_3_2_territories_fortresses_and_home_countries(comp: Components) -> None:
    silesia = comp.fortresses(territory="silesia")
    assert len(silesia) == 7  # §4: Prussia marks 2, Austria "the other 5"
    assert {"liegnitz", "glogau", "breslau"} <= {c.key for c in silesia}
    assert comp.city("breslau").fortress == "major"  # §19.1: Breslau becomes a re-entry point
    assert comp.territories["silesia"].owner is None  # §3.2: nobody's home at the start
    # Core-Austria (§19.2) lies on the Bohemia map; white Austrian land lies on Flanders too.
    assert {c.map for c in comp.cities if c.territory == "austria"} == {"bohemia"}
    assert {c.map for c in comp.cities if c.territory == "austrian_netherlands"} == {"flanders"}
    assert comp.territories["austria"].colour == comp.territories["austrian_netherlands"].colour
    assert comp.territories["poland"].owner is None  # §19.1 step 4
    for minor in ("bavaria", "saxony"):  # §8: a minor power's major fortress
        majors = [c.key for c in comp.cities if c.fortress == "major" and c.territory == minor]
        assert majors == [{"bavaria": "munchen", "saxony": "dresden"}[minor]]


def test_18_nine_elector_fortresses_and_the_electoral_college(comp: Components) -> None:
    electors = {c.key for c in comp.cities if c.elector}
    assert electors == {
        "mainz",
        "trier",
        "koln",
        "mannheim",
        "berlin",
        "dresden",
        "munchen",
        "prag",
        "hannover",
    }
    assert all(comp.city(k).fortress != "none" for k in electors)
    rhine = {"koln", "mannheim", "mainz", "trier"}
    assert {comp.city(k).map for k in rhine} == {"flanders"}  # the Pragmatic Army scores them (§16)
    college = {b.city: b.marker for b in comp.boxes.values() if b.kind == "elector"}
    assert set(college) == electors
    # §4: French markers on Koln and Mannheim, Austro-Pragmatic on Mainz and Trier, Prussian on
    # Berlin and Dresden.
    assert college["koln"] == college["mannheim"] == "france"
    assert college["mainz"] == college["trier"] == "austria"
    assert college["berlin"] == college["dresden"] == "prussia"


def test_16_victory_pool_and_off_map_boxes(comp: Components) -> None:
    kinds = Counter(b.kind for b in comp.boxes.values())
    assert kinds["battle"] == 8 and kinds["victory"] == 4  # §3.2
    for p in MAJOR_POWERS:
        offmap = [b for b in comp.boxes.values() if b.kind == "offmap" and b.power == p]
        assert len(offmap) == 1 and offmap[0].arrow in comp.index  # §3.2, §17.5
        assert sum(1 for b in comp.boxes.values() if b.kind == "pool" and b.power == p) == 1
    assert comp.boxes["ostpreussen"].power == "prussia"
    assert comp.city(comp.boxes["ostpreussen"].arrow).map == "bohemia"
    assert comp.boxes["silesia"].users == ("prussia",)
    assert set(comp.boxes["three_electors"].users) == {"france", "pragmatic_army"}


# --- §2, §4, §6, §8: the army sheets and the decks -------------------------------------------

SHEETS = {  # the army sheets as published (rank, minimum troops, start grid square)
    "Moritz v. Sachsen": (1, 7, "A1"), "Belle-Isle": (2, 6, "G5"), "Broglie": (3, 5, "G3"),
    "Maillebois": (4, 1, "A6"), "Noailles": (5, 1, "D4"), "Törring": (1, 5, "G3"),
    "Karl v. Lothringen": (1, 1, "M4"), "Traun": (2, 1, "M1"), "Khevenhüller": (3, 6, "N1"),
    "Batthyány": (4, 2, "N1"), "Neipperg": (5, 1, "L6"), "Arenberg": (6, 4, "C7"),
    "Friedrich der Große": (1, 1, "L9"), "Schwerin": (2, 1, "L9"), "Erbprinz Leopold": (3, 4, "K9"),
    "Der Alte Dessauer": (4, 6, "K12"), "George II": (1, 1, "E11"), "Cumberland": (2, 1, "E11"),
    "Earl of Stair": (3, 1, "C10"), "Rutowski": (1, 5, "I8"),
}  # fmt: skip


def test_4_army_sheets_match_the_published_sheets(comp: Components) -> None:
    assert {g.name: (g.rank, g.min_troops, g.grid) for g in comp.generals} == SHEETS
    trains = Counter((t.power, t.grid) for t in comp.trains)
    assert trains == Counter(
        [("france", "B4"), ("france", "G4"), ("bavaria", "G4"), ("austria", "C8"), ("austria", "K1"),
         ("austria", "K6"), ("prussia", "K10"), ("prussia", "A11"), ("pragmatic_army", "C9"), ("saxony", "H8")]
    )  # fmt: skip


def test_4_start_towns_lie_in_the_army_sheets_grid_squares(comp: Components) -> None:
    for piece in (*comp.generals, *comp.trains):
        if piece.start.city:
            assert comp.city(piece.start.city).square == piece.grid, piece
        else:
            assert comp.boxes[piece.start.box].grid == piece.grid, piece
    # §4 NOTE 1: one Prussian general in Ostpreussen, one Prussian train in the Silesia box.
    assert [g.power for g in comp.generals if g.start.box == "ostpreussen"] == ["prussia"]
    assert [t.power for t in comp.trains if t.start.box == "silesia"] == ["prussia"]
    # §6: one piece per town, except two generals of one power (or cooperating powers) stacked.
    towns = Counter(p.start.city for p in (*comp.generals, *comp.trains) if p.start.city)
    for town, n in towns.items():
        if n > 1:
            assert n == 2 and not any(t.start.city == town for t in comp.trains), town
    # French pieces start on both maps; the Pragmatic Army only on Flanders (§10.1).
    maps = {g.power: set() for g in comp.generals}
    for g in comp.generals:
        if g.start.city:
            maps[g.power].add(comp.city(g.start.city).map)
    assert maps["france"] == {"flanders", "bohemia"} and maps["pragmatic_army"] == {"flanders"}
    assert maps["prussia"] == maps["saxony"] == maps["bavaria"] == {"bohemia"}


def test_4_no_piece_starts_in_enemy_home_country(comp: Components) -> None:
    """§2, §4: every start town lies in its own side's home, in Silesia (Prussia marks Liegnitz
    and Glogau, Austria the other five) or in neutral land, never in an enemy's home."""
    blocks = [set(b) for b in comp.alliances["blocks"]]
    side = {p: i for i, b in enumerate(blocks) for p in b}
    for piece in (*comp.generals, *comp.trains):
        if not piece.start.city:
            continue
        owner = comp.territories[comp.city(piece.start.city).territory].owner
        assert owner is None or side[owner] == side[piece.power], (piece.power, piece.start.city)
    # §19.3: Saxon pieces go back to Saxony's start towns when Saxony turns neutral.
    saxon = [p.start.city for p in (*comp.generals, *comp.trains) if p.power == "saxony"]
    assert all(comp.city(t).territory == "saxony" for t in saxon)


def test_4_pools_hands_and_troops(comp: Components) -> None:
    p = comp.powers
    assert {k: p[k].pool for k in MAJOR_POWERS} == {
        "prussia": 13,
        "france": 11,
        "pragmatic_army": 8,
        "austria": 8,
    }
    assert {k: v.hand for k, v in p.items()} == {
        "prussia": 9, "saxony": 3, "france": 2, "bavaria": 5, "pragmatic_army": 3, "austria": 5,
    }  # fmt: skip
    assert {k: (v.draw, v.draw_without_subsidy) for k, v in p.items()} == {
        "france": (4, 5), "bavaria": (2, 1), "prussia": (3, None), "saxony": (1, None),
        "pragmatic_army": (3, None), "austria": (5, None),
    }  # fmt: skip
    assert sum(v.generals for v in p.values()) == 20 and sum(v.trains for v in p.values()) == 10  # §1
    assert p["austria"].hussars == 2  # §3.1
    assert {v.id for v in p.values() if v.changes_maps} == {"france", "austria"}  # §10.1


def test_4_example_prussian_allocation_respects_the_minimums(comp: Components) -> None:
    """§4: Prussia has 22 troops: Friedrich 8, Schwerin 4, Leopold 4, Dessauer 6."""
    allocation = {"Friedrich der Große": 8, "Schwerin": 4, "Erbprinz Leopold": 4, "Der Alte Dessauer": 6}
    assert sum(allocation.values()) == comp.powers["prussia"].troops
    lo, hi = comp.limits.troops_per_general
    for name, n in allocation.items():
        assert max(lo, general(comp, name).min_troops) <= n <= hi


def test_6_friedrich_and_schwerin_start_stacked(comp: Components) -> None:
    """§6 examples: Friedrich and Schwerin are stacked, Friedrich (rank 1) on top."""
    f, s = general(comp, "Friedrich der Große"), general(comp, "Schwerin")
    assert f.start.city == s.start.city and f.power == s.power
    assert f.rank < s.rank
    assert comp.limits.troops_per_stack == (2, 16) and comp.limits.generals_per_stack == 2


def test_8_tactical_decks(comp: Components) -> None:
    d = comp.deck
    assert (d.decks, d.cards_per_deck) == (4, 38)
    assert len(d.suits) * len(d.values) + d.reserves_per_deck == 38
    assert d.values == tuple(range(2, 11)) and d.reserve_values == (1, 8) and d.reserve_political_value == 16


# --- the worked examples, on this board ------------------------------------------------------


def test_9_hussar_figure_four_cities_two_generals_pay_eight(comp: Components) -> None:
    """§9 figure: two Prussian generals in Silesia trace supply 4 cities to their train through a
    hussar; each general pays 1 point per city: 8 points."""
    austrians = [g.start.city for g in comp.generals if g.power == "austria" and g.start.city]
    occupied = start_towns(comp)
    found = None
    for stack in (c.key for c in comp.cities if c.territory == "silesia" and c.key not in occupied):
        dist = comp.distances(stack)
        for train, d in dist.items():
            if d != 4 or train in occupied or comp.city(train).map != "bohemia":
                continue
            back = comp.distances(train)
            for hussar, dh in dist.items():
                on_path = 0 < dh < 4 and dh + back.get(hussar, 99) == 4 and hussar not in occupied
                # §7: an empty Bohemia town within 4 cities of an Austrian general.
                if on_path and any(
                    comp.city(a).map == "bohemia" and (comp.distance(a, hussar) or 99) <= 4 for a in austrians
                ):
                    found = (stack, hussar, train)
                    break
            if found:
                break
        if found:
            break
    assert found, "no 4-city supply path through a hussar town in Silesia"
    stack, _, train = found
    generals_paying = 2
    assert comp.distance(stack, train) * generals_paying == 8


def test_10_2_munich_train_reentry(comp: Components) -> None:
    """§10.2 example: France re-enters a train at Munchen, a major fortress of its cooperating
    minor power Bavaria."""
    munchen = comp.city("Munchen") if "Munchen" in comp.by_name else comp.city("munchen")
    assert munchen.fortress == "major" and munchen.territory == "bavaria"
    assert comp.powers["bavaria"].cooperates == "france" and not comp.powers["bavaria"].major
    assert munchen.territory in comp.powers["bavaria"].home
    assert munchen.key not in start_towns(comp)  # empty at the start, so the example can arise


def test_10_3_tournai_brussel_conquest_example(comp: Components) -> None:
    """§10.3 example: a French general moves through Tournai and Brussel; unprotected Tournai
    falls, Brussel (Austrian) is protected by a Pragmatic Army general and does not."""
    tournai, brussel = comp.city("tournai"), comp.city("brussel")
    for town in (tournai, brussel):
        assert town.fortress != "none" and comp.territories[town.territory].owner == "austria"
    # One move passes through both: 3 cities, or 4 all on main roads (§10.1), from a French town.
    french = [c.key for c in comp.cities if c.territory == "france"]
    moves = []
    for start in french:
        d_all, d_main = comp.distances(start), comp.distances(start, main_only=True)
        t_b = comp.distance("tournai", "brussel", main_only=True)
        if start in d_main and "tournai" in d_main and t_b is not None:
            through = d_main["tournai"] + t_b + 1  # and one city beyond Brussel
            if through <= 4 and d_main["tournai"] + t_b == d_main.get("brussel", 99):
                moves.append(start)
        elif d_all.get("tournai", 99) + (comp.distance("tournai", "brussel") or 99) + 1 <= 3:
            moves.append(start)
    assert "lille" in moves
    # A Pragmatic Army general can protect Brussel (1-3 cities) without protecting Tournai.
    guards = [
        c.key
        for c in comp.cities
        if c.map == "flanders"
        and (comp.distance(c.key, "brussel") or 99) <= 3
        and (comp.distance(c.key, "tournai") or 0) > 3
    ]
    assert "tienen" in guards


def test_10_3_conquest_examples_a_to_c(comp: Components) -> None:
    """§10.3 examples: a) Austria conquers a fortress in Bavaria; b) Bavaria reconquers it and
    marks it with a French marker; c) the Pragmatic Army retakes a French-held fortress in the
    Austrian Netherlands."""
    bavarian = [c for c in comp.fortresses(territory="bavaria") if c.key != "munchen"]
    assert bavarian
    austrian_home = {c.key for c in comp.cities if c.territory == "austria"}
    assert any(
        set(comp.adj[c.id]) & {comp.index[k] for k in austrian_home}
        for c in comp.fortresses(territory="bavaria")
    )
    assert comp.powers["bavaria"].cooperates == "france" and comp.powers["france"].pool
    netherlands_forts = comp.fortresses(territory="austrian_netherlands")
    assert netherlands_forts and all(c.map == "flanders" for c in netherlands_forts)
    pa_home = [c.key for c in comp.cities if c.territory in comp.powers["pragmatic_army"].home]
    assert any(comp.distance(pa_home[0], c.key) is not None for c in netherlands_forts)


def test_11_1_neipperg_in_diamonds_beside_friedrich_and_schwerin_in_spades(comp: Components) -> None:
    """§11.1 example: Neipperg, in a diamonds sector, attacks the adjacent stack of Friedrich and
    Schwerin, in a spades sector; the stack loses and retreats 3 cities."""
    pairs = [
        (a.key, comp.cities[b].key)
        for a in comp.cities
        if a.suit == "diamonds" and a.map == "bohemia"
        for b in comp.adj[a.id]
        if comp.cities[b].suit == "spades"
    ]
    assert ("neisse", "grottkau") in pairs
    # §11.2: a retreat of 3 cities, never twice through a city, each further from the winner.
    away = comp.distances("neisse")
    paths = [["grottkau"]]
    for _ in range(3):
        paths = [
            [*p, comp.cities[n].key]
            for p in paths
            for n in comp.adj[comp.index[p[-1]]]
            if comp.cities[n].key not in p and away[comp.cities[n].key] > away[p[-1]]
        ]
    assert paths


def test_14_introductory_victory_conditions_can_be_met(comp: Components) -> None:
    """§14: France needs 9 fortresses in Austria, Prussia 12 in Austria and/or Silesia (2 Silesian
    ones at the start); §24: both at once, so Core-Austria holds at least 9 + 5."""
    core = comp.fortresses(territory="austria")
    assert all(c.map == "bohemia" for c in core)
    assert len(core) >= 14
    assert len(core) + len(comp.fortresses(territory="silesia")) >= 9 + 12


def test_22_arenberg_reenters_at_a_major_fortress_of_the_netherlands(comp: Components) -> None:
    assert any(c.fortress == "major" for c in comp.fortresses(territory="netherlands"))
    assert general(comp, "Arenberg").power == "austria"


def test_17_political_display_and_cards(comp: Components) -> None:
    assert set(comp.tracks) == {"italy", "russia", "saxony"}
    for t in comp.tracks.values():
        assert sum(1 for s in t.spaces if s.start) == 1  # §4: the asterisk
    zones = [s.zone for s in comp.tracks["saxony"].spaces]
    assert (
        zones[0] == "prussian_ally"
        and "neutral" in zones
        and "austrian_ally" in zones
        and zones[-1] == "s_box"
    )
    icons = {i.icon for t in comp.tracks.values() for s in t.spaces for i in s.icons}
    assert icons == {"tc_penalty", "tc_bonus", "expedition", "victory_point"}  # §17.5
    for s in comp.tracks["italy"].spaces:  # §16: only Austria and France use the Italy box
        assert all(i.power in ("austria", "france") for i in s.icons if i.icon == "victory_point")
    assert comp.bid_boxes[:2] == ("prussia", "france")  # §17.3
    cards = comp.political_cards
    assert len(cards) == 25
    election = [c for c in cards if c.election]
    assert len(election) == 1 and election[0].year == 1742 and election[0].sourced  # §18
    years = Counter(c.year for c in cards)
    assert years == {1741: 6, 1742: 7, 1743: 6, 1744: 6}
    # 6 cards in 1741: the 1742 pile (with the election) surfaces in turns 4-7, as §18 says.
    assert years[1741] // 2 + 1 == 4 and (years[1741] + years[1742]) // 2 + 1 == 7
    for c in cards:
        assert set(c.arms) <= set(MAJOR_POWERS)
        for a in c.arrows:
            assert a.steps < len(comp.tracks[a.track].spaces)


# --- corrupt data is refused, naming the item ------------------------------------------------


def corrupt(tmp_path: Path, name: str, change) -> Path:
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    raw = yaml.safe_load((data / name).read_text(encoding="utf-8"))
    change(raw)
    (data / name).write_text(yaml.safe_dump(raw, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return data


def _city(raw, key):
    return next(c for c in raw["cities"] if c["id"] == key)


CORRUPTIONS = [
    (
        "bohemia.yaml",
        lambda r: r["roads"][0]["main"].append("atlantis"),
        ["bohemia.yaml: roads[0]", "atlantis"],
    ),
    (
        "bohemia.yaml",
        lambda r: _city(r, "prag").update(source="a guess"),
        ["cities[0] (prag)", "exactly one of"],
    ),
    ("bohemia.yaml", lambda r: _city(r, "neisse").update(fortress="huge"), ["(neisse).fortress"]),
    (
        "bohemia.yaml",
        lambda r: _city(r, "glatz").update(territory="narnia"),
        ["(glatz)", "unknown territory 'narnia'"],
    ),
    (
        "flanders.yaml",
        lambda r: _city(r, "namur").update(lat=52.0),
        ["generals[11] (Arenberg)", "'namur'", "C7"],
    ),
    (
        "flanders.yaml",
        lambda r: r["cities"].append(dict(_city(r, "lille"))),
        ["(lille)", "duplicate town id"],
    ),
    (
        "flanders.yaml",
        lambda r: r["cities"].append(
            {
                "id": "atlantis",
                "name": "Atlantis",
                "lon": 3.0,
                "lat": 50.0,
                "territory": "france",
                "reconstructed": "x",
            }
        ),
        ["atlantis"],
    ),
    ("board.yaml", lambda r: r["sectors"][5].update(suit="stars"), ["sectors[5] (flanders-b2).suit"]),
    ("board.yaml", lambda r: r["sectors"].pop(), ["44 sectors"]),
    ("board.yaml", lambda r: r["boxes"][0].update(arrow="atlantis"), ["boxes (ostpreussen)", "atlantis"]),
    (
        "armies.yaml",
        lambda r: r["generals"][0].update(min_troops=9),
        ["generals[0] (Moritz v. Sachsen).min_troops"],
    ),
    ("armies.yaml", lambda r: r["powers"][2].update(troops=40), ["powers (prussia)", "cannot be allocated"]),
    (
        "armies.yaml",
        lambda r: r["trains"][0]["start"].update(city="paris"),
        ["(france train)", "'paris'", "B4"],
    ),
    ("tactical.yaml", lambda r: r["deck"].update(cards_per_deck=40), ["tactical.yaml: deck"]),
    ("politics.yaml", lambda r: r["cards"].pop(3), ["25 political cards"]),
    ("politics.yaml", lambda r: r["cards"][0].update(arms=["saxony"]), ["(nymphenburg)", "saxony"]),
    ("politics.yaml", lambda r: r["cards"][6].update(year=1743), ["(imperial_election)", "1742"]),
]


@pytest.mark.parametrize(
    ("name", "change", "expected"), CORRUPTIONS, ids=[f"{n}-{i}" for i, (n, _, _) in enumerate(CORRUPTIONS)]
)
def test_3_2_corrupt_data_is_refused_naming_the_item(tmp_path: Path, name, change, expected) -> None:
    with pytest.raises(DataError) as err:
        load_components_from(corrupt(tmp_path, name, change))
    for fragment in expected:
        assert fragment in str(err.value), str(err.value)


def test_3_2_unreachable_town_is_named(tmp_path: Path) -> None:
    def cut(raw):
        raw["roads"] = [r for r in raw["roads"] if "krems" not in (r.get("main") or r.get("ordinary"))]
        raw["roads"] = [r for r in raw["roads"] if not {"zwettl", "budweis"} <= set(r.get("ordinary") or [])]

    with pytest.raises(DataError) as err:
        load_components_from(corrupt(tmp_path, "bohemia.yaml", cut))
    assert "krems" in str(err.value)


def test_3_2_broken_yaml_and_missing_file_are_refused(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    (data / "politics.yaml").write_text("cards: [unclosed\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"politics\.yaml: not valid YAML"):
        load_components_from(data)
    (data / "politics.yaml").unlink()
    with pytest.raises(DataError, match=r"politics\.yaml"):
        load_components_from(data)
    assert len(FILES) == 6
