"""§10 Combat: land battles in simultaneous rounds, the to-hit table and its modifiers,
targets declared by unit type, two-hit units, elephants, lone leaders, retreats, cities
(defence, pillage, rebuilding), raids, naval battles and naval supremacy."""

from __future__ import annotations

from typing import Any

from tavola.core import flow
from tavola.core.flow import Frame
from tavola.core.rules import Action, Event, State
from tavola.games.italia import italia_i, italia_ii, submission
from tavola.games.italia.const import (
    CITY,
    ELEPHANT,
    EXT,
    F_ENTRY,
    F_GRP,
    F_NAVAL,
    F_RETR,
    F_STOP,
    FL,
    FLEET,
    FLEET_CAPACITY,
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
from tavola.games.italia.income import pay_ruler
from tavola.games.italia.model import (
    Unit,
    ask,
    award,
    eliminate,
    fighters,
    find_leader,
    note_holder,
    remove,
    roll,
    scores_now,
    stack,
)
from tavola.games.italia.movement import entry_reinforcements, hostile
from tavola.games.italia.naval import start_naval_battle
from tavola.games.italia.odds import hits as die_hits
from tavola.games.italia.scenario import Static
from tavola.games.italia.stacking import can_declare, check_areas, declare, limit, retreat_room

# -- who fights whom --------------------------------------------------------------------------


def battles(S: Static, st: State, n: int) -> list[tuple[int, int]]:
    """(area, defender) pairs where ``n`` has to fight now (§10.0). Reinforcements that stayed
    in an entry area fight there in the other nation's combat phase, not in their own (§10.0
    FAQ)."""
    out = []
    for a in S.land_ids:
        lst = st["u"][a]
        if len(lst) < 2:
            continue
        if not any(u[NAT] == n for u in lst):
            continue
        foes = hostile(S, st, a, n)
        if foes and not (S.is_entry[a] and entry_reinforcements(S, a, n, [u for u in lst if u[NAT] == n])):
            out.append((a, foes[0]))
    return out


def side(st: State, a: int, n: int) -> list[Unit]:
    """All units of ``n`` in the battle area, leaders included (§10.0)."""
    return [u for u in st["u"][a] if u[NAT] == n]


def shooters(st: State, a: int, n: int) -> list[Unit]:
    """Units of ``n`` that roll: leaders and cities do not (§10.0)."""
    return [u for u in st["u"][a] if u[NAT] == n and u[KIND] != LEADER]


def neutral(S: Static, st: State, n: int) -> bool:
    """Round 10 of Italia I: nations other than the three factions are neutral garrisons
    that neither move nor retreat (§13.4)."""
    r10 = S.scen_special.get("round_10")
    return bool(r10) and st["round"] == S.rounds and S.nkey[n] not in r10["sequence"]


# -- modifiers (§10.2) -------------------------------------------------------------------------


def supremacy(S: Static, st: State, a: int, x: int, y: int) -> bool:
    """§10.9: at least one fleet in the seas around ``a`` and at least twice the enemy's
    fleets there; third nations' fleets and fleets that retreated this turn do not count."""
    mine = theirs = 0
    for s in S.sea_adj[a]:
        for u in st["u"][s]:
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
        (lst := st["u"][S.area(k)]) and all(u[NAT] == x for u in lst) for k in p.get("unless_controls", ())
    )
    lead = p.get("unless_leader")
    if holds and (not lead or find_leader(st, lead)[1] is not None):
        return 0
    return int(p["modifier"])


def modifier(S: Static, st: State, a: int, x: int, y: int, attacker: bool) -> int:
    """The total modifier of side ``x`` fighting ``y`` in land area ``a`` (§10.2, cumulative):
    attackers -1 in highland or marsh and -2 against a city; +2 per own leader; +1 naval
    supremacy; card penalties."""
    mod = 0
    if attacker:
        if S.rough[a]:
            mod += MOD_ROUGH
        if st["city"][a] == CITY:
            mod += MOD_CITY
    mod += S.leader_bonus * sum(1 for u in st["u"][a] if u[NAT] == x and u[KIND] == LEADER)
    if supremacy(S, st, a, x, y):
        mod += MOD_SUPREMACY
    mod += penalty(S, st, x)
    return mod


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


# -- the combat phase ---------------------------------------------------------------------------


def start_combat(S: Static, st: State, n: int, mode: str) -> None:
    """Push a combat phase: ``mode`` is normal, first (first combat of a major invasion: no
    stacking check after it, §12.2), second, or camp (a campaign move's combat, §12.3)."""
    flow.push(st, "combat", n=n, mode=mode, fought=[], pairs=[])


def _combat_pending(S: Static, st: State, f: Frame) -> list[list[int]]:
    n = f["n"]
    out = []
    for a, m in battles(S, st, n):
        if [a, m] not in f["pairs"]:
            out.append([a, m])
    for s, m in st["naval"]:
        if [s, m] in f["pairs"]:
            continue
        if any(u[NAT] == n and u[KIND] == FLEET for u in st["u"][s]) and any(
            u[NAT] == m and u[KIND] == FLEET for u in st["u"][s]
        ):
            out.append([s, m])
    return out


