"""§10.8 Naval combat: optional battles declared after movement by the active nation or by
any nation whose fleets share a sea with it, fought fleet against fleet (carried units add
+1 to their fleet, leaders +2), the losing side choosing which fleets sink, carried units
lost with their fleet, and fleet retreats."""

from __future__ import annotations

from tavola.core import flow
from tavola.core.flow import Frame
from tavola.core.rules import Action, Event, State
from tavola.games.italia.const import EXT, F_RETR, FL, FLEET, KIND, LEADER, NAT
from tavola.games.italia.model import Unit, allies, eliminate, put, remove, roll, room_aboard
from tavola.games.italia.odds import hits as die_hits
from tavola.games.italia.scenario import Static


def fleets(st: State, s: int, x: int) -> list[Unit]:
    """Fleets of ``x`` in sea ``s`` (§10.8)."""
    return [u for u in st["units"][s] if u[NAT] == x and u[KIND] == FLEET]


def _foes_at_sea(st: State, s: int, n: int) -> list[int]:
    out: list[int] = []
    for u in st["units"][s]:
        m = u[NAT]
        if m != n and u[KIND] == FLEET and m not in out and not allies(st, n, m):
            out.append(m)
    return out


def contested_seas(S: Static, st: State, n: int) -> list[int]:
    """§10.8: seas where ``n`` and another (non-allied) nation both have fleets."""
    sea = S.is_sea
    return [s for s in st["occupied"][n] if sea[s] and fleets(st, s, n) and _foes_at_sea(st, s, n)]


# -- declarations (§10.8, clarification: all declared at the end of movement) -------------


def start_declarations(S: Static, st: State, n: int) -> None:
    """§10.8 clarification: every naval battle is declared at the end of the movement phase."""
    seas = contested_seas(S, st, n)
    if not seas:
        return
    others: list[int] = []
    for s in seas:
        for m in _foes_at_sea(st, s, n):
            if m not in others:
                others.append(m)
    order = [n, *sorted(others)]
    flow.push(st, "ndecl", nation=n, q=order, i=0)


def _decl_options(S: Static, st: State, f: Frame) -> list[int]:
    n = f["nation"]
    x = f["q"][f["i"]]
    out = []
    for s in contested_seas(S, st, n):
        if x == n:
            if any([s, m] not in st["naval"] for m in _foes_at_sea(st, s, n)):
                out.append(s)
        elif fleets(st, s, x) and [s, x] not in st["naval"]:
            out.append(s)
    return out


def run_ndecl(S: Static, st: State, f: Frame, ev: list[Event]) -> bool:
    while f["i"] < len(f["q"]) and not _decl_options(S, st, f):
        f["i"] += 1
    if f["i"] >= len(f["q"]):
        flow.pop(st)
        _order_battles(S, st, ev)
        return True
    return False


def _order_battles(S: Static, st: State, ev: list[Event]) -> None:
    """§10.8.1: several nations attacking the moving one in a sea fight one after the other,
    the one with most fleets first, ties by a die."""
    keyed = []
    for s, m in st["naval"]:
        die = roll(st) if sum(1 for x in st["naval"] if x[0] == s) > 1 else 0
        keyed.append((s, -len(fleets(st, s, m)), -die, m))
    keyed.sort()
    st["naval"] = [[s, m] for s, _c, _d, m in keyed]


def roles_ndecl(S: Static, st: State, f: Frame) -> list[str]:
    return [S.role_of[f["q"][f["i"]]]]


def legal_ndecl(S: Static, st: State, f: Frame, role: str) -> list[Action]:
    acts: list[Action] = [("fight", s) for s in _decl_options(S, st, f)]
    acts.append(("done",))
    return acts


def act_ndecl(S: Static, st: State, f: Frame, role: str, action: Action, ev: list[Event]) -> None:
    n = f["nation"]
    x = f["q"][f["i"]]
    if action[0] == "done":
        f["i"] += 1
        return
    s = action[1]
    if x == n:
        for m in _foes_at_sea(st, s, n):
            if [s, m] not in st["naval"]:
                st["naval"].append([s, m])
    else:
        st["naval"].append([s, x])
    ev.append({"msg": "it.naval_declared", "args": {"area": s, "nation": S.nkey[x]}})


# -- the battle ---------------------------------------------------------------------------------


def start_naval_battle(S: Static, st: State, s: int, n: int, m: int, ev: list[Event]) -> None:
    """§10.8: a naval battle of ``n`` (who moved) against ``m``."""
    ev.append({"msg": "it.naval_battle", "args": {"area": s, "attacker": S.nkey[n], "defender": S.nkey[m]}})
    flow.push(
        st, "nbattle", a=s, nation=n, defender=m, rounds=0, phase="round", attacker_hits=0, defender_hits=0
    )


def fleet_modifier(S: Static, st: State, s: int, x: int, fl: Unit) -> int:
    """§10.8: +1 per land unit the fleet carries; +2 per leader of the nation in the sea."""
    leaders = sum(1 for u in fleets(st, s, x) for c in u[EXT] if c[KIND] == LEADER)
    return sum(1 for c in fl[EXT] if c[KIND] != LEADER) + S.leader_bonus * leaders


