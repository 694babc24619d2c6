"""§13 Rules of Italia I: Roma (§13.1), Hannibal's campaign (§13.2), Romans facing elephants
(§13.3) and round 10's civil war of alternating campaigns with legion defection (§13.4)."""

from __future__ import annotations

from tavola.core import flow
from tavola.core.flow import Frame
from tavola.core.rules import Event, State
from tavola.games.italia.const import CITY, CONSULAR, ELEPHANT, EXT, KIND, LEADER, LEGION, NAT, RUIN
from tavola.games.italia.income import bank
from tavola.games.italia.model import (
    add_unit,
    counters_left,
    eliminate,
    find_leader,
    flush_vp,
    new_turn_scratch,
    remove,
    roll,
    start_campaign,
    start_retreat,
)
from tavola.games.italia.scenario import Static

# -- §13.1 Roma ---------------------------------------------------------------------------------


def roma_turn_start(S: Static, st: State, n: int, ev: list[Event]) -> None:
    """§13.1: in rounds 1-9, at the start of the Roman turn (before income) every non-Roman
    unit in Roma must retreat (or is eliminated) and the city of Roma is rebuilt for free."""
    rule = S.scen_special.get("roma")
    if not rule or S.nkey[n] != rule["owner"]:
        return
    lo, hi = rule["rounds"]
    if not lo <= st["round"] <= hi:
        return
    roma = S.area(rule["area"])
    if st["city"][roma] == RUIN:
        st["city"][roma] = CITY
        ev.append({"msg": "it.roma_rebuilt", "args": {"area": roma}})
    for m in sorted({u[NAT] for u in st["units"][roma] if u[NAT] != n}):
        start_retreat(st, m, roma, "clear")


# -- §13.2 Hannibal -----------------------------------------------------------------------------


def lift(S: Static, st: State, n: int) -> tuple[int, tuple[int, ...]]:
    """§13.2: in its movement phase the nation may gather units from any African area into
    Alpes (their whole move). Returns (Alpes, the African areas) or (-1, ())."""
    p = S.special[n].get("african_lift")
    if not p or st["round"] != p.get("round", st["round"]):
        return -1, ()
    return S.area(p["to"]), tuple(sorted(S.regions[p["from_region"]]))


# -- §13.3 Romans and elephants -----------------------------------------------------------------


def elephant_panic(S: Static, st: State, a: int, n: int, m: int, ev: list[Event]) -> None:
    """§13.3: the first three times Roman units face elephants, before the combat every Roman
    unit but leaders and consular legions rolls: it deserts on 8-10 the first time, on 10 the
    second and third; a deserter counts as eliminated by the elephants' side."""
    p = S.scen_special.get("elephant_panic")
    if not p:
        return
    victims = S.nidx.get(p["victims"], -1)
    if victims not in (n, m):
        return
    other = m if victims == n else n
    if not any(u[NAT] == other and u[KIND] == ELEPHANT for u in st["units"][a]):
        return
    k = st["panic"]
    limits = [p["first"], p["second"], p["third"]]
    if k >= len(limits):
        return
    st["panic"] = k + 1
    need = limits[k]
    exempt = set(p.get("exempt", ()))
    dice = []
    for u in [u for u in st["units"][a] if u[NAT] == victims and u[KIND] not in exempt]:
        d = roll(st)
        dice.append(d)
        if d >= need:
            ev.append({"msg": "it.deserts", "args": {"nation": S.nkey[victims], "unit": u[KIND], "area": a}})
            eliminate(S, st, a, u, other, ev)
    ev.append({"msg": "it.elephant_panic", "args": {"area": a, "time": k + 1, "need": need}, "dice": dice})


# -- §13.4 Round 10 -----------------------------------------------------------------------------


def round10(S: Static, st: State) -> bool:
    """Whether this is round 10 of Italia I (§13.4)."""
    r10 = S.scen_special.get("round_10")
    return bool(r10) and st["round"] == S.rounds


