"""The advanced game, chapter by chapter: §4 its set-up, §15 the victory-marker pools, §16 the
victory boxes played out on the board, §13 the winter score, §22 Arenberg, §23 its victory."""

from __future__ import annotations

from maria_helpers import act, advance, allocated, at_step, cid, clear_board, give, place

from tavola.core.rules import clone
from tavola.games.maria import RULES, boxes, combat, conquest, invariants, supply, winter
from tavola.games.maria.board_adapter import GEO
from tavola.games.maria.common import N


def _advanced(**options: object) -> dict:
    return allocated(scenario="advanced", **options)


AUSTRIAN = sorted(c for c, x in GEO.cities.items() if x.territory == "austria" and x.fortress)
"""Core-Austria's fortresses (on the Bohemia map)."""


def _mark(state: dict, power: str, n: int) -> None:
    """``n`` Austrian fortresses marked by ``power``, its markers taken from its pool."""
    for c in AUSTRIAN[:n]:
        state["markers"][c] = power
        state["pools"][power] -= 1


def test_4_advanced_setup_pools_pay_for_the_silesian_markers() -> None:
    """§4: pools of 13/11/8/8; Prussia's 2 and Austria's 5 Silesian markers come from them."""
    state = RULES.setup("advanced", 3, {}, 0)
    assert state["pools"] == {"prussia": 11, "france": 11, "pragmatic_army": 8, "austria": 3}
    assert sum(1 for m in state["markers"].values() if m == "austria") == 5 + 2  # + Mainz, Trier
    assert {c: state["markers"][c] for c in boxes.RHINE_ELECTORS} == {
        "trier": "austria",
        "mainz": "austria",
        "koln": "france",
        "mannheim": "france",
    }
    assert "pragmatic_army" in state["powers"] and len(state["hands"]["pragmatic_army"]) == 3
    assert state["out"] == ["der_alte_dessauer", "prussia_train_2"]  # Ostpreussen, the Silesia box
    assert state["generals"]["arenberg"]["city"] == "namur"  # both maps are in play (§15)
    assert RULES.check(state) == []


def test_4_option_reads_the_silesian_markers_as_austrias_alone() -> None:
    """§4 «questi segnalini» read as Austria's five: Prussia's two are not paid from its pool."""
    state = RULES.setup("advanced", 3, {"silesian_markers": "austrian"}, 0)
    assert state["pools"] == {"prussia": 13, "france": 11, "pragmatic_army": 8, "austria": 3}
    assert state["markers"]["liegnitz"] == state["markers"]["glogau"] == "prussia"
    assert RULES.check(state) == []


def test_14_introductory_game_has_no_pools() -> None:
    state = RULES.setup("introductory", 3, {}, 0)
    assert state["pools"] == {} and RULES.check(state) == []


def test_15_a_conquest_takes_the_marker_from_the_pool_and_returns_the_old_one() -> None:
    state = _advanced()
    conquest.conquer(state, "neisse", "prussia")  # Austrian-marked Silesian fortress
    assert state["markers"]["neisse"] == "prussia"
    assert state["pools"]["prussia"] == 10 and state["pools"]["austria"] == 4
    conquest.conquer(state, "olmutz", "saxony")  # minor powers mark with their superpower's
    assert state["markers"]["olmutz"] == "prussia" and state["pools"]["prussia"] == 9
    conquest.conquer(state, "olmutz", "austria")  # home again: no Austrian marker
    assert "olmutz" not in state["markers"] and state["pools"] == {**state["pools"], "prussia": 10}
    assert RULES.check(state) == []


def test_23_markers_placed_with_an_empty_pool_are_additional() -> None:
    state = _advanced()
    for city in ("glogau", "liegnitz", "berlin", "kustrin"):
        conquest.conquer(state, city, "austria")
    assert state["pools"]["austria"] == 0 and state["extra"]["austria"] == 1
    assert RULES.check(state) == []
    conquest.conquer(state, "berlin", "prussia")  # the marker comes off: one fewer additional
    assert state["pools"]["austria"] == 0 and state["extra"]["austria"] == 0
    assert RULES.check(state) == []


