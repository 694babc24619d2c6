"""§7.2 TEMPLUM: 5 marble a temple, one per city, 20 temples in all; §9 the development opening."""

from __future__ import annotations

from antike_helpers import legal, mare_nostrum, n_of, neutral, new, play, purse, turn, wallet

from tavola.games.antike.loader import RULEBOOK
from tavola.games.antike.production import output


def _romans(marble: int):
    g, s = mare_nostrum("roma", "neapolis", "carales", temple="roma")
    purse(s, "romans", marble=marble)
    turn(s, "romans")
    play(g, "romans", ("rondel", "templum"))
    return g, s


def test_7_2_temple_example_neapolis_or_carales_but_not_roma() -> None:
    g, s = _romans(marble=10)
    assert set(legal(g, "romans")) == {("region", "neapolis"), ("region", "carales"), ("done",)}
    play(g, "romans", ("region", "neapolis"), ("region", "carales"))
    romans = n_of(s, "romans")
    assert wallet(s, "romans") == [0, 0, 0, 0]
    assert s["ntemple"][romans] == 3
    assert s["temples"] == RULEBOOK.temples - 3


def test_7_2_a_temple_triples_production_of_the_city() -> None:
    g, s = _romans(marble=5)
    romans = n_of(s, "romans")
    before = output(s, romans, 0)
    play(g, "romans", ("region", "neapolis"))
    # Roma (marble, with its temple) gives 3; Neapolis 1 before its temple, 3 after
    assert (before, output(s, romans, 0)) == (3 + 1, 3 + 3)


def test_7_2_no_temple_while_all_twenty_are_on_the_map() -> None:
    g, s = _romans(marble=5)
    # 19 more temples stand elsewhere as neutral temples or in other cities
    free = [
        r
        for r in (
            "massilia",
            "genua",
            "tolosa",
            "lugdunum",
            "burdigala",
            "tarraco",
            "numantia",
            "toletum",
            "corduba",
            "olisipo",
            "brigantium",
            "tingis",
            "caesarea",
            "cirta",
            "tacape",
            "leptis_magna",
            "knossos",
            "ephesos",
        )
    ]
    for r in free:
        neutral(s, r)
    assert s["temples"] == 1
    assert ("region", "neapolis") in legal(g, "romans")
    neutral(s, "tarsus")
    assert s["temples"] == 0
    assert legal(g, "romans") == [("done",)]


def test_9_development_opening_marmor_then_templum() -> None:
    """§9: MARMOR, then TEMPLUM: a temple for four marble and a coin."""
    g = new("orient", 3, seed=2)
    s = g.state
    me = s["nations"][0]
    play(g, me, ("rondel", "marmor"))
    assert wallet(s, me) == [4, 3, 3, 1]
    for other in s["nations"][1:]:
        play(g, other, ("rondel", "aurum"))
        if s["flow"][0]["s"] == "found":
            play(g, other, "done")
    # MARMOR to TEMPLUM is 4 steps: 1 resource for the rondel (gold here)
    play(g, me, ("rondel", "templum"), ("pay", "gold"))
    marble_city = next(a for a in legal(g, me) if a[0] == "region")
    play(g, me, marble_city)
    assert wallet(s, me) == [0, 3, 2, 0]
    assert s["ntemple"][0] == 1
