"""Rule traceability: every rulebook section, the code that implements it and the tests that check it.

Each game package holds a section index, ``sections.yaml``: every section of the rulebook in
printed order with its kind and a short English and Italian summary for players. Identifiers:

- ``9.3``: a numbered section (``9`` also finds a chapter numbered ``9.0``);
- ``9.3-apulia``: a worked example of section 9.3;
- ``FAQ-9.1``, ``CL-7.2``, ``HR-9.7``: the FAQ, clarification and house-rule notes attached to a
  section (all notes of one kind on one section share the id); ``FAQ-franks``: a note on a card.

Code cites them as ``§9.3``, ``§9.3-apulia`` or ``§FAQ-9.1``; the prose forms ``§9.1 FAQ``,
``FAQ §12.5``, ``§7.2 clarification``, ``§9.7 house rule`` and ``FAQ 'Franchi'`` (an alias
declared in the index) are read too. Tests are found by name, ``test_<id with underscores>_...``
(``test_9_3_...``, ``test_10_5_faq_...`` or ``test_faq_10_5_...``, ``test_8_pella_...``), and by
§ citations in their docstrings. A test of a section whose name also carries an example's name
(or a phrase of its ``match`` list, or, when the section has only one example, the word
``example``) checks that example, and a worked example's test counts for its section too; a card
note's ``match`` words name it too (``test_faq_huns_...`` for ``FAQ-visigoths-huns``). Code places are the citations in the
package's Python files and data files; an example counts as implemented when its section is.

:func:`trace_game` builds the report behind ``tavola trace``; :func:`sections` and
:func:`section` give the index to the platform as plain data.
"""

from __future__ import annotations

import ast
import importlib.util
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from tavola.core.errors import DataError, UnknownGame
from tavola.core.registry import GAMES

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
    target = GAMES.get(game_id)
    if target is None:
        raise UnknownGame(f"unknown game {game_id!r}; known games: {', '.join(sorted(GAMES))}")
    module = target.split(":")[0]
    try:
        spec = importlib.util.find_spec(module)
    except ModuleNotFoundError:
        spec = None
    if spec is None or not spec.submodule_search_locations:
        raise DataError(f"game {game_id!r} ({module}) is not a package, so it has no {INDEX_FILE}")
    return Package(module, Path(next(iter(spec.submodule_search_locations))))


def index_for(game_id: str) -> Index:
    pkg = package_of(game_id)
    path = pkg.path / INDEX_FILE
    if not path.exists():
        raise DataError(f"game {game_id!r} has no section index ({pkg.module}/{INDEX_FILE})")
    index = load_index(path)
    siblings = {g for g, t in GAMES.items() if t.split(":")[0] == pkg.module}
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


def _contains(words: list[str], phrase: tuple[str, ...]) -> bool:
    n = len(phrase)
    return any(tuple(words[i : i + n]) == phrase for i in range(len(words) - n + 1))


def name_targets(index: Index, name: str) -> tuple[list[str], str | None]:
    """The sections a test's name claims, most specific first, and an unknown citation if the
    name starts with a section that the index lacks."""
    words = name.split("_")[1:]
    best: tuple[str, ...] = ()
    for n in range(len(words), 0, -1):
        if tuple(words[:n]) in index.name_keys:
            best = tuple(words[:n])
            break
    if not best:
        return [], _unknown_name(words)
    sec = index.by_id[index.name_keys[best]]
    rest = words[len(best) :]
    if sec.kind == "example":
        return [sec.id, *([sec.parent] if sec.parent else [])], None
    examples = index.examples.get(sec.id, [])
    hits = [x.id for x in examples if any(_contains(rest, p) for p in x.phrases)]
    if not hits and len(examples) == 1 and "example" in rest:
        hits = [examples[0].id]
    return [*hits, sec.id], None


def _unknown_name(words: list[str]) -> str | None:
    digits = []
    for w in words:
        if not w.isdigit():
            break
        digits.append(w)
    if digits:
        return ".".join(digits)
    for prefix, forms in NOTE_WORDS.items():
        for f in forms:
            if tuple(words[: len(f)]) == f and len(words) > len(f):
                tail = words[len(f) :]
                num = []
                for w in tail:
                    if not w.isdigit():
                        break
                    num.append(w)
                return f"{prefix}-{'.'.join(num) if num else tail[0]}"
    return None


# --- the report -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Place:
    file: str
    line: int
    name: str
    """The enclosing function (``Class.method``, ``<module>``), the test's name, or ``data``."""
    via: str = ""
    """For tests: ``name`` or ``docstring``."""

    def __str__(self) -> str:
        return f"{self.file}:{self.line} {self.name}" + (f" ({self.via})" if self.via == "docstring" else "")


