"""The import graph of the packages: the core knows no game, bot, server, CLI or tool; the bots
know no game (they reach it through the rules contract); no package imports in a circle.

Read from the source with ``ast``, so imports deferred into functions count too."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

import tavola

ROOT = Path(tavola.__file__).parent


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


MODULES = _modules()


def _imports(name: str, path: Path) -> Iterator[tuple[str, int]]:
    """Every ``tavola`` module ``name`` imports, with the line, at any depth of the code."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, *([node.module] if node.module else [])])
            subs = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in MODULES]
            targets = subs if len(subs) == len(node.names) else [*subs, base]
        else:
            continue
        for target in targets:
            if target == "tavola" or target.startswith("tavola."):
                yield target, node.lineno


def _package(module: str) -> str:
    """``tavola.games.antike.rules`` -> ``tavola.games.antike``; ``tavola.core.rules`` -> ``tavola.core``."""
    parts = module.split(".")
    return ".".join(parts[:3]) if parts[1:2] == ["games"] and len(parts) > 2 else ".".join(parts[:2])


def _offences(prefix: str, forbidden: tuple[str, ...]) -> list[str]:
    found = []
    for name, path in MODULES.items():
        if name != prefix and not name.startswith(prefix + "."):
            continue
        for target, line in _imports(name, path):
            if any(target == f or target.startswith(f + ".") for f in forbidden):
                found.append(f"{path.relative_to(ROOT.parent)}:{line} imports {target}")
    return found


def test_core_imports_no_game_bot_server_cli_or_tool() -> None:
    forbidden = ("tavola.games", "tavola.bots", "tavola.server", "tavola.cli", "tavola.tools", "tavola.rl")
    assert _offences("tavola.core", forbidden) == []


def test_bots_import_no_game() -> None:
    assert _offences("tavola.bots", ("tavola.games",)) == []


def test_games_import_no_platform() -> None:
    forbidden = ("tavola.bots", "tavola.server", "tavola.cli", "tavola.tools", "tavola.web", "tavola.rl")
    assert _offences("tavola.games", forbidden) == []


def test_games_import_no_other_game() -> None:
    found = []
    for name, path in MODULES.items():
        if _package(name).count(".") != 2 or not name.startswith("tavola.games."):
            continue
        for target, line in _imports(name, path):
            if target.startswith("tavola.games.") and _package(target) != _package(name):
                found.append(f"{path.relative_to(ROOT.parent)}:{line} imports {target}")
    assert found == []


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one node (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return groups


def _resolve(target: str) -> str | None:
    while target and target not in MODULES:
        target = target.rpartition(".")[0]
    return target or None


def test_the_package_graph_has_no_cycles() -> None:
    graph: dict[str, set[str]] = {}
    for name, path in MODULES.items():
        for target, _ in _imports(name, path):
            module = _resolve(target)
            if module is not None and _package(module) != _package(name):
                graph.setdefault(_package(name), set()).add(_package(module))
    assert _cycles(graph) == []


def test_no_module_imports_in_a_circle_at_import_time() -> None:
    """Module-level imports only: a circle there makes the import order matter."""
    graph: dict[str, set[str]] = {}
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        top = {n.lineno for n in tree.body if isinstance(n, ast.Import | ast.ImportFrom)}
        for target, line in _imports(name, path):
            module = _resolve(target)
            if line in top and module is not None and module != name:
                graph.setdefault(name, set()).add(module)
    assert _cycles(graph) == []


@pytest.mark.parametrize(
    ("module", "package"),
    [("tavola.games.antike.rules", "tavola.games.antike"), ("tavola.core.rules", "tavola.core")],
)
def test_modules_are_grouped_by_package(module: str, package: str) -> None:
    assert _package(module) == package


def test_no_module_imports_in_a_circle_even_deferred() -> None:
    """Imports deferred into functions count too: a circle there is a circle in the design."""
    graph: dict[str, set[str]] = {}
    for name, path in MODULES.items():
        for target, _ in _imports(name, path):
            module = _resolve(target)
            if module is not None and module != name:
                graph.setdefault(name, set()).add(module)
    assert _cycles(graph) == []
