"""Invariants of a sound Antike II state, for the fuzzer (``Rules.check``)."""

from __future__ import annotations

from typing import Any

from tavola.games.antike.common import CITY_TOKENS, COIN, GALLEY, LEGION, State, board
from tavola.games.antike.loader import NO_SITE, RULEBOOK, SITE_ANY

FRAMES = {
    "rondel",
    "pay",
    "coin",
    "militia",
    "templum",
    "scientia",
    "move",
    "clash",
    "conquer",
    "loss",
    "found",
    "token",
    "trade",
    "over",
}


def check(state: State) -> list[str]:
    b = board(state)
    book = RULEBOOK
    out: list[str] = []
    names = state["nations"]
    count = len(names)
    city, tok, temple = state["city"], state["tok"], state["temple"]
    coins = state["coins"]
    if coins < 0:
        out.append(f"the bank holds {coins} coins")
    if state["temples"] < 0:
        out.append(f"the bank holds {state['temples']} temples")
    ncity = [0] * count
    ntemple = [0] * count
    for r in range(b.size):
        owner = city[r]
        rid = b.ids[r]
        if owner >= 0:
            ncity[owner] += 1
            if temple[r] == 1:
                ntemple[owner] += 1
            if b.site[r] == NO_SITE:
                out.append(f"a city stands in {rid}, which has no city site")
            elif tok[r] not in (0, 1, 2) or (b.site[r] != SITE_ANY and tok[r] != b.site[r]):
                out.append(f"the city of {rid} shows token {tok[r]} on a site {b.site[r]}")
            if temple[r] == 2:
                out.append(f"{rid} has both a city and a neutral temple")
        else:
            if tok[r] != -1:
                out.append(f"{rid} has a city token but no owner")
            if temple[r] == 1:
                out.append(f"{rid} has a city temple but no city")
    on_map = sum(1 for t in temple if t)
    if on_map + state["temples"] != book.temples:
        out.append(f"{on_map} temples on the map and {state['temples']} in the bank make not {book.temples}")
    all_coins = coins
    for n in range(count):
        nation = names[n]
        purse = state["res"][n]
        all_coins += purse[COIN]
        if min(purse) < 0:
            out.append(f"{nation} holds a negative purse {purse}")
        sup = state["sup"][n]
        if min(sup) < 0:
            out.append(f"{nation} has a negative supply {sup}")
        units = state["units"][n]
        if min(units) < 0:
            out.append(f"{nation} has a negative unit count")
        legions = sum(units[0::2])
        galleys = sum(units[1::2])
        if legions + sup[LEGION] != book.legions or galleys + sup[GALLEY] != book.galleys:
            out.append(
                f"{nation}: {legions} legions/{galleys} galleys on the map do not match the supply {sup[:2]}"
            )
        if ncity[n] + sup[CITY_TOKENS] != book.city_tokens:
            out.append(
                f"{nation}: {ncity[n]} cities and {sup[2]} tokens in supply make not {book.city_tokens}"
            )
        if ncity[n] != state["ncity"][n] or ntemple[n] != state["ntemple"][n]:
            out.append(
                f"{nation}: city/temple counters {state['ncity'][n]}/{state['ntemple'][n]} "
                f"differ from the map {ncity[n]}/{ntemple[n]}"
            )
        if ncity[n] < 1:
            out.append(f"{nation} lost its last city")
        for r in range(b.size):
            if units[2 * r] and not b.allows[0][r]:
                out.append(f"{nation} has legions in {b.ids[r]}, which has no land border")
            if units[2 * r + 1] and not b.allows[1][r]:
                out.append(f"{nation} has galleys in {b.ids[r]}, which has no sea border")
        techs = state["tech"][n]
        for t in book.techs:
            if techs & t.bit and t.requires and not techs & t.requires:
                out.append(f"{nation} owns {t.id} without its prerequisite")
        if min(state["pers"][n]) < 0:
            out.append(f"{nation} has a negative personage count")
        if not -1 <= state["pos"][n] < 8:
            out.append(f"{nation} stands on rondel space {state['pos'][n]}")
    if all_coins != book.coins:
        out.append(f"{all_coins} coins in play, not {book.coins}")
    for k, t in enumerate(book.techs):
        f = state["first"][k]
        if f >= 0 and not state["tech"][f] & t.bit:
            out.append(f"{names[f]} developed {t.id} first but does not own it")
    cards = [*book.cards[:5], book.cards[5] if state["pliny"] else 0]
    for k in range(6):
        held = sum(p[k] for p in state["pers"]) + state["bank"][k]
        if state["bank"][k] < 0 or held != cards[k]:
            out.append(f"personage stack {k}: {held} cards in play, bank {state['bank'][k]}, not {cards[k]}")
    if not 0 <= state["bellona"] < count:
        out.append(f"Bellona is held by nation {state['bellona']}")
    flow = state["flow"]
    if not flow or any(f.get("s") not in FRAMES for f in flow):
        out.append(f"the flow stack is malformed: {flow}")
    elif (flow[-1]["s"] == "over") != (state["winner"] >= 0):
        out.append("the game is over without a winner, or has a winner but goes on")
    elif flow[0]["s"] == "move":
        out += _check_move(state, flow[0])
    return out


def _check_move(state: State, move: dict[str, Any]) -> list[str]:
    """Units with moves left never outnumber the units there; the picked unit is one of them."""
    units = state["units"][state["cur"]]
    sel = move["sel"]
    out = []
    for key, counts in move["mv"].items():
        s = int(key)
        picked = 1 if sel is not None and sel[0] == s else 0
        if min(counts) < 0 or counts == [0, 0] or counts[0] + counts[1] + picked > units[s]:
            out.append(f"move frame: slot {s} lists {counts} movable units of {units[s]}")
    if sel is not None and (units[sel[0]] < 1 or sel[1] not in (1, 2)):
        out.append(f"move frame: the picked unit {sel} is not on the map")
    return out
