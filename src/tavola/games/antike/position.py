"""Antike II positions (docs/positions.md): the state written as readable data, and read back
with every item checked against the rules and the board data.

A position names nations, regions, rondel spaces, technologies and personages by their ids, in
the nations' turn order, and leaves out what follows from the rest: the bank (coins, temples,
personages and supplies are what the nations do not hold, §1), the city and temple counts,
the seats, and the number of personages needed to win (§4). Zeros and empty entries are left
out, so a hand-written position lists only what is on the table.
"""

from __future__ import annotations

from typing import Any

from tavola.core import rng
from tavola.core.errors import PositionError
from tavola.games.antike.common import PERSONAGES, State
from tavola.games.antike.loader import (
    BOARDS,
    NO_SITE,
    PURSE,
    RESOURCES,
    RULEBOOK,
    SETUPS,
    SITE_ANY,
    UNITS,
    Board,
)
from tavola.games.antike.setup import READINGS, nation_count, roles, seat_roles

TECH_IDS = [t.id for t in RULEBOOK.techs]
SPACES = RULEBOOK.spaces
NATION_KEYS = ("nation", "rondel", "purse", "cities", "temples", "units", "technologies", "personages")
TOP_KEYS = (
    "format",
    "game",
    "scenario",
    "players",
    "options",
    "nations",
    "neutral_temples",
    "first",
    "turn",
    "result",
)
TURN_KEYS = ("nation", "round", "bellona", "bought", "razed", "scholars", "pending")
# the steps of the sequence (flow frames), their fields, and what may stand on top of each
STEP_FIELDS: dict[str, tuple[str, ...]] = {
    "rondel": (),
    "pay": ("steps", "to"),
    "coin": (),
    "militia": ("free", "added"),
    "templum": (),
    "scientia": (),
    "move": ("movable", "picked"),
    "clash": ("region", "unit", "opponents", "deciding"),
    "conquer": (),
    "loss": ("region", "remove"),
    "found": (),
    "token": ("region",),
    "trade": ("rate", "give", "take"),
    "over": (),
}
ON_TOP = {"militia": {"trade"}, "templum": {"trade"}, "scientia": {"trade"}, "found": {"trade", "token"}}
ON_TOP.update({"move": {"clash"}, "conquer": {"loss"}})


# --- writing ----------------------------------------------------------------------------------
def _nonzero(names: tuple[str, ...] | list[str], values: list[int]) -> dict[str, int]:
    return {k: v for k, v in zip(names, values, strict=True) if v}


def _techs(bits: int) -> list[str]:
    return [t.id for t in RULEBOOK.techs if bits & t.bit]


def position(state: State) -> dict[str, Any]:
    """The state as a position (canonical: regions in board order, zeros left out)."""
    b = BOARDS[state["scenario"]]
    names = state["nations"]
    out: dict[str, Any] = {
        "game": "antike-ii",
        "scenario": state["scenario"],
        "players": len(state["roles"]),
        "options": {"pliny": state["pliny"], **{k: bool(state.get(k)) for k in OPTION_KEYS}},
    }
    nations = []
    for n, nid in enumerate(names):
        entry: dict[str, Any] = {"nation": nid}
        if state["pos"][n] >= 0:
            entry["rondel"] = SPACES[state["pos"][n]]
        entry["purse"] = _nonzero(PURSE, state["purse"][n])
        entry["cities"] = {
            b.ids[r]: RESOURCES[state["city_token"][r]] for r in range(b.size) if state["city"][r] == n
        }
        temples = [b.ids[r] for r in range(b.size) if state["city"][r] == n and state["temple"][r] == 1]
        units = {}
        u = state["units"][n]
        for r in range(b.size):
            if u[2 * r] or u[2 * r + 1]:
                units[b.ids[r]] = _nonzero(("legions", "galleys"), [u[2 * r], u[2 * r + 1]])
        for key, value in (
            ("temples", temples),
            ("units", units),
            ("technologies", _techs(state["tech"][n])),
            ("personages", _nonzero(PERSONAGES, state["personages"][n])),
        ):
            if value:
                entry[key] = value
        if not entry["purse"]:
            del entry["purse"]
        nations.append(entry)
    out["nations"] = nations
    neutral = [b.ids[r] for r in range(b.size) if state["temple"][r] == 2]
    if neutral:
        out["neutral_temples"] = neutral
    first = {t.id: names[state["first"][k]] for k, t in enumerate(RULEBOOK.techs) if state["first"][k] >= 0}
    if first:
        out["first"] = first
    turn: dict[str, Any] = {
        "nation": names[state["turn"]],
        "round": state["round"],
        "bellona": names[state["bellona"]],
    }
    if state["fresh"]:
        turn["bought"] = _techs(state["fresh"])
    for key in ("razed", "scholars"):
        if state[key]:
            turn[key] = state[key]
    turn["pending"] = [_write_step(state, b, f) for f in state["flow"]]
    out["turn"] = turn
    if state["winner"] >= 0:
        out["result"] = {"winner": names[state["winner"]], "reason": state["reason"]}
    return out