def run_combat(S: Static, st: State, f: Frame, ev: list[Event]) -> bool:
    n = f["n"]
    pend = _combat_pending(S, st, f)
    if len(pend) == 1:
        _start_battle(S, st, f, pend[0][0], pend[0][1], ev)
        return True
    if pend:
        areas = {p[0] for p in pend}
        if len(areas) == 1:
            _start_battle(S, st, f, pend[0][0], pend[0][1], ev)
            return True
        return False
    # End of the combat phase: leftover clashes (should not exist) are settled by retreat.
    for a, m in battles(S, st, n):
        flow.push(st, "retreat", n=n, a=a, forced=True, came=[], by=m, mode="clear", sel=[], need=-1)
        return True
    flow.pop(st)
    # FAQ 'Franchi': the title's retreat step belongs to the combat phase, fought or not.
    italia_ii.unopposed_title(S, st, n, ev)
    fought = [a for a in f["fought"] if not S.is_sea[a]]
    st["naval"] = [x for x in st["naval"] if x[0] not in f["fought"]]
    # §10.6.1 FAQ: rebuild first, then the stacking check in the areas where combat took place
    # (none after the first combat of a major invasion, §12.2).
    if f["mode"] != "first":
        exempt = stack_exempt(S, st, n)
        check_areas(S, st, n, fought, exempt)
        if f["mode"] != "camp":  # §12.3.2.5: reacting nations mind the limit only in their own turn
            for m in range(S.N):
                if m != n:
                    check_areas(
                        S, st, m, [a for a in fought if any(u[NAT] == m for u in st["u"][a])], frozenset()
                    )
    start_rebuild(S, st, n)
    return True


def stack_exempt(S: Static, st: State, n: int) -> frozenset[int]:
    """Areas of ``n`` free of the stacking limit now: the campaign leader's area in the
    campaigning nation's turn (§8.4), areas with a leader in a major invasion whose card says
    so (§12.2), Alpes for Hannibal's lift (§13.2)."""
    out: set[int] = set()
    spec = S.turn[n].get(st["round"])
    if spec is not None and st["nat"] == n:
        if spec.kind == "campaign" and spec.leader:
            a, u, _ = find_leader(st, spec.leader)
            if u is not None:
                out.add(a)
        if spec.kind == "major_invasion" and "no_stack_limit_with_leader" in spec.bonuses:
            for a in S.land_ids:
                if any(u[NAT] == n and u[KIND] == LEADER for u in st["u"][a]):
                    out.add(a)
    r10 = st.get("r10")
    if r10:
        for key in r10.get("leaders", ()):
            a, u, _ = find_leader(st, key)
            if u is not None and u[NAT] == n:
                out.add(a)
    return frozenset(out)


def legal_combat(S: Static, st: State, f: Frame, role: str) -> list[Action]:
    seen: list[int] = []
    for a, _m in _combat_pending(S, st, f):
        if a not in seen:
            seen.append(a)
    return [("area", a) for a in seen]


def act_combat(S: Static, st: State, f: Frame, role: str, action: Action, ev: list[Event]) -> None:
    a = action[1]
    for x, m in _combat_pending(S, st, f):
        if x == a:
            _start_battle(S, st, f, a, m, ev)
            return


def _start_battle(S: Static, st: State, f: Frame, a: int, m: int, ev: list[Event]) -> None:
    n = f["n"]
    f["pairs"].append([a, m])
    if a not in f["fought"]:
        f["fought"].append(a)
    if S.is_sea[a]:
        start_naval_battle(S, st, a, n, m, ev)
        return
    ev.append({"msg": "it.battle", "args": {"area": a, "attacker": S.nkey[n], "defender": S.nkey[m]}})
    flow.push(
        st,
        "battle",
        a=a,
        n=n,
        m=m,
        rd=0,
        ph="open",
        raid=False,
        ta=[],
        td=[],
        conv=False,
        sp=[fighters(st, a, n), fighters(st, a, m)],
        mode=f["mode"],
    )


# -- one land battle ----------------------------------------------------------------------------


def can_raid(S: Static, st: State, a: int, n: int, m: int) -> bool:
    """§10.7, §10.7 clarification: only a standing city of another player, not one rebuilt after
    a raid by this nation in this turn."""
    if st["city"][a] != CITY or S.role_of[m] == S.role_of[n]:
        return False
    return a not in st["raided"] and a not in st["safe"]


BATTLE_SECTIONS = {"open": "§10.7", "tga": "§10.4", "tgd": "§10.4", "conv": "§14.3"}
"""The rule of each battle phase where it is not §10.1: raids, targets, conversions."""


