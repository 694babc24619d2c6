"""§8 MOVERE: movement and battles (§8.1), then conquest (§8.2).

Movement is one unit at a time: pick a legion or galley in a region (``("legion", id)``), then
the region it crosses into (``("region", id)``). A unit that may cross a second border (Strata,
Navigatio) stays picked and either goes on or ``("stop",)``s. Units of a nation are alike except
for the moves they have left, so the move frame keeps, per region and type, how many units still
have 1 or 2 moves (``moves_left``), and the picked unit apart (``sel``).
"""

from __future__ import annotations

from itertools import compress
from typing import Any

from tavola.core import flow
from tavola.games.antike.common import (
    BATTLE,
    CITY_TOKENS,
    DONE,
    NAVIGATIO,
    NO_BATTLE,
    STOP,
    STRATA,
    UNIT_ACTS,
    State,
    board,
    defence,
    event,
)
from tavola.games.antike.founding import start_founding
from tavola.games.antike.loader import RULEBOOK, UNITS

NEUTRAL = RULEBOOK.defence["neutral_temple"]


# --- §8.1 movement ------------------------------------------------------------------------------
def start_movere(state: State, n: int) -> list[dict[str, Any]]:
    """§8.1 every legion and galley of the nation may move: across 1 border of its colour, 2
    with Strata (legions) or Navigatio (galleys)."""
    units = state["units"][n]
    techs = state["tech"][n]
    two = (bool(techs & STRATA), bool(techs & NAVIGATIO))
    mv: dict[str, list[int]] = {}
    for s, k in enumerate(units):
        if k:
            mv[str(s)] = [0, k] if two[s & 1] else [k, 0]
    if not mv:
        return start_conquest(state, n)
    flow.begin(state, "move", moves_left=mv, picked=None)
    return []


def _attacks(state: State, n: int) -> list[tuple[str, str]]:
    """§8.1 regions where the nation's units stand with hostile units of the same type: units
    that did not move may fight there too."""
    units = state["units"]
    mine = units[n]
    others = [u for m, u in enumerate(units) if m != n]
    act = board(state).act_attack
    out = []
    last = -1
    for s in compress(range(len(mine)), mine):  # only the slots the nation holds
        if (s >> 1) != last:
            for u in others:
                if u[s]:
                    last = s >> 1
                    out.append(act[last])
                    break
    return out


def legal_move(state: State, frame: dict[str, Any], n: int) -> list[tuple[Any, ...]]:
    """§8.1 pick a unit with a move left, open a battle where hostile units stand (§8.1), or finish
    moving; a picked unit crosses a border of its colour or stops."""
    b = board(state)
    sel = frame["picked"]
    if sel is not None:
        s = sel[0]
        act = b.act_region
        out: list[tuple[Any, ...]] = [act[y] for y in b.adj[s & 1][s >> 1]]
        if sel[2]:
            out.append(STOP)
        return out
    unit = b.act_unit
    out = []
    for key in frame["moves_left"]:
        s = int(key)
        out.append(unit[s & 1][s >> 1])
    out += _attacks(state, n)
    out.append(DONE)
    return out


def ask_move(state: State, frame: dict[str, Any], n: int) -> tuple[str, dict[str, Any]]:
    sel = frame["picked"]
    if sel is None:
        return "prompt.move", {}
    args = {"unit": UNITS[sel[0] & 1], "region": board(state).ids[sel[0] >> 1], "moves": sel[1]}
    return ("prompt.move_on" if sel[2] else "prompt.move_to"), args


def apply_move(state: State, frame: dict[str, Any], n: int, action: tuple[Any, ...]) -> list[dict[str, Any]]:
    """§8.1 pick, move, stop, open a battle, or end the movement and go on to conquest (§8.2)."""
    verb = action[0]
    b = board(state)
    if verb == "region":
        return _step(state, frame, n, b.index[action[1]])
    if verb == "legion" or verb == "galley":
        s = 2 * b.index[action[1]] + (verb == "galley")
        key = str(s)
        counts = frame["moves_left"][key]
        # the unit with the most moves left: it can do all a unit with fewer can
        if counts[1]:
            counts[1] -= 1
            rem = 2
        else:
            counts[0] -= 1
            rem = 1
        if not counts[0] and not counts[1]:
            del frame["moves_left"][key]
        frame["picked"] = [s, rem, 0]
        return []
    if verb == "stop":
        s, rem, _ = frame["picked"]
        frame["moves_left"].setdefault(str(s), [0, 0])[rem - 1] += 1
        frame["picked"] = None
        return []
    if verb == "attack":
        r = b.index[action[1]]
        units = state["units"]
        for t in (1, 0):  # legions end on top of the stack: their battle comes first
            s = 2 * r + t
            if units[n][s]:
                opp = [m for m in range(len(units)) if m != n and units[m][s]]
                if opp:
                    flow.push(state, "clash", region=r, unit=t, opponents=opp, defender_asked=0, deciding=n)
        return []
    return start_conquest(state, n)


