"""Every log line and prompt of every game reads as a sentence in English and Italian: names in
place of ids, articles and plurals right, no placeholder or internal id left (one catalogue
serves the terminal and the browser; tests/browser checks the browser renders it the same)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from tavola.core.game import Game
from tavola.core.i18n import Words, catalogue, game_package, plural_category

GAMES = [
    ("italia-i", None),
    ("italia-ii", None),
    ("antike-ii", "orient"),
    ("antike-ii", "mare-nostrum"),
    ("maria", "introductory"),
    ("maria", "advanced"),
    ("revolution", None),
]
# What a line must never show: a placeholder, an id with an underscore, "(s)" or "/i"
# plurals, "a" before a vowel, a double space, a lower-case opening.
BAD = re.compile(r"[{}_]|\(s\)|/[ie]\b|\ba (?!uni|use|eu|one)[aeiou]|  |^[a-z]")
# one of a thing counted in the plural ("collect 1 coins")
ONE_MANY = re.compile(
    r"\b1 (?:\w+ )?(coins|tokens|units|troops|cards|armies|monete|pedine|truppe|carte|eserciti)\b"
)


def sample_lines(game_id: str, scenario: str | None, seeds: int = 2) -> tuple[Words, list[tuple[str, dict]]]:
    """The log entries and prompts of random games (enough to meet every message of a game)."""
    items: list[tuple[str, dict[str, Any]]] = []
    words = None
    for seed in range(seeds):
        g = Game(game_id, scenario, seed=seed)
        words = words or Words.for_board(
            game_package(g.rules), g.rules.board(g.scenario, g.players, g.options)
        )
        pick = random.Random(seed)
        steps = 0
        while not g.is_over and steps < 2500:
            role = g.active_roles[0]
            prompt = g.view(role)["prompt"]
            if prompt:
                items.append((prompt.get("say") or prompt["text"], prompt.get("args") or {}))
            g.apply(role, pick.choice([a for a in g.legal_actions(role) if a != ("undo",)]))
            steps += 1
        items += [(ev["msg"], ev.get("args") or {}) for ev in g.log]
    assert words is not None
    return words, items


@pytest.mark.parametrize(("game_id", "scenario"), GAMES)
@pytest.mark.parametrize("lang", ["en", "it"])
def test_every_log_line_and_prompt_is_a_sentence(game_id: str, scenario: str | None, lang: str) -> None:
    words, items = sample_lines(game_id, scenario)
    bad = set()
    for key, args in items:
        line = words.render(key, args, lang)
        if BAD.search(line) or ONE_MANY.search(line) or line == key:
            bad.add(line)
    assert not bad, sorted(bad)[:20]
    assert not words.missing, f"ids with no display name: {sorted(words.missing)}"


def test_gold_is_an_amount_not_an_area() -> None:
    """The Italia income line once read "collect 11 gold (Umbria in the treasury)": a number in
    an arg called ``total`` was taken for area 11."""
    g = Game("italia-i", seed=0)
    words = Words.for_board(game_package(g.rules), g.rules.board(g.scenario, g.players, g.options))
    line = words.render("it.income", {"nation": "greeks", "gold": 11, "total": 11}, "en")
    assert line == "The Greeks collect 11 gold (11 in the treasury)."
    assert words.render("it.income", {"nation": "greeks", "gold": 1, "total": 1}, "it") == (
        "I Greci incassano 1 oro (1 nel tesoro)."
    )


def test_articles_and_plurals_in_both_languages() -> None:
    words = Words(["tavola.games.italia"])
    assert words.render("it.lost", {"nation": "celts", "unit": "infantry", "area": "x"}, "en").startswith(
        "The Celts lose an infantry unit"
    )
    assert words.render("it.lost", {"nation": "celts", "unit": "elephant", "area": "x"}, "it").startswith(
        "I Celti perdono un elefante"
    )
    assert "gli Etruschi" in words.render(
        "it.battle", {"area": "x", "attacker": "celts", "defender": "etruscans"}, "it"
    )
    assert "move 1 unit from" in words.render(
        "it.move", {"nation": "celts", "units": 1, "from": 0, "to": 1}, "en"
    )
    assert "move 4 units from" in words.render(
        "it.move", {"nation": "celts", "units": 4, "from": 0, "to": 1}, "en"
    )
    antike = Words(["tavola.games.antike"])
    assert antike.render("ev.personage", {"nation": "greeks", "kind": "scholars", "n": 1}, "en") == (
        "The Greeks gain 1 scholar."
    )
    assert antike.render("ev.personage", {"nation": "greeks", "kind": "scholars", "n": 2}, "it") == (
        "I Greci ottengono 2 studiosi."
    )
    assert (
        antike.render("ev.turn", {"nation": "greeks", "round": 1}, "en")
        == "Round 1: the Greeks take their turn."
    )


def test_plural_categories_come_from_cldr() -> None:
    assert plural_category(1, "en") == "one"
    assert plural_category(2, "en") == "other"
    assert plural_category(1, "it") == "one"
    assert plural_category(0, "it") == "other"


@pytest.mark.parametrize("package", ["tavola.games.italia", "tavola.games.antike"])
def test_every_nation_and_leader_has_a_name_in_both_languages(package: str) -> None:
    cat = catalogue(package)
    names = [k for k in cat if k.startswith(("nation.", "leader.")) and "@" not in k]
    assert names
    for key in names:
        assert cat[key]["en"] and cat[key]["it"], key
        if key.startswith("nation."):
            assert f"{key}@the" in cat, f"{key}: the article form is missing"


def test_the_patrimonium_is_named_as_the_rulebook_names_it_and_its_verbs_agree() -> None:
    """Italia II §3.0 and §14.3: "il Patrimonium", one nation in the singular ("il giocatore del
    Patrimonium può convertire"); the verbs after it agree, where a plural nation's do not."""
    words = Words(["tavola.games.italia"])
    cases = {
        ("it.lost_leader", "en"): ("The Patrimonium loses its leader", "The Franks lose their leader"),
        ("it.lost_leader", "it"): ("Il Patrimonium perde il suo leader", "I Franchi perdono il loro leader"),
        ("it.turn", "en"): (
            "Round 6: the Patrimonium takes its turn.",
            "Round 6: the Franks take their turn.",
        ),
        ("it.turn", "it"): ("Round 6: gioca il Patrimonium.", "Round 6: giocano i Franchi."),
        ("it.vp_halved", "it"): ("Il Patrimonium, sottomesso, conserva", "I Franchi, sottomessi, conservano"),
    }
    args = {"leader": "charlemagne", "area": "Roma", "round": 6, "vp": 2}
    for (key, lang), (single, plural) in cases.items():
        assert words.render(key, {**args, "nation": "patrimonium"}, lang).startswith(single)
        assert words.render(key, {**args, "nation": "franks"}, lang).startswith(plural)
    # every message reads the same for either number once the choice is made: no bar or mark left
    for key in catalogue("tavola.games.italia"):
        for lang in ("en", "it"):
            for nation in ("patrimonium", "franks"):
                line = words.render(key, {"nation": nation, "attacker": nation, "winner": nation}, lang)
                assert "|" not in line, (key, line)


@pytest.mark.parametrize(
    "package", [f"tavola.games.{g}" for g in ("italia", "antike", "maria", "revolution")]
)
def test_prompts_name_the_done_button_as_it_reads(package: str) -> None:
    """A prompt that ends on the Done button says to press it, by its label ("then done." read
    as a fragment; "poi fine" did not name the button "Fatto"), and the Italian verbs are
    conjugated ("razzi" is "rockets", not "you raid")."""
    done = {"en": "Done", "it": catalogue(package).get("verb.done", {}).get("it", "Fatto")}
    if "action.done" in catalogue(package):
        done["it"] = catalogue(package)["action.done"]["it"]
    for key, entry in catalogue(package).items():
        for lang in ("en", "it"):
            text = entry[lang]
            assert not re.search(r"\b(then|or) done\b|\b(poi|oppure) fine\b|\brazzi\b", text), (key, text)
            if re.search(r"\b(press|premi) ", text):
                assert re.search(rf"\b(press|premi) {done[lang]}\b", text), (key, text, done[lang])
