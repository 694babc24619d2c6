"""The flow engine: one table of steps per game dispatches legal actions, actions and prompts;
side actions are offered where a step allows them; the check finds frames the table does not
declare."""

from __future__ import annotations

from typing import Any

import pytest

from tavola.core import flow
from tavola.core.flow import Flow, Frame, SideActions, Step
from tavola.core.rules import Action, Event, State


def _legal_bid(state: State, frame: Frame, who: int) -> list[Action]:
    return [("bid", k) for k in range(1, frame["left"] + 1)]


def _apply_bid(state: State, frame: Frame, who: int, action: Action) -> list[Event]:
    frame["left"] -= action[1]
    if not frame["left"]:
        flow.goto(state, "done")
    return [{"msg": "bid", "args": {"who": who, "k": action[1]}}]


def _ask_bid(state: State, frame: Frame, who: int) -> tuple[str, dict[str, Any]]:
    return "prompt.bid", {"left": frame["left"]}


def _legal_peek(state: State, frame: Frame, who: int) -> list[Action]:
    return [("seen",)]


def _apply_peek(state: State, frame: Frame, who: int, action: Action) -> list[Event]:
    flow.pop(state)
    return []


TABLE = Flow(
    {
        "bid": Step(
            "§2", _legal_bid, _apply_bid, _ask_bid, frame={"left": "points to bid"}, side=lambda *_: True
        ),
        "peek": Step("§3", _legal_peek, _apply_peek, lambda *_: ("prompt.peek", {})),
    },
    actor=lambda state, frame: frame.get("who", 0),
    side=SideActions(
        frozenset({"peek"}),
        legal=lambda state, frame, who: [("peek",)],
        apply=lambda state, who, action: (flow.push(state, "peek"), [])[1],
    ),
    final=("done",),
)


def _state() -> State:
    return {"flow": [{"s": "bid", "left": 3}]}


def test_the_table_dispatches_legal_actions_apply_and_prompt() -> None:
    state = _state()
    assert TABLE.legal(state, 0) == [("bid", 1), ("bid", 2), ("bid", 3), ("peek",)]
    assert TABLE.prompt(state, 0, player="north") == {
        "text": "prompt.bid",
        "args": {"player": "north", "left": 3},
        "rule": "§2",
    }
    TABLE.apply(state, 0, ("bid", 2))
    assert flow.top(state) == {"s": "bid", "left": 1}
    TABLE.apply(state, 0, ("bid", 1))
    assert state["flow"] == [{"s": "done"}] and TABLE.check(state) == []


def test_side_actions_push_their_own_step_and_return() -> None:
    state = _state()
    TABLE.apply(state, 0, ("peek",))
    assert flow.top(state)["s"] == "peek"
    assert TABLE.legal(state, 0) == [("seen",)]  # the peek step offers no side actions
    assert TABLE.prompt(state, 0)["rule"] == "§3"
    TABLE.apply(state, 0, ("seen",))
    assert flow.top(state) == {"s": "bid", "left": 3}


def test_the_check_names_undeclared_steps_and_locals() -> None:
    assert TABLE.check(_state()) == []
    assert TABLE.check({"flow": []}) == ["the flow stack is empty"]
    assert TABLE.check({"flow": [{"s": "auction"}]}) == ["flow[0]: unknown step 'auction'"]
    problems = TABLE.check({"flow": [{"s": "bid", "left": 1, "extra": 0}]})
    assert len(problems) == 1 and "'extra'" in problems[0]


def test_the_stack_helpers_keep_plain_frames() -> None:
    state: State = {"flow": []}
    flow.begin(state, "bid", left=2)
    flow.push(state, "peek")
    assert flow.pop(state) == {"s": "peek"}
    flow.goto(state, "done")
    assert state == {"flow": [{"s": "done"}]}


# -- automatic steps, several deciders, forced decisions -----------------------------------------
def _deal(state: State, frame: Frame, events: list[Event]) -> bool:
    """An automatic step: deals one card per player, then hands over to the duel."""
    events.append({"msg": "dealt", "args": {}})
    flow.goto(state, "duel", a=2, b=1)
    return True


def _duel_roles(state: State, frame: Frame) -> list[Any]:
    return [who for who in ("a", "b") if frame[who]]


def _legal_duel(state: State, frame: Frame, who: str) -> list[Action]:
    return [("play", k) for k in range(1, frame[who] + 1)]


def _apply_duel(state: State, frame: Frame, who: str, action: Action) -> list[Event]:
    frame[who] -= 1
    if not frame["a"] and not frame["b"]:
        flow.goto(state, "done")
    return [{"msg": "played", "args": {"who": who, "k": action[1]}}]


AUTO = Flow(
    {
        "deal": Step("§1", run=_deal),
        "duel": Step(
            "§2",
            _legal_duel,
            _apply_duel,
            lambda *_: ("prompt.duel", {}),
            frame={"a": "cards left to a", "b": "cards left to b"},
            roles=_duel_roles,
            section=lambda state, frame: "§2.1" if frame["a"] > 1 else "§2",
        ),
        "start": Step("§0", lambda *_: [("go",)], lambda state, *_: (flow.goto(state, "deal"), [])[1]),
    },
    actor=lambda state, frame: "a",
    final=("done",),
    forced=True,
)


