"""§9 Movement: land moves area by area, highlands, leaders, entering other nations' areas and
overrunning them, straits, entry areas, naval movement and transport.

A movement phase is one ``move`` frame. The player picks an area (``("area", a)``), gathers a
group there (``("unit", kind)``, ``("leader", key)``, at sea ``("fleet", j)`` or cargo to land)
and walks it one area per click (``("area", b)``); the group may pick up and leave units on
the way. ``("done",)`` ends the group, and at the top level ends the phase.

Unit bookkeeping (flags in :mod:`const`): a unit that stops for any reason gets ``F_STOP``; one
that walked gets ``F_LAND`` and may no longer embark; one that used a fleet gets ``F_SHIP``
and may use no other fleet and walk no further once landed (§9.6).
"""

from __future__ import annotations

from typing import Any

from tavola.core import flow
from tavola.core.flow import Frame
from tavola.core.rules import Action, Event, State
from tavola.games.italia.const import (
    EXT,
    F_CAMP,
    F_ENTRY,
    F_GRP,
    F_LAND,
    F_LDR,
    F_MOVED,
    F_NAVAL,
    F_OVER,
    F_SHIP,
    F_STOP,
    FL,
    FLEET,
    FLEET_CAPACITY,
    HIT,
    KIND,
    LAND_KINDS,
    LEADER,
    MP,
    NAT,
)
from tavola.games.italia.model import (
    Unit,
    allies,
    alone,
    ask,
    award,
    board,
    eliminate,
    put,
    remove,
    standing_city,
)
from tavola.games.italia.scenario import Static
from tavola.games.italia.stacking import attack_limit, declare

# -- queries ----------------------------------------------------------------------------------


def can_move(u: Unit) -> bool:
    """Movement points left and not stopped (§9.0)."""
    return u[MP] > 0 and not u[FL] & F_STOP


def group(st: State, a: int, n: int) -> list[Unit]:
    """The selected group in area ``a``: units in a land area, fleets or cargo at sea."""
    out = []
    for u in st["units"][a]:
        if u[NAT] == n and u[FL] & F_GRP:
            out.append(u)
        if u[KIND] == FLEET:
            for c in u[EXT]:
                if c[NAT] == n and c[FL] & F_GRP:
                    out.append(c)
    return out


def hostile(S: Static, st: State, a: int, n: int) -> list[int]:
    """Nations in ``a`` that ``n`` fights (allies only pass each other, §12.5.2; units in an
    entry area see each other only if both nations treat it as normal, §10.0)."""
    out: list[int] = []
    units = st["units"][a]
    if not units:
        return out
    ruler = st["ruler"]
    entry = S.is_entry[a]
    for u in units:
        m = u[NAT]
        if m == n or m in out:
            continue
        if ruler[m] == n or ruler[n] == m:
            continue
        if entry and not (a in S.entry_ok[n] and a in S.entry_ok[m]):
            continue
        out.append(m)
    return out


def entry_reinforcements(S: Static, a: int, n: int, units: list[Unit]) -> bool:
    """§10.0 FAQ: units placed as reinforcements in an entry area their nation treats as normal
    (and not moved since) may treat it as a true entry area: they leave in their movement phase
    without fighting, or stay and fight in the other nation's combat phase. Whether all of
    ``units`` (of ``n``, in ``a``) may still make that choice."""
    if not S.is_entry[a] or a not in S.entry_ok[n] or not units:
        return False
    return all(u[FL] & F_ENTRY for u in units)


def defenders(S: Static, st: State, a: int, n: int) -> int:
    """§9.3: units (not leaders) of the nations ``n`` would fight in ``a``."""
    foes = hostile(S, st, a, n)
    if not foes:
        return 0
    return sum(1 for u in st["units"][a] if u[NAT] in foes and u[KIND] != LEADER)


def overrun(S: Static, st: State, a: int, n: int) -> bool:
    """§9.3: the area is overrun when the units of ``n`` that stopped there (not the group
    passing) number twice the defenders, or as many when the area holds a city."""
    d = defenders(S, st, a, n)
    mine = sum(1 for u in st["units"][a] if u[NAT] == n and u[KIND] != LEADER and not u[FL] & F_GRP)
    need = d if st["city"][a] == 1 else 2 * d
    return mine >= max(1, need)


