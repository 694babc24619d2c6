"""The Revolution rules object: the contract of :class:`tavola.core.rules.Rules`, dispatching each
decision through the table of :mod:`.flow` to the chapter module that rules it."""

from __future__ import annotations

from typing import Any

from tavola.core.errors import UnknownGame
from tavola.core.rules import Action, Event, Knowledge, Rules, Scenario
from tavola.games.revolution import position as positions
from tavola.games.revolution import setup, turn, victory
from tavola.games.revolution import view as views
from tavola.games.revolution.common import State, role_of
from tavola.games.revolution.flow import FLOW
from tavola.games.revolution.heuristic import evaluate
from tavola.games.revolution.invariants import check, check_step
from tavola.games.revolution.knowledge import KNOWLEDGE
from tavola.games.revolution.loader import COMPONENTS as C


class RevolutionRules(Rules):
    id = "revolution"
    step_invariants = staticmethod(check_step)
    title = "Revolution: The Dutch Revolt 1568-1648"
    rulebook = "Revolution: The Dutch Revolt 1568-1648, Italian rulebook rev. 1.0 (Phalanx Games 2004)"

    def scenarios(self) -> list[Scenario]:
        return setup.scenarios()

    def roles(self, scenario: str, players: int, options: dict[str, Any]) -> list[str]:
        self._scenario(scenario)
        return setup.roles(players, options)

    def setup(self, scenario: str, players: int, options: dict[str, Any], seed: int) -> State:
        self._scenario(scenario)
        state = setup.setup(players, options, seed)
        turn.advance(state)
        return state

    @staticmethod
    def _scenario(scenario: str) -> None:
        if scenario not in (None, "", "standard"):
            raise UnknownGame(f"revolution has one scenario, 'standard', not {scenario!r}")

    # --- the loop ---------------------------------------------------------------------------
    def active_roles(self, state: State) -> list[str]:
        if state["over"] or state["flow"][-1]["s"] in FLOW.final:
            return []
        return [role_of(state, FLOW.acting(state))]

    def legal_actions(self, state: State, role: str) -> list[Action]:
        if role not in self.active_roles(state):
            return []
        return FLOW.legal(state, FLOW.acting(state))

    def apply(self, state: State, role: str, action: Action) -> list[Event]:
        events = FLOW.apply(state, FLOW.acting(state), tuple(action))
        return events + turn.advance(state)

    def result(self, state: State) -> dict[str, Any] | None:
        if not state["over"]:
            return None
        scores = victory.role_scores(state)
        return {
            "winners": victory.winners(state),
            "scores": {r: v / 2 for r, v in scores.items()},
            "reason": "most victory points after turn 5 (§4.5)",
            "factions": {C.factions[o]: state["vp2"][o] / 2 for o in state["factions"]},
            "by_source": {
                C.factions[o]: {k: v / 2 for k, v in victory.breakdown(state, o, True).items()}
                for o in state["factions"]
            },
            "coins": {C.factions[o]: state["treasury"][o] for o in state["factions"]},
        }

    # --- positions (docs/positions.md) -----------------------------------------------------
    def position(self, state: State) -> dict[str, Any]:
        return positions.position(state)

    def from_position(self, position: dict[str, Any], seed: int) -> State:
        return positions.from_position(position, seed)

    # --- what a role sees: everything is open (§2, §4.6) ---------------------------------
    def board(self, scenario: str, players: int, options: dict[str, Any]) -> dict[str, Any]:
        """The map of the provinces and what the page draws beside it (``view.board``)."""
        return views.board(self.title, players)

    def view(self, state: State, role: str | None) -> dict[str, Any]:
        return views.view(state)

    def summary(self, view: dict[str, Any]) -> list[list[Event]]:
        return views.summary(view)

    def prompt(self, state: State, role: str) -> dict[str, Any]:
        if role not in self.active_roles(state):
            return {"text": "waiting", "args": {}, "rule": turn.rule_of(state)}
        return FLOW.prompt(state, FLOW.acting(state))

    # --- bots, fuzzers, learning agents -----------------------------------------------------
    def check(self, state: State) -> list[str]:
        return check(state) + FLOW.check(state)

    def evaluate(self, state: State) -> dict[str, float]:
        return evaluate(state)

    def knowledge(self) -> Knowledge:
        return KNOWLEDGE

    def action_space(self, scenario: str, players: int, options: dict[str, Any]) -> list[Action]:
        self.roles(scenario, players, options)
        return action_space()


def action_space() -> list[Action]:
    """Every action that can ever be legal, in a fixed order."""
    P, R, B = C.province_ids, C.region_ids, C.box_ids
    cities = [C.place_ids[c] for c in C.cities]
    owners = [*C.factions, "neutral"]
    most_boxes = max(C.boxes)
    big = 60
    space: list[Action] = [("done",), ("maintain_all",)]
    space += [("garrison", r) for r in R]
    space += [("rate", k) for k in C.city_rates]
    space += [("support", b, d, n) for b in B for d in ["treasury", *P] for n in range(1, 7)]
    space += [("intercept", k) for k in range(0, 7)]
    for verb in ("maintain", "disband"):
        space += [(verb, r, b) for r in R for b in range(most_boxes)]
    space += [("loot_town", r, b, p) for r in R for b in range(most_boxes) for p in P]
    space += [("loot_token", r, b, p, f) for r in R for b in range(most_boxes) for p in P for f in C.factions]
    space += [("raise", r) for r in R]
    space += [("besiege", r, b, c) for r in R for b in range(most_boxes) for c in cities]
    space += [
        ("beggars", use, r, n, t)
        for r in R
        for use, n, t in [("eliminate", n, "") for n in range(1, 4)]
        + [("lift", n, c) for n in range(1, 4) for c in cities]
        + [("loot", 1, p) for p in P]
        + [("siege", 2, c) for c in cities]
        + [("block", 1, "")]
    ]
    space += [("march", r, b, d) for r in R for b in range(most_boxes) for d in R]
    space += [("convert", r, b, p, o) for r in R for b in range(most_boxes) for p in P for o in owners]
    space += [("place", p, n) for p in P for n in range(1, big)]
    space += [("box", b, n) for b in B for n in range(1, 7)]
    space += [("neutral", p) for p in P]
    space += [("overflow", p, d, n) for p in P for d in P for n in range(1, big)]
    space += [("ask", p) for p in P]
    space += [("leave", c) for c in C.place_ids] + [("town", c) for c in C.place_ids]
    space += [("city", c, n) for c in cities for n in range(1, big)]
    space += [("expel", c, o) for c in cities for o in owners]
    space += [("spend", c, n) for c in cities for n in range(1, C.allegiance_max_move + 1)]
    space += [("position", i) for i in range(1, 6)]
    return space


RULES = RevolutionRules()
