"""A small test game with hidden information: sealed allocations made at the same time.

Each of three rounds every player, all at once and in secret, spreads 5 troops over three
fronts (at most 3 on one) with many clicks (add, remove, undo) and seals the whole with one
confirm. When all have sealed, the allocations are revealed: the most troops on a front wins
it (a point), and a public die names a front worth one more. Each player also holds a hand
of cards drawn from a deck reshuffled in secret every round; the newest card's value breaks a
tie on a front.
"""

from __future__ import annotations

from typing import Any

from tavola.core import rng
from tavola.core.rules import Action, Event, Rules, Scenario, State

FRONTS = 3
TROOPS = 5
MOST = 3
ROUNDS = 3
DECK = [1, 2, 3, 4, 5, 6, 7, 8, 9]
ROLES = ["red", "blue", "green"]


class SealedRules(Rules):
    id = "sealed"
    title = "Sealed"
    hidden_information = True

    def scenarios(self) -> list[Scenario]:
        return [Scenario("basic", "Basic", (2, 3), 2)]

    def roles(self, scenario: str, players: int, options: dict[str, Any]) -> list[str]:
        return ROLES[:players]

    def setup(self, scenario: str, players: int, options: dict[str, Any], seed: int) -> State:
        roles = ROLES[:players]
        state: State = {"rng": rng.seed_state(seed), "roles": roles, "round": 1, "over": False}
        deck = list(DECK)
        with rng.hidden(state):
            rng.shuffle(state, deck)
        state["deck"] = deck
        state["hands"] = {r: [state["deck"].pop()] for r in roles}
        state["alloc"] = {r: [0] * FRONTS for r in roles}
        state["sealed"] = []
        state["points"] = {r: 0 for r in roles}
        state["shown"] = None
        return state

    def active_roles(self, state: State) -> list[str]:
        if state["over"]:
            return []
        return [r for r in state["roles"] if r not in state["sealed"]]

    def composing(self, state: State, role: str) -> Any:
        if state["over"] or role in state["sealed"]:
            return None
        return ["allocation", state["round"]]

    def legal_actions(self, state: State, role: str) -> list[Action]:
        if role not in self.active_roles(state):
            return []
        alloc = state["alloc"][role]
        out: list[Action] = []
        if sum(alloc) < TROOPS:
            out += [("add", f) for f in range(FRONTS) if alloc[f] < MOST]
        out += [("remove", f) for f in range(FRONTS) if alloc[f] > 0]
        if sum(alloc) == TROOPS:
            out.append(("confirm",))
        return out

    def apply(self, state: State, role: str, action: Action) -> list[Event]:
        alloc = state["alloc"][role]
        if action[0] == "add":
            alloc[action[1]] += 1
            return [{"msg": "sealed.add", "args": {"front": action[1]}, "to": [role]}]
        if action[0] == "remove":
            alloc[action[1]] -= 1
            return [{"msg": "sealed.remove", "args": {"front": action[1]}, "to": [role]}]
        state["sealed"].append(role)
        events: list[Event] = [{"msg": "sealed.sealed", "args": {}}]
        if len(state["sealed"]) == len(state["roles"]):
            events += self._reveal(state)
        return events

    def _reveal(self, state: State) -> list[Event]:
        roles = state["roles"]
        die = rng.roll(state, 6)
        bonus = (die - 1) % FRONTS
        for f in range(FRONTS):
            best = max(state["alloc"][r][f] for r in roles)
            leaders = [r for r in roles if state["alloc"][r][f] == best]
            if len(leaders) > 1:
                top = max(state["hands"][r][-1] for r in leaders)
                leaders = [r for r in leaders if state["hands"][r][-1] == top]
            if best > 0 and len(leaders) == 1:
                state["points"][leaders[0]] += 2 if f == bonus else 1
        shown = {r: list(state["alloc"][r]) for r in roles}
        state["shown"] = shown
        state["alloc"] = {r: [0] * FRONTS for r in roles}
        state["sealed"] = []
        state["round"] += 1
        if state["round"] > ROUNDS:
            state["over"] = True
        else:
            with rng.hidden(state):  # the deck is reshuffled face down every round
                rng.shuffle(state, state["deck"])
            for r in roles:
                if state["deck"]:
                    state["hands"][r].append(state["deck"].pop())
        return [{"msg": "sealed.reveal", "args": {"alloc": shown}, "dice": [die], "reveal": True}]

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
            "points": dict(state["points"]),
            "sealed": list(state["sealed"]),
            "my_alloc": list(state["alloc"][role]) if role else None,
            "my_hand": list(state["hands"][role]) if role else None,
            "hand_sizes": {r: len(h) for r, h in state["hands"].items()},
            "deck_size": len(state["deck"]),
            "shown": state["shown"],
        }

    def determinize(self, state: State, role: str, seed: int) -> State:
        world = super().determinize(state, role, seed)
        unseen = list(world["deck"])
        for r in world["roles"]:
            if r != role:
                unseen += world["hands"][r]
        unseen.sort()  # what the role cannot see, in an order that does not betray the truth
        rng.shuffle(world, unseen)
        for r in world["roles"]:
            if r != role:
                world["hands"][r] = [unseen.pop() for _ in world["hands"][r]]
                if r not in world["sealed"]:
                    continue
                # A sealed allocation is unknown: any allocation of the troops will do.
                alloc = [0] * FRONTS
                for _ in range(TROOPS):
                    open_fronts = [f for f in range(FRONTS) if alloc[f] < MOST]
                    alloc[rng.choice(world, open_fronts)] += 1
                world["alloc"][r] = alloc
        world["deck"] = unseen
        return world

    def action_space(self, scenario: str, players: int, options: dict[str, Any]) -> list[Action]:
        return [("add", f) for f in range(FRONTS)] + [("remove", f) for f in range(FRONTS)] + [("confirm",)]


class ForgetfulRules(SealedRules):
    """The same game, forgetting to resample what it hides: the contract tests must fail it."""

    id = "sealed-forgetful"
    determinize = Rules.determinize  # the default, which assumes nothing is hidden


RULES = SealedRules()
FORGETFUL = ForgetfulRules()
