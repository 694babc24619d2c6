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

The rules about a change are checked step by step (:func:`check_step`, run by the fuzzer
after every action), from the state before and after it:

- §5 only the nation whose turn it is gains anything; the others only lose units and cities
  (battles, conquest); turns pass clockwise; §5 Bellona passes counter-clockwise when its
  holder arms.
- §3, §4 personages and technologies are never lost, the first developer never changes.
- §5.1 up to 3 rondel spaces free, one resource or coin for each further space, standing
  still is a full circle; §6.1 production is 1 per city of the kind (3 with a temple), +1
  Metallum or +2 Moneta, and a coin (or, with the bank out of coins, one resource).
- §7.1 a unit armed only in one of the nation's cities, of a type a border there lets in, for
  2 iron (or free, Bellona's); §7.2 a temple only in the nation's own city, for 5 marble; §7.3
  technologies at the table's price (the first developer's or the later one), Commercium,
  Moneta and Res Publica only after the one above; trading only at an owned rate, giving
  resources or coins and receiving resources, never coins.
- §5.2 a city founded only where the nation has a legion or galley, on a free city site, for a
  marble, an iron and a gold (coins standing in).
- §8.1 a unit crosses one border of its colour per click; a battle costs both sides the same
  units of the same type; §8.2 a city (or neutral temple) taken only with units equal to its
  defence computed from the book (the city, its temple, the defenders, few personages, Regnum
  or Res Publica), never a nation's last city, the token keeping its resource, the temple
  destroyed, the defenders returned to supply, the conqueror's units paid from that region.
- §5.3 at the end of its turn a nation holds exactly the kings, citizens and navigators its
  cities, temples and seas deserve that the bank still has; §4 a winner has the personages.

What needs the whole turn at once (the 1 or 3 units armed per city, a trade's 2 for 1 or 3 for
2 in total, the generals for the turn's destroyed temples) is left to the rule modules' tests.
"""

from __future__ import annotations

from typing import Any

from tavola.games.antike.common import CITY_TOKENS, COIN, GALLEY, LEGION, TECH, State, board
from tavola.games.antike.loader import NO_SITE, RULEBOOK, SITE_ANY, Board

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
    """What a single state must show (the module's list): the bank and the map (§1, §5.2,
    §7.2), each nation's supplies, units, technologies and rondel space (§1, §5.1, §7.3, §8.1,
    §8.2), the coins and the first developers, the personage stacks (§3, §4), Bellona (§5)
    and the flow stack."""
    b = board(state)
    out = _check_bank(state)
    regions, ncity, ntemple = _check_regions(state, b)
    out += regions
    for n in range(len(state["nations"])):
        out += _check_nation(state, b, n, ncity[n], ntemple[n])
    out += _check_coins_and_firsts(state)
    out += _check_stacks(state)
    out += _check_personages(state)
    out += _check_flow(state)
    return out


def _check_bank(state: State) -> list[str]:
    """§1 the bank never holds fewer than no coins or temples."""
    out = []
    if state["coins"] < 0:
        out.append(f"the bank holds {state['coins']} coins")
    if state["temples"] < 0:
        out.append(f"the bank holds {state['temples']} temples")
    return out


def _check_regions(state: State, b: Board) -> tuple[list[str], list[int], list[int]]:
    """§5.2 one city per region, on a city site, showing a token its site produces, never with a
    neutral temple; §7.2 a city temple only beside a city; §1 the temples on the map and in the
    bank make the game's. Also the cities and city temples each nation holds on the map."""
    out: list[str] = []
    city, tok, temple = state["city"], state["city_token"], state["temple"]
    count = len(state["nations"])
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
    if on_map + state["temples"] != RULEBOOK.temples:
        out.append(
            f"{on_map} temples on the map and {state['temples']} in the bank make not {RULEBOOK.temples}"
        )
    return out, ncity, ntemple


