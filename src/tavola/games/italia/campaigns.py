"""§12.3 Campaigns: a leader and the army with him move again and again, one gold per move;
after each move the campaigning player may declare raids or a block, every other nation
near the leader gets a reaction move (joining the battle or moving away), then combat.

The campaign ends when the player stops, when the gold runs out or as soon as the leader
dies (§12.3.1)."""

from __future__ import annotations

from typing import Any

from tavola.core import flow
from tavola.core.flow import Frame
from tavola.core.rules import Action, Event, State
from tavola.games.italia import italia_i
from tavola.games.italia.battle import can_raid
from tavola.games.italia.combat import battles, stack_exempt, start_combat
from tavola.games.italia.const import EXT, F_ENTRY, F_GRP, FL, FLEET, KIND, LEADER, NAT
from tavola.games.italia.model import (
    Unit,
    allies,
    ask,
    board,
    find_leader,
    kill_vp,
    note_holder,
    put,
    remove,
    reset_moves,
    room_aboard,
)
from tavola.games.italia.movement import hostile, start_move
from tavola.games.italia.naval import start_declarations
from tavola.games.italia.scenario import Static
from tavola.games.italia.stacking import check_areas, check_attacks
from tavola.games.italia.submission import offer_revolt

# -- the campaign frame ---------------------------------------------------------------------


def leader_area(st: State, key: str) -> int:
    """Where the campaigning leader stands (-1 once he is dead: the campaign ends, §12.3.1)."""
    a, u, _ = find_leader(st, key)
    return a if u is not None else -1


def ask_camp(S: Static, st: State, f: Frame) -> tuple[str, dict[str, Any]]:
    return ask(S, f, str(f.get("phase")))


def section_camp(S: Static, st: State, f: Frame) -> str:
    """§12.3.4 for the declaration and the units blocked; §12.3.1 otherwise."""
    return "§12.3.4" if f.get("phase") in ("decl", "blockunit") else "§12.3.1"


def run_camp(S: Static, st: State, f: Frame, ev: list[Event]) -> bool:
    n = f["nation"]
    ph = f["phase"]
    la = leader_area(st, f["ldr"])
    if ph == "start":
        if la < 0:
            flow.pop(st)  # clarification §12.3: no campaign (and no gold) without the leader
            return True
        if f["gold"]:
            st["gold"][n] += f["gold"]
            ev.append({"msg": "it.campaign_gold", "args": {"nation": S.nkey[n], "gold": f["gold"]}})
        st["camp_nat"] = n
        ev.append({"msg": "it.campaign", "args": {"nation": S.nkey[n], "leader": f["ldr"]}})
        f["phase"] = "ask"
        return True
    if ph == "ask":
        if la < 0:
            _end(S, st, f)
            return True
        return False
    if ph == "moved":
        f["phase"] = "decl"
        st["camp_raids"] = []
        if la < 0:
            f["phase"] = "post"
        italia_i.defection(S, st, ev)
        if not st["opts"].get("campaign_stack_at_end"):
            left_behind_check(S, st, n)
        attack_check(S, st, n, f["ldr"])
        return True
    if ph == "decl" or ph == "blockunit":
        return False
    if ph == "react":
        f["phase"] = "fight"
        if la >= 0:
            push_reactions(S, st, f, la)
        return True
    if ph == "fight":
        f["phase"] = "post"
        st["naval"] = []
        start_combat(S, st, n, "camp")
        # Clarification §12.3: naval battles follow the normal rules in every campaign combat.
        start_declarations(S, st, n)
        return True
    if ph == "post":
        st["camp_raids"] = None
        st["blocked"] = []
        st["react_from"] = []
        f["moves"] += 1
        if f["single"]:
            _end(S, st, f)
            return True
        f["phase"] = "ask"
        return True
    return False


def _end(S: Static, st: State, f: Frame) -> None:
    flow.pop(st)
    st["camp_nat"] = -1
    if st["opts"].get("campaign_stack_at_end"):
        left_behind_check(S, st, f["nation"])


