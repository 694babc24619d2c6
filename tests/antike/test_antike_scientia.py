"""§7.3 SCIENTIA: first and later prices, the columns, several advances per turn, scholars;
Mercatura and Commercium trading."""

from __future__ import annotations

from antike_helpers import city, empty, legal, n_of, new, play, purse, r_of, techs, turn, units, wallet

from tavola.games.antike.common import SCHOLARS


def _black(gold: int, coin: int = 0):
    """Black (the Carthaginians on Mare Nostrum, 6 nations) at SCIENTIA, others owning what the
    rulebook's example shows: Mercatura, Metallum, Strata, and Red's Res Publica."""
    g = new("mare-nostrum", 6)
    s = empty(g)
    for nation, home in (
        ("romans", "roma"),
        ("greeks", "athenae"),
        ("germans", "colonia"),
        ("phoenicians", "gades"),
        ("carthaginians", "carthago"),
        ("persians", "tarsus"),
    ):
        city(s, nation, home)
        city(
            s,
            nation,
            {
                "roma": "neapolis",
                "athenae": "sparta",
                "colonia": "lutetia",
                "gades": "corduba",
                "carthago": "cirta",
                "tarsus": "ancyra",
            }[home],
        )
    techs(s, "romans", "mercatura", "strata")
    techs(s, "greeks", "metallum")
    techs(s, "germans", "regnum", "res_publica")  # Red: Res Publica, so Regnum too
    purse(s, "carthaginians", gold=gold, coin=coin)
    turn(s, "carthaginians")
    play(g, "carthaginians", ("rondel", "scientia"))
    return g, s


def _offer(g) -> set[str]:
    return {a[1] for a in legal(g, "carthaginians") if a[0] == "advance"}


def test_7_3_example_prices_for_black() -> None:
    g, s = _black(gold=30)
    assert _offer(g) == {"mercatura", "metallum", "regnum", "strata", "navigatio"}
    # Strata 3 (later price)
    play(g, "carthaginians", ("advance", "strata"))
    assert wallet(s, "carthaginians")[2] == 27
    # Navigatio 8 (first: a scholar)
    play(g, "carthaginians", ("advance", "navigatio"))
    assert wallet(s, "carthaginians")[2] == 19
    assert s["scholars"] == 1


def test_7_3_example_mercatura_and_strata_for_five() -> None:
    g, s = _black(gold=5)
    play(g, "carthaginians", ("advance", "mercatura"), ("advance", "strata"))
    assert wallet(s, "carthaginians")[2] == 0
    assert s["scholars"] == 0


def test_7_3_example_metallum_and_moneta_together_for_seventeen_and_a_scholar() -> None:
    g, s = _black(gold=17)
    assert "moneta" not in _offer(g)  # Metallum first, in the same column
    play(g, "carthaginians", ("advance", "metallum"))
    assert "moneta" in _offer(g)
    play(g, "carthaginians", ("advance", "moneta"))
    black = n_of(s, "carthaginians")
    assert wallet(s, "carthaginians") == [0, 0, 0, 0]
    assert s["personages"][black][SCHOLARS] == 0  # won at the end of the turn
    play(g, "carthaginians", "done")
    assert s["personages"][black][SCHOLARS] == 1
    assert s["turn"] != black


def test_7_3_example_regnum_for_six_because_red_has_res_publica() -> None:
    g, s = _black(gold=6)
    assert _offer(g) == {"mercatura", "metallum", "regnum", "strata"}
    play(g, "carthaginians", ("advance", "regnum"))
    assert wallet(s, "carthaginians")[2] == 0
    assert "res_publica" not in _offer(g)


def test_7_3_coins_stand_in_for_gold() -> None:
    g, s = _black(gold=1, coin=2)
    play(g, "carthaginians", ("advance", "strata"))
    assert wallet(s, "carthaginians") == [0, 0, 0, 0]


def test_7_3_commercium_needs_mercatura() -> None:
    g, _s = _black(gold=20)
    assert "commercium" not in _offer(g)
    play(g, "carthaginians", ("advance", "mercatura"))
    assert "commercium" in _offer(g)


