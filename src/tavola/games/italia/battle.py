"""§10.1-§10.4 One land battle: the raid or the attack (§10.7), rounds of simultaneous fire on
the to-hit table with its modifiers (§10.2), targets declared by unit type (§10.4), two-hit
units, elephants and lone leaders (§10.2), the Patrimonium's conversions (§14.3), the end of the
battle and set-piece battles (§13.2). Retreats are in :mod:`.retreat`, pillage in :mod:`.pillage`."""

from __future__ import annotations

from typing import Any

from tavola.core import flow
from tavola.core.flow import Frame
from tavola.core.rules import Action, Event, State
from tavola.games.italia import italia_i, italia_ii, submission
from tavola.games.italia.combat import shooters, side
from tavola.games.italia.const import (
    CITY,
    ELEPHANT,
    EXT,
    F_NAVAL,
    F_RETR,
    FL,
    FLEET,
    HIT,
    KIND,
    LAND_KINDS,
    LEADER,
    MOD_CITY,
    MOD_INVASION,
    MOD_ROUGH,
    MOD_SUPREMACY,
    NAT,
    RAID_TO_HIT,
    RUIN,
)
from tavola.games.italia.model import Unit, ask, award, eliminate, fighters, find_leader, roll, start_retreat
from tavola.games.italia.odds import hits as die_hits
from tavola.games.italia.pillage import offer_pillage
from tavola.games.italia.scenario import Static

# -- modifiers (§10.2) -------------------------------------------------------------------------


def supremacy(S: Static, st: State, a: int, x: int, y: int) -> bool:
    """§10.9: at least one fleet in the seas around ``a`` and at least twice the enemy's
    fleets there; third nations' fleets and fleets that retreated this turn do not count."""
    mine = theirs = 0
    for s in S.sea_adj[a]:
        for u in st["units"][s]:
            if u[KIND] != FLEET or u[FL] & F_RETR:
                continue
            if u[NAT] == x:
                mine += 1
            elif u[NAT] == y:
                theirs += 1
    return mine >= 1 and mine >= 2 * theirs


def penalty(S: Static, st: State, x: int) -> int:
    """A card's combat penalty: the Fœderati fight at -1 unless they hold Ravenna and Odoacer
    is on the board (FAQ 'Fœderati'); it switches on and off at once, between two battles of
    one phase too (clarification 'Fœderati')."""
    p = S.special[x].get("combat_penalty")
    if not p:
        return 0
    holds = all(
        (lst := st["units"][S.area(k)]) and all(u[NAT] == x for u in lst)
        for k in p.get("unless_controls", ())
    )
    lead = p.get("unless_leader")
    if holds and (not lead or find_leader(st, lead)[1] is not None):
        return 0
    return int(p["modifier"])


def modifiers(S: Static, st: State, a: int, x: int, y: int, attacker: bool) -> list[tuple[str, int]]:
    """Each modifier of side ``x`` fighting ``y`` in land area ``a``, with the rule that gives it
    (§10.2, cumulative): attackers -1 in highland or marsh (§10.3) and -2 against a city
    (§10.6); +2 per own leader (§10.2); +1 naval supremacy (§10.9); a card's penalty."""
    out: list[tuple[str, int]] = []
    if attacker:
        if S.rough[a]:
            out.append(("rough", MOD_ROUGH))
        if st["city"][a] == CITY:
            out.append(("city", MOD_CITY))
    leaders = sum(1 for u in st["units"][a] if u[NAT] == x and u[KIND] == LEADER)
    if leaders:
        out.append(("leader", S.leader_bonus * leaders))
    if supremacy(S, st, a, x, y):
        out.append(("supremacy", MOD_SUPREMACY))
    card = penalty(S, st, x)
    if card:
        out.append(("card", card))
    return out


