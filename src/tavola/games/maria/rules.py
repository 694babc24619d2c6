"""The Maria rules object: the contract of :class:`tavola.core.rules.Rules`, dispatching each
decision through the flow table (:mod:`.flow`) to the chapter module that rules it."""

from __future__ import annotations

from typing import Any

from tavola.core import rng
from tavola.core.rules import Action, Event, Knowledge, Rules, Scenario, State
from tavola.games.maria import hidden, invariants, knowledge, politics, sequence, setup, subsidies, victory
from tavola.games.maria import position as positions
from tavola.games.maria import view as views
from tavola.games.maria.board_adapter import GEO
from tavola.games.maria.common import (
    RESERVE_HIGH,
    RESERVE_LOW,
    SUITS,
    general_power,
    role_powers,
)
from tavola.games.maria.flow import FLOW, actors

NO_UNDO = frozenset(
    {"card", "reserve", "stop", "withdraw", "pay", "attack", "retreat", "seal", "recruit", "agree", "refuse"}
    | {"suit", "bid", "keep", "select", "execute", "discard", "track", "expedition", "vote"}
    | {"push", "offer", "accept", "reduce", "contract", "end"}
)


class MariaRules(Rules):
    id = "maria"
    title = "Maria"
    rulebook = "Maria (Richard Sivél, Histogame 2009), Italian translation v1.0, sections 1-24"
    hidden_information = True
    state_version = 3
    """Layout 2 added ``known`` (the troops combat told everyone, §6, §11.1), layout 3
    ``hand_shown`` (the cards a hand was seen to hold, §9)."""
    step_invariants = staticmethod(invariants.step_invariants)

    def scenarios(self) -> list[Scenario]:
        return setup.scenarios()

    def roles(self, scenario: str, players: int, options: dict[str, Any]) -> list[str]:
        return setup.roles(scenario, players)

    def setup(self, scenario: str, players: int, options: dict[str, Any], seed: int) -> State:
        state = setup.setup(scenario, players, options, seed)
        sequence.advance(state)
        return state

    def active_roles(self, state: State) -> list[str]:
        return actors(state)

    def composing(self, state: State, role: str) -> Any:
        return setup.composing(state, role)

    def legal_actions(self, state: State, role: str) -> list[Action]:
        if role not in actors(state):
            return []
        return FLOW.legal(state, role)

    def apply(self, state: State, role: str, action: Action) -> list[Event]:
        events = FLOW.apply(state, role, action)
        return events + sequence.advance(state)

    def result(self, state: State) -> dict[str, Any] | None:
        res = state["result"]
        if res is None:
            return None
        return {"winners": list(res["winners"]), "scores": victory.progress(state), "reason": res["reason"]}

    def view(self, state: State, role: str | None) -> dict[str, Any]:
        return views.view(state, role)

    def prompt(self, state: State, role: str) -> dict[str, Any]:
        if role not in actors(state):
            return {"text": "prompt.wait", "args": {}, "rule": ""}
        return FLOW.prompt(state, role)

    def determinize(self, state: State, role: str, seed: int) -> State:
        """A world consistent with what ``role`` sees, built from that alone: the other powers'
        hands, their face-down bids and the draw pile dealt again from the cards it cannot see,
        their troops spread again over their generals with the same totals (§6: totals are
        public, single generals' numbers are not) and what combat told of them (§11.1), the cards
        a hand was seen to hold (§9) kept in it, the political cards to come shuffled again
        by year, the secret winter scores (§13) guessed from the public pools."""
        world = super().determinize(state, role, seed)
        if world["result"] is not None:
            return world
        mine = set(role_powers(world, role))
        others = [p for p in sorted(world["hands"]) if p not in mine]
        bids = [p for p in sorted(world["pnew"]) if p not in mine]  # §17.3: placed face down
        unseen = list(world["pile"])
        for p in others:
            unseen += world["hands"][p]
        unseen += [world["pnew"][p] for p in bids]
        # §9: the cards a hand was seen to hold when it could not pay stay in it
        shown = {p: list(world["hand_shown"].get(p, [])) for p in others}
        unseen = [c for c in unseen if not any(c in shown[p] for p in others)]
        counts = {p: len(world["hands"][p]) - len(shown[p]) for p in others}
        for p in others:
            world["hands"][p] = shown[p]
        rest = hidden.deal(world, counts, unseen)
        for p in bids:
            world["pnew"][p], rest = rest[0], rest[1:]
        world["pile"] = rest
        world["pdeck"] = _reshuffled_years(world)
        # §13: the winter scores are written in secret; the world's are the pools as they
        # stand now (public), one for each winter already scored
        for sp, scores in world["winter_scores"].items():
            world["winter_scores"][sp] = [world["pools"][sp]] * len(scores)
        parts = []
        for power in sorted({general_power(g) for g in world["generals"]} - mine):
            for out in (False, True):
                gens = sorted(
                    g
                    for g, x in world["generals"].items()
                    if general_power(g) == power and x["city"] is not None and (g in world["out"]) == out
                )
                if gens:
                    parts.append(gens)
        hidden.respread(world, parts, {g for g in world["generals"] if general_power(g) in mine})
        return world

    def evaluate(self, state: State) -> dict[str, float]:
        return knowledge.evaluate(state)

    def knowledge(self) -> Knowledge:
        return knowledge.KNOWLEDGE

    def check(self, state: State) -> list[str]:
        return invariants.check(state) + FLOW.check(state)

    def legacy_state(self, state: State, version: int) -> State:
        # before ``hand_shown`` (layout 2) and ``known`` (layout 1): the same game, written without
        if version in (1, 2):
            later = {"hand_shown"} | ({"known"} if version == 1 else set())
            return {k: v for k, v in state.items() if k not in later}
        return super().legacy_state(state, version)

    def action_space(self, scenario: str, players: int, options: dict[str, Any]) -> list[Action]:
        setup.roles(scenario, players)
        cities = sorted(GEO.cities)
        gens = sorted(GEO.generals)
        trains = sorted(GEO.trains)
        cards = range(4 * 38)
        space: list[Action] = []
        space += [(v, g) for v in ("troop", "untroop", "march", "commander") for g in gens]
        space += [("move", p) for p in gens + trains]
        space += [("reenter", t) for t in trains]
        space += [
            (v, c) for v in ("hussar", "stack", "march_stack", "to", "enter", "retreat") for c in cities
        ]
        space += [(v, c) for v in ("pay", "card", "bid") for c in cards]
        space += [("suit", s) for s in SUITS] + [("vote", c) for c in politics.CANDIDATES]
        space += [("select", c) for c in sorted(politics.political_cards())]
        space += [("expedition", g) for g in gens]
        pairs = [(g, r) for g in subsidies.SUPERPOWERS for r in sorted(GEO.troops) if r != g]
        space += [("contract", f"{g}>{r}:{n}") for g, r in pairs for n in range(1, subsidies.LONGEST + 1)]
        space += [("end", f"{g}>{r}") for g, r in pairs]
        steps = range(-3, 4)
        space += [("track", f"{t}:{n}") for t in sorted(politics.tracks()) for n in steps]
        space += [("reserve", v) for v in range(RESERVE_LOW, RESERVE_HIGH + 1)]
        space += [("attack", f"{a}>{b}") for a in cities for b in sorted(GEO.adjacent[a])]
        space += [
            ("transfer", f"{a}>{b}")
            for a in gens
            for b in gens
            if a != b and general_power(a) == general_power(b)
        ]
        space += [("enter", f"{g}@{c}") for g in gens for c in cities if GEO.cities[c].fortress is not None]
        space += [
            (v,)
            for v in (
                "seal",
                "pass",
                "subsidy",
                "no_subsidy",
                "stop",
                "done",
                "cancel",
                "withdraw",
                "recruit",
                "agree",
                "refuse",
                "keep",
                "execute",
                "discard",
                "push",
                "offer",
                "accept",
                "reduce",
            )
        ]
        return space

    def action_nouns(self, state: State, role: str, action: Action) -> Event | None:
        return views.action_nouns(state, action)

    def summary(self, view: dict[str, Any]) -> list[list[Event]]:
        return views.summary(view)

    def undoable(self, state: State, role: str, action: Action) -> bool:
        return action[0] not in NO_UNDO

    def position(self, state: State) -> dict[str, Any]:
        return positions.position(state)

    def position_seen(self, state: State, role: str) -> dict[str, Any]:
        return positions.position_seen(state, role)

    def from_position(self, position: dict[str, Any], seed: int) -> State:
        return positions.from_position(position, seed)

    def board(self, scenario: str, players: int, options: dict[str, Any]) -> dict[str, Any]:
        return views.board_json()


def _reshuffled_years(world: State) -> list[str]:
    """§4: the political cards to come, unknown to everyone, in their piles by year."""
    cards = politics.political_cards()
    deck: list[str] = []
    for year in sorted({cards[c].year for c in world["pdeck"]}):
        pile = sorted(c for c in world["pdeck"] if cards[c].year == year)
        rng.shuffle(world, pile)
        deck += pile
    return deck


RULES = MariaRules()
