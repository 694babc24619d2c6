"""The audit's records (``cases/``) as tests: the engine refuses the action the book forbids,
or reaches a state the book allows (see ``cases/README.md``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tavola.core.checksums import BY_FORMAT
from tavola.core.registry import get_rules
from tavola.core.rules import Rules, clone
from tavola.games.italia.const import CONSULAR, HIT, KIND, LAND_KINDS, LEADER, NAT
from tavola.games.italia.model import board, upgrade
from tavola.games.italia.movement import hostile
from tavola.games.italia.scenario import Static, static
from tavola.games.italia.stacking import attack_limit

CASES = Path(__file__).parent / "cases"


def record(name: str) -> dict[str, Any]:
    return json.loads((CASES / f"{name}.json").read_text())


def replay_until_refused(rec: dict[str, Any]) -> tuple[Rules, dict[str, Any], int]:
    """Replay a record from its seed; stop at the first action the engine no longer lists."""
    R = get_rules(rec["game"])
    st = R.setup(rec["scenario"], rec["players"], rec["options"], rec["seed"])
    for i, (role, *action) in enumerate(rec["actions"]):
        if tuple(action) not in R.legal_actions(st, role):
            return R, st, i
        R.apply(st, role, tuple(action))
    return R, st, len(rec["actions"])


def snapshot(name: str, k: int) -> tuple[Rules, Static, dict[str, Any], dict[str, Any]]:
    """The record's state before action ``k`` (checked against the record's own checksum, on
    the layout of the state the record was written under)."""
    rec = record(name)
    st = json.loads((CASES / "snapshots" / f"{name}-{k}.json").read_text())
    R = get_rules(rec["game"])
    written = BY_FORMAT[rec.get("format", 1)]  # the checksum of the record's own format
    assert written(R.legacy_state(st, rec.get("state_version", 1))) == rec["checksums"][k - 1]
    st = upgrade(static(rec["game"]), st, 2)  # the snapshots were written under layout 2
    return R, static(rec["game"]), st, rec


def _attack_limit_at(S: Static, st: dict[str, Any], a: int, n: int) -> int:
    lead = any(u[NAT] == n and u[KIND] == LEADER for u in st["units"][a])
    f = next(x for x in reversed(st["flow"]) if x["s"] == "move")
    return attack_limit(S, st, a, n, leader=lead, major=bool(f.get("major")))


@pytest.mark.parametrize(
    ("name", "refused", "area"),
    [("attack-limit-numidia", 83, "numidia"), ("overrun-tripolitania", 64, "tripolitania")],
)
def test_8_3_attack_limit_holds_in_every_attacked_area_overruns_included(
    name: str, refused: int, area: str
) -> None:
    """§8.3, §9.3 example: the group that would carry the attackers over the limit may not
    enter (an overrun area is still an attacked area); combat never starts over the limit."""
    rec = record(name)
    R, st, i = replay_until_refused(rec)
    S = static(rec["game"])
    assert i == refused
    role, *action = rec["actions"][i]
    assert tuple(action) == ("area", S.area(area))
    a, n = S.area(area), st["active_nation"]
    f = st["flow"][-1]
    group = sum(1 for u in st["units"][f["group"]] if u[NAT] == n and u[KIND] in LAND_KINDS and u[3] & 1)
    mine = sum(1 for u in st["units"][a] if u[NAT] == n and u[KIND] in LAND_KINDS)
    assert hostile(S, st, a, n)
    assert mine + group > _attack_limit_at(S, st, a, n)
    # The Vandals end their movement: combat begins within the limit everywhere.
    major = bool(f.get("major"))
    while st["flow"][-1]["s"] == "move":
        R.apply(
            st, role, ("done",) if ("done",) in R.legal_actions(st, role) else R.legal_actions(st, role)[0]
        )
    for b in S.land_ids:
        if hostile(S, st, b, n):
            lead = any(u[NAT] == n and u[KIND] == LEADER for u in st["units"][b])
            mine = sum(1 for u in st["units"][b] if u[NAT] == n and u[KIND] in LAND_KINDS)
            assert mine <= attack_limit(S, st, b, n, leader=lead, major=major)


def test_12_3_1_units_left_behind_by_a_campaign_move_are_checked_against_the_limit() -> None:
    """§8.0, §12.3.1: Sulla moves on from Calabria and leaves 5 legions there; after the move
    the excess over Calabria's limit (3) is removed by the player's choice."""
    name = "campaign-leftovers-calabria"
    R, S, st, rec = snapshot(name, 1348)
    for role, *action in rec["actions"][1348:1352]:
        R.apply(st, role, tuple(action))
    calabria, optimates = S.area("calabria"), S.nation("optimates")
    assert st["flow"][-1]["s"] == "excess" and st["flow"][-1]["a"] == calabria
    role = S.role_of[optimates]
    # The record went on without removing anything: the engine refuses that now.
    assert tuple(rec["actions"][1352][1:]) not in R.legal_actions(st, rec["actions"][1352][0])
    assert ("unit", "legion") in R.legal_actions(st, role)
    while st["flow"][-1]["s"] == "excess":
        R.apply(st, role, ("unit", "legion"))
    assert sum(1 for u in st["units"][calabria] if u[NAT] == optimates) == 3


def test_12_3_1_option_checks_left_behind_units_when_the_campaign_ends() -> None:
    """The other reading (an option): the check waits for the campaign's end."""
    name = "campaign-leftovers-calabria"
    R, S, st, rec = snapshot(name, 1348)
    st["opts"]["campaign_stack_at_end"] = True
    for role, *action in rec["actions"][1348:1352]:
        R.apply(st, role, tuple(action))
    calabria, optimates = S.area("calabria"), S.nation("optimates")
    assert all(f["s"] != "excess" for f in st["flow"])
    assert sum(1 for u in st["units"][calabria] if u[NAT] == optimates) == 5
    # The Optimates' campaign ends with this single move (§13.4) once the reactions are done.
    for role, *action in rec["actions"][1352:]:
        R.apply(st, role, tuple(action))
    f = st["flow"][-1]
    assert f["s"] == "excess" and f["a"] == calabria and f["nation"] == optimates


