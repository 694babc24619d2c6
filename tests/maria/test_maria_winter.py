"""§13 Winter and §14/§24 victory."""

from __future__ import annotations

import pytest
from maria_helpers import act, allocated, at_step, clear_board, give, place

from tavola.games.maria import RULES, victory, winter


def _winter(power: str) -> dict:
    state = allocated()
    clear_board(state)
    state["turn"], state["stage"], state["group"] = 3, "winter_over", 3
    at_step(state, "winter", power=power, paid=0, recruits=-1)
    return state


def test_13_troops_cost_4_points_declared_in_public_given_in_secret() -> None:
    state = _winter("austria")
    place(state, "neipperg", "prag", 3)
    give(state, "austria", "5-hearts", "4-clubs")
    act(state, "theresa", "pay", state["hands"]["austria"][0])
    act(state, "theresa", "pay", state["hands"]["austria"][0])
    events = act(state, "theresa", "recruit")
    assert events[0]["msg"] == "ev.recruit" and events[0]["args"]["n"] == 2 and "to" not in events[0]
    events = act(state, "theresa", "troop", "neipperg")
    assert events[0]["to"] == ["theresa"]
    act(state, "theresa", "troop", "neipperg")
    assert state["generals"]["neipperg"]["troops"] == 5
    assert RULES.legal_actions(state, "theresa") == [("done",)]


def test_13_removed_generals_reenter_free_at_their_superpowers_fortresses() -> None:
    state = _winter("austria")
    give(state, "austria", "4-clubs")
    act(state, "theresa", "pay", state["hands"]["austria"][0])
    act(state, "theresa", "recruit")
    enters = [a for a in RULES.legal_actions(state, "theresa") if a[0] == "enter"]
    from tavola.games.maria.board_adapter import GEO

    assert enters and all(GEO.owner(a[1].split("@")[1]) == "austria" for a in enters)
    state["markers"]["prag"] = "prussia"  # an enemy holds Prag: nobody re-enters there
    assert not any(a[1].endswith("@prag") for a in RULES.legal_actions(state, "theresa") if a[0] == "enter")


def test_13_introductory_exception_french_generals_at_munchen() -> None:
    state = _winter("france")
    give(state, "france", "4-clubs")
    act(state, "louis", "pay", state["hands"]["france"][0])
    act(state, "louis", "recruit")
    cities = {a[1].split("@")[1] for a in RULES.legal_actions(state, "louis") if a[0] == "enter"}
    assert cities == {"munchen"}


def test_13_minor_reentry_option() -> None:
    """§13: literally a Bavarian general re-enters at its superpower's (French) fortresses: none on
    the introductory map; the option lets it use Bavaria's own."""
    state = _winter("bavaria")
    assert winter.reentry_fortresses(state, "torring") == []
    state["options"]["minor_reentry"] = "own"
    assert "munchen" in winter.reentry_fortresses(state, "torring")


def test_14_louis_wins_with_9_fortresses_in_austria() -> None:
    state = allocated()
    from tavola.games.maria.board_adapter import GEO

    forts = [
        c for c, x in GEO.cities.items() if x.territory == "austria" and x.fortress and x.map == "bohemia"
    ]
    for c in forts[:8]:
        state["markers"][c] = "france"
    assert victory.check_now(state) is None
    state["markers"][forts[8]] = "france"
    assert victory.check_now(state) == {"winners": ["louis"], "reason": "france_fortresses"}


def test_14_frederick_wins_with_12_in_austria_and_silesia() -> None:
    state = allocated()
    from tavola.games.maria.board_adapter import GEO

    silesia = [c for c, x in GEO.cities.items() if x.territory == "silesia" and x.fortress]
    austria = [
        c for c, x in GEO.cities.items() if x.territory == "austria" and x.fortress and x.map == "bohemia"
    ]
    for c in silesia:
        state["markers"][c] = "prussia"
    for c in austria[: 12 - len(silesia) - 1]:
        state["markers"][c] = "prussia"
    assert victory.check_now(state) is None
    state["markers"][austria[12 - len(silesia)]] = "prussia"
    assert victory.check_now(state)["winners"] == ["frederick"]


def test_14_maria_theresa_wins_at_the_end_of_turn_9() -> None:
    state = allocated()
    assert victory.end_of_game(state) == {"winners": ["theresa"], "reason": "austria_holds"}


