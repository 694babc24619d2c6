"""The bots by name, and the spec strings that name them: ``NAME[:LEVEL][:KEY=VALUE...]``,
e.g. ``mcts``, ``mcts:hard``, ``mcts:think=0.2:depth=20``."""

from __future__ import annotations

import math
from typing import Any

from tavola.bots.base import LEVELS, Bot, RandomBot
from tavola.bots.greedy import GreedyBot
from tavola.bots.mcts import MctsBot

BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot, "mcts": MctsBot}
"""Every bot by name (tests may add their own)."""

# Parameters a spec may carry besides the level, with their types (checked by make_bot).
_PARAM_TYPES: dict[str, type] = {
    "think": float,
    "depth": int,
    "c": float,
    "iterations": int,
    "worlds": int,
    "reuse": int,
    "widen": float,
    "norm": int,
}


def parse_bot_spec(spec: str) -> tuple[str, str | None, dict[str, Any]]:
    """``"mcts:hard:think=0.2"`` -> ``("mcts", "hard", {"think": 0.2})``; ValueError if malformed."""
    parts = [p.strip() for p in spec.strip().split(":")]
    name = parts[0]
    if not name:
        raise ValueError(f"a bot spec starts with the bot's name, not {spec!r}")
    level: str | None = None
    params: dict[str, Any] = {}
    for part in parts[1:]:
        if "=" not in part:
            if part not in LEVELS:
                raise ValueError(f"unknown level {part!r} in {spec!r}; levels: {', '.join(LEVELS)}")
            level = part
            continue
        key, _, raw = part.partition("=")
        key = key.strip()
        if key == "level":
            if raw not in LEVELS:
                raise ValueError(f"unknown level {raw!r} in {spec!r}; levels: {', '.join(LEVELS)}")
            level = raw
            continue
        kind = _PARAM_TYPES.get(key)
        if kind is None:
            known = ", ".join(["level", *_PARAM_TYPES])
            raise ValueError(f"unknown bot parameter {key!r} in {spec!r}; parameters: {known}")
        try:
            value = kind(raw)
        except ValueError:
            raise ValueError(f"bot parameter {key!r} takes a {kind.__name__}, not {raw!r}") from None
        if not math.isfinite(value):  # float("inf") and float("nan") parse, but mean nothing here
            raise ValueError(f"bot parameter {key!r} takes a finite number, not {raw!r}")
        params[key] = value
    return name, level, params


def normalize_spec(spec: str) -> str:
    """The canonical form of a spec that :func:`make_bot` accepts: the name, the level if
    given, then the parameters sorted by key (``" mcts : think=1 : hard"`` ->
    ``"mcts:hard:think=1.0"``). ValueError, as from make_bot, if it names no bot, level or
    parameter that exists."""
    base, level, params = parse_bot_spec(spec)
    make_bot(spec)  # the bot's own check: known name, and parameters it really takes
    parts = [base, *([level] if level else []), *(f"{k}={params[k]!r}" for k in sorted(params))]
    return ":".join(parts)


def make_bot(name: str, seed: int = 0, think: float | None = None, level: str = "normal") -> Bot:
    """A bot by name or spec (``random``, ``greedy``, ``mcts``, ``mcts:hard:think=0.2``).

    A level or think time written in the spec wins over the arguments. Raises ValueError
    naming the known bots (or levels, or parameters)."""
    base, spec_level, params = parse_bot_spec(name)
    cls = BOTS.get(base)
    if cls is None:
        raise ValueError(f"unknown bot {base!r}; bots: {', '.join(sorted(BOTS))}")
    think = params.pop("think", think)
    bot = cls(seed=seed, think=think, level=spec_level or level)
    for key, value in params.items():
        if not hasattr(bot, key):
            raise ValueError(f"bot {base!r} takes no parameter {key!r}")
        setattr(bot, key, value)
    return bot


def bot_names() -> list[str]:
    return sorted(BOTS)
