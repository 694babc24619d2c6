"""The modules the opt-in compiled build (``TAVOLA_COMPILE=1 pip install .``) compiles with
mypyc, and which of them this process runs compiled.

They are where the rules, the search bot and the session path spend their time
(docs/performance.md): the core's flow, checksum and playout draw, Antike's rules, playout
weights and view, and Italia's rules, playout weights, view, unit record constants and the
static data they read at every step (``Static``, a native class once compiled). Every other
module, and every module of an editable install, is plain Python. The build reads ``MODULES``
from this file, so it must not import anything outside the standard library.
"""

from __future__ import annotations

import importlib
import importlib.machinery

MODULES = (
    "tavola.core.checksums",
    "tavola.core.draws",
    "tavola.core.flow",
    "tavola.games.antike.common",
    "tavola.games.antike.flow",
    "tavola.games.antike.founding",
    "tavola.games.antike.heuristic",
    "tavola.games.antike.knowledge",
    "tavola.games.antike.militia",
    "tavola.games.antike.movere",
    "tavola.games.antike.personages",
    "tavola.games.antike.production",
    "tavola.games.antike.rondel",
    "tavola.games.antike.rules",
    "tavola.games.antike.scientia",
    "tavola.games.antike.templum",
    "tavola.games.antike.turn",
    "tavola.games.antike.view",
    "tavola.games.italia.battle",
    "tavola.games.italia.campaigns",
    "tavola.games.italia.combat",
    "tavola.games.italia.const",
    "tavola.games.italia.flow",
    "tavola.games.italia.income",
    "tavola.games.italia.italia_i",
    "tavola.games.italia.italia_ii",
    "tavola.games.italia.knowledge",
    "tavola.games.italia.model",
    "tavola.games.italia.movement",
    "tavola.games.italia.naval",
    "tavola.games.italia.odds",
    "tavola.games.italia.pillage",
    "tavola.games.italia.placement",
    "tavola.games.italia.retreat",
    "tavola.games.italia.scenario",
    "tavola.games.italia.sequence",
    "tavola.games.italia.stacking",
    "tavola.games.italia.submission",
    "tavola.games.italia.victory",
    "tavola.games.italia.view",
)


def compiled() -> list[str]:
    """The modules of ``MODULES`` this process loads from a compiled extension (none in a pure
    Python install)."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return [name for name in MODULES if (importlib.import_module(name).__file__ or "").endswith(suffixes)]


def main() -> None:
    """``python -m tavola.compiled``: fail unless every module of ``MODULES`` runs compiled (the
    check the compiled build's tests start with, so they can never test the pure modules)."""
    missing = sorted(set(MODULES) - set(compiled()))
    if missing:
        raise SystemExit(f"not compiled: {', '.join(missing)}")
    print(f"{len(MODULES)} modules compiled")


if __name__ == "__main__":
    main()
