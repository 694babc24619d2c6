"""§7 Placing new units: bought units (one new land unit per controlled area, all in the only
area of a one-area nation, fleets in adjacent seas), reinforcements (where the card says, free,
regardless of stacking, top-ups, leaders and their one-round stay, teleporting leaders,
clearing an arrival area), and the removal of leaders whose time is up."""

from __future__ import annotations

from typing import Any

from tavola.core import flow
from tavola.core.flow import Frame
from tavola.core.rules import Action, Event, State
from tavola.games.italia.const import F_ENTRY, FL, FLEET, LEADER, NAT
from tavola.games.italia.income import fleet_seas, owned_areas
from tavola.games.italia.model import (
    add_unit,
    ask,
    counters_left,
    eliminate,
    find_leader,
    on_board,
    others_at,
    remove,
    start_retreat,
)
from tavola.games.italia.scenario import Static

# -- bought units (§7.1) --------------------------------------------------------------------


def land_sites(S: Static, st: State, n: int, used: list[int]) -> list[int]:
    """§7.1, §8.2: one new land unit per controlled area (stacking limits do not matter); a
    nation holding a single area may put all its new units there; never at sea (§7.1 FAQ)."""
    areas = owned_areas(S, st, n)
    if len(areas) == 1:
        return areas
    return [a for a in areas if a not in used]


def _place_options(S: Static, st: State, f: Frame) -> list[int]:
    n = f["n"]
    kind = f["items"][0]
    if kind == FLEET:
        return fleet_seas(S, st, n)
    return land_sites(S, st, n, f["used"])


def ask_place(S: Static, st: State, f: Frame) -> tuple[str, dict[str, Any]]:
    key, args = ask(S, f)
    args["unit"] = f["items"][0] if f.get("items") else ""
    return key, args


def run_place(S: Static, st: State, f: Frame, ev: list[Event]) -> bool:
    while f["items"]:
        if _place_options(S, st, f):
            return False
        # No legal area any more (the nation lost its areas): the unit is not placed.
        kind = f["items"].pop(0)
        ev.append({"msg": "it.not_placed", "args": {"nation": S.nkey[f["n"]], "unit": kind}})
    flow.pop(st)
    return True


def legal_place(S: Static, st: State, f: Frame, role: str) -> list[Action]:
    return [("area", a) for a in _place_options(S, st, f)]


def act_place(S: Static, st: State, f: Frame, role: str, action: Action, ev: list[Event]) -> None:
    n = f["n"]
    kind = f["items"].pop(0)
    a = action[1]
    add_unit(S, st, a, n, kind)
    if kind != FLEET:
        f["used"].append(a)
    ev.append({"msg": "it.place", "args": {"nation": S.nkey[n], "unit": kind, "area": a}})


def place_bought(st: State, n: int, items: list[str]) -> None:
    """§7.0, §7.1: place the units bought this turn (and those bought at once over 10 gold, §6.4)."""
    if items:
        flow.push(st, "place", n=n, items=list(items), used=[])


# -- leaders' stay (§7.2) -------------------------------------------------------------------


def expire_leaders(S: Static, st: State, n: int, ev: list[Event]) -> None:
    """§7.2: a leader stays one game round: it is removed at the start of phase 2 of its
    nation's next turn (leaders of the set-up at the start of phase 2 of the second turn)."""
    r = st["round"]
    for key, until in list(st["leaders_leave"].items()):
        if S.leader_owner.get(key) != n or until > r:
            continue
        a, u, _ = find_leader(st, key)
        del st["leaders_leave"][key]
        if u is not None:
            remove(st, a, u)
            ev.append({"msg": "it.leader_leaves", "args": {"nation": S.nkey[n], "leader": key}})


# -- reinforcements (§7.2) ------------------------------------------------------------------


def reinforcement_condition(S: Static, st: State, n: int, cond: str | None) -> bool:
    """Conditions written on cards (e.g. Romans round 9: only if Roma is empty or Roman)."""
    if not cond:
        return True
    if cond == "roma_empty_or_roman":
        roma = S.area("roma")
        return all(u[NAT] == n for u in st["u"][roma])
    raise ValueError(f"unknown reinforcement condition {cond!r}")


