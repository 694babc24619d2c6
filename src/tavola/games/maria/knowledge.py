"""What the bots know of Maria: an action prior and a cheap playout policy (they only ever see
determinized worlds), and ``evaluate``: progress toward the §14 victory conditions."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any

from tavola.core.rules import Action, Knowledge, Rules, State
from tavola.games.maria import boxes, combat, conquest, victory
from tavola.games.maria.board_adapter import GEO
from tavola.games.maria.common import (
    GENERAL_MAX,
    RESERVE_HIGH,
    N,
    card,
    commander,
    controller,
    cooperating,
    enemies,
    general_power,
    generals_at,
    hand_value,
    is_reserve,
    owner,
    pay_value,
    piece_power,
    power_troops,
    stack_troops,
    superpower,
)
from tavola.games.maria.hussars import maps_in_play

WEIGHTS = {
    "seal": 5.0,
    "attack": 3.0,
    "card": 2.0,
    "to": 2.0,
    "move": 1.5,
    "stack": 1.5,
    "retreat": 1.0,
    "troop": 1.0,
    "enter": 2.0,
    "pay": 1.0,
    "hussar": 1.0,
    "stop": 0.7,
    "done": 0.5,
    "march": 0.5,
    "march_stack": 0.5,
    "reserve": 0.3,
    "transfer": 0.1,
    "untroop": 0.1,
    "withdraw": 0.05,
}


def prior(rules: Rules, world: State, role: str, actions: list[Action]) -> list[float]:
    """Fight, seal, and march on the fortresses the role's victory needs (:func:`_march`)."""
    weights = [WEIGHTS.get(str(a[0]), 1.0) for a in actions]
    frame = world["flow"][-1]
    if frame["s"] == "move" and world["result"] is None:
        return _march(world, frame, actions, weights)
    if frame["s"] == "battle":
        return _battle(world, frame, actions, weights)
    if frame["s"] == "allocate":
        return _allocate(world, actions, weights)
    if frame["s"] == "winter":
        return _winter(world, frame, actions, weights)
    return weights


def _allocate(state: State, actions: list[Action], weights: list[float]) -> list[float]:
    """§4: the troops go to the generals that take part, the weakest first (a general of one
    or two troops is beaten and lost at the first battle, §11.1); none to a general out of play."""
    out = list(weights)
    gens = state["generals"]
    for i, a in enumerate(actions):
        if a[0] == "troop":
            out[i] = (
                0.01
                if a[1] in state["out"]
                else 1.0 + 4.0 * (GENERAL_MAX - gens[a[1]]["troops"]) / GENERAL_MAX
            )
        elif a[0] == "untroop":
            out[i] = 0.01
    return out


KEEP = 16  # card points a power keeps through the winter for its battles (§11.1)


def _winter(state: State, frame: dict[str, Any], actions: list[Action], weights: list[float]) -> list[float]:
    """§13: troops at 4 points each, as many as the generals can take (8 each) and the generals
    lost can come back with, keeping some cards for the battles; paid with the lowest cards; the
    generals lost brought back first, then the weakest generals reinforced."""
    power = frame["power"]
    out = list(weights)
    cost = N.costs["troop"]
    if frame["recruits"] < 0:
        room = sum(
            GENERAL_MAX - x["troops"]
            for g, x in state["generals"].items()
            if general_power(g) == power and x["city"] is not None and g not in state["out"]
        )
        room += sum(
            1
            for g, x in state["generals"].items()
            if general_power(g) == power and x["city"] is None and g not in state["out"]
        )
        spare = hand_value(state, power) - KEEP
        more = frame["paid"] + cost <= cost * room and spare >= cost - frame["paid"] % cost
        low = min((pay_value(state, int(a[1])) for a in actions if a[0] == "pay"), default=0)
        for i, a in enumerate(actions):
            if a[0] == "pay":
                out[i] = (6.0 if pay_value(state, int(a[1])) == low else 0.5) if more else 0.05
            elif a[0] == "recruit":
                out[i] = 0.1 if more else 6.0
        return out
    weakest = min(
        (state["generals"][a[1]]["troops"] for a in actions if a[0] == "troop"), default=GENERAL_MAX
    )
    for i, a in enumerate(actions):
        if a[0] == "enter":
            out[i] = 8.0
        elif a[0] == "troop":
            out[i] = 6.0 if state["generals"][a[1]]["troops"] == weakest else 1.0
        elif a[0] == "done":
            out[i] = 0.05
    return out


