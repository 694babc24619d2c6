"""Maria positions (docs/positions.md): the state as readable data, and back.

Keys: ``turn`` (``number``, ``stage``, ``group``, ``subsidy``, ``sealed`` and ``pending``, the
flow stack, bottom first: the decision under way on top), ``generals`` (id -> city, troops,
``down``), ``trains`` (id -> city or null), ``out``, ``hands`` (power -> cards as
``7-diamonds`` or ``reserve``, deck of origin as ``@2`` when not the first), ``pile`` (the
draw pile, top last, same notation; written in full, so a position fixes the cards to come),
``unused``, ``discards``, ``markers``, ``hussars``, ``question``, ``moved``, ``retreated``,
``commanders``, the advanced game's ``pools``, ``boxes``, ``electors_box``, ``extra``,
``winter_scores`` and ``victor`` (§15, §16, §13, §17.2), the political keys of
:mod:`.politics` (§17, §18; tactical cards on the political board by name) and of
:mod:`.changes` (§19), ``contracts`` (§20), and ``result``. Hands, troops and face-down bids may
be left unknown (``?``): loading fills them in from the seed (:mod:`.hidden`). Loading checks
every item and names the faulty one."""

from __future__ import annotations

from typing import Any

from tavola.core import rng
from tavola.core.errors import PositionError
from tavola.games.maria import hidden, invariants, politics, sequence, setup
from tavola.games.maria.board_adapter import GEO
from tavola.games.maria.common import (
    ACTION_PHASES,
    DECK_SIZE,
    DECKS,
    GENERAL_MAX,
    GENERAL_MIN,
    LOW,
    PER_SUIT,
    STACK_MAX,
    STACK_MIN,
    SUITS,
    N,
    State,
    card,
    cooperating,
    event,
    general_power,
    power_troops,
    role_powers,
)
from tavola.games.maria.flow import FLOW

KEYS = (
    "generals",
    "trains",
    "out",
    "hands",
    "pile",
    "unused",
    "discards",
    "markers",
    "hussars",
    "question",
    "moved",
    "retreated",
    "commanders",
    "pools",
    "boxes",
    "electors_box",
    "extra",
    "winter_scores",
    "victor",
    "pdeck",
    "pshown",
    "pboard",
    "pnew",
    "suit",
    "porder",
    "ptaken",
    "pdone",
    "pmoves",
    "tracks",
    "italy_box",
    "offmap",
    "election",
    "emperor",
    "votes",
    "silesia_annexed",
    "silesia_box",
    "prussia_neutral",
    "aside",
    "reduced",
    "contracts",
    "known",
    "hand_shown",
    "result",
)
PLAIN = tuple(k for k in KEYS[KEYS.index("question") :] if k not in ("pboard", "pnew", "hand_shown"))
"""Keys read as they are written (the rules' invariants check them once loaded); the others,
pieces and cards, are read item by item."""
TURN = {"number": "turn", "stage": "stage", "group": "group", "subsidy": "subsidy", "sealed": "sealed"}
"""Keys of ``turn`` and the state keys they stand for (``pending`` is the flow stack)."""


def card_text(cid: int) -> str:
    """``7-diamonds``, ``reserve`` (a deck's first Reserve) or ``reserve2`` (its second), with
    ``@deck`` beyond the first deck."""
    deck, suit, value = card(cid)
    if suit is None:
        base = "reserve2" if (cid % DECK_SIZE) > len(SUITS) * PER_SUIT else "reserve"
    else:
        base = f"{value}-{suit}"
    return base if deck == 0 else f"{base}@{deck}"


def parse_card(text: str, item: str, taken: set[int]) -> int:
    """A card by its name; among equal cards of one deck, the first not yet taken."""
    name, _, deck_text = str(text).partition("@")
    deck = int(deck_text) if deck_text else 0
    if name in ("reserve", "reserve2"):
        first = deck * DECK_SIZE + len(SUITS) * PER_SUIT
        options = [first + 1] if name == "reserve2" else list(range(first, (deck + 1) * DECK_SIZE))
    else:
        value_text, _, suit = name.partition("-")
        if suit not in SUITS or not value_text.isdigit() or not LOW <= int(value_text) < LOW + PER_SUIT:
            raise PositionError(item, f"{text!r} is no tactical card (§8: 2-10 of a suit, or reserve)")
        options = [deck * DECK_SIZE + SUITS.index(suit) * PER_SUIT + int(value_text) - LOW]
    for cid in options:
        if cid not in taken:
            taken.add(cid)
            return cid
    raise PositionError(
        item, f"no {text!r} left in deck {deck} (§8: each deck has one of each card, two reserves)"
    )


