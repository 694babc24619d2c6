"""Message catalogues for log entries, prompts and action labels, in English and Italian.

Each game ships ``messages.yaml`` beside its code: ``key: {en: "...", it: "..."}`` with
``{name}`` placeholders filled from an event's or prompt's ``args``.
"""

from __future__ import annotations

import importlib.resources
from functools import cache
from typing import Any

import yaml

from tavola.core.errors import DataError

LANGUAGES = ("en", "it")


@cache
def catalogue(package: str) -> dict[str, dict[str, str]]:
    """The messages of a package (``tavola.games.antike``), validated: every key has en and it."""
    try:
        text = importlib.resources.files(package).joinpath("messages.yaml").read_text(encoding="utf-8")
    except (FileNotFoundError, TypeError, ModuleNotFoundError):
        return {}  # a module that is not a package, or no catalogue: keys show as they are
    data = yaml.safe_load(text) or {}
    if not isinstance(data, dict):
        raise DataError(f"{package} messages.yaml: expected a mapping of keys")
    for key, entry in data.items():
        if not isinstance(entry, dict) or any(not isinstance(entry.get(lang), str) for lang in LANGUAGES):
            raise DataError(f"{package} messages.yaml: {key!r} needs an 'en' and an 'it' string")
    return data


def game_package(rules: object) -> str:
    """The package holding a game's catalogue: ``tavola.games.antike`` for its Rules object."""
    return ".".join(type(rules).__module__.split(".")[:3])


def render(package: str, key: str, args: dict[str, Any] | None, lang: str = "en") -> str:
    """A message in ``lang``; unknown keys fall back to the key itself so nothing is lost."""
    entry = catalogue(package).get(key) or catalogue("tavola.core").get(key)
    if entry is None:
        return key
    text = entry.get(lang) or entry["en"]
    try:
        return text.format(**(args or {}))
    except (KeyError, IndexError, ValueError):
        return text
