"""Italia positions: a state written for people, and read back to the exact state.

A position names areas by their printed name, nations by their key and units by their kind:

.. code-block:: yaml

    game: italia-i
    round: 3
    nation: romans                 # whose turn it is (omitted between turns)
    areas:
      Apulia:
        city: city                 # or ruin
        owner: samnites            # the nation that held the city last
        units:
          samnites: [infantry, infantry, leader gavius_pontius]
          romans: [consular damaged]
      Mare Siculum:
        units:
          carthaginians: [{unit: fleet, carries: [infantry, leader hannibal]}]
    nations:
      romans: {gold: 6, vp: 12.5, capital: Roma}
    pending:                       # the flow stack, bottom first: the step and its decision
      - {step: round, ph: turns, i: 3}
      - {step: turn, nation: romans, ph: combat}

A unit is a word with optional marks: ``damaged`` (a two-hit unit with one hit, §10.2),
``mp=N`` (movement points left when not the full move), ``carried=N`` (land units a fleet
has carried this turn, §9.6) and ``+flag`` marks of the turn under way (``+moved``,
``+land``...). Areas where units of several nations are interleaved list them as runs
(``units: [{romans: [legion]}, {samnites: [infantry]}, {romans: [legion]}]``) so that the order,
which numbers the fleets of an area, is kept. Everything left out takes its empty value, so
a hand-written position lists only what is on the board; :func:`position` writes what is not empty
or zero, and :func:`from_position` of that gives back the same state.

Loading checks the position against the board, the cards and the rules and refuses it with a
:class:`PositionError` naming the faulty item; nothing is half-loaded.
"""

from __future__ import annotations

from typing import Any

from tavola.core.errors import PositionError
from tavola.core.rules import State
from tavola.games.italia.checks import invariants
from tavola.games.italia.combat import stack_exempt
from tavola.games.italia.const import (
    CITY,
    EXT,
    F_CAMP,
    F_CONV,
    F_ENTRY,
    F_GRP,
    F_LAND,
    F_LDR,
    F_MOVED,
    F_NAVAL,
    F_OVER,
    F_RETR,
    F_SHIP,
    F_STOP,
    FL,
    FLEET,
    FLEET_CAPACITY,
    HIT,
    KIND,
    KINDS,
    LAND_KINDS,
    LEADER,
    MP,
    NAT,
    NO_CITY,
    RUIN,
)
from tavola.games.italia.flow import FLOW
from tavola.games.italia.model import (
    LAYOUT_1,
    frame_as_layout_3,
    frame_from_layout_3,
    reindex,
    renamed_frame,
)
from tavola.games.italia.scenario import Static
from tavola.games.italia.sequence import TURN_PHASES, new_state
from tavola.games.italia.stacking import attack_limit, check_limit

Unit = list[Any]


FLAGS = (
    ("group", F_GRP),
    ("stop", F_STOP),
    ("land", F_LAND),
    ("ship", F_SHIP),
    ("leader", F_LDR),
    ("naval", F_NAVAL),
    ("entry", F_ENTRY),
    ("moved", F_MOVED),
    ("overrun", F_OVER),
    ("converted", F_CONV),
    ("campaign", F_CAMP),
    ("retreated", F_RETR),
)
FLAG_OF = dict(FLAGS)
CITY_WORD = {CITY: "city", RUIN: "ruin"}
CITY_OF = {v: k for k, v in CITY_WORD.items()}

# Frame locals: which name a nation or an area (written by name), or lists of them.
F_NATION = {"n", "m", "x", "c", "by", "vs", "prev"}
F_AREA = {"a", "group", "at", "src", "la", "free", "lift", "last"}
F_AREAS = {"areas", "exits", "lift_from", "fought", "cities", "came", "used"}
F_NATIONS = {"q"}
RENAME = {"s": "step", "n": "nation", "a": "area"}
UNRENAME = {v: k for k, v in RENAME.items()}

# Records of the turn under way, and what their items are.
TURN_AREAS = ("sacked", "raided", "safe", "blocked", "react_from")
TURN_FIELDS = (
    "came",
    "over_limit",
    "naval",
    "bought",
    "titles",
    "camp_nat",
    "camp_raids",
    "panic",
    "conv",
    "r10",
    "sacks",
)
OLD_TURN_FIELDS = {"rx": "over_limit"}
"""Names of positions written before the state's keys had full words, still read."""


