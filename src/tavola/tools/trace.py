"""Rule traceability: every rulebook section, the code that implements it and the tests that check it.

Reads a game package's section index (:mod:`tavola.core.sections`) and finds its citations in
the package's Python and data files, and its tests in ``tests/<package>/``: by name,
``test_<id with underscores>_...`` (``test_9_3_...``, ``test_10_5_faq_...`` or
``test_faq_10_5_...``, ``test_8_pella_...``), and by § citations in their docstrings. A test of a
section whose name also carries an example's name (or a phrase of its ``match`` list, or, when
the section has only one example, the word ``example``) checks that example, and a worked
example's test counts for its section too; a card note's ``match`` words name it too
(``test_faq_huns_...`` for ``FAQ-visigoths-huns``). An example counts as implemented when its
section is.

:func:`trace_game` builds the report behind ``tavola trace``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from tavola.core.sections import (
    CHECKED,
    INDEX_FILE,
    KINDS,
    NOTE_WORDS,
    PROSE_KIND,
    Citation,
    Index,
    Package,
    index_for,
    load_index,
    package_of,
    scan,
)


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
    tr = trace_package(package_of(game_id), tests_dir)
    link_examples(tr, game_id, tests_dir)
    return tr


def link_examples(tr: Trace, game_id: str, tests_dir: Path | None = None) -> None:
    """The worked-example files of ``examples/<game-id>/`` (docs/positions.md) count as tests of
    the section their ``section`` key names, and of its parent when that is an example."""
    from tavola.core.examples import example_files, examples_dir

    root = tests_dir.parent.parent if tests_dir is not None else None
    folder = examples_dir(game_id, root)
    for path in example_files(game_id, root):
        try:
            ref = str((yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get("section", ""))
        except (yaml.YAMLError, AttributeError, OSError):
            ref = ""
        place = Place(_rel(path, folder.parent.parent), 1, path.stem, "example")
        sid = tr.index.resolve(ref) if ref else None
        if sid is None:
            tr.unknown.setdefault(f"§{ref or path.stem}", []).append(place)
            continue
        for target in (sid, tr.index.by_id[sid].parent):
            if target and (target == sid or tr.index.by_id[sid].kind == "example"):
                tr.tests.setdefault(target, []).append(place)


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
