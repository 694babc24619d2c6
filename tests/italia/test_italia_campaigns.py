"""§12.3 Campaigns and reaction moves, with the Fabius example of the rulebook."""

from __future__ import annotations

from italia_table import HALT, Dice, Table, fabius_army, fabius_campaign

from tavola.games.italia import campaigns


def etruscans_around_etruria(t: Table) -> None:
    """Etruscan infantry in Etruria (one), Pisae (three) and Perusia (two), with land enough to
    stay clear of submission: who may join a battle in Etruria."""
    t.put("etruria", "etruscans", "infantry", 1)
    t.put("pisae", "etruscans", "infantry", 3)
    t.put("perusia", "etruscans", "infantry", 2)
    t.spread("etruscans", "liguria", "corsica")


def fabius_board() -> Table:
    t = Table("italia-i", round_=2)
    t.leader("roma", "romans", "fabius")
    t.put("roma", "romans", "legion", 3)
    t.put("roma", "romans", "consular", 1)
    t.put("perusia", "romans", "legion")
    t.put("picenum", "romans", "legion")
    t.put("etruria", "romans", "legion", 3)
    t.put("ravenna", "celts", "infantry", 2)
    t.put("pavia", "celts", "infantry", 2)
    t.put("verona", "celts", "infantry", 1)
    t.put("mediolanum", "celts", "infantry", 1)
    t.spread("celts", "tridentum", "venetia")  # enough land to stay clear of submission
    t.put("florentia", "etruscans", "infantry", 1)
    t.city("pisae", owner="etruscans")
    t.put("liguria", "etruscans", "infantry", 2)
    t.spread("etruscans", "corsica", "olbia", "carales")
    t.st["gold"][t.n("romans")] = 5
    return t


def test_12_3_fabius_campaign_example(dice: Dice) -> None:
    t = fabius_board()
    t.campaign("romans", "fabius")
    assert set(t.legal()) == {("campaign",), ("done",)}
    # First move: through Perusia and Picenum to Ravenna, picking up a legion in each.
    t.act("campaign")
    assert t.st["gold"][t.n("romans")] == 4
    t.march("roma", ["legion", "legion", "legion", "consular"], ["perusia"], leaders=("fabius",))
    # Perusia is a highland: the leader goes on.
    t.act("unit", "legion")
    t.go("picenum")
    t.act("unit", "legion")
    t.go("ravenna")
    t.act("done")
    assert t.units("ravenna", "romans") == {"fabius": 1, "legion": 5, "consular": 1}
    # Raids and blocks would be declared now; none.
    assert ("block", t.a("pavia")) in t.legal()
    t.act("done")
    # Reactions, in the order of play: the Celts first.
    assert t.step() == "react" and t.active() == [t.role("celts")]
    t.act("see")
    t.march("pavia", ["infantry", "infantry"], ["verona"])
    assert t.units("verona", "celts")["infantry"] == 3
    assert t.active() == [t.role("etruscans")]
    t.act("see")
    t.march("florentia", ["infantry"])
    assert not t.can("area", t.a("etruria"))  # a Roman area: no new combat
    t.go("pisae")
    assert t.units("pisae", "etruscans")["infantry"] == 1
    # Combat in Ravenna: the Romans aim at infantry (one type); the Celts choose their targets.
    t.act("target", "legion")
    dice.load(10, 10, 1, 1, 1, 1, 1, 1)  # two Roman hits; the Celts miss
    t.act("target", "legion")
    assert t.units("ravenna", "celts") == {}
    # Second move: one legion stays in Ravenna; through the empty Florentia to Etruria (three
    # more legions), overrun Pisae (a city with one infantry: one legion is enough), into Pavia.
    t.act("campaign")
    assert t.st["gold"][t.n("romans")] == 3
    t.march("ravenna", ["legion"] * 4 + ["consular"], ["florentia", "etruria"], leaders=("fabius",))
    for _ in range(3):
        t.act("unit", "legion")
    t.go("pisae")
    assert not t.can("area", t.a("pavia"))  # not overrun yet
    t.act("drop", "legion")
    t.go("pavia")  # legions with their leader: four areas
    t.act("done")
    assert t.units("pavia", "romans") == {"fabius": 1, "legion": 6, "consular": 1}
    assert t.units("ravenna", "romans") == {"legion": 1}
    assert t.units("pisae", "romans") == {"legion": 1}
    t.act("done")  # no raid, no block
    # The Celts move their infantry from Verona to Mediolanum.
    assert t.active() == [t.role("celts")]
    t.act("see")
    t.march("verona", ["infantry"], ["mediolanum"])
    assert t.units("mediolanum", "celts")["infantry"] == 2
    # The Etruscans have no unit in Pavia: they cannot join that battle.
    assert t.active() == [t.role("etruscans")]
    assert ("join",) not in t.legal()
    # Combat after the second move in the overrun Pisae (raids were not declared).
    dice.load(10, 1)
    t.act("pass")
    assert t.step() == "pillage" and t.st["flow"][-1]["a"] == t.a("pisae")


