"""§12.3 Campaigns and reaction moves, with the Fabius example of the rulebook."""

from __future__ import annotations

from italia_table import Dice, Table

from tavola.games.italia import campaigns, engine


def campaign(t: Table, nation: str, leader: str, gold: int = 0) -> None:
    t.begin(nation)
    campaigns.start_campaign(t.S, t.st, t.n(nation), leader, gold)
    engine.advance(t.S, t.st, t.events)


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
    campaign(t, "romans", "fabius")
    assert set(t.legal()) == {("campaign",), ("done",)}
    # First move: through Perusia and Picenum to Ravenna, picking up a legion in each.
    t.act("campaign")
    assert t.st["gold"][t.n("romans")] == 4
    t.act("area", t.a("roma"))
    t.act("leader", "fabius")
    for k in ("legion", "legion", "legion", "consular"):
        t.act("unit", k)
    t.act("area", t.a("perusia"))  # a highland: the leader goes on
    t.act("unit", "legion")
    t.act("area", t.a("picenum"))
    t.act("unit", "legion")
    t.act("area", t.a("ravenna"))
    t.act("done")
    assert t.units("ravenna", "romans") == {"fabius": 1, "legion": 5, "consular": 1}
    # Raids and blocks would be declared now; none.
    assert ("block", t.a("pavia")) in t.legal()
    t.act("done")
    # Reactions, in the order of play: the Celts first.
    assert t.step() == "react" and t.active() == [t.role("celts")]
    t.act("see")
    t.act("area", t.a("pavia"))
    t.act("unit", "infantry")
    t.act("unit", "infantry")
    t.act("area", t.a("verona"))
    assert t.units("verona", "celts")["infantry"] == 3
    assert t.active() == [t.role("etruscans")]
    t.act("see")
    t.act("area", t.a("florentia"))
    t.act("unit", "infantry")
    assert not t.can("area", t.a("etruria"))  # a Roman area: no new combat
    t.act("area", t.a("pisae"))
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
    t.act("area", t.a("ravenna"))
    t.act("leader", "fabius")
    for k in ("legion", "legion", "legion", "legion", "consular"):
        t.act("unit", k)
    t.act("area", t.a("florentia"))
    t.act("area", t.a("etruria"))
    for _ in range(3):
        t.act("unit", "legion")
    t.act("area", t.a("pisae"))
    assert not t.can("area", t.a("pavia"))  # not overrun yet
    t.act("drop", "legion")
    t.act("area", t.a("pavia"))  # legions with their leader: four areas
    t.act("done")
    assert t.units("pavia", "romans") == {"fabius": 1, "legion": 6, "consular": 1}
    assert t.units("ravenna", "romans") == {"legion": 1}
    assert t.units("pisae", "romans") == {"legion": 1}
    t.act("done")  # no raid, no block
    # The Celts move their infantry from Verona to Mediolanum.
    assert t.active() == [t.role("celts")]
    t.act("see")
    t.act("area", t.a("verona"))
    t.act("unit", "infantry")
    t.act("area", t.a("mediolanum"))
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
    for a, n in (("venetia", "illyrians"), ("verona", "celts"), ("pavia", "celts"), ("florentia", "etruscans"),
                 ("picenum", "samnites"), ("perusia", "greeks")):
        t1.put(a, n, "infantry")
    t1.put("mare_hadriaticum", "carthaginians", "fleet")
    got = campaigns.reacting_nations(t1.S, t1.st, t1.n("romans"), t1.a("ravenna"))
    names = [t1.S.nkey[n] for n in got]
    # Order of play; the Greeks in Perusia are not next to Ravenna.
    assert names == ["celts", "etruscans", "samnites", "carthaginians", "illyrians"]


def test_12_3_2_1_join_the_battle_only_with_a_unit_already_there(dice: Dice) -> None:
    t = Table("italia-i", round_=2)
    t.leader("roma", "romans", "fabius")
    t.put("roma", "romans", "legion", 2)
    t.put("etruria", "etruscans", "infantry", 1)
    t.put("pisae", "etruscans", "infantry", 3)
    t.put("perusia", "etruscans", "infantry", 2)
    t.spread("etruscans", "liguria", "corsica")
    t.st["gold"][t.n("romans")] = 2
    campaign(t, "romans", "fabius")
    t.act("campaign")
    t.walk("romans", "roma", ["legion", "legion"], ["etruria"], leaders=("fabius",))
    t.act("done")
    assert t.active() == [t.role("etruscans")]
    t.act("join")
    sources = {x[1] for x in t.legal() if x[0] == "area"}
    assert sources == {t.a("pisae"), t.a("perusia")}
    t.act("area", t.a("pisae"))
    t.act("unit", "infantry")
    t.act("unit", "infantry")
    t.act("unit", "infantry")
    dice.load(*([1] * 10))
    t.act("done")  # no stacking limit for a reaction: five Etruscans in Etruria
    assert t.units("etruria", "etruscans")["infantry"] == 4
    t.act("done")
    assert t.step() == "battle" or t.step() == "retreat"


