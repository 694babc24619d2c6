"""A tiny game that exercises every feature of the core: simultaneous secret bids (hidden
information), dice (chance), undoable steps and a multi-step turn. Used only by tests."""

from __future__ import annotations

from typing import Any

from tavola.core import flow, rng
from tavola.core.rules import Action, Event, OptionSpec, Rules, Scenario, State

ROLES = ["north", "south", "east"]


class ToyRules(Rules):
    id = "toy"
    title = "Toy"
    hidden_information = True  # bids are secret until all have bid

    def scenarios(self) -> list[Scenario]:
        return [Scenario("basic", "Basic", (2, 3), 2, (OptionSpec("short", False),))]

    def roles(self, scenario: str, players: int, options: dict[str, Any]) -> list[str]:
        return ROLES[:players]

    def setup(self, scenario: str, players: int, options: dict[str, Any], seed: int) -> State:
        roles = ROLES[:players]
        return {
            "rng": rng.seed_state(seed),
            "roles": roles,
            "coins": {r: 6 for r in roles},
            "points": {r: 0 for r in roles},
            "bids": {},
            "round": 1,
            "rounds": 3 if options.get("short") else 6,
            "flow": [{"s": "bid"}],
            "over": False,
        }

    def active_roles(self, state: State) -> list[str]:
        if state["over"]:
            return []
        top = flow.top(state)
        if top["s"] == "bid":
            return [r for r in state["roles"] if r not in state["bids"]]
        return [top["role"]]

    def legal_actions(self, state: State, role: str) -> list[Action]:
        if role not in self.active_roles(state):
            return []
        top = flow.top(state)
        if top["s"] == "bid":
            return [("bid", n) for n in range(min(3, state["coins"][role]) + 1)]
        if top["s"] == "mark":
            return [("mark", n) for n in range(3)] + [("pass",)]
        return [("roll",), ("pass",)]

    def apply(self, state: State, role: str, action: Action) -> list[Event]:
        top = flow.top(state)
        if top["s"] == "bid":
            state["bids"][role] = action[1]
            if len(state["bids"]) < len(state["roles"]):
                return [{"msg": "toy.bid", "args": {"n": action[1]}, "to": [role]}]
            bids = state["bids"]
            best = max(bids.values())
            leaders = [r for r in state["roles"] if bids[r] == best]
            for r, b in bids.items():
                state["coins"][r] -= b
            state["bids"] = {}
            events: list[Event] = [{"msg": "toy.reveal", "args": dict(bids), "reveal": True}]
            if len(leaders) == 1:
                state["points"][leaders[0]] += 1
                flow.goto(state, "mark", role=leaders[0], marks=0)
            else:
                self._next_round(state)
            return events
        if top["s"] == "mark":
            if action[0] == "mark" and top["marks"] < 1:
                top["marks"] += 1
                return [{"msg": "toy.mark", "args": {"n": action[1]}}]
            flow.goto(state, "roll", role=role)
            return []
        if action[0] == "roll":
            die = rng.roll(state, 6)
            if die >= 5:
                state["points"][role] += 1
            self._next_round(state)
            return [{"msg": "toy.roll", "args": {"die": die}, "dice": [die]}]
        self._next_round(state)
        return []

    def _next_round(self, state: State) -> None:
        state["round"] += 1
        flow.goto(state, "bid")
        if state["round"] > state["rounds"] or max(state["points"].values()) >= 4:
            state["over"] = True

    def result(self, state: State) -> dict[str, Any] | None:
        if not state["over"]:
            return None
        best = max(state["points"].values())
        return {
            "winners": [r for r in state["roles"] if state["points"][r] == best],
            "scores": dict(state["points"]),
            "reason": "points",
        }

    def view(self, state: State, role: str | None) -> dict[str, Any]:
        return {
            "round": state["round"],
            "coins": dict(state["coins"]),
            "points": dict(state["points"]),
            "bids_made": sorted(state["bids"]),
            "my_bid": state["bids"].get(role) if role else None,
            "stage": flow.top(state)["s"],
            "marks": flow.top(state).get("marks"),
        }

    def determinize(self, state: State, role: str, seed: int) -> State:
        world = super().determinize(state, role, seed)
        for r in list(world["bids"]):
            if r != role:
                world["bids"][r] = rng.below(world, min(3, world["coins"][r]) + 1)
        return world

    def action_space(self, scenario: str, players: int, options: dict[str, Any]) -> list[Action]:
        return [("bid", n) for n in range(4)] + [("mark", n) for n in range(3)] + [("roll",), ("pass",)]

    def check(self, state: State) -> list[str]:
        return [f"{r} has negative coins" for r, c in state["coins"].items() if c < 0]


RULES = ToyRules()