OPTION_KEYS = tuple(o.name for o in READINGS)
"""Options kept in the state under their own name, only when on (besides ``pliny``)."""


def _write_step(state: State, b: Board, f: dict[str, Any]) -> dict[str, Any]:
    s = f["s"]
    names = state["nations"]
    step: dict[str, Any] = {"step": s}
    if s == "pay":
        step.update(steps=f["owed"], to=SPACES[f["to"]])
    elif s == "militia":
        if f["free"]:
            step["free"] = f["free"]
        if f["add"]:
            step["added"] = {b.ids[int(k)]: v for k, v in f["add"].items()}
    elif s == "move":
        step["movable"] = [
            {"region": b.ids[int(k) >> 1], "unit": UNITS[int(k) & 1], **_nonzero(("one", "two"), v)}
            for k, v in f["moves_left"].items()
        ]
        if f["picked"] is not None:
            slot, rem, moved = f["picked"]
            step["picked"] = {"region": b.ids[slot >> 1], "unit": UNITS[slot & 1], "moves_left": rem}
            if moved:
                step["picked"]["moved"] = True
    elif s == "clash":
        step.update(
            region=b.ids[f["region"]],
            unit=UNITS[f["unit"]],
            opponents=[names[m] for m in f["opponents"]],
            deciding=names[f["deciding"]],
        )
    elif s == "loss":
        step.update(region=b.ids[f["region"]], remove=f["remove"])
    elif s == "token":
        step["region"] = b.ids[f["region"]]
    elif s == "trade":
        step.update(rate=f["rate"], give=f["give"], take=f["take"])
    return step


# --- reading ----------------------------------------------------------------------------------
def _mapping(value: Any, item: str) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise PositionError(item, f"expected a mapping, found {value!r}")
    return value


