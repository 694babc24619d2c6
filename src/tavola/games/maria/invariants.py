"""Maria's invariants, written from the rulebook (not from the code), checked after every
action by the fuzzer (``Rules.check``)."""

from __future__ import annotations

from collections import deque
from typing import Any

from tavola.games.maria.board_adapter import GEO

BOOK_CARDS = 4 * 38  # §1: four tactical decks of 38 cards
TROOPS_PER_GENERAL = (1, 8)  # §6
TROOPS_PER_STACK = (2, 16)  # §6
SUPPLY_PATH = 6  # §9
COOPERATING = [{"france", "bavaria"}, {"prussia", "saxony"}, {"austria", "pragmatic_army"}]  # §2


def _power(pid: str) -> str:
    return GEO.generals[pid].power if pid in GEO.generals else GEO.trains[pid].power


def check(state: dict[str, Any]) -> list[str]:
    out: list[str] = []
    out += check_troops(state)
    out += check_told(state)
    out += check_cities(state)
    out += check_cards(state)
    out += check_markers(state)
    out += check_hussars(state)
    out += check_pools(state)
    out += check_politics(state)
    out += check_result(state)
    return out


def check_troops(state: dict[str, Any]) -> list[str]:
    """§6: a general on the map commands 1 to 8 troops; one off the map none; §4: before play the
    allocation never exceeds the power's troops."""
    out = []
    lo, hi = TROOPS_PER_GENERAL
    for gid, g in state["generals"].items():
        if g["city"] is not None and not lo <= g["troops"] <= hi:
            out.append(f"§6: {gid} commands {g['troops']} troops (1-8)")
        if g["city"] is None and gid not in state["out"] and g["troops"] != 0:
            out.append(f"§6: {gid} is off the map with {g['troops']} troops")
    if state["stage"] == "allocate":
        for power, total in GEO.troops.items():
            given = sum(
                g["troops"] for gid, g in state["generals"].items() if GEO.generals[gid].power == power
            )
            if given > total:
                out.append(f"§4: {power} allocated {given} troops of {total}")
    return out


def check_told(state: dict[str, Any]) -> list[str]:
    """§6, §11.1: troops are revealed in combat; what everyone was told and still remembers
    is true: each group of generals on the map commands the troops it was told to, and no
    general is in two groups."""
    out = []
    seen: set[str] = set()
    for k in state.get("known", []):
        gens = k["generals"]
        if seen & set(gens):
            out.append(f"§6: {sorted(seen & set(gens))} told twice")
        seen |= set(gens)
        if any(state["generals"][g]["city"] is None for g in gens):
            out.append(f"§6: {gens} were told their troops, but one is off the map")
        troops = sum(state["generals"][g]["troops"] for g in gens)
        if troops != k["troops"]:
            out.append(f"§6: {gens} were told to command {k['troops']} troops, they command {troops}")
    return out


def _cooperating(state: dict[str, Any]) -> list[set[str]]:
    """§2, §19.3: Saxony cooperates with Prussia while its marker is in the Prussian ally zone,
    with Austria in the Austrian ally zone, with nobody when neutral."""
    pairs = [p for p in COOPERATING if "saxony" not in p]
    tracks = state.get("tracks") or {}
    if "saxony" not in tracks:
        return [*pairs, {"prussia", "saxony"}]
    from tavola.games.maria.board import load_components

    zone = load_components().tracks["saxony"].spaces[tracks["saxony"]].zone
    partner = {"prussian_ally": "prussia", "austrian_ally": "austria"}.get(str(zone))
    return pairs + ([{partner, "saxony"}] if partner else [])


