"""The wire's JSON (``tavola.server.wire``): the text the standard library's encoder wrote, faster."""

from __future__ import annotations

import json
import random

from tavola.core.game import Game
from tavola.core.history import plain
from tavola.server.wire import dumps, encode


def _stdlib(body: object) -> str:
    return json.dumps(body, separators=(",", ":"), ensure_ascii=False, default=plain)


def test_a_packed_view_is_the_json_the_standard_encoder_writes() -> None:
    """Every role's packed view of a game well in (its log a packed sequence, names with
    accents) decodes to what the standard library's encoder made of it."""
    for game_id in ("italia-i", "maria", "antike-ii"):
        game = Game(game_id, seed=3)
        rng = random.Random(5)
        roles: set[str] = set()
        for _ in range(120):
            if game.is_over:
                break
            role = game.active_roles[0]
            roles.add(role)
            game.apply(role, rng.choice(game.legal_actions(role)))
        for role in (None, *sorted(roles)):
            view = game.packed_view(role)
            assert json.loads(encode(view)) == json.loads(_stdlib(view))


def test_integer_keys_are_strings_and_text_stays_utf8() -> None:
    body = {"n": {3: "Pavia", 10: "Köln"}, "s": "Maria Theresia · Österreich"}
    assert dumps(body) == _stdlib(body)
    assert encode(body) == _stdlib(body).encode()


def test_an_integer_beyond_64_bits_is_written_as_the_standard_encoder_writes_it() -> None:
    """A fair match's revealed seed is a 256-bit number: the fallback writes it exactly."""
    body = {"seed": 2**200 + 7, "view": [1, 2]}
    assert dumps(body) == _stdlib(body)
    assert json.loads(encode(body))["seed"] == 2**200 + 7
