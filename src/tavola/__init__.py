"""Tavola: historical strategy board games played by the book.

>>> import tavola
>>> game = tavola.new_game("antike-ii", scenario="orient", players=4, seed=7)
>>> role = game.active_roles[0]
>>> game.apply(role, game.legal_actions(role)[0])  # doctest: +SKIP
>>> same = tavola.replay(game.record())
"""

from tavola.core.errors import (
    CorruptRecord,
    DataError,
    IllegalAction,
    MalformedAction,
    TavolaError,
    UnknownGame,
    WrongRole,
)
from tavola.core.game import Game, checksum, load_record, new_game, replay
from tavola.core.registry import game_ids, get_rules

__all__ = [
    "CorruptRecord",
    "DataError",
    "Game",
    "IllegalAction",
    "MalformedAction",
    "TavolaError",
    "UnknownGame",
    "WrongRole",
    "checksum",
    "game_ids",
    "get_rules",
    "load_record",
    "new_game",
    "replay",
]
