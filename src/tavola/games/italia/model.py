"""The game state and the queries every chapter shares.

State layout (plain data only):

* ``units``: one list of unit records per area (see :mod:`const`); a fleet's cargo lives inside
  the fleet record, so moving the fleet moves what it carries (§9.6);
* ``city``: per area ``0`` no city, ``1`` city, ``2`` ruin (§2.2.1.9);
* ``city_holder``: per area the nation that last held its city (-1: none, §10.6 FAQ);
* ``gold``, ``vp`` (half points), ``vp_submitted`` (half points earned while submitted, halved at
  the end of the turn, §12.5.2), ``capital`` (capital area or -1, §8.1), ``ruler`` (-1 or the
  ruler's index, §12.5), ``pending`` (units bought by a ruler over 10 gold, §6.4) per nation;
* ``leaders_leave``: leader key -> the round whose phase 2 removes it (§7.2); ``leaders_dead``:
  leaders eliminated for good;
* ``over_limit``: [nation, area] where a retreat left one unit over the limit (§8.6);
* ``game`` (italia-i or italia-ii), ``round``, ``active_nation`` (the nation whose turn it is,
  -1 between turns), ``flow`` (the flow stack, its frames declared in :mod:`.flow`);
* ``occupied``, ``units_by_kind``, ``leader_area``: running indexes of ``units`` (see :func:`put`).

Layout 1 (records written before the keys had full words) named some keys and battle phases
otherwise: :data:`LAYOUT_1` maps them, and :func:`as_layout_1` writes a state the old way so the
checksums of those records still verify. Layout 2 had no running indexes
(:func:`as_layout_2`); layout 3 had them, with short names for some state keys and frame
locals (:data:`LAYOUT_3`). :func:`upgrade` brings a state of any layout to today's.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable
from typing import Any

from tavola.core import flow, rng
from tavola.core.rules import Event, State
from tavola.games.italia.const import (
    CITY,
    EXT,
    F_ENTRY,
    F_KEEP,
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
from tavola.games.italia.scenario import Static

Unit = list[Any]

LAYOUT_1: dict[str, dict[str, str]] = {
    "state": {
        "g": "game",
        "cown": "city_holder",
        "rx": "over_limit",
        "vpp": "vp_submitted",
        "lexp": "leaders_leave",
        "ldead": "leaders_dead",
    },
    "battle": {"ta": "attacker_targets", "td": "defender_targets", "rd": "rounds", "sp": "start_units"},
    "battle.ph": {"tga": "attacker_aims", "tgd": "defender_aims"},
    "nbattle": {"rd": "rounds", "ha": "attacker_hits", "hd": "defender_hits"},
    "move": {"g": "group"},
}
"""The names of layout 1 and their full words since layout 2, old -> new: state keys, the
locals of three steps' frames, and the battle's target phases."""


INDEXES = ("occupied", "units_by_kind", "leader_area")
"""The running indexes of the board (layout 3 on): see :func:`put`."""


def as_layout_2(state: State) -> State:
    """``state`` as layout 2 wrote it: without the running indexes (only to check the
    checksums of older records)."""
    return {k: v for k, v in state.items() if k not in INDEXES}


LAYOUT_3: dict[str, dict[str, str]] = {
    "state": {"u": "units", "nat": "active_nation", "cap": "capital", "pend": "pending"},
    "frame": {
        "n": "nation",
        "x": "nation",  # the reacting nation (§12.3.2)
        "m": "defender",
        "c": "campaigner",
        "la": "leader_area",
        "ph": "phase",
    },
}
"""The short names of layout 3 (and before) and their words since layout 4, old -> new: state
keys and frame locals (``x`` only in a reaction's frame)."""

_FRAME_BACK_TO_3 = {new: old for old, new in LAYOUT_3["frame"].items() if old != "x"}
_STATE_BACK_TO_3 = {new: old for old, new in LAYOUT_3["state"].items()}


def frame_from_layout_3(f: dict[str, Any]) -> dict[str, Any]:
    """A frame written with the names of layout 3, with today's."""
    names = LAYOUT_3["frame"]
    return {names.get(k, k): v for k, v in f.items()}


def frame_as_layout_3(f: dict[str, Any]) -> dict[str, Any]:
    """A frame with the names of layout 3."""
    react = f["s"] == "react"
    return {("x" if react and k == "nation" else _FRAME_BACK_TO_3.get(k, k)): v for k, v in f.items()}


def as_layout_3(state: State) -> State:
    """``state`` with the names of layout 3 (only to check the checksums of older records)."""
    out = {_STATE_BACK_TO_3.get(k, k): v for k, v in state.items()}
    out["flow"] = [frame_as_layout_3(f) for f in state["flow"]]
    return out


def upgrade(S: Static, state: State, version: int) -> State:
    """A state written under layout ``version`` in today's layout (a saved state, a snapshot)."""
    if version == 1:
        state = from_layout_1(state)
    if version <= 3:
        state = {LAYOUT_3["state"].get(k, k): v for k, v in state.items()}
        state["flow"] = [frame_from_layout_3(f) for f in state["flow"]]
    if version <= 2:
        reindex(S, state)
    return state


_BACK_TO_1 = {part: {new: old for old, new in names.items()} for part, names in LAYOUT_1.items()}


def as_layout_1(state: State) -> State:
    """``state`` with the names of layout 1 (only to check the checksums of older records)."""
    return _renamed(state, _BACK_TO_1)


def from_layout_1(state: State) -> State:
    """A state written with the names of layout 1, with today's."""
    return _renamed(state, LAYOUT_1)


def _renamed(state: State, names: dict[str, dict[str, str]]) -> State:
    out = {names["state"].get(k, k): v for k, v in state.items()}
    out["flow"] = [renamed_frame(f, names) for f in state["flow"]]
    return out


def renamed_frame(f: dict[str, Any], names: dict[str, dict[str, str]] = LAYOUT_1) -> dict[str, Any]:
    """A frame with its locals (and a battle's phase) renamed by ``names``, by default from layout 1."""
    step = names.get(f["s"])
    if not step:
        return f
    out = {step.get(k, k): v for k, v in f.items()}
    if f["s"] == "battle" and "ph" in out:
        out["ph"] = names["battle.ph"].get(out["ph"], out["ph"])
    return out


# -- creating -------------------------------------------------------------------------------


def new_unit(S: Static, n: int, kind: str, key: str | None = None) -> Unit:
    """A unit record of ``n`` (not yet on the board)."""
    extra: Any = 0
    if kind == LEADER:
        extra = key
    elif kind == FLEET:
        extra = []
    return [n, kind, S.unit_move(kind, n), 0, 0, extra]


def add_unit(S: Static, st: State, a: int, n: int, kind: str, key: str | None = None) -> Unit:
    """Bring a new unit of ``n`` into play in ``a``."""
    u = new_unit(S, n, kind, key)
    put(st, a, u)
    return u


# -- the running indexes --------------------------------------------------------------------
#
# Units enter and leave areas only through put, board and remove (a move is a remove and a
# put), which keep three indexes of the board in the state: ``occupied`` (per nation, the areas
# where it has units, cargo included, in ascending order), ``units_by_kind`` (per nation, its
# units on the board by kind, cargo included) and ``leader_area`` (leader key -> its area).
# The chapters' whole-board questions (where can a move start, which areas does a nation
# control, where must it fight, how many legions has it) read them instead of scanning
# every area. :func:`index_problems` compares them with a fresh scan (tests and the fuzzer,
# after every step).


def put(st: State, a: int, u: Unit) -> None:
    """Put ``u`` (with its cargo) into area ``a``."""
    st["units"][a].append(u)
    _index_on(st, a, u)


def board(st: State, a: int, fleet: Unit, u: Unit) -> None:
    """Put ``u`` aboard ``fleet``, which stands in ``a``."""
    fleet[EXT].append(u)
    _index_on(st, a, u)


def _index_on(st: State, a: int, u: Unit) -> None:
    for x in _with_cargo(u) if u[KIND] == FLEET else (u,):
        n, kind = x[NAT], x[KIND]
        tally = st["units_by_kind"][n]
        tally[kind] = tally.get(kind, 0) + 1
        if kind == LEADER:
            st["leader_area"][x[EXT]] = a
        areas = st["occupied"][n]
        if a not in areas:
            insort(areas, a)


def _index_off(st: State, a: int, u: Unit) -> None:
    nations: list[int] = []
    for x in _with_cargo(u) if u[KIND] == FLEET else (u,):
        n, kind = x[NAT], x[KIND]
        tally = st["units_by_kind"][n]
        if tally[kind] == 1:
            del tally[kind]
        else:
            tally[kind] -= 1
        if kind == LEADER:
            del st["leader_area"][x[EXT]]
        if n not in nations:
            nations.append(n)
    for n in nations:
        if not holds(st, a, n):
            st["occupied"][n].remove(a)


def change_nation(st: State, a: int, u: Unit, n: int) -> None:
    """``u`` (in ``a``, not a fleet) fights from now on for ``n``, where it stands (§14.3)."""
    old = u[NAT]
    u[NAT] = n
    tally = st["units_by_kind"][old]
    if tally[u[KIND]] == 1:
        del tally[u[KIND]]
    else:
        tally[u[KIND]] -= 1
    tally = st["units_by_kind"][n]
    tally[u[KIND]] = tally.get(u[KIND], 0) + 1
    if not holds(st, a, old):
        st["occupied"][old].remove(a)
    if a not in st["occupied"][n]:
        insort(st["occupied"][n], a)


def _with_cargo(u: Unit) -> list[Unit]:
    return [u, *u[EXT]] if u[KIND] == FLEET else [u]


def holds(st: State, a: int, n: int) -> bool:
    """Whether ``n`` has a unit in ``a``, aboard a fleet or not."""
    for u in st["units"][a]:
        if u[NAT] == n:
            return True
        if u[KIND] == FLEET:
            for x in u[EXT]:
                if x[NAT] == n:
                    return True
    return False


def scan_index(S: Static, st: State) -> dict[str, Any]:
    """The three running indexes as a scan of the whole board finds them."""
    occupied: list[list[int]] = [[] for _ in range(S.N)]
    tally: list[dict[str, int]] = [{} for _ in range(S.N)]
    leaders: dict[str, int] = {}
    for a, lst in enumerate(st["units"]):
        for u in lst:
            for x in _with_cargo(u):
                n, kind = x[NAT], x[KIND]
                tally[n][kind] = tally[n].get(kind, 0) + 1
                if kind == LEADER:
                    leaders[x[EXT]] = a
                if not occupied[n] or occupied[n][-1] != a:
                    occupied[n].append(a)
    return {"occupied": occupied, "units_by_kind": tally, "leader_area": leaders}


def reindex(S: Static, st: State) -> None:
    """Build the indexes from the board (a state set up or edited by hand)."""
    st.update(scan_index(S, st))


def index_problems(S: Static, st: State) -> list[str]:
    """Where a running index differs from a fresh scan of the board (none: they agree)."""
    fresh = scan_index(S, st)
    return [
        f"index {key!r} is {st.get(key)!r}, the board says {want!r}"
        for key, want in fresh.items()
        if st.get(key) != want
    ]


# -- reading --------------------------------------------------------------------------------


def nations_at(st: State, a: int) -> list[int]:
    seen: list[int] = []
    for u in st["units"][a]:
        if u[NAT] not in seen:
            seen.append(u[NAT])
    return seen


def present(st: State, a: int, n: int) -> bool:
    return any(u[NAT] == n for u in st["units"][a])


def room_aboard(fleet: Unit) -> int:
    """Land units ``fleet`` may still take aboard: two at a time, leaders travel free (§9.6)."""
    land = 0
    for c in fleet[EXT]:
        if c[KIND] != LEADER:
            land += 1
    return FLEET_CAPACITY - land


def alone(st: State, a: int, n: int) -> bool:
    """Whether every unit in ``a`` is of ``n`` (cargo aside)."""
    for u in st["units"][a]:
        if u[NAT] != n:
            return False
    return True


def others_at(st: State, a: int, n: int) -> list[int]:
    return [m for m in nations_at(st, a) if m != n]


def stack(st: State, a: int, n: int) -> int:
    """Units of ``n`` in ``a`` that count for stacking: leaders never do (§8.0), nor cities (§8.5)."""
    c = 0
    for u in st["units"][a]:
        if u[NAT] == n and u[KIND] in LAND_KINDS:
            c += 1
    return c


def fighters(st: State, a: int, n: int) -> int:
    """Units of ``n`` in ``a`` that roll dice (not leaders)."""
    c = 0
    for u in st["units"][a]:
        if u[NAT] == n and u[KIND] != LEADER:
            c += 1
    return c


def on_board(st: State, n: int, kind: str) -> int:
    """Units of ``n`` of a kind on the board, cargo included."""
    return st["units_by_kind"][n].get(kind, 0)


def has_pieces(st: State, n: int) -> bool:
    return bool(st["occupied"][n])


def has_land_units(st: State, n: int) -> bool:
    return not st["units_by_kind"][n].keys().isdisjoint(LAND_KINDS)


def find_leader(st: State, key: str) -> tuple[int, Unit | None, Unit | None]:
    """(area, leader record, carrying fleet or None); area -1 if the leader is not on the board."""
    a = st["leader_area"].get(key, -1)
    if a < 0:
        return -1, None, None
    for u in st["units"][a]:
        if u[KIND] == LEADER and u[EXT] == key:
            return a, u, None
        if u[KIND] == FLEET:
            for x in u[EXT]:
                if x[KIND] == LEADER and x[EXT] == key:
                    return a, x, u
    raise ValueError(f"leader {key!r} is not in the area its index gives")


def counts(st: State, n: int) -> dict[str, int]:
    """Units of ``n`` on the board by kind, cargo included."""
    return dict(st["units_by_kind"][n])


def counters_left(S: Static, st: State, n: int, kind: str, extra: int = 0) -> int:
    """Counters of a kind the nation may still bring into play (§6.2, §7.2)."""
    have = S.counters[n].get(kind, 0)
    return have - on_board(st, n, kind) - st["pending"][n].count(kind) - extra


def sees(S: Static, a: int, n: int, m: int) -> bool:
    """Whether units of ``n`` and ``m`` in area ``a`` see each other: in an entry area only
    when both nations treat it as a normal area (§10.0 clarification and FAQ)."""
    if not S.is_entry[a]:
        return True
    return a in S.entry_ok[n] and a in S.entry_ok[m]


def controlled(S: Static, st: State, n: int) -> list[int]:
    """Land areas ``n`` controls: it has a unit of any kind there (§6.1, §11.0). Entry areas
    count only for nations whose card treats them as normal areas (§6.1 FAQ)."""
    sea = S.is_sea
    entry = S.is_entry
    ok = S.entry_ok[n]
    return [a for a in st["occupied"][n] if not sea[a] and (not entry[a] or a in ok)]


def held_alone(S: Static, st: State, n: int) -> list[int]:
    """Land areas where ``n`` stands alone (§6.1 control without another nation: where units
    are placed, §7.1, and capitals declared, §8.1), in ascending order."""
    sea = S.is_sea
    return [a for a in st["occupied"][n] if not sea[a] and alone(st, a, n)]


def standing_city(st: State, a: int) -> bool:
    return st["city"][a] == CITY


def note_holder(st: State, a: int) -> None:
    """A city's holder (§10.6 FAQ: pillage needs a previous owner of another player): the
    nation whose units alone stand in the area with a city or a ruin."""
    lst = st["units"][a]
    if lst and st["city"][a]:
        n = lst[0][NAT]
        if all(u[NAT] == n for u in lst):
            st["city_holder"][a] = n


def note_holders(S: Static, st: State) -> None:
    """Bring every city's holder up to date (at the start of each nation turn)."""
    u_, city = st["units"], st["city"]
    for a in S.land_ids:
        if city[a] and u_[a]:
            note_holder(st, a)


def allies(st: State, n: int, m: int) -> bool:
    """Subject and ruler are allies (§12.5.2)."""
    return st["ruler"][n] == m or st["ruler"][m] == n


# -- victory points -------------------------------------------------------------------------


def scores_now(S: Static, st: State, n: int) -> bool:
    """Whether ``n`` may score now: in round 10 of Italia I only the civil-war factions
    and the Romans score (§13.3 clarification)."""
    r10 = S.scen_special.get("round_10")
    if r10 is not None and st["round"] == S.rounds:
        return S.nkey[n] in r10.get("scorers", ())
    return True


def award(S: Static, st: State, n: int, half: int, ev: list[Event], why: str) -> None:
    """Give ``half`` half points to ``n``; a submitted nation's are halved at the end of the
    turn (§12.5.2 and FAQ)."""
    if not half or not scores_now(S, st, n):
        return
    if st["ruler"][n] >= 0:
        st["vp_submitted"][n] += half
    else:
        st["vp"][n] += half
    ev.append({"msg": "it.vp", "args": {"nation": S.nkey[n], "vp": half / 2, "why": why}})


def halve_up(half: int) -> int:
    """Half of a VP amount (in half points), rounded up to a whole point (§12.5.2)."""
    whole = -((-half) // 4)
    return whole * 2


def flush_vp(S: Static, st: State, ev: list[Event]) -> None:
    """At the end of a nation's turn submitted nations keep half their new VP (§12.5.2 FAQ)."""
    for n in range(S.N):
        p = st["vp_submitted"][n]
        if p:
            st["vp_submitted"][n] = 0
            got = halve_up(p)
            st["vp"][n] += got
            ev.append({"msg": "it.vp_halved", "args": {"nation": S.nkey[n], "vp": got / 2}})


def kill_vp(S: Static, st: State, killer: int, victim: int, kind: str, key: Any, ev: list[Event]) -> None:
    """VP for an eliminated unit (§11.0): the most valuable matching line of the killer's card.

    Kills count in the killer's own turn, or when defending only if the card says so; only the
    nation that took part scores (§11.0 clarification); units of the same colour score too
    (§11.0 FAQ)."""
    if killer < 0 or killer == victim:
        return
    events = S.vp_events[killer].get("kill")
    if events:
        best = 0
        r = st["round"]
        defending = st["active_nation"] != killer
        vkey = S.nkey[victim]
        for e in events:
            if e.rounds and r not in e.rounds:
                continue
            if defending and not e.as_defender:
                continue
            if e.nations and vkey not in e.nations:
                continue
            if e.leaders and (kind != LEADER or key not in e.leaders):
                continue
            if e.units and kind not in e.units and not ("land" in e.units and kind in LAND_KINDS):
                continue
            best = max(best, e.half_vp)
        if best:
            award(S, st, killer, best, ev, "kill")
    if kind in LAND_KINDS and not has_land_units(st, victim):
        for e in S.vp_events[killer].get("kill_last", ()):
            # House rule 'Romani': the Romans' window (rounds 6-8) applies only with the option;
            # otherwise the card's points may be scored at any time.
            windowed = st["opts"].get("last_unit_window") or "house rule" not in (e.source or "")
            if e.rounds and windowed and st["round"] not in e.rounds:
                continue
            if S.nkey[victim] in e.nations:
                award(S, st, killer, e.half_vp, ev, "kill_last")


# -- removing units -------------------------------------------------------------------------


def remove(st: State, a: int, u: Unit) -> None:
    """Take a unit off the board (from the area or from the fleet carrying it)."""
    lst = st["units"][a]
    for i, x in enumerate(lst):
        if x is u:
            del lst[i]
            _index_off(st, a, u)
            return
    for f in lst:
        if f[KIND] == FLEET:
            cargo = f[EXT]
            for i, x in enumerate(cargo):
                if x is u:
                    del cargo[i]
                    _index_off(st, a, u)
                    return
    raise ValueError("unit not found where expected")


def eliminate(S: Static, st: State, a: int, u: Unit, by: int, ev: list[Event], *, vp: bool = True) -> None:
    """Eliminate a unit: VP to ``by`` (§11.0), a fleet's cargo goes down with it (§10.8),
    an eliminated leader never returns (§7.2 clarification)."""
    remove(st, a, u)
    _gone(S, st, a, u, by, ev, vp)


def _gone(S: Static, st: State, a: int, u: Unit, by: int, ev: list[Event], vp: bool) -> None:
    kind = u[KIND]
    if kind == LEADER:
        if u[EXT] not in st["leaders_dead"]:
            st["leaders_dead"].append(u[EXT])
        st["leaders_leave"].pop(u[EXT], None)
    ev.append(
        {
            "msg": "it.lost_leader" if kind == LEADER else "it.lost",
            "args": {
                "nation": S.nkey[u[NAT]],
                "unit": kind,
                "area": a,
                "leader": u[EXT] if kind == LEADER else "",
            },
        }
    )
    if vp:
        kill_vp(S, st, by, u[NAT], kind, u[EXT] if kind == LEADER else None, ev)
    if kind == FLEET:
        cargo = u[EXT]
        u[EXT] = []
        for c in cargo:
            _gone(S, st, a, c, by, ev, vp)


def clear_turn_flags(st: State, n: int) -> None:
    """End of ``n``'s turn: movement marks and fleets' carried counts are reset. Other nations'
    reinforcements in an entry area keep their mark until their own turn ends (§10.0 FAQ: they
    choose in their movement phase, and reinforcements may come at the start of the round)."""
    for lst in st["units"]:
        for u in lst:
            u[FL] = u[FL] & F_ENTRY if u[NAT] != n else 0
            if u[KIND] == FLEET:
                u[HIT] = 0
                for c in u[EXT]:
                    c[FL] = c[FL] & F_ENTRY if c[NAT] != n else 0


def reset_moves(S: Static, st: State, n: int) -> None:
    """Start of a movement phase: every unit of ``n`` gets its full movement (§9.0, §12.2)."""
    u_ = st["units"]
    for a in st["occupied"][n]:
        for u in u_[a]:
            if u[NAT] == n:
                u[MP] = S.unit_move(u[KIND], n)
                u[FL] &= F_KEEP
                if u[KIND] == FLEET:
                    u[HIT] = 0  # two units per fleet and movement phase (§9.6, §12.3.1)
            if u[KIND] == FLEET:
                for c in u[EXT]:
                    if c[NAT] == n:
                        c[MP] = S.unit_move(c[KIND], n)
                        c[FL] &= F_KEEP


loaded: Callable[[State], int] | None = None
"""Loaded dice, set by the rule tests: while set, every roll of the rules is its answer. Read
here at each roll (not patched into the chapters), so it also reaches compiled code."""


def roll(st: State) -> int:
    """One ten-sided die; the 0 reads 10 (§2.6). A position may fix the next results
    (``dice``, as a book example states them); the seeded RNG rolls the rest."""
    if loaded is not None:
        return loaded(st)
    fixed = st.get("dice")
    if fixed:
        return fixed.pop(0)
    return rng.roll(st, 10)


# -- prompts --------------------------------------------------------------------------------


def ask(S: Static, f: dict[str, Any], *detail: str) -> tuple[str, dict[str, Any]]:
    """The prompt of frame ``f``: ``it.p.<step>`` (with ``detail``, e.g. the battle's phase),
    naming the nation the step is about and its area."""
    args: dict[str, Any] = {}
    n = f.get("nation", -1)
    if isinstance(n, int) and n >= 0:
        args["nation"] = S.nkey[n]
    if "a" in f:
        args["area"] = S.keys[f["a"]]
    return ".".join(("it.p." + f["s"], *detail)), args


# -- turns and frames shared by the chapters -------------------------------------------------


def new_turn_scratch(S: Static, st: State) -> None:
    """Per-turn records: raids and pillages (§10.6.1, §10.7), naval battles, where attackers came from (§10.5)."""
    st["sacked"] = []
    st["raided"] = []
    st["naval"] = []
    st["bought"] = []
    st["came"] = [[] for _ in range(S.A)]


def out_of_game(S: Static, st: State, n: int) -> bool:
    """§12.1: a nation without pieces stays in the game while its card still brings
    reinforcements in a later round."""
    if has_pieces(st, n):
        return False
    return not any(r > st["round"] and S.reinf[n][r] for r in range(1, S.rounds + 1))


def start_retreat(
    st: State,
    n: int,
    a: int,
    mode: str,
    *,
    by: int = -1,
    forced: bool = True,
    came: list[int] | None = None,
    need: int = -1,
    sub: bool | None = None,
) -> None:
    """Push the retreat of ``n``'s units from ``a``, for the reason ``mode`` names: battle
    (§10.5), elephant (§10.2: ``need`` units must go), clear (§7.2, §13.1), submit (§12.5.2),
    raid (§10.7) or leaders (§10.2); ``by`` the enemy (-1: none), ``came`` the areas the
    attackers came from, closed to a retreating defender (FAQ §10.5), ``sub`` whether the
    defender may submit instead (§12.5.1)."""
    extra = {} if sub is None else {"sub": sub}
    flow.push(
        st,
        "retreat",
        nation=n,
        a=a,
        forced=forced,
        came=list(came or ()),
        by=by,
        mode=mode,
        sel=[],
        need=need,
        **extra,
    )


def start_campaign(
    S: Static, st: State, n: int, leader: str, gold: int, *, single: bool = False, free_exit: int = -1
) -> None:
    """§12.3: start the campaign of ``leader`` (``single``: one move, round 10 of Italia I, §13.4)."""
    flow.push(
        st,
        "camp",
        nation=n,
        ldr=leader,
        gold=gold,
        phase="start",
        last=-1,
        moves=0,
        single=single,
        free=free_exit,
        blocked=False,
    )
