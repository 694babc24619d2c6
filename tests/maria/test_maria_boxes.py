"""§15, §16 victory boxes and §23 the advanced game's victory, as arithmetic (played out on the
board in test_maria_advanced.py)."""

from __future__ import annotations

from typing import Any

from tavola.games.maria import boxes


def _state(**options: Any) -> dict:
    state = {"options": options, **boxes.new_pools()}
    state["pools"].update(prussia=11, austria=3)  # after the Silesian markers (§4)
    return state


def test_16_one_point_per_three_troops_or_one_for_generals() -> None:
    state = _state()
    assert boxes.battle_points(state, 10, 2) == 3  # the book's example: the higher of 3 and 1
    assert boxes.battle_points(state, 2, 2) == 1  # exactly 1, not 1 per general
    assert boxes.battle_points(state, 2, 0) == 0
    assert boxes.battle_points(state, 8, 0) == 2


def test_16_rounding_option_for_7_or_8_troops() -> None:
    state = _state(battle_rounding="nearest")
    assert boxes.battle_points(state, 8, 0) == 3 and boxes.battle_points(state, 7, 0) == 2


def test_16_example_bavaria_wins_france_fills_two_boxes_austria_loses_its_marker() -> None:
    """§16: Bavaria beats Austria, which cannot retreat and loses 10 troops and 2 generals: 3
    points; France has only 2 boxes, the third point is ignored; Austria's 1 boxed marker goes
    back to its pool."""
    state = _state()
    state["boxes"]["austria"] = 1
    boxes.battle(state, "bavaria", "austria", 10, 2)
    assert state["boxes"]["france"] == 2 and state["pools"]["france"] == 9
    assert state["boxes"]["austria"] == 0 and state["pools"]["austria"] == 4


def test_16_generals_lost_to_supply_cost_a_point_each() -> None:
    state = _state()
    state["boxes"]["prussia"] = 2
    boxes.supply_loss(state, "saxony", 1)
    assert state["boxes"]["prussia"] == 1 and state["pools"]["prussia"] == 12


def test_16_three_electors_box() -> None:
    state = _state()
    holders = {"trier": "austria", "mainz": "pragmatic_army", "koln": "france", "mannheim": "france"}
    assert boxes.electors(state, holders) == []
    holders["koln"] = "austria"
    boxes.electors(state, holders)
    assert state["electors_box"] == ["pragmatic_army"] and state["pools"]["pragmatic_army"] == 7
    holders["trier"] = "france"
    boxes.electors(state, holders)
    assert state["electors_box"] == [] and state["pools"]["pragmatic_army"] == 8


def test_23_empty_pool_wins_ties_to_maria_theresa_louis_loses_them() -> None:
    state = _state()
    assert boxes.empty_pool_winner(state) is None
    state["pools"]["france"] = 0
    assert boxes.empty_pool_winner(state) == "france"
    state["pools"]["austria"] = 0
    assert boxes.empty_pool_winner(state) == "austria"
    assert boxes.empty_pool_winner(state, {"france": 2, "austria": 1}) == "france"


def test_24_two_players_b_wins_the_ties_after_the_count_or_outright() -> None:
    """§24 (advanced): «tutti i pareggi sono vinti dal giocatore B». Read as §23's ties (the
    default): both players' pools empty at once still go to the one that could have placed
    more markers, and only an equal count goes to B; option ``two_player_ties=outright``: B wins
    whenever both players' pools empty at once."""
    for outright in (False, True):
        state = _state(**({"two_player_ties": "outright"} if outright else {}))
        state["players"] = 2
        state["control"] = {
            "austria": "theresa",
            "pragmatic_army": "theresa",
            "prussia": "coalition",
            "france": "coalition",
        }
        state["pools"]["france"] = state["pools"]["pragmatic_army"] = 0
        more = {"france": 2, "pragmatic_army": 1}
        assert boxes.empty_pool_winner(state, more) == ("pragmatic_army" if outright else "france")
        assert boxes.empty_pool_winner(state, {"france": 1, "pragmatic_army": 1}) == "pragmatic_army"
        state["pools"]["pragmatic_army"] = 8
        state["pools"]["prussia"] = 0  # both of A's: no tie between players, the count decides
        assert boxes.empty_pool_winner(state, {"france": 2, "prussia": 1}) == "france"


def test_23_lowest_winter_score_sum_or_last_option() -> None:
    state = _state()
    state["winter_scores"] = {
        "austria": [3, 3, 3, 1],
        "prussia": [9, 8, 2, 2],
        "france": [5, 1, 1, 1],
        "pragmatic_army": [8, 8, 8, 8],
    }
    assert boxes.final_winner(state) == "france"  # sums: Austria 10, Prussia 21, France 8
    state["options"]["winter_score"] = "last"
    assert boxes.final_winner(state) == "austria"  # last: Austria 1 and France 1, a tie
