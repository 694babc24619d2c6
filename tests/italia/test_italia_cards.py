"""The nation cards and scenario facts of Italia I and II against the rulebook, its examples and
FAQ (and the sourced Spotlight chart of Italia II rounds 1-2), plus the consistency the rules rely
on and the validation of corrupt files."""

from __future__ import annotations

import copy
from collections import Counter
from pathlib import Path

import pytest
import yaml

from tavola.core.errors import DataError
from tavola.games.italia.board import DATA_DIR, load_board
from tavola.games.italia.cards import LAND_UNITS, Nation, Scenario
from tavola.games.italia.loader import load_scenario, parse_scenario

B = load_board()
S1 = load_scenario("italia-i")
S2 = load_scenario("italia-ii")
BOTH = [S1, S2]


def area(key: str) -> int:
    return B.index[key]


def one(items: list, **match: object) -> object:
    found = [x for x in items if all(getattr(x, k) == v for k, v in match.items())]
    assert len(found) == 1, (match, found)
    return found[0]


def events(nation: Nation, trigger: str) -> list:
    return [e for e in nation.vp_events if e.trigger == trigger]


# --- §3.0, §5.1, §5.2: players, order of play, income, rounds --------------------------------------


def test_3_0_italia_i_players() -> None:
    assert S1.players == {
        "red": ("greeks", "romans"),
        "yellow": ("celts", "samnites", "epirotes", "numidians", "populares"),
        "blue": ("etruscans", "carthaginians", "illyrians", "cimbri", "optimates"),
    }
    assert S1.roles == ("red", "yellow", "blue")


def test_3_0_italia_ii_players() -> None:
    assert S2.players == {
        "blue": ("african_romans", "huns", "avars", "byzantines"),
        "yellow": ("visigoths", "ostrogoths", "sards", "lombards"),
        "red": ("western_romans", "berbers", "franks", "patrimonium"),
        "green": ("vandals", "foederati", "burgundians", "arabs"),
    }


def test_5_1_order_of_play() -> None:
    table = [
        ("celts", "yellow", "normal", (1, 9)),
        ("etruscans", "blue", "normal", (1, 9)),
        ("epirotes", "yellow", "none", (4, 9)),
        ("greeks", "red", "normal", (1, 4)),
        ("samnites", "yellow", "normal", (1, 9)),
        ("carthaginians", "blue", "normal", (1, 9)),
        ("numidians", "yellow", "normal", (6, 9)),
        ("illyrians", "blue", "normal", (1, 9)),
        ("cimbri", "blue", "none", (8, 9)),
        ("romans", "red", "normal", (1, 10)),
    ]
    assert S1.order_of_play == tuple(row[0] for row in table)
    for pos, (key, colour, income, rounds) in enumerate(table, 1):
        n = S1.nation(key)
        assert (n.order, n.colour, n.income.kind, n.rounds) == (pos, colour, income, rounds)


def test_5_1_note_round_10_factions() -> None:
    assert [n.key for n in S1.nations[-2:]] == ["optimates", "populares"]
    for key in ("optimates", "populares"):
        assert S1.nation(key).order is None and S1.nation(key).rounds == (10, 10)
    assert S1.special["round_10"].params["sequence"] == ["optimates", "populares", "romans"]
    assert [n.key for n in S1.active(10)] == ["romans"]


def test_5_2_order_of_play() -> None:
    table = [
        ("visigoths", "yellow", "normal", (1, 3)),
        ("western_romans", "red", "normal", (1, 5)),
        ("sards", "yellow", "normal", (1, 10)),
        ("berbers", "red", "normal", (1, 10)),
        ("vandals", "green", "normal", (1, 10)),
        ("african_romans", "blue", "conditional", (1, 6)),
        ("huns", "blue", "none", (2, 2)),
        ("foederati", "green", "conditional", (2, 10)),
        ("ostrogoths", "yellow", "conditional", (4, 10)),
        ("byzantines", "blue", "half", (5, 10)),
        ("patrimonium", "red", "normal", (6, 10)),
        ("burgundians", "green", "normal", (6, 10)),
        ("lombards", "yellow", "normal", (6, 10)),
        ("avars", "blue", "normal", (4, 10)),
        ("arabs", "green", "normal", (7, 10)),
        ("franks", "red", "normal", (5, 10)),
    ]
    assert S2.order_of_play == tuple(row[0] for row in table)
    for pos, (key, colour, income, rounds) in enumerate(table, 1):
        n = S2.nation(key)
        assert (n.order, n.colour, n.income.kind, n.rounds) == (pos, colour, income, rounds)