def left_behind_check(S: Static, st: State, n: int) -> None:
    """§8.0, §12.3.1: the stacking limit holds where the campaign left units behind (only
    the campaigning leader's area is free of it, §8.4). By default after each campaign move
    (the limit is checked "alla fine del movimento"); with the option, once at the end of
    the campaign. Attacked areas are checked after their combat (§8.3)."""
    quiet = [a for a in st["occupied"][n] if not S.is_sea[a] and not hostile(S, st, a, n)]
    check_areas(S, st, n, quiet, stack_exempt(S, st, n))


def attack_check(S: Static, st: State, n: int, leader: str) -> None:
    """§8.3: away from the campaigning leader the attack limit holds (an army that arrived in
    an occupied area and did not leave it, FAQ 'Epiroti')."""
    la = leader_area(st, leader)
    areas = [a for a in st["occupied"][n] if a != la and not S.is_sea[a] and not S.is_entry[a]]
    check_attacks(S, st, n, [a for a in areas if hostile(S, st, a, n)], major=False)


def may_stop(S: Static, st: State, f: Frame) -> bool:
    """§12.3.1: the campaign's last move may not end in an area of a submitted nation (unless
    no further move can be paid)."""
    n = f["nation"]
    la = leader_area(st, f["ldr"])
    if la < 0 or st["gold"][n] < S.costs.campaign_move:
        return True
    return not any(u[NAT] != n and allies(st, n, u[NAT]) for u in st["units"][la])


def legal_camp(S: Static, st: State, f: Frame, role: str) -> list[Action]:
    n = f["nation"]
    ph = f["phase"]
    if ph == "ask":
        acts: list[Action] = []
        if st["gold"][n] >= S.costs.campaign_move:
            acts.append(("campaign",))
        if may_stop(S, st, f) or not acts:
            acts.append(("done",) if not f["single"] else ("pass",))
        return acts
    if ph == "blockunit":
        la = leader_area(st, f["ldr"])
        kinds: list[Action] = []
        for u in st["units"][la]:
            if u[NAT] == n and u[KIND] != LEADER and ("unit", u[KIND]) not in kinds:
                kinds.append(("unit", u[KIND]))
        return kinds
    # ph == "decl": raids and a block (§12.3.3, §12.3.4)
    acts = []
    for a, m in battles(S, st, n):
        if a not in st["camp_raids"] and can_raid(S, st, a, n, m):
            acts.append(("raid", a))
    la = leader_area(st, f["ldr"])
    if (
        la >= 0
        and not f["blocked"]
        and st["gold"][n] >= S.costs.block
        and any(u[NAT] == n and u[KIND] != LEADER for u in st["units"][la])
    ):
        for b in S.adj[la]:
            if b == f["last"]:
                continue
            if any(u[NAT] != n and not allies(st, n, u[NAT]) for u in st["units"][b]):
                acts.append(("block", b))
    acts.append(("done",))
    return acts


def act_camp(S: Static, st: State, f: Frame, role: str, action: Action, ev: list[Event]) -> None:
    n = f["nation"]
    verb = action[0]
    if f["phase"] == "ask":
        if verb in ("done", "pass"):
            if f["single"]:
                st["r10"]["passes"] += 1
            _end(S, st, f)
            return
        st["gold"][n] -= S.costs.campaign_move
        if f["single"]:
            st["r10"]["passes"] = 0
        ev.append({"msg": "it.campaign_move", "args": {"nation": S.nkey[n], "gold": st["gold"][n]}})
        reset_moves(S, st, n)
        st["blocked"] = []
        f["blocked"] = False
        f["phase"] = "moved"
        start_move(S, st, n, "camp", ldr=f["ldr"])
        if f["free"] >= 0 and f["moves"] == 0:
            flow.top(st)["free"] = f["free"]
        return
    if f["phase"] == "blockunit":
        la = leader_area(st, f["ldr"])
        for u in st["units"][la]:
            if u[NAT] == n and u[KIND] == action[1]:
                remove(st, la, u)
                ev.append(
                    {
                        "msg": "it.lost",
                        "args": {"nation": S.nkey[n], "unit": u[KIND], "area": la, "leader": ""},
                    }
                )
                # §12.3.4, §12.3.4 FAQ: the unit comes from the leader's area; the blocked nation may
                # score it.
                for m in {x[NAT] for x in st["units"][f["last"]] if x[NAT] != n}:
                    saved = st["active_nation"]
                    st["active_nation"] = m
                    kill_vp(S, st, m, n, u[KIND], None, ev)
                    st["active_nation"] = saved
                break
        f["phase"] = "decl"
        return
    if verb == "raid":
        st["camp_raids"].append(action[1])
        ev.append({"msg": "it.raid", "args": {"area": action[1], "nation": S.nkey[n]}})
        return
    if verb == "block":
        b = action[1]
        st["gold"][n] -= S.costs.block
        st["blocked"] = [b]
        f["last"] = b
        f["blocked"] = True
        f["phase"] = "blockunit"
        ev.append({"msg": "it.block", "args": {"nation": S.nkey[n], "area": b}})
        return
    # done declaring
    if not f["blocked"]:
        f["last"] = -1  # §12.3.4: the same area may not be blocked in two successive moves
    f["phase"] = "react"