def test_12_3_3_no_join_against_a_raid(t1: Table) -> None:
    t1.st["round"] = 2
    t1.leader("roma", "romans", "fabius")
    t1.put("roma", "romans", "legion", 2)
    t1.put("etruria", "etruscans", "infantry", 1)
    t1.city("etruria", owner="etruscans")
    t1.put("pisae", "etruscans", "infantry", 3)
    t1.spread("etruscans", "liguria", "corsica", "olbia")
    t1.st["gold"][t1.n("romans")] = 2
    campaign(t1, "romans", "fabius")
    t1.act("campaign")
    t1.walk("romans", "roma", ["legion", "legion"], ["etruria"], leaders=("fabius",))
    t1.act("raid", t1.a("etruria"))
    t1.act("done")
    assert t1.active() == [t1.role("etruscans")]
    assert ("join",) not in t1.legal() and ("see",) in t1.legal()


def test_12_3_2_2_move_and_see_one_area_no_new_combat(t1: Table, dice: Dice) -> None:
    t1.st["round"] = 2
    t1.leader("roma", "romans", "fabius")
    t1.put("roma", "romans", "legion", 2)
    t1.put("etruria", "etruscans", "infantry", 1)
    t1.put("pisae", "etruscans", "infantry", 2)
    t1.put("perusia", "romans", "legion", 1)
    t1.spread("etruscans", "corsica", "olbia", "carales")
    t1.st["gold"][t1.n("romans")] = 1
    campaign(t1, "romans", "fabius")
    t1.act("campaign")
    t1.walk("romans", "roma", ["legion", "legion"], ["etruria"], leaders=("fabius",))
    t1.act("see")
    t1.act("area", t1.a("pisae"))
    t1.act("unit", "infantry")
    t1.act("unit", "infantry")
    dests = {x[1] for x in t1.legal() if x[0] == "area"}
    # Liguria, Pavia, Florentia are empty; Etruria holds the Etruscans and the campaigners.
    assert dests == {t1.a("liguria"), t1.a("pavia"), t1.a("florentia"), t1.a("etruria"), t1.a("mare_ligusticum")} - {
        t1.a("mare_ligusticum")
    }
    dice.load(1, 1, 1)
    t1.act("area", t1.a("liguria"))  # one area, never more
    assert t1.units("liguria", "etruscans")["infantry"] == 2
    # After the round the Romans may not retreat into Pisae, where the reaction started.
    assert t1.step() == "retreat" and t1.active() == [t1.role("romans")]
    t1.act("unit", "legion")
    dests = {x[1] for x in t1.legal() if x[0] == "area"}
    assert t1.a("pisae") not in dests and t1.a("roma") in dests


def test_12_3_2_2_clarification_leaving_the_leaders_area_for_where_the_army_came_from(t1: Table) -> None:
    t1.st["round"] = 2
    t1.leader("roma", "romans", "fabius")
    t1.put("roma", "romans", "legion", 2)
    t1.put("etruria", "etruscans", "infantry", 2)
    t1.spread("etruscans", "corsica", "olbia", "carales")
    t1.st["gold"][t1.n("romans")] = 1
    campaign(t1, "romans", "fabius")
    t1.act("campaign")
    t1.walk("romans", "roma", ["legion", "legion"], ["etruria"], leaders=("fabius",))
    t1.act("see")
    t1.act("area", t1.a("etruria"))
    t1.act("unit", "infantry")
    t1.act("unit", "infantry")
    assert t1.can("area", t1.a("roma"))  # not a retreat: Roma, left by the army, is allowed
    t1.act("area", t1.a("roma"))
    assert t1.units("roma", "etruscans")["infantry"] == 2


