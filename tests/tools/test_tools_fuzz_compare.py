"""`tavola fuzz --digests/--compare`: a digest of each random game played through the session,
compared with another run's, shows whether a change to the code played any game differently."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tavola.cli import main
from tavola.core.registry import get_rules
from tavola.tools import fuzz


def test_the_same_code_gives_every_game_the_same_digest() -> None:
    first = fuzz.run("toy", 6, seed=3, jobs=1, digests=True)
    assert len(set(first["digests"].values())) == 6  # each game its own
    again = fuzz.run("toy", 6, seed=3, jobs=1, compare=first["digests"])
    assert again["failures"] == []
    assert again["digests"] == first["digests"]


def test_a_change_that_plays_a_game_differently_fails_the_comparison(monkeypatch: pytest.MonkeyPatch) -> None:
    before = fuzz.run("toy", 4, seed=3, jobs=1, digests=True)["digests"]
    rules = get_rules("toy")
    plain = type(rules).legal_actions

    def reordered(self: object, state: dict, role: str) -> list:  # the same actions, listed backwards
        return list(reversed(plain(rules, state, role)))

    monkeypatch.setattr(type(rules), "legal_actions", reordered)
    after = fuzz.run("toy", 4, seed=3, jobs=1, compare=before)
    assert {f["kind"] for f in after["failures"]} == {"changed"}
    assert len(after["failures"]) == 4


def test_the_command_writes_digests_and_compares_with_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    written = tmp_path / "before.json"
    assert main(["fuzz", "toy", "--games", "3", "-j", "1", "--digests", str(written)]) == 0
    assert set(json.loads(written.read_text())["digests"]) == {"1", "2", "3"}
    assert main(["fuzz", "toy", "--games", "3", "-j", "1", "--compare", str(written)]) == 0
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"digests": {"1": "0" * 16}}))
    assert main(["fuzz", "toy", "--games", "3", "-j", "1", "--compare", str(other)]) == 1
    assert "FAIL changed" in capsys.readouterr().out
