"""§10.1 Movement and forced march, §10.2 trains, §10.3 conquest, §12 retroactive conquest."""

from __future__ import annotations

from maria_helpers import act, allocated, at_step, clear_board, place

from tavola.games.maria import RULES, conquest, invariants
from tavola.games.maria.board_adapter import GEO
from tavola.games.maria.movement import next_cities


def _moving(group: int) -> dict:
    state = allocated()
    clear_board(state)
    state["turn"], state["stage"], state["group"] = 2, "combat", group
    at_step(state, "move", group=group, piece="", stack=False, march=False, path=[], main=True, done=[])
    return state


def test_10_1_three_cities_or_four_all_on_main_roads() -> None:
    state = _moving(2)
    place(state, "khevenhuller", "munchen", 6)
    act(state, "theresa", "move", "khevenhuller")
    for city in ("wasserburg", "braunau_inn", "linz", "st_polten"):  # a main road all the way
        assert GEO.adjacent[state["generals"]["khevenhuller"]["city"]][city]
        act(state, "theresa", "to", city)
    assert state["generals"]["khevenhuller"]["city"] == "st_polten"
    assert state["flow"][-1]["piece"] == ""  # no fifth city
    state = _moving(2)
    place(state, "khevenhuller", "munchen", 6)
    act(state, "theresa", "move", "khevenhuller")
    act(state, "theresa", "to", "landshut")  # an ordinary road: 3 cities at most
    frame = state["flow"][-1]
    act(state, "theresa", "to", next_cities(state, frame)[0])
    act(state, "theresa", "to", next_cities(state, frame)[0])
    assert state["flow"][-1]["piece"] == ""  # stopped after 3


def test_10_1_trains_move_one_city_fewer() -> None:
    state = _moving(2)
    state["trains"]["austria_train_3"] = "munchen"
    act(state, "theresa", "move", "austria_train_3")
    for city in ("wasserburg", "braunau_inn"):
        act(state, "theresa", "to", city)
    assert ("to", "linz") in RULES.legal_actions(state, "theresa")  # the third, on a main road
    act(state, "theresa", "to", "linz")
    assert state["flow"][-1]["piece"] == ""


def test_10_1_no_jumping_and_stacking_ends_the_move() -> None:
    state = _moving(2)
    place(state, "khevenhuller", "munchen", 6)
    place(state, "batthyany", "augsburg", 2)
    place(state, "belle_isle", "ingolstadt", 6)
    act(state, "theresa", "move", "khevenhuller")
    legal = RULES.legal_actions(state, "theresa")
    assert ("to", "augsburg") in legal and ("to", "ingolstadt") not in legal
    act(state, "theresa", "to", "augsburg")
    assert state["flow"][-1]["piece"] == "" and {"khevenhuller", "batthyany"} <= set(state["moved"])


def test_10_1_entering_an_enemy_train_destroys_it() -> None:
    state = _moving(2)
    place(state, "khevenhuller", "munchen", 6)
    state["trains"]["bavaria_train_1"] = "augsburg"
    act(state, "theresa", "move", "khevenhuller")
    act(state, "theresa", "to", "augsburg")
    assert state["trains"]["bavaria_train_1"] is None
    assert state["flow"][-1]["piece"] == "khevenhuller"  # it may go on


def test_10_1_forced_march_main_roads_up_to_8_never_beside_an_enemy() -> None:
    road = ["znaim", "iglau", "deutschbrod", "czaslau", "kolin", "prag", "melnik", "leitmeritz"]
    state = _moving(2)
    place(state, "khevenhuller", "wien", 6)
    act(state, "theresa", "march", "khevenhuller")
    for city in road:  # 8 cities on main roads
        act(state, "theresa", "to", city)
    assert state["generals"]["khevenhuller"]["city"] == "leitmeritz"
    assert state["flow"][-1]["piece"] == ""  # no ninth
    state = _moving(2)
    place(state, "khevenhuller", "wien", 6)
    act(state, "theresa", "move", "khevenhuller")  # an ordinary move stops at 4
    for city in road[:4]:
        act(state, "theresa", "to", city)
    assert state["flow"][-1]["piece"] == ""
    state = _moving(2)
    place(state, "khevenhuller", "wien", 6)
    place(state, "belle_isle", "czaslau", 6)  # beside Deutschbrod and Kolin
    act(state, "theresa", "march", "khevenhuller")
    act(state, "theresa", "to", "znaim")
    act(state, "theresa", "to", "iglau")
    assert ("to", "deutschbrod") not in RULES.legal_actions(state, "theresa")


