"""Italia I and Italia II (Phalanx 2006): board, nation cards and rules.

``RULES_I`` (three players) and ``RULES_II`` (four players) implement the rules contract."""

from tavola.games.italia.rules import RULES_I, RULES_II

__all__ = ["RULES_I", "RULES_II"]