def modifier(S: Static, st: State, a: int, x: int, y: int, attacker: bool) -> int:
    """The total modifier of side ``x`` fighting ``y`` in land area ``a`` (§10.2, cumulative)."""
    return sum(v for _, v in modifiers(S, st, a, x, y, attacker))


# -- targets (§10.4) ---------------------------------------------------------------------------


def target_label(u: Unit, naval_split: bool) -> str:
    """The target group of a unit: its type (§10.4), apart if it came from the sea (§10.8.2)."""
    if naval_split and u[FL] & F_NAVAL:
        return u[KIND] + "@sea"
    return u[KIND]


def targets(st: State, a: int, y: int, naval_split: bool, variant: bool) -> list[str]:
    """Target groups among ``y``'s units: one per unit type (§10.4), units that came from the
    sea apart in the first round (§10.8.2), or one per unit in the house-rule variant."""
    out: list[str] = []
    counts: dict[str, int] = {}
    for u in shooters(st, a, y):
        lab = target_label(u, naval_split)
        if variant:
            k = counts.get(lab, 0)
            counts[lab] = k + 1
            lab = f"{lab}.{k}"
        if lab not in out:
            out.append(lab)
    return out


def _units_of_target(st: State, a: int, y: int, lab: str, naval_split: bool, variant: bool) -> list[Unit]:
    if variant:
        base, _, idx = lab.rpartition(".")
        i = 0
        for u in shooters(st, a, y):
            if target_label(u, naval_split) == base:
                if i == int(idx):
                    return [u]
                i += 1
        return []
    return [u for u in shooters(st, a, y) if target_label(u, naval_split) == lab]


def apply_hits(
    S: Static, st: State, a: int, group: list[Unit], n: int, by: int, ev: list[Event]
) -> list[Unit]:
    """Hits on one target group: a fresh two-hit unit is flipped first, then damaged ones
    are removed (§10.2, §14.2); hits beyond the group are lost (§10.4). Returns the dead."""
    dead: list[Unit] = []
    alive = list(group)
    for _ in range(n):
        if not alive:
            break
        fresh = [u for u in alive if S.hits.get(u[KIND], 1) > 1 and u[HIT] == 0]
        if fresh:
            fresh[0][HIT] = 1
            ev.append({"msg": "it.damaged", "args": {"unit": fresh[0][KIND], "area": a}})
            continue
        u = alive.pop(0)
        dead.append(u)
    return dead


# -- one land battle ----------------------------------------------------------------------------


def can_raid(S: Static, st: State, a: int, n: int, m: int) -> bool:
    """§10.7, §10.7 clarification: only a standing city of another player, not one rebuilt after
    a raid by this nation in this turn."""
    if st["city"][a] != CITY or S.role_of[m] == S.role_of[n]:
        return False
    return a not in st["raided"] and a not in st["safe"]


BATTLE_SECTIONS = {"open": "§10.7", "attacker_aims": "§10.4", "defender_aims": "§10.4", "conv": "§14.3"}
"""The rule of each battle phase where it is not §10.1: raids, targets, conversions."""


def ask_battle(S: Static, st: State, f: Frame) -> tuple[str, dict[str, Any]]:
    """The battle's phase; while targets are chosen (§10.4), the unit whose hit is placed."""
    ph = f.get("phase")
    key, args = ask(S, f, str(ph))
    if ph in ("attacker_aims", "defender_aims"):
        x = f["nation"] if ph == "attacker_aims" else f["defender"]
        done = len(f["attacker_targets"] if ph == "attacker_aims" else f["defender_targets"])
        shooters = [u for u in st["units"][f["a"]] if u[NAT] == x and u[KIND] != LEADER]
        if done < len(shooters):
            args["unit"] = shooters[done][KIND]
            args["nation"] = S.nkey[x]
    return key, args


def section_battle(S: Static, st: State, f: Frame) -> str:
    return BATTLE_SECTIONS.get(str(f.get("phase")), "§10.1")


