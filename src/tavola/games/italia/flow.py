"""The sequence of play of Italia in one table: every step, the rule that governs it, the
chapter module that rules it and what the player is asked.

A round (§5.0, :mod:`.sequence`) gives each nation its turn: buying (§6.2, :mod:`.income`),
placing (§7.1, §7.2, :mod:`.placement`), movement (§9, :mod:`.movement`), naval battles (§10.8,
:mod:`.naval`), the combat phase (§10.0, :mod:`.combat`) with its land battles (§10.1,
:mod:`.battle`), retreats (§10.5, :mod:`.retreat`) and pillage (§10.6, :mod:`.pillage`), the stacking check
(§8.0, :mod:`.stacking`), campaigns and reactions (§12.3, :mod:`.campaigns`), revolts (§12.6,
:mod:`.submission`), and each game's own steps (:mod:`.italia_i`, :mod:`.italia_ii`). Much of it
runs by itself (a step's ``run``: scoring, income, the next turn); a decision with one legal
action is taken at once, so players and bots are only asked real questions.

The chapter functions take the game's compiled data first (``S``, a :class:`.scenario.Static`,
found from ``state["game"]``); :func:`step` finds a step's functions in its chapter by name and
adapts them to the core table. The deciding player is
the frame's nation's (``nation``) unless a step names its deciders (the two sides of a battle).
"""

from __future__ import annotations

from types import ModuleType
from typing import Any, Final

from tavola.core.flow import Flow, Frame, Step
from tavola.core.rules import Action, Event, State
from tavola.games.italia import (
    battle,
    campaigns,
    combat,
    income,
    italia_i,
    italia_ii,
    movement,
    naval,
    pillage,
    placement,
    retreat,
    sequence,
    stacking,
    submission,
)
from tavola.games.italia.model import ask, index_problems
from tavola.games.italia.scenario import Static, static

NATION = {"nation": "the nation whose step it is (its player decides)"}
FRAMES = {
    "round": (
        {
            "phase": "the round's phase: start, turns, end, score, next",
            "i": "the place in the order of play of the next turn (§5.0)",
        },
        {},
    ),
    "turn": (
        {
            **NATION,
            "phase": "the turn's phase: start, income, buy, place, move, combat, camp, ... end, close (§5.0)",
        },
        {},
    ),
    "buy": ({**NATION, "cities": "areas where a city was bought this turn (§6.2)"}, {}),
    "tribute": ({"nation": "the ruler, who spends the gold paid over its limit (§6.4)"}, {}),
    "place": (
        {
            **NATION,
            "items": "the bought units still to place",
            "used": "areas that took a new unit (§7.1: one each)",
        },
        {},
    ),
    "reinf": (
        {
            **NATION,
            "i": "the reinforcement's line on the card for this round",
            "phase": "ask (an optional one: take it?), start, place",
        },
        {
            "items": "the pieces still to place, [kind, leader key]",
            "at": "the area of the leader the pieces follow (-1: none yet)",
            "group": "the pieces follow their leaders (§7.2 clarification)",
        },
    ),
    "reduce": ({**NATION, "kind": "the kind of unit removed", "left": "how many are still to remove"}, {}),
    "excess": (
        {**NATION, "a": "the area over its limit (§8.0)"},
        {
            "cap": "the attack limit that applies instead of the stacking limit (§8.3)",
            "shed": "the area was the capital until now (§8.1): nothing to declare",
        },
    ),
    "move": (
        {
            **NATION,
            "group": "the area of the group picked up (-1: none)",
            "mode": "normal, or the movement of a campaign, a reaction or a second phase",
        },
        {
            "major": "a major invasion's movement (§12.2)",
            "ldr": "the campaigning leader every group moves with (§12.3.1)",
            "lift": "the area Hannibal's lift leads to (§13.2)",
            "lift_from": "the areas it lifts from",
            "free": "a hostile area a group may still leave (§12.3.4)",
            "exits": "entry areas the arrived units must leave (§7.2)",
        },
    ),
    "ndecl": (
        {
            "nation": "the moving nation",
            "q": "the nations asked whether they fight at sea, in order (§10.8 clarification)",
            "i": "the one asked now",
        },
        {},
    ),
    "nbattle": (
        {
            "a": "the sea",
            "nation": "the attacker",
            "defender": "the defender",
            "rounds": "rounds fought",
            "phase": "the round's phase",
            "attacker_hits": "hits scored by the attacker this round",
            "defender_hits": "hits scored by the defender this round",
        },
        {},
    ),
    "nretreat": (
        {
            "nation": "the nation whose fleets retreat (§10.8)",
            "a": "the sea",
            "sel": "the fleet picked (-1: none)",
            "vs": "the enemy",
        },
        {},
    ),
    "combat": (
        {
            **NATION,
            "mode": "normal, or the combat of a campaign",
            "fought": "areas fought in this phase",
            "pairs": "the battles of the phase, [area, defender]",
        },
        {},
    ),
    "battle": (
        {
            "a": "the area",
            "nation": "the attacker",
            "defender": "the defender",
            "rounds": "rounds fought",
            "phase": "open, first, round, attacker_aims / defender_aims (each side chooses its targets, §10.4), roll, conv (§14.3), after, end",
            "raid": "a raid (§10.7)",
            "attacker_targets": "the targets the attacker chose this round (§10.4)",
            "defender_targets": "the targets the defender chose",
            "conv": "a conversion was offered (§14.3)",
            "start_units": "units on each side at the start (a set-piece battle, §13.2)",
            "mode": "the combat's mode",
        },
        {"declared": "the raid was declared or refused (§10.7)"},
    ),
    "retreat": (
        {
            "nation": "the nation that retreats",
            "a": "the area",
            "forced": "it must (a lost battle, an elephant, a cleared area)",
            "came": "areas the attackers came from (a defender may not go there, FAQ §10.5)",
            "by": "the enemy (-1: none)",
            "mode": "battle, elephant (§10.2), clear (§7.2), submit (§12.5.2), raid (§10.7), leaders (§10.2)",
            "sel": "the units picked",
        },
        {
            "need": "units that must go (elephants, §10.2; -1: any)",
            "sub": "the defender may submit instead (§12.5.1)",
        },
    ),
    "pillage": (
        {
            **NATION,
            "a": "the city's area",
            "raid": "pillage by a raid (§10.7)",
            "prev": "the city's previous holder (FAQ §10.6)",
        },
        {},
    ),
    "rebuild": (
        {
            **NATION,
            "areas": "areas whose city may be rebuilt (§10.6.1)",
            "sel": "the area picked (-1: none)",
            "mode": "turn, or raid",
        },
        {},
    ),
    "camp": (
        {
            **NATION,
            "ldr": "the campaigning leader (§12.3)",
            "gold": "gold left to pay for moves",
            "phase": "the campaign's phase",
            "last": "the area of the last move (-1: none)",
            "moves": "moves made",
            "single": "one move only (round 10, §13.4)",
            "free": "a hostile area the first move may leave (§12.3.4; -1: none)",
            "blocked": "the last move was blocked (§12.3.4)",
        },
        {},
    ),
    "react": (
        {
            "nation": "the nation reacting (§12.3.2)",
            "campaigner": "the campaigning nation",
            "leader_area": "the leader's area",
            "phase": "the reaction's phase",
            "src": "the area it reacts from (-1: none)",
            "raid": "the leader's area is raided",
        },
        {},
    ),
    "revolt": ({**NATION, "when": "the occasion (§12.6, §13.2)"}, {}),
    "r10": ({}, {}),
}
"""Per step, the locals every frame of it carries and those it may gain on the way, with what
they mean (``Flow.check``, run after every fuzzed action, holds the frames to them)."""


