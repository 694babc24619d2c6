"""Revolution's rulebook invariant checker: a sound game raises nothing, and each check fails on a
state or a step that breaks its rule."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from revolution_helpers import F, army, blank, coins, put

from tavola.core.rules import clone
from tavola.games.revolution import armies, common, taxes, turn
from tavola.games.revolution.common import EMPTY, State, acting_armies, allied
from tavola.games.revolution.invariants import check, check_step
from tavola.games.revolution.loader import COMPONENTS as C
from tavola.games.revolution.rules import RULES


def sound() -> State:
    state = RULES.setup("standard", 5, {}, 3)
    assert check(state) == []
    return state


def _town_of_two(s: State) -> None:
    s["places"][C.place_index["Gouda"]][F["catholics"]] += 1
    s["stock"][F["catholics"]] -= 1
    s["places"][C.place_index["Gouda"]][F["burghers"]] += 1
    s["stock"][F["burghers"]] -= 1


def _over_limit(s: State) -> None:
    s["phase"] = "movement"
    s["country"][C.province_index["namur"]][F["catholics"]] += 5
    s["stock"][F["catholics"]] -= 5


def _wrong_vp(s: State) -> None:
    s["flow"] = [{"s": "position", "who": 1, "queue": []}]
    s["vp2"][F["catholics"]] += 1


def _wrong_box(s: State) -> None:
    s["support"][C.box_index["jesuits"]][0] = F["reformers"]
    s["stock"][F["reformers"]] -= 1


def _two_huguenot_factions(s: State) -> None:
    box = s["support"][C.box_index["huguenots"]]
    box[1] = F["reformers"]
    s["stock"][F["reformers"]] -= 1


def _too_many_armies(s: State) -> None:
    for r in range(len(C.region_ids)):
        s["blocks"][r] = [F["reformers"]] * C.boxes[r]


BREAKS: list[tuple[str, Callable[[State], Any], str]] = [
    (
        "token-lost",
        lambda s: s["stock"].__setitem__(F["burghers"], s["stock"][F["burghers"]] - 1),
        "§3.5 burghers",
    ),
    (
        "coin-made",
        lambda s: s["treasury"].__setitem__(F["catholics"], s["treasury"][F["catholics"]] + 1),
        "§3.5",
    ),
    ("neutral-made", lambda s: s["country"][0].__setitem__(5, s["country"][0][5] + 1), "neutral tokens"),
    ("town-of-two", _town_of_two, "§5.6"),
    ("wrong-box", _wrong_box, "§5.2"),
    ("two-factions-in-the-huguenots", _two_huguenot_factions, "two factions"),
    ("too-many-armies", _too_many_armies, "§3.5 reformers have"),
    ("beggar-lost", lambda s: s.__setitem__("beggars_home", 2), "§6.7"),
    ("over-limit-after-overflow", _over_limit, "§6.13 namur"),
    ("vp-not-the-book's", _wrong_vp, "§4.4 catholics"),
    ("allegiance-off-track", lambda s: s["allegiance"].__setitem__(0, 8), "§6.16"),
]


@pytest.mark.parametrize(("corrupt", "rule"), [(f, r) for _, f, r in BREAKS], ids=[n for n, _, _ in BREAKS])
def test_each_invariant_catches_its_break(corrupt: Callable[[State], Any], rule: str) -> None:
    state = sound()
    corrupt(state)
    problems = check(state)
    assert any(rule in p for p in problems), problems


def test_neutrals_alone_over_a_limit_are_no_break() -> None:
    """Neither conflict nor overflow moves neutrals: a loot can leave them over a limit."""
    state = blank(5)
    state["phase"] = "movement"
    put(state, "neutral", "namur", 5)
    assert check(state) == []


def test_6_4_army_cost_check_fails_on_a_wrong_price() -> None:
    state = blank(5)
    put(state, "reformers", "holland")
    coins(state, "reformers", 6)
    state["flow"] = [{"s": "raise", "who": F["reformers"], "queue": []}]
    before = clone(state)
    RULES.apply(state, "reformers", ("raise", "holland"))
    assert check_step(before, "", ("raise", "holland"), state, []) == []
    cheat = clone(state)
    cheat["treasury"][F["reformers"]] += 1
    assert check_step(before, "", ("raise", "holland"), cheat, [])


def test_6_3_maintenance_cost_check_fails_on_a_wrong_price() -> None:
    state = blank(5)
    army(state, "catholics", "rhine")
    coins(state, "catholics", 3)
    state["order"] = [F["catholics"]]
    armies.begin_maintenance(state)
    before = clone(state)
    RULES.apply(state, "catholics", ("maintain", "rhine", 0))
    assert check_step(before, "", ("maintain", "rhine", 0), state, []) == []
    assert state["treasury"][F["catholics"]] == 1  # a Catholic army costs 2
    cheat = clone(state)
    cheat["treasury"][F["catholics"]] += 1
    assert check_step(before, "", ("maintain", "rhine", 0), cheat, [])


def _old_standing_off(state: State, r: int, owner: int) -> bool:
    """The engine before §6.4's stand-off of allies: only enemy armies stood off."""
    return any(not allied(state, owner, o) for _, o in acting_armies(state, r))


