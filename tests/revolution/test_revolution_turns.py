"""Revolution's course of play (§3-§6 as a sequence), the Water Beggars (§6.7) and army movement
(§6.8)."""

from __future__ import annotations

import random

from revolution_helpers import F, army, blank, box, coins, put

from tavola.core.rules import clone
from tavola.games.revolution import allocation, armies, beggars, provinces, support, turn
from tavola.games.revolution.common import EMPTY, State, counts, limits
from tavola.games.revolution.loader import COMPONENTS as C
from tavola.games.revolution.rules import RULES


def c(cid: str) -> int:
    return C.place_index[cid]


def r(rid: str) -> int:
    return C.region_index[rid]


def run_until(state: State, phase: str, turn_no: int, seed: int = 1) -> None:
    pick = random.Random(seed)
    while not (state["phase"] == phase and state["turn"] == turn_no):
        role = RULES.active_roles(state)[0]
        RULES.apply(state, role, pick.choice(RULES.legal_actions(state, role)))


# --- §3 ----------------------------------------------------------------------------------------
def test_3_factions_per_player_count() -> None:
    assert [len(RULES.roles("standard", n, {})) for n in (2, 3, 4, 5)] == [2, 3, 4, 5]


def test_3_4_five_players_one_faction_each() -> None:
    assert RULES.roles("standard", 5, {}) == list(C.factions)


def test_3_5_tokens_and_armies_per_faction() -> None:
    for players, tokens, armies_ in ((2, 40, 6), (3, 56, 8), (4, 40, 6), (5, 32, 6)):
        state = RULES.setup("standard", players, {}, 1)
        assert state["stock"][F["catholics"]] == tokens - 8 - 4
        assert armies.allowance(state) == armies_


# --- §4 ----------------------------------------------------------------------------------------
def test_4_2_1_turn_0_is_played_in_the_fixed_order() -> None:
    state = RULES.setup("standard", 5, {}, 2)
    assert state["order"] == [F[f] for f in C.factions]
    assert [name for name, _, _ in turn.TURN0] == [
        "support",
        "units",
        "conflict",
        "neutrals",
        "overflow",
        "movement",
        "allocation",
        "final",
    ]


def test_4_2_2_turns_1_to_5_have_twenty_phases() -> None:
    assert len(turn.TURN) == 20
    assert [rule for _, rule, _ in turn.TURN] == [f"§6.{k}" for k in range(1, 21)]


def test_4_1_a_faction_finishes_its_phase_before_the_next_plays_it() -> None:
    state = blank(5)
    for f in ("nobility", "burghers"):
        put(state, f, "holland")
        box(state, f, "london" if f == "burghers" else "french", 1)
    support.begin(state)
    assert state["flow"][-1]["who"] == F["nobility"] and state["flow"][-1]["queue"] == [
        F["burghers"],
        F["reformers"],
    ]
    support.apply_support(state, state["flow"][-1], F["nobility"], ("done",))
    assert state["flow"][-1]["who"] == F["burghers"]


def test_4_2_the_order_chosen_at_the_end_of_a_turn_rules_the_next() -> None:
    state = RULES.setup("standard", 4, {}, 5)
    run_until(state, "taxes", 1)
    chosen = list(state["order"])
    run_until(state, "maintenance", 1)
    assert state["order"] == chosen


def test_4_4_vp_are_recomputed_from_zero_every_turn() -> None:
    state = RULES.setup("standard", 5, {}, 4)
    run_until(state, "taxes", 1)
    state["vp2"] = [99] * 5
    run_until(state, "taxes", 2)
    assert max(state["vp2"]) < 99


def test_4_6_everything_is_public() -> None:
    """No hidden cards, open treasuries and stocks (§2), public negotiation only."""
    state = RULES.setup("standard", 5, {}, 4)
    views = [RULES.view(state, role) for role in [*state["roles"], None]]
    assert all(v == views[0] for v in views)
    assert "rng" not in views[0]