def _battle(state: State, frame: dict[str, Any], actions: list[Action], weights: list[float]) -> list[float]:
    """§11.1: behind or level, play the highest card of the sector's suit (the Reserve as 8):
    the bigger the swing, the more the other side must find; a side that cannot catch up stops
    while its general survives the losses, and withdraws at once (keeping its cards) when the
    losses would take every troop anyway."""
    city, score = combat.mine(frame)
    power = general_power(commander(state, city))
    cards, _ = combat.playable(state, frame)
    values = [card(c)[2] for c in cards]
    top = max(values, default=0)
    reserves = sum(1 for c in state["hands"][power] if is_reserve(c))
    reach = sum(values) + RESERVE_HIGH * reserves
    deficit = -score
    troops = stack_troops(state, city)
    hopeless = reach < deficit
    out = list(weights)
    for i, a in enumerate(actions):
        if a[0] == "card":
            out[i] = 6.0 if card(int(a[1]))[2] == top else 1.0
        elif a[0] == "reserve":
            out[i] = (3.0 if not values else 0.5) if a[1] == RESERVE_HIGH else 0.02
        elif a[0] == "stop":
            out[i] = (8.0 if deficit < troops else 0.5) if hopeless else 0.1
        elif a[0] == "withdraw":
            out[i] = 10.0 if hopeless and deficit >= troops else 0.01
    return out


def playout(rules: Rules, world: State, role: str, actions: list[Action], rand: random.Random) -> Action:
    """Short, sensible clicks: seal the sheet, fight, march on the fortresses to take."""
    verbs = {a[0]: a for a in actions}
    for first in ("seal", "attack"):
        if first in verbs:
            return verbs[first]
    useful = [a for a in actions if a[0] not in ("untroop", "transfer", "withdraw")] or actions
    weights = prior(rules, world, role, useful)
    if rand.random() < GREEDY:
        top = max(weights)
        best = [a for a, w in zip(useful, weights) if w >= top]
        return best[rand.randrange(len(best))]
    return rand.choices(useful, weights)[0]


GREEDY = 0.9  # share of playout clicks that take the prior's favourite: playouts that play the
# plan rather than wander give the few iterations of a search values it can compare


# --- the march: fortresses to take (§10.3, §14, §23) ------------------------------------------
@cache
def _fortresses(maps: tuple[str, ...], lands: tuple[str, ...] | None) -> tuple[str, ...]:
    return tuple(
        c
        for c in GEO.on(maps)
        if GEO.cities[c].fortress is not None and (lands is None or GEO.cities[c].territory in lands)
    )


def targets(state: State, power: str) -> list[str]:
    """The enemy fortresses whose conquest brings ``power``'s side toward victory: §14, Austria's
    fortresses for France, Austria's and Silesia's for Prussia (their minor powers mark for
    them); §23, in the advanced game, every enemy fortress; for Austria, its own fortresses and
    Silesia's that an enemy holds."""
    side = superpower(state, power)
    lands = None
    if not boxes.advanced(state):
        lands = (victory.AUSTRIA,) if side == "france" else (victory.AUSTRIA, victory.SILESIA)
    places = _fortresses(maps_in_play(state), lands)
    if _coalition(state) and side in COALITION:
        places = _coalition_share(state, side, places)
    return [c for c in places if conquest.enemy_fortress(state, c, power)]


COALITION = ("france", "prussia")
MET = {"france": victory.france_wins, "prussia": victory.prussia_wins}


def _coalition(state: State) -> bool:
    """§24: the introductory game's player A plays both France and Prussia."""
    control = state["control"]
    return not boxes.advanced(state) and control["france"] == control["prussia"]


def _coalition_share(state: State, side: str, places: tuple[str, ...]) -> tuple[str, ...]:
    """§24: player A wins only while Prussia holds 12 fortresses in Austria and Silesia and France
    9 in Austria, at once: 21 of the Bohemia map's Austrian and Silesian ones, and France cannot
    take a fortress its Prussian ally holds (§10.3: only an enemy's). So A gives each power its
    share of Austria's fortresses, those nearer its own side's lands (Prussia with Saxony and
    Silesia, France with Bavaria), and holds a power back once it meets its condition (its
    generals protect what it holds, and those no fortress needs fight the other's way clear:
    :func:`_help`); the other may then take the rest."""
    other = COALITION[1 - COALITION.index(side)]
    if MET[side](state):
        return ()
    if MET[other](state):
        return places
    mine = _austria_split(maps_in_play(state))[side]
    return tuple(c for c in places if GEO.cities[c].territory != victory.AUSTRIA or c in mine)


