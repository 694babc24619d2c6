"""A small territory game on a made-up map, registered only for the browser tests.

It exercises what the client must handle for any game: area targets on the map (``claim``),
buttons (``roll``, ``done``), undo, dice in the log, a per-role view with area-keyed pieces,
and a short end with scores. The board is generated: a jittered grid of land areas with a
few seas, borders typed land / sea / strait.
"""

from __future__ import annotations

import random
from typing import Any

from tavola.core import flow, rng
from tavola.core.rules import Action, Event, Rules, Scenario, State

ROLES = ["red", "blue", "green"]
ROUNDS = 4


def _board() -> dict[str, Any]:
    rand = random.Random(5)
    areas: list[dict[str, Any]] = []
    cols, rows = 6, 4
    seas = {(2, 1), (3, 2), (5, 0)}
    for r in range(rows):
        for c in range(cols):
            aid = f"a{r}{c}"
            sea = (c, r) in seas
            areas.append(
                {
                    "id": aid,
                    "name": f"Mare {aid.upper()}" if sea else f"Terra {aid.upper()}",
                    "kind": "sea" if sea else "land",
                    "terrain": "" if sea else rand.choice(["plain", "hills", "forest", "mountain"]),
                    "pos": {
                        "lon": 10 + c * 2.0 + rand.uniform(-0.5, 0.5),
                        "lat": 44 - r * 1.6 + rand.uniform(-0.4, 0.4),
                    },
                }
            )
    borders = []
    for r in range(rows):
        for c in range(cols):
            for dc, dr in ((1, 0), (0, 1)):
                c2, r2 = c + dc, r + dr
                if c2 >= cols or r2 >= rows:
                    continue
                a, b = (c, r) in seas, (c2, r2) in seas
                kind = "sea" if a or b else "land"
                if (c, r, c2, r2) == (0, 3, 1, 3):
                    kind = "strait"
                borders.append({"a": f"a{r}{c}", "b": f"a{r2}{c2}", "type": kind})
    return {"title": "Test map", "areas": areas, "borders": borders}


BOARD = _board()
LAND = [a["id"] for a in BOARD["areas"] if a["kind"] == "land"]


class MapTestRules(Rules):
    id = "maptest"
    title = "Map test"

    def scenarios(self) -> list[Scenario]:
        return [Scenario("isles", "Isles", (2, 3), 3)]

    def roles(self, scenario: str, players: int, options: dict[str, Any]) -> list[str]:
        return ROLES[:players]

    def setup(self, scenario: str, players: int, options: dict[str, Any], seed: int) -> State:
        roles = ROLES[:players]
        return {
            "rng": rng.seed_state(seed),
            "roles": roles,
            "round": 1,
            "cur": 0,
            "owner": {},
            "gold": {r: 2 for r in roles},
            "flow": [{"s": "claim", "left": 2}],
        }

    def active_roles(self, state: State) -> list[str]:
        if state["round"] > ROUNDS:
            return []
        return [state["roles"][state["cur"]]]

    def legal_actions(self, state: State, role: str) -> list[Action]:
        if role not in self.active_roles(state):
            return []
        top = flow.top(state)
        acts: list[Action] = []
        if top["left"] > 0:
            acts += [("claim", a) for a in LAND if state["owner"].get(a) != role]
        acts += [("roll",), ("done",)]
        return acts

    def apply(self, state: State, role: str, action: Action) -> list[Event]:
        top = flow.top(state)
        if action[0] == "claim":
            top["left"] -= 1
            state["owner"][action[1]] = role
            return [{"msg": "maptest.claim", "args": {"role": role, "area": action[1]}}]
        events: list[Event] = []
        if action[0] == "roll":
            die = rng.roll(state, 6)
            state["gold"][role] += die
            events.append({"msg": "maptest.roll", "args": {"role": role, "die": die}, "dice": [die]})
        state["cur"] += 1
        if state["cur"] == len(state["roles"]):
            state["cur"] = 0
            state["round"] += 1
        flow.goto(state, "claim", left=2)
        return events

    def result(self, state: State) -> dict[str, Any] | None:
        if state["round"] <= ROUNDS:
            return None
        scores = {r: sum(1 for o in state["owner"].values() if o == r) for r in state["roles"]}
        best = max(scores.values())
        return {
            "winners": [r for r in state["roles"] if scores[r] == best],
            "scores": scores,
            "reason": "points",
        }

    def view(self, state: State, role: str | None) -> dict[str, Any]:
        return {
            "round": state["round"],
            "gold": dict(state["gold"]),
            "owner": dict(state["owner"]),
            "claims_left": flow.top(state)["left"],
        }

    def prompt(self, state: State, role: str) -> dict[str, Any]:
        return {"text": "maptest.prompt", "args": {"n": flow.top(state)["left"]}, "rule": "§2.1"}

    def undoable(self, state: State, role: str, action: Action) -> bool:
        return action[0] == "claim"

    def action_space(self, scenario: str, players: int, options: dict[str, Any]) -> list[Action]:
        return [("claim", a) for a in LAND] + [("roll",), ("done",)]

    def board(self, scenario: str, players: int, options: dict[str, Any]) -> dict[str, Any]:
        return BOARD


RULES = MapTestRules()
