"""Bot seats' specs on the server: checked when a seat is given to a bot, turned into the bot.

A bot seat is ``bot:SPEC`` with the bots' own spec (``bot:mcts``, ``bot:mcts:hard``,
``bot:mcts:think=1``, see :func:`tavola.bots.make_bot`). The server's ``bot_think`` is the
normal level's time; the other levels scale it as they scale their own default (easy 0.4x,
hard 4x), and no decision may take longer than :func:`max_think`, so one match cannot hold a
pool thread for long.
"""

from __future__ import annotations

from tavola.bots import Bot, make_bot, normalize_spec, parse_bot_spec
from tavola.bots.mcts import LEVELS as SEARCH_LEVELS
from tavola.server.config import Settings

MAX_THINK = 2.0
"""Seconds a bot decision may take on the server at most (the hard level at the default
``bot_think``); a server configured with a longer ``bot_think`` allows that instead."""
MAX_SPEC = 64  # the seat's bot column
# Parameters that make a bot work longer whatever its clock says (greedy has no clock).
MAX_PARAMS: dict[str, tuple[int, int]] = {"depth": (0, 64), "worlds": (1, 8)}


def max_think(settings: Settings) -> float:
    return max(MAX_THINK, settings.bot_think)


def seat_bot(spec: str, settings: Settings) -> str:
    """The canonical spec of a bot seat (the part after ``bot:``), checked by the bots' own
    parser and against the server's limits; ValueError saying what is wrong."""
    canonical = normalize_spec(spec)
    if len(canonical) > MAX_SPEC:
        raise ValueError(f"bot spec longer than {MAX_SPEC} characters")
    _, _, params = parse_bot_spec(canonical)
    cap = max_think(settings)
    think = params.get("think")
    if think is not None and not 0 < think <= cap:
        raise ValueError(f"think is seconds per move, more than 0 and at most {cap:g} on this server")
    for key, (low, high) in MAX_PARAMS.items():
        if key in params and not low <= params[key] <= high:
            raise ValueError(f"{key} must be from {low} to {high} on this server")
    return canonical


def server_bot(spec: str, seed: int, settings: Settings) -> Bot:
    """The bot of a seat: a level's think time scales the server's ``bot_think``, an explicit
    ``think`` is taken as written; both are capped at :func:`max_think` (a stored match may
    outlive a change of settings)."""
    _, level, _ = parse_bot_spec(spec)
    think = settings.bot_think
    if level is not None:
        think *= SEARCH_LEVELS[level].think / SEARCH_LEVELS["normal"].think
    bot = make_bot(spec, seed=seed, think=think)
    bot.think = min(bot.think, max_think(settings))
    return bot
