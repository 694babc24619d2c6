"""The sequence of play of Maria, step by step: every decision, its rule, its frame."""

from __future__ import annotations

from types import ModuleType
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
    subsidies,
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


def _decision(section: str, chapter: ModuleType, name: str, **more: Any) -> Step:
    """The step ``name`` of a chapter module, written the one way every chapter writes its
    decisions: ``legal_<name>``, ``apply_<name>``, ``ask_<name>`` and ``<NAME>_FRAME`` (the
    frame's locals; none when the module declares no frame)."""
    return Step(
        section,
        getattr(chapter, f"legal_{name}"),
        getattr(chapter, f"apply_{name}"),
        getattr(chapter, f"ask_{name}"),
        frame=getattr(chapter, f"{name.upper()}_FRAME", {}),
        **more,
    )


FLOW = Flow(
    {
        "sequence": Step("§5", _nobody, _nothing, _wait),
        "allocate": _decision("§4", setup, "allocate"),
        "hussar": _decision("§7", hussars, "hussar"),
        "subsidy": _decision("§8", sequence, "subsidy"),
        # §8: a card is paid (cards); once the cost is met what it paid for happens (sequence)
        "pay": Step("§8", cards.legal_pay, sequence.apply_pay, cards.ask_pay, frame=cards.PAY_FRAME),
        "move": _decision("§10.1", movement, "move", grows=movement.MOVE_GROWS, side=_own_turn),
        "consent": _decision("§10.1", movement, "consent"),
        "commander": _decision("§6", movement, "commander"),
        "reentry": _decision("§10.2", movement, "reentry"),
        "combat": _decision("§11.1", combat, "combat"),
        "battle": _decision("§11.1", combat, "battle"),
        "retreat": _decision("§11.2", combat, "retreat"),
        "suit": _decision("§17.2", politics, "suit"),
        "bid": _decision("§17.3", politics, "bid"),
        "select": _decision("§17.5", politics, "select"),
        "execute": _decision("§17.5", politics, "execute"),
        "expedition": _decision("§17.5", politics, "expedition"),
        "room": _decision("§17.5", politics, "room"),
        "vote": _decision("§18", politics, "vote"),
        "saxony": _decision("§19.3", changes, "saxony"),
        "peace": _decision("§19.1", changes, "peace"),
        "place_train": _decision("§19.1", changes, "place_train"),
        "reduce": _decision("§19.2", changes, "reduce"),
        "contract": _decision("§20", subsidies, "contract"),
        "winter": _decision("§13", winter, "winter", grows=winter.WINTER_GROWS, side=_own_turn),
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
    if name in ("pay", "winter", "suit", "bid", "select", "execute", "expedition", "vote", "contract"):
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
