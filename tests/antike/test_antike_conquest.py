"""§8.2 conquest: the defence formula, the conqueror's losses, neutral temples, the last city."""

from __future__ import annotations

from antike_helpers import (
    city,
    empty,
    give_personages,
    here,
    legal,
    n_of,
    neutral,
    new,
    play,
    purse,
    r_of,
    refused,
    techs,
    turn,
    units,
)

from tavola.games.antike.common import GENERALS, defence
from tavola.games.antike.loader import RULEBOOK


def _gesocribate(yellow_galleys: int = 1, yellow_personages: int = 3):
    """Mare Nostrum: Red (the Germanic tribes) has moved 2 legions into Gesocribate, a city of
    Yellow (the Romans) guarded by a galley; Red now conquers (phase 2)."""
    g = new("mare-nostrum", 4)
    s = empty(g)
    city(s, "romans", "gesocribate")
    city(s, "romans", "roma")
    city(s, "germans", "lutetia")
    city(s, "greeks", "athenae")
    city(s, "phoenicians", "gades")
    units(s, "romans", "gesocribate", galleys=yellow_galleys)
    units(s, "germans", "gesocribate", legions=2)
    give_personages(s, "romans", yellow_personages)
    turn(s, "germans", {"s": "conquer"})
    return g, s


def test_8_2_conquest_example_gesocribate_defence_two() -> None:
    g, s = _gesocribate()
    r = r_of(s, "gesocribate")
    assert defence(s, r) == 2  # 1 for the city + 1 for the galley
    assert ("region", "gesocribate") in legal(g, "germans")
    token = s["city_token"][r]
    play(g, "germans", ("region", "gesocribate"))
    red, yellow = n_of(s, "germans"), n_of(s, "romans")
    assert s["city"][r] == red and s["city_token"][r] == token
    assert here(s, "germans", "gesocribate") == (0, 0)
    assert here(s, "romans", "gesocribate") == (0, 0)
    assert s["supply"][red][:2] == [RULEBOOK.legions, RULEBOOK.galleys]
    assert s["supply"][yellow][1] == RULEBOOK.galleys
    assert (
        s["supply"][red][2] == RULEBOOK.city_tokens - 2 and s["supply"][yellow][2] == RULEBOOK.city_tokens - 1
    )


def test_8_2_conquest_example_a_second_galley_makes_it_three_and_impossible() -> None:
    g, s = _gesocribate(yellow_galleys=2)
    assert defence(s, r_of(s, "gesocribate")) == 3
    assert ("region", "gesocribate") not in legal(g, "germans")
    refused(g, "germans", ("region", "gesocribate"))


def test_4_two_or_fewer_personages_add_one_to_the_defence() -> None:
    for have, value in ((0, 3), (2, 3), (3, 2)):
        _g, s = _gesocribate(yellow_personages=have)
        assert defence(s, r_of(s, "gesocribate")) == value


def test_8_2_defence_formula_temple_units_regnum_res_publica() -> None:
    _g, s = _gesocribate(yellow_galleys=0)
    r = r_of(s, "gesocribate")
    assert defence(s, r) == 1
    city(s, "romans", "gesocribate", temple=True)
    assert defence(s, r) == 3
    units(s, "romans", "gesocribate", legions=1, galleys=1)
    assert defence(s, r) == 5
    techs(s, "romans", "regnum")
    assert defence(s, r) == 6
    techs(s, "romans", "res_publica")
    assert defence(s, r) == 7  # +2 in all, not +3


def test_8_2_a_nations_last_city_cannot_be_conquered() -> None:
    g, s = _gesocribate(yellow_galleys=0)
    city(s, "germans", "roma")  # Yellow is left with Gesocribate only
    units(s, "germans", "gesocribate", legions=5)
    assert ("region", "gesocribate") not in legal(g, "germans")


def test_8_2_the_conqueror_chooses_which_units_to_return() -> None:
    g, s = _gesocribate(yellow_galleys=0)
    units(s, "germans", "gesocribate", legions=2, galleys=2)
    play(g, "germans", ("region", "gesocribate"))
    assert s["flow"][-1] == {"s": "loss", "region": r_of(s, "gesocribate"), "remove": 1}
    assert set(legal(g, "germans")) == {("unit", "legion"), ("unit", "galley")}
    play(g, "germans", ("unit", "galley"))
    assert here(s, "germans", "gesocribate") == (2, 1)


def test_8_2_the_choice_is_automatic_when_only_one_split_exists() -> None:
    g, s = _gesocribate(yellow_galleys=0, yellow_personages=0)  # defence 2
    units(s, "germans", "gesocribate", legions=1, galleys=1)
    play(g, "germans", ("region", "gesocribate"))
    assert here(s, "germans", "gesocribate") == (0, 0)
    assert s["flow"][-1]["s"] != "loss"


def test_8_2_several_cities_may_be_conquered_in_one_action() -> None:
    g, s = _gesocribate()
    city(s, "romans", "burdigala")
    units(s, "germans", "burdigala", legions=1)
    play(g, "germans", ("region", "gesocribate"))
    assert ("region", "burdigala") in legal(g, "germans")
    play(g, "germans", ("region", "burdigala"))
    assert s["ncity"][n_of(s, "germans")] == 3


def test_8_2_destroying_a_temple_returns_it_and_wins_a_general() -> None:
    """§3.2: a destroyed temple wins its conqueror a general."""
    g, s = _gesocribate(yellow_galleys=0)
    city(s, "romans", "gesocribate", temple=True)
    units(s, "germans", "gesocribate", legions=3)
    # a legion on a free site and the price of a city keep the turn open for founding
    units(s, "germans", "tolosa", legions=1)
    purse(s, "germans", marble=1, iron=1, gold=1)
    temples = s["temples"]
    play(g, "germans", ("region", "gesocribate"))
    red = n_of(s, "germans")
    assert s["flow"][-1]["s"] == "found"
    assert s["temples"] == temples + 1
    assert s["ntemple"][n_of(s, "romans")] == 0
    assert s["razed"] == 1
    assert s["personages"][red][GENERALS] == 0  # won at the end of the turn
    events = play(g, "germans", "done")
    assert s["personages"][red][GENERALS] == 1
    assert {"msg": "ev.personage", "args": {"nation": "germans", "kind": "generals", "n": 1}}.items() <= next(
        e for e in events if e["msg"] == "ev.personage"
    ).items()


def test_8_2_a_neutral_temple_has_defence_three_and_leaves_the_site_free() -> None:
    g, s = _gesocribate(yellow_galleys=0)
    neutral(s, "burdigala")
    units(s, "germans", "burdigala", legions=2)
    assert ("region", "burdigala") not in legal(g, "germans")
    units(s, "germans", "burdigala", legions=4)
    assert defence(s, r_of(s, "burdigala")) == 3
    purse(s, "germans", marble=1, iron=1, gold=1)
    play(g, "germans", ("region", "burdigala"), "done")
    red = n_of(s, "germans")
    r = r_of(s, "burdigala")
    assert s["temple"][r] == 0 and s["city"][r] == -1
    assert here(s, "germans", "burdigala") == (1, 0)
    # §5.2 the site is free now: the legion left there lets Red found a city this very turn
    assert ("region", "burdigala") in legal(g, "germans")
    play(g, "germans", ("region", "burdigala"), "done")
    assert s["city"][r] == red
    assert s["personages"][red][GENERALS] == 1


def test_1_without_a_city_token_no_city_can_be_conquered() -> None:
    g, s = _gesocribate()
    s["supply"][n_of(s, "germans")][2] = 0
    assert ("region", "gesocribate") not in legal(g, "germans")
