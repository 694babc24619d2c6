"""The step invariants of ``games/antike/invariants.py`` (``check_step``): each passes on a step
the rules play, and fires when that step's result is broken by hand the way its rule forbids."""

from __future__ import annotations

import copy
from typing import Any

import pytest

import tavola
from tavola.games.antike import RULES
from tavola.games.antike.common import TECH
from tavola.games.antike.invariants import check_step
from tavola.games.antike.loader import BOARDS

State = dict[str, Any]
B = BOARDS["mare-nostrum"]
R = B.index
GERMANS, ROMANS, GREEKS = range(3)
MARBLE, IRON, GOLD, COIN = range(4)
FERRUM, TEMPLUM, AURUM, MOVERE1, MILITIA, MARMOR, SCIENTIA, MOVERE2 = range(8)


@pytest.fixture
def state() -> State:
    """Mare Nostrum, 3 nations, the Germans to play and every marker already on the rondel."""
    s = tavola.new_game("antike-ii", scenario="mare-nostrum", players=3, seed=2).state
    s["pos"] = [FERRUM, FERRUM, FERRUM]
    assert s["turn"] == GERMANS
    return s


def play(s: State, *actions: tuple[Any, ...]) -> tuple[State, tuple[Any, ...], State]:
    """Apply the actions; return the last step's state before, its action and the state after,
    checked clean."""
    for a in actions[:-1]:
        RULES.apply(s, RULES.active_roles(s)[0], a)
    before = copy.deepcopy(s)
    RULES.apply(s, RULES.active_roles(s)[0], actions[-1])
    assert check_step(before, "", actions[-1], s, []) == []
    return before, actions[-1], s


def fires(before: State, action: tuple[Any, ...], after: State, words: str) -> None:
    found = check_step(before, "", action, after, [])
    assert any(words in p for p in found), found


def test_5_only_the_turns_nation_changes_its_purse(state: State) -> None:
    before, a, after = play(state, ("rondel", "aurum"))
    after["purse"][GREEKS][GOLD] += 1
    fires(before, a, after, "greeks's purse changed in germans's turn")


def test_5_turns_pass_clockwise(state: State) -> None:
    before, a, after = play(state, ("rondel", "aurum"))
    after["turn"] = GREEKS
    fires(before, a, after, "not clockwise")


def test_4_personages_and_technologies_are_never_lost(state: State) -> None:
    state["personages"][ROMANS][0] = 1
    state["bank"][0] -= 1
    state["tech"][ROMANS] = TECH["strata"].bit
    before, a, after = play(state, ("rondel", "aurum"))
    after["personages"][ROMANS][0] = 0
    after["tech"][ROMANS] = 0
    fires(before, a, after, "romans lost a personage")
    fires(before, a, after, "romans lost a technology")


def test_5_1_more_than_three_spaces_are_paid(state: State) -> None:
    before, a, after = play(state, ("rondel", "aurum"))  # 2 spaces from Ferrum: free
    before["pos"][GERMANS] = MOVERE1  # from Movere, Aurum is 7 spaces away
    fires(before, a, after, "moved 7 spaces without paying")


def test_5_1_each_paid_space_costs_one_resource(state: State) -> None:
    before, a, after = play(state, ("rondel", "militia"), ("pay", "gold"))  # 4 spaces: 1 to pay
    after["purse"][GERMANS][IRON] -= 1
    fires(before, a, after, "purse went")


def test_5_1_standing_still_is_a_full_circle(state: State) -> None:
    before, a, after = play(state, ("rondel", "ferrum"))  # 8 spaces: asked to pay 5
    assert after["flow"][-1]["s"] == "pay"
    after["purse"][GERMANS][IRON] -= 1
    fires(before, a, after, "purse changed before paying")


def test_6_1_production_one_per_city_and_a_coin(state: State) -> None:
    before, a, after = play(state, ("rondel", "aurum"))  # Castra Regina: 1 gold, and the coin
    assert after["purse"][GERMANS][GOLD] == before["purse"][GERMANS][GOLD] + 1
    after["purse"][GERMANS][GOLD] += 2
    fires(before, a, after, "the book gives")