def test_5_turn_0_ends_with_turn_1() -> None:
    state = RULES.setup("standard", 3, {}, 6)
    run_until(state, "taxes", 1)
    assert state["turn"] == 1


def test_6_the_game_ends_after_turn_5_with_small_provinces_counted() -> None:
    state = RULES.setup("standard", 4, {}, 8)
    run_until(state, "final", 5)
    while not RULES.result(state):
        role = RULES.active_roles(state)[0]
        RULES.apply(state, role, RULES.legal_actions(state, role)[0])
    assert state["over"] and RULES.active_roles(state) == []


# --- §5.1, §6.2 support movement ----------------------------------------------------------------
def test_5_1_support_tokens_enter_the_named_provinces_over_the_limit() -> None:
    state = RULES.setup("standard", 5, {}, 1)
    for _ in range(2):
        role = RULES.active_roles(state)[0]
        RULES.apply(state, role, RULES.legal_actions(state, role)[0])
    assert state["phase"] == "support" and state["flow"][-1]["who"] == F["nobility"]
    legal = RULES.legal_actions(state, "nobility")
    # the Emperor's two half-coloured spaces may go to the map; of the French box's half and
    # fully coloured spaces, only one (§2, §6.2.1)
    assert ("support", "emperor", "julich", 2) in legal and ("support", "french", "artois", 1) in legal
    assert ("support", "french", "artois", 2) not in legal and ("support", "french", "treasury", 2) in legal


def test_6_2_a_faction_moves_only_its_own_tokens() -> None:
    state = blank(5)
    box(state, "burghers", "huguenots", 1)
    box(state, "reformers", "calvinists", 2)
    legal = support.legal_support(state, {}, F["reformers"])
    assert all(a[1] == "calvinists" for a in legal if a[0] == "support")


# --- §5.5, §5.6 in turn 0 -------------------------------------------------------------------------
def test_5_5_overpopulation_in_turn_0_follows_6_13() -> None:
    """After conflict and overflow no province holding faction tokens is over its limit."""
    state = RULES.setup("standard", 5, {}, 9)
    run_until(state, "movement", 0)
    for p in range(len(C.province_ids)):
        tally = counts(state, p)
        if sum(tally[:5]):
            assert sum(tally) <= limits(5)[p], C.province_ids[p]


def test_5_6_ties_move_in_the_fixed_order_of_turn_0() -> None:
    state = blank(5)
    state["turn"] = 0
    put(state, "reformers", "holland", 2)
    put(state, "catholics", "holland", 2)
    assert provinces.movers(state, C.province_index["holland"]) == [F["catholics"], F["reformers"]]


# --- §6.17 -----------------------------------------------------------------------------------------
def test_6_17_neutral_majority_gives_nobody_the_card() -> None:
    state = blank(5)
    state["turn"] = 2
    put(state, "neutral", "HAARLEM", 2)
    put(state, "burghers", "HAARLEM", 1)
    allocation.allocate_cards(state)
    assert state["city_card"][c("HAARLEM")] == EMPTY
    put(state, "burghers", "HAARLEM", 2)
    allocation.allocate_cards(state)
    assert state["city_card"][c("HAARLEM")] == F["burghers"]


# --- §6.7 Water Beggars ----------------------------------------------------------------------------
def beggar_state() -> State:
    state = blank(5)
    coins(state, "burghers", 6)
    state["order"] = [F["reformers"], F["burghers"]]
    beggars.begin(state)
    return state


def test_6_7_one_faction_a_turn_two_coins_each() -> None:
    state = beggar_state()
    assert state["flow"][-1]["who"] == F["burghers"]  # the Reformers have no coins
    beggars.apply_beggars(state, state["flow"][-1], F["burghers"], ("beggars", "block", "holland", 1, ""))
    assert state["treasury"][F["burghers"]] == 4 and state["beggars"]["hirer"] == F["burghers"]
    coins(state, "reformers", 4)
    state["order"] = [F["burghers"], F["reformers"]]
    beggars.apply_beggars(state, state["flow"][-1], F["burghers"], ("done",))
    assert state["flow"][-1]["s"] == "next"  # the Reformers may not hire this turn


