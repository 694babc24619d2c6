"""Revolution positions (docs/positions.md): the state as plain, readable data and back.

Provinces, cities, towns, regions and boxes are named by their ids in the board data
(``data/*.yaml``); owners by faction id or ``neutral``. Stocks are not written: a faction's
stock is its allowance (§3.5) less what it has on the map, in boxes and in its treasury, and
loading refuses a position that asks for more. A hand-written position may give a ``phase``
instead of ``pending``: the phase then starts as the sequence of play would start it.
"""

from __future__ import annotations

from typing import Any

from tavola.core import flow
from tavola.core.errors import PositionError
from tavola.core.rng import seed_state
from tavola.games.revolution import setup, turn
from tavola.games.revolution.common import ABANDONED, BEGGARS, EMPTY, NEUTRAL, OWNERS, State
from tavola.games.revolution.flow import FLOW
from tavola.games.revolution.loader import COMPONENTS as C
from tavola.games.revolution.loader import FACTIONS

OWNER_IDS = (*FACTIONS, "neutral")
STATUS = ("none", "catholic", "reformed")

# How the locals of each step's frame are written: owners, provinces, armies by name.
FRAME_KINDS: dict[str, dict[str, str]] = {
    "arrange": {"province": "province", "provinces": "provinces", "moved": "owners"},
    "march": {"moved": "armies"},
    "influence": {"used": "armies"},
    "maintain": {"todo": "armies"},
    "units": {"present": "per_province", "added": "per_province"},
    "neutral": {"given": "provinces"},
}


def _owner(o: int) -> str:
    return OWNER_IDS[o]


def _tally(row: list[int]) -> dict[str, int]:
    return {OWNER_IDS[o]: k for o, k in enumerate(row) if k}


def _out_frame(frame: dict[str, Any]) -> dict[str, Any]:
    kinds = FRAME_KINDS.get(frame["s"], {})
    out: dict[str, Any] = {"step": frame["s"]}
    for key, value in frame.items():
        if key == "s":
            continue
        kind = kinds.get(key)
        if key in ("who", "victim"):
            out[key] = _owner(value)
        elif key == "queue" or kind == "owners":
            out[key] = [_owner(o) for o in value]
        elif kind == "province":
            out[key] = C.province_ids[value]
        elif kind == "provinces":
            out[key] = [C.province_ids[p] for p in value]
        elif kind == "armies":
            out[key] = [[C.region_ids[r], b] for r, b in value]
        elif kind == "per_province":
            out[key] = {C.province_ids[p]: k for p, k in enumerate(value) if k}
        else:
            out[key] = value
    return out


def position(state: State) -> dict[str, Any]:
    """§3-§6 the state as a position."""
    out: dict[str, Any] = {
        "players": state["players"],
        "options": dict(state["options"]),
        "turn": state["turn"],
        "phase": state["phase"],
        "order": [FACTIONS[o] for o in state["order"]],
        "factions": _out_factions(state),
        "map": _out_map(state),
    }
    out |= _out_armies(state)
    out |= _out_tracks(state)
    out |= _out_beggars(state)
    if state["intercepts"]:
        out["intercepts"] = state["intercepts"]
    if state["asked"]:
        out["asked"] = [C.province_ids[p] for p in state["asked"]]
    if state["over"]:
        out["over"] = True
    out["pending"] = [_out_frame(f) for f in state["flow"]]
    return out


def _out_factions(state: State) -> dict[str, Any]:
    """Each faction's treasury, armies raised this turn (§6.4) and VP."""
    factions: dict[str, Any] = {}
    for o in state["factions"]:
        entry: dict[str, Any] = {}
        if state["treasury"][o]:
            entry["treasury"] = state["treasury"][o]
        if state["raised"][o]:
            entry["raised"] = state["raised"][o]
        if state["vp2"][o]:
            entry["vp"] = state["vp2"][o] / 2
        factions[FACTIONS[o]] = entry
    return factions


def _out_map(state: State) -> dict[str, Any]:
    """Each province's countryside and its cities and towns, by owner."""
    board: dict[str, Any] = {}
    for p in range(len(C.province_ids)):
        entry = {}
        if any(state["country"][p]):
            entry["countryside"] = _tally(state["country"][p])
        for c in C.province_places[p]:
            if any(state["places"][c]):
                entry[C.place_ids[c]] = _tally(state["places"][c])
        if entry:
            board[C.province_ids[p]] = entry
    return board