def run_battle(S: Static, st: State, f: Frame, ev: list[Event]) -> bool:
    """§10.1: a battle goes through its phases (``f["phase"]``): open (raid or attack, §10.7),
    first / round (who is left to fight, §10.2), conv (§14.3), attacker_aims / defender_aims (targets, §10.4),
    roll (§10.0, §10.2), after (retreats, §10.5), check, end."""
    ph = f["phase"]
    if ph == "open":
        return _open(S, st, f, ev)
    if ph == "first" or ph == "round":
        return _start_round(S, st, f, ev)
    if ph == "conv":
        return False
    if ph == "attacker_aims":
        if _need_targets(S, st, f, f["nation"], f["defender"], f["attacker_targets"]):
            return False
        f["phase"] = "defender_aims"
        return True
    if ph == "defender_aims":
        if _need_targets(S, st, f, f["defender"], f["nation"], f["defender_targets"]):
            return False
        f["phase"] = "roll"
        return True
    if ph == "roll":
        _roll_round(S, st, f, ev)
        return True
    if ph == "after":
        _after_round(S, st, f)
        return True
    if ph == "check":
        f["phase"] = "round"
        return True
    _end_battle(S, st, f, ev)
    return True


def _open(S: Static, st: State, f: Frame, ev: list[Event]) -> bool:
    """§10.7: the attacker declares a raid or an attack (asked unless a campaign declared it);
    a nation that must submit does so instead of fighting (§12.5.1); Romans may panic before
    elephants (§13.3) and Fœderati defect (§14.1) before the first round."""
    a, n, m = f["a"], f["nation"], f["defender"]
    if not f.get("declared"):
        decl = st.get("camp_raids")
        if decl is not None:
            # A campaign declares its raids before the reaction moves (§12.3.3).
            f["raid"] = a in decl and can_raid(S, st, a, n, m)
        elif can_raid(S, st, a, n, m) and shooters(st, a, n):
            return False
    f["declared"] = True
    # §12.3.2.4: in a campaign this is counted after the reactions, before combat.
    if submission.must_submit(S, st, m, n):
        submission.submit(S, st, m, n, ev)
        f["phase"] = "end"
        return True
    f["phase"] = "first"
    italia_i.elephant_panic(S, st, a, n, m, ev)
    italia_ii.foederati_defection(S, st, a, n, m, ev)
    return True


def _start_round(S: Static, st: State, f: Frame, ev: list[Event]) -> bool:
    """§10.2: a round is fought while both sides have units that roll; leaders left alone
    withdraw or are removed; the Patrimonium may convert first (§14.3)."""
    a, n, m = f["a"], f["nation"], f["defender"]
    f["phase"] = "round"
    if st["ruler"][m] == n or st["ruler"][n] == m:
        f["phase"] = "end"
        return True
    att = side(st, a, n)
    dfn = side(st, a, m)
    if not att or not dfn:
        f["phase"] = "end"
        return True
    fa = [u for u in att if u[KIND] != LEADER]
    fd = [u for u in dfn if u[KIND] != LEADER]
    if not fa and not fd:
        # §10.2 FAQ: only the two nations' leaders are left: the active nation's withdraw.
        start_retreat(st, n, a, "leaders", by=m)
        f["phase"] = "end"
        return True
    if not fa or not fd:
        # §10.2: a leader left alone with enemy units is removed without combat.
        lone = n if not fa else m
        other = m if lone == n else n
        for u in list(att if lone == n else dfn):
            ev.append({"msg": "it.lone_leader", "args": {"leader": u[EXT], "area": a}})
            eliminate(S, st, a, u, other, ev)
        f["phase"] = "end"
        return True
    if not f["conv"] and italia_ii.conversion_possible(S, st, a, n, m):
        f["phase"] = "conv"
        return False
    f["phase"] = "attacker_aims"
    f["attacker_targets"] = []
    f["defender_targets"] = []
    return True


