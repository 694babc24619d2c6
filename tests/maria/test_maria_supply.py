"""§9 Supply and §7 hussars."""

from __future__ import annotations

from maria_helpers import allocated, clear_board, place

from tavola.games.maria import supply
from tavola.games.maria.hussars import hussar_cities


def _board() -> dict:
    state = allocated()
    clear_board(state)
    return state


def test_9_always_supplied_at_home() -> None:
    state = _board()
    place(state, "neipperg", "prag", 3)
    assert supply.status(state, "neipperg") == ("home", 0)


def test_9_silesia_is_nobodys_home_at_the_start() -> None:
    state = _board()
    place(state, "neipperg", "neisse", 3)
    assert supply.status(state, "neipperg") == ("none", 0)
    state["trains"]["austria_train_3"] = "glatz"
    assert supply.status(state, "neipperg")[0] == "path"


def test_9_path_of_at_most_6_cities_not_through_enemy_pieces() -> None:
    state = _board()
    place(state, "belle_isle", "leipzig", 6)
    state["trains"]["france_train_2"] = "eger"
    assert supply.path_length(state, "belle_isle", through_hussars=False) == 4
    place(state, "neipperg", "hof", 2)  # an enemy piece on the only short path
    assert supply.path_length(state, "belle_isle", through_hussars=False) is None
    state["generals"]["neipperg"]["city"] = None
    state["generals"]["neipperg"]["troops"] = 0
    state["trains"]["bavaria_train_1"] = "hof"  # a friendly piece does not block
    assert supply.path_length(state, "belle_isle", through_hussars=False) == 4


def test_9_unsupplied_turns_face_down_and_loses_one_then_two() -> None:
    state = _board()
    place(state, "neipperg", "neisse", 4)
    supply.unsupplied(state, "neipperg")
    assert state["generals"]["neipperg"] == {"city": "neisse", "troops": 3, "down": True}
    supply.unsupplied(state, "neipperg")
    assert state["generals"]["neipperg"]["troops"] == 1
    supply.supplied(state, "neipperg")
    assert state["generals"]["neipperg"]["down"] is False


def test_9_hussar_path_costs_a_point_per_city_per_general() -> None:
    """§9: the book's figure, 4 cities and 2 generals: 8 points (the example file plays it)."""
    state = _board()
    place(state, "belle_isle", "leipzig", 6)
    place(state, "broglie", "chemnitz", 5)
    state["trains"]["france_train_2"] = "eger"
    state["hussars"] = ["hof", None]
    costs = [supply.status(state, g) for g in ("belle_isle", "broglie")]
    assert costs == [("hussar", 4), ("hussar", 4)]
    state["options"]["hussar_path"] = "cities"
    assert supply.status(state, "belle_isle") == ("hussar", 5)


def test_9_a_power_that_cannot_pay_shows_its_cards_and_is_unsupplied() -> None:
    state = _board()
    place(state, "belle_isle", "leipzig", 6)
    state["hands"]["france"] = [3]  # a 5 of hearts: not enough for 4? it is: use a 2
    state["hands"]["france"] = [0]
    frame = {"power": "france", "cost": 4, "paid": 0, "why": "supply", "piece": "belle_isle", "city": ""}
    assert not supply.must_pay(state, frame)
    events = supply.cannot_pay(state, frame)
    assert events[0]["reveal"] and events[0]["args"]["cards"] == ["2-hearts"]
    assert state["generals"]["belle_isle"]["down"] is True


def test_7_hussars_on_bohemia_within_4_cities_of_an_austrian_general_on_no_piece() -> None:
    state = _board()
    place(state, "neipperg", "prag", 3)
    cities = hussar_cities(state, 0)
    assert cities and "prag" not in cities
    from tavola.games.maria.board_adapter import GEO

    dist = GEO.distances("prag", ("bohemia",))
    assert all(dist[c] <= 4 for c in cities)
    assert {c for c, d in dist.items() if 1 <= d <= 4} == set(cities)
