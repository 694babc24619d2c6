"""`tavola arena` and `tavola balance`: output shape, seat rotation, statistics."""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

import pytest

from tavola.bots import BOTS, Bot
from tavola.cli import COMMANDS
from tavola.cli import arena as arena_cli
from tavola.core.rules import Action, Rules, State
from tavola.tools import arena


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    # The arena's own parser: the test does not depend on the other subcommands' modules.
    parser = argparse.ArgumentParser(prog="tavola")
    sub = parser.add_subparsers(dest="command", required=True)
    arena_cli.register(sub)
    arena_cli.register_balance(sub)
    args = parser.parse_args(argv)
    code = args.func(args)
    return code, capsys.readouterr().out


def last_json(out: str) -> dict:
    return json.loads(out.strip().splitlines()[-1])


def test_both_commands_are_listed() -> None:
    assert "arena" in COMMANDS and "balance" in COMMANDS


def test_arena_json_shape_and_seat_rotation(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(
        [
            "arena",
            "toy",
            "--players",
            "3",
            "--bots",
            "greedy,random,mcts:think=0.01",
            "--games",
            "6",
            "--jobs",
            "1",
            "--json",
            "--option",
            "short=true",
        ],
        capsys,
    )
    assert code == 0
    report = last_json(out)
    assert {"game", "scenario", "players", "games", "bots", "decision_time"} <= set(report)
    assert (report["game"], report["scenario"], report["players"], report["games"]) == ("toy", "basic", 3, 6)
    assert set(report["bots"]) == {"greedy", "random", "mcts:think=0.01"}
    total_wins = 0.0
    for row in report["bots"].values():
        assert set(row) == {"games", "wins", "win_rate", "ci95", "rating"}
        assert row["games"] == 6
        assert 0 <= row["ci95"][0] <= row["win_rate"] <= row["ci95"][1] <= 1
        total_wins += row["wins"]
    assert total_wins == pytest.approx(6, abs=0.01)  # one win per game, shared wins split (rounded)
    for seats in report["seats"].values():
        assert seats == {"north": 2, "south": 2, "east": 2}  # every bot in every seat equally often
    for name, times in report["decision_time"].items():
        assert set(times) >= {"median", "p99"} and times["median"] <= times["p99"]
        assert name in report["bots"]
    assert report["search"]["mcts:think=0.01"]["iterations_per_second"] > 0


def test_arena_rounds_games_up_to_full_rotations_and_runs_in_parallel(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out = run(
        [
            "arena",
            "toy",
            "--bots",
            "random,greedy",
            "--games",
            "3",
            "--jobs",
            "2",
            "--json",
            "--option",
            "short=true",
        ],
        capsys,
    )
    assert code == 0
    report = last_json(out)
    assert report["games"] == 4
    assert report["seats"]["random"] == {"north": 2, "south": 2}


def test_arena_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(["arena", "toy", "--bots", "random", "--games", "2", "--jobs", "1"], capsys)
    assert code == 0
    assert "win rate" in out and "95% CI" in out and "random" in out


def test_arena_refuses_a_lineup_that_does_not_fit() -> None:
    from tavola.core.errors import UnknownGame

    parser = argparse.ArgumentParser()
    arena_cli.register(parser.add_subparsers())
    for argv in (
        ["arena", "toy", "--players", "3", "--bots", "random,greedy"],
        ["arena", "toy", "--bots", "random,wizard"],
    ):
        args = parser.parse_args(argv)
        with pytest.raises(UnknownGame):
            args.func(args)


def test_seats_rotate_on_shared_deals() -> None:
    settings = arena.resolve("toy", None, 3, {})
    tasks = arena.arena_tasks(settings, ["a", "b", "c"], 6, seed=10, think=None)
    assert [t.seed for t in tasks] == [10, 10, 10, 11, 11, 11]
    for block in (tasks[:3], tasks[3:]):
        for seat in range(3):
            assert sorted(t.lineup[seat] for t in block) == ["a", "b", "c"]


def test_balance_report(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(
        ["balance", "toy", "--players", "3", "--bot", "greedy", "--games", "9", "--jobs", "1", "--json"],
        capsys,
    )
    assert code == 0
    report = last_json(out)
    assert report["bot"] == "greedy" and report["games"] == 9
    assert set(report["seats"]) == {"north", "south", "east"}
    assert sum(r["wins"] for r in report["seats"].values()) == pytest.approx(9, abs=0.01)
    for row in report["seats"].values():
        assert row["games"] == 9 and 0 <= row["ci95"][0] <= row["win_rate"] <= row["ci95"][1] <= 1
    assert 0 <= report["p_value"] <= 1
    code, out = run(["balance", "toy", "--bot", "random", "--games", "4", "--jobs", "1"], capsys)
    assert code == 0 and "equal seats?" in out and "north" in out


def test_balance_counts_a_draw_as_an_equal_share_of_the_win_for_every_seat() -> None:
    """Maria's 2-player game (§24) ends drawn when one of A's two conditions holds: a game no
    one wins gives each seat an equal share, as tied winners split theirs."""
    settings = arena.resolve("toy", None, 2, {})
    results = [
        {"winners": [], "scores": {"north": 5, "south": 5}, "reason": "draw"},
        {"winners": ["south"], "scores": {"north": 3, "south": 6}},
        {"winners": ["north", "south"], "scores": {"north": 4, "south": 4}},
    ]
    outcomes = [arena.Outcome(i, ["north", "south"], ["greedy"] * 2, r, 10) for i, r in enumerate(results)]
    seats = arena.balance_report(settings, "greedy", outcomes)["seats"]
    assert seats["north"]["wins"] == 1.0 and seats["south"]["wins"] == 2.0


def test_balance_averages_the_nations_behind_the_seats_and_prints_markdown(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Italia scores every nation of a colour: the report gives each nation's mean, which is
    what a tuner of the nation cards reads."""
    settings = arena.resolve("toy", None, 2, {})
    results = [
        {"winners": ["north"], "scores": {"north": 9, "south": 4}, "nations": {"celts": 5, "romans": 4}},
        {"winners": ["south"], "scores": {"north": 3, "south": 6}, "nations": {"celts": 1, "romans": 2}},
    ]
    outcomes = [arena.Outcome(i, ["north", "south"], ["greedy"] * 2, r, 10) for i, r in enumerate(results)]
    report = arena.balance_report(settings, "greedy", outcomes)
    assert report["nations"] == {"celts": 3.0, "romans": 3.0}
    assert report["seats"]["north"]["mean_score"] == 6.0
    arena_cli.print_balance(report, markdown=True)
    out = capsys.readouterr().out.splitlines()
    assert "| seat | wins | win rate | 95% CI | mean score |" in out
    assert "|---|--:|--:|--:|--:|" in out
    assert any(line.startswith("| north | 1.0 | 50.0% |") for line in out)
    assert "mean score by nation: celts 3.00, romans 3.00" in out
    assert any(line.startswith("fair seats? the widest win share is 0.0 points") for line in out)


def test_balance_reports_each_scorers_points_by_round_and_source(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """What a tuner of score pads reads: when and from what each nation's VP came, averaged
    over the games that recorded it (a log written before has no rows and is left out)."""
    settings = arena.resolve("toy", None, 2, {})
    result = {"winners": ["north"], "scores": {"north": 9, "south": 4}}
    points = [
        ["north", "celts", 3, "score_areas", 4.0],
        ["north", "celts", 3, "kill", 1.0],
        ["north", "celts", 5, "score_cities", 2.0],
        ["south", "romans", 5, "pillage", 3.0],
    ]
    outcomes = [
        arena.Outcome(0, ["north", "south"], ["greedy"] * 2, result, 10, points=points),
        arena.Outcome(1, ["north", "south"], ["greedy"] * 2, result, 10, points=points[:1]),
        arena.Outcome(2, ["north", "south"], ["greedy"] * 2, result, 10),
    ]
    table = arena.balance_report(settings, "greedy", outcomes)["points"]
    assert table["games"] == 2
    celts = table["scorers"]["celts"]
    assert celts == {
        "seat": "north",
        "mean": 5.5,
        "rounds": {3: 4.5, 5: 1.0},
        "scoring": 5.0,
        "events": {"kill": 0.5},
    }
    assert table["scorers"]["romans"]["events"] == {"pillage": 1.5}
    arena_cli.print_points(table, markdown=True)
    out = capsys.readouterr().out.splitlines()
    assert "| scorer | seat | points | r1 | r2 | r3 | r4 | r5 | of which scoring | events |" in out
    assert "| celts | north | 5.5 |  |  | 4.5 |  | 1.0 | 5.0 | kill 0.5 |" in out


def test_balance_rescore_screens_a_tuning_on_logged_games_without_playing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A tuning of a score pad, screened on the games a log holds: the matching points are
    scaled, the seats' scores and the winners follow, nothing is played again."""
    result = {"winners": ["north"], "scores": {"north": 9, "south": 8}, "nations": {"celts": 9, "romans": 8}}
    points = [
        ["north", "celts", 3, "score_areas", 4.0],
        ["north", "celts", 5, "kill", 5.0],
        ["south", "romans", 5, "score_areas", 8.0],
    ]
    game = arena.Outcome(0, ["north", "south"], ["greedy"] * 2, result, 10, points=points)
    (out,) = arena.rescore([game], arena.parse_rescore(["celts:*:score_areas=0.5", "romans:5:*=1.25"]))
    assert out.result is not None
    assert out.result["scores"] == {"north": 7.0, "south": 10.0}
    assert out.result["nations"] == {"celts": 7.0, "romans": 10.0}
    assert out.result["winners"] == ["south"]
    assert game.result["winners"] == ["north"]  # the log's own games are left as they were
    with pytest.raises(arena.UnknownGame):
        arena.parse_rescore(["celts:3=2"])
    log = tmp_path / "toy.jsonl"
    log.write_text(json.dumps({"key": "played by other code", **arena.asdict(game)}) + "\n", encoding="utf-8")
    argv = ["balance", "toy", "--players", "2", "--log", str(log), "--rescore", "romans:*:*=2", "--json"]
    code, text = run(argv, capsys)
    report = json.loads(text)
    assert code == 0 and report["games"] == 1 and report["rescore"] == ["romans:*:*=2"]
    assert report["seats"]["south"]["wins"] == 1.0 and report["seats"]["south"]["mean_score"] == 16.0
    with pytest.raises(arena.UnknownGame):
        run(["balance", "toy", "--players", "2", "--rescore", "romans:*:*=2"], capsys)


def test_an_italia_games_points_by_source_add_up_to_each_nations_vp() -> None:
    """§11.0: every VP a nation holds at the end came from a scoring round or an event the
    report names; a submitted nation's halving (§12.5.2) is a source of its own."""
    out = arena.play(arena.Task(0, "italia-i", "standard", 3, {}, 3, ["random"] * 3, None, 1))
    assert out.error is None and out.result is not None
    total: dict[str, float] = {}
    for seat, nation, rnd, source, value in out.points:
        assert seat in out.roles and 1 <= rnd <= 10 and source
        total[nation] = total.get(nation, 0.0) + value
    assert out.result["nations"] == {n: pytest.approx(total.get(n, 0.0)) for n in out.result["nations"]}
    assert any(source.startswith("score_") for _, _, _, source, _ in out.points)


def test_balance_fairness_bounds() -> None:
    """The issue's bounds: every seat's win share within 10 points of even, and the seats'
    mean scores within 15% of their mean, over at least 48 games."""

    def seats(*rows: tuple[float, float]) -> dict[str, dict[str, float]]:
        return {f"s{i}": {"win_rate": r, "mean_score": m} for i, (r, m) in enumerate(rows)}

    fair = arena.fairness(seats((0.40, 80), (0.30, 75), (0.30, 78)), 48)
    assert fair["fair"] and fair["win_gap"] == pytest.approx(0.0667, abs=1e-4)
    assert not arena.fairness(seats((0.45, 80), (0.30, 78), (0.25, 78)), 48)["fair"]  # 11.7 points
    spread = arena.fairness(seats((0.33, 90), (0.33, 76), (0.34, 80)), 48)
    assert spread["score_spread"] == pytest.approx(14 / 82, abs=1e-4) and not spread["fair"]
    few = arena.fairness(seats((0.40, 80), (0.30, 75), (0.30, 78)), 47)
    assert not few["fair"] and not few["enough_games"]  # even-looking seats, too few games
    # A scenario that declares its scores unscored is judged by the win share alone.
    unscored = arena.fairness(seats((0.33, 90), (0.33, 76), (0.34, 80)), 48, "§14: unlike conditions")
    assert (
        unscored["fair"]
        and not unscored["score_bound"]
        and unscored["score_spread"] == spread["score_spread"]
    )
    assert not arena.fairness(seats((0.45, 90), (0.30, 90), (0.25, 90)), 48, "§14: unlike")["fair"]


def test_wilson_interval() -> None:
    lo, hi = arena.wilson(45, 50)
    assert lo == pytest.approx(0.7864, abs=1e-3) and hi == pytest.approx(0.9565, abs=1e-3)
    assert arena.wilson(0, 10)[0] == pytest.approx(0.0) and arena.wilson(10, 10)[1] == pytest.approx(1.0)


@pytest.mark.parametrize(("x", "dof"), [(3.841, 1), (5.991, 2), (7.815, 3), (9.488, 4), (11.070, 5)])
def test_chi2_survival_at_the_five_percent_points(x: float, dof: int) -> None:
    assert arena.chi2_survival(x, dof) == pytest.approx(0.05, abs=5e-4)


def test_chi2_uniform() -> None:
    assert arena.chi2_uniform([10, 10, 10])[1] == pytest.approx(1.0)
    assert arena.chi2_uniform([30, 0, 0])[1] < 1e-6


def test_bradley_terry_orders_and_balances() -> None:
    even = arena.bradley_terry({("a", "b"): 5.0, ("b", "a"): 5.0}, ["a", "b"])
    assert even["a"] == pytest.approx(even["b"]) == pytest.approx(1500)
    strong = arena.bradley_terry(
        {
            ("a", "b"): 9.0,
            ("b", "a"): 1.0,
            ("b", "c"): 9.0,
            ("c", "b"): 1.0,
            ("a", "c"): 10.0,
            ("c", "a"): 0.0,
        },
        ["a", "b", "c"],
    )
    assert strong["a"] > strong["b"] > strong["c"]
    assert all(math.isfinite(v) for v in strong.values())  # c never scored against a
    assert sum(strong.values()) / 3 == pytest.approx(1500, abs=30)


def test_percentile() -> None:
    values = [float(i) for i in range(1, 101)]
    assert arena.percentile(values, 99) == 99.0
    assert arena.percentile(values, 50) == 50.0
    assert arena.percentile([3.0], 99) == 3.0


def test_games_cut_at_the_step_cap_are_reported_not_counted(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(
        [
            "arena",
            "toy",
            "--bots",
            "random,greedy",
            "--games",
            "2",
            "--jobs",
            "1",
            "--json",
            "--max-steps",
            "3",
        ],
        capsys,
    )
    report = last_json(out)
    assert code == 0
    assert report["unfinished"] == 2 and report["errors"] == 0 and report["games"] == 0
    assert all(row["games"] == 0 for row in report["bots"].values())


class Broken(Bot):
    name = "broken"

    def choose(self, rules: Rules, state: State, role: str) -> Action:
        raise RuntimeError("this bot always fails")


def test_a_failing_bot_is_reported_and_the_command_fails(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(BOTS, "broken", Broken)
    parser = argparse.ArgumentParser()
    arena_cli.register(parser.add_subparsers())
    args = parser.parse_args(
        ["arena", "toy", "--bots", "random,broken", "--games", "2", "--jobs", "1", "--json"]
    )
    assert args.func(args) == 1
    captured = capsys.readouterr()
    assert last_json(captured.out)["errors"] == 2
    assert "this bot always fails" in captured.err


def test_a_logged_arena_resumes_without_replaying(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "games.jsonl"
    argv = [
        "arena",
        "toy",
        "--bots",
        "random,greedy",
        "--games",
        "4",
        "--jobs",
        "1",
        "--json",
        "--log",
        str(log),
    ]
    code, out = run(argv, capsys)
    first = last_json(out)
    assert code == 0 and len(log.read_text().splitlines()) == 4

    def no_more(task: arena.Task) -> arena.Outcome:
        raise AssertionError("a logged game was played again")

    monkeypatch.setattr(arena, "play", no_more)
    code, out = run(argv, capsys)
    assert code == 0 and last_json(out)["bots"] == first["bots"]
    with pytest.raises(AssertionError):  # other settings are other games
        run([*argv[:-2], "--seed", "5", "--log", str(log)], capsys)
    # Tuned scenario data (or other bots) make the logged games other games too.
    monkeypatch.setattr(arena, "code_fingerprint", lambda game_id: "tuned")
    with pytest.raises(AssertionError):
        run(argv, capsys)


def test_the_code_fingerprint_covers_the_game_data() -> None:
    print_ = arena.code_fingerprint("antike-ii")
    assert print_ == arena.code_fingerprint("antike-ii") and len(print_) == 16
    assert print_ != arena.code_fingerprint("italia-i")


def test_the_code_fingerprint_leaves_out_what_cannot_change_a_game() -> None:
    """The invariant checker, the message texts, the section index and the browser's files do
    not change how a game is played: fixing them keeps a long balance log."""
    names = {f.name for f in arena.play_files("italia-i")}
    assert {"rules.py", "italia_i.yaml", "italia_ii.yaml", "map.yaml", "knowledge.py", "mcts.py"} <= names
    assert not names & {"invariants.py", "messages.yaml", "sections.yaml"}
    assert not [f for f in arena.play_files("italia-i") if "web" in f.parts]