def test_6_7_1_more_beggars_than_armies_eliminate_the_most_catholic() -> None:
    state = beggar_state()
    army(state, "nobility", "holland")
    army(state, "habsburgs", "holland")
    legal = beggars.legal_beggars(state, state["flow"][-1], F["burghers"])
    assert ("beggars", "eliminate", "holland", 3, "") in legal
    beggars.apply_beggars(state, state["flow"][-1], F["burghers"], ("beggars", "eliminate", "holland", 3, ""))
    assert state["blocks"][r("holland")][:2] == [F["nobility"], EMPTY]


def test_6_7_1_beggars_never_attack_burgher_or_reformer_armies() -> None:
    state = beggar_state()
    army(state, "reformers", "holland")
    legal = beggars.legal_beggars(state, state["flow"][-1], F["burghers"])
    assert not [a for a in legal if a[0] == "beggars" and a[1] == "eliminate"]


def test_6_7_2_as_many_beggars_as_armies_lift_a_siege() -> None:
    state = beggar_state()
    army(state, "habsburgs", "holland")
    put(state, "burghers", "AMSTERDAM", 2)
    state["sieges"] = [{"city": c("AMSTERDAM"), "by": F["habsburgs"], "region": r("holland"), "box": 0}]
    action = ("beggars", "lift", "holland", 1, "AMSTERDAM")
    assert action in beggars.legal_beggars(state, state["flow"][-1], F["burghers"])
    beggars.apply_beggars(state, state["flow"][-1], F["burghers"], action)
    assert state["sieges"] == [] and state["places"][c("AMSTERDAM")][F["burghers"]] == 2


def test_6_7_3_without_armies_beggars_loot_or_besiege() -> None:
    state = beggar_state()
    legal = beggars.legal_beggars(state, state["flow"][-1], F["burghers"])
    assert ("beggars", "loot", "holland", 1, "zeeland") in legal
    assert ("beggars", "siege", "holland", 2, "LEIDEN") in legal
    # the six provinces only (option beggars_area): not Friesland, though its region holds Overijssel
    assert ("beggars", "loot", "north", 1, "friesland") not in legal
    assert ("beggars", "loot", "north", 1, "overijssel") in legal
    put(state, "catholics", "LEIDEN", 3)
    beggars.apply_beggars(
        state, state["flow"][-1], F["burghers"], ("beggars", "siege", "holland", 2, "LEIDEN")
    )
    armies.begin_siege_resolution(state)
    assert state["places"][c("LEIDEN")] == [0, 0, 0, 0, 0, 3] and state["beggars_home"] == 3


def test_6_7_4_a_beggar_stops_the_first_enemy_army_leaving() -> None:
    state = blank(5)
    state["beggars"]["blocking"][r("holland")] = 1
    state["beggars_home"] -= 1
    army(state, "habsburgs", "holland", 2)
    state["order"] = [F["habsburgs"]]
    armies.begin_march(state)
    frame = state["flow"][-1]
    armies.apply_march(state, frame, F["habsburgs"], ("march", "holland", 0, "gelderland"))
    assert state["blocks"][r("holland")][0] == F["habsburgs"]  # stopped
    armies.apply_march(state, frame, F["habsburgs"], ("march", "holland", 1, "gelderland"))
    assert state["blocks"][r("gelderland")][0] == F["habsburgs"]


