"""§7.1 MILITIA: 2 iron a unit, the per-city limits, land- and sea-only cities, Bellona (§5)."""

from __future__ import annotations

from antike_helpers import (
    YELLOW,
    city,
    here,
    legal,
    mare_nostrum,
    n_of,
    new,
    play,
    purse,
    refused,
    turn,
    units,
    wallet,
)

from tavola.games.antike.loader import RULEBOOK


def _romans(bellona: bool = True):
    g, s = mare_nostrum(*YELLOW, temple="roma")
    purse(s, "romans", iron=4)
    turn(s, "romans", {"s": "rondel"})
    s["bellona"] = (n_of(s, "romans") + (0 if bellona else 1)) % 4
    play(g, "romans", ("rondel", "militia"))
    return g, s


def test_7_1_arming_example_two_galleys_for_four_iron_and_a_free_legion() -> None:
    g, s = _romans()
    romans = n_of(s, "romans")
    assert s["flow"][-1] == {"s": "militia", "free": 1, "add": {}}
    # Bellona passes at once to the nation on the right (counter-clockwise)
    assert s["bellona"] == (romans - 1) % 4
    offered = set(legal(g, "romans"))
    assert ("legion", "roma") in offered and ("galley", "roma") in offered
    assert ("galley", "carales") in offered and ("legion", "carales") not in offered  # only blue borders
    assert not any(a[1:] == ("ancona",) for a in offered)  # no city in Ancona
    play(g, "romans", ("legion", "carthago"))  # the free one
    assert wallet(s, "romans") == [0, 4, 0, 0]
    play(g, "romans", ("galley", "syracus"), ("galley", "neapolis"))
    assert wallet(s, "romans") == [0, 0, 0, 0]
    assert here(s, "romans", "carthago") == (1, 0)
    assert here(s, "romans", "syracus") == (0, 1)
    assert here(s, "romans", "neapolis") == (0, 1)
    assert s["supply"][romans][:2] == [RULEBOOK.legions - 1, RULEBOOK.galleys - 2]


def test_7_1_a_temple_city_takes_three_new_units_the_others_one() -> None:
    g, s = _romans()
    purse(s, "romans", iron=20)
    play(g, "romans", ("legion", "roma"), ("galley", "roma"), ("legion", "roma"))
    assert not any(a[1:] == ("roma",) for a in legal(g, "romans"))
    play(g, "romans", ("galley", "neapolis"))
    assert not any(a[1:] == ("neapolis",) for a in legal(g, "romans"))
    assert here(s, "romans", "roma") == (2, 1)


def test_7_1_units_already_there_friend_or_foe_do_not_count_against_the_limit() -> None:
    g, s = _romans(bellona=False)
    units(s, "romans", "neapolis", legions=2)
    units(s, "greeks", "neapolis", galleys=3)
    assert ("legion", "neapolis") in legal(g, "romans")
    play(g, "romans", ("legion", "neapolis"))
    assert here(s, "romans", "neapolis") == (3, 0)
    assert here(s, "greeks", "neapolis") == (0, 3)  # arming starts no battle


def test_7_1_land_only_cities_take_only_legions() -> None:
    g, s = mare_nostrum("roma")
    city(s, "germans", "lutetia")  # besides Colonia
    purse(s, "germans", iron=6)
    turn(s, "germans")
    play(g, "germans", ("rondel", "militia"))
    assert {a for a in legal(g, "germans") if a != ("done",)} <= {
        ("legion", "colonia"),
        ("legion", "lutetia"),
    }


def test_7_1_coins_stand_in_for_missing_iron() -> None:
    g, s = _romans(bellona=False)
    purse(s, "romans", iron=1, coin=1)
    play(g, "romans", ("galley", "syracus"))
    assert wallet(s, "romans") == [0, 0, 0, 0]
    assert s["coins"] == RULEBOOK.coins


def test_7_1_without_iron_or_bellona_no_unit_is_offered_and_the_action_ends() -> None:
    g, s = _romans(bellona=False)
    purse(s, "romans", iron=1)
    assert legal(g, "romans") == [("done",)]
    refused(g, "romans", ("legion", "roma"))


def test_1_units_are_limited_to_the_nations_supply() -> None:
    g, s = _romans(bellona=False)
    units(s, "romans", "carthago", legions=RULEBOOK.legions)
    purse(s, "romans", iron=10)
    offered = legal(g, "romans")
    assert not any(a[0] == "legion" for a in offered)
    assert ("galley", "roma") in offered


def test_5_bellona_passes_counter_clockwise_each_time_it_is_used() -> None:
    g = new("orient", 4, seed=3)
    s = g.state
    order = s["nations"]
    assert s["bellona"] == 3  # the last nation in turn order holds it at the start
    # nations 0..2 take Aurum; the holder then chooses Militia and passes it to its right
    for nation in order[:3]:
        play(g, nation, ("rondel", "aurum"))
        if s["flow"][0]["s"] == "found":
            play(g, nation, "done")
    play(g, order[3], ("rondel", "militia"))
    assert s["flow"][0]["free"] == 1
    assert s["bellona"] == 2
    first_legion = next(a for a in legal(g, order[3]) if a[0] == "legion")
    play(g, order[3], first_legion)
    assert wallet(s, order[3])[1] == 3  # the free unit cost no iron


def test_9_military_opening_ferrum_aurum_militia_three_units_for_four_iron_and_two_coins() -> None:
    g = new("orient", 3, seed=2)
    s = g.state
    me, others = s["nations"][0], s["nations"][1:]

    def others_pass() -> None:
        for nation in others:
            # MARMOR first, then one free step to SCIENTIA (nothing affordable: the turn ends)
            play(g, nation, ("rondel", "marmor") if s["pos"][n_of(s, nation)] < 0 else ("rondel", "scientia"))
            if s["flow"][0]["s"] == "found":
                play(g, nation, "done")

    play(g, me, ("rondel", "ferrum"))
    assert wallet(s, me) == [3, 4, 3, 1]
    others_pass()
    play(g, me, ("rondel", "aurum"))
    assert wallet(s, me) == [3, 4, 4, 2]
    others_pass()
    play(g, me, ("rondel", "militia"))
    assert s["flow"][0]["free"] == 0  # Bellona is with the last nation
    for _ in range(3):
        play(g, me, next(a for a in legal(g, me) if a[0] in ("legion", "galley")))
    assert wallet(s, me) == [3, 0, 4, 0]
    assert sum(s["units"][0]) == 3
    assert legal(g, me) == [("done",)]  # one new unit per city without a temple