def attackers_at(st: State, a: int, n: int) -> int:
    """Units of ``n`` counted against the attack limit (§8.3)."""
    return sum(1 for u in st["units"][a] if u[NAT] == n and u[KIND] in LAND_KINDS)


def staying(st: State, a: int, n: int) -> tuple[int, bool]:
    """Units of ``n`` in ``a`` outside the moving group, and whether a leader of ``n`` stays
    with them: what is left to fight in ``a`` once the group moves on (§8.3)."""
    c = 0
    lead = False
    for u in st["units"][a]:
        if u[NAT] != n or u[FL] & F_GRP:
            continue
        if u[KIND] == LEADER:
            lead = True
        elif u[KIND] in LAND_KINDS:
            c += 1
    return c, lead


def may_leave_behind(
    S: Static, st: State, f: Frame, a: int, n: int, extra: int = 0, foes: list[int] | None = None
) -> bool:
    """§8.3, §9.3, §12.3.1: units that stay in an attacked area (overrunners, units dropped on
    the way, a campaign's units left behind) fight there, so they keep within its attack limit
    whenever they arrived. ``foes``: :func:`hostile` in ``a``, where already known."""
    if not (hostile(S, st, a, n) if foes is None else foes):
        return True
    c, lead = staying(st, a, n)
    return c + extra <= attack_limit(S, st, a, n, leader=lead, major=major(st, f))


def own_city_road(S: Static, st: State, a: int, n: int, opts: dict[str, bool]) -> bool:
    """§9.7: units need not stop in a highland where their nation controls a standing city
    (§9.7 house rule, §12.5.2 house rule: an ally's city too)."""
    if not standing_city(st, a):
        return False
    for u in st["units"][a]:
        if u[FL] & F_GRP:
            continue
        if u[NAT] == n:
            return True
        if opts.get("allied_cities") and allies(st, n, u[NAT]):
            return True
    return False


def may_enter_entry(S: Static, st: State, f: Frame, n: int, b: int) -> bool:
    """§9.2 clarification: nobody enters an entry area unless its card allows it."""
    if b in S.entry_pass[n]:
        return True
    lift = S.special[n].get("african_lift")
    return bool(lift and f.get("lift") == b)


def major(st: State, f: Frame) -> bool:
    """Whether the move belongs to a major invasion (§12.2)."""
    return bool(f.get("major"))


# -- legal moves of a group ---------------------------------------------------------------


def _fleet_room(f: Unit) -> int:
    land = sum(1 for c in f[EXT] if c[KIND] != LEADER)
    return min(FLEET_CAPACITY - f[HIT], FLEET_CAPACITY - land)


def land_steps(
    S: Static, st: State, f: Frame, g: int, grp: list[Unit], foes: list[int] | None = None
) -> list[int]:
    """§9.0-§9.4, §9.6, §8.3: where a land group standing in ``g`` may step next. ``foes``:
    :func:`hostile` in ``g``, where already known."""
    n = f["nation"]
    facts = _group_facts(S, f, grp)
    if facts is None:
        return []
    fresh, has_leader, n_fighters = facts
    # A group that entered an area held by another nation stops there unless it is overrun
    # (§9.0, §9.3).
    if foes is None:
        foes = hostile(S, st, g, n)
    if foes and g != f.get("free", -1) and not entry_reinforcements(S, g, n, grp):
        if not overrun(S, st, g, n):
            return []
        if not may_leave_behind(S, st, f, g, n, foes=foes):
            return []  # §8.3: what stays behind in the attacked area keeps within the limit
    out: list[int] = []
    units = st["units"]
    for b in S.land_adj[g]:
        if S.is_entry[b] and not may_enter_entry(S, st, f, n, b):
            continue
        if not fresh and b in S.strait_to[g]:
            continue  # §9.4: crossing a strait is the unit's whole move
        # an empty area has nobody to fight or to pass
        if not units[b] or _may_enter_held(S, st, f, g, b, grp, has_leader, n_fighters):
            out.append(b)
    if fresh:
        out += _embark_seas(S, st, n, g, n_fighters)
    # Hannibal's lift from Africa into Alpes (§13.2).
    lift = f.get("lift", -1)
    if lift >= 0 and fresh and g in f.get("lift_from", ()) and not has_leader:
        out.append(lift)
    return out


