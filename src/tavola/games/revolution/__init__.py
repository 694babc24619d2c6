"""Revolution: The Dutch Revolt 1568-1648 (Francis Tresham, Phalanx Games 2004): game id
``revolution``, 2 to 5 players (with 2, each player runs two factions).

The § numbers follow the rulebook (the Italian translation, rev. 1.0), which keeps the
original's numbering: §3 set-up, §4 the course of play and victory, §5 turn 0, §6 turns 1-5.
The components are validated data (``data/``, read by ``loader``), each item with its
provenance.
"""

from tavola.games.revolution.rules import RULES, RevolutionRules

__all__ = ["RULES", "RevolutionRules"]
