"""Antike's view (everything is public): each view shows the regions as they stand, though a
view takes the regions of the last view of the same board again when nothing they show changed."""

from __future__ import annotations

import random

import pytest

from tavola.core.game import Game
from tavola.core.rules import clone


@pytest.mark.parametrize(("scenario", "players", "seed"), [("orient", 4, 5), ("mare-nostrum", 3, 6)])
def test_each_view_shows_the_regions_as_a_view_built_afresh(scenario: str, players: int, seed: int) -> None:
    game = Game("antike-ii", scenario, players, seed=seed)
    pick = random.Random(seed)
    for _ in range(600):
        if game.is_over:
            break
        role = pick.choice(game.active_roles)
        shown = game.rules.view(game.state, role)
        # a clone is another board: its regions are built from nothing
        assert shown == game.rules.view(clone(game.state), role)
        game.apply(role, pick.choice(game.legal_actions(role)))  # undo among them
    assert len(game.actions) >= 300


def test_a_legion_set_down_in_place_shows_at_once() -> None:
    game = Game("antike-ii", "orient", 3, seed=1)
    state = game.state
    before = game.rules.view(state, None)["regions"]
    slot = state["units"][0].index(0)  # a region (and unit type) where the first nation has none
    state["units"][0][slot] += 1
    after = game.rules.view(state, None)["regions"]
    assert after != before
    state["units"][0][slot] -= 1
    assert game.rules.view(state, None)["regions"] == before