def test_5_2_foederati_full_income_only_with_ravenna() -> None:
    assert S2.nation("foederati").income.full_if_controls_ids == (area("ravenna"),)


def test_5_0_epirotes_skipped_before_round_4() -> None:
    assert "epirotes" not in [n.key for n in S1.active(3)]
    assert "epirotes" in [n.key for n in S1.active(4)]


# --- §2.2, §6.2, §10.2: units -------------------------------------------------------------------


def test_10_2_to_hit_and_6_2_costs() -> None:
    expected = {
        "infantry": (7, 4, 1),
        "legion": (6, 4, 1),
        "consular": (5, 6, 2),
        "elephant": (5, 6, 1),
        "fleet": (9, 4, 1),
    }
    for unit, (to_hit, cost, hits) in expected.items():
        stats = S1.units[unit]
        assert (stats.to_hit, stats.cost, stats.hits) == (to_hit, cost, hits), unit
    assert S1.costs.city == 6 and S1.costs.city_rough == 8 and S1.costs.gold_cap == 10


def test_6_2_italia_ii_western_roman_prices() -> None:
    assert S2.units["foederati"].cost == 3 and S2.units["legion"].cost == 6
    assert S2.units["knight"].to_hit == 5 and S2.units["knight"].hits == 2
    assert "elephant" not in S2.units and "consular" not in S2.units


def test_9_movement_allowances() -> None:
    assert S1.units["infantry"].move == 2  # §9.0/§9.1 examples
    assert S1.units["legion"].move == 3  # §12.3: legions with a leader move four areas
    assert S1.units["fleet"].move == 2 and S1.units["fleet"].naval  # §9.5
    assert S1.leader_stats.move == 3 and S1.leader_stats.extra_move == 1  # §9.1
    assert S2.units["foederati"].move == S2.units["infantry"].move  # §14.1


def test_2_2_1_legions_and_elephants_owners() -> None:
    owners = {u: {n.key for n in S1.nations if n.counters.get(u)} for u in ("legion", "consular", "elephant")}
    assert owners["legion"] == {"romans", "populares", "optimates"}
    assert owners["consular"] == {"romans", "populares"}
    assert owners["elephant"] == {"carthaginians", "epirotes"}
    assert {n.key for n in S2.nations if n.counters.get("legion") or n.counters.get("foederati")} == {
        "western_romans"
    }
    assert not [n.key for n in S1.nations if n.counters.get("infantry") and n.key == "romans"]


def test_6_2_cimbri_have_only_infantry() -> None:
    assert set(S1.nation("cimbri").counters) == {"infantry"}


# --- Italia I card facts ------------------------------------------------------------------------


def test_7_2_hamilcar_arrives_in_round_2_in_north_africa() -> None:
    carthage = S1.nation("carthaginians")
    r = one(carthage.reinforcements, round=2)
    assert r.leaders == ["hamilcar"]
    assert r.where.rule == "controlled_in" and set(r.where.area_ids) == B.regions["north_africa"]
    assert r.leader_rounds == 1  # removed at phase 2 of the round-3 turn


def test_7_2_cimbri_round_8() -> None:
    cimbri = S1.nation("cimbri")
    r = one(cimbri.reinforcements, round=8)
    assert r.units == {"infantry": 9} and r.leaders == ["boiorix"]
    assert r.where.rule == "area" and r.where.area_ids == (area("helvetia"),)
    turn = cimbri.turn_in(8)
    assert turn is not None and turn.kind == "campaign" and turn.starts_with_campaign  # §12.3 exception


def test_7_2_romans_top_up_to_14_legions_after_round_4() -> None:
    r = one(S1.nation("romans").reinforcements, round=4, top_up={"legion": 14})
    assert r.timing == "end_of_round" and r.where.rule == "controlled" and not r.units


