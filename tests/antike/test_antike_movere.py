"""§8.1 MOVERE: movement by border colour, Strata/Navigatio, battles when either side asks."""

from __future__ import annotations

import pytest
from antike_helpers import (
    city,
    empty,
    give_personages,
    here,
    legal,
    n_of,
    new,
    play,
    r_of,
    refused,
    techs,
    turn,
    units,
)

from tavola.core.errors import WrongRole
from tavola.games.antike.common import GENERALS
from tavola.games.antike.loader import BOARDS, RULEBOOK

MOVERE = RULEBOOK.spaces.index("movere1")


def _carthago(*tech: str):
    """Mare Nostrum: Yellow (the Romans) has a legion and a galley in Carthago; Red (the
    Germanic tribes) a galley in Carales."""
    g = new("mare-nostrum", 4)
    s = empty(g)
    for nation, homes in (
        ("romans", ("carthago", "roma")),
        ("germans", ("colonia", "carales")),
        ("greeks", ("athenae",)),
        ("phoenicians", ("gades",)),
    ):
        for h in homes:
            city(s, nation, h)
    units(s, "romans", "carthago", legions=1, galleys=1)
    units(s, "germans", "carales", galleys=1)
    techs(s, "romans", *tech)
    turn(s, "romans", pos=MOVERE - 1)
    play(g, "romans", ("rondel", "movere1"))
    return g, s


def _targets(g, nation: str) -> set[str]:
    return {a[1] for a in legal(g, nation) if a[0] == "region"}


def test_8_1_example_legion_crosses_red_borders_galley_blue_ones() -> None:
    g, _s = _carthago()
    assert set(legal(g, "romans")) == {("legion", "carthago"), ("galley", "carthago"), ("done",)}
    play(g, "romans", ("legion", "carthago"))
    assert _targets(g, "romans") == {"caesarea", "cirta", "tacape"}  # red and red+blue borders
    assert ("stop",) not in legal(g, "romans")  # a picked unit must move (undo takes it back)
    assert g.can_undo("romans")
    play(g, "romans", "undo")
    play(g, "romans", ("galley", "carthago"))
    assert _targets(g, "romans") == {"caesarea", "carales", "mare_africum", "syracus", "tacape"}


def test_8_1_example_strata_gives_legions_a_second_move() -> None:
    g, s = _carthago("strata")
    play(g, "romans", ("legion", "carthago"), ("region", "cirta"))
    assert s["flow"][-1]["picked"] is not None
    assert ("stop",) in legal(g, "romans")
    assert "caesarea" in _targets(g, "romans")
    play(g, "romans", ("region", "caesarea"))
    assert here(s, "romans", "caesarea") == (1, 0)
    # the galley still has its single move (no Navigatio)
    play(g, "romans", ("galley", "carthago"), ("region", "mare_africum"))
    assert s["flow"][-1]["picked"] is None
    assert ("galley", "mare_africum") not in legal(g, "romans")


def test_8_1_example_galley_to_carales_battle_if_yellow_asks() -> None:
    g, s = _carthago()
    play(g, "romans", ("galley", "carthago"), ("region", "carales"))
    assert s["flow"][-1]["s"] == "clash"
    assert set(legal(g, "romans")) == {("battle",), ("no_battle",)}
    play(g, "romans", "battle")
    assert here(s, "romans", "carales") == (0, 0)
    assert here(s, "germans", "carales") == (0, 0)
    assert s["supply"][n_of(s, "romans")][1] == RULEBOOK.galleys
    assert s["supply"][n_of(s, "germans")][1] == RULEBOOK.galleys


def test_8_1_example_galley_to_carales_battle_if_red_asks() -> None:
    g, s = _carthago()
    play(g, "romans", ("galley", "carthago"), ("region", "carales"), "no_battle")
    # now Red is asked: the defender's decision is its own role's action
    assert g.active_roles == ["germans"]
    with pytest.raises(WrongRole):
        play(g, "romans", "battle")
    play(g, "germans", "battle")
    assert here(s, "romans", "carales") == (0, 0)
    assert here(s, "germans", "carales") == (0, 0)
    assert g.active_roles == ["romans"]


