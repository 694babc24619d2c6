"""A session's past held packed (tavola.core.history): it reads as the lists it replaces, views of
it stay as they were taken, and snapshots carry it (and older snapshots, of lists, still resume)."""

from __future__ import annotations

import json
import marshal
import random
import sys
import zlib
from array import array

import pytest

import tavola
from tavola.core.game import _LISTS_TAG, visible_log
from tavola.core.history import BLOCK, Checksums, Log, LogView, Packed, plain


def _items(n: int) -> list[object]:
    """Items of the shapes a session holds: lists of interned strings and ints, tuples, dicts."""
    verbs = ["move", "done", "area"]
    return [
        [sys.intern("red"), sys.intern(verbs[i % 3]), i] if i % 3 else {"msg": "x", "args": {"d": (i, 2)}}
        for i in range(n)
    ]


@pytest.mark.parametrize("n", [0, 1, BLOCK - 1, BLOCK, BLOCK + 1, 3 * BLOCK + 5])
def test_packed_reads_as_the_list_it_holds(n: int) -> None:
    items = _items(n)
    packed: Packed[object] = Packed(items)
    assert len(packed) == n and packed == items and list(packed) == items and items == packed
    for i in range(-n, n):
        assert packed[i] == items[i]
    for cut in (slice(None), slice(3, None), slice(-5, None), slice(1, -1, 2), slice(BLOCK - 2, BLOCK + 3)):
        assert packed[cut] == items[cut]
    with pytest.raises(IndexError):
        packed[n]
    assert packed != [*items, 1] and packed != tuple(items)


def test_packed_keeps_types_and_interned_strings() -> None:
    packed: Packed[object] = Packed(_items(2 * BLOCK + 3))
    entry = packed[2 * BLOCK + 2]
    assert type(entry) is list and entry[1] is sys.intern("done")
    assert packed[2 * BLOCK + 1]["args"]["d"] == (2 * BLOCK + 1, 2)  # a tuple stays a tuple


@pytest.mark.parametrize("n", [0, 5, BLOCK, BLOCK + 7, 3 * BLOCK])
def test_a_cut_is_a_new_sequence_and_leaves_the_old_one_whole(n: int) -> None:
    items = _items(3 * BLOCK + 9)
    packed: Packed[object] = Packed(items)
    cut = packed.cut(n)
    cut.append("new")
    assert cut == [*items[:n], "new"] and packed == items
    assert Packed.load(marshal.loads(marshal.dumps(cut.dump()))) == cut


def test_checksums_are_eight_lowercase_hex_digits() -> None:
    sums = Checksums(["0000beef", "ffffffff", "00000000"])
    assert sums == ["0000beef", "ffffffff", "00000000"] and sums[-1] == "00000000" and sums[1:] == sums[1:3]
    assert Checksums.load(sums.dump()) == sums and sums.cut(1) == ["0000beef"]
    for bad in ("BEEF0000", "beef", "0x00beef", "123456789", "0000_bee"):
        with pytest.raises(ValueError):
            sums.append(bad)


def test_a_log_knows_each_entrys_step_and_readers_without_decoding() -> None:
    events = [{"msg": "m", "step": i // 2, **({"to": ["b"]} if i % 5 == 0 else {})} for i in range(150)]
    events.append({"msg": "no step"})
    log = Log(events)
    assert log == events and log.private
    assert [log.step(i) for i in range(len(log))] == [ev.get("step") for ev in events]
    for role in ("a", "b", None):
        index = list(log.readers(role, 0, len(log)))
        assert [events[i] for i in index] == visible_log(events, role)
    again = Log.load(marshal.loads(marshal.dumps(log.cut(100).dump())))
    assert again == events[:100] and list(again.readers("a", 0, 100)) == list(log.readers("a", 0, 100))


def test_a_view_of_the_log_is_the_filter_and_json_writes_it_as_a_list() -> None:
    events = [{"msg": "m", "step": i, **({"to": ["b"]} if i % 3 == 0 else {})} for i in range(100)]
    log = Log(events)
    index = list(log.readers("a", 0, len(log)))
    seen = LogView(log, len(index), array("I", index))
    assert seen == visible_log(events, "a") and seen[-1] == events[98] and seen.step(0) == 1
    assert json.dumps({"log": seen}, default=plain) == json.dumps({"log": visible_log(events, "a")})


def _play(game: tavola.Game, pick: random.Random, steps: int, undo: float = 0.3) -> None:
    for _ in range(steps):
        if game.is_over:
            return
        role = game.active_roles[0]
        legal = game.legal_actions(role)
        game.apply(role, ("undo",) if ("undo",) in legal and pick.random() < undo else pick.choice(legal))


@pytest.mark.parametrize("game_id", ["toy", "italia-i"])
def test_the_packed_view_is_the_plain_view_and_stays_as_it_was_taken(game_id: str) -> None:
    """The server's view (its log decoded when read) equals the plain one, whose log is the
    whole filter of the log; one taken earlier still reads as it did after later steps and
    undos (which make a new log)."""
    pick = random.Random(11)
    for seed in range(2 if game_id == "toy" else 1):
        game = tavola.Game(game_id, seed=seed)
        kept: list[tuple[list, list]] = []
        for _ in range(40 if game_id == "toy" else 8):
            for role in [*game.roles, None]:
                packed, view = game.packed_view(role), game.view(role)
                assert isinstance(packed["log"], LogView) and type(view["log"]) is list
                assert packed == view and view["log"] == visible_log(list(game.log), role)
                kept.append((packed["log"], list(view["log"])))
            _play(game, pick, 1 if game_id == "toy" else 40)
        assert all(seen == as_taken for seen, as_taken in kept)


def test_a_snapshot_of_lists_written_before_resumes() -> None:
    """Snapshots stored before the past was packed (format 1) still resume, to the same game."""
    game = tavola.Game("italia-i", seed=3)
    _play(game, random.Random(2), 200)
    old = (_LISTS_TAG, list(game.actions), list(game.checksums), game.state, list(game.log))
    rest = (game._undo, game._base, game.chance)
    snapshot = zlib.compress(marshal.dumps((*old, *rest)), 1)
    for trusted in (False, True):
        resumed = tavola.replay({**game.record(), "actions": [], "checksums": []})
        resumed.resume(snapshot, trusted=trusted)
        assert resumed.record() == game.record() and resumed.log == game.log
        assert resumed.view(None) == game.view(None)


def test_what_the_past_says_it_holds_is_what_it_takes() -> None:
    """``nbytes`` (which ``Game.past_bytes`` and the server's ``live_bytes`` add up) is within a
    tenth of what tracemalloc counts for the packed sequences, and a small part of the lists."""
    import tracemalloc

    game = tavola.Game("italia-i", seed=5)
    _play(game, random.Random(4), 600, undo=0)
    dumped = marshal.dumps((game.actions.dump(), game.checksums.dump(), game.log.dump()))
    tracemalloc.start()
    try:
        start = tracemalloc.get_traced_memory()[0]
        actions, sums, log = marshal.loads(dumped)
        past = (Packed.load(actions), Checksums.load(sums), Log.load(log))
        del actions, sums, log
        taken = tracemalloc.get_traced_memory()[0] - start
        start = tracemalloc.get_traced_memory()[0]
        as_lists = (list(game.actions), list(game.checksums), list(game.log))
        listed = tracemalloc.get_traced_memory()[0] - start
    finally:
        tracemalloc.stop()
    said = sum(part.nbytes() for part in past)
    assert 0.9 < said / taken < 1.1, (said, taken)
    assert said < listed / 4 and len(as_lists[0]) == 600
