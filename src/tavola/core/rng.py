"""Seeded random numbers kept inside the game state.

The generator is SplitMix64 (Steele, Lea, Flood 2014): one 64-bit integer of state,
stored in ``state["rng"]``, so cloning or serializing the state carries the RNG with it.
Every die and shuffle of every game comes from here, never from ``random``.

When the session sets ``state["_draws"]`` to a list, every draw is appended to it as
``[sides, outcome]``: these are the chance events the AI-facing interface reports.
"""

from __future__ import annotations

from typing import Any

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """The initial RNG word for a user seed (any integer)."""
    return (seed * 0x2545F4914F6CDD1D + 0x1234567) & _MASK


def _next(state: dict[str, Any]) -> int:
    x = (state["rng"] + _GAMMA) & _MASK
    state["rng"] = x
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def below(state: dict[str, Any], n: int) -> int:
    """A uniform integer in ``0 .. n-1`` (``n`` >= 1), unbiased by rejection."""
    if n <= 0:
        raise ValueError("below() needs n >= 1")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        x = _next(state)
        if x < limit:
            out = x % n
            draws = state.get("_draws")
            if draws is not None:
                draws.append([n, out])
            return out


def roll(state: dict[str, Any], sides: int) -> int:
    """One die with faces ``1 .. sides``."""
    return below(state, sides) + 1


def shuffle(state: dict[str, Any], items: list[Any]) -> None:
    """Fisher–Yates shuffle in place."""
    for i in range(len(items) - 1, 0, -1):
        j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]


def choice(state: dict[str, Any], items: list[Any]) -> Any:
    return items[below(state, len(items))]