def test_12_3_2_reactions_around_ravenna(t1: Table) -> None:
    t1.leader("ravenna", "romans", "fabius")
    for a, n in (
        ("venetia", "illyrians"),
        ("verona", "celts"),
        ("pavia", "celts"),
        ("florentia", "etruscans"),
        ("picenum", "samnites"),
        ("perusia", "greeks"),
    ):
        t1.put(a, n, "infantry")
    t1.put("mare_hadriaticum", "carthaginians", "fleet")
    got = campaigns.reacting_nations(t1.S, t1.st, t1.n("romans"), t1.a("ravenna"))
    names = [t1.S.nkey[n] for n in got]
    # Order of play; the Greeks in Perusia are not next to Ravenna.
    assert names == ["celts", "etruscans", "samnites", "carthaginians", "illyrians"]


def test_12_3_2_1_join_the_battle_only_with_a_unit_already_there(t1: Table, dice: Dice) -> None:
    fabius_army(t1, legions=2, gold=2)
    etruscans_around_etruria(t1)
    fabius_campaign(t1, "etruria")
    t1.act("done")
    assert t1.active() == [t1.role("etruscans")]
    t1.act("join")
    assert t1.areas() == {t1.a("pisae"), t1.a("perusia")}
    t1.march("pisae", ["infantry"] * 3)
    dice.load(*([1] * 10))
    t1.act("done")  # no stacking limit for a reaction: five Etruscans in Etruria
    assert t1.units("etruria", "etruscans")["infantry"] == 4
    t1.act("done")
    assert t1.step() == "battle" or t1.step() == "retreat"


def test_12_3_3_no_join_against_a_raid(t1: Table) -> None:
    fabius_army(t1, legions=2, gold=2)
    t1.put("etruria", "etruscans", "infantry", 1)
    t1.city("etruria", owner="etruscans")
    t1.put("pisae", "etruscans", "infantry", 3)
    t1.spread("etruscans", "liguria", "corsica", "olbia")
    fabius_campaign(t1, "etruria")
    t1.act("raid", t1.a("etruria"))
    t1.act("done")
    assert t1.active() == [t1.role("etruscans")]
    assert ("join",) not in t1.legal() and ("see",) in t1.legal()


