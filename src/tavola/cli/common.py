"""Helpers shared by the subcommands."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any


def add_game_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", help="game id, e.g. antike-ii (see `tavola games`)")
    p.add_argument("--scenario", "-s", help="scenario (default: the game's first)")
    p.add_argument("--players", "-n", type=int, help="number of players (default: the scenario's)")


def emit_json(obj: Any) -> None:
    """One JSON object on the last line of stdout, for scripts."""
    sys.stdout.write(json.dumps(obj, separators=(",", ":")) + "\n")
    sys.stdout.flush()