def _check_nation(state: State, b: Board, n: int, ncity: int, ntemple: int) -> list[str]:
    """One nation: §1 its purse, supply and units never below zero, its legions, galleys and
    city tokens on the map and in supply make its set, its city and temple counters match the
    map; §8.2 it keeps a city; §8.1 legions only where land borders run, galleys only where sea
    borders do; §7.3 no technology without its prerequisite; §5.1 a rondel space."""
    book = RULEBOOK
    out = []
    nation = state["nations"][n]
    purse = state["purse"][n]
    if min(purse) < 0:
        out.append(f"{nation} holds a negative purse {purse}")
    sup = state["supply"][n]
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
    if ncity + sup[CITY_TOKENS] != book.city_tokens:
        out.append(f"{nation}: {ncity} cities and {sup[2]} tokens in supply make not {book.city_tokens}")
    if ncity != state["ncity"][n] or ntemple != state["ntemple"][n]:
        out.append(
            f"{nation}: city/temple counters {state['ncity'][n]}/{state['ntemple'][n]} "
            f"differ from the map {ncity}/{ntemple}"
        )
    if ncity < 1:
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
    if min(state["personages"][n]) < 0:
        out.append(f"{nation} has a negative personage count")
    if not -1 <= state["pos"][n] < 8:
        out.append(f"{nation} stands on rondel space {state['pos'][n]}")
    return out


def _check_coins_and_firsts(state: State) -> list[str]:
    """§1 the coins in the bank and the purses make the game's; §7.3 the first developer of a
    technology owns it."""
    out = []
    all_coins = state["coins"] + sum(purse[COIN] for purse in state["purse"])
    if all_coins != RULEBOOK.coins:
        out.append(f"{all_coins} coins in play, not {RULEBOOK.coins}")
    for k, t in enumerate(RULEBOOK.techs):
        f = state["first"][k]
        if f >= 0 and not state["tech"][f] & t.bit:
            out.append(f"{state['nations'][f]} developed {t.id} first but does not own it")
    return out


def _check_stacks(state: State) -> list[str]:
    """§3 every card of each personage stack is held by a nation or the bank (Pliny's only in a
    game with him)."""
    book = RULEBOOK
    out = []
    cards = [*book.cards[:5], book.cards[5] if state["pliny"] else 0]
    for k in range(6):
        held = sum(p[k] for p in state["personages"]) + state["bank"][k]
        if state["bank"][k] < 0 or held != cards[k]:
            out.append(f"personage stack {k}: {held} cards in play, bank {state['bank'][k]}, not {cards[k]}")
    return out


def _check_flow(state: State) -> list[str]:
    """§5 Bellona has one holder; the flow stack holds known steps, ends with 'over' exactly when
    the game has a winner, and a move frame is sound."""
    out = []
    if not 0 <= state["bellona"] < len(state["nations"]):
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
    units = state["units"][state["turn"]]
    sel = move["picked"]
    out = []
    for key, counts in move["moves_left"].items():
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
        pers = state["personages"][n]
        firsts = sum(1 for f in state["first"] if f == n)
        if pers[_SCHOLARS] > firsts:
            out.append(f"{nation} holds {pers[_SCHOLARS]} scholars for {firsts} first developments (§3.4)")
        if pers[_PLINY] and state["tech"][n] != all_techs:
            out.append(f"{nation} holds Pliny without all eight technologies (§3.4)")
        if n == state["turn"] or over:
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
        if sum(state["personages"][w]) < state["target"] - 1:
            out.append(
                f"{names[w]} won with {sum(state['personages'][w])} personages of {state['target']} (§4)"
            )
    return out