def test_12_3_2_2_move_and_see_one_area_no_new_combat(t1: Table, dice: Dice) -> None:
    fabius_army(t1, legions=2, gold=1)
    t1.put("etruria", "etruscans", "infantry", 1)
    t1.put("pisae", "etruscans", "infantry", 2)
    t1.put("perusia", "romans", "legion", 1)
    t1.spread("etruscans", "corsica", "olbia", "carales")
    fabius_campaign(t1, "etruria")
    t1.act("see")
    t1.march("pisae", ["infantry", "infantry"])
    # Liguria, Pavia, Florentia are empty; Etruria holds the Etruscans and the campaigners.
    assert t1.areas() == {
        t1.a("liguria"),
        t1.a("pavia"),
        t1.a("florentia"),
        t1.a("etruria"),
        t1.a("mare_ligusticum"),
    } - {t1.a("mare_ligusticum")}
    dice.load(1, 1, 1)
    t1.go("liguria")  # one area, never more
    assert t1.units("liguria", "etruscans")["infantry"] == 2
    # After the round the Romans may not retreat into Pisae, where the reaction started.
    assert t1.step() == "retreat" and t1.active() == [t1.role("romans")]
    t1.act("unit", "legion")
    dests = t1.areas()
    assert t1.a("pisae") not in dests and t1.a("roma") in dests


def test_12_3_2_2_clarification_leaving_the_leaders_area_for_where_the_army_came_from(t1: Table) -> None:
    fabius_army(t1, legions=2, gold=1)
    t1.put("etruria", "etruscans", "infantry", 2)
    t1.spread("etruscans", "corsica", "olbia", "carales")
    fabius_campaign(t1, "etruria")
    t1.act("see")
    t1.march("etruria", ["infantry", "infantry"])
    assert t1.can("area", t1.a("roma"))  # not a retreat: Roma, left by the army, is allowed
    t1.go("roma")
    assert t1.units("roma", "etruscans")["infantry"] == 2


def test_12_3_4_block_costs_a_gold_and_a_unit_and_freezes_an_area(t1: Table) -> None:
    fabius_army(t1, legions=3, gold=3)
    t1.put("etruria", "etruscans", "infantry", 1)
    t1.put("perusia", "etruscans", "infantry", 2)
    t1.spread("etruscans", "liguria", "corsica", "olbia")
    fabius_campaign(t1, "etruria")
    t1.act("block", t1.a("perusia"))
    assert t1.st["gold"][t1.n("romans")] == 1
    assert t1.units("etruria", "romans")["legion"] == 2  # the unit paid for the block
    assert t1.step() == "react"
    assert ("join",) not in t1.legal()  # the Etruscans next door are all in the blocked Perusia
    assert t1.vp("etruscans") == 0.5  # the blocked nation scores the removed legion


def test_12_3_4_not_the_same_area_twice_in_a_row(t1: Table) -> None:
    fabius_army(t1, legions=3, gold=5)
    t1.put("perusia", "greeks", "infantry", 2)
    t1.put("picenum", "greeks", "infantry", 1)
    fabius_campaign(t1, "umbria")
    assert t1.can("block", t1.a("perusia")) and t1.can("block", t1.a("picenum"))
    t1.act("block", t1.a("perusia"))
    t1.act("see")  # the Greeks react with their free unit in Picenum
    t1.march("picenum", ["infantry"], ["florentia"])
    t1.act("campaign")
    t1.walk("romans", "umbria", ["legion", "legion"], ["picenum"], leaders=("fabius",))
    assert t1.step() == "camp"
    assert t1.can("block", t1.a("florentia"))
    assert not t1.can("block", t1.a("perusia"))  # blocked in the previous move


def test_12_3_1_campaign_ends_when_the_gold_runs_out(t1: Table) -> None:
    fabius_army(t1, legions=1, gold=1)
    fabius_campaign(t1, "umbria")
    assert t1.step() == HALT  # no gold left: the campaign is over


def test_12_3_1_campaign_ends_when_the_leader_dies(t1: Table, dice: Dice) -> None:
    fabius_army(t1, legions=0, gold=5)
    t1.put("umbria", "greeks", "infantry", 2)
    fabius_campaign(t1, "umbria")  # Fabius alone
    t1.act("pass")  # the Greeks do not react; a lone leader meets enemy units and is removed
    assert "fabius" in t1.st["leaders_dead"]
    assert t1.step() == HALT
    assert t1.st["gold"][t1.n("romans")] == 4