def _list(value: Any, item: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise PositionError(item, f"expected a list, found {value!r}")
    return value


def _count(value: Any, item: str, low: int = 0, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(item, f"expected a whole number, found {value!r}")
    if value < low or (high is not None and value > high):
        bound = f"from {low} to {high}" if high is not None else f"at least {low}"
        raise PositionError(item, f"{value} is out of range ({bound})")
    return value


def _keys(data: dict[str, Any], allowed: tuple[str, ...], item: str) -> None:
    extra = [k for k in data if k not in allowed]
    if extra:
        where = f"{item}.{extra[0]}" if item else str(extra[0])
        raise PositionError(where, f"unknown key; the keys here are {', '.join(allowed)}")


def _region(b: Board, rid: Any, item: str) -> int:
    if rid not in b.index:
        raise PositionError(item, f"{rid!r} is not a region of {b.title}")
    return b.index[rid]


def from_position(position: dict[str, Any], seed: int) -> State:
    """A state from a position whose header (game, scenario, players, options) is checked."""
    _keys(position, TOP_KEYS, "")
    scenario, players, options = position["scenario"], position["players"], position["options"]
    b = BOARDS[scenario]
    line = SETUPS[scenario].lines[nation_count(players)]
    raw_nations = _list(position.get("nations"), "nations")
    ids = _turn_order(raw_nations, line.nations)
    state = _table(scenario, players, options, ids, line.nations, seed)
    board = _Map(b)
    cards = _cards(state["pliny"])
    nations = [_read_nation(board, ids, n, entry, cards) for n, entry in enumerate(raw_nations)]
    _read_neutral_temples(board, ids, position)
    _stock_the_bank(state, board, nations, cards)
    state["first"] = _read_first(position, ids, state["tech"])
    _read_turn(state, b, position, ids)
    return state


def _turn_order(raw_nations: list[Any], seating: list[str]) -> list[str]:
    """§5 the nations in turn order: each of the set-up's nations once, a rotation of its
    seating (turns run clockwise round the table)."""
    count = len(seating)
    ids = []
    for i, entry in enumerate(raw_nations):
        if not isinstance(entry, dict) or "nation" not in entry:
            raise PositionError(f"nations.{i}", "each nation is a mapping with its 'nation' id")
        ids.append(entry["nation"])
    for nid in ids:
        if nid not in seating:
            raise PositionError(
                f"nations.{nid}", f"not a nation of the {count}-nation set-up ({', '.join(seating)})"
            )
        if ids.count(nid) > 1:
            raise PositionError(f"nations.{nid}", "listed twice")
    missing = [nid for nid in seating if nid not in ids]
    if missing:
        raise PositionError("nations", f"the {count}-nation set-up needs {', '.join(missing)} too")
    first_seat = seating.index(ids[0])
    rotation = [seating[(first_seat + i) % count] for i in range(count)]
    if ids != rotation:
        raise PositionError(
            "nations",
            f"turn order runs clockwise round the table: {', '.join(rotation)}, not {', '.join(ids)}",
        )
    return ids


def _table(
    scenario: str, players: int, options: dict[str, Any], ids: list[str], seating: list[str], seed: int
) -> State:
    """The game round the table: the seats that control the nations, the personages that win
    (§4), the options."""
    seats = seat_roles(scenario, players)
    state: State = {
        "rng": rng.seed_state(seed),
        "scenario": scenario,
        "roles": roles(scenario, players),
        "nations": ids,
        "control": [seats[seating.index(nid)] for nid in ids],
        "target": RULEBOOK.victory[len(ids)],
        "pliny": bool(options.get("pliny", False)),
    }
    for key in OPTION_KEYS:
        if options.get(key):
            state[key] = True
    return state


def _cards(pliny: bool) -> list[int]:
    """§3 the cards of each personage stack (Pliny's only when he is in the game)."""
    return [*RULEBOOK.cards[:5], RULEBOOK.cards[5] if pliny else 0]


class _Map:
    """What stands on the board's regions, filled in as the nations are read: each region's
    city owner and token, and its temple (1 beside a nation's city, 2 neutral)."""

    def __init__(self, b: Board) -> None:
        self.b = b
        self.city = [-1] * b.size
        self.token = [-1] * b.size
        self.temple = [0] * b.size


def _read_nation(
    board: _Map, ids: list[str], n: int, entry: dict[str, Any], cards: list[int]
) -> dict[str, Any]:
    """One nation's entry: its rondel space (§5.1), purse, cities (§5.2) and temples (§7.2)
    put on the map, its units (§8.1), technologies (§7.3) and personages (§3)."""
    at = f"nations.{ids[n]}"
    _keys(entry, NATION_KEYS, at)
    space = entry.get("rondel")
    if space is not None and space not in SPACES:
        raise PositionError(f"{at}.rondel", f"{space!r} is not a rondel space ({', '.join(SPACES)})")
    purse = _mapping(entry.get("purse"), f"{at}.purse")
    _keys(purse, PURSE, f"{at}.purse")
    nation = {
        "pos": SPACES.index(space) if space is not None else -1,
        "purse": [_count(purse.get(k, 0), f"{at}.purse.{k}") for k in PURSE],
    }
    _read_cities(board, ids, n, _mapping(entry.get("cities"), f"{at}.cities"), at)
    _read_temples(board, n, _list(entry.get("temples"), f"{at}.temples"), at)
    nation["units"] = _read_units(board.b, _mapping(entry.get("units"), f"{at}.units"), at)
    nation["tech"] = _read_technologies(_list(entry.get("technologies"), f"{at}.technologies"), at)
    won = _mapping(entry.get("personages"), f"{at}.personages")
    _keys(won, PERSONAGES, f"{at}.personages")
    nation["personages"] = [
        _count(won.get(k, 0), f"{at}.personages.{k}", 0, cards[i]) for i, k in enumerate(PERSONAGES)
    ]
    return nation


def _read_cities(board: _Map, ids: list[str], n: int, cities: dict[str, Any], at: str) -> None:
    """§5.2 a nation's cities: at least one (§8.2), no more than its tokens (§1), each on a city
    site and showing the resource the site produces, one city to a region."""
    b = board.b
    if not cities:
        raise PositionError(f"{at}.cities", "a nation always keeps at least one city (§8.2)")
    if len(cities) > RULEBOOK.city_tokens:
        raise PositionError(
            f"{at}.cities", f"{len(cities)} cities, but a nation has {RULEBOOK.city_tokens} tokens (§1)"
        )
    for rid, kind in cities.items():
        item = f"{at}.cities.{rid}"
        r = _region(b, rid, item)
        site = b.site[r]
        if site == NO_SITE:
            raise PositionError(item, f"{b.names[r]} is a sea without a city site")
        if kind not in RESOURCES:
            raise PositionError(item, f"a city shows marble, iron or gold, not {kind!r}")
        if site != SITE_ANY and RESOURCES.index(kind) != site:
            raise PositionError(item, f"{b.names[r]} is a {RESOURCES[site]} site, not {kind}")
        if board.city[r] >= 0:
            raise PositionError(item, f"{b.names[r]} is already a city of {ids[board.city[r]]}")
        board.city[r] = n
        board.token[r] = RESOURCES.index(kind)


def _read_temples(board: _Map, n: int, temples: list[Any], at: str) -> None:
    """§7.2 a nation's temples: each beside one of its own cities, one to a city."""
    for i, rid in enumerate(temples):
        item = f"{at}.temples.{i}"
        r = _region(board.b, rid, item)
        if board.city[r] != n:
            raise PositionError(item, f"{rid}: a temple stands beside one of the nation's own cities (§7.2)")
        if board.temple[r]:
            raise PositionError(item, f"{rid}: a city never holds more than one temple (§7.2)")
        board.temple[r] = 1


def _read_units(b: Board, here_by_region: dict[str, Any], at: str) -> list[int]:
    """§8.1 legions only where a red (land) border runs, galleys where a blue (sea) one does;
    §1 no more of either than a nation has."""
    units = [0] * (2 * b.size)
    for rid, here in here_by_region.items():
        item = f"{at}.units.{rid}"
        r = _region(b, rid, item)
        here = _mapping(here, item)
        _keys(here, ("legions", "galleys"), item)
        for t, key in enumerate(("legions", "galleys")):
            k = _count(here.get(key, 0), f"{item}.{key}")
            if k and not b.allows[t][r]:
                colour = "red (land)" if t == 0 else "blue (sea)"
                raise PositionError(
                    f"{item}.{key}", f"{b.names[r]} has no {colour} border: no {key} there (§8.1)"
                )
            units[2 * r + t] = k
    for t, (key, limit) in enumerate((("legions", RULEBOOK.legions), ("galleys", RULEBOOK.galleys))):
        if sum(units[t::2]) > limit:
            raise PositionError(
                f"{at}.units", f"{sum(units[t::2])} {key} on the map, but a nation has {limit} (§1)"
            )
    return units


def _read_technologies(tids: list[Any], at: str) -> int:
    """§7.3 a nation's technologies, each with the one above it in the table."""
    bits = 0
    for i, tid in enumerate(tids):
        if tid not in TECH_IDS:
            raise PositionError(
                f"{at}.technologies.{i}", f"{tid!r} is not a technology ({', '.join(TECH_IDS)})"
            )
        bits |= RULEBOOK.techs[TECH_IDS.index(tid)].bit
    for t in RULEBOOK.techs:
        if bits & t.bit and t.requires and not bits & t.requires:
            need = next(x.id for x in RULEBOOK.techs if x.bit == t.requires)
            raise PositionError(f"{at}.technologies", f"{t.id} needs {need} first (§7.3)")
    return bits


def _read_neutral_temples(board: _Map, ids: list[str], position: dict[str, Any]) -> None:
    """§5.2 the neutral temples: each alone on a city site."""
    b = board.b
    for i, rid in enumerate(_list(position.get("neutral_temples"), "neutral_temples")):
        item = f"neutral_temples.{i}"
        r = _region(b, rid, item)
        if b.site[r] == NO_SITE:
            raise PositionError(item, f"{b.names[r]} has no city site for a temple")
        if board.city[r] >= 0:
            raise PositionError(
                item, f"{b.names[r]} is a city of {ids[board.city[r]]}; a neutral temple stands alone"
            )
        if board.temple[r]:
            raise PositionError(item, f"{rid} is listed twice")
        board.temple[r] = 2


def _stock_the_bank(state: State, board: _Map, nations: list[dict[str, Any]], cards: list[int]) -> None:
    """§1 the bank holds what the nations do not: coins, temples, personages (§3), and each
    nation's supply of legions, galleys and city tokens; the nations, the map and its counts go
    in the state."""
    book = RULEBOOK
    count = len(nations)
    city, temple = board.city, board.temple
    purses = [nation["purse"] for nation in nations]
    units = [nation["units"] for nation in nations]
    personages = [nation["personages"] for nation in nations]
    coins = book.coins - sum(p[3] for p in purses)
    if coins < 0:
        raise PositionError(
            "nations", f"the purses hold {book.coins - coins} coins, the game has {book.coins} (§1)"
        )
    on_map = sum(1 for t in temple if t)
    if on_map > book.temples:
        raise PositionError("nations", f"{on_map} temples on the map, the game has {book.temples} (§7.2)")
    bank = []
    for k, kind in enumerate(PERSONAGES):
        left = cards[k] - sum(p[k] for p in personages)
        if left < 0:
            raise PositionError(
                "nations", f"the nations hold {cards[k] - left} {kind}, the game has {cards[k]} (§3)"
            )
        bank.append(left)
    size = board.b.size
    ncity = [sum(1 for r in range(size) if city[r] == n) for n in range(count)]
    ntemple = [sum(1 for r in range(size) if city[r] == n and temple[r] == 1) for n in range(count)]
    state.update(
        {
            "pos": [nation["pos"] for nation in nations],
            "purse": purses,
            "coins": coins,
            "temples": book.temples - on_map,
            "units": units,
            "supply": [
                [book.legions - sum(u[0::2]), book.galleys - sum(u[1::2]), book.city_tokens - ncity[n]]
                for n, u in enumerate(units)
            ],
            "city": city,
            "city_token": board.token,
            "temple": temple,
            "ncity": ncity,
            "ntemple": ntemple,
            "tech": [nation["tech"] for nation in nations],
            "personages": personages,
            "bank": bank,
        }
    )


def _read_first(position: dict[str, Any], ids: list[str], tech: list[int]) -> list[int]:
    """§7.3 who developed each owned technology first: a nation that owns it."""
    first = [-1] * len(TECH_IDS)
    for tid, nid in _mapping(position.get("first"), "first").items():
        item = f"first.{tid}"
        if tid not in TECH_IDS:
            raise PositionError(item, f"{tid!r} is not a technology")
        if nid not in ids:
            raise PositionError(item, f"{nid!r} is not a nation of this game")
        k = TECH_IDS.index(tid)
        if not tech[ids.index(nid)] & RULEBOOK.techs[k].bit:
            raise PositionError(item, f"{nid} developed {tid} first but does not own it (§7.3)")
        first[k] = ids.index(nid)
    for k, t in enumerate(RULEBOOK.techs):
        owners = [ids[n] for n in range(len(ids)) if tech[n] & t.bit]
        if owners and first[k] < 0:
            raise PositionError(
                "first", f"{t.id} is owned by {', '.join(owners)}: say who developed it first (§7.3)"
            )
    return first


def _nation(ids: list[str], nid: Any, item: str) -> int:
    if nid not in ids:
        raise PositionError(item, f"{nid!r} is not a nation of this game ({', '.join(ids)})")
    return ids.index(nid)


def _read_turn(state: State, b: Board, position: dict[str, Any], ids: list[str]) -> None:
    turn = _mapping(position.get("turn"), "turn")
    _keys(turn, TURN_KEYS, "turn")
    count = len(ids)
    cur = _nation(ids, turn.get("nation", ids[0]), "turn.nation")
    state["turn"] = cur
    state["round"] = _count(turn.get("round", 1), "turn.round", 1)
    state["bellona"] = _nation(ids, turn.get("bellona", ids[-1]), "turn.bellona")
    fresh = 0
    for i, tid in enumerate(_list(turn.get("bought"), "turn.bought")):
        if tid not in TECH_IDS or not state["tech"][cur] & RULEBOOK.techs[TECH_IDS.index(tid)].bit:
            raise PositionError(
                f"turn.bought.{i}", f"{tid!r}: a technology bought this turn is one {ids[cur]} owns"
            )
        fresh |= RULEBOOK.techs[TECH_IDS.index(tid)].bit
    state["fresh"] = fresh
    state["razed"] = _count(turn.get("razed", 0), "turn.razed", 0, RULEBOOK.temples)
    state["scholars"] = _count(turn.get("scholars", 0), "turn.scholars", 0, bin(fresh).count("1"))
    if state["round"] == 1 and any(state["pos"][n] >= 0 for n in range(cur + 1, count)):
        late = next(ids[n] for n in range(cur + 1, count) if state["pos"][n] >= 0)
        raise PositionError(
            f"nations.{late}.rondel", "in the first round a nation places its marker only on its turn (§5.1)"
        )
    result = position.get("result")
    pending = _list(turn.get("pending") or [{"step": "rondel"}], "turn.pending")
    flow = [_read_step(state, b, ids, step, i, pending) for i, step in enumerate(pending)]
    state["flow"] = flow
    if result is not None:
        result = _mapping(result, "result")
        _keys(result, ("winner", "reason"), "result")
        state["winner"] = _nation(ids, result.get("winner"), "result.winner")
        reason = result.get("reason", "personages")
        if reason not in ("personages", "temple"):
            raise PositionError(
                "result.reason", f"a game is won by 'personages' or 'temple' (§4), not {reason!r}"
            )
        state["reason"] = reason
        if [f["s"] for f in flow] != ["over"]:
            raise PositionError("turn.pending", "a game with a result has only the step 'over'")
    else:
        state["winner"], state["reason"] = -1, ""
        if any(f["s"] == "over" for f in flow):
            raise PositionError("result", "the step 'over' needs the result: winner and reason")
        for n in range(count):
            have = sum(state["personages"][n])
            if have >= state["target"]:
                raise PositionError(
                    f"nations.{ids[n]}.personages",
                    f"{have} personages win the game with {count} nations (§4): give the result",
                )


def _read_step(state: State, b: Board, ids: list[str], raw: Any, i: int, stack: list[Any]) -> dict[str, Any]:
    """One pending step, checked to be one that can arise here (its place in the stack, its
    fields and the pieces it speaks of)."""
    item = f"turn.pending.{i}"
    s = _step_in_place(state, raw, i, stack, item)
    n = state["turn"]
    frame: dict[str, Any] = {"s": s}
    if s in _STEP_READERS:
        frame.update(_STEP_READERS[s](state, b, ids, raw, item))
    elif s == "over" and i:
        raise PositionError(item, "'over' is the only step of a finished game")
    if s in ("rondel",) and state["round"] == 1 and state["pos"][n] >= 0:
        raise PositionError(
            f"nations.{ids[n]}.rondel", "in the first round the marker is placed on the nation's turn (§5.1)"
        )
    return frame


def _step_in_place(state: State, raw: Any, i: int, stack: list[Any], item: str) -> str:
    """The step's name, checked to be one that may stand where it does in the stack: a battle,
    a loss, a token or a trade only on top of the step it arises in, and trading (§7.3) at any
    moment of the owner's turn."""
    if not isinstance(raw, dict) or raw.get("step") not in STEP_FIELDS:
        raise PositionError(item, f"a step is a mapping with 'step' one of {', '.join(STEP_FIELDS)}")
    s = raw["step"]
    _keys(raw, ("step", *STEP_FIELDS[s]), item)
    below = stack[i - 1].get("step") if i and isinstance(stack[i - 1], dict) else None
    if i == 0 and s in ("clash", "loss", "token", "trade"):
        raise PositionError(item, f"the step {s!r} only arises inside another step")
    on_top = ON_TOP.get(below, set())
    if below not in ("trade", "token", "over") and not state.get("trade_when_buying"):
        on_top = on_top | {"trade"}  # §7.3 trading at any moment of the owner's turn
    if i and not (s in on_top or (s == below == "clash" and i == 2)):
        raise PositionError(item, f"the step {s!r} cannot arise on top of {below!r}")
    return s


def _read_pay(state: State, b: Board, ids: list[str], raw: dict[str, Any], item: str) -> dict[str, Any]:
    """§5.1 the spaces still to pay for beyond the free ones, and the space moved to."""
    owed = _count(raw.get("steps"), f"{item}.steps", 1, RULEBOOK.max_steps - RULEBOOK.free_steps)
    to = raw.get("to")
    if to not in SPACES:
        raise PositionError(f"{item}.to", f"{to!r} is not a rondel space")
    return {"owed": owed, "to": SPACES.index(to)}


def _read_militia(state: State, b: Board, ids: list[str], raw: dict[str, Any], item: str) -> dict[str, Any]:
    """§7.1 the free units left from Bellona, and the units armed so far in each of the
    nation's cities (1 per city, 3 with a temple)."""
    n = state["turn"]
    units = state["units"][n]
    free = _count(raw.get("free", 0), f"{item}.free", 0, RULEBOOK.bellona_free)
    added: dict[str, int] = {}
    for rid, k in _mapping(raw.get("added"), f"{item}.added").items():
        r = _region(b, rid, f"{item}.added.{rid}")
        limit = RULEBOOK.arm_temple if state["temple"][r] == 1 else RULEBOOK.arm_city
        if state["city"][r] != n:
            raise PositionError(
                f"{item}.added.{rid}", "units are armed only in the nation's own cities (§7.1)"
            )
        added[str(r)] = _count(k, f"{item}.added.{rid}", 1, limit)
        if sum(units[2 * r : 2 * r + 2]) < added[str(r)]:
            raise PositionError(f"{item}.added.{rid}", "more units added than stand there")
    return {"free": free, "add": added}


def _read_clash(state: State, b: Board, ids: list[str], raw: dict[str, Any], item: str) -> dict[str, Any]:
    """§8.1 a battle: the mover's units of one type in a region against the other nations' units
    of that type there, the mover or the first opponent asked."""
    n = state["turn"]
    units = state["units"][n]
    r = _region(b, raw.get("region"), f"{item}.region")
    unit = raw.get("unit")
    if unit not in UNITS:
        raise PositionError(f"{item}.unit", f"'legion' or 'galley', not {unit!r}")
    t = UNITS.index(unit)
    slot = 2 * r + t
    opp = [_nation(ids, m, f"{item}.opponents") for m in _list(raw.get("opponents"), f"{item}.opponents")]
    if not opp or n in opp or len(set(opp)) != len(opp):
        raise PositionError(
            f"{item}.opponents", "the other nations in the battle, each once, never the mover"
        )
    if not units[slot]:
        raise PositionError(
            f"{item}.region", f"{ids[n]} has no {unit} in {rid_name(b, r)} to fight with (§8.1)"
        )
    for m in opp:
        if not state["units"][m][slot]:
            raise PositionError(f"{item}.opponents", f"{ids[m]} has no {unit} in {rid_name(b, r)} (§8.1)")
    who = _nation(ids, raw.get("deciding", ids[n]), f"{item}.deciding")
    if who not in (n, opp[0]):
        raise PositionError(
            f"{item}.deciding", "the mover or the first opponent is asked about the battle (§8.1)"
        )
    return {"region": r, "unit": t, "opponents": opp, "defender_asked": 0 if who == n else 1, "deciding": who}


def _read_loss(state: State, b: Board, ids: list[str], raw: dict[str, Any], item: str) -> dict[str, Any]:
    """§8.2 the units a conqueror still returns to supply where it has just conquered, when it
    has a choice of legions and galleys."""
    n = state["turn"]
    units = state["units"][n]
    r = _region(b, raw.get("region"), f"{item}.region")
    k = _count(raw.get("remove"), f"{item}.remove", 1)
    if state["city"][r] != n and state["temple"][r] != 0:
        raise PositionError(
            f"{item}.region", "units are returned only where the nation has just conquered (§8.2)"
        )
    legions, galleys = units[2 * r], units[2 * r + 1]
    if max(0, k - galleys) >= min(k, legions):
        raise PositionError(
            f"{item}.remove", f"with {legions} legions and {galleys} galleys there is no choice to make"
        )
    return {"region": r, "remove": k}


def _read_token(state: State, b: Board, ids: list[str], raw: dict[str, Any], item: str) -> dict[str, Any]:
    """§5.2 the token chosen for a city founded on a free any-resource site."""
    units = state["units"][state["turn"]]
    r = _region(b, raw.get("region"), f"{item}.region")
    if b.site[r] != SITE_ANY or state["city"][r] >= 0 or not (units[2 * r] or units[2 * r + 1]):
        raise PositionError(
            f"{item}.region", "a token is chosen only when founding on a free any-resource site (§5.2)"
        )
    return {"region": r}


def _read_trade(state: State, b: Board, ids: list[str], raw: dict[str, Any], item: str) -> dict[str, Any]:
    """§7.3 a trade at a rate the nation owns from an earlier turn: what is given so far, and
    what is taken (only once all is given)."""
    n = state["turn"]
    rate = raw.get("rate")
    if rate not in RULEBOOK.trade:
        raise PositionError(f"{item}.rate", f"'mercatura' or 'commercium', not {rate!r}")
    owned = state["tech"][n] & ~state["fresh"]
    if not owned & RULEBOOK.techs[TECH_IDS.index(rate)].bit:
        raise PositionError(f"{item}.rate", f"{ids[n]} does not own {rate} from an earlier turn (§7.3)")
    give, take = RULEBOOK.trade[rate]
    frame = {
        "rate": rate,
        "give": _count(raw.get("give"), f"{item}.give", 0, give),
        "take": _count(raw.get("take"), f"{item}.take", 1, take),
    }
    if frame["give"] and frame["take"] != take:
        raise PositionError(f"{item}.take", "resources are received only after all are given")
    return frame


def rid_name(b: Board, r: int) -> str:
    return b.names[r]


def _read_move(state: State, b: Board, ids: list[str], raw: dict[str, Any], item: str) -> dict[str, Any]:
    """§8.1 the units that may still move (with 1 or 2 crossings left) and the picked one."""
    n = state["turn"]
    units = state["units"][n]
    mv: dict[str, list[int]] = {}
    for j, entry in enumerate(_list(raw.get("movable"), f"{item}.movable")):
        at = f"{item}.movable.{j}"
        entry = _mapping(entry, at)
        _keys(entry, ("region", "unit", "one", "two"), at)
        r = _region(b, entry.get("region"), f"{at}.region")
        if entry.get("unit") not in UNITS:
            raise PositionError(f"{at}.unit", f"'legion' or 'galley', not {entry.get('unit')!r}")
        slot = 2 * r + UNITS.index(entry["unit"])
        counts = [_count(entry.get("one", 0), f"{at}.one"), _count(entry.get("two", 0), f"{at}.two")]
        if str(slot) in mv or counts == [0, 0]:
            raise PositionError(at, "each region and unit once, with some unit left to move")
        mv[str(slot)] = counts
    sel = None
    if raw.get("picked") is not None:
        at = f"{item}.picked"
        picked = _mapping(raw["picked"], at)
        _keys(picked, ("region", "unit", "moves_left", "moved"), at)
        r = _region(b, picked.get("region"), f"{at}.region")
        if picked.get("unit") not in UNITS:
            raise PositionError(f"{at}.unit", f"'legion' or 'galley', not {picked.get('unit')!r}")
        t = UNITS.index(picked["unit"])
        techs = state["tech"][n]
        two = techs & RULEBOOK.techs[TECH_IDS.index("strata" if t == 0 else "navigatio")].bit
        rem = _count(picked.get("moves_left"), f"{at}.moves_left", 1, 2 if two else 1)
        moved = picked.get("moved", False)
        if not isinstance(moved, bool):
            raise PositionError(f"{at}.moved", "true or false")
        sel = [2 * r + t, rem, int(moved)]
    for key, counts in mv.items():
        slot = int(key)
        picked_here = 1 if sel is not None and sel[0] == slot else 0
        if counts[0] + counts[1] + picked_here > units[slot]:
            raise PositionError(
                f"{item}.movable",
                f"{b.ids[slot >> 1]}: more {UNITS[slot & 1]}s left to move than stand there",
            )
    if sel is not None and units[sel[0]] < 1:
        raise PositionError(f"{item}.picked", f"no {UNITS[sel[0] & 1]} of {state['nations'][n]} stands there")
    return {"moves_left": mv, "picked": sel}


_STEP_READERS = {
    "pay": _read_pay,
    "militia": _read_militia,
    "move": _read_move,
    "clash": _read_clash,
    "loss": _read_loss,
    "token": _read_token,
    "trade": _read_trade,
}
"""The fields of each step that has any, read and checked (the others are their name alone)."""