def check_cities(state: dict[str, Any]) -> list[str]:
    """§6: one piece per city, except two generals of one power or of cooperating powers; a
    stack of one power commands 2 to 16 troops. §17.5: a piece standing where a general back
    from an expedition arrives is moved by its owner to an adjacent city; until the owner has
    chosen, it shares the city."""
    out = []
    where: dict[str, list[str]] = {}
    making_room = {f["piece"] for f in state["flow"] if f.get("s") == "room"}
    for gid, g in state["generals"].items():
        if g["city"] is not None and gid not in state["out"] and gid not in making_room:
            where.setdefault(g["city"], []).append(gid)
    for tid, c in state["trains"].items():
        if c is not None and tid not in state["out"] and tid not in making_room:
            where.setdefault(c, []).append(tid)
    for city, pieces in where.items():
        if city not in GEO.cities:
            out.append(f"§3.2: {pieces} stand on {city!r}, not a city")
            continue
        gens = [p for p in pieces if p in GEO.generals]
        if len(pieces) > 1 and (len(gens) != len(pieces) or len(gens) > 2):
            out.append(f"§6: {city} holds {sorted(pieces)}")
            continue
        if len(gens) == 2:
            powers = {_power(g) for g in gens}
            if len(powers) == 2 and powers not in _cooperating(state):
                out.append(f"§6: {city} stacks generals of {sorted(powers)}")
            if len(powers) == 1:
                total = sum(state["generals"][g]["troops"] for g in gens)
                lo, hi = TROOPS_PER_STACK
                if not lo <= total <= hi:
                    out.append(f"§6: the stack at {city} commands {total} troops (2-16)")
    return out


def check_cards(state: dict[str, Any]) -> list[str]:
    """§8: every tactical card is in exactly one place: a hand, the draw pile, a discard pile of
    its own deck, a deck not yet in use, or (§17.3) the political board."""
    out = []
    seen: list[int] = []
    for hand in state["hands"].values():
        seen += hand
    for bids in state["pboard"].values():
        seen += bids
    seen += list(state["pnew"].values())
    seen += state["pile"]
    for deck, pile in enumerate(state["discards"]):
        for c in pile:
            if c // 38 != deck:
                out.append(f"§8: card {c} discarded onto deck {deck}'s pile")
        seen += pile
    for deck in state["unused"]:
        seen += list(range(deck * 38, deck * 38 + 38))
    if len(seen) != BOOK_CARDS or len(set(seen)) != BOOK_CARDS:
        out.append(
            f"§8: {len(seen)} tactical cards in play ({len(set(seen))} distinct), the box has {BOOK_CARDS}"
        )
    # §9: a hand shown when its power could not pay; what everyone remembers of it is in it
    for power, shown in state.get("hand_shown", {}).items():
        if not set(shown) <= set(state["hands"][power]):
            out.append(
                f"§9: {power} was seen to hold {sorted(shown)}, its hand is {sorted(state['hands'][power])}"
            )
    return out


def check_markers(state: dict[str, Any]) -> list[str]:
    """§10.3: victory markers only on fortresses, of superpowers; fortresses in Silesia always
    carry one; §4: the Silesia markers at the start."""
    out = []
    for city, power in state["markers"].items():
        if GEO.cities[city].fortress is None:
            out.append(f"§10.3: a victory marker on {city}, not a fortress")
        if power not in ("austria", "prussia", "france", "pragmatic_army"):
            out.append(f"§10.3: {power} has no victory markers")
    for cid, c in GEO.cities.items():
        if c.territory == "silesia" and c.fortress is not None and cid not in state["markers"]:
            out.append(f"§10.3: the Silesian fortress {cid} has no victory marker")
    return out


POOLS = {"prussia": 13, "france": 11, "pragmatic_army": 8, "austria": 8}  # §4
RHINE = ("trier", "mainz", "koln", "mannheim")  # §10.3 NOTE, §16


