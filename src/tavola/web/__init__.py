"""The browser client: Jinja2 page templates, static ES modules, CSS and SVG, and the
interface message catalogues (``i18n/en.json``, ``i18n/it.json``).

The server mounts :data:`STATIC_DIR` at ``/static``, serves each game's own drawing code
(``web/<game-id>.js`` in the game's package, found by :func:`game_script`) at
``/static/games/<game-id>/<file>.js``, renders the templates in
:data:`TEMPLATES_DIR` with ``{lang, user, match_id}`` and serves :func:`ui_catalogue` as the
interface half of ``GET /api/i18n/{lang}``.
"""

from __future__ import annotations

import importlib.resources
import json
import re
from functools import cache
from pathlib import Path

from tavola.core.errors import UnknownGame
from tavola.core.registry import get_rules

HERE = Path(__file__).resolve().parent
STATIC_DIR = HERE / "static"
TEMPLATES_DIR = HERE / "templates"
I18N_DIR = HERE / "i18n"
UI_LANGUAGES = ("en", "it")


@cache
def ui_catalogue(lang: str) -> dict[str, str]:
    """The interface strings in ``lang`` (English for unknown languages), missing keys
    filled from English so the page never shows a bare key."""
    english: dict[str, str] = json.loads((I18N_DIR / "en.json").read_text(encoding="utf-8"))
    if lang not in UI_LANGUAGES or lang == "en":
        return dict(english)
    local: dict[str, str] = json.loads((I18N_DIR / f"{lang}.json").read_text(encoding="utf-8"))
    return {**english, **local}


SCRIPT_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*\.js$")


def game_script(game_id: str, name: str) -> Path | None:
    """A file of a game's browser code: ``web/<name>`` in the package of its Rules class
    (``tavola/games/antike/web/antike-ii.js``), or None for an unknown game or file."""
    if not SCRIPT_NAME.match(name):
        return None
    try:
        rules = get_rules(game_id)
    except UnknownGame:
        return None
    package = type(rules).__module__.rpartition(".")[0] or type(rules).__module__
    try:
        path = Path(str(importlib.resources.files(package).joinpath("web", name)))
    except (ModuleNotFoundError, TypeError):
        return None
    return path if path.is_file() else None
