"""Invariants of an Italia state, for the fuzzer (``Rules.check``)."""

from __future__ import annotations

from tavola.core.rules import State
from tavola.games.italia.const import (
    EXT,
    F_CONV,
    FL,
    FLEET,
    FLEET_CAPACITY,
    HIT,
    KIND,
    KINDS,
    LAND_KINDS,
    LEADER,
    NAT,
)
from tavola.games.italia.flow import FLOW
from tavola.games.italia.model import on_board
from tavola.games.italia.scenario import Static


def invariants(S: Static, st: State) -> list[str]:
    bad: list[str] = []
    if len(st["units"]) != S.A or len(st["city"]) != S.A:
        bad.append("area lists have the wrong length")
        return bad
    leaders: list[str] = []
    for a, lst in enumerate(st["units"]):
        for u in lst:
            if len(u) != 6 or u[KIND] not in KINDS or not 0 <= u[NAT] < S.N:
                bad.append(f"malformed unit {u!r} in {S.keys[a]}")
                continue
            if S.is_sea[a] and u[KIND] != FLEET:
                bad.append(f"{u[KIND]} standing in sea {S.keys[a]} outside a fleet")
            if not S.is_sea[a] and u[KIND] == FLEET:
                bad.append(f"fleet on land in {S.keys[a]}")
            if u[KIND] == LEADER:
                leaders.append(u[EXT])
            if u[KIND] == FLEET:
                cargo = u[EXT]
                if sum(1 for c in cargo if c[KIND] != LEADER) > FLEET_CAPACITY:
                    bad.append(f"a fleet in {S.keys[a]} carries more than two units")
                for c in cargo:
                    if c[KIND] not in LAND_KINDS and c[KIND] != LEADER:
                        bad.append(f"a fleet carries a {c[KIND]}")
                    if c[NAT] != u[NAT]:
                        bad.append(f"a fleet in {S.keys[a]} carries another nation's unit")
                    if c[KIND] == LEADER:
                        leaders.append(c[EXT])
            elif u[HIT] not in (0, 1) or (u[HIT] and S.hits.get(u[KIND], 1) < 2):
                bad.append(f"{u[KIND]} in {S.keys[a]} carries {u[HIT]} hits")
        if st["city"][a] and not S.city_ok[a]:
            bad.append(f"a city in {S.keys[a]}, where none may be built")
    if len(set(leaders)) != len(leaders):
        bad.append("a leader is on the board twice")
    for key in leaders:
        if key in st["leaders_dead"]:
            bad.append(f"dead leader {key} is back on the board")
    converted: dict[tuple[int, str], int] = {}
    for lst in st["units"]:
        for u in lst:
            if u[FL] & F_CONV:  # fights for the Patrimonium in this battle only (§14.3)
                converted[(u[NAT], u[KIND])] = converted.get((u[NAT], u[KIND]), 0) + 1
    for n in range(S.N):
        for kind in (*LAND_KINDS, FLEET):
            have = S.counters[n].get(kind, 0)
            if on_board(st, n, kind) - converted.get((n, kind), 0) > have:
                bad.append(f"{S.nkey[n]} has more {kind} on the board than counters ({have})")
        if st["gold"][n] < 0:
            bad.append(f"{S.nkey[n]} has negative gold")
        if (
            st["active_nation"] != n
            and st["gold"][n] > S.costs.gold_cap
            and not any(f["s"] in ("tribute",) for f in st["flow"])
        ):
            bad.append(f"{S.nkey[n]} banks {st['gold'][n]} gold, over the limit")
        r = st["ruler"][n]
        if r == n:
            bad.append(f"{S.nkey[n]} rules itself")
    if not st["over"]:
        f = st["flow"][-1]
        if f["s"] not in FLOW.steps:
            bad.append(f"unknown flow step {f['s']}")
        else:
            roles = FLOW.deciders(st)
            if not roles:
                bad.append(f"no role is active in step {f['s']}")
            for role in roles:
                if not FLOW.legal(st, role):
                    bad.append(f"{role} is active in {f['s']} without a legal action")
    return bad
