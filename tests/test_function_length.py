"""No function over 80 lines: a rule reads as named steps of its rulebook section, not as one
long page (docs/architecture.md, "Figures, before and after").

Every function and method of ``tavola`` is measured from its ``def`` line to its last line,
docstring included, nested functions on their own too. The database migrations are left out:
a migration is history and is never rewritten.

``STILL_LONG`` names the functions that are over the limit today and are being split; it may
only shrink: a new long function fails, and so does a listed one that is no longer long."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import tavola

LIMIT = 80
ROOT = Path(tavola.__file__).parent
LEFT_OUT = ("server/migrations/",)

STILL_LONG: set[str] = set()


def _functions(node: ast.AST, prefix: str) -> Iterator[tuple[str, int]]:
    """Every function below ``node`` by its qualified name, with its length in lines."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            name = f"{prefix}.{child.name}"
            if not isinstance(child, ast.ClassDef):
                yield name, (child.end_lineno or child.lineno) - child.lineno + 1
            yield from _functions(child, name)
        else:
            yield from _functions(child, prefix)


def _lengths(root: Path = ROOT) -> dict[str, int]:
    """Every function of the package at ``root`` (a ``tavola`` directory) and its length."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        relative = path.relative_to(root).as_posix()
        if relative.startswith(LEFT_OUT):
            continue
        module = ".".join(["tavola", *path.relative_to(root).with_suffix("").parts])
        module = module.removesuffix(".__init__")
        out.update(_functions(ast.parse(path.read_text(encoding="utf-8")), module))
    return out


LENGTHS = _lengths()


def test_no_new_function_is_over_80_lines() -> None:
    long = {name: n for name, n in LENGTHS.items() if n > LIMIT and name not in STILL_LONG}
    assert long == {}, f"split these into named pieces of at most {LIMIT} lines"


def test_the_list_of_long_functions_only_shrinks() -> None:
    short = sorted(name for name in STILL_LONG if LENGTHS.get(name, 0) <= LIMIT)
    assert short == [], "no longer over the limit (or gone): take them off STILL_LONG"


def test_the_measure_counts_a_function_from_def_to_its_last_line() -> None:
    source = "class A:\n    def f(self):\n        x = 1\n\n        return x\n\n\ndef g():\n    def h():\n        pass\n"
    assert dict(_functions(ast.parse(source), "m")) == {"m.A.f": 4, "m.g": 3, "m.g.h": 2}


if __name__ == "__main__":
    # python tests/test_function_length.py [LINES [TAVOLA_DIR]]: the functions over LINES lines
    # (80), longest first, in this checkout or in the src/tavola of another (docs/architecture.md)
    import sys

    lines = int(sys.argv[1]) if len(sys.argv) > 1 else LIMIT
    found = _lengths(Path(sys.argv[2])) if len(sys.argv) > 2 else LENGTHS
    for name, n in sorted(found.items(), key=lambda item: (-item[1], item[0])):
        if n > lines:
            print(n, name)
