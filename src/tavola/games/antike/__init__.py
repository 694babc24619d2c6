"""Antike II (Mac Gerdts, PD-Verlag 2014): game id ``antike-ii``, scenarios ``orient`` and
``mare-nostrum``, 2 to 6 players (with 2, each player runs two nations).

The Italian rulebook's chapters carry no numbers; the § numbers used in docstrings, prompts and
test names count them in the rulebook's printed order:

- §1 Materiali di gioco: the components; supplies are limited, only resources are not.
- §2 Panoramica del gioco: the overview.
- §3 Scopo del gioco: the personages; §3.1 kings, §3.2 generals, §3.3 citizens, §3.4 scholars
  (and Pliny the Elder, the variant), §3.5 navigators.
- §4 Fine del gioco: sea areas counted at the end of the turn (city-less seas count 2),
  personages never lost, the personages needed to win, winning by a temple when one short,
  +1 defence with 2 or fewer personages.
- §5 Flusso del gioco: start player, Bellona, turn order; §5.1 choosing the action on the
  rondel; §5.2 founding cities; §5.3 winning personages at the end of the turn.
- §6 Azioni: §6.1 the production actions MARMOR, FERRUM, AURUM and the coin.
- §7 Azioni di utilizzo: §7.1 MILITIA, §7.2 TEMPLUM, §7.3 SCIENTIA and the technologies' effects.
- §8 Azioni militari, MOVERE: §8.1 movement and battles, §8.2 conquest.
- §9 Strategie iniziali: the opening strategies (and with them the start resources).

Chapter modules: ``setup`` (§5 set-up), ``rondel`` (§5.1), ``founding`` (§5.2), ``production``
(§6.1), ``militia`` (§7.1), ``templum`` (§7.2), ``scientia`` (§7.3), ``movere`` (§8),
``personages`` (§3, §4, §5.3), ``turn`` (§5); the sequence of play, step by step, is the table
in ``flow``; data in ``data/`` read and validated by ``loader``; ``heuristic`` and ``knowledge``
are what the bots know of the game.
"""

from tavola.games.antike.rules import RULES, AntikeRules

__all__ = ["RULES", "AntikeRules"]
