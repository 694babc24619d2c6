"""The session contract: validation, undo, records, replay, redaction of the log."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import tavola
from tavola.core import rng as tavola_rng
from tavola.core.errors import CorruptRecord, IllegalAction, MalformedAction, UnknownGame, WrongRole
from tavola.core.game import checksum, visible_log
from tavola.core.rules import clone


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


def test_each_view_holds_the_whole_log_its_role_may_read_through_undos() -> None:
    """A view's log is read incrementally (only the entries added since): it stays exactly the
    log the role may read, undos (which cut the log) included, and never changes afterwards."""
    pick = random.Random(3)
    for seed in range(6):
        game = tavola.new_game("toy", players=3, seed=seed)
        views: list[tuple[list, list]] = []
        while not game.is_over:
            for role in [*game.roles, None]:
                seen = game.view(role)["log"]
                assert seen == visible_log(game.log, role)
                views.append((seen, list(seen)))
            role = game.active_roles[0]
            legal = game.legal_actions(role)
            game.apply(role, ("undo",) if ("undo",) in legal and pick.random() < 0.5 else pick.choice(legal))
        assert all(seen == kept for seen, kept in views)  # a log handed out is never written to


def _play_with_undo(
    game: tavola.Game, pick: random.Random, every: int, take: Callable[[], Any], limit: int = 10**6
) -> list[Any]:
    """Random play that takes back a step about a third of the times it may, keeping what
    ``take`` returns (a mark or a snapshot) every ``every`` actions."""
    kept = []
    while not game.is_over and len(game.actions) < limit:
        if len(game.actions) % every == 0:
            kept.append(take())
        role = game.active_roles[0]
        legal = game.legal_actions(role)
        game.apply(role, ("undo",) if ("undo",) in legal and pick.random() < 0.3 else pick.choice(legal))
    return kept


def test_a_session_rewound_to_a_mark_is_the_replay_of_its_first_steps() -> None:
    """Replays jump back to their nearest mark: the session there is the one a replay of that
    many actions builds (state, log, undo, views), and it plays on the same."""
    game = tavola.new_game("toy", players=3, seed=2)
    marks = _play_with_undo(game, random.Random(5), every=3, take=game.mark)
    record = game.record()
    for mark in [marks[-1], marks[len(marks) // 2], marks[0], marks[-2]]:
        game.rewind(mark)
        again = tavola.replay(record, upto=mark.step)
        assert game.checksums == again.checksums and game.log == again.log and game.chance == again.chance
        for role in [*game.roles, None]:
            assert game.view(role) == again.view(role)
        for entry in record["actions"][mark.step :]:
            game.apply(entry[0], entry[1:])
        assert game.checksums == record["checksums"]


@pytest.mark.parametrize("trusted", [False, True])
@pytest.mark.parametrize("game_id", ["toy", "italia-i"])
def test_a_session_resumed_from_a_snapshot_is_the_replay_of_its_first_steps(
    game_id: str, trusted: bool
) -> None:
    """A server rebuilds a game from its last snapshot and the steps after it: the session
    is the one a replay of the record builds (state, log, undo, views), and plays on the same.
    So does a game thawed from its own snapshot (``trusted``: no checksum, no parsing)."""
    game = tavola.Game(game_id, seed=4)
    snaps = _play_with_undo(game, random.Random(7), every=7, take=game.snapshot, limit=300)
    record = game.record()
    for snap in [snaps[-1], snaps[len(snaps) // 2], snaps[0]]:
        resumed = tavola.replay({**record, "actions": [], "checksums": []})
        resumed.resume(snap, trusted=trusted)
        step = len(resumed.actions)
        again = tavola.replay(record, upto=step)
        assert all(type(a) is list for a in resumed.actions)
        assert resumed.actions == again.actions and resumed.checksums == again.checksums
        assert resumed.log == again.log and resumed.chance == again.chance
        for role in [*resumed.roles, None]:
            assert resumed.view(role) == again.view(role)
            if role is not None:
                assert resumed.can_undo(role) == again.can_undo(role)
        for entry in record["actions"][step:]:
            resumed.apply(entry[0], entry[1:])
        assert resumed.checksums == record["checksums"]


def test_a_snapshot_that_does_not_fit_is_refused_and_changes_nothing() -> None:
    game = tavola.Game("toy", seed=4)
    play_random(game, steps=6)
    good = game.snapshot()
    fresh = tavola.replay({**game.record(), "actions": [], "checksums": []})
    before = fresh.record()
    other = tavola.Game("toy", seed=5)  # another seed: its state does not give these checksums
    play_random(other, steps=6)
    import marshal
    import zlib

    body = list(marshal.loads(zlib.decompress(good)))
    body[3] = other.state
    for bad in (
        b"junk",
        zlib.compress(marshal.dumps(("tavola-snapshot:0", [], [], {}, [], [], b"", []))),
        zlib.compress(marshal.dumps(tuple(body))),
    ):
        with pytest.raises(ValueError):
            fresh.resume(bad)
        assert fresh.record() == before
    fresh.resume(good)
    with pytest.raises(ValueError):
        fresh.resume(good)  # only a fresh session resumes


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


def test_format_1_records_replay_to_their_checksums() -> None:
    """Records written before the keyed stream (SplitMix64 dice) replay step for step (the
    reference records of every game in tests/data/records are format 1 too)."""
    data = json.loads((Path(__file__).parent / "data" / "format1_toy.json").read_text())
    assert data["format"] == 1
    game = tavola.replay(data)
    assert game.checksums == data["checksums"] and game.record_format == 1
    assert game.record() == data and game.dice_commitment is None
    with pytest.raises(CorruptRecord, match="checksum"):
        tavola.replay({**data, "format": 2})


def test_a_game_from_a_position_writes_the_newest_format_and_old_ones_keep_verifying() -> None:
    """A game started from a position draws on the keyed stream and writes the canonical
    checksum (format 4), as a game from a set-up does; a format-1 record from a position
    (written before) replays to its checksums and exports unchanged."""
    from tavola.core.game import RECORD_FORMAT
    from tavola.core.position import read

    old = json.loads((Path(__file__).parent / "data" / "format1_position.json").read_text())
    assert old["format"] == 1 and "position" in old
    again = tavola.replay(old)
    assert again.record_format == 1 and again.record() == old
    example = read(Path(__file__).parents[2] / "examples" / "antike-ii" / "6.1-yellow.yaml")
    game = tavola.Game.from_position("antike-ii", example["position"], seed=5)
    for entry in old["actions"]:
        game.apply(entry[0], entry[1:])
    record = json.loads(json.dumps(game.record()))
    assert record["format"] == RECORD_FORMAT and record["dice_commitment"] == game.dice_commitment
    assert record["checksums"] != old["checksums"]  # another generator, another checksum
    assert tavola.replay(record).record() == record
    with pytest.raises(CorruptRecord):
        tavola.replay({**record, "format": 1})


def test_new_records_are_the_newest_format_with_a_commitment_that_replay_checks() -> None:
    from tavola.core.game import RECORD_FORMAT

    game = tavola.new_game("toy", players=2, seed=2**255 + 3)
    play_random(game, 4)
    record = game.record()
    assert record["format"] == RECORD_FORMAT == 4
    assert record["dice_commitment"] == tavola_rng.commitment(2**255 + 3)
    assert tavola.replay(json.dumps(record)).checksums == game.checksums
    with pytest.raises(CorruptRecord, match="dice_commitment"):
        tavola.replay({**record, "seed": 2**255 + 4})
    assert tavola.replay({**record, "seed": 2**255 + 4}, verify=False).seed == 2**255 + 4


def test_an_undo_after_a_keyed_draw_is_refused() -> None:
    """The session notices a draw of the keyed stream (its counter moves), as it did the word."""
    game = tavola.new_game("toy", players=2, seed=4)
    pick = random.Random(1)
    for _ in range(200):
        if game.is_over:
            break
        role = game.active_roles[0]
        before = game.state["rng"][2]
        legal = [a for a in game.legal_actions(role) if a != ("undo",)]
        game.apply(role, ("roll",) if ("roll",) in legal else pick.choice(legal))
        if game.state["rng"][2] != before:
            assert not game.can_undo(role)
            return
    pytest.fail("the toy game never rolled")


# --- secret choices of several clicks (the sealed-allocation test game) -------------------


def sealed_session(players: int, seed: int) -> tavola.Game:
    from secretgame import RULES

    return tavola.Game("sealed", None, players, None, seed=seed, rules=RULES)


def _seal(game: tavola.Game, role: str, fronts: list[int]) -> None:
    for f in fronts:
        game.apply(role, ["add", f])
    game.apply(role, ["confirm"])


def test_a_draft_is_seen_only_by_its_role_and_commits_as_one_step() -> None:
    game = sealed_session(3, 1)
    before = {r: game.view(r) for r in [*game.roles, None]}
    for click in (["add", 0], ["add", 0], ["remove", 0], ["add", 2]):
        game.apply("red", click)
        assert game.private and game.actions == []
    mine = game.view("red")
    assert mine["my_alloc"] == [1, 0, 1] and mine["can_undo"] and ["add", 1] in mine["actions"]
    assert mine["log"] == []  # a draft writes no log: its entries come with the commit
    # Nobody else can tell red has clicked at all.
    assert all(game.view(r) == before[r] for r in ["blue", "green", None])
    for click in (["add", 1], ["add", 1], ["add", 1]):
        game.apply("red", click)
    game.apply("red", ["confirm"])
    assert not game.private and len(game.actions) == 1 and game.actions[0][:2] == ["red", "commit"]
    clicks = ["sealed.add", "sealed.add", "sealed.remove"] + ["sealed.add"] * 4
    assert [e["msg"] for e in game.view("red")["log"]] == [*clicks, "sealed.sealed"]
    seen = game.view("blue")
    assert seen["sealed"] == ["red"] and seen["step"] == 1 and seen["my_alloc"] == [0, 0, 0]
    assert [e["msg"] for e in seen["log"]] == ["sealed.sealed"]
    assert "red" not in game.active_roles


def test_each_role_undoes_its_own_draft_while_the_others_act() -> None:
    game = sealed_session(3, 2)
    game.apply("red", ["add", 0])
    game.apply("blue", ["add", 1])
    game.apply("red", ["add", 2])
    _seal(game, "green", [0, 0, 1, 1, 2])  # a commit by a third role keeps both drafts
    game.apply("blue", ["add", 2])
    game.apply("red", ["undo"])
    game.apply("blue", ["undo"])
    assert game.view("red")["my_alloc"] == [1, 0, 0] and game.view("blue")["my_alloc"] == [0, 1, 0]
    game.apply("red", ["undo"])
    assert game.view("red")["my_alloc"] == [0, 0, 0] and not game.can_undo("red")
    with pytest.raises(IllegalAction):
        game.apply("red", ["undo"])
    assert len(game.actions) == 1  # undoing in a draft is no step either


def test_a_commit_is_checked_whole_and_changes_nothing_when_refused() -> None:
    game = sealed_session(2, 3)
    before = checksum(game.state)
    with pytest.raises(IllegalAction, match="not complete"):
        game.apply("red", ["commit", 2, "add", 0, 2, "add", 1])
    with pytest.raises(IllegalAction):
        game.apply("red", ["commit", 2, "add", 0, 2, "add", 0, 2, "add", 0, 2, "add", 0, 1, "confirm"])
    for bad in (["commit"], ["commit", 5, "add"], ["commit", True, "add"], ["commit", 0]):
        with pytest.raises(MalformedAction):
            game.apply("red", bad)
    assert checksum(game.state) == before and game.actions == []
    # A whole choice sent at once is one step, like a draft confirmed click by click.
    game.apply(
        "red", ["commit", 2, "add", 0, 2, "add", 0, 2, "add", 1, 2, "add", 1, 2, "add", 2, 1, "confirm"]
    )
    other = sealed_session(2, 3)
    _seal(other, "red", [0, 0, 1, 1, 2])
    assert other.actions == game.actions and other.checksums == game.checksums


def test_freshness_is_per_role() -> None:
    """A role's click is stale only if it acted since, or its own choices changed since."""
    game = sealed_session(2, 4)
    game.view("red"), game.view("blue")
    _seal(game, "blue", [0, 0, 1, 1, 2])
    assert game.fresh("red", 0)  # blue's commit did not change what red may do
    assert not game.fresh("blue", 0)
    _seal(game, "red", [0, 1, 1, 2, 2])  # the reveal: a new round
    assert not game.fresh("red", 0) and not game.fresh("red", 1) and game.fresh("red", 2)
    assert not game.fresh("red", 7) and not game.fresh("red", -1)


