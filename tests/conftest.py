"""Shared test set-up: the toy game is registered for core tests."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from tavola.core.registry import register

register("toy", "toygame:RULES")