# --- the rules of a change ----------------------------------------------------------------------
# Numbers the rulebook prints, written here from its text (not read from the data), so a wrong
# number in data/rules.yaml is caught rather than copied.
FREE_STEPS = 3  # §5.1 «avanzare gratuitamente per un massimo di 3 caselle»
RONDEL = ("ferrum", "templum", "aurum", "movere1", "militia", "marmor", "scientia", "movere2")
PRODUCES = {"marmor": 0, "ferrum": 1, "aurum": 2}  # §6.1, purse places [marble, iron, gold, coin]
UNIT_IRON = 2  # §7.1 «Per ogni nuova unità militare, pagate 2 di ferro»
TEMPLE_MARBLE = 5  # §7.2 «pagate alla banca 5 marmi»
# §7.3 the Scientia table: first developer's price / later price, and the technology above it.
TECH_PRICE = {
    "mercatura": (6, 2, None),
    "metallum": (9, 5, None),
    "regnum": (10, 6, None),
    "commercium": (9, 4, "mercatura"),
    "moneta": (12, 7, "metallum"),
    "res_publica": (13, 8, "regnum"),
    "strata": (7, 3, None),
    "navigatio": (8, 4, None),
}
TRADE = {"mercatura": (2, 1), "commercium": (3, 2)}  # §7.3 «2 a 1», «3 a 2»
PER = {"kings": 5, "citizens": 3, "navigators": 7}  # §3.1, §3.3, §3.5
_CROSSES = {"land": (True, False), "sea": (False, True), "mixed": (True, True)}  # §8.1 red, blue, both


_CROSSINGS: dict[str, tuple[set[tuple[int, int]], set[tuple[int, int]]]] = {}


def _crossings(b: Board) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    """§8.1 the (from, to) pairs a legion and a galley may cross, from the board's borders."""
    if b.scenario not in _CROSSINGS:
        pairs: tuple[set[tuple[int, int]], set[tuple[int, int]]] = (set(), set())
        for x, y, kind in b.borders:
            for t in (LEGION, GALLEY):
                if _CROSSES[kind][t]:
                    pairs[t].update(((x, y), (y, x)))
        _CROSSINGS[b.scenario] = pairs
    return _CROSSINGS[b.scenario]


def _seen(seen: dict[str, int] | None, name: str) -> None:
    if seen is not None:
        seen[name] = seen.get(name, 0) + 1


def _book_defence(state: State, r: int) -> int:
    """§8.2 «La forza difensiva»: 1 for a city, 3 with a temple, +1 per defending legion or
    galley there, +1 with 2 or fewer personages, +1 Regnum or +2 Res Publica; a neutral temple 3."""
    if state["temple"][r] == 2:
        return 3
    owner = state["city"][r]
    value = 3 if state["temple"][r] == 1 else 1
    value += state["units"][owner][2 * r] + state["units"][owner][2 * r + 1]
    if sum(state["personages"][owner]) <= 2:
        value += 1
    techs = {t.id for t in RULEBOOK.techs if state["tech"][owner] & t.bit}
    value += 2 if "res_publica" in techs else 1 if "regnum" in techs else 0
    return value


def _paid(before: list[int], after: list[int], due: list[int]) -> bool:
    """§6.1 a cost in marble, iron and gold, coins standing in for what is missing: each
    resource pays at most its share, the coins the rest, nothing else is touched."""
    drop = [b - a for b, a in zip(before, after, strict=True)]
    if any(d < 0 for d in drop) or any(drop[k] > due[k] for k in range(3)):
        return False
    return sum(drop) == sum(due)


def _sea_points(state: State, n: int) -> int:
    """§3.5, §4 sea areas held: a region where only the nation's galleys stand counts 1, a sea
    without a city site (the galley symbol) 2."""
    b = board(state)
    total = 0
    for r in range(b.size):
        s = 2 * r + 1
        if state["units"][n][s] and not any(u[s] for m, u in enumerate(state["units"]) if m != n):
            total += 1 if b.site[r] != NO_SITE else 2
    return total