class _Names:
    """Index <-> name for one game, with the errors of a bad name."""

    def __init__(self, S: Static) -> None:
        self.S = S
        self.area_name = tuple(a.name for a in S.board.areas)
        self.area_id: dict[str, int] = {}
        for a in S.board.areas:
            for nm in (a.key, a.name, a.name_it):
                self.area_id[nm.lower()] = a.id

    def area(self, a: int) -> str | None:
        return None if a < 0 else self.area_name[a]

    def area_of(self, item: str, v: Any) -> int:
        if v is None:
            return -1
        if not isinstance(v, str) or v.lower() not in self.area_id:
            raise PositionError(item, f"unknown area {v!r} (the board has {len(self.area_name)} areas)")
        return self.area_id[v.lower()]

    def nation(self, n: int) -> str | None:
        return None if n < 0 else self.S.nkey[n]

    def nation_of(self, item: str, v: Any) -> int:
        if v is None:
            return -1
        if v not in self.S.nidx:
            raise PositionError(item, f"no nation {v!r} in {self.S.key} (nations: {', '.join(self.S.nkey)})")
        return self.S.nidx[v]


# -- writing ------------------------------------------------------------------------------------


def _unit_word(S: Static, u: Unit) -> Any:
    kind = u[KIND]
    words = [kind]
    if kind == LEADER:
        words.append(u[EXT])
    if u[HIT] and kind != FLEET:
        words.append("damaged")
    text = " ".join(words)
    if kind == FLEET and u[EXT]:
        return {"unit": text, "carries": [_unit_word(S, c) for c in u[EXT]]}
    return text


def _mark(S: Static, u: Unit) -> str:
    """The marks of the turn under way on one unit (empty when it has none)."""
    words = []
    if u[MP] != S.unit_move(u[KIND], u[NAT]):
        words.append(f"mp={u[MP]}")
    if u[HIT] and u[KIND] == FLEET:
        words.append(f"carried={u[HIT]}")
    words.extend("+" + name for name, bit in FLAGS if u[FL] & bit)
    return " ".join(words)


def _marks(S: Static, lst: list[Unit]) -> list[str]:
    out = []
    seen: dict[int, int] = {}
    for u in lst:
        i = seen.get(u[NAT], 0)
        seen[u[NAT]] = i + 1
        m = _mark(S, u)
        if m:
            out.append(f"{S.nkey[u[NAT]]} {i}: {m}")
        if u[KIND] == FLEET:
            for j, c in enumerate(u[EXT]):
                m = _mark(S, c)
                if m:
                    out.append(f"{S.nkey[u[NAT]]} {i}.{j}: {m}")
    return out


def _units(S: Static, lst: list[Unit]) -> tuple[dict[str, list[Any]], list[str]]:
    """The units of an area by nation, and, when nations are interleaved, the order of the
    pieces as runs (``["etruscans 1", "romans 7", "etruscans 2"]``): the order numbers the
    fleets of a sea."""
    by: dict[str, list[Any]] = {}
    runs: list[list[Any]] = []
    for u in lst:
        by.setdefault(S.nkey[u[NAT]], []).append(_unit_word(S, u))
        if runs and runs[-1][0] == u[NAT]:
            runs[-1][1] += 1
        else:
            runs.append([u[NAT], 1])
    if len({n for n, _ in runs}) == len(runs):
        return by, []
    return by, [f"{S.nkey[n]} {c}" for n, c in runs]


def _frame_out(N: _Names, f: dict[str, Any]) -> dict[str, Any]:
    """A frame in the words of a position (their names are those of layout 3, with ``nation``,
    ``step`` and ``area``)."""
    out: dict[str, Any] = {}
    for k, v in frame_as_layout_3(f).items():
        if k in F_NATION and isinstance(v, int):
            v = N.nation(v)
        elif (k in F_AREA or (k == "sel" and f["s"] == "rebuild")) and isinstance(v, int):
            v = N.area(v)
        elif k in F_AREAS and isinstance(v, list):
            v = [N.area(a) for a in v]
        elif k in F_NATIONS:
            v = [N.nation(n) for n in v]
        elif k == "pairs":
            v = [[N.area(a), N.nation(m)] for a, m in v]
        out[RENAME.get(k, k)] = v
    return out


