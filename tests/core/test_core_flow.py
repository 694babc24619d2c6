"""The flow engine: one table of steps per game dispatches legal actions, actions and prompts;
side actions are offered where a step allows them; the check finds frames the table does not
declare."""

from __future__ import annotations

from typing import Any

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
