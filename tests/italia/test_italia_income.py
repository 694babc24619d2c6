"""§6 Income and purchases."""

from __future__ import annotations

from italia_table import Table

from tavola.games.italia import income
from tavola.games.italia.flow import FLOW


def test_6_1_etruscan_income_example(t1: Table) -> None:
    for a in ("pisae", "pavia", "ravenna", "etruria"):
        t1.put(a, "etruscans", "infantry")
    t1.city("etruria")
    t1.city("ravenna")
    n = t1.n("etruscans")
    t1.st["gold"][n] = 2
    assert income.income(t1.S, t1.st, n) == 6
    income.collect(t1.S, t1.st, n, t1.events)
    assert t1.st["gold"][n] == 8


def test_6_1_leaders_control_areas_ruins_give_nothing(t1: Table) -> None:
    t1.put("pisae", "etruscans", "infantry")
    t1.city("pisae", ruin=True)
    t1.leader("roma", "romans", "fabius")
    assert income.income(t1.S, t1.st, t1.n("etruscans")) == 1
    assert income.income(t1.S, t1.st, t1.n("romans")) == 1


def test_6_1_faq_no_income_from_entry_areas_unless_the_card_says(t1: Table) -> None:
    t1.put("helvetia", "celts", "infantry")
    # The Illyrians treat Illyricum as a standard area, but their card does not make it pay.
    t1.put("illyricum", "illyrians", "infantry")
    assert income.income(t1.S, t1.st, t1.n("celts")) == 0
    assert income.income(t1.S, t1.st, t1.n("illyrians")) == 0


def test_6_1_at_most_ten_gold_are_kept(t1: Table) -> None:
    n = t1.n("romans")
    t1.st["gold"][n] = 14
    income.bank(t1.S, t1.st, n)
    assert t1.st["gold"][n] == 10


def test_6_1_nations_without_income(t1: Table) -> None:
    t1.put("apulia", "epirotes", "infantry")
    t1.city("apulia")
    assert income.income(t1.S, t1.st, t1.n("epirotes")) == 0


def test_6_1_byzantine_half_income_rounded_up(t2: Table) -> None:
    for a in ("ravenna", "roma", "neapolis"):
        t2.put(a, "byzantines", "infantry")
    t2.city("roma")
    assert income.income(t2.S, t2.st, t2.n("byzantines")) == 2  # 4 halved


def test_6_1_foederati_half_income_without_ravenna(t2: Table) -> None:
    t2.put("verona", "foederati", "infantry")
    t2.put("pavia", "foederati", "infantry")
    t2.put("venetia", "foederati", "infantry")
    assert income.income(t2.S, t2.st, t2.n("foederati")) == 2
    t2.put("ravenna", "foederati", "infantry")
    assert income.income(t2.S, t2.st, t2.n("foederati")) == 4


def test_6_2_unit_costs(t1: Table, t2: Table) -> None:
    S1, S2 = t1.S, t2.S
    assert income.price(S1, t1.n("celts"), "infantry") == 4
    assert income.price(S1, t1.n("romans"), "legion") == 4
    assert income.price(S1, t1.n("romans"), "fleet") == 4
    assert income.price(S1, t1.n("romans"), "consular") == 6
    assert income.price(S1, t1.n("carthaginians"), "elephant") == 6
    assert income.price(S2, t2.n("franks"), "knight") == 6
    # Italia II: Western Romans pay 3 for Foederati and 6 for legions.
    assert income.price(S2, t2.n("western_romans"), "foederati") == 3
    assert income.price(S2, t2.n("western_romans"), "legion") == 6
    assert income.city_price(S1, t1.a("etruria")) == 6
    assert income.city_price(S1, t1.a("florentia")) == 8  # highland
    assert income.city_price(S1, t1.a("venetia")) == 8  # marsh


def test_6_2_only_available_counter_types(t1: Table) -> None:
    t1.put("helvetia", "cimbri", "infantry")
    t1.put("verona", "cimbri", "infantry")
    assert income.buyable(t1.S, t1.st, t1.n("cimbri"), [], 10) == ["infantry"]


def test_6_2_counter_limit_stops_purchases(t1: Table) -> None:
    t1.put("verona", "cimbri", "infantry", 12)
    assert income.buyable(t1.S, t1.st, t1.n("cimbri"), [], 10) == []