def _out_armies(state: State) -> dict[str, Any]:
    """The support boxes (§5.1), the command blocks (§6.4) and the sieges (§6.6), where any."""
    out: dict[str, Any] = {}
    support = {
        C.box_ids[b]: [None if o == EMPTY else FACTIONS[o] for o in box]
        for b, box in enumerate(state["support"])
        if any(o != EMPTY for o in box)
    }
    if support:
        out["support"] = support
    blocks = {}
    for r, block in enumerate(state["blocks"]):
        if any(v != EMPTY for v in block):
            blocks[C.region_ids[r]] = [
                None
                if v == EMPTY
                else (f"abandoned {FACTIONS[v - ABANDONED]}" if v >= ABANDONED else FACTIONS[v])
                for v in block
            ]
    if blocks:
        out["armies"] = blocks
    if state["sieges"]:
        out["sieges"] = [
            {
                "city": C.place_ids[s["city"]],
                "by": "beggars" if s["by"] == BEGGARS else FACTIONS[s["by"]],
                "region": C.region_ids[s["region"]],
                "box": s["box"],
            }
            for s in state["sieges"]
        ]
    return out


def _out_tracks(state: State) -> dict[str, Any]:
    """The cards (§6.17), the bishoprics (§6.18), the universities (§6.19) and the Allegiance
    of Citizens with the coins spent on it (§6.16)."""
    out: dict[str, Any] = {
        "cards": {C.province_ids[p]: FACTIONS[h] for p, h in enumerate(state["province_card"]) if h != EMPTY}
        | {
            C.place_ids[c]: FACTIONS[state["city_card"][c]]
            for c in C.cities
            if state["city_card"][c] != EMPTY
        },
        "bishoprics": {
            C.province_ids[p]: C.bishop_track[state["bishopric"][k]]
            for k, p in enumerate(C.bishopric_provinces)
        },
    }
    markers = {
        C.province_ids[p]: FACTIONS[state["bishop_marker"][k]]
        for k, p in enumerate(C.bishopric_provinces)
        if state["bishop_marker"][k] != EMPTY
    }
    if markers:
        out["bishop_markers"] = markers
    out["universities"] = {
        C.place_ids[c]: STATUS[u]
        for c, u in enumerate(state["university"])
        if C.university[c] is not None and u
    }
    out["allegiance"] = {C.place_ids[c]: state["allegiance"][k] for k, c in enumerate(C.cities)}
    spent = {
        C.place_ids[c]: _tally(state["spent"][k] + [0])
        for k, c in enumerate(C.cities)
        if any(state["spent"][k])
    }
    if spent:
        out["spent"] = spent
    return out


def _out_beggars(state: State) -> dict[str, Any]:
    """The Water Beggars' hirer and tokens (§6.7), if hired or blocking."""
    beggars = state["beggars"]
    if beggars["hirer"] == EMPTY and not beggars["hired"] and not any(beggars["blocking"]):
        return {}
    return {
        "beggars": {
            "hirer": None if beggars["hirer"] == EMPTY else FACTIONS[beggars["hirer"]],
            "hired": beggars["hired"],
            "blocking": {C.region_ids[r]: k for r, k in enumerate(beggars["blocking"]) if k},
        }
    }


# --- reading ----------------------------------------------------------------------------------
def _need(cond: bool, item: str, message: str) -> None:
    if not cond:
        raise PositionError(item, message)


def _index(table: dict[str, int], name: Any, item: str, what: str) -> int:
    _need(isinstance(name, str) and name in table, item, f"unknown {what} {name!r}")
    return table[name]


OWNER_INDEX = {name: o for o, name in enumerate(OWNER_IDS)}


def _count(value: Any, item: str) -> int:
    _need(
        isinstance(value, int) and not isinstance(value, bool) and value >= 0,
        item,
        f"{value!r} is not a count",
    )
    return value


def _read_tally(raw: Any, item: str, state: State) -> list[int]:
    _need(isinstance(raw, dict), item, "a mapping of owners to token counts")
    row = [0] * OWNERS
    for name, k in raw.items():
        o = _index(OWNER_INDEX, name, f"{item}.{name}", "owner")
        _need(o == NEUTRAL or o in state["factions"], f"{item}.{name}", "that faction is not in play")
        row[o] = _count(k, f"{item}.{name}")
    return row


