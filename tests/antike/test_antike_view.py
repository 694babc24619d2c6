"""Antike's view (everything is public): each view shows the regions as they stand, though a
view takes the regions of the last view of the same board again when nothing they show changed
(every view of random games is compared with one built afresh in tests/test_all_games.py)."""

from __future__ import annotations

from tavola.core.game import Game


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