def test_7_2_romans_round_3_two_leaders_split_freely() -> None:
    """Two leaders; the legions are split freely between the leaders' two areas, not spread over
    every controlled area (``distribute`` is the card exception of the Vandals and Ostrogoths)."""
    r = one(S1.nation("romans").reinforcements, round=3)
    assert len(r.leaders) == 2 and r.where.rule == "controlled" and not r.where.distribute


def test_faq_romans_marius_round_8() -> None:
    romans = S1.nation("romans")
    r = one(romans.reinforcements, round=8)
    assert r.leaders == ["marius"] and r.units == {"legion": 4}
    assert r.timing == "start_of_round" and r.where.area_ids == (area("roma"),) and r.where.clear
    turn = romans.turn_in(8)
    assert turn is not None and turn.kind == "campaign" and turn.leader == "marius" and turn.gold == 6


def test_clarification_romans_round_9_five_legions_in_roma() -> None:
    r = one(S1.nation("romans").reinforcements, round=9, optional=True)
    assert r.units == {"legion": 5} and r.where.area_ids == (area("roma"),)
    assert r.condition == "roma_empty_or_roman"


def test_faq_romans_vp_for_submissions_and_leader_retreats() -> None:
    romans = S1.nation("romans")
    assert one(romans.vp_events, trigger="submission").half_vp == 4
    assert one(romans.vp_events, trigger="leader_retreat").half_vp == -4
    last = one(romans.vp_events, trigger="kill_last")
    assert last.nations == ["carthaginians"] and last.half_vp == 10 and last.rounds == [6, 7, 8]


def test_11_0_roman_round_7_region_is_worth_7() -> None:
    # nine areas of other nations leave the Romans 0, not -2: the region is worth 7
    region = one(S1.nation("romans").scoring_in(7).regions, form="minus_others", region="mainland_italy")
    assert region.half_vp == 14 and max(0, 7 - 9) == 0


def test_12_5_2_roman_round_5_scores_whole_regions() -> None:
    assert all(rv.form == "all" for rv in S1.nation("romans").scoring_in(5).regions)
    assert S1.nation("romans").scoring_in(5).regions


def test_8_1_13_1_roma_is_the_roman_capital() -> None:
    assert S1.nation("romans").capital_id == area("roma")
    assert S1.special["roma"].params["rounds"] == [1, 9]


def test_12_5_1_celt_submission_terms() -> None:
    term = one(S1.nation("celts").submission, to="romans")
    assert term.must_at_most == 3 and term.may_at_most == 5


def test_13_2_revolts_while_hannibal_is_near() -> None:
    for key in ("celts", "etruscans", "samnites"):
        rev = one(S1.nation(key).revolts, when="leader_near")
        assert rev.against == "romans" and rev.leader == "hannibal" and 6 in rev.rounds
        assert one(S1.nation(key).submission, to="carthaginians").rounds == [6]


def test_13_2_hannibal_campaign_from_alpes_in_round_6() -> None:
    carthage = S1.nation("carthaginians")
    r = one(carthage.reinforcements, round=6)
    assert r.leaders == ["hannibal"] and r.where.area_ids == (area("alpes"),)
    turn = carthage.turn_in(6)
    assert turn is not None and turn.kind == "campaign" and turn.leader == "hannibal"
    assert one(carthage.special, key="african_lift").params["to"] == "alpes"
    assert one(carthage.vp_events, trigger="set_piece").rounds == [6]


def test_clarification_carthaginian_fleets_only_in_three_seas() -> None:
    rule = one(S1.nation("carthaginians").special, key="fleet_placement")
    assert set(rule.params["seas"]) == {"mare_siculum", "mare_libycum", "mare_sardoum"}
    for sea in rule.params["seas"]:
        assert set(B.coasts[area(sea)]) & B.regions["north_africa"], sea


def test_faq_pyrrhus_campaign_in_round_4() -> None:
    epirotes = S1.nation("epirotes")
    assert one(epirotes.reinforcements, round=4).leaders == ["pyrrhus"]
    turn = epirotes.turn_in(4)
    assert turn is not None and turn.kind == "campaign" and turn.gold > 0  # no income: gold from the card


def test_13_3_elephant_panic() -> None:
    rule = S1.special["elephant_panic"].params
    assert (rule["first"], rule["second"], rule["third"]) == (8, 10, 10)
    assert set(rule["exempt"]) == {"consular", "leader"}