def position(S: Static, st: State) -> dict[str, Any]:
    """The state as a position (plain data, YAML or JSON)."""
    N = _Names(S)
    areas: dict[str, Any] = {}
    for a in range(S.A):
        d: dict[str, Any] = {}
        if st["city"][a] != NO_CITY:
            d["city"] = CITY_WORD[st["city"][a]]
        if st["city_holder"][a] >= 0:
            d["owner"] = S.nkey[st["city_holder"][a]]
        if st["units"][a]:
            d["units"], order = _units(S, st["units"][a])
            if order:
                d["order"] = order
        if d:
            areas[N.area_name[a]] = d
    nations: dict[str, Any] = {}
    for n in range(S.N):
        d: dict[str, Any] = {}
        if st["gold"][n]:
            d["gold"] = st["gold"][n]
        if st["vp"][n]:
            d["vp"] = _half(st["vp"][n])
        if st["vp_submitted"][n]:
            d["vp_submitted"] = _half(st["vp_submitted"][n])
        if st["capital"][n] >= 0:
            d["capital"] = N.area(st["capital"][n])
        if st["ruler"][n] >= 0:
            d["ruler"] = S.nkey[st["ruler"][n]]
        if st["pending"][n]:
            d["pending_units"] = list(st["pending"][n])
        if st["sacks"][n]:
            d["pillaged"] = [N.area(a) for a in st["sacks"][n]]
        if d:
            nations[S.nkey[n]] = d
    p: dict[str, Any] = {
        "game": S.key,
        "scenario": "standard",
        "players": len(S.roles),
        "options": dict(st["opts"]),
        "round": st["round"],
    }
    if st["active_nation"] >= 0:
        p["nation"] = S.nkey[st["active_nation"]]
    if areas:
        p["areas"] = areas
    marks = {N.area_name[a]: m for a in range(S.A) if (m := _marks(S, st["units"][a]))}
    if marks:
        p["marks"] = marks
    if nations:
        p["nations"] = nations
    leaders: dict[str, Any] = {}
    if st["leaders_leave"]:
        leaders["leave"] = dict(st["leaders_leave"])
    if st["leaders_dead"]:
        leaders["dead"] = list(st["leaders_dead"])
    if leaders:
        p["leaders"] = leaders
    if st["panic"]:
        p["elephant_battles"] = st["panic"]
    if st["conv"]:
        p["conversions"] = st["conv"]
    if st["titles"]:
        p["titles"] = [N.nation(n) for n in st["titles"]]
    turn = _turn_out(S, N, st)
    if turn:
        p["turn"] = turn
    if st.get("dice"):
        p["dice"] = list(st["dice"])
    if st["over"]:
        p["over"] = True
    p["pending"] = [_frame_out(N, f) for f in st["flow"]]
    return p


def _half(v: int) -> int | float:
    return v // 2 if v % 2 == 0 else v / 2


def _turn_out(S: Static, N: _Names, st: State) -> dict[str, Any]:
    t: dict[str, Any] = {}
    came = {N.area_name[a]: [N.area(b) for b in lst] for a, lst in enumerate(st["came"]) if lst}
    if came:
        t["came"] = came
    for k in TURN_AREAS:
        if st[k]:
            t[k] = [N.area(a) for a in st[k]]
    if st["over_limit"]:
        t["over_limit"] = [[N.nation(n), N.area(a)] for n, a in st["over_limit"]]
    if st["naval"]:
        t["naval"] = [[N.area(a), N.nation(m)] for a, m in st["naval"]]
    if st["bought"]:
        t["bought"] = list(st["bought"])
    if st["camp_nat"] >= 0:
        t["camp_nat"] = N.nation(st["camp_nat"])
    if st["camp_raids"] is not None:
        t["camp_raids"] = [N.area(a) for a in st["camp_raids"]]
    if st["r10"] is not None:
        r = st["r10"]
        t["r10"] = {
            "passes": r["passes"],
            "i": r["i"],
            "given": [N.nation(n) for n in r["given"]],
            "leaders": list(r["leaders"]),
        }
    return t


# -- reading ------------------------------------------------------------------------------------


