"""The sequence of play of Italia in one table: every step, the rule that governs it, the
chapter module that rules it and what the player is asked.

A round (§5.0, :mod:`.sequence`) gives each nation its turn: buying (§6.2, :mod:`.income`),
placing (§7.1, §7.2, :mod:`.placement`), movement (§9, :mod:`.movement`), naval battles (§10.8,
:mod:`.naval`), land battles, retreats and pillage (§10, :mod:`.combat`), the stacking check
(§8.0, :mod:`.stacking`), campaigns and reactions (§12.3, :mod:`.campaigns`), revolts (§12.6,
:mod:`.submission`), and each game's own steps (:mod:`.italia_i`, :mod:`.italia_ii`). Much of it
runs by itself (a step's ``run``: scoring, income, the next turn); a decision with one legal
action is taken at once, so players and bots are only asked real questions.

The chapter functions take the game's compiled data first (``S``, a :class:`.scenario.Static`,
found from ``state["g"]``); :func:`step` finds a step's functions in its chapter by name and
adapts them to the core table. The deciding player is
the frame's nation's (``n``) unless a step names its deciders (the two sides of a battle).
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from tavola.core.flow import Flow, Frame, Step
from tavola.core.rules import Action, Event, State
from tavola.games.italia import (
    campaigns,
    combat,
    income,
    italia_i,
    italia_ii,
    movement,
    naval,
    placement,
    sequence,
    stacking,
    submission,
)
from tavola.games.italia.model import ask
from tavola.games.italia.scenario import static


def _nation_role(state: State, frame: Frame) -> str:
    """Most steps are one nation's: its player decides."""
    return static(state["g"]).role_of[frame["n"]]


def _nobody(state: State, frame: Frame) -> list[str]:
    return []


def _ask(state: State, frame: Frame, role: str) -> tuple[str, dict[str, Any]]:
    return ask(static(state["g"]), frame)


def step(rule: str, chapter: ModuleType, name: str) -> Step:
    """The step ``name`` ruled by ``chapter``: its functions are found by name in the chapter,
    ``run_<name>`` (automatic progress), ``legal_<name>``, ``act_<name>``, and where the step has
    them ``roles_<name>`` (its deciders), ``single_<name>`` (its one forced action, found
    cheaply), ``ask_<name>`` (its prompt) and ``section_<name>`` (the rule of the phase under
    way). Each takes the game's compiled data first. Without ``legal_<name>`` the step only runs
    by itself, and nobody decides in it."""
    run, legal, act, roles, single, asked, section = (
        getattr(chapter, f"{verb}_{name}", None)
        for verb in ("run", "legal", "act", "roles", "single", "ask", "section")
    )

    def _run(state: State, frame: Frame, events: list[Event]) -> bool:
        return run(static(state["g"]), state, frame, events)  # type: ignore[misc]

    def _legal(state: State, frame: Frame, role: str) -> list[Action]:
        return legal(static(state["g"]), state, frame, role)  # type: ignore[misc]

    def _apply(state: State, frame: Frame, role: str, action: Action) -> list[Event]:
        events: list[Event] = []
        act(static(state["g"]), state, frame, role, action, events)  # type: ignore[misc]
        return events

    def _roles(state: State, frame: Frame) -> list[str]:
        return roles(static(state["g"]), state, frame)  # type: ignore[misc]

    def _single(state: State, frame: Frame, role: str) -> Action | None:
        return single(static(state["g"]), state, frame, role)  # type: ignore[misc]

    def _asked(state: State, frame: Frame, role: str) -> tuple[str, dict[str, Any]]:
        return asked(static(state["g"]), state, frame)  # type: ignore[misc]

    def _section(state: State, frame: Frame) -> str:
        return section(static(state["g"]), state, frame)  # type: ignore[misc]

    if legal is None:
        return Step(rule, ask=_ask, run=_run if run else None, roles=_nobody)
    return Step(
        rule,
        _legal,
        _apply,
        _asked if asked else _ask,
        run=_run if run else None,
        roles=_roles if roles else None,
        single=_single if single else None,
        section=_section if section else None,
    )


FLOW = Flow(
    {
        "round": step("§5.0", sequence, "round"),
        "turn": step("§5.0", sequence, "turn"),
        "buy": step("§6.2", income, "buy"),
        "tribute": step("§6.4", income, "tribute"),
        "place": step("§7.1", placement, "place"),
        "reinf": step("§7.2", placement, "reinf"),
        "reduce": step("§7.2", italia_ii, "reduce"),
        "excess": step("§8.0", stacking, "excess"),
        "move": step("§9.0", movement, "move"),
        "ndecl": step("§10.8", naval, "ndecl"),
        "nbattle": step("§10.8", naval, "nbattle"),
        "nretreat": step("§10.8", naval, "nretreat"),
        "combat": step("§10.0", combat, "combat"),
        "battle": step("§10.1", combat, "battle"),
        "retreat": step("§10.5", combat, "retreat"),
        "pillage": step("§10.6", combat, "pillage"),
        "rebuild": step("§10.6.1", combat, "rebuild"),
        "camp": step("§12.3", campaigns, "camp"),
        "react": step("§12.3.2", campaigns, "react"),
        "revolt": step("§12.6", submission, "revolt"),
        "r10": step("§13.4", italia_i, "r10"),
    },
    actor=_nation_role,
    final=("over",),
    forced=True,
)
