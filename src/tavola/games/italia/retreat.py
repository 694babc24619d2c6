"""§10.5 Retreats, and §8.6 the unit a retreat may bring over the stacking limit: who may
retreat, where to, a capital named to make room (§8.1), and the retreats other rules force
(elephants §10.2, arrivals §7.2, Roma §13.1, raids §10.7, submission §12.5.2)."""

from __future__ import annotations

from typing import Any

from tavola.core import flow
from tavola.core.flow import Frame
from tavola.core.rules import Action, Event, State
from tavola.games.italia import submission
from tavola.games.italia.const import (
    CITY,
    EXT,
    F_ENTRY,
    F_GRP,
    F_STOP,
    FL,
    FLEET,
    HIT,
    KIND,
    LAND_KINDS,
    LEADER,
    NAT,
)
from tavola.games.italia.italia_i import neutral
from tavola.games.italia.model import (
    Unit,
    ask,
    award,
    board,
    eliminate,
    note_holder,
    put,
    remove,
    room_aboard,
    stack,
)
from tavola.games.italia.pillage import offer_pillage
from tavola.games.italia.scenario import Static
from tavola.games.italia.stacking import can_declare, declare, limit, retreat_room

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
    x, a = f["nation"], f["a"]
    came = f["came"]
    out: list[int] = []
    land = u[KIND] != LEADER
    ok_origin = S.special[x].get("entry_as_normal", {}).get("retreat_against_origin", False)
    # §12.3.1: a campaigning army may retreat into its subjects' areas, but not when it
    # withdraws because a nation submitted: it leaves every area of its subject (§12.5.2).
    # That withdrawal is still a retreat of the campaigning player: never into an area a
    # reaction started from (§12.3.2.3).
    campaigning = st.get("camp_nat") == x
    camp = campaigning and f["mode"] != "submit"
    blocked = st.get("react_from", []) if campaigning else []
    for b in S.land_adj[a]:
        if S.is_entry[b] and b not in S.entry_ok[x]:
            continue
        if b in blocked:
            continue
        lst = st["units"][b]
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
        for fl in st["units"][s]:
            if fl[NAT] == x and fl[KIND] == FLEET and (not land or room_aboard(fl) > 0):
                out.append(s)
                break
    return out


def retreat_capitals(S: Static, st: State, f: Frame) -> list[Action]:
    """§8.1 (note and Bruttium example): a capital may be named at any time, even in another
    nation's turn, and naming one can save a retreating unit. Offered in every retreat of land
    units (after a combat round, driven back by elephants, from a raid, out of Roma or an
    arrival area, after a submission) for each own area next to the units that is full now
    (§8.6): as the capital it takes one more."""
    x, a = f["nation"], f["a"]
    if f["mode"] == "leaders" or S.capital_fixed[x] >= 0:
        return []
    if not any(u[NAT] == x and u[KIND] in LAND_KINDS and can_retreat(S, st, x, u) for u in st["units"][a]):
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
    x, a = f["nation"], f["a"]
    return [u for u in st["units"][a] if u[NAT] == x and can_retreat(S, st, x, u)]


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
    x, a = f["nation"], f["a"]
    if f["mode"] == "elephant" and f["need"] <= 0:
        flow.pop(st)
        return True
    mine = [u for u in st["units"][a] if u[NAT] == x]
    if not mine or (f["mode"] == "elephant" and not any(u[KIND] != LEADER for u in mine)):
        flow.pop(st)
        return True
    if f["mode"] == "battle" and not any(u[NAT] == f["by"] for u in st["units"][a]):
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
    x, a = f["nation"], f["a"]
    sel = f["sel"]
    if sel:
        u = _selected(st, f)
        if u is None:
            return [("done",)]
        return [("area", b) for b in retreat_dests(S, st, f, u)]
    acts: list[Action] = []
    seen: list[str] = []
    for u in st["units"][a]:
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
    if f.get("sub") and submission.may_submit(S, st, f["nation"], f["by"]):  # §12.5.1 areas held now
        acts.append(("submit",))
    acts.extend(retreat_capitals(S, st, f))
    return acts


def _selected(st: State, f: Frame) -> Unit | None:
    x, a = f["nation"], f["a"]
    tag = f["sel"][0]
    for u in st["units"][a]:
        if u[NAT] != x:
            continue
        t = u[EXT] if u[KIND] == LEADER else u[KIND] + ("*" if u[HIT] else "")
        if t == tag:
            return u
    return None


def act_retreat(S: Static, st: State, f: Frame, role: str, action: Action, ev: list[Event]) -> None:
    x, a = f["nation"], f["a"]
    verb = action[0]
    if verb == "done":
        if f["sel"]:
            f["sel"] = []
            return
        if f["forced"]:
            for u in [
                u for u in st["units"][a] if u[NAT] == x and (f["mode"] != "leaders" or u[KIND] == LEADER)
            ]:
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
        for fl in st["units"][b]:
            if fl[NAT] == x and fl[KIND] == FLEET and (u[KIND] == LEADER or room_aboard(fl) > 0):
                board(st, b, fl, u)
                break
    else:
        was_empty = not st["units"][b]
        put(st, b, u)
        if u[KIND] != LEADER and stack(st, b, x) > limit(S, st, b, x) and [x, b] not in st["over_limit"]:
            st["over_limit"].append([x, b])  # §8.6: one unit over the limit until its next move
        if was_empty and x == st["active_nation"] and st["city"][b] == CITY:
            offer_pillage(S, st, x, b)  # §10.5: an empty city reached by retreating may be pillaged
        elif x != st["active_nation"]:
            note_holder(st, b)  # the defender now holds the city there (§10.6 FAQ)
    ev.append({"msg": "it.retreat", "args": {"nation": S.nkey[x], "unit": u[KIND], "from": a, "to": b}})
    if u[KIND] == LEADER and penalty:
        for e in S.vp_events[x].get("leader_retreat", ()):
            award(S, st, x, e.half_vp, ev, "leader_retreat")