PRUSSIA_SPARE = 1
"""§24: Austrian fortresses Prussia's share holds beyond the 5 its 12 need once Silesia's 7 are
taken. With none spare, one fortress Austria kept in Moravia stopped A (43 games at commit
4ed4e49: B 27 of 43, A's losses one to three fortresses short); France keeps two of its own."""


@cache
def _austria_split(maps: tuple[str, ...]) -> dict[str, frozenset[str]]:
    """Austria's fortresses by the nearer side: Prussia's (its, Saxony's and Silesia's
    fortresses) or France's (Bavaria's, the introductory game's French base; ties to France).
    Then Prussia, whose 12 need every Silesian fortress and 5 Austrian ones, takes over the
    ``PRUSSIA_SPARE`` fortresses of France's share nearest its own (Iglau, 2 cities from Brünn),
    so that each power has fortresses to spare (France needs 9)."""
    bases = {
        "prussia": _fortresses(maps, ("prussia", "saxony", victory.SILESIA)),
        "france": _fortresses(maps, ("bavaria",)),
    }
    split: dict[str, set[str]] = {"france": set(), "prussia": set()}
    near: dict[str, dict[str, int]] = {}
    for c in _fortresses(maps, (victory.AUSTRIA,)):
        dist = GEO.distances(c, maps)
        near[c] = {side: min((dist.get(b, 99) for b in forts), default=99) for side, forts in bases.items()}
        split["prussia" if near[c]["prussia"] < near[c]["france"] else "france"].add(c)
    for _ in range(PRUSSIA_SPARE):
        moved = min(split["france"], key=lambda c: _nearness(c, maps, split["prussia"], near[c]))
        split["france"].discard(moved)
        split["prussia"].add(moved)
    return {side: frozenset(cs) for side, cs in split.items()}


def _nearness(
    c: str, maps: tuple[str, ...], share: set[str], base: dict[str, int]
) -> tuple[int, int, int, str]:
    """How near ``c`` lies to a share: cities to its nearest fortress, then to its side's
    lands, then farthest from the other side's."""
    dist = GEO.distances(c, maps)
    return (min(dist.get(p, 99) for p in share), base["prussia"], -base["france"], c)


SUPPLY = N.supply_distance  # §9: a path of at most 6 cities to a train of the general's colour
TRAIN_STEP = N.movement["general"] - N.movement["train_fewer"]  # §10.1: a train moves 2 cities
FOLLOW = SUPPLY + TRAIN_STEP  # a general may go this far from its train: the train moves after it


def _at_home(state: State, power: str, city: str) -> bool:
    """§9: a general is always supplied in its own home territory."""
    return owner(state, city) == power


def _open_targets(state: State, power: str) -> list[str]:
    """§10.3: the fortresses to take that no enemy general protects, within reach of the
    power's trains (§9); when every one is protected, the generals protecting them: a battle
    won drives them off (§11), and the fortresses fall, retroactively too (§12)."""
    places = targets(state, power)
    if not places:
        return _help(state, power)
    trains = _trains(state, power)
    supplied = [c for c in places if _nearest(state, c, trains) <= FOLLOW or _at_home(state, power, c)]
    supplied = supplied or places
    open_ = [c for c in supplied if not conquest.protected(state, c)]
    if open_:
        return open_
    return _guards(state, power, supplied) or supplied


def _guards(state: State, power: str, places: list[str]) -> list[str]:
    """The cities of ``power``'s enemy generals that protect any of ``places`` (§10.3)."""
    maps = maps_in_play(state)
    guards = []
    for g, x in state["generals"].items():
        if x["city"] is None or g in state["out"] or not enemies(state, general_power(g), power):
            continue
        dist = GEO.distances(x["city"], maps)
        if any(1 <= dist.get(c, 99) <= N.protection_distance for c in places):
            guards.append(x["city"])
    return guards


def _ally_short(state: State, power: str) -> str | None:
    """§24: the other power of player A when ``power``'s side has met its condition and the
    other has not (A wins only with both at once)."""
    side = superpower(state, power)
    if not _coalition(state) or side not in COALITION or not MET[side](state):
        return None
    other = COALITION[1 - COALITION.index(side)]
    return None if MET[other](state) else other


