"""Fixtures of the Italia rule tests (the helpers live in ``italia_table``)."""

from __future__ import annotations

import pytest
from italia_table import Dice, Table

from tavola.games.italia import model


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Dice:
    d = Dice()
    monkeypatch.setattr(model, "loaded", d)
    return d


@pytest.fixture
def t1() -> Table:
    return Table("italia-i")


@pytest.fixture
def t2() -> Table:
    return Table("italia-ii")
