"""The flow stack: the sequence of play as a stack of frames kept in the state.

A frame is a dict with the key ``"s"`` (the name of a flow state) and any locals of that
step. A game calls :func:`push` to start a sub-procedure (a battle inside a movement, a
retreat decision inside a battle), :func:`goto` to replace the current step and :func:`pop`
to return to the caller. Because the stack is plain data in ``state["flow"]``, an
interrupted decision survives serialization, replay and cloning.
"""

from __future__ import annotations

from typing import Any

Frame = dict[str, Any]


def top(state: dict[str, Any]) -> Frame:
    return state["flow"][-1]


def push(state: dict[str, Any], name: str, **local: Any) -> Frame:
    frame: Frame = {"s": name, **local}
    state["flow"].append(frame)
    return frame


def goto(state: dict[str, Any], name: str, **local: Any) -> Frame:
    frame: Frame = {"s": name, **local}
    state["flow"][-1] = frame
    return frame


def pop(state: dict[str, Any]) -> Frame:
    return state["flow"].pop()
