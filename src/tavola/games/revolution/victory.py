"""§4.3-§4.5 Victory points and the winner, §5.8 and §6.20 the positions (turn order).

VP are recomputed from zero at the end of every turn (§4.4) and kept in halves."""

from __future__ import annotations

from typing import Any

from tavola.games.revolution.common import (
    BURGHERS,
    CATHOLICS,
    HABSBURGS,
    NOBILITY,
    REFORMERS,
    UNIVERSITY_REFORMED,
    State,
    acting_armies,
    controls_place,
    ev,
    fid,
    per_faction,
    phase_over,
)
from tavola.games.revolution.loader import COMPONENTS as C


def breakdown(state: State, owner: int, final: bool) -> dict[str, int]:
    """§4.3, §5.8 a faction's VP in halves, source by source: 1 per city card, each province
    card's value (small provinces only at the end of the game, §4.3.1, §6.20), and its own
    objective: Catholic bishoprics (Catholic or Strongly Catholic), regions holding a Habsburg
    army, the Nobility's tokens in provinces and towns (not in cities, not in support boxes)
    divided by 5 (3 players) or 3 (5 players) and rounded up, trade cities the Burghers
    control, Reformed universities."""
    cities = 2 * sum(state["city_card"][c] == owner for c in C.cities)
    provinces = sum(
        C.vp2[p]
        for p in range(len(C.province_ids))
        if state["province_card"][p] == owner and (final or not C.small[p])
    )
    bonus = 0
    if owner == CATHOLICS:
        bonus = sum(s <= 1 for s in state["bishopric"])
    elif owner == HABSBURGS:
        bonus = sum(any(o == HABSBURGS for _, o in acting_armies(state, r)) for r in range(len(C.region_ids)))
    elif owner == NOBILITY:
        divisor = C.nobility_divisor.get(state["players"])
        if divisor:
            tokens = sum(row[owner] for row in state["country"]) + sum(
                state["places"][t][owner] for t in C.towns
            )
            bonus = -(-tokens // divisor)
    elif owner == BURGHERS:
        bonus = sum(controls_place(state, owner, c) for c in range(len(C.place_ids)) if C.trade[c])
    elif owner == REFORMERS:
        bonus = sum(u == UNIVERSITY_REFORMED for u in state["university"])
    return {"cities": cities, "provinces": provinces, "objective": 2 * bonus}


def vp2(state: State, owner: int, final: bool) -> int:
    return sum(breakdown(state, owner, final).values())


def score(state: State) -> list[dict[str, Any]]:
    """§4.4, §6.20 every faction's VP from zero."""
    final = state["turn"] >= C.last_turn
    for o in state["factions"]:
        state["vp2"][o] = vp2(state, o, final)
    return [ev("ev.vp", faction=fid(o), vp=state["vp2"][o] / 2) for o in state["factions"]]


def role_scores(state: State) -> dict[str, int]:
    """Each role's VP in halves: with 2 players a player scores its two factions' sum (§3.1)."""
    out = {r: 0 for r in state["roles"]}
    for o in state["factions"]:
        out[state["seat"][fid(o)]] += state["vp2"][o]
    return out


def winners(state: State) -> list[str]:
    """§4.5 the most VP after turn 5 wins; tied leaders all win."""
    scores = role_scores(state)
    best = max(scores.values())
    return [r for r in state["roles"] if scores[r] == best]


# --- §5.8, §6.20 positions -----------------------------------------------------------------
def ranking(state: State) -> list[int]:
    """Factions by VP, most first; ties in the current turn order (in turn 0 the fixed order,
    which is the order of turn 0, §4.2.1)."""
    rank = {o: i for i, o in enumerate(state["order"])}
    return sorted(state["factions"], key=lambda o: (-state["vp2"][o], rank[o]))


def begin(state: State) -> list[dict[str, Any]]:
    """§6.20 the leader's card goes down first; each next faction by VP places its card before,
    between or after those already down (each faction on its own in the 2-player game)."""
    events = score(state)
    if state["turn"] >= C.last_turn:
        state["over"] = True
        events.append(ev("ev.over", winners=winners(state)))
        phase_over(state)
        return events
    ranked = ranking(state)
    state["order"] = ranked[:1]
    per_faction(state, "position", ranked[1:], lambda s, o: {})
    return events


def legal_position(state: State, frame: dict[str, Any], who: int) -> list[tuple[Any, ...]]:
    return [("position", i + 1) for i in range(len(state["order"]) + 1)]


def apply_position(
    state: State, frame: dict[str, Any], who: int, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    state["order"].insert(action[1] - 1, who)
    per_faction(state, "position", frame["queue"], lambda s, o: {})
    return [ev("ev.position", faction=fid(who), place=action[1])]


def ask_position(state: State, frame: dict[str, Any], who: int) -> tuple[str, dict[str, Any]]:
    return "prompt.position", {"faction": fid(who), "line": [fid(o) for o in state["order"]]}
