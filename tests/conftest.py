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


@pytest.fixture(autouse=True)
def verify_kept_legal_lists() -> Iterator[None]:
    """Every legal list a flow hands out again after advancing, and every list a session's view
    takes from its offer after a step, is compared with a fresh one: a test that edits a state
    by hand between an action and the next listing finds out."""
    from tavola.core.game import Game
    from tavola.games.italia.flow import FLOW

    FLOW.verify = True
    Game.verify = True
    yield
    FLOW.verify = False
    Game.verify = False
    FLOW.forget()
