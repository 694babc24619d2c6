"""Maria's rulebook invariants: each check fails on a state that breaks its rule."""

from __future__ import annotations

from maria_helpers import allocated, clear_board, place

from tavola.core.rules import clone
from tavola.games.maria import RULES, invariants


def _sound() -> dict:
    state = allocated()
    assert RULES.check(state) == []
    return state


def test_6_invariant_troops_per_general_1_to_8() -> None:
    state = _sound()
    state["generals"]["neipperg"]["troops"] = 9
    assert any("§6" in p and "neipperg" in p for p in RULES.check(state))
    state["generals"]["neipperg"]["troops"] = 0
    assert any("§6" in p and "neipperg" in p for p in RULES.check(state))


def test_6_invariant_one_piece_per_city_except_stacks_of_cooperating_powers() -> None:
    state = _sound()
    clear_board(state)
    place(state, "neipperg", "prag", 3)
    place(state, "belle_isle", "prag", 6)
    assert any("stacks generals" in p for p in invariants.check_cities(state))
    state = _sound()
    clear_board(state)
    place(state, "neipperg", "prag", 3)
    state["trains"]["austria_train_2"] = "prag"
    assert any("§6" in p for p in invariants.check_cities(state))


def test_17_5_invariant_a_piece_making_room_for_a_returning_general_shares_its_city_until_moved() -> None:
    """§17.5: a general back from an expedition arrives on the city its arrow points to; a piece
    standing there is moved by its owner to an adjacent city: while the owner chooses, the two
    share the city (not a break of §6); once the choice is made, never."""
    from tavola.core import flow

    state = _sound()
    clear_board(state)
    place(state, "der_alte_dessauer", "stargard", 8)
    state["trains"]["prussia_train_1"] = "stargard"
    assert any("stargard" in p for p in invariants.check_cities(state))
    flow.push(state, "room", piece="prussia_train_1", city="stargard")
    assert invariants.check_cities(state) == []


def test_6_invariant_a_stack_of_one_power_commands_2_to_16() -> None:
    state = _sound()
    clear_board(state)
    place(state, "friedrich_der_grosse", "grottkau", 8)
    place(state, "schwerin", "grottkau", 8)
    assert invariants.check_cities(state) == []
    state["generals"]["schwerin"]["troops"] = 9
    assert any("2-16" in p for p in invariants.check_cities(state))


def test_4_invariant_the_allocation_never_exceeds_the_army_sheet() -> None:
    state = RULES.setup("introductory", 3, {}, 1)
    assert invariants.check_troops(state) == []
    state["generals"]["neipperg"]["troops"] = 8
    state["generals"]["traun"]["troops"] = 8
    state["generals"]["karl_v_lothringen"]["troops"] = 8
    assert any("§4" in p for p in invariants.check_troops(state))


def test_8_invariant_every_card_in_exactly_one_place() -> None:
    state = _sound()
    state["hands"]["austria"].append(state["pile"][0])
    assert any("§8" in p for p in invariants.check_cards(state))
    state = _sound()
    state["pile"].pop()
    assert any("§8" in p for p in invariants.check_cards(state))
    state = _sound()
    state["discards"][1].append(state["pile"].pop())
    assert any("discarded onto deck 1" in p for p in invariants.check_cards(state))


def test_10_3_invariant_markers_on_fortresses_and_silesia_always_marked() -> None:
    state = _sound()
    state["markers"]["grottkau"] = "prussia"
    assert any("not a fortress" in p for p in invariants.check_markers(state))
    state = _sound()
    del state["markers"]["breslau"]
    assert any("breslau" in p for p in invariants.check_markers(state))
    state = _sound()
    state["markers"]["prag"] = "bavaria"
    assert any("no victory markers" in p for p in invariants.check_markers(state))


def test_10_3_invariant_advanced_question_marks_come_out_of_the_pool() -> None:
    """§10.3, §15: a question mark of the advanced game is a marker taken from the pool of the
    mover's side (a Bavarian's from France's)."""
    state = allocated(scenario="advanced")
    assert invariants.check_pools(state) == []
    state["question"] = {"prag": "bavaria"}
    assert any("france" in p for p in invariants.check_pools(state))
    state["pools"]["france"] -= 1
    assert invariants.check_pools(state) == []


def test_7_invariant_hussars_on_bohemia_never_with_a_piece() -> None:
    state = _sound()
    clear_board(state)
    place(state, "neipperg", "prag", 3)
    state["hussars"] = ["prag", None]
    assert any("§7" in p for p in invariants.check_hussars(state))
    state["hussars"] = ["brussel", None]
    assert any("off the Bohemia map" in p for p in invariants.check_hussars(state))


def test_9_invariant_face_up_after_supply_means_a_path_of_6() -> None:
    state = _sound()
    clear_board(state)
    state["turn"], state["stage"], state["group"] = 1, "combat", 2
    place(state, "neipperg", "neisse", 3)  # Silesia, no train anywhere
    before = clone(state)
    before["flow"] = [{"s": "sequence"}]
    state["flow"] = [
        {"s": "sequence"},
        {
            "s": "move",
            "group": 2,
            "piece": "",
            "stack": False,
            "march": False,
            "path": [],
            "main": True,
            "done": [],
        },
    ]
    applied, found = invariants.check_step(before, state)
    assert applied and any("§9" in p for p in found)
    state["trains"]["austria_train_3"] = "glatz"
    assert invariants.check_step(before, state) == (True, [])


def test_14_invariant_a_finished_three_player_game_has_one_winner() -> None:
    state = _sound()
    state["result"] = {"winners": [], "reason": "draw"}
    assert invariants.check_result(state)


def test_flow_frames_are_checked() -> None:
    state = _sound()
    state["flow"][-1]["stray"] = 1
    assert any("locals" in p for p in RULES.check(state))
