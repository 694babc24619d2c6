"""The sequence of play: a stack of frames kept in the state, run by one table of steps per game.

A *frame* is a dict ``{"s": step name, ...locals}``; the state keeps the stack in
``state["flow"]``, so an interrupted decision (a battle inside a movement, a defender asked
inside a battle) survives serialization, replay and cloning. The top frame is the decision
being taken now. Chapter modules change the stack with :func:`push` (start a sub-procedure),
:func:`goto` (replace the current step), :func:`pop` (return to the caller) and :func:`begin`
(a new sequence from scratch).

A game declares every step once, in one table (a :class:`Flow`), with the rule section that
governs it, its legal actions, what an action does, what the player is asked, and the locals
its frame carries::

    FLOW = Flow(
        {
            "rondel": Step("§5.1", rondel.legal_rondel, rondel.apply_rondel, rondel.ask_rondel),
            "pay": Step("§5.1", rondel.legal_pay, rondel.apply_pay, rondel.ask_pay,
                        frame={"n": "paid steps still owed", "to": "the space moved to"}),
            ...
        },
        actor=lambda state, frame: frame.get("deciding", state["turn"]),
    )

The rules object then answers ``legal_actions``, ``apply`` and ``prompt`` through the table,
and a reader finds the code of any step, and its rule, in one place. Nothing registers itself
by being imported. A step's functions receive ``(state, frame, actor)`` (and the action), where
the *actor* is whatever the game's ``actor`` function says acts in that frame (a nation's index
in Antike). A game may also declare *side actions*: verbs a player may use at several steps
besides the step's own (Antike's trading, §7.3), offered where a step's ``side`` says so.

Three features serve games whose sequence runs partly by itself (Italia):

* an **automatic step** has a ``run(state, frame, events) -> bool`` that makes progress without a
  decision (scoring, income, the next nation's turn) and says whether it changed the stack;
* a step may name **several deciders** with ``roles(state, frame)`` (the two sides of a battle):
  the flow's ``actor`` function is then not asked;
* with ``forced=True`` a decision with exactly one legal action is taken at once.

A flow with automatic steps or forced decisions *advances* after every action (and the game
calls :meth:`Flow.advance` once after its set-up): automatic steps run and forced decisions are
taken until a real decision is due or nobody is left to act.

To learn that a decision is not forced, advancing lists the deciders' legal actions; the loop
asks for the same lists right after (:meth:`Flow.ready`), and gets them without listing again
(and who decides, :meth:`Flow.deciders`, without asking again).
They are kept for the state the action was applied to and only until the next action applied
through the flow (a change counter), so they are never stale through the contract; whoever
edits a state by hand (tests, the position editor) makes a new list necessary and calls
:meth:`Flow.forget` first, or sets ``verify`` to compare every reused list with a fresh one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tavola.core.rules import Action, Event, State

Frame = dict[str, Any]
Legal = Callable[[State, Frame, Any], list[Action]]
Apply = Callable[[State, Frame, Any, Action], list[Event]]
Ask = Callable[[State, Frame, Any], tuple[str, dict[str, Any]]]
Wanted = Callable[[State, Frame, Any], bool]
Run = Callable[[State, Frame, list[Event]], bool]
Deciders = Callable[[State, Frame], list[Any]]
Single = Callable[[State, Frame, Any], Action | list[Action] | None]
Section = Callable[[State, Frame], str]

MAX_AUTO = 100_000
"""Automatic steps and forced decisions one action may trigger before the flow is deemed stuck."""


# --- the stack ---------------------------------------------------------------------------------
def top(state: State) -> Frame:
    """The frame of the decision being taken now."""
    return state["flow"][-1]


def push(state: State, name: str, **local: Any) -> Frame:
    """Start the sub-procedure ``name`` on top of the current step (it returns with :func:`pop`)."""
    frame: Frame = {"s": name, **local}
    state["flow"].append(frame)
    return frame


def goto(state: State, name: str, **local: Any) -> Frame:
    """Replace the current step by ``name``."""
    frame: Frame = {"s": name, **local}
    state["flow"][-1] = frame
    return frame


def pop(state: State) -> Frame:
    """End the current step and return to the one below it."""
    return state["flow"].pop()


def begin(state: State, name: str, **local: Any) -> Frame:
    """Start a new sequence: ``name`` becomes the only frame."""
    frame: Frame = {"s": name, **local}
    state["flow"] = [frame]
    return frame


# --- the table ---------------------------------------------------------------------------------
def _no_legal(state: State, frame: Frame, actor: Any) -> list[Action]:
    return []


def _no_apply(state: State, frame: Frame, actor: Any, action: Action) -> list[Event]:
    raise ValueError(f"step {frame['s']!r} takes no action")


def _no_ask(state: State, frame: Frame, actor: Any) -> tuple[str, dict[str, Any]]:
    return "waiting", {}


@dataclass(frozen=True)
class Step:
    """One step of the sequence of play.

    ``rule`` is the section that governs it (``"§5.1"``); ``legal`` lists the actor's actions,
    ``apply`` carries one out and returns the log events, ``ask`` gives the prompt's message
    key and arguments; ``frame`` names the locals the step's frame carries and what they mean;
    ``side`` says whether the game's side actions are offered at this step.

    ``run`` makes the step's automatic progress (``True`` when it changed the stack); ``roles``
    names who decides when it is not the flow's one actor; ``single`` may answer cheaply "is
    there exactly one legal action, and which" for forced decisions (``None``: not one), or
    hand over the whole legal list where building it is the cheapest answer;
    ``section`` gives the rule of the phase under way where it differs from ``rule``; ``grows``
    names the locals a frame may gain on the way or carries only in some cases. A step with
    nothing to decide (only ``run``) leaves ``legal``, ``apply`` and ``ask`` out."""

    rule: str
    legal: Legal = _no_legal
    apply: Apply = _no_apply
    ask: Ask = _no_ask
    frame: Mapping[str, str] = field(default_factory=dict)
    side: Wanted | None = None
    run: Run | None = None
    roles: Deciders | None = None
    single: Single | None = None
    section: Section | None = None
    grows: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class SideActions:
    """Actions open at several steps besides the steps' own (Antike's trading at any time of the
    owner's turn, §7.3). ``verbs`` are the verbs they use; ``legal(state, frame, actor)`` lists
    them, ``apply(state, actor, action)`` carries one out (usually by pushing a step of its own)."""

    verbs: frozenset[str]
    legal: Callable[[State, Frame, Any], list[Action]]
    apply: Callable[[State, Any, Action], list[Event]]


class Flow:
    """A game's table of steps, and the dispatch of the contract's loop through it."""

    def __init__(
        self,
        steps: Mapping[str, Step],
        actor: Callable[[State, Frame], Any],
        side: SideActions | None = None,
        final: tuple[str, ...] = (),
        forced: bool = False,
        audit: Callable[[State], list[str]] | None = None,
    ) -> None:
        """``actor(state, frame)`` says who decides in a frame; ``final`` names the frames that
        mark the end of the game (they have no step: nobody acts); ``forced`` takes a decision
        with a single legal action at once; ``audit(state)`` lists where what the game keeps
        in its state to save work (running indexes) differs from a fresh count, checked
        after every advance while ``verify`` is on."""
        self.steps = dict(steps)
        self.actor = actor
        self.side = side
        self.final = frozenset(final)
        self.forced = forced
        self.advances = forced or any(step.run is not None for step in self.steps.values())
        self.changes = 0
        """Actions applied through this flow, in any state: the guard of the kept lists."""
        self._ready: tuple[State, int, Frame, dict[Any, list[Action]], Any] | None = None
        self.audit = audit
        self.verify = False
        """Compare every kept list with a fresh one and audit the state after every advance
        (tests, the fuzzer): a stale list or index raises."""

    def step(self, state: State) -> Step:
        return self.steps[top(state)["s"]]

    def acting(self, state: State) -> Any:
        """Who decides the current step."""
        return self.actor(state, top(state))

    def deciders(self, state: State) -> list[Any]:
        """Everyone who decides the current step: its ``roles``, or the flow's one actor; nobody
        at a final frame."""
        frame = state["flow"][-1]
        kept = self._ready
        if kept is not None and kept[2] is frame and kept[0] is state and kept[1] == self.changes:
            return list(kept[4])  # found by the last action's advance, kept with its lists
        return self._deciders(state, frame)

    def _deciders(self, state: State, frame: Frame) -> list[Any]:
        name = frame["s"]
        if name in self.final:
            return []
        roles = self.steps[name].roles
        if roles is not None:
            return roles(state, frame)
        return [self.actor(state, frame)]

    def legal(self, state: State, actor: Any) -> list[Action]:
        """The current step's actions for ``actor``, with the side actions where it offers them."""
        frame = state["flow"][-1]  # top(state), inline: the loop's hottest line
        step = self.steps[frame["s"]]
        out = step.legal(state, frame, actor)
        if step.side is not None and self.side is not None:
            extra = self.side.legal(state, frame, actor)
            if extra and step.side(state, frame, actor):
                out = out + extra
        return out

    def apply(self, state: State, actor: Any, action: Action) -> list[Event]:
        """Carry out one (already validated) action of ``actor``."""
        self.changes += 1
        self._ready = None
        frame = state["flow"][-1]
        step = self.steps[frame["s"]]
        if step.side is not None and self.side is not None and action[0] in self.side.verbs:
            return self.side.apply(state, actor, action)
        events = step.apply(state, frame, actor, action)
        if self.advances:
            if self.verify:
                self.advance(state, events, keep=self.changes)
            else:  # advance() without its audit: this runs after every action
                self._settle(state, events, self.changes)
        return events

    def advance(self, state: State, events: list[Event], keep: int = -1) -> None:
        """Run automatic steps and take forced decisions until a real decision is due (or
        nobody acts); their log events are added to ``events``. With ``keep`` (the change
        counter of the action being applied) the lists that showed the decision is not forced
        are kept for :meth:`ready`."""
        self._settle(state, events, keep)
        if self.verify and self.audit is not None:
            problems = self.audit(state)
            if problems:
                raise RuntimeError(f"stale state after step {top(state)['s']!r}: {problems[0]}")

    def _settle(self, state: State, events: list[Event], keep: int) -> None:
        # The loop after every action, so written flat: the stack read in place, no helpers.
        steps, final, actor = self.steps, self.final, self.actor
        for _ in range(MAX_AUTO):
            frame = state["flow"][-1]
            name = frame["s"]
            if name in final:
                return
            step = steps[name]
            run = step.run
            if run is not None and run(state, frame, events):
                continue
            if not self.forced:
                return
            deciders = step.roles(state, frame) if step.roles is not None else (actor(state, frame),)
            # The first decider with exactly one legal action takes it; the lists of the others
            # are kept for ready().
            lists: dict[Any, list[Action]] = {}
            single = step.single
            for who in deciders:
                if single is not None:
                    one = single(state, frame, who)
                    if one is None:
                        continue
                    if not isinstance(one, list):
                        break
                    acts = one
                else:
                    acts = step.legal(state, frame, who)
                if len(acts) == 1:
                    one = acts[0]
                    break
                if not acts:  # a decision without any option cannot stand: the step must end by itself
                    raise RuntimeError(f"dead end in step {name!r} for {who!r}")
                lists[who] = acts
            else:
                if lists and keep == self.changes and step.side is None:
                    self._ready = (state, keep, frame, lists, deciders)
                    if self.verify and list(deciders) != self._deciders(state, frame):
                        raise RuntimeError(f"the deciders of step {name!r} depend on more than the state")
                return
            events += step.apply(state, frame, who, one)
        raise RuntimeError("the flow did not settle")

    def ready(self, state: State, actor: Any) -> list[Action] | None:
        """The legal actions of ``actor`` that the last action's advance listed in this very
        state, if no action was applied through the flow since (else ``None``: list them)."""
        kept = self._ready
        if (
            kept is None
            or kept[0] is not state
            or kept[1] != self.changes
            or kept[2] is not state["flow"][-1]
        ):
            return None
        acts = kept[3].pop(actor, None)  # handed out once: the caller may keep or change it
        if acts is not None and self.verify:
            fresh = self.legal(state, actor)
            if fresh != acts:
                raise RuntimeError(f"a kept legal list is stale in step {top(state)['s']!r}: call forget()")
        return acts

    def forget(self) -> None:
        """Drop the kept lists (after editing a state by hand)."""
        self._ready = None

    def prompt(self, state: State, actor: Any, **args: Any) -> dict[str, Any]:
        """The prompt of the current step: its message key, arguments (``args`` first) and rule."""
        frame = top(state)
        step = self.steps[frame["s"]]
        text, more = step.ask(state, frame, actor)
        rule = step.section(state, frame) if step.section is not None else step.rule
        return {"text": text, "args": {**args, **more}, "rule": rule}

    def check(self, state: State) -> list[str]:
        """Frames the table does not know, or whose locals differ from what their step declares."""
        out = []
        flow = state.get("flow")
        if not isinstance(flow, list) or not flow:
            return ["the flow stack is empty"]
        for depth, frame in enumerate(flow):
            name = frame.get("s")
            if name in self.final:
                continue
            step = self.steps.get(name)
            if step is None:
                out.append(f"flow[{depth}]: unknown step {name!r}")
                continue
            keys = set(frame) - {"s"}
            if not set(step.frame) <= keys <= set(step.frame) | set(step.grows):
                declared = sorted(step.frame) + [f"({k})" for k in sorted(step.grows)]
                out.append(f"flow[{depth}] {name!r}: locals {sorted(keys)}, its step declares {declared}")
        return out
