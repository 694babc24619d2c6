"""§19 Political changes (advanced game): Prussia annexes Silesia (§19.1), France reduces its
military objectives (§19.2), Saxony leaves its alliance (§19.3), and what neutrality forbids
(§19.4).

State (advanced game): ``silesia_annexed`` (§19.1 peace accepted, once a game),
``silesia_box`` (Prussia's marker in the Silesia box), ``prussia_neutral`` ([turn, group] of
the action phase that ends Prussia's neutrality, or None), ``aside`` (superpower -> victory
markers set aside, §19.1 step 3 and §19.2), ``reduced`` (France has reduced its objectives).
"""

from __future__ import annotations

from collections import deque
from math import ceil
from typing import Any

from tavola.core import flow
from tavola.games.maria import boxes
from tavola.games.maria.board_adapter import GEO
from tavola.games.maria.common import (
    State,
    controller,
    event,
    general_power,
    generals_at,
    neutral,
    occupancy,
    owner,
    piece_power,
    saxony_stance,
    superpower,
)
from tavola.games.maria.display import tracks
from tavola.games.maria.hussars import maps_in_play

SILESIA, CORE_AUSTRIA = "silesia", "austria"
POLAND = "poland"


def no_changes() -> dict[str, Any]:
    return {
        "silesia_annexed": False,
        "silesia_box": False,
        "prussia_neutral": None,
        "aside": {},
        "reduced": False,
    }


def new_changes() -> dict[str, Any]:
    out = no_changes()
    out["aside"] = {"prussia": 0, "france": 0}
    return out


# --- §19.4 neutrality ----------------------------------------------------------------------------
def may_enter(state: State, power: str, city: str) -> bool:
    """§19.4: a neutral power's pieces never leave its territory; no foreign piece enters a
    neutral power's territory."""
    home = owner(state, city)
    if neutral(state, power) and home != power:
        return False
    return not stranded(state, power, city)


def stranded(state: State, power: str, city: str) -> bool:
    """§19.4: ``city`` lies in the territory of a neutral power other than ``power``, where a
    piece of ``power`` may not be (§19.3: it leaves as fast as it can)."""
    home = owner(state, city)
    return home is not None and home != power and neutral(state, home)


def exit_distance(state: State, city: str) -> int:
    """§19.3: the cities from ``city`` to the nearest city outside the neutral territory it lies
    in, along the roads (pieces ignored; 0 outside it)."""
    home = owner(state, city)
    maps = maps_in_play(state)
    seen, queue = {city: 0}, deque([city])
    while queue:
        c = queue.popleft()
        if owner(state, c) != home:
            return seen[c]
        for n in GEO.neighbours(c, maps):
            if n not in seen:
                seen[n] = seen[c] + 1
                queue.append(n)
    return len(GEO.cities)  # a territory with no way out (not on the printed board)


def toward_exit(state: State, power: str, here: str, city: str) -> bool:
    """§19.3: «I pezzi stranieri devono lasciare la Sassonia in meno turni possibile»: a foreign
    piece in a neutral territory moves only along a shortest way out, each step one city nearer
    the border, and enters no other neutral territory (§19.4). (The book says it of Saxony; a
    piece caught in a neutral Prussia, §19.1, leaves the same way.)"""
    if not stranded(state, power, city):
        return may_enter(state, power, city)
    return exit_distance(state, city) == exit_distance(state, here) - 1


# --- §19.3 Saxony leaves its alliance ------------------------------------------------------------------
SAXONY_FRAME = {"n": "the spaces right Prussia's lost victory points would move the Saxony marker"}


def prussia_lost(state: State, power: str, points: int, city: str | None) -> None:
    """§19.3: for each victory point Prussia loses (in battle or to supply, even when no marker
    moves), the Saxony marker moves 1 right if Austria wants it. §24: with two players, for each
    point France or Prussia loses on the Bohemia map. Asked before any retreat."""
    if not boxes.advanced(state) or points <= 0 or "saxony" not in state["tracks"]:
        return
    sp = superpower(state, power)
    if state["players"] == 2:
        if sp not in ("prussia", "france") or city is None or GEO.cities[city].map != "bohemia":
            return
    elif sp != "prussia":
        return
    if saxony_stance(state) != "prussian_ally":
        return  # §19.3: only a Prussian ally's marker is pushed (never out of the S box)
    flow.push(state, "saxony", n=points)


