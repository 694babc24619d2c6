"""§14 Rules of Italia II: the Roman Fœderati and their defection (§14.1), knights (§14.2,
see :func:`retreat.can_retreat` and the two-hit rule), the Patrimonium's conversions (§14.3),
and the card rules of Italia II nations (the Fœderati penalty, the Franks' imperial title,
units leaving the game through an entry area, the Visigoths' reduction)."""

from __future__ import annotations

from tavola.core import flow
from tavola.core.flow import Frame
from tavola.core.rules import Action, Event, State
from tavola.games.italia.const import EXT, F_CONV, FL, FLEET, INFANTRY, KIND, NAT
from tavola.games.italia.model import (
    add_unit,
    award,
    change_nation,
    counters_left,
    find_leader,
    on_board,
    remove,
    roll,
)
from tavola.games.italia.scenario import Static

# -- §14.1 Roman Fœderati -----------------------------------------------------------------------


def foederati_defection(S: Static, st: State, a: int, n: int, m: int, ev: list[Event]) -> None:
    """§14.1 and FAQ: at the start of the first combat round every Roman Fœderati in an area
    with units of the independent Fœderati or of the Ostrogoths rolls: on 6-10 (9-10 if only
    Ostrogoths are there) it defects and becomes an infantry of that nation, if one is free."""
    p = S.scen_special.get("foederati_defection")
    if not p:
        return
    owner = S.nidx[p["owner"]]
    takers = [S.nidx[k] for k in p["to"]]
    present = [x for x in takers if any(u[NAT] == x for u in st["units"][a])]
    if not present or not any(u[NAT] == owner and u[KIND] == p["unit"] for u in st["units"][a]):
        return
    only_ostro = present == [S.nidx[p["to"][-1]]] and len(takers) > 1
    need = p["roll_only_ostrogoths"] if only_ostro else p["roll"]
    to = present[0]
    for u in [u for u in st["units"][a] if u[NAT] == owner and u[KIND] == p["unit"]]:
        d = roll(st)
        if d >= need and counters_left(S, st, to, INFANTRY) > 0:
            remove(st, a, u)
            add_unit(S, st, a, to, INFANTRY)
            ev.append(
                {
                    "msg": "it.defects",
                    "args": {"from": S.nkey[owner], "to": S.nkey[to], "area": a},
                    "dice": [d],
                }
            )


# -- §14.3 Patrimonium conversions --------------------------------------------------------------


def _conv_spec(S: Static) -> dict | None:
    return S.scen_special.get("patrimonium_conversion")


def conversion_possible(S: Static, st: State, a: int, n: int, m: int) -> bool:
    """§14.3: twice a game, never twice in one combat, before a combat round in an area with a
    Patrimonium unit, one unit of another player (not a knight or a leader)."""
    p = _conv_spec(S)
    if not p:
        return False
    pat = S.nidx[p["nation"]]
    if pat not in (n, m) or st["conv"] >= p["uses"]:
        return False
    other = m if pat == n else n
    if S.role_of[other] == S.role_of[pat]:
        return False
    exempt = set(p.get("exempt", ()))
    return any(u[NAT] == other and u[KIND] not in exempt for u in st["units"][a])


def conversion_actions(S: Static, st: State, f: Frame) -> list[Action]:
    """§14.3, §14.3 FAQ: the unit types the Patrimonium may convert (not knights or leaders)."""
    p = _conv_spec(S)
    assert p is not None
    pat = S.nidx[p["nation"]]
    a = f["a"]
    other = f["defender"] if pat == f["nation"] else f["nation"]
    exempt = set(p.get("exempt", ()))
    acts: list[Action] = []
    for u in st["units"][a]:
        if u[NAT] == other and u[KIND] not in exempt and ("convert", u[KIND]) not in acts:
            acts.append(("convert", u[KIND]))
    acts.append(("done",))
    return acts