@pytest.mark.parametrize(("option", "damaged"), [(False, 0), (True, 1)])
def test_10_2_a_consular_legion_that_survives_by_retreat_is_repaired(option: bool, damaged: int) -> None:
    """§10.2: a two-hit unit that survives the combat is repaired; a damaged consular legion
    that retreats from a raid on Agrigentum has survived. The other reading is an option."""
    name = "damaged-consular-after-raid-retreat"
    R, S, st, rec = snapshot(name, 864)
    st["opts"]["retreat_stays_damaged"] = option
    agrigentum = S.area("agrigentum")
    assert [u[HIT] for u in st["units"][agrigentum] if u[KIND] == CONSULAR] == [1]
    for role, *action in rec["actions"][864:]:
        R.apply(st, role, tuple(action))
    syracusae = S.area("syracusae")
    assert [u[HIT] for u in st["units"][syracusae] if u[KIND] == CONSULAR] == [damaged]


def test_10_6_faq_no_pillage_of_a_city_last_held_by_the_same_player() -> None:
    """§10.6 FAQ: pillage only if the previous owner was another player. The Etruscans (blue)
    retreat into Samnium in round 6; when the Carthaginians (blue too) retreat into the empty
    area in round 8, no pillage is offered."""
    name = "pillage-own-player-samnium"
    R, S, st, rec = snapshot(name, 950)
    samnium = S.area("samnium")
    role, *action = rec["actions"][950]
    R.apply(st, role, tuple(action))
    assert st["city_holder"][samnium] == S.nation("etruscans")
    pillage_offered = False
    for role, *action in rec["actions"][951:]:
        R.apply(st, role, tuple(action))
        pillage_offered |= any(f["s"] == "pillage" and f["a"] == samnium for f in st["flow"])
    assert not pillage_offered
    carthaginians = S.nation("carthaginians")
    assert [u[NAT] for u in st["units"][samnium]] == [carthaginians]
    assert S.role_of[carthaginians] == S.role_of[S.nation("etruscans")]


