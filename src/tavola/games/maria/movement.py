"""§10.1 Movement and forced march, §10.2 supply trains re-entering.

A piece is picked (a general, a stack of two, or a general on a forced march) and moved city
by city along the roads until it stops; then the next. Conquest happens as a general leaves an
enemy fortress (:mod:`.conquest`)."""

from __future__ import annotations

from typing import Any

from tavola.core import flow
from tavola.games.maria import changes, conquest
from tavola.games.maria.board_adapter import GEO
from tavola.games.maria.cards import can_pay
from tavola.games.maria.common import (
    N,
    State,
    allied,
    controller,
    cooperating,
    enemies,
    event,
    general_power,
    generals_at,
    group_powers,
    occupancy,
    owner,
    piece_power,
    role_powers,
    superpower,
)
from tavola.games.maria.hussars import maps_in_play, pass_through

MOVE_FRAME = {
    "group": "the action phase (index of ACTION_PHASES)",
    "piece": "the piece moving now ('' when none is picked)",
    "stack": "the whole stack moves with it",
    "march": "a forced march (§10.1)",
    "path": "the cities entered so far",
    "main": "every step so far was on a main road",
    "done": "roles that have ended their movement",
}
MOVE_GROWS = {
    "refused": "cities where the other player refused a stack to the piece moving (§10.1)",
    "agreed": "the city where the other player agreed to a stack (§10.1)",
    "flanders": "whose turn it is on the Flanders map while Austria and the Pragmatic Army alternate (§10.1)",
    "on_flanders": "the piece moving now has moved on the Flanders map (§10.1)",
}
PIECE_KEYS = ("refused", "agreed", "on_flanders")  # what one piece's move leaves in the frame
REENTRY_FRAME = {"train": "the train re-entering (§10.2)", "group": "the action phase"}


def start_movement(state: State, group: int) -> None:
    state["moved"] = []
    flow.push(state, "move", group=group, piece="", stack=False, march=False, path=[], main=True, done=[])


def movers(state: State, frame: dict[str, Any]) -> list[str]:
    """Roles still moving: those of the active powers that have not said done; while a piece
    moves, only its owner."""
    if frame["piece"]:
        return [state["control"][piece_power(frame["piece"])]]
    roles = []
    for p in group_powers(state, frame["group"]):
        r = state["control"][p]
        if r not in roles and r not in frame["done"]:
            roles.append(r)
    return roles


def _can_cross(state: State, piece: str, a: str, b: str) -> bool:
    """§10.1: only French and Austrian pieces move between the two maps."""
    if GEO.cities[a].map == GEO.cities[b].map:
        return True
    return piece_power(piece) in ("france", "austria")


def _where(state: State, piece: str) -> str:
    if piece in state["generals"]:
        return state["generals"][piece]["city"]
    return state["trains"][piece]


def next_cities(state: State, frame: dict[str, Any]) -> list[str]:
    """§10.1: the cities the picked piece may enter next."""
    piece = frame["piece"]
    here = _where(state, piece)
    steps = len(frame["path"])
    train = piece in state["trains"]
    mv = N.movement
    base = mv["general"] - (mv["train_fewer"] if train else 0)
    power = piece_power(piece)
    moving = generals_at(state, here) if frame["stack"] else [piece]
    occupied = occupancy(state)
    turn = flanders_turn(state, frame)
    out = []
    for n, main in GEO.adjacent[here].items():
        if GEO.cities[n].map not in maps_in_play(state) or not _can_cross(state, piece, here, n):
            continue
        if not changes.toward_exit(state, power, here, n):
            continue  # §19.3, §19.4
        if GEO.cities[n].map == FLANDERS and turn not in (None, power):
            continue  # §10.1: the other power's turn on the Flanders map
        if frame["march"]:
            if steps + 1 > mv["forced_march"] or not (main and frame["main"]):
                continue
            if conquest.enemy_fortress(state, n, power) or _near_enemy(state, n, power, occupied):
                continue
        else:
            limit = base + (mv["main_road_bonus"] if main and frame["main"] else 0)
            if steps + 1 > limit:
                continue
        there = [p for p in occupied.get(n, []) if p not in moving]
        if n in frame.get("refused", ()):
            continue
        if there:
            if train:
                continue
            kinds = {("g" if p in state["generals"] else "t") for p in there}
            if kinds == {"t"}:
                if not all(enemies(state, piece_power(p), power) for p in there):
                    continue  # §10.1: one piece per city; only an enemy train may be entered
            else:
                if "t" in kinds or len(there) + len(moving) > N.troops["generals_per_stack"]:
                    continue
                if not all(_may_stack(state, piece_power(p), power) for p in there):
                    continue
        out.append(n)
    return sorted(out)