def test_12_3_clarification_no_gold_without_the_leader(t1: Table) -> None:
    t1.st["round"] = 2
    t1.campaign("romans", "fabius", gold=6)
    assert t1.st["gold"][t1.n("romans")] == 0 and t1.step() == HALT


def test_12_3_1_units_do_not_move_without_their_leader(t1: Table) -> None:
    fabius_army(t1, legions=1, gold=2)
    t1.put("umbria", "romans", "legion", 1)
    fabius_campaign(t1)
    assert t1.areas() == {t1.a("roma")}
    t1.march("roma", ["legion"])
    assert not t1.areas()  # the legion alone cannot go


def test_12_3_1_no_stacking_limit_for_the_campaign_army(t1: Table) -> None:
    fabius_army(t1, legions=7, gold=1)
    t1.put("samnium", "greeks", "infantry", 1)
    fabius_campaign(t1, "samnium")
    assert t1.units("samnium", "romans")["legion"] == 7  # seven attackers in a highland


def test_12_3_1_the_campaign_may_not_end_in_a_subjects_area(t1: Table) -> None:
    fabius_army(t1, legions=1, gold=2)
    t1.put("neapolis", "samnites", "infantry", 1)
    t1.st["ruler"][t1.n("samnites")] = t1.n("romans")
    fabius_campaign(t1, "neapolis")
    t1.act("pass")  # the Samnites' reaction
    # It cannot stop here: another move is paid and begun at once.
    assert t1.step() == "move" and t1.st["gold"][t1.n("romans")] == 0


def test_12_3_exception_a_turn_starting_with_the_campaign(t1: Table) -> None:
    """The Cimbri (round 8) have no normal movement before the campaign."""
    from tavola.games.italia.sequence import _spec

    t1.st["round"] = 8
    spec = _spec(t1.S, t1.st, t1.n("cimbri"))
    assert spec.kind == "campaign" and spec.starts_with_campaign


def test_12_3_2_5_reacting_nations_ignore_the_stacking_limit_after_the_battle(t1: Table, dice: Dice) -> None:
    fabius_army(t1, legions=1, gold=1)
    etruscans_around_etruria(t1)
    fabius_campaign(t1, "etruria")
    t1.act("join")
    t1.march("pisae", ["infantry"] * 3)  # Pisae is empty now: back to the choice of an area
    t1.march("perusia", ["infantry"])
    dice.load(10, 10, 1, 1, 1, 1, 1)  # the legion kills one and dies; Fabius, alone, is removed
    t1.act("unit", "infantry")
    assert t1.step() == HALT
    assert t1.units("etruria", "etruscans")["infantry"] == 5  # over 3, and nothing is removed


def test_12_3_clarification_naval_battles_in_every_campaign_combat(t1: Table) -> None:
    fabius_army(t1, legions=1, gold=1)
    t1.put("mare_tyrrhenum", "romans", "fleet", 1)
    t1.put("mare_tyrrhenum", "carthaginians", "fleet", 1)
    fabius_campaign(t1, "umbria")
    assert t1.step() == "ndecl"
    assert t1.can("fight", t1.a("mare_tyrrhenum"))


def test_12_3_1_fleets_carry_two_units_in_every_campaign_move(t1: Table) -> None:
    fabius_army(t1, legions=4, gold=3)
    t1.put("mare_tyrrhenum", "romans", "fleet", 1)
    fabius_campaign(t1)
    t1.march("roma", ["legion", "legion"], ["mare_tyrrhenum", "neapolis"], leaders=("fabius",))
    fl = next(u for u in t1.st["units"][t1.a("mare_tyrrhenum")] if u[1] == "fleet")
    assert fl[4] == 2  # the fleet has carried its two units for this move
    assert t1.step() == "camp"  # the move ended by itself (nothing to declare, nobody reacts)
    t1.act("campaign")
    assert fl[4] == 0  # a new movement phase: room for two more (back and forth, §12.3.1)