def position(state: State) -> dict[str, Any]:
    out: dict[str, Any] = {k: state[k] for k in ("scenario", "players", "options")}
    out.update({k: state[k] for k in KEYS})
    out["hands"] = {p: [card_text(c) for c in h] for p, h in state["hands"].items()}
    out["pile"] = [card_text(c) for c in state["pile"]]
    out["discards"] = [[card_text(c) for c in d] for d in state["discards"]]
    out["pboard"] = {p: [card_text(c) for c in v] for p, v in state["pboard"].items()}
    out["pnew"] = {p: card_text(c) for p, c in state["pnew"].items()}
    out["hand_shown"] = {p: [card_text(c) for c in v] for p, v in state["hand_shown"].items()}
    turn = {key: state[name] for key, name in TURN.items()}
    turn["pending"] = [dict(f) for f in state["flow"]]
    out["turn"] = turn
    if out["result"] is None:
        del out["result"]
    return _plain(out)


def position_seen(state: State, role: str) -> dict[str, Any]:
    """The position as ``role`` sees it (§4, §6, §8): the other powers' hands as a number of
    unknown cards, their generals' troops unknown with the power's public total, and the draw
    pile left out (nobody knows its order). Loading it fills these in from the seed."""
    out = position(state)
    if state["result"] is not None:
        return out
    mine = set(role_powers(state, role))
    for p, hand in state["hands"].items():
        if p not in mine and hand:  # §9: but the cards it was seen to hold when it could not pay
            shown = out["hand_shown"].get(p, [])
            out["hands"][p] = [*shown, *[UNKNOWN] * (len(hand) - len(shown))] if shown else len(hand)
    totals = {}
    for gid, g in out["generals"].items():
        power = general_power(gid)
        if power not in mine and g["city"] is not None:
            g["troops"] = UNKNOWN
            if gid not in state["out"]:
                totals[power] = power_troops(state, power)
    if totals:
        out["totals"] = dict(sorted(totals.items()))
    del out["pile"]
    # §17.3: the other superpowers' bids lie face down
    out["pnew"] = {p: (c if p in mine else UNKNOWN) for p, c in out["pnew"].items()}
    # §4: nobody knows the order of the political cards to come (written in a fixed order)
    out["pdeck"] = sorted(out["pdeck"], key=lambda c: (_year(c), c))
    # §13: the winter scores stay secret until the end (written as 0)
    out["winter_scores"] = {p: [0] * len(v) for p, v in out["winter_scores"].items()}
    return out


def _year(card_id: str) -> int:
    return int(politics.political_cards()[card_id].year)