def _group_facts(S: Static, f: Frame, grp: list[Unit]) -> tuple[bool, bool, int] | None:
    """Whether the group has not moved yet this phase, whether a leader is in it, and how many
    of its units fight; ``None`` if it cannot go on (§9.0, §9.1, §9.6, §12.3.1). One pass over
    the group: this runs for every click of a move."""
    if not grp:
        return None
    ldr = f.get("ldr")
    n_fighters = 0
    has_leader = with_ldr = False
    fresh = True
    for u in grp:
        flags = u[FL]
        if u[MP] <= 0 or flags & (F_STOP | F_SHIP):
            return None  # §9.0, §9.6: a unit of the group cannot go on
        if flags & F_MOVED:
            fresh = False
        if u[KIND] == LEADER:
            has_leader = True
            with_ldr = with_ldr or u[EXT] == ldr
        else:
            n_fighters += 1
    if not n_fighters:
        # §9.1: a leader alone moves three land areas.
        for u in grp:
            if S.unit_move(LEADER, f["nation"]) - u[MP] >= S.leader_move:
                return None
    if ldr and not with_ldr:
        return None  # §12.3.1: in a campaign no unit moves without its leader
    return fresh, has_leader, n_fighters


def _may_enter_held(
    S: Static, st: State, f: Frame, g: int, b: int, grp: list[Unit], has_leader: bool, n_fighters: int
) -> bool:
    """Whether the group in ``g`` may step into ``b``, where units stand: an enemy's area
    within the attack limit (§8.3) or overrun and passed through (§9.3), an ally's area only
    passed through (§12.5.2). A campaign goes anywhere (§12.3.1)."""
    n = f["nation"]
    if f.get("ldr"):
        return True
    if hostile(S, st, b, n):
        # §8.3: at most the attack limit fight in ``b``; §9.3: a group over it may only
        # pass through an overrun area, so it must be able to move on.
        lead = has_leader or any(u[NAT] == n and u[KIND] == LEADER for u in st["units"][b])
        lim = attack_limit(S, st, b, n, leader=lead, major=major(st, f))
        return attackers_at(st, b, n) + n_fighters <= lim or (
            overrun(S, st, b, n) and _passes_on(S, st, f, g, b, grp)
        )
    if alone(st, b, n) or S.is_entry[b]:
        return True
    # An ally's area: pass only (§12.5.2), so the group must be able to go on.
    lead_fresh = any(u[KIND] == LEADER and not u[FL] & F_MOVED for u in grp)
    if any(
        u[MP] + (S.leader_extra if lead_fresh and u[KIND] != LEADER and not u[FL] & F_MOVED else 0) < 2
        for u in grp
    ):
        return False
    return not S.highland[b] or has_leader or own_city_road(S, st, b, n, st["opts"])


def _embark_seas(S: Static, st: State, n: int, g: int, n_land: int) -> list[int]:
    """§9.6: the seas next to ``g`` where fleets of ``n`` have room for the group's ``n_land``
    land units (only units that have not moved yet this phase embark)."""
    out = []
    for s in S.sea_adj[g]:
        fleets = [x for x in st["units"][s] if x[NAT] == n and x[KIND] == FLEET]
        if fleets and sum(_fleet_room(x) for x in fleets) >= n_land:
            out.append(s)
    return out


def sea_steps(S: Static, st: State, f: Frame, g: int, grp: list[Unit]) -> list[int]:
    """Where a group at sea may go: fleets to a neighbouring sea (§9.5), cargo ashore (§9.6)."""
    n = f["nation"]
    if not grp:
        return []
    if grp[0][KIND] == FLEET:
        if any(u[MP] < 1 for u in grp):
            return []
        if f.get("ldr") and not any(c[KIND] == LEADER and c[EXT] == f["ldr"] for u in grp for c in u[EXT]):
            return []
        return list(S.sea_adj[g])
    if any(u[FL] & F_STOP for u in grp):
        return []
    if f.get("ldr") and not any(u[KIND] == LEADER and u[EXT] == f["ldr"] for u in grp):
        return []
    fighters = [u for u in grp if u[KIND] != LEADER]
    has_leader = len(fighters) < len(grp)
    out = []
    for b in S.coasts[g]:
        if S.is_entry[b] and b not in S.entry_pass[n]:
            continue
        foes = hostile(S, st, b, n)
        if foes:
            # §8.3: landed units stop (§9.6), so they always count against the attack limit.
            lead = has_leader or any(u[NAT] == n and u[KIND] == LEADER for u in st["units"][b])
            lim = attack_limit(S, st, b, n, leader=lead, major=major(st, f))
            if not f.get("ldr") and attackers_at(st, b, n) + len(fighters) > lim:
                continue
        elif any(u[NAT] != n for u in st["units"][b]) and not f.get("ldr") and not S.is_entry[b]:
            continue  # landing ends the move, and no move ends in an ally's area (§12.5.2)
        out.append(b)
    return out


