"""What each role sees (§4, §6, §8): its own hands and troop allocations; of the others, hand
sizes, pieces, face up or down and each power's troop total (a player tells it when asked);
troop numbers of single generals only as combat reveals them (in the log). Once the game is
over everything is shown."""

from __future__ import annotations

from typing import Any

from tavola.core.i18n import catalogue
from tavola.games.maria.board import load_components
from tavola.games.maria.board_adapter import GEO
from tavola.games.maria.common import (
    DECK_SIZE,
    State,
    card,
    card_name,
    general_power,
    is_reserve,
    power_troops,
    role_powers,
    saxony_stance,
)


def view(state: State, role: str | None) -> dict[str, Any]:
    over = state["result"] is not None
    mine = set(role_powers(state, role)) if role is not None else set()
    generals = {}
    for gid, g in state["generals"].items():
        seen: dict[str, Any] = {"city": g["city"], "down": g["down"]}
        if over or general_power(gid) in mine:
            seen["troops"] = g["troops"]
        generals[gid] = seen
    hands = {p: sorted(card_name(c) for c in h) for p, h in state["hands"].items() if over or p in mine}
    return {
        "scenario": state["scenario"],
        "turn": state["turn"],
        "group": state["group"],
        "stage": state["stage"],
        "powers": list(state["powers"]),
        "control": dict(state["control"]),
        "generals": generals,
        "trains": dict(state["trains"]),
        "out": list(state["out"]),
        "markers": dict(state["markers"]),
        "hussars": list(state["hussars"]),
        "question": dict(state["question"]),
        "moved": list(state["moved"]),
        "retreated": list(state["retreated"]),
        "commanders": dict(state["commanders"]),
        "subsidy": state["subsidy"],
        "sealed": list(state["sealed"]),
        "hands": hands,
        "hand_sizes": {p: len(h) for p, h in state["hands"].items()},
        "pile": len(state["pile"]),
        "unused": list(state["unused"]),
        "discards": [[card_name(c) for c in d] for d in state["discards"]],
        "troop_totals": {p: power_troops(state, p) for p in state["powers"]},
        "flow": [dict(f) for f in state["flow"]],
        "outcome": state["result"],
        # §15, §16: the pools and the victory boxes are on the board for all to see; §13 the
        # winter scores are hidden from everyone until the game is over
        "pools": dict(state["pools"]),
        "boxes": dict(state["boxes"]),
        "electors_box": list(state["electors_box"]),
        "winter_scores": {p: list(v) for p, v in state["winter_scores"].items()} if over else {},
        "winters_scored": len(next(iter(state["winter_scores"].values()), [])),
        "extra": dict(state["extra"]),
        "victor": state["victor"],
        # §17: the political cards face up, the cards on the political board (a card placed
        # this turn stays face down, seen only by its owner, until §17.4 turns it up), the
        # tracks and the boxes; the political deck only by its size
        "political": {
            "deck": len(state["pdeck"]),
            "shown": list(state["pshown"]),
            "board": {p: [card_name(c) for c in v] for p, v in state["pboard"].items()},
            "placed": {
                p: (card_name(c) if over or p in mine else "hidden") for p, c in state["pnew"].items()
            },
            "suit": state["suit"],
            "order": list(state["porder"]),
            "taken": list(state["ptaken"]),
            "moves": dict(state["pmoves"]),
            "tracks": dict(state["tracks"]),
            "italy_box": list(state["italy_box"]),
            "offmap": dict(state["offmap"]),
            "election": state["election"],
            "emperor": state["emperor"],
            "votes": dict(state["votes"]),
        },
        # §19: the political changes, all public
        "changes": {
            "silesia_annexed": state["silesia_annexed"],
            "silesia_box": state["silesia_box"],
            "prussia_neutral": state["prussia_neutral"],
            "aside": dict(state["aside"]),
            "reduced": state["reduced"],
            "saxony": saxony_stance(state),
        },
    }


def board_json() -> dict[str, Any]:
    """The static board for both renderers: the towns with their positions (the map), and the
    names of the pieces the log and the prompts mention (generals, supply trains)."""
    data = load_components().to_json()
    data["generals"] = {
        gid: {"name": g.name, "power": g.power, "rank": g.rank} for gid, g in GEO.generals.items()
    }
    data["trains"] = {tid: {"power": t.power} for tid, t in GEO.trains.items()}
    nations = catalogue("tavola.games.maria")
    data["names"] = [{"id": gid, "name": g.name} for gid, g in GEO.generals.items()]
    data["names"] += [
        {
            "id": tid,
            "name": f"the supply train of {nations[f'nation.{t.power}']['en']}",
            "name_it": f"il treno di rifornimento ({nations[f'nation.{t.power}']['it']})",
        }
        for tid, t in GEO.trains.items()
    ]
    # §8: the tactical cards by suit symbol and value, the same in both languages
    data["names"] += [
        {"id": card_name(cid), "name": f"{card(cid)[2]}{SUIT_SYMBOLS[card(cid)[1] or '']}"}
        for cid in range(DECK_SIZE)
        if not is_reserve(cid)
    ]
    data["names"].append({"id": "reserve", "name": "the Reserve", "name_it": "la Riserva"})
    return data


SUIT_SYMBOLS = {"hearts": "♥", "diamonds": "♦", "clubs": "♣", "spades": "♠", "": ""}