def test_6_1_a_temple_triples_production(state: State) -> None:
    state["temple"][R["castra_regina"]] = 1
    state["ntemple"][GERMANS] = 1
    state["temples"] -= 1
    before, a, after = play(state, ("rondel", "aurum"))
    assert after["purse"][GERMANS][GOLD] == before["purse"][GERMANS][GOLD] + 3
    after["purse"][GERMANS][GOLD] -= 2
    fires(before, a, after, "the book gives")


def test_6_1_with_no_coin_in_the_bank_one_resource(state: State) -> None:
    state["purse"][GREEKS][COIN] += state["coins"]
    state["coins"] = 0
    before, a, after = play(state, ("rondel", "aurum"), ("resource", "iron"))
    after["purse"][GERMANS][COIN] += 1
    fires(before, a, after, "not one resource")


def test_5_bellona_passes_counterclockwise_on_militia(state: State) -> None:
    state["turn"] = GREEKS  # the Greeks hold Bellona (the last in turn order)
    before, a, after = play(state, ("rondel", "aurum"))
    after["bellona"] = ROMANS
    fires(before, a, after, "Bellona passed from greeks to romans")


def test_7_1_arming_only_in_own_cities_for_two_iron(state: State) -> None:
    before, a, after = play(state, ("rondel", "militia"), ("pay", "gold"), ("legion", "colonia"))
    broken = copy.deepcopy(after)
    broken["units"][GERMANS][2 * R["colonia"]] -= 1
    broken["units"][GERMANS][2 * R["roma"]] += 1
    fires(before, a, broken, "armed a unit in roma, not one of its cities")
    after["purse"][GERMANS][GOLD] -= 1
    fires(before, a, after, "not 2 iron")


def test_7_1_galleys_only_where_a_sea_border_runs(state: State) -> None:
    before, a, after = play(state, ("rondel", "militia"), ("pay", "gold"), ("legion", "colonia"))
    after["units"][GERMANS][2 * R["colonia"]] -= 1
    after["units"][GERMANS][2 * R["colonia"] + 1] += 1
    after["supply"][GERMANS] = [
        after["supply"][GERMANS][0] + 1,
        after["supply"][GERMANS][1] - 1,
        after["supply"][GERMANS][2],
    ]
    fires(before, a, after, "a galley armed in colonia")


def test_7_2_a_temple_costs_five_marble(state: State) -> None:
    state["purse"][GERMANS][MARBLE] = 5
    before, a, after = play(state, ("rondel", "templum"), ("region", "vindobona"))
    after["purse"][GERMANS][MARBLE] += 1
    fires(before, a, after, "not 5 marble")


def test_7_2_temples_only_in_own_cities(state: State) -> None:
    state["purse"][GERMANS][MARBLE] = 5
    before, a, after = play(state, ("rondel", "templum"), ("region", "vindobona"))
    after["temple"][R["vindobona"]] = 0
    after["temple"][R["roma"]] = 1
    fires(before, a, after, "a temple rose in roma, not a city of germans")


def test_7_3_first_developer_pays_the_higher_price(state: State) -> None:
    state["purse"][GERMANS][GOLD] = 8
    state["pos"][GERMANS] = MILITIA
    before, a, after = play(state, ("rondel", "scientia"), ("advance", "strata"))
    assert after["purse"][GERMANS][GOLD] == 1  # 7, the first developer's price
    after["purse"][GERMANS][GOLD] = 5  # the later price, 3
    fires(before, a, after, "the table says 7 gold")


def test_7_3_commercium_needs_mercatura(state: State) -> None:
    state["purse"][GERMANS][GOLD] = 8
    state["pos"][GERMANS] = MILITIA
    before, a, after = play(state, ("rondel", "scientia"), ("advance", "strata"))
    after["tech"][GERMANS] |= TECH["commercium"].bit
    fires(before, a, after, "developed commercium before mercatura")


