"""The weighted draw of a search bot's playout (:func:`weighted_pick`), in a module of its own
so that the opt-in compiled build (``tavola/compiled.py``) compiles it: a playout draws at every
click, and the games' compiled playout weights then call it without a Python frame.
:mod:`tavola.core.rules` offers it with the rest of the rules contract."""

from __future__ import annotations

import math
import random
from bisect import bisect
from itertools import accumulate
from typing import Any


def weighted_pick(
    rand: random.Random, actions: list[tuple[Any, ...]], weights: list[float]
) -> tuple[Any, ...]:
    """One of ``actions`` drawn in proportion to ``weights``, for a playout that draws at every
    click: the very draw of ``rand.choices(actions, weights)[0]`` (one ``rand.random()``, the
    same action, the same errors for weights that sum to nothing or to infinity) without its
    generality, so a seeded bot plays the same games."""
    cumulative = list(accumulate(weights))
    total = cumulative[-1] + 0.0
    if total <= 0.0 or not math.isfinite(total):
        raise ValueError(f"weights must sum to a positive finite number, not {total}")
    return actions[bisect(cumulative, rand.random() * total, 0, len(cumulative) - 1)]
