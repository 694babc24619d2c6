"""§4 The course of play: turn 0 of 8 phases (§4.2.1, §5), then turns 1-5 of 20 phases
(§4.2.2, §6). A phase without a decision runs at once; the others are steps of the flow table
(``flow``). After every action :func:`advance` starts the following phases until somebody has a
decision to take."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tavola.core import flow
from tavola.games.revolution import (
    allegiance,
    allocation,
    armies,
    beggars,
    conflict,
    overpopulation,
    provinces,
    support,
    taxes,
    units,
    victory,
)
from tavola.games.revolution.common import EMPTY, State, ev, phase_over
from tavola.games.revolution.loader import COMPONENTS as C

Begin = Callable[[State], list[dict[str, Any]]]


def automatic(*work: Callable[[State], list[dict[str, Any]]]) -> Begin:
    """A phase that needs no decision."""

    def run(state: State) -> list[dict[str, Any]]:
        events = [e for w in work for e in w(state)]
        phase_over(state)
        return events

    return run


TURN0: list[tuple[str, str, Begin]] = [
    ("support", "§5.1", support.begin),
    ("units", "§5.2", units.begin),
    ("conflict", "§5.3", conflict.begin_conflict),
    ("neutrals", "§5.4", conflict.begin_neutrals),
    ("overflow", "§5.5", overpopulation.begin),
    ("movement", "§5.6", provinces.begin),
    (
        "allocation",
        "§5.7",
        automatic(
            allocation.allocate_cards, allocation.allocate_bishoprics, allocation.allocate_universities
        ),
    ),
    ("final", "§5.8", victory.begin),
]
"""§4.2.1 the eight phases of turn 0."""

TURN: list[tuple[str, str, Begin]] = [
    ("taxes", "§6.1", taxes.begin),
    ("support", "§6.2", support.begin),
    ("maintenance", "§6.3", armies.begin_maintenance),
    ("raise", "§6.4", armies.begin_raise),
    ("battles", "§6.5", armies.begin_battles),
    ("sieges", "§6.6", armies.begin_sieges),
    ("beggars", "§6.7", beggars.begin),
    ("march", "§6.8", armies.begin_march),
    ("influence", "§6.9", armies.begin_influence),
    ("units", "§6.10", units.begin),
    ("conflict", "§6.11", conflict.begin_conflict),
    ("neutrals", "§6.12", conflict.begin_neutrals),
    ("overflow", "§6.13", overpopulation.begin),
    ("movement", "§6.14", provinces.begin),
    ("siege_resolution", "§6.15", armies.begin_siege_resolution),
    ("allegiance", "§6.16", allegiance.begin),
    ("cards", "§6.17", automatic(allocation.allocate_cards)),
    ("bishoprics", "§6.18", automatic(allocation.allocate_bishoprics)),
    ("universities", "§6.19", automatic(allocation.allocate_universities)),
    ("final", "§6.20", victory.begin),
]
"""§4.2.2 the twenty phases of turns 1-5."""


def phases(state: State) -> list[tuple[str, str, Begin]]:
    return TURN0 if state["turn"] == 0 else TURN


def rule_of(state: State) -> str:
    for name, rule, _ in phases(state):
        if name == state["phase"]:
            return rule
    return "§3.6"


def end_turn(state: State) -> list[dict[str, Any]]:
    """The turn is over: abandoned armies leave (§6.3), the turn marker moves on."""
    armies.end_of_turn(state)
    state["turn"] += 1
    state["raised"] = [0] * 5
    state["intercepts"] = 0
    state["beggars"]["hirer"] = EMPTY
    state["beggars"]["hired"] = 0
    return [ev("ev.turn", turn=state["turn"])]


def advance(state: State) -> list[dict[str, Any]]:
    """Start the following phases until a decision is due or the game is over."""
    events: list[dict[str, Any]] = []
    while flow.top(state)["s"] == "next":
        if state["over"]:
            flow.begin(state, "over")
            break
        table = phases(state)
        names = [name for name, _, _ in table]
        if state["phase"] == "final":
            events += end_turn(state)
            table = phases(state)
            i = 0
        elif state["phase"] in names:
            i = names.index(state["phase"]) + 1
        else:
            i = 0
        name, _, start = table[i]
        state["phase"] = name
        events += start(state)
    return events


__all__ = ["TURN", "TURN0", "C", "advance", "rule_of"]