def test_10_1_forced_march_never_enters_an_enemy_fortress() -> None:
    state = _moving(2)
    place(state, "khevenhuller", "linz", 6)
    act(state, "theresa", "march", "khevenhuller")
    assert ("to", "braunau_inn") not in RULES.legal_actions(state, "theresa")
    state = _moving(2)
    place(state, "khevenhuller", "linz", 6)
    act(state, "theresa", "move", "khevenhuller")
    assert ("to", "braunau_inn") in RULES.legal_actions(state, "theresa")


def test_10_3_leaving_an_unprotected_enemy_fortress_conquers_it() -> None:
    state = _moving(2)
    place(state, "khevenhuller", "ingolstadt", 6)
    act(state, "theresa", "move", "khevenhuller")
    act(state, "theresa", "to", "regensburg")
    assert state["markers"]["ingolstadt"] == "austria"


def test_10_3_a_protected_fortress_gets_a_question_mark_and_12_falls_when_unprotected() -> None:
    state = _moving(2)
    place(state, "khevenhuller", "ingolstadt", 6)
    place(state, "torring", "munchen", 5)  # 1 city away: protects Ingolstadt
    act(state, "theresa", "move", "khevenhuller")
    act(state, "theresa", "to", "regensburg")
    assert "ingolstadt" not in state["markers"] and state["question"] == {"ingolstadt": "austria"}
    state["generals"]["torring"]["city"] = "scharding"  # as if it had retreated 5 cities away
    assert not conquest.protected(state, "ingolstadt")
    conquest.retroactive(state)
    assert state["markers"]["ingolstadt"] == "austria" and state["question"] == {}


def _advanced_moving(group: int) -> dict:
    state = allocated(scenario="advanced")
    clear_board(state)
    state["turn"], state["stage"], state["group"] = 2, "combat", group
    at_step(state, "move", group=group, piece="", stack=False, march=False, path=[], main=True, done=[])
    return state


def test_10_3_advanced_question_mark_taken_from_the_pool_and_put_back_if_not_conquered() -> None:
    """§10.3: «Nel gioco avanzato quando prendi un segnalino punto interrogativo dalla scorta
    rimetticelo se la fortezza non viene conquistata retroattivamente»."""
    state = _advanced_moving(2)
    pool = state["pools"]["austria"]
    place(state, "khevenhuller", "ingolstadt", 6)
    place(state, "torring", "munchen", 5)  # protects Ingolstadt
    act(state, "theresa", "move", "khevenhuller")
    act(state, "theresa", "to", "regensburg")
    assert state["question"] == {"ingolstadt": "austria"}
    assert state["pools"]["austria"] == pool - 1
    assert invariants.check_pools(state) == []
    conquest.retroactive(state)  # Törring still protects it: not conquered, the marker goes back
    assert "ingolstadt" not in state["markers"] and state["pools"]["austria"] == pool
    assert invariants.check_pools(state) == []


def test_10_3_advanced_question_mark_becomes_the_victory_marker_of_a_retroactive_conquest() -> None:
    state = _advanced_moving(2)
    pool = state["pools"]["austria"]
    place(state, "khevenhuller", "ingolstadt", 6)
    place(state, "torring", "munchen", 5)
    act(state, "theresa", "move", "khevenhuller")
    act(state, "theresa", "to", "regensburg")
    state["generals"]["torring"]["city"] = "scharding"  # as if it had retreated out of range
    conquest.retroactive(state)
    assert state["markers"]["ingolstadt"] == "austria" and state["pools"]["austria"] == pool - 1
    assert invariants.check_pools(state) == []


def test_10_3_advanced_question_mark_with_an_empty_pool_is_an_additional_marker() -> None:
    """§10.3 with §23: a question mark taken while the pool is empty counts as an additional
    marker until it goes back."""
    state = _advanced_moving(2)
    place(state, "khevenhuller", "ingolstadt", 6)
    place(state, "torring", "munchen", 5)
    state["pools"]["austria"] = 0
    act(state, "theresa", "move", "khevenhuller")
    act(state, "theresa", "to", "regensburg")
    assert state["extra"]["austria"] == 1 and state["pools"]["austria"] == 0
    conquest.retroactive(state)
    assert state["extra"]["austria"] == 0 and state["pools"]["austria"] == 0


def test_10_3_introductory_question_marks_touch_no_pool() -> None:
    state = _moving(2)
    place(state, "khevenhuller", "ingolstadt", 6)
    place(state, "torring", "munchen", 5)
    act(state, "theresa", "move", "khevenhuller")
    act(state, "theresa", "to", "regensburg")
    assert state["question"] == {"ingolstadt": "austria"} and state["pools"] == {}


