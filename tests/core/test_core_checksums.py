"""The checksum of record format 3 is the documented encoding (tavola.core.checksums), whatever
marshal a Python ships; records of formats 1 and 2 keep their JSON checksum."""

from __future__ import annotations

import json
import random
import zlib
from typing import Any

import pytest

from tavola.core.checksums import canonical_bytes, checksum, json_checksum
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


def test_the_checksum_ignores_the_order_keys_were_written_in() -> None:
    one = {"a": 1, "b": [{"x": 1, "y": [2, {"p": 0, "q": 1}]}], "c": "s"}
    two = {"c": "s", "b": [{"y": [2, {"q": 1, "p": 0}], "x": 1}], "a": 1}
    assert checksum(one) == checksum(two)
    assert checksum(one) != checksum({**one, "a": 2})
    assert checksum([1]) != checksum([True])  # a flag is not a number


@pytest.mark.parametrize("game_id", [g for g in game_ids() if g not in ("toy", "sealed")])
def test_states_of_random_games_checksum_as_the_documented_encoding(game_id: str) -> None:
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
            assert checksum(state) == f"{zlib.crc32(documented(state)):08x}" == checksum(plain)


def test_a_new_record_writes_the_canonical_checksum_and_older_formats_keep_json() -> None:
    game = Game("antike-ii", "orient", 3, seed=4)
    for _ in range(30):
        role = game.active_roles[0]
        game.apply(role, game.legal_actions(role)[0])
    record = game.record()
    assert record["format"] == RECORD_FORMAT == 3
    assert game.checksums[-1] == checksum(game.state)
    assert replay(record).checksums == record["checksums"]
    older = {**record, "format": 2, "checksums": None}
    again = replay(older, verify=False)
    assert again.state == game.state and again.checksums[-1] == json_checksum(game.state)
    assert replay(again.record()).checksums == again.checksums