def ask_battle(S: Static, st: State, f: Frame) -> tuple[str, dict[str, Any]]:
    """The battle's phase; while targets are chosen (§10.4), the unit whose hit is placed."""
    ph = f.get("ph")
    key, args = ask(S, f, str(ph))
    if ph in ("tga", "tgd"):
        x = f["n"] if ph == "tga" else f["m"]
        done = len(f["ta"] if ph == "tga" else f["td"])
        shooters = [u for u in st["u"][f["a"]] if u[NAT] == x and u[KIND] != LEADER]
        if done < len(shooters):
            args["unit"] = shooters[done][KIND]
            args["nation"] = S.nkey[x]
    return key, args


def section_battle(S: Static, st: State, f: Frame) -> str:
    return BATTLE_SECTIONS.get(str(f.get("ph")), "§10.1")


def run_battle(S: Static, st: State, f: Frame, ev: list[Event]) -> bool:
    a, n, m = f["a"], f["n"], f["m"]
    ph = f["ph"]
    if ph == "open":
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
            f["ph"] = "end"
            return True
        f["ph"] = "first"
        italia_i.elephant_panic(S, st, a, n, m, ev)
        italia_ii.foederati_defection(S, st, a, n, m, ev)
        return True
    if ph == "first" or ph == "round":
        f["ph"] = "round"
        if st["ruler"][m] == n or st["ruler"][n] == m:
            f["ph"] = "end"
            return True
        att = side(st, a, n)
        dfn = side(st, a, m)
        if not att or not dfn:
            f["ph"] = "end"
            return True
        fa = [u for u in att if u[KIND] != LEADER]
        fd = [u for u in dfn if u[KIND] != LEADER]
        if not fa and not fd:
            # §10.2 FAQ: only the two nations' leaders are left: the active nation's withdraw.
            flow.push(st, "retreat", n=n, a=a, forced=True, came=[], by=m, mode="leaders", sel=[], need=-1)
            f["ph"] = "end"
            return True
        if not fa or not fd:
            # §10.2: a leader left alone with enemy units is removed without combat.
            lone = n if not fa else m
            other = m if lone == n else n
            for u in list(att if lone == n else dfn):
                ev.append({"msg": "it.lone_leader", "args": {"leader": u[EXT], "area": a}})
                eliminate(S, st, a, u, other, ev)
            f["ph"] = "end"
            return True
        if not f["conv"] and italia_ii.conversion_possible(S, st, a, n, m):
            f["ph"] = "conv"
            return False
        f["ph"] = "tga"
        f["ta"] = []
        f["td"] = []
        return True
    if ph == "conv":
        return False
    if ph == "tga":
        if _need_targets(S, st, f, n, m, f["ta"]):
            return False
        f["ph"] = "tgd"
        return True
    if ph == "tgd":
        if _need_targets(S, st, f, m, n, f["td"]):
            return False
        f["ph"] = "roll"
        return True
    if ph == "roll":
        _roll_round(S, st, f, ev)
        return True
    if ph == "after":
        if f["raid"]:
            f["ph"] = "end"
            return True
        if side(st, a, n) and side(st, a, m) and fighters(st, a, n) and fighters(st, a, m):
            f["ph"] = "check"
            # §10.5: after each round the attacker, then the defender, may retreat; the defender
            # may submit instead (§10.1, §12.5.1).
            may_sub = submission.may_submit(S, st, m, n)
            flow.push(
                st,
                "retreat",
                n=m,
                a=a,
                forced=False,
                came=list(st["came"][a]),
                by=n,
                mode="battle",
                sel=[],
                need=-1,
                sub=may_sub,
            )
            flow.push(st, "retreat", n=n, a=a, forced=False, came=[], by=m, mode="battle", sel=[], need=-1)
            return True
        f["ph"] = "round"
        return True
    if ph == "check":
        f["ph"] = "round"
        return True
    # end of the battle
    _end_battle(S, st, f, ev)
    return True


def _fighting(st: State, a: int, x: int) -> list[Unit]:
    return shooters(st, a, x)


def _naval_split(st: State, f: Frame) -> bool:
    """§10.8.2: in the first round the defender may aim at the units that came from the sea."""
    return f["rd"] == 0 and not f["raid"]


def _need_targets(S: Static, st: State, f: Frame, x: int, y: int, chosen: list[str]) -> bool:
    a = f["a"]
    shoot = _fighting(st, a, x)
    if len(chosen) >= len(shoot):
        return False
    split = _naval_split(st, f) and x == f["m"]
    tg = targets(st, a, y, split, st["opts"].get("combat_variant", False))
    if len(tg) <= 1:
        chosen.extend(tg * (len(shoot) - len(chosen)) if tg else [])
        return False
    return True


