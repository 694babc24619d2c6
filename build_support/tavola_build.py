"""Tavola's build backend: setuptools' own, plus the opt-in compiled build.

``TAVOLA_COMPILE=1 pip install .`` compiles the modules listed in ``tavola/compiled.py`` with
mypyc (about half the CPU per Italia action: docs/performance.md) and only then asks for
mypy as a build requirement. Without it the package is pure Python, and an editable install
(``pip install -e .``, as ``make serve`` and ``make test`` do) always is: a compiled module
shadows its source, so an edit would not run until the next build.
"""

from __future__ import annotations

import os
import runpy
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  (every other hook is setuptools' own)

# mypyc compiles what mypy's type checker accepts: the series the build is tested with (2.4).
MYPY = "mypy>=2.4,<3"
ROOT = Path(__file__).resolve().parent.parent

_compiling = True  # setuptools runs setup.py for metadata and requirements too: no compiling then


def compile_requested() -> bool:
    return os.environ.get("TAVOLA_COMPILE", "").strip() not in ("", "0")


@contextmanager
def _not_compiling() -> Iterator[None]:
    global _compiling
    _compiling = False
    try:
        yield
    finally:
        _compiling = True


def _pure_python() -> None:
    if compile_requested():
        print("TAVOLA_COMPILE is ignored by an editable install: it stays pure Python", file=sys.stderr)
        os.environ["TAVOLA_COMPILE"] = "0"


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    with _not_compiling():
        requires = _setuptools.get_requires_for_build_wheel(config_settings)
    return [*requires, MYPY] if compile_requested() else requires


def prepare_metadata_for_build_wheel(
    metadata_directory: str, config_settings: dict[str, Any] | None = None
) -> str:
    with _not_compiling():
        return _setuptools.prepare_metadata_for_build_wheel(metadata_directory, config_settings)


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    _pure_python()
    return _setuptools.get_requires_for_build_editable(config_settings)


def prepare_metadata_for_build_editable(
    metadata_directory: str, config_settings: dict[str, Any] | None = None
) -> str:
    _pure_python()
    return _setuptools.prepare_metadata_for_build_editable(metadata_directory, config_settings)


def build_editable(
    wheel_directory: str, config_settings: dict[str, Any] | None = None, metadata_directory: str | None = None
) -> str:
    _pure_python()
    return _setuptools.build_editable(wheel_directory, config_settings, metadata_directory)


def extensions() -> list[Any]:
    """setup.py's ``ext_modules``: the compiled modules when asked for, else none."""
    if not compile_requested() or not _compiling:
        return []
    from mypyc.build import mypycify  # a build requirement of this path only

    modules = runpy.run_path(str(ROOT / "src" / "tavola" / "compiled.py"))["MODULES"]
    paths = [str(Path("src", *name.split(".")).with_suffix(".py")) for name in modules]
    # mypy checks the compiled modules (a type slip there fails the build); the modules they
    # import stay plain Python, so their types are followed but not judged.
    checks = ["--ignore-missing-imports", "--follow-imports=silent"]
    return mypycify([*checks, *paths], opt_level="3", group_name="tavola")
