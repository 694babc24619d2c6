"""§5.1 choosing the action: moving the marker clockwise on the rondel."""

from __future__ import annotations

from typing import Any

from tavola.core import flow
from tavola.games.antike.common import COIN, PAY_ACTS, PURSE_INDEX, State, event, wealth
from tavola.games.antike.loader import RULEBOOK
from tavola.games.antike.militia import start_militia
from tavola.games.antike.movere import start_movere
from tavola.games.antike.production import produce
from tavola.games.antike.scientia import start_scientia
from tavola.games.antike.templum import start_templum

SPACES = RULEBOOK.spaces
SPACE_INDEX = {s: i for i, s in enumerate(SPACES)}
RONDEL_ACTS = [("rondel", s) for s in SPACES]
FREE = RULEBOOK.free_steps


def steps(pos: int, to: int) -> int:
    """§5.1 spaces moved clockwise from ``pos`` to ``to``: staying put is a full circle of 8."""
    return (to - pos) % 8 or 8


def cost(pos: int, to: int) -> int:
    """§5.1 up to 3 spaces are free, each further space costs 1 resource or coin; the first
    placement costs nothing."""
    if pos < 0:
        return 0
    extra = steps(pos, to) - FREE
    return extra if extra > 0 else 0


COSTS = [[cost(pos, to) for to in range(8)] for pos in range(8)]
"""``COSTS[pos][to]``: :func:`cost` of every move, looked up by the listing of the moves."""


def legal_rondel(state: State, frame: dict[str, Any], n: int) -> list[tuple[Any, ...]]:
    """§5.1 the spaces the nation can reach and pay for (every space on its first turn)."""
    pos = state["pos"][n]
    if pos < 0:
        return list(RONDEL_ACTS)
    have = wealth(state["purse"][n])
    return [act for act, price in zip(RONDEL_ACTS, COSTS[pos], strict=True) if price <= have]


def ask_rondel(state: State, frame: dict[str, Any], n: int) -> tuple[str, dict[str, Any]]:
    pos = state["pos"][n]
    if pos < 0:
        return "prompt.rondel_first", {}
    return "prompt.rondel", {"space": SPACES[pos]}


def apply_rondel(
    state: State, frame: dict[str, Any], n: int, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    """§5.1 move the marker; paid steps are settled before the action (§6 to §8)."""
    to = SPACE_INDEX[action[1]]
    price = cost(state["pos"][n], to)
    events = [event("ev.rondel", nation=state["nations"][n], space=action[1], cost=price)]
    if price:
        flow.begin(state, "pay", owed=price, to=to)
        return events
    return events + perform(state, n, to)


def owed(frame: dict[str, Any]) -> int:
    """§5.1 the paid steps still to pay for."""
    return frame["owed"]


def legal_pay(state: State, frame: dict[str, Any], nation: int) -> list[tuple[Any, ...]]:
    """§5.1 each paid step: 1 marble, iron, gold or coin, the nation's choice."""
    purse = state["purse"][nation]
    return [PAY_ACTS[k] for k in range(4) if purse[k] > 0]


def ask_pay(state: State, frame: dict[str, Any], nation: int) -> tuple[str, dict[str, Any]]:
    return "prompt.pay", {"n": owed(frame)}


def apply_pay(
    state: State, frame: dict[str, Any], nation: int, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    """§5.1 one resource or coin for one paid step; coins go back to the bank (§1)."""
    k = PURSE_INDEX[action[1]]
    state["purse"][nation][k] -= 1
    if k == COIN:
        state["coins"] += 1
    frame["owed"] = owed(frame) - 1
    events = [event("ev.pay", nation=state["nations"][nation], kind=action[1])]
    if owed(frame):
        return events
    return events + perform(state, nation, frame["to"])


def perform(state: State, nation: int, to: int) -> list[dict[str, Any]]:
    """§5.1 the marker lands and the nation carries out that space's action (§6 to §8)."""
    state["pos"][nation] = to
    action = RULEBOOK.space_action[to]
    if action in ("marmor", "ferrum", "aurum"):
        return produce(state, nation, action)
    if action == "militia":
        return start_militia(state, nation)
    if action == "templum":
        return start_templum(state, nation)
    if action == "scientia":
        return start_scientia(state, nation)
    return start_movere(state, nation)