class _Games(dict[str, Static]):
    """The compiled data of each game by its key, found by indexing (the adapters below run
    several times per action: a plain dict lookup, compiled on first use)."""

    def __missing__(self, key: str) -> Static:
        self[key] = static(key)
        return self[key]


GAMES: Final = _Games()


def _nation_role(state: State, frame: Frame) -> str:
    """Most steps are one nation's: its player decides."""
    return GAMES[state["game"]].role_of[frame["nation"]]


def _nobody(state: State, frame: Frame) -> list[str]:
    return []


def _ask(state: State, frame: Frame, role: str) -> tuple[str, dict[str, Any]]:
    return ask(GAMES[state["game"]], frame)


def step(rule: str, chapter: ModuleType, name: str) -> Step:
    """The step ``name`` ruled by ``chapter``: its functions are found by name in the chapter,
    ``run_<name>`` (automatic progress), ``legal_<name>``, ``act_<name>``, and where the step has
    them ``roles_<name>`` (its deciders), ``single_<name>`` (its one forced action, found
    cheaply), ``ask_<name>`` (its prompt) and ``section_<name>`` (the rule of the phase under
    way). Each takes the game's compiled data first; :data:`FRAMES` declares the frame's locals.
    Without ``legal_<name>`` the step only runs
    by itself, and nobody decides in it."""
    frame, grows = FRAMES[name]
    run, legal, act, roles, single, asked, section = (
        getattr(chapter, f"{verb}_{name}", None)
        for verb in ("run", "legal", "act", "roles", "single", "ask", "section")
    )

    def _run(state: State, frame: Frame, events: list[Event]) -> bool:
        return run(GAMES[state["game"]], state, frame, events)  # type: ignore[misc]

    def _legal(state: State, frame: Frame, role: str) -> list[Action]:
        return legal(GAMES[state["game"]], state, frame, role)  # type: ignore[misc]

    def _apply(state: State, frame: Frame, role: str, action: Action) -> list[Event]:
        events: list[Event] = []
        act(GAMES[state["game"]], state, frame, role, action, events)  # type: ignore[misc]
        return events

    def _roles(state: State, frame: Frame) -> list[str]:
        return roles(GAMES[state["game"]], state, frame)  # type: ignore[misc]

    def _single(state: State, frame: Frame, role: str) -> Action | list[Action] | None:
        return single(GAMES[state["game"]], state, frame, role)  # type: ignore[misc]

    def _asked(state: State, frame: Frame, role: str) -> tuple[str, dict[str, Any]]:
        return asked(GAMES[state["game"]], state, frame)  # type: ignore[misc]

    def _section(state: State, frame: Frame) -> str:
        return section(GAMES[state["game"]], state, frame)  # type: ignore[misc]

    if legal is None:
        return Step(rule, ask=_ask, frame=frame, grows=grows, run=_run if run else None, roles=_nobody)
    return Step(
        rule,
        _legal,
        _apply,
        _asked if asked else _ask,
        frame=frame,
        grows=grows,
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
        "battle": step("§10.1", battle, "battle"),
        "retreat": step("§10.5", retreat, "retreat"),
        "pillage": step("§10.6", pillage, "pillage"),
        "rebuild": step("§10.6.1", pillage, "rebuild"),
        "camp": step("§12.3", campaigns, "camp"),
        "react": step("§12.3.2", campaigns, "react"),
        "revolt": step("§12.6", submission, "revolt"),
        "r10": step("§13.4", italia_i, "r10"),
    },
    actor=_nation_role,
    final=("over",),
    forced=True,
    audit=lambda state: index_problems(GAMES[state["game"]], state),
)