def _plain(x: Any) -> Any:
    if isinstance(x, dict):
        return {k: _plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    return x


UNKNOWN = "?"
STAGES = (
    "allocate",
    "turn",
    "hussars",
    "phase",
    "draw",
    "supply",
    "movement",
    "combat",
    "retro",
    "phase_end",
    "politics",
    "pol_bids",
    "pol_influence",
    "pol_tracks",
    "pol_end",
    "election",
    "election_count",
    "winter_over",
    "over",
)
"""Every stage of the sequence of play (:mod:`.sequence`, §5; §17, §18 in the advanced game)."""
SUPERPOWERS = ("austria", "prussia", "france", "pragmatic_army")


def _need(cond: bool, item: str, message: str) -> None:
    if not cond:
        raise PositionError(item, message)


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def from_position(pos: dict[str, Any], seed: int) -> State:
    """A state from a position, item by item; unknown cards and troops filled in from the seed
    (:mod:`.hidden`, as the bots' worlds are)."""
    scenario = pos.get("scenario", "introductory")
    players = pos.get("players", 3)
    base = setup.setup(scenario, players, dict(pos.get("options") or {}), seed)
    state: State = dict(base)
    state["rng"] = rng.seed_state(seed)
    known = {*KEYS, "turn", "totals", "format", "game", "scenario", "players", "options"}
    for key in pos:
        _need(key in known, key, f"Maria positions have no key {key!r} (keys: {', '.join(sorted(known))})")
    _read_turn(pos.get("turn") or {}, state)
    for key in PLAIN:
        if key in pos:
            state[key] = _plain(pos[key])
    in_play = set(state["powers"])
    if "generals" in pos:
        state["generals"] = _read_generals(pos["generals"], in_play)
    if "trains" in pos:
        state["trains"] = _read_trains(pos["trains"], in_play)
    if "out" in pos:
        _need(isinstance(pos["out"], list), "out", "a list of pieces that take no part (§14)")
        for i, pid in enumerate(pos["out"]):
            _need(pid in GEO.generals or pid in GEO.trains, f"out.{i}", f"{pid!r} is no general or train")
        state["out"] = sorted(pos["out"])
    _check_pieces(state)
    filled = _read_cards(pos, base, state) + _read_troops(pos, state)
    _read_hand_shown(pos, state)
    _read_markers(pos, state)
    _read_hussars(pos, state)
    for city, power in (state["question"] or {}).items():
        _need(
            city in GEO.cities and GEO.cities[city].fortress is not None, f"question.{city}", "not a fortress"
        )
        _need(power in in_play, f"question.{city}", f"{power!r} is no power in play")
    for city, gid in (state["commanders"] or {}).items():
        at = [g for g, x in state["generals"].items() if x["city"] == city]
        _need(gid in at, f"commanders.{city}", f"{gid!r} does not stand at {city} (§6)")
    for key in ("moved", "retreated"):
        for i, pid in enumerate(state[key]):
            _need(
                pid in state["generals"] or pid in state["trains"],
                f"{key}.{i}",
                f"{pid!r} is not on the board",
            )
    turn = pos.get("turn") or {}
    if "pending" in turn:
        _need(
            isinstance(turn["pending"], list) and turn["pending"],
            "turn.pending",
            "the flow stack, bottom first: a list of frames",
        )
        for i, frame in enumerate(turn["pending"]):
            _need(
                isinstance(frame, dict) and frame.get("s") in (*FLOW.steps, *FLOW.final),
                f"turn.pending.{i}",
                f"a frame names its step 's': one of {', '.join(sorted(FLOW.steps))}",
            )
        state["flow"] = _plain(turn["pending"])
        _need(
            state["flow"][0]["s"] in ("sequence", "over"),
            "turn.pending.0",
            "the bottom frame is the sequence of play (§5)",
        )
        for problem in FLOW.check(state):
            depth = problem.split("]", 1)[0].removeprefix("flow[")
            raise PositionError(f"turn.pending.{depth}", problem)
    elif turn:
        state["flow"] = [{"s": "sequence"}]
    _check_rules(state)
    sequence.advance(state)
    _check_rules(state)
    if filled:
        state["_filled"] = filled
    return state


def _read_turn(turn: Any, state: State) -> None:
    _need(isinstance(turn, dict), "turn", "a mapping: number, stage, group, subsidy, sealed, pending")
    for key, value in turn.items():
        if key == "pending":
            continue
        _need(key in TURN, f"turn.{key}", "the turn has number, stage, group, subsidy, sealed, pending")
        state[TURN[key]] = _plain(value)
    last = N.turns[state["scenario"]]
    _need(
        _is_int(state["turn"]) and 1 <= state["turn"] <= last, "turn.number", f"a turn from 1 to {last} (§14)"
    )
    _need(state["stage"] in STAGES, "turn.stage", f"one of {', '.join(STAGES)}")
    _need(
        _is_int(state["group"]) and -1 <= state["group"] <= len(ACTION_PHASES),
        "turn.group",
        f"an action phase, 0 to {len(ACTION_PHASES) - 1} (§5)",
    )
    _need(isinstance(state["subsidy"], bool), "turn.subsidy", "true or false (§8)")
    _need(
        isinstance(state["sealed"], list) and set(state["sealed"]) <= set(state["roles"]),
        "turn.sealed",
        f"roles among {', '.join(state['roles'])} (§4)",
    )


def _read_generals(raw: Any, in_play: set[str]) -> dict[str, Any]:
    _need(isinstance(raw, dict), "generals", "a mapping: general -> {city, troops, down}")
    out = {}
    for gid, g in raw.items():
        item = f"generals.{gid}"
        _need(gid in GEO.generals, item, "no such general on the army sheets")
        _need(
            GEO.generals[gid].power in in_play,
            item,
            f"{GEO.generals[gid].power} takes no part in this game (§14)",
        )
        _need(
            isinstance(g, dict) and set(g) <= {"city", "troops", "down"},
            item,
            "a mapping with city, troops, down",
        )
        city = g.get("city")
        _need(city is None or city in GEO.cities, f"{item}.city", f"{city!r} is no city of the board")
        troops = g.get("troops", 0)
        _need(
            troops == UNKNOWN or _is_int(troops),
            f"{item}.troops",
            f"a number of troops or '?', not {troops!r}",
        )
        if _is_int(troops) and city is not None:
            _need(
                GENERAL_MIN <= troops <= GENERAL_MAX,
                f"{item}.troops",
                f"{troops} troops; a general on the map commands {GENERAL_MIN} to {GENERAL_MAX} (§6)",
            )
        _need(isinstance(g.get("down", False), bool), f"{item}.down", "true (face down, §9) or false")
        out[gid] = {"city": city, "troops": troops, "down": g.get("down", False)}
    return out


def _read_trains(raw: Any, in_play: set[str]) -> dict[str, Any]:
    _need(isinstance(raw, dict), "trains", "a mapping: train -> city or null")
    for tid, c in raw.items():
        _need(tid in GEO.trains, f"trains.{tid}", "no such supply train")
        _need(
            GEO.trains[tid].power in in_play,
            f"trains.{tid}",
            f"{GEO.trains[tid].power} takes no part in this game (§14)",
        )
        _need(c is None or c in GEO.cities, f"trains.{tid}", f"{c!r} is no city of the board")
    return dict(raw)


def _check_pieces(state: State) -> None:
    """§6: one piece a city, but two generals of one power or of cooperating powers."""
    where: dict[str, list[str]] = {}
    for gid, g in state["generals"].items():
        if g["city"] is not None and gid not in state["out"]:
            where.setdefault(g["city"], []).append(f"generals.{gid}")
    for tid, c in state["trains"].items():
        if c is not None and tid not in state["out"]:
            where.setdefault(c, []).append(f"trains.{tid}")
    for city, items in where.items():
        if len(items) < 2:
            continue
        last = items[-1]
        _need(
            all(i.startswith("generals.") for i in items),
            last,
            f"{city} already holds a piece: only two generals may share a city (§6)",
        )
        _need(len(items) == 2, last, f"{city} already holds two generals (§6)")
        a, b = (i.split(".", 1)[1] for i in items)
        _need(
            cooperating(state, general_power(a), general_power(b)),
            f"{last}.city",
            f"{a} ({general_power(a)}) and {b} ({general_power(b)}) may not stack: only one power or cooperating powers (§6)",
        )


def _read_cards(pos: dict[str, Any], base: State, state: State) -> list[dict[str, Any]]:
    """§8: each card in one place; unknown cards dealt from those nowhere else (the events
    saying so)."""
    if not any(k in pos for k in ("hands", "pile", "discards", "unused", "pboard", "pnew")):
        return []
    unused = _plain(pos.get("unused", base["unused"]))
    _need(
        isinstance(unused, list) and all(_is_int(d) and 0 <= d < DECKS for d in unused),
        "unused",
        f"decks not yet in use, 0 to {DECKS - 1} (§8)",
    )
    state["unused"] = unused
    taken: set[int] = set()

    def take(text: Any, item: str) -> int:
        cid = parse_card(text, item, taken)
        _need(
            cid // DECK_SIZE not in unused,
            item,
            f"{text!r} is of deck {cid // DECK_SIZE}, not yet in use (§8)",
        )
        return cid

    state["pboard"] = {p: [] for p in base["pboard"]}
    for p, v in (pos.get("pboard") or {}).items():
        _need(p in state["pboard"], f"pboard.{p}", "no superpower bids on the political board")
        state["pboard"][p] = [take(c, f"pboard.{p}.{i}") for i, c in enumerate(v)]
    bids = dict(pos.get("pnew") or {})
    state["pnew"] = {p: take(c, f"pnew.{p}") for p, c in bids.items() if c != UNKNOWN}
    hidden_bids = sorted(p for p, c in bids.items() if c == UNKNOWN)
    hands = pos.get("hands") or {}
    _need(isinstance(hands, dict), "hands", "a mapping: power -> its cards")
    state["hands"] = {p: [] for p in base["hands"]}
    counts: dict[str, int] = {}
    for p, h in hands.items():
        _need(p in state["hands"], f"hands.{p}", "no such power")
        if _is_int(h):
            _need(h >= 0, f"hands.{p}", "a number of unknown cards, or a list of cards")
            counts[p] = h
            continue
        _need(isinstance(h, list), f"hands.{p}", "a list of cards ('?' for an unknown one), or their number")
        counts[p] = sum(1 for c in h if c == UNKNOWN)
        state["hands"][p] = [take(c, f"hands.{p}.{i}") for i, c in enumerate(h) if c != UNKNOWN]
    discards = pos.get("discards") or []
    _need(
        isinstance(discards, list) and len(discards) <= DECKS,
        "discards",
        f"a discard pile per deck, {DECKS} at most (§8)",
    )
    state["discards"] = [[] for _ in base["discards"]]
    for d, pile in enumerate(discards):
        for i, c in enumerate(pile or []):
            cid = take(c, f"discards.{d}.{i}")
            _need(
                cid // DECK_SIZE == d, f"discards.{d}.{i}", f"{c!r} goes to the discards of its own deck (§8)"
            )
            state["discards"][d].append(cid)
    pile = [take(c, f"pile.{i}") for i, c in enumerate(pos["pile"])] if "pile" in pos else []
    rest = [c for c in range(DECKS * DECK_SIZE) if c not in taken and c // DECK_SIZE not in unused]
    wanted = sum(counts.values()) + len(hidden_bids)
    if "pile" in pos:
        _need(
            len(rest) == wanted,
            "pile",
            f"{len(rest)} cards of the decks in use are nowhere (a hand, the pile, the discards), {wanted} unknown (§8)",
        )
    _need(len(rest) >= wanted, "hands", f"{wanted} unknown cards, but only {len(rest)} are nowhere else (§8)")
    left = hidden.deal(state, counts, rest)
    for p in hidden_bids:  # §17.3: a face-down bid, dealt like a card of a hand
        state["pnew"][p], left = left[0], left[1:]
    state["pnew"] = {p: state["pnew"][p] for p in bids}
    state["pile"] = pile if "pile" in pos else left
    filled = [event("ev.unknown_cards", power=p, n=n) for p, n in sorted(counts.items()) if n]
    return filled + [event("ev.unknown_bid", power=p) for p in hidden_bids]


def _read_hand_shown(pos: dict[str, Any], state: State) -> None:
    """§9: the cards a hand was seen to hold when it could not pay are cards of that hand."""
    raw = pos.get("hand_shown") or {}
    _need(isinstance(raw, dict), "hand_shown", "a mapping: power -> cards seen in its hand (§9)")
    state["hand_shown"] = {}
    for p, texts in raw.items():
        _need(p in state["hands"], f"hand_shown.{p}", "no such power")
        _need(isinstance(texts, list), f"hand_shown.{p}", "a list of cards")
        left = list(state["hands"][p])
        shown = []
        for i, text in enumerate(texts):
            cid = next((c for c in left if card_text(c) == text), None)
            _need(cid is not None, f"hand_shown.{p}.{i}", f"{text!r} is not in {p}'s hand (§9)")
            left.remove(cid)
            shown.append(cid)
        state["hand_shown"][p] = sorted(shown)


def _read_troops(pos: dict[str, Any], state: State) -> list[dict[str, Any]]:
    """§6: each power's troop total is public; unknown troops of single generals are spread
    over them (1 to 8 each) so that the total holds: the one given in ``totals``, or else as
    many as the power's army (§4) has beside its known generals, 8 each at most."""
    totals = pos.get("totals") or {}
    _need(isinstance(totals, dict), "totals", "a mapping: power -> its troops on the map (§6)")
    for power, n in totals.items():
        _need(power in state["powers"], f"totals.{power}", "no such power in play")
        _need(_is_int(n) and n >= 0, f"totals.{power}", "a number of troops")
    gens = state["generals"]
    filled = []
    for power in sorted({general_power(g) for g in gens} | set(totals)):
        mine = [g for g in sorted(gens) if general_power(g) == power and gens[g]["city"] is not None]
        playing = [g for g in mine if g not in state["out"]]
        for g in mine:
            if gens[g]["troops"] == UNKNOWN and g in state["out"]:
                gens[g]["troops"] = GEO.generals[g].minimum  # §14: takes no part
        unknown = [g for g in playing if gens[g]["troops"] == UNKNOWN]
        known = sum(gens[g]["troops"] for g in playing if g not in unknown)
        if power in totals:
            left, item = totals[power] - known, f"totals.{power}"
        else:
            every = sum(gens[g]["troops"] for g in mine if g not in unknown)
            left = min(GEO.troops[power] - every, GENERAL_MAX * len(unknown))
            item = f"generals.{unknown[0]}.troops" if unknown else ""
        if not unknown:
            _need(
                power not in totals or left == 0,
                item,
                f"{power}'s generals command {known} troops, not {totals.get(power)} (§6)",
            )
            continue
        _need(
            hidden.fits(left, len(unknown)),
            item,
            f"{left} troops of {power} cannot be spread over {len(unknown)} generals, {GENERAL_MIN} to {GENERAL_MAX} each (§6)"
            + ("" if power in totals else f"; give the power's total in totals.{power}"),
        )
        hidden.spread(state, unknown, left)
        filled.append(event("ev.unknown_troops", power=power, generals=unknown, total=left))
    for g, x in gens.items():
        if x["city"] is None and x["troops"] == UNKNOWN:
            x["troops"] = 0 if g not in state["out"] else GEO.generals[g].minimum
        if x["city"] is None and g not in state["out"]:
            _need(x["troops"] == 0, f"generals.{g}.troops", "a general off the map commands no troops (§6)")
    for city in {x["city"] for x in gens.values() if x["city"] is not None}:
        here = [g for g, x in gens.items() if x["city"] == city and g not in state["out"]]
        if len(here) == 2 and general_power(here[0]) == general_power(here[1]):
            total = sum(gens[g]["troops"] for g in here)
            _need(
                STACK_MIN <= total <= STACK_MAX,
                f"generals.{sorted(here)[1]}.troops",
                f"the stack at {city} commands {total} troops ({STACK_MIN}-{STACK_MAX}, §6)",
            )
    return filled


def _read_markers(pos: dict[str, Any], state: State) -> None:
    if "markers" not in pos:
        return
    _need(isinstance(pos["markers"], dict), "markers", "a mapping: fortress -> superpower (§10.3)")
    for city, power in pos["markers"].items():
        item = f"markers.{city}"
        _need(city in GEO.cities, item, f"{city!r} is no city of the board")
        _need(
            GEO.cities[city].fortress is not None,
            item,
            f"{city} is not a fortress: victory markers stand on fortresses (§10.3)",
        )
        _need(
            power in SUPERPOWERS, item, f"{power!r} has no victory markers: only the superpowers do (§10.3)"
        )
    for cid, c in GEO.cities.items():
        if c.territory == "silesia" and c.fortress is not None:
            _need(
                cid in pos["markers"],
                "markers",
                f"the Silesian fortress {cid} always carries a victory marker (§10.3)",
            )
    state["markers"] = dict(pos["markers"])


def _read_hussars(pos: dict[str, Any], state: State) -> None:
    if "hussars" not in pos:
        return
    raw = pos["hussars"]
    count = N.hussars["count"]
    _need(
        isinstance(raw, list) and len(raw) == count,
        "hussars",
        f"the cities of Austria's {count} hussars, or null (§7)",
    )
    pieces = {g["city"] for gid, g in state["generals"].items() if gid not in state["out"]}
    pieces |= {c for t, c in state["trains"].items() if t not in state["out"]}
    for i, city in enumerate(raw):
        if city is None:
            continue
        item = f"hussars.{i}"
        _need(city in GEO.cities, item, f"{city!r} is no city of the board")
        _need(GEO.cities[city].map == "bohemia", item, f"{city} is off the Bohemia map (§7)")
        _need(city not in pieces, item, f"{city} holds a piece: a hussar never shares a city (§7)")
    state["hussars"] = list(raw)


def _check_rules(state: State) -> None:
    problems = invariants.check(state) + FLOW.check(state)
    _need(not problems, "position", problems[0] if problems else "")