def test_13_4_round_10() -> None:
    rule = S1.special["round_10"].params
    assert rule["defection"] == {
        "sulla": 7,
        "marius": 9,
        "sulla_with_consular": 9,
        "marius_with_consular": 10,
    }
    assert set(rule["scorers"]) == {"optimates", "populares", "romans"}
    for key, enemies in (("optimates", {"romans", "populares"}), ("populares", {"romans", "optimates"})):
        ev = one(S1.nation(key).vp_events, trigger="set_piece")
        assert set(ev.nations) == enemies and ev.rounds == [10]
        assert S1.nation(key).turn_in(10).starts_with_campaign


def test_2_2_3_counter_abbreviations() -> None:
    counters = {lead.counter for s in BOTH for n in s.nations for lead in n.leaders}
    assert {
        "A-Paulus",
        "CH-Magne",
        "Decimus-M",
        "Dionysos",
        "H-Barkas",
        "M-Curio",
        "P-Mutilo",
        "Pompaedius",
        "P-Strabone",
        "Ibn Nafi",
    } <= counters


def test_10_9_example_3_samnites_score_raids() -> None:
    assert events(S1.nation("samnites"), "pillage")


# --- Italia II card facts -------------------------------------------------------------------------


def test_faq_italia_ii_setup_roma_and_pavia() -> None:
    wr = S2.nation("western_romans")
    roma = one(wr.setup, area="roma")
    assert roma.city and roma.units == {"foederati": 2}
    assert one(wr.setup, area="pavia").units == {"legion": 5}


def test_chart_visigoths_round_1() -> None:
    vis = S2.nation("visigoths")
    r = one(vis.reinforcements, round=1)
    assert r.units == {"infantry": 16} and r.leaders and r.where.area_ids == (area("noricum"),)
    turn = vis.turn_in(1)
    assert turn.kind == "campaign" and turn.gold == 4 and turn.starts_with_campaign  # §12.3 exception
    assert one(vis.special, key="reduce_after_turn").params == {"round": 1, "unit": "infantry", "keep": 6}
    assert one(vis.special, key="entry_passage").params["areas"] == ["alpes"]  # §9.2 clarification


def test_chart_visigoth_vp() -> None:
    vis = S2.nation("visigoths")
    assert one(vis.vp_events, trigger="kill", leaders=["stilicho"]).half_vp == 10
    assert one(vis.vp_events, trigger="pillage", nth="first").half_vp == 8
    assert one(vis.vp_events, trigger="exit").area_id == area("alpes")
    assert one(vis.vp_events, trigger="exit").half_vp == 1
    r2 = vis.scoring_in(2)
    assert set(r2.area_vp) == B.regions["north_italy"] and set(r2.area_vp.values()) == {2}


def test_chart_vandals_rounds_1_and_2() -> None:
    van = S2.nation("vandals")
    r1 = one(van.reinforcements, round=1)
    assert (
        r1.units == {"infantry": 10} and r1.leaders == ["geiserich"] and r1.where.area_ids == (area("aures"),)
    )
    r2 = one(van.reinforcements, round=2)
    assert r2.units == {"infantry": 9, "fleet": 3} and r2.where.distribute
    assert r2.where.rule == "free_or_controlled_in" and r2.leaders == ["geiserich"]
    allowed = set(r2.where.area_ids)
    assert B.regions["north_africa"] <= allowed and area("mare_sardoum") in allowed
    assert area("roma") not in allowed


def test_chart_vandal_round_2_schedule() -> None:
    s = S2.nation("vandals").scoring_in(2)
    assert s.area_vp[area("carales")] == 2 and s.area_vp[area("syracusae")] == 2
    assert s.area_vp[area("roma")] == 1  # half a VP per mainland area
    assert s.city_vp[area("neapolis")] == 2 and s.city_vp[area("africa")] == 2
    assert one(s.regions, region="north_africa").half_vp == 8


def test_chart_huns_round_2() -> None:
    huns = S2.nation("huns")
    r = one(huns.reinforcements, round=2)
    assert r.units == {"infantry": 9} and r.where.area_ids == (area("helvetia"),) and r.leaders
    turn = huns.turn_in(2)
    assert turn.kind == "campaign" and turn.gold == 4
    assert one(huns.vp_events, trigger="exit").area_id == area("noricum")  # FAQ 'Visigoti e Unni'


