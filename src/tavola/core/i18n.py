"""Message catalogues for log entries, prompts and action labels, in English and Italian.

Each game ships ``messages.yaml`` beside its code: ``key: {en: "...", it: "..."}``. One catalogue
serves the terminal (:func:`render`, :class:`Words`) and the browser (``web/static/js/words.js``
follows the same rules, and a browser test checks both agree on every log line).

Placeholders are filled from an event's or prompt's ``args``:

- ``{nation}``: the value; an id becomes its display name (an area of the board, or a
  catalogue name such as ``nation.greeks``, ``leader.brennus``, ``unit.legion``);
- ``{unit:a}`` / ``{nation:the}``: the name with its indefinite or definite article;
- ``{units#unit.any}`` / ``{n#kind}``: a count and the noun in the plural form the count takes
  (CLDR plural categories from Babel), the noun a catalogue key or the id held by another arg;
- ``{nation?take|takes}``: the words that agree with the arg's name, the first for a plural
  name (the default), the second for a singular one (``nation.patrimonium@number: one``).

A name's forms are catalogue entries of their own, so articles and plurals are data in each
language: ``unit.infantry@a`` ("an infantry unit", "una fanteria"), ``pers.kings@one``
("king", "re"), ``nation.greeks@the`` ("the Greeks", "i Greci"). Without a form entry, English
gets "a"/"an"/"the" by rule and Italian the bare name.
"""

from __future__ import annotations

import importlib.resources
import re
from collections.abc import Iterable
from functools import cache
from typing import Any

import yaml
from babel import Locale
from babel.numbers import format_decimal

from tavola.core.errors import DataError

LANGUAGES = ("en", "it")

# Catalogue prefixes under which an id in an arg finds its display name (words.js: the same).
WORD_PREFIXES = (
    "nation.",
    "leader.",
    "unit.",
    "role.",
    "space.",
    "tech.",
    "res.",
    "pers.",
    "why.",
    "reason.",
    "card.",
    "piece.",
    "noun.",
)
# Args whose integer value is an area of the board (Italia numbers its areas).
AREA_ARGS = frozenset({"area", "region", "from", "frm", "to", "at", "where", "city"})

PLACEHOLDER = re.compile(r"\{(\w+)(?:([:#])([\w.]+))?\}")
AGREEMENT = re.compile(r"\{(\w+)\?([^|{}]*)\|([^{}]*)\}")
_VOWEL_SOUND = re.compile(r"^(?!uni|use|eu|one)[aeiou]", re.IGNORECASE)


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


@cache
def plural_category(n: float, lang: str) -> str:
    """The CLDR plural category of ``n`` in ``lang`` (``one``, ``many``, ``other``)."""
    return Locale.parse(lang).plural_form(n)