def _allys(state: State, power: str) -> set[str]:
    """§24: the fortresses player A's other power is to take (:func:`targets`), which ``power``
    does not step on: a general leaving an enemy fortress conquers it (§10.3), and the ally can
    never take it back. In 96 games on fingerprint dff575048fb6e1fe, Saxony marching on Iglau
    (Prussia's spare) took Prag and Tabor for Prussia in turn 2 in 5 of seeds 0-5, leaving France 9
    fortresses of its 11 for its 9."""
    side = superpower(state, power)
    if not _coalition(state) or side not in COALITION:
        return set()
    return set(targets(state, COALITION[1 - COALITION.index(side)]))


def _help(state: State, power: str) -> list[str]:
    """§24: a power of A that has met its condition, while the other has not, marches on the
    Austrian generals protecting the other's fortresses (§10.3): a battle won drives them off
    (§11.2), and the fortresses are the other's to take. Before, its generals stood idle for
    the rest of the game (in the 2-player run on 96b8eca, 10 of the 13 draws, and perhaps two
    more, were Prussia's 12 with France holding 1 to 8 of its 9)."""
    other = _ally_short(state, power)
    return _guards(state, power, targets(state, other)) if other else []


NEAR_EMPTY = 4
"""§23: a superpower this many markers from an empty pool may win by as many conquests and
battles won (§16: two battle boxes), so its enemies keep the fortresses within its generals'
reach covered. Austria's pool opens at 3 (§4 with §15's NOTE) and stands at 4 once Prussia has
taken Breslau; in the 2-player advanced games screened, Austria emptied it by turn 3 to 5 from
French border fortresses no French general stood near (Givet, Maubeuge and Sedan in turn 1) and
Saxon ones their generals had left; with 3 here, Austria at 4 was left alone, and the Pragmatic
Army went from 7 markers to none in turns 5 and 6 on Lorraine's and Alsace's fortresses."""

B_GUARD = 8
"""§23, §24: with two players B's generals (Austria's and the Pragmatic Army's) keep their
fortresses covered against a superpower of A from this many markers left. A wins when either
of its two pools of 11 empties, and the 48-game run on 02b0041 (``NEAR_EMPTY`` for both sides)
gave A 21 of 26: in seeds 2 and 6 France emptied its pool in turn 3 on the Austrian
Netherlands' and western Bohemia's fortresses (Ieper, Namur, Mons, Eger, Pilsen, Prag, Tabor,
Budweis), which no Austrian general covered while France had more than 4 markers left."""


def _near_empty(state: State, power: str) -> int:
    """The pool below which an enemy superpower's generals are raiders for ``power``'s side."""
    if state["players"] == 2 and state["control"].get(power) == state["control"]["austria"]:
        return B_GUARD
    return NEAR_EMPTY


REACH = N.movement["general"] + N.movement["main_road_bonus"]  # §10.1: one move, main roads


def _raided(state: State, power: str) -> list[str]:
    """§10.3, §23: the fortresses of ``power``'s side (its own or a cooperating power's) that an
    enemy general can reach in one move whose superpower's pool has ``NEAR_EMPTY`` markers or
    fewer left. §24, the 2-player introductory game: for player A's powers, the fortresses in
    Austria and Silesia their side holds (each one of its conditions' count) that any Austrian
    general can reach in one move: in 96 games on fingerprint dff575048fb6e1fe A lost 41 with
    neither condition held at the end of turn 9, its early conquests retaken once its generals
    marched on (seed 1: France held 9 from turn 4; Prussia lost Prag, Königgrätz and Glatz)."""
    if boxes.advanced(state):
        lands: tuple[str, ...] | None = None
        limit = _near_empty(state, power)

        def raiding(gp: str) -> bool:
            return state["pools"].get(superpower(state, gp), 99) <= limit
    elif _coalition(state) and superpower(state, power) in COALITION:
        lands = (victory.AUSTRIA, victory.SILESIA)

        def raiding(gp: str) -> bool:
            return True
    else:
        return []
    maps = maps_in_play(state)
    raiders = [
        (x["city"], general_power(g))
        for g, x in state["generals"].items()
        if x["city"] is not None
        and g not in state["out"]
        and enemies(state, general_power(g), power)
        and raiding(general_power(g))
    ]
    if not raiders:
        return []
    reach = [(GEO.distances(c, maps), p) for c, p in raiders]
    out = []
    for c in _fortresses(maps, lands):
        holder = controller(state, c)
        if holder is None or c in boxes.RHINE_ELECTORS or not cooperating(state, power, holder):
            continue  # an elector's fortress takes no victory marker (§10.3 NOTE)
        if lands is not None and holder not in COALITION:
            continue  # §24: only a marker of France or Prussia counts toward A's conditions
        if any(d.get(c, 99) <= REACH and enemies(state, p, holder) for d, p in reach):
            out.append(c)
    return out


