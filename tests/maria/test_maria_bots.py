"""What the search bot knows of Maria (knowledge.py): it marches on the fortresses its victory
needs (§10.3, §14), goes round the ones an enemy general protects or seeks that general out, and
keeps its generals within reach of their trains (§9)."""

from __future__ import annotations

from maria_helpers import act, allocated, at_step, clear_board, place

from tavola.games.maria import RULES, knowledge


def _france_moving() -> dict:
    state = allocated()
    clear_board(state)
    state["trains"]["france_train_2"] = "nurnberg"
    state["turn"], state["stage"], state["group"] = 2, "combat", 0
    at_step(state, "move", group=0, piece="", stack=False, march=False, path=[], main=True, done=[])
    return state


def _best(state: dict, role: str) -> tuple:
    legal = RULES.legal_actions(state, role)
    weights = knowledge.prior(RULES, state, role, legal)
    return max(zip(weights, legal, strict=True))[1]


def test_14_france_marches_through_an_unprotected_austrian_fortress() -> None:
    state = _france_moving()
    place(state, "belle_isle", "amberg", 6)
    assert "eger" in knowledge.targets(state, "france")
    act(state, "louis", "move", "belle_isle")
    assert _best(state, "louis") in {("to", "eger"), ("to", "pilsen")}
    act(state, "louis", "to", "eger")
    step = _best(state, "louis")
    assert step[0] == "to"  # leaving Eger conquers it: never stop on it
    act(state, "louis", *step)
    assert state["markers"]["eger"] == "france"


def test_10_3_a_protected_fortress_sends_the_march_to_its_protector() -> None:
    """With every fortress within reach protected, the generals head for the protector."""
    state = _france_moving()
    place(state, "belle_isle", "amberg", 6)
    for city in ("eger", "pilsen"):
        assert city in knowledge.targets(state, "france")
    place(state, "neipperg", "karlsbad", 3)  # protects Eger and Pilsen
    place(state, "karl_v_lothringen", "brunn", 6)  # and every other one in the trains' reach
    assert sorted(knowledge._open_targets(state, "france")) == ["brunn", "karlsbad"]


def test_9_the_march_keeps_within_reach_of_the_trains() -> None:
    state = _france_moving()
    place(state, "belle_isle", "amberg", 6)
    state["trains"]["france_train_2"] = "wurzburg"  # far behind
    state["trains"]["bavaria_train_1"] = None
    act(state, "louis", "move", "belle_isle")
    legal = RULES.legal_actions(state, "louis")
    weights = dict(zip(legal, knowledge.prior(RULES, state, "louis", legal), strict=True))
    assert (
        weights[("to", "eger")] < weights[("to", "nurnberg")] or weights[("stop",)] > weights[("to", "eger")]
    )