def from_position(S: Static, p: Any, seed: int, defaults: dict[str, Any]) -> State:
    """The state of a position; ``defaults`` are the game's option defaults. Raises
    :class:`PositionError` naming the first faulty item."""
    if not isinstance(p, dict):
        raise PositionError("position", "a position is a mapping of items (game, areas, nations, pending...)")
    known = {
        "format", "game", "scenario", "players", "options", "round", "nation", "phase", "areas",
        "marks", "nations", "leaders", "elephant_battles", "conversions", "titles", "turn", "dice",
        "over", "pending",
    }  # fmt: skip
    for k in p:
        if k not in known:
            raise PositionError(str(k), f"not an item of an Italia position ({', '.join(sorted(known))})")
    if p.get("game", S.key) != S.key:
        raise PositionError("game", f"this is a position of {p.get('game')!r}, not {S.key}")
    if p.get("scenario", "standard") != "standard":
        raise PositionError("scenario", f"{S.key} has one scenario, 'standard', not {p.get('scenario')!r}")
    if p.get("players", len(S.roles)) != len(S.roles):
        raise PositionError("players", f"{S.key} is for {len(S.roles)} players, not {p.get('players')!r}")
    N = _Names(S)
    opts = dict(defaults)
    for k, v in (_mapping(p, "options") or {}).items():
        if k not in defaults:
            raise PositionError(f"options.{k}", f"{S.key} has no option {k!r}")
        if not isinstance(v, bool):
            raise PositionError(f"options.{k}", f"an option is true or false, not {v!r}")
        opts[k] = v
    st = new_state(S, opts, seed)
    st["units"] = [[] for _ in range(S.A)]
    st["city"] = [NO_CITY] * S.A
    st["city_holder"] = [-1] * S.A
    st["gold"] = [0] * S.N
    st["leaders_leave"] = {}
    rnd = p.get("round", 1)
    if not isinstance(rnd, int) or isinstance(rnd, bool) or not 1 <= rnd <= S.rounds:
        raise PositionError("round", f"a round of {S.key} is 1 to {S.rounds}, not {rnd!r}")
    st["round"] = rnd
    st["active_nation"] = N.nation_of("nation", p.get("nation"))
    _areas_in(S, N, st, _mapping(p, "areas") or {})
    reindex(S, st)
    _marks_in(S, N, st, _mapping(p, "marks") or {})
    _nations_in(S, N, st, _mapping(p, "nations") or {})
    _leaders_in(S, st, _mapping(p, "leaders") or {})
    st["panic"] = _int("elephant_battles", p.get("elephant_battles", 0))
    st["conv"] = _int("conversions", p.get("conversions", 0))
    titles = p.get("titles") or []
    if not isinstance(titles, list):
        raise PositionError("titles", "a list of the nations that took a title")
    st["titles"] = [N.nation_of("titles", x) for x in titles]
    _turn_in(S, N, st, _mapping(p, "turn") or {})
    dice = p.get("dice") or []
    if not isinstance(dice, list) or any(
        not isinstance(d, int) or isinstance(d, bool) or not 1 <= d <= 10 for d in dice
    ):
        raise PositionError("dice", f"dice are a list of ten-sided results 1 to 10, not {dice!r}")
    if dice:
        st["dice"] = list(dice)
    st["over"] = bool(p.get("over", False))
    if "phase" in p:
        if "pending" in p:
            raise PositionError(
                "phase", "give either the phase of the nation's turn or the pending steps, not both"
            )
        _phase_in(S, st, p["phase"])
    else:
        _flow_in(S, N, st, p.get("pending"))
    validate(S, st)
    if not st["over"]:
        try:
            FLOW.advance(st, [])
            bad = invariants(S, st)
        except (KeyError, IndexError, TypeError, ValueError, RuntimeError) as exc:
            raise PositionError("pending", f"the pending step cannot be resumed: {exc!r}") from None
        if bad:
            raise PositionError("pending", bad[0])
    return st


def _mapping(p: dict[str, Any], key: str) -> dict[str, Any] | None:
    v = p.get(key)
    if v is not None and not isinstance(v, dict):
        raise PositionError(key, f"{key} is a mapping, not {type(v).__name__}")
    return v


def _int(item: str, v: Any, lo: int = 0) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or v < lo:
        raise PositionError(item, f"a whole number of at least {lo}, not {v!r}")
    return v


def _halves(item: str, v: Any) -> int:
    if isinstance(v, bool) or not isinstance(v, (int, float)) or v < 0 or (v * 2) != int(v * 2):
        raise PositionError(item, f"victory points are counted in halves (12 or 12.5), not {v!r}")
    return int(v * 2)


def _unit_in(S: Static, item: str, n: int, w: Any, at_sea: bool, cargo: bool = False) -> Unit:
    carries: list[Any] = []
    if isinstance(w, dict):
        if set(w) - {"unit", "carries"} or "unit" not in w:
            raise PositionError(item, f"a unit with cargo is {{unit: fleet, carries: [...]}}, not {w!r}")
        carries = w.get("carries") or []
        w = w["unit"]
    if not isinstance(w, str) or not w.split():
        raise PositionError(item, f"a unit is a word such as 'infantry' or 'leader hannibal', not {w!r}")
    words = w.split()
    kind = words.pop(0)
    if kind not in KINDS:
        raise PositionError(item, f"unknown unit {kind!r} (units: {', '.join(KINDS)})")
    if kind != LEADER and S.counters[n].get(kind, 0) == 0:
        raise PositionError(item, f"{S.nkey[n]} have no {kind} counters")
    u: Unit = [n, kind, S.unit_move(kind, n), 0, 0, 0]
    if kind == LEADER:
        if not words:
            raise PositionError(item, "a leader needs his name: 'leader hannibal'")
        key = words.pop(0)
        owner = S.leader_owner.get(key)
        if owner is None:
            raise PositionError(item, f"no leader {key!r} in {S.key}")
        if owner != n:
            raise PositionError(item, f"{key} leads the {S.nkey[owner]}, not the {S.nkey[n]}")
        u[EXT] = key
    elif kind == FLEET:
        if cargo:
            raise PositionError(item, "a fleet cannot carry a fleet")
        u[EXT] = []
    if carries and kind != FLEET:
        raise PositionError(item, f"only a fleet carries units, not {kind}")
    for word in words:
        if word == "damaged":
            if S.hits.get(kind, 1) < 2:
                raise PositionError(item, f"{kind} takes one hit and cannot be damaged (§10.2)")
            u[HIT] = 1
        else:
            raise PositionError(item, f"unknown mark {word!r} on a {kind}")
    if at_sea and kind != FLEET and not cargo:
        raise PositionError(item, f"{kind} cannot stand in a sea outside a fleet (§9.6)")
    if not at_sea and kind == FLEET:
        raise PositionError(item, "a fleet cannot stand on land (§9.5)")
    if cargo and kind not in LAND_KINDS and kind != LEADER:
        raise PositionError(item, f"a fleet carries land units and leaders, not {kind}")
    if not isinstance(carries, list):
        raise PositionError(item, "carries is a list of units")
    for c in carries:
        u[EXT].append(_unit_in(S, item + ".carries", n, c, at_sea, cargo=True))
    if kind == FLEET and sum(1 for c in u[EXT] if c[KIND] != LEADER) > FLEET_CAPACITY:
        raise PositionError(item, f"a fleet carries at most {FLEET_CAPACITY} land units (§9.6)")
    return u