# -- reaction moves (§12.3.2) -------------------------------------------------------------------


def reacting_nations(S: Static, st: State, n: int, la: int) -> list[int]:
    """§12.3.2: every other nation with units in the leader's area or next to it, in the
    order of play (round 10 of Italia I: only the factions, §13.4)."""
    near = [la, *S.adj[la]]
    out: list[int] = []
    for m in [*S.order, *S.factions]:
        if m == n or italia_i.neutral(S, st, m):
            continue
        occupied = st["occupied"][m]  # aboard a fleet too
        for a in near:
            if a in occupied:
                out.append(m)
                break
    return out


def push_reactions(S: Static, st: State, f: Frame, la: int) -> None:
    """§12.3.2: one reaction per nation near the leader, in the order of play."""
    n = f["nation"]
    order = reacting_nations(S, st, n, la)
    raid = la in (st.get("camp_raids") or [])
    for m in reversed(order):
        flow.push(st, "react", nation=m, campaigner=n, leader_area=la, phase="choose", src=-1, raid=raid)
    # §13.2: nations may revolt while the campaigning leader is near their units.
    for m in reversed(order):
        offer_revolt(S, st, m, "leader_near")


def _units_in(st: State, a: int, x: int, S: Static) -> list[Unit]:
    """Units of ``x`` in ``a`` that can make a reaction move (cargo if ``a`` is a sea)."""
    out = []
    for u in st["units"][a]:
        if u[NAT] == x:
            out.append(u)
        if u[KIND] == FLEET:
            for c in u[EXT]:
                if c[NAT] == x:
                    out.append(c)
    return out


def _join_sources(S: Static, st: State, f: Frame) -> list[int]:
    x, la = f["nation"], f["leader_area"]
    out = []
    for b in S.adj[la]:
        if b in st["blocked"]:
            continue
        if S.is_sea[b]:
            if any(c[NAT] == x for u in st["units"][b] if u[KIND] == FLEET for c in u[EXT]):
                out.append(b)
        elif any(u[NAT] == x for u in st["units"][b]) and (S.land_adj[la] and b in S.land_adj[la]):
            out.append(b)
    return out


def _may_join(S: Static, st: State, f: Frame) -> bool:
    """§12.3.2.1: only a nation that already has a unit in the leader's area, never against a
    raid (§10.7, §12.3.3); at most two nations in one area. Elsewhere a reaction is always a
    move-and-see (§12.3.3 clarification)."""
    x, la, c = f["nation"], f["leader_area"], f["campaigner"]
    if S.is_sea[la]:
        return False  # land units join a land battle; at sea only fleets fight (§10.8)
    if f["raid"] or not any(u[NAT] == x for u in st["units"][la]):
        return False
    if any(u[NAT] not in (x, c) for u in st["units"][la]):
        return False
    return bool(_join_sources(S, st, f))