def check_pools(state: dict[str, Any]) -> list[str]:
    """Advanced game. §15: every victory marker of a superpower is in its pool, on a fortress, in
    a victory box or (§10.3) a question mark of its side awaiting the retroactive conquest
    (markers it placed with an empty pool are counted apart, §23); §16: at most
    2 in its battle boxes; only France and the Pragmatic Army use the 3-electors box, and hold
    it only with 3 of the 4 Rhine electors; §10.3: the Rhine electors carry elector markers
    (French or Austro-Pragmatic), never victory markers."""
    if not state["pools"]:
        return []
    out = []
    for city in RHINE:
        if state["markers"].get(city) not in ("france", "austria"):
            out.append(f"§10.3: {city} carries {state['markers'].get(city)!r}, not an elector marker")
    for sp, total in POOLS.items():
        placed = sum(1 for c, m in state["markers"].items() if m == sp and c not in RHINE)
        placed += state["boxes"][sp] + (1 if sp in state["electors_box"] else 0)
        placed += (1 if sp in state["italy_box"] else 0) + (1 if state["emperor"] == sp else 0)
        placed += state["aside"].get(sp, 0) + (1 if sp == "prussia" and state["silesia_box"] else 0)
        placed += sum(1 for power in state["question"].values() if _marker_side(state, power) == sp)
        have = state["pools"][sp] + placed - state["extra"][sp]
        if sp == "prussia" and state["options"].get("silesian_markers") == "austrian":
            total += 2  # §4 read as Austria's markers alone: Liegnitz's and Glogau's are Prussia's own
        if have != total:
            out.append(f"§15: {sp} has {have} victory markers in play and pool, not {total}")
        if state["pools"][sp] < 0 or state["extra"][sp] < 0:
            out.append(f"§15: {sp}'s pool holds {state['pools'][sp]}")
        if state["extra"][sp] and state["pools"][sp]:
            out.append(f"§23: {sp} placed additional markers with {state['pools'][sp]} in its pool")
        if not 0 <= state["boxes"][sp] <= 2:
            out.append(f"§16: {sp} has {state['boxes'][sp]} markers in its 2 battle boxes")
    for sp in state["electors_box"]:
        side = ("france",) if sp == "france" else ("austria", "pragmatic_army")
        if sp not in ("france", "pragmatic_army"):
            out.append(f"§16: {sp} in the 3-electors box")
        if sum(1 for c in RHINE if state["markers"].get(c) in side) < 3:
            out.append(f"§16: {sp} holds the 3-electors box with fewer than 3 Rhine electors")
    return out


def _marker_side(state: dict[str, Any], power: str) -> str | None:
    """§10.3: whose victory markers a power's conquests take: its own if a superpower, else
    those of the superpower it cooperates with (§2, §19.3)."""
    if power in POOLS:
        return power
    for pair in _cooperating(state):
        if power in pair and len(pair) == 2:
            (other,) = pair - {power}
            if other in POOLS:
                return other
    return None


TRACK_SPACES = {"italy": 9, "russia": 6, "saxony": 8}  # the political display's tracks (data)


def check_politics(state: dict[str, Any]) -> list[str]:
    """Advanced game. §17: each marker on its track; only superpowers bid, one new card each,
    the Reserve counted; §17.5: at most 2 political cards face up, each selected card no longer
    shown; a general in an off-map box is out of play and off the map; only Austria and France
    use the Italy and Emperor boxes (§16), each at most once."""
    if not state["pools"]:
        return []
    out = []
    for track, space in state["tracks"].items():
        if not 0 <= space < TRACK_SPACES[track]:
            out.append(f"§17.5: the {track} marker on space {space}")
    for p in [*state["pboard"], *state["pnew"]]:
        if p not in ("austria", "prussia", "france", "pragmatic_army"):
            out.append(f"§17: {p} is no superpower and cannot bid")
    if len(state["pshown"]) > 2 or set(state["pshown"]) & set(state["ptaken"]):
        out.append(f"§17.1: political cards face up {state['pshown']}, taken {state['ptaken']}")
    for power, gid in state["offmap"].items():
        if gid is None:
            continue
        city = state["generals"].get(gid, {}).get("city")
        if _power(gid) != power or gid not in state["out"] or city is not None:
            out.append(f"§17.5: {gid} in {power}'s off-map box is not out of play")
    for p in state["italy_box"]:
        if p not in ("austria", "france") or state["italy_box"].count(p) > 1:
            out.append(f"§16: {state['italy_box']} in the Italy box")
    if state["emperor"] not in (None, "austria", "france"):
        out.append(f"§18: {state['emperor']} in the Emperor box")
    pairs = set()
    for giver, receiver, turns in state["contracts"]:
        if giver not in ("austria", "prussia", "france", "pragmatic_army") or turns < 1:
            out.append(f"§20: a contract {giver}>{receiver} for {turns} turns")
        if frozenset((giver, receiver)) in pairs:
            out.append(f"§20: two contracts between {giver} and {receiver}")
        pairs.add(frozenset((giver, receiver)))
    if state["silesia_box"] != state["silesia_annexed"]:
        out.append("§19.1: Prussia's Silesia box marker and the annexation disagree")
    return out