def _num(item: str, s: str) -> int:
    try:
        return int(s)
    except ValueError:
        raise PositionError(item, f"{s!r} is not a number") from None


def _areas_in(S: Static, N: _Names, st: State, areas: dict[str, Any]) -> None:
    for name, d in areas.items():
        a = N.area_of(f"areas.{name}", name)
        item = f"areas.{name}"
        if not isinstance(d, dict):
            raise PositionError(item, "an area is a mapping with city, owner and units")
        for k in d:
            if k not in ("city", "owner", "units", "order"):
                raise PositionError(f"{item}.{k}", "an area has city, owner, units and order")
        if "city" in d:
            if d["city"] not in CITY_OF:
                raise PositionError(f"{item}.city", f"city or ruin, not {d['city']!r}")
            if S.is_sea[a] or not S.city_ok[a]:
                raise PositionError(f"{item}.city", f"no city may stand in {name} (§2.2.1.9)")
            st["city"][a] = CITY_OF[d["city"]]
        if d.get("owner") is not None:
            st["city_holder"][a] = N.nation_of(f"{item}.owner", d["owner"])
        units = d.get("units") or {}
        if not isinstance(units, dict):
            raise PositionError(f"{item}.units", "units are a mapping nation: [units]")
        pieces: dict[int, list[Unit]] = {}
        for nk, words in units.items():
            n = N.nation_of(f"{item}.units.{nk}", nk)
            if not isinstance(words, list):
                raise PositionError(f"{item}.units.{nk}", "a nation's units are a list")
            pieces[n] = [_unit_in(S, f"{item}.units.{nk}", n, w, S.is_sea[a]) for w in words]
        order = d.get("order")
        if order is None:
            for lst in pieces.values():
                st["units"][a].extend(lst)
            continue
        if not isinstance(order, list):
            raise PositionError(f"{item}.order", "the order is a list of runs such as 'romans 2'")
        left = {n: list(lst) for n, lst in pieces.items()}
        for run in order:
            parts = str(run).split()
            if len(parts) != 2 or not parts[1].isdigit():
                raise PositionError(f"{item}.order", f"a run reads 'nation count', not {run!r}")
            n = N.nation_of(f"{item}.order", parts[0])
            c = int(parts[1])
            if c > len(left.get(n, [])):
                raise PositionError(f"{item}.order", f"more {parts[0]} units in the order than in units")
            st["units"][a].extend(left[n][:c])
            left[n] = left[n][c:]
        if any(left.values()):
            raise PositionError(f"{item}.order", "the order leaves units out")


def _marks_in(S: Static, N: _Names, st: State, marks: dict[str, Any]) -> None:
    """Marks of the turn under way: ``"romans 1: mp=0 +moved"`` marks the second Roman unit
    listed in the area, ``"carthaginians 0.1: +ship"`` the second unit aboard their first fleet."""
    for name, lst in marks.items():
        a = N.area_of(f"marks.{name}", name)
        item = f"marks.{name}"
        if not isinstance(lst, list):
            raise PositionError(item, "a list of marks such as 'romans 0: mp=1 +moved'")
        for m in lst:
            head, sep, words = str(m).partition(":")
            parts = head.split()
            if not sep or len(parts) != 2:
                raise PositionError(item, f"a mark reads 'nation index: marks', not {m!r}")
            n = N.nation_of(item, parts[0])
            idx = parts[1].split(".")
            if not all(x.isdigit() for x in idx) or len(idx) > 2:
                raise PositionError(item, f"{parts[1]!r} is not an index (2, or 2.0 for cargo)")
            own = [u for u in st["units"][a] if u[NAT] == n]
            i = int(idx[0])
            if i >= len(own):
                raise PositionError(item, f"the {parts[0]} have {len(own)} units in {name}, no unit {i}")
            u = own[i]
            if len(idx) == 2:
                j = int(idx[1])
                if u[KIND] != FLEET or j >= len(u[EXT]):
                    raise PositionError(item, f"unit {i} of the {parts[0]} carries no unit {j}")
                u = u[EXT][j]
            for word in words.split():
                if word.startswith("mp="):
                    u[MP] = _int(item, _num(item, word[3:]))
                elif word.startswith("carried=") and u[KIND] == FLEET:
                    u[HIT] = _int(item, _num(item, word[8:]))
                elif word.startswith("+") and word[1:] in FLAG_OF:
                    u[FL] |= FLAG_OF[word[1:]]
                else:
                    raise PositionError(item, f"unknown mark {word!r} (mp=N, carried=N, +flag)")


