"""Checks every registered game must pass: a short fuzz smoke run (CI), the action space
covers every legal action, records replay, views never carry the RNG word."""

from __future__ import annotations

import json
import random
from importlib.metadata import entry_points
from pathlib import Path

import pytest

import tavola
from tavola.core.registry import game_ids, get_rules
from tavola.core.rules import clone
from tavola.tools import fuzz

GAMES = [g for g in game_ids()]
SMOKE_GAMES = 8  # per game; `tavola fuzz GAME --games 500` is the long run


def test_every_game_package_is_found_through_its_entry_point() -> None:
    """A game is discovered, never listed by hand: each package under ``tavola.games`` is named
    by a ``tavola.games`` entry point whose id is its rules' own."""
    points = entry_points(group="tavola.games")
    packages = {p.parent.name for p in (Path(tavola.__file__).parent / "games").glob("*/__init__.py")}
    named = {ep.value.split(":")[0].split(".")[2] for ep in points}
    assert packages and named == packages
    assert all(ep.load().id == ep.name for ep in points)


@pytest.mark.parametrize("game_id", GAMES)
def test_fuzz_smoke_has_no_failures(game_id: str) -> None:
    summary = fuzz.run(game_id, SMOKE_GAMES, seed=1000, jobs=1, session_every=4)
    assert summary["failures"] == [], summary["failures"]


@pytest.mark.parametrize("game_id", GAMES)
def test_fuzz_smoke_with_drawn_options_has_no_failures(game_id: str) -> None:
    """The rules' other readings (every option a rulebook's section offers) are fuzzed too."""
    summary = fuzz.run(game_id, SMOKE_GAMES // 2, seed=2000, jobs=1, session_every=4, options="random")
    assert summary["options"] == "random"
    assert summary["failures"] == [], summary["failures"]


@pytest.mark.parametrize("game_id", GAMES)
def test_drawn_options_reach_every_choice_of_every_option(game_id: str) -> None:
    rules = get_rules(game_id)
    for sc in rules.scenarios():
        drawn = [fuzz.random_options(rules, sc.name, seed) for seed in range(40)]
        for o in sc.options:
            assert {d[o.name] for d in drawn} == set(o.choices), (sc.name, o.name)


@pytest.mark.parametrize("game_id", GAMES)
def test_views_are_json_and_hide_the_rng(game_id: str) -> None:
    rules = get_rules(game_id)
    for sc in rules.scenarios():
        n = sc.default_players
        game = tavola.Game(game_id, sc.name, n, None, seed=5)
        pick = random.Random(1)
        for _ in range(60):
            if game.is_over:
                break
            role = game.active_roles[0]
            legal = game.legal_actions(role)
            game.apply(role, pick.choice(legal))
        space = set(rules.action_space(sc.name, n, game.options))
        for role in [*game.roles, None]:
            view = game.view(role)
            text = json.dumps(view)
            assert "rng" not in view
            assert str(game.state["rng"]) not in text
            for action in view["actions"]:
                assert tuple(action) in space or action == ["undo"]
        again = tavola.replay(game.record())
        assert again.checksums == game.checksums


@pytest.mark.parametrize("game_id", GAMES)
def test_the_round_for_the_lists_is_the_one_the_views_report(game_id: str) -> None:
    """The server stores ``Game.round`` after every action without building a view: it must
    be what an observer's view says, at every step (a game without rounds says None)."""
    game = tavola.Game(game_id, seed=11)
    pick = random.Random(11)
    rounds = set()
    for _ in range(400):
        reported = game.view(None).get("round")
        assert game.round == (reported if type(reported) is int else None), len(game.actions)
        rounds.add(game.round)
        if game.is_over:
            break
        role = game.active_roles[0]
        game.apply(role, pick.choice([a for a in game.legal_actions(role) if a != ("undo",)]))
    assert len(rounds) > 1 or rounds == {None}


def test_fuzz_session_games_run_the_invariant_checks(monkeypatch: pytest.MonkeyPatch) -> None:
    """The undo-session games of the fuzzer check every step as straight play does."""
    rules = get_rules("antike-ii")
    monkeypatch.setattr(type(rules), "check_step", lambda self, *args, **kw: ["a planted violation"])
    report = fuzz.fuzz_one("antike-ii", "mare-nostrum", 3, 1, 500, session=True)
    assert [f.kind for f in report.failures] == ["invariant"]
    assert "a planted violation" in report.failures[0].message
    monkeypatch.undo()
    report = fuzz.fuzz_one("antike-ii", "mare-nostrum", 3, 1, 300, session=True)
    assert [f.kind for f in report.failures] == ["step-limit"]
    assert report.invariants["5.1 rondel price"] > 0


@pytest.mark.parametrize("game_id", GAMES)
def test_each_view_is_the_view_built_afresh(game_id: str) -> None:
    """A game may keep parts of its last view of a board (Italia's areas, Antike's regions) and
    build only what changed: every view of a random game, undos among the clicks, equals the
    view of a clone (another board, built from nothing)."""
    game = tavola.Game(game_id, seed=5)
    pick = random.Random(5)
    views = 0
    while views < 500 and not game.is_over:
        role = pick.choice(game.active_roles)
        seen = game.state_of(role)
        assert game.rules.view(seen, role) == game.rules.view(clone(seen), role)
        views += 1
        game.apply(role, pick.choice(game.legal_actions(role)))
    assert views >= 20