def _passes_on(S: Static, st: State, f: Frame, g: int, b: int, grp: list[Unit]) -> bool:
    """Whether the group, once stepped from ``g`` into ``b``, could step on (tried on the
    state and undone)."""
    saved = [(u, u[:]) for u in grp]
    src, dst = st["units"][g][:], st["units"][b][:]
    came = st["came"][b][:]
    fg = f["group"]
    occupied = st["occupied"][f["nation"]][:]
    try:
        _step(S, st, f, g, b, grp, [])
        return bool(land_steps(S, st, f, b, grp))
    finally:
        for u, copy in saved:
            u[:] = copy
        st["units"][g][:] = src
        st["units"][b][:] = dst
        st["came"][b][:] = came
        f["group"] = fg
        st["occupied"][f["nation"]][:] = occupied
        for u in grp:
            if u[KIND] == LEADER:
                st["leader_area"][u[EXT]] = g


def movable_areas(S: Static, st: State, f: Frame) -> list[int]:
    """§9.0: areas where a move can start or go on."""
    n = f["nation"]
    ldr = f.get("ldr")
    return [a for a in st["occupied"][n] if selectable(S, st, a, n, ldr)]


def selectable(S: Static, st: State, a: int, n: int, ldr: str | None) -> bool:
    """§9.0, §12.3.1: whether anything of ``n`` can move from ``a`` (in the campaign of ``ldr``)."""
    for u in st["units"][a]:
        if u[NAT] != n and u[KIND] != FLEET:
            continue  # (the test every other nation's unit stops at)
        if u[KIND] == FLEET:
            if (
                u[NAT] == n
                and u[MP] > 0
                and (not ldr or any(c[KIND] == LEADER and c[EXT] == ldr for c in u[EXT]))
            ):
                return True
            for c in u[EXT]:
                if c[NAT] == n and not c[FL] & F_STOP and (not ldr or (c[KIND] == LEADER and c[EXT] == ldr)):
                    return True
        elif u[NAT] == n and can_move(u) and not u[FL] & F_SHIP:
            if ldr and not (u[KIND] == LEADER and u[EXT] == ldr):
                continue
            # A leader that used up its lone move may still lead units standing with it.
            if (
                u[KIND] == LEADER
                and S.unit_move(LEADER, n) - u[MP] >= S.leader_move
                and not any(x[NAT] == n and x[KIND] in LAND_KINDS and can_move(x) for x in st["units"][a])
            ):
                continue
            return True
    return False


# -- the step --------------------------------------------------------------------------------


def ask_move(S: Static, st: State, f: Frame) -> tuple[str, dict[str, Any]]:
    """Pick a group, or move the group picked up (where it stands)."""
    if f.get("group", -1) < 0:
        return ask(S, f)
    key, args = ask(S, f, "group")
    args["at"] = S.keys[f["group"]]
    return key, args


def group_words(st: State, offered: list[Action]) -> str | None:
    """The group's prompt as the player reads it: "put some back" only once a unit may be left
    behind (§8.3: after the group has moved), and "units gathered" only once one is."""
    f = st["flow"][-1]
    if f.get("s") != "move" or f.get("group", -1) < 0 or any(a[0] == "drop" for a in offered):
        return None
    return "it.p.move.group_unmoved" if group(st, f["group"], f["nation"]) else "it.p.move.group_empty"


def _pickable(st: State, a: int, n: int) -> list[Unit]:
    """Units of ``n`` in ``a`` that may join the group: not in it yet, movement points left, not
    stopped (§9.0), not landed from a fleet (§9.6)."""
    return [
        u
        for u in st["units"][a]
        if u[NAT] == n and u[KIND] != FLEET and u[MP] > 0 and not u[FL] & (F_GRP | F_STOP | F_SHIP)
    ]