def _may_stack(state: State, a: str, b: str) -> bool:
    """§6: only generals of one power or of cooperating powers stack. Austria and the Pragmatic
    Army stack only if both players agree (§10.1): the other player is asked as the piece
    enters (:func:`_needs_consent`)."""
    return cooperating(state, a, b)


PAIR = frozenset({"austria", "pragmatic_army"})


def _needs_consent(state: State, frame: dict[str, Any], city: str, joined: list[str]) -> str | None:
    """§10.1: the role whose agreement a stack of Austria and the Pragmatic Army still needs
    (none when one player plays both, §24, or it has agreed to this move)."""
    power = piece_power(frame["piece"])
    for g in joined:
        other = general_power(g)
        differ = state["control"][other] != state["control"][power]
        if {power, other} == PAIR and differ and frame.get("agreed") != city:
            return state["control"][other]
    return None


def _near_enemy(state: State, city: str, power: str, occupied: dict[str, list[str]]) -> bool:
    """§10.1: a forced march never enters or passes a city next to an enemy piece."""
    for n in [city, *GEO.adjacent[city]]:
        for p in occupied.get(n, []):
            if enemies(state, piece_power(p), power):
                return True
    return False


def movable(state: State, role: str, frame: dict[str, Any]) -> list[str]:
    powers = set(role_powers(state, role)) & set(group_powers(state, frame["group"]))
    out = []
    for gid, g in sorted(state["generals"].items()):
        if (
            g["city"]
            and gid not in state["out"]
            and gid not in state["moved"]
            and general_power(gid) in powers
        ):
            out.append(gid)
    for tid, c in sorted(state["trains"].items()):
        if c and tid not in state["out"] and tid not in state["moved"] and piece_power(tid) in powers:
            out.append(tid)
    return out


def reentry_cities(state: State, tid: str) -> list[str]:
    """§10.2: an empty major fortress of the train's home territory (or of a cooperating minor
    power's), held by an ally."""
    power = piece_power(tid)
    occupied = occupancy(state)
    out = []
    for cid in GEO.on(maps_in_play(state)):
        c = GEO.cities[cid]
        if c.fortress != "major" or cid in occupied:
            continue
        home = owner(state, cid)
        if home is None or not (
            home == power or (cooperating(state, home, power) and superpower(state, home) != home)
        ):
            continue
        holder = controller(state, cid)
        if holder is not None and allied(state, holder, power):
            out.append(cid)
    return out


def legal_move(state: State, frame: dict[str, Any], role: str) -> list[tuple[Any, ...]]:
    if role not in movers(state, frame):
        return []
    if frame["piece"]:
        steps: list[tuple[Any, ...]] = [("to", c) for c in next_cities(state, frame)]
        if steps and must_leave(state, frame, frame["piece"]):
            return steps  # §19.3: no stop inside a neutral territory while a way out is open
        return [*steps, ("stop",)]
    out: list[tuple[Any, ...]] = []
    turn = flanders_turn(state, frame)
    pieces = [
        p
        for p in movable(state, role, frame)
        if turn in (None, piece_power(p)) or GEO.cities[_where(state, p)].map != FLANDERS
    ]
    for pid in pieces:
        out.append(("move", pid))
        if pid in state["generals"]:
            out.append(("march", pid))
    seen = set()
    for pid in pieces:
        if pid not in state["generals"]:
            continue
        city = state["generals"][pid]["city"]
        both = generals_at(state, city)
        if len(both) == 2 and city not in seen and all(g in pieces for g in both):
            seen.add(city)
            out += [("stack", city), ("march_stack", city)]
    cost = N.costs["train_reentry"]
    for tid in sorted(state["trains"]):
        if tid in state["out"] or tid in state["moved"] or piece_power(tid) not in role_powers(state, role):
            continue
        if piece_power(tid) not in group_powers(state, frame["group"]) or not can_pay(
            state, piece_power(tid), cost
        ):
            continue
        if reentry_cities(state, tid):
            out.append(("reenter", tid))
    if not any(must_leave(state, frame, p) for p in movable(state, role, frame)):
        out.append(("done",))
    return out


def must_leave(state: State, frame: dict[str, Any], piece: str) -> bool:
    """§19.3: a foreign piece in a neutral territory must move out in as few turns as possible:
    its player may not end its move there, nor the movement, while a step out is open to it."""
    if not changes.stranded(state, piece_power(piece), _where(state, piece)):
        return False
    if frame["piece"] == piece:
        return bool(next_cities(state, frame))
    alone = {**frame, "piece": piece, "stack": False, "march": False, "path": [], "main": True}
    for key in PIECE_KEYS:
        alone.pop(key, None)
    return bool(next_cities(state, alone))