def _target_options(S: Static, st: State, f: Frame, x: int, y: int, chosen: list[str]) -> list[str]:
    a = f["a"]
    split = _naval_split(st, f) and x == f["m"]
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
    """Both sides roll at once (§10.0); hits are removed after both have rolled."""
    a, n, m = f["a"], f["n"], f["m"]
    raid = f["raid"]
    variant = st["opts"].get("combat_variant", False)
    att = _fighting(st, a, n)
    dfn = _fighting(st, a, m)
    mod_a = 0 if raid else modifier(S, st, a, n, m, True)
    mod_d = 0 if raid else modifier(S, st, a, m, n, False)
    dice_a: list[int] = []
    dice_d: list[int] = []
    hits_on_d: dict[str, int] = {}
    hits_on_a: dict[str, int] = {}
    ele_a = ele_d = 0
    raid_hits = 0
    split_d = _naval_split(st, f)
    shots_a: list[list[Any]] = []  # per die [kind, die, need, hit], for the battle panel
    shots_d: list[list[Any]] = []
    for i, u in enumerate(att):
        d = roll(st)
        dice_a.append(d)
        if raid:
            shots_a.append([u[KIND], d, RAID_TO_HIT, die_hits(RAID_TO_HIT, 0, d)])
            if die_hits(RAID_TO_HIT, 0, d):
                raid_hits += 1
            continue
        shots_a.append([u[KIND], d, _need(S.to_hit[u[KIND]], mod_a), die_hits(S.to_hit[u[KIND]], mod_a, d)])
        if die_hits(S.to_hit[u[KIND]], mod_a, d):
            lab = f["ta"][i] if i < len(f["ta"]) else ""
            hits_on_d[lab] = hits_on_d.get(lab, 0) + 1
        if u[KIND] == ELEPHANT and d >= 9:
            ele_a += 1
    for i, u in enumerate(dfn):
        d = roll(st)
        dice_d.append(d)
        lab = f["td"][i] if i < len(f["td"]) else ""
        bonus = 0
        if split_d and "@sea" in lab:
            bonus = MOD_INVASION  # §10.8.2: +2 against units that came from the sea or a strait
        shots_d.append(
            [
                u[KIND],
                d,
                _need(S.to_hit[u[KIND]], mod_d + bonus),
                die_hits(S.to_hit[u[KIND]], mod_d + bonus, d),
            ]
        )
        if die_hits(S.to_hit[u[KIND]], mod_d + bonus, d):
            hits_on_a[lab] = hits_on_a.get(lab, 0) + 1
        if u[KIND] == ELEPHANT and d >= 9 and not raid:
            ele_d += 1
    ev.append(
        {
            "msg": "it.roll",
            "args": {"area": a, "attacker": S.nkey[n], "defender": S.nkey[m], "mod_a": mod_a, "mod_d": mod_d},
            "dice": dice_a + dice_d,
            "dice_a": dice_a,
            "dice_d": dice_d,
            "shots_a": shots_a,
            "shots_d": shots_d,
            "round": f["rd"] + 1,
            "raid": bool(raid),
        }
    )
    dead_a: list[Unit] = []
    dead_d: list[Unit] = []
    if not raid:
        for lab, k in hits_on_d.items():
            grp = _units_of_target(st, a, m, lab, False, variant)
            dead_d.extend(apply_hits(S, st, a, grp, k, n, ev))
    for lab, k in hits_on_a.items():
        grp = _units_of_target(st, a, n, lab, split_d, variant)
        dead_a.extend(apply_hits(S, st, a, grp, k, m, ev))
    for u in dead_d:
        eliminate(S, st, a, u, n, ev)
    for u in dead_a:
        eliminate(S, st, a, u, m, ev)
    f["rd"] += 1
    f["ph"] = "after"
    if raid:
        _raid_result(S, st, f, raid_hits, ev)
        return
    # §10.2: each natural 9-10 of an elephant makes one more enemy unit retreat.
    if ele_d and fighters(st, a, n):
        flow.push(
            st,
            "retreat",
            n=n,
            a=a,
            forced=True,
            came=[],
            by=m,
            mode="elephant",
            sel=[],
            need=min(ele_d, fighters(st, a, n)),
        )
    if ele_a and fighters(st, a, m):
        flow.push(
            st,
            "retreat",
            n=m,
            a=a,
            forced=True,
            came=list(st["came"][a]),
            by=n,
            mode="elephant",
            sel=[],
            need=min(ele_a, fighters(st, a, m)),
        )


def _raid_result(S: Static, st: State, f: Frame, hits: int, ev: list[Event]) -> None:
    """§10.7: one hit ruins and pillages the city; the attacker always withdraws; the
    defender may at once give up a unit to rebuild."""
    a, n, m = f["a"], f["n"], f["m"]
    st["raided"].append(a)
    if hits:
        st["city"][a] = RUIN
        if a not in st["sacked"]:
            st["sacked"].append(a)
        ev.append({"msg": "it.raided", "args": {"area": a, "nation": S.nkey[n]}})
        if any(u[NAT] == m and u[KIND] != LEADER for u in st["u"][a]):
            flow.push(st, "rebuild", n=m, areas=[a], sel=-1, mode="raid")
        flow.push(st, "pillage", n=n, a=a, raid=True, prev=m)
    else:
        ev.append({"msg": "it.raid_failed", "args": {"area": a, "nation": S.nkey[n]}})
    flow.push(st, "retreat", n=n, a=a, forced=True, came=[], by=m, mode="raid", sel=[], need=-1)


