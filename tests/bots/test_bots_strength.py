"""Strength on the toy game, with iteration caps so the games are reproducible (slow: run
with ``-m slow``; the arena measures strength in the real games)."""

from __future__ import annotations

import pytest

from tavola.bots import make_bot
from tavola.bots.mcts import MctsBot
from tavola.core.game import Game


def capped(name: str, seed: int) -> object:
    bot = make_bot(name, seed=seed, think=30.0)
    if isinstance(bot, MctsBot):
        bot.iterations = 150
    return bot


def score(first: str, second: str, games: int) -> float:
    """``first``'s share of the wins against ``second``, seats swapped every game."""
    total = 0.0
    for g in range(games):
        # Calibrated on the format-1 (SplitMix64) dice of these seeds.
        game = Game("toy", None, 2, None, seed=1000 + g // 2, record_format=1)
        names = (first, second) if g % 2 == 0 else (second, first)
        bots = {r: capped(n, seed=g * 10 + i) for i, (r, n) in enumerate(zip(game.roles, names))}
        while not game.is_over:
            role = game.active_roles[0]
            game.apply(role, list(bots[role].choose(game.rules, game.state, role)))  # type: ignore[attr-defined]
        winners = game.result["winners"] if game.result else []
        mine = game.roles[names.index(first)]
        total += (1.0 / len(winners)) if mine in winners else 0.0
    return total / games


@pytest.mark.slow
def test_mcts_beats_random_on_the_toy_game() -> None:
    assert score("mcts", "random", 24) >= 0.6


@pytest.mark.slow
def test_greedy_is_no_worse_than_random_on_the_toy_game() -> None:
    assert score("greedy", "random", 24) >= 0.5
