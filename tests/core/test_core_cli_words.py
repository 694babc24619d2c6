"""`tavola play` speaks the player's language: the result line, the choices, the questions."""

from __future__ import annotations

import io
import re

import pytest

from tavola.cli import main

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
    # the board summary under the interface's labels, names in place of ids
    label = {"en": "Nation to play: ", "it": "Nazione di turno: "}[lang]
    nation = next(line for line in captured.out.splitlines() if line.startswith(label))
    shown = nation[len(label) :]
    assert shown[:1].isupper() and "_" not in shown, nation
    left = {"en": "Game left unfinished", "it": "Partita lasciata in sospeso"}[lang]
    assert left in captured.err
