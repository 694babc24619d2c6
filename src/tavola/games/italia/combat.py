"""§10.0 The combat phase: where the moving nation must fight, the order of its battles (land
battles in :mod:`.battle`, naval ones in :mod:`.naval`), and what closes the phase: leftover
clashes settled by retreat, the stacking check where combat took place (§8.0), rebuilding
(§10.6.1)."""

from __future__ import annotations

from tavola.core import flow
from tavola.core.flow import Frame
from tavola.core.rules import Action, Event, State
from tavola.games.italia import italia_ii
from tavola.games.italia.const import FLEET, KIND, LEADER, NAT
from tavola.games.italia.model import Unit, fighters, find_leader, present, start_retreat
from tavola.games.italia.movement import entry_reinforcements, hostile
from tavola.games.italia.naval import start_naval_battle
from tavola.games.italia.pillage import start_rebuild
from tavola.games.italia.scenario import Static
from tavola.games.italia.stacking import check_areas

# -- who fights whom --------------------------------------------------------------------------


def battles(S: Static, st: State, n: int) -> list[tuple[int, int]]:
    """(area, defender) pairs where ``n`` has to fight now (§10.0). Reinforcements that stayed
    in an entry area fight there in the other nation's combat phase, not in their own (§10.0
    FAQ)."""
    out = []
    sea = S.is_sea
    for a in st["occupied"][n]:
        lst = st["units"][a]
        if sea[a] or len(lst) < 2:
            continue
        foes = hostile(S, st, a, n)
        if foes and not (S.is_entry[a] and entry_reinforcements(S, a, n, [u for u in lst if u[NAT] == n])):
            out.append((a, foes[0]))
    return out


def side(st: State, a: int, n: int) -> list[Unit]:
    """All units of ``n`` in the battle area, leaders included (§10.0)."""
    return [u for u in st["units"][a] if u[NAT] == n]


def shooters(st: State, a: int, n: int) -> list[Unit]:
    """Units of ``n`` that roll: leaders and cities do not (§10.0)."""
    return [u for u in st["units"][a] if u[NAT] == n and u[KIND] != LEADER]


# -- the combat phase ---------------------------------------------------------------------------


def start_combat(S: Static, st: State, n: int, mode: str) -> None:
    """Push a combat phase: ``mode`` is normal, first (first combat of a major invasion: no
    stacking check after it, §12.2), second, or camp (a campaign move's combat, §12.3)."""
    flow.push(st, "combat", nation=n, mode=mode, fought=[], pairs=[])


def _combat_pending(S: Static, st: State, f: Frame) -> list[list[int]]:
    n = f["nation"]
    out = []
    for a, m in battles(S, st, n):
        if [a, m] not in f["pairs"]:
            out.append([a, m])
    for s, m in st["naval"]:
        if [s, m] in f["pairs"]:
            continue
        if any(u[NAT] == n and u[KIND] == FLEET for u in st["units"][s]) and any(
            u[NAT] == m and u[KIND] == FLEET for u in st["units"][s]
        ):
            out.append([s, m])
    return out


def run_combat(S: Static, st: State, f: Frame, ev: list[Event]) -> bool:
    n = f["nation"]
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
        start_retreat(st, n, a, "clear", by=m)
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
                        S,
                        st,
                        m,
                        [a for a in fought if a in st["occupied"][m] and present(st, a, m)],
                        frozenset(),
                    )
    start_rebuild(S, st, n)
    return True


def stack_exempt(S: Static, st: State, n: int) -> frozenset[int]:
    """Areas of ``n`` free of the stacking limit now: the campaign leader's area in the
    campaigning nation's turn (§8.4), areas with a leader in a major invasion whose card says
    so (§12.2), Alpes for Hannibal's lift (§13.2)."""
    out: set[int] = set()
    spec = S.turn[n].get(st["round"])
    if spec is not None and st["active_nation"] == n:
        if spec.kind == "campaign" and spec.leader:
            a, u, _ = find_leader(st, spec.leader)
            if u is not None:
                out.add(a)
        if spec.kind == "major_invasion" and "no_stack_limit_with_leader" in spec.bonuses:
            for a in S.land_ids:
                if any(u[NAT] == n and u[KIND] == LEADER for u in st["units"][a]):
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
    n = f["nation"]
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
        nation=n,
        defender=m,
        rounds=0,
        phase="open",
        raid=False,
        attacker_targets=[],
        defender_targets=[],
        conv=False,
        start_units=[fighters(st, a, n), fighters(st, a, m)],
        mode=f["mode"],
    )
