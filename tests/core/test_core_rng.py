"""The seeded RNG: deterministic, uniform enough, recorded as chance events."""

from __future__ import annotations

import hashlib
import secrets
from collections import Counter

import pytest

from tavola.core import rng


def test_same_seed_same_sequence_and_state_carries_it() -> None:
    a = {"rng": rng.seed_state(42)}
    b = {"rng": rng.seed_state(42)}
    assert [rng.roll(a, 10) for _ in range(50)] == [rng.roll(b, 10) for _ in range(50)]
    c = {"rng": a["rng"]}
    assert rng.roll(a, 6) == rng.roll(c, 6)


def test_different_seeds_differ() -> None:
    a = {"rng": rng.seed_state(1)}
    b = {"rng": rng.seed_state(2)}
    assert [rng.roll(a, 10) for _ in range(20)] != [rng.roll(b, 10) for _ in range(20)]


def test_d10_faces_are_all_reached_and_roughly_uniform() -> None:
    s = {"rng": rng.seed_state(7)}
    counts = Counter(rng.roll(s, 10) for _ in range(20_000))
    assert sorted(counts) == list(range(1, 11))
    assert all(1700 < n < 2300 for n in counts.values())


def test_shuffle_is_a_permutation_and_draws_are_recorded() -> None:
    s = {"rng": rng.seed_state(3), "_draws": []}
    items = list(range(10))
    rng.shuffle(s, items)
    assert sorted(items) == list(range(10))
    assert len(s["_draws"]) == 9
    with pytest.raises(ValueError):
        rng.below(s, 0)


def test_splitmix64_words_are_unchanged_for_format_1_records() -> None:
    """Format-1 records replay on the same SplitMix64 numbers they were written with."""
    s = {"rng": rng.fast_state(42)}
    assert [rng.below(s, 1 << 30) for _ in range(4)] == [FORMAT_1_SEED_42[i] for i in range(4)]
    with rng.generator(rng.SPLITMIX):
        assert rng.seed_state(42) == rng.fast_state(42)


# Drawn by the generator before the keyed stream existed.
FORMAT_1_SEED_42 = [115319951, 894788828, 457047265, 828701420]


def test_keyed_stream_is_the_documented_blake2b_counter_mode() -> None:
    """docs/fairness.md: word N is 8 bytes of BLAKE2b-512(key, N // 8) at offset 8 * (N % 8)."""
    seed = 2**200 + 12345
    key = hashlib.sha256(f"tavola-dice-key:v2:{seed}".encode()).digest()
    words = []
    for block in range(3):
        digest = hashlib.blake2b(block.to_bytes(8, "little"), key=key).digest()
        words += [int.from_bytes(digest[i : i + 8], "little") for i in range(0, 64, 8)]
    with rng.generator(rng.STREAM):
        s = {"rng": rng.seed_state(seed)}
    assert s["rng"] == ["k2", key.hex(), 0]
    assert [rng.below(s, 2**64) for _ in range(24)] == words
    assert s["rng"][2] == 24
    s = {"rng": [rng.TAG, key.hex(), 0]}
    expected = [w % 6 + 1 for w in words if w < 2**64 - 2**64 % 6][:20]
    assert [rng.roll(s, 6) for _ in range(20)] == expected


def test_the_commitment_reveals_nothing_of_the_key() -> None:
    seed = 987654321
    c = rng.commitment(seed)
    assert c == hashlib.sha256(f"tavola-dice-commitment:v2:{seed}".encode()).hexdigest()
    assert c != rng.stream_key(seed) and len(c) == 64


def test_the_fast_generator_is_separate_from_the_stream() -> None:
    """Bots determinize on SplitMix64 words; the session's games get the keyed stream."""
    assert isinstance(rng.fast_state(5), int)
    assert rng.seed_state(5) == rng.fast_state(5)  # outside a session: SplitMix64, as before
    with rng.generator(rng.STREAM):
        assert rng.seed_state(5)[0] == "k2"
    with pytest.raises(ValueError), rng.generator(9):
        pass


def test_hidden_draws_are_marked_and_left_out_of_public_draws() -> None:
    s = {"rng": rng.seed_state(3), "_draws": []}
    rng.roll(s, 6)
    with rng.hidden(s):
        deck = list(range(5))
        rng.shuffle(s, deck)
    rng.roll(s, 10)
    assert [d[0] for d in s["_draws"]] == [6, 5, 4, 3, 2, 10]
    assert [len(d) for d in s["_draws"]] == [2, 3, 3, 3, 3, 2]
    assert [d[0] for d in rng.public_draws(s["_draws"])] == [6, 10]


def test_the_old_brute_force_attack_finds_nothing() -> None:
    """The attack of the audit: try every seed of a small space against 14 observed dice.

    With SplitMix64 and a seed from that space the seed is found and the next dice predicted;
    the keyed stream of a 256-bit seed gives the attacker no candidate at all."""
    space = range(1 << 14)

    def dice(state: object, count: int) -> list[int]:
        s = {"rng": state}
        return [rng.roll(s, 10) for _ in range(count)]

    def attack(observed: list[int], make: object) -> list[int]:
        return [seed for seed in space if dice(make(seed), 14) == observed]  # type: ignore[operator]

    weak = dice(rng.fast_state(9_999), 44)
    found = attack(weak[:14], rng.fast_state)
    assert found == [9_999] and dice(rng.fast_state(found[0]), 44)[14:] == weak[14:]

    def keyed(seed: int) -> object:
        return [rng.TAG, rng.stream_key(seed), 0]

    strong = dice(keyed(secrets.randbits(256)), 14)
    assert attack(strong, keyed) == []
