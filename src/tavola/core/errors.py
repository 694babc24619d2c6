"""Errors raised by the engine. Every refusal leaves the game unchanged."""

from __future__ import annotations


class TavolaError(Exception):
    """Base class of every error the engine raises on bad input."""


class UnknownGame(TavolaError):
    """No game is registered under that id, or the scenario/player count does not exist."""


class IllegalAction(TavolaError):
    """The action is not in the role's legal list at this point."""


class WrongRole(TavolaError):
    """The role is not active now, or is not a role of this game."""


class MalformedAction(TavolaError):
    """The action is not of the form [verb, args...] with string/integer parts."""


class CorruptRecord(TavolaError):
    """A game record is not valid JSON of the expected shape, or fails verification."""


class DataError(TavolaError):
    """A board or card data file fails validation."""


class PositionError(TavolaError):
    """A position (a set-up written as data) is malformed or impossible under the rules.

    ``item`` names the faulty part as a dotted path (``nations.romans.units.roma``) so a
    person can find it in the file; the message says what is wrong with it."""

    def __init__(self, item: str, message: str) -> None:
        self.item = item
        self.message = message
        super().__init__(f"{item}: {message}" if item else message)
