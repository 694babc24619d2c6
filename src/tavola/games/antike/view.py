"""What the client sees: the (fully public) view, the prompt and the static board."""

from __future__ import annotations

import marshal
from typing import Any

from tavola.games.antike.common import PERSONAGES, State, acting, board, defence, held, personages, sea_points
from tavola.games.antike.flow import FLOW
from tavola.games.antike.loader import BOARDS, PURSE, RESOURCES, RULEBOOK, SETUPS, UNITS
from tavola.games.antike.setup import nation_count, seat_roles

SITE_NAMES = {-1: None, 0: "marble", 1: "iron", 2: "gold", 3: "any"}


def view(state: State, role: str | None) -> dict[str, Any]:
    """Everything in Antike is public; only the RNG word is left out."""
    b = board(state)
    names = state["nations"]
    frame = state["flow"][-1]
    out: dict[str, Any] = {
        "scenario": state["scenario"],
        "round": state["round"],
        "turn": names[state["turn"]],
        "acting": names[acting(state)] if state["winner"] < 0 else None,
        "phase": frame["s"],
        "target": state["target"],
        "pliny": state["pliny"],
        "nations": _nations(state),
        "regions": _regions_shown(state),
        "bank": {
            "coins": state["coins"],
            "temples": state["temples"],
            "personages": dict(zip(PERSONAGES, state["bank"], strict=True)),
        },
        "first": {
            t.id: names[state["first"][k]] for k, t in enumerate(RULEBOOK.techs) if state["first"][k] >= 0
        },
        "winner": names[state["winner"]] if state["winner"] >= 0 else None,
    }
    move = state["flow"][0]
    if move["s"] == "move":
        out["move"] = _moves(state, move)
    if frame["s"] == "clash":
        out["battle"] = {
            "region": b.ids[frame["region"]],
            "unit": UNITS[frame["unit"]],
            "against": names[frame["opponents"][0]],
            "asking": names[frame["deciding"]],
        }
    return out


def _nations(state: State) -> list[dict[str, Any]]:
    """Each nation's rondel space, purse, supply, technologies, personages, cities and temples."""
    names = state["nations"]
    nations = []
    for n, nid in enumerate(names):
        pers = state["personages"][n]
        nations.append(
            {
                "id": nid,
                "role": state["control"][n],
                "colour": SETUPS[state["scenario"]].colours[nid],
                "rondel": RULEBOOK.spaces[state["pos"][n]] if state["pos"][n] >= 0 else None,
                "purse": dict(zip(PURSE, state["purse"][n], strict=True)),
                "supply": {
                    "legion": state["supply"][n][0],
                    "galley": state["supply"][n][1],
                    "city": state["supply"][n][2],
                },
                "techs": [t.id for t in RULEBOOK.techs if state["tech"][n] & t.bit],
                "personages": dict(zip(PERSONAGES, pers, strict=True)),
                "total": personages(state, n),
                "cities": state["ncity"][n],
                "temples": state["ntemple"][n],
                "sea_areas": sea_points(state, n),
                "bellona": state["bellona"] == n,
            }
        )
    return nations


BOARDS_KEPT = 1024
_shown: dict[int, tuple[tuple[Any, ...], dict[str, Any]]] = {}
"""Per board (a game's units, by the list's identity), the regions its last view showed and a
copy of what they were built from. Most clicks (the rondel, a pick, a purchase) leave the
regions as they were, and the views of one change, one per role, show the same: those take the
dict again (shared, never written to). The copy, not the identity, decides: a board whose
identity another game reuses, or a state edited in place, is still shown right. Forgotten
when ``BOARDS_KEPT`` are held."""


def _regions_shown(state: State) -> dict[str, Any]:
    # everything _regions reads (the board's tables are the scenario's)
    made_of = (
        state["scenario"],
        state["nations"],
        state["units"],
        state["city"],
        state["temple"],
        state["city_token"],
        state["personages"],
        state["tech"],
    )
    key = id(state["units"])
    held = _shown.get(key)
    if held is not None and held[0] == made_of:
        return held[1]
    if len(_shown) >= BOARDS_KEPT:
        _shown.clear()
    regions = _regions(state)
    _shown[key] = (marshal.loads(marshal.dumps(made_of)), regions)
    return regions