def test_10_3_a_rhine_elector_turns_its_elector_marker_and_16_three_electors_box() -> None:
    """§10.3 NOTE: Trier, Mainz, Köln and Mannheim never take victory markers; the elector
    marker is turned. §16: Austria or the Pragmatic Army taking the third puts the Pragmatic
    Army's marker (only its) in the 3-electors box; falling below 3 takes it back."""
    state = _advanced()
    conquest.conquer(state, "koln", "austria")
    assert state["markers"]["koln"] == "austria" and state["pools"]["austria"] == 3
    assert state["electors_box"] == ["pragmatic_army"] and state["pools"]["pragmatic_army"] == 7
    conquest.conquer(state, "mainz", "france")
    assert state["markers"]["mainz"] == "france" and state["pools"]["france"] == 11
    assert state["electors_box"] == [] and state["pools"]["pragmatic_army"] == 8
    conquest.conquer(state, "trier", "france")
    assert state["electors_box"] == ["france"] and state["pools"]["france"] == 10
    assert RULES.check(state) == []


def test_16_example_bavaria_beats_austria_which_cannot_retreat() -> None:
    """§16: Bavaria wins with a final +1; Austria cannot retreat and loses its 10 troops and 2
    generals: 3 points (the troops' count, the higher); France fills its 2 battle boxes, the
    third point is ignored; Austria's one boxed marker goes back to its pool."""
    state = _advanced()
    clear_board(state)
    place(state, "torring", "eger", 8)
    place(state, "karl_v_lothringen", "karlsbad", 5)
    place(state, "traun", "karlsbad", 5)
    state["trains"]["prussia_train_1"] = "saaz"  # Karlsbad's other road is blocked
    state["boxes"]["austria"], state["pools"]["austria"] = 1, 2
    suit = GEO.cities["eger"].suit
    give(state, "bavaria", f"3-{suit}")
    give(state, "austria")
    state["turn"], state["stage"], state["group"] = 1, "retro", 0
    at_step(state, "sequence")
    combat.start_combat(state, 0)
    act(state, "louis", "attack", "eger>karlsbad")
    act(state, "louis", "card", cid(f"3-{suit}"))
    act(state, "theresa", "stop")
    assert state["generals"]["karl_v_lothringen"]["city"] is None
    assert state["generals"]["traun"]["city"] is None
    assert state["boxes"]["france"] == 2 and state["pools"]["france"] == 9
    assert state["boxes"]["austria"] == 0 and state["pools"]["austria"] == 3
    assert state["victor"] == "bavaria"  # §17.2: the last combat's winner
    assert RULES.check(state) == []


def test_16_b_a_general_lost_to_supply_costs_a_point() -> None:
    state = _advanced()
    clear_board(state)
    place(state, "rutowski", "olmutz", 1, down=True)  # Saxony, far from any Saxon train
    state["boxes"]["prussia"], state["pools"]["prussia"] = 1, 10
    supply.unsupplied(state, "rutowski")
    assert state["generals"]["rutowski"]["city"] is None
    assert state["boxes"]["prussia"] == 0 and state["pools"]["prussia"] == 11  # Saxony's loss is Prussia's


def test_16_no_points_in_the_introductory_game() -> None:
    state = allocated()
    assert boxes.battle(state, "prussia", "austria", 9, 1) == [] and state["pools"] == {}


def test_22_arenberg_supplied_in_the_netherlands_and_by_pragmatic_trains() -> None:
    state = _advanced()
    clear_board(state)
    place(state, "arenberg", "breda", 4)  # Dutch territory, no Austrian train anywhere
    assert supply.status(state, "arenberg") == ("home", 0)
    place(state, "neipperg", "breda", 1)
    state["generals"]["arenberg"]["city"] = "liege"
    state["generals"]["neipperg"]["city"] = "liege"
    state["trains"]["pragmatic_army_train_1"] = "maastricht"
    assert supply.status(state, "arenberg")[0] == "path"
    assert supply.status(state, "neipperg")[0] == "none"  # only Arenberg uses the Pragmatic trains