def test_chart_western_roman_vp() -> None:
    wr = S2.nation("western_romans")
    assert one(wr.vp_events, trigger="kill_last").nations == ["visigoths"]
    assert set(one(wr.vp_events, trigger="kill", half_vp=6).leaders) == {"bonifatius", "attila", "alaric"}
    assert set(one(wr.vp_events, trigger="kill", half_vp=2).nations) == {
        "foederati",
        "vandals",
        "african_romans",
    }
    assert set(one(wr.vp_events, trigger="kill", half_vp=1).nations) == {"ostrogoths", "visigoths", "huns"}


def test_chart_sards_berbers_african_romans_vp() -> None:
    sards = S2.nation("sards")
    assert one(sards.vp_events, trigger="kill", units=["leader"]).half_vp == 6
    berbers = S2.nation("berbers")
    assert one(berbers.vp_events, trigger="pillage").half_vp == 6
    assert one(berbers.vp_events, trigger="kill", leaders=["geiserich"]).half_vp == 6
    assert one(berbers.special, key="entry_as_normal").params["areas"] == ["aures"]
    afr = S2.nation("african_romans")
    assert set(one(afr.vp_events, trigger="kill", half_vp=4).nations) == {"western_romans", "berbers"}


def test_11_0_example_2_berber_score() -> None:
    # Numidia and Africa held, a city in Africa: 2 VP for the areas and 4 for the city = 6
    s = S2.nation("berbers").scoring_in(2)
    held, cities = [area("numidia"), area("africa")], [area("africa")]
    half = sum(s.area_vp.get(a, 0) for a in held) + sum(s.city_vp.get(a, 0) for a in cities)
    assert half == 12


def test_14_1_foederati_defection_and_penalty() -> None:
    rule = S2.special["foederati_defection"].params
    assert rule["roll"] == 6 and rule["roll_only_ostrogoths"] == 9  # the card's 6-10 (FAQ)
    penalty = one(S2.nation("foederati").special, key="combat_penalty").params
    assert penalty == {"modifier": -1, "unless_controls": ["ravenna"], "unless_leader": "odoacer"}


def test_7_2_ostrogoths_round_6_exception() -> None:
    r = one(S2.nation("ostrogoths").reinforcements, round=6)
    assert r.leaders and r.where.distribute


def test_14_3_patrimonium_conversions() -> None:
    rule = S2.special["patrimonium_conversion"].params
    assert rule["uses"] == 2 and set(rule["exempt"]) == {"knight", "leader"}


def test_clarification_arabs_arrive_in_tripolitania_rounds_7_and_8() -> None:
    arabs = S2.nation("arabs")
    for rnd in (7, 8):
        r = one(arabs.reinforcements, round=rnd)
        assert r.where.area_ids == (area("tripolitania"),) and r.where.clear
    assert {rv.region for rv in arabs.scoring_in(8).regions} == {"sicily", "north_africa"}  # §11.0


def test_faq_franks_imperial_title_and_12_1_reinforcements() -> None:
    franks = S2.nation("franks")
    title = one(franks.vp_events, trigger="imperial_title")
    assert title.leaders == ["charlemagne"] and title.area_id == area("roma")
    assert one(franks.special, key="reinforce_when_gone")
    assert franks.leader("charlemagne").counter == "CH-Magne"


def test_6_1_byzantines_half_income() -> None:
    assert S2.nation("byzantines").income.kind == "half"


# --- consistency the rules rely on ----------------------------------------------------------------


@pytest.mark.parametrize("scenario", BOTH, ids=lambda s: s.key)
def test_every_named_area_exists(scenario: Scenario) -> None:
    for n in scenario.nations:
        for p in n.setup:
            assert B.keys[p.area_id] == p.area
        for r in n.reinforcements:
            assert all(0 <= a < len(B.areas) for a in r.where.area_ids)
            if r.where.rule in ("area", "any_of"):
                assert len(r.where.area_ids) == len(r.where.areas)
        for s in n.scoring:
            assert all(0 <= a < len(B.areas) for a in (*s.area_vp, *s.city_vp))
            for a in s.city_vp:
                assert B.areas[a].city_allowed, (n.key, B.keys[a])
        if n.capital is not None:
            assert B.keys[n.capital_id] == n.capital