def check_hussars(state: dict[str, Any]) -> list[str]:
    """§7: hussars stand on the Bohemia map, never with a piece (a piece entering removes it)."""
    out = []
    pieces = {g["city"] for gid, g in state["generals"].items() if gid not in state["out"]}
    pieces |= {c for t, c in state["trains"].items() if t not in state["out"]}
    for h in state["hussars"]:
        if h is None:
            continue
        if GEO.cities[h].map != "bohemia":
            out.append(f"§7: a hussar on {h}, off the Bohemia map")
        if h in pieces:
            out.append(f"§7: a hussar shares {h} with a piece")
    return out


def supply_path(state: dict[str, Any], gid: str) -> int | None:
    """§9: the shortest path to a train of the general's own colour, not through enemy pieces."""
    power = _power(gid)
    enemy_alliance = (
        {"austria", "pragmatic_army"}
        if power in ("france", "bavaria", "prussia", "saxony")
        else {"france", "bavaria", "prussia", "saxony"}
    )
    blocked = {g["city"] for x, g in state["generals"].items() if _power(x) in enemy_alliance}
    blocked |= {c for t, c in state["trains"].items() if _power(t) in enemy_alliance}
    suppliers = {power, "pragmatic_army"} if gid == "arenberg" else {power}  # §22
    targets = {
        c for t, c in state["trains"].items() if c and t not in state["out"] and _power(t) in suppliers
    }
    start = state["generals"][gid]["city"]
    maps = {"bohemia"} if state["scenario"] == "introductory" else {"bohemia", "flanders"}
    dist = {start: 0}
    queue = deque([start])
    while queue:
        c = queue.popleft()
        if c in targets:
            return dist[c]
        for n in GEO.adjacent[c]:
            if n not in dist and n not in blocked and GEO.cities[n].map in maps:
                dist[n] = dist[c] + 1
                queue.append(n)
    return None


def check_step(before: dict[str, Any], after: dict[str, Any]) -> tuple[bool, list[str]]:
    """§9 supply (:func:`check_supply_step`) and §19.3 a neutral Saxony
    (:func:`check_saxony_step`). (Whether the supply check applied, the violations.)"""
    applied, out = check_supply_step(before, after)
    return applied, out + check_saxony_step(before, after)


PAIR = ("pragmatic_army", "austria")  # §10.1: on the Flanders map, the Pragmatic Army first


def _flanders_mover(before: dict[str, Any], action: tuple[Any, ...]) -> str | None:
    """The piece this step sets moving on the Flanders map or brings onto it, if any."""
    top = before["flow"][-1]
    verb = action[0]
    if not top["piece"] and verb in ("move", "march"):
        piece = str(action[1])
        where = before["generals"][piece]["city"] if piece in GEO.generals else before["trains"][piece]
        return piece if where is not None and GEO.cities[where].map == "flanders" else None
    if not top["piece"] and verb in ("stack", "march_stack"):
        gens = [g for g, x in before["generals"].items() if x["city"] == action[1] and g not in before["out"]]
        if len({_power(g) for g in gens}) != 1 or GEO.cities[str(action[1])].map != "flanders":
            return None  # a stack of Austria and the Pragmatic Army: whose move it is is not checked
        return gens[0]
    if top["piece"] and verb == "to" and GEO.cities[str(action[1])].map == "flanders":
        piece = top["piece"]
        where = before["generals"][piece]["city"] if piece in GEO.generals else before["trains"][piece]
        return piece if where is not None and GEO.cities[where].map != "flanders" else None
    return None