def test_22_arenberg_reenters_at_a_major_dutch_fortress() -> None:
    state = _advanced()
    places = winter.reentry_fortresses(state, "arenberg")
    assert "maastricht" in places and "s_hertogenbosch" in places and "breda" not in places
    assert "maastricht" not in winter.reentry_fortresses(state, "neipperg")


def test_23_an_empty_pool_at_the_end_of_an_action_phase_wins() -> None:
    state = _advanced()
    clear_board(state)
    _mark(state, "france", 10)
    state["turn"], state["stage"], state["group"] = 1, "retro", 0
    at_step(state, "sequence")
    advance(state)
    assert state["result"] is None  # one marker left
    state = _advanced()
    clear_board(state)
    _mark(state, "france", 11)
    assert state["pools"]["france"] == 0 and RULES.check(state) == []
    state["turn"], state["stage"], state["group"] = 1, "retro", 0
    at_step(state, "sequence")
    advance(state)
    assert state["flow"][-1] == {"s": "reduce"}  # §19.2 first: no general in Core-Austria
    act(state, "louis", "pass")
    assert state["result"] == {"winners": ["louis"], "reason": "empty_pool", "power": "france"}


def test_13_winter_scores_hidden_then_23_lowest_score_wins_after_the_fourth_winter() -> None:
    state = _advanced()
    clear_board(state)
    for t in state["trains"]:
        state["trains"][t] = None
    state["turn"], state["stage"], state["group"] = 3, "phase", 2
    at_step(state, "sequence")
    advance(state)  # end of turn 3: the first winter is scored, then recruited
    assert state["winter_scores"]["austria"] == [3]
    assert RULES.view(state, "theresa")["winter_scores"] == {}
    assert RULES.view(state, "theresa")["winters_scored"] == 1
    state["winter_scores"] = {
        "austria": [3, 3, 3],
        "prussia": [11] * 3,
        "france": [11] * 3,
        "pragmatic_army": [8] * 3,
    }
    _mark(state, "france", 10)
    state["turn"], state["stage"], state["group"] = N.turns["advanced"], "phase", 2
    at_step(state, "sequence")
    advance(state)
    assert state["winter_scores"]["france"] == [11, 11, 11, 1]
    assert state["result"]["reason"] == "winter_score" and state["result"]["winners"] == ["theresa"]
    assert RULES.view(state, "louis")["winter_scores"]["austria"] == [3, 3, 3, 3]
    state["options"]["winter_score"] = "last"
    assert boxes.final_winner(state) == "france"


def test_15_invariant_counts_every_marker() -> None:
    state = _advanced()
    state["pools"]["france"] -= 1
    assert any(p.startswith("§15: france") for p in RULES.check(state))
    state = _advanced()
    state["electors_box"].append("france")
    assert any("3-electors" in p for p in RULES.check(state))


def _flanders_moving() -> dict:
    state = _advanced()
    clear_board(state)
    place(state, "arenberg", "namur", 4)
    place(state, "earl_of_stair", "charleroi", 3)
    state["turn"], state["stage"], state["group"] = 2, "combat", 2
    at_step(state, "move", group=2, piece="", stack=False, march=False, path=[], main=True, done=[])
    return state


def _pragmatic_turn_first(state: dict) -> None:
    """§10.1: the Pragmatic Army moves first on the Flanders map: the Earl of Stair stays put."""
    act(state, "frederick", "move", "earl_of_stair")
    act(state, "frederick", "stop")


