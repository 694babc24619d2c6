"""The static board both renderers read: the map's towns keep their positions, and every piece the
log names (generals, supply trains) has a name in English and Italian."""

from __future__ import annotations

from tavola.core.i18n import Words
from tavola.games.maria.board_adapter import GEO
from tavola.games.maria.view import board_json


def test_3_2_the_game_board_keeps_every_towns_position() -> None:
    board = board_json()
    assert {a["id"] for a in board["areas"]} == set(GEO.cities)
    assert all("x" in a["pos"] and "y" in a["pos"] for a in board["areas"])


def test_4_every_general_and_train_is_named_in_both_languages() -> None:
    words = Words.for_board("tavola.games.maria", board_json())
    for gid, general in GEO.generals.items():
        assert words.name(gid, "general", "en") == words.name(gid, "general", "it") == general.name
    some_train = next(iter(GEO.trains))
    assert words.name(some_train, "piece", "en").startswith("the supply train of ")
    assert words.name(some_train, "piece", "it").startswith("il treno di rifornimento (")
    line = words.render("ev.move", {"piece": "broglie", "frm": "glogau", "to": "breslau"}, "it")
    assert GEO.generals["broglie"].name in line
    assert GEO.cities["glogau"].name in line and GEO.cities["breslau"].name in line
    assert not words.missing