def test_hidden_draws_are_never_reported_as_chance() -> None:
    game = sealed_session(2, 5)
    _seal(game, "red", [0, 0, 1, 1, 2])
    _seal(game, "blue", [0, 1, 1, 2, 2])  # the reveal rolls a die, then reshuffles in secret
    die = game.log[-1]["dice"][0]
    assert game.chance == [[6, die - 1]]


def test_secret_choices_replay_and_a_draft_survives_nothing_it_should_not(sealed_game: str) -> None:
    game = sealed_session(2, 6)
    game.apply("red", ["add", 0])
    _seal(game, "blue", [0, 0, 1, 1, 2])
    assert game.view("red")["my_alloc"] == [1, 0, 0]  # rebased on blue's commit
    for f in (0, 1, 1, 2):
        game.apply("red", ["add", f])
    game.apply("red", ["confirm"])
    assert game.view("red")["round"] == 2 and game.view("red")["my_alloc"] == [0, 0, 0]
    again = tavola.replay(json.loads(json.dumps(game.record())))
    assert again.checksums == game.checksums and again.log == game.log


def test_drafts_are_plain_data_that_another_session_carries_on_with(sealed_game: str) -> None:
    """A stored draft, put back in a session rebuilt from the record, is the same draft: same
    view, same undo, same commit; one that another role's step ended is dropped."""
    game = sealed_session(3, 7)
    for f in (0, 2, 2):
        game.apply("red", ["add", f])
    game.apply("blue", ["add", 1])
    _seal(game, "green", [0, 0, 1, 1, 2])
    saved = json.loads(json.dumps(game.drafts()))
    assert saved == {"red": [["add", 0], ["add", 2], ["add", 2]], "blue": [["add", 1]]}
    other = tavola.replay(game.record())
    other.restore_drafts(saved)
    for role in ("red", "blue", "green", None):
        assert other.view(role) == game.view(role)
    for session in (game, other):
        session.apply("red", ["undo"])
        for f in (1, 1, 0):
            session.apply("red", ["add", f])
        session.apply("red", ["confirm"])
    assert other.checksums == game.checksums and other.drafts() == game.drafts() == {"blue": [["add", 1]]}
    other.restore_drafts({"blue": [["add", 1], ["remove", 2]]})  # no longer fits: dropped
    assert other.drafts() == {} and other.view("blue")["my_alloc"] == [0, 0, 0]