def _after_round(S: Static, st: State, f: Frame) -> None:
    """§10.5: after each round the attacker, then the defender, may retreat; the defender may
    submit instead (§10.1, §12.5.1). A raid lasts one round (§10.7)."""
    a, n, m = f["a"], f["nation"], f["defender"]
    if f["raid"]:
        f["phase"] = "end"
    elif side(st, a, n) and side(st, a, m) and fighters(st, a, n) and fighters(st, a, m):
        f["phase"] = "check"
        may_sub = submission.may_submit(S, st, m, n)
        start_retreat(st, m, a, "battle", by=n, forced=False, came=st["came"][a], sub=may_sub)
        start_retreat(st, n, a, "battle", by=m, forced=False)
    else:
        f["phase"] = "round"


def _fighting(st: State, a: int, x: int) -> list[Unit]:
    return shooters(st, a, x)


def _naval_split(st: State, f: Frame) -> bool:
    """§10.8.2: in the first round the defender may aim at the units that came from the sea."""
    return f["rounds"] == 0 and not f["raid"]


def _need_targets(S: Static, st: State, f: Frame, x: int, y: int, chosen: list[str]) -> bool:
    a = f["a"]
    shoot = _fighting(st, a, x)
    if len(chosen) >= len(shoot):
        return False
    split = _naval_split(st, f) and x == f["defender"]
    tg = targets(st, a, y, split, st["opts"].get("combat_variant", False))
    if len(tg) <= 1:
        chosen.extend(tg * (len(shoot) - len(chosen)) if tg else [])
        return False
    return True


def _target_options(S: Static, st: State, f: Frame, x: int, y: int, chosen: list[str]) -> list[str]:
    a = f["a"]
    split = _naval_split(st, f) and x == f["defender"]
    variant = st["opts"].get("combat_variant", False)
    tg = targets(st, a, y, split, variant)
    if variant:
        # House rule: every enemy unit draws one die before any draws a second.
        counts = {t: chosen.count(t) for t in tg}
        low = min(counts.values())
        return [t for t in tg if counts[t] == low]
    return tg


def _need(to_hit: int, mod: int) -> int:
    """The lowest die that hits (§10.2: a 1 always misses, a 10 always hits)."""
    return max(2, min(10, to_hit - mod))


