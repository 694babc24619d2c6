"""MCTS: the think budget, keeping the tree between decisions, knowledge hooks, levels, specs."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tavola.bots import BOTS, LEVELS, bot_names, make_bot, parse_bot_spec
from tavola.bots.greedy import GreedyBot
from tavola.bots.knowledge import Knowledge, load_knowledge, register_knowledge
from tavola.bots.mcts import LEVELS as MCTS_LEVELS
from tavola.bots.mcts import MctsBot
from tavola.core.game import Game
from tavola.core.rules import Action, Rules, State


def test_mcts_stays_within_a_small_think_budget() -> None:
    game = Game("toy", None, 3, None, seed=2)
    bot = make_bot("mcts", seed=1, think=0.2)
    for role in game.active_roles:
        t0 = time.perf_counter()
        action = bot.choose(game.rules, game.state, role)
        # A generous bound only: the machine is shared. `tavola arena` measures the p99.
        assert time.perf_counter() - t0 < 0.2 + 1.0
        assert action in game.rules.legal_actions(game.state, role)
    assert bot.stats["iterations"] > 0


class SlowToy(Rules):
    """The toy game with a slow ``apply``: one playout takes longer than the whole budget."""

    def __init__(self, inner: Rules) -> None:
        self.inner = inner
        self.id = inner.id

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def scenarios(self) -> Any:
        return self.inner.scenarios()

    def roles(self, scenario: str, players: int, options: dict[str, Any]) -> list[str]:
        return self.inner.roles(scenario, players, options)

    def setup(self, scenario: str, players: int, options: dict[str, Any], seed: int) -> State:
        return self.inner.setup(scenario, players, options, seed)

    def active_roles(self, state: State) -> list[str]:
        return self.inner.active_roles(state)

    def legal_actions(self, state: State, role: str) -> list[Action]:
        return self.inner.legal_actions(state, role)

    def apply(self, state: State, role: str, action: Action) -> list[Any]:
        time.sleep(0.02)
        return self.inner.apply(state, role, action)

    def result(self, state: State) -> dict[str, Any] | None:
        return self.inner.result(state)

    def view(self, state: State, role: str | None) -> dict[str, Any]:
        return self.inner.view(state, role)

    def determinize(self, state: State, role: str, seed: int) -> State:
        return self.inner.determinize(state, role, seed)

    def action_space(self, scenario: str, players: int, options: dict[str, Any]) -> list[Action]:
        return self.inner.action_space(scenario, players, options)


def test_mcts_abandons_a_playout_when_the_clock_runs_out() -> None:
    game = Game("toy", None, 2, None, seed=2)
    bot = make_bot("mcts:depth=200", seed=1, think=0.1)
    t0 = time.perf_counter()
    action = bot.choose(SlowToy(game.rules), game.state, "north")
    # An unchecked 200-click playout would take 4 s here.
    assert time.perf_counter() - t0 < 0.1 + 1.0
    assert action in game.rules.legal_actions(game.state, "north")


def winning_bidder_game() -> Game:
    """A toy game where north has just won the bid: north marks, then rolls or passes."""
    game = Game("toy", None, 2, None, seed=3)
    game.apply("north", ["bid", 2])
    game.apply("south", ["bid", 0])
    assert game.active_roles == ["north"]
    return game


def test_mcts_keeps_its_subtree_within_a_multi_click_turn() -> None:
    game = winning_bidder_game()
    bot = make_bot("mcts", seed=4, think=30.0)
    assert isinstance(bot, MctsBot)
    bot.iterations = 400
    first = bot.choose(game.rules, game.state, "north")
    assert bot.stats["reused"] == 0
    game.apply("north", list(first))
    bot.choose(game.rules, game.state, "north")
    assert bot.stats["reused"] > 0


def test_mcts_does_not_carry_a_tree_into_another_game_or_role() -> None:
    game = winning_bidder_game()
    bot = make_bot("mcts", seed=4, think=30.0)
    assert isinstance(bot, MctsBot)
    bot.iterations = 200
    bot.choose(game.rules, game.state, "north")
    other = Game("toy", None, 2, None, seed=8)
    bot.choose(other.rules, other.state, "south")
    assert bot.stats["reused"] == 0
    bot.reset()
    game.apply("north", ["pass"])
    bot.choose(game.rules, game.state, "north")
    assert bot.stats["reused"] == 0


def test_reuse_can_be_switched_off() -> None:
    game = winning_bidder_game()
    bot = make_bot("mcts:reuse=0", seed=4, think=30.0)
    assert isinstance(bot, MctsBot)
    bot.iterations = 200
    game.apply("north", list(bot.choose(game.rules, game.state, "north")))
    bot.choose(game.rules, game.state, "north")
    assert bot.stats["reused"] == 0


@pytest.fixture
def toy_knowledge() -> Iterator[dict[str, list[Any]]]:
    calls: dict[str, list[Any]] = {"prior": [], "playout": []}

    def prior(rules: Rules, world: State, role: str, actions: list[Action]) -> list[float]:
        calls["prior"].append(world)
        return [1.0 if a == ("pass",) else 0.0 for a in actions]

    def playout(rules: Rules, world: State, role: str, actions: list[Action], rand: random.Random) -> Action:
        calls["playout"].append(world)
        return actions[-1]

    register_knowledge("toy", Knowledge(prior=prior, playout=playout))
    try:
        yield calls
    finally:
        register_knowledge("toy", None)


def test_mcts_uses_the_games_knowledge_on_worlds_only(toy_knowledge: dict[str, list[Any]]) -> None:
    game = winning_bidder_game()
    bot = make_bot("mcts", seed=4, think=30.0)
    assert isinstance(bot, MctsBot)
    bot.iterations = 50
    bot.choose(game.rules, game.state, "north")
    assert toy_knowledge["prior"] and toy_knowledge["playout"]
    assert all(w is not game.state for w in toy_knowledge["prior"] + toy_knowledge["playout"])
    first_opened = next(iter(bot.root_statistics("north")))
    assert first_opened == ("pass",)


def test_knowledge_comes_from_the_rules_object() -> None:
    from tavola.core.registry import get_rules

    assert load_knowledge("antike-ii") is get_rules("antike-ii").knowledge() is not None
    assert load_knowledge("no-such-game") is None


def test_levels_set_think_and_playouts() -> None:
    easy, normal, hard = (make_bot(f"mcts:{lv}") for lv in LEVELS)
    assert isinstance(easy, MctsBot) and isinstance(normal, MctsBot) and isinstance(hard, MctsBot)
    assert easy.think < normal.think < hard.think
    assert easy.depth < normal.depth < hard.depth
    assert hard.think == MCTS_LEVELS["hard"].think
    # An explicit think time wins over the level's; the level still sets the playouts.
    tuned = make_bot("mcts", think=0.3, level="hard")
    assert isinstance(tuned, MctsBot)
    assert tuned.think == 0.3 and tuned.depth == hard.depth
    assert isinstance(make_bot("greedy:hard"), GreedyBot)


def test_bot_specs_parse_and_refuse_nonsense() -> None:
    assert parse_bot_spec("mcts:hard:think=0.2:depth=10") == ("mcts", "hard", {"think": 0.2, "depth": 10})
    assert parse_bot_spec("random") == ("random", None, {})
    bot = make_bot("mcts:think=0.25:c=1.5")
    assert isinstance(bot, MctsBot) and bot.think == 0.25 and bot.c == 1.5
    assert set(bot_names()) >= {"random", "greedy", "mcts"}
    for bad in ["wizard", "mcts:impossible", "mcts:think=fast", "mcts:colour=red", "random:depth=3", ":hard"]:
        with pytest.raises(ValueError):
            make_bot(bad)


def test_levelled_bots_play_differently_by_level() -> None:
    # Lobbies offer a levelled bot at every level, so its levels must really differ.
    assert {name for name in bot_names() if BOTS[name].levelled} == {"greedy", "mcts"}
    playing = {"greedy": ("worlds", "depth"), "mcts": ("think", "depth", "c", "temperature")}
    for name, keys in playing.items():
        easy, hard = make_bot(name, level="easy"), make_bot(name, level="hard")
        assert [getattr(easy, k) for k in keys] != [getattr(hard, k) for k in keys]
    assert not BOTS["random"].levelled