def test_option_types_are_checked_once_in_the_core() -> None:
    """1 == True in Python, but a record keeps JSON types exact: the session refuses 1 for a flag."""
    with pytest.raises(UnknownGame, match="takes one of"):
        tavola.Game("toy", options={"short": 1})
    assert tavola.Game("toy", options={"short": True}).options == {"short": True}


def test_the_session_never_writes_into_the_games_view() -> None:
    from toygame import ToyRules

    shared = {"round": 1}

    class Cached(ToyRules):
        def view(self, state, role):
            return shared

    game = tavola.Game("toy", rules=Cached())
    assert game.view("north")["active"] and shared == {"round": 1}

    class Clashing(ToyRules):
        def view(self, state, role):
            return {"step": "bid"}

    with pytest.raises(ValueError, match="session's keys"):
        tavola.Game("toy", rules=Clashing()).view(None)


def test_a_run_of_steps_is_taken_back_one_by_one_to_each_earlier_state() -> None:
    """One role's undoable steps in a row are taken back in turn, each to the very state before
    it (the session keeps one snapshot per run and plays the others again)."""
    game = tavola.new_game("antike-ii", scenario="orient", players=3, seed=6)
    pick = random.Random(6)
    runs = 0
    while not game.is_over and runs < 5:
        role = game.active_roles[0]
        states = [checksum(game.state)]
        while game.active_roles == [role]:
            legal = [a for a in game.legal_actions(role) if a != ("undo",)]
            game.apply(role, legal[pick.randrange(len(legal))])
            if not game.can_undo(role):
                break
            states.append(checksum(game.state))
            if len(states) == 5:
                break
        if len(states) < 5 or not game.can_undo(role):
            continue
        runs += 1
        for earlier in reversed(states[:-1]):
            game.apply(role, ["undo"])
            assert checksum(game.state) == earlier
    assert runs == 5
    assert tavola.replay(game.record()).checksums == game.checksums


