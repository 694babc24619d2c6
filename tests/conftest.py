"""Shared test set-up: the toy game is registered for the tests; the sealed-allocation game
(hidden information, secret simultaneous choices) only for the tests that ask for it."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from collections.abc import Iterator

import pytest

from tavola.core.registry import register, unregister

register("toy", "toygame:RULES")


@pytest.fixture
def sealed_game() -> Iterator[str]:
    """The sealed-allocation test game, registered while the test runs (the other packages'
    tests, which run every registered game, never meet it)."""
    register("sealed", "secretgame:RULES")
    yield "sealed"
    unregister("sealed")
