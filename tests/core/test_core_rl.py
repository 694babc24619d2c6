"""The learning-agent interface: masks match the legal actions, episodes end, seeds repeat."""

from __future__ import annotations

import random

import pytest

from tavola.core.errors import IllegalAction
from tavola.rl import Env


def run_episode(env: Env, seed: int) -> list[int]:
    env.reset(seed)
    pick = random.Random(seed)
    taken = []
    for agent in env.agent_iter():
        obs, _reward, done, trunc, _info = env.last()
        assert not (done or trunc)
        legal = [i for i, m in enumerate(obs["action_mask"]) if m]
        assert {env.actions[i] for i in legal} == set(env.rules.legal_actions(env.game.state, agent))
        choice = pick.choice(legal)
        taken.append(choice)
        env.step(choice)
    return taken


def test_episode_ends_with_rewards_for_the_winners() -> None:
    env = Env("toy", players=3)
    run_episode(env, 4)
    winners = env.game.result["winners"]
    assert sum(env.rewards.values()) == pytest.approx(1.0)
    assert all(env.rewards[w] > 0 for w in winners)


def test_same_seed_same_episode() -> None:
    env = Env("toy", players=2)
    assert run_episode(env, 9) == run_episode(env, 9)


def test_chance_events_are_reported_and_bad_ids_refused() -> None:
    env = Env("toy", players=2)
    seen_dice = False
    for agent in env.agent_iter():
        obs, *_ = env.last()
        legal = [i for i, m in enumerate(obs["action_mask"]) if m]
        # North bids high and south bids nothing, so north wins a bid and then rolls.
        preferred = [
            env.action_ids[("bid", 2 if agent == "north" else 0)],
            env.action_ids[("pass",)],
            env.action_ids[("roll",)],
        ]
        roll_or_bid = [i for i in preferred if i in legal]
        env.step(roll_or_bid[-1] if roll_or_bid else legal[0])
        seen_dice |= any(d[0] == 6 for d in env.infos[agent]["chance"])
    assert seen_dice
    env.reset(1)
    with pytest.raises(IllegalAction):
        env.step(999)