@pytest.mark.parametrize("phase", ["siege", "influence"])
def test_6_4_step_check_catches_allies_besieging_or_converting_while_standing_off(
    phase: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """§6.4 (2 players): allies in one block stand off as different factions, so neither besieges
    (§6.6) nor uses military influence (§6.9); the step check finds the engine's old reading,
    and accepts the move under the option `allied_armies: together` and for an army alone."""

    def step(reading: str, with_ally: bool) -> list[str]:
        state = blank(2, allied_armies=reading)
        put(state, "burghers", "KOLN", 2)
        put(state, "burghers", "Wesel")
        army(state, "habsburgs", "rhine")
        if with_ally:
            army(state, "catholics", "rhine")
        state["order"] = [F["habsburgs"]]
        (armies.begin_sieges if phase == "siege" else armies.begin_influence)(state)
        action = (
            ("besiege", "rhine", 0, "KOLN")
            if phase == "siege"
            else ("convert", "rhine", 0, "cleve", "burghers")
        )
        assert action in RULES.legal_actions(state, state["seat"]["habsburgs"])
        before = clone(state)
        events = RULES.apply(state, state["seat"]["habsburgs"], action)
        return check_step(before, "", action, state, events)

    assert step("apart", with_ally=False) == []
    assert step("together", with_ally=True) == []
    monkeypatch.setattr(armies, "standing_off", _old_standing_off)
    found = step("apart", with_ally=True)
    assert any("standing off with catholics" in p for p in found), found


def test_6_5_step_check_catches_a_siege_beside_another_factions_army() -> None:
    """§6.5-§6.6 two armies of different factions in a block stand off: a siege by either breaks
    the rule, whatever the engine offered."""
    state = blank(5)
    put(state, "burghers", "KOLN", 2)
    army(state, "habsburgs", "rhine")
    army(state, "nobility", "rhine")
    state["flow"] = [{"s": "siege", "who": F["habsburgs"], "queue": []}]
    before = clone(state)
    found = check_step(before, "", ("besiege", "rhine", 0, "KOLN"), state, [])
    assert any("§6.5-§6.6 a habsburgs army besieges in rhine, standing off with nobility" in p for p in found)


# --- §6.4, §6.5, §6.8 the boxes armies stand in --------------------------------------------------
def _block(state: State, region: str, owners: list[str | None]) -> None:
    r = C.region_index[region]
    state["blocks"][r] = [EMPTY if o is None else F[o] for o in owners] + [EMPTY] * (C.boxes[r] - len(owners))


def test_6_8_an_army_that_marches_away_leaves_its_box_empty() -> None:
    """§6.8 an army moves «in un'area vuota» of the next block; nothing in the book moves the
    armies left behind, so the block keeps an empty box between them (as games end with them)."""
    state = blank(5)
    _block(state, "brabant", ["catholics", "habsburgs", "nobility"])
    state["order"] = [F["habsburgs"]]
    armies.begin_march(state)
    action = ("march", "brabant", 1, "meuse")
    before = clone(state)
    events = RULES.apply(state, "habsburgs", action)
    brabant = state["blocks"][C.region_index["brabant"]]
    assert brabant[:3] == [F["catholics"], EMPTY, F["nobility"]]
    assert check_step(before, "", action, state, events) == []
    packed = clone(state)
    packed["blocks"][C.region_index["brabant"]][1:3] = [F["nobility"], EMPTY]
    assert any(
        "§6.8 the armies left in brabant moved" in p for p in check_step(before, "", action, packed, events)
    )


def test_6_4_a_new_army_takes_the_leftmost_empty_box() -> None:
    """§6.4 new armies go «su delle caselle vuote ... da sinistra a destra»: into a gap left by an
    army that marched away before any box further right."""
    state = blank(5)
    put(state, "reformers", "holland")
    coins(state, "reformers", 2)
    _block(state, "holland", [None, "burghers"])
    state["order"] = [F["reformers"]]
    armies.begin_raise(state)
    before = clone(state)
    RULES.apply(state, "reformers", ("raise", "holland"))
    holland = state["blocks"][C.region_index["holland"]]
    assert holland[:3] == [F["reformers"], F["burghers"], EMPTY]
    assert check_step(before, "", ("raise", "holland"), state, []) == []
    right = clone(state)
    right["blocks"][C.region_index["holland"]][:3] = [EMPTY, F["burghers"], F["reformers"]]
    assert any(
        "§6.4 a new army in holland" in p for p in check_step(before, "", ("raise", "holland"), right, [])
    )


def test_6_5_battle_survivors_stand_in_the_leftmost_boxes() -> None:
    """§6.5 «Gli eserciti "sopravvissuti" sono posizionati sulle caselle a sinistra della sezione
    di comando»: the block's gaps close after its battle (example 1: the Burghers survive)."""
    state = blank(5)
    _block(state, "rhine", [None, "nobility", None, "burghers", "reformers"])
    before = clone(state)
    events = armies.begin_battles(state)
    assert state["blocks"][C.region_index["rhine"]] == [F["burghers"]] + [EMPTY] * 4
    assert check_step(before, "", ("done",), state, events) == []
    gap = clone(state)
    gap["blocks"][C.region_index["rhine"]] = [EMPTY, F["burghers"], EMPTY, EMPTY, EMPTY]
    found = check_step(before, "", ("done",), gap, events)
    assert any("§6.5 the survivors of the battle in rhine" in p for p in found), found


# --- §6.1 the taxes collected --------------------------------------------------------------------
def _new_turn(held: dict[str, list[str]], stock: dict[str, int] | None = None) -> tuple[State, State, list]:
    """A 5-player state at the end of turn 1 with these province cards, moved on into turn 2's
    taxes by the engine (§6.1 province taxes are collected as the turn begins)."""
    state = blank(5)
    for who, provinces in held.items():
        for p in provinces:
            state["province_card"][C.province_index[p]] = F[who]
    for who, keep in (stock or {}).items():
        coins(state, who, state["stock"][F[who]] - keep)
    state["turn"], state["phase"] = 1, "final"
    before = clone(state)
    events = turn.advance(state)
    assert state["turn"] == 2
    return before, state, events


def test_6_1_step_check_sees_each_faction_collect_what_its_province_cards_pay() -> None:
    """§6.1 «ogni fazione riscuote le tasse ... indicate sulle carte provincia», the halves
    summed and the fraction dropped: with 5 players Hainaut pays 3 and Namur 0.5 (cards.yaml),
    3 coins; Holland 3 and Zeeland 1.5, 4; a stock of 2 pays 2."""
    held = {"habsburgs": ["hainaut", "namur"], "burghers": ["holland", "zeeland"], "reformers": ["flanders"]}
    before, state, events = _new_turn(held, {"reformers": 2})
    got = {e["args"]["faction"]: e["args"]["n"] for e in events if e["msg"] == "ev.tax"}
    assert got == {"habsburgs": 3, "burghers": 4, "reformers": 2}
    assert check_step(before, "", ("done",), state, events) == []
    for faction, n in (("habsburgs", 4), ("burghers", 3)):
        wrong = [
            dict(e, args=dict(e["args"], n=n)) if e["args"].get("faction") == faction else e for e in events
        ]
        found = check_step(before, "", ("done",), state, wrong)
        assert any(f"§6.1 {faction} collected {n} coins of province tax" in p for p in found), found
    missing = [e for e in events if e["args"].get("faction") != "burghers"]
    assert any("§6.1 burghers collected 0" in p for p in check_step(before, "", ("done",), state, missing))


def test_6_1_step_check_catches_taxes_read_from_another_player_counts_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """§6.1 the cards the game is played with: a 5-player game taxed with the cards of the
    other player counts (Hainaut 1.5 and Luxembourg 1) breaks the rule."""
    monkeypatch.setattr(taxes, "taxes2", lambda players: C.tax2)
    before, state, events = _new_turn({"habsburgs": ["hainaut", "luxembourg"]})
    found = check_step(before, "", ("done",), state, events)
    assert any("§6.1 habsburgs collected 2 coins of province tax, their cards pay 5" in p for p in found), (
        found
    )


def test_6_1_step_check_sees_the_one_city_rate_paid_from_the_stock() -> None:
    """§6.1 each city pays the rate of 1, 2 or 3 coins its faction chooses, from the stock: two
    cities at 2 pay 4, or the 3 a stock of 3 holds."""
    state = blank(5)
    for city in ("KOLN", "UTRECHT"):
        state["city_card"][C.place_index[city]] = F["catholics"]
    state["turn"], state["phase"] = 1, "taxes"
    state["flow"] = [{"s": "taxes", "who": F["catholics"], "queue": []}]
    for stock, paid in ((10, 4), (3, 3)):
        s = clone(state)
        coins(s, "catholics", s["stock"][F["catholics"]] - stock)
        before = clone(s)
        events = RULES.apply(s, s["seat"]["catholics"], ("rate", 2))
        assert [e["args"]["n"] for e in events if e["msg"] == "ev.city_tax"] == [paid]
        assert check_step(before, "", ("rate", 2), s, events) == []
        wrong = [dict(e, args=dict(e["args"], n=6)) if e["msg"] == "ev.city_tax" else e for e in events]
        found = check_step(before, "", ("rate", 2), s, wrong)
        assert any("§6.1 catholics collected 6 coins from 2 cities at 2" in p for p in found), found
    odd = [{"msg": "ev.city_tax", "args": {"faction": "catholics", "rate": 4, "n": 8}}]
    assert any("not at a rate of 1, 2 or 3" in p for p in check_step(before, "", ("rate", 4), s, odd))


def _one_coin_more(monkeypatch: pytest.MonkeyPatch) -> None:
    """A broken §6.1: every tax moves one coin more from the stock than its event reports."""
    monkeypatch.setattr(taxes, "earn", lambda state, owner, n: common.earn(state, owner, n + 1) - 1)


def test_6_1_step_check_compares_the_coins_with_the_province_cards_not_the_events(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """§6.1 the coins each faction's treasury gains as the turn begins are the cards' tax (Hainaut
    3 and Namur 0.5 with 5 players: 3), capped by the stock (2): a rule that pays one coin more
    while its event reports the right amount is caught by the coins, not by the events."""
    held = {"habsburgs": ["hainaut", "namur"], "reformers": ["flanders"]}
    before, state, events = _new_turn(held, {"reformers": 2})
    assert check_step(before, "", ("done",), state, events) == []
    _one_coin_more(monkeypatch)
    before, state, events = _new_turn({"habsburgs": ["hainaut", "namur"]})
    assert [e["args"]["n"] for e in events if e["msg"] == "ev.tax"] == [3]
    assert state["treasury"][F["habsburgs"]] - before["treasury"][F["habsburgs"]] == 4
    found = check_step(before, "", ("done",), state, events)
    assert not any("coins of province tax" in p for p in found), found
    assert found == [
        "§6.1 habsburgs took 4 coins into the treasury and 4 from the stock as the turn began, their"
        f" province cards pay 3 (stock {before['stock'][F['habsburgs']]})"
    ], found


def test_6_1_step_check_compares_the_coins_with_the_city_rate_not_the_events(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """§6.1 a city rate of 2 on two cities moves 4 coins into the faction's treasury and no other
    faction's: one coin more, with an event that reports 4, is caught."""
    state = blank(5)
    for city in ("KOLN", "UTRECHT"):
        state["city_card"][C.place_index[city]] = F["catholics"]
    state["turn"], state["phase"] = 1, "taxes"
    state["flow"] = [{"s": "taxes", "who": F["catholics"], "queue": []}]
    _one_coin_more(monkeypatch)
    before = clone(state)
    events = RULES.apply(state, state["seat"]["catholics"], ("rate", 2))
    assert [e["args"]["n"] for e in events if e["msg"] == "ev.city_tax"] == [4]
    found = check_step(before, "", ("rate", 2), state, events)
    assert found == [
        "§6.1 catholics took 5 coins into the treasury and 5 from the stock at the city rate 2, their"
        f" cities pay 4 (stock {before['stock'][F['catholics']]})"
    ], found
