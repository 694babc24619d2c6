"""The sequence of play of Maria, step by step: every decision, its rule, its frame."""

from __future__ import annotations

from typing import Any

from tavola.core.flow import Flow, SideActions, Step
from tavola.games.maria import (
    cards,
    changes,
    combat,
    hussars,
    movement,
    politics,
    sequence,
    setup,
    stacks,
    winter,
)
from tavola.games.maria.common import State, commander, general_power, generals_at, piece_power


def _nobody(state: State, frame: dict[str, Any], role: str) -> list[tuple[Any, ...]]:
    return []


def _nothing(state: State, frame: dict[str, Any], role: str, action: tuple[Any, ...]) -> list[dict[str, Any]]:
    raise AssertionError("no decision here")


def _wait(state: State, frame: dict[str, Any], role: str) -> tuple[str, dict[str, Any]]:
    return "prompt.wait", {}


def _own_turn(state: State, frame: dict[str, Any], role: str) -> bool:
    return True


TRANSFERS = SideActions(
    frozenset({stacks.TRANSFER}),
    lambda state, frame, role: stacks.legal_transfers(state, role),
    stacks.apply_transfer,
)

FLOW = Flow(
    {
        "sequence": Step("§5", _nobody, _nothing, _wait),
        "allocate": Step("§4", setup.legal_allocate, setup.apply_allocate, setup.ask_allocate),
        "hussar": Step(
            "§7", hussars.legal_hussar, hussars.apply_hussar, hussars.ask_hussar, frame=hussars.HUSSAR_FRAME
        ),
        "subsidy": Step("§8", sequence.legal_subsidy, sequence.apply_subsidy, sequence.ask_subsidy),
        "pay": Step("§8", cards.legal_pay, cards.apply_pay, cards.ask_pay, frame=cards.PAY_FRAME),
        "move": Step(
            "§10.1",
            movement.legal_move,
            movement.apply_move,
            movement.ask_move,
            frame=movement.MOVE_FRAME,
            grows=movement.MOVE_GROWS,
            side=_own_turn,
        ),
        "consent": Step(
            "§10.1",
            movement.legal_consent,
            movement.apply_consent,
            movement.ask_consent,
            frame=movement.CONSENT_FRAME,
        ),
        "commander": Step(
            "§6",
            movement.legal_commander,
            movement.apply_commander,
            movement.ask_commander,
            frame=movement.COMMANDER_FRAME,
        ),
        "reentry": Step(
            "§10.2",
            movement.legal_reentry,
            movement.apply_reentry,
            movement.ask_reentry,
            frame=movement.REENTRY_FRAME,
        ),
        "combat": Step(
            "§11.1", combat.legal_combat, combat.apply_combat, combat.ask_combat, frame=combat.COMBAT_FRAME
        ),
        "battle": Step(
            "§11.1", combat.legal_battle, combat.apply_battle, combat.ask_battle, frame=combat.BATTLE_FRAME
        ),
        "retreat": Step(
            "§11.2",
            combat.legal_retreat,
            combat.apply_retreat,
            combat.ask_retreat,
            frame=combat.RETREAT_FRAME,
        ),
        "suit": Step(
            "§17.2", politics.legal_suit, politics.apply_suit, politics.ask_suit, frame=politics.SUIT_FRAME
        ),
        "bid": Step(
            "§17.3", politics.legal_bid, politics.apply_bid, politics.ask_bid, frame=politics.BID_FRAME
        ),
        "select": Step(
            "§17.5",
            politics.legal_select,
            politics.apply_select,
            politics.ask_select,
            frame=politics.SELECT_FRAME,
        ),
        "execute": Step(
            "§17.5",
            politics.legal_execute,
            politics.apply_execute,
            politics.ask_execute,
            frame=politics.EXECUTE_FRAME,
        ),
        "expedition": Step(
            "§17.5",
            politics.legal_expedition,
            politics.apply_expedition,
            politics.ask_expedition,
            frame=politics.EXPEDITION_FRAME,
        ),
        "room": Step(
            "§17.5", politics.legal_room, politics.apply_room, politics.ask_room, frame=politics.ROOM_FRAME
        ),
        "vote": Step(
            "§18", politics.legal_vote, politics.apply_vote, politics.ask_vote, frame=politics.VOTE_FRAME
        ),
        "saxony": Step(
            "§19.3",
            changes.legal_saxony,
            changes.apply_saxony,
            changes.ask_saxony,
            frame=changes.SAXONY_FRAME,
        ),
        "peace": Step(
            "§19.1", changes.legal_peace, changes.apply_peace, changes.ask_peace, frame=changes.PEACE_FRAME
        ),
        "place_train": Step(
            "§19.1",
            changes.legal_place_train,
            changes.apply_place_train,
            changes.ask_place_train,
            frame=changes.TRAIN_FRAME,
        ),
        "reduce": Step(
            "§19.2",
            changes.legal_reduce,
            changes.apply_reduce,
            changes.ask_reduce,
            frame=changes.REDUCE_FRAME,
        ),
        "winter": Step(
            "§13",
            winter.legal_winter,
            winter.apply_winter,
            winter.ask_winter,
            frame=winter.WINTER_FRAME,
            grows=winter.WINTER_GROWS,
            side=_own_turn,
        ),
    },
    actor=lambda state, frame: None,
    side=TRANSFERS,
    final=("over",),
)


def actors(state: State) -> list[str]:
    """The roles with a decision now (several while the allocations are made, §4, or while two
    players move in one action phase, §5)."""
    if state["result"] is not None:
        return []
    frame = state["flow"][-1]
    name = frame["s"]
    c = state["control"]
    if name == "allocate":
        return [r for r in state["roles"] if r not in state["sealed"]]
    if name == "move":
        return movement.movers(state, frame)
    if name in ("pay", "winter", "suit", "bid", "select", "execute", "expedition", "vote"):
        return [c[frame["power"]]]
    if name in ("saxony", "reduce", "place_train"):
        return [c[{"saxony": "austria", "reduce": "france", "place_train": "prussia"}[name]]]
    if name == "peace":
        return [c["prussia" if frame["step"] == "offer" else "austria"]]
    if name == "room":
        return [c[piece_power(frame["piece"])]]
    if name == "consent":
        return [frame["role"]]
    if name == "hussar":
        return [c["austria"]]
    if name == "subsidy":
        return [c["france"]]
    if name == "commander":
        return [c[general_power(generals_at(state, frame["city"])[0])]]
    if name == "reentry":
        return [c[piece_power(frame["train"])]]
    if name == "combat":
        roles = []
        for a in combat.legal_combat_roles(state, frame):
            if a not in roles:
                roles.append(a)
        return roles
    if name == "battle":
        city = frame["attacker"] if frame["right"] == "attacker" else frame["defender"]
        return [c[general_power(commander(state, city))]] if generals_at(state, city) else []
    if name == "retreat":
        gens = generals_at(state, frame["winner"])
        return [c[general_power(commander(state, frame["winner"]))]] if gens else []
    return []
