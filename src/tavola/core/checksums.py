r"""The checksum of a state: what a record writes after every step, so that a replay proves it
rebuilt the very game (docs/architecture.md).

Three encodings, chosen by the record's format:

- **Formats 1 and 2**: CRC-32 of the state's JSON, keys sorted, no spaces, ASCII (any other
  character escaped as ``\uXXXX``).
- **Format 3**: CRC-32 of the state's *canonical bytes*, a binary encoding of plain data that
  costs a fifth of the JSON. Every value is one type byte and what follows it, integers
  little-endian:

  ========== ===================================================================
  ``N``       None
  ``T``/``F`` true / false
  ``i``       an integer from -2**31 to 2**31-1: 4 bytes, two's complement
  ``l``       any other integer: n (4 bytes, negative for a negative integer),
              then |n| digits of 15 bits, 2 bytes each, least significant first
  ``u``       a string: its UTF-8 length (4 bytes), then its UTF-8
  ``[``       a list: its length (4 bytes), then each item
  ``{``       an object: each key (a string) and its value, keys in code-point
              order, then ``0``
  ========== ===================================================================

  These are the bytes of CPython's ``marshal`` format version 0 for such data, which writes
  them at C speed; this module only puts object keys in order. The encoding is ours, not
  marshal's: ``tests/core/test_core_checksums.py`` rebuilds it from the table above, so a
  Python whose marshal ever wrote anything else would be caught at once.
- **Format 4** (records written now): CRC-32 of the state's *canonical JSON*: object keys in
  code-point order, no whitespace, integers in decimal, strings in UTF-8 with only what JSON
  requires escaped (``"``, ``\``, and the control characters below U+0020 as ``\b``,
  ``\f``, ``\n``, ``\r``, ``\t`` or ``\u00xx``, lower-case hex). It is the text of the
  standard library's ``json.dumps(state, ensure_ascii=False, sort_keys=True, separators=(",",
  ":"))``, written by orjson at a third of format 3's cost (the standard library writes what
  orjson refuses, integers beyond 64 bits); the tests compare the two on every game's states.

A state holds only the types of format 3's table (the rules contract); a checksum is printed as 8
hex digits.
"""

from __future__ import annotations

import json
import marshal
import zlib
from typing import Any

import orjson

_SCALARS = frozenset({int, str, bool, type(None)})
_JSON = json.JSONEncoder(sort_keys=True, separators=(",", ":"))
_TEXT = json.JSONEncoder(ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def json_checksum(state: Any) -> str:
    """The checksum of record formats 1 and 2: CRC-32 of the JSON with keys sorted, in ASCII."""
    data = canonical_json(state)
    if not data.isascii():  # (ASCII text is the same in both)
        data = _JSON.encode(state).encode()
    return f"{zlib.crc32(data):08x}"


def canonical_bytes(value: Any) -> bytes:
    """The canonical bytes of plain data (see the module's table)."""
    if type(value) is dict:
        return _object(value)
    data = marshal.dumps(value, 0)
    if type(value) is list and b"{" in data and not _SCALARS.issuperset(map(type, value)):
        return b"[" + len(value).to_bytes(4, "little") + b"".join([canonical_bytes(v) for v in value])
    return data


def _object(value: dict[str, Any]) -> bytes:
    # Marshal writes a copy with every key in order at C speed, if it finds all the objects:
    # each object put in order writes "{" then its first key's "u" (or the end, "0"), so any
    # more such pairs are an object missed (inside a list of other things) or, by chance,
    # bytes of an integer or a string. Then key by key.
    keys = _in_order(value)
    ordered: dict[str, Any] = {}
    counts = []
    expected = 1
    for key in keys:
        item = value[key]
        n = 0
        kind = type(item)
        # a list is walked only if it holds objects first (a state's lists mostly hold none)
        if kind is dict or (kind is list and item and type(item[0]) is dict):
            item, n = _ordered(item)
            expected += n
        ordered[key] = item
        counts.append(n)
    data = marshal.dumps(ordered, 0)
    # Each object writes a "{"; a count of them alone (four times faster) settles it when no
    # integer or string wrote one by chance.
    if data.count(b"{") == expected or _objects(data) == expected:
        return data
    parts = [b"{"]
    for key, n in zip(keys, counts, strict=True):
        item = marshal.dumps(ordered[key], 0)
        parts += [marshal.dumps(key, 0), item if _objects(item) == n else canonical_bytes(value[key])]
    parts.append(b"0")
    return b"".join(parts)


def _ordered(item: Any) -> tuple[Any, int]:
    """An object with its keys in order, and those of the objects in it and in the lists of
    objects it holds (a copy; anything else as it is); with how many objects it put in order."""
    if type(item) is dict:
        out = {}
        objects = 1
        for key in _in_order(item):
            one = item[key]
            kind = type(one)
            if kind is dict or (kind is list and one and type(one[0]) is dict):
                one, more = _ordered(one)
                objects += more
            out[key] = one
        return out, objects
    if item and type(item[0]) is dict:  # a list of objects
        items = []
        objects = 0
        for one in item:
            if type(one) is dict:
                one, more = _ordered(one)
                objects += more
            items.append(one)
        return items, objects
    return item, 0


ORDERS_KEPT = 4096
_orders: dict[tuple[str, ...], tuple[str, ...]] = {}
"""The keys of an object in order, by the order they were written in: a state's objects come
in a few shapes (its frames, its counts per nation), so their keys are sorted once."""


def _in_order(item: dict[str, Any]) -> tuple[str, ...]:
    written = tuple(item)
    keys = _orders.get(written)
    if keys is None:
        if len(_orders) >= ORDERS_KEPT:
            _orders.clear()
        keys = _orders[written] = tuple(sorted(written))
    return keys


def _objects(data: bytes) -> int:
    return data.count(b"{u") + data.count(b"{0")


def bytes_checksum(state: Any) -> str:
    """The checksum of record format 3: CRC-32 of the canonical bytes, as 8 hex digits."""
    return f"{zlib.crc32(canonical_bytes(state)):08x}"


def canonical_json(value: Any) -> bytes:
    """The canonical JSON of plain data (format 4, see the module's description), in UTF-8."""
    try:
        return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)
    except TypeError:  # (orjson's error is one) an integer beyond 64 bits: the same text
        return _TEXT.encode(value).encode("utf-8", "surrogatepass")


def checksum(state: Any) -> str:
    """The checksum of record format 4: CRC-32 of the canonical JSON, as 8 hex digits."""
    return f"{zlib.crc32(canonical_json(state)):08x}"


BY_FORMAT = {1: json_checksum, 2: json_checksum, 3: bytes_checksum, 4: checksum}
"""The checksum each record format writes."""
