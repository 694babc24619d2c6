"""Revolution's rules, section by section, with the rulebook's worked examples on the reconstructed
board (§3 set-up, §4 victory, §5 turn 0, §6 turns 1-5)."""

from __future__ import annotations

import itertools
import random

import pytest
from revolution_helpers import (
    GELDERLAND_BY_RIVER,
    GELDERLAND_NEIGHBOURS,
    F,
    army,
    blank,
    box,
    coins,
    play_random,
    put,
)

from tavola.core import flow
from tavola.games.revolution import (
    allegiance,
    allocation,
    armies,
    conflict,
    overpopulation,
    provinces,
    support,
    taxes,
    units,
    victory,
    view,
)
from tavola.games.revolution.common import EMPTY, NEUTRAL, State, counts, limits
from tavola.games.revolution.loader import COMPONENTS as C
from tavola.games.revolution.rules import RULES


def p(pid: str) -> int:
    return C.province_index[pid]


def c(cid: str) -> int:
    return C.place_index[cid]


# --- §3 set-up ----------------------------------------------------------------------------------
def test_3_1_two_players_each_run_two_factions() -> None:
    assert RULES.roles("standard", 2, {}) == ["catholics-habsburgs", "burghers-reformers"]
    state = RULES.setup("standard", 2, {}, 1)
    assert [C.factions[o] for o in state["factions"]] == ["catholics", "habsburgs", "burghers", "reformers"]
    assert state["stock"][F["catholics"]] + 8 + 4 == 40  # 40 tokens each (§3.5)


def test_3_2_three_players_catholics_always_play() -> None:
    assert RULES.roles("standard", 3, {}) == ["catholics", "nobility", "reformers"]  # the suggestion
    assert RULES.roles("standard", 3, {"three_players": "habsburgs-burghers"}) == [
        "catholics",
        "habsburgs",
        "burghers",
    ]


def test_3_3_four_players_without_the_nobility() -> None:
    assert RULES.roles("standard", 4, {}) == ["catholics", "habsburgs", "burghers", "reformers"]


def test_3_6_set_up_placements_and_neutrals() -> None:
    state = RULES.setup("standard", 5, {}, 1)
    assert state["treasury"][F["catholics"]] == 4
    assert state["places"][c("ANTWERPEN")][F["habsburgs"]] == 2
    assert state["places"][c("Cleve")][F["nobility"]] == 1
    calvinists = state["support"][C.box_index["calvinists"]]
    assert calvinists[:4] == [F["reformers"]] * 4  # on the half-coloured spaces
    # 5 players: every city holds a faction token, so no city gets neutrals
    assert all(state["places"][x][NEUTRAL] == 0 for x in C.cities)
    assert all(sum(state["places"][t]) == 1 for t in C.towns)  # each vacant town: 1 neutral
    four = RULES.setup("standard", 4, {}, 1)
    assert four["places"][c("AMSTERDAM")][NEUTRAL] == 2  # the Nobility's cities are vacant


def test_3_6_habsburg_armies_go_on_orange_boxes() -> None:
    state = RULES.setup("standard", 5, {}, 1)
    assert state["flow"][-1]["s"] == "garrison"
    role = RULES.active_roles(state)[0]
    assert role == "habsburgs"
    legal = RULES.legal_actions(state, role)
    assert {a[1] for a in legal} == {C.region_ids[r] for r in range(len(C.region_ids)) if C.orange[r]}
    RULES.apply(state, role, legal[0])
    assert legal[0] not in RULES.legal_actions(state, role)  # one army per orange box


# --- §5 turn 0 ----------------------------------------------------------------------------------
def test_5_2_example_nobility_with_one_token_in_julich_adds_at_most_two() -> None:
    state = blank(5)
    state["turn"] = 0
    put(state, "nobility", "AACHEN")
    flow.begin(state, "next")
    units.begin(state)
    frame = state["flow"][-1]
    assert C.factions[frame["who"]] == "catholics"  # §4.2.1 the fixed order; no token anywhere
    state["order"] = [F["nobility"]]
    units.begin(state)
    legal = units.legal_units(state, state["flow"][-1], F["nobility"])
    assert {a for a in legal if a[0] == "place"} == {("place", "julich", 1), ("place", "julich", 2)}
    assert state["flow"][-1]["left"] == 5  # the Nobility's 5 new units (§5.2)


def test_5_3_turn_0_conflict_stops_below_the_limit() -> None:
    """§5.3: removals go on until the count is below ("inferiore al") the limit."""
    state = blank(5)
    state["turn"] = 0
    put(state, "catholics", "hainaut", 3)
    put(state, "habsburgs", "hainaut", 3)  # 6 tokens, limit 4
    lost = conflict.resolve(state, p("hainaut"))
    assert sum(counts(state, p("hainaut"))) == 2 and lost[F["catholics"]] == 2
    state = blank(5, turn0_conflict="at")
    state["turn"] = 0
    put(state, "catholics", "hainaut", 3)
    put(state, "habsburgs", "hainaut", 3)
    conflict.resolve(state, p("hainaut"))
    assert sum(counts(state, p("hainaut"))) == 4


def test_6_11_conflict_smallest_first_equal_together() -> None:
    state = blank(5)
    state["turn"] = 1
    put(state, "catholics", "hainaut", 3)
    put(state, "burghers", "hainaut", 1)
    put(state, "neutral", "hainaut", 2)  # 6 tokens, limit 4
    lost = conflict.resolve(state, p("hainaut"))
    # the Burgher (1) goes first, then the neutrals (2): 4 left, no longer above the limit
    assert lost[F["burghers"]] == 1 and lost[NEUTRAL] == 1 and lost[F["catholics"]] == 0
    assert sum(counts(state, p("hainaut"))) == 4