def check_step(
    before: State,
    role: str,
    action: tuple[Any, ...],
    after: State,
    events: list[dict[str, Any]],
    seen: dict[str, int] | None = None,
) -> list[str]:
    """The rules of one transition, from the rulebook: who may change what (§5), the rondel's
    price and production (§5.1, §6.1), Bellona (§5), arming (§7.1), temples (§7.2),
    technologies and trade (§7.3), founding (§5.2), movement and battles (§8.1), conquest
    (§8.2), and the personages won at the end of the turn and kept (§3, §4, §5.3)."""
    out: list[str] = []
    count = len(before["nations"])
    n = before["turn"]
    names = before["nations"]
    asked = before["flow"][-1]["s"]
    turn_over = after["turn"] != n or (after["winner"] >= 0 and before["winner"] < 0)

    # §5 only the nation whose turn it is acts; the others lose units and cities, nothing else.
    _seen(seen, "5 the turn's nation acts")
    for m in range(count):
        if m == n:
            continue
        for key in ("purse", "tech", "pos"):
            if after[key][m] != before[key][m]:
                out.append(f"§5 {names[m]}'s {key} changed in {names[n]}'s turn")
        if after["personages"][m] != before["personages"][m]:
            out.append(f"§5.3 {names[m]} won personages in {names[n]}'s turn")
        if any(a > x for a, x in zip(after["units"][m], before["units"][m], strict=True)):
            out.append(f"§5 {names[m]} gained units in {names[n]}'s turn")
    if after["turn"] != n and after["winner"] < 0 and after["turn"] != (n + 1) % count:
        out.append(f"§5 the turn passed from {names[n]} to {names[after['turn']]}, not clockwise")

    # §3, §4 personages and technologies, once won, are never lost.
    _seen(seen, "4 personages kept")
    for m in range(count):
        if any(a < x for a, x in zip(after["personages"][m], before["personages"][m], strict=True)):
            out.append(f"§4 {names[m]} lost a personage")
        if after["tech"][m] & before["tech"][m] != before["tech"][m]:
            out.append(f"§7.3 {names[m]} lost a technology")
    for k, f in enumerate(before["first"]):
        if f >= 0 and after["first"][k] != f:
            out.append(f"§7.3 the first developer of {RULEBOOK.techs[k].id} changed")

    if asked in ("rondel", "pay") and action[0] in ("rondel", "pay"):
        out += _rondel_step(before, action, after, seen)
    elif asked == "coin":
        _seen(seen, "6.1 coin")
        gain = [a - x for a, x in zip(after["purse"][n], before["purse"][n], strict=True)]
        if sorted(gain) != [0, 0, 0, 1] or gain[COIN]:
            out.append(f"§6.1 with no coin in the bank {names[n]} took {gain}, not one resource")
    elif asked == "trade":
        out += _trade_step(before, action, after, seen)
    elif action[0] == "trade":
        _seen(seen, "7.3 trading")
        tech = {t.id: t.bit for t in RULEBOOK.techs}[action[1]]
        if not before["tech"][n] & tech or before["fresh"] & tech:
            out.append(
                f"§7.3 {names[n]} trades at the {action[1]} rate without owning it since its last turn"
            )
    out += _map_step(before, action, after, seen)
    if before["bellona"] != after["bellona"]:
        _seen(seen, "5 Bellona")
        if (
            before["bellona"] != n
            or RONDEL[after["pos"][n]] != "militia"
            or after["bellona"] != (n - 1) % count
        ):
            out.append(f"§5 Bellona passed from {names[before['bellona']]} to {names[after['bellona']]}")
    if turn_over:
        out += _personages_won(before, after, seen)
    elif after["personages"][n] != before["personages"][n]:
        out.append(f"§5.3 {names[n]} won personages before the end of its turn")
    if after["winner"] >= 0 and before["winner"] < 0:
        _seen(seen, "4 victory")
        have = sum(after["personages"][after["winner"]])
        if after["winner"] != n or have < after["target"] - 1:
            out.append(f"§4 {names[after['winner']]} wins with {have} personages of {after['target']}")
    return out