def test_24_two_players_a_needs_both_conditions_b_neither() -> None:
    state = allocated(players=2)
    from tavola.games.maria.board_adapter import GEO

    forts = [
        c for c, x in GEO.cities.items() if x.territory == "austria" and x.fortress and x.map == "bohemia"
    ]
    for c in forts[:9]:
        state["markers"][c] = "france"
    assert victory.check_now(state) is None  # France alone is not enough
    assert victory.end_of_game(state) == {"winners": [], "reason": "draw"}
    state = allocated(players=2)
    assert victory.end_of_game(state)["winners"] == ["theresa"]


def test_5_the_sequence_runs_to_the_end_of_turn_9() -> None:
    import random

    state = allocated(seed=4)
    pick = random.Random(4)
    winters = 0
    while RULES.result(state) is None:
        role = pick.choice(RULES.active_roles(state))
        action = pick.choice(RULES.legal_actions(state, role))
        winters += sum(1 for e in RULES.apply(state, role, action) if e["msg"] == "ev.winter")
    assert winters == 2 and state["turn"] == 9
    assert RULES.result(state)["reason"] in ("austria_holds", "france_fortresses", "prussia_fortresses")


def _finish(state: dict, result: dict) -> dict:
    state["result"] = result
    return RULES.result(state)


def test_14_score_is_the_share_of_each_victory_condition_met() -> None:
    """§14: Louis XV's score is the share of his 9 Austrian fortresses, Frederick's of his 12 in
    Austria and Silesia (Liegnitz and Glogau from the start), Maria Theresa's the share of the 9
    turns held; the winner scores 1."""
    from tavola.games.maria.board_adapter import GEO

    state = allocated()
    forts = [
        c for c, x in GEO.cities.items() if x.territory == "austria" and x.fortress and x.map == "bohemia"
    ]
    for c in forts[:9]:
        state["markers"][c] = "france"
    state["markers"][forts[9]] = "prussia"
    state["turn"] = 7
    won = _finish(state, victory.check_now(state))
    assert won["winners"] == ["louis"]
    assert won["scores"] == {"theresa": 67, "frederick": 25, "louis": 100}  # 3 of 12

    state = allocated()
    state["turn"] = 9
    held = _finish(state, victory.end_of_game(state))
    assert held["scores"] == {"theresa": 100, "frederick": 17, "louis": 0}


def test_14_the_introductory_scores_are_not_a_balance_bound(capsys: pytest.CaptureFixture[str]) -> None:
    """§14: the shares above are of unlike things (fortresses, turns), so the introductory
    scenario declares its scores unscored and the balance verdict is the win share alone, at 3
    and 2 players; the advanced game's winter score (§23) keeps the score bound."""
    from tavola.cli.arena import print_balance
    from tavola.tools import arena

    for players in (3, 2):
        settings = arena.resolve("maria", "introductory", players, {})
        assert settings.unscored.startswith("§14:")
        roles = settings.roles
        # Even wins; the first seat's share stays high when it loses (as Maria Theresa's turns
        # do), so the mean scores spread far beyond the bound: fair on the wins alone.
        outcomes = [
            arena.Outcome(
                i,
                roles,
                ["greedy"] * players,
                {
                    "winners": [roles[i % players]],
                    "scores": {
                        r: 100 if r == roles[i % players] else 70 if r == roles[0] else 10 for r in roles
                    },
                },
                10,
            )
            for i in range(48)
        ]
        report = arena.balance_report(settings, "greedy", outcomes)
        assert report["fairness"]["score_spread"] > arena.FAIR_SCORE_SPREAD
        assert report["fairness"]["fair"] and not report["fairness"]["score_bound"]
        print_balance(report)
        assert "score bound: not applicable (§14)" in capsys.readouterr().out
        advanced = arena.resolve("maria", "advanced", players, {})
        assert advanced.unscored == "" and advanced.roles == roles
        assert not arena.balance_report(advanced, "greedy", outcomes)["fairness"]["fair"]


def test_24_score_of_player_a_is_the_lesser_condition() -> None:
    """§24: A needs both conditions at once, so its score is the lesser share; a draw after
    turn 9 leaves B the 8 turns it held."""
    from tavola.games.maria.board_adapter import GEO

    state = allocated(players=2)
    forts = [
        c for c, x in GEO.cities.items() if x.territory == "austria" and x.fortress and x.map == "bohemia"
    ]
    for c in forts[:9]:
        state["markers"][c] = "france"
    state["turn"] = 9
    drawn = _finish(state, victory.end_of_game(state))
    assert drawn["winners"] == [] and drawn["scores"] == {"coalition": 17, "theresa": 89}
