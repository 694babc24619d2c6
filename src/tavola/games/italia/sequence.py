"""§5 Sequence of play: game rounds, nation turns in the order of play (nations without
pieces are skipped), the four phases of a turn (with the extra phases of major invasions,
§12.2, and campaigns, §12.3), reinforcements out of sequence (§7.2), transformations (§12.4)
and the end of the game."""

from __future__ import annotations

from typing import Any

from tavola.core import flow, rng
from tavola.core.flow import Frame
from tavola.core.rules import Event, State
from tavola.games.italia import (
    combat,
    income,
    italia_i,
    italia_ii,
    movement,
    naval,
    placement,
    submission,
    victory,
)
from tavola.games.italia.combat import stack_exempt
from tavola.games.italia.const import CITY, EXT, FLEET, INFANTRY, KIND, LEADER, NAT
from tavola.games.italia.model import (
    add_unit,
    alone,
    clear_turn_flags,
    counters_left,
    find_leader,
    flush_vp,
    has_pieces,
    new_turn_scratch,
    note_holders,
    remove,
    reset_moves,
    start_campaign,
)
from tavola.games.italia.movement import hostile
from tavola.games.italia.pillage import offer_pillage, start_rebuild
from tavola.games.italia.placement import due_in_turn, start_reinforcements
from tavola.games.italia.scenario import Static
from tavola.games.italia.stacking import check_areas, check_attacks


def new_state(S: Static, options: dict[str, Any], seed: int) -> State:
    """§4.0: the set-up of summary card 1 (from the nation cards)."""
    A, N = S.A, S.N
    st: State = {
        "rng": rng.seed_state(seed),
        "flow": [{"s": "round", "phase": "start", "i": 0}],
        "game": S.key,
        "opts": dict(options),
        "roles": list(S.roles),
        "round": 1,
        "active_nation": -1,
        "units": [[] for _ in range(A)],
        "occupied": [[] for _ in range(N)],
        "units_by_kind": [{} for _ in range(N)],
        "leader_area": {},
        "city": [0] * A,
        "city_holder": [-1] * A,
        "gold": list(S.start_gold),
        "vp": [0] * N,
        "vp_submitted": [0] * N,
        "capital": [-1] * N,
        "ruler": [-1] * N,
        "pending": [[] for _ in range(N)],
        "leaders_leave": {},
        "leaders_dead": [],
        "came": [[] for _ in range(A)],
        "over_limit": [],
        "sacked": [],
        "raided": [],
        "safe": [],
        "sacks": [[] for _ in range(N)],
        "naval": [],
        "bought": [],
        "panic": 0,
        "conv": 0,
        "titles": [],
        "blocked": [],
        "react_from": [],
        "camp_nat": -1,
        "camp_raids": None,
        "r10": None,
        "over": False,
    }
    for n, nation in enumerate(S.nations):
        for p in nation.setup:
            a = p.area_id
            for kind, count in p.units.items():
                for _ in range(count):
                    add_unit(S, st, a, n, kind)
            for key in p.leaders:
                add_unit(S, st, a, n, LEADER, key)
                # §7.2 clarification: set-up leaders leave in phase 2 of the nation's second turn.
                st["leaders_leave"][key] = 2
            if p.city:
                st["city"][a] = CITY
                st["city_holder"][a] = n
    return st


def acts_this_round(S: Static, st: State, n: int) -> bool:
    """§5.0: every nation with pieces on the board (new arrivals included) plays once in the
    order of play; the others are skipped."""
    r = st["round"]
    if not S.first_round[n] <= r <= S.last_round[n]:
        return False
    return has_pieces(st, n) or due_in_turn(S, st, n)


# -- transformations and departures ----------------------------------------------------------


def transform(S: Static, st: State, ev: list[Event]) -> None:
    """§12.4: at the start of the round a nation's units become the units of the new nation
    (same type where the new nation has that counter, else infantry; leaders leave)."""
    for n, into, mode in S.transforms.get(st["round"], ()):
        for a, lst in enumerate(st["units"]):
            for u in [x for x in lst if x[NAT] == n]:
                remove(st, a, u)
                if mode != "replace" or u[KIND] == LEADER:
                    continue
                kind = u[KIND]
                if counters_left(S, st, into, kind) <= 0:
                    kind = INFANTRY if kind != FLEET else ""
                if kind and counters_left(S, st, into, kind) > 0 and (kind != FLEET or S.is_sea[a]):
                    add_unit(S, st, a, into, kind)
        for a in range(S.A):
            if st["city_holder"][a] == n:
                st["city_holder"][a] = into
        st["ruler"][n] = -1
        for m in range(S.N):
            if st["ruler"][m] == n:
                st["ruler"][m] = -1
        ev.append({"msg": "it.transform", "args": {"nation": S.nkey[n], "into": S.nkey[into]}})


