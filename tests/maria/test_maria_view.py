"""The static board both renderers read: the map's towns keep their positions, and every piece the
log names (generals, supply trains) has a name in English and Italian. What a player reads of the
view, in the browser and in the terminal: the phase of §5 and the decision under way in the
book's terms, never an engine frame; cards by suit and value, never by id."""

from __future__ import annotations

import random
import re

import pytest

from tavola.core.game import Game
from tavola.core.i18n import Words
from tavola.games.maria.board_adapter import GEO
from tavola.games.maria.view import STAGE_PHASE, STEP_PHASE, board_json


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


# --- what a player reads: no engine internals, cards by suit and value ---------------------------

ENGINE_KEYS = {"flow", "group", "stage", "rng", "outcome", "victor", "unused"}


def _play_until(seed: int, wanted: str, scenario: str = "introductory") -> Game:
    """A random game played until the view of the role to act shows ``wanted``."""
    for s in range(seed, seed + 40):
        game = Game("maria", scenario, seed=s)
        pick = random.Random(s)
        while not game.is_over:
            role = game.active_roles[0]
            if game.view(role).get(wanted):
                return game
            game.apply(role, pick.choice([a for a in game.legal_actions(role) if a != ("undo",)]))
    raise AssertionError(f"no game reached {wanted}")


def test_5_the_view_names_the_phase_and_sends_no_engine_frame() -> None:
    """The view said "Group: -1", "Stage: allocate" and carried the flow stack: it names the
    phase of §5 and the decision under way in the book's terms instead."""
    game = Game("maria", "advanced", seed=2)
    for role in [*game.roles, None]:
        view = game.view(role)
        assert not ENGINE_KEYS & set(view), ENGINE_KEYS & set(view)
        assert view["phase"] == "setup" and view["acting"] == []
    words = Words.for_board("tavola.games.maria", board_json())
    for phase in {*STEP_PHASE.values(), *STAGE_PHASE.values()}:
        for lang in ("en", "it"):
            assert words.text(f"phase.{phase}", lang), phase


def test_11_1_the_battle_under_way_is_in_the_view_as_the_table_sees_it() -> None:
    game = _play_until(1, "battle")
    role = game.active_roles[0]
    view = game.view(role)
    battle = view["battle"]
    frame = next(f for f in game.state["flow"] if f["s"] == "battle")
    assert battle["troops"] == frame["troops"] and battle["score"] == frame["score"]
    assert battle["right"] in ("attacker", "defender")
    assert set(battle["suits"].values()) <= {"hearts", "diamonds", "clubs", "spades"}
    # the same for every seat: the troops are revealed at the start of the battle (§6)
    assert all(game.view(r)["battle"] == battle for r in game.roles)


def test_8_cards_on_the_choices_read_as_suit_and_value_never_as_ids() -> None:
    """The buttons said "Card: 37": every choice naming a tactical card names it by value and
    suit (or the Reserve), in the terminal's words and in the prompt the browser renders."""
    game = _play_until(1, "battle")
    role = game.active_roles[0]
    view = game.view(role)
    words = Words.for_board("tavola.games.maria", board_json())
    nouns = view["prompt"]["nouns"]
    assert len(nouns) == len(view["actions"])
    for action, noun in zip(view["actions"], nouns, strict=True):
        if action[0] == "card":
            for lang in ("en", "it"):
                text = words.render(noun["msg"], noun["args"], lang)
                assert re.fullmatch(r"(10|[2-9])[♥♦♣♠]", text), text
    assert not words.missing


def test_8_every_action_of_a_game_reads_without_an_id() -> None:
    """The terminal client's numbered choices, over a random game's first 600 steps in both
    languages: verbs by their labels, cards by suit and value, attacks by generals and cities."""
    from tavola.cli.play import Terminal

    game = Game("maria", "advanced", seed=4)
    words = Words.for_board("tavola.games.maria", board_json())
    pick = random.Random(4)
    terms = [Terminal(game, words, lang) for lang in ("en", "it")]
    for _ in range(600):
        if game.is_over:
            break
        role = game.active_roles[0]
        legal = game.legal_actions(role)
        for term in terms:
            for a in legal:
                text = term.action(role, a)
                assert not re.search(r"[_>@{}]|\b\d{2,3}\b(?! (points|punti))|: \d+$", text), text
        game.apply(role, pick.choice([a for a in legal if a != ("undo",)]))
    assert not words.missing, sorted(words.missing)


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("wanted", ["battle", "retreat", "winter", "paying", "attacks"])
def test_5_the_terminal_board_reads_in_words(wanted: str, lang: str) -> None:
    """`tavola play`'s board for Maria: the turn and phase, the decision under way, each power's
    troops and cards, the generals, trains and markers, in sentences (it printed the view's raw
    keys: "Group: -1", "Flow: s sequence", "Unused: 1, 2, 3")."""
    from tavola.cli.play import Terminal, summary_lines

    game = _play_until(1, wanted)
    role = game.active_roles[0]
    words = Words.for_board("tavola.games.maria", board_json())
    lines = summary_lines(game.view(role), term=Terminal(game, words, lang))
    turn = {"en": "Turn ", "it": "Turno "}[lang]
    assert lines[0].startswith(turn)
    head = {
        "battle": {"en": "Battle: ", "it": "Battaglia: "},
        "retreat": {"en": "Retreat: ", "it": "Ritirata: "},
        "winter": {"en": "Winter: ", "it": "Inverno: "},
        "paying": {"en": "", "it": ""},
        "attacks": {"en": "Attacks due: ", "it": "Attacchi dovuti: "},
    }[wanted][lang]
    assert any(line.startswith(head) for line in lines[1:3]), lines[:3]
    for line in lines:  # a raw -1 is a key's ("Group: -1"); a battle's score may be -1 (§11.1)
        assert not re.search(r"[_{}\[\]\"]|(?<!score )(?<!punteggio )-1\b|\bNone\b", line), line
    assert not words.missing, sorted(words.missing)


def test_every_option_and_reading_is_named_in_both_languages() -> None:
    """The lobby showed Maria's options in English only and their readings as ids ("moves",
    "superpower", "no_general"): each option and each of its choices has words in the game's
    catalogue, in English and Italian, and the book's reading says so."""
    from tavola.games.maria.setup import ADVANCED_OPTIONS, OPTIONS

    words = Words(["tavola.games.maria"])
    for o in OPTIONS + ADVANCED_OPTIONS:
        for lang in ("en", "it"):
            assert words.text(f"option.{o.name}", lang), o.name
        if set(o.choices) == {True, False}:
            continue  # a checkbox: the option's words say what ticking it means
        for c in o.choices:
            for lang in ("en", "it"):
                assert words.text(f"option.{o.name}.{c}", lang), (o.name, c)
        book = {"en": "the book", "it": "il regolamento"}
        assert all(book[lang] in words.text(f"option.{o.name}.{o.default}", lang) for lang in book)
