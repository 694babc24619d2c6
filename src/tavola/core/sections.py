"""The rulebook section index of a game: every section, in printed order, for players and code.

Each game package holds a section index, ``sections.yaml``: every section of the rulebook in
printed order with its kind and a short English and Italian summary for players. Identifiers:

- ``9.3``: a numbered section (``9`` also finds a chapter numbered ``9.0``);
- ``9.3-apulia``: a worked example of section 9.3;
- ``FAQ-9.1``, ``CL-7.2``, ``HR-9.7``: the FAQ, clarification and house-rule notes attached to a
  section (all notes of one kind on one section share the id); ``FAQ-franks``: a note on a card.

Code cites them as ``§9.3``, ``§9.3-apulia`` or ``§FAQ-9.1``; the prose forms ``§9.1 FAQ``,
``FAQ §12.5``, ``§7.2 clarification``, ``§9.7 house rule`` and ``FAQ 'Franchi'`` (an alias
declared in the index) are read too (:func:`scan`). Tests claim sections by name,
``test_<id with underscores>_...``; the index checks that no two sections would own the same
test names. The trace report that matches code and tests to the index is
:mod:`tavola.tools.trace`.

:func:`sections` and :func:`section` give the index to the platform as plain data.
"""

from __future__ import annotations

import importlib.util
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from tavola.core.errors import DataError
from tavola.core.registry import game_ids, module_of

INDEX_FILE = "sections.yaml"
KINDS = ("rule", "example", "faq", "optional", "component", "intro")
CHECKED = ("rule", "example", "faq", "optional")
"""The kinds whose implementation and tests are counted; components and intros are not rules."""

_NUM = r"\d+(?:\.\d+)*"
_SLUG = r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*"
NOTE_KIND = {"FAQ": "faq", "CL": "faq", "HR": "optional"}
# How a note kind is written in test names and in prose.
NOTE_WORDS: dict[str, tuple[tuple[str, ...], ...]] = {
    "FAQ": (("faq",),),
    "CL": (("clarification",), ("cl",)),
    "HR": (("house", "rule"), ("hr",)),
}
PROSE_KIND = {"faq": "FAQ", "clarification": "CL", "house rule": "HR"}

RE_NUM = re.compile(rf"^{_NUM}$")
RE_EXAMPLE = re.compile(rf"^({_NUM})-({_SLUG})$")
RE_NOTE = re.compile(rf"^(FAQ|CL|HR)-(?:({_NUM})|({_SLUG}))$")

_KIND_WORD = r"(FAQ|[Cc]larification|[Hh]ouse rule)"
_REF = rf"(?:(?:FAQ|CL|HR)-(?:{_NUM}|{_SLUG})|{_NUM}(?:-{_SLUG})?)"
# Order matters: the prose forms claim their § before the plain form sees it.
CITATION_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("after", re.compile(rf"§\s?({_NUM})\s+{_KIND_WORD}\b")),
    ("before", re.compile(rf"\b{_KIND_WORD}\s+§\s?({_NUM})(?![\w.]*\w)")),
    ("quoted", re.compile(rf"\b{_KIND_WORD}\s+'([^'\n]+)'")),
    ("plain", re.compile(rf"§\s?({_REF})(?![\w-]*\w)")),
    ("bare", re.compile(rf"(?<![\w§-])((?:FAQ|CL|HR)-(?:{_NUM}|{_SLUG}))(?![\w-]*\w)")),
)


# --- the index file ---------------------------------------------------------------------------
class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Text(_Strict):
    en: str = Field(min_length=1)
    it: str = Field(min_length=1)