def legal_move(S: Static, st: State, f: Frame, role: str) -> list[Action]:
    n = f["nation"]
    g = f["group"]
    acts: list[Action] = []
    if g < 0:
        acts.extend(("area", a) for a in movable_areas(S, st, f))
        for a in f.get("exits", ()):
            for u in st["units"][a]:
                if u[NAT] == n and u[KIND] != FLEET:
                    acts.append(("exit", a))
                    break
        acts.append(("done",))
        return acts
    grp = group(st, g, n)
    if S.is_sea[g]:
        if not grp or grp[0][KIND] == FLEET:
            ldr = f.get("ldr")
            for j, u in enumerate(st["units"][g]):
                if u[NAT] == n and u[KIND] == FLEET and not u[FL] & F_GRP and u[MP] > 0:
                    acts.append(("fleet", j))
        if not grp or grp[0][KIND] != FLEET:
            seen: list[str] = []
            for fl in st["units"][g]:
                if fl[KIND] != FLEET:
                    continue
                for c in fl[EXT]:
                    if c[NAT] != n or c[FL] & (F_GRP | F_STOP):
                        continue
                    tag = c[EXT] if c[KIND] == LEADER else c[KIND]
                    if tag in seen:
                        continue
                    seen.append(tag)
                    acts.append(("leader", tag) if c[KIND] == LEADER else ("unit", tag))
        for b in sea_steps(S, st, f, g, grp):
            acts.append(("area", b))
        if f.get("ldr") and grp and grp[0][KIND] == FLEET:
            ldr = f["ldr"]
            if not any(c[KIND] == LEADER and c[EXT] == ldr for u in grp for c in u[EXT]):
                acts = [x for x in acts if x[0] != "area"]
        acts.append(("done",))
        return acts
    foes = hostile(S, st, g, n)  # asked below up to four times: looked at once
    seen_k: list[str] = []
    for u in _pickable(st, g, n):
        if u[KIND] == LEADER:
            acts.append(("leader", u[EXT]))
        elif u[KIND] not in seen_k:
            seen_k.append(u[KIND])
            acts.append(("unit", u[KIND]))
    moved = False
    for u in grp:
        if u[FL] & F_MOVED:
            moved = True
            break
    if moved:
        seen_d: list[str] = []
        room = may_leave_behind(S, st, f, g, n, 1, foes)  # §8.3: a unit dropped here fights here
        for u in grp:
            if u[KIND] == LEADER:
                if u[EXT] != f.get("ldr"):
                    acts.append(("drop", u[EXT]))
            elif u[KIND] not in seen_d and room:
                seen_d.append(u[KIND])
                acts.append(("drop", u[KIND]))
    steps = land_steps(S, st, f, g, grp, foes)
    for b in steps:
        acts.append(("area", b))
    if _may_end(S, st, f, g, moved, foes) or (not steps and not foes):
        acts.append(("done",))
    return acts


def _may_end(S: Static, st: State, f: Frame, g: int, moved: bool, foes: list[int]) -> bool:
    """A move (of a group that ``moved``) may not end in an ally's area (§12.5.2), except a
    campaign move (§12.3.1); ``foes``: :func:`hostile` in ``g``."""
    n = f["nation"]
    if not moved or f.get("ldr"):
        return True
    if foes:
        # §8.3: units passing an overrun area may stop there only within the attack limit.
        lead = any(u[NAT] == n and u[KIND] == LEADER for u in st["units"][g])
        return attackers_at(st, g, n) <= attack_limit(S, st, g, n, leader=lead, major=major(st, f))
    return not any(u[NAT] != n and allies(st, n, u[NAT]) for u in st["units"][g])


def _pick(st: State, a: int, n: int, kind: str, key: str | None = None) -> Unit | None:
    best = None
    for u in _pickable(st, a, n):
        if key is not None:
            if u[KIND] == LEADER and u[EXT] == key:
                return u
            continue
        if u[KIND] == kind and (best is None or u[MP] > best[MP]):
            best = u
    return best


