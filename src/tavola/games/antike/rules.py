"""The Antike II rules object: the contract of :class:`tavola.core.rules.Rules`, dispatching each
step of the flow through the table of :mod:`.flow` to the chapter module that rules it."""

from __future__ import annotations

from typing import Any

from tavola.core.rules import Action, Event, Knowledge, Rules, Scenario
from tavola.games.antike import position as positions
from tavola.games.antike import rondel, scientia, setup, view
from tavola.games.antike.common import (
    BATTLE,
    DONE,
    NO_BATTLE,
    PAY_ACTS,
    RESOURCE_ACTS,
    STOP,
    TRADE_ACTS,
    UNIT_ACTS,
    State,
    acting,
    personages,
)
from tavola.games.antike.flow import FLOW, LAYOUTS, as_layout
from tavola.games.antike.heuristic import evaluate
from tavola.games.antike.invariants import check, check_step
from tavola.games.antike.knowledge import KNOWLEDGE
from tavola.games.antike.loader import BOARDS


class AntikeRules(Rules):
    id = "antike-ii"
    title = "Antike II"
    rulebook = "Antike II, Italian rulebook (Mac Gerdts, PD-Verlag 2014); § numbers per the package docstring"
    state_version = len(LAYOUTS) + 1  # full-word state keys and frame locals (flow.LAYOUTS)
    step_invariants = staticmethod(check_step)

    # --- set-up -----------------------------------------------------------------------------
    def scenarios(self) -> list[Scenario]:
        return setup.scenarios()

    def roles(self, scenario: str, players: int, options: dict[str, Any]) -> list[str]:
        return setup.roles(scenario, players)

    def setup(self, scenario: str, players: int, options: dict[str, Any], seed: int) -> State:
        return setup.setup(scenario, players, options, seed)

    # --- the loop ---------------------------------------------------------------------------
    def active_roles(self, state: State) -> list[str]:
        if state["winner"] >= 0:
            return []
        return [state["control"][acting(state)]]

    def legal_actions(self, state: State, role: str) -> list[Action]:
        if state["winner"] >= 0:
            return []
        n = acting(state)
        if state["control"][n] != role:
            return []
        return FLOW.legal(state, n)

    def apply(self, state: State, role: str, action: Action) -> list[Event]:
        return FLOW.apply(state, acting(state), action)

    def result(self, state: State) -> dict[str, Any] | None:
        w = state["winner"]
        if w < 0:
            return None
        scores: dict[str, int] = {r: 0 for r in state["roles"]}
        for n in range(len(state["nations"])):
            role = state["control"][n]
            scores[role] = max(scores[role], personages(state, n))
        return {
            "winners": [state["control"][w]],
            "scores": scores,
            "reason": "temple_when_one_short" if state["reason"] == "temple" else "personages",
            "nations": {nid: personages(state, n) for n, nid in enumerate(state["nations"])},
            "winner_nation": state["nations"][w],
        }

    # --- positions (docs/positions.md) -----------------------------------------------------
    def position(self, state: State) -> dict[str, Any]:
        return positions.position(state)

    def from_position(self, position: dict[str, Any], seed: int) -> State:
        return positions.from_position(position, seed)

    # --- what a role sees -------------------------------------------------------------------
    def view(self, state: State, role: str | None) -> dict[str, Any]:
        return view.view(state, role)

    def prompt(self, state: State, role: str) -> dict[str, Any]:
        return view.prompt(state, role)

    def board(self, scenario: str, players: int, options: dict[str, Any]) -> dict[str, Any]:
        return view.board_json(scenario, players)

    # --- bots, fuzzers, learning agents -----------------------------------------------------
    def check(self, state: State) -> list[str]:
        return check(state) + FLOW.check(state)

    def legacy_state(self, state: State, version: int) -> State:
        return as_layout(state, version) if version < self.state_version else state

    def evaluate(self, state: State) -> dict[str, float]:
        return evaluate(state)

    def knowledge(self) -> Knowledge:
        return KNOWLEDGE

    def action_space(self, scenario: str, players: int, options: dict[str, Any]) -> list[Action]:
        setup.roles(scenario, players)  # validates the settings (UnknownGame)
        b = BOARDS[scenario]
        space: list[Action] = list(rondel.RONDEL_ACTS)
        space += PAY_ACTS + RESOURCE_ACTS + list(TRADE_ACTS.values())
        space += b.act_unit[0] + b.act_unit[1] + b.act_region + b.act_attack
        space += scientia.ADVANCE_ACTS + UNIT_ACTS
        space += [BATTLE, NO_BATTLE, STOP, DONE]
        return space

    def describe(self, state: State, role: str, action: Action) -> str:
        return " ".join(str(p) for p in action).replace("_", " ")


RULES = AntikeRules()
