"""The flow driver: each step of the sequence of play is a frame on ``state["flow"]``.

A step is registered under its name with four functions:

* ``run(S, st, f, ev) -> bool``: automatic progress; ``True`` when it changed the flow (the
  driver looks at the new top frame), ``False`` when the frame waits for a decision;
* ``roles(S, st, f) -> list[str]``: the roles that decide now;
* ``legal(S, st, f, role) -> list[Action]``: their legal actions;
* ``act(S, st, f, role, action, ev)``: apply one.

After every action the driver runs automatic steps until a decision is due. A decision with
a single legal action (typically ``("done",)`` when nothing else is possible) is taken at once,
so players and bots are only asked real questions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tavola.core.rules import Action, Event, State
from tavola.games.italia.scenario import Static

Frame = dict[str, Any]


@dataclass(frozen=True)
class Step:
    run: Callable[[Static, State, Frame, list[Event]], bool]
    roles: Callable[[Static, State, Frame], list[str]]
    legal: Callable[[Static, State, Frame, str], list[Action]]
    act: Callable[[Static, State, Frame, str, Action, list[Event]], None]
    single: Callable[[Static, State, Frame, str], Action | None] | None = None


def _no_roles(S: Static, st: State, f: Frame) -> list[str]:
    return []


def _no_legal(S: Static, st: State, f: Frame, role: str) -> list[Action]:
    return []


def _no_act(S: Static, st: State, f: Frame, role: str, action: Action, ev: list[Event]) -> None:
    raise ValueError(f"step {f['s']} takes no action")


def _wait(S: Static, st: State, f: Frame, ev: list[Event]) -> bool:
    return False


def nation_roles(S: Static, st: State, f: Frame) -> list[str]:
    """The player of the frame's nation (``n``) acts: most steps are one nation's."""
    return [S.role_of[f["n"]]]


STEPS: dict[str, Step] = {}


def register(
    name: str,
    *,
    run: Callable[[Static, State, Frame, list[Event]], bool] = _wait,
    roles: Callable[[Static, State, Frame], list[str]] = _no_roles,
    legal: Callable[[Static, State, Frame, str], list[Action]] = _no_legal,
    act: Callable[[Static, State, Frame, str, Action, list[Event]], None] = _no_act,
    single: Callable[[Static, State, Frame, str], Action | None] | None = None,
) -> None:
    """Register a step; ``single`` may give a cheap answer to "is there exactly one legal
    action, and which" (the driver otherwise lists them all)."""
    STEPS[name] = Step(run, roles, legal, act, single)


def push(st: State, name: str, **local: Any) -> Frame:
    frame: Frame = {"s": name, **local}
    st["flow"].append(frame)
    return frame


def pop(st: State) -> Frame:
    return st["flow"].pop()


def top(st: State) -> Frame:
    return st["flow"][-1]


MAX_AUTO = 100_000


def advance(S: Static, st: State, ev: list[Event]) -> None:
    """Run automatic steps until a real decision is due (or the game is over)."""
    for _ in range(MAX_AUTO):
        f = st["flow"][-1]
        step = STEPS[f["s"]]
        if step.run(S, st, f, ev):
            continue
        roles = step.roles(S, st, f)
        if not roles:
            return
        forced = None
        for role in roles:
            if step.single is not None:
                one = step.single(S, st, f, role)
                if one is not None:
                    forced = (role, one)
                    break
                continue
            acts = step.legal(S, st, f, role)
            if len(acts) == 1:
                forced = (role, acts[0])
                break
            if not acts:
                # A decision without any option cannot stand: the step must end on its own.
                raise RuntimeError(f"dead end in step {f['s']} for {role}")
        if forced is None:
            return
        step.act(S, st, f, forced[0], forced[1], ev)
    raise RuntimeError("the flow did not settle")


def active_roles(S: Static, st: State) -> list[str]:
    f = st["flow"][-1]
    return STEPS[f["s"]].roles(S, st, f)


def legal(S: Static, st: State, role: str) -> list[Action]:
    f = st["flow"][-1]
    step = STEPS[f["s"]]
    if role not in step.roles(S, st, f):
        return []
    return step.legal(S, st, f, role)


def apply(S: Static, st: State, role: str, action: Action) -> list[Event]:
    ev: list[Event] = []
    f = st["flow"][-1]
    STEPS[f["s"]].act(S, st, f, role, action, ev)
    advance(S, st, ev)
    return ev