def _roll_round(S: Static, st: State, f: Frame, ev: list[Event]) -> None:
    """Both sides roll at once (§10.0); hits are removed after both have rolled (§10.2, §10.4)."""
    a, n, m = f["a"], f["nation"], f["defender"]
    raid = f["raid"]
    # each modifier with its reason, for the battle panel (none in a raid, §10.7)
    why_a = [] if raid else modifiers(S, st, a, n, m, True)
    why_d = [] if raid else modifiers(S, st, a, m, n, False)
    mod_a = sum(v for _, v in why_a)
    mod_d = sum(v for _, v in why_d)
    split_d = _naval_split(st, f)
    if split_d and any(u[FL] & F_NAVAL for u in _fighting(st, a, n)):
        why_d = [*why_d, ("invasion", MOD_INVASION)]  # against the units from the sea only
    # §10.7: raiders hit on a fixed number; elephants make nobody retreat in a raid.
    dice_a, shots_a, hits_on_d, ele_a = _fire(
        S,
        st,
        _fighting(st, a, n),
        f["attacker_targets"],
        mod_a,
        fixed=RAID_TO_HIT if raid else 0,
        elephants=not raid,
    )
    dice_d, shots_d, hits_on_a, ele_d = _fire(
        S, st, _fighting(st, a, m), f["defender_targets"], mod_d, invasion=split_d, elephants=not raid
    )
    ev.append(
        {
            "msg": "it.roll",
            "args": {"area": a, "attacker": S.nkey[n], "defender": S.nkey[m], "mod_a": mod_a, "mod_d": mod_d},
            "dice": dice_a + dice_d,
            "dice_a": dice_a,
            "dice_d": dice_d,
            "shots_a": shots_a,
            "shots_d": shots_d,
            "mods_a": [list(x) for x in why_a],
            "mods_d": [list(x) for x in why_d],
            "round": f["rounds"] + 1,
            "raid": bool(raid),
        }
    )
    variant = st["opts"].get("combat_variant", False)
    dead_d: list[Unit] = []
    dead_a: list[Unit] = []
    if not raid:
        for lab, k in hits_on_d.items():
            dead_d.extend(apply_hits(S, st, a, _units_of_target(st, a, m, lab, False, variant), k, n, ev))
    for lab, k in hits_on_a.items():
        dead_a.extend(apply_hits(S, st, a, _units_of_target(st, a, n, lab, split_d, variant), k, m, ev))
    for u in dead_d:
        eliminate(S, st, a, u, n, ev)
    for u in dead_a:
        eliminate(S, st, a, u, m, ev)
    f["rounds"] += 1
    f["phase"] = "after"
    if raid:
        _raid_result(S, st, f, sum(hits_on_d.values()), ev)
        return
    # §10.2: each natural 9-10 of an elephant makes one more enemy unit retreat.
    if ele_d and fighters(st, a, n):
        start_retreat(st, n, a, "elephant", by=m, need=min(ele_d, fighters(st, a, n)))
    if ele_a and fighters(st, a, m):
        start_retreat(st, m, a, "elephant", by=n, came=st["came"][a], need=min(ele_a, fighters(st, a, m)))


def _fire(
    S: Static,
    st: State,
    units: list[Unit],
    chosen: list[str],
    mod: int,
    *,
    fixed: int = 0,
    invasion: bool = False,
    elephants: bool = True,
) -> tuple[list[int], list[list[Any]], dict[str, int], int]:
    """One side's dice (§10.2): a die per unit against its to-hit number (``fixed``: the
    raiders' number, §10.7) with the side's modifier, +2 against units that came from the sea
    (``invasion``, §10.8.2). Returns the dice, each die's [kind, die, need, hit] for the battle
    panel, the hits per target group chosen (§10.4) and the elephants' natural 9-10s (§10.2)."""
    dice: list[int] = []
    shots: list[list[Any]] = []
    hits: dict[str, int] = {}
    panic = 0
    for i, u in enumerate(units):
        d = roll(st)
        dice.append(d)
        lab = chosen[i] if i < len(chosen) else ""
        to_hit = fixed or S.to_hit[u[KIND]]
        m = mod + (MOD_INVASION if invasion and "@sea" in lab else 0)
        hit = die_hits(to_hit, m, d)
        shots.append([u[KIND], d, _need(to_hit, m), hit])
        if hit:
            hits[lab] = hits.get(lab, 0) + 1
        if elephants and u[KIND] == ELEPHANT and d >= 9:
            panic += 1
    return dice, shots, hits, panic


def _raid_result(S: Static, st: State, f: Frame, hits: int, ev: list[Event]) -> None:
    """§10.7: one hit ruins and pillages the city; the attacker always withdraws; the
    defender may at once give up a unit to rebuild."""
    a, n, m = f["a"], f["nation"], f["defender"]
    st["raided"].append(a)
    if hits:
        st["city"][a] = RUIN
        if a not in st["sacked"]:
            st["sacked"].append(a)
        ev.append({"msg": "it.raided", "args": {"area": a, "nation": S.nkey[n]}})
        if any(u[NAT] == m and u[KIND] != LEADER for u in st["units"][a]):
            flow.push(st, "rebuild", nation=m, areas=[a], sel=-1, mode="raid")
        flow.push(st, "pillage", nation=n, a=a, raid=True, prev=m)
    else:
        ev.append({"msg": "it.raid_failed", "args": {"area": a, "nation": S.nkey[n]}})
    start_retreat(st, n, a, "raid", by=m)


