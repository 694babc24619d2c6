"""§5 Sequence of play, §12.1 nations without land units, §12.2 major invasions, §12.4
transformations."""

from __future__ import annotations

from typing import Any

from italia_table import HALT, Table

from tavola.games.italia import RULES_I, RULES_II, model, sequence
from tavola.games.italia.flow import FLOW
from tavola.games.italia.rules import ItaliaRules


def passive(rules: ItaliaRules, st: dict[str, Any], stop: Any, limit: int = 20_000) -> list[dict[str, Any]]:
    """Play by always passing or ending the step (first action otherwise) until ``stop``."""
    events: list[dict[str, Any]] = []
    for _ in range(limit):
        if stop(st) or rules.result(st) is not None:
            return events
        role = rules.active_roles(st)[0]
        legal = rules.legal_actions(st, role)
        pick = next((a for a in legal if a in (("done",), ("pass",), ("decline",), ("attack",))), legal[0])
        if ("take",) in legal:
            pick = ("take",)
        events.extend(rules.apply(st, role, pick))
    raise AssertionError("did not stop")


def turns_of_round(rules: ItaliaRules, r: int) -> list[str]:
    st = rules.setup("standard", rules.players, {}, 1)
    first = (
        rules.S.nkey[st["active_nation"]] if st["active_nation"] >= 0 else None
    )  # its turn began during set-up
    ev = passive(rules, st, lambda s: s["round"] > r)
    out = [first] if r == 1 and first else []
    cur = 1
    for e in ev:
        if e["msg"] == "it.round":
            cur = e["args"]["round"]
        if e["msg"] == "it.turn" and cur == r:
            out.append(e["args"]["nation"])
    return out


def test_5_1_order_of_play_round_1_italia_i_skips_nations_without_pieces() -> None:
    assert turns_of_round(RULES_I, 1) == [
        "celts",
        "etruscans",
        "greeks",
        "samnites",
        "carthaginians",
        "illyrians",
        "romans",
    ]


def test_5_1_note_epirotes_play_from_round_4() -> None:
    assert "epirotes" in turns_of_round(RULES_I, 4)


def test_5_2_order_of_play_round_1_italia_ii() -> None:
    order = turns_of_round(RULES_II, 1)
    assert order[:2] == ["visigoths", "western_romans"]
    pos = {k: i for i, k in enumerate(RULES_II.S.sc.order_of_play)}
    assert [pos[k] for k in order] == sorted(pos[k] for k in order)


def test_5_0_a_nation_plays_its_four_phases_in_order(t1: Table) -> None:
    t1.put("verona", "illyrians", "infantry")
    t1.put("venetia", "illyrians", "infantry")
    t1.st["round"] = 2
    t1.st["gold"][t1.n("illyrians")] = 5
    t1.push("turn", nation=t1.n("illyrians"), phase="start")
    seen = []
    while t1.step() != HALT:
        seen.append(t1.step())
        legal = t1.legal()
        t1.act(*next((a for a in legal if a == ("done",)), legal[0]))
    assert seen.index("buy") < seen.index("move")
    ev = [e["msg"] for e in t1.events]
    assert ev.index("it.turn") < ev.index("it.income")


def test_12_2_major_invasion_moves_and_fights_twice(t1: Table) -> None:
    t1.put("mediolanum", "celts", "infantry", 3)
    t1.st["round"] = 1  # the Celtic card: a major invasion in round 1
    t1.push("turn", nation=t1.n("celts"), phase="start")
    moves = 0
    for _ in range(200):
        if t1.step() == HALT:
            break
        f = t1.st["flow"][-1]
        if f["s"] == "move" and f["group"] < 0 and not f.get("counted"):
            f["counted"] = True
            moves += 1
            assert f.get("major")
        legal = t1.legal()
        t1.act(*next((a for a in legal if a == ("done",)), legal[0]))
    assert moves == 2


def test_12_2_major_invasion_attacks_with_one_more_unit(t1: Table) -> None:
    from tavola.games.italia import movement

    t1.put("pavia", "celts", "infantry", 3)
    t1.put("liguria", "celts", "infantry", 2)
    t1.put("mediolanum", "etruscans", "infantry", 1)
    t1.begin("celts")
    movement.start_move(t1.S, t1.st, t1.n("celts"), "normal", major_inv=True)
    FLOW.advance(t1.st, t1.events)
    t1.walk("celts", "pavia", ["infantry"] * 3, ["mediolanum"])
    t1.act("area", t1.a("liguria"))
    t1.act("unit", "infantry")
    t1.act("unit", "infantry")
    assert t1.can("area", t1.a("mediolanum"))  # 3 + 2 = 5: normal limit 3, +1 attack, +1 invasion


