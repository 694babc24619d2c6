"""Maria (Richard Sivél, Histogame 2009): game id ``maria``, the introductory game for 3 or 2
players (§14, §24). Section numbers follow the Italian translation v1.0 of the rulebook:

- §1 basic concepts, §2 the players and powers, §3 components (§3.1 pieces, §3.2 the board);
- §4 set-up, with the secret troop allocation; §5 the sequence of play;
- §6 stacks and troops; §7 hussars; §8 tactical cards; §9 supply;
- §10 movement: §10.1 movement and forced march, §10.2 supply trains re-entering, §10.3
  conquest; §11 combat: §11.1 the battle, §11.2 the retreat; §12 retroactive conquest;
- §13 winter; §14 the introductory game;
- §15-23 the advanced game (not yet built), §24 two players.

Chapter modules: ``setup`` (§4), ``sequence`` (§5), ``stacks`` (§6), ``hussars`` (§7), ``cards``
(§8), ``supply`` (§9), ``movement`` (§10.1, §10.2), ``conquest`` (§10.3, §12), ``combat`` (§11),
``winter`` (§13), ``victory`` (§14); the table of decisions in ``flow``; the board as the rules
read it in ``geo`` and ``board_adapter`` (data in ``data/``, validated by ``board``).
"""

from tavola.games.maria.rules import RULES, MariaRules

__all__ = ["RULES", "MariaRules"]
