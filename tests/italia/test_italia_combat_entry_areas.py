"""§10.0 clarification and FAQ: units in entry areas, and the choice of reinforcements placed
in an entry area their nation treats as normal.

No two nations of the cards treat the same entry area as normal, so the data never brings
the FAQ's case about; these tests build it: the Vandals are given the Berbers' card rule for
Aures (the Berbers hold Aures from the set-up, the Vandals arrive there in round 1)."""

from __future__ import annotations

import pytest
from italia_table import Dice, Table

from tavola.games.italia import combat, model
from tavola.games.italia.flow import FLOW


@pytest.fixture
def aures(t2: Table, monkeypatch: pytest.MonkeyPatch) -> Table:
    """Italia II, round 1: two Berber infantry in Aures, the Vandals treating Aures as normal
    too, and their round-1 reinforcements (Geiserich and ten infantry) placed there."""
    S = t2.S
    v, a = t2.n("vandals"), t2.a("aures")
    monkeypatch.setattr(S, "entry_ok", tuple(ok | {a} if i == v else ok for i, ok in enumerate(S.entry_ok)))
    monkeypatch.setattr(
        S, "entry_pass", tuple(ok | {a} if i == v else ok for i, ok in enumerate(S.entry_pass))
    )
    t2.put("aures", "berbers", "infantry", 2)
    t2.spread("berbers", "numidia", "mauretania")
    t2.push("reinf", nation=v, i=0, phase="ask")  # the card's line: all of it goes to Aures, no choice
    assert t2.units("aures", "vandals") == {"geiserich": 1, "infantry": 10}
    return t2


def test_faq_10_0_nations_that_treat_an_entry_area_as_normal_see_each_other(aures: Table) -> None:
    from tavola.games.italia.movement import hostile

    S, st = aures.S, aures.st
    a = aures.a("aures")
    assert hostile(S, st, a, aures.n("vandals")) == [aures.n("berbers")]
    assert hostile(S, st, a, aures.n("berbers")) == [aures.n("vandals")]


def test_faq_10_0_reinforcements_may_leave_the_entry_area_without_fighting(aures: Table) -> None:
    t = aures
    # Another nation's turn ends first: the reinforcements keep their choice (round-start
    # reinforcements, §13.3 clarification, wait for their own movement phase).
    model.clear_turn_flags(t.st, t.n("berbers"))
    t.move_phase("vandals")
    # Ten infantry against two defenders would overrun Aures, so the whole army moves as one
    # group: standing with no unit left behind, it is not an overrun, and only the FAQ lets it go.
    t.act("area", t.a("aures"))
    t.act("leader", "geiserich")
    for _ in range(10):
        t.act("unit", "infantry")
    assert t.can("area", t.a("byzacena"))
    t.act("area", t.a("byzacena"))
    t.act("done")
    assert t.units("aures", "vandals") == {}
    assert t.units("byzacena", "vandals") == {"geiserich": 1, "infantry": 10}
    combat.start_combat(t.S, t.st, t.n("vandals"), "normal")
    FLOW.advance(t.st, t.events)
    assert not [e for e in t.events if e["msg"] == "it.battle"]
    assert t.units("aures", "berbers") == {"infantry": 2}


def test_faq_10_0_reinforcements_that_stay_fight_in_the_other_nations_combat_phase(
    aures: Table, dice: Dice
) -> None:
    t = aures
    t.begin("vandals")
    combat.start_combat(t.S, t.st, t.n("vandals"), "normal")
    FLOW.advance(t.st, t.events)
    assert not [e for e in t.events if e["msg"] == "it.battle"]  # not in their own turn
    model.clear_turn_flags(t.st, t.n("vandals"))  # the Vandal turn ends
    t.begin("berbers")
    dice.load(*[1] * 12)
    combat.start_combat(t.S, t.st, t.n("berbers"), "normal")
    FLOW.advance(t.st, t.events)
    battles = [e["args"] for e in t.events if e["msg"] == "it.battle"]
    assert battles == [{"area": t.a("aures"), "attacker": "berbers", "defender": "vandals"}]


def test_faq_10_0_in_every_other_case_the_area_is_normal(aures: Table) -> None:
    t = aures
    # A unit that moves in treats Aures as normal: it must stop there (§9.0), and then Aures is
    # fought over in the Vandal combat phase, the reinforcements that stayed included (so only
    # two of them stay: with Geiserich and the newcomer that is the attack limit, §8.3).
    a, v = t.a("aures"), t.n("vandals")
    for u in [u for u in t.st["units"][a] if u[0] == v and u[1] == "infantry"][2:]:
        model.remove(t.st, a, u)
    t.put("byzacena", "vandals", "infantry", 1)
    t.move_phase("vandals")
    t.walk("vandals", "byzacena", ["infantry"], ["aures"])
    assert t.units("aures", "vandals") == {"geiserich": 1, "infantry": 3}
    t.act("area", t.a("aures"))
    t.act("leader", "geiserich")
    for _ in range(2):
        t.act("unit", "infantry")
    assert not t.can("unit", "infantry")  # the newcomer has stopped
    assert t.can("area", t.a("byzacena"))  # the reinforcements could still go ...
    t.act("done")  # ... but stay
    t.act("done")
    assert combat.battles(t.S, t.st, t.n("vandals")) == [(t.a("aures"), t.n("berbers"))]


def test_clarification_10_0_others_in_an_entry_area_are_invisible(t2: Table) -> None:
    # The cards as printed: the Vandals do not treat Aures as normal, so they and the Berbers
    # ignore each other there, and the Vandals must leave by the end of their movement (§9.2).
    t2.put("aures", "berbers", "infantry", 2)
    t2.put("aures", "vandals", "infantry", 3)
    t2.begin("vandals")
    assert combat.battles(t2.S, t2.st, t2.n("vandals")) == []
    assert combat.battles(t2.S, t2.st, t2.n("berbers")) == []
