"""A playout's weighted draw (``tavola.core.rules.weighted_pick``) is the draw of
``random.Random.choices``: the same action and the same generator state after it, so a seeded
bot that switches to it plays the same games."""

from __future__ import annotations

import random

import pytest

from tavola.core.rules import weighted_pick


def test_the_pick_is_the_draw_of_random_choices() -> None:
    shapes = random.Random(7)
    for seed in range(2000):
        n = shapes.randrange(1, 12)
        weights = [shapes.choice([0, 0.5, 1, 2.25, 7, 40]) for _ in range(n)]
        weights[shapes.randrange(n)] = shapes.choice([1, 3.5])  # never all zero
        actions = [("a", i) for i in range(n)]
        one, two = random.Random(seed), random.Random(seed)
        assert weighted_pick(one, actions, weights) == two.choices(actions, weights)[0]
        assert one.getstate() == two.getstate()


@pytest.mark.parametrize("weights", [[0, 0], [1, float("inf")]])
def test_weights_without_a_finite_positive_sum_are_refused_as_random_choices_refuses_them(
    weights: list[float],
) -> None:
    with pytest.raises(ValueError):
        random.Random(1).choices(["a", "b"], weights)
    with pytest.raises(ValueError):
        weighted_pick(random.Random(1), [("a",), ("b",)], weights)
