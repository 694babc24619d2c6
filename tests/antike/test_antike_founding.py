"""§5.2 founding cities: a unit in the region, 1 marble, 1 iron, 1 gold (coins stand in)."""

from __future__ import annotations

from antike_helpers import (
    city,
    empty,
    legal,
    n_of,
    neutral,
    new,
    play,
    purse,
    r_of,
    refused,
    turn,
    units,
    wallet,
)

from tavola.games.antike.loader import RULEBOOK


def _red():
    """Orient, 4 nations: Red (the Persians) has units in Attalia and Paphos, not in Antiochia."""
    g = new("orient", 4)
    s = empty(g)
    for nation, home in (
        ("greeks", "athenae"),
        ("persians", "susa"),
        ("arabs", "saba"),
        ("phoenicians", "tyros"),
    ):
        city(s, nation, home)
    units(s, "persians", "attalia", legions=1)
    units(s, "persians", "paphos", galleys=1)
    units(s, "greeks", "antiochia", legions=1)
    purse(s, "persians", marble=2, iron=1, gold=2, coin=1)
    turn(s, "persians", {"s": "found"})
    return g, s


def test_5_2_founding_example_attalia_and_paphos_not_antiochia() -> None:
    g, s = _red()
    offered = set(legal(g, "persians"))
    assert ("region", "attalia") in offered and ("region", "paphos") in offered
    assert ("region", "antiochia") not in offered
    play(g, "persians", ("region", "attalia"))
    red = n_of(s, "persians")
    assert s["city"][r_of(s, "attalia")] == red
    # Paphos shows all three resources: Red chooses the token
    play(g, "persians", ("region", "paphos"))
    assert set(legal(g, "persians")) == {("resource", "marble"), ("resource", "iron"), ("resource", "gold")}
    play(g, "persians", ("resource", "iron"))
    # 2 gold, 2 marble, 1 iron and 1 coin for the missing iron paid for both
    assert wallet(s, "persians") == [0, 0, 0, 0]
    assert s["coins"] == RULEBOOK.coins
    assert s["ncity"][red] == 3


def test_5_2_attalia_is_a_gold_site() -> None:
    g, s = _red()
    play(g, "persians", ("region", "attalia"))
    assert s["city_token"][r_of(s, "attalia")] == 2


def test_5_2_hostile_units_do_not_prevent_founding_but_a_city_or_neutral_temple_does() -> None:
    g, s = _red()
    units(s, "greeks", "attalia", legions=3)
    assert ("region", "attalia") in legal(g, "persians")
    city(s, "greeks", "attalia")
    assert ("region", "attalia") not in legal(g, "persians")
    neutral(s, "paphos")
    assert ("region", "paphos") not in legal(g, "persians")


def test_5_2_not_enough_resources_offers_only_the_end_of_the_turn() -> None:
    g, s = _red()
    purse(s, "persians", marble=1, gold=1)
    assert legal(g, "persians") == [("done",)]
    refused(g, "persians", ("region", "attalia"))


def test_1_no_city_token_left_no_new_city() -> None:
    g, s = _red()
    red = n_of(s, "persians")
    s["supply"][red][2] = 0
    s["ncity"][red] = RULEBOOK.city_tokens  # as if 24 cities stood (counter only, for the offer)
    assert legal(g, "persians") == [("done",)]


def test_5_2_the_founding_phase_is_skipped_without_units_outside_cities() -> None:
    g = new("orient", 3, seed=4)
    s = g.state
    me = s["nations"][0]
    play(g, me, ("rondel", "aurum"))
    assert s["turn"] == 1  # nothing to found: straight to the next nation
    assert wallet(s, me)[3] == 1