def _uncovered(state: State, forts: list[str], moving: Iterable[str] = (), city: str | None = None) -> int:
    """How many of ``forts`` no general of their side covers, with the ``moving`` generals at
    ``city``: 1 to 3 cities away protects (§10.3), standing on it bars the enemy (one piece a
    city, §10.1)."""
    maps = maps_in_play(state)
    moved = set(moving)
    at = {
        g: (city if g in moved else x["city"])
        for g, x in state["generals"].items()
        if x["city"] is not None and g not in state["out"]
    }
    count = 0
    for c in forts:
        holder = controller(state, c)
        dist = GEO.distances(c, maps)
        count += not any(
            dist.get(where, 99) <= N.protection_distance and cooperating(state, general_power(g), holder)
            for g, where in at.items()
        )
    return count


def _on_guard(state: State, piece: str, power: str) -> bool:
    """§10.3: whether a fortress in Austria or Silesia that ``piece``'s side holds is protected
    by it alone (a general standing in the same city, its stack, leaves with it)."""
    here = state["generals"][piece]["city"]
    maps = maps_in_play(state)
    for c in _fortresses(maps, (victory.AUSTRIA, victory.SILESIA)):
        holder = controller(state, c)
        if holder is None or not cooperating(state, power, holder):
            continue
        dist = GEO.distances(c, maps)
        if not 1 <= dist.get(here, 99) <= N.protection_distance:
            continue
        if not any(
            x["city"] not in (None, here)
            and g not in state["out"]
            and 1 <= dist.get(x["city"], 99) <= N.protection_distance
            and cooperating(state, general_power(g), holder)
            for g, x in state["generals"].items()
        ):
            return True
    return False


def _nearest(state: State, city: str, places: list[str]) -> int:
    dist = GEO.distances(city, maps_in_play(state))
    return min((dist.get(c, 99) for c in places), default=99)


def _trains(state: State, power: str) -> list[str]:
    return [c for t, c in state["trains"].items() if c and t not in state["out"] and piece_power(t) == power]


def _enemy_strength(state: State, power: str) -> dict[str, int]:
    """city -> troops of the enemy stack there (the determinized world's numbers, §6)."""
    out: dict[str, int] = {}
    for g, x in state["generals"].items():
        if x["city"] is not None and g not in state["out"] and enemies(state, general_power(g), power):
            out[x["city"]] = out.get(x["city"], 0) + x["troops"]
    return out


def _threat(state: State, city: str, foes: dict[str, int]) -> int:
    """§11.1: the strongest enemy stack next to ``city`` (a battle at the next combat sub-phase)."""
    return max((foes.get(n, 0) for n in GEO.neighbours(city, maps_in_play(state))), default=0)


def _march(state: State, frame: dict[str, Any], actions: list[Action], weights: list[float]) -> list[float]:
    """§10.1, §10.3: a general steps toward the nearest fortress to take and leaves it (which
    conquers it when unprotected), never farther from its trains than they can follow (§9),
    never next to a much stronger enemy stack it would have to attack (§11.1); a train follows
    its generals, to stay within 6 cities of every one away from home; generals march before
    trains, and the movement ends last."""
    piece = frame["piece"]
    out = list(weights)
    if piece:
        power = piece_power(piece)
        if piece in state["generals"]:
            return _general_steps(state, frame, piece, power, actions, out)
        return _train_steps(state, frame, piece, power, actions, out)
    aims: dict[str, list[str]] = {}  # per power, asked once of the unchanged state
    raided: dict[str, list[str]] = {}
    for i, a in enumerate(actions):
        if a[0] in ("move", "march") and a[1] in state["generals"]:
            g = state["generals"][a[1]]
            power = general_power(a[1])
            if power not in raided:
                raided[power] = _raided(state, power)
            if power not in aims:
                aims[power] = targets(state, power)
            near = _nearest(state, g["city"], aims[power] or _help(state, power))
            if exposed := _to_cover(state, a[1], power, raided[power]):
                near = min(near, _nearest(state, g["city"], exposed))
            out[i] = (0.2 if g["down"] else 6.0 / (1 + near)) * (0.2 if a[0] == "march" else 1.0)
        elif a[0] == "move":  # a train: off a fortress to take, where it bars its generals
            power = piece_power(a[1])
            if power not in aims:
                aims[power] = targets(state, power)
            out[i] = 3.0 if state["trains"][a[1]] in aims[power] else 0.5
        elif a[0] == "reenter":  # §10.2: 4 points for a train lost, not to move one on the map
            out[i] = 3.0 if state["trains"][a[1]] is None else 0.01
        elif a[0] == "done":
            out[i] = 0.02
    return out


