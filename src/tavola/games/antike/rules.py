"""The Antike II rules object: the contract of :class:`tavola.core.rules.Rules`, dispatching each
step of the flow to the chapter module that rules it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tavola.core.rules import Action, Event, Knowledge, Rules, Scenario
from tavola.games.antike import founding, militia, movere, production, rondel, scientia, setup, templum, view
from tavola.games.antike import position as positions
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
    trade_rates,
    wealth,
)
from tavola.games.antike.heuristic import evaluate
from tavola.games.antike.invariants import check
from tavola.games.antike.knowledge import KNOWLEDGE
from tavola.games.antike.loader import BOARDS, RULEBOOK

Legal = Callable[[State, dict[str, Any], int], list[Action]]
Apply = Callable[[State, dict[str, Any], int, Action], list[Event]]
Wanted = Callable[[State, dict[str, Any], int], bool]

# frame name -> (legal actions, apply, whether something can be bought there)
# §7.3 trading is allowed «in qualsiasi momento durante il turno del giocatore»: at every step of
# the owner's turn. The option trade_when_buying offers it only where a purchase is possible in
# principle (arming, temples, technologies, cities), the reading of some summaries.
NO_TRADE = ("trade", "token")
"""Steps that offer no trade: within a trade, and a founded city's token, whose cost is due."""
FRAMES: dict[str, tuple[Legal, Apply, Wanted | None]] = {
    "rondel": (rondel.legal_rondel, rondel.apply_rondel, None),
    "pay": (rondel.legal_pay, rondel.apply_pay, None),
    "coin": (production.legal_coin, production.apply_coin, None),
    "militia": (militia.legal_militia, militia.apply_militia, militia.wanted),
    "templum": (templum.legal_templum, templum.apply_templum, templum.wanted),
    "scientia": (scientia.legal_scientia, scientia.apply_scientia, scientia.wanted),
    "trade": (scientia.legal_trade, scientia.apply_trade, None),
    "move": (movere.legal_move, movere.apply_move, None),
    "clash": (movere.legal_clash, movere.apply_clash, None),
    "conquer": (movere.legal_conquer, movere.apply_conquer, None),
    "loss": (movere.legal_loss, movere.apply_loss, None),
    "found": (founding.legal_found, founding.apply_found, founding.wanted),
    "token": (founding.legal_token, founding.apply_token, None),
}


class AntikeRules(Rules):
    id = "antike-ii"
    title = "Antike II"
    rulebook = "Antike II, Italian rulebook (Mac Gerdts, PD-Verlag 2014); § numbers per the package docstring"

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
        return [state["ctrl"][acting(state)]]

    def legal_actions(self, state: State, role: str) -> list[Action]:
        if state["winner"] >= 0:
            return []
        frame = state["flow"][-1]
        n = frame.get("who", state["cur"])
        if state["ctrl"][n] != role:
            return []
        legal, _, wanted = FRAMES[frame["s"]]
        out = legal(state, frame, n)
        if n == state["cur"] and frame["s"] not in NO_TRADE:
            rates = trade_rates(state, n)
            if rates and (
                not state.get(setup.TRADE_WHEN_BUYING.name)
                or (wanted is not None and wanted(state, frame, n))
            ):
                if frame["s"] == "pay":  # never trade away what the steps already chosen cost
                    left = wealth(state["res"][n]) - frame["n"]
                    rates = [r for r in rates if left >= RULEBOOK.trade[r][0] - RULEBOOK.trade[r][1]]
                out = out + [TRADE_ACTS[r] for r in rates]
        return out

    def apply(self, state: State, role: str, action: Action) -> list[Event]:
        frame = state["flow"][-1]
        n = frame.get("who", state["cur"])
        if action[0] == "trade":
            return scientia.start_trade(state, n, action[1])
        return FRAMES[frame["s"]][1](state, frame, n, action)

    def result(self, state: State) -> dict[str, Any] | None:
        w = state["winner"]
        if w < 0:
            return None
        scores: dict[str, int] = {r: 0 for r in state["roles"]}
        for n in range(len(state["nations"])):
            role = state["ctrl"][n]
            scores[role] = max(scores[role], personages(state, n))
        return {
            "winners": [state["ctrl"][w]],
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
        return check(state)

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
