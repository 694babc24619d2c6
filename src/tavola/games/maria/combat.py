"""§11 Combat: every active general next to an enemy general attacks; the attack is fought
card by card from the troop difference; the loser loses troops and retreats as the winner
chooses (§11.2)."""

from __future__ import annotations

from typing import Any

from tavola.core import flow
from tavola.games.maria import boxes, changes
from tavola.games.maria.board_adapter import GEO
from tavola.games.maria.common import (
    RESERVE_HIGH,
    RESERVE_LOW,
    State,
    card,
    card_name,
    commander,
    enemies,
    event,
    general_power,
    generals_at,
    group_powers,
    occupancy,
    play_card,
    stack_troops,
)
from tavola.games.maria.hussars import maps_in_play, pass_through
from tavola.games.maria.stacks import lose_stack, lost_in_public, remove_general, tell

COMBAT_FRAME = {"group": "the action phase", "attacks": "[attacker city, defender city] still to fight"}
BATTLE_FRAME = {
    "attacker": "the attacking generals' city",
    "defender": "the defending generals' city",
    "score": "the score, as the attacker sees it (§11.1)",
    "right": "who may play now: attacker or defender",
    "played": "cards played so far",
    "troops": "[attacker's, defender's] troops declared",
}
RETREAT_FRAME = {
    "city": "where the retreating generals stand now",
    "left": "cities still to retreat",
    "far": "the road distance from the winner the retreat must end at",
    "winner": "the winning generals' city",
    "visited": "cities entered so far (never twice)",
}


def _side_power(state: State, city: str) -> str:
    return general_power(commander(state, city))


def start_combat(state: State, group: int) -> None:
    """§11.1: the attacks are those between active generals and adjacent enemy generals at the
    start of the combat sub-phase (an adjacent enemy train forces nothing)."""
    state["retreated"] = []
    powers = group_powers(state, group)
    occupied = occupancy(state)
    attacks = []
    maps = maps_in_play(state)
    for city in sorted(occupied):
        gens = [p for p in occupied[city] if p in state["generals"]]
        if not gens or _side_power(state, city) not in powers:
            continue
        for n in GEO.neighbours(city, maps):
            them = [p for p in occupied.get(n, []) if p in state["generals"]]
            if them and enemies(state, _side_power(state, n), _side_power(state, city)):
                attacks.append([city, n])
    flow.push(state, "combat", group=group, attacks=attacks)


def _valid(state: State, frame: dict[str, Any], a: str, d: str) -> bool:
    ga, gd = generals_at(state, a), generals_at(state, d)
    if not ga or not gd:
        return False
    if any(g in state["retreated"] for g in ga + gd):
        return False  # §11.1: a general forced to retreat is not attacked again
    pa, pd = _side_power(state, a), _side_power(state, d)
    return pa in group_powers(state, frame["group"]) and enemies(state, pa, pd)


def _due(state: State, frame: dict[str, Any]) -> list[list[str]]:
    """§11.1: the attacks that may be fought now: Austria attacks before the Pragmatic Army
    (§24: in the two-player game player B chooses the order of both)."""
    valid = [[a, d] for a, d in frame["attacks"] if _valid(state, frame, a, d)]
    if state["players"] == 2:
        return valid
    first = [x for x in valid if _side_power(state, x[0]) == "austria"]
    return first or valid


def legal_combat(state: State, frame: dict[str, Any], role: str) -> list[tuple[Any, ...]]:
    """§11.1: the attacker chooses the order of the attacks."""
    out = []
    for a, d in _due(state, frame):
        if state["control"][_side_power(state, a)] == role:
            out.append(("attack", f"{a}>{d}"))
    return out