def test_10_1_austria_and_the_pragmatic_army_stack_only_if_both_agree() -> None:
    state = _flanders_moving()
    _pragmatic_turn_first(state)
    act(state, "theresa", "move", "arenberg")
    act(state, "theresa", "to", "charleroi")
    assert RULES.active_roles(state) == ["frederick"]  # the Pragmatic Army's player is asked
    assert state["generals"]["arenberg"]["city"] == "namur"
    act(state, "frederick", "refuse")
    assert state["generals"]["arenberg"]["city"] == "namur"
    assert ("to", "charleroi") not in RULES.legal_actions(state, "theresa")
    assert ("to", "givet") in RULES.legal_actions(state, "theresa")
    state = _flanders_moving()
    _pragmatic_turn_first(state)
    act(state, "theresa", "move", "arenberg")
    act(state, "theresa", "to", "charleroi")
    act(state, "frederick", "agree")
    assert state["generals"]["arenberg"]["city"] == "charleroi"  # stacked: both stop
    assert {"arenberg", "earl_of_stair"} <= set(state["moved"])
    assert RULES.check(state) == []


def _picks(state: dict, role: str) -> set[str]:
    return {a[1] for a in RULES.legal_actions(state, role) if a[0] == "move"}


def test_10_1_on_the_flanders_map_they_alternate_the_pragmatic_army_first() -> None:
    """§10.1: Austria and the Pragmatic Army, two players moving in one action phase, alternate
    their moves on the Flanders map, the Pragmatic Army first; on the Bohemia map Austria moves
    when it likes; once one of them has nothing left to move there, the other moves freely."""
    state = _flanders_moving()
    place(state, "khevenhuller", "luxemburg", 4)
    place(state, "cumberland", "maastricht", 3)
    place(state, "neipperg", "glatz", 3)
    assert _picks(state, "theresa") == {"neipperg"}  # Bohemia only: the Pragmatic Army goes first
    assert _picks(state, "frederick") == {"earl_of_stair", "cumberland"}
    act(state, "theresa", "move", "neipperg")
    act(state, "theresa", "stop")
    act(state, "frederick", "move", "earl_of_stair")
    act(state, "frederick", "to", "mons")
    act(state, "frederick", "stop")
    assert _picks(state, "frederick") == set()  # Austria's turn on the Flanders map
    assert _picks(state, "theresa") == {"arenberg", "khevenhuller"}
    act(state, "theresa", "move", "khevenhuller")
    act(state, "theresa", "stop")  # a piece that stays put is a move all the same
    assert _picks(state, "theresa") == set() and _picks(state, "frederick") == {"cumberland"}
    act(state, "frederick", "move", "cumberland")
    act(state, "frederick", "stop")
    assert _picks(state, "theresa") == {"arenberg"}  # the Pragmatic Army has moved everything
    assert RULES.check(state) == []


def test_10_1_an_austrian_piece_enters_the_flanders_map_only_in_its_turn() -> None:
    """§10.1: a move onto the Flanders map is a move on it: from the Bohemia map too it waits
    for Austria's turn there (the road from Ulm to Augsburg joins the maps)."""
    state = _flanders_moving()
    place(state, "khevenhuller", "augsburg", 4)
    act(state, "theresa", "move", "khevenhuller")
    assert ("to", "ulm") not in RULES.legal_actions(state, "theresa")
    act(state, "theresa", "stop")
    state = _flanders_moving()
    place(state, "khevenhuller", "augsburg", 4)
    _pragmatic_turn_first(state)
    act(state, "theresa", "move", "khevenhuller")
    assert ("to", "ulm") in RULES.legal_actions(state, "theresa")


def test_10_1_when_the_players_agree_on_the_order_moves_are_free() -> None:
    """§10.1 (option ``flanders_order=free``): players who do not dispute the order move as they
    like."""
    state = _flanders_moving()
    state["options"]["flanders_order"] = "free"
    assert _picks(state, "theresa") == {"arenberg"} and _picks(state, "frederick") == {"earl_of_stair"}