def neutral(S: Static, st: State, n: int) -> bool:
    """§13.4: in round 10 the nations other than the three factions are neutral garrisons that
    neither move nor retreat."""
    return round10(S, st) and S.nkey[n] not in S.scen_special["round_10"]["sequence"]


def start_round10(S: Static, st: State, ev: list[Event]) -> None:
    """§13.4 FAQ: every leader still on the board at the end of round 9 is removed."""
    for a, lst in enumerate(st["units"]):
        for u in [x for x in lst if x[KIND] == LEADER]:
            remove(st, a, u)
            st["leaders_leave"].pop(u[EXT], None)
    st["r10"] = {"passes": 0, "i": 0, "given": [], "leaders": []}


def faction_leader(S: Static, st: State, x: int) -> str | None:
    """The campaigning leader of a round-10 nation (§13.4)."""
    spec = S.turn[x].get(st["round"])
    if spec is None or spec.kind != "campaign":
        return None
    return spec.leader


def run_r10(S: Static, st: State, f: Frame, ev: list[Event]) -> bool:
    """§13.4: Optimates, Populares, Romans campaign in turn, one move each, again and again;
    the round (and the game) ends when none can pay or all three pass in a row."""
    r10 = S.scen_special["round_10"]
    seq = [S.nidx[k] for k in r10["sequence"]]
    info = st["r10"]
    if st["active_nation"] >= 0:
        flush_vp(S, st, ev)
        bank(S, st, st["active_nation"])  # §6.1: at most 10 gold stay on the track
        st["active_nation"] = -1
    able = []
    for x in seq:
        key = faction_leader(S, st, x)
        if key and find_leader(st, key)[1] is not None:
            spec = S.turn[x][st["round"]]
            gold = st["gold"][x] + (0 if x in info["given"] else spec.gold)
            if gold >= S.costs.campaign_move:
                able.append(x)
    if info["passes"] >= len(seq) or not able:
        flow.pop(st)
        return True
    x = seq[info["i"] % len(seq)]
    info["i"] += 1
    if x not in able:
        info["passes"] += 1
        return True
    spec = S.turn[x][st["round"]]
    gold = 0
    if x not in info["given"]:
        info["given"].append(x)
        gold = spec.gold
    key = spec.leader or ""
    if key not in info["leaders"]:
        info["leaders"].append(key)
    st["active_nation"] = x
    new_turn_scratch(S, st)
    start_campaign(S, st, x, key, gold, single=True)
    return True


def defection(S: Static, st: State, ev: list[Event]) -> None:
    """§13.4: after each campaign move and each reaction move, a Roman legion in Sulla's area
    defects on 7-10, in Marius' area on 9-10 (9-10 and 10 if a Roman consular legion is
    there); consular legions never defect; the Optimates roll first."""
    if not round10(S, st):
        return
    order = []
    first = S.scen_special["round_10"].get("first_roller")
    for x in range(S.N):
        if "defection_leader" in S.special[x]:
            order.append(x)
    order.sort(key=lambda x: 0 if S.nkey[x] == first else 1)
    for x in order:
        p = S.special[x]["defection_leader"]
        a, u, _ = find_leader(st, p["leader"])
        if u is None or S.is_sea[a]:
            continue
        src = S.nidx[p["from"]]
        legions = [v for v in st["units"][a] if v[NAT] == src and v[KIND] == LEGION]
        if not legions:
            continue
        consul = any(v[NAT] == src and v[KIND] == CONSULAR for v in st["units"][a])
        need = p["roll_with_consular"] if consul else p["roll"]
        for v in legions:
            d = roll(st)
            if d >= need and counters_left(S, st, x, LEGION) > 0:
                remove(st, a, v)
                add_unit(S, st, a, x, LEGION)
                ev.append(
                    {
                        "msg": "it.defects",
                        "args": {"from": S.nkey[src], "to": S.nkey[x], "area": a},
                        "dice": [d],
                    }
                )
