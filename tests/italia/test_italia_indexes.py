"""The running indexes of the board (``occupied``, ``units_by_kind``, ``leader_area``, see
``model.put``) stand for whole-board scans: they must always say what a scan of the board
says. The flow audits them after every step of every test (``Flow.audit``), the fuzzer after
every action (``Rules.check``); these tests show that the audit bites."""

from __future__ import annotations

import random

import pytest
from italia_table import Table

from tavola.core.rules import clone
from tavola.games.italia import RULES_I, RULES_II, model
from tavola.games.italia.flow import FLOW
from tavola.games.italia.model import INDEXES, index_problems, scan_index


@pytest.mark.parametrize("rules", [RULES_I, RULES_II], ids=["italia-i", "italia-ii"])
def test_the_indexes_say_what_a_scan_of_the_board_says_through_random_games(rules) -> None:
    pick = random.Random(5)
    st = rules.setup("standard", rules.players, {}, 11)
    steps = 0
    while rules.result(st) is None and steps < 2500:
        role = pick.choice(rules.active_roles(st))
        legal = rules.legal_actions(st, role)
        rules.apply(st, role, pick.choice(legal))
        assert index_problems(rules.S, st) == []
        steps += 1
    copy = clone(st)  # plain data: a clone carries its indexes along
    assert {k: copy[k] for k in INDEXES} == scan_index(rules.S, st)


def test_a_unit_put_on_the_board_by_hand_is_caught_by_the_audit(t1: Table) -> None:
    t1.put("roma", "romans", "legion", 2)
    t1.leader("roma", "romans", "fabius")
    assert index_problems(t1.S, t1.st) == []
    assert model.find_leader(t1.st, "fabius")[0] == t1.a("roma")
    t1.st["units"][t1.a("etruria")].append(model.new_unit(t1.S, t1.n("romans"), "infantry"))
    assert index_problems(t1.S, t1.st)  # occupied and units_by_kind both disagree
    with pytest.raises(RuntimeError, match="stale state"):
        t1.move_phase("romans")  # every advance is audited in the tests
    model.reindex(t1.S, t1.st)
    assert index_problems(t1.S, t1.st) == []
    assert model.controlled(t1.S, t1.st, t1.n("romans")) == sorted([t1.a("roma"), t1.a("etruria")])


def test_9_6_cargo_counts_where_its_fleet_is_and_moves_with_it(t1: Table) -> None:
    t1.put("mare_tyrrhenum", "carthaginians", "fleet")
    t1.board_fleet("mare_tyrrhenum", "carthaginians", "infantry", 2)
    c = t1.n("carthaginians")
    assert t1.st["occupied"][c] == [t1.a("mare_tyrrhenum")]
    assert model.counts(t1.st, c) == {"fleet": 1, "infantry": 2}
    fleet = t1.st["units"][t1.a("mare_tyrrhenum")][0]
    model.remove(t1.st, t1.a("mare_tyrrhenum"), fleet)  # §10.8: the cargo goes down with it
    assert t1.st["occupied"][c] == [] and model.counts(t1.st, c) == {}
    assert index_problems(t1.S, t1.st) == []


def test_the_legacy_layouts_are_the_state_without_its_indexes() -> None:
    st = RULES_II.setup("standard", 4, {}, 3)
    assert set(INDEXES) <= set(st)
    assert not set(INDEXES) & set(RULES_II.legacy_state(st, 2))
    assert not set(INDEXES) & set(RULES_II.legacy_state(st, 1))
    FLOW.forget()


@pytest.mark.parametrize("version", [1, 2, 3])
def test_a_state_written_under_an_older_layout_upgrades_to_today_s(version: int) -> None:
    """A saved state of layouts 1 to 3 (older names, no indexes) comes back as today's state:
    the names of ``model.LAYOUT_1`` and ``model.LAYOUT_3``, the indexes rebuilt from the board."""
    pick = random.Random(version)
    st = RULES_II.setup("standard", 4, {}, 21)
    for _ in range(400):
        role = pick.choice(RULES_II.active_roles(st))
        RULES_II.apply(st, role, pick.choice(RULES_II.legal_actions(st, role)))
    old = RULES_II.legacy_state(clone(st), version)
    assert "u" in old and "units" not in old and "ph" in old["flow"][0]
    assert model.upgrade(RULES_II.S, old, version) == st
    FLOW.forget()
