"""Helpers shared by the search bots: value vectors and view signatures."""

from __future__ import annotations

import marshal
import zlib
from typing import Any

from tavola.core.rules import Rules, State


def outcome_values(result: dict[str, Any]) -> dict[str, float]:
    """The value of a finished game per role: a win is 1, a shared win is split, a loss 0.

    Roles missing from the answer lost: read it with ``values.get(role, 0.0)``."""
    winners = list(dict.fromkeys(result.get("winners", [])))
    values = {r: 0.0 for r in result.get("scores", {})}
    for r in winners:
        values[r] = 1.0 / len(winners)
    return values


def state_values(rules: Rules, world: State) -> dict[str, float]:
    """The outcome if the world is finished, else the game's heuristic evaluation."""
    result = rules.result(world)
    if result is not None:
        return outcome_values(result)
    return rules.evaluate(world)


def view_signature(rules: Rules, state: State, role: str) -> int:
    """A checksum of what ``role`` sees: equal signatures mean the role cannot tell two states
    apart, which is how the tree search finds the situation again after other roles moved."""
    view = rules.view(state, role)
    try:
        data = marshal.dumps(view)
    except ValueError:
        data = repr(view).encode()
    return zlib.crc32(data)