def act_move(S: Static, st: State, f: Frame, role: str, action: Action, ev: list[Event]) -> None:
    n = f["nation"]
    g = f["group"]
    verb = action[0]
    if g < 0:
        if verb == "done":
            flow.pop(st)
        elif verb == "area":
            f["group"] = action[1]
        elif verb == "capital":
            declare(S, st, n, action[1], ev)
        elif verb == "exit":
            exit_unit(S, st, n, action[1], ev)
        return
    if S.is_sea[g]:
        _act_sea(S, st, f, action, ev)
        return
    if verb == "unit" or verb == "leader":
        u = _pick(st, g, n, action[1], action[1] if verb == "leader" else None)
        if u is not None:
            u[FL] |= F_GRP
            if f.get("ldr"):
                u[FL] |= F_CAMP
        return
    grp = group(st, g, n)
    if verb == "drop":
        for u in grp:
            if (u[KIND] == LEADER and u[EXT] == action[1]) or (u[KIND] == action[1] and u[KIND] != LEADER):
                _release(S, st, g, n, u)
                break
    elif verb == "area":
        b = action[1]
        if S.is_sea[b]:
            _embark(S, st, f, g, b, grp, ev)
        else:
            _step(S, st, f, g, b, grp, ev)
    else:  # done
        for u in grp:
            _release(S, st, g, n, u)
        f["group"] = -1


def _release(S: Static, st: State, g: int, n: int, u: Unit) -> None:
    u[FL] &= ~F_GRP
    if u[FL] & F_MOVED:
        u[FL] |= F_STOP
        if hostile(S, st, g, n):
            u[FL] |= F_OVER


def _step(S: Static, st: State, f: Frame, g: int, b: int, grp: list[Unit], ev: list[Event]) -> None:
    """Move the group one land area (§9.0, §9.1, §9.4)."""
    n = f["nation"]
    lead_fresh = any(u[KIND] == LEADER and not u[FL] & F_MOVED for u in grp)
    strait = S.is_strait(g, b)
    lift = b == f.get("lift", -1) and g in f.get("lift_from", ())
    for u in grp:
        if lead_fresh and u[KIND] != LEADER and not u[FL] & F_MOVED:
            # §9.1, §9.1 FAQ: units with their leader from the start move one area more.
            u[FL] |= F_LDR
            u[MP] += S.leader_extra
        u[MP] -= 1
        u[FL] = (u[FL] | F_MOVED | F_LAND) & ~F_ENTRY  # moved: no longer a fresh reinforcement
        remove(st, g, u)
        put(st, b, u)
    if g not in st["came"][b]:
        st["came"][b].append(g)
    has_leader = any(u[KIND] == LEADER for u in grp)
    stop = False
    if strait:
        stop = True
        for u in grp:
            u[FL] |= F_NAVAL  # §9.4: attacking across a strait counts as a naval invasion
    if lift:
        stop = True
    if S.highland[b] and not has_leader and not own_city_road(S, st, b, n, st["opts"]):
        stop = True  # §9.0: a highland stops the move (§9.1 leaders, §9.7 own cities)
    if all(u[KIND] == LEADER for u in grp) and S.highland[b]:
        stop = False  # §9.1: a leader alone is not stopped by highlands
    if stop:
        for u in grp:
            u[FL] |= F_STOP
    f["group"] = b
    ev.append({"msg": "it.move", "args": {"nation": S.nkey[n], "from": g, "to": b, "units": len(grp)}})


def _embark(S: Static, st: State, f: Frame, g: int, s: int, grp: list[Unit], ev: list[Event]) -> None:
    """§9.6: land units board fleets of their nation in an adjacent sea, two per fleet and
    turn, leaders free."""
    n = f["nation"]
    fleets = [x for x in st["units"][s] if x[NAT] == n and x[KIND] == FLEET]
    for u in grp:
        remove(st, g, u)
        u[FL] = (u[FL] | F_SHIP | F_MOVED) & ~F_ENTRY
    land = [u for u in grp if u[KIND] != LEADER]
    leaders = [u for u in grp if u[KIND] == LEADER]
    first = None
    for u in land:
        for fl in fleets:
            if _fleet_room(fl) > 0:
                board(st, s, fl, u)
                fl[HIT] += 1
                first = first or fl
                break
    target = first or fleets[0]
    for u in leaders:
        board(st, s, target, u)
    f["group"] = s
    ev.append({"msg": "it.embark", "args": {"nation": S.nkey[n], "from": g, "to": s, "units": len(grp)}})


