"""Italia's view (everything is public, §2): each view shows the board as it stands, though a
view builds again only the areas whose units or city changed since the last view of the board
(every view of random games is compared with one built afresh in tests/test_all_games.py)."""

from __future__ import annotations

from tavola.core.game import Game


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
