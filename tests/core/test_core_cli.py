"""The command line: play, replay, fuzz, bench and games, on the toy game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tavola.cli import main


def last_json(capsys: pytest.CaptureFixture[str]) -> dict:
    out = capsys.readouterr().out.strip().splitlines()
    return json.loads(out[-1])


def test_play_with_bots_finishes_and_prints_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rec = tmp_path / "game.json"
    assert (
        main(
            [
                "play",
                "toy",
                "--players",
                "3",
                "--seed",
                "3",
                "--seat",
                "all=random",
                "--record",
                str(rec),
                "--json",
            ]
        )
        == 0
    )
    out = last_json(capsys)
    assert set(out) == {"game", "scenario", "players", "seed", "actions", "result"}
    assert out["result"]["winners"]
    assert main(["replay", str(rec), "--verify"]) == 0


def test_replay_exits_1_on_an_edited_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rec = tmp_path / "game.json"
    main(["play", "toy", "--seed", "1", "--seat", "all=random", "--record", str(rec)])
    data = json.loads(rec.read_text())
    data["actions"][1] = [data["actions"][1][0], "bid", 99]
    rec.write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["replay", str(rec), "--verify"]) == 1
    assert "step 1" in capsys.readouterr().err


def test_replay_verify_checks_the_dice_commitment(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rec = tmp_path / "game.json"
    main(["play", "toy", "--seed", "5", "--seat", "all=random", "--record", str(rec)])
    data = json.loads(rec.read_text())
    assert data["format"] == 4 and len(data["dice_commitment"]) == 64
    capsys.readouterr()
    assert main(["replay", str(rec), "--verify"]) == 0
    assert "the seed matches the dice commitment" in capsys.readouterr().out
    rec.write_text(json.dumps({**data, "seed": 6, "checksums": None}))
    assert main(["replay", str(rec), "--verify"]) == 1
    assert "dice_commitment" in capsys.readouterr().err


def test_unknown_seat_kind_and_role_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "toy", "--seat", "north=wizard"]) == 2
    assert "unknown bot 'wizard'" in capsys.readouterr().err
    assert main(["play", "toy", "--seat", "north=mcts:deep=3"]) == 2
    assert "unknown bot parameter 'deep'" in capsys.readouterr().err
    assert main(["play", "toy", "--seat", "west=random"]) == 2


def test_play_seats_take_whole_bot_specs(capsys: pytest.CaptureFixture[str]) -> None:
    """The same specs as the server and the arena: level and parameters in any order."""
    seat = "all=mcts:iterations=8:think=1:easy"
    assert main(["play", "toy", "--players", "2", "--seed", "4", "--seat", seat, "--json"]) == 0
    assert last_json(capsys)["result"]["winners"]


def test_human_seat_reads_numbers_from_stdin(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("x\n1\n" * 200))
    assert main(["play", "toy", "--seed", "2", "--seat", "south=random"]) == 0
    out = capsys.readouterr().out
    assert "[North]" in out and "A number from 1 to" in out and "Game over" in out


def test_fuzz_reports_zero_failures(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fuzz", "toy", "--games", "20", "--jobs", "1", "--out", str(tmp_path), "--json"]) == 0
    out = last_json(capsys)
    assert out["failures"] == [] and out["games"] == 20 and out["steps"] > 0
    assert set(out["settings"]) == {"basic/2p", "basic/3p"}


def test_fuzz_writes_a_reproducing_record_for_a_failure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from toygame import RULES

    original = RULES.check
    monkeypatch.setattr(
        RULES, "check", lambda s: ["too many points"] if max(s["points"].values()) >= 2 else []
    )
    assert main(["fuzz", "toy", "--games", "6", "--jobs", "1", "--out", str(tmp_path), "--json"]) == 1
    out = last_json(capsys)
    assert out["failures"] and out["failures"][0]["kind"] == "invariant"
    record = json.loads(Path(out["failures"][0]["record"]).read_text())
    monkeypatch.setattr(RULES, "check", original)
    assert main(["replay", out["failures"][0]["record"]]) == 0
    assert record["failure"]["kind"] == "invariant"


def test_bench_and_games_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "toy", "--seconds", "0.3", "--json"]) == 0
    out = last_json(capsys)
    assert out["actions"] > 0 and out["actions_per_second"] > 0 and out["clone_us_median"] > 0
    assert out["actions_per_cpu_second"] >= out["actions_per_second"] * 0.5  # the process's own time
    # The session path (view + apply per click) is timed beside the rules: with the plain view
    # tools ask for, and as the server does it (the packed view, encoded with the new entries).
    for path in ("session", "server_session"):
        assert (
            out[f"{path}_actions_per_second"] > 0
            and out[f"{path}_view_us"] > 0
            and out[f"{path}_apply_us"] > 0
        )
    assert main(["games", "--json"]) == 0
    ids = [g["id"] for g in last_json(capsys)]
    assert "toy" in ids


def test_bench_times_a_search_bot_on_positions_of_random_games(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["bench", "toy", "--bot", "mcts:think=0.02", "--positions", "3", "--json"]
    assert main(args) == 0
    out = last_json(capsys)
    assert out["bot"] == "mcts:think=0.02" and out["think"] == 0.02 and out["positions"] == 3
    assert out["simulations_per_second"] > 0 and out["simulations_per_decision_median"] >= 1
    assert 0 < out["cpu_share"] <= 1.5
    assert main(["bench", "toy", "--bot", "random", "--positions", "2"]) == 2
    assert "is it a search bot" in capsys.readouterr().err
    assert main(["bench", "toy", "--bot", "mcts:deep=1"]) == 2


def test_output_piped_into_a_reader_that_stops_early_ends_quietly() -> None:
    """`tavola trace italia-i | head -1`: the reader goes away long before the 140 kB of the
    report are written; the command stops without a traceback."""
    import subprocess
    import sys

    code = "import sys; from tavola.cli import main; sys.exit(main(['trace', 'italia-i']))"
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.stdout.close()  # the reader stops after one line
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 141
    assert "Traceback" not in err and "BrokenPipe" not in err
