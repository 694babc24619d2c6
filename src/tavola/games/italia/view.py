"""What players see: the view (Italia has no hidden information; each step of :mod:`.flow` asks
its own prompt, beside its rule), action labels, the fixed action space, and the odds of the
battle under way (exact, from the dice), which the bots' evaluation reads too."""

from __future__ import annotations

import marshal
from typing import Any

from tavola.core.rules import Action, Event, State
from tavola.games.italia.battle import modifier
from tavola.games.italia.const import EXT, F_GRP, FL, FLEET, HIT, KIND, LEADER, NAT
from tavola.games.italia.odds import groups_of, odds
from tavola.games.italia.scenario import Static


def _unit_view(S: Static, u: list[Any]) -> dict[str, Any]:
    d: dict[str, Any] = {"nation": S.nkey[u[NAT]], "kind": u[KIND]}
    if u[KIND] == LEADER:
        d["leader"] = u[EXT]
        d["name"] = S.leader_name.get(u[EXT], u[EXT])
    elif u[KIND] == FLEET:
        d["cargo"] = [_unit_view(S, c) for c in u[EXT]]
    elif u[HIT]:
        d["damaged"] = True
    if u[FL] & F_GRP:
        d["gathered"] = True  # picked up to move (§9.0): the client rings it and lists it
    return d


def _area(S: Static, a: int, units: list[Any], city: int) -> dict[str, Any]:
    return {
        "id": a,
        "key": S.keys[a],
        "city": ("", "city", "ruin")[city],
        "units": [_unit_view(S, u) for u in units],
    }


BOARDS_KEPT = 1024
_shown: dict[tuple[str, int], list[tuple[list[Any], int, dict[str, Any]] | None]] = {}
"""Per board (a game's list of areas' units, by its identity), what each area showed in the
last view built of it: a copy of its units and its city, and the dict shown. A click changes
a few areas: a view builds only those again, finding the others equal to their copies (equal
units and city show the same, so a board whose identity is reused by another game is still
shown right). The dicts are shared by the views that show them (never written to); forgotten
when ``BOARDS_KEPT`` boards are held."""


_seen_once: set[tuple[str, int]] = set()
"""Boards viewed once and not held: a board is held from its second view, so the clones a bot
views once each (its repetition check) neither take the room nor pay for a copy."""


def _areas(S: Static, st: State) -> list[dict[str, Any]]:
    units, city = st["units"], st["city"]
    key = (S.key, id(units))
    shown = _shown.get(key)
    copies = None
    if shown is None:
        if key not in _seen_once:
            if len(_seen_once) >= BOARDS_KEPT:
                _seen_once.clear()
            _seen_once.add(key)
            return [_area(S, a, units[a], city[a]) for a in range(S.A)]
        if len(_shown) >= BOARDS_KEPT:  # a board viewed again: one copy of it all
            _shown.clear()
        shown = _shown[key] = [None] * S.A
        copies = marshal.loads(marshal.dumps(units))
    out = []
    for a in range(S.A):
        held = shown[a]
        if held is None or held[1] != city[a] or held[0] != units[a]:
            area = _area(S, a, units[a], city[a])
            copy = copies[a] if copies is not None else marshal.loads(marshal.dumps(units[a]))
            held = shown[a] = (copy, city[a], area)
        out.append(held[2])
    return out


def view(S: Static, st: State, role: str | None) -> dict[str, Any]:
    """Everything is public in Italia: units, cities, gold, VP, submissions, capitals."""
    f = st["flow"][-1]
    return {
        "game": S.key,
        "round": st["round"],
        "nation": S.nkey[st["active_nation"]] if st["active_nation"] >= 0 else None,
        # The step of the sequence of play (§5) and its phase; "step" is the platform's action count.
        "sequence_step": f["s"],
        # units bought this turn, placed when buying ends (§6.2, §7.1)
        "bought": list(st["bought"]),
        "phase": f.get("phase"),
        "areas": _areas(S, st),
        "nations": [
            {
                "key": S.nkey[n],
                "role": S.role_of[n],
                "gold": st["gold"][n],
                "vp": st["vp"][n] / 2,
                "capital": S.keys[c]
                if (c := (S.capital_fixed[n] if S.capital_fixed[n] >= 0 else st["capital"][n])) >= 0
                else None,
                "ruler": S.nkey[st["ruler"][n]] if st["ruler"][n] >= 0 else None,
                "pending": list(st["pending"][n]),
            }
            for n in range(S.N)
        ],
        "dead_leaders": list(st["leaders_dead"]),
        "battle": _battle_view(S, st),
    }