@pytest.mark.parametrize(
    ("game", "nation", "area", "gold"),
    [
        ("italia-i", "illyrians", "illyricum", 0),
        ("italia-i", "numidians", "aures", 0),
        ("italia-ii", "berbers", "aures", 1),
        ("italia-ii", "burgundians", "alpes", 1),
    ],
)
def test_6_1_faq_entry_areas_pay_only_where_a_source_gives_the_card_rule(
    game: str, nation: str, area: str, gold: int
) -> None:
    """§6.1 FAQ: no income from an entry area unless the card says so. The Berbers (their
    chart) and the Burgundians (§7.2 names them) treat theirs as standard areas, which pay;
    the reconstructed Illyrian and Numidian cards let them stay, not collect."""
    from italia_table import Table

    from tavola.games.italia import income

    t = Table(game)
    t.put(area, nation, "infantry")
    assert income.income(t.S, t.st, t.n(nation)) == gold
    provenance = next(sp for sp in t.S.nations[t.n(nation)].special if sp.key == "entry_as_normal")
    assert "income" in (provenance.source or provenance.reconstructed or "")


def test_12_3_2_1_land_units_join_no_battle_of_a_leader_at_sea() -> None:
    """§12.3.2.1: joining the battle moves units into the leader's area to fight; when the
    campaigning leader is at sea, land units carried nearby cannot fight there (§10.8: only
    fleets fight at sea), so the join reaction is not offered (it once put infantry at sea)."""
    from italia_table import Table

    from tavola.games.italia import campaigns

    t = Table("italia-ii", round_=5)
    t.put("mare_libycum", "byzantines", "fleet")
    t.board_fleet("mare_libycum", "byzantines", "infantry")
    fleet = t.st["units"][t.a("mare_libycum")][0]
    board(t.st, t.a("mare_libycum"), fleet, [t.n("byzantines"), "leader", 0, 0, 0, "belisarius"])
    t.put("mare_libycum", "ostrogoths", "fleet")
    t.put("mare_sardoum", "ostrogoths", "fleet")
    t.board_fleet("mare_sardoum", "ostrogoths", "infantry")
    f = {
        "nation": t.n("ostrogoths"),
        "campaigner": t.n("byzantines"),
        "leader_area": t.a("mare_libycum"),
        "raid": False,
    }
    assert not campaigns._may_join(t.S, t.st, f)
    f["leader_area"] = t.a("africa")
    t.put("africa", "byzantines", "infantry")
    t.put("africa", "ostrogoths", "infantry")
    assert campaigns._may_join(t.S, t.st, f)  # on land the same reaction joins the battle


def test_12_5_2_the_ruler_withdraws_from_every_area_of_its_new_subject() -> None:
    """§12.5.2: after a submission the ruler's units leave every area holding the subject's
    units; a campaigning army, which may otherwise retreat into its subjects' areas (§12.3.1),
    may not withdraw into another of them (random play had Charlemagne do it)."""
    from italia_table import Table

    from tavola.games.italia.retreat import retreat_dests

    t = Table("italia-ii", round_=8)
    franks, lombards = t.n("franks"), t.n("lombards")
    (leader,) = t.put("mediolanum", "franks", "leader", 1, "charlemagne")
    t.put("mediolanum", "lombards", "infantry")
    t.put("tridentum", "lombards", "infantry")
    t.st["ruler"][lombards] = franks
    t.st["camp_nat"] = franks
    f = {"nation": franks, "a": t.a("mediolanum"), "came": [], "mode": "submit"}
    assert t.a("tridentum") not in retreat_dests(t.S, t.st, f, leader)
    f["mode"] = "battle"
    assert t.a("tridentum") in retreat_dests(t.S, t.st, f, leader)