def test_7_3_mercatura_trades_two_for_one_but_not_in_the_turn_it_is_bought() -> None:
    g, s = _black(gold=4)
    play(g, "carthaginians", ("advance", "mercatura"))
    assert ("trade", "mercatura") not in legal(g, "carthaginians")
    play(g, "carthaginians", "done")
    black = n_of(s, "carthaginians")
    # a later turn: trading is allowed in the owner's turn, before any purchase
    purse(s, "carthaginians", gold=1, iron=1, coin=1)
    turn(s, "carthaginians", {"s": "scientia"}, pos=s["pos"][black])
    assert ("trade", "mercatura") in legal(g, "carthaginians")
    play(g, "carthaginians", ("trade", "mercatura"))
    # any two resources (coins included) for one of choice, never a coin
    assert set(legal(g, "carthaginians")) == {("pay", "iron"), ("pay", "gold"), ("pay", "coin")}
    play(g, "carthaginians", ("pay", "iron"), ("pay", "gold"))
    assert set(legal(g, "carthaginians")) == {
        ("resource", "marble"),
        ("resource", "iron"),
        ("resource", "gold"),
    }
    play(g, "carthaginians", ("resource", "marble"))
    assert wallet(s, "carthaginians") == [1, 0, 0, 1]
    assert s["flow"][-1]["s"] == "scientia"


def test_7_3_commercium_trades_three_for_two() -> None:
    g, s = _black(gold=0)
    techs(s, "carthaginians", "mercatura", "commercium")
    purse(s, "carthaginians", marble=3)
    turn(s, "carthaginians", {"s": "scientia"})
    assert {a for a in legal(g, "carthaginians") if a[0] == "trade"} == {
        ("trade", "mercatura"),
        ("trade", "commercium"),
    }
    play(
        g,
        "carthaginians",
        ("trade", "commercium"),
        *[("pay", "marble")] * 3,
        ("resource", "iron"),
        ("resource", "gold"),
    )
    assert wallet(s, "carthaginians") == [0, 1, 1, 0]


def test_3_4_pliny_goes_to_the_first_nation_owning_all_eight_technologies() -> None:
    for pliny in (False, True):
        g = new("orient", 3, seed=1, pliny=pliny)
        s = g.state
        me = s["nations"][0]
        techs(s, me, "mercatura", "commercium", "metallum", "moneta", "regnum", "res_publica", "strata")
        purse(s, me, gold=8)
        play(g, me, ("rondel", "scientia"), ("advance", "navigatio"), "done")
        assert s["personages"][0][5] == (1 if pliny else 0)
        assert s["personages"][0][SCHOLARS] == 1  # Navigatio developed first
        assert s["bank"][5] == 0


def test_7_3_the_action_ends_by_itself_when_nothing_can_be_developed() -> None:
    g = new("orient", 3, seed=1)
    s = g.state
    me = s["nations"][0]
    purse(s, me, gold=1)
    play(g, me, ("rondel", "scientia"))
    assert s["turn"] == 1
    assert legal(g, me) == []


def test_7_3_trading_is_offered_at_any_moment_of_the_owners_turn() -> None:
    """«in qualsiasi momento durante il turno del giocatore»: at the rondel and while moving too."""
    g, s = _black(gold=0)
    techs(s, "carthaginians", "mercatura")
    purse(s, "carthaginians", marble=4)
    units(s, "carthaginians", "tacape", legions=1)
    for frame in (
        {"s": "rondel"},
        {"s": "move", "moves_left": {str(2 * r_of(s, "tacape")): [1, 0]}, "picked": None},
    ):
        turn(s, "carthaginians", frame)
        assert ("trade", "mercatura") in legal(g, "carthaginians"), frame
    # never during another nation's turn
    turn(s, "romans")
    assert ("trade", "mercatura") not in legal(g, "romans")


def test_7_3_option_trading_is_offered_only_before_a_kind_of_purchase() -> None:
    g, s = _black(gold=0)
    s["trade_when_buying"] = True
    techs(s, "carthaginians", "mercatura")
    purse(s, "carthaginians", marble=4)
    units(s, "carthaginians", "tacape", legions=1)
    for frame in (
        {"s": "militia", "free": 0, "add": {}},
        {"s": "templum"},
        {"s": "scientia"},
        {"s": "found"},
    ):
        turn(s, "carthaginians", frame)
        assert ("trade", "mercatura") in legal(g, "carthaginians"), frame
    # the rondel takes any resource, so trading there could never help
    turn(s, "carthaginians")
    assert ("trade", "mercatura") not in legal(g, "carthaginians")
