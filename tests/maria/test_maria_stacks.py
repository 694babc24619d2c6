"""§6 Stacks and troops: the book's two Friedrich/Schwerin examples, transfers, losses."""

from __future__ import annotations

from maria_helpers import allocated, clear_board, place

from tavola.games.maria import RULES
from tavola.games.maria.stacks import legal_transfers, lose_general, lose_stack

FRIEDRICH, SCHWERIN = "friedrich_der_grosse", "schwerin"


def _stack(friedrich: int, schwerin: int) -> dict:
    state = allocated()
    clear_board(state)
    place(state, FRIEDRICH, "zullichau", friedrich)
    place(state, SCHWERIN, "zullichau", schwerin)
    return state


def test_6_transfer_example_friedrich_7_schwerin_2() -> None:
    """§6: Friedrich 4 and Schwerin 5, stacked; the player moves troops: Friedrich 7, Schwerin 2."""
    state = _stack(4, 5)
    for _ in range(3):
        assert ("transfer", f"{SCHWERIN}>{FRIEDRICH}") in legal_transfers(state, "frederick")
        from tavola.games.maria.stacks import apply_transfer

        apply_transfer(state, "frederick", ("transfer", f"{SCHWERIN}>{FRIEDRICH}"))
    assert state["generals"][FRIEDRICH]["troops"] == 7
    assert state["generals"][SCHWERIN]["troops"] == 2


def test_6_transfers_never_leave_a_general_empty_nor_over_8() -> None:
    state = _stack(8, 1)
    assert legal_transfers(state, "frederick") == [("transfer", f"{FRIEDRICH}>{SCHWERIN}")]


def test_6_transfers_never_between_unstacked_generals_nor_other_roles() -> None:
    state = _stack(4, 5)
    place(state, SCHWERIN, "cottbus", 5)
    assert legal_transfers(state, "frederick") == []
    state = _stack(4, 5)
    assert legal_transfers(state, "theresa") == []


def test_6_losses_example_eight_lost_schwerin_leaves() -> None:
    """§6: the stack (4 + 5) loses 8: the last troop goes to Friedrich, Schwerin leaves the map."""
    state = _stack(4, 5)
    lost, events = lose_stack(state, "zullichau", 8)
    assert lost == 8
    assert state["generals"][FRIEDRICH] == {"city": "zullichau", "troops": 1, "down": False}
    assert state["generals"][SCHWERIN]["city"] is None
    assert [e["msg"] for e in events] == ["ev.general_removed"]


def test_6_losses_example_seven_lost_both_stay_with_one() -> None:
    """§6: losing only 7, both generals stay on the map with 1 troop each."""
    state = _stack(4, 5)
    lose_stack(state, "zullichau", 7)
    assert state["generals"][FRIEDRICH]["troops"] == 1
    assert state["generals"][SCHWERIN]["troops"] == 1
    assert state["generals"][SCHWERIN]["city"] == "zullichau"


def test_6_losses_never_more_than_commanded() -> None:
    state = _stack(4, 5)
    lost, _ = lose_stack(state, "zullichau", 12)
    assert lost == 9
    assert state["generals"][FRIEDRICH]["city"] is None and state["generals"][SCHWERIN]["city"] is None


def test_6_mixed_stack_the_other_power_loses_first() -> None:
    """§11.1: in a mixed stack the losses fall on the other power first, then on the supreme
    commander's."""
    state = allocated()
    clear_board(state)
    place(state, "torring", "donauworth", 5)  # Bavaria's rank 1 commands Broglie's rank 3
    place(state, "broglie", "donauworth", 6)
    lose_stack(state, "donauworth", 7)
    assert state["generals"]["broglie"]["city"] is None
    assert state["generals"]["torring"]["troops"] == 4


def test_6_last_troop_lost_in_a_stack_is_replaced_by_a_transfer() -> None:
    """§6: a general losing its last troop stays when a troop can be transferred to it."""
    state = _stack(1, 5)
    lose_general(state, FRIEDRICH, 1)
    assert state["generals"][FRIEDRICH]["troops"] == 1
    assert state["generals"][SCHWERIN]["troops"] == 4
    state = _stack(1, 1)
    lose_general(state, FRIEDRICH, 1)
    assert state["generals"][FRIEDRICH]["city"] is None
    assert state["generals"][SCHWERIN]["troops"] == 1


def test_6_transfer_is_a_side_action_of_the_movement() -> None:
    state = allocated()
    clear_board(state)
    place(state, FRIEDRICH, "zullichau", 4)
    place(state, SCHWERIN, "zullichau", 5)
    from maria_helpers import at_step

    at_step(state, "move", group=1, piece="", stack=False, march=False, path=[], main=True, done=[])
    assert ("transfer", f"{SCHWERIN}>{FRIEDRICH}") in RULES.legal_actions(state, "frederick")


def test_2_allies_enemies_and_cooperating_powers() -> None:
    from tavola.games.maria.common import allied, cooperating, enemies, superpower

    s = allocated()
    assert allied(s, "france", "prussia") and allied(s, "bavaria", "saxony")
    assert allied(s, "austria", "pragmatic_army")
    assert enemies(s, "austria", "france") and enemies(s, "pragmatic_army", "prussia")
    assert cooperating(s, "france", "bavaria") and not cooperating(s, "france", "prussia")
    assert superpower(s, "bavaria") == "france" and superpower(s, "saxony") == "prussia"


def test_2_the_players_and_their_powers() -> None:
    state = allocated()
    assert state["control"] == {
        "austria": "theresa",
        "pragmatic_army": "frederick",
        "prussia": "frederick",
        "saxony": "frederick",
        "france": "louis",
        "bavaria": "louis",
    }
    assert "pragmatic_army" not in state["powers"]  # §14: not in the introductory game


def test_3_2_control_home_fortresses_unmarked_the_others_by_marker() -> None:
    from tavola.games.maria.common import controller

    state = allocated()
    assert controller(state, "prag") == "austria" and controller(state, "dresden") == "saxony"
    assert controller(state, "glogau") == "prussia" and controller(state, "breslau") == "austria"
    state["markers"]["prag"] = "france"
    assert controller(state, "prag") == "france"
