"""The checksums of record formats 3 and 4 are the documented encodings (tavola.core.checksums):
format 3's whatever marshal a Python ships, format 4's whatever orjson writes; records of formats
1 and 2 keep their JSON checksum."""

from __future__ import annotations

import json
import random
import zlib
from typing import Any

import pytest

from tavola.core.checksums import bytes_checksum, canonical_bytes, canonical_json, checksum, json_checksum
from tavola.core.errors import CorruptRecord
from tavola.core.game import RECORD_FORMAT, Game, replay
from tavola.core.registry import game_ids, get_rules


def _int(n: int) -> bytes:
    return n.to_bytes(4, "little", signed=True)


def documented(value: Any) -> bytes:
    """The canonical bytes written from the table of tavola.core.checksums, without marshal."""
    if value is None:
        return b"N"
    if value is True or value is False:
        return b"T" if value else b"F"
    if type(value) is int:
        if -(2**31) <= value < 2**31:
            return b"i" + _int(value)
        digits = []
        rest = abs(value)
        while rest:
            digits.append((rest & 0x7FFF).to_bytes(2, "little"))
            rest >>= 15
        return b"l" + _int(len(digits) if value > 0 else -len(digits)) + b"".join(digits)
    if type(value) is str:
        raw = value.encode("utf-8")
        return b"u" + _int(len(raw)) + raw
    if type(value) is list:
        return b"[" + _int(len(value)) + b"".join(documented(v) for v in value)
    if type(value) is dict:
        return b"{" + b"".join(documented(k) + documented(value[k]) for k in sorted(value)) + b"0"
    raise TypeError(f"not plain data: {value!r}")


SAMPLES = [
    None,
    True,
    [False, 0, -1, 2**31 - 1, -(2**31), 2**31, -(2**31) - 1, 2**64 - 1, -(2**100)],
    "",
    "Città di Roma, §9.3 ✓",
    {"b": [1, {"z": 2, "a": [3]}], "a": {}, "é": "x", "B": None},
    [123, 379, {"{": "{"}],  # bytes "{" inside integers and strings
    [[123], [[{"k": 0x7B7B7B7B}]]],
    {"x": [30075, 12411, 0x757B0000], "y": {"z": "{0{u", "{": [{"u": 1}, 2, {}]}},
]


@pytest.mark.parametrize("value", SAMPLES)
def test_the_canonical_bytes_are_the_documented_encoding(value: Any) -> None:
    assert canonical_bytes(value) == documented(value)


def text(value: Any) -> bytes:
    """Format 4's canonical JSON as the module describes it, by the standard library alone."""
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode()


@pytest.mark.parametrize("value", SAMPLES)
def test_the_canonical_json_is_the_documented_text(value: Any) -> None:
    assert canonical_json(value) == text(value)
    ascii_json = json.dumps(value, sort_keys=True, separators=(",", ":")).encode()
    assert json_checksum(value) == f"{zlib.crc32(ascii_json):08x}"  # formats 1 and 2


def test_the_canonical_json_escapes_only_what_json_requires() -> None:
    value = {"\U0001f600": 1, "\uffff": 2, "é": 3, "E": ["\x00\x1f\x7f", '"\\', "\b\f\n\r\t"]}
    assert canonical_json(value) == (
        '{"E":["\\u0000\\u001f\x7f","\\"\\\\","\\b\\f\\n\\r\\t"],"é":3,"\uffff":2,"\U0001f600":1}'.encode()
    )
    assert (
        canonical_json([2**64 - 1, -(2**63), 2**64, -(2**63) - 1])
        == b"[18446744073709551615,-9223372036854775808,18446744073709551616,-9223372036854775809]"
    )


@pytest.mark.parametrize("written", [checksum, bytes_checksum])
def test_the_checksum_ignores_the_order_keys_were_written_in(written: Any) -> None:
    one = {"a": 1, "b": [{"x": 1, "y": [2, {"p": 0, "q": 1}]}], "c": "s"}
    two = {"c": "s", "b": [{"y": [2, {"q": 1, "p": 0}], "x": 1}], "a": 1}
    assert written(one) == written(two)
    assert written(one) != written({**one, "a": 2})
    assert written([1]) != written([True])  # a flag is not a number


@pytest.mark.parametrize("game_id", [g for g in game_ids() if g not in ("toy", "sealed")])
def test_states_of_random_games_checksum_as_the_documented_encodings(game_id: str) -> None:
    rules = get_rules(game_id)
    spec = rules.scenarios()[0]
    state = rules.setup(spec.name, spec.default_players, {o.name: o.default for o in spec.options}, 5)
    pick = random.Random(5)
    for step in range(400):
        if rules.result(state) is not None:
            break
        role = rules.active_roles(state)[0]
        legal = rules.legal_actions(state, role)
        rules.apply(state, role, legal[pick.randrange(len(legal))])
        if step % 40 == 0:
            plain = json.loads(json.dumps(state))  # the same data read back: other key order, no interning
            assert bytes_checksum(state) == f"{zlib.crc32(documented(state)):08x}" == bytes_checksum(plain)
            assert checksum(state) == f"{zlib.crc32(text(state)):08x}" == checksum(plain)


def _played(steps: int) -> Game:
    game = Game("antike-ii", "orient", 3, seed=4)
    for _ in range(steps):
        role = game.active_roles[0]
        game.apply(role, game.legal_actions(role)[0])
    return game


def test_a_new_record_writes_the_canonical_json_checksum_and_older_formats_keep_theirs() -> None:
    game = _played(30)
    record = game.record()
    assert record["format"] == RECORD_FORMAT == 4
    assert game.checksums[-1] == checksum(game.state)
    assert replay(record).checksums == record["checksums"]
    for fmt, written in ((3, bytes_checksum), (2, json_checksum)):
        older = {**record, "format": fmt, "checksums": None}
        again = replay(older, verify=False)
        assert again.state == game.state and again.checksums[-1] == written(game.state)
        # (an ASCII state's JSON is the same text in formats 2 and 4)
        assert (again.checksums[-1] != game.checksums[-1]) is (fmt == 3)
        assert replay(again.record()).checksums == again.checksums


def test_a_record_with_another_formats_checksums_is_refused() -> None:
    record = _played(5).record()
    with pytest.raises(CorruptRecord, match="step 0: checksum"):
        replay({**record, "format": 3})