def _nations_in(S: Static, N: _Names, st: State, nations: dict[str, Any]) -> None:
    for nk, d in nations.items():
        n = N.nation_of(f"nations.{nk}", nk)
        item = f"nations.{nk}"
        if not isinstance(d, dict):
            raise PositionError(item, "a nation is a mapping with gold, vp, capital...")
        for k, v in d.items():
            it = f"{item}.{k}"
            if k == "gold":
                st["gold"][n] = _int(it, v)
            elif k == "vp":
                st["vp"][n] = _halves(it, v)
            elif k == "vp_submitted":
                st["vp_submitted"][n] = _halves(it, v)
            elif k == "capital":
                st["capital"][n] = N.area_of(it, v)
                if st["capital"][n] >= 0 and S.is_sea[st["capital"][n]]:
                    raise PositionError(it, "a capital is a land area (§8.1)")
                if st["capital"][n] >= 0 and S.capital_fixed[n] >= 0:
                    raise PositionError(it, f"the {nk}' capital is fixed by their card")
            elif k == "ruler":
                st["ruler"][n] = N.nation_of(it, v)
                if st["ruler"][n] == n:
                    raise PositionError(it, "a nation cannot submit to itself (§12.5)")
            elif k == "pending_units":
                if not isinstance(v, list) or any(x not in S.kinds for x in v):
                    raise PositionError(it, f"a list of unit kinds, not {v!r}")
                st["pending"][n] = list(v)
            elif k == "pillaged":
                st["sacks"][n] = _area_list(N, it, v)
            else:
                raise PositionError(
                    it, "a nation has gold, vp, vp_submitted, capital, ruler, pending_units, pillaged"
                )


def _area_list(N: _Names, item: str, v: Any) -> list[int]:
    if not isinstance(v, list):
        raise PositionError(item, f"a list of areas, not {v!r}")
    return [N.area_of(item, x) for x in v]


def _leaders_in(S: Static, st: State, d: dict[str, Any]) -> None:
    for k in d:
        if k not in ("leave", "dead"):
            raise PositionError(f"leaders.{k}", "leaders has leave (leader: round) and dead (a list)")
    leave = d.get("leave") or {}
    if not isinstance(leave, dict):
        raise PositionError("leaders.leave", "a mapping leader: the round whose phase 2 removes him")
    for key, r in leave.items():
        if key not in S.leader_owner:
            raise PositionError(f"leaders.leave.{key}", f"no leader {key!r} in {S.key}")
        st["leaders_leave"][key] = _int(f"leaders.leave.{key}", r, 1)
    dead = d.get("dead") or []
    if not isinstance(dead, list):
        raise PositionError("leaders.dead", "a list of leaders")
    for key in dead:
        if key not in S.leader_owner:
            raise PositionError("leaders.dead", f"no leader {key!r} in {S.key}")
    st["leaders_dead"] = list(dead)


def _turn_in(S: Static, N: _Names, st: State, t: dict[str, Any]) -> None:
    for k in t:
        if k not in TURN_AREAS and k not in TURN_FIELDS and k not in OLD_TURN_FIELDS:
            raise PositionError(
                f"turn.{k}", f"not a record of the turn ({', '.join((*TURN_AREAS, *TURN_FIELDS))})"
            )
    came = t.get("came") or {}
    if not isinstance(came, dict):
        raise PositionError("turn.came", "a mapping area: [areas the attackers came from]")
    for name, lst in came.items():
        st["came"][N.area_of("turn.came", name)] = _area_list(N, f"turn.came.{name}", lst)
    for k in TURN_AREAS:
        st[k] = _area_list(N, f"turn.{k}", t.get(k) or [])
    over = "rx" if "rx" in t else "over_limit"  # its name in positions written before
    st["over_limit"] = [
        [N.nation_of(f"turn.{over}", x[0]), N.area_of(f"turn.{over}", x[1])]
        for x in _pairs(f"turn.{over}", t.get(over))
    ]
    st["naval"] = [
        [N.area_of("turn.naval", x[0]), N.nation_of("turn.naval", x[1])]
        for x in _pairs("turn.naval", t.get("naval"))
    ]
    bought = t.get("bought") or []
    if not isinstance(bought, list) or any(x not in S.kinds for x in bought):
        raise PositionError("turn.bought", f"a list of unit kinds, not {bought!r}")
    st["bought"] = list(bought)
    st["camp_nat"] = N.nation_of("turn.camp_nat", t.get("camp_nat"))
    raids = t.get("camp_raids")
    st["camp_raids"] = None if raids is None else _area_list(N, "turn.camp_raids", raids)
    r10 = t.get("r10")
    if r10 is not None:
        if not isinstance(r10, dict) or set(r10) != {"passes", "i", "given", "leaders"}:
            raise PositionError(
                "turn.r10", "the last round's record has passes, i, given and leaders (§13.4)"
            )
        st["r10"] = {
            "passes": _int("turn.r10.passes", r10["passes"]),
            "i": _int("turn.r10.i", r10["i"]),
            "given": [N.nation_of("turn.r10.given", x) for x in r10["given"]],
            "leaders": list(r10["leaders"]),
        }


