"""§3, §4 and §5.3 the personages, won at the end of the turn and never lost."""

from __future__ import annotations

from antike_helpers import city, give_personages, mare_nostrum, n_of, play, purse, turn, units

from tavola.games.antike.common import CITIZENS, KINGS, NAVIGATORS, sea_points
from tavola.games.antike.loader import RULEBOOK

# Mare Nostrum city sites for a big Roman empire
ROMAN = [
    "roma",
    "neapolis",
    "syracus",
    "carales",
    "carthago",
    "ancona",
    "tarentum",
    "genua",
    "mediolanum",
    "aquileia",
    "salona",
    "massilia",
    "tolosa",
    "lugdunum",
    "tacape",
    "cirta",
]


def _empire(cities: int):
    return mare_nostrum(*ROMAN[:cities])


def _navigator_galleys(s) -> None:
    """The navigator example's four Roman galleys: three city-less seas, and Syracus."""
    for sea in ("mare_tyrrhenum", "mare_ionium", "mare_africum"):
        units(s, "romans", sea, galleys=1)
    units(s, "romans", "syracus", galleys=1)


def _end_turn(g, s, nation: str = "romans") -> list[dict]:
    """Run the nation's turn to its end (the founding phase's done)."""
    turn(s, nation, {"s": "found"})
    return play(g, nation, "done")


def test_3_1_a_king_for_each_five_cities() -> None:
    g, s = _empire(9)
    _end_turn(g, s)
    assert s["personages"][n_of(s, "romans")][KINGS] == 1
    g, s = _empire(10)
    _end_turn(g, s)
    assert s["personages"][n_of(s, "romans")][KINGS] == 2


def test_4_example_kings_are_kept_and_thresholds_never_repeat() -> None:
    """A nation with 10 cities and 2 kings loses a city: it keeps both kings; back at 10 cities
    it gets no new king; the third comes with the 15th city."""
    g, s = _empire(10)
    romans = n_of(s, "romans")
    _end_turn(g, s)
    assert s["personages"][romans][KINGS] == 2
    city(s, "greeks", "roma")  # lost to conquest
    _end_turn(g, s)
    assert s["personages"][romans][KINGS] == 2
    city(s, "romans", "roma")
    _end_turn(g, s)
    assert s["personages"][romans][KINGS] == 2
    for r in ROMAN[10:15]:
        city(s, "romans", r)
    assert s["ncity"][romans] == 15
    _end_turn(g, s)
    assert s["personages"][romans][KINGS] == 3


def test_5_3_personages_come_only_at_the_end_of_the_turn() -> None:
    g, s = _empire(4)
    units(s, "romans", "ancona", legions=1)
    purse(s, "romans", marble=1, iron=1, gold=1)
    turn(s, "romans", {"s": "found"})
    play(g, "romans", ("region", "ancona"))
    romans = n_of(s, "romans")
    assert s["ncity"][romans] == 5 and s["personages"][romans][KINGS] == 0
    play(g, "romans", "done")
    assert s["personages"][romans][KINGS] == 1


def test_3_3_a_citizen_for_each_three_temples() -> None:
    g, s = _empire(6)
    for r in ROMAN[:2]:
        city(s, "romans", r, temple=True)
    _end_turn(g, s)
    assert s["personages"][n_of(s, "romans")][CITIZENS] == 0
    city(s, "romans", ROMAN[2], temple=True)
    _end_turn(g, s)
    assert s["personages"][n_of(s, "romans")][CITIZENS] == 1


def test_4_navigator_example_four_galleys_well_placed_make_seven_sea_areas() -> None:
    """§3.5: City-less seas count 2: three of them and one more region make the 7 for a navigator."""
    g, s = _empire(3)
    romans = n_of(s, "romans")
    _navigator_galleys(s)
    assert sea_points(s, romans) == 7
    _end_turn(g, s)
    assert s["personages"][romans][NAVIGATORS] == 1


def test_4_a_sea_shared_with_hostile_galleys_is_not_controlled() -> None:
    _g, s = _empire(3)
    romans = n_of(s, "romans")
    _navigator_galleys(s)
    units(s, "greeks", "mare_ionium", galleys=1)
    assert sea_points(s, romans) == 5
    units(s, "greeks", "mare_ionium", legions=0, galleys=0)
    units(s, "romans", "syracus", legions=1)  # legions do not count
    assert sea_points(s, romans) == 6


def test_4_personages_once_won_are_never_lost() -> None:
    g, s = _empire(3)
    romans = n_of(s, "romans")
    for sea in ("mare_tyrrhenum", "mare_ionium", "mare_africum"):
        units(s, "romans", sea, galleys=1)
    units(s, "romans", "syracus", galleys=1)
    _end_turn(g, s)
    for sea in ("mare_tyrrhenum", "mare_ionium", "mare_africum", "syracus"):
        units(s, "romans", sea)
    _end_turn(g, s)
    assert s["personages"][romans][NAVIGATORS] == 1


def test_5_3_no_personage_when_its_stack_is_empty() -> None:
    g, s = _empire(5)
    give_personages(s, "greeks", RULEBOOK.cards[KINGS])
    assert s["bank"][KINGS] == 0
    _end_turn(g, s)
    assert s["personages"][n_of(s, "romans")][KINGS] == 0
    assert s["bank"][KINGS] == 0