def test_12_3_4_block_costs_a_gold_and_a_unit_and_freezes_an_area(t1: Table) -> None:
    t1.st["round"] = 2
    t1.leader("roma", "romans", "fabius")
    t1.put("roma", "romans", "legion", 3)
    t1.put("etruria", "etruscans", "infantry", 1)
    t1.put("perusia", "etruscans", "infantry", 2)
    t1.spread("etruscans", "liguria", "corsica", "olbia")
    t1.st["gold"][t1.n("romans")] = 3
    campaign(t1, "romans", "fabius")
    t1.act("campaign")
    t1.walk("romans", "roma", ["legion", "legion", "legion"], ["etruria"], leaders=("fabius",))
    t1.act("block", t1.a("perusia"))
    assert t1.st["gold"][t1.n("romans")] == 1
    assert t1.units("etruria", "romans")["legion"] == 2  # the unit paid for the block
    assert t1.step() == "react"
    assert ("join",) not in t1.legal()  # the Etruscans next door are all in the blocked Perusia
    assert t1.vp("etruscans") == 0.5  # the blocked nation scores the removed legion


def test_12_3_4_not_the_same_area_twice_in_a_row(t1: Table) -> None:
    t1.st["round"] = 2
    t1.leader("roma", "romans", "fabius")
    t1.put("roma", "romans", "legion", 3)
    t1.put("perusia", "greeks", "infantry", 2)
    t1.put("picenum", "greeks", "infantry", 1)
    t1.st["gold"][t1.n("romans")] = 5
    campaign(t1, "romans", "fabius")
    t1.act("campaign")
    t1.walk("romans", "roma", ["legion", "legion", "legion"], ["umbria"], leaders=("fabius",))
    assert t1.can("block", t1.a("perusia")) and t1.can("block", t1.a("picenum"))
    t1.act("block", t1.a("perusia"))
    t1.act("see")  # the Greeks react with their free unit in Picenum
    t1.act("area", t1.a("picenum"))
    t1.act("unit", "infantry")
    t1.act("area", t1.a("florentia"))
    t1.act("campaign")
    t1.walk("romans", "umbria", ["legion", "legion"], ["picenum"], leaders=("fabius",))
    assert t1.step() == "camp"
    assert t1.can("block", t1.a("florentia"))
    assert not t1.can("block", t1.a("perusia"))  # blocked in the previous move


def test_12_3_1_campaign_ends_when_the_gold_runs_out(t1: Table) -> None:
    t1.st["round"] = 2
    t1.leader("roma", "romans", "fabius")
    t1.put("roma", "romans", "legion", 1)
    t1.st["gold"][t1.n("romans")] = 1
    campaign(t1, "romans", "fabius")
    t1.act("campaign")
    t1.walk("romans", "roma", ["legion"], ["umbria"], leaders=("fabius",))
    assert t1.step() == "halt"  # no gold left: the campaign is over


def test_12_3_1_campaign_ends_when_the_leader_dies(t1: Table, dice: Dice) -> None:
    t1.st["round"] = 2
    t1.leader("roma", "romans", "fabius")
    t1.put("umbria", "greeks", "infantry", 2)
    t1.st["gold"][t1.n("romans")] = 5
    campaign(t1, "romans", "fabius")
    t1.act("campaign")
    t1.walk("romans", "roma", [], ["umbria"], leaders=("fabius",))
    t1.act("pass")  # the Greeks do not react; a lone leader meets enemy units and is removed
    assert "fabius" in t1.st["ldead"]
    assert t1.step() == "halt"
    assert t1.st["gold"][t1.n("romans")] == 4


def test_12_3_clarification_no_gold_without_the_leader(t1: Table) -> None:
    t1.st["round"] = 2
    campaign(t1, "romans", "fabius", gold=6)
    assert t1.st["gold"][t1.n("romans")] == 0 and t1.step() == "halt"


def test_12_3_1_units_do_not_move_without_their_leader(t1: Table) -> None:
    t1.st["round"] = 2
    t1.leader("roma", "romans", "fabius")
    t1.put("roma", "romans", "legion", 1)
    t1.put("umbria", "romans", "legion", 1)
    t1.st["gold"][t1.n("romans")] = 2
    campaign(t1, "romans", "fabius")
    t1.act("campaign")
    assert {x[1] for x in t1.legal() if x[0] == "area"} == {t1.a("roma")}
    t1.act("area", t1.a("roma"))
    t1.act("unit", "legion")
    assert not any(x[0] == "area" for x in t1.legal())  # the legion alone cannot go


def test_12_3_1_no_stacking_limit_for_the_campaign_army(t1: Table) -> None:
    t1.st["round"] = 2
    t1.leader("roma", "romans", "fabius")
    t1.put("roma", "romans", "legion", 7)
    t1.put("samnium", "greeks", "infantry", 1)
    t1.st["gold"][t1.n("romans")] = 1
    campaign(t1, "romans", "fabius")
    t1.act("campaign")
    t1.walk("romans", "roma", ["legion"] * 7, ["samnium"], leaders=("fabius",))
    assert t1.units("samnium", "romans")["legion"] == 7  # seven attackers in a highland