def _step(state: State, frame: dict[str, Any], n: int, y: int) -> list[dict[str, Any]]:
    """§8.1 the picked unit crosses one border; entering hostile units of its type opens a
    possible battle (either side may ask for it)."""
    s, rem, _ = frame["picked"]
    t = s & 1
    units = state["units"]
    d = 2 * y + t
    units[n][s] -= 1
    units[n][d] += 1
    rem -= 1
    frame["picked"] = [d, rem, 1] if rem else None
    b = board(state)
    events = [event("ev.move", nation=state["nations"][n], unit=UNITS[t], frm=b.ids[s >> 1], to=b.ids[y])]
    opp = [m for m in range(len(units)) if m != n and units[m][d]]
    if opp:
        flow.push(state, "clash", region=y, unit=t, opponents=opp, defender_asked=0, deciding=n)
    return events


# --- §8.1 battles -------------------------------------------------------------------------------
def legal_clash(state: State, frame: dict[str, Any], n: int) -> list[tuple[Any, ...]]:
    """§8.1 each side may ask for the battle."""
    return [BATTLE, NO_BATTLE]


def ask_clash(state: State, frame: dict[str, Any], n: int) -> tuple[str, dict[str, Any]]:
    nations = state["nations"]
    args = {
        "unit": UNITS[frame["unit"]],
        "region": board(state).ids[frame["region"]],
        "mover": nations[state["turn"]],
        "other": nations[frame["opponents"][0]],
    }
    return ("prompt.battle_defender" if frame["defender_asked"] else "prompt.battle"), args


def apply_clash(state: State, frame: dict[str, Any], n: int, action: tuple[Any, ...]) -> list[dict[str, Any]]:
    """§8.1 the moving nation is asked first, then the other side; a battle removes one unit of
    each side (back to supply), then both may ask again while both still have units there."""
    mover = state["turn"]
    if action[0] == "no_battle":
        if frame["defender_asked"] == 0:
            frame["defender_asked"] = 1
            frame["deciding"] = frame["opponents"][0]
            return []
        return _next_opponent(state, frame)
    r, t = frame["region"], frame["unit"]
    s = 2 * r + t
    other = frame["opponents"][0]
    units, sup = state["units"], state["supply"]
    _lose_moving_side(state, mover, s)
    sup[mover][t] += 1
    units[other][s] -= 1
    sup[other][t] += 1
    nations = state["nations"]
    events = [
        event(
            "ev.battle",
            nation=nations[mover],
            other=nations[other],
            unit=UNITS[t],
            region=board(state).ids[r],
            asked=nations[n],
        )
    ]
    if not units[mover][s]:
        flow.pop(state)
        return events
    if not units[other][s]:
        return events + _next_opponent(state, frame)
    frame["defender_asked"] = 0
    frame["deciding"] = mover
    return events


def _next_opponent(state: State, frame: dict[str, Any]) -> list[dict[str, Any]]:
    """§8.1 the battles are resolved one hostile nation after another."""
    s = 2 * frame["region"] + frame["unit"]
    units = state["units"]
    opp = [m for m in frame["opponents"][1:] if units[m][s]]
    if not opp:
        flow.pop(state)
        return []
    frame["opponents"] = opp
    frame["defender_asked"] = 0
    frame["deciding"] = state["turn"]
    return []


def _lose_moving_side(state: State, n: int, s: int) -> None:
    """The moving nation loses its unit there with the fewest moves left (the best choice)."""
    move = state["flow"][0]
    units = state["units"][n]
    key = str(s)
    counts = move["moves_left"].get(key) or [0, 0]
    sel = move["picked"]
    picked = 1 if sel is not None and sel[0] == s else 0
    spent = units[s] - picked - counts[0] - counts[1]
    units[s] -= 1
    if spent > 0:
        return
    if counts[0]:
        counts[0] -= 1
    elif picked:
        move["picked"] = None
        return
    else:
        counts[1] -= 1
    if not counts[0] and not counts[1]:
        del move["moves_left"][key]


# --- §8.2 conquest ------------------------------------------------------------------------------
def targets(state: State, n: int) -> list[int]:
    """§8.2 hostile cities (and neutral temples) where the nation's legions and galleys together
    at least equal the defence. A nation's only city cannot be conquered; conquering needs a
    city token in supply (§1)."""
    units = state["units"][n]
    city, temple, ncity = state["city"], state["temple"], state["ncity"]
    tokens = state["supply"][n][CITY_TOKENS] > 0
    out = []
    for r in range(len(city)):
        here = units[2 * r] + units[2 * r + 1]
        if not here:
            continue
        owner = city[r]
        if owner >= 0:
            if owner != n and tokens and ncity[owner] > 1 and here >= defence(state, r):
                out.append(r)
        elif temple[r] == 2 and here >= NEUTRAL:
            out.append(r)
    return out