def convert(S: Static, st: State, f: Frame, action: Action, ev: list[Event]) -> None:
    """The converted unit fights this round for the Patrimonium (§14.3)."""
    if action[0] != "convert":
        return
    p = _conv_spec(S)
    assert p is not None
    pat = S.nidx[p["nation"]]
    a = f["a"]
    other = f["defender"] if pat == f["nation"] else f["nation"]
    for u in st["units"][a]:
        if u[NAT] == other and u[KIND] == action[1]:
            change_nation(st, a, u, pat)
            u[FL] |= F_CONV
            st["conv"] += 1
            ev.append({"msg": "it.converted", "args": {"unit": u[KIND], "area": a, "from": S.nkey[other]}})
            return


def end_conversions(S: Static, st: State, a: int, ev: list[Event]) -> None:
    """§14.3: a converted unit that survives the combat (where it stands now, even if it
    retreated) is replaced by a Patrimonium unit of its type if one is free, else removed."""
    for b, lst in enumerate(st["units"]):
        found = [u for u in lst if u[FL] & F_CONV]
        for fl in lst:
            if fl[KIND] == FLEET:
                found.extend(c for c in fl[EXT] if c[FL] & F_CONV)
        for u in found:
            u[FL] &= ~F_CONV
            pat = u[NAT]
            if on_board(st, pat, u[KIND]) > S.counters[pat].get(u[KIND], 0):
                remove(st, b, u)
                ev.append({"msg": "it.conversion_lost", "args": {"unit": u[KIND], "area": b}})


# -- card rules ----------------------------------------------------------------------------------


def imperial_title(S: Static, st: State, a: int, winner: int, ev: list[Event]) -> None:
    """FAQ 'Franchi': the title needs the leader to stop in Roma and the units there to retreat
    in the normal retreat step of combat (passing through is not enough)."""
    for e in S.vp_events[winner].get("imperial_title", ()):
        if e.area_id != a or winner in st["titles"]:
            continue
        if all(find_leader(st, k)[0] == a for k in e.leaders):
            st["titles"].append(winner)
            award(S, st, winner, e.half_vp, ev, "imperial_title")


def unopposed_title(S: Static, st: State, n: int, ev: list[Event]) -> None:
    """FAQ 'Franchi': the retreat of the units in Roma is a step of the title procedure, done in
    the retreat step of the combat phase; so a leader who stopped in an empty Roma (nobody to
    retreat) takes the title in his nation's combat phase, when the card says so."""
    for e in S.vp_events[n].get("imperial_title", ()):
        if not e.unopposed or n in st["titles"]:
            continue
        a = e.area_id
        if any(u[NAT] != n for u in st["units"][a]):
            continue  # someone still has to retreat: only a won battle gives the title
        if all(find_leader(st, k)[0] == a for k in e.leaders):
            st["titles"].append(n)
            award(S, st, n, e.half_vp, ev, "imperial_title")


def reduce_after_turn(S: Static, st: State, n: int, ev: list[Event]) -> None:
    """§7.2 card rule: a reduction at the end of a turn (Visigoths, round 1: keep 6 infantry)."""
    p = S.special[n].get("reduce_after_turn")
    if not p or st["round"] != p["round"]:
        return
    kind = p["unit"]
    extra = on_board(st, n, kind) - int(p["keep"])
    if extra > 0:
        flow.push(st, "reduce", nation=n, kind=kind, left=extra)


def _reduce_options(st: State, f: Frame) -> list[int]:
    out = []
    for a, lst in enumerate(st["units"]):
        if any(u[NAT] == f["nation"] and u[KIND] == f["kind"] for u in lst):
            out.append(a)
    return out


def run_reduce(S: Static, st: State, f: Frame, ev: list[Event]) -> bool:
    if f["left"] <= 0 or not _reduce_options(st, f):
        flow.pop(st)
        return True
    return False


def legal_reduce(S: Static, st: State, f: Frame, role: str) -> list[Action]:
    return [("area", a) for a in _reduce_options(st, f)]


def act_reduce(S: Static, st: State, f: Frame, role: str, action: Action, ev: list[Event]) -> None:
    a = action[1]
    for u in st["units"][a]:
        if u[NAT] == f["nation"] and u[KIND] == f["kind"]:
            remove(st, a, u)
            f["left"] -= 1
            ev.append({"msg": "it.reduced", "args": {"nation": S.nkey[f["nation"]], "area": a}})
            return