def departures(S: Static, st: State, ev: list[Event]) -> None:
    """Card rule: after its last round a nation's units leave the board; its cities stay
    without an owner."""
    for n in range(S.N):
        p = S.special[n].get("leaves_game")
        if not p or st["round"] != p["after_round"]:
            continue
        for a, lst in enumerate(st["units"]):
            for u in [x for x in lst if x[NAT] == n]:
                remove(st, a, u)
            for fl in lst:
                if fl[KIND] == FLEET:
                    for c in [x for x in fl[EXT] if x[NAT] == n]:
                        remove(st, a, c)
            if st["city_holder"][a] == n:
                st["city_holder"][a] = -1
        for m in range(S.N):
            if st["ruler"][m] == n:
                st["ruler"][m] = -1
        ev.append({"msg": "it.departs", "args": {"nation": S.nkey[n]}})


# -- the round ----------------------------------------------------------------------------------


def run_round(S: Static, st: State, f: Frame, ev: list[Event]) -> bool:
    ph = f["phase"]
    if ph == "start":
        ev.append({"msg": "it.round", "args": {"round": st["round"]}})
        if italia_i.round10(S, st):
            italia_i.start_round10(S, st, ev)
        transform(S, st, ev)
        f["phase"] = "turns"
        f["i"] = 0
        for n in reversed([*S.order, *S.factions]):
            start_reinforcements(S, st, n, "start_of_round")
        return True
    if ph == "turns":
        if italia_i.round10(S, st):
            f["phase"] = "end"
            flow.push(st, "r10")
            return True
        order = S.order
        while f["i"] < len(order):
            n = order[f["i"]]
            f["i"] += 1
            if acts_this_round(S, st, n):
                flow.push(st, "turn", nation=n, phase="start")
                return True
        f["phase"] = "end"
        return True
    if ph == "end":
        f["phase"] = "score"
        for n in reversed([*S.order, *S.factions]):
            start_reinforcements(S, st, n, "end_of_round")
        return True
    if ph == "score":
        victory.score_round(S, st, ev)
        departures(S, st, ev)
        f["phase"] = "next"
        return True
    # next round, or the end of the game (§11.0)
    if st["round"] >= S.rounds:
        st["over"] = True
        st["active_nation"] = -1
        st["flow"] = [{"s": "over"}]
        ev.append({"msg": "it.game_over", "args": {}})
        return False
    st["round"] += 1
    f["phase"] = "start"
    return True


# -- the nation turn ----------------------------------------------------------------------------


def _spec(S: Static, st: State, n: int) -> Any:
    return S.turn[n].get(st["round"])


def _major(spec: Any) -> bool:
    return spec is not None and spec.kind == "major_invasion"


def run_turn(S: Static, st: State, f: Frame, ev: list[Event]) -> bool:
    """§5.0: a nation's turn runs by itself, phase by phase (``f["phase"]``); each phase pushes
    the steps in which its player decides."""
    TURN_PHASES[f["phase"]](S, st, f, ev)
    return True


def _turn_start(S: Static, st: State, f: Frame, ev: list[Event]) -> None:
    """§5.0: the turn opens; a revolt may break out (§12.6); Roma is cleared and rebuilt (§13.1)."""
    n = f["nation"]
    spec = _spec(S, st, n)
    st["active_nation"] = n
    new_turn_scratch(S, st)
    note_holders(S, st)  # cities held since the last turn (retreats, reactions, arrivals)
    ev.append({"msg": "it.turn", "args": {"nation": S.nkey[n], "round": st["round"]}})
    camp_first = spec is not None and spec.kind == "campaign" and spec.starts_with_campaign
    f["phase"] = "camp_start" if camp_first else "income"
    submission.offer_revolt(S, st, n, "own_turn")
    italia_i.roma_turn_start(S, st, n, ev)


def _income(S: Static, st: State, f: Frame, ev: list[Event]) -> None:
    """§6.1: income."""
    income.collect(S, st, f["nation"], ev)
    f["phase"] = "buy"


def _buy(S: Static, st: State, f: Frame, ev: list[Event]) -> None:
    """§6.2: buying."""
    st["bought"] = []
    flow.push(st, "buy", nation=f["nation"], cities=[])
    f["phase"] = "place"


def _place(S: Static, st: State, f: Frame, ev: list[Event]) -> None:
    """§7.1, §7.2: leaders expire, reinforcements arrive, bought units are placed."""
    n = f["nation"]
    placement.expire_leaders(S, st, n, ev)
    placement.start_reinforcements(S, st, n, "turn")
    items = list(st["pending"][n]) + list(st["bought"])
    st["pending"][n] = []
    st["bought"] = []
    placement.place_bought(st, n, items)
    f["phase"] = "camp" if f["phase"] == "camp_start" else "move"


