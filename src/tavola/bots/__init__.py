"""Bots: built once on the rules contract, so every game gets them."""

from tavola.bots.base import LEVELS, Bot
from tavola.bots.catalogue import BOTS, bot_names, make_bot, normalize_spec, parse_bot_spec

__all__ = ["BOTS", "LEVELS", "Bot", "bot_names", "make_bot", "normalize_spec", "parse_bot_spec"]
