"""The Italia rules objects: Italia I (three players) and Italia II (four players) on the
rules contract of :mod:`tavola.core.rules`."""

from __future__ import annotations

from typing import Any

from tavola.core.rules import Action, Event, Knowledge, OptionSpec, Rules, Scenario, Scored, State
from tavola.games.italia import position, sequence, tally, victory
from tavola.games.italia.checks import invariants
from tavola.games.italia.flow import FLOW
from tavola.games.italia.invariants import check_step
from tavola.games.italia.knowledge import KNOWLEDGE, evaluate
from tavola.games.italia.model import as_layout_1, as_layout_2, as_layout_3, index_problems
from tavola.games.italia.movement import group_words
from tavola.games.italia.scenario import Static, static
from tavola.games.italia.view import action_space, describe, summary, view

HOUSE_RULES = (
    OptionSpec("combat_variant", False, label="House rule: every unit is its own target", rule="§HR-10.4"),
    OptionSpec(
        "allied_cities", False, label="House rule: allied cities are roads through highlands", rule="§HR-9.7"
    ),
    OptionSpec(
        "fleet_relocate",
        False,
        label="House rule: carried units change fleet before it sinks",
        rule="§HR-10.8",
    ),
)
CAMPAIGN_STACK = OptionSpec(
    "campaign_stack_at_end",
    False,
    label="Reading §12.3.1: units a campaign leaves behind are checked against the stacking limit"
    " only when the campaign ends (default: after each campaign move, §8.0)",
    rule="§12.3.1",
)
RETREAT_DAMAGED = OptionSpec(
    "retreat_stays_damaged",
    False,
    label="Reading §10.2: a damaged consular legion that survives a battle only by retreating stays"
    " damaged (default: surviving by retreat is surviving, and it is repaired)",
    rule="§10.2",
)
PYRRHUS = OptionSpec(
    "pyrrhus_fights", False, label="House rule: Pyrrhus fights where he lands", rule="§HR-pyrrhus"
)
LAST_UNIT = OptionSpec(
    "last_unit_window",
    False,
    label="House rule: the Romans' 5 VP for the last Carthaginian only in rounds 6-8",
    rule="§HR-romans",
)


class ItaliaRules(Rules):
    rulebook = "Italia (Phalanx 2006), Italian rulebook with FAQ and clarifications v1.8"
    state_version = (
        4  # 2: full-word keys (model.LAYOUT_1); 3: the running indexes (model.INDEXES); 4: model.LAYOUT_3
    )
    step_invariants = property(lambda self: lambda *step: check_step(self.S, *step))  # this Italia's tables

    def __init__(self, key: str) -> None:
        self.id = key

    @property
    def S(self) -> Static:
        return static(self.id)

    @property  # type: ignore[override]
    def title(self) -> str:  # the game's name and its number of players come from its data file
        return self.S.sc.title

    @property
    def players(self) -> int:
        return len(self.S.roles)

    # -- set-up ---------------------------------------------------------------------------
    def scenarios(self) -> list[Scenario]:
        opts = (
            HOUSE_RULES
            + (CAMPAIGN_STACK,)
            + ((RETREAT_DAMAGED, PYRRHUS, LAST_UNIT) if self.id == "italia-i" else ())
        )
        return [Scenario("standard", self.title, (self.players,), self.players, opts)]

    def roles(self, scenario: str, players: int, options: dict[str, Any]) -> list[str]:
        return list(self.S.roles)

    def setup(self, scenario: str, players: int, options: dict[str, Any], seed: int) -> State:
        S = self.S
        opts = {o.name: o.default for o in self.scenarios()[0].options}
        opts.update(options)
        st = sequence.new_state(S, opts, seed)
        FLOW.advance(st, [])
        return st

    def position(self, state: State) -> dict[str, Any]:
        return position.position(self.S, state)

    def from_position(self, pos: dict[str, Any], seed: int) -> State:
        defaults = {o.name: o.default for o in self.scenarios()[0].options}
        return position.from_position(self.S, pos, seed, defaults)

    # -- the loop -------------------------------------------------------------------------
    def active_roles(self, state: State) -> list[str]:
        if state["over"]:
            return []
        return FLOW.deciders(state)

    def legal_actions(self, state: State, role: str) -> list[Action]:
        if state["over"]:
            return []
        kept = FLOW.ready(state, role)  # listed by the last action's advance: not listed again
        if kept is not None:
            return kept
        if role not in FLOW.deciders(state):
            return []
        return FLOW.legal(state, role)

    def apply(self, state: State, role: str, action: Action) -> list[Event]:
        return FLOW.apply(state, role, tuple(action))

    def result(self, state: State) -> dict[str, Any] | None:
        if not state["over"]:  # asked after every action: answered before finding the game's data
            return None
        return victory.result(self.S, state)

    # -- what a role may see ----------------------------------------------------------------
    def view(self, state: State, role: str | None) -> dict[str, Any]:
        return view(self.S, state, role)

    def prompt(self, state: State, role: str) -> dict[str, Any]:
        if state["flow"][-1]["s"] in FLOW.final:
            return {"text": "it.p." + state["flow"][-1]["s"], "args": {}, "rule": ""}
        return FLOW.prompt(state, role)

    def prompt_words(
        self, state: State, role: str, prompt: dict[str, Any], offered: list[Action]
    ) -> str | None:
        return group_words(state, offered)

    # -- bots, fuzzers ---------------------------------------------------------------------
    def check(self, state: State) -> list[str]:
        return invariants(self.S, state) + FLOW.check(state) + index_problems(self.S, state)

    def legacy_state(self, state: State, version: int) -> State:
        if 1 <= version <= 3:
            state = as_layout_3(state)
        if version == 2:
            return as_layout_2(state)
        if version == 1:
            return as_layout_1(as_layout_2(state))
        return state if version == 3 else super().legacy_state(state, version)

    def evaluate(self, state: State) -> dict[str, float]:
        return evaluate(self.S, state)

    def knowledge(self) -> Knowledge:
        return KNOWLEDGE

    def action_space(self, scenario: str, players: int, options: dict[str, Any]) -> list[Action]:
        return action_space(self.S)

    def board(self, scenario: str, players: int, options: dict[str, Any]) -> dict[str, Any]:
        data = self.S.board.to_json()
        data["nations"] = [
            {"key": n.key, "name": n.name, "name_it": n.name_it, "colour": n.colour, "order": n.order}
            for n in self.S.nations
        ]
        # the units' printed values (§2.2.1, §6.2, §10.2), for the client's buttons and panels
        S = self.S
        data["units"] = {
            k: {"cost": S.cost[k], "to_hit": S.to_hit[k], "hits": S.hits[k], "move": S.move[k]}
            for k in S.kinds
        }
        return data

    def describe(self, state: State, role: str, action: Action) -> str:
        return describe(self.S, state, action)

    def summary(self, view: dict[str, Any]) -> list[list[Event]]:
        return summary(view)

    def scored(self, before: State, after: State, events: list[Event]) -> list[Scored]:
        return tally.scored(self.S, before, after, events)


RULES_I = ItaliaRules("italia-i")
RULES_II = ItaliaRules("italia-ii")
