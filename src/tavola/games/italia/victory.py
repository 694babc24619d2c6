"""§11 Winning the game: VP for areas, cities and regions at the end of the scoring rounds
(before transformations), halved for submitted nations, "at any time" VP (see
:func:`model.award`), and the winner after round 10."""

from __future__ import annotations

from typing import Any

from tavola.core.rules import Event, State
from tavola.games.italia.const import CITY, FLEET, KIND, NAT
from tavola.games.italia.model import halve_up, scores_now
from tavola.games.italia.scenario import Static


def round_vp(S: Static, st: State, n: int, r: int) -> tuple[int, dict[str, int]]:
    """Half points ``n`` would score for areas, cities and regions at the end of round ``r``
    as things stand (§11.0): the card's area and city values for areas its own units hold
    (not its subjects'; never seas, §11.0 FAQ), plus whole regions where empty areas and its
    subjects' areas count as its own. Returns the total and the parts."""
    sc = S.scoring[n].get(r)
    if sc is None:
        return 0, {}
    area = city = region = 0
    for a, half in sc.area_vp.items():
        if _holds(st, a, n):
            area += half
    for a, half in sc.city_vp.items():
        if st["city"][a] == CITY and _holds(st, a, n):
            city += half
    ruler = st["ruler"]
    units = st["units"]
    for rv in sc.regions:
        others = 0
        for a in rv.area_ids:
            for u in units[a]:  # an area held by a nation other than n and its subjects
                m = u[NAT]
                if m != n and ruler[m] != n and u[KIND] != FLEET:
                    others += 1
                    break
        if rv.form == "all":
            if others == 0:
                region += rv.half_vp
        else:
            region += max(0, rv.half_vp - 2 * others)
    total = area + city + region
    return total, {"areas": area, "cities": city, "regions": region}


def _holds(st: State, a: int, n: int) -> bool:
    """Whether ``n`` controls ``a`` for VP: a unit of any kind there, leaders included, fleets
    not (§11.0)."""
    for u in st["units"][a]:
        if u[NAT] == n and u[KIND] != FLEET:
            return True
    return False


def score_round(S: Static, st: State, ev: list[Event]) -> None:
    """End of a game round: every nation with a scoring line for this round scores it (a
    round without a line is a blacked-out cell of the score pad, §2.5); a submitted nation keeps
    half, rounded up (§12.5.2, §12.5.2 FAQ: the total is rounded)."""
    r = st["round"]
    for n in range(S.N):
        if r not in S.scoring[n] or not scores_now(S, st, n):
            continue
        total, parts = round_vp(S, st, n, r)
        if st["ruler"][n] >= 0:
            total = halve_up(total)
        st["vp"][n] += total
        ev.append(
            {
                "msg": "it.score",
                "args": {
                    "nation": S.nkey[n],
                    "vp": total / 2,
                    "round": r,
                    "areas": parts.get("areas", 0) / 2,
                    "cities": parts.get("cities", 0) / 2,
                    "regions": parts.get("regions", 0) / 2,
                },
            }
        )


def player_vp(S: Static, st: State) -> dict[str, int]:
    """Half points per player: the sum over the player's nations (§11.0)."""
    out = {r: 0 for r in S.roles}
    for n in range(S.N):
        out[S.role_of[n]] += (
            st["vp"][n] + halve_up(st["vp_submitted"][n]) if st["vp_submitted"][n] else st["vp"][n]
        )
    return out


def number(half: int) -> int | float:
    return half // 2 if half % 2 == 0 else half / 2


def result(S: Static, st: State) -> dict[str, Any] | None:
    """§11.0: after round 10 the player with the most VP wins (ties share the win)."""
    if not st["over"]:
        return None
    totals = player_vp(S, st)
    best = max(totals.values())
    return {
        "winners": [r for r in S.roles if totals[r] == best],
        "scores": {r: number(v) for r, v in totals.items()},
        "nations": {S.nkey[n]: number(st["vp"][n]) for n in range(S.N)},
        "reason": "victory points",
    }