def _last_flanders_power(before: dict[str, Any]) -> str | None:
    """The power that moved last on the Flanders map in this sub-phase, from the order in which
    the pieces finished moving; ``""`` when neither has moved; None when the order cannot tell
    (a train may have re-entered rather than moved, §10.2; a general may have crossed to the
    Bohemia map; a mixed stack moved)."""
    done = [p for p in before["moved"] if _power(p) in PAIR]
    if not done:
        return ""
    last = done[-1]
    if last not in GEO.generals:
        return None
    city = before["generals"][last]["city"]
    if city is None or GEO.cities[city].map != "flanders":
        return None
    beside = done[-2] if len(done) > 1 else None
    if (
        beside in GEO.generals
        and before["generals"][beside]["city"] == city
        and _power(beside) != _power(last)
    ):
        return None
    return _power(last)


def check_flanders_step(
    before: dict[str, Any], action: tuple[Any, ...], after: dict[str, Any]
) -> tuple[bool, list[str]]:
    """§10.1: «Se dovesse nascere una disputa tra l'Armata Pragmatica e l'Austria circa l'ordine
    con la quale vogliono muovere sulla mappa Fiandre, questi si alternano nei movimenti su questa
    mappa partendo dall'Armata Pragmatica» (the dispute is the default; option
    ``flanders_order=free`` is its absence). While two players both have pieces to move there
    and neither has ended its movement, a piece set moving on the Flanders map (or brought onto
    it) is the Pragmatic Army's if neither has moved there yet, else of the power that did not
    move there last. The last mover is read from the order the pieces finished moving
    (``moved``): where that order cannot tell (see :func:`_last_flanders_power`) the step is
    not checked. (Whether it applied, the violations.)"""
    top = before["flow"][-1]
    if top["s"] != "move" or before["options"].get("flanders_order", "alternate") != "alternate":
        return False, []
    control = before["control"]
    if "pragmatic_army" not in control or control["austria"] == control["pragmatic_army"]:
        return False, []
    piece = _flanders_mover(before, action)
    if piece is None or _power(piece) not in PAIR:
        return False, []
    from tavola.games.maria.common import group_powers

    if not set(PAIR) <= set(group_powers(before, top["group"])):
        return False, []
    for power in PAIR:
        waiting = [
            p
            for p, city in _pieces(before).items()
            if _power(p) == power
            and city is not None
            and p not in before["moved"]
            and GEO.cities[city].map == "flanders"
        ]
        if control[power] in top["done"] or not waiting:
            return False, []  # one of them has ended or has nothing left there: moves are free
    last = _last_flanders_power(before)
    if last is None:
        return False, []
    due = "pragmatic_army" if last in ("", "austria") else "austria"
    if _power(piece) != due:
        return True, [f"§10.1: {piece} moves on the Flanders map in the {due}'s turn"]
    return True, []


def _saxony_neutral(state: dict[str, Any]) -> bool:
    """§19.3: the Saxony marker on the neutral space (or in the S box, §19.1)."""
    tracks = state.get("tracks") or {}
    if "saxony" not in tracks:
        return False
    from tavola.games.maria.board import load_components

    zone = load_components().tracks["saxony"].spaces[tracks["saxony"]].zone
    return zone in ("neutral", "s_box")


def _saxony_exit(city: str) -> int:
    """Cities from a Saxon city to the nearest city outside Saxony, by the roads."""
    dist, queue = {city: 0}, deque([city])
    while queue:
        c = queue.popleft()
        if GEO.cities[c].territory != "saxony":
            return dist[c]
        for n in GEO.adjacent[c]:
            if n not in dist:
                dist[n] = dist[c] + 1
                queue.append(n)
    return len(GEO.cities)


def _pieces(state: dict[str, Any]) -> dict[str, str | None]:
    where = {g: x["city"] for g, x in state["generals"].items() if g not in state["out"]}
    where.update({t: c for t, c in state["trains"].items() if t not in state["out"]})
    return where