# --- §10.1: Austria and the Pragmatic Army alternate on the Flanders map ------------------------
FLANDERS = "flanders"


def flanders_turn(state: State, frame: dict[str, Any]) -> str | None:
    """§10.1: «Se dovesse nascere una disputa tra l'Armata Pragmatica e l'Austria circa l'ordine
    con la quale vogliono muovere sulla mappa Fiandre, questi si alternano nei movimenti su
    questa mappa partendo dall'Armata Pragmatica»: the power whose turn it is to move a piece
    on the Flanders map, or None while moves there are free (one player plays both, §24; one
    of them has ended its movement or has no piece left to move there; option
    ``flanders_order=free``, for players who agree on the order)."""
    if state["options"].get("flanders_order", "alternate") != "alternate":
        return None
    if FLANDERS not in maps_in_play(state) or not set(group_powers(state, frame["group"])) >= PAIR:
        return None
    control = state["control"]
    if control["austria"] == control["pragmatic_army"]:
        return None
    for power in PAIR:
        role = control[power]
        if role in frame["done"] or not any(
            piece_power(p) == power and GEO.cities[_where(state, p)].map == FLANDERS
            for p in movable(state, role, frame)
        ):
            return None
    return str(frame.get("flanders", "pragmatic_army"))


def apply_move(
    state: State, frame: dict[str, Any], role: str, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    verb = action[0]
    if verb in ("move", "march", "stack", "march_stack"):
        for key in PIECE_KEYS:
            frame.pop(key, None)
    if verb in ("move", "march"):
        frame.update(piece=action[1], stack=False, march=verb == "march", path=[], main=True)
        return [event("ev.march" if verb == "march" else "ev.pick", piece=action[1])]
    if verb in ("stack", "march_stack"):
        top = generals_at(state, action[1])[0]
        frame.update(piece=top, stack=True, march=verb == "march_stack", path=[], main=True)
        return [event("ev.march" if verb == "march_stack" else "ev.pick", piece=top)]
    if verb == "to":
        return _step(state, frame, action[1])
    if verb == "stop":
        return _finish(state, frame)
    if verb == "reenter":
        flow.push(state, "reentry", train=action[1], group=frame["group"])
        return []
    frame["done"].append(role)
    if not movers(state, frame):
        flow.pop(state)
    return [event("ev.movement_done", role=role)]


def _step(state: State, frame: dict[str, Any], city: str) -> list[dict[str, Any]]:
    """§10.1: one city further; leaving conquers (§10.3), an enemy train is destroyed, a hussar
    removed (§7); joining a general ends the movement of both."""
    piece = frame["piece"]
    here = _where(state, piece)
    main = GEO.adjacent[here][city]
    events: list[dict[str, Any]] = []
    moving = generals_at(state, here) if frame["stack"] else [piece]
    asked = _needs_consent(state, frame, city, [g for g in generals_at(state, city) if g not in moving])
    if asked is not None:
        flow.push(state, "consent", city=city, piece=piece, role=asked)
        return [event("ev.stack_asked", piece=piece, city=city)]
    if piece in state["generals"]:
        down = all(state["generals"][g]["down"] for g in moving)  # §10.3: a face-up general conquers
        events += conquest.leave(state, here, piece_power(piece), down, frame["march"])
    occupied = occupancy(state)
    there = [p for p in occupied.get(city, []) if p not in moving]
    for p in there:
        if p in state["trains"]:
            state["trains"][p] = None
            events.append(event("ev.train_destroyed", train=p, city=city))
    for p in moving:
        if p in state["generals"]:
            state["generals"][p]["city"] = city
        else:
            state["trains"][p] = city
    events += pass_through(state, city)
    events += changes.left_prussia(state, piece, city)
    frame["path"].append(city)
    frame["main"] = frame["main"] and main
    if GEO.cities[here].map == FLANDERS:
        frame["on_flanders"] = True
    events.append(event("ev.move", piece=piece, frm=here, to=city))
    joined = [p for p in there if p in state["generals"]]
    if joined:
        state["moved"] += joined
        return events + _finish(state, frame)
    if not next_cities(state, frame):
        return events + _finish(state, frame)
    return events


def _finish(state: State, frame: dict[str, Any]) -> list[dict[str, Any]]:
    piece = frame["piece"]
    here = _where(state, piece)
    moving = generals_at(state, here) if frame["stack"] else [piece]
    state["moved"] += [p for p in moving if p not in state["moved"]]
    power = piece_power(piece)
    if power in PAIR and (frame.pop("on_flanders", False) or GEO.cities[here].map == FLANDERS):
        frame["flanders"] = next(iter(PAIR - {power}))
    frame.update(piece="", stack=False, march=False, path=[], main=True)
    for key in PIECE_KEYS:
        frame.pop(key, None)
    events: list[dict[str, Any]] = []
    gens = generals_at(state, here)
    if len(gens) == 2:
        ranks = {GEO.generals[g].rank for g in gens}
        if len(ranks) == 1 and state["commanders"].get(here) not in gens:
            flow.push(state, "commander", city=here)
    return events


def ask_move(state: State, frame: dict[str, Any], role: str) -> tuple[str, dict[str, Any]]:
    """§10.1: pick a piece, or move the one picked on; while Austria and the Pragmatic Army
    alternate on the Flanders map, the prompt says whose move it is there."""
    if frame["piece"]:
        return "prompt.move_on", {"piece": frame["piece"], "n": len(frame["path"])}
    turn = flanders_turn(state, frame)
    if turn is not None:
        return "prompt.move_flanders", {"power": turn}
    return "prompt.move", {}


# --- §10.1: Austria and the Pragmatic Army stack only if both players agree ---------------------
CONSENT_FRAME = {
    "city": "where the piece would stack",
    "piece": "the piece asking",
    "role": "the player whose agreement is asked",
}


def legal_consent(state: State, frame: dict[str, Any], role: str) -> list[tuple[Any, ...]]:
    return [("agree",), ("refuse",)] if role == frame["role"] else []


def apply_consent(
    state: State, frame: dict[str, Any], role: str, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    """§10.1: agreed, the piece enters and the two stack; refused, it may go elsewhere."""
    flow.pop(state)
    move = flow.top(state)
    city = frame["city"]
    if action[0] == "agree":
        move["agreed"] = city
        return _step(state, move, city)
    move.setdefault("refused", []).append(city)
    events = [event("ev.stack_refused", piece=frame["piece"], city=city)]
    if not next_cities(state, move):
        events += _finish(state, move)
    return events


def ask_consent(state: State, frame: dict[str, Any], role: str) -> tuple[str, dict[str, Any]]:
    return "prompt.consent", {"piece": frame["piece"], "city": frame["city"]}


# --- §6: the supreme commander at equal ranks -----------------------------------------------------
COMMANDER_FRAME = {"city": "the city of the new stack"}


def legal_commander(state: State, frame: dict[str, Any], role: str) -> list[tuple[Any, ...]]:
    gens = generals_at(state, frame["city"])
    if state["control"][general_power(gens[0])] != role:
        return []
    return [("commander", g) for g in gens]


def apply_commander(
    state: State, frame: dict[str, Any], role: str, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    """§6: at equal rank the player chooses the supreme commander when the stack forms."""
    state["commanders"][frame["city"]] = action[1]
    flow.pop(state)
    return [event("ev.commander", general=action[1], city=frame["city"])]


def ask_commander(state: State, frame: dict[str, Any], role: str) -> tuple[str, dict[str, Any]]:
    return "prompt.commander", {"city": frame["city"]}


# --- §10.2 trains re-entering ---------------------------------------------------------------------
def legal_reentry(state: State, frame: dict[str, Any], role: str) -> list[tuple[Any, ...]]:
    if state["control"][piece_power(frame["train"])] != role:
        return []
    return [("enter", c) for c in reentry_cities(state, frame["train"])] + [("cancel",)]


def apply_reentry(
    state: State, frame: dict[str, Any], role: str, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    """§10.2: re-entry costs 4 points; the train may not move in this sub-phase."""
    tid = frame["train"]
    flow.pop(state)
    if action[0] == "cancel":
        return []
    flow.push(
        state,
        "pay",
        power=piece_power(tid),
        cost=N.costs["train_reentry"],
        paid=0,
        why="train",
        piece=tid,
        city=action[1],
    )
    return []


def train_paid(state: State, frame: dict[str, Any]) -> list[dict[str, Any]]:
    """§10.2: the paid train stands on its fortress (an enemy piece cannot be there: it is empty)."""
    tid = frame["piece"]
    old = state["trains"][tid]
    state["trains"][tid] = frame["city"]
    state["moved"].append(tid)
    return [
        event("ev.train_enters", train=tid, city=frame["city"], frm=old or "none"),
        *pass_through(state, frame["city"]),
    ]


def ask_reentry(state: State, frame: dict[str, Any], role: str) -> tuple[str, dict[str, Any]]:
    return "prompt.reentry", {"train": frame["train"]}
