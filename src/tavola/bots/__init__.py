"""Bots: built once on the rules contract, so every game gets them."""

from tavola.bots.base import BOTS, Bot, bot_names, make_bot

__all__ = ["BOTS", "Bot", "bot_names", "make_bot"]