def _act_sea(S: Static, st: State, f: Frame, action: Action, ev: list[Event]) -> None:
    n = f["nation"]
    g = f["group"]
    verb = action[0]
    grp = group(st, g, n)
    if verb == "fleet":
        u = st["units"][g][action[1]]
        u[FL] |= F_GRP
    elif verb in ("unit", "leader"):
        for fl in st["units"][g]:
            if fl[KIND] != FLEET:
                continue
            for c in fl[EXT]:
                if (
                    c[NAT] == n
                    and not c[FL] & (F_GRP | F_STOP)
                    and (
                        (verb == "leader" and c[KIND] == LEADER and c[EXT] == action[1])
                        or (verb == "unit" and c[KIND] == action[1])
                    )
                ):
                    c[FL] |= F_GRP
                    return
    elif verb == "area":
        b = action[1]
        if S.is_sea[b]:
            for u in grp:
                remove(st, g, u)
                u[MP] -= 1
                u[FL] |= F_MOVED
                put(st, b, u)
            f["group"] = b
            ev.append(
                {"msg": "it.sail", "args": {"nation": S.nkey[n], "from": g, "to": b, "units": len(grp)}}
            )
        else:
            # §9.6: landed units may not move further by land this phase.
            for u in grp:
                remove(st, g, u)
                u[FL] = (u[FL] & ~F_GRP) | F_STOP | F_SHIP | F_MOVED
                if hostile(S, st, b, n):
                    u[FL] |= F_NAVAL  # §10.8.2: attacking straight from the sea
                put(st, b, u)
            if g not in st["came"][b]:
                st["came"][b].append(g)
            f["group"] = -1
            ev.append(
                {"msg": "it.land", "args": {"nation": S.nkey[n], "from": g, "to": b, "units": len(grp)}}
            )
    else:  # done: fleets keep what is left of their move (they may still sail after landing)
        for u in grp:
            u[FL] &= ~F_GRP
        f["group"] = -1


def exit_unit(S: Static, st: State, n: int, a: int, ev: list[Event]) -> None:
    """FAQ 'Visigoti e Unni': a unit leaves Italy for good through the card's entry area and
    scores its VP."""
    for u in st["units"][a]:
        if u[NAT] == n and u[KIND] != FLEET:
            remove(st, a, u)
            if u[KIND] == LEADER:
                st["leaders_leave"].pop(u[EXT], None)
            ev.append({"msg": "it.exit", "args": {"nation": S.nkey[n], "unit": u[KIND], "area": a}})
            for e in S.vp_events[n].get("exit", ()):
                if e.area_id == a:
                    award(S, st, n, e.half_vp, ev, "exit")
            return


def single_move(S: Static, st: State, f: Frame, role: str) -> list[Action] | None:
    """Whether the move is forced: the legal list, for the flow to take its only action or
    keep it for the next listing; ``None`` (never forced) while the card offers exits."""
    if f["group"] < 0 and f.get("exits"):
        return None
    return legal_move(S, st, f, role)


def exit_areas(S: Static, n: int) -> list[int]:
    """Entry areas through which the card lets units leave the game (FAQ 'Visigoti e Unni')."""
    return [e.area_id for e in S.vp_events[n].get("exit", ())]


def start_move(
    S: Static,
    st: State,
    n: int,
    mode: str,
    *,
    ldr: str | None = None,
    major_inv: bool = False,
    bonus: bool = False,
    lift: int = -1,
    lift_from: tuple[int, ...] = (),
) -> None:
    """§9.0: push a movement phase of nation ``n`` (``major_inv``: §12.2; ``lift``: §13.2)."""
    st["came"] = [[] for _ in range(S.A)]
    f = flow.push(st, "move", nation=n, group=-1, mode=mode)
    if ldr:
        f["ldr"] = ldr
    if major_inv:
        f["major"] = True
    if bonus:
        # A card's extra movement point in the first movement of a major invasion (§12.2).
        for lst in st["units"]:
            for u in lst:
                if u[NAT] == n and u[KIND] != FLEET:
                    u[MP] += 1
    if lift >= 0:
        f["lift"] = lift
        f["lift_from"] = list(lift_from)
    ex = exit_areas(S, n)
    if ex:
        f["exits"] = ex


def leave_entry_areas(S: Static, st: State, n: int, ev: list[Event]) -> None:
    """§7.2, §9.2: after its movement a nation must have left every entry area it may not
    treat as a normal one; units still there are removed."""
    for a in S.entry_ids:
        if a in S.entry_ok[n]:
            continue
        for u in [x for x in st["units"][a] if x[NAT] == n]:
            eliminate(S, st, a, u, -1, ev, vp=False)