@pytest.mark.parametrize(("losses", "left"), [("countryside", (0, 1, 2)), ("cities", (1, 1, 1))])
def test_6_11_option_which_token_an_owner_loses(losses: str, left: tuple[int, int, int]) -> None:
    """The owner picks the token it loses (§6.11); option `conflict_losses` names the engine's
    pick: the countryside first (default), or the cities first. Left: countryside, town, city."""
    state = blank(5, conflict_losses=losses)
    state["turn"] = 1
    put(state, "catholics", "brabant", 1)
    put(state, "catholics", "Leuven", 1)
    put(state, "catholics", "BRUXELLES", 2)
    put(state, "habsburgs", "brabant", 4)  # 8 tokens, limit 6: 4 against 4, each loses one
    conflict.resolve(state, p("brabant"))
    cat = F["catholics"]
    shown = (
        state["country"][p("brabant")][cat],
        state["places"][c("Leuven")][cat],
        state["places"][c("BRUXELLES")][cat],
    )
    assert shown == left


def test_6_11_besieged_city_tokens_neither_count_nor_fall() -> None:
    state = blank(5)
    state["turn"] = 1
    put(state, "catholics", "BRUXELLES", 5)
    put(state, "habsburgs", "brabant", 3)
    put(state, "nobility", "brabant", 3)
    state["sieges"] = [{"city": c("BRUXELLES"), "by": F["habsburgs"], "region": 1, "box": 0}]
    conflict.resolve(state, p("brabant"))
    assert state["places"][c("BRUXELLES")][F["catholics"]] == 5
    assert sum(counts(state, p("brabant"), sieged=False)) == 6  # not above the limit of 6