def _rondel_step(
    before: State, action: tuple[Any, ...], after: State, seen: dict[str, int] | None
) -> list[str]:
    """§5.1 up to 3 spaces free, one resource or coin for each further space, never standing
    still (a full circle of 8); §6.1 production on landing, and the coin."""
    out: list[str] = []
    n, nation, p_res, a_res = _mover(before, after)
    paying = before["flow"][-1]["s"] == "pay"
    done = after["flow"][-1]["s"] != "pay" or after["turn"] != n
    spent = [0, 0, 0, 0]
    if paying:
        _seen(seen, "5.1 rondel price")
        spent[{"marble": 0, "iron": 1, "gold": 2, "coin": 3}[action[1]]] = 1
    elif after["pos"][n] != before["pos"][n] or done:
        _seen(seen, "5.1 rondel free steps")
        pos, to = before["pos"][n], RONDEL.index(action[1])
        if pos >= 0 and ((to - pos) % 8 or 8) > FREE_STEPS:
            out.append(f"§5.1 {nation} moved {(to - pos) % 8 or 8} spaces without paying")
    else:
        _seen(seen, "5.1 rondel price")
        pos, to = before["pos"][n], RONDEL.index(action[1])
        steps = (to - pos) % 8 or 8
        if pos < 0 or steps <= FREE_STEPS or sum(p_res) < steps - FREE_STEPS:
            out.append(f"§5.1 {nation} asked to pay for {steps} spaces from {pos}")
        if a_res != p_res:
            out.append(f"§5.1 {nation}'s purse changed before paying")
        return out
    if not done:
        if [x - a for x, a in zip(p_res, a_res, strict=True)] != spent:
            out.append(f"§5.1 {nation} paid {p_res} -> {a_res} for one space")
        return out
    space = RONDEL[after["pos"][n]]
    made = [0, 0, 0, 0]
    if space in PRODUCES:
        _seen(seen, "6.1 production")
        k = PRODUCES[space]
        for r in range(board(before).size):
            if before["city"][r] == n and before["city_token"][r] == k:
                made[k] += 3 if before["temple"][r] == 1 else 1
        techs = {t.id for t in RULEBOOK.techs if before["tech"][n] & t.bit}
        made[k] += 2 if "moneta" in techs else 1 if "metallum" in techs else 0
        if before["coins"] + spent[COIN] > 0:
            made[COIN] = 1
        elif after["flow"][-1]["s"] != "coin":
            out.append(f"§6.1 {nation} got neither a coin nor the choice of a resource")
    want = [x - s + m for x, s, m in zip(p_res, spent, made, strict=True)]
    if a_res != want:
        out.append(f"§5.1/§6.1 {nation}'s purse went {p_res} -> {a_res} on {space}, the book gives {want}")
    return out


def _trade_step(
    before: State, action: tuple[Any, ...], after: State, seen: dict[str, int] | None
) -> list[str]:
    """§7.3 a trade gives resources or coins to the bank and takes resources, never coins."""
    _seen(seen, "7.3 trading")
    n = before["turn"]
    delta = [a - x for a, x in zip(after["purse"][n], before["purse"][n], strict=True)]
    if action[0] == "pay":
        ok = sorted(delta) == [-1, 0, 0, 0]
    else:
        ok = sorted(delta) == [0, 0, 0, 1] and delta[COIN] == 0
    rate = before["flow"][-1].get("rate")
    if rate not in TRADE:
        ok = False
    return [] if ok else [f"§7.3 {before['nations'][n]} traded {delta} at the {rate} rate"]