@dataclass
class Trace:
    index: Index
    package: str
    tests_dir: str | None
    code: dict[str, list[Place]]
    tests: dict[str, list[Place]]
    unknown: dict[str, list[Place]]
    title: str = ""

    def implemented(self, sid: str) -> bool:
        sec = self.index.by_id[sid]
        if self.code.get(sid):
            return True
        return sec.kind == "example" and sec.parent is not None and self.implemented(sec.parent)

    def tested(self, sid: str) -> bool:
        return bool(self.tests.get(sid))

    def totals(self) -> dict[str, dict[str, int]]:
        out: dict[str, dict[str, int]] = {}
        for sec in self.index.sections:
            t = out.setdefault(sec.kind, {"total": 0, "implemented": 0, "tested": 0, "both": 0})
            impl, test = self.implemented(sec.id), self.tested(sec.id)
            t["total"] += 1
            t["implemented"] += impl
            t["tested"] += test
            t["both"] += impl and test
        return {k: out[k] for k in KINDS if k in out}

    def missing(self, kinds: Iterable[str] = CHECKED) -> list[dict[str, Any]]:
        """The sections of the given kinds that lack code, tests or both."""
        kinds = tuple(kinds)
        out = []
        for sec in self.index.sections:
            if sec.kind not in kinds:
                continue
            lacks = [
                w for w, ok in (("code", self.implemented(sec.id)), ("tests", self.tested(sec.id))) if not ok
            ]
            if lacks:
                out.append({"id": sec.id, "kind": sec.kind, "title": sec.title["en"], "lacks": lacks})
        return out

    def as_json(self) -> dict[str, Any]:
        return {
            "package": self.package,
            "title": self.title,
            "index": self.index.path.name,
            "tests_dir": self.tests_dir,
            "sections": [
                {
                    **sec.as_dict(),
                    "implemented": self.implemented(sec.id),
                    "tested": self.tested(sec.id),
                    "code": [_place_json(p) for p in self.code.get(sec.id, [])],
                    "tests": [_place_json(p) for p in self.tests.get(sec.id, [])],
                }
                for sec in self.index.sections
            ],
            "totals": self.totals(),
            "missing": self.missing(),
            "unknown": [
                {"ref": ref, "places": [_place_json(p) for p in places]}
                for ref, places in sorted(self.unknown.items())
            ],
        }


def _place_json(p: Place) -> dict[str, Any]:
    d: dict[str, Any] = {"file": p.file, "line": p.line, "name": p.name}
    if p.via:
        d["via"] = p.via
    return d