def start_conquest(state: State, n: int) -> list[dict[str, Any]]:
    """§8.2 after all movement and battles; on to founding when nothing can be conquered."""
    if not targets(state, n):
        return start_founding(state)
    flow.begin(state, "conquer")
    return []


def legal_conquer(state: State, frame: dict[str, Any], n: int) -> list[tuple[Any, ...]]:
    """§8.2 the cities and neutral temples the nation may conquer, or done."""
    act = board(state).act_region
    out: list[tuple[Any, ...]] = [act[r] for r in targets(state, n)]
    out.append(DONE)
    return out


def ask_conquer(state: State, frame: dict[str, Any], n: int) -> tuple[str, dict[str, Any]]:
    return "prompt.conquer", {}


def apply_conquer(
    state: State, frame: dict[str, Any], n: int, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    """§8.2 conquer one more city or neutral temple, or go on to founding (§5.2)."""
    if action[0] == "done":
        return start_founding(state)
    return conquer(state, n, board(state).index[action[1]])


def conquer(state: State, n: int, r: int) -> list[dict[str, Any]]:
    """§8.2 the defender's units in the region go back to its supply, a temple is destroyed (a
    general for the conqueror at the end of the turn), the city token is replaced by the
    conqueror's showing the same resource; the conqueror returns units equal to the defence."""
    b = board(state)
    strength = defence(state, r)
    units, sup = state["units"], state["supply"]
    nations = state["nations"]
    if state["temple"][r] == 2:
        state["temple"][r] = 0
        state["temples"] += 1
        state["razed"] += 1
        events = [event("ev.raze", nation=nations[n], region=b.ids[r], defence=strength)]
    else:
        owner = state["city"][r]
        for t in (0, 1):
            k = units[owner][2 * r + t]
            if k:
                units[owner][2 * r + t] = 0
                sup[owner][t] += k
        temple = state["temple"][r] == 1
        if temple:
            state["temple"][r] = 0
            state["temples"] += 1
            state["ntemple"][owner] -= 1
            state["razed"] += 1
        state["city"][r] = n
        state["ncity"][owner] -= 1
        state["ncity"][n] += 1
        sup[owner][CITY_TOKENS] += 1
        sup[n][CITY_TOKENS] -= 1
        events = [
            event(
                "ev.conquer",
                nation=nations[n],
                other=nations[owner],
                region=b.ids[r],
                defence=strength,
                temple=temple,
            )
        ]
    legions, galleys = units[n][2 * r], units[n][2 * r + 1]
    low, high = max(0, strength - galleys), min(strength, legions)
    if low == high:
        _remove(state, n, r, low, strength - low)
        return events + _after_conquest(state, n)
    # §8.2 with more units than needed, the conqueror chooses which to return
    flow.push(state, "loss", region=r, remove=strength)
    return events


def _remove(state: State, n: int, r: int, legions: int, galleys: int) -> None:
    """§8.2 return the conqueror's units to its supply."""
    units, sup = state["units"][n], state["supply"][n]
    units[2 * r] -= legions
    units[2 * r + 1] -= galleys
    sup[0] += legions
    sup[1] += galleys


def _after_conquest(state: State, n: int) -> list[dict[str, Any]]:
    """§8.2 the action goes on while something is left to conquer, then to founding (§5.2)."""
    if not targets(state, n):
        return start_founding(state)
    return []


def legal_loss(state: State, frame: dict[str, Any], n: int) -> list[tuple[Any, ...]]:
    """§8.2 the conqueror picks the type of each unit it returns."""
    r = frame["region"]
    units = state["units"][n]
    return [UNIT_ACTS[t] for t in (0, 1) if units[2 * r + t]]


def ask_loss(state: State, frame: dict[str, Any], n: int) -> tuple[str, dict[str, Any]]:
    return "prompt.loss", {"n": frame["remove"], "region": board(state).ids[frame["region"]]}


def apply_loss(state: State, frame: dict[str, Any], n: int, action: tuple[Any, ...]) -> list[dict[str, Any]]:
    """§8.2 return one unit of the chosen type; the rest is automatic once only one split is left."""
    r = frame["region"]
    t = 0 if action[1] == "legion" else 1
    _remove(state, n, r, 1 - t, t)
    frame["remove"] -= 1
    units = state["units"][n]
    k = frame["remove"]
    legions, galleys = units[2 * r], units[2 * r + 1]
    low, high = max(0, k - galleys), min(k, legions)
    if k and low != high:
        return []
    _remove(state, n, r, low, k - low)
    flow.pop(state)
    return _after_conquest(state, n)