def _see_ok(S: Static, st: State, x: int, c: int, b: int) -> bool:
    """§12.3.2.2, §12.3.2.3: the destination is empty, held by the reacting nation alone, or by
    it and the campaigning nation only: no new combat, never three nations; leaving the
    leader's area for an area the army left is no retreat (§12.3.2.2 clarification)."""
    nats = {u[NAT] for u in st["units"][b]}
    if not nats:
        return True
    if nats == {x}:
        return True
    return x in nats and nats <= {x, c}


def _see_dests(S: Static, st: State, f: Frame) -> list[int]:
    x, c, src = f["nation"], f["campaigner"], f["src"]
    grp = [u for u in _units_in(st, src, x, S) if u[FL] & F_GRP]
    if not grp:
        return []
    out: list[int] = []
    if S.is_sea[src]:
        if grp[0][KIND] == FLEET:
            return list(S.sea_adj[src])
        for b in S.coasts[src]:
            if S.is_entry[b] and b not in S.entry_pass[x]:
                continue
            if _see_ok(S, st, x, c, b):
                out.append(b)
        return out
    for b in S.land_adj[src]:
        if S.is_entry[b] and b not in S.entry_pass[x]:
            continue
        if _see_ok(S, st, x, c, b):
            out.append(b)
    land = sum(1 for u in grp if u[KIND] != LEADER)
    for s in S.sea_adj[src]:
        room = sum(room_aboard(fl) for fl in st["units"][s] if fl[NAT] == x and fl[KIND] == FLEET)
        if any(fl[NAT] == x and fl[KIND] == FLEET for fl in st["units"][s]) and room >= land:
            out.append(s)
    return out


def _see_sources(S: Static, st: State, f: Frame) -> list[int]:
    x = f["nation"]
    out = []
    for a in range(S.A):
        if a in st["blocked"]:
            continue
        if _units_in(st, a, x, S):
            out.append(a)
    return out


def ask_react(S: Static, st: State, f: Frame) -> tuple[str, dict[str, Any]]:
    return ask(S, f, str(f.get("phase")))


def roles_react(S: Static, st: State, f: Frame) -> list[str]:
    return [S.role_of[f["nation"]]]


def legal_react(S: Static, st: State, f: Frame, role: str) -> list[Action]:
    x = f["nation"]
    ph = f["phase"]
    if ph == "choose":
        acts: list[Action] = []
        if _may_join(S, st, f):
            acts.append(("join",))
        if _see_sources(S, st, f):
            acts.append(("see",))
        acts.append(("pass",))
        return acts
    if ph == "join":
        acts = [("area", b) for b in _join_sources(S, st, f)]
        acts.append(("done",))
        return acts
    if ph == "join_src":
        acts = []
        seen: list[str] = []
        for u in _units_in(st, f["src"], x, S):
            if u[KIND] == FLEET:
                continue
            tag = u[EXT] if u[KIND] == LEADER else u[KIND]
            if tag in seen:
                continue
            seen.append(tag)
            acts.append(("leader", tag) if u[KIND] == LEADER else ("unit", tag))
        acts.append(("done",))
        return acts
    if ph == "see":
        acts = [("area", b) for b in _see_sources(S, st, f)]
        acts.append(("done",))
        return acts
    # see_sel: gather a stack, then move it one area
    src = f["src"]
    grp = [u for u in _units_in(st, src, x, S) if u[FL] & F_GRP]
    acts = []
    seen = []
    if S.is_sea[src]:
        if not grp or grp[0][KIND] == FLEET:
            for j, u in enumerate(st["units"][src]):
                if u[NAT] == x and u[KIND] == FLEET and not u[FL] & F_GRP:
                    acts.append(("fleet", j))
        if not grp or grp[0][KIND] != FLEET:
            for fl in st["units"][src]:
                if fl[KIND] != FLEET:
                    continue
                for c in fl[EXT]:
                    if c[NAT] == x and not c[FL] & F_GRP:
                        tag = c[EXT] if c[KIND] == LEADER else c[KIND]
                        if tag not in seen:
                            seen.append(tag)
                            acts.append(("leader", tag) if c[KIND] == LEADER else ("unit", tag))
    else:
        for u in st["units"][src]:
            if u[NAT] == x and not u[FL] & F_GRP:
                tag = u[EXT] if u[KIND] == LEADER else u[KIND]
                if tag not in seen:
                    seen.append(tag)
                    acts.append(("leader", tag) if u[KIND] == LEADER else ("unit", tag))
    acts.extend(("area", b) for b in _see_dests(S, st, f))
    acts.append(("done",))
    return acts


