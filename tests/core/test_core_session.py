"""The session contract: validation, undo, records, replay, redaction of the log."""

from __future__ import annotations

import json
import random

import pytest

import tavola
from tavola.core.errors import CorruptRecord, IllegalAction, MalformedAction, UnknownGame, WrongRole
from tavola.core.game import checksum, visible_log


def play_random(game: tavola.Game, seed: int = 0, steps: int = 10_000) -> None:
    pick = random.Random(seed)
    while not game.is_over and steps:
        role = game.active_roles[0]
        legal = [a for a in game.legal_actions(role) if a != ("undo",)]
        game.apply(role, pick.choice(legal))
        steps -= 1


def test_new_game_settings_are_validated() -> None:
    with pytest.raises(UnknownGame, match="known games"):
        tavola.new_game("no-such-game")
    with pytest.raises(UnknownGame, match="no scenario"):
        tavola.new_game("toy", scenario="nope")
    with pytest.raises(UnknownGame, match="2, 3 players"):
        tavola.new_game("toy", players=5)
    with pytest.raises(UnknownGame, match="no option"):
        tavola.Game("toy", options={"bogus": True})
    with pytest.raises(UnknownGame, match="takes one of"):
        tavola.Game("toy", options={"short": "yes"})


def test_illegal_malformed_and_wrong_role_change_nothing() -> None:
    game = tavola.new_game("toy", players=2, seed=3)
    before = checksum(game.state)
    with pytest.raises(IllegalAction):
        game.apply("north", ["bid", 9])
    with pytest.raises(MalformedAction):
        game.apply("north", [])
    with pytest.raises(MalformedAction):
        game.apply("north", [3, "bid"])
    with pytest.raises(MalformedAction):
        game.apply("north", ["bid", 1.5])
    with pytest.raises(WrongRole):
        game.apply("west", ["bid", 1])
    game.apply("north", ["bid", 1])
    with pytest.raises(WrongRole, match="may not act now"):
        game.apply("north", ["bid", 1])
    assert game.actions == [["north", "bid", 1]]
    assert checksum(game.state) != before


def test_replay_rebuilds_identical_state_with_checksums() -> None:
    game = tavola.new_game("toy", players=3, seed=11)
    play_random(game, seed=5)
    assert game.is_over
    again = tavola.replay(json.dumps(game.record()))
    assert again.checksums == game.checksums
    assert checksum(again.state) == checksum(game.state)
    assert again.result == game.result


def test_replay_rejects_an_edited_illegal_action() -> None:
    game = tavola.new_game("toy", players=2, seed=2)
    play_random(game, seed=1)
    record = game.record()
    record["actions"][0] = ["north", "bid", 7]
    with pytest.raises(CorruptRecord, match=r"step 0: north may not play \['bid', 7\]"):
        tavola.replay(record)


def test_replay_verify_detects_a_checksum_mismatch() -> None:
    game = tavola.new_game("toy", players=2, seed=2)
    play_random(game, seed=1)
    record = game.record()
    record["checksums"][3] = "00000000"
    with pytest.raises(CorruptRecord, match="step 3: checksum"):
        tavola.replay(record)
    assert tavola.replay(record, verify=False).checksums[3] != "00000000"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "not valid JSON"),
        ("[1, 2]", "JSON object"),
        ('{"game": "toy"}', "lacks"),
        (
            '{"game": "toy", "scenario": "basic", "players": 2, "options": {}, "seed": 1, "actions": 5}',
            "list",
        ),
        (
            '{"game": "toy", "scenario": "basic", "players": 9, "options": {}, "seed": 1, "actions": []}',
            "settings",
        ),
        (
            '{"game": "toy", "scenario": "basic", "players": 2, "options": {}, "seed": 1, "actions": [["north"]]}',
            "step 0",
        ),
        (
            '{"format": 99, "game": "toy", "scenario": "basic", "players": 2, "options": {}, "seed": 1, "actions": []}',
            "format",
        ),
    ],
)
def test_corrupt_records_get_clear_errors(text: str, message: str) -> None:
    with pytest.raises(CorruptRecord, match=message):
        tavola.replay(text)


def test_undo_restores_the_snapshot_and_is_recorded() -> None:
    game = tavola.new_game("toy", players=2, seed=4)
    # North outbids south, so north chooses marks (undoable, no randomness).
    game.apply("north", ["bid", 2])
    game.apply("south", ["bid", 0])
    role = game.active_roles[0]
    assert role == "north" and game.state["flow"][-1]["s"] == "mark"
    before = checksum(game.state)
    log_len = len(game.log)
    game.apply(role, ["mark", 2])
    assert game.can_undo(role)
    assert ("undo",) in game.legal_actions(role)
    game.apply(role, ["undo"])
    assert checksum(game.state) == before
    assert len(game.log) == log_len
    assert game.actions[-1] == [role, "undo"]
    assert tavola.replay(game.record()).checksums == game.checksums


def test_undo_is_cleared_by_randomness() -> None:
    game = tavola.new_game("toy", players=2, seed=4)
    game.apply("north", ["bid", 2])
    game.apply("south", ["bid", 0])
    game.apply("north", ["pass"])
    role = game.active_roles[0]
    assert role == "north" and game.state["flow"][-1]["s"] == "roll"
    game.apply(role, ["roll"])
    assert game.chance and game.chance[0][0] == 6
    assert not game.can_undo(role)
    with pytest.raises(IllegalAction, match="nothing to undo"):
        game.apply(role, ["undo"])


def test_undo_is_cleared_when_another_role_acts_and_on_reveal() -> None:
    game = tavola.new_game("toy", players=2, seed=4)
    game.apply("north", ["bid", 1])
    # north's bid changed the active roles (north no longer bids): nothing to undo.
    assert not game.can_undo("north")
    events = game.apply("south", ["bid", 0])
    assert any(ev.get("reveal") for ev in events)
    assert not game.can_undo("south")


def test_private_log_entries_reach_only_their_role() -> None:
    game = tavola.new_game("toy", players=2, seed=4)
    game.apply("north", ["bid", 2])
    secret = [ev for ev in game.log if ev["msg"] == "toy.bid"]
    assert secret and secret[0]["to"] == ["north"]
    assert secret[0] in visible_log(game.log, "north")
    assert secret[0] not in visible_log(game.log, "south")
    assert secret[0] not in visible_log(game.log, None)
    assert all(ev["msg"] != "toy.bid" for ev in game.view("south")["log"])
    assert "rng" not in game.view(None)


def test_view_lists_actions_only_for_active_roles() -> None:
    game = tavola.new_game("toy", players=2, seed=4)
    game.apply("north", ["bid", 2])
    assert game.view("north")["actions"] == []
    assert game.view("south")["actions"] == [["bid", n] for n in range(4)]
    assert game.view("south")["prompt"] is not None
    assert game.view(None)["prompt"] is None


def test_a_rules_crash_leaves_the_state_untouched(monkeypatch: pytest.MonkeyPatch) -> None:
    game = tavola.new_game("toy", players=2, seed=4)
    before = checksum(game.state)

    def boom(state: dict, role: str, action: tuple) -> list:
        state["coins"]["north"] = -99
        raise RuntimeError("rules bug")

    monkeypatch.setattr(game.rules, "apply", boom)
    with pytest.raises(RuntimeError):
        game.apply("north", ["bid", 1])
    assert checksum(game.state) == before
    assert game.actions == []