def test_12_5_1_a_defender_that_retreats_into_a_fifth_area_may_no_longer_submit() -> None:
    """§12.5.1: a nation may submit «se controlla un certo numero di aree o meno»: counted when
    it submits. The Etruscans (may submit to Rome with 4 areas or fewer) retreat one infantry
    from Ravenna into empty Picenum during the battle: with 5 areas they may not submit."""
    R, st, refused = replay_until_refused(record("submission-after-retreat-picenum"))
    assert refused == 687
    assert ("submit",) not in R.legal_actions(st, "blue")


# -- fuzzer findings where the invariant checker, not the engine, departed from the book ----------


def replay_last_step(
    name: str,
) -> tuple[Rules, Static, dict[str, Any], tuple[Any, ...], dict[str, Any], list[Any]]:
    """Replay a record; return the state before its last action, that action (role first),
    the state after it and its events."""
    rec = record(name)
    R = get_rules(rec["game"])
    st = R.setup(rec["scenario"], rec["players"], rec["options"], rec["seed"])
    for role, *action in rec["actions"][:-1]:
        R.apply(st, role, tuple(action))
    before = clone(st)
    role, *action = rec["actions"][-1]
    events = R.apply(st, role, tuple(action))
    return R, static(rec["game"]), before, (role, *action), st, events


def step_problems(
    R: Rules, before: dict[str, Any], act: tuple[Any, ...], after: dict[str, Any], events: list[Any]
) -> list[str]:
    return R.check(after) + R.check_step(before, act[0], tuple(act[1:]), after, events, {})


@pytest.mark.parametrize(
    ("name", "area", "nation", "side"),
    [
        ("leader-retreats-umbria", "umbria", "romans", "mod_d"),
        ("leader-retreats-venetia", "venetia", "lombards", "mod_a"),
        ("leader-retreats-mediolanum", "mediolanum", "franks", "mod_a"),
    ],
)
def test_10_2_a_leader_that_retreats_after_a_round_gives_no_bonus_in_the_next(
    name: str, area: str, nation: str, side: str
) -> None:
    """§10.2: a leader gives +2 «a tutte le altre unità della sua nazione nell'area di
    combattimento»; after a round either side may retreat some of its units (§10.5), a leader
    alone too. The record's last action retreats the leader and the next round is rolled
    without its +2: the engine is right (the checker once read the leaders of the state before
    the retreat)."""
    R, S, before, act, after, events = replay_last_step(name)
    a, n = S.area(area), S.nation(nation)
    assert act[1] in ("leader", "area")
    assert any(u[NAT] == n and u[KIND] == LEADER for u in before["units"][a])
    assert not any(u[NAT] == n and u[KIND] == LEADER for u in after["units"][a])
    (first,) = [e for e in events if e["msg"] == "it.retreat"]
    assert first["args"] == {**first["args"], "nation": nation, "unit": "leader", "from": a}
    roll = next(e for e in events if e["msg"] == "it.roll")
    city = -2 if side == "mod_a" and before["city"][a] == 1 else 0
    rough = -1 if side == "mod_a" and S.rough[a] else 0
    assert roll["args"][side] == city + rough  # no leader's +2 (no fleets nearby in these battles)
    assert step_problems(R, before, act, after, events) == []


def test_6_4_a_tribute_may_take_the_ruler_over_10_until_its_purchase() -> None:
    """§6.1: at most 10 gold stay on the track after a nation's turn; §6.4: a tribute that takes
    the ruler over 10 lets it buy one unit at once, the rest is lost. The Romans end their
    campaign turn (round 7) with 15 gold and keep 10; in the same action the round turns and
    the subject Celts pay 3, taking them to 13 with the purchase pending."""
    R, S, before, act, after, events = replay_last_step("tribute-over-the-cap-romans")
    romans = S.nation("romans")
    assert before["gold"][romans] == 15
    assert [e["args"]["gold"] for e in events if e["msg"] == "it.tribute"] == [3]
    assert after["gold"][romans] == 13
    top = after["flow"][-1]
    assert top["s"] == "tribute" and top["nation"] == romans
    assert step_problems(R, before, act, after, events) == []
    # Buying nothing loses the excess: 10 stay.
    st = clone(after)
    R.apply(st, S.role_of[romans], ("done",))
    assert st["gold"][romans] == 10
    # One unit bought at once (placed on the next Roman turn); what is still over 10 is lost.
    st = clone(after)
    R.apply(st, S.role_of[romans], ("buy", "legion"))
    assert st["gold"][romans] == 9 and st["pending"][romans] == ["legion"]
    assert all(f["s"] != "tribute" for f in st["flow"])