def _general_steps(
    state: State, frame: dict[str, Any], piece: str, power: str, actions: list[Action], out: list[float]
) -> list[float]:
    here = state["generals"][piece]["city"]
    places = _open_targets(state, power)
    other = _ally_short(state, power)
    raided = _raided(state, power)  # asked once: :func:`_to_cover` and :func:`_cover` both need it
    if other and _on_guard(state, piece, power):
        places = []  # it stays where it is needed: :func:`_approach` counts it there
    elif (exposed := _to_cover(state, piece, power, raided)) and not conquest.enemy_fortress(
        state, here, power
    ):
        places = exposed  # §23: it covers the fortress first (or takes it on, standing there)
    shun = _allys(state, power)  # passing through would conquer it
    trains = _trains(state, power)
    foes = _enemy_strength(state, power)
    mine = (
        sum(state["generals"][g]["troops"] for g in generals_at(state, here))
        if frame["stack"]
        else (state["generals"][piece]["troops"])
    )
    leaving = here in places and conquest.enemy_fortress(state, here, power)
    if leaving:  # any step conquers it: on toward the next one
        places = [c for c in places if c != here]
    now = _nearest(state, here, places)
    cover = _cover(state, frame, piece, power, raided)
    onward = False
    for i, a in enumerate(actions):
        if a[0] != "to":
            continue
        city = a[1]
        d = _nearest(state, city, places)
        if leaving:
            w = 8.0 if d < now else (6.0 if d == now else 3.0)
        else:
            w = 8.0 if d < now else (0.5 if d == now else 0.1)
        if cover is not None:
            w = cover(city, w)
        if trains and not _at_home(state, power, city) and _nearest(state, city, trains) > FOLLOW:
            w *= 0.05  # §9: out of supply next turn
        if city in shun:
            w *= 0.02  # §10.3: its ally's to take, which it could never take from this power
        if city in foes:
            w = 8.0 if mine >= foes[city] + 3 else 0.05  # joining is impossible: a guard stands there
        elif _threat(state, city, foes) > mine + 3:
            w *= 0.1  # §11.1: it would have to attack a much stronger stack
        onward |= w >= 8.0
        out[i] = w
    stay = 0.1 if onward else 4.0
    if _threat(state, here, foes) > mine + 3:
        stay *= 0.3
    for i, a in enumerate(actions):
        if a[0] == "stop":
            out[i] = stay
    return out


def _to_cover(state: State, piece: str, power: str, forts: list[str] | None = None) -> list[str]:
    """§23, §24: the fortresses of its side within an enemy raider's reach (:func:`_raided`)
    that no general covers, that ``piece`` can cover in this move (one move and
    the 3 cities of §10.3), and that no other general of its side stands nearer to (``forts``:
    :func:`_raided`, when the caller has it)."""
    forts = _raided(state, power) if forts is None else forts
    if not forts:
        return []
    maps = maps_in_play(state)
    here = state["generals"][piece]["city"]
    mine = [
        x["city"]
        for g, x in state["generals"].items()
        if g != piece
        and x["city"] not in (None, here)
        and g not in state["out"]
        and cooperating(state, general_power(g), power)
    ]
    out = []
    for c in forts:
        dist = GEO.distances(c, maps)
        d = dist.get(here, 99)
        if (
            d <= REACH + N.protection_distance
            and _uncovered(state, [c])
            and all(dist.get(m, 99) > d for m in mine)
        ):
            out.append(c)
    return out