def _map_step(before: State, action: tuple[Any, ...], after: State, seen: dict[str, int] | None) -> list[str]:
    """What changed on the map: arming (§7.1), temples (§7.2), technologies (§7.3), founding
    (§5.2), movement and battles (§8.1), conquest (§8.2)."""
    b = board(before)
    conquered = [
        r
        for r in range(b.size)
        if (before["city"][r] >= 0 and after["city"][r] != before["city"][r])
        or (before["temple"][r] == 2 and after["temple"][r] != 2)
    ]
    founded = [r for r in range(b.size) if before["city"][r] < 0 and after["city"][r] >= 0]
    temples = [r for r in range(b.size) if before["temple"][r] == 0 and after["temple"][r]]
    new_tech = after["tech"][before["turn"]] & ~before["tech"][before["turn"]]
    out = _conquest_step(before, after, conquered, seen)
    out += _founding_step(before, after, founded, seen)
    out += _temple_step(before, after, temples, seen)
    out += _technology_step(before, after, new_tech, seen)
    out += _units_step(before, action, after, conquered, seen)
    if not (conquered or founded or temples or new_tech):
        out += _nothing_bought(before, after)
    return out


def _mover(before: State, after: State) -> tuple[int, str, list[int], list[int]]:
    """§5 the nation whose turn it is (the only one that builds or pays), and its purse before
    and after the step."""
    n = before["turn"]
    return n, before["nations"][n], before["purse"][n], after["purse"][n]


def _conquest_step(
    before: State, after: State, conquered: list[int], seen: dict[str, int] | None
) -> list[str]:
    """§8.2 a city (or a neutral temple) taken only with units equal to its defence, never a
    nation's last city, the token keeping its resource, the defenders gone, the temple destroyed."""
    out: list[str] = []
    b = board(before)
    n = before["turn"]
    nation = before["nations"][n]
    for r in conquered:
        _seen(seen, "8.2 conquest")
        rid = b.ids[r]
        owner = before["city"][r]
        strength = sum(before["units"][n][2 * r : 2 * r + 2])
        if strength < _book_defence(before, r):
            out.append(f"§8.2 {nation} took {rid} with {strength} units against {_book_defence(before, r)}")
        if owner >= 0:
            if after["city"][r] != n or after["city_token"][r] != before["city_token"][r]:
                out.append(f"§8.2 {rid}'s city token is not the conqueror's with the same resource")
            if before["ncity"][owner] < 2:
                out.append(f"§8.2 {before['nations'][owner]}'s only city, {rid}, was taken")
            if any(after["units"][owner][2 * r : 2 * r + 2]):
                out.append(f"§8.2 the defender's units stay in conquered {rid}")
        elif after["city"][r] >= 0:
            out.append(f"§8.2 a city stands where the neutral temple of {rid} was conquered")
        if before["temple"][r] and after["temple"][r]:
            out.append(f"§8.2 the temple of conquered {rid} was not destroyed")
    return out


def _founding_step(before: State, after: State, founded: list[int], seen: dict[str, int] | None) -> list[str]:
    """§5.2 a city founded by the nation whose turn it is, where it has a legion or galley, on a
    free city site, showing a token the site produces, for a marble, an iron and a gold."""
    out: list[str] = []
    b = board(before)
    n, nation, p_res, a_res = _mover(before, after)
    for r in founded:
        _seen(seen, "5.2 founding")
        rid = b.ids[r]
        if after["city"][r] != n:
            out.append(f"§5.2 a city of {before['nations'][after['city'][r]]} appeared in {rid}")
        if not any(before["units"][n][2 * r : 2 * r + 2]):
            out.append(f"§5.2 {nation} founded {rid} without a legion or galley there")
        if before["temple"][r] == 2 or b.site[r] == NO_SITE:
            out.append(f"§5.2 {nation} founded {rid}, where no city may stand")
        if b.site[r] != SITE_ANY and after["city_token"][r] != b.site[r]:
            out.append(f"§5.2 {rid} shows a token its site does not produce")
        if not _paid(p_res, a_res, [1, 1, 1]):
            out.append(f"§5.2 founding {rid} cost {p_res} -> {a_res}, not a marble, an iron and a gold")
    return out