def _pairs(item: str, v: Any) -> list[list[Any]]:
    v = v or []
    if not isinstance(v, list) or any(not isinstance(x, list) or len(x) != 2 for x in v):
        raise PositionError(item, f"a list of pairs, not {v!r}")
    return v


PHASES = {
    "start": "start",
    "income": "income",
    "buy": "buy",
    "place": "place",
    "move": "move",
    "combat": "combat",
    "second move": "move2",
    "second combat": "combat2",
    "campaign": "camp",
}
"""The phases a hand-written position may start from (§5.0, §12.2, §12.3): the nation's turn
resumes there and the round goes on after it."""


def _phase_in(S: Static, st: State, phase: Any) -> None:
    n = st["active_nation"]
    if n < 0:
        raise PositionError("nation", "a phase is a phase of a nation's turn: name the nation")
    if phase not in PHASES:
        raise PositionError("phase", f"one of {', '.join(PHASES)}, not {phase!r}")
    if n not in S.order:
        raise PositionError("nation", f"the {S.nkey[n]} have no turn of their own (§13.4)")
    st["flow"] = [
        {"s": "round", "phase": "turns", "i": S.order.index(n) + 1},
        {"s": "turn", "nation": n, "phase": PHASES[phase]},
    ]


def _flow_in(S: Static, N: _Names, st: State, frames: Any) -> None:
    if frames is None:
        frames = [{"step": "round", "ph": "start", "i": 0}]
    if not isinstance(frames, list) or not frames:
        raise PositionError("pending", "the pending steps are a list of frames, bottom first")
    flow = []
    for i, fr in enumerate(frames):
        item = f"pending[{i}]"
        if not isinstance(fr, dict) or "step" not in fr:
            raise PositionError(
                item, "a frame is a mapping with its step: {step: turn, nation: romans, ph: move}"
            )
        if fr["step"] not in FLOW.steps and fr["step"] not in FLOW.final:
            raise PositionError(f"{item}.step", f"no step {fr['step']!r} in the sequence of play")
        f: dict[str, Any] = {}
        older = LAYOUT_1.get(fr["step"], {})  # positions written with the short names still load
        for k, v in fr.items():
            key = UNRENAME.get(k, k)
            key = older.get(key, key)
            if key in F_NATION and (v is None or isinstance(v, str)):
                v = N.nation_of(f"{item}.{k}", v)
            elif (key in F_AREA or (key == "sel" and fr["step"] == "rebuild")) and (
                v is None or isinstance(v, str)
            ):
                v = N.area_of(f"{item}.{k}", v)
            elif key in F_AREAS and isinstance(v, list):
                v = [N.area_of(f"{item}.{k}", x) for x in v]
            elif key in F_NATIONS and isinstance(v, list):
                v = [N.nation_of(f"{item}.{k}", x) for x in v]
            elif key == "pairs":
                v = [
                    [N.area_of(f"{item}.pairs", a), N.nation_of(f"{item}.pairs", m)]
                    for a, m in _pairs(item, v)
                ]
            f[key] = v
        flow.append(frame_from_layout_3(renamed_frame(f)))
    st["flow"] = flow


# -- validation ---------------------------------------------------------------------------------


def _busy_nations(st: State) -> set[int]:
    """Nations whose step is under way: their units may stand over a limit until it ends."""
    busy = {st["active_nation"]} if st["active_nation"] >= 0 else set()
    for f in st["flow"]:
        for k in ("nation", "defender"):
            v = f.get(k)
            if isinstance(v, int) and v >= 0:
                busy.add(v)
    return busy