def number(value: float, lang: str) -> str:
    """A number as a reader writes it: 5 (not 5.0), 0.5 in English, 0,5 in Italian."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int):
        return str(value)
    return format_decimal(value, locale=lang)


def tidy(text: str) -> str:
    """One space between words, none before punctuation (an empty arg leaves no gap), and a capital
    to begin with ("the Celts ..." opens a line as "The Celts ...")."""
    text = re.sub(r"\s+", " ", text).strip()
    text = re.sub(r"\s+([.,;:!?)])", r"\1", text)
    text = re.sub(r"\(\s+", "(", text)
    return text[:1].upper() + text[1:]


class Words:
    """Display names for the ids in a game's args, and the message renderer that uses them.

    ``areas`` maps an area's id and key to its names by language (from the game's board data).
    ``missing`` collects the ids that had no name (tests require it to stay empty).
    """

    def __init__(self, packages: Iterable[str], areas: dict[Any, dict[str, str]] | None = None) -> None:
        self.packages = [*packages, "tavola.core"]
        self.areas = areas or {}
        self.missing: set[str] = set()

    @classmethod
    def for_board(cls, package: str, board: dict[str, Any] | None) -> Words:
        """Words for a game: its catalogue, the areas (or regions) of its board data, and the
        board's ``names`` (pieces named but not drawn as areas: ``id``, ``name``, ``name_it``)."""
        areas: dict[Any, dict[str, str]] = {}
        for item in (board or {}).get("names") or []:
            if isinstance(item, dict) and "id" in item and "name" in item:
                areas[item["id"]] = {"en": str(item["name"]), "it": str(item.get("name_it") or item["name"])}
        for area in (board or {}).get("areas") or (board or {}).get("regions") or []:
            if not isinstance(area, dict) or "name" not in area:
                continue
            # the name printed on the board, in every language, unless the catalogue names it
            key = area.get("key", area.get("id"))
            named = catalogue(package).get(f"area.{key}")
            names = dict(named) if named else dict.fromkeys(LANGUAGES, str(area.get("label") or area["name"]))
            for ident in (area.get("id"), area.get("key")):
                if ident is not None:
                    areas[ident] = names
        return cls([package], areas)

    def entry(self, key: str) -> dict[str, str] | None:
        for package in self.packages:
            hit = catalogue(package).get(key)
            if hit is not None:
                return hit
        return None

    def text(self, key: str, lang: str) -> str | None:
        hit = self.entry(key)
        return None if hit is None else hit.get(lang) or hit["en"]

    def noun_key(self, value: Any) -> str | None:
        """The catalogue key naming an id (``nation.greeks``), or None."""
        if isinstance(value, str):
            for prefix in WORD_PREFIXES:
                if self.entry(prefix + value) is not None:
                    return prefix + value
            if self.entry(value) is not None and "." in value:
                return value
        return None

    def name(self, value: Any, arg: str, lang: str) -> str:
        """The display name of an arg's value (areas, catalogue names, numbers)."""
        if isinstance(value, bool):
            return str(value)
        if isinstance(value, int | float):
            if arg in AREA_ARGS and value in self.areas:
                return self.areas[value][lang]
            return number(value, lang)
        if isinstance(value, list | tuple):
            return ", ".join(self.name(v, arg, lang) for v in value)
        if value is None or value == "":
            return ""
        if value in self.areas:
            return self.areas[value][lang]
        key = self.noun_key(value)
        if key is not None:
            return self.text(key, lang) or str(value)
        self.missing.add(str(value))
        return str(value)

    def form(self, value: Any, arg: str, form: str, lang: str) -> str:
        """The name with an article: ``a`` (indefinite) or ``the`` (definite)."""
        key = self.noun_key(value)
        if key is not None:
            hit = self.text(f"{key}@{form}", lang)
            if hit is not None:
                return hit
        base = self.name(value, arg, lang)
        if lang != "en" or not base:
            return base
        if form == "the":
            return f"the {base}"
        return f"{'an' if _VOWEL_SOUND.match(base) else 'a'} {base}"

    def singular(self, value: Any) -> bool:
        """Whether a name takes a verb in the singular (its ``@number`` entry says ``one``)."""
        key = self.noun_key(value)
        return key is not None and self.text(f"{key}@number", "en") == "one"

    def counted(self, n: Any, noun: str, args: dict[str, Any], lang: str) -> str:
        """``n`` and the noun in the plural form ``n`` takes: "1 unit", "3 units", "3 unità"."""
        key = self.noun_key(args[noun]) if noun in args else noun
        shown = self.name(n, "", lang)
        if key is None or self.entry(key) is None:
            self.missing.add(str(args.get(noun, noun)))
            return shown
        category = plural_category(n if isinstance(n, int | float) else 0, lang)
        word = self.text(f"{key}@{category}", lang)
        if word is None and category != "one":
            word = self.text(f"{key}@other", lang)
        return f"{shown} {word if word is not None else self.text(key, lang)}"

    def render(self, key: str, args: dict[str, Any] | None, lang: str = "en") -> str:
        """A message in ``lang``; an unknown key shows as it is, so nothing is lost."""
        args = args or {}
        template = self.text(key, lang)
        if template is None:
            self.missing.add(key)
            return key

        def fill(m: re.Match[str]) -> str:
            name, sep, spec = m.group(1), m.group(2), m.group(3)
            if name not in args:
                return m.group(0)
            if sep == ":":
                return self.form(args[name], name, spec, lang)
            if sep == "#":
                return self.counted(args[name], spec, args, lang)
            return self.name(args[name], name, lang)

        def agree(m: re.Match[str]) -> str:
            name, plural, singular = m.group(1), m.group(2), m.group(3)
            return singular if name in args and self.singular(args[name]) else plural

        return tidy(PLACEHOLDER.sub(fill, AGREEMENT.sub(agree, template)))


def render(package: str, key: str, args: dict[str, Any] | None, lang: str = "en") -> str:
    """A message of ``package`` in ``lang``, with names from the catalogue (no board areas)."""
    return Words([package]).render(key, args, lang)