def _temple_step(before: State, after: State, temples: list[int], seen: dict[str, int] | None) -> list[str]:
    """§7.2 a temple only in the nation's own city, taken from the bank, for 5 marble."""
    out: list[str] = []
    b = board(before)
    n, nation, p_res, a_res = _mover(before, after)
    for r in temples:
        _seen(seen, "7.2 temple")
        if after["temple"][r] != 1 or before["city"][r] != n:
            out.append(f"§7.2 a temple rose in {b.ids[r]}, not a city of {nation}")
        if after["temples"] != before["temples"] - 1:
            out.append("§7.2 a temple was built but the bank's count did not fall by one")
        if not _paid(p_res, a_res, [TEMPLE_MARBLE, 0, 0]):
            out.append(f"§7.2 a temple cost {p_res} -> {a_res}, not 5 marble")
    return out


def _technology_step(before: State, after: State, new_tech: int, seen: dict[str, int] | None) -> list[str]:
    """§7.3 a technology only after the one above it, at the table's price (the first
    developer's or the later one), its first developer marked."""
    out: list[str] = []
    n, nation, p_res, a_res = _mover(before, after)
    for k, t in enumerate(RULEBOOK.techs):
        if not new_tech & t.bit:
            continue
        _seen(seen, "7.3 technology")
        first, later, above = TECH_PRICE[t.id]
        if above is not None and not before["tech"][n] & TECH[above].bit:
            out.append(f"§7.3 {nation} developed {t.id} before {above}")
        price = first if before["first"][k] < 0 else later
        if not _paid(p_res, a_res, [0, 0, price]):
            out.append(f"§7.3 {t.id} cost {nation} {p_res} -> {a_res}, the table says {price} gold")
        if before["first"][k] < 0 and after["first"][k] != n:
            out.append(f"§7.3 {nation} developed {t.id} first but is not marked so")
    return out


def _nothing_bought(before: State, after: State) -> list[str]:
    """§5 in a step of the rondel's actions where nothing was built, developed or conquered, the
    purse changes only by arming."""
    if before["flow"][-1]["s"] not in (
        "militia",
        "templum",
        "scientia",
        "found",
        "move",
        "clash",
        "conquer",
        "loss",
    ):
        return []
    n = before["turn"]
    gained = [a - x for a, x in zip(after["purse"][n], before["purse"][n], strict=True)]
    arming = sum(after["supply"][n][:2]) < sum(before["supply"][n][:2])
    if any(gained) and not arming:
        return [f"§5 {before['nations'][n]}'s purse changed {gained} with nothing bought"]
    return []