def start_reinforcements(S: Static, st: State, n: int, timing: str) -> None:
    """§7.2: push the placement steps of ``n``'s reinforcements of this round with this timing
    (out of sequence: before the first nation's turn or after the last one's)."""
    r = st["round"]
    for i, rf in enumerate(S.reinf[n].get(r, ())):
        t = rf.timing
        if t == "turn" and "reinforcements_at_round_start" in S.scen_special:
            t = "start_of_round"
        if t == timing:
            flow.push(st, "reinf", n=n, i=i, ph="ask")


def due_in_turn(S: Static, st: State, n: int) -> bool:
    """Whether ``n`` gets reinforcements in its own turn this round (so it acts, §5.0)."""
    if "reinforcements_at_round_start" in S.scen_special:
        return False
    return any(rf.timing == "turn" for rf in S.reinf[n].get(st["round"], ()))


def _rf(S: Static, st: State, f: Frame) -> Any:
    return S.reinf[f["n"]][st["round"]][f["i"]]


def _leader_areas(st: State, leaders: list[str]) -> list[int]:
    """The areas where these leaders stand now (a leader carried at sea: its fleet's sea)."""
    return sorted({a for a in (find_leader(st, k)[0] for k in leaders) if a >= 0})


def _candidates(S: Static, st: State, f: Frame, kind: str) -> list[int]:
    """Areas where the next reinforcement piece may go."""
    n = f["n"]
    rf = _rf(S, st, f)
    w = rf.where
    at = f["at"]
    several = f["group"] and len(rf.leaders) > 1
    if at >= 0 and not (several and kind == LEADER):
        # §7.2 clarification: everything arriving with a leader goes where the leader went; with
        # two leaders (Romans, round 3 of Italia I) each goes where it likes and the units are
        # shared freely between the leaders' areas, and no other area.
        homes = _leader_areas(st, rf.leaders) if several else [at]
        if kind == FLEET:
            return sorted({s for h in homes for s in ([h] if S.is_sea[h] else S.sea_adj[h])})
        return [h for h in homes if not S.is_sea[h]]
    if w.rule in ("area", "any_of"):
        ids = list(w.area_ids)
    elif w.rule == "controlled":
        ids = owned_areas(S, st, n)
        if not ids:
            ids = list(S.entry_ids)  # §7.2: any entry area if it controls none
    elif w.rule == "controlled_in":
        ids = [a for a in owned_areas(S, st, n) if a in w.area_ids]
    else:  # free_or_controlled_in
        ids = [a for a in w.area_ids if all(u[NAT] == n for u in st["u"][a])]
    if kind == FLEET:
        seas = [a for a in ids if S.is_sea[a]]
        if seas:
            return seas
        out: set[int] = set()
        for a in ids:
            out.update(S.sea_adj[a])
        return sorted(out)
    return [a for a in ids if not S.is_sea[a]]


def _items(S: Static, st: State, f: Frame, ev: list[Event]) -> list[list[Any]]:
    n = f["n"]
    rf = _rf(S, st, f)
    items: list[list[Any]] = []
    alive_leaders = [k for k in rf.leaders if k not in st["leaders_dead"]]
    if rf.leaders and not alive_leaders:
        # §7.2 clarification: the troops that come with a dead leader do not arrive.
        return items
    for k in alive_leaders:
        items.append([LEADER, k])
    extra: dict[str, int] = {}
    for kind, count in rf.units.items():
        for _ in range(count):
            if counters_left(S, st, n, kind, extra.get(kind, 0)) > 0:
                extra[kind] = extra.get(kind, 0) + 1
                items.append([kind, ""])
    for kind, upto in rf.top_up.items():
        need = upto - on_board(st, n, kind)
        for _ in range(max(0, need)):
            if counters_left(S, st, n, kind, extra.get(kind, 0)) > 0:
                extra[kind] = extra.get(kind, 0) + 1
                items.append([kind, ""])
    return items