def _rel(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.name


def _functions(tree: ast.AST) -> list[tuple[int, int, str]]:
    """(first line, last line, qualified name) of every function and class, outermost first."""
    spans: list[tuple[int, int, str]] = []

    def walk(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                name = f"{prefix}{child.name}"
                first = min([child.lineno, *(d.lineno for d in child.decorator_list)])
                spans.append((first, child.end_lineno or child.lineno, name))
                walk(child, name + ".")
            else:
                walk(child, prefix)

    walk(tree, "")
    return spans


def _enclosing(spans: list[tuple[int, int, str]], line: int) -> str:
    inner = [s for s in spans if s[0] <= line <= s[1]]
    return min(inner, key=lambda s: s[1] - s[0])[2] if inner else "<module>"


def _line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


class _Collector:
    def __init__(self, index: Index) -> None:
        self.index = index
        self.unknown: dict[str, list[Place]] = {}

    def targets(self, c: Citation) -> list[str] | None:
        """The section ids a citation means (an example also names its section); ``None``
        records it as unknown."""
        if c.alias:
            sid = self.index.resolve_alias(*c.alias)
        else:
            assert c.target is not None
            sid = self.index.resolve(c.target)
        return None if sid is None else [sid]

    def miss(self, c: Citation, place: Place) -> None:
        ref = f"{PROSE_KIND[c.alias[0].lower()]} '{c.alias[1]}'" if c.alias else f"§{c.target}"
        self.unknown.setdefault(ref, []).append(place)


def _code_places(index: Index, pkg_dir: Path, root: Path, col: _Collector) -> dict[str, list[Place]]:
    code: dict[str, list[Place]] = {}
    files = sorted(
        p
        for p in pkg_dir.rglob("*")
        if p.suffix in (".py", ".yaml", ".yml") and p.name != INDEX_FILE and "__pycache__" not in p.parts
    )
    for path in files:
        text = path.read_text(encoding="utf-8")
        spans: list[tuple[int, int, str]] = []
        if path.suffix == ".py":
            try:
                spans = _functions(ast.parse(text))
            except SyntaxError:
                spans = []
        rel = _rel(path, root)
        for c in scan(text):
            line = _line_of(text, c.offset)
            place = Place(rel, line, _enclosing(spans, line) if path.suffix == ".py" else "data")
            ids = col.targets(c)
            if ids is None:
                col.miss(c, place)
                continue
            for sid in ids:
                if place not in code.setdefault(sid, []):
                    code[sid].append(place)
    return code


def _test_functions(tree: ast.AST) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test_"):
            yield node


def _test_places(index: Index, tests_dir: Path, root: Path, col: _Collector) -> dict[str, list[Place]]:
    tests: dict[str, list[Place]] = {}

    def add(sid: str, place: Place) -> None:
        lst = tests.setdefault(sid, [])
        if not any(p.file == place.file and p.name == place.name for p in lst):
            lst.append(place)

    for path in sorted(tests_dir.rglob("test_*.py")):
        text = path.read_text(encoding="utf-8")
        try:
            tree = ast.parse(text)
        except SyntaxError:
            continue
        rel = _rel(path, root)
        for fn in _test_functions(tree):
            ids, unknown = name_targets(index, fn.name)
            place = Place(rel, fn.lineno, fn.name, "name")
            if unknown:
                col.unknown.setdefault(f"§{unknown}", []).append(place)
            for sid in ids:
                add(sid, place)
            doc = ast.get_docstring(fn) or ""
            dplace = Place(rel, fn.lineno, fn.name, "docstring")
            for c in scan(doc):
                found = col.targets(c)
                if found is None:
                    col.miss(c, dplace)
                    continue
                for sid in found:
                    add(sid, dplace)
                    parent = index.by_id[sid].parent
                    if index.by_id[sid].kind == "example" and parent:
                        add(parent, dplace)
    return tests


def find_tests_dir(pkg: Package) -> Path | None:
    """``tests/<package name>/`` in the nearest folder above the package that has one."""
    for up in pkg.path.parents:
        cand = up / "tests" / pkg.short
        if cand.is_dir():
            return cand
    return None


def trace_package(pkg: Package, tests_dir: Path | None = None, title: str = "") -> Trace:
    """Trace a game package that holds a ``sections.yaml`` against its code and tests."""
    index = load_index(pkg.path / INDEX_FILE)
    tests_dir = tests_dir if tests_dir is not None else find_tests_dir(pkg)
    root = tests_dir.parent.parent if tests_dir is not None else pkg.path.parent
    col = _Collector(index)
    code = _code_places(index, pkg.path, root, col)
    tests = _test_places(index, tests_dir, root, col) if tests_dir is not None else {}
    return Trace(
        index,
        pkg.module,
        _rel(tests_dir, root) if tests_dir is not None else None,
        code,
        tests,
        col.unknown,
        title or index.rulebook["en"],
    )


def trace_game(game_id: str, tests_dir: Path | None = None) -> Trace:
    """The trace report of a registered game (its package's index, code and tests)."""
    index_for(game_id)  # validates the index and its game lists first
    return trace_package(package_of(game_id), tests_dir)


# --- text output ------------------------------------------------------------------------------
def format_totals(tr: Trace) -> list[str]:
    lines = [f"{'kind':<10} {'total':>5} {'code':>5} {'tests':>5} {'both':>5}"]
    for kind, t in tr.totals().items():
        note = "" if kind in CHECKED else "   (not rules)"
        lines.append(
            f"{kind:<10} {t['total']:>5} {t['implemented']:>5} {t['tested']:>5} {t['both']:>5}{note}"
        )
    return lines


def format_report(tr: Trace, missing_only: bool = False) -> str:
    out = [f"{tr.title} ({tr.package}, {tr.index.path.name}; tests: {tr.tests_dir or 'not found'})", ""]
    if missing_only:
        gaps = tr.missing()
        out.append(f"{len(gaps)} rule sections lack code or tests" + (":" if gaps else "."))
        for g in gaps:
            out.append(f"  §{g['id']:<16} {g['kind']:<8} lacks {' and '.join(g['lacks']):<15} {g['title']}")
    else:
        for sec in tr.index.sections:
            impl, test = tr.implemented(sec.id), tr.tested(sec.id)
            flag = (
                ""
                if sec.kind not in CHECKED
                else ("ok" if impl and test else "no code" if test else "no tests" if impl else "none")
            )
            indent = "  " * sec.depth
            out.append(f"{indent}§{sec.id}  {sec.title['en']}  [{sec.kind}] {flag}".rstrip())
            for p in tr.code.get(sec.id, []):
                out.append(f"{indent}    code  {p}")
            if not tr.code.get(sec.id) and impl:
                out.append(f"{indent}    code  (through §{sec.parent})")
            for p in tr.tests.get(sec.id, []):
                out.append(f"{indent}    test  {p}")
    out.append("")
    out.extend(format_totals(tr))
    out.append("")
    if tr.unknown:
        out.append(f"{len(tr.unknown)} citations name no section of the index:")
        for ref, places in sorted(tr.unknown.items()):
            out.append(
                f"  {ref:<22} {', '.join(str(p) for p in places[:4])}"
                + (f" and {len(places) - 4} more" if len(places) > 4 else "")
            )
    else:
        out.append("Every citation names a section of the index.")
    return "\n".join(out)