class SectionModel(_Strict):
    id: str
    kind: Literal["rule", "example", "faq", "optional", "component", "intro"]
    title: Text
    summary: Text
    match: list[str] = []
    aliases: list[str] = []
    games: list[str] | None = None

    @field_validator("match")
    @classmethod
    def _phrases(cls, v: list[str]) -> list[str]:
        for m in v:
            if not re.fullmatch(r"[a-z0-9]+(?:_[a-z0-9]+)*", m):
                raise ValueError(f"match phrase {m!r} must be lower-case words joined by '_'")
        return v

    @model_validator(mode="after")
    def _shape(self) -> SectionModel:
        i = self.id
        if RE_NUM.match(i):
            if self.kind in ("example", "faq"):
                raise ValueError(
                    f"{i!r} is a numbered section; a {self.kind} needs an id like '{i}-name' or 'FAQ-{i}'"
                )
        elif RE_EXAMPLE.match(i):
            if self.kind != "example":
                raise ValueError(f"{i!r} has the form of an example but kind {self.kind!r}")
        elif m := RE_NOTE.match(i):
            if self.kind != NOTE_KIND[m.group(1)]:
                raise ValueError(f"{i!r} must have kind {NOTE_KIND[m.group(1)]!r}, not {self.kind!r}")
        else:
            raise ValueError(f"bad section id {i!r}: use '9.3', '9.3-name', 'FAQ-9.3' or 'FAQ-name'")
        if self.match and not (self.kind == "example" or ((m := RE_NOTE.match(i)) and m.group(3))):
            raise ValueError("'match' is for examples and for notes named by a word, like 'FAQ-franks'")
        return self


class IndexModel(_Strict):
    rulebook: Text
    sections: list[SectionModel] = Field(min_length=1)


@dataclass(frozen=True)
class Section:
    id: str
    kind: str
    title: dict[str, str]
    summary: dict[str, str]
    parent: str | None
    depth: int
    phrases: tuple[tuple[str, ...], ...]
    aliases: tuple[str, ...]
    games: tuple[str, ...] | None

    @property
    def ref(self) -> str:
        return f"§{self.id}"

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "ref": self.ref,
            "kind": self.kind,
            "parent": self.parent,
            "depth": self.depth,
            "title": dict(self.title),
            "summary": dict(self.summary),
        }


def _numkey(num: str) -> tuple[int, ...]:
    return tuple(int(p) for p in num.split("."))


@dataclass
class Index:
    """A loaded section index: the sections in printed order and the ways to find them."""

    path: Path
    rulebook: dict[str, str]
    sections: list[Section]
    by_id: dict[str, Section] = field(default_factory=dict)
    examples: dict[str, list[Section]] = field(default_factory=dict)
    aliases: dict[tuple[str, str], str] = field(default_factory=dict)
    name_keys: dict[tuple[str, ...], str] = field(default_factory=dict)

    def resolve(self, ref: str) -> str | None:
        """The id a citation means (``§`` optional), or ``None``; ``9`` finds a chapter ``9.0``."""
        ref = ref.strip().removeprefix("§").strip()
        if ref in self.by_id:
            return ref
        m = RE_NOTE.match(ref) or RE_EXAMPLE.match(ref)
        if m and m.re is RE_NOTE and m.group(2):
            alt = f"{m.group(1)}-{m.group(2)}.0"
        elif m and m.re is RE_EXAMPLE:
            alt = f"{m.group(1)}.0-{m.group(2)}"
        elif RE_NUM.match(ref):
            alt = f"{ref}.0"
        else:
            return None
        return alt if alt in self.by_id else None

    def resolve_alias(self, kind_word: str, name: str) -> str | None:
        return self.aliases.get((PROSE_KIND[kind_word.lower()], name.strip().lower()))


def _parent_num(num: str, known: dict[str, Any]) -> str | None:
    parts = num.split(".")
    if len(parts) == 1 or (len(parts) == 2 and parts[1] == "0"):
        return None
    up = ".".join(parts[:-1])
    if up in known:
        return up
    return f"{up}.0" if f"{up}.0" in known else up


def _number_keys(num: str) -> list[tuple[str, ...]]:
    t = tuple(num.split("."))
    return [t, t[:-1]] if len(t) > 1 and t[-1] == "0" else [t]