def _end_battle(S: Static, st: State, f: Frame, ev: list[Event]) -> None:
    a, n, m = f["a"], f["n"], f["m"]
    flow.pop(st)
    # §10.2: surviving two-hit units are repaired after the combat.
    for u in st["u"][a]:
        if u[HIT] and u[KIND] in LAND_KINDS:
            u[HIT] = 0
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
    if f["sp"][0] < need or f["sp"][1] < need:
        return
    a, n, m = f["a"], f["n"], f["m"]
    for w, loser in ((n, m), (m, n)):
        if side(st, a, w) and not side(st, a, loser):
            for e in S.vp_events[w].get("set_piece", ()):
                if e.rounds and st["round"] not in e.rounds:
                    continue
                if e.nations and S.nkey[loser] not in e.nations:
                    continue
                if w != st["nat"] and not e.as_defender:
                    continue
                award(S, st, w, e.half_vp, ev, "set_piece")
                break


def roles_battle(S: Static, st: State, f: Frame) -> list[str]:
    ph = f["ph"]
    if ph == "open" or ph == "tga":
        return [S.role_of[f["n"]]]
    if ph == "tgd":
        return [S.role_of[f["m"]]]
    if ph == "conv":
        return [S.role_of[S.nidx[S.scen_special["patrimonium_conversion"]["nation"]]]]
    return []


def legal_battle(S: Static, st: State, f: Frame, role: str) -> list[Action]:
    ph = f["ph"]
    if ph == "open":
        return [("attack",), ("raid",)]
    if ph == "tga":
        return [("target", t) for t in _target_options(S, st, f, f["n"], f["m"], f["ta"])]
    if ph == "tgd":
        return [("target", t) for t in _target_options(S, st, f, f["m"], f["n"], f["td"])]
    if ph == "conv":
        return italia_ii.conversion_actions(S, st, f)
    return []


def act_battle(S: Static, st: State, f: Frame, role: str, action: Action, ev: list[Event]) -> None:
    ph = f["ph"]
    if ph == "open":
        f["raid"] = action[0] == "raid"
        f["declared"] = True
        if f["raid"]:
            ev.append({"msg": "it.raid", "args": {"area": f["a"], "nation": S.nkey[f["n"]]}})
    elif ph == "tga":
        f["ta"].append(action[1])
    elif ph == "tgd":
        f["td"].append(action[1])
    elif ph == "conv":
        italia_ii.convert(S, st, f, action, ev)
        f["conv"] = True
        f["ph"] = "round"


# -- retreats (§10.5, §8.6) -------------------------------------------------------------------


def can_retreat(S: Static, st: State, x: int, u: Unit) -> bool:
    """Damaged knights may not retreat (§14.2); neutral garrisons of round 10 never do."""
    if neutral(S, st, x):
        return False
    return not (u[KIND] == "knight" and u[HIT])


def retreat_dests(S: Static, st: State, f: Frame, u: Unit) -> list[int]:
    """Where one unit of ``x`` may retreat from ``a`` (§10.5, §8.6, §10.5 FAQ):

    * an adjacent area held by its own nation with room under the limit plus one;
    * an adjacent empty area, for the defender not one the attackers came from;
    * never an entry area (unless its card allows), never an area with another nation's
      units (a campaigning army may use its subjects' areas, §12.3.1);
    * onto its own fleets in an adjacent sea with room, whatever other fleets are there
      (§10.5 FAQ, §10.5 clarification)."""
    x, a = f["n"], f["a"]
    came = f["came"]
    out: list[int] = []
    land = u[KIND] != LEADER
    ok_origin = S.special[x].get("entry_as_normal", {}).get("retreat_against_origin", False)
    # §12.3.1: a campaigning army may retreat into its subjects' areas, but not when it
    # withdraws because a nation submitted: it leaves every area of its subject (§12.5.2).
    camp = st.get("camp_nat") == x and f["mode"] != "submit"
    blocked = st.get("react_from", []) if camp else []
    for b in S.land_adj[a]:
        if S.is_entry[b] and b not in S.entry_ok[x]:
            continue
        if b in blocked:
            continue
        lst = st["u"][b]
        if not lst:
            if b in came and not (ok_origin and S.is_entry[b]):
                continue
            out.append(b)
            continue
        if any(v[NAT] != x and not (camp and st["ruler"][v[NAT]] == x) for v in lst):
            continue
        if land and stack(st, b, x) + 1 > limit(S, st, b, x) + 1:
            continue
        out.append(b)
    for s in S.sea_adj[a]:
        for fl in st["u"][s]:
            if (
                fl[NAT] == x
                and fl[KIND] == FLEET
                and (not land or sum(1 for c in fl[EXT] if c[KIND] != LEADER) < FLEET_CAPACITY)
            ):
                out.append(s)
                break
    return out


