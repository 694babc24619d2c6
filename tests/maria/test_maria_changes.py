"""§19 Political changes (advanced game): Prussia annexes Silesia, France reduces its military
objectives, Saxony leaves its alliance, neutrality."""

from __future__ import annotations

import copy

from maria_helpers import act, advance, allocated, at_step, clear_board, place

from tavola.games.maria import RULES, changes, combat, conquest, supply
from tavola.games.maria.board_adapter import GEO
from tavola.games.maria.common import allied, cooperating, enemies, group_powers, saxony_stance
from tavola.games.maria.movement import next_cities

SILESIAN = sorted(c for c, x in GEO.cities.items() if x.territory == "silesia" and x.fortress)


def _advanced(players: int = 3) -> dict:
    state = allocated(scenario="advanced", players=players)
    state["flow"] = [{"s": "sequence"}]
    return state


def _end_of_prussian_phase(state: dict, turn: int) -> None:
    state["turn"], state["stage"], state["group"] = turn, "retro", 1
    at_step(state, "sequence")
    advance(state)


def _prussia_holds_silesia(state: dict) -> None:
    for c in SILESIAN:
        if state["markers"].get(c) != "prussia":
            conquest.conquer(state, c, "prussia")


def test_19_1_example_peace_at_the_end_of_the_prussian_phase_of_turn_5() -> None:
    """§19.1: peace at the end of Prussia's action phase of turn 5; steps 1-7 are carried out;
    Prussia is neutral: until the Prussian action phase of turn 7 no power enters Prussian
    territory and no combat is fought against Prussian generals."""
    state = _advanced()
    clear_board(state)
    _prussia_holds_silesia(state)
    conquest.conquer(state, "olmutz", "prussia")  # a Prussian marker in Austria
    conquest.conquer(state, "brunn", "prussia")
    conquest.conquer(state, "iglau", "prussia")
    conquest.conquer(state, "kustrin", "austria")  # an Austrian marker in Prussia
    place(state, "neipperg", "crossen", 3)  # an Austrian piece in Prussia
    prussia_pool, austria_pool = state["pools"]["prussia"], state["pools"]["austria"]
    _end_of_prussian_phase(state, 5)
    assert state["flow"][-1] == {"s": "peace", "step": "offer"}
    act(state, "frederick", "offer")
    assert RULES.active_roles(state) == ["theresa"]
    act(state, "theresa", "accept")
    assert state["silesia_annexed"]  # 1. Silesia is Prussian
    assert saxony_stance(state) == "neutral"  # 2. Saxony to the S box
    assert "kustrin" not in state["markers"] and state["pools"]["austria"] == austria_pool + 1  # 3.
    assert state["aside"]["prussia"] == 2  # 3. half of 3, rounded up
    assert GEO.cities[state["generals"]["neipperg"]["city"]].territory == "austria"  # 4.
    assert state["silesia_box"]  # 5. and the second train
    assert state["pools"]["prussia"] == prussia_pool + 1 - 1
    assert state["flow"][-1]["s"] == "place_train"
    act(state, "frederick", "to", "breslau")  # Breslau is Prussian now
    assert state["trains"]["prussia_train_2"] == "breslau" and "prussia_train_2" not in state["out"]
    assert RULES.check(state) == []
    # 6. neutral until the Prussian action phase of turn 7
    state["turn"], state["group"] = 6, 2
    place(state, "khevenhuller", "sagan", 6)
    place(state, "friedrich_der_grosse", "glogau", 4)
    assert not enemies(state, "austria", "prussia")
    frame = {
        "group": 2,
        "piece": "khevenhuller",
        "stack": False,
        "march": False,
        "path": [],
        "main": True,
        "done": [],
    }
    assert "glogau" not in next_cities(state, frame)  # Prussian territory now, and neutral
    combat.start_combat(state, 2)
    assert state["flow"][-1]["attacks"] == []
    state["turn"], state["group"] = 7, 1
    assert enemies(state, "austria", "prussia")


def test_19_1_the_peace_is_accepted_only_once() -> None:
    state = _advanced()
    clear_board(state)
    _prussia_holds_silesia(state)
    _end_of_prussian_phase(state, 2)
    act(state, "frederick", "offer")
    act(state, "theresa", "refuse")
    assert not state["silesia_annexed"]
    _end_of_prussian_phase(state, 3)
    act(state, "frederick", "offer")  # offered again
    act(state, "theresa", "accept")
    act(state, "frederick", *RULES.legal_actions(state, "frederick")[0])
    _end_of_prussian_phase(state, 4)
    assert state["flow"][-1]["s"] != "peace"