def _in_frame(raw: Any, depth: int, state: State) -> dict[str, Any]:
    item = f"pending.{depth}"
    _need(isinstance(raw, dict) and "step" in raw, item, "a pending step is a mapping with its 'step'")
    name = raw["step"]
    _need(
        name in FLOW.steps or name in FLOW.final,
        f"{item}.step",
        f"no step {name!r}; steps: {', '.join(sorted(FLOW.steps))}",
    )
    kinds = FRAME_KINDS.get(name, {})
    frame: dict[str, Any] = {"s": name}
    for key, value in raw.items():
        if key == "step":
            continue
        kind = kinds.get(key)
        where = f"{item}.{key}"
        if key in ("who", "victim"):
            frame[key] = _index(OWNER_INDEX, value, where, "faction")
        elif key == "queue" or kind == "owners":
            frame[key] = [_index(OWNER_INDEX, o, where, "faction") for o in value]
        elif kind == "province":
            frame[key] = _index(C.province_index, value, where, "province")
        elif kind == "provinces":
            frame[key] = [_index(C.province_index, p, where, "province") for p in value]
        elif kind == "armies":
            frame[key] = [[_index(C.region_index, r, where, "region"), b] for r, b in value]
        elif kind == "per_province":
            per = [0] * len(C.province_ids)
            for p, k in value.items():
                per[_index(C.province_index, p, where, "province")] = _count(k, where)
            frame[key] = per
        else:
            frame[key] = value
    return frame


def from_position(pos: dict[str, Any], seed: int) -> State:
    """A state from a position, checked item by item (§3.5 allowances, §5.6 one token a town,
    §5.2 boxes their factions may use, §6.4 one army a box)."""
    players = pos["players"]
    try:
        state = setup.setup(players, pos["options"], seed)
    except Exception as exc:  # the header was checked; a bad option pairing lands here
        raise PositionError("options", str(exc)) from None
    state["rng"] = seed_state(seed)
    # empty everything: the position says what is where
    state["country"] = [[0] * OWNERS for _ in C.province_ids]
    state["places"] = [[0] * OWNERS for _ in C.place_ids]
    state["support"] = [[EMPTY] * len(s) for s in C.box_slots]
    state["blocks"] = [[EMPTY] * n for n in C.boxes]
    state["treasury"] = [0] * 5
    phase = _read_turn(pos, state)
    _read_factions(pos, state)
    _read_map(pos, state)
    _read_support(pos, state)
    _read_armies(pos, state)
    _read_cards(pos, state)
    _read_tracks(pos, state)
    _read_beggars(pos, state)
    state["intercepts"] = pos.get("intercepts", 0)
    state["asked"] = [_index(C.province_index, p, "asked", "province") for p in pos.get("asked", [])]
    state["over"] = bool(pos.get("over", False))
    _read_stocks(state)
    pending = pos.get("pending")
    if pending:
        state["flow"] = [_in_frame(f, i, state) for i, f in enumerate(pending)]
    else:
        # a hand-written position: the phase starts as the sequence of play starts it
        start = dict((n, b) for n, _, b in turn.phases(state))[phase]
        flow.begin(state, "next")
        events = start(state)
        del events
        turn.advance(state)
    return state


def _read_turn(pos: dict[str, Any], state: State) -> str:
    """The turn, its phase (§4.2) and the turn order; the phase is returned."""
    turn_no = pos.get("turn", 0)
    _need(isinstance(turn_no, int) and 0 <= turn_no <= C.last_turn, "turn", f"a game turn 0-{C.last_turn}")
    state["turn"] = turn_no
    names = [n for n, _, _ in turn.phases(state)]
    phase = pos.get("phase", names[0])
    _need(
        phase in names or (phase == "setup" and pos.get("pending")),
        "phase",
        f"turn {turn_no} has no phase {phase!r}; phases: {', '.join(names)}",
    )
    state["phase"] = phase
    state["order"] = [
        _index(OWNER_INDEX, f, "order", "faction")
        for f in pos.get("order", [FACTIONS[o] for o in state["factions"]])
    ]
    return phase