def _move(S: Static, st: State, f: Frame, ev: list[Event]) -> None:
    """§9.0: movement; a major invasion moves twice, the first time with a bonus (§12.2);
    Hannibal's lift (§13.2); an arrival area may be left though hostile (§12.3.4)."""
    n, ph = f["nation"], f["phase"]
    spec = _spec(S, st, n)
    major = _major(spec)
    st["over_limit"] = [x for x in st["over_limit"] if x[0] != n]
    reset_moves(S, st, n)
    lift_to, lift_from = italia_i.lift(S, st, n)
    free = _arrival_exit(S, st, n) if ph == "move" else -1
    movement.start_move(
        S,
        st,
        n,
        "normal" if ph == "move" else "second",
        major_inv=major,
        bonus=major and ph == "move" and "extra_move_first" in spec.bonuses,
        lift=lift_to if ph == "move" else -1,
        lift_from=lift_from,
    )
    if free >= 0:
        flow.top(st)["free"] = free
    f["phase"] = "aftermove" if ph == "move" else "aftermove2"


def _after_move(S: Static, st: State, f: Frame, ev: list[Event]) -> None:
    """§10.8: naval battles are declared; the checks after movement (§8.0, §10.6.1)."""
    n = f["nation"]
    naval.start_declarations(S, st, n)
    after_move_checks(S, st, n)
    f["phase"] = "combat" if f["phase"] == "aftermove" else "combat2"


def _combat(S: Static, st: State, f: Frame, ev: list[Event]) -> None:
    """§10.0: combat; after a major invasion's first combat it moves again (§12.2)."""
    n, ph = f["nation"], f["phase"]
    first = ph == "combat" and _major(_spec(S, st, n))
    combat.start_combat(S, st, n, "first" if first else "normal")
    f["phase"] = "move2" if first else "camp"


def _campaign(S: Static, st: State, f: Frame, ev: list[Event]) -> None:
    """§12.3: the card's campaign, if it has one this round."""
    n = f["nation"]
    spec = _spec(S, st, n)
    f["phase"] = "end"
    if spec is not None and spec.kind == "campaign":
        start_campaign(S, st, n, spec.leader, spec.gold, free_exit=_arrival_exit(S, st, n))


def _turn_end(S: Static, st: State, f: Frame, ev: list[Event]) -> None:
    """§7.2: units leave the entry areas; Italia II's reductions after the turn (§7.2)."""
    movement.leave_entry_areas(S, st, f["nation"], ev)
    italia_ii.reduce_after_turn(S, st, f["nation"], ev)
    f["phase"] = "close"


def _turn_close(S: Static, st: State, f: Frame, ev: list[Event]) -> None:
    """The turn is over: VP earned while submitted are halved (§12.5.2), lapsed submissions
    end, gold over the limit is lost (§6.1)."""
    n = f["nation"]
    flow.pop(st)
    flush_vp(S, st, ev)
    submission.end_lapsed(S, st, ev)
    clear_turn_flags(st, n)
    income.bank(S, st, n)
    st["active_nation"] = -1
    st["camp_nat"] = -1


TURN_PHASES = {
    "start": _turn_start,
    "income": _income,
    "buy": _buy,
    "place": _place,
    "camp_start": _place,
    "move": _move,
    "move2": _move,
    "aftermove": _after_move,
    "aftermove2": _after_move,
    "combat": _combat,
    "combat2": _combat,
    "camp": _campaign,
    "end": _turn_end,
    "close": _turn_close,
}
"""The phases of a nation's turn in their order (§5.0): campaigns that start the turn place
first and campaign at once; a major invasion moves and fights twice (§12.2)."""


def _arrival_exit(S: Static, st: State, n: int) -> int:
    """FAQ 'Epiroti': a leader who arrived in an occupied area may move out freely in his first
    movement (unless house rule 'Epiroti' is chosen: he fights there first, §12.3.1)."""
    p = S.special[n].get("no_combat_on_arrival")
    if not p or st["opts"].get("pyrrhus_fights"):
        return -1
    a, u, _ = find_leader(st, p["leader"])
    if u is None:
        return -1
    for rf in S.reinf[n].get(st["round"], ()):
        if p["leader"] in rf.leaders:
            return a
    return -1


def after_move_checks(S: Static, st: State, n: int) -> None:
    """After a movement phase (§8.0, §10.6, §10.6.1 clarification): pillage cities just taken,
    rebuild ruins where no combat follows, then remove units over the stacking limit."""
    mine: list[int] = [a for a in st["occupied"][n] if not S.is_sea[a]]
    quiet = [a for a in mine if not hostile(S, st, a, n)]
    spec = _spec(S, st, n)
    attacked = [a for a in mine if a not in quiet and not S.is_entry[a]]
    check_attacks(S, st, n, attacked, major=spec is not None and spec.kind == "major_invasion")
    check_areas(S, st, n, quiet, stack_exempt(S, st, n))
    start_rebuild(S, st, n)
    for a in reversed(quiet):
        if st["city"][a] == CITY and alone(st, a, n):
            offer_pillage(S, st, n, a)