def ask_reinf(S: Static, st: State, f: Frame) -> tuple[str, dict[str, Any]]:
    """Take an optional reinforcement, or place its next piece."""
    key, args = ask(S, f, "ask" if f.get("ph") == "ask" else "place")
    if f.get("items"):
        args["unit"] = f["items"][0][0]
        if f["items"][0][0] == LEADER and f["items"][0][1]:
            args["leader"] = f["items"][0][1]  # the browser names the leader who arrives
    return key, args


def run_reinf(S: Static, st: State, f: Frame, ev: list[Event]) -> bool:
    n = f["n"]
    rf = _rf(S, st, f)
    if f["ph"] == "ask":
        if not reinforcement_condition(S, st, n, rf.condition):
            flow.pop(st)
            return True
        if rf.optional:
            return False  # the player may decline
        f["ph"] = "start"
    if f["ph"] == "start":
        f["ph"] = "place"
        f["items"] = _items(S, st, f, ev)
        f["at"] = -1
        f["group"] = bool(rf.leaders) and not rf.where.distribute
        if rf.where.rule == "area" and rf.where.area_ids:
            f["at"] = rf.where.area_ids[0] if not f["group"] or not S.is_sea[rf.where.area_ids[0]] else -1
        if rf.gold:
            st["gold"][n] += rf.gold
            ev.append({"msg": "it.gold", "args": {"nation": S.nkey[n], "gold": rf.gold}})
        if f["items"]:
            ev.append({"msg": "it.reinforcements", "args": {"nation": S.nkey[n]}})
        if rf.where.clear and f["at"] >= 0 and f["items"]:
            a = f["at"]
            # Other nations' units in the arrival area must retreat or are eliminated (clarification
            # 'Romani', clarification 'Arabi').
            for m in others_at(st, a, n):
                start_retreat(st, m, a, "clear")
            return True
    while f["items"]:
        kind, key = f["items"][0]
        opts = _candidates(S, st, f, kind)
        if opts:
            return False
        f["items"].pop(0)
        ev.append({"msg": "it.not_placed", "args": {"nation": S.nkey[n], "unit": kind}})
        if kind == LEADER:
            # §7.2 clarification: a leader with nowhere to teleport to is eliminated.
            old, u, _ = find_leader(st, key)
            if u is not None:
                eliminate(S, st, old, u, -1, ev, vp=False)
    flow.pop(st)
    return True


def legal_reinf(S: Static, st: State, f: Frame, role: str) -> list[Action]:
    if f["ph"] == "ask":
        return [("take",), ("decline",)]
    kind, _ = f["items"][0]
    return [("area", a) for a in _candidates(S, st, f, kind)]


def act_reinf(S: Static, st: State, f: Frame, role: str, action: Action, ev: list[Event]) -> None:
    n = f["n"]
    if action[0] == "decline":
        flow.pop(st)
        return
    if action[0] == "take":
        f["ph"] = "start"
        return
    rf = _rf(S, st, f)
    a = action[1]
    kind, key = f["items"].pop(0)
    if kind == LEADER:
        old, u, _ = find_leader(st, key)
        if u is not None:
            remove(st, old, u)  # §7.2 clarification: an already placed leader teleports
        u = add_unit(S, st, a, n, LEADER, key)
        late = 1 if rf.timing == "end_of_round" else 0
        st["leaders_leave"][key] = st["round"] + rf.leader_rounds + late
        if f["group"]:
            f["at"] = a
    else:
        u = add_unit(S, st, a, n, kind)
    if S.is_entry[a] and a in S.entry_ok[n]:
        u[FL] |= F_ENTRY  # §10.0 FAQ: these units may still leave without fighting
    ev.append(
        {
            "msg": "it.arrive_leader" if key else "it.arrive",
            "args": {"nation": S.nkey[n], "unit": kind, "area": a, "leader": key},
        }
    )
