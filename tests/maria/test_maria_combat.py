"""§11 Combat: who must attack, the score card by card, ties, the retreat the winner chooses."""

from __future__ import annotations

from maria_helpers import act, allocated, at_step, cid, clear_board, fight, place

from tavola.games.maria import RULES, combat


def _fight(austria: int, prussia: int, a_hand: list[str], p_hand: list[str], **options: object) -> dict:
    """Neipperg at Neisse (diamonds) against Friedrich at Grottkau (spades), Austria attacking."""
    return fight(austria, prussia, a_hand, p_hand, **options)


def test_11_1_every_active_general_beside_an_enemy_general_must_attack() -> None:
    state = _fight(3, 3, [], [])
    assert RULES.active_roles(state) == ["theresa"]
    assert RULES.legal_actions(state, "theresa") == [("attack", "neisse>grottkau")]


def test_11_1_an_adjacent_enemy_train_forces_nothing() -> None:
    state = allocated()
    clear_board(state)
    place(state, "neipperg", "neisse", 3)
    state["trains"]["prussia_train_1"] = "grottkau"
    at_step(state, "sequence")
    combat.start_combat(state, 2)
    assert state["flow"][-1]["attacks"] == []


def test_11_1_only_cards_of_the_sectors_suit() -> None:
    state = _fight(2, 4, ["10-diamonds", "9-hearts", "reserve"], ["5-spades"])
    act(state, "theresa", "attack", "neisse>grottkau")
    legal = RULES.legal_actions(state, "theresa")
    assert ("card", cid("10-diamonds")) in legal and ("card", cid("9-hearts")) not in legal
    assert ("reserve", 8) in legal and ("reserve", 9) not in legal


def test_11_1_at_zero_a_card_of_the_suit_must_be_played_but_not_a_reserve() -> None:
    state = _fight(3, 3, ["7-diamonds", "reserve"], [])
    act(state, "theresa", "attack", "neisse>grottkau")
    assert ("stop",) not in RULES.legal_actions(state, "theresa")  # the attacker starts at zero
    state = _fight(3, 3, ["reserve"], [])
    act(state, "theresa", "attack", "neisse>grottkau")
    act(state, "theresa", "stop")  # only a Reserve: a draw
    assert (
        state["generals"]["neipperg"]["troops"] == 3
        and state["generals"]["friedrich_der_grosse"]["troops"] == 3
    )


def test_11_1_the_beaten_general_loses_the_final_score_never_more_than_it_has() -> None:
    state = _fight(2, 8, [], [])
    act(state, "theresa", "attack", "neisse>grottkau")
    act(state, "theresa", "stop")  # -6 with 2 troops: all lost
    assert state["generals"]["neipperg"]["city"] is None


def test_11_1_withdraw_at_once_loses_every_troop_and_keeps_the_cards() -> None:
    state = _fight(2, 4, ["10-diamonds"], [])
    act(state, "theresa", "attack", "neisse>grottkau")
    act(state, "theresa", "withdraw")
    assert state["generals"]["neipperg"]["city"] is None
    assert state["hands"]["austria"] == [cid("10-diamonds")]
    state = _fight(2, 4, ["10-diamonds"], [], withdraw_at_once=False)
    act(state, "theresa", "attack", "neisse>grottkau")
    assert ("withdraw",) not in RULES.legal_actions(state, "theresa")


def test_11_2_the_winner_chooses_a_full_retreat_as_far_as_possible() -> None:
    state = _fight(6, 4, [], [])
    act(state, "theresa", "attack", "neisse>grottkau")
    act(state, "frederick", "stop")  # -2: 2 troops lost, 2 cities of retreat
    assert RULES.active_roles(state) == ["theresa"]
    frame = state["flow"][-1]
    assert frame["s"] == "retreat" and frame["left"] == 2
    assert "friedrich_der_grosse" in state["retreated"]  # §11.1: not attacked again this sub-phase
    from tavola.games.maria.board_adapter import GEO

    dist = GEO.distances("neisse", ("bohemia",))
    first = RULES.legal_actions(state, "theresa")
    act(state, "theresa", *first[0])
    act(state, "theresa", *RULES.legal_actions(state, "theresa")[0])
    end = state["generals"]["friedrich_der_grosse"]["city"]
    assert dist[end] == frame["far"] and state["generals"]["friedrich_der_grosse"]["troops"] == 2