def _read_factions(pos: dict[str, Any], state: State) -> None:
    """Each faction's treasury, armies raised this turn (§6.4) and VP."""
    raw_factions = pos.get("factions") or {}
    _need(isinstance(raw_factions, dict), "factions", "a mapping of factions")
    for name, entry in raw_factions.items():
        o = _index(OWNER_INDEX, name, f"factions.{name}", "faction")
        _need(o in state["factions"], f"factions.{name}", "that faction is not in play")
        _need(isinstance(entry, dict), f"factions.{name}", "a mapping")
        state["treasury"][o] = _count(entry.get("treasury", 0), f"factions.{name}.treasury")
        state["raised"][o] = _count(entry.get("raised", 0), f"factions.{name}.raised")
        state["vp2"][o] = int(2 * entry.get("vp", 0))


def _read_map(pos: dict[str, Any], state: State) -> None:
    """Each province's countryside and its cities and towns (§5.6: a town holds one token)."""
    for pname, entry in (pos.get("map") or {}).items():
        p = _index(C.province_index, pname, f"map.{pname}", "province")
        for key, raw in entry.items():
            item = f"map.{pname}.{key}"
            if key == "countryside":
                state["country"][p] = _read_tally(raw, item, state)
                continue
            c = _index(C.place_index, key, item, "city or town")
            _need(C.place_province[c] == p, item, f"{key} lies in {C.province_ids[C.place_province[c]]}")
            row = _read_tally(raw, item, state)
            _need(C.is_city[c] or sum(row) <= 1, item, "a town holds one token (§5.6)")
            state["places"][c] = row


def _read_support(pos: dict[str, Any], state: State) -> None:
    """The support boxes, each space held by a faction that may use the box (§5.2)."""
    for bname, slots in (pos.get("support") or {}).items():
        b = _index(C.box_index, bname, f"support.{bname}", "support box")
        _need(
            isinstance(slots, list) and len(slots) <= len(C.box_slots[b]),
            f"support.{bname}",
            "too many spaces",
        )
        for i, f in enumerate(slots):
            if f is None:
                continue
            o = _index(OWNER_INDEX, f, f"support.{bname}.{i}", "faction")
            _need(
                f in C.box_factions[b] and o in state["factions"],
                f"support.{bname}.{i}",
                f"{f} may not use this box (§5.2)",
            )
            state["support"][b][i] = o


def _read_armies(pos: dict[str, Any], state: State) -> None:
    """The command blocks, one army a box (§6.4), and the sieges of cities (§6.6)."""
    for rname, cells in (pos.get("armies") or {}).items():
        r = _index(C.region_index, rname, f"armies.{rname}", "region")
        _need(
            isinstance(cells, list) and len(cells) <= C.boxes[r],
            f"armies.{rname}",
            f"the block has {C.boxes[r]} boxes",
        )
        for i, cell in enumerate(cells):
            if cell is None:
                continue
            abandoned = isinstance(cell, str) and cell.startswith("abandoned ")
            o = _index(OWNER_INDEX, cell.removeprefix("abandoned "), f"armies.{rname}.{i}", "faction")
            _need(o in state["factions"], f"armies.{rname}.{i}", "that faction is not in play")
            state["blocks"][r][i] = o + (ABANDONED if abandoned else 0)
    state["sieges"] = []
    for i, s in enumerate(pos.get("sieges") or []):
        item = f"sieges.{i}"
        c = _index(C.place_index, s.get("city"), f"{item}.city", "city")
        _need(C.is_city[c], f"{item}.city", "only cities are besieged (§6.6)")
        by = (
            BEGGARS if s.get("by") == "beggars" else _index(OWNER_INDEX, s.get("by"), f"{item}.by", "faction")
        )
        r = _index(C.region_index, s.get("region"), f"{item}.region", "region")
        _need(
            C.province_region[C.place_province[c]] == r, f"{item}.region", "the city lies in another region"
        )
        state["sieges"].append({"city": c, "by": by, "region": r, "box": s.get("box", EMPTY)})


def _read_cards(pos: dict[str, Any], state: State) -> None:
    """The province and city cards' holders (§6.17); towns have no card."""
    state["province_card"] = [EMPTY] * len(C.province_ids)
    state["city_card"] = [EMPTY] * len(C.place_ids)
    for name, holder in (pos.get("cards") or {}).items():
        o = _index(OWNER_INDEX, holder, f"cards.{name}", "faction")
        if name in C.province_index:
            state["province_card"][C.province_index[name]] = o
        else:
            c = _index(C.place_index, name, f"cards.{name}", "province or city")
            _need(C.is_city[c], f"cards.{name}", "towns have no card")
            state["city_card"][c] = o