@pytest.mark.parametrize(("players", "limit"), [(4, 5), (5, 4)])
def test_6_11_a_player_count_plays_its_own_limits(
    players: int, limit: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """§6.11-§6.13 the limits the game plays are its player count's own where the data gives them
    (board.yaml `by_players`; here Köln 4 with 5 players only, against the board's 5): the
    conflict stops at the limit, the neutrals fill to it (§6.12), the overflow enters up to it
    (§6.13), and the page and the summary show it."""
    own = list(C.limit)
    own[p("koln")] = 4
    monkeypatch.setitem(C.limit_by_players, 5, own)
    state = blank(players)
    state["turn"] = 1
    put(state, "catholics", "koln", 3)
    put(state, "habsburgs", "koln", 2)
    put(state, "neutral", "koln", 1)
    conflict.resolve(state, p("koln"))
    assert sum(counts(state, p("koln"))) == limit
    state = blank(players)
    state["turn"] = 1
    put(state, "catholics", "koln", 2)
    assert conflict.shortfall(state)[p("koln")] == limit - 2
    assert overpopulation.room(state, F["habsburgs"], p("koln")) == limit - 2
    shown = RULES.board("standard", players, {})["areas"]
    assert [a["limit"] for a in shown if a["id"] == "koln"] == [limit]
    lines = view.summary(view.view(state))
    said = [ln[0]["args"]["limit"] for ln in lines if ln[0]["args"].get("province") == "koln"]
    assert said == [limit]


def test_5_4_turn_0_neutrals_fill_to_limit_minus_one() -> None:
    state = blank(5)
    state["turn"] = 0
    conflict.begin_neutrals(state)
    assert sum(counts(state, p("holland"))) == limits(5)[p("holland")] - 1
    assert state["neutral_stock"] == C.neutral_tokens - sum(limits(5)) + len(C.limit)


def test_6_12_a_shortage_of_neutrals_is_placed_by_the_first_player() -> None:
    state = blank(5)
    state["turn"] = 0
    conflict.begin_neutrals(state)  # every province to its limit minus one
    left = C.neutral_tokens - sum(limits(5)) + len(C.limit)
    assert 0 < left < len(C.limit)  # the board leaves fewer neutrals than provinces
    state["turn"] = 1
    state["order"] = [F["burghers"], F["catholics"]]
    conflict.begin_neutrals(state)  # 24 provinces want one more each: too few to go round
    frame = state["flow"][-1]
    assert frame["s"] == "neutral" and frame["who"] == F["burghers"] and frame["left"] == left
    fill = ("holland", "flanders", "brabant", "koln", "liege", "gelderland", "artois", "hainaut")
    for province in fill[:left]:
        assert ("neutral", province) in conflict.legal_neutral(state, frame, F["burghers"])
        conflict.apply_neutral(state, frame, F["burghers"], ("neutral", province))
    assert state["flow"][-1]["s"] == "next" and state["neutral_stock"] == 0
    assert sum(counts(state, p("holland"))) == limits(5)[p("holland")]


def test_5_7_example_koln_two_of_four_is_no_majority() -> None:
    state = blank(5)
    put(state, "catholics", "KOLN", 2)
    put(state, "nobility", "KOLN", 1)
    put(state, "habsburgs", "KOLN", 1)
    allocation.allocate_cards(state)
    assert state["city_card"][c("KOLN")] == EMPTY
    put(state, "catholics", "KOLN", 1)
    allocation.allocate_cards(state)
    assert state["city_card"][c("KOLN")] == F["catholics"]


def test_5_7_turn_0_province_majority_leaves_out_city_tokens() -> None:
    state = blank(5)
    state["turn"] = 0
    put(state, "catholics", "Bonn")
    put(state, "reformers", "KOLN", 5)
    allocation.allocate_cards(state)
    assert state["province_card"][p("koln")] == F["catholics"]
    state["turn"] = 1  # §6.17 does not repeat the note (option city_majority: never)
    allocation.allocate_cards(state)
    assert state["province_card"][p("koln")] == F["reformers"]


def test_5_7_bishoprics_and_universities_in_turn_0() -> None:
    state = blank(5)
    state["turn"] = 0
    put(state, "burghers", "Arras")
    put(state, "reformers", "Leuven")
    allocation.allocate_cards(state)
    allocation.allocate_bishoprics(state)
    allocation.allocate_universities(state)
    k = C.bishopric_provinces.index(p("artois"))
    assert C.bishop_track[state["bishopric"][k]] == "reformed"
    k = C.bishopric_provinces.index(p("koln"))
    assert C.bishop_track[state["bishopric"][k]] == "catholic" and state["bishop_marker"][k] == EMPTY
    assert state["university"][c("Leuven")] == 2 and state["university"][c("KOLN")] == 1


def test_5_8_habsburgs_score_2_for_their_set_up_armies() -> None:
    state = RULES.setup("standard", 5, {}, 1)
    for _ in range(2):
        role = RULES.active_roles(state)[0]
        RULES.apply(state, role, RULES.legal_actions(state, role)[-1])
    assert victory.breakdown(state, F["habsburgs"], False)["objective"] == 4  # 2 VP, in halves


# --- §6.1 taxes ---------------------------------------------------------------------------------
def test_6_1_province_taxes_drop_the_fraction_and_cities_pay_one_rate() -> None:
    state = blank(4)  # the cards' own taxes (the 5-player game has its own for Hainaut)
    state["turn"] = 1
    state["province_card"][p("hainaut")] = F["catholics"]  # 1.5
    state["province_card"][p("namur")] = F["catholics"]  # 0.5
    state["province_card"][p("limburg")] = F["catholics"]  # 0.5
    assert taxes.province_tax(state, F["catholics"]) == 2
    state["city_card"][c("LIEGE")] = F["catholics"]
    state["city_card"][c("KOLN")] = F["catholics"]
    state["order"] = [F["catholics"]]
    taxes.begin(state)
    assert state["treasury"][F["catholics"]] == 2
    frame = state["flow"][-1]
    assert taxes.legal_taxes(state, frame, F["catholics"]) == [("rate", 1), ("rate", 2), ("rate", 3)]
    taxes.apply_taxes(state, frame, F["catholics"], ("rate", 3))
    assert state["treasury"][F["catholics"]] == 8


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_6_1_each_player_count_pays_its_own_taxes(players: int) -> None:
    """§6.1 a province card pays the data's tax: the card's (cards.yaml `provinces`) or a player
    count's (`by_players`, the 5-player game's only: Hainaut and Luxembourg); the page shows the
    taxes the game plays."""
    own = C.tax2_by_players.get(players, C.tax2)
    assert (players in C.tax2_by_players) is (players == 5)
    if players == 5:
        changed = {C.province_ids[k] for k, (a, b) in enumerate(zip(C.tax2, own)) if a != b}
        assert changed == {"hainaut", "luxembourg"}
        assert own[p("hainaut")] > C.tax2[p("hainaut")]
    shown = RULES.board("standard", players, {})["revolution"]["provinces"]
    assert [int(row["tax"] * 2) for row in shown] == own
    state = blank(players)
    state["turn"] = 1
    who = state["factions"][0]
    for province in ("hainaut", "luxembourg", "namur"):
        state["province_card"][p(province)] = who
    state["order"] = [who]
    taxes.begin(state)
    due = (own[p("hainaut")] + own[p("luxembourg")] + own[p("namur")]) // 2
    assert state["treasury"][who] == due


def test_6_1_a_small_stock_limits_the_tax() -> None:
    state = blank(5)
    state["city_card"][c("LIEGE")] = F["catholics"]
    state["treasury"][F["catholics"]] += state["stock"][F["catholics"]] - 2
    state["stock"][F["catholics"]] = 2
    state["order"] = [F["catholics"]]
    taxes.begin(state)
    frame = state["flow"][-1]
    taxes.apply_taxes(state, frame, F["catholics"], ("rate", 3))
    assert state["stock"][F["catholics"]] == 0
    strict = blank(5, tax_above_stock="refused")
    strict["city_card"][c("LIEGE")] = F["catholics"]
    strict["treasury"][F["catholics"]] += strict["stock"][F["catholics"]] - 2
    strict["stock"][F["catholics"]] = 2
    assert taxes.legal_taxes(strict, {}, F["catholics"]) == [("rate", 1), ("rate", 2)]


# --- §6.2 support movement ---------------------------------------------------------------------
def test_6_2_1_spaces_decide_map_or_treasury() -> None:
    state = blank(5)
    box(state, "burghers", "london", 5)  # coin, coin, half, half, map
    state["order"] = [F["burghers"]]
    support.begin(state)
    legal = support.legal_support(state, state["flow"][-1], F["burghers"])
    assert ("support", "london", "treasury", 4) in legal and ("support", "london", "treasury", 5) not in legal
    assert ("support", "london", "holland", 3) in legal and ("support", "london", "holland", 4) not in legal


def test_6_2_2_example_huguenot_interception() -> None:
    """The Catholics move 5 Spanish Treasury tokens; the Burghers' one Huguenot token takes one:
    the Catholics bank 4, their fifth goes back to their stock, the Burghers gain the coin (the
    Huguenot token itself, by the publisher's FAQ)."""
    state = blank(5)
    state["turn"] = 1
    box(state, "catholics", "spanish_treasury", 5)
    box(state, "burghers", "huguenots", 1)
    state["order"] = [F["catholics"], F["habsburgs"], F["burghers"]]
    stock = state["stock"][F["catholics"]]
    support.begin(state)
    frame = state["flow"][-1]
    support.apply_support(state, frame, F["catholics"], ("support", "spanish_treasury", "treasury", 5))
    top = state["flow"][-1]
    assert top["s"] == "intercept" and top["who"] == F["burghers"]
    assert support.legal_intercept(state, top, F["burghers"]) == [("intercept", 0), ("intercept", 1)]
    support.apply_intercept(state, top, F["burghers"], ("intercept", 1))
    assert state["treasury"][F["catholics"]] == 4 and state["stock"][F["catholics"]] == stock + 1
    assert state["treasury"][F["burghers"]] == 1
    assert F["burghers"] not in state["support"][C.box_index["huguenots"]]
    assert state["flow"][-1]["s"] == "support"


def test_6_2_2_the_other_reading_takes_the_coin_from_stock_once_a_turn() -> None:
    state = blank(5, huguenot_coin="stock")
    box(state, "habsburgs", "spanish_treasury", 2)
    box(state, "burghers", "huguenots", 1)
    state["order"] = [F["habsburgs"], F["burghers"]]
    support.begin(state)
    support.apply_support(
        state, state["flow"][-1], F["habsburgs"], ("support", "spanish_treasury", "treasury", 1)
    )
    support.apply_intercept(state, state["flow"][-1], F["burghers"], ("intercept", 1))
    assert F["burghers"] in state["support"][C.box_index["huguenots"]]
    support.apply_support(
        state, state["flow"][-1], F["habsburgs"], ("support", "spanish_treasury", "treasury", 1)
    )
    assert state["flow"][-1]["s"] == "support"  # the token has intercepted this turn


# --- §6.3 - §6.9 armies -------------------------------------------------------------------------
def test_6_3_catholic_armies_cost_two_to_maintain_and_one_to_disband() -> None:
    state = blank(5)
    army(state, "catholics", "rhine")
    coins(state, "catholics", 2)
    state["order"] = [F["catholics"]]
    armies.begin_maintenance(state)
    legal = armies.legal_maintain(state, state["flow"][-1], F["catholics"])
    assert ("maintain", "rhine", 0) in legal and ("disband", "rhine", 0) in legal
    state["treasury"][F["catholics"]] = 1
    state["stock"][F["catholics"]] += 1
    legal = armies.legal_maintain(state, state["flow"][-1], F["catholics"])
    assert ("maintain", "rhine", 0) not in legal and ("disband", "rhine", 0) in legal


def test_6_3_an_abandoned_army_loots_and_is_flipped() -> None:
    state = blank(5)
    army(state, "habsburgs", "rhine")
    put(state, "reformers", "Wesel")
    state["order"] = [F["habsburgs"]]
    armies.begin_maintenance(state)
    armies.apply_maintain(
        state, state["flow"][-1], F["habsburgs"], ("loot_token", "rhine", 0, "cleve", "reformers")
    )
    assert state["places"][c("Wesel")] == [0, 0, 0, 0, 0, 1]
    assert state["blocks"][C.region_index["rhine"]][0] == 10 + F["habsburgs"]
    armies.end_of_turn(state)
    assert state["blocks"][C.region_index["rhine"]][0] == EMPTY


def test_6_4_raising_follows_the_cost_table() -> None:
    state = blank(5)
    put(state, "reformers", "holland")
    coins(state, "reformers", 6)
    state["order"] = [F["reformers"]]
    armies.begin_raise(state)
    frame = state["flow"][-1]
    for _ in range(3):
        armies.apply_raise(state, frame, F["reformers"], ("raise", "holland"))
    assert state["treasury"][F["reformers"]] == 0  # 1, 2 or 3 armies: 2, 4, 6 coins
    assert armies.legal_raise(state, frame, F["reformers"]) == [("done",)]
    assert ("raise", "rhine") not in armies.legal_raise(blank(5), frame, F["reformers"])


@pytest.mark.parametrize(
    ("line", "left"),
    [
        (["nobility", "burghers", "reformers"], ["burghers"]),  # example 1
        (["catholics", "habsburgs", "habsburgs", "burghers", "burghers"], ["habsburgs"]),  # example 2
        (["catholics", "catholics", "nobility", "nobility"], ["catholics", "nobility"]),  # example 3
    ],
)
def test_6_5_battle_examples(line: list[str], left: list[str]) -> None:
    """Example 2 leaves one Habsburg army by the book's procedure (its last sentence is a slip)."""
    state = blank(4 if "nobility" not in line else 5)
    assert [C.factions[o] for o in armies.battle(state, [F[f] for f in line])] == left


def test_6_5_allied_armies_never_fight() -> None:
    state = blank(2)
    assert armies.battle(state, [F["catholics"], F["habsburgs"], F["burghers"]]) == [F["habsburgs"]]
    assert armies.battle(state, [F["catholics"], F["catholics"], F["habsburgs"]]) == [
        F["catholics"],
        F["catholics"],
        F["habsburgs"],
    ]
    region = "rhine"
    army(state, "catholics", region)
    army(state, "habsburgs", region)
    army(state, "habsburgs", region)
    armies.begin_battles(state)
    assert state["blocks"][C.region_index[region]][:3] == [F["catholics"], F["habsburgs"], F["habsburgs"]]


def test_6_4_allied_armies_in_one_block_stand_off_as_different_factions() -> None:
    """§6.4 (2 players): allies do not fight, but «quando esse "si tengono a distanza" (vedere
    6.5) e quando si tratta di esaminare l'influenza militare (vedere 6.9), sono considerate come
    fazioni differenti»: a Catholic and a Habsburg army sharing a block stand off, so neither
    besieges (§6.6) nor converts a token (§6.9); alone in its block each may."""
    rhine = C.region_index["rhine"]
    for reading, apart in (("apart", True), ("together", False)):
        state = blank(2, allied_armies=reading)
        put(state, "burghers", "KOLN", 2)
        put(state, "burghers", "Wesel")
        army(state, "catholics", "rhine")
        army(state, "habsburgs", "rhine")
        frame = {"used": [], "stopped": [0] * len(C.region_ids)}
        sieges = [a for a in armies.legal_siege(state, frame, F["habsburgs"]) if a[0] == "besiege"]
        converts = [a for a in armies.legal_influence(state, frame, F["catholics"]) if a[0] == "convert"]
        assert (sieges == []) is apart and (converts == []) is apart, reading
        state["blocks"][rhine] = [F["habsburgs"]] + [EMPTY] * (len(state["blocks"][rhine]) - 1)
        assert ("besiege", "rhine", 0, "KOLN") in armies.legal_siege(state, frame, F["habsburgs"])
        assert ("convert", "rhine", 0, "cleve", "burghers") in armies.legal_influence(
            state, frame, F["habsburgs"]
        )


def test_6_6_no_siege_of_a_city_the_faction_controls() -> None:
    state = blank(5)
    put(state, "catholics", "KOLN", 2)
    put(state, "habsburgs", "KOLN", 1)
    state["city_card"][c("KOLN")] = F["catholics"]
    assert c("KOLN") not in armies.siege_targets(state, F["catholics"], C.region_index["rhine"])
    assert c("KOLN") in armies.siege_targets(state, F["habsburgs"], C.region_index["rhine"])


def test_6_9_influence_converts_a_town_or_countryside_token_not_in_a_city() -> None:
    state = blank(5)
    put(state, "reformers", "Wesel")
    put(state, "reformers", "KOLN", 3)
    army(state, "habsburgs", "rhine")
    targets = armies.influence_targets(state, F["habsburgs"], C.region_index["rhine"])
    assert targets == [(p("cleve"), F["reformers"])]


def test_6_15_siege_converts_two_and_neutralises_the_rest() -> None:
    state = blank(5)
    put(state, "reformers", "KOLN", 4)
    put(state, "habsburgs", "KOLN", 1)
    armies.resolve_siege(state, {"city": c("KOLN"), "by": F["habsburgs"], "region": 6, "box": 0})
    assert state["places"][c("KOLN")] == [0, 3, 0, 0, 0, 2]


def test_6_15_the_besiegers_pick_of_tokens_to_convert_changes_nothing() -> None:
    """§6.15 leaves the besieger to pick the 2 tokens it converts; whatever it picks, the city
    ends with its own tokens and 2 more (as its stock allows) and the rest neutral (as the pool
    allows), and every other token back in its stock: the engine's pick is no choice at all."""
    pick = random.Random(615)
    for _ in range(200):
        state = blank(5)
        city = pick.choice(C.cities)
        by = pick.choice([F["catholics"], F["habsburgs"], F["nobility"]])
        for who in ("catholics", "habsburgs", "nobility", "burghers", "reformers", "neutral"):
            put(state, who, C.place_ids[city], pick.randrange(3))
        put(state, "neutral", "friesland", state["neutral_stock"] - pick.randrange(3))
        put(state, C.factions[by], "groningen", state["stock"][by] - pick.randrange(3))
        here = list(state["places"][city])
        others = sum(here) - here[by]  # other factions' tokens and neutrals
        convert = min(2, others)
        stock = [*state["stock"], state["neutral_stock"]]
        armies.resolve_siege(state, {"city": city, "by": by, "region": 0, "box": 0})
        after = state["places"][city]
        assert after[by] == here[by] + min(convert, stock[by])
        assert sum(after) - after[by] - after[NEUTRAL] == 0
        assert after[NEUTRAL] == min(others - convert, here[NEUTRAL] + stock[NEUTRAL])


# --- §6.10 new units -----------------------------------------------------------------------------
def example_6_10() -> State:
    state = blank(5)
    state["turn"] = 1
    state["city_card"][c("KOLN")] = F["catholics"]
    state["city_card"][c("UTRECHT")] = F["catholics"]
    put(state, "catholics", "KOLN", 2)
    put(state, "catholics", "UTRECHT", 1)
    put(state, "catholics", "LEIDEN", 1)  # not controlled: counts for nothing
    put(state, "catholics", "Cleve")
    for where, n in (("artois", 1), ("cleve", 2), ("koln", 3), ("utrecht", 2)):
        put(state, "catholics", where, n)
    box(state, "catholics", "jesuits", 2)
    return state


def test_6_10_worked_example_gives_8() -> None:
    got = units.entitlement(example_6_10(), F["catholics"])
    assert got == {"cities": 4, "towns": 1, "countryside": 1, "support": 2, "total": 8, "receives": 8}


def test_6_10_at_least_7_or_the_whole_stock() -> None:
    state = blank(5)
    state["turn"] = 1
    assert units.receives(state, F["burghers"]) == 7
    state["treasury"][F["burghers"]] += state["stock"][F["burghers"]] - 3
    state["stock"][F["burghers"]] = 3
    assert units.receives(state, F["burghers"]) == 3


def test_6_10_placement_caps() -> None:
    state = example_6_10()
    assert units.cap(state, F["catholics"], p("artois"), 1) == 1  # not held: as many as present
    state["province_card"][p("artois")] = F["catholics"]
    assert units.cap(state, F["catholics"], p("artois"), 1) >= 40  # held: no limit (default)
    state["options"]["new_units_cap"] = "double"
    assert units.cap(state, F["catholics"], p("artois"), 1) == 2
    assert units.cap(state, F["catholics"], p("holland"), 0) == 0  # only where it has tokens


# --- §6.13 overpopulation ------------------------------------------------------------------------
def test_6_13_example_overflow_from_gelderland() -> None:
    state = blank(5)
    put(state, "burghers", "gelderland", 9)  # limit 6: 3 excess
    assert overpopulation.excess(state, F["burghers"], p("gelderland")) == 3
    put(state, "habsburgs", "LIEGE", 1)
    state["city_card"][c("LIEGE")] = F["habsburgs"]
    state["order"] = [F["burghers"]]
    overpopulation.begin(state)
    legal = overpopulation.legal_overflow(state, state["flow"][-1], F["burghers"])
    targets = {a[2] for a in legal if a[0] == "overflow"}
    assert targets == GELDERLAND_NEIGHBOURS | GELDERLAND_BY_RIVER  # not Namur: LIEGE is held by the Habsburgs
    state["city_card"][c("LIEGE")] = EMPTY
    state["places"][c("LIEGE")] = [0, 0, 0, 0, 0, 0]
    state["stock"][F["habsburgs"]] += 1
    put(state, "neutral", "LIEGE", 2)  # neutral-held: passable
    legal = overpopulation.legal_overflow(state, state["flow"][-1], F["burghers"])
    assert "namur" in {a[2] for a in legal if a[0] == "overflow"}


def test_6_13_a_province_full_of_faction_tokens_is_closed_one_full_of_neutrals_open() -> None:
    state = blank(5)
    put(state, "burghers", "gelderland", 7)
    put(state, "catholics", "utrecht", 4)  # at its limit with faction tokens
    full = C.limit[p("overijssel")]
    put(state, "neutral", "overijssel", full)  # at its limit with neutrals
    assert overpopulation.room(state, F["burghers"], p("utrecht")) == 0
    assert overpopulation.room(state, F["burghers"], p("overijssel")) == full
    state["order"] = [F["burghers"]]
    overpopulation.begin(state)
    overpopulation.apply_overflow(
        state, state["flow"][-1], F["burghers"], ("overflow", "gelderland", "overijssel", 1)
    )
    assert counts(state, p("overijssel")) == [0, 0, 0, 1, 0, full - 1]


def test_6_13_excess_not_moved_goes_back_to_stock() -> None:
    state = blank(5)
    put(state, "burghers", "gelderland", 8)
    stock = state["stock"][F["burghers"]]
    state["order"] = [F["burghers"]]
    overpopulation.begin(state)
    overpopulation.apply_overflow(state, state["flow"][-1], F["burghers"], ("done",))
    assert counts(state, p("gelderland"))[F["burghers"]] == 6 and state["stock"][F["burghers"]] == stock + 2


# --- §6.14 movement within provinces -------------------------------------------------------------
def test_6_14_the_largest_moves_first_and_may_unseat_others() -> None:
    state = blank(5)
    put(state, "catholics", "holland", 4)
    put(state, "reformers", "Delft")
    put(state, "reformers", "holland", 1)
    assert provinces.movers(state, p("holland")) == [F["catholics"], F["reformers"]]
    flow.begin(state, "next")
    state["asked"] = [p("holland")]
    provinces._next_province(state, [p("holland")])
    frame = state["flow"][-1]
    provinces.apply_arrange(state, frame, F["catholics"], ("town", "Delft"))
    assert state["places"][c("Delft")][F["catholics"]] == 1
    assert state["country"][p("holland")][F["reformers"]] == 2
    provinces.apply_arrange(state, frame, F["catholics"], ("done",))
    legal = provinces.legal_arrange(state, frame, F["reformers"])
    assert ("town", "Delft") not in legal and ("town", "Gouda") in legal


def test_6_14_neutrals_fill_empty_cities_and_towns() -> None:
    state = blank(5)
    put(state, "neutral", "holland", 4)
    provinces.settle_neutrals(state)
    assert state["places"][c("AMSTERDAM")][NEUTRAL] == 2 and state["places"][c("HAARLEM")][NEUTRAL] == 2
    assert state["country"][p("holland")][NEUTRAL] == 0


# --- §6.16 allegiance ----------------------------------------------------------------------------
def test_6_16_example_koln() -> None:
    """KÖLN on space 2: C 1, H 1, N 2, B 1 in turn order C, H, N, B: C to 1, H cannot move it,
    B back to 2, and the Nobility (last) one space towards the centre: 3."""
    state = blank(5)
    spent = [1, 1, 2, 1, 0]
    order = [F["catholics"], F["habsburgs"], F["nobility"], F["burghers"], F["reformers"]]
    assert allegiance.resolve(state, 2, spent, order) == 3


def test_6_16_end_spaces_add_and_remove_units() -> None:
    state = blank(5)
    put(state, "reformers", "GENT", 2)
    put(state, "catholics", "GENT", 1)
    allegiance.adjust(state, c("GENT"), 7)
    catholic, anti = allegiance.effects(5)[7 - 1]  # printed on the space (reconstructed, rules.yaml)
    assert anti > 0 > catholic
    assert state["places"][c("GENT")][F["reformers"]] == 2 + anti
    assert state["places"][c("GENT")][F["catholics"]] == max(0, 1 + catholic)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_6_16_each_player_count_plays_its_own_spaces(players: int) -> None:
    """§6.16 the units a space adds and removes are the data's: the track's own (rules.yaml
    `allegiance.spaces`) or a player count's (`allegiance.by_players`, the 3- and 5-player games'
    only); a city is adjusted by its player count's effects on every space."""
    own = C.allegiance_by_players.get(players, C.allegiance_effect)
    assert (players in C.allegiance_by_players) is (players in (3, 5))
    shown = RULES.board("standard", players, {})["revolution"]["allegiance"]["spaces"]
    assert shown == [list(e) for e in own]  # the page shows the spaces the game plays
    for space, (catholic, anti) in enumerate(own, 1):
        state = blank(players)
        put(state, "reformers", "GENT", 2)
        put(state, "catholics", "GENT", 2)
        allegiance.adjust(state, c("GENT"), space)
        assert state["places"][c("GENT")][F["catholics"]] == 2 + catholic, space
        assert state["places"][c("GENT")][F["reformers"]] == 2 + anti, space


# --- §6.18, §6.19 ------------------------------------------------------------------------------
def test_6_18_a_bishopric_moves_one_space_a_turn() -> None:
    state = blank(5)
    state["turn"] = 1
    k = C.bishopric_provinces.index(p("utrecht"))
    state["bishopric"][k] = 0
    state["province_card"][p("utrecht")] = F["reformers"]
    allocation.allocate_bishoprics(state)
    assert state["bishopric"][k] == 1
    state["province_card"][p("utrecht")] = F["habsburgs"]
    state["bishopric"][k] = 0
    allocation.allocate_bishoprics(state)
    assert state["bishopric"][k] == 1  # Habsburg control cannot keep it Strongly Catholic


def test_6_19_universities_founded_and_suppressed() -> None:
    state = blank(5)
    state["turn"] = 1
    put(state, "reformers", "Franeker")
    allocation.allocate_universities(state)
    assert state["university"][c("Franeker")] == 2
    state["places"][c("Franeker")] = [0, 0, 0, 1, 0, 0]
    allocation.allocate_universities(state)
    assert state["university"][c("Franeker")] == 2  # Burgher control leaves it
    state["places"][c("Franeker")] = [1, 0, 0, 0, 0, 0]
    allocation.allocate_universities(state)
    assert state["university"][c("Franeker")] == 0
    put(state, "burghers", "Leuven")
    allocation.allocate_universities(state)
    assert state["university"][c("Leuven")] == 1  # §6.19: Burghers do not reform it


# --- §4.3 - §4.5, §6.20 ---------------------------------------------------------------------------
def test_4_3_small_provinces_count_only_at_the_end() -> None:
    state = blank(5)
    state["province_card"][p("venlo")] = F["nobility"]
    assert victory.breakdown(state, F["nobility"], False)["provinces"] == 0
    assert victory.breakdown(state, F["nobility"], True)["provinces"] == 1


def test_4_3_2_nobility_tokens_outside_cities_divided_and_rounded_up() -> None:
    state = blank(5)
    put(state, "nobility", "holland", 3)
    put(state, "nobility", "Delft")
    put(state, "nobility", "AMSTERDAM", 5)
    box(state, "nobility", "french", 2)
    assert victory.breakdown(state, F["nobility"], False)["objective"] == 4  # ceil(4 / 3) = 2 VP


def test_4_5_tied_leaders_all_win() -> None:
    state = blank(5)
    state["vp2"] = [10, 10, 4, 2, 0]
    assert victory.winners(state) == ["catholics", "habsburgs"]


def test_6_20_the_leader_goes_first_the_next_choose() -> None:
    state = blank(5)
    state["turn"] = 1
    state["city_card"][c("KOLN")] = F["reformers"]
    state["bishopric"] = [2] * len(state["bishopric"])  # no Catholic bishopric VP
    victory.begin(state)
    assert state["order"] == [F["reformers"]]
    frame = state["flow"][-1]
    assert victory.legal_position(state, frame, frame["who"]) == [("position", 1), ("position", 2)]


# --- whole games --------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_4_a_random_game_plays_to_the_end_with_every_invariant(players: int) -> None:
    state = play_random(players, seed=players)
    result = RULES.result(state)
    assert result is not None and result["winners"]
    assert state["turn"] == C.last_turn
    # §4.3 the result gives each faction's VP by source: cards of cities, of provinces, its objective
    for faction, vp in result["factions"].items():
        assert sum(result["by_source"][faction].values()) == vp
        assert result["coins"][faction] == state["treasury"][F[faction]]


def test_4_options_change_the_play_and_keep_the_invariants() -> None:
    other = {o.name: o.choices[1] for o in RULES.scenarios()[0].options if o.name != "three_players"}
    state = play_random(5, seed=11, **other)
    assert RULES.result(state) is not None


# --- the bots' evaluation -------------------------------------------------------------------------
def test_4_4_the_evaluation_counts_the_cards_the_majorities_will_give() -> None:
    """VP are recomputed from zero at each allocation (§4.4, §6.17): a city where a faction has
    the absolute majority is worth its card before the card is dealt, and a faction's value
    falls when an opponent takes the majority from it."""
    state = blank(4)
    empty = RULES.evaluate(state)
    put(state, "burghers", "AMSTERDAM", 3)
    put(state, "catholics", "AMSTERDAM", 1)
    before = RULES.evaluate(state)
    assert state["city_card"][c("AMSTERDAM")] == EMPTY  # not allocated yet
    assert before["burghers"] > empty["burghers"]
    put(state, "catholics", "AMSTERDAM", 3)  # 4 against 3: the card would go to the Catholics
    after = RULES.evaluate(state)
    assert after["catholics"] > before["catholics"] and after["burghers"] < before["burghers"]


def test_4_3_coins_and_stock_score_nothing_at_the_end_so_the_evaluation_lets_them_go() -> None:
    """Coins and tokens off the map give no VP (§4.3): the evaluation values them by the phases
    left to spend or place them in (§6.3, §6.4, §6.7, §6.16; §6.1, §6.10), so a coin is worth
    less each turn and nothing once turn 5's Allegiance is over: a bot that keeps its money
    to the end gains nothing by it."""

    def gain(turn: int, phase: str, key: str) -> float:
        state = blank(5)
        state["turn"], state["phase"] = turn, phase
        before = RULES.evaluate(state)["burghers"]
        if key == "treasury":
            coins(state, "burghers", 6)
        else:
            state["stock"][F["burghers"]] += 6
        return RULES.evaluate(state)["burghers"] - before

    coin = [gain(t, "taxes", "treasury") for t in range(1, C.last_turn + 1)]
    assert all(a > b > 0 for a, b in itertools.pairwise(coin))
    assert gain(C.last_turn, "allegiance", "treasury") > 0  # the last phase to spend them
    assert gain(C.last_turn, "cards", "treasury") == 0
    assert gain(C.last_turn, "units", "stock") > 0  # the last phase to place them
    assert gain(C.last_turn, "movement", "stock") == 0
    assert gain(0, "units", "treasury") == gain(1, "taxes", "treasury")


def test_6_16_coins_on_the_allegiance_track_are_valued_as_the_markers_they_will_move() -> None:
    """Coins put on a city are resolved only once every faction has spent (§6.16), but the
    evaluation judges the position as it will be then: the Catholics' 3 coins on GENT (space 5)
    take its marker to space 2, which adds a Catholic unit and removes an anti-Catholic one, and
    the city's majority turns to them. The spending is worth more than the coins it costs."""
    state = blank(4)
    state["turn"], state["phase"] = C.last_turn, "allegiance"
    state["order"] = [F["catholics"], F["habsburgs"], F["burghers"], F["reformers"]]
    state["allegiance"][C.cities.index(c("GENT"))] = 5
    put(state, "burghers", "GENT", 2)
    put(state, "catholics", "GENT", 1)
    coins(state, "catholics", 3)
    coins(state, "burghers", 1)
    allegiance.begin(state)
    assert state["flow"][-1]["s"] == "spend" and state["flow"][-1]["who"] == F["catholics"]
    before = RULES.evaluate(state)
    RULES.apply(state, "catholics", ("spend", "GENT", 3))
    assert state["places"][c("GENT")][F["catholics"]] == 1  # not resolved yet
    after = RULES.evaluate(state)
    assert after["catholics"] > before["catholics"] and after["burghers"] < before["burghers"]


def test_6_10_the_search_opens_first_the_placement_the_evaluation_values_most() -> None:
    """The bots' prior ranks a decision's actions by the evaluation of the position each leads
    to: at the §5.2 placement of new units the search opens first the placement that the
    evaluation values most (a majority taken), not the largest count."""
    from tavola.core.rules import clone
    from tavola.games.revolution.knowledge import prior

    state = RULES.setup("standard", 4, {}, 3)
    rand = random.Random(3)
    while state["flow"][-1]["s"] != "units":
        role = RULES.active_roles(state)[0]
        RULES.apply(state, role, rand.choice(RULES.legal_actions(state, role)))
    role = RULES.active_roles(state)[0]
    actions = RULES.legal_actions(state, role)
    weights = prior(RULES, state, role, actions)
    values = []
    for a in actions:
        after = clone(state)
        RULES.apply(after, role, a)
        values.append(RULES.evaluate(after)[role])
    best = max(range(len(actions)), key=weights.__getitem__)
    assert values[best] == max(values)
    assert len(set(values)) > 1  # a real choice: the placements are not all worth the same
    assert prior(RULES, state, role, actions) == weights  # valued once, the same again


def test_6_14_the_evaluation_sees_the_trade_town_loose_tokens_can_take() -> None:
    """§6.14 a faction's loose tokens may take a town held by a neutral, or by a faction that
    moves after it, when its province is asked for; a Burgher trade town (§4.3.2) so taken is a
    VP. The evaluation counts such a town until this turn's movement is over, so the Burghers'
    new units (§6.10) go where a trade town can be taken: of two provinces where one token wins
    a card of the same value, Zeeland (Vlissingen, a trade town held by a neutral) before the
    Generality ('s-Hertogenbosch, not a trade town)."""
    from tavola.games.revolution import heuristic, knowledge, units

    state = blank(5)
    state["turn"], state["phase"] = 2, "units"
    for where in ("Middelburg", "Breda"):
        put(state, "burghers", where)
    for where in ("Vlissingen", "s-Hertogenbosch"):
        put(state, "neutral", where)
    burghers = F["burghers"]
    state["order"] = [burghers] + [o for o in state["order"] if o != burghers]
    assert heuristic.takeable_towns(state, burghers) == 0  # no loose token yet
    units.begin(state)
    actions = RULES.legal_actions(state, "burghers")
    values = dict(zip(actions, knowledge.prior(RULES, state, "burghers", actions)))
    assert values[("place", "zeeland", 1)] > values[("place", "generality", 1)]
    put(state, "burghers", "zeeland")
    assert heuristic.takeable_towns(state, burghers) == 1
    put(state, "habsburgs", "zeeland", 3)  # a larger faction (3 against 2) moves first, keeps it
    state["places"][c("Vlissingen")] = [0, 1, 0, 0, 0, 0]
    state["country"][p("zeeland")][F["habsburgs"]] -= 1
    assert heuristic.takeable_towns(state, burghers) == 0
    state["places"][c("Vlissingen")] = [0, 0, 0, 0, 0, 1]
    state["country"][p("zeeland")][F["habsburgs"]] = 0
    state["phase"], state["flow"] = "allegiance", [{"s": "next"}]  # this turn's movement is over
    assert heuristic.takeable_towns(state, burghers) == 0


def test_6_18_the_evaluation_sees_the_bishopric_and_university_a_new_holder_will_turn() -> None:
    """The evaluation values the VP of the next allocation (§6.17), and the bishoprics and
    universities allocated after the cards follow them (§6.18 a bishopric moves a space towards
    its province's holder, §6.19 a university is founded under the Reformers): a Reformer
    majority in Artois already costs the Catholics the Catholic bishopric of Arras and gives the
    Reformers Franeker's university. Once the turn's allocation is over (§6.20) the tracks stay
    as they are until the next turn's."""
    from tavola.games.revolution import heuristic, victory

    state = blank(5)
    state["turn"], state["phase"] = 2, "units"
    put(state, "reformers", "artois", 3)
    put(state, "reformers", "Franeker")
    k = C.bishopric_provinces.index(C.province_index["artois"])
    state["bishopric"] = [1] * len(C.bishopric_provinces)  # every bishopric Catholic
    tallies = [counts(state, p, cities=True) for p in range(len(C.province_ids))]
    ahead = heuristic.projected(state, tallies)
    assert ahead["bishopric"][k] == 2 and state["bishopric"][k] == 1  # Reformed, the state untouched
    franeker = C.place_index["Franeker"]
    assert ahead["university"][franeker] == 2 and state["university"][franeker] == 0
    assert victory.breakdown(ahead, F["catholics"], False)["objective"] == 2 * 5
    assert victory.breakdown(ahead, F["reformers"], False)["objective"] == 2 * 1
    state["phase"] = "final"
    settled = heuristic.projected(state, tallies)
    assert settled["bishopric"][k] == 1 and settled["university"][franeker] == 0


def test_6_10_a_faction_short_of_stock_taxes_lightly_and_spends_its_coins() -> None:
    """Coins and tokens are one pool (§2): taxes take coins from the stock (§6.1), spent coins go
    back to it (§6.16), and new units come only from the stock (§6.10). While the stock holds
    fewer tokens than the next new units would bring, a coin taken is a unit lost: the
    evaluation then prefers the lowest city tax rate, and coins put on the Allegiance track to
    a token in stock; with a stock to spare it prefers the highest rate, as before."""
    from tavola.games.revolution import heuristic

    def after_tax(stock: int, rate: int) -> float:
        state = blank(5)
        nobility = F["nobility"]
        for city in ("AMSTERDAM", "BRUXELLES", "AACHEN"):
            put(state, "nobility", city, 2)
            state["city_card"][c(city)] = nobility
        state["turn"], state["phase"] = 2, "taxes"
        coins(state, "nobility", state["stock"][nobility] - stock)
        state["order"] = [nobility] + [o for o in state["order"] if o != nobility]
        taxes.begin(state)
        RULES.apply(state, "nobility", ("rate", rate))
        return RULES.evaluate(state)["nobility"]

    assert after_tax(stock=4, rate=1) > after_tax(stock=4, rate=3)  # short: at least 7 units due, 4 in stock
    assert after_tax(stock=20, rate=3) > after_tax(stock=20, rate=1)  # plenty: coins are worth more

    state = blank(5)
    nobility = F["nobility"]
    state["turn"], state["phase"] = 3, "allegiance"
    coins(state, "nobility", state["stock"][nobility])  # a treasury and an empty stock
    assert heuristic.stock_to_place(state, nobility) == 0
    before = RULES.evaluate(state)["nobility"]
    state["treasury"][nobility] -= 3
    state["stock"][nobility] += 3  # 3 coins spent (§6.16: back to the stock)
    assert heuristic.stock_to_place(state, nobility) == 3
    assert RULES.evaluate(state)["nobility"] > before
    state["turn"] = C.last_turn  # after the last new units, stock and coins are worth the same: nothing
    assert heuristic.stock_to_place(state, nobility) == 0
