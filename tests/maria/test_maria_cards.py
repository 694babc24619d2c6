"""§8 Tactical cards: the four decks, draws per power, the next deck, payments."""

from __future__ import annotations

from maria_helpers import allocated, cid

from tavola.games.maria import cards
from tavola.games.maria.common import DECK_SIZE, card, pay_value


def test_8_four_decks_of_38_with_two_reserves() -> None:
    faces = [card(c) for c in range(4 * DECK_SIZE)]
    assert DECK_SIZE == 38
    assert sum(1 for _, s, _ in faces if s is None) == 8
    assert {v for _, s, v in faces if s} == set(range(2, 11))


def test_4_one_deck_in_use_and_the_starting_hands() -> None:
    """§4: one deck shuffled, the others aside; hands 9/3/2/5/3/5."""
    state = allocated()
    sizes = {p: len(h) for p, h in state["hands"].items()}
    assert sizes == {"prussia": 9, "saxony": 3, "france": 2, "bavaria": 5, "pragmatic_army": 3, "austria": 5}
    assert state["unused"] == [1, 2, 3]
    assert all(c < DECK_SIZE for h in state["hands"].values() for c in h)


def test_4_pragmatic_hand_option() -> None:
    state = allocated(pragmatic_hand=False)
    assert state["hands"]["pragmatic_army"] == []


def test_8_the_next_deck_when_one_runs_out() -> None:
    state = allocated()
    state["pile"] = [cid("2-hearts")]
    got = cards.draw(state, "austria", 3)
    assert len(got) == 3 and got[0] == cid("2-hearts")
    assert all(DECK_SIZE <= c < 2 * DECK_SIZE for c in got[1:])
    assert state["unused"] == [2, 3]


def test_8_after_the_fourth_deck_the_two_largest_discard_piles() -> None:
    state = allocated()
    state["pile"], state["unused"] = [], []
    for p in state["hands"]:
        state["hands"][p] = []
    state["discards"] = [list(range(0, 10)), list(range(38, 58)), list(range(76, 81)), list(range(114, 144))]
    cards.draw(state, "austria", 1)
    assert state["discards"][0] == list(range(0, 10)) and state["discards"][2] == list(range(76, 81))
    assert state["discards"][1] == [] and state["discards"][3] == []
    assert len(state["pile"]) + 1 == 50


def test_8_draws_per_power_and_the_subsidy() -> None:
    """§8 with §14: France 4 (5 without the subsidy) less 2 in the introductory game; Bavaria 2
    (1); Prussia 3, Saxony 1, Austria 5."""
    state = allocated()
    assert [cards.draws(state, p) for p in ("france", "bavaria", "prussia", "saxony", "austria")] == [
        2,
        2,
        3,
        1,
        5,
    ]
    state["subsidy"] = False
    assert cards.draws(state, "france") == 3 and cards.draws(state, "bavaria") == 1


def test_8_a_minor_power_gets_no_cards_while_its_major_fortress_is_enemy_held() -> None:
    state = allocated()
    state["markers"]["dresden"] = "austria"
    assert cards.draws(state, "saxony") == 0
    assert cards.draws(state, "prussia") == 3


def test_8_payment_any_suit_only_the_value_and_the_reserve_option() -> None:
    state = allocated()
    assert pay_value(state, cid("5-clubs")) == 5
    assert pay_value(state, cid("reserve")) == 8
    state = allocated(reserve_payment=1)
    assert pay_value(state, cid("reserve")) == 1