def act_react(S: Static, st: State, f: Frame, role: str, action: Action, ev: list[Event]) -> None:
    """§12.3.2.3: a reaction only moves (no buying, no rebuilding, no pillage: §12.3.2.3
    clarification): it passes, joins the leader's area (§12.3.2.1) or moves one stack one area
    to see (§12.3.2.2, §12.3.2.3)."""
    ph = f["phase"]
    if ph == "choose":
        if action[0] == "pass":
            flow.pop(st)
        else:
            f["phase"] = action[0]
    elif ph in ("join", "join_src"):
        _act_join(S, st, f, action, ev)
    elif ph == "see":
        if action[0] == "done":
            flow.pop(st)
        else:
            f["src"] = action[1]
            f["phase"] = "see_sel"
    else:
        _act_see(S, st, f, action, ev)


def _act_join(S: Static, st: State, f: Frame, action: Action, ev: list[Event]) -> None:
    """§12.3.2.1: units join the leader's area from areas next to it, one source at a time."""
    x = f["nation"]
    verb = action[0]
    if f["phase"] == "join":
        if verb == "done":
            flow.pop(st)
            italia_i.defection(S, st, ev)
            return
        f["src"] = action[1]
        f["phase"] = "join_src"
        if action[1] not in st["react_from"]:
            st["react_from"].append(action[1])
        return
    if verb == "done":
        f["phase"] = "join"
        return
    src = f["src"]
    for u in _units_in(st, src, x, S):
        tag = u[EXT] if u[KIND] == LEADER else u[KIND]
        if tag == action[1] and u[KIND] != FLEET:
            remove(st, src, u)
            u[FL] &= ~F_ENTRY  # a unit that moved is no fresh reinforcement (§10.0 FAQ)
            put(st, f["leader_area"], u)
            ev.append(
                {"msg": "it.react_join", "args": {"nation": S.nkey[x], "from": src, "to": f["leader_area"]}}
            )
            break


def _act_see(S: Static, st: State, f: Frame, action: Action, ev: list[Event]) -> None:
    """§12.3.2.2, §12.3.2.3: the units picked in one area move one area, never more."""
    x = f["nation"]
    src = f["src"]
    verb = action[0]
    if verb == "done":
        for u in _units_in(st, src, x, S):
            u[FL] &= ~F_GRP
        flow.pop(st)
        return
    if verb == "fleet":
        st["units"][src][action[1]][FL] |= F_GRP
        return
    if verb in ("unit", "leader"):
        for u in _units_in(st, src, x, S):
            tag = u[EXT] if u[KIND] == LEADER else u[KIND]
            if tag == action[1] and not u[FL] & F_GRP and u[KIND] != FLEET:
                u[FL] |= F_GRP
                return
        return
    # ("area", b): move the stack one area (§12.3.2.3), never more.
    b = action[1]
    grp = [u for u in _units_in(st, src, x, S) if u[FL] & F_GRP]
    for u in grp:
        remove(st, src, u)
        u[FL] &= ~(F_GRP | F_ENTRY)
    if S.is_sea[b] and not S.is_sea[src]:
        fleets = [fl for fl in st["units"][b] if fl[NAT] == x and fl[KIND] == FLEET]
        for u in grp:
            for fl in fleets:
                if u[KIND] == LEADER or room_aboard(fl) > 0:
                    board(st, b, fl, u)
                    break
    else:
        for u in grp:
            put(st, b, u)
        note_holder(st, b)  # a city reached by a reaction move is held by its nation (§10.6 FAQ)
    if src not in st["react_from"]:
        st["react_from"].append(src)
    ev.append(
        {"msg": "it.react_move", "args": {"nation": S.nkey[x], "from": src, "to": b, "units": len(grp)}}
    )
    flow.pop(st)
    italia_i.defection(S, st, ev)