def test_12_2_no_stacking_check_after_the_first_combat(t1: Table) -> None:
    from tavola.games.italia import combat

    t1.put("calabria", "celts", "infantry", 5)
    t1.begin("celts")
    combat.start_combat(t1.S, t1.st, t1.n("celts"), "first")
    t1.st["flow"][-1]["fought"].append(t1.a("calabria"))
    FLOW.advance(t1.st, t1.events)
    assert t1.units("calabria", "celts")["infantry"] == 5
    combat.start_combat(t1.S, t1.st, t1.n("celts"), "second")
    t1.st["flow"][-1]["fought"].append(t1.a("calabria"))
    FLOW.advance(t1.st, t1.events)
    assert t1.step() == "excess"


def test_12_2_card_bonus_extra_move_in_the_first_movement(t2: Table) -> None:
    from tavola.games.italia import movement

    t2.put("illyricum", "ostrogoths", "infantry")
    t2.begin("ostrogoths")
    from tavola.games.italia.model import reset_moves

    reset_moves(t2.S, t2.st, t2.n("ostrogoths"))
    movement.start_move(t2.S, t2.st, t2.n("ostrogoths"), "normal", major_inv=True, bonus=True)
    FLOW.advance(t2.st, t2.events)
    t2.act("area", t2.a("illyricum"))
    t2.act("unit", "infantry")
    for a in ("venetia", "verona", "mediolanum"):
        t2.act("area", t2.a(a))
    assert t2.units("mediolanum", "ostrogoths")["infantry"] == 1


def test_12_1_a_nation_with_only_fleets_stays_in_the_game(t1: Table) -> None:
    t1.put("mare_hadriaticum", "illyrians", "fleet")
    t1.st["round"] = 2
    assert sequence.acts_this_round(t1.S, t1.st, t1.n("illyrians"))
    assert not model.out_of_game(t1.S, t1.st, t1.n("illyrians"))


def test_12_1_without_pieces_but_with_later_reinforcements_still_in_the_game(t2: Table) -> None:
    t2.st["round"] = 7
    assert not model.out_of_game(t2.S, t2.st, t2.n("franks"))
    assert model.out_of_game(t2.S, t2.st, t2.n("huns"))


def test_12_4_transformation_african_romans_become_byzantines(t2: Table) -> None:
    t2.put("africa", "african_romans", "infantry", 2)
    t2.city("africa", owner="african_romans")
    t2.st["gold"][t2.n("byzantines")] = 0
    t2.st["round"] = 7
    sequence.transform(t2.S, t2.st, t2.events)
    assert t2.units("africa") == {"infantry": 2}
    assert t2.units("africa", "byzantines")["infantry"] == 2
    assert t2.st["city_holder"][t2.a("africa")] == t2.n("byzantines")
    assert t2.st["gold"][t2.n("byzantines")] == 0  # the new nation starts at zero


def test_card_rule_nations_leave_after_their_last_round(t1: Table) -> None:
    t1.put("syracusae", "greeks", "infantry", 2)
    t1.city("syracusae", owner="greeks")
    t1.st["round"] = 4
    sequence.departures(t1.S, t1.st, t1.events)
    assert t1.units("syracusae") == {}
    assert t1.st["city"][t1.a("syracusae")] == 1 and t1.st["city_holder"][t1.a("syracusae")] == -1


def test_13_3_clarification_italia_i_reinforcements_at_the_start_of_the_round() -> None:
    st = RULES_I.setup("standard", 3, {}, 1)
    assert st["flow"][-1]["s"] == "reinf"  # the Celts place Brennus before any turn
    role = RULES_I.active_roles(st)[0]
    RULES_I.apply(st, role, RULES_I.legal_actions(st, role)[0])
    keys = {u[5] for lst in st["units"] for u in lst if u[1] == "leader"}
    assert {"brennus", "dionysius", "camillus"} <= keys
    assert st["active_nation"] == RULES_I.S.nation("celts")  # and only now the first turn begins