def check_saxony_step(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """§19.3, §19.4: while Saxony is neutral no foreign piece enters it, and one still inside
    leaves «in meno turni possibile»: it never moves away from the way out, and when its power's
    movement sub-phase ends it has moved if an empty city nearer the border was next to it."""
    if not (_saxony_neutral(before) and _saxony_neutral(after)):
        return []
    out = []
    was, now = _pieces(before), _pieces(after)
    for pid, city in now.items():
        old = was.get(pid)
        if _power(pid) == "saxony" or city is None or city == old or GEO.cities[city].territory != "saxony":
            continue
        if old is None or GEO.cities[old].territory != "saxony":
            out.append(f"§19.4: {pid} entered neutral Saxony at {city}")
        elif _saxony_exit(city) >= _saxony_exit(old):
            out.append(f"§19.3: {pid} moved from {old} to {city}, no nearer the way out of neutral Saxony")
    top = before["flow"][-1]
    if top["s"] != "move" or after.get("prussia_neutral"):
        return out  # (a neutral Prussia may close the way out: not checked then)
    if any(f["s"] == "move" and f["group"] == top["group"] for f in after["flow"]):
        return out  # the movement goes on
    from tavola.games.maria.common import group_powers

    taken = {c for c in now.values() if c is not None}
    for pid, city in now.items():
        if city is None or pid in before["moved"] or _power(pid) == "saxony":
            continue
        if _power(pid) not in group_powers(before, top["group"]) or GEO.cities[city].territory != "saxony":
            continue
        nearer = [n for n in GEO.adjacent[city] if _saxony_exit(n) < _saxony_exit(city) and n not in taken]
        if nearer:
            out.append(f"§19.3: {pid} stayed in neutral Saxony at {city} with {nearer[0]} open")
    return out


def check_supply_step(before: dict[str, Any], after: dict[str, Any]) -> tuple[bool, list[str]]:
    """§9: when a movement sub-phase opens, every general of its powers still face up is at home
    or within 6 cities of a train of its own colour. (Whether it applied, the violations.)"""
    out: list[str] = []
    top = after["flow"][-1]
    if top["s"] != "move" or after["moved"] or top["piece"] or before["flow"][-1]["s"] == "move":
        return False, out
    from tavola.games.maria.common import group_powers

    for gid, g in after["generals"].items():
        if g["city"] is None or gid in after["out"] or g["down"]:
            continue
        if _power(gid) not in group_powers(after, top["group"]):
            continue
        if GEO.owner(g["city"]) == _power(gid):
            continue
        if gid == "arenberg" and GEO.cities[g["city"]].territory == "netherlands":
            continue  # §22: Arenberg is always supplied in the Netherlands
        d = supply_path(after, gid)
        if d is None or d > SUPPLY_PATH:
            out.append(f"§9: {gid} is face up after its supply check, {d} cities from its train")
    return True, out


def step_invariants(
    before: dict[str, Any],
    role: str,
    action: tuple[Any, ...],
    after: dict[str, Any],
    events: list[dict[str, Any]],
    seen: dict[str, int] | None = None,
) -> list[str]:
    """The invariants of one transition (``Rules.step_invariants``): §9 supply, §10.1 the
    alternation on the Flanders map."""
    applied, found = check_step(before, after)
    if seen is not None and applied:
        seen["9 supply"] = seen.get("9 supply", 0) + 1
    alternated, more = check_flanders_step(before, action, after)
    if seen is not None and alternated:
        seen["10.1 Flanders order"] = seen.get("10.1 Flanders order", 0) + 1
    return found + more


def check_result(state: dict[str, Any]) -> list[str]:
    """§14: a finished game has a reason, and a 3-player game exactly one winner."""
    res = state["result"]
    if res is None:
        return []
    if state["players"] == 3 and len(res["winners"]) != 1:
        return [f"§14: a finished game with winners {res['winners']}"]
    return []