def test_6_7_4_option_a_beggar_stops_one_army_in_each_phase_until_the_sieges_end() -> None:
    """Option `beggars_block: each_phase`: the beggar that stopped an army's movement stays in its
    region and stops one army's influence too; it goes home only at §6.15."""
    state = blank(5, beggars_block="each_phase")
    state["beggars"]["blocking"][r("holland")] = 1
    state["beggars_home"] -= 1
    army(state, "habsburgs", "holland", 2)
    put(state, "neutral", "holland", 2)
    state["order"] = [F["habsburgs"]]
    armies.begin_march(state)
    frame = state["flow"][-1]
    armies.apply_march(state, frame, F["habsburgs"], ("march", "holland", 0, "gelderland"))
    armies.apply_march(state, frame, F["habsburgs"], ("march", "holland", 1, "gelderland"))
    assert state["blocks"][r("holland")][0] == F["habsburgs"]  # the first stopped, the second gone
    assert state["beggars"]["blocking"][r("holland")] == 1 and state["beggars_home"] == 2
    state["flow"] = [{"s": "next"}]
    armies.begin_influence(state)
    frame = state["flow"][-1]
    events = armies.apply_influence(
        state, frame, F["habsburgs"], ("convert", "holland", 0, "holland", "neutral")
    )
    assert [e["msg"] for e in events] == ["ev.blocked"]
    assert state["country"][C.province_index["holland"]][5] == 2  # nothing converted
    state["flow"] = [{"s": "next"}]
    armies.begin_siege_resolution(state)
    assert state["beggars_home"] == 3 and not any(state["beggars"]["blocking"])


# --- §6.8 army movement ------------------------------------------------------------------------------
def test_6_8_armies_move_once_along_an_arrow() -> None:
    state = blank(5)
    army(state, "catholics", "brabant")
    state["order"] = [F["catholics"]]
    armies.begin_march(state)
    frame = state["flow"][-1]
    legal = armies.legal_march(state, frame, F["catholics"])
    assert {a[3] for a in legal if a[0] == "march"} == {C.region_ids[d] for d in C.arrows[r("brabant")]}
    before = clone(state)
    armies.apply_march(state, frame, F["catholics"], ("march", "brabant", 0, "meuse"))
    assert state["blocks"][r("meuse")][0] == F["catholics"] and before["blocks"][r("meuse")][0] == EMPTY
    assert armies.legal_march(state, frame, F["catholics"]) == [("done",)]


def test_6_7_2_lifting_a_beggar_siege_sends_its_beggars_home() -> None:
    state = beggar_state()
    beggars.apply_beggars(
        state, state["flow"][-1], F["burghers"], ("beggars", "siege", "holland", 2, "LEIDEN")
    )
    assert state["beggars_home"] == 1
    beggars.apply_beggars(
        state, state["flow"][-1], F["burghers"], ("beggars", "lift", "holland", 1, "LEIDEN")
    )
    assert state["sieges"] == [] and state["beggars_home"] == 3


# --- the log in both languages ---------------------------------------------------------------------
def test_3_6_support_boxes_and_cards_named_in_both_languages() -> None:
    """The support boxes carry the names the Italian rulebook gives them (§3.6: «riquadro di
    supporto dei commercianti di Londra»), and a card goes *to* a faction with the article its
    name takes («va agli Asburgo», «alla Nobiltà»), or to nobody."""
    from tavola.core.i18n import Words

    words = Words.for_board("tavola.games.revolution", RULES.board("standard", 5, {}))
    move = {"faction": "burghers", "n": 2, "box": "london", "to": "holland"}
    assert (
        words.render("ev.support", move, "it")
        == "I Borghesi spostano 2 pedine da Commercianti di Londra verso Holland."
    )
    assert (
        words.render("ev.support", move, "en")
        == "The Burghers move 2 tokens from London Merchants to Holland."
    )
    card = {"card": "AMSTERDAM"}
    assert (
        words.render("ev.card", card | {"faction": "habsburgs"}, "it")
        == "La carta AMSTERDAM va agli Asburgo."
    )
    assert (
        words.render("ev.card", card | {"faction": "nobility"}, "it") == "La carta AMSTERDAM va alla Nobiltà."
    )
    assert (
        words.render("ev.card", card | {"faction": "habsburgs"}, "en")
        == "The AMSTERDAM card goes to the Habsburgs."
    )
    assert words.render("ev.card", card | {"faction": "nobody"}, "en") == "The AMSTERDAM card goes to nobody."
    assert not words.missing
