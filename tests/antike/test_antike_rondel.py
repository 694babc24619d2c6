"""§5.1 the rondel: free steps, paid steps, the full circle, the first placement."""

from __future__ import annotations

from antike_helpers import legal, mare_nostrum, n_of, new, play, purse, refused, turn, wallet

from tavola.games.antike.loader import RULEBOOK
from tavola.games.antike.rondel import cost, steps

FERRUM = RULEBOOK.spaces.index("ferrum")


def _setup(**coins: int):
    g, s = mare_nostrum("roma")
    purse(s, "romans", **coins)
    turn(s, "romans", pos=FERRUM)
    return g, s


def test_5_1_rondel_order_puts_each_use_action_opposite_its_production() -> None:
    """§6: the rondel's action spaces, each use opposite its production."""
    spaces = RULEBOOK.space_action
    for prod, use in (("marmor", "templum"), ("ferrum", "militia"), ("aurum", "scientia")):
        assert (spaces.index(use) - spaces.index(prod)) % 8 == 4
    movere = [i for i, a in enumerate(spaces) if a == "movere"]
    assert len(movere) == 2 and (movere[1] - movere[0]) % 8 == 4


def test_5_1_cost_example_from_ferrum() -> None:
    """From FERRUM: TEMPLUM, AURUM, MOVERE free; MILITIA 1 resource, MARMOR 2 and so on."""
    sp = RULEBOOK.spaces
    assert cost(FERRUM, sp.index("templum")) == 0
    assert cost(FERRUM, sp.index("aurum")) == 0
    assert cost(FERRUM, sp.index("movere1")) == 0
    assert cost(FERRUM, sp.index("militia")) == 1
    assert cost(FERRUM, sp.index("marmor")) == 2
    assert cost(FERRUM, sp.index("scientia")) == 3
    assert cost(FERRUM, sp.index("movere2")) == 4


def test_5_1_cost_example_through_the_session_pays_one_resource_for_militia() -> None:
    g, s = _setup(iron=1, gold=2)
    play(g, "romans", ("rondel", "militia"))
    assert s["flow"][-1] == {"s": "pay", "owed": 1, "to": RULEBOOK.spaces.index("militia")}
    assert set(legal(g, "romans")) == {("pay", "iron"), ("pay", "gold")}
    play(g, "romans", ("pay", "gold"))
    assert wallet(s, "romans") == [0, 1, 1, 0]
    assert s["pos"][s["turn"]] == RULEBOOK.spaces.index("militia")
    assert s["flow"][0]["s"] == "militia"


def test_5_1_marmor_from_ferrum_costs_two_of_any_resources() -> None:
    g, s = _setup(marble=1, coin=1)
    play(g, "romans", ("rondel", "marmor"), ("pay", "coin"), ("pay", "marble"))
    # both paid; then Roma, a marble city, yields 1 marble and the coin (§6.1)
    assert wallet(s, "romans") == [1, 0, 0, 1]
    assert s["coins"] == RULEBOOK.coins - 1


def test_5_1_steps_beyond_what_the_nation_can_pay_are_not_offered() -> None:
    g, _s = _setup(gold=1)
    offered = {a[1] for a in legal(g, "romans") if a[0] == "rondel"}
    assert offered == {"templum", "aurum", "movere1", "militia"}
    refused(g, "romans", ("rondel", "marmor"))


def test_5_1_staying_is_a_full_circle_of_eight_steps_for_five_resources() -> None:
    assert steps(FERRUM, FERRUM) == 8
    assert cost(FERRUM, FERRUM) == 5
    g, s = _setup(gold=4, coin=0)
    assert ("rondel", "ferrum") not in legal(g, "romans")
    purse(s, "romans", gold=4, coin=1)
    assert ("rondel", "ferrum") in legal(g, "romans")
    play(g, "romans", ("rondel", "ferrum"))
    assert s["flow"][-1]["owed"] == 5
    play(g, "romans", *[("pay", "gold")] * 4, ("pay", "coin"))
    assert s["pos"][n_of(s, "romans")] == FERRUM
    assert wallet(s, "romans") == [0, 0, 0, 1]  # the 5 paid, then FERRUM's coin


def test_5_1_first_turn_places_the_marker_freely() -> None:
    g = new("orient", 3, seed=5)
    s = g.state
    first = s["nations"][0]
    assert sorted(a[1] for a in legal(g, first) if a[0] == "rondel") == sorted(RULEBOOK.spaces)
    play(g, first, ("rondel", "movere2"))
    assert s["pos"][0] == RULEBOOK.spaces.index("movere2")
    assert wallet(s, first) == [3, 3, 3, 0]


def test_5_1_several_markers_may_share_a_space() -> None:
    g = new("orient", 3, seed=5)
    s = g.state
    a, b = s["nations"][0], s["nations"][1]
    play(g, a, ("rondel", "aurum"))
    if s["flow"][0]["s"] == "found":
        play(g, a, "done")
    assert ("rondel", "aurum") in legal(g, b)
