"""§15 the victory-marker pools of the advanced game, §16 the victory boxes (battle victories,
generals lost to supply, the three Rhine electors), §23 the advanced game's victory.

State used here (advanced game only; empty in the introductory game): ``pools`` (superpower ->
markers left), ``boxes`` (superpower -> markers in its two battle-victory boxes),
``electors_box`` (superpowers with a marker in the 3-electors box), ``extra`` (superpower ->
markers it had to place with its pool empty, §23's "additional markers"), ``winter_scores``
(superpower -> the secret score of each winter, §13).
"""

from __future__ import annotations

from typing import Any

from tavola.games.maria.common import N, State, allied, controller, event, superpower

BATTLE_BOXES = N.battle_boxes  # §3.2: 2 battle-victory boxes per superpower
RHINE_ELECTORS = ("trier", "mainz", "koln", "mannheim")  # §10.3, §16
SUPERPOWERS = ("austria", "prussia", "france", "pragmatic_army")
TIE_ORDER = ("austria", "pragmatic_army", "prussia", "france")
"""§23: Maria Theresa wins every tie, Louis XV loses every tie (the order between the Pragmatic
Army and Prussia, both Frederick's, never decides between players); §24: with two players B's
powers, Austria and the Pragmatic Army, come first, so B wins every tie."""


def advanced(state: State) -> bool:
    """§15: victory markers come from the pools only in the advanced game."""
    return bool(state.get("pools"))


def new_pools() -> dict[str, Any]:
    """§4: Prussia 13, France 11, the Pragmatic Army 8, Austria 8; the boxes empty."""
    return {
        "pools": dict(N.pools),
        "boxes": {sp: 0 for sp in SUPERPOWERS},
        "electors_box": [],
        "extra": {sp: 0 for sp in SUPERPOWERS},
        "winter_scores": {sp: [] for sp in SUPERPOWERS},
        "victor": None,
    }


def no_pools() -> dict[str, Any]:
    """The introductory game has no pools (§14)."""
    return {"pools": {}, "boxes": {}, "electors_box": [], "extra": {}, "winter_scores": {}, "victor": None}


def take_marker(state: State, sp: str) -> None:
    """§15: a marker placed on a fortress is always taken from the pool; with the pool empty it
    counts as an additional marker (§23)."""
    if not advanced(state):
        return
    if state["pools"][sp] > 0:
        state["pools"][sp] -= 1
    else:
        state["extra"][sp] += 1


def return_marker(state: State, sp: str) -> None:
    """§15: a marker taken off a fortress always goes back to the pool (§3.2 NOTE: the Silesian
    markers of the set-up too)."""
    if not advanced(state):
        return
    if state["extra"][sp] > 0:
        state["extra"][sp] -= 1
    else:
        state["pools"][sp] += 1


def elector_side(state: State, power: str) -> str:
    """§10.3: a Rhine elector's marker shows France or the Austro-Pragmatic side (``austria``)."""
    return "austria" if allied(state, power, "austria") else "france"


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
    if not advanced(state):
        return []
    sp = superpower(state, power)
    moved = 0
    for _ in range(points):
        if state["boxes"][sp] >= BATTLE_BOXES:
            break
        state["boxes"][sp] += 1
        take_marker(state, sp)
        moved += 1
    return [event("ev.victory_points", power=sp, n=moved)] if moved else []


def lose(state: State, power: str, points: int) -> list[dict[str, Any]]:
    """§16: for each point lost a marker goes back from the battle boxes to the pool (none when
    the boxes are empty)."""
    if not advanced(state):
        return []
    sp = superpower(state, power)
    back = min(points, state["boxes"][sp])
    state["boxes"][sp] -= back
    for _ in range(back):
        return_marker(state, sp)
    return [event("ev.victory_points_lost", power=sp, n=back)] if back else []


def battle(state: State, winner: str, loser: str, troops: int, generals: int) -> list[dict[str, Any]]:
    """§16 a): the winner gains what the loser loses; §17.2: the winner of the last combat
    (even one worth no points) chooses the dominant political suit."""
    if not advanced(state):
        return []
    state["victor"] = winner
    points = battle_points(state, troops, generals)
    return gain(state, winner, points) + lose(state, loser, points)


def supply_loss(state: State, power: str, generals: int) -> list[dict[str, Any]]:
    """§16 b): 1 point lost for each general removed for lack of supply."""
    return lose(state, power, generals)


def electors(state: State, holders: dict[str, str | None] | None = None) -> list[dict[str, Any]]:
    """§16: France with 3 of Trier, Mainz, Köln and Mannheim puts a marker in the 3-electors box;
    Austria and the Pragmatic Army together likewise, the Pragmatic Army's marker (and only its);
    below 3 the marker goes back to the pool."""
    if not advanced(state):
        return []
    if holders is None:
        holders = {c: controller(state, c) for c in RHINE_ELECTORS}
    events = []
    sides = {"france": ("france",), "pragmatic_army": ("austria", "pragmatic_army")}
    for sp, side in sides.items():
        count = sum(1 for c in RHINE_ELECTORS if holders.get(c) in side)
        has = sp in state["electors_box"]
        if count >= 3 and not has:
            state["electors_box"].append(sp)
            take_marker(state, sp)
            events.append(event("ev.electors_box", power=sp))
        elif count < 3 and has:
            state["electors_box"].remove(sp)
            return_marker(state, sp)
            events.append(event("ev.electors_box_lost", power=sp))
    return events


def winter_score(state: State) -> list[dict[str, Any]]:
    """§13: in the advanced game each superpower scores 1 point per marker left in its pool,
    written on the Winter Scoring sheet and hidden until the end of the game."""
    if not advanced(state):
        return []
    for sp in SUPERPOWERS:
        state["winter_scores"][sp].append(state["pools"][sp])
    return [event("ev.winter_score", winter=len(state["winter_scores"]["austria"]))]


def _tie_break(powers: list[str]) -> str:
    return min(powers, key=TIE_ORDER.index)


def _b_wins_outright(state: State, empty: list[str]) -> bool:
    """§24 (advanced, two players): «tutti i pareggi sono vinti dal giocatore B». Read as §23's
    ties, those left after the count of additional markers (default, ``TIE_ORDER`` puts B's
    powers first); option ``two_player_ties=outright``: pools emptied by both players at once
    are a tie B wins, with no count of additional markers."""
    if state.get("players") != 2 or state["options"].get("two_player_ties") != "outright":
        return False
    owners = {state["control"][sp] for sp in empty}
    return len(owners) > 1


def empty_pool_winner(state: State, extra: dict[str, int] | None = None) -> str | None:
    """§23: a superpower whose pool is empty at the end of an action or political phase wins at
    once; several: the one that could have played the most additional markers (``extra``, what
    each would still have placed), then Maria Theresa wins every tie and Louis XV loses every one."""
    empty = [sp for sp in SUPERPOWERS if state["pools"][sp] == 0]
    if not empty:
        return None
    if _b_wins_outright(state, empty):
        return _tie_break(empty)
    if extra is None:
        extra = state.get("extra")
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