def test_7_3_trade_never_gives_coins(state: State) -> None:
    state["tech"][GERMANS] = TECH["mercatura"].bit
    before, a, after = play(
        state, ("trade", "mercatura"), ("pay", "marble"), ("pay", "marble"), ("resource", "gold")
    )
    after["purse"][GERMANS][GOLD] -= 1
    after["purse"][GERMANS][COIN] += 1
    fires(before, a, after, "traded")


def test_7_3_trade_only_with_the_technology(state: State) -> None:
    state["tech"][GERMANS] = TECH["mercatura"].bit
    before, a, after = play(state, ("trade", "mercatura"))
    before["tech"][GERMANS] = 0
    fires(before, a, after, "without owning it")


def _legion_in_colonia(state: State) -> None:
    state["units"][GERMANS][2 * R["colonia"]] = 1
    state["supply"][GERMANS][0] -= 1


def test_8_1_a_legion_crosses_one_land_border(state: State) -> None:
    _legion_in_colonia(state)
    land = next(y for x, y, k in B.borders if x == R["colonia"] and k != "sea")
    before, a, after = play(state, ("rondel", "movere1"), ("legion", "colonia"), ("region", B.ids[land]))
    after["units"][GERMANS][2 * land] -= 1
    after["units"][GERMANS][2 * R["roma"]] += 1
    fires(before, a, after, "went colonia -> roma")


def test_8_1_battles_cost_both_sides_alike(state: State) -> None:
    before, a, after = play(state, ("rondel", "aurum"))
    before["units"][ROMANS][2 * R["roma"]] = 2
    after["units"][ROMANS][2 * R["roma"]] = 1
    fires(before, a, after, "a battle in roma cost germans 0 units and the others 1")


def test_8_2_conquest_needs_the_defence_in_units(state: State) -> None:
    before, a, after = play(state, ("rondel", "aurum"))
    after["city"][R["ancona"]] = GERMANS
    fires(before, a, after, "germans took ancona with 0 units against 2")  # 1 + 1 (few personages)


def test_8_2_a_temple_conquered_is_destroyed(state: State) -> None:
    state["units"][GERMANS][2 * R["ancona"]] = 5
    before, a, after = play(state, ("rondel", "aurum"))
    before["temple"][R["ancona"]] = 1
    after["temple"][R["ancona"]] = 1
    after["city"][R["ancona"]] = GERMANS
    fires(before, a, after, "the temple of conquered ancona was not destroyed")


def test_5_2_founding_needs_a_unit_there(state: State) -> None:
    before, a, after = play(state, ("rondel", "aurum"))
    r = next(
        r
        for r in range(B.size)
        if B.site[r] in (0, 1, 2) and before["city"][r] < 0 and not before["temple"][r]
    )
    after["city"][r] = GERMANS
    after["city_token"][r] = B.site[r]
    fires(before, a, after, "without a legion or galley there")
    fires(before, a, after, "not a marble, an iron and a gold")


def test_5_3_kings_at_the_end_of_the_turn_only_as_deserved(state: State) -> None:
    before, a, after = play(state, ("rondel", "aurum"))  # the Germans' turn ends with 3 cities
    after["personages"][GERMANS][0] = 1
    after["bank"][0] -= 1
    fires(before, a, after, "holds 1 kings for 3")


def test_5_3_personages_come_only_at_the_end_of_the_turn(state: State) -> None:
    state["purse"][GERMANS][MARBLE] = 5
    before, a, after = play(state, ("rondel", "templum"), ("region", "vindobona"))
    assert after["turn"] == GERMANS
    after["personages"][GERMANS][2] = 1
    fires(before, a, after, "before the end of its turn")


def test_4_victory_needs_the_personages(state: State) -> None:
    before, a, after = play(state, ("rondel", "aurum"))
    after["winner"] = GERMANS
    fires(before, a, after, "germans wins with 0 personages of 10")


def test_the_step_checker_runs_in_the_fuzzer() -> None:
    from tavola.tools.fuzz import fuzz_one

    report = fuzz_one("antike-ii", "mare-nostrum", 3, 3, max_steps=400)
    assert report.invariants.get("5.1 rondel price", 0) > 0
    assert [f.kind for f in report.failures] == ["step-limit"]
