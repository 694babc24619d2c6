"""Every worked example of every rulebook, as a position file (``examples/<game-id>/``): loaded
through ``Game.from_position``, played as the book plays it, its stated outcome checked."""

from __future__ import annotations

from pathlib import Path

import pytest

from tavola.core.examples import example_files, load_example, run_example
from tavola.core.game import Game
from tavola.core.position import round_trip
from tavola.core.registry import game_ids

ROOT = Path(__file__).resolve().parent.parent
CASES = [(gid, path) for gid in game_ids() for path in example_files(gid, ROOT)]


@pytest.mark.parametrize(("game_id", "path"), CASES, ids=[f"{g}/{p.stem}" for g, p in CASES])
def test_examples_hold(game_id: str, path: Path) -> None:
    data = load_example(path)
    assert not run_example(data, game_id)


@pytest.mark.parametrize(("game_id", "path"), CASES, ids=[f"{g}/{p.stem}" for g, p in CASES])
def test_examples_positions_round_trip(game_id: str, path: Path) -> None:
    """A position as the engine writes it loads back to itself."""
    data = load_example(path)
    written = round_trip(game_id, data["position"], data.get("seed", 0))
    assert Game.from_position(game_id, written, seed=1).position() == written


def test_examples_exist_for_every_game_with_worked_examples() -> None:
    assert example_files("antike-ii", ROOT), "Antike II's worked examples are position files"
