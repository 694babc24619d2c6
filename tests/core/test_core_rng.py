"""The seeded RNG: deterministic, uniform enough, recorded as chance events."""

from __future__ import annotations

from collections import Counter

import pytest

from tavola.core import rng


def test_same_seed_same_sequence_and_state_carries_it() -> None:
    a = {"rng": rng.seed_state(42)}
    b = {"rng": rng.seed_state(42)}
    assert [rng.roll(a, 10) for _ in range(50)] == [rng.roll(b, 10) for _ in range(50)]
    c = {"rng": a["rng"]}
    assert rng.roll(a, 6) == rng.roll(c, 6)


def test_different_seeds_differ() -> None:
    a = {"rng": rng.seed_state(1)}
    b = {"rng": rng.seed_state(2)}
    assert [rng.roll(a, 10) for _ in range(20)] != [rng.roll(b, 10) for _ in range(20)]


def test_d10_faces_are_all_reached_and_roughly_uniform() -> None:
    s = {"rng": rng.seed_state(7)}
    counts = Counter(rng.roll(s, 10) for _ in range(20_000))
    assert sorted(counts) == list(range(1, 11))
    assert all(1700 < n < 2300 for n in counts.values())


def test_shuffle_is_a_permutation_and_draws_are_recorded() -> None:
    s = {"rng": rng.seed_state(3), "_draws": []}
    items = list(range(10))
    rng.shuffle(s, items)
    assert sorted(items) == list(range(10))
    assert len(s["_draws"]) == 9
    with pytest.raises(ValueError):
        rng.below(s, 0)
