"""`tavola play revolution`: the board in words (it printed the state's raw arrays: "Country: 0,
0, 0, 1, 4...", "Support: -1, -1...", "Blocks: 1, -1..."), as the browser's panels show it."""

from __future__ import annotations

import io
import random
import re

import pytest

from tavola.cli import main
from tavola.cli.play import Terminal, summary_lines
from tavola.core.game import Game
from tavola.core.i18n import Words, game_package
from tavola.games.revolution.common import limits
from tavola.games.revolution.loader import COMPONENTS as C


def _lines(game: Game, lang: str) -> tuple[list[str], Words]:
    words = Words.for_board(
        game_package(game.rules), game.rules.board(game.scenario, game.players, game.options)
    )
    return summary_lines(game.view(game.active_roles[0]), term=Terminal(game, words, lang)), words


@pytest.mark.parametrize("lang", ["en", "it"])
def test_4_the_terminal_board_names_provinces_factions_and_tracks(lang: str) -> None:
    """Over a random game's first 300 steps: every line in words (no id with an underscore, no
    bracket, no -1, no run of bare numbers), each province with tokens counted against its
    limit (§6.11) and the counts adding up to the view's, the factions' treasuries (§4.3), the
    Allegiance of the twelve cities (§6.16) and the six bishoprics (§6.18) by name."""
    game = Game("revolution", "standard", seed=3)
    pick = random.Random(3)
    for step in range(300):
        if game.is_over:
            break
        if step % 60 == 0:
            lines, words = _lines(game, lang)
            view = game.view(game.active_roles[0])
            for line in lines:
                assert not re.search(r"[_{}\[\]]|-1\b|\d+, \d+, \d+", line), line
            assert lines[0].startswith({"en": "Turn ", "it": "Turno "}[lang])
            for p, pid in enumerate(C.province_ids):
                total = sum(view["country"][p]) + sum(sum(view["places"][c]) for c in C.province_places[p])
                name = words.name(pid, "province", lang)
                mine = [x for x in lines if x.startswith(f"{name} (")]
                assert len(mine) == (1 if total or view["province_card"][p] >= 0 else 0), (name, mine)
                if mine:
                    assert re.match(
                        rf"{re.escape(name)} \({total}\D+{limits(view['players'])[p]}\b", mine[0]
                    ), mine[0]
            allegiance = next(x for x in lines if x.startswith(("Allegiance", "Fedeltà")))
            assert all(words.name(C.place_ids[c], "place", lang) in allegiance for c in C.cities)
            assert all(
                any(x.startswith(words.name(f, "", lang) + ":") for x in lines)
                for f in ("catholics", "habsburgs")
            )
            assert not words.missing, sorted(words.missing)
        role = game.active_roles[0]
        game.apply(role, pick.choice([a for a in game.legal_actions(role) if a != ("undo",)]))


def test_4_tavola_play_prints_no_raw_arrays(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("1\nq\n"))
    main(["play", "revolution", "--seed", "1", "--seat", "all=random", "--seat", "catholics=human"])
    out = capsys.readouterr().out
    board = [x for x in out.splitlines() if x and not x.startswith((" ", "[", "Choose"))]
    assert len(board) > 20
    for line in board:
        assert not re.search(r"^(Country|Places|Support|Blocks|City card|Province card):|-1, -1", line), line
