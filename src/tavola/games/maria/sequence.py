"""§5 The sequence of play: the hussar phase, then the action phases of France and Bavaria,
Prussia and Saxony, Austria and the Pragmatic Army, each in five sub-phases (tactical cards,
supply, movement, combat, retroactive conquest) played by the active powers together; winter
after every third turn (§13); the game's end (§14).

The bottom frame ``sequence`` is never a decision: :func:`advance` runs the automatic parts of
the sequence (``state["stage"]`` says what comes next) until some player has a decision."""

from __future__ import annotations

from typing import Any

from tavola.core import flow
from tavola.games.maria import (
    boxes,
    cards,
    changes,
    combat,
    conquest,
    movement,
    politics,
    subsidies,
    supply,
    victory,
    winter,
)
from tavola.games.maria.common import ACTION_PHASES, N, State, event, group_powers
from tavola.games.maria.hussars import hussar_cities

SUBSIDY_FRAME: dict[str, str] = {}


def apply_pay(
    state: State, frame: dict[str, Any], role: str, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    """§8: a card paid; once the cost is met, what it paid for happens (:func:`paid`)."""
    events = cards.apply_pay(state, frame, role, action)
    if frame["paid"] >= frame["cost"]:
        flow.pop(state)
        events += paid(state, frame)
    return events


def paid(state: State, frame: dict[str, Any]) -> list[dict[str, Any]]:
    """A payment complete: what it was for happens (§9 supply, §10.2 a train)."""
    if frame["why"] == "supply":
        return supply.supplied(state, frame["piece"])
    if frame["why"] == "expedition":
        return []  # §17.5: the 2 troops are the general's already
    return movement.train_paid(state, frame)


def _last_turn(state: State) -> int:
    return N.turns[state["scenario"]]


POLITICAL_STAGES = ("politics", "pol_bids", "pol_influence", "pol_tracks", "pol_end", "contracts")
SUB_PHASES = ("draw", "supply", "movement", "combat", "retro", "phase_end")


def _run_stage(state: State) -> list[dict[str, Any]]:
    """The automatic step of the sequence ``state["stage"]`` names (§5), which also says what
    comes after it."""
    stage = state["stage"]
    if stage in POLITICAL_STAGES:
        return _political_stage(state, stage)
    if stage in SUB_PHASES:
        return _sub_phase(state, stage, state["group"])
    if stage == "turn":
        state["group"] = -1
        state["stage"] = "politics" if politics.active(state) else "hussars"
        return [event("ev.turn", turn=state["turn"])]
    if stage == "hussars":
        state["stage"] = "phase"
        if "austria" in state["powers"] and (
            any(state["hussars"]) or hussar_cities(state, 0) or hussar_cities(state, 1)
        ):
            flow.push(state, "hussar", n=0)  # §5, §7
        return []
    if stage == "phase":
        return _next_phase(state)
    if stage == "election":  # §18, at the end of the turn
        state["stage"] = "election_count"
        return politics.start_election(state)
    if stage == "election_count":
        return politics.count_votes(state) + _end_of_turn(state)
    if stage == "winter_over":
        state["turn"] += 1
        state["stage"] = "turn"
        return []
    raise AssertionError(f"unknown stage {stage!r}")


def _political_stage(state: State, stage: str) -> list[dict[str, Any]]:
    """§17 the political phase of the advanced game, step by step, then §20's contracts."""
    if stage == "politics":  # §17.1, §17.2
        state["stage"] = "pol_bids"
        return politics.reveal(state) + politics.dominant_suit(state)
    if stage == "pol_bids":  # §17.3
        state["stage"] = "pol_influence"
        politics.start_bids(state)
        return []
    if stage == "pol_influence":  # §17.4, then §17.5's selections
        state["stage"] = "pol_tracks"
        return politics.influence(state)
    if stage == "pol_tracks":  # §17.5
        state["stage"] = "pol_end"
        return politics.move_markers(state)
    if stage == "pol_end":
        state["stage"] = "contracts"
        won = victory.phase_end(state)  # §23: the end of a political phase
        return _game_over(state, won) if won is not None else []
    state["stage"] = "hussars"  # contracts, §20
    subsidies.start_contracts(state)
    return []


def _next_phase(state: State) -> list[dict[str, Any]]:
    """§5: the next action phase whose powers are in the game (after the last, the election
    of §18 if one is due, then the end of the turn); §8 NOTE: France's choice to subsidise
    Bavaria comes first."""
    g = state["group"] + 1
    state["group"] = g
    if g >= len(ACTION_PHASES):
        if state["election"]:
            state["stage"] = "election"
            return []
        return _end_of_turn(state)
    if not group_powers(state, g):
        return []
    state["stage"] = "draw"
    sub = N.subsidy
    if (
        sub["giver"] in group_powers(state, g)
        and sub["receiver"] in state["powers"]
        and state["turn"] > sub["compulsory_turns"]
    ):
        flow.push(state, "subsidy")
    else:
        state["subsidy"] = True
    return [event("ev.phase", powers=group_powers(state, g))]


def _sub_phase(state: State, stage: str, g: int) -> list[dict[str, Any]]:
    """§5: the five sub-phases of action phase ``g`` (tactical cards, supply, movement,
    combat, retroactive conquest), then the end of the phase (§19, §23)."""
    if stage == "draw":
        state["stage"] = "supply"
        return cards.draw_phase(state, g)
    if stage == "supply":
        state["stage"] = "movement"
        return supply.supply_phase(state, g)
    if stage == "movement":
        state["stage"] = "combat"
        movement.start_movement(state, g)
        return []
    if stage == "combat":
        state["stage"] = "retro"
        combat.start_combat(state, g)
        return []
    if stage == "retro":
        state["stage"] = "phase_end"
        state["moved"], state["retreated"] = [], []
        events = conquest.retroactive(state)
        changes.end_of_phase(state)  # §19.2
        if g == 1:
            changes.end_of_prussian_phase(state)  # §19.1
        return events
    state["stage"] = "phase"  # phase_end
    won = victory.phase_end(state)  # §23: the end of an action phase
    return _game_over(state, won) if won is not None else []


def _game_over(state: State, result: dict[str, Any]) -> list[dict[str, Any]]:
    state["result"] = result
    state["stage"] = "over"
    flow.begin(state, "over")
    return [event("ev.game_over", reason=result["reason"])]


def _end_of_turn(state: State) -> list[dict[str, Any]]:
    """§5: the turn marker moves on; winter after every third turn; §14 the end after turn 9.
    §13: the advanced game's winters are scored; §23: it ends at its fourth winter (after turn
    12), on the winter scores (the winter's recruiting could change no score, so none is made)."""
    winter_now = state["turn"] % N.winter_after == 0
    events = []
    if winter_now:
        events += boxes.winter_score(state)
    if state["turn"] >= _last_turn(state):
        return events + _game_over(state, victory.end_of_game(state))
    if winter_now:
        state["stage"] = "winter_over"
        state["group"] = len(ACTION_PHASES)
        winter.start_winter(state)
        return [event("ev.winter", turn=state["turn"]), *events]
    state["turn"] += 1
    state["stage"] = "turn"
    return []


def advance(state: State) -> list[dict[str, Any]]:
    """Run the sequence until a decision is due (or the game is over)."""
    events: list[dict[str, Any]] = []
    while state["result"] is None:
        if state["stage"] not in ("allocate",):
            won = victory.check_now(state)
            if won is not None:
                events += _game_over(state, won)
                break
        top = flow.top(state)
        name = top["s"]
        if name == "sequence":
            events += _run_stage(state)
        elif (
            name == "pay" and top["paid"] == 0 and top["why"] == "supply" and not supply.must_pay(state, top)
        ):
            flow.pop(state)
            events += supply.cannot_pay(state, top)
        elif (
            name == "pay" and top["why"] == "supply" and state["generals"][top["piece"]]["city"] is None
        ) or (name == "combat" and combat.combat_over(state, top)):
            flow.pop(state)
        elif name == "retreat" and combat.retreat_closed(state, top):
            events += combat.retreat_again(state, top)  # §11.2 after §19.3's answer
        else:
            break
    return events


# --- §8 the Bavarian subsidy ------------------------------------------------------------------
def legal_subsidy(state: State, frame: dict[str, Any], role: str) -> list[tuple[Any, ...]]:
    if state["control"][N.subsidy["giver"]] != role:
        return []
    return [("subsidy",), ("no_subsidy",)]


def apply_subsidy(
    state: State, frame: dict[str, Any], role: str, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    """§8 NOTE: from turn 4 France chooses each turn whether to subsidise Bavaria."""
    state["subsidy"] = action[0] == "subsidy"
    flow.pop(state)
    return [event("ev.subsidy" if state["subsidy"] else "ev.no_subsidy")]


def ask_subsidy(state: State, frame: dict[str, Any], role: str) -> tuple[str, dict[str, Any]]:
    return "prompt.subsidy", {}