def retreat_capitals(S: Static, st: State, f: Frame) -> list[Action]:
    """§8.1 (note and Bruttium example): a capital may be named at any time, even in another
    nation's turn, and naming one can save a retreating unit. Offered in every retreat of land
    units (after a combat round, driven back by elephants, from a raid, out of Roma or an
    arrival area, after a submission) for each own area next to the units that is full now
    (§8.6): as the capital it takes one more."""
    x, a = f["n"], f["a"]
    if f["mode"] == "leaders" or S.capital_fixed[x] >= 0:
        return []
    if not any(u[NAT] == x and u[KIND] in LAND_KINDS and can_retreat(S, st, x, u) for u in st["u"][a]):
        return []
    blocked = st.get("react_from", []) if st.get("camp_nat") == x else []
    out: list[Action] = []
    for b in S.land_adj[a]:
        if (S.is_entry[b] and b not in S.entry_ok[x]) or b in blocked:
            continue
        if can_declare(S, st, x, b) and retreat_room(S, st, b, x) <= 0:
            out.append(("capital", b))
    return out


def _retreaters(S: Static, st: State, f: Frame) -> list[Unit]:
    x, a = f["n"], f["a"]
    return [u for u in st["u"][a] if u[NAT] == x and can_retreat(S, st, x, u)]


RETREAT_SECTIONS = {
    "elephant": "§10.2",
    "clear": "§7.2",
    "submit": "§12.5.2",
    "raid": "§10.7",
    "leaders": "§10.2",
}
"""The rule behind each kind of retreat where it is not §10.5."""


def ask_retreat(S: Static, st: State, f: Frame) -> tuple[str, dict[str, Any]]:
    return ask(S, f, str(f.get("mode")))


def section_retreat(S: Static, st: State, f: Frame) -> str:
    return RETREAT_SECTIONS.get(str(f.get("mode")), "§10.5")


def run_retreat(S: Static, st: State, f: Frame, ev: list[Event]) -> bool:
    x, a = f["n"], f["a"]
    if f["mode"] == "elephant" and f["need"] <= 0:
        flow.pop(st)
        return True
    mine = [u for u in st["u"][a] if u[NAT] == x]
    if not mine or (f["mode"] == "elephant" and not any(u[KIND] != LEADER for u in mine)):
        flow.pop(st)
        return True
    if f["mode"] == "battle" and not any(u[NAT] == f["by"] for u in st["u"][a]):
        flow.pop(st)  # §10.5: only while both sides are still in the area
        return True
    if f["mode"] == "leaders":
        mine = [u for u in mine if u[KIND] == LEADER]
    if f["forced"] and f["mode"] != "elephant":
        movable = [u for u in mine if can_retreat(S, st, x, u) and retreat_dests(S, st, f, u)]
        if not movable and not f.get("sel") and not retreat_capitals(S, st, f):
            # §10.5, §10.7, §13.1: units that must retreat and cannot are eliminated.
            for u in list(mine):
                eliminate(S, st, a, u, f["by"], ev)
            flow.pop(st)
            return True
    return False


def legal_retreat(S: Static, st: State, f: Frame, role: str) -> list[Action]:
    x, a = f["n"], f["a"]
    sel = f["sel"]
    if sel:
        u = _selected(st, f)
        if u is None:
            return [("done",)]
        return [("area", b) for b in retreat_dests(S, st, f, u)]
    acts: list[Action] = []
    seen: list[str] = []
    for u in st["u"][a]:
        if u[NAT] != x:
            continue
        if f["mode"] == "elephant" and u[KIND] == LEADER:
            continue
        if f["mode"] == "leaders" and u[KIND] != LEADER:
            continue
        tag = u[EXT] if u[KIND] == LEADER else u[KIND] + ("*" if u[HIT] else "")
        if tag in seen:
            continue
        if f["mode"] != "elephant" and (not can_retreat(S, st, x, u) or not retreat_dests(S, st, f, u)):
            continue
        seen.append(tag)
        acts.append(("leader", u[EXT]) if u[KIND] == LEADER else ("unit", tag))
    if f["mode"] != "elephant" and (not f["forced"] or not acts):
        acts.append(("done",))
    if f.get("sub") and submission.may_submit(S, st, f["n"], f["by"]):  # §12.5.1 areas held now
        acts.append(("submit",))
    acts.extend(retreat_capitals(S, st, f))
    return acts


def _selected(st: State, f: Frame) -> Unit | None:
    x, a = f["n"], f["a"]
    tag = f["sel"][0]
    for u in st["u"][a]:
        if u[NAT] != x:
            continue
        t = u[EXT] if u[KIND] == LEADER else u[KIND] + ("*" if u[HIT] else "")
        if t == tag:
            return u
    return None