def test_11_2_a_general_that_cannot_retreat_the_full_distance_is_lost() -> None:
    state = _fight(6, 4, [], [])
    from tavola.games.maria.board_adapter import GEO

    for i, n in enumerate(sorted(GEO.adjacent["grottkau"])):  # every road out is blocked
        if n != "neisse":
            state["trains"][
                ["prussia_train_1", "saxony_train_1", "bavaria_train_1", "france_train_2"][i % 4]
            ] = n
    act(state, "theresa", "attack", "neisse>grottkau")
    act(state, "frederick", "stop")
    assert state["generals"]["friedrich_der_grosse"]["city"] is None


def test_11_2_every_step_away_option() -> None:
    state = _fight(6, 4, [], [], retreat_every_step=True)
    act(state, "theresa", "attack", "neisse>grottkau")
    act(state, "frederick", "stop")
    from tavola.games.maria.board_adapter import GEO

    dist = GEO.distances("neisse", ("bohemia",))
    for a in RULES.legal_actions(state, "theresa"):
        assert dist[a[1]] > dist["grottkau"]


def test_11_2_19_3_a_retreat_closed_before_it_begins_goes_as_far_as_it_still_can() -> None:
    """§19.3 asks Austria about the Saxony marker before the loser retreats; the answer can make
    Saxony neutral, whose land no piece enters (§19.4), closing the way found when the battle
    was lost. The retreat then goes as far from the winner as it still can (§11.2), and a stack
    with no way of the full length left is lost. (Here the ways are closed by trains.)"""
    from tavola.games.maria import sequence
    from tavola.games.maria.board_adapter import GEO

    state = _fight(6, 4, [], [])
    act(state, "theresa", "attack", "neisse>grottkau")
    act(state, "frederick", "stop")  # -2: a retreat of 2 cities
    frame = state["flow"][-1]
    dist = GEO.distances("neisse", ("bohemia",))
    ends = {b for a in GEO.adjacent["grottkau"] for b in GEO.adjacent[a] if dist.get(b) == frame["far"]}
    trains = ["prussia_train_1", "saxony_train_1", "bavaria_train_1", "france_train_2"]
    for train, city in zip(trains, sorted(ends), strict=False):
        state["trains"][train] = city
    assert len(ends) <= len(trains)
    far = frame["far"]
    sequence.advance(state)  # what every step does after it: the way is looked for again
    assert state["flow"][-1] is frame and frame["far"] == far - 1
    act(state, "theresa", *RULES.legal_actions(state, "theresa")[0])
    act(state, "theresa", *RULES.legal_actions(state, "theresa")[0])
    assert dist[state["generals"]["friedrich_der_grosse"]["city"]] == far - 1
    # no way at all: every road out of Grottkau but the winner's is closed
    state = _fight(6, 4, [], [])
    act(state, "theresa", "attack", "neisse>grottkau")
    act(state, "frederick", "stop")
    for i, n in enumerate(sorted(c for c in GEO.adjacent["grottkau"] if c != "neisse")):
        state["trains"][trains[i % 4]] = n
    sequence.advance(state)
    assert state["generals"]["friedrich_der_grosse"]["city"] is None
    assert state["flow"][-1]["s"] != "retreat" and not RULES.check(state)


def test_11_2_19_3_a_saxon_stack_sent_home_by_neutrality_has_no_retreat_left() -> None:
    """§19.3: a beaten Prussian ally moves the Saxony marker, and Austria's answer comes before
    the loser retreats. When it makes Saxony neutral «i pezzi sassoni tornano nelle loro città
    di partenza»: the beaten Saxon stack is gone from the battle's city, so its retreat (§11.2)
    is over before it began and the game goes on (the search bot's worlds reached this, where
    the game stood with an empty stack to retreat)."""
    from maria_helpers import give

    from tavola.games.maria import changes
    from tavola.games.maria.board_adapter import GEO

    state = allocated(scenario="advanced")
    clear_board(state)
    place(state, "neipperg", "neisse", 8)
    place(state, "rutowski", "grottkau", 5)
    give(state, "austria")
    give(state, "saxony")
    state["tracks"]["saxony"] = 2  # one space from neutral
    state["turn"], state["stage"], state["group"] = 1, "retro", 2
    at_step(state, "sequence")
    combat.start_combat(state, 2)
    act(state, "theresa", "attack", "neisse>grottkau")
    act(state, "frederick", "stop")  # -3: Rutowski loses 3 troops, 1 victory point (§16)
    assert [f["s"] for f in state["flow"][-2:]] == ["retreat", "saxony"]
    act(state, "theresa", "push")
    assert changes.saxony_stance(state) == "neutral"
    home = state["generals"]["rutowski"]["city"]
    assert home is not None and GEO.cities[home].territory == "saxony"
    assert all(f["s"] != "retreat" for f in state["flow"]) and not RULES.check(state)
    assert RULES.active_roles(state)  # somebody has a decision: the game goes on