def _regions(state: State) -> dict[str, Any]:
    """The regions with a city, a temple or units: owner, token, temple, units and defence."""
    b = board(state)
    names = state["nations"]
    units = state["units"]
    regions: dict[str, Any] = {}
    # Who stands where, nation by nation (in turn order, as each region lists them).
    present: dict[int, dict[str, list[int]]] = {}
    for n, u in enumerate(units):
        for r in held(u):
            present.setdefault(r, {})[names[n]] = [u[2 * r], u[2 * r + 1]]
    shown = {r for r in range(b.size) if state["city"][r] >= 0 or state["temple"][r]}
    for r in sorted(shown.union(present)):
        rid = b.ids[r]
        here = present.get(r, {})
        owner = state["city"][r]
        temple = state["temple"][r]
        entry: dict[str, Any] = {
            "city": names[owner] if owner >= 0 else None,
            "token": RESOURCES[state["city_token"][r]] if owner >= 0 else None,
            "temple": ("city", "neutral")[temple - 1] if temple else None,
            "units": here,
        }
        if owner >= 0 or temple == 2:
            entry["defence"] = defence(state, r)
        regions[rid] = entry
    return regions


def _moves(state: State, move: dict[str, Any]) -> dict[str, Any]:
    """§8.1 the moves left per region and unit type, and the picked unit."""
    b = board(state)
    moves: dict[str, dict[str, list[int]]] = {}
    for key, counts in move["moves_left"].items():
        s = int(key)
        moves.setdefault(b.ids[s >> 1], {})[UNITS[s & 1]] = list(counts)
    sel = move["picked"]
    return {
        "moves_left": moves,
        "picked": None
        if sel is None
        else {"unit": UNITS[sel[0] & 1], "region": b.ids[sel[0] >> 1], "moves": sel[1]},
    }


def prompt(state: State, role: str) -> dict[str, Any]:
    if state["winner"] >= 0:
        return {"text": "prompt.over", "args": {"nation": state["nations"][state["winner"]]}, "rule": "§4"}
    n = acting(state)
    if state["control"][n] != role:
        return {"text": "waiting", "args": {}, "rule": ""}
    return FLOW.prompt(state, n, nation=state["nations"][n])


def board_json(scenario: str, players: int) -> dict[str, Any]:
    """The static board for drawing: regions (name, kind, site resource, coastal, position),
    borders with their colour, the rondel, the technology table and the nations' colours."""
    roles = seat_roles(scenario, players)  # validates the settings (UnknownGame)
    b = BOARDS[scenario]
    line = SETUPS[scenario].lines[nation_count(players)]
    return {
        "scenario": scenario,
        "title": b.title,
        "regions": [
            {
                "id": rid,
                "name": b.names[r],
                "kind": b.kind[r],
                "site": SITE_NAMES[b.site[r]],
                "coastal": b.allows[1][r],
                "legions": b.allows[0][r],
                "galleys": b.allows[1][r],
                "galley_symbol": b.site[r] == -1,
                "lon": b.lon[r],
                "lat": b.lat[r],
                "position": b.pos_basis[r],
                "island": b.island[r],
            }
            for r, rid in enumerate(b.ids)
        ],
        "borders": [{"a": b.ids[a], "b": b.ids[c], "type": t} for a, c, t in b.borders],
        "rondel": [
            {"id": s, "action": RULEBOOK.space_action[i], "index": i} for i, s in enumerate(RULEBOOK.spaces)
        ],
        "technologies": [
            {
                "id": t.id,
                "first": t.first,
                "later": t.later,
                "requires": next((u.id for u in RULEBOOK.techs if u.bit == t.requires), None),
            }
            for t in RULEBOOK.techs
        ],
        "nations": [
            {
                "id": nid,
                "colour": SETUPS[scenario].colours[nid],
                "role": roles[i],
                "start": [b.ids[r] for r, _ in line.start[i]],
            }
            for i, nid in enumerate(line.nations)
        ],
        "neutral_temples": [b.ids[r] for r in line.neutral],
        "target": RULEBOOK.victory[len(line.nations)],
    }