@pytest.mark.parametrize("scenario", BOTH, ids=lambda s: s.key)
def test_counters_suffice_for_setup_and_reinforcements(scenario: Scenario) -> None:
    for n in scenario.nations:
        needed: Counter[str] = Counter()
        for p in n.setup:
            needed.update(p.units)
        for r in n.reinforcements:
            if not r.optional:
                needed.update(r.units)
        for unit, count in needed.items():
            assert n.counters.get(unit, 0) >= count, (n.key, unit, count)
        for r in n.reinforcements:
            for unit, count in {**r.units, **r.top_up}.items():
                assert n.counters[unit] >= count, (n.key, r.round, unit)


@pytest.mark.parametrize("scenario", BOTH, ids=lambda s: s.key)
def test_card_rounds_fall_in_the_nations_rounds(scenario: Scenario) -> None:
    for n in scenario.nations:
        for r in n.reinforcements:
            assert n.active_in(r.round)
        for t in n.turns:
            assert n.active_in(t.round)
            if t.kind == "campaign":
                n.leader(t.leader)
        for s in n.scoring:
            assert n.active_in(s.round)
        assert n.scoring or n.vp_events, n.key  # every nation can score


@pytest.mark.parametrize("scenario", BOTH, ids=lambda s: s.key)
def test_nations_with_no_setup_arrive_by_reinforcement(scenario: Scenario) -> None:
    for n in scenario.nations:
        first = n.rounds[0]
        if not n.setup:
            arrivals = [r for r in n.reinforcements if r.units]
            assert arrivals, n.key
        if first == 1 and n.order is not None:
            assert n.setup or n.reinforcements_in(1), n.key
        for lead in n.leaders:
            placed = any(lead.key in p.leaders for p in n.setup) or any(
                lead.key in r.leaders for r in n.reinforcements
            )
            assert placed, (n.key, lead.key)


@pytest.mark.parametrize("scenario", BOTH, ids=lambda s: s.key)
def test_setup_respects_board_rules(scenario: Scenario) -> None:
    occupied: dict[int, str] = {}
    for n in scenario.nations:
        for p in n.setup:
            a = B.areas[p.area_id]
            assert not (
                a.is_entry and n.key != "berbers" and not any(s.key == "entry_as_normal" for s in n.special)
            ), (n.key, a.key)
            if a.is_sea:
                assert set(p.units) == {"fleet"}
            else:
                assert occupied.setdefault(p.area_id, n.key) == n.key, (n.key, a.key)  # one nation per area
                assert set(p.units) <= LAND_UNITS


@pytest.mark.parametrize("scenario", BOTH, ids=lambda s: s.key)
def test_8_2_setups_fit_the_stack_limits_but_the_faq_pavia_stack(scenario: Scenario) -> None:
    # §8.2 ignores limits at placement, yet printed setups respect them (capital: +1, §8.1);
    # the FAQ confirms the one exception, five Western Roman legions in Pavia.
    for n in scenario.nations:
        for p in n.setup:
            a = B.areas[p.area_id]
            if a.is_sea:
                continue
            size = sum(p.units.values())
            if (scenario.key, n.key, p.area) == ("italia-ii", "western_romans", "pavia"):
                assert size == 5 > a.stack_limit
            else:
                assert size <= a.stack_limit + 1, (n.key, p.area, size)


def test_2_0_box_holds_624_counters() -> None:
    total = sum(sum(n.counters.values()) + len(n.leaders) for s in BOTH for n in s.nations)
    assert total <= 624


def test_scoring_rounds() -> None:
    assert S1.scoring_rounds == (3, 5, 7, 9) and S2.scoring_rounds == (3, 5, 8, 10)
    assert S1.rounds == S2.rounds == 10


def test_vp_halves_are_integers() -> None:
    for s in BOTH:
        for n in s.nations:
            for e in n.vp_events:
                assert e.half_vp == int(e.vp * 2)
            for sc in n.scoring:
                assert all(isinstance(v, int) for v in (*sc.area_vp.values(), *sc.city_vp.values()))