def apply_combat(
    state: State, frame: dict[str, Any], role: str, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    a, d = str(action[1]).split(">")
    frame["attacks"].remove([a, d])
    ta, td = stack_troops(state, a), stack_troops(state, d)
    tell(state, a)
    tell(state, d)
    score = ta - td
    flow.push(
        state,
        "battle",
        attacker=a,
        defender=d,
        score=score,
        right="attacker" if score <= 0 else "defender",
        played=0,
        troops=[ta, td],
    )
    return [
        {
            "msg": "ev.battle",
            "args": {"attacker": commander(state, a), "defender": commander(state, d), "ta": ta, "td": td},
            "reveal": True,
        }
    ]


def combat_over(state: State, frame: dict[str, Any]) -> bool:
    return not any(_valid(state, frame, a, d) for a, d in frame["attacks"])


def ask_combat(state: State, frame: dict[str, Any], role: str) -> tuple[str, dict[str, Any]]:
    return "prompt.combat", {}


# --- the battle, card by card (§11.1) ---------------------------------------------------------
def mine(frame: dict[str, Any]) -> tuple[str, int]:
    """(city of the side with the right to play, its score)."""
    if frame["right"] == "attacker":
        return frame["attacker"], frame["score"]
    return frame["defender"], -frame["score"]


def playable(state: State, frame: dict[str, Any]) -> tuple[list[int], bool]:
    """§11.1: only cards of the suit of the sector where one's own general stands; in a mixed
    stack only the supreme commander's cards. (numbered cards, one per value; any Reserve)."""
    city, _ = mine(frame)
    power = _side_power(state, city)
    suit = GEO.cities[city].suit
    by_value: dict[int, int] = {}
    reserve = False
    for c in sorted(state["hands"][power]):
        _, s, v = card(c)
        if s is None:
            reserve = True
        elif s == suit and v not in by_value:
            by_value[v] = c
    return [by_value[v] for v in sorted(by_value)], reserve


def legal_battle(state: State, frame: dict[str, Any], role: str) -> list[tuple[Any, ...]]:
    city, score = mine(frame)
    if state["control"][_side_power(state, city)] != role:
        return []
    cards, reserve = playable(state, frame)
    out: list[tuple[Any, ...]] = [("card", c) for c in cards]
    if reserve:
        out += [("reserve", v) for v in range(RESERVE_LOW, RESERVE_HIGH + 1)]
    if score < 0 or not cards:
        out.append(("stop",))  # §11.1: at zero, a card of the suit must be played (not a Reserve)
    if score < 0 and frame["played"] == 0 and state["options"].get("withdraw_at_once", True):
        out.append(("withdraw",))
    return out


def apply_battle(
    state: State, frame: dict[str, Any], role: str, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    city, score = mine(frame)
    power = _side_power(state, city)
    sign = 1 if frame["right"] == "attacker" else -1
    if action[0] in ("card", "reserve"):
        if action[0] == "card":
            cid = int(action[1])
            value = card(cid)[2]
        else:
            cid = next(c for c in sorted(state["hands"][power]) if card(c)[1] is None)
            value = int(action[1])
        play_card(state, power, cid)
        frame["score"] += sign * value
        frame["played"] += 1
        events = [event("ev.play", power=power, card=card_name(cid), value=value, score=score + value)]
        if score + value >= 0:
            frame["right"] = "defender" if frame["right"] == "attacker" else "attacker"
        return events
    if action[0] == "stop" and score == 0:
        flow.pop(state)
        return [
            event(
                "ev.tie",
                attacker=commander(state, frame["attacker"]),
                defender=commander(state, frame["defender"]),
            )
        ]
    loser = city
    winner = frame["defender"] if frame["right"] == "attacker" else frame["attacker"]
    flow.pop(state)
    return defeat(state, loser, winner, -score, action[0] == "withdraw")


def ask_battle(state: State, frame: dict[str, Any], role: str) -> tuple[str, dict[str, Any]]:
    city, score = mine(frame)
    return "prompt.battle", {"general": commander(state, city), "score": score, "suit": GEO.cities[city].suit}


def defeat(state: State, loser: str, winner: str, score: int, withdraw: bool) -> list[dict[str, Any]]:
    """§11.1: the beaten generals lose as many troops as the final score (never more than they
    command) and retreat as many cities (§11.2); withdrawing at once loses every troop. §16 a):
    in the advanced game the winner scores, and the loser loses, the battle's victory points."""
    gens = generals_at(state, loser)
    before = stack_troops(state, loser)
    lost_by, won_by = _side_power(state, loser), _side_power(state, winner)
    state["retreated"] += gens
    events = [event("ev.defeat", general=gens[0], n=score, withdraw=withdraw)]
    if withdraw:
        for g in gens:
            events.append(remove_general(state, g))
    else:
        _, more = lose_stack(state, loser, score)
        events += more
        if generals_at(state, loser):
            events += start_retreat(state, loser, winner, score)
    lost_in_public(state, gens)
    troops = before - sum(state["generals"][g]["troops"] for g in gens)
    removed = sum(1 for g in gens if state["generals"][g]["city"] is None)
    events += boxes.battle(state, won_by, lost_by, troops, removed)
    changes.prussia_lost(state, lost_by, boxes.battle_points(state, troops, removed), loser)  # §19.3
    return events


# --- the retreat (§11.2) -----------------------------------------------------------------------------
def _free(state: State, city: str, moving: list[str]) -> bool:
    return all(p in moving for p in occupancy(state).get(city, []))


def _steps(state: State, cur: str, visited: list[str], dist: dict[str, int], moving: list[str]) -> list[str]:
    """§11.2: never a city twice, never a city with another piece; only French and Austrian
    generals change maps; with option ``retreat_every_step`` each step leads away."""
    out = []
    maps = maps_in_play(state)
    power = general_power(moving[0])
    every = state["options"].get("retreat_every_step", False)
    for n in GEO.neighbours(cur, maps):
        if n in visited or not _free(state, n, moving) or not changes.may_enter(state, power, n):
            continue
        if GEO.cities[n].map != GEO.cities[cur].map and power not in ("france", "austria"):
            continue
        if every and dist.get(n, 0) <= dist.get(cur, 0):
            continue
        out.append(n)
    return out


def _farthest(
    state: State, cur: str, left: int, visited: list[str], dist: dict[str, int], moving: list[str], best: int
) -> int:
    """The greatest distance from the winner a full-length retreat from ``cur`` can end at
    (-1: none), pruned by what cannot beat ``best``."""
    if left == 0:
        return dist.get(cur, 0)
    if dist.get(cur, 0) + left <= best:
        return -1
    top = -1
    for n in _steps(state, cur, visited, dist, moving):
        got = _farthest(state, n, left - 1, [*visited, n], dist, moving, max(best, top))
        top = max(top, got)
    return top


def _reaches(
    state: State, cur: str, left: int, visited: list[str], dist: dict[str, int], moving: list[str], far: int
) -> bool:
    if left == 0:
        return dist.get(cur, 0) == far
    if dist.get(cur, 0) + left < far:
        return False
    return any(
        _reaches(state, n, left - 1, [*visited, n], dist, moving, far)
        for n in _steps(state, cur, visited, dist, moving)
    )


def start_retreat(state: State, loser: str, winner: str, n: int) -> list[dict[str, Any]]:
    """§11.2: the full distance, as far as possible from the winner; a stack that cannot retreat
    the whole way loses every troop and leaves the map."""
    moving = generals_at(state, loser)
    dist = GEO.distances(winner, maps_in_play(state))
    far = _farthest(state, loser, n, [loser], dist, moving, -1)
    if far < 0:
        events = [event("ev.no_retreat", general=moving[0])]
        return events + [remove_general(state, g) for g in moving]
    flow.push(state, "retreat", city=loser, left=n, far=far, winner=winner, visited=[loser])
    return []


def retreat_closed(state: State, frame: dict[str, Any]) -> bool:
    """Whether no way of the retreat's full length reaches the distance found when the battle
    was lost (Austria's answer to §19.3, asked before the retreat, may have made Saxony neutral
    since, and no piece enters a neutral territory, §19.4)."""
    moving = generals_at(state, frame["city"])
    if not moving:  # §19.3: the answer made Saxony neutral and sent the Saxon stack home
        return True
    dist = _retreat_dist(state, frame)
    return not any(
        _reaches(state, n, frame["left"] - 1, [*frame["visited"], n], dist, moving, frame["far"])
        for n in _steps(state, frame["city"], frame["visited"], dist, moving)
    )


def retreat_again(state: State, frame: dict[str, Any]) -> list[dict[str, Any]]:
    """§11.2 on the board as it now is: the retreat goes as far from the winner as it still
    can; a stack with no way of the full length left loses every troop and leaves the map (the
    battle was scored when it was lost, §16)."""
    moving = generals_at(state, frame["city"])
    if not moving:  # §19.3: no stack left to retreat: it went back to its start cities
        flow.pop(state)
        return []
    dist = _retreat_dist(state, frame)
    far = _farthest(state, frame["city"], frame["left"], frame["visited"], dist, moving, -1)
    if far >= 0:
        frame["far"] = far
        return []
    flow.pop(state)
    events = [event("ev.no_retreat", general=moving[0])] + [remove_general(state, g) for g in moving]
    lost_in_public(state, moving)
    return events


def _retreat_dist(state: State, frame: dict[str, Any]) -> dict[str, int]:
    return GEO.distances(frame["winner"], maps_in_play(state))


def legal_retreat(state: State, frame: dict[str, Any], role: str) -> list[tuple[Any, ...]]:
    """§11.2: the winner chooses the path."""
    winner_power = _side_power(state, frame["winner"]) if generals_at(state, frame["winner"]) else None
    if winner_power is None or state["control"][winner_power] != role:
        return []
    moving = generals_at(state, frame["city"])
    dist = _retreat_dist(state, frame)
    out = []
    for n in _steps(state, frame["city"], frame["visited"], dist, moving):
        if _reaches(state, n, frame["left"] - 1, [*frame["visited"], n], dist, moving, frame["far"]):
            out.append(("retreat", n))
    return out


def apply_retreat(
    state: State, frame: dict[str, Any], role: str, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    to = action[1]
    moving = generals_at(state, frame["city"])
    for g in moving:
        state["generals"][g]["city"] = to
    events = [event("ev.retreat", general=moving[0], frm=frame["city"], to=to)]
    events += pass_through(state, to)
    frame["city"] = to
    frame["visited"].append(to)
    frame["left"] -= 1
    if frame["left"] == 0:
        flow.pop(state)
    return events


def ask_retreat(state: State, frame: dict[str, Any], role: str) -> tuple[str, dict[str, Any]]:
    return "prompt.retreat", {"general": commander(state, frame["city"]), "n": frame["left"]}


def legal_combat_roles(state: State, frame: dict[str, Any]) -> list[str]:
    """The roles with an attack still to fight."""
    return [state["control"][_side_power(state, a)] for a, d in _due(state, frame)]