def legal_saxony(state: State, frame: dict[str, Any], role: str) -> list[tuple[Any, ...]]:
    return [("push",), ("pass",)] if state["control"]["austria"] == role else []


def apply_saxony(
    state: State, frame: dict[str, Any], role: str, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    """§19.3: Austria decides; the marker may move more than 2 spaces for one combat."""
    flow.pop(state)
    if action[0] == "pass":
        return [event("ev.saxony_stays")]
    return move_saxony(state, frame["n"])


def ask_saxony(state: State, frame: dict[str, Any], role: str) -> tuple[str, dict[str, Any]]:
    return "prompt.saxony", {"n": frame["n"]}


def move_saxony(state: State, n: int) -> list[dict[str, Any]]:
    spaces = tracks()["saxony"].spaces
    last = max(i for i, s in enumerate(spaces) if s.zone != "s_box")
    before = saxony_stance(state)
    state["tracks"]["saxony"] = max(0, min(last, state["tracks"]["saxony"] + n))
    events = [event("ev.track", track="saxony", space=state["tracks"]["saxony"])]
    return events + stance_changed(state, before)


def stance_changed(state: State, before: str) -> list[dict[str, Any]]:
    """§19.3: the marker stops on neutral: the Saxon pieces go back to their start cities, every
    superpower takes its markers off the Saxon fortresses, Maria Theresa plays Saxony; on
    Austrian ally: the Saxon pieces stay (a Saxon general in a stack with another power's moves
    to the nearest empty city), the markers stay, Maria Theresa plays Saxony, its general may
    re-enter at once with new troops."""
    now = saxony_stance(state)
    if now == before:
        return []
    events = [event("ev.saxony_stance", stance=now)]
    state["control"]["saxony"] = state["control"]["austria"]
    if now == "neutral":
        for cid, c in GEO.cities.items():
            mark = state["markers"].get(cid)
            if c.territory == "saxony" and mark is not None:
                del state["markers"][cid]
                boxes.return_marker(state, mark)
        for gid, g in state["generals"].items():
            if general_power(gid) == "saxony" and g["city"] is not None:
                g["city"] = _free_near(state, GEO.generals[gid].start, gid)
        for tid, c in state["trains"].items():
            if piece_power(tid) == "saxony" and c is not None:
                state["trains"][tid] = _free_near(state, GEO.trains[tid].start, tid)
        return events
    for gid, g in state["generals"].items():
        if general_power(gid) != "saxony":
            continue
        if g["city"] is not None and len(generals_at(state, g["city"])) > 1:
            g["city"] = _free_near(state, g["city"], gid)
        if g["city"] is None and gid not in state["out"]:
            flow.push(state, "winter", power="saxony", paid=0, recruits=-1, grant=True)
    return events


def _free_near(state: State, city: str, piece: str, home: str | None = None) -> str:
    """The nearest city (by roads) holding no other piece (and of ``home``'s territory)."""
    occupied = {c for c, ps in occupancy(state).items() if any(p != piece for p in ps)}
    maps = maps_in_play(state)
    seen, queue = {city}, deque([city])
    while queue:
        c = queue.popleft()
        if c not in occupied and (home is None or owner(state, c) == home):
            return c
        for n in sorted(GEO.neighbours(c, maps)):
            if n not in seen:
                seen.add(n)
                queue.append(n)
    return city


# --- §19.1 Prussia annexes Silesia ------------------------------------------------------------------
PEACE_FRAME = {"step": "offer (Prussia) or accept (Austria)"}
PLACE_TRAIN_FRAME = {"train": "Prussia's second supply train, placed free (§19.1 step 5)"}


def silesia_held(state: State) -> bool:
    return all(
        controller(state, cid) == "prussia"
        for cid, c in GEO.cities.items()
        if c.territory == SILESIA and c.fortress is not None
    )


def end_of_prussian_phase(state: State) -> None:
    """§19.1: at the end of each Prussian action phase in which Prussia holds every Silesian
    fortress it may offer Austria a temporary peace (as often as it likes; accepted once)."""
    if boxes.advanced(state) and not state["silesia_annexed"] and silesia_held(state):
        flow.push(state, "peace", step="offer")


def legal_peace(state: State, frame: dict[str, Any], role: str) -> list[tuple[Any, ...]]:
    power = "prussia" if frame["step"] == "offer" else "austria"
    if state["control"][power] != role:
        return []
    return [("offer",), ("pass",)] if frame["step"] == "offer" else [("accept",), ("refuse",)]


def apply_peace(
    state: State, frame: dict[str, Any], role: str, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    flow.pop(state)
    if action[0] == "pass":
        return []
    if action[0] == "offer":
        flow.push(state, "peace", step="accept")
        return [event("ev.peace_offered")]
    if action[0] == "refuse":
        return [event("ev.peace_refused")]
    return annex(state)


def ask_peace(state: State, frame: dict[str, Any], role: str) -> tuple[str, dict[str, Any]]:
    return ("prompt.peace_offer" if frame["step"] == "offer" else "prompt.peace_accept"), {}


def annex(state: State) -> list[dict[str, Any]]:
    """§19.1, Austria accepting: 1. Silesia becomes Prussian territory; 2. an allied Saxony goes
    to the S box, neutral; 3. Austria's markers in Prussia go back to its pool, half (rounded up)
    of Prussia's markers in Austria are set aside, the rest go back; 4. Austrian pieces in
    Prussia or Poland go to the nearest Austrian city; 5. Prussia's marker in the Silesia box and
    its second train, placed free on a Prussian fortress; 6. Prussia neutral until the Prussian
    action phase after the next; 7. (:func:`left_prussia`) the markers set aside come back as
    soon as a Prussian piece leaves Prussia."""
    events = [event("ev.silesia_annexed")]
    state["silesia_annexed"] = True
    if saxony_stance(state) == "prussian_ally":
        before = saxony_stance(state)
        state["tracks"]["saxony"] = next(
            i for i, s in enumerate(tracks()["saxony"].spaces) if s.zone == "s_box"
        )
        events += stance_changed(state, before)
    prussian_in_austria = 0
    for cid in sorted(state["markers"]):
        mark, home = state["markers"][cid], owner(state, cid)
        if mark == "austria" and home == "prussia":
            del state["markers"][cid]
            boxes.return_marker(state, "austria")
        elif mark == "prussia" and GEO.cities[cid].territory == CORE_AUSTRIA:
            del state["markers"][cid]
            prussian_in_austria += 1
    aside = ceil(prussian_in_austria / 2)
    state["aside"]["prussia"] += aside
    for _ in range(prussian_in_austria - aside):
        boxes.return_marker(state, "prussia")
    for pid in sorted([*state["generals"], *state["trains"]]):
        city = state["generals"][pid]["city"] if pid in state["generals"] else state["trains"][pid]
        if city is None or pid in state["out"] or piece_power(pid) != "austria":
            continue
        if owner(state, city) == "prussia" or GEO.cities[city].territory == POLAND:
            to = _free_near(state, city, pid, home="austria")
            if pid in state["generals"]:
                state["generals"][pid]["city"] = to
            else:
                state["trains"][pid] = to
            events.append(event("ev.move", piece=pid, frm=city, to=to))
    state["silesia_box"] = True
    boxes.take_marker(state, "prussia")
    state["prussia_neutral"] = [state["turn"] + 2, 1]
    box_train = next((t for t in state["trains"] if t in state["out"] and piece_power(t) == "prussia"), None)
    if box_train is not None:
        flow.push(state, "place_train", train=box_train)
    return events


def train_places(state: State) -> list[str]:
    occupied = occupancy(state)
    return sorted(
        cid
        for cid, c in GEO.cities.items()
        if c.fortress is not None and owner(state, cid) == "prussia" and cid not in occupied
    )


def legal_place_train(state: State, frame: dict[str, Any], role: str) -> list[tuple[Any, ...]]:
    if state["control"]["prussia"] != role:
        return []
    return [("to", c) for c in train_places(state)] or [("pass",)]


def apply_place_train(
    state: State, frame: dict[str, Any], role: str, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    """§19.1 step 5: the only way Prussia gets its second train."""
    flow.pop(state)
    if action[0] == "pass":
        return []
    state["out"].remove(frame["train"])
    state["trains"][frame["train"]] = action[1]
    return [event("ev.train_enters", city=action[1])]


def ask_place_train(state: State, frame: dict[str, Any], role: str) -> tuple[str, dict[str, Any]]:
    return "prompt.place_train", {}


def left_prussia(state: State, piece: str, city: str) -> list[dict[str, Any]]:
    """§19.1 step 7: a Prussian piece leaving Prussia brings the markers set aside back to the
    Prussian pool."""
    if (
        not state["aside"].get("prussia")
        or piece_power(piece) != "prussia"
        or owner(state, city) == "prussia"
    ):
        return []
    n = state["aside"]["prussia"]
    state["aside"]["prussia"] = 0
    for _ in range(n):
        boxes.return_marker(state, "prussia")
    return [event("ev.aside_back", power="prussia", n=n)]


# --- §19.2 France reduces its military objectives ---------------------------------------------------
REDUCE_FRAME: dict[str, str] = {}


def core_austria_empty(state: State) -> bool:
    """§19.2: no general inside Core-Austria (option ``reduce_when``: ``no_general``, the book's
    words, or ``no_french``: no French or Bavarian general)."""
    only_french = state["options"].get("reduce_when", "no_general") == "no_french"
    for gid, g in state["generals"].items():
        if g["city"] is None or gid in state["out"] or GEO.cities[g["city"]].territory != CORE_AUSTRIA:
            continue
        if not only_french or general_power(gid) in ("france", "bavaria"):
            return False
    return True


def french_in_core_austria(state: State) -> list[str]:
    return sorted(
        c for c, m in state["markers"].items() if m == "france" and GEO.cities[c].territory == CORE_AUSTRIA
    )


def end_of_phase(state: State) -> None:
    """§19.2: as soon as Core-Austria holds no general, France may take its markers there off."""
    if (
        boxes.advanced(state)
        and not state["reduced"]
        and core_austria_empty(state)
        and french_in_core_austria(state)
    ):
        flow.push(state, "reduce")


def legal_reduce(state: State, frame: dict[str, Any], role: str) -> list[tuple[Any, ...]]:
    return [("reduce",), ("pass",)] if state["control"]["france"] == role else []


def apply_reduce(
    state: State, frame: dict[str, Any], role: str, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    """§19.2: half (rounded up) set aside, the rest back to the pool; never a second time."""
    flow.pop(state)
    if action[0] == "pass":
        return []
    cities = french_in_core_austria(state)
    for c in cities:
        del state["markers"][c]
    aside = ceil(len(cities) / 2)
    state["aside"]["france"] += aside
    for _ in range(len(cities) - aside):
        boxes.return_marker(state, "france")
    state["reduced"] = True
    return [event("ev.reduced", n=len(cities), aside=aside)]


def ask_reduce(state: State, frame: dict[str, Any], role: str) -> tuple[str, dict[str, Any]]:
    return "prompt.reduce", {"n": len(french_in_core_austria(state))}


def french_conquest(state: State, power: str, city: str) -> list[dict[str, Any]]:
    """§19.2: after the reduction, a French or Bavarian conquest on the Bohemia map brings the
    markers set aside back to the French pool."""
    if power not in ("france", "bavaria") or not state["aside"].get("france"):
        return []
    if GEO.cities[city].map != "bohemia":
        return []
    n = state["aside"]["france"]
    state["aside"]["france"] = 0
    for _ in range(n):
        boxes.return_marker(state, "france")
    return [event("ev.aside_back", power="france", n=n)]
