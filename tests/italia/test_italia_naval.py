"""§10.8 Naval combat."""

from __future__ import annotations

from italia_table import Dice, Table

from tavola.games.italia import combat, model, naval
from tavola.games.italia.flow import FLOW


def declare_and_fight(t: Table, mover: str) -> None:
    t.begin(mover)
    naval.start_declarations(t.S, t.st, t.n(mover))
    FLOW.advance(t.st, t.events)


def combat_phase(t: Table, mover: str) -> None:
    combat.start_combat(t.S, t.st, t.n(mover), "normal")
    FLOW.advance(t.st, t.events)


def test_10_8_naval_combat_is_optional(t1: Table) -> None:
    t1.put("mare_tyrrhenum", "romans", "fleet")
    t1.put("mare_tyrrhenum", "carthaginians", "fleet")
    declare_and_fight(t1, "romans")
    assert set(t1.legal()) == {("fight", t1.a("mare_tyrrhenum")), ("done",)}
    t1.act("done")
    assert t1.active() == [t1.role("carthaginians")]  # the defender may start it too
    t1.act("done")
    assert t1.st["naval"] == []


def test_10_8_fleets_hit_on_9_the_loser_chooses_the_fleet(t1: Table, dice: Dice) -> None:
    t1.put("mare_tyrrhenum", "romans", "fleet", 2)
    t1.board_fleet("mare_tyrrhenum", "romans", "legion", 1)
    t1.put("mare_tyrrhenum", "carthaginians", "fleet", 1)
    declare_and_fight(t1, "carthaginians")
    t1.act("fight", t1.a("mare_tyrrhenum"))  # nothing else to declare: the step ends
    dice.load(9, 1, 1)  # the Carthaginian hits; the Romans miss
    combat_phase(t1, "carthaginians")
    assert t1.step() == "nbattle" and t1.active() == [t1.role("romans")]
    empty = next(
        j for j, u in enumerate(t1.st["units"][t1.a("mare_tyrrhenum")]) if u[0] == t1.n("romans") and not u[5]
    )
    t1.act("fleet", empty)
    assert t1.cargo("mare_tyrrhenum", "romans")["legion"] == 1


def test_10_8_carried_units_sink_with_their_fleet_and_score(t1: Table, dice: Dice) -> None:
    t1.put("mare_tyrrhenum", "romans", "fleet", 1)
    t1.board_fleet("mare_tyrrhenum", "romans", "legion", 2)
    t1.put("mare_tyrrhenum", "carthaginians", "fleet", 1)
    declare_and_fight(t1, "carthaginians")
    t1.act("fight", t1.a("mare_tyrrhenum"))
    dice.load(10, 1)
    combat_phase(t1, "carthaginians")
    assert t1.units("mare_tyrrhenum", "romans") == {}
    assert t1.vp("carthaginians") == 0  # the Carthaginian card scores no Roman legions
    assert sum(1 for e in t1.events if e["msg"] == "it.lost") == 3


def test_10_8_carried_units_add_one_each_to_their_fleet(t1: Table, dice: Dice) -> None:
    t1.put("mare_tyrrhenum", "romans", "fleet", 1)
    t1.board_fleet("mare_tyrrhenum", "romans", "legion", 2)
    t1.put("mare_tyrrhenum", "carthaginians", "fleet", 1)
    fl = t1.st["units"][t1.a("mare_tyrrhenum")][0]
    assert naval.fleet_modifier(t1.S, t1.st, t1.a("mare_tyrrhenum"), t1.n("romans"), fl) == 2
    declare_and_fight(t1, "romans")
    t1.act("fight", t1.a("mare_tyrrhenum"))
    dice.load(7, 1)  # 7 + 2 = 9 hits
    combat_phase(t1, "romans")
    assert t1.units("mare_tyrrhenum", "carthaginians") == {}


def test_10_8_leaders_give_plus_two_to_every_friendly_fleet(t1: Table) -> None:
    t1.put("mare_tyrrhenum", "romans", "fleet", 2)
    fl1 = t1.st["units"][t1.a("mare_tyrrhenum")][0]
    model.board(t1.st, t1.a("mare_tyrrhenum"), fl1, [t1.n("romans"), "leader", 3, 0, 0, "fabius"])
    fl2 = t1.st["units"][t1.a("mare_tyrrhenum")][1]
    assert naval.fleet_modifier(t1.S, t1.st, t1.a("mare_tyrrhenum"), t1.n("romans"), fl2) == 2


def test_10_8_after_a_round_fleets_may_retreat_to_an_adjacent_sea(t1: Table, dice: Dice) -> None:
    t1.put("mare_tyrrhenum", "romans", "fleet", 1)
    t1.put("mare_tyrrhenum", "carthaginians", "fleet", 1)
    declare_and_fight(t1, "romans")
    t1.act("fight", t1.a("mare_tyrrhenum"))
    dice.load(1, 1)
    combat_phase(t1, "romans")
    assert t1.step() == "nretreat" and t1.active() == [t1.role("romans")]  # attacker first
    t1.act("done")
    assert t1.active() == [t1.role("carthaginians")]
    t1.act(
        "fleet",
        next(
            j for j, u in enumerate(t1.st["units"][t1.a("mare_tyrrhenum")]) if u[0] == t1.n("carthaginians")
        ),
    )
    t1.act("area", t1.a("mare_sardoum"))
    assert t1.units("mare_sardoum", "carthaginians")["fleet"] == 1


def test_10_8_1_several_nations_attack_the_mover_one_after_the_other(t1: Table) -> None:
    t1.put("mare_tyrrhenum", "romans", "fleet", 1)
    t1.put("mare_tyrrhenum", "carthaginians", "fleet", 2)
    t1.put("mare_tyrrhenum", "etruscans", "fleet", 1)
    declare_and_fight(t1, "romans")
    t1.act("done")
    # Each other nation decides for itself (in the order of play).
    assert t1.active() == [t1.role("etruscans")]
    t1.act("fight", t1.a("mare_tyrrhenum"))
    assert t1.active() == [t1.role("carthaginians")]
    t1.act("fight", t1.a("mare_tyrrhenum"))
    # The nation with most fleets fights first; they never attack each other.
    assert t1.st["naval"] == [
        [t1.a("mare_tyrrhenum"), t1.n("carthaginians")],
        [t1.a("mare_tyrrhenum"), t1.n("etruscans")],
    ]


def test_10_8_house_rule_carried_units_change_fleet_before_it_sinks(dice: Dice) -> None:
    t = Table("italia-i", options={"fleet_relocate": True})
    t.put("mare_tyrrhenum", "romans", "fleet", 2)
    t.board_fleet("mare_tyrrhenum", "romans", "legion", 1)
    t.put("mare_tyrrhenum", "carthaginians", "fleet", 1)
    loaded = t.st["units"][t.a("mare_tyrrhenum")][0]
    naval._sink(t.S, t.st, t.a("mare_tyrrhenum"), loaded, t.n("carthaginians"), t.events)
    assert t.cargo("mare_tyrrhenum", "romans")["legion"] == 1
