"""Seeded random numbers kept inside the game state.

Two generators, both plain data in ``state["rng"]`` so cloning or serializing the state carries
the RNG with it. Every die and shuffle of every game comes from here, never from ``random``.

- **The keyed stream** (``STREAM``, record format 2, every new game): ``state["rng"]`` is
  ``["k2", KEY, N]``, where ``KEY`` is the hex SHA-256 of ``"tavola-dice-key:v2:<seed>"`` and
  ``N`` counts the 64-bit words drawn. Word ``N`` is 8 bytes (little-endian) of the block
  ``BLAKE2b-512(key=KEY, data=(N // 8) as 8 little-endian bytes)`` at offset ``8 * (N % 8)``.
  BLAKE2b keyed with 256 secret bits is a pseudorandom function: no number of past draws lets
  anyone compute a future one. Blocks are cached (they depend on nothing but the key and the
  block number), so a draw costs about as much as a SplitMix64 step. docs/fairness.md shows
  how to verify a game's dice by hand.
- **SplitMix64** (``SPLITMIX``, record format 1; Steele, Lea, Flood 2014): one 64-bit integer
  of state. Fast, but its output reveals its state: only records written before the keyed
  stream existed use it (they keep replaying to the same checksums), and bots use it on
  their determinized worlds (:func:`fast_state`), which never need the true future.

A game's ``setup`` calls :func:`seed_state`; which generator it gets is chosen by the session
(:func:`generator`): the keyed stream for every new game, SplitMix64 for a format-1 record.
Outside a session (the fuzzer's and the benchmark's playouts straight on the rules, test
helpers calling ``setup`` with an old record's seed) it is SplitMix64, as it always was.

When the session sets ``state["_draws"]`` to a list, every draw is appended to it as
``[sides, outcome]``: these are the chance events the AI-facing interface reports. A game that
draws in secret (a shuffle of a hidden deck) wraps the draw in :func:`hidden`, which marks those
entries ``[sides, outcome, "hidden"]``; interfaces report only the public ones.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from struct import Struct
from typing import Any

SPLITMIX = 1
STREAM = 2
TAG = "k2"
"""First item of a keyed-stream RNG state."""

KEY_FORMAT = "tavola-dice-key:v2:{seed}"
COMMITMENT_FORMAT = "tavola-dice-commitment:v2:{seed}"
"""Published formats: the key and the commitment are SHA-256 of these strings (UTF-8, the
seed in decimal). They differ, so publishing the commitment reveals nothing of the key."""

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_WORDS = Struct("<8Q")
_BLOCK_CACHE: dict[tuple[str, int], tuple[int, ...]] = {}
_CACHE_LIMIT = 4096
_generator: ContextVar[int | None] = ContextVar("tavola_rng_generator", default=None)


@contextmanager
def generator(version: int) -> Iterator[None]:
    """Within this block :func:`seed_state` makes states of generator ``version``."""
    if version not in (SPLITMIX, STREAM):
        raise ValueError(f"unknown RNG generator {version!r}")
    token = _generator.set(version)
    try:
        yield
    finally:
        _generator.reset(token)


def current_generator() -> int | None:
    """The generator a session chose here (see :func:`generator`), or None outside one."""
    return _generator.get()


def seed_state(seed: int) -> Any:
    """The initial RNG state for a user seed (any integer), of the session's generator."""
    if _generator.get() == STREAM:
        return [TAG, stream_key(seed), 0]
    return fast_state(seed)


def fast_state(seed: int) -> int:
    """A SplitMix64 state: for determinized worlds and format-1 records."""
    return (seed * 0x2545F4914F6CDD1D + 0x1234567) & _MASK


def stream_key(seed: int) -> str:
    """The secret key of the keyed stream, as hex."""
    return hashlib.sha256(KEY_FORMAT.format(seed=int(seed)).encode()).hexdigest()


def commitment(seed: int) -> str:
    """The public commitment to a seed (hex SHA-256), safe to show before the game ends."""
    return hashlib.sha256(COMMITMENT_FORMAT.format(seed=int(seed)).encode()).hexdigest()


def _block(key: str, index: int) -> tuple[int, ...]:
    block = _BLOCK_CACHE.get((key, index))
    if block is None:
        if len(_BLOCK_CACHE) >= _CACHE_LIMIT:
            _BLOCK_CACHE.clear()
        digest = hashlib.blake2b(index.to_bytes(8, "little"), key=bytes.fromhex(key)).digest()
        block = _BLOCK_CACHE[(key, index)] = _WORDS.unpack(digest)
    return block


def _next(state: dict[str, Any]) -> int:
    r = state["rng"]
    if type(r) is int:
        x = (r + _GAMMA) & _MASK
        state["rng"] = x
        x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
        return x ^ (x >> 31)
    n = r[2]
    r[2] = n + 1
    return _block(r[1], n >> 3)[n & 7]


def position(state: dict[str, Any]) -> Any:
    """A value that changes whenever a draw is made (the session compares it around an action)."""
    r = state["rng"]
    return r if type(r) is int else r[2]


def below(state: dict[str, Any], n: int) -> int:
    """A uniform integer in ``0 .. n-1`` (``n`` >= 1), unbiased by rejection."""
    if n <= 0:
        raise ValueError("below() needs n >= 1")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        x = _next(state)
        if x < limit:
            out = x % n
            draws = state.get("_draws")
            if draws is not None:
                draws.append([n, out])
            return out


def roll(state: dict[str, Any], sides: int) -> int:
    """One die with faces ``1 .. sides``."""
    return below(state, sides) + 1


def shuffle(state: dict[str, Any], items: list[Any]) -> None:
    """Fisher–Yates shuffle in place."""
    for i in range(len(items) - 1, 0, -1):
        j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]


def choice(state: dict[str, Any], items: list[Any]) -> Any:
    return items[below(state, len(items))]


@contextmanager
def hidden(state: dict[str, Any]) -> Iterator[None]:
    """Draws made inside this block are secret (a shuffle of a hidden deck): the chance events
    reported to learning agents and clients leave them out."""
    draws = state.get("_draws")
    start = len(draws) if draws is not None else 0
    try:
        yield
    finally:
        if draws is not None:
            for d in draws[start:]:
                if len(d) == 2:
                    d.append("hidden")


def public_draws(draws: list[list[Any]]) -> list[list[int]]:
    """The draws everyone may know: ``[sides, outcome]`` of those not made in secret."""
    return [d[:2] for d in draws if len(d) == 2]