def _read_tracks(pos: dict[str, Any], state: State) -> None:
    """The bishoprics and their markers (§6.18), the universities (§6.19) and the Allegiance of
    Citizens with the coins spent on it (§6.16)."""
    for name, status in (pos.get("bishoprics") or {}).items():
        p = _index(C.province_index, name, f"bishoprics.{name}", "province")
        _need(p in C.bishopric_provinces, f"bishoprics.{name}", "no bishopric there")
        _need(status in C.bishop_track, f"bishoprics.{name}", f"one of {list(C.bishop_track)}")
        state["bishopric"][C.bishopric_provinces.index(p)] = C.bishop_track.index(status)
    state["bishop_marker"] = [EMPTY] * len(C.bishopric_provinces)
    for name, holder in (pos.get("bishop_markers") or {}).items():
        p = _index(C.province_index, name, f"bishop_markers.{name}", "province")
        _need(p in C.bishopric_provinces, f"bishop_markers.{name}", "no bishopric there")
        state["bishop_marker"][C.bishopric_provinces.index(p)] = _index(
            OWNER_INDEX, holder, f"bishop_markers.{name}", "faction"
        )
    if "universities" in pos:
        state["university"] = [0] * len(C.place_ids)
        for name, status in (pos.get("universities") or {}).items():
            c = _index(C.place_index, name, f"universities.{name}", "city or town")
            _need(
                C.university[c] is not None and status in STATUS,
                f"universities.{name}",
                "not a university site",
            )
            state["university"][c] = STATUS.index(status)
    for name, space in (pos.get("allegiance") or {}).items():
        c = _index(C.place_index, name, f"allegiance.{name}", "city")
        _need(
            C.is_city[c] and 1 <= space <= len(C.allegiance_effect),
            f"allegiance.{name}",
            "a city, on the track",
        )
        state["allegiance"][C.cities.index(c)] = space
    for name, tally in (pos.get("spent") or {}).items():
        c = _index(C.place_index, name, f"spent.{name}", "city")
        state["spent"][C.cities.index(c)] = _read_tally(tally, f"spent.{name}", state)[:5]


def _read_beggars(pos: dict[str, Any], state: State) -> None:
    """The Water Beggars (§6.7): their hirer, and their tokens blocking or besieging, the rest
    in their box."""
    beggars = pos.get("beggars") or {}
    hirer = beggars.get("hirer")
    state["beggars"] = {
        "hirer": EMPTY if hirer is None else _index(OWNER_INDEX, hirer, "beggars.hirer", "faction"),
        "hired": beggars.get("hired", 0),
        "blocking": [0] * len(C.region_ids),
    }
    for name, k in (beggars.get("blocking") or {}).items():
        state["beggars"]["blocking"][_index(C.region_index, name, f"beggars.blocking.{name}", "region")] = k
    besieging = 2 * sum(1 for s in state["sieges"] if s["by"] == BEGGARS)
    state["beggars_home"] = C.beggar_tokens - sum(state["beggars"]["blocking"]) - besieging
    _need(state["beggars_home"] >= 0, "beggars", "more Water Beggars than their 3 tokens")


def _read_stocks(state: State) -> None:
    """The stocks: what each faction's allowance leaves (§3.5), refused if the position uses
    more tokens or armies than the allowance, or more neutrals than the box holds."""
    players = state["players"]
    allowance = C.players[players]["tokens"]
    for o in state["factions"]:
        used = (
            sum(row[o] for row in state["country"] + state["places"])
            + sum(x == o for box in state["support"] for x in box)
            + state["treasury"][o]
        )
        _need(
            used <= allowance, f"factions.{FACTIONS[o]}", f"{used} tokens; the faction has {allowance} (§3.5)"
        )
        state["stock"][o] = allowance - used
        armies = sum(1 for block in state["blocks"] for v in block if v in (o, o + ABANDONED))
        _need(armies <= C.players[players]["armies"], "armies", f"{FACTIONS[o]} have {armies} armies (§3.5)")
    neutrals = sum(row[NEUTRAL] for row in state["country"] + state["places"])
    _need(neutrals <= C.neutral_tokens, "map", f"{neutrals} neutral tokens; there are {C.neutral_tokens}")
    state["neutral_stock"] = C.neutral_tokens - neutrals