def test_12_4_a_nation_transformed_after_a_combat_is_checked_at_the_end_of_its_own_movement() -> None:
    """§8.3: after combat the limit (the capital's included, §8.1) is checked where battles were
    fought: the Western Romans hold Mediolanum, their capital, with 4 units. In the same action
    round 6 begins and they become the Patrimonium (§12.4: «una nazione completamente differente»,
    with no capital declared). Its 4 units are checked at the end of the Patrimonium's own
    movement (§8.0), where one is removed (or a capital declared, §8.1)."""
    R, S, before, act, after, events = replay_last_step("transformation-after-combat-mediolanum")
    med, wr, pat = S.area("mediolanum"), S.nation("western_romans"), S.nation("patrimonium")
    assert before["capital"][wr] == med and sum(1 for u in before["units"][med] if u[NAT] == wr) == 4
    assert any(e["msg"] == "it.transform" for e in events)
    assert after["capital"][pat] == -1 and [u[NAT] for u in after["units"][med]] == [pat] * 4
    assert step_problems(R, before, act, after, events) == []
    st = after
    while st["active_nation"] != pat or st["flow"][-1]["s"] != "excess":
        role = R.active_roles(st)[0]
        legal = R.legal_actions(st, role)
        R.apply(st, role, ("done",) if ("done",) in legal else legal[0])
    f = st["flow"][-1]
    assert f["a"] == med and f["nation"] == pat and st["round"] == 6
    assert ("capital", med) in R.legal_actions(st, S.role_of[pat])


def test_12_3_2_3_the_campaigning_army_withdrawing_after_a_submission_avoids_the_reaction_areas() -> None:
    """§12.3.2.3: «Il giocatore in campagna non può ritirarsi in zone dalle quali il difensore ha
    iniziato la sua mossa di reazione»; §12.5.2: after a submission the ruler's units «dovranno
    immediatamente ritirarsi» from the subject's areas, a retreat like any other. Marius's
    campaign attacks Samnium, the Samnites react from Apulia and Lucania and submit; Marius may
    not withdraw into either (found by the fuzzer: the engine once let him into Lucania)."""
    R, st, refused = replay_until_refused(record("campaign-withdrawal-after-submission-lucania"))
    S = static("italia-i")
    assert refused == 1304
    f = st["flow"][-1]
    assert f["s"] == "retreat" and f["mode"] == "submit" and st["camp_nat"] == S.nation("romans")
    assert set(st["react_from"]) == {S.area("apulia"), S.area("lucania")}
    legal = R.legal_actions(st, "red")
    assert ("area", S.area("lucania")) not in legal and ("area", S.area("apulia")) not in legal
    assert legal == [("area", S.area("roma")), ("area", S.area("neapolis"))]


def test_12_5_2_faq_a_subject_that_earned_half_a_point_in_its_turn_keeps_a_whole_one() -> None:
    """§12.5.2: a subject keeps half its VP «arrotondato per eccesso»; FAQ: the rounding «viene
    sempre fatto al punto», for kills at the end of the nation's turn. The Etruscans, subject
    to Rome, earn 0.5 VP for a kill in round 8 and keep 1 at the end of their turn (the
    checker once took rounding up for a gain the book does not give)."""
    R, S, before, act, after, events = replay_last_step("subject-half-point-rounded-up-etruscans")
    n = S.nation("etruscans")
    assert before["ruler"][n] == S.nation("romans") and before["vp_submitted"][n] == 1
    assert after["vp"][n] - before["vp"][n] == 2 and after["vp_submitted"][n] == 0
    assert [e["args"]["vp"] for e in events if e["msg"] == "it.vp_halved"] == [1.0]
    assert step_problems(R, before, act, after, events) == []
