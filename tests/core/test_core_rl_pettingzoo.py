"""The PettingZoo environment: PettingZoo's own API test for every game, an observation built
from the role's redacted view only, masks that match the legal actions, bad ids refused."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import numpy as np
import pytest
from pettingzoo import AECEnv
from pettingzoo.test import api_test

from tavola.core.errors import IllegalAction
from tavola.core.game import Game
from tavola.core.registry import GAMES
from tavola.rl import pettingzoo_env
from tavola.rl.pettingzoo import ViewEncoder, feature_list, observed_features, settings

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_pettingzoo_api_test_passes(game: str) -> None:
    env = pettingzoo_env(game)
    assert isinstance(env, AECEnv)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice only: agent names like player_0, Dict spaces
        api_test(env, num_cycles=200)


def _play(env: AECEnv, seed: int, limit: int = 100_000) -> list[int]:
    env.reset(seed=seed)
    raw = env.unwrapped
    pick = np.random.default_rng(seed)
    taken = []
    for agent in env.agent_iter(limit):
        obs, _reward, terminated, truncated, _info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert {raw.actions[i] for i in legal} == set(raw.rules.legal_actions(raw.game.state, agent))
        assert obs["observation"].dtype == np.float32 and obs["action_mask"].dtype == np.int8
        taken.append(int(pick.choice(legal)))
        env.step(taken[-1])
    return taken


def test_a_whole_game_pays_the_winners_and_removes_every_agent() -> None:
    env = pettingzoo_env("toy", players=3)
    raw = env.unwrapped
    paid: dict[str, float] = {}
    env.reset(seed=3)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        paid[agent] = paid.get(agent, 0.0) + reward
        env.step(None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0]))
    winners = raw.game.result["winners"]
    assert env.agents == []
    assert sum(paid.values()) == pytest.approx(1.0)
    assert all(paid[w] == pytest.approx(1 / len(winners)) for w in winners)


def test_same_seed_same_episode() -> None:
    env = pettingzoo_env("toy", players=2)
    assert _play(env, 9) == _play(env, 9)
    assert _play(env, 9) != _play(env, 10)


def test_observation_is_the_redacted_view_only() -> None:
    """South's secret bid changes nothing north observes, and north is told its own bid."""
    seen = {}
    for bid in (0, 2):
        env = pettingzoo_env("toy", players=2)
        env.reset(seed=1)
        env.unwrapped.game.apply("south", ("bid", bid))
        seen[bid] = {role: env.unwrapped.observe(role)["observation"] for role in ("north", "south")}
    assert np.array_equal(seen[0]["north"], seen[2]["north"])
    assert not np.array_equal(seen[0]["south"], seen[2]["south"])


def test_encoding_follows_the_documented_scheme() -> None:
    view = {
        "round": 3,
        "pliny": True,
        "phase": "rondel",
        "winner": None,
        "areas": [
            {"key": "roma", "units": [{"nation": "romans", "kind": "legion"}] * 2},
            {"key": "pavia", "units": []},
        ],
        "regions": {"taima": {"units": {"arabs": [1, 0]}}},
        "techs": ["navigation", "roads"],
    }
    enc = ViewEncoder(["/phase=rondel", "/round"], overflow=1 << 16)
    assert enc.features(view) == {
        "/round": 3.0,
        "/pliny": 1.0,
        "/phase=rondel": 1.0,
        "/winner=None": 1.0,
        "/areas/roma/units/*/nation=romans": 2.0,
        "/areas/roma/units/*/kind=legion": 2.0,
        "/regions/taima/units/arabs/0": 1.0,
        "/regions/taima/units/arabs/1": 0.0,
        "/techs/*=navigation": 1.0,
        "/techs/*=roads": 1.0,
    }
    vector = enc.encode(enc.features(view))
    assert vector.shape == (2 + (1 << 16),)
    assert vector[0] == 1.0 and vector[1] == 3.0  # listed features have the list's slots
    assert vector.sum() == pytest.approx(sum(enc.features(view).values()))
    # Other features are hashed past the list, the same way in every process (no salted hash).
    assert ViewEncoder([], overflow=1 << 16).slot("/pliny") + 2 == enc.slot("/pliny")


def test_bad_action_ids_are_refused_and_change_nothing() -> None:
    env = pettingzoo_env("toy", players=2)
    env.reset(seed=1)
    raw = env.unwrapped
    before = raw.game.record()
    illegal = int(np.flatnonzero(env.last()[0]["action_mask"] == 0)[0])
    for bad in (-1, raw.action_spaces["north"].n, illegal):
        with pytest.raises(IllegalAction):
            env.step(bad)
    assert raw.game.record() == before


def test_docs_example_evaluates_an_agent_against_the_bots() -> None:
    code = re.search(r"```python\n(.*?)```", DOCS.read_text(), re.S)
    assert code is not None
    scope: dict[str, object] = {"__name__": "docs"}
    exec(code.group(1), scope)
    share = scope["evaluate"](scope["random_policy"], "toy", "greedy", games=3)  # type: ignore[operator]
    assert 0.0 <= share <= 1.0


@pytest.mark.parametrize("game", ["antike-ii", "italia-i", "italia-ii"])
def test_shipped_feature_list_covers_every_opening_view(game: str) -> None:
    """Every setting's opening views fall in listed slots (a view change would send them to the
    overflow: then run ``python -m tavola.rl.pettingzoo GAME`` to append the new features)."""
    listed = set(feature_list(game))
    assert len(listed) == len(feature_list(game))  # no name twice
    for scenario, players, options in settings(game):
        table = Game(game, scenario, players, options, 0)
        for role in table.roles:
            assert set(observed_features(table.rules, table.state, role)) <= listed


def test_pettingzoo_api_test_passes_with_secret_simultaneous_choices(sealed_game: str) -> None:
    env = pettingzoo_env(sealed_game)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env, num_cycles=100)