def act_retreat(S: Static, st: State, f: Frame, role: str, action: Action, ev: list[Event]) -> None:
    x, a = f["n"], f["a"]
    verb = action[0]
    if verb == "done":
        if f["sel"]:
            f["sel"] = []
            return
        if f["forced"]:
            for u in [u for u in st["u"][a] if u[NAT] == x and (f["mode"] != "leaders" or u[KIND] == LEADER)]:
                eliminate(S, st, a, u, f["by"], ev)
        flow.pop(st)
        return
    if verb == "submit":
        flow.pop(st)
        submission.submit(S, st, x, f["by"], ev)
        return
    if verb == "capital":
        declare(S, st, x, action[1], ev)
        return
    if verb in ("unit", "leader"):
        f["sel"] = [action[1]]
        u = _selected(st, f)
        if (
            f["mode"] == "elephant"
            and u is not None
            and (not can_retreat(S, st, x, u) or not retreat_dests(S, st, f, u))
        ):
            # §10.2: a unit that cannot make the elephant retreat is eliminated (and scores).
            f["sel"] = []
            f["need"] -= 1
            eliminate(S, st, a, u, f["by"], ev)
        return
    # ("area", b): the selected unit retreats there.
    b = action[1]
    u = _selected(st, f)
    f["sel"] = []
    if u is None:
        return
    move_retreat(S, st, x, a, b, u, ev, penalty=f["mode"] not in ("submit", "clear"))
    if f["mode"] == "elephant":
        f["need"] -= 1


def move_retreat(
    S: Static, st: State, x: int, a: int, b: int, u: Unit, ev: list[Event], *, penalty: bool
) -> None:
    """§10.5: one unit retreats (onto a fleet if ``b`` is a sea); §8.6 allowance; the Roman
    leader penalty of the card unless after a submission."""
    remove(st, a, u)
    u[FL] = (u[FL] & ~(F_GRP | F_ENTRY)) | F_STOP
    if u[KIND] in LAND_KINDS and u[HIT] and not st["opts"].get("retreat_stays_damaged"):
        # §10.2: a two-hit unit that survives the combat is repaired; retreating is surviving.
        u[HIT] = 0
    if S.is_sea[b]:
        for fl in st["u"][b]:
            if (
                fl[NAT] == x
                and fl[KIND] == FLEET
                and (u[KIND] == LEADER or sum(1 for c in fl[EXT] if c[KIND] != LEADER) < FLEET_CAPACITY)
            ):
                fl[EXT].append(u)
                break
    else:
        was_empty = not st["u"][b]
        st["u"][b].append(u)
        if u[KIND] != LEADER and stack(st, b, x) > limit(S, st, b, x) and [x, b] not in st["rx"]:
            st["rx"].append([x, b])  # §8.6: one unit over the limit until its next move
        if was_empty and x == st["nat"] and st["city"][b] == CITY:
            offer_pillage(S, st, x, b)  # §10.5: an empty city reached by retreating may be pillaged
        elif x != st["nat"]:
            note_holder(st, b)  # the defender now holds the city there (§10.6 FAQ)
    ev.append({"msg": "it.retreat", "args": {"nation": S.nkey[x], "unit": u[KIND], "from": a, "to": b}})
    if u[KIND] == LEADER and penalty:
        for e in S.vp_events[x].get("leader_retreat", ()):
            award(S, st, x, e.half_vp, ev, "leader_retreat")


# -- pillage (§10.6) ----------------------------------------------------------------------------


def offer_pillage(S: Static, st: State, n: int, a: int) -> None:
    """§10.6, §10.6 FAQ: a city just taken whose previous owner was another player may be
    pillaged (the city need not have been defended)."""
    prev = st["cown"][a]
    if st["city"][a] == CITY and prev >= 0 and S.role_of[prev] != S.role_of[n] and a not in st["raided"]:
        flow.push(st, "pillage", n=n, a=a, raid=False, prev=prev)
    else:
        st["cown"][a] = n


def pillage_events(S: Static, st: State, n: int, a: int) -> Any:
    """The most valuable pillage line of ``n``'s card that applies to area ``a``."""
    best = None
    first = a not in st["sacks"][n]
    for e in S.vp_events[n].get("pillage", ()):
        if e.rounds and st["round"] not in e.rounds:
            continue
        if e.area_id >= 0 and e.area_id != a:
            continue
        if e.nth == "first" and not first:
            continue
        if e.nth == "later" and first:
            continue
        if best is None or e.half_vp > best.half_vp:
            best = e
    return best


def legal_pillage(S: Static, st: State, f: Frame, role: str) -> list[Action]:
    """§10.6: gold, or the card's VP instead (never both); after a raid the city is already
    ruined and pillaged, otherwise the player may leave it standing."""
    n, a = f["n"], f["a"]
    acts: list[Action] = [("pillage", "gold")]
    if scores_now(S, st, n) and pillage_events(S, st, n, a) is not None:
        acts.append(("pillage", "vp"))
    if not f["raid"]:
        acts.append(("done",))
    return acts