def test_automatic_steps_run_and_forced_decisions_are_taken_until_a_real_choice() -> None:
    state: State = {"flow": [{"s": "start"}]}
    events: list[Event] = []
    AUTO.advance(state, events)
    # "go", the only action, is taken; the deal runs; b's single card is played at once; a still
    # chooses between two
    assert [e["msg"] for e in events] == ["dealt", "played"]
    assert flow.top(state) == {"s": "duel", "a": 2, "b": 0}
    assert AUTO.deciders(state) == ["a"] and AUTO.legal(state, "a") == [("play", 1), ("play", 2)]
    assert AUTO.prompt(state, "a")["rule"] == "§2.1"
    events = AUTO.apply(state, "a", ("play", 2))  # a's last card is forced, the duel ends
    assert [e["args"]["who"] for e in events] == ["a", "a"]
    assert state["flow"] == [{"s": "done"}] and AUTO.deciders(state) == []


def test_the_lists_that_showed_a_choice_is_not_forced_are_handed_out_once_and_never_stale() -> None:
    state: State = {"flow": [{"s": "duel", "a": 3, "b": 3}]}
    AUTO.apply(state, "a", ("play", 1))
    other: State = {"flow": [{"s": "duel", "a": 3, "b": 3}]}
    assert AUTO.ready(other, "a") is None  # kept for the state the action was applied to only
    assert AUTO.ready(state, "a") == AUTO.legal(state, "a") == [("play", 1), ("play", 2)]
    assert AUTO.ready(state, "a") is None  # handed out once: the caller may change it
    assert AUTO.ready(state, "b") == [("play", 1), ("play", 2), ("play", 3)]
    AUTO.apply(state, "b", ("play", 1))
    AUTO.apply(other, "a", ("play", 1))  # any action applied since makes them stale
    assert AUTO.ready(state, "a") is None and AUTO.ready(other, "b") is not None
    state = {"flow": [{"s": "duel", "a": 3, "b": 3}]}
    AUTO.apply(state, "a", ("play", 1))
    AUTO.forget()
    assert AUTO.ready(state, "b") is None
    AUTO.apply(state, "b", ("play", 1))
    state["flow"][-1]["a"] = 3  # edited by hand: with verify on, the stale list is caught
    AUTO.verify = True
    try:
        with pytest.raises(RuntimeError, match="stale"):
            AUTO.ready(state, "a")
    finally:
        AUTO.verify = False


def test_several_deciders_come_from_the_step() -> None:
    state: State = {"flow": [{"s": "duel", "a": 2, "b": 2}]}
    assert AUTO.deciders(state) == ["a", "b"]
    assert AUTO.prompt(state, "b") == {"text": "prompt.duel", "args": {}, "rule": "§2.1"}


def test_a_decision_without_any_action_is_a_dead_end() -> None:
    table = Flow({"stuck": Step("§9", lambda *_: [])}, actor=lambda *_: "a", forced=True)
    with pytest.raises(RuntimeError, match="dead end in step 'stuck'"):
        table.advance({"flow": [{"s": "stuck"}]}, [])


def test_a_flow_without_automatic_steps_does_not_advance() -> None:
    state = _state()
    state["flow"][0]["left"] = 1
    TABLE.apply(state, 0, ("peek",))  # the peek step has one action, but TABLE never forces
    assert flow.top(state) == {"s": "peek"} and not TABLE.advances


def test_a_frame_may_gain_the_locals_its_step_declares_it_grows() -> None:
    table = Flow(
        {"duel": Step("§2", frame={"a": "cards of a"}, grows={"b": "cards of b, once dealt"})},
        actor=lambda *_: "a",
    )
    assert table.check({"flow": [{"s": "duel", "a": 1}]}) == []
    assert table.check({"flow": [{"s": "duel", "a": 1, "b": 2}]}) == []
    assert table.check({"flow": [{"s": "duel", "b": 2}]})  # "a" is always there
    assert table.check({"flow": [{"s": "duel", "a": 1, "c": 0}]})  # "c" is nowhere declared


def test_a_single_that_builds_the_whole_list_hands_it_over() -> None:
    """A step's ``single`` may answer with the full legal list: one action is taken at once,
    several are kept for the next listing."""
    calls: list[int] = []

    def whole(state: State, frame: Frame, who: str) -> list[Action]:
        calls.append(frame["left"])
        return [("take", k) for k in range(frame["left"])]

    def take(state: State, frame: Frame, who: str, action: Action) -> list[Event]:
        frame["left"] -= 1
        if not frame["left"]:
            flow.goto(state, "done")
        return [{"msg": "took", "args": {}}]

    table = Flow(
        {"pile": Step("§1", whole, take, single=whole)}, actor=lambda *_: "a", final=("done",), forced=True
    )
    state: State = {"flow": [{"s": "pile", "left": 3}]}
    table.apply(state, "a", ("take", 0))
    assert calls == [2] and table.ready(state, "a") == [("take", 0), ("take", 1)]
    events = table.apply(state, "a", ("take", 0))  # one left: taken at once
    assert len(events) == 2 and state["flow"] == [{"s": "done"}]