def _units_step(
    before: State, action: tuple[Any, ...], after: State, conquered: list[int], seen: dict[str, int] | None
) -> list[str]:
    """§7.1 arming, §8.1 a move across one border of the unit's colour, battles one for one,
    §8.2 the conqueror's units returned to supply."""
    out: list[str] = []
    b = board(before)
    n = before["turn"]
    nation = before["nations"][n]
    count = len(before["nations"])
    units_b, units_a = before["units"], after["units"]
    diff = [[a - x for a, x in zip(units_a[m], units_b[m], strict=True)] for m in range(count)]
    mine = diff[n]
    added = [s for s, d in enumerate(mine) if d > 0]
    removed = [s for s, d in enumerate(mine) if d < 0]
    supply_drop = [before["supply"][n][t] - after["supply"][n][t] for t in (LEGION, GALLEY)]
    if any(supply_drop[t] > 0 for t in (LEGION, GALLEY)):
        _seen(seen, "7.1 arming")
        if before["flow"][-1]["s"] != "militia" or sum(supply_drop) != 1 or removed:
            out.append(f"§7.1 {nation} took {supply_drop} units from supply outside a single arming click")
        for s in added:
            r, t = divmod(s, 2)
            if before["city"][r] != n:
                out.append(f"§7.1 {nation} armed a unit in {b.ids[r]}, not one of its cities")
            if not b.allows[t][r]:
                out.append(
                    f"§7.1 a {('legion', 'galley')[t]} armed in {b.ids[r]}, which has no border for it"
                )
        p_res, a_res = before["purse"][n], after["purse"][n]
        if a_res != p_res and not _paid(p_res, a_res, [0, UNIT_IRON, 0]):
            out.append(f"§7.1 a unit cost {nation} {p_res} -> {a_res}, not 2 iron (or nothing, Bellona's)")
        return out
    if added:
        _seen(seen, "8.1 movement")
        if len(added) != 1 or len(removed) != 1 or mine[added[0]] != 1 or mine[removed[0]] != -1:
            out.append(f"§8.1 {nation}'s units changed {mine} in one move")
        else:
            (r, t), (s, u) = divmod(added[0], 2), divmod(removed[0], 2)
            if t != u or (s, r) not in _crossings(b)[t]:
                out.append(f"§8.1 a {('legion', 'galley')[t]} of {nation} went {b.ids[s]} -> {b.ids[r]}")
        return out
    lost = [[-d if d < 0 else 0 for d in diff[m]] for m in range(count)]
    if not any(any(x) for x in lost):
        return out
    if conquered:
        return out  # the defender's units go with the city (checked above); the conqueror's follow
    if before["flow"][-1]["s"] == "loss":
        _seen(seen, "8.2 conqueror's losses")
        others = sum(sum(lost[m]) for m in range(count) if m != n)
        slots = [s for s, x in enumerate(lost[n]) if x]
        if others or not slots or len({s // 2 for s in slots}) != 1:
            out.append(f"§8.2 paying for a conquest removed units of other nations or regions: {slots}")
        else:
            r = slots[0] // 2
            if after["city"][r] not in (n, -1) or after["temple"][r] == 2:
                out.append(f"§8.2 {nation} paid for a conquest in {b.ids[r]}, which it did not take")
        return out
    _seen(seen, "8.1 battle")
    for s in range(2 * b.size):
        theirs = sum(lost[m][s] for m in range(count) if m != n)
        if lost[n][s] != theirs:
            out.append(
                f"§8.1 a battle in {b.ids[s // 2]} cost {nation} {lost[n][s]} units and the others {theirs}"
            )
    return out


def _personages_won(before: State, after: State, seen: dict[str, int] | None) -> list[str]:
    """§5.3 at the end of its turn a nation wins the personages it deserves that the bank still
    holds: a king for each 5 cities (§3.1), a citizen for each 3 temples (§3.3), a navigator for
    each 7 sea areas (§3.5), thresholds never won twice (§4 example); Pliny only with all eight
    technologies (§3.4)."""
    _seen(seen, "5.3 personages won")
    out: list[str] = []
    b = board(after)
    n = before["turn"]
    nation = before["nations"][n]
    cities = sum(1 for r in range(b.size) if after["city"][r] == n)
    temples = sum(1 for r in range(b.size) if after["city"][r] == n and after["temple"][r] == 1)
    for k, name, have in (
        (_KINGS, "kings", cities),
        (_CITIZENS, "citizens", temples),
        (_NAVIGATORS, "navigators", _sea_points(after, n)),
    ):
        was = before["personages"][n][k]
        due = min(max(was, have // PER[name]), was + before["bank"][k])
        if after["personages"][n][k] != due:
            out.append(
                f"§5.3 {nation} holds {after['personages'][n][k]} {name} for {have}, the book gives {due}"
            )
    if after["personages"][n][_PLINY] > before["personages"][n][_PLINY] and after["tech"][n] != sum(
        t.bit for t in RULEBOOK.techs
    ):
        out.append(f"§3.4 {nation} won Pliny without all eight technologies")
    return out
