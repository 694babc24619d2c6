"""The contract of a game that declares hidden information (``Rules.hidden_information``).

Run on every registered game that declares it: ``determinize`` is overridden; a determinized
world agrees with everything the role sees (its own hand never changes) and really resamples
what it does not see (two seeds give different hidden parts); and the bots decide on what
their role sees only: the same view with another hidden truth behind it gets the same decision.
A game that forgets to override ``determinize`` fails these checks.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from secretgame import FORGETFUL
from secretgame import RULES as SEALED
from tavola.bots import make_bot
from tavola.bots.common import Repetitions, situation_signature
from tavola.bots.mcts import MctsBot
from tavola.core.game import Game
from tavola.core.registry import game_ids, get_rules
from tavola.core.rules import Rules, State

# Every registered game that declares hidden information, and the sealed-allocation test game.
HIDDEN = [get_rules(g) for g in game_ids() if get_rules(g).hidden_information] + [SEALED]
IDS = [r.id for r in HIDDEN]
POSITIONS = 12


def positions(rules: Rules, count: int = POSITIONS, seed: int = 1) -> list[tuple[State, str]]:
    """(state, role) pairs from random play through the session, each role's own state (its
    draft, while it composes a secret choice)."""
    pick = random.Random(seed)
    out: list[tuple[State, str]] = []
    sc = rules.scenarios()[0]
    for game_no in range(count):
        game = Game(rules.id, sc.name, sc.default_players, None, seed=seed + game_no, rules=rules)
        for _ in range(pick.randrange(1, 40)):
            if game.is_over:
                break
            role = pick.choice(game.active_roles)
            game.apply(role, pick.choice([a for a in game.legal_actions(role) if a != ("undo",)]))
        if not game.is_over:
            role = pick.choice(game.active_roles)
            out.append((game.state_of(role), role))
    return out


def _hidden_parts(world: State) -> State:
    return {k: v for k, v in world.items() if k != "rng"}


def problems(rules: Rules) -> list[str]:
    """What is wrong with a hidden-information game's determinize (empty: nothing)."""
    found = []
    if type(rules).determinize is Rules.determinize:
        found.append(f"{rules.id} hides information but does not override determinize")
    resampled = False
    for state, role in positions(rules):
        worlds = [rules.determinize(state, role, seed) for seed in range(4)]
        for world in worlds:
            if rules.view(world, role) != rules.view(state, role):
                found.append(f"{rules.id}: a world for {role} disagrees with its view")
            if rules.legal_actions(world, role) != rules.legal_actions(state, role):
                found.append(f"{rules.id}: a world for {role} changes its legal actions")
        resampled |= len({repr(_hidden_parts(w)) for w in worlds}) > 1
    if not resampled:
        found.append(f"{rules.id}: no two seeds ever gave different hidden parts")
    return found


@pytest.mark.parametrize("rules", HIDDEN, ids=IDS)
def test_determinize_keeps_what_the_role_sees_and_resamples_the_rest(rules: Rules) -> None:
    assert problems(rules) == []


def test_a_game_that_forgets_to_resample_fails_the_contract() -> None:
    found = problems(FORGETFUL)
    assert any("does not override determinize" in p for p in found)
    assert any("no two seeds" in p for p in found)


def test_the_test_games_declare_what_they_hide() -> None:
    assert {"toy", "sealed"} <= set(IDS)


def _bot(name: str, seed: int) -> Any:
    bot = make_bot(name, seed=seed, think=30.0)
    if isinstance(bot, MctsBot):
        bot.iterations, bot.depth = 24, 10
    return bot


@pytest.mark.parametrize("rules", HIDDEN, ids=IDS)
@pytest.mark.parametrize("name", ["random", "greedy", "mcts"])
def test_bots_decide_on_what_their_role_sees(rules: Rules, name: str) -> None:
    """The same view with another hidden truth behind it: the same decision, seed for seed."""
    for i, (state, role) in enumerate(positions(rules, count=6, seed=50)):
        other = rules.determinize(state, role, 1000 + i)  # another truth the role cannot tell apart
        assert rules.view(other, role) == rules.view(state, role)
        assert _bot(name, i).choose(rules, state, role) == _bot(name, i).choose(rules, other, role)


def test_the_loop_guard_works_while_others_decide_at_the_same_time() -> None:
    """Two roles allocate at once; a click that undoes the last one is a circle all the same."""
    game = Game("sealed", None, 2, None, seed=9, rules=SEALED)
    rules = game.rules
    guard = Repetitions()
    guard.remember(situation_signature(rules, game.state_of("red"), "red"))
    game.apply("red", ["add", 0])
    state = game.state_of("red")
    assert len(rules.active_roles(state)) == 2
    legal = rules.legal_actions(state, "red")
    kept = guard.fresh(rules, state, "red", legal)
    assert ("remove", 0) in legal and ("remove", 0) not in kept and ("add", 1) in kept