def test_an_action_is_validated_against_the_actions_offered_at_this_change(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each step offers every active role its actions: an action is checked against that list,
    not against a second listing, and whatever it does not hold is refused."""
    game = tavola.Game("italia-i", seed=3)
    play_random(game, seed=3, steps=40)
    role = game.active_roles[0]
    offered = [tuple(a) for a in game.view(role)["actions"]]
    before = checksum(game.state)
    with pytest.raises(IllegalAction):
        game.apply(role, ["area", 999])
    assert checksum(game.state) == before
    assert [tuple(a) for a in game.view(role)["actions"]] == offered  # offered again, since a refusal
    calls: list[str] = []
    listing = game.rules.legal_actions
    monkeypatch.setattr(
        game.rules, "legal_actions", lambda state, who: calls.append(who) or listing(state, who)
    )
    monkeypatch.setattr(tavola.Game, "verify", False)
    game.apply(role, offered[0])
    assert len(calls) == len(game.active_roles)  # only the next step's offers were listed


def test_a_state_edited_in_place_after_its_offers_is_caught_when_verifying() -> None:
    """The offers are guarded by the session's change counter and the state's identity, as its
    views are: a state changed by hand between them is a stale list, which verifying finds."""
    game = tavola.Game("italia-i", seed=3)
    play_random(game, seed=3, steps=40)
    role = game.active_roles[0]
    action = next(tuple(a) for a in game.view(role)["actions"] if a != ["undo"])
    game.state["flow"].append({"s": "over"})  # the game ended by hand: nothing is legal now
    with pytest.raises(RuntimeError, match="stale"):
        game.apply(role, action)


def test_a_state_edited_by_hand_and_told_is_offered_anew(monkeypatch: pytest.MonkeyPatch) -> None:
    """Game.edited: what the session took of the state before a hand edit (its offers and
    views) is dropped, so an action is checked against the edited state, verifying or not."""
    monkeypatch.setattr(tavola.Game, "verify", False)
    game = tavola.Game("toy", seed=1)
    assert ["bid", 3] in game.view("north")["actions"]
    game.state["coins"]["north"] = 1  # by hand: north can bid one coin at most
    game.edited()
    assert game.view("north")["actions"] == [["bid", 0], ["bid", 1]]
    with pytest.raises(IllegalAction):
        game.apply("north", ["bid", 3])
    assert game.state["bids"] == {}


def test_an_edit_by_hand_ends_the_steps_that_may_be_taken_back() -> None:
    """Taking a step back loads the state from before it: after a hand edit that would undo
    the edit too, so Game.edited ends the run of steps that may be taken back."""
    game = tavola.Game("italia-i", seed=3)
    pick = random.Random(3)
    while not game.can_undo(game.active_roles[0]):
        role = game.active_roles[0]
        game.apply(role, pick.choice([a for a in game.legal_actions(role) if a != ("undo",)]))
    role = game.active_roles[0]
    game.edited()
    assert not game.can_undo(role) and ("undo",) not in game.legal_actions(role)


def test_a_new_state_put_in_is_never_checked_against_the_offers_of_the_old(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The offers and views are held with the very state they were taken of (not its id,
    which a new state may reuse): a state put in without Game.edited is listed afresh."""
    monkeypatch.setattr(tavola.Game, "verify", False)
    game = tavola.Game("toy", seed=1)
    assert ["bid", 3] in game.view("north")["actions"]
    other = clone(game.state)
    other["coins"]["north"] = 1
    game.state = other
    assert game.view("north")["actions"] == [["bid", 0], ["bid", 1]]
    with pytest.raises(IllegalAction):
        game.apply("north", ["bid", 3])