def test_12_3_1_the_campaign_may_not_end_in_a_subjects_area(t1: Table) -> None:
    t1.st["round"] = 2
    t1.leader("roma", "romans", "fabius")
    t1.put("roma", "romans", "legion", 1)
    t1.put("neapolis", "samnites", "infantry", 1)
    t1.st["ruler"][t1.n("samnites")] = t1.n("romans")
    t1.st["gold"][t1.n("romans")] = 2
    campaign(t1, "romans", "fabius")
    t1.act("campaign")
    t1.walk("romans", "roma", ["legion"], ["neapolis"], leaders=("fabius",))
    t1.act("pass")  # the Samnites' reaction
    # It cannot stop here: another move is paid and begun at once.
    assert t1.step() == "move" and t1.st["gold"][t1.n("romans")] == 0


def test_12_3_exception_a_turn_starting_with_the_campaign(t1: Table) -> None:
    """The Cimbri (round 8) have no normal movement before the campaign."""
    from tavola.games.italia.sequence import _spec

    t1.st["round"] = 8
    spec = _spec(t1.S, t1.st, t1.n("cimbri"))
    assert spec.kind == "campaign" and spec.starts_with_campaign


def test_12_3_2_5_reacting_nations_ignore_the_stacking_limit_after_the_battle(dice: Dice) -> None:
    t = Table("italia-i", round_=2)
    t.leader("roma", "romans", "fabius")
    t.put("roma", "romans", "legion", 1)
    t.put("etruria", "etruscans", "infantry", 1)
    t.put("pisae", "etruscans", "infantry", 3)
    t.put("perusia", "etruscans", "infantry", 2)
    t.spread("etruscans", "liguria", "corsica")
    t.st["gold"][t.n("romans")] = 1
    campaign(t, "romans", "fabius")
    t.act("campaign")
    t.walk("romans", "roma", ["legion"], ["etruria"], leaders=("fabius",))
    t.act("join")
    t.act("area", t.a("pisae"))
    for _ in range(3):
        t.act("unit", "infantry")  # Pisae is empty now: back to the choice of an area
    t.act("area", t.a("perusia"))
    t.act("unit", "infantry")
    dice.load(10, 10, 1, 1, 1, 1, 1)  # the legion kills one and dies; Fabius, alone, is removed
    t.act("unit", "infantry")
    assert t.step() == "halt"
    assert t.units("etruria", "etruscans")["infantry"] == 5  # over 3, and nothing is removed


def test_12_3_clarification_naval_battles_in_every_campaign_combat(t1: Table) -> None:
    t1.st["round"] = 2
    t1.leader("roma", "romans", "fabius")
    t1.put("roma", "romans", "legion", 1)
    t1.put("mare_tyrrhenum", "romans", "fleet", 1)
    t1.put("mare_tyrrhenum", "carthaginians", "fleet", 1)
    t1.st["gold"][t1.n("romans")] = 1
    campaign(t1, "romans", "fabius")
    t1.act("campaign")
    t1.walk("romans", "roma", ["legion"], ["umbria"], leaders=("fabius",))
    assert t1.step() == "ndecl"
    assert t1.can("fight", t1.a("mare_tyrrhenum"))


def test_12_3_1_fleets_carry_two_units_in_every_campaign_move(t1: Table) -> None:
    t1.st["round"] = 2
    t1.leader("roma", "romans", "fabius")
    t1.put("roma", "romans", "legion", 4)
    t1.put("mare_tyrrhenum", "romans", "fleet", 1)
    t1.st["gold"][t1.n("romans")] = 3
    campaign(t1, "romans", "fabius")
    t1.act("campaign")
    t1.act("area", t1.a("roma"))
    t1.act("leader", "fabius")
    t1.act("unit", "legion")
    t1.act("unit", "legion")
    t1.act("area", t1.a("mare_tyrrhenum"))
    t1.act("area", t1.a("neapolis"))
    fl = next(u for u in t1.st["u"][t1.a("mare_tyrrhenum")] if u[1] == "fleet")
    assert fl[4] == 2  # the fleet has carried its two units for this move
    assert t1.step() == "camp"  # the move ended by itself (nothing to declare, nobody reacts)
    t1.act("campaign")
    assert fl[4] == 0  # a new movement phase: room for two more (back and forth, §12.3.1)