def validate(S: Static, st: State) -> None:
    """Refuse a position the rules cannot reach: the board, the counters, the limits, the step."""
    N = _Names(S)
    busy = _busy_nations(st)
    leaders: dict[str, int] = {}
    for a in range(S.A):
        name = N.area_name[a]
        for u in st["units"][a]:
            for x in [u, *(u[EXT] if u[KIND] == FLEET else [])]:
                if x[KIND] == LEADER:
                    if x[EXT] in leaders:
                        raise PositionError(
                            f"areas.{name}", f"leader {x[EXT]} is already in {N.area_name[leaders[x[EXT]]]}"
                        )
                    if x[EXT] in st["leaders_dead"]:
                        raise PositionError(
                            f"areas.{name}",
                            f"leader {x[EXT]} is dead (leaders.dead) and cannot return (§7.2)",
                        )
                    leaders[x[EXT]] = a
    for n in range(S.N):
        for kind in (*LAND_KINDS, FLEET):
            have = S.counters[n].get(kind, 0)
            on = sum(
                1
                for lst in st["units"]
                for u in lst
                for x in [u, *(u[EXT] if u[KIND] == FLEET else [])]
                if x[NAT] == n and x[KIND] == kind and not x[FL] & F_CONV
            )
            if on > have:
                raise PositionError(
                    f"nations.{S.nkey[n]}", f"{on} {kind} on the board, more than the {have} counters"
                )
        if st["gold"][n] > S.costs.gold_cap and n not in busy:
            raise PositionError(
                f"nations.{S.nkey[n]}.gold",
                f"{st['gold'][n]} gold, more than the {S.costs.gold_cap} a nation keeps between turns (§6.1)",
            )
    _check_stacks(S, N, st)
    if (
        st["active_nation"] >= 0
        and not S.first_round[st["active_nation"]] <= st["round"] <= S.last_round[st["active_nation"]]
    ):
        raise PositionError(
            "nation", f"the {S.nkey[st['active_nation']]} do not play in round {st['round']} (§5.1)"
        )
    _check_flow(S, N, st)


BUSY_STEPS = frozenset(
    (
        "camp",
        "react",
        "r10",
        "combat",
        "battle",
        "retreat",
        "rebuild",
        "pillage",
        "excess",
        "ndecl",
        "nbattle",
        "nretreat",
    )
)


def _after_combat(st: State) -> int:
    """The nation whose combat phase is over (its movement, the combat and the checks that
    close them behind it), with no campaign under way; -1 otherwise. Before that, placement
    ignores the limits (§8.2) and areas stand over them until the check of §8.0 or §8.3."""
    n = st["active_nation"]
    if n < 0 or any(f["s"] in BUSY_STEPS for f in st["flow"]):
        return -1
    for f in st["flow"]:
        if f["s"] == "turn" and f.get("nation") == n and f.get("phase") in ("camp", "end", "close"):
            return n
    return -1


def _check_stacks(S: Static, N: _Names, st: State) -> None:
    """§8.0, §8.3: after its movement the active nation stands within the limits: the normal
    limit (one more in its capital, §8.1, and after a retreat, §8.6) where it is alone, the
    attack limit where it fights."""
    n = _after_combat(st)
    if n < 0:
        return
    free = stack_exempt(S, st, n)
    major = S.turn[n].get(st["round"]) is not None and S.turn[n][st["round"]].kind == "major_invasion"
    for a in S.land_ids:
        if a in free:
            continue
        lst = st["units"][a]
        have = sum(1 for u in lst if u[NAT] == n and u[KIND] in LAND_KINDS)
        if not have:
            continue
        if any(u[NAT] != n for u in lst):
            lead = any(u[NAT] == n and u[KIND] == LEADER for u in lst)
            lim = attack_limit(S, st, a, n, leader=lead, major=major)
            why = "the attack limit (§8.3)"
        else:
            lim = check_limit(S, st, a, n)
            why = "the stack limit (§8.0)"
        if have > lim:
            raise PositionError(f"areas.{N.area_name[a]}", f"{have} {S.nkey[n]} units over {why} {lim}")


def _check_flow(S: Static, N: _Names, st: State) -> None:
    for i, f in enumerate(st["flow"]):
        item = f"pending[{i}]"
        s = f["s"]
        a = f.get("a")
        n = f.get("nation")
        top = i == len(st["flow"]) - 1
        if s == "turn" and f.get("phase") not in TURN_PHASES:
            raise PositionError(f"{item}.ph", f"a nation's turn is in one of {', '.join(TURN_PHASES)} (§5.0)")
        if s == "battle" and top:
            if not (
                any(u[NAT] == n for u in st["units"][a])
                and any(u[NAT] == f.get("defender") for u in st["units"][a])
            ):
                raise PositionError(
                    item, f"no battle can be under way in {N.area(a)}: both sides must stand there (§10.1)"
                )
        elif s == "pillage" and top and not f.get("raid"):
            if st["city"][a] != CITY:
                raise PositionError(item, f"no city stands in {N.area(a)} to pillage (§10.6)")
        elif s in ("retreat", "excess") and top and isinstance(a, int):
            if not any(u[NAT] == n for u in st["units"][a]):
                raise PositionError(item, f"the {N.nation(n)} have no units in {N.area(a)} to {s}")
        elif (
            s in ("move", "buy", "place", "turn")
            and isinstance(n, int)
            and n >= 0
            and st["active_nation"] != n
        ):
            raise PositionError(item, f"a {s} step of the {N.nation(n)} while it is not their turn (nation)")
