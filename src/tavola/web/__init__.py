"""The browser client: Jinja2 page templates, static ES modules, CSS and SVG, and the
interface message catalogues (``i18n/en.json``, ``i18n/it.json``).

The server mounts :data:`STATIC_DIR` at ``/static``, renders the templates in
:data:`TEMPLATES_DIR` with ``{lang, user, match_id}`` and serves :func:`ui_catalogue` as the
interface half of ``GET /api/i18n/{lang}``.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

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
