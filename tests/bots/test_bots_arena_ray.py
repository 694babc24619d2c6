"""`tavola arena --ray` and `tavola balance --ray`: the games as Ray tasks on a local Ray started
for the run give the very games of a local run, and their log resumes a local run."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_bots_arena import last_json, run

from tavola.tools import arena

# A search bot with a fixed number of simulations plays the same game on any machine.
LINEUP = "mcts:iterations=16,greedy,random"


def _same_games(a: dict, b: dict) -> None:
    for key in ("games", "bots", "seats", "errors", "unfinished"):
        assert a[key] == b[key], key


def test_arena_on_ray_plays_the_same_games_and_logs_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    base = ["arena", "toy", "--players", "3", "--bots", LINEUP, "--games", "6", "--json"]
    code, out = run([*base, "--jobs", "1"], capsys)
    local = last_json(out)
    log = tmp_path / "games.jsonl"
    # Ray is part of the test extra: without it this fails, it is not skipped.
    code, out = run([*base, "--ray", "--log", str(log)], capsys)
    assert code == 0
    _same_games(last_json(out), local)
    assert len(log.read_text().splitlines()) == 6

    def no_more(task: arena.Task) -> arena.Outcome:
        raise AssertionError("a logged game was played again")

    monkeypatch.setattr(arena, "play", no_more)
    code, out = run([*base, "--jobs", "1", "--log", str(log)], capsys)
    _same_games(last_json(out), local)


def test_balance_on_ray_plays_the_same_games(capsys: pytest.CaptureFixture[str]) -> None:
    base = ["balance", "toy", "--players", "3", "--bot", "mcts:iterations=16", "--games", "6", "--json"]
    code, out = run([*base, "--jobs", "1"], capsys)
    local = last_json(out)
    code, out = run([*base, "--ray"], capsys)
    assert code == 0
    ray_report = last_json(out)
    for key in ("games", "seats", "chi2", "p_value"):
        assert ray_report[key] == local[key], key
