"""Italia's view (everything is public, §2): each view shows the board as it stands, though a
view builds again only the areas whose units or city changed since the last view of the board."""

from __future__ import annotations

import random

import pytest

from tavola.core.game import Game
from tavola.core.rules import clone


@pytest.mark.parametrize(("game_id", "seed"), [("italia-i", 5), ("italia-ii", 6)])
def test_each_view_shows_the_board_as_a_view_built_afresh(game_id: str, seed: int) -> None:
    game = Game(game_id, seed=seed)
    pick = random.Random(seed)
    for _ in range(700):
        if game.is_over:
            break
        role = pick.choice(game.active_roles)
        shown = game.rules.view(game.state, role)
        # a clone is another board: its view is built from nothing
        assert shown == game.rules.view(clone(game.state), role)
        game.apply(role, pick.choice(game.legal_actions(role)))  # undo among them
    assert len(game.actions) >= 300


def test_a_unit_changed_in_place_shows_at_once() -> None:
    game = Game("italia-i", seed=1)
    state = game.state
    area = next(a for a, units in enumerate(state["units"]) if units)
    before = game.rules.view(state, None)["areas"][area]["units"]
    removed = state["units"][area].pop()
    after = game.rules.view(state, None)["areas"][area]["units"]
    assert after == before[:-1]
    state["units"][area].append(removed)
    assert game.rules.view(state, None)["areas"][area]["units"] == before
