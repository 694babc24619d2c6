"""The game-agnostic part of positions (docs/positions.md): text, header checks, records that
start from a position, and the expectations of worked-example files."""

from __future__ import annotations

import pytest

import tavola
from tavola.core.errors import PositionError
from tavola.core.examples import check_expectations, lookup, play_and_check
from tavola.core.game import Game
from tavola.core.position import parse, settings


def _start() -> dict:
    return tavola.new_game("antike-ii", scenario="orient", players=3, seed=2).position()


def test_header_defaults_are_filled_in() -> None:
    full = settings("antike-ii", {"game": "antike-ii"})
    assert full["format"] == 1 and full["scenario"] == "orient" and full["players"] == 4
    assert full["options"]["pliny"] is False


@pytest.mark.parametrize(
    ("position", "item", "words"),
    [
        ({"format": 2}, "format", "not supported"),
        ({"game": "chess"}, "game", "not of 'antike-ii'"),
        ({"players": True}, "players", "not True"),
        ({"options": {"pliny": "yes"}}, "options.pliny", "takes one of"),
        ({"options": []}, "options", "mapping"),
    ],
)
def test_a_bad_header_names_its_key(position: dict, item: str, words: str) -> None:
    with pytest.raises(PositionError) as err:
        settings("antike-ii", position)
    assert err.value.item == item and words in err.value.message


def test_text_that_is_not_a_position_is_refused() -> None:
    with pytest.raises(PositionError, match="not valid YAML or JSON"):
        parse("{ not json")
    with pytest.raises(PositionError, match="mapping"):
        parse("- a list")
    assert parse('{"game": "antike-ii"}') == {"game": "antike-ii"}


def test_a_refused_position_leaves_nothing_behind() -> None:
    bad = _start()
    bad["nations"][0]["purse"] = {"coin": -3}
    with pytest.raises(PositionError):
        Game.from_position("antike-ii", bad)


def test_lookup_walks_mappings_lists_and_named_entries() -> None:
    p = _start()
    first = p["nations"][0]["nation"]
    assert lookup(p, f"nations.{first}.purse.gold") == 3
    assert lookup(p, "nations.0.nation") == first
    assert lookup(p, "turn.pending.0.step") == "rondel"


def test_expectations_report_what_differs_from_the_book() -> None:
    game = Game.from_position("antike-ii", _start())
    role = game.active_roles[0]
    assert not check_expectations(game, [{"path": "turn.round", "equals": 1}, {"active": [role]}])
    failures = check_expectations(
        game,
        [
            {"path": "turn.round", "equals": 2},
            {"path": "turn.bought", "equals": []},  # absent equals empty
            {"illegal": [role, "rondel", "aurum"]},
            {"moves": {"role": role, "verb": "rondel"}, "are": [["rondel", "aurum"]]},
            {"frobnicate": 1},
        ],
    )
    assert len(failures) == 4
    assert "turn.round is 1, the example expects 2" in failures[0]
    assert play_and_check(game, [[role, "rondel", "nowhere"]], []) != []