def _end_battle(S: Static, st: State, f: Frame, ev: list[Event]) -> None:
    a, n, m = f["a"], f["nation"], f["defender"]
    flow.pop(st)
    # §10.2: surviving two-hit units are repaired after the combat.
    for u in st["units"][a]:
        if u[HIT] and u[KIND] in LAND_KINDS:
            u[HIT] = 0
    if f["conv"]:  # a unit converted for this battle (§14.3) is dealt with now
        italia_ii.end_conversions(S, st, a, ev)
    att_left = fighters(st, a, n)
    def_left = fighters(st, a, m)
    _set_piece(S, st, f, ev)
    winner = (
        n if side(st, a, n) and not side(st, a, m) else m if side(st, a, m) and not side(st, a, n) else -1
    )
    ev.append(
        {
            "msg": "it.battle_over",
            "args": {
                "area": a,
                "winner": S.nkey[winner] if winner >= 0 else "",
                "attacker_left": att_left,
                "defender_left": def_left,
            },
        }
    )
    if winner == n and not f["raid"]:
        italia_ii.imperial_title(S, st, a, n, ev)
        offer_pillage(S, st, n, a)


def _set_piece(S: Static, st: State, f: Frame, ev: list[Event]) -> None:
    """§13.2, §13.4: a battle with at least three units a side is won when every enemy unit
    retreated or was eliminated."""
    sp = S.scen_special.get("set_piece_battle")
    if not sp or f["raid"]:
        return
    need = int(sp.get("min_units", 3))
    if f["start_units"][0] < need or f["start_units"][1] < need:
        return
    a, n, m = f["a"], f["nation"], f["defender"]
    for w, loser in ((n, m), (m, n)):
        if side(st, a, w) and not side(st, a, loser):
            for e in S.vp_events[w].get("set_piece", ()):
                if e.rounds and st["round"] not in e.rounds:
                    continue
                if e.nations and S.nkey[loser] not in e.nations:
                    continue
                if w != st["active_nation"] and not e.as_defender:
                    continue
                award(S, st, w, e.half_vp, ev, "set_piece")
                break


def roles_battle(S: Static, st: State, f: Frame) -> list[str]:
    ph = f["phase"]
    if ph == "open" or ph == "attacker_aims":
        return [S.role_of[f["nation"]]]
    if ph == "defender_aims":
        return [S.role_of[f["defender"]]]
    if ph == "conv":
        return [S.role_of[S.nidx[S.scen_special["patrimonium_conversion"]["nation"]]]]
    return []


def legal_battle(S: Static, st: State, f: Frame, role: str) -> list[Action]:
    ph = f["phase"]
    if ph == "open":
        return [("attack",), ("raid",)]
    if ph == "attacker_aims":
        return [
            ("target", t)
            for t in _target_options(S, st, f, f["nation"], f["defender"], f["attacker_targets"])
        ]
    if ph == "defender_aims":
        return [
            ("target", t)
            for t in _target_options(S, st, f, f["defender"], f["nation"], f["defender_targets"])
        ]
    if ph == "conv":
        return italia_ii.conversion_actions(S, st, f)
    return []


def act_battle(S: Static, st: State, f: Frame, role: str, action: Action, ev: list[Event]) -> None:
    ph = f["phase"]
    if ph == "open":
        f["raid"] = action[0] == "raid"
        f["declared"] = True
        if f["raid"]:
            ev.append({"msg": "it.raid", "args": {"area": f["a"], "nation": S.nkey[f["nation"]]}})
    elif ph == "attacker_aims":
        f["attacker_targets"].append(action[1])
    elif ph == "defender_aims":
        f["defender_targets"].append(action[1])
    elif ph == "conv":
        italia_ii.convert(S, st, f, action, ev)
        f["conv"] = True
        f["phase"] = "round"