def test_24_one_player_playing_both_needs_no_agreement() -> None:
    state = allocated(scenario="advanced", players=2)
    clear_board(state)
    place(state, "arenberg", "namur", 4)
    place(state, "earl_of_stair", "charleroi", 3)
    state["turn"], state["stage"], state["group"] = 2, "combat", 2
    at_step(state, "move", group=2, piece="", stack=False, march=False, path=[], main=True, done=[])
    act(state, "theresa", "move", "arenberg")
    act(state, "theresa", "to", "charleroi")
    assert state["generals"]["arenberg"]["city"] == "charleroi"


def test_11_1_austria_attacks_before_the_pragmatic_army() -> None:
    state = _advanced()
    clear_board(state)
    place(state, "arenberg", "namur", 4)
    place(state, "maillebois", "givet", 3)
    place(state, "earl_of_stair", "mons", 3)
    place(state, "noailles", "valenciennes", 3)
    state["turn"], state["stage"], state["group"] = 1, "retro", 2
    at_step(state, "sequence")
    combat.start_combat(state, 2)
    assert RULES.active_roles(state) == ["theresa"]
    assert RULES.legal_actions(state, "frederick") == []
    act(state, "theresa", "attack", "namur>givet")
    while state["flow"][-1]["s"] != "combat":
        role = RULES.active_roles(state)[0]
        RULES.apply(state, role, RULES.legal_actions(state, role)[-1])
    assert RULES.active_roles(state) == ["frederick"]
    assert RULES.legal_actions(state, "frederick") == [("attack", "mons>valenciennes")]


def _checked(state: dict, role: str, *action: object) -> list[str]:
    """The §10.1 step invariant of an action, whether or not the rules allow it."""
    after = clone(state)
    if tuple(action) in RULES.legal_actions(state, role):
        RULES.apply(after, role, tuple(action))
    else:
        after["flow"][-1]["piece"] = action[1]  # as if the rules had let it move
    applied, found = invariants.check_flanders_step(state, tuple(action), after)
    assert applied
    return found


def test_10_1_invariant_the_flanders_order_checked_from_outside() -> None:
    """§10.1: the invariant checker reads whose turn it is on the Flanders map from the order
    the pieces finished moving: the Pragmatic Army first, then in turn."""
    state = _flanders_moving()
    place(state, "khevenhuller", "luxemburg", 4)
    place(state, "cumberland", "maastricht", 3)
    assert _checked(state, "theresa", "move", "arenberg")  # Austria may not open
    assert _checked(state, "frederick", "move", "earl_of_stair") == []
    act(state, "frederick", "move", "earl_of_stair")
    act(state, "frederick", "stop")
    assert _checked(state, "frederick", "move", "cumberland")  # twice in a row
    assert _checked(state, "theresa", "move", "khevenhuller") == []
    act(state, "theresa", "move", "khevenhuller")
    act(state, "theresa", "stop")
    assert _checked(state, "theresa", "move", "arenberg")
    assert _checked(state, "frederick", "move", "cumberland") == []


def test_10_1_invariant_the_flanders_order_is_not_checked_where_the_order_cannot_tell() -> None:
    """A train re-entered in Flanders (§10.2) is in the order of pieces moved without having
    moved on the map: the checker does not guess."""
    state = _flanders_moving()
    place(state, "cumberland", "maastricht", 3)
    state["trains"]["pragmatic_army_train_1"] = "brussel"
    state["moved"].append("pragmatic_army_train_1")
    applied, found = invariants.check_flanders_step(state, ("move", "arenberg"), clone(state))
    assert not applied and found == []


def test_23_score_is_the_share_of_the_pool_placed() -> None:
    """§23 (a superpower wins by emptying its pool): a player's score is the share of its
    superpower's §4 pool placed, the better of Frederick's two; Austria's 5 Silesian markers
    count from the start (§4)."""
    state = _advanced()
    _mark(state, "france", 11)
    state["pools"]["pragmatic_army"] -= 4
    state["result"] = {"winners": ["louis"], "reason": "empty_pool", "power": "france"}
    assert RULES.result(state)["scores"] == {"theresa": 62, "frederick": 50, "louis": 100}
