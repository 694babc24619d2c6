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


def test_a_board_is_held_from_its_second_view_and_a_clone_viewed_once_is_not() -> None:
    from tavola.core.rules import clone
    from tavola.games.italia import view as italia_view

    game = Game("italia-i", seed=2)
    state = game.state
    clones = [clone(state) for _ in range(5)]  # kept alive: five boards, five identities
    for world in clones:  # a bot's repetition check views each trial clone once
        game.rules.view(world, None)
    assert not {id(w["units"]) for w in clones} & {board for _, board in italia_view._shown}
    first = game.rules.view(state, None)["areas"]
    second = game.rules.view(state, None)["areas"]
    third = game.rules.view(state, None)["areas"]
    assert first == second == third
    assert all(a is b for a, b in zip(second, third, strict=True))  # unchanged areas reused