def test_10_3_face_down_generals_and_forced_marches_never_conquer() -> None:
    state = _moving(2)
    place(state, "khevenhuller", "ingolstadt", 6, down=True)
    act(state, "theresa", "move", "khevenhuller")
    act(state, "theresa", "to", "regensburg")
    assert "ingolstadt" not in state["markers"]


def test_10_3_markers_example_b_bavaria_retakes_with_a_french_marker() -> None:
    state = _moving(0)
    state["markers"]["ingolstadt"] = "austria"
    conquest.conquer(state, "ingolstadt", "bavaria")
    assert state["markers"]["ingolstadt"] == "france"


def test_10_3_markers_example_c_a_superpower_retaking_its_own_fortress_places_none() -> None:
    state = _moving(2)
    state["markers"]["olmutz"] = "prussia"
    conquest.conquer(state, "olmutz", "austria")
    assert "olmutz" not in state["markers"]
    assert conquest.controller(state, "olmutz") == "austria"


def test_10_3_silesian_fortresses_are_always_marked() -> None:
    state = _moving(1)
    conquest.conquer(state, "breslau", "prussia")
    assert state["markers"]["breslau"] == "prussia"


def test_10_2_train_reentry_needs_an_empty_allied_major_fortress_and_4_points() -> None:
    state = _moving(0)
    state["trains"]["france_train_2"] = None
    state["hands"]["france"] = [0]  # a 2: not enough
    assert ("reenter", "france_train_2") not in RULES.legal_actions(state, "louis")
    state["hands"]["france"] = [3]  # a 5
    assert ("reenter", "france_train_2") in RULES.legal_actions(state, "louis")
    state["markers"]["munchen"] = "austria"  # München held by an enemy: no fortress is left
    assert ("reenter", "france_train_2") not in RULES.legal_actions(state, "louis")


def test_10_2_a_train_on_the_map_may_be_taken_off_and_brought_back_at_once_but_not_the_silesian() -> None:
    """§10.2: «Rimuovere volontariamente un treno rifornimento dal tabellone e farlo rientrare
    immediatamente» (the second case beside an eliminated train), for 4 points, on a major
    fortress of its home; «il treno di rifornimento nella casella Slesia non può lasciarla con
    questo metodo»."""
    state = _moving(1)
    state["trains"]["prussia_train_1"] = "glogau"
    state["hands"]["prussia"] = [3]  # a 5
    legal = RULES.legal_actions(state, "frederick")
    assert ("reenter", "prussia_train_1") in legal
    assert "prussia_train_2" in state["out"] and ("reenter", "prussia_train_2") not in legal
    act(state, "frederick", "reenter", "prussia_train_1")
    act(state, "frederick", "enter", "berlin")
    events = act(state, "frederick", "pay", 3)
    assert state["trains"]["prussia_train_1"] == "berlin" and state["hands"]["prussia"] == []
    assert any(e.get("msg") == "ev.train_enters" and e["args"]["frm"] == "glogau" for e in events)
    # it may not move in this sub-phase (§10.2), nor be taken off again
    legal = RULES.legal_actions(state, "frederick")
    assert ("move", "prussia_train_1") not in legal and ("reenter", "prussia_train_1") not in legal


def test_12_retroactive_conquest_only_if_still_unprotected_after_combat() -> None:
    state = _moving(2)
    state["question"] = {"ingolstadt": "austria"}
    place(state, "torring", "munchen", 5)
    conquest.retroactive(state)
    assert "ingolstadt" not in state["markers"] and state["question"] == {}


def test_10_3_tournai_example_and_its_retroactive_sequel() -> None:
    """§10.3: a French general passes Tournai, which falls, and Brussel, which a Pragmatic general
    protects: a question mark. In the combat sub-phase that general retreats, and in the §12 check
    Brussel falls. (Flanders is not in the introductory game: the board is read with both maps.)"""
    state = _moving(0)
    state["scenario"] = "advanced"  # both maps in play for this test
    state["generals"]["earl_of_stair"] = {"city": "tienen", "troops": 3, "down": False}
    place(state, "moritz_v_sachsen", "lille", 7)
    act(state, "louis", "move", "moritz_v_sachsen")
    for city in ("tournai", "ath", "brussel", "mons"):
        act(state, "louis", "to", city)
    assert state["markers"]["tournai"] == "france"
    assert "brussel" not in state["markers"] and state["question"] == {"brussel": "france"}
    state["generals"]["earl_of_stair"]["city"] = "aachen"  # after its retreat, 4 cities away
    assert conquest.protected(state, "brussel") is False
    conquest.retroactive(state)
    assert state["markers"]["brussel"] == "france"
