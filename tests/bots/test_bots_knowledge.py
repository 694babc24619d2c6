"""Game knowledge: the hooks every game gives through its rules return sound answers, and
greedy breaks ties with the game's prior."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tavola.bots import make_bot
from tavola.bots.knowledge import Knowledge, load_knowledge, register_knowledge
from tavola.core.game import Game, checksum
from tavola.core.registry import game_ids, get_rules
from tavola.core.rules import Action, Rules, State

SHIPPED = [g for g in game_ids() if g != "toy"]


def test_every_shipped_game_gives_the_bots_knowledge() -> None:
    for game_id in SHIPPED:
        hooks = load_knowledge(get_rules(game_id))
        assert hooks is not None and (hooks.prior is not None or hooks.playout is not None), game_id
    assert load_knowledge("toy") is None and load_knowledge("no-such-game") is None


@pytest.mark.parametrize("game_id", SHIPPED)
def test_knowledge_hooks_answer_legally_on_random_states(game_id: str) -> None:
    rules = get_rules(game_id)
    hooks = load_knowledge(game_id)
    assert hooks is not None
    pick = random.Random(3)
    checked = 0
    for scenario in rules.scenarios():
        for players in (scenario.players[0], scenario.default_players):
            # The rules directly, not a session: no per-step checksums, so many more states.
            state = rules.setup(scenario.name, players, {}, pick.randrange(1000))
            for _ in range(150):
                if rules.result(state) is not None:
                    break
                role = rules.active_roles(state)[0]
                legal = rules.legal_actions(state, role)
                world = rules.determinize(state, role, pick.randrange(1000))
                before = checksum(world)
                if hooks.prior is not None:
                    weights = hooks.prior(rules, world, role, legal)
                    assert len(weights) == len(legal) and all(w >= 0 for w in weights)
                if hooks.playout is not None:
                    assert hooks.playout(rules, world, role, legal, pick) in legal
                assert checksum(world) == before  # hooks only look
                checked += 1
                rules.apply(state, role, pick.choice(legal))
    assert checked > 100


@pytest.mark.parametrize("game_id", game_ids())
def test_mcts_keeps_to_its_budget_in_every_registered_game(game_id: str) -> None:
    rules = get_rules(game_id)
    game = Game(game_id, None, None, None, seed=1)
    pick = random.Random(1)
    while len(rules.legal_actions(game.state, game.active_roles[0])) < 2:
        role = game.active_roles[0]
        game.apply(role, list(pick.choice(rules.legal_actions(game.state, role))))
    role = game.active_roles[0]
    bot = make_bot("mcts", seed=2, think=0.2)
    t0 = time.perf_counter()
    action = bot.choose(rules, game.state, role)
    assert time.perf_counter() - t0 < 0.2 + 1.0  # generous: the p99 is measured by `tavola arena`
    assert action in rules.legal_actions(game.state, role)


@pytest.fixture
def prefer_pass() -> Iterator[None]:
    def prior(rules: Rules, world: State, role: str, actions: list[Action]) -> list[float]:
        return [1.0 if a == ("pass",) else 0.5 for a in actions]

    register_knowledge("toy", Knowledge(prior=prior))
    try:
        yield
    finally:
        register_knowledge("toy", None)


def marking_game() -> Game:
    """North leads the round and is to mark; the toy game has no evaluation, so every
    mark and pass scores the same for greedy (the game does not end within the turn)."""
    game = Game("toy", None, 2, None, seed=3)
    game.apply("north", ["bid", 2])
    game.apply("south", ["bid", 0])
    return game


def test_greedy_breaks_ties_with_the_prior(prefer_pass: Any) -> None:
    game = marking_game()
    picks = {make_bot("greedy", seed=s).choose(game.rules, game.state, "north") for s in range(10)}
    assert picks == {("pass",)}


def test_greedy_breaks_ties_at_random_without_a_prior() -> None:
    game = marking_game()
    picks = {make_bot("greedy", seed=s).choose(game.rules, game.state, "north") for s in range(20)}
    assert len(picks) > 1


def test_mcts_never_opens_what_the_prior_cuts_off() -> None:
    """Knowledge.cutoff: an action weighed below the cutoff share of the best is never tried
    while a better one has been; without a cutoff the same search tries it."""

    def prior(rules: Rules, world: State, role: str, actions: list[Action]) -> list[float]:
        return [1.0 if a == ("pass",) else 0.01 for a in actions]

    game = marking_game()
    try:
        for cutoff, opened in ((0.1, {("pass",)}), (0.0, None)):
            register_knowledge("toy", Knowledge(prior=prior, cutoff=cutoff))
            bot = make_bot("mcts:iterations=40", seed=1)
            assert bot.choose(game.rules, game.state, "north") == ("pass",) or cutoff == 0.0
            tried = set(bot.root_statistics("north"))
            if opened is not None:
                assert tried == opened
            else:
                assert len(tried) > 1
    finally:
        register_knowledge("toy", None)