def test_19_1_step_7_a_prussian_piece_leaving_prussia_brings_the_markers_back() -> None:
    state = _advanced()
    clear_board(state)
    state["aside"]["prussia"], state["pools"]["prussia"] = 2, state["pools"]["prussia"] - 2
    state["silesia_annexed"] = state["silesia_box"] = True
    state["pools"]["prussia"] -= 1
    place(state, "schwerin", "crossen", 3)
    state["turn"], state["stage"], state["group"] = 8, "combat", 1
    at_step(state, "move", group=1, piece="", stack=False, march=False, path=[], main=True, done=[])
    act(state, "frederick", "move", "schwerin")
    outside = next(
        c
        for c in next_cities(state, state["flow"][-1])
        if GEO.cities[c].territory not in ("prussia", "silesia")
    )
    pool = state["pools"]["prussia"]
    act(state, "frederick", "to", outside)
    assert state["aside"]["prussia"] == 0 and state["pools"]["prussia"] == pool + 2
    assert RULES.check(state) == []


def test_19_2_france_reduces_its_objectives_and_a_bohemian_conquest_brings_them_back() -> None:
    state = _advanced()
    clear_board(state)
    for c in ("olmutz", "brunn", "iglau"):
        conquest.conquer(state, c, "france")
    pool = state["pools"]["france"]
    state["turn"], state["stage"], state["group"] = 2, "retro", 0
    at_step(state, "sequence")
    advance(state)
    assert state["flow"][-1] == {"s": "reduce"}
    act(state, "louis", "reduce")
    assert state["aside"]["france"] == 2 and state["pools"]["france"] == pool + 1
    assert not any(m == "france" for c, m in state["markers"].items() if GEO.cities[c].territory == "austria")
    assert RULES.check(state) == []
    conquest.conquer(state, "olmutz", "bavaria")
    assert state["aside"]["france"] == 0 and RULES.check(state) == []
    state["stage"], state["group"] = "retro", 0
    at_step(state, "sequence")
    advance(state)
    assert state["flow"][-1] != {"s": "reduce"}  # no second reduction


def test_19_2_no_general_in_core_austria_by_the_book_or_no_french_one_by_option() -> None:
    state = _advanced()
    clear_board(state)
    place(state, "traun", "wien", 3)
    assert not changes.core_austria_empty(state)
    state["options"]["reduce_when"] = "no_french"
    assert changes.core_austria_empty(state)


def test_19_3_prussian_points_lost_move_saxony_if_austria_wants() -> None:
    state = _advanced()
    state["tracks"]["saxony"] = start = 2  # the last space of the Prussian alliance
    clear_board(state)
    place(state, "rutowski", "torgau", 4)
    place(state, "schwerin", "neisse", 1, down=True)
    state["generals"]["schwerin"]["down"] = True
    supply.unsupplied(state, "schwerin")  # a Prussian general lost to supply: 1 point
    assert state["flow"][-1] == {"s": "saxony", "n": 1}
    act(state, "theresa", "push")
    assert state["tracks"]["saxony"] == start + 1
    assert saxony_stance(state) == "neutral"
    assert state["control"]["saxony"] == "theresa"  # Maria Theresa plays Saxony
    assert state["generals"]["rutowski"]["city"] == GEO.generals["rutowski"].start  # home again
    assert group_powers(state, 2) == ["austria", "pragmatic_army", "saxony"]
    assert not enemies(state, "saxony", "austria") and not allied(state, "saxony", "prussia")


def test_19_3_neutral_saxony_clears_its_fortresses_of_markers() -> None:
    state = _advanced()
    conquest.conquer(state, "dresden", "austria")
    pool = state["pools"]["austria"]
    state["tracks"]["saxony"] = 2
    changes.move_saxony(state, 1)
    assert "dresden" not in state["markers"] and state["pools"]["austria"] == pool + 1
    assert RULES.check(state) == []


def test_19_3_austrian_ally_saxony_cooperates_with_austria() -> None:
    state = _advanced()
    state["tracks"]["saxony"] = 4
    changes.move_saxony(state, 1)
    assert saxony_stance(state) == "austrian_ally"
    assert cooperating(state, "saxony", "austria") and enemies(state, "saxony", "prussia")
    assert state["control"]["saxony"] == "theresa"