def test_8_1_example_if_both_agree_the_galleys_coexist() -> None:
    g, s = _carthago()
    play(g, "romans", ("galley", "carthago"), ("region", "carales"), "no_battle")
    play(g, "germans", "no_battle")
    assert here(s, "romans", "carales") == (0, 1)
    assert here(s, "germans", "carales") == (0, 1)
    assert s["flow"][-1]["s"] == "move"
    # units standing together may still fight later in the action
    assert ("attack", "carales") in legal(g, "romans")


def test_8_1_legions_fight_only_legions() -> None:
    g, s = _carthago()
    units(s, "germans", "tacape", galleys=2)
    play(g, "romans", ("legion", "carthago"), ("region", "tacape"))
    assert s["flow"][-1]["s"] == "move"  # no battle: only galleys there


def _restart(g, s) -> None:
    """Begin the MOVERE action again after changing the units."""
    turn(s, "romans", pos=MOVERE - 1)
    play(g, "romans", ("rondel", "movere1"))


def test_8_1_battles_go_on_one_unit_each_while_a_side_asks() -> None:
    g, s = _carthago()
    units(s, "romans", "carthago", legions=1, galleys=3)
    units(s, "germans", "carales", galleys=3)
    _restart(g, s)
    play(g, "romans", ("galley", "carthago"), ("region", "carales"), "battle")
    # Yellow's only galley there is gone, so the battle ends
    assert here(s, "germans", "carales") == (0, 2)
    assert s["flow"][-1]["s"] == "move"
    play(g, "romans", ("galley", "carthago"), ("region", "carales"), "no_battle")
    play(g, "germans", "no_battle")
    play(g, "romans", ("galley", "carthago"), ("region", "carales"), "no_battle")
    play(g, "germans", "battle")
    assert here(s, "romans", "carales") == (0, 1) and here(s, "germans", "carales") == (0, 1)
    # both still there: Yellow is asked again, then Red
    assert g.active_roles == ["romans"]
    play(g, "romans", "no_battle")
    play(g, "germans", "battle")
    assert here(s, "romans", "carales") == (0, 0) and here(s, "germans", "carales") == (0, 0)
    assert s["flow"][-1]["s"] == "move"


def test_8_1_units_that_did_not_move_may_fight_hostile_units_in_their_region() -> None:
    g, s = _carthago()
    units(s, "germans", "carthago", legions=2)
    _restart(g, s)
    assert ("attack", "carthago") in legal(g, "romans")
    play(g, "romans", ("attack", "carthago"), "battle")
    assert here(s, "romans", "carthago") == (0, 1)
    assert here(s, "germans", "carthago") == (1, 0)
    assert ("attack", "carthago") not in legal(g, "romans")  # no yellow legion left there


def test_8_1_a_battle_takes_the_mover_unit_with_fewest_moves_left() -> None:
    g, s = _carthago("navigatio")
    units(s, "romans", "carthago", legions=1, galleys=2)
    units(s, "romans", "syracus", galleys=1)
    units(s, "germans", "syracus", galleys=1)
    _restart(g, s)
    # a galley from Carthago sails into Syracus (1 move left) where a yellow galley waits (2 left)
    play(g, "romans", ("galley", "carthago"), ("region", "syracus"), "battle")
    # the galley that had moved is the one lost; the one at rest keeps both moves
    assert here(s, "romans", "syracus") == (0, 1)
    mv = s["flow"][-1]["moves_left"]
    assert mv[str(2 * r_of(s, "syracus") + 1)] == [0, 1]
    assert mv[str(2 * r_of(s, "carthago") + 1)] == [0, 1]
    assert s["flow"][-1]["picked"] is None


def test_8_1_galleys_never_cross_land_only_borders() -> None:
    g, _s = _carthago()
    play(g, "romans", ("galley", "carthago"))
    assert "cirta" not in _targets(g, "romans")
    refused(g, "romans", ("region", "cirta"))