def _build(path: Path, model: IndexModel) -> Index:
    where = path.name
    sections: list[Section] = []
    seen: dict[str, Section] = {}
    last_num: tuple[int, ...] = ()
    for i, s in enumerate(model.sections):
        item = f"{where}: sections[{i}] ({s.id!r})"
        if s.id in seen:
            raise DataError(f"{item}: duplicate id")
        parent: str | None = None
        if RE_NUM.match(s.id):
            if _numkey(s.id) <= last_num:
                raise DataError(f"{item}: out of order, it follows §{'.'.join(map(str, last_num))}")
            last_num = _numkey(s.id)
            parent = _parent_num(s.id, seen)
            if parent is not None and parent not in seen:
                raise DataError(f"{item}: its chapter §{parent} is not listed before it")
        elif m := RE_EXAMPLE.match(s.id):
            parent = m.group(1)
            if parent not in seen:
                raise DataError(f"{item}: the example's section §{parent} is not listed before it")
        elif (m := RE_NOTE.match(s.id)) and m.group(2):
            parent = m.group(2)
            if parent not in seen:
                raise DataError(f"{item}: the note's section §{parent} is not listed before it")
        games = tuple(s.games) if s.games is not None else (seen[parent].games if parent else None)
        depth = seen[parent].depth + 1 if parent else 0
        phrases = (tuple(s.id.split("-", 1)[1].split("-")),) if s.kind == "example" else ()
        phrases += tuple(tuple(p.split("_")) for p in s.match)
        sec = Section(
            s.id,
            s.kind,
            s.title.model_dump(),
            s.summary.model_dump(),
            parent,
            depth,
            phrases,
            tuple(s.aliases),
            games,
        )
        seen[s.id] = sec
        sections.append(sec)
    index = Index(path, model.rulebook.model_dump(), sections, seen)
    for sec in sections:
        if sec.kind == "example" and sec.parent:
            index.examples.setdefault(sec.parent, []).append(sec)
        for alias in sec.aliases:
            prefix = sec.id.split("-", 1)[0]
            if prefix not in NOTE_WORDS:
                raise DataError(f"{where}: {sec.id!r}: aliases are for FAQ, CL and HR notes")
            key = (prefix, alias.strip().lower())
            if key in index.aliases:
                raise DataError(f"{where}: {sec.id!r}: alias {alias!r} already names {index.aliases[key]!r}")
            index.aliases[key] = sec.id
        for key in _name_keys(sec):
            other = index.name_keys.setdefault(key, sec.id)
            if other != sec.id:
                raise DataError(
                    f"{where}: {sec.id!r} and {other!r} would both own tests named 'test_{'_'.join(key)}_...'"
                )
    return index


def _name_keys(sec: Section) -> list[tuple[str, ...]]:
    """The leading words of test names that belong to ``sec``."""
    if RE_NUM.match(sec.id):
        return _number_keys(sec.id)
    if m := RE_EXAMPLE.match(sec.id):
        return [k + tuple(m.group(2).split("-")) for k in _number_keys(m.group(1))]
    m = RE_NOTE.match(sec.id)
    assert m is not None  # the model admits no other form
    tails = (
        _number_keys(m.group(2)) if m.group(2) else [tuple(m.group(3).split("-")), *(p for p in sec.phrases)]
    )
    keys = []
    for words in NOTE_WORDS[m.group(1)]:
        for t in tails:
            keys.append(words + t)
            if m.group(2):
                keys.append(t + words)
    return keys


def load_index(path: Path | str) -> Index:
    """Read and validate a ``sections.yaml``; any fault raises :class:`DataError` naming the item."""
    path = Path(path)
    return _load_cached(path.resolve(), path.stat().st_mtime_ns if path.exists() else 0)


@cache
def _load_cached(path: Path, _mtime: int) -> Index:
    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise DataError(f"{path.name}: file not found") from exc
    except yaml.YAMLError as exc:
        raise DataError(f"{path.name}: not valid YAML: {exc}") from exc
    try:
        model = IndexModel.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = err["loc"]
        where = path.name
        if len(loc) >= 2 and loc[0] == "sections" and isinstance(loc[1], int):
            items = raw.get("sections") if isinstance(raw, dict) else None
            ident = (
                items[loc[1]].get("id")
                if isinstance(items, list) and isinstance(items[loc[1]], dict)
                else None
            )
            where += f": sections[{loc[1]}] ({ident!r})"
            loc = loc[2:]
        field_path = ".".join(str(p) for p in loc)
        raise DataError(f"{where}: {field_path + ': ' if field_path else ''}{err['msg']}") from exc
    return _build(path, model)