def test_19_4_neutral_pieces_stay_home_and_foreign_pieces_stay_out() -> None:
    state = _advanced()
    clear_board(state)
    state["tracks"]["saxony"] = 3  # neutral
    place(state, "rutowski", "zittau", 5)
    assert GEO.cities["reichenberg"].territory == "austria"
    assert not changes.may_enter(state, "saxony", "reichenberg")
    assert changes.may_enter(state, "saxony", "meissen")
    assert not changes.may_enter(state, "prussia", "meissen")
    assert not changes.may_enter(state, "austria", "leipzig")


def test_19_every_political_change_is_public() -> None:
    """§19: annexation, neutrality, markers set aside and Saxony's stance are on the board."""
    state = _advanced()
    for role in state["roles"]:
        seen = RULES.view(state, role)["changes"]
        assert seen == {
            "silesia_annexed": False,
            "silesia_box": False,
            "prussia_neutral": None,
            "aside": {"prussia": 0, "france": 0},
            "reduced": False,
            "saxony": "prussian_ally",
        }


def _austria_moving_in_neutral_saxony() -> dict:
    state = _advanced()
    clear_board(state)
    state["tracks"]["saxony"] = 3  # neutral
    place(state, "khevenhuller", "meissen", 5)
    place(state, "neipperg", "olmutz", 3)
    state["turn"], state["stage"], state["group"] = 2, "combat", 2
    at_step(state, "move", group=2, piece="", stack=False, march=False, path=[], main=True, done=[])
    return state


def test_19_3_foreign_pieces_leave_a_neutral_saxony_as_fast_as_possible() -> None:
    """§19.3: «I pezzi stranieri devono lasciare la Sassonia in meno turni possibile»: an
    Austrian general left in Meissen when Saxony turns neutral must move out by the shortest
    way (Leipzig, then Halle: 2 cities), may not stop in Saxony, and its player may not end the
    movement before it has moved."""
    state = _austria_moving_in_neutral_saxony()
    assert changes.exit_distance(state, "meissen") == 2
    assert ("done",) not in RULES.legal_actions(state, "theresa")
    act(state, "theresa", "move", "neipperg")  # the others move as usual
    act(state, "theresa", "stop")
    assert ("done",) not in RULES.legal_actions(state, "theresa")
    act(state, "theresa", "move", "khevenhuller")
    assert RULES.legal_actions(state, "theresa") == [("to", "leipzig")]  # not Dresden nor Torgau
    act(state, "theresa", "to", "leipzig")
    assert RULES.legal_actions(state, "theresa") == [("to", "halle")]  # nor deeper into Saxony
    act(state, "theresa", "to", "halle")
    assert ("stop",) in RULES.legal_actions(state, "theresa")
    assert all(
        GEO.cities[a[1]].territory != "saxony" for a in RULES.legal_actions(state, "theresa") if a[0] == "to"
    )
    act(state, "theresa", "stop")
    assert ("done",) in RULES.legal_actions(state, "theresa")
    assert RULES.check(state) == []


def test_19_3_a_piece_with_no_way_out_open_may_stay() -> None:
    """§19.3: «in meno turni possibile»: a piece whose way out is blocked waits for a later turn."""
    state = _austria_moving_in_neutral_saxony()
    place(state, "khevenhuller", "leipzig", 5)
    place(state, "friedrich_der_grosse", "halle", 4)  # on Leipzig's one road out of Saxony
    act(state, "theresa", "move", "khevenhuller")
    assert RULES.legal_actions(state, "theresa") == [("stop",)]
    act(state, "theresa", "stop")
    assert ("done",) in RULES.legal_actions(state, "theresa")


def test_19_3_invariant_catches_a_piece_going_deeper_or_staying() -> None:
    """The rulebook's invariant, from outside: a foreign piece in a neutral Saxony never moves
    away from the border, and is not left unmoved beside an open city nearer it."""
    from tavola.games.maria import invariants

    before = _austria_moving_in_neutral_saxony()
    after = copy.deepcopy(before)
    after["generals"]["khevenhuller"]["city"] = "dresden"
    assert any("no nearer the way out" in p for p in invariants.check_saxony_step(before, after))
    after["generals"]["khevenhuller"]["city"] = "leipzig"
    assert invariants.check_saxony_step(before, after) == []
    after = copy.deepcopy(before)
    after["generals"]["neipperg"]["city"] = "bautzen"
    assert any("entered neutral Saxony" in p for p in invariants.check_saxony_step(before, after))
    after = copy.deepcopy(before)
    after["flow"] = [{"s": "sequence"}]  # the movement ends with Khevenhüller still at Meissen
    assert any("stayed in neutral Saxony" in p for p in invariants.check_saxony_step(before, after))