def _pella(yellow_techs: tuple[str, ...] = ()):
    """Orient, 4 nations. Red (the Persians) has Navigatio; two legions and a galley in
    Dyrrhachion, a galley in Sparta. Yellow (the Greeks) holds Pella with a temple and a galley in
    Athenae, and has more than two personages."""
    g = new("orient", 4)
    s = empty(g)
    city(s, "persians", "dyrrhachion")
    city(s, "persians", "sparta")
    city(s, "greeks", "pella", temple=True)
    city(s, "greeks", "byzantion", token="iron")
    city(s, "arabs", "saba")
    city(s, "phoenicians", "tyros")
    units(s, "persians", "dyrrhachion", legions=2, galleys=1)
    units(s, "persians", "sparta", galleys=1)
    units(s, "greeks", "athenae", galleys=1)
    give_personages(s, "greeks", 3)
    techs(s, "persians", "navigatio")
    techs(s, "greeks", *yellow_techs)
    turn(s, "persians", pos=MOVERE - 1)
    play(g, "persians", ("rondel", "movere1"))
    return g, s


def test_8_pella_example_movement_battle_and_conquest() -> None:
    g, s = _pella()
    red, yellow = n_of(s, "persians"), n_of(s, "greeks")
    # 1. both legions march from Dyrrhachion to Pella
    play(g, "persians", ("legion", "dyrrhachion"), ("region", "pella"))
    play(g, "persians", ("legion", "dyrrhachion"), ("region", "pella"))
    # the galley from Dyrrhachion sails through Sparta to Athenae and sinks the yellow galley
    play(g, "persians", ("galley", "dyrrhachion"), ("region", "sparta"), ("region", "athenae"), "battle")
    assert here(s, "greeks", "athenae") == (0, 0)
    # now the galley from Sparta sails freely to Pella through Athenae
    play(g, "persians", ("galley", "sparta"), ("region", "athenae"))
    assert s["flow"][-1]["s"] == "move"
    play(g, "persians", ("region", "pella"))
    assert here(s, "persians", "pella") == (2, 1)
    # 2. conquest: Pella's defence is 3 (a city with a temple): all three units go back
    play(g, "persians", "done")
    assert set(legal(g, "persians")) == {("region", "pella"), ("done",)}
    play(g, "persians", ("region", "pella"))
    pella = r_of(s, "pella")
    assert s["city"][pella] == red
    assert s["temple"][pella] == 0
    assert s["city_token"][pella] == 0  # the same resource (marble) on the conqueror's token
    assert here(s, "persians", "pella") == (0, 0)
    assert s["temples"] == RULEBOOK.temples  # the only temple went back to the bank
    assert s["ntemple"][yellow] == 0
    # the general comes at the end of the turn
    assert s["turn"] != red
    assert s["personages"][red][GENERALS] == 1


def test_8_pella_example_note_regnum_makes_the_defence_four() -> None:
    g, s = _pella(("regnum",))
    play(g, "persians", ("legion", "dyrrhachion"), ("region", "pella"))
    play(g, "persians", ("legion", "dyrrhachion"), ("region", "pella"))
    play(g, "persians", ("galley", "dyrrhachion"), ("region", "sparta"), ("region", "athenae"), "battle")
    play(g, "persians", ("galley", "sparta"), ("region", "athenae"), ("region", "pella"))
    play(g, "persians", "done")
    red = n_of(s, "persians")
    # nothing to conquer: the action ends and no general is won
    assert s["city"][r_of(s, "pella")] == n_of(s, "greeks")
    assert s["personages"][red][GENERALS] == 0


def test_8_pella_example_the_yellow_galley_would_have_blocked_the_sparta_galley() -> None:
    g, s = _pella()
    play(g, "persians", ("galley", "sparta"), ("region", "athenae"))
    assert s["flow"][-1]["s"] == "clash"
    play(g, "persians", "no_battle")
    play(g, "greeks", "battle")  # Yellow asks for the battle: both galleys are lost
    assert here(s, "persians", "athenae") == (0, 0)
    assert here(s, "greeks", "athenae") == (0, 0)
    assert s["flow"][-1]["picked"] is None
    assert ("galley", "athenae") not in legal(g, "persians")


def test_8_1_sparta_to_pella_by_sea_only_through_athenae() -> None:
    g, s = _pella()
    play(g, "persians", ("galley", "sparta"))
    first = _targets(g, "persians")
    assert "pella" not in first
    seconds = set()
    for step in first:
        r = r_of(s, step)
        b = BOARDS["orient"]
        if "pella" in {b.ids[y] for y in b.adj[1][r]}:
            seconds.add(step)
    assert seconds == {"athenae"}