def _cover(
    state: State, frame: dict[str, Any], piece: str, power: str, forts: list[str] | None = None
) -> Callable[[str, float], float] | None:
    """§23, the advanced game (§24, player A of the 2-player introductory game): a general (its
    stack, when it moves as one) does not step where it leaves a fortress of its side uncovered
    within one move of a raider (:func:`_raided`: an enemy general whose superpower's pool is
    nearly empty; for A, any Austrian general), and steps where it covers one more."""
    forts = _raided(state, power) if forts is None else forts
    if not forts:
        return None
    here = state["generals"][piece]["city"]
    moving = generals_at(state, here) if frame["stack"] else [piece]
    now = _uncovered(state, forts, moving, here)

    def weigh(city: str, w: float) -> float:
        then = _uncovered(state, forts, moving, city)
        return w * 0.05 if then > now else (max(w, 8.0) if then < now else w)

    return weigh


def _last_step(frame: dict[str, Any], here: str, city: str) -> bool:
    """§10.1: whether a train's step from ``here`` to ``city`` uses the last city of its move
    (one fewer than a general's 3, one more when the whole way is on main roads)."""
    mv = N.movement
    main = frame["main"] and GEO.adjacent[here][city]
    limit = mv["general"] - mv["train_fewer"] + (mv["main_road_bonus"] if main else 0)
    return len(frame["path"]) + 1 >= limit


def _train_steps(
    state: State, frame: dict[str, Any], piece: str, power: str, actions: list[Action], out: list[float]
) -> list[float]:
    """§9: a train keeps the generals of its colour away from home within 6 cities: it heads
    for the farthest of them and keeps out of reach of enemy generals (§10.1: entering a
    train's city destroys it). It does not end its move on a fortress its side is to take (it
    may pass through): only a general conquers (§10.3), and a city holds one piece (§6), so a
    train standing there bars its own generals from the fortress."""
    here = state["trains"][piece]
    shut = set(targets(state, power))
    gens = [
        x["city"]
        for g, x in state["generals"].items()
        if x["city"]
        and g not in state["out"]
        and general_power(g) == power
        and not _at_home(state, power, x["city"])
    ]
    if not gens:
        gens = [x["city"] for g, x in state["generals"].items() if x["city"] and general_power(g) == power]
    foes = _enemy_strength(state, power)
    maps = maps_in_play(state)

    def need(city: str) -> int:
        dist = GEO.distances(city, maps)
        return max((dist.get(c, 99) for c in gens), default=0)

    now = need(here)
    onward = False
    for i, a in enumerate(actions):
        if a[0] != "to":
            continue
        d = need(a[1])
        w = 8.0 if d < now else (0.5 if d == now else 0.1)
        if _threat(state, a[1], foes):
            w *= 0.1
        if a[1] in shut and _last_step(frame, here, a[1]):
            w *= 0.02  # through it on the way is fine; stopping there bars the generals
        onward |= w >= 8.0 and now > 3
        out[i] = w
    for i, a in enumerate(actions):
        if a[0] == "stop":
            out[i] = 0.01 if here in shut else (0.1 if onward else 4.0)
    return out


def _strength(state: State, powers: set[str]) -> float:
    """Troops on the map, face-up generals and card points of a side, as a share of all sides'."""

    def side(ps: set[str]) -> float:
        troops = sum(power_troops(state, p) for p in ps)
        up = sum(
            1
            for g, x in state["generals"].items()
            if general_power(g) in ps and x["city"] is not None and g not in state["out"] and not x["down"]
        )
        cards = sum(hand_value(state, p) for p in ps if p in state["hands"])
        return troops + 2 * up + cards / 4

    mine = side(powers)
    everyone = side(set(state["powers"]))
    return mine / everyone if everyone else 0.0


def evaluate(state: State) -> dict[str, float]:
    """§14: France and Prussia toward their fortresses, Austria as the turns run out; a little
    for the strength of each side (troops, generals in supply, cards). §23, the advanced game:
    each player's best superpower by the share of its pool emptied."""
    if state["pools"]:
        return _evaluate_advanced(state)
    fr = victory.held(state, "france", (victory.AUSTRIA,)) / N.introductory_victory["france"]
    pr = (
        victory.held(state, "prussia", (victory.AUSTRIA, victory.SILESIA)) / N.introductory_victory["prussia"]
    )

    def value(powers: set[str]) -> float:
        strength = _strength(state, powers)
        if "austria" in powers:
            time_left = state["turn"] / N.turns[state["scenario"]]
            return 0.4 * time_left + 0.4 * (1 - max(fr, pr)) + 0.2 * strength
        goals = [g for p, g in (("france", fr), ("prussia", pr)) if p in powers]
        mine = goals[0] if len(goals) == 1 else _both(goals)
        value = 0.6 * mine + 0.1 * _approach(state, powers) + 0.15 * _supplied(state, powers)
        return value + 0.15 * strength

    return _per_player(state, value)