def run_nbattle(S: Static, st: State, f: Frame, ev: list[Event]) -> bool:
    s, n, m = f["a"], f["nation"], f["defender"]
    ph = f["phase"]
    if ph == "round":
        if not fleets(st, s, n) or not fleets(st, s, m):
            flow.pop(st)
            ev.append({"msg": "it.naval_over", "args": {"area": s}})
            return True
        dice = []
        hd = ha = 0
        for fl in fleets(st, s, n):
            d = roll(st)
            dice.append(d)
            if die_hits(S.to_hit[FLEET], fleet_modifier(S, st, s, n, fl), d):
                hd += 1
        for fl in fleets(st, s, m):
            d = roll(st)
            dice.append(d)
            if die_hits(S.to_hit[FLEET], fleet_modifier(S, st, s, m, fl), d):
                ha += 1
        ev.append(
            {
                "msg": "it.naval_roll",
                "args": {"area": s, "hits_attacker": hd, "hits_defender": ha},
                "dice": dice,
            }
        )
        f["defender_hits"] = min(hd, len(fleets(st, s, m)))
        f["attacker_hits"] = min(ha, len(fleets(st, s, n)))
        f["rounds"] += 1
        f["phase"] = "hits"
        return True
    if ph == "hits":
        # §10.8: the side that takes the losses chooses which fleets are hit.
        for x, key, by in ((m, "defender_hits", n), (n, "attacker_hits", m)):
            if f[key] and _same_fleets(st, s, x):
                while f[key]:
                    _sink(S, st, s, fleets(st, s, x)[0], by, ev)
                    f[key] -= 1
        if f["defender_hits"] or f["attacker_hits"]:
            return False
        f["phase"] = "after"
        return True
    if ph == "after":
        f["phase"] = "round"
        if fleets(st, s, n) and fleets(st, s, m):
            flow.push(st, "nretreat", nation=m, a=s, sel=-1, vs=n)
            flow.push(st, "nretreat", nation=n, a=s, sel=-1, vs=m)
        return True
    return False


def _same_fleets(st: State, s: int, x: int) -> bool:
    sig = {
        tuple(sorted((c[KIND], c[EXT] if c[KIND] == LEADER else "") for c in fl[EXT]))
        for fl in fleets(st, s, x)
    }
    return len(sig) <= 1


def _sink(S: Static, st: State, s: int, fl: Unit, by: int, ev: list[Event]) -> None:
    x = fl[NAT]
    if st["opts"].get("fleet_relocate"):
        # House rule: carried units move to other fleets with room before the fleet goes down.
        others = [o for o in fleets(st, s, x) if o is not fl]
        for c in list(fl[EXT]):
            for o in others:
                room = room_aboard(o)
                if c[KIND] == LEADER or room > 0:
                    fl[EXT].remove(c)
                    o[EXT].append(c)
                    break
    eliminate(S, st, s, fl, by, ev)


def roles_nbattle(S: Static, st: State, f: Frame) -> list[str]:
    if f["phase"] != "hits":
        return []
    out = []
    if f["defender_hits"]:
        out.append(S.role_of[f["defender"]])
    if f["attacker_hits"] and S.role_of[f["nation"]] not in out:
        out.append(S.role_of[f["nation"]])
    return out


def _nb_side(S: Static, f: Frame, role: str) -> tuple[int, str, int]:
    if f["defender_hits"] and S.role_of[f["defender"]] == role:
        return f["defender"], "defender_hits", f["nation"]
    return f["nation"], "attacker_hits", f["defender"]


def legal_nbattle(S: Static, st: State, f: Frame, role: str) -> list[Action]:
    x, _key, _by = _nb_side(S, f, role)
    s = f["a"]
    return [("fleet", j) for j, u in enumerate(st["units"][s]) if u[NAT] == x and u[KIND] == FLEET]


def act_nbattle(S: Static, st: State, f: Frame, role: str, action: Action, ev: list[Event]) -> None:
    _x, key, by = _nb_side(S, f, role)
    s = f["a"]
    _sink(S, st, s, st["units"][s][action[1]], by, ev)
    f[key] -= 1


# -- fleet retreats (§10.8) -----------------------------------------------------------------


def run_nretreat(S: Static, st: State, f: Frame, ev: list[Event]) -> bool:
    # §10.8: the defender decides only if the attacker's fleets are still there.
    if not fleets(st, f["a"], f["nation"]) or not fleets(st, f["a"], f["vs"]):
        flow.pop(st)
        return True
    return False


def legal_nretreat(S: Static, st: State, f: Frame, role: str) -> list[Action]:
    s, x = f["a"], f["nation"]
    if f["sel"] >= 0:
        return [("area", b) for b in S.sea_adj[s]]
    acts: list[Action] = [
        ("fleet", j) for j, u in enumerate(st["units"][s]) if u[NAT] == x and u[KIND] == FLEET
    ]
    acts.append(("done",))
    return acts


def act_nretreat(S: Static, st: State, f: Frame, role: str, action: Action, ev: list[Event]) -> None:
    """§10.8: a fleet may retreat into any adjacent sea (it fights there again only in a battle
    already declared for its nation, §10.8 FAQ); it gives no naval supremacy this turn (§10.9)."""
    s, x = f["a"], f["nation"]
    if action[0] == "done":
        flow.pop(st)
        return
    if action[0] == "fleet":
        f["sel"] = action[1]
        return
    fl = st["units"][s][f["sel"]]
    f["sel"] = -1
    remove(st, s, fl)
    fl[FL] |= F_RETR
    put(st, action[1], fl)
    ev.append({"msg": "it.fleet_retreat", "args": {"nation": S.nkey[x], "from": s, "to": action[1]}})
