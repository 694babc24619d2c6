"""§6.1 production: 1 per city, 3 with a temple, the coin; §7.3 Metallum and Moneta."""

from __future__ import annotations

import pytest
from antike_helpers import (
    YELLOW,
    city,
    legal,
    mare_nostrum,
    n_of,
    play,
    purse,
    techs,
    turn,
    wallet,
)

from tavola.games.antike.loader import RULEBOOK


def _romans(seed: int = 0):
    """The rulebook's Yellow of §6.1: Roma, Neapolis, Syracus (with its temple), Carales and Carthago."""
    g, s = mare_nostrum(*YELLOW, temple="syracus", seed=seed)
    turn(s, "romans")
    return g, s


@pytest.mark.parametrize(
    ("space", "expected"),
    [
        ("aurum", [0, 0, 4, 1]),  # 3 gold from the temple of Syracus + 1 from Carthago, and 1 coin
        ("marmor", [2, 0, 0, 1]),  # Roma and Neapolis
        ("ferrum", [0, 1, 0, 1]),  # Carales
    ],
)
def test_6_1_production_example_of_yellow(space: str, expected: list[int]) -> None:
    g, s = _romans()
    events = play(g, "romans", ("rondel", space))
    assert wallet(s, "romans") == expected
    assert s["coins"] == RULEBOOK.coins - 1
    assert any(e["msg"] == "ev.produce" for e in events)


def test_6_1_the_coin_comes_even_when_nothing_is_produced() -> None:
    g, s = _romans()
    city(s, "greeks", "carales")  # the Romans' only iron city is Greek now
    play(g, "romans", ("rondel", "ferrum"))
    assert wallet(s, "romans") == [0, 0, 0, 1]


def test_6_1_with_no_coin_in_the_bank_the_nation_takes_another_resource() -> None:
    g, s = _romans()
    # every coin is in the Greeks' purse (§1 coins are limited)
    purse(s, "greeks", coin=RULEBOOK.coins)
    assert s["coins"] == 0
    play(g, "romans", ("rondel", "aurum"))
    assert s["flow"][-1]["s"] == "coin"
    assert set(legal(g, "romans")) == {("resource", "marble"), ("resource", "iron"), ("resource", "gold")}
    play(g, "romans", ("resource", "marble"))
    assert wallet(s, "romans") == [1, 0, 4, 0]
    assert s["coins"] == 0


def test_7_3_metallum_adds_one_and_moneta_two_in_all() -> None:
    g, s = _romans()
    techs(s, "romans", "metallum")
    play(g, "romans", ("rondel", "aurum"))
    assert wallet(s, "romans") == [0, 0, 5, 1]
    g, s = _romans()
    techs(s, "romans", "metallum", "moneta")
    play(g, "romans", ("rondel", "marmor"))
    assert wallet(s, "romans") == [4, 0, 0, 1]
    assert s["turn"] != n_of(s, "romans")  # nothing to found: the turn has ended
