"""The personage invariants of ``games/antike/invariants.py`` (§3, §4, §5.3): each fails on a
state built to break its rule, and a fresh game passes them all."""

from __future__ import annotations

from typing import Any

import pytest

import tavola
from tavola.games.antike import RULES

KINGS, GENERALS, CITIZENS, SCHOLARS, NAVIGATORS, PLINY = range(6)


@pytest.fixture
def state() -> dict[str, Any]:
    s = tavola.new_game("antike-ii", scenario="mare-nostrum", players=3, seed=2).state
    assert RULES.check(s) == []
    s["turn"] = 0
    return s


def take(s: dict[str, Any], n: int, k: int, count: int = 1) -> None:
    s["bank"][k] -= count
    s["personages"][n][k] += count


def problems(s: dict[str, Any]) -> str:
    return " | ".join(RULES.check(s))


def test_3_4_scholars_only_for_first_developments(state: dict[str, Any]) -> None:
    take(state, 1, SCHOLARS)
    assert "scholars for 0 first developments" in problems(state)
    state["first"][0] = 1
    state["tech"][1] |= 1
    assert problems(state) == ""


def test_3_1_kings_at_each_five_cities(state: dict[str, Any]) -> None:
    state["ncity"][2] = 5  # the counter only: the map check reports it too
    assert "personage stack 0" in problems(state)
    take(state, 2, KINGS)
    assert "personage stack 0" not in problems(state)


def test_3_3_citizens_at_each_three_temples(state: dict[str, Any]) -> None:
    state["ntemple"][2] = 3
    assert "personage stack 2" in problems(state)
    take(state, 2, CITIZENS)
    assert "personage stack 2" not in problems(state)


def test_3_4_pliny_only_with_all_eight_technologies(state: dict[str, Any]) -> None:
    state["pliny"] = True
    state["bank"][PLINY] = 1
    take(state, 0, PLINY)
    assert "Pliny without all eight" in problems(state)


def test_4_enough_personages_end_the_game(state: dict[str, Any]) -> None:
    take(state, 1, GENERALS, state["target"] - 1)
    assert "enough to win" not in problems(state)
    take(state, 1, NAVIGATORS, 1)
    assert "enough to win" in problems(state)
    state["winner"] = 1
    state["flow"] = [{"s": "over"}]
    assert "enough to win" not in problems(state)
    state["personages"][1][NAVIGATORS] = 0
    state["personages"][1][GENERALS] = 1
    assert "won with 1 personages" in problems(state)
