"""Every bot returns only legal actions, never changes the state it is shown, and plays on
worlds from ``determinize`` only; greedy and mcts take a clearly winning move."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tavola.bots import make_bot
from tavola.bots.mcts import MctsBot
from tavola.core.game import Game, checksum
from tavola.core.registry import game_ids, get_rules
from tavola.core.rng import seed_state
from tavola.core.rules import Action, Rules, State, clone

QUICK = {"think": 30.0}  # the iteration cap, not the clock, ends these searches


def quick_bot(name: str, seed: int, iterations: int = 40) -> Any:
    bot = make_bot(name, seed=seed, **QUICK)
    if isinstance(bot, MctsBot):
        bot.iterations = iterations
        bot.depth = 12
    return bot


def random_states(game_id: str, count: int, seed: int, players: int | None = None) -> list[Game]:
    """Sessions stopped at random points of random games."""
    pick = random.Random(seed)
    games = []
    while len(games) < count:
        game = Game(game_id, None, players, None, seed=pick.randrange(10**6))
        for _ in range(pick.randrange(40)):
            if game.is_over:
                break
            role = game.active_roles[0]
            game.apply(role, pick.choice(game.rules.legal_actions(game.state, role)))
        if not game.is_over:
            games.append(game)
    return games


@pytest.mark.parametrize("name", ["random", "greedy", "greedy:hard", "mcts", "mcts:easy"])
@pytest.mark.parametrize("players", [2, 3])
def test_bots_return_legal_actions_and_leave_the_state_alone(name: str, players: int) -> None:
    for i, game in enumerate(random_states("toy", 25, seed=players * 100 + len(name), players=players)):
        bot = quick_bot(name, seed=i)
        for role in game.active_roles:
            before = checksum(game.state)
            action = bot.choose(game.rules, game.state, role)
            assert action in game.rules.legal_actions(game.state, role)
            assert checksum(game.state) == before


def test_bots_finish_whole_games_through_a_session() -> None:
    for seed in range(3):
        game = Game("toy", None, 3, None, seed=seed)
        bots = {r: quick_bot(n, seed) for r, n in zip(game.roles, ["random", "greedy", "mcts"])}
        while not game.is_over:
            role = game.active_roles[0]
            game.apply(role, list(bots[role].choose(game.rules, game.state, role)))  # raises if illegal
        assert game.result is not None and game.result["winners"]


def _registered_rules(game_id: str) -> Rules:
    return get_rules(game_id)  # a registered game that does not import is a failure


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("name", ["random", "greedy", "mcts"])
def test_bots_are_legal_in_every_registered_game(game_id: str, name: str) -> None:
    rules = _registered_rules(game_id)
    for scenario in rules.scenarios():
        pick = random.Random(7)
        game = Game(game_id, scenario.name, scenario.default_players, None, seed=11)
        bot = quick_bot(name, seed=3, iterations=12)
        for _step in range(50):
            if game.is_over:
                break
            role = game.active_roles[0]
            state = game.state_of(role)  # its own draft, while it makes a secret choice
            if pick.random() < 0.3:  # the bot decides only now and then, to reach varied states fast
                before = checksum(state)
                action = bot.choose(rules, state, role)
                assert checksum(state) == before
            else:
                action = pick.choice(rules.legal_actions(state, role))
            game.apply(role, list(action))  # the session refuses an illegal action


# --- a clearly winning move ---------------------------------------------------------------
def last_round_state() -> Game:
    """Toy, last round, 3-3 in points; south has no coins, so its (secret) bid is surely 0.
    Any bid of 1 or more wins the round, the fourth point and the game; 0 draws it."""
    game = Game("toy", None, 2, None, seed=4)
    game.state.update(
        round=6, coins={"north": 3, "south": 0}, points={"north": 3, "south": 3}, bids={"south": 0}
    )
    return game


@pytest.mark.parametrize("name", ["greedy", "mcts"])
def test_search_bots_take_the_winning_bid(name: str) -> None:
    game = last_round_state()
    assert game.active_roles == ["north"]
    for seed in range(12):
        bot = quick_bot(name, seed)
        assert bot.choose(game.rules, game.state, "north")[1] >= 1


def test_random_does_not_always_find_the_winning_bid() -> None:
    # The control for the test above: the position does leave room for a wrong choice.
    game = last_round_state()
    picks = {make_bot("random", seed=s).choose(game.rules, game.state, "north") for s in range(40)}
    assert ("bid", 0) in picks


# --- never reading hidden information -------------------------------------------------------
class Spy(Rules):
    """Passes every call to the toy rules and notes which calls saw the true state object."""

    def __init__(self, inner: Rules, secret: State) -> None:
        self.inner = inner
        self.secret = secret
        self.id = inner.id
        self.seen: list[tuple[str, str | None]] = []

    def _note(self, method: str, state: State, role: str | None = None) -> None:
        if state is self.secret:
            self.seen.append((method, role))

    def scenarios(self) -> Any:
        return self.inner.scenarios()

    def roles(self, scenario: str, players: int, options: dict[str, Any]) -> list[str]:
        return self.inner.roles(scenario, players, options)

    def setup(self, scenario: str, players: int, options: dict[str, Any], seed: int) -> State:
        return self.inner.setup(scenario, players, options, seed)

    def active_roles(self, state: State) -> list[str]:
        self._note("active_roles", state)
        return self.inner.active_roles(state)

    def legal_actions(self, state: State, role: str) -> list[Action]:
        self._note("legal_actions", state, role)
        return self.inner.legal_actions(state, role)

    def apply(self, state: State, role: str, action: Action) -> list[Any]:
        self._note("apply", state, role)
        return self.inner.apply(state, role, action)

    def result(self, state: State) -> dict[str, Any] | None:
        self._note("result", state)
        return self.inner.result(state)

    def view(self, state: State, role: str | None) -> dict[str, Any]:
        self._note("view", state, role)
        return self.inner.view(state, role)

    def prompt(self, state: State, role: str) -> dict[str, Any]:
        self._note("prompt", state, role)
        return self.inner.prompt(state, role)

    def determinize(self, state: State, role: str, seed: int) -> State:
        self._note("determinize", state, role)
        return self.inner.determinize(state, role, seed)

    def evaluate(self, state: State) -> dict[str, float]:
        self._note("evaluate", state)
        return self.inner.evaluate(state)

    def action_space(self, scenario: str, players: int, options: dict[str, Any]) -> list[Action]:
        return self.inner.action_space(scenario, players, options)


# What the role itself is shown: its view, its question and its actions; and fresh worlds.
ALLOWED = {"legal_actions", "view", "prompt", "determinize"}


@pytest.mark.parametrize("name", ["greedy", "mcts"])
def test_the_true_state_only_reaches_view_prompt_legal_actions_and_determinize(name: str) -> None:
    for game in random_states("toy", 10, seed=5, players=3):
        for role in game.active_roles:
            spy = Spy(game.rules, game.state)
            quick_bot(name, seed=1).choose(spy, game.state, role)
            assert spy.seen, "the bot must at least ask for its legal actions"
            assert {m for m, _ in spy.seen} <= ALLOWED, spy.seen
            assert {r for _, r in spy.seen} == {role}  # and only for its own role


def secret_bid_state(south_bid: int) -> Game:
    """North is to bid; south has already bid ``south_bid`` in secret."""
    game = Game("toy", None, 2, None, seed=9)
    game.apply("south", ["bid", south_bid])
    return game


def root_stats_after_search(bot: MctsBot, game: Game) -> dict[Action, tuple[int, float]]:
    bot.choose(game.rules, game.state, "north")
    return bot.root_statistics("north")


def fixed_budget_mcts() -> MctsBot:
    bot = make_bot("mcts", seed=21, think=30.0)
    assert isinstance(bot, MctsBot)
    bot.iterations = 300
    return bot


def test_mcts_search_does_not_depend_on_the_opponents_secret_bid() -> None:
    low = root_stats_after_search(fixed_budget_mcts(), secret_bid_state(0))
    high = root_stats_after_search(fixed_budget_mcts(), secret_bid_state(3))
    assert sum(n for n, _ in low.values()) > 0
    assert low == high


class CheatingMcts(MctsBot):
    """The control: an MCTS that plans on the true state (dice still resampled)."""

    def _iterate(
        self, rules: Rules, root: Any, state: State, me: str, legal: Any, knowledge: Any, hard: float
    ) -> None:
        class Peek:
            def __getattr__(self, name: str) -> Any:
                return getattr(rules, name)

            def determinize(self, state: State, role: str, seed: int) -> State:
                world = clone(state)
                world["rng"] = seed_state(seed)
                return world

        super()._iterate(Peek(), root, state, me, legal, knowledge, hard)  # type: ignore[arg-type]


def test_the_secret_bid_test_catches_a_cheater() -> None:
    def cheater() -> MctsBot:
        bot = CheatingMcts(seed=21, think=30.0)
        bot.iterations = 300
        return bot

    low = root_stats_after_search(cheater(), secret_bid_state(0))
    high = root_stats_after_search(cheater(), secret_bid_state(3))
    assert low != high
