"""Random play on both boards and every player count: no crash, no dead end, sound states, an
end to every game, records that replay."""

from __future__ import annotations

import random
import time

import pytest
from antike_helpers import random_playout

import tavola
from tavola.core.game import checksum
from tavola.core.rules import clone
from tavola.games.antike import RULES


@pytest.mark.parametrize(("scenario", "players", "seed"), [("orient", 4, 1), ("mare-nostrum", 3, 2)])
def test_random_games_end_with_a_winner(scenario: str, players: int, seed: int) -> None:
    state, _steps = random_playout(scenario, players, seed)
    res = RULES.result(state)
    assert res is not None and len(res["winners"]) == 1
    assert res["scores"][res["winners"][0]] >= state["target"] - 1


@pytest.mark.slow
@pytest.mark.parametrize("scenario", ["orient", "mare-nostrum"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("pliny", [False, True])
def test_random_games_on_every_setting(scenario: str, players: int, pliny: bool) -> None:
    for seed in range(3):
        state, _ = random_playout(scenario, players, 100 * players + seed, options={"pliny": pliny})
        assert RULES.result(state) is not None


@pytest.mark.slow
@pytest.mark.parametrize("scenario", ["orient", "mare-nostrum"])
def test_session_games_replay_from_their_records(scenario: str) -> None:
    for players in (2, 3, 4, 5, 6):
        g = tavola.new_game("antike-ii", scenario=scenario, players=players, seed=players)
        pick = random.Random(players)
        while not g.is_over:
            role = g.active_roles[0]
            acts = g.legal_actions(role)
            act = pick.choice(acts)
            g.apply(role, act)
        again = tavola.replay(g.record())
        assert checksum(again.state) == checksum(g.state)
        assert again.result == g.result


@pytest.mark.slow
def test_random_playout_speed() -> None:
    """Random playouts on the raw state: legal listing plus apply, and clone time."""
    pick = random.Random(1)
    actions = 0
    start = time.perf_counter()
    samples = []
    seed = 0
    while time.perf_counter() - start < 4.0:
        state = RULES.setup("orient", 4, {}, seed)
        seed += 1
        while RULES.result(state) is None:
            role = RULES.active_roles(state)[0]
            acts = RULES.legal_actions(state, role)
            RULES.apply(state, role, acts[pick.randrange(len(acts))])
            actions += 1
            if actions % 500 == 0:
                samples.append(clone(state))
    rate = actions / (time.perf_counter() - start)
    t0 = time.perf_counter()
    for s in samples:
        clone(s)
    clone_us = (time.perf_counter() - t0) / max(1, len(samples)) * 1e6
    print(f"antike-ii random playout: {rate:,.0f} actions/s, clone {clone_us:.1f} us")
    assert rate > 5_000
