"""§10.6 Pillage of a city taken from another player (gold or the card's VP) and §10.6.1 the
rebuilding of ruins."""

from __future__ import annotations

from typing import Any

from tavola.core import flow
from tavola.core.flow import Frame
from tavola.core.rules import Action, Event, State
from tavola.games.italia.const import CITY, KIND, LAND_KINDS, NAT, RUIN
from tavola.games.italia.income import pay_ruler
from tavola.games.italia.model import award, remove, scores_now
from tavola.games.italia.scenario import Static

# -- pillage (§10.6) ----------------------------------------------------------------------------


def offer_pillage(S: Static, st: State, n: int, a: int) -> None:
    """§10.6, §10.6 FAQ: a city just taken whose previous owner was another player may be
    pillaged (the city need not have been defended)."""
    prev = st["city_holder"][a]
    if st["city"][a] == CITY and prev >= 0 and S.role_of[prev] != S.role_of[n] and a not in st["raided"]:
        flow.push(st, "pillage", nation=n, a=a, raid=False, prev=prev)
    else:
        st["city_holder"][a] = n


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
    n, a = f["nation"], f["a"]
    acts: list[Action] = [("pillage", "gold")]
    if scores_now(S, st, n) and pillage_events(S, st, n, a) is not None:
        acts.append(("pillage", "vp"))
    if not f["raid"]:
        acts.append(("done",))
    return acts


def act_pillage(S: Static, st: State, f: Frame, role: str, action: Action, ev: list[Event]) -> None:
    n, a = f["nation"], f["a"]
    flow.pop(st)
    if not f["raid"]:
        st["city_holder"][a] = n
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
    sea = S.is_sea
    for a in st["occupied"][n]:  # the areas where n has units, in ascending order
        if sea[a] or st["city"][a] != RUIN or a in st["sacked"]:
            continue
        lst = st["units"][a]
        if any(u[NAT] != n for u in lst):
            continue
        if any(u[KIND] in LAND_KINDS for u in lst):
            out.append(a)
    return out


def start_rebuild(S: Static, st: State, n: int) -> None:
    """§10.6.1: offer the rebuilding of ruins (after movement and after combat)."""
    if rebuild_sites(S, st, n):
        flow.push(st, "rebuild", nation=n, areas=[], sel=-1, mode="turn")


def _rb_sites(S: Static, st: State, f: Frame) -> list[int]:
    if f["mode"] == "raid":
        a = f["areas"][0]
        if st["city"][a] == RUIN and any(
            u[NAT] == f["nation"] and u[KIND] in LAND_KINDS for u in st["units"][a]
        ):
            return [a]
        return []
    return rebuild_sites(S, st, f["nation"])


def run_rebuild(S: Static, st: State, f: Frame, ev: list[Event]) -> bool:
    if f["sel"] < 0 and not _rb_sites(S, st, f):
        flow.pop(st)
        return True
    return False


def legal_rebuild(S: Static, st: State, f: Frame, role: str) -> list[Action]:
    n = f["nation"]
    if f["sel"] >= 0:
        kinds: list[Action] = []
        for u in st["units"][f["sel"]]:
            if u[NAT] == n and u[KIND] in LAND_KINDS and ("unit", u[KIND]) not in kinds:
                kinds.append(("unit", u[KIND]))
        return kinds
    acts: list[Action] = [("rebuild", a) for a in _rb_sites(S, st, f)]
    acts.append(("done",))
    return acts


def act_rebuild(S: Static, st: State, f: Frame, role: str, action: Action, ev: list[Event]) -> None:
    """§10.6.1: a unit (not a leader) of the nation is removed and the ruin becomes a city
    again; no VP for anyone (§11.0)."""
    n = f["nation"]
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
    for u in st["units"][a]:
        if u[NAT] == n and u[KIND] == action[1]:
            remove(st, a, u)
            break
    st["city"][a] = CITY
    st["city_holder"][a] = n
    f["sel"] = -1
    ev.append({"msg": "it.rebuilt", "args": {"area": a, "nation": S.nkey[n]}})
    if f["mode"] == "raid":
        r10 = S.scen_special.get("round_10")
        if r10 and st["round"] == S.rounds:
            st["safe"].append(a)  # §13.4 FAQ: rebuilt after a raid in round 10, never destroyed again
        flow.pop(st)