def act_pillage(S: Static, st: State, f: Frame, role: str, action: Action, ev: list[Event]) -> None:
    n, a = f["n"], f["a"]
    flow.pop(st)
    if not f["raid"]:
        st["cown"][a] = n
    if action[0] == "done":
        return
    if not f["raid"]:
        st["city"][a] = RUIN
        if a not in st["sacked"]:
            st["sacked"].append(a)
        ev.append({"msg": "it.pillaged", "args": {"area": a, "nation": S.nkey[n]}})
        r10 = S.scen_special.get("round_10")
        if r10 and st["round"] == S.rounds:
            st["city"][a] = 0  # §13.4 FAQ: a city pillaged in round 10 is gone for good
    e = pillage_events(S, st, n, a)
    st["sacks"][n].append(a)
    if action[1] == "vp" and e is not None:
        award(S, st, n, e.half_vp, ev, "pillage")
        return
    gold = S.costs.pillage_gold
    ruler = st["ruler"][n]
    if ruler >= 0:
        # §12.5.2: a subject keeps half the plunder (rounded up), the ruler gets the rest.
        st["gold"][n] += (gold + 1) // 2
        pay_ruler(S, st, ruler, gold // 2, ev)
    else:
        st["gold"][n] += gold
    ev.append({"msg": "it.gold", "args": {"nation": S.nkey[n], "gold": gold}})


# -- rebuilding (§10.6.1) -----------------------------------------------------------------------


def rebuild_sites(S: Static, st: State, n: int) -> list[int]:
    """Ruins in areas ``n`` holds alone, not pillaged or raided by it this turn (§10.6.1)."""
    out = []
    for a in S.land_ids:
        if st["city"][a] != RUIN or a in st["sacked"]:
            continue
        lst = st["u"][a]
        if not lst or any(u[NAT] != n for u in lst):
            continue
        if any(u[KIND] in LAND_KINDS for u in lst):
            out.append(a)
    return out


def start_rebuild(S: Static, st: State, n: int) -> None:
    """§10.6.1: offer the rebuilding of ruins (after movement and after combat)."""
    if rebuild_sites(S, st, n):
        flow.push(st, "rebuild", n=n, areas=[], sel=-1, mode="turn")


def _rb_sites(S: Static, st: State, f: Frame) -> list[int]:
    if f["mode"] == "raid":
        a = f["areas"][0]
        if st["city"][a] == RUIN and any(u[NAT] == f["n"] and u[KIND] in LAND_KINDS for u in st["u"][a]):
            return [a]
        return []
    return rebuild_sites(S, st, f["n"])


def run_rebuild(S: Static, st: State, f: Frame, ev: list[Event]) -> bool:
    if f["sel"] < 0 and not _rb_sites(S, st, f):
        flow.pop(st)
        return True
    return False


def legal_rebuild(S: Static, st: State, f: Frame, role: str) -> list[Action]:
    n = f["n"]
    if f["sel"] >= 0:
        kinds: list[Action] = []
        for u in st["u"][f["sel"]]:
            if u[NAT] == n and u[KIND] in LAND_KINDS and ("unit", u[KIND]) not in kinds:
                kinds.append(("unit", u[KIND]))
        return kinds
    acts: list[Action] = [("rebuild", a) for a in _rb_sites(S, st, f)]
    acts.append(("done",))
    return acts


def act_rebuild(S: Static, st: State, f: Frame, role: str, action: Action, ev: list[Event]) -> None:
    """§10.6.1: a unit (not a leader) of the nation is removed and the ruin becomes a city
    again; no VP for anyone (§11.0)."""
    n = f["n"]
    if action[0] == "done":
        flow.pop(st)
        r10 = S.scen_special.get("round_10")
        if f["mode"] == "raid" and r10 and st["round"] == S.rounds:
            st["city"][f["areas"][0]] = 0  # §13.4 FAQ: not rebuilt at once, never again
        return
    if action[0] == "rebuild":
        f["sel"] = action[1]
        return
    a = f["sel"]
    for u in st["u"][a]:
        if u[NAT] == n and u[KIND] == action[1]:
            remove(st, a, u)
            break
    st["city"][a] = CITY
    st["cown"][a] = n
    f["sel"] = -1
    ev.append({"msg": "it.rebuilt", "args": {"area": a, "nation": S.nkey[n]}})
    if f["mode"] == "raid":
        r10 = S.scen_special.get("round_10")
        if r10 and st["round"] == S.rounds:
            st["safe"].append(a)  # §13.4 FAQ: rebuilt after a raid in round 10, never destroyed again
        flow.pop(st)


__all__ = ["battles", "modifier", "start_combat", "supremacy"]