def _both(goals: list[float]) -> float:
    """§24: player A wins only when France and Prussia meet their conditions at once (one alone
    draws at the most), so A's progress is their mean, each counted only up to its goal."""
    return sum(min(g, 1.0) for g in goals) / len(goals) if goals else 0.0


def _per_player(state: State, value: Callable[[set[str]], float]) -> dict[str, float]:
    """Each player's ``value`` of the powers it controls, held to [0, 1]; 1 for a winner and 0
    for the others once the game is over."""
    res = state["result"]
    out: dict[str, float] = {}
    for role in state["roles"]:
        if res is not None:
            out[role] = 1.0 if role in res["winners"] else 0.0
        else:
            powers = {p for p in state["powers"] if state["control"][p] == role}
            out[role] = max(0.0, min(1.0, value(powers)))
    return out


def _approach(state: State, powers: set[str]) -> float:
    """§10.3: how close the side's face-up generals stand to the fortresses they can take (or
    to the generals protecting them; §24, a general of A's power that has met its condition to
    the generals protecting the other's, unless a fortress held needs it, :func:`_help`)."""
    near = []
    places = {p: _open_targets(state, p) for p in powers}
    helping = {p for p in powers if _ally_short(state, p)}
    for g, x in state["generals"].items():
        power = general_power(g)
        if power not in powers or g in state["out"]:
            continue
        if x["city"] is None or x["down"]:
            near.append(0.0)  # a general lost or face down takes nothing (§10.3)
        elif power in helping and _on_guard(state, g, power):
            near.append(1.0)  # §24: the only protector of a fortress held is where it is needed
        else:
            near.append(1.0 / (1 + _nearest(state, x["city"], places[power])))
    return sum(near) / len(near) if near else 0.0


def _supplied(state: State, powers: set[str]) -> float:
    """§9: the share of the side's generals face up and in supply (at home, or within 6 cities
    of a train of their colour; half for one its train can still reach this turn)."""
    score = []
    for g, x in state["generals"].items():
        power = general_power(g)
        if power not in powers or g in state["out"]:
            continue
        if x["city"] is None or x["down"]:
            score.append(0.0)
        elif _at_home(state, power, x["city"]):
            score.append(1.0)
        else:
            d = _nearest(state, x["city"], _trains(state, power))
            score.append(1.0 if d <= SUPPLY else (0.5 if d <= FOLLOW else 0.0))
    return sum(score) / len(score) if score else 0.0


CUTOFF = 0.1
"""A search of a few iterations never opens a click the prior weighs below a tenth of the best
one at a node (a step away from the fortresses, out of supply or beside a stronger stack, a
transfer in the middle of a march): it has too few samples to find them wrong."""

KNOWLEDGE = Knowledge(prior=prior, playout=playout, cutoff=CUTOFF)


def _evaluate_advanced(state: State) -> dict[str, float]:
    """§23: the share of the best superpower's pool emptied against the best of the other
    players' (a superpower wins alone, and Austria's pool opens at 3: a battle it wins puts a
    marker in its boxes, §16, one it loses takes one back), a little for strength, less for the
    side's fortresses left uncovered within reach of an enemy whose pool is nearly empty (each
    a marker toward its victory: :func:`_raided`)."""
    emptied = {sp: 1 - left / N.pools[sp] for sp, left in state["pools"].items()}

    def value(powers: set[str]) -> float:
        mine = max((e for sp, e in emptied.items() if sp in powers), default=0.0)
        theirs = max((e for sp, e in emptied.items() if sp not in powers), default=0.0)
        raided = sorted({c for sp in powers if sp in state["pools"] for c in _raided(state, sp)})
        danger = min(1.0, _uncovered(state, raided) / NEAR_EMPTY) if raided else 0.0
        return 0.3 + 0.5 * mine - 0.3 * theirs + 0.2 * _strength(state, powers) - 0.15 * danger

    return _per_player(state, value)
