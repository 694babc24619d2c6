"""§4 victory: the personages needed per number of nations, and the temple when one short."""

from __future__ import annotations

import pytest
from antike_helpers import city, empty, give_personages, legal, n_of, new, play, purse, r_of, turn, units

from tavola.games.antike.common import GENERALS, SCHOLARS


@pytest.mark.parametrize(("players", "needed"), [(6, 7), (5, 8), (4, 9), (3, 10), (2, 9)])
def test_4_personages_needed_by_number_of_nations(players: int, needed: int) -> None:
    """§3: the goal, so many personages by number of nations."""
    g = new("orient", players)
    assert g.state["target"] == needed
    assert g.rules.board("orient", players, {})["target"] == needed


def _near_win(players: int = 3, scholars: int | None = None, roman_cities: int = 3, **options: bool):
    g = new("mare-nostrum", players, **options)
    s = empty(g)
    homes = {
        "romans": ["roma", "neapolis", "syracus", "carales"][:roman_cities],
        "greeks": ["athenae", "sparta"],
        "germans": ["colonia", "lutetia"],
        "phoenicians": ["gades", "corduba"],
    }
    for nation in s["nations"]:
        for r in homes[nation]:
            city(s, nation, r)
    target = s["target"]
    give_personages(s, "romans", target - 1 if scholars is None else scholars, SCHOLARS)
    return g, s


def test_4_the_nation_reaching_the_target_at_the_end_of_its_turn_wins() -> None:
    g, s = _near_win(roman_cities=4)
    units(s, "romans", "ancona", legions=1)
    purse(s, "romans", marble=1, iron=1, gold=1)
    turn(s, "romans", {"s": "found"})
    play(g, "romans", ("region", "ancona"))
    assert g.result is None
    events = play(g, "romans", "done")
    res = g.result
    assert res is not None
    assert res["winners"] == ["romans"]
    assert res["scores"]["romans"] == 10 and res["reason"] == "personages"
    assert g.active_roles == []
    assert g.legal_actions("romans") == []
    assert events[-1]["msg"] == "ev.win"


def test_4_one_short_a_destroyed_temple_wins_only_with_a_general_in_the_bank() -> None:
    """§4 «se ce ne sono disponibili nella banca»: with no general left, no win."""
    g, s = _near_win()
    give_personages(s, "greeks", 7, GENERALS)  # every general is gone
    city(s, "greeks", "tarentum", temple=True)
    units(s, "romans", "tarentum", legions=3)
    turn(s, "romans", {"s": "conquer"})
    play(g, "romans", ("region", "tarentum"))
    assert g.result is None
    assert s["city"][r_of(s, "tarentum")] == n_of(s, "romans")


def test_4_option_one_short_a_temple_wins_even_when_no_general_is_left() -> None:
    """The other reading (option temple_win_without_general)."""
    g, s = _near_win(temple_win_without_general=True)
    give_personages(s, "greeks", 7, GENERALS)  # every general is gone
    city(s, "greeks", "tarentum", temple=True)
    units(s, "romans", "tarentum", legions=3)
    turn(s, "romans", {"s": "conquer"})
    play(g, "romans", ("region", "tarentum"))
    res = g.result
    assert res is not None and res["winners"] == ["romans"]
    assert res["reason"] == "temple_when_one_short"
    assert s["personages"][n_of(s, "romans")][GENERALS] == 0


def test_4_two_short_a_destroyed_temple_without_general_does_not_win() -> None:
    g, s = _near_win(scholars=8, temple_win_without_general=True)
    give_personages(s, "greeks", 7, GENERALS)
    city(s, "greeks", "tarentum", temple=True)
    units(s, "romans", "tarentum", legions=3)
    turn(s, "romans", {"s": "conquer"})
    play(g, "romans", ("region", "tarentum"))
    assert g.result is None


def test_4_one_short_a_temple_with_a_general_left_wins_by_the_general() -> None:
    g, s = _near_win()
    city(s, "greeks", "tarentum", temple=True)
    units(s, "romans", "tarentum", legions=4)  # the Greeks have no personage: defence 3 + 1
    turn(s, "romans", {"s": "conquer"})
    play(g, "romans", ("region", "tarentum"))
    res = g.result
    assert res is not None and res["reason"] == "personages"
    assert s["personages"][n_of(s, "romans")][GENERALS] == 1


def test_4_two_players_win_through_either_of_their_nations() -> None:
    g = new("orient", 2, seed=9)
    s = g.state
    assert g.roles == ["p1", "p2"]
    assert [s["control"][n] for n in range(4)] in (["p1", "p2", "p1", "p2"], ["p2", "p1", "p2", "p1"])
    third = s["nations"][2]
    role = s["control"][2]
    give_personages(s, third, 8, SCHOLARS)
    for r, token in (("knossos", "iron"), ("messana", "gold")):  # an 'any' site and a gold one
        city(s, third, r, token=token)
    turn(s, third, {"s": "found"})
    assert legal(g, third) == [("done",)]
    play(g, third, "done")  # 5 cities: the ninth personage
    res = g.result
    assert res is not None and res["winners"] == [role]
    assert res["winner_nation"] == third
    assert res["scores"][role] == 9
    assert set(res["scores"]) == {"p1", "p2"}