# --- games and packages -----------------------------------------------------------------------
@dataclass(frozen=True)
class Package:
    module: str
    path: Path

    @property
    def short(self) -> str:
        return self.module.rsplit(".", 1)[-1]


def package_of(game_id: str) -> Package:
    """The package holding a registered game, found without importing the game's rules."""
    module = module_of(game_id)
    # A game registered as an instance names the module of its class; its package is one up.
    for name in (module, module.rpartition(".")[0]):
        try:
            spec = importlib.util.find_spec(name) if name else None
        except ModuleNotFoundError:
            spec = None
        if spec is not None and spec.submodule_search_locations:
            return Package(name, Path(next(iter(spec.submodule_search_locations))))
    raise DataError(f"game {game_id!r} ({module}) is not a package, so it has no {INDEX_FILE}")


def index_for(game_id: str) -> Index:
    pkg = package_of(game_id)
    path = pkg.path / INDEX_FILE
    if not path.exists():
        raise DataError(f"game {game_id!r} has no section index ({pkg.module}/{INDEX_FILE})")
    index = load_index(path)
    siblings = {g for g in game_ids() if pkg.module in (module_of(g), module_of(g).rpartition(".")[0])}
    for sec in index.sections:
        for g in sec.games or ():
            if g not in siblings:
                raise DataError(
                    f"{INDEX_FILE}: {sec.id!r}: game {g!r} is not played with {pkg.module} "
                    f"(its games: {', '.join(sorted(siblings))})"
                )
    return index


def sections(game_id: str) -> list[dict[str, Any]]:
    """The rulebook's sections for a game, in printed order, as plain JSON-ready dicts.

    Each is ``{"id": "9.3", "ref": "§9.3", "kind": "rule", "parent": "9.0", "depth": 1,
    "title": {"en": ..., "it": ...}, "summary": {"en": ..., "it": ...}}``. Sections that belong
    only to other games of the same package (Italia I's §13 for Italia II) are left out."""
    index = index_for(game_id)
    return [s.as_dict() for s in index.sections if s.games is None or game_id in s.games]


def section(game_id: str, ref: str) -> dict[str, Any] | None:
    """One section by a citation as the code writes it (``§9``, ``§9.3``, ``§FAQ-9.1``,
    ``§9.1 FAQ``), e.g. the ``rule`` of a prompt; ``None`` if the index has no such section."""
    index = index_for(game_id)
    for c in scan(ref) or [Citation(0, ref, ref)]:
        sid = index.resolve_alias(*c.alias) if c.alias else index.resolve(c.target or "")
        if sid is not None:
            return index.by_id[sid].as_dict()
    return None


# --- finding citations ----------------------------------------------------------------------
@dataclass(frozen=True)
class Citation:
    offset: int
    text: str
    target: str | None = None
    """The id as written (``9.3``, ``FAQ-6.1``), before it is looked up."""
    alias: tuple[str, str] | None = None
    """``(kind word, name)`` of a quoted card note, e.g. ``("FAQ", "Franchi")``."""


def scan(text: str) -> list[Citation]:
    """Every rule citation in a piece of text, in order."""
    taken: list[tuple[int, int]] = []
    found: list[Citation] = []
    for form, pattern in CITATION_PATTERNS:
        for m in pattern.finditer(text):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            taken.append(m.span())
            if form == "after":
                found.append(
                    Citation(m.start(), m.group(0), f"{PROSE_KIND[m.group(2).lower()]}-{m.group(1)}")
                )
            elif form == "before":
                found.append(
                    Citation(m.start(), m.group(0), f"{PROSE_KIND[m.group(1).lower()]}-{m.group(2)}")
                )
            elif form == "quoted":
                found.append(Citation(m.start(), m.group(0), alias=(m.group(1), m.group(2))))
            else:
                found.append(Citation(m.start(), m.group(0), m.group(1)))
    return sorted(found, key=lambda c: c.offset)