def summary(view: dict[str, Any]) -> list[list[Event]]:
    """The view in words, what the browser's panels and counters show: the round and the
    nation to play, each nation's gold, VP, capital and ruler, the battle under way, the units
    bought and waiting, the leaders dead, and every area with a city or units, its units
    counted by nation and type (leaders by name, fleets' cargo aboard)."""

    def line(msg: str, parts: list[Event] | None = None, **args: Any) -> list[Event]:
        return [{"msg": msg, "args": args}, *(parts or [])]

    def part(msg: str, **args: Any) -> Event:
        return {"msg": msg, "args": args}

    lines = [
        line("it.sum.turn", round=view["round"], nation=view["nation"])
        if view["nation"]
        else line("it.sum.round", round=view["round"])
    ]
    if view["battle"]:
        b = view["battle"]
        lines.append(
            line(
                "it.sum.battle", area=b["area"], attacker=b["attacker"], defender=b["defender"], n=b["round"]
            )
        )
    if view["bought"]:
        lines.append(line("it.sum.bought", units=[f"unit.{k}" for k in view["bought"]]))
    for n in view["nations"]:
        parts = [part("it.sum.gold", gold=n["gold"]), part("it.sum.vp", vp=n["vp"])]
        if n["capital"]:
            parts.append(part("it.sum.capital", area=n["capital"]))
        if n["ruler"]:
            parts.append(part("it.sum.ruler", ruler=n["ruler"]))
        lines.append(line("it.sum.nation", parts, nation=n["key"], role=n["role"]))
    if view["dead_leaders"]:
        lines.append(line("it.sum.dead", leaders=view["dead_leaders"]))
    for a in view["areas"]:
        if not a["units"] and not a["city"]:
            continue
        lines.append(
            line(
                f"it.sum.area_{a['city']}" if a["city"] else "it.sum.area", _stack(a["units"]), area=a["key"]
            )
        )
    return lines


def _stack(units: list[dict[str, Any]]) -> list[Event]:
    """An area's units in words: counted by nation, type, first hit and being aboard a fleet;
    leaders by name."""
    groups: dict[tuple[str, str, bool, bool], int] = {}
    leaders: list[Event] = []

    def count(u: dict[str, Any], aboard: bool) -> None:
        if u["kind"] == LEADER:
            msg = "it.sum.leader_aboard" if aboard else "it.sum.leader"
            leaders.append({"msg": msg, "args": {"leader": u["leader"], "nation": u["nation"]}})
            return
        key = (u["nation"], u["kind"], bool(u.get("damaged")), aboard)
        groups[key] = groups.get(key, 0) + 1
        for c in u.get("cargo", []):
            count(c, True)

    for u in units:
        count(u, False)
    counted: list[Event] = [
        {
            "msg": "it.sum.units" + ("_aboard" if aboard else "_damaged" if damaged else ""),
            # the unit, never the nation of the same id (Foederati)
            "args": {"n": k, "kind": f"unit.{kind}", "nation": nation},
        }
        for (nation, kind, damaged, aboard), k in groups.items()
    ]
    return counted + leaders


def _battle_view(S: Static, st: State) -> dict[str, Any] | None:
    for f in reversed(st["flow"]):
        if f["s"] == "battle":
            return {
                "area": f["a"],
                "attacker": S.nkey[f["nation"]],
                "defender": S.nkey[f["defender"]],
                "round": f["rounds"] + 1,
                "raid": f["raid"],
                "odds": battle_odds_now(S, st, f),
            }
    return None


def describe(S: Static, st: State, action: Action) -> str:
    parts = []
    for p in action:
        if isinstance(p, int) and action[0] in (
            "area",
            "city",
            "capital",
            "rebuild",
            "raid",
            "block",
            "fight",
            "exit",
        ):
            parts.append(S.keys[p] if 0 <= p < S.A else str(p))
        else:
            parts.append(str(p))
    return " ".join(parts)


def action_space(S: Static) -> list[Action]:
    """Every action that can ever be legal, in a fixed order."""
    out: list[Action] = [
        ("done",),
        ("pass",),
        ("attack",),
        ("raid",),
        ("submit",),
        ("revolt",),
        ("take",),
        ("decline",),
        ("campaign",),
        ("join",),
        ("see",),
        ("pillage", "gold"),
        ("pillage", "vp"),
    ]
    verbs_area = ("area", "city", "capital", "rebuild", "raid", "block", "fight", "exit")
    for v in verbs_area:
        out.extend((v, a) for a in range(S.A))
    kinds = [*list(S.kinds), LEADER]
    for k in kinds:
        out.append(("buy", k))
        out.append(("unit", k))
        out.append(("unit", k + "*"))
        out.append(("drop", k))
        out.append(("convert", k))
        out.append(("target", k))
        out.append(("target", k + "@sea"))
        for i in range(30):
            out.append(("target", f"{k}.{i}"))
            out.append(("target", f"{k}@sea.{i}"))
    for key in sorted(S.leader_owner):
        out.append(("leader", key))
        out.append(("drop", key))
    for j in range(64):
        out.append(("fleet", j))
    seen = set()
    uniq = []
    for a in out:
        if a not in seen:
            seen.add(a)
            uniq.append(a)
    return uniq


# -- the odds shown to players (and read by the bots' evaluation) ------------------------------


def battle_odds_now(S: Static, st: State, f: dict[str, Any]) -> dict[str, Any]:
    """The odds of the battle of frame ``f`` as it stands: exact (§10.2, from the dice) unless
    the battle is too big to compute at once, then estimated (``exact`` false)."""
    a, n, m = f["a"], f["nation"], f["defender"]
    lst = st["units"][a]
    o, exact = odds(
        groups_of([u for u in lst if u[NAT] == n]),
        groups_of([u for u in lst if u[NAT] == m]),
        modifier(S, st, a, n, m, True),
        modifier(S, st, a, m, n, False),
    )
    return {
        "attacker": round(o.attacker, 4),
        "defender": round(o.defender, 4),
        "both": round(o.both, 4),
        "exact": exact,
    }
