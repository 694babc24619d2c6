"""Invariants of a sound Antike II state, for the fuzzer (``Rules.check``).

Written from the rulebook's chapters (numbered in printed order, see the package docstring).
What a single state can show is checked here, chapter by chapter:

- §1 supplies are limited: legions 12, galleys 13, city tokens 24 per nation, 20 temples, the
  coins; none below zero, every counter accounted for.
- §3 personages: the stacks' cards all accounted for; §3.1 kings and §3.3 citizens won at
  every threshold reached (for every nation but the one whose turn runs: its awards come at
  the end of its turn, §5.3); §3.4 scholars never more than first developments, Pliny only
  with all eight technologies.
- §4 nobody past its turn holds the personages that win without having won; a winner holds
  them, or one fewer (the temple rule).
- §5 Bellona has one holder; §5.1 rondel spaces; §5.2 one city per region, on a city site,
  never with a neutral temple; §7.2 at most one temple per city; §7.3 no technology without
  its prerequisite, the first developer owns it; §8.1 legions only where land borders run,
  galleys only where sea borders do; §8.2 a nation's last city is never taken.

The rules about a change (the rondel's price, production, the prices of militia, temples,
technologies and cities, the conquest's strength, battles one for one) need the state before
and after an action; they are the rule modules' tests' to pin down until the game's rules
object takes a step checker.
"""

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
    out += _check_personages(state)
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


# Personage stacks, in the state's order (§3).
_KINGS, _GENERALS, _CITIZENS, _SCHOLARS, _NAVIGATORS, _PLINY = range(6)


def _check_personages(state: State) -> list[str]:
    """§3.1, §3.3, §3.4, §4, §5.3: personages won at the end of each turn, never lost."""
    book = RULEBOOK
    out: list[str] = []
    names = state["nations"]
    bank = state["bank"]
    all_techs = sum(t.bit for t in book.techs)
    over = state["winner"] >= 0
    for n, nation in enumerate(names):
        pers = state["pers"][n]
        firsts = sum(1 for f in state["first"] if f == n)
        if pers[_SCHOLARS] > firsts:
            out.append(f"{nation} holds {pers[_SCHOLARS]} scholars for {firsts} first developments (§3.4)")
        if pers[_PLINY] and state["tech"][n] != all_techs:
            out.append(f"{nation} holds Pliny without all eight technologies (§3.4)")
        if n == state["cur"] or over:
            continue  # the turn's awards come at its end (§5.3)
        for k, have, per in (
            (_KINGS, state["ncity"][n], book.per["kings"]),
            (_CITIZENS, state["ntemple"][n], book.per["citizens"]),
        ):
            if pers[k] < have // per and bank[k] > 0:
                out.append(
                    f"{nation} has {have} for {pers[k]} of personage stack {k}, and the bank has more (§3)"
                )
        if sum(pers) >= state["target"]:
            out.append(f"{nation} holds {sum(pers)} personages, enough to win, and the game goes on (§4)")
    if over:
        w = state["winner"]
        if sum(state["pers"][w]) < state["target"] - 1:
            out.append(f"{names[w]} won with {sum(state['pers'][w])} personages of {state['target']} (§4)")
    return out