def test_6_2_buy_and_place_one_land_unit_per_area(t1: Table) -> None:
    n = t1.n("celts")
    t1.put("verona", "celts", "infantry")
    t1.put("pavia", "celts", "infantry")
    t1.st["gold"][n] = 12
    t1.st["bought"] = []
    t1.push("buy", nation=n, cities=[])
    t1.act("buy", "infantry")
    t1.act("buy", "infantry")
    # Two controlled areas take two new land units (§7.1): no third one.
    assert not t1.can("buy", "infantry")
    t1.act("done")
    assert t1.st["gold"][n] == 4 and t1.st["bought"] == ["infantry", "infantry"]


def test_6_2_a_city_is_bought_into_a_controlled_area(t1: Table) -> None:
    n = t1.n("celts")
    t1.put("verona", "celts", "infantry")
    t1.put("pavia", "celts", "infantry")
    t1.st["gold"][n] = 8
    t1.push("buy", nation=n, cities=[])
    assert t1.can("city", t1.a("verona")) and t1.can("city", t1.a("pavia"))
    t1.act("city", t1.a("pavia"))
    assert t1.st["city"][t1.a("pavia")] == 1 and t1.st["gold"][n] == 0


def test_2_2_1_9_no_city_where_the_map_forbids_one(t1: Table) -> None:
    n = t1.n("carthaginians")
    t1.put("corsica", "carthaginians", "infantry")
    t1.put("africa", "carthaginians", "infantry")
    t1.st["gold"][n] = 10
    t1.push("buy", nation=n, cities=[])
    assert not t1.can("city", t1.a("corsica"))
    assert t1.can("city", t1.a("africa"))


def test_6_3_consular_example_three_cities_one_consular(t1: Table) -> None:
    n = t1.n("romans")
    for a in ("roma", "umbria", "corfinium", "apulia", "samnium"):
        t1.put(a, "romans", "legion")
    for a in ("roma", "umbria", "apulia"):
        t1.city(a)
    assert "consular" in income.buyable(t1.S, t1.st, n, [], 10)
    assert "consular" not in income.buyable(t1.S, t1.st, n, ["consular"], 10)
    t1.put("roma", "romans", "consular")
    assert "consular" not in income.buyable(t1.S, t1.st, n, [], 10)


def test_6_3_second_consular_needs_four_cities(t1: Table) -> None:
    n = t1.n("romans")
    for a in ("roma", "umbria", "corfinium", "apulia"):
        t1.put(a, "romans", "legion")
        t1.city(a)
    t1.put("roma", "romans", "consular")
    assert "consular" in income.buyable(t1.S, t1.st, n, [], 10)


def test_6_3_consulars_are_not_removed_when_cities_are_lost(t1: Table) -> None:
    t1.put("roma", "romans", "consular", 2)
    t1.put("roma", "romans", "legion")
    assert t1.units("roma", "romans")["consular"] == 2  # no rule removes them


def test_6_4_submitted_celts_pay_half_and_rome_buys_over_ten(t1: Table) -> None:
    celts, romans = t1.n("celts"), t1.n("romans")
    for a in ("mediolanum", "verona", "pavia", "tridentum", "liguria"):
        t1.put(a, "celts", "infantry")
    t1.put("roma", "romans", "legion")
    t1.city("roma")
    t1.st["ruler"][celts] = romans
    t1.st["gold"][romans] = 9
    income.collect(t1.S, t1.st, celts, t1.events)
    FLOW.advance(t1.st, t1.events)
    assert t1.st["gold"][celts] == 3
    assert t1.step() == "tribute" and t1.active() == [t1.role("romans")]
    assert set(t1.legal()) == {("buy", "legion"), ("buy", "fleet"), ("done",)}  # consular needs 2 cities
    t1.act("buy", "legion")
    assert t1.st["gold"][romans] == 7
    assert t1.st["pending"][romans] == ["legion"]


def test_6_4_tribute_over_ten_without_a_purchase_is_lost(t1: Table) -> None:
    celts, romans = t1.n("celts"), t1.n("romans")
    for a in ("mediolanum", "verona", "pavia", "tridentum", "liguria"):
        t1.put(a, "celts", "infantry")
    t1.st["ruler"][celts] = romans
    t1.st["gold"][romans] = 9
    income.collect(t1.S, t1.st, celts, t1.events)
    FLOW.advance(t1.st, t1.events)
    t1.act("done")
    assert t1.st["gold"][romans] == 10


def test_6_4_the_pending_unit_is_placed_in_the_rulers_next_turn(t1: Table) -> None:
    from tavola.games.italia import placement

    romans = t1.n("romans")
    t1.put("roma", "romans", "legion")
    t1.st["pending"][romans] = ["legion"]
    items = list(t1.st["pending"][romans])
    t1.st["pending"][romans] = []
    placement.place_bought(t1.st, romans, items)
    FLOW.advance(t1.st, t1.events)
    assert t1.units("roma", "romans")["legion"] == 2
