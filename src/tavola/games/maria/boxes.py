"""§15 the victory-marker pools of the advanced game, §16 the victory boxes (battle victories,
generals lost to supply, the three Rhine electors), §23 the advanced game's victory.

Not yet part of a playable scenario: the advanced game also needs the political phase (§17-19),
which is not built. State used here: ``pools`` (superpower -> markers left), ``boxes``
(superpower -> markers in its two battle-victory boxes), ``electors_box`` (superpowers with a
marker in the 3-electors box), ``winter_scores`` (superpower -> the secret score of each winter).
"""

from __future__ import annotations

from typing import Any

from tavola.games.maria.common import State, event, superpower

BATTLE_BOXES = 2  # §3.2: 2 battle-victory boxes per superpower
RHINE_ELECTORS = ("trier", "mainz", "koln", "mannheim")  # §10.3, §16
SUPERPOWERS = ("austria", "prussia", "france", "pragmatic_army")
TIE_ORDER = ("austria", "pragmatic_army", "prussia", "france")
"""§23: Maria Theresa wins every tie, Louis XV loses every tie (the order between the Pragmatic
Army and Prussia, both Frederick's, never decides between players)."""


def battle_points(state: State, troops: int, generals: int) -> int:
    """§16 a): 1 point per 3 troops eliminated; fewer than 3 but at least one general removed:
    exactly 1 (not 1 per general); the higher of the two counts. Option ``battle_rounding``:
    ``down`` (the book's «1 punto ogni 3 truppe»: 7 or 8 troops make 2) or ``nearest`` (8 make 3)."""
    if state["options"].get("battle_rounding", "down") == "nearest":
        by_troops = (troops + 1) // 3
    else:
        by_troops = troops // 3
    return max(by_troops, 1 if generals else 0)


def gain(state: State, power: str, points: int) -> list[dict[str, Any]]:
    """§16: for each point won a superpower (a minor power's points count for its superpower)
    moves a marker from its pool to one of its battle boxes, while the boxes have room."""
    sp = superpower(power)
    moved = 0
    for _ in range(points):
        if state["boxes"][sp] >= BATTLE_BOXES or state["pools"][sp] == 0:
            break
        state["boxes"][sp] += 1
        state["pools"][sp] -= 1
        moved += 1
    return [event("ev.victory_points", power=sp, n=moved)] if moved else []


def lose(state: State, power: str, points: int) -> list[dict[str, Any]]:
    """§16: for each point lost a marker goes back from the battle boxes to the pool (none when
    the boxes are empty)."""
    sp = superpower(power)
    back = min(points, state["boxes"][sp])
    state["boxes"][sp] -= back
    state["pools"][sp] += back
    return [event("ev.victory_points_lost", power=sp, n=back)] if back else []


def battle(state: State, winner: str, loser: str, troops: int, generals: int) -> list[dict[str, Any]]:
    """§16 a): the winner gains what the loser loses."""
    points = battle_points(state, troops, generals)
    return gain(state, winner, points) + lose(state, loser, points)


def supply_loss(state: State, power: str, generals: int) -> list[dict[str, Any]]:
    """§16 b): 1 point lost for each general removed for lack of supply."""
    return lose(state, power, generals)


def electors(state: State, holders: dict[str, str | None]) -> list[dict[str, Any]]:
    """§16: France with 3 of Trier, Mainz, Köln and Mannheim puts a marker in the 3-electors box;
    Austria and the Pragmatic Army together likewise, the Pragmatic Army's marker (and only its);
    below 3 the marker goes back to the pool."""
    events = []
    sides = {"france": ("france",), "pragmatic_army": ("austria", "pragmatic_army")}
    for sp, side in sides.items():
        count = sum(1 for c in RHINE_ELECTORS if holders.get(c) in side)
        has = sp in state["electors_box"]
        if count >= 3 and not has and state["pools"][sp] > 0:
            state["electors_box"].append(sp)
            state["pools"][sp] -= 1
            events.append(event("ev.electors_box", power=sp))
        elif count < 3 and has:
            state["electors_box"].remove(sp)
            state["pools"][sp] += 1
            events.append(event("ev.electors_box_lost", power=sp))
    return events


def winter_score(state: State) -> None:
    """§13: each superpower scores 1 point per marker left in its pool, written in secret."""
    for sp in SUPERPOWERS:
        state["winter_scores"][sp].append(state["pools"][sp])


def _tie_break(powers: list[str]) -> str:
    return min(powers, key=TIE_ORDER.index)


def empty_pool_winner(state: State, extra: dict[str, int] | None = None) -> str | None:
    """§23: a superpower whose pool is empty at the end of an action or political phase wins at
    once; several: the one that could have played the most additional markers (``extra``, what
    each would still have placed), then Maria Theresa wins every tie and Louis XV loses every one."""
    empty = [sp for sp in SUPERPOWERS if state["pools"][sp] == 0]
    if not empty:
        return None
    if len(empty) > 1 and extra:
        best = max(extra.get(sp, 0) for sp in empty)
        empty = [sp for sp in empty if extra.get(sp, 0) == best]
    return _tie_break(empty)


def final_winner(state: State) -> str:
    """§23: after the fourth winter the lowest winter score wins: the sum of every winter's score
    written on the sheet (default) or the last winter's (option ``winter_score=last``)."""
    last = state["options"].get("winter_score", "sum") == "last"
    score = {sp: (s[-1] if last else sum(s)) for sp, s in state["winter_scores"].items() if s}
    low = min(score.values())
    return _tie_break([sp for sp, v in score.items() if v == low])
