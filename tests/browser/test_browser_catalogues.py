"""The interface catalogues: both languages have every key the pages and scripts use."""

from __future__ import annotations

import json
import re

from tavola.core.registry import game_ids
from tavola.web import I18N_DIR, STATIC_DIR, TEMPLATES_DIR, game_script, ui_catalogue


def used_keys() -> set[str]:
    keys: set[str] = set()
    for path in TEMPLATES_DIR.glob("*.html"):
        text = path.read_text(encoding="utf-8")
        keys |= set(re.findall(r'data-i18n="([^"]+)"', text))
        for attr in re.findall(r'data-i18n-attr="([^"]+)"', text):
            keys |= {pair.split(":")[1].strip() for pair in attr.split(";")}
    game_dirs = {p.parent for p in (game_script(g, f"{g}.js") for g in game_ids()) if p}
    for path in [
        *STATIC_DIR.glob("js/*.js"),
        *STATIC_DIR.glob("games/*.js"),
        *(f for d in game_dirs for f in d.glob("*.js")),
    ]:
        keys |= set(re.findall(r'\bt\(\s*"([^"]+)"', path.read_text(encoding="utf-8")))
    return keys


def test_every_used_key_is_in_both_languages() -> None:
    en = json.loads((I18N_DIR / "en.json").read_text(encoding="utf-8"))
    it = json.loads((I18N_DIR / "it.json").read_text(encoding="utf-8"))
    assert set(en) == set(it)
    missing = used_keys() - set(en)
    assert not missing, f"keys used by the client but missing from the catalogues: {sorted(missing)}"
    for key, text in en.items():
        assert set(re.findall(r"\{(\w+)\}", text)) == set(re.findall(r"\{(\w+)\}", it[key])), key


def test_ui_catalogue_falls_back_to_english() -> None:
    assert ui_catalogue("it")["lobby.create"] == "Crea la partita"
    assert ui_catalogue("xx")["lobby.create"] == "Create game"


def test_each_game_script_is_found_through_the_registry() -> None:
    for game in ("antike-ii", "italia-i", "italia-ii"):
        path = game_script(game, f"{game}.js")
        assert path is not None and path.is_file(), game
    assert game_script("antike-ii", "../rules.py") is None
    assert game_script("no-such-game", "x.js") is None