def test_every_item_has_provenance() -> None:
    for s in BOTH:
        items = [
            s.spec,
            s.spec.costs,
            s.spec.leader,
            *s.spec.units.values(),
            *s.spec.players,
            *s.spec.special,
        ]
        for n in s.nations:
            items += [
                n,
                n.income,
                *n.leaders,
                *n.setup,
                *n.reinforcements,
                *n.turns,
                *n.scoring,
                *n.vp_events,
                *n.submission,
                *n.revolts,
                *n.transforms,
                *n.special,
            ]
        for item in items:
            assert bool(item.source) != bool(item.reconstructed), item


def test_load_scenario_is_cached_and_rejects_unknown() -> None:
    assert load_scenario("italia-i") is S1
    with pytest.raises(DataError, match="italia-iii"):
        load_scenario("italia-iii")


# --- validation of corrupt files -------------------------------------------------------------------

RAW_I = yaml.safe_load((DATA_DIR / "italia_i.yaml").read_text(encoding="utf-8"))


def nation_index(key: str) -> int:
    return next(i for i, n in enumerate(RAW_I["nations"]) if n["key"] == key)


def corrupt(change: object) -> str:
    raw = copy.deepcopy(RAW_I)
    change(raw)  # type: ignore[operator]
    with pytest.raises(DataError) as exc:
        parse_scenario(raw, "italia_i.yaml")
    return str(exc.value)


def test_data_error_missing_field() -> None:
    msg = corrupt(lambda r: r["nations"][nation_index("greeks")].pop("colour"))
    assert "italia_i.yaml" in msg and "greeks" in msg and "colour" in msg


def test_data_error_unknown_area() -> None:
    msg = corrupt(lambda r: r["nations"][nation_index("celts")]["setup"][0].update(area="gallia"))
    assert "italia_i.yaml" in msg and "celts" in msg and "gallia" in msg


def test_data_error_bad_number() -> None:
    msg = corrupt(
        lambda r: r["nations"][nation_index("cimbri")]["reinforcements"][0]["units"].update(infantry=-9)
    )
    assert "cimbri" in msg and "infantry" in msg
    msg = corrupt(lambda r: r["nations"][nation_index("cimbri")]["reinforcements"][0].update(round=11))
    assert "cimbri" in msg and "round" in msg


def test_data_error_vp_not_a_half() -> None:
    msg = corrupt(lambda r: r["nations"][nation_index("romans")]["vp_events"][0].update(vp=0.3))
    assert "romans" in msg and "0.3" in msg


def test_data_error_unknown_special_key() -> None:
    msg = corrupt(
        lambda r: r["nations"][nation_index("carthaginians")]["special"][0].update(key="flete_placement")
    )
    assert "carthaginians" in msg and "flete_placement" in msg


def test_data_error_unknown_leader() -> None:
    msg = corrupt(
        lambda r: r["nations"][nation_index("cimbri")]["reinforcements"][0].update(leaders=["teutobod"])
    )
    assert "cimbri" in msg and "teutobod" in msg


def test_data_error_units_without_counters() -> None:
    msg = corrupt(
        lambda r: r["nations"][nation_index("cimbri")]["reinforcements"][0]["units"].update(elephant=1)
    )
    assert "cimbri" in msg and "elephant" in msg


def test_data_error_wrong_colour() -> None:
    msg = corrupt(lambda r: r["nations"][nation_index("greeks")].update(colour="blue"))
    assert "greeks" in msg and "red" in msg


def test_data_error_missing_provenance() -> None:
    msg = corrupt(lambda r: r["nations"][nation_index("celts")]["setup"][0].pop("reconstructed"))
    assert "celts" in msg and "reconstructed" in msg


def test_data_error_no_city_area() -> None:
    def city_in_corsica(r: dict) -> None:
        r["nations"][nation_index("celts")]["setup"][0].update(area="corsica", city=True)

    msg = corrupt(city_in_corsica)
    assert "celts" in msg and "corsica" in msg


def test_data_error_file_not_found(tmp_path: Path) -> None:
    from tavola.games.italia.loader import load_scenario_file

    with pytest.raises(DataError, match=r"nope\.yaml"):
        load_scenario_file(tmp_path / "nope.yaml")
