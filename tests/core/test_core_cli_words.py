"""`tavola play` speaks the player's language: the result line, the choices, the questions."""

from __future__ import annotations

import io
import random
import re

import pytest

from tavola.cli import main
from tavola.cli.play import Terminal, _show_turn
from tavola.core.game import Game
from tavola.core.i18n import Words, game_package

RAW = re.compile(r"[{}_]|\b(win|scores|fleet|area|done|undo)\b")


@pytest.mark.parametrize(
    ("lang", "opening"), [("en", "Game over. Winner: "), ("it", "Partita finita. Vincitore: ")]
)
def test_the_game_over_line_is_translated(
    capsys: pytest.CaptureFixture[str], lang: str, opening: str
) -> None:
    assert main(["play", "antike-ii", "--seed", "2", "--seat", "all=random", "--lang", lang]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last.startswith(opening), last
    assert not RAW.search(last), last
    # the nations by their names, the reason in words, the scores after them
    names = {"en": ("Greeks", "Persians"), "it": ("Greci", "Persiani")}[lang]
    assert all(n in last for n in names), last


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_choices_and_questions_are_translated(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """Italia, a human seat: each choice is a verb and names (no ids), the question asks in
    the player's language, and leaving says so."""
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n1\n1\nq\n"))
    code = main(
        ["play", "italia-i", "--seed", "1", "--seat", "all=random", "--seat", "red=human", "--lang", lang]
    )
    assert code == 3
    captured = capsys.readouterr()
    choices = [line.split(". ", 1)[1] for line in captured.out.splitlines() if re.match(r"^\s+\d+\. ", line)]
    assert choices
    for text in choices:
        verb = text.split(":")[0]
        assert not RAW.search(verb) and "_" not in text and text[:1].isupper(), text
    question = {"en": "Choose a number (q to quit):", "it": "Scegli un numero (q per uscire):"}[lang]
    assert question in captured.out
    role = {"en": "[Red]", "it": "[Rosso]"}[lang]
    assert role in captured.out
    # the board summary in words, names in place of ids
    label = {"en": "nation to play: ", "it": "nazione di turno: "}[lang]
    nation = next(line for line in captured.out.splitlines() if label in line)
    shown = nation.split(label, 1)[1]
    assert shown[:1].isupper() and "_" not in shown, nation
    left = {"en": "Game left unfinished", "it": "Partita lasciata in sospeso"}[lang]
    assert left in captured.err


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("game", ["italia-i", "italia-ii"])
def test_italia_board_summary_reads_as_the_browser_shows_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, game: str, lang: str
) -> None:
    """`tavola play` on Italia: the board is written in words from the game's catalogue (the
    areas and nations were raw JSON, the step of the turn an internal id such as "reinf"):
    the round and nation to play, each nation's gold and VP, every area with its units counted
    by type and nation, cities marked."""
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n1\nq\n"))
    human = {"italia-i": "red", "italia-ii": "red"}[game]
    main(["play", game, "--seed", "1", "--seat", "all=random", "--seat", f"{human}=human", "--lang", lang])
    out = capsys.readouterr().out
    board = [
        line for line in out.splitlines() if line and not line.startswith(" ") and not line.startswith("[")
    ]
    board = [line for line in board if not line.startswith(("Choose", "Scegli"))]
    assert board
    for line in board:
        assert not re.search(r"[{}\[\]_\"]", line), line
        assert not re.search(
            r"\b(reinf|buy|place|move|celts|romans|None|True|False)\b", line.split(":")[-1]
        ), line
    city, gold = {"en": ("(city)", " gold, "), "it": ("(città)", " oro, ")}[lang]
    assert any(line.startswith("Roma " + city + ": ") for line in board), board
    assert any(re.match(r"^\w[\w' ]* \(\w+\)(: \d+ \w+.* \(\w[\w' ]*\))?$", line) for line in board), board
    assert sum(gold in line for line in board) >= 12
    turn = {"en": "Round ", "it": "Round "}[lang]
    assert any(line.startswith(turn) for line in board)


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("game", ["antike-ii"])
def test_a_board_without_a_summary_of_its_own_reads_without_json(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, game: str, lang: str
) -> None:
    """`tavola play` on a game that gives no summary: its view's tables (nations, regions,
    generals) a line an entry, fields by their labels and ids by their names (they were JSON
    with the games' internal ids)."""
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n1\nq\n"))
    main(["play", game, "--seed", "1", "--lang", lang])
    out = capsys.readouterr().out
    board = [line for line in out.splitlines() if line and not re.match(r"^\s+\d+\. |^\[", line)]
    assert len(board) > 10
    for line in board:
        assert not re.search(r"[{}\[\]\"_]", line), line
    assert any(line.startswith("  ") and ": " in line for line in board), board


@pytest.mark.parametrize(("lang", "put_back"), [("en", "put some back"), ("it", "rimetterne giù")])
def test_8_3_the_group_prompt_offers_to_put_units_back_only_when_it_may(lang: str, put_back: str) -> None:
    """Italia in the terminal: the group's prompt asks to gather before anything is gathered,
    and says "put some back" only when a unit may be left behind (§8.3: once the group has
    moved), as the browser says it."""
    game = Game("italia-i", "standard", seed=1)
    words = Words.for_board(
        game_package(game.rules), game.rules.board(game.scenario, game.players, game.options)
    )
    term = Terminal(game, words, lang)
    pick = random.Random(1)
    seen = set()
    for _ in range(400):
        role = game.active_roles[0]
        legal = [a for a in game.legal_actions(role) if a != ("undo",)]
        if game.view(role)["prompt"]["text"] == "it.p.move.group":
            out = io.StringIO()
            _show_turn(term, role, out)
            asked = next(line for line in out.getvalue().splitlines() if line.startswith("["))
            may_drop = any(a[0] == "drop" for a in legal)
            assert (put_back in asked) == may_drop, (asked, legal)
            seen.add(may_drop)
            # keep the group going: gather, move on, leave units behind
            onward = [a for a in legal if a[0] in ("area", "unit", "drop")]
            legal = onward if onward and pick.random() < 0.9 else legal
        game.apply(role, pick.choice(legal))
        if seen == {True, False}:
            break
    assert seen == {True, False}, seen
