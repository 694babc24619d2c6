"""Bots: built once on the rules contract, so every game gets them."""

from tavola.bots import greedy, mcts  # noqa: F401  (they register themselves in BOTS)
from tavola.bots.base import BOTS, LEVELS, Bot, bot_names, make_bot, normalize_spec, parse_bot_spec

__all__ = ["BOTS", "LEVELS", "Bot", "bot_names", "make_bot", "normalize_spec", "parse_bot_spec"]
