"""Maria positions (docs/positions.md): the state as readable data, and back.

Keys: ``turn`` (``number``, ``stage``, ``group``, ``subsidy``, ``sealed`` and ``pending``, the
flow stack, bottom first: the decision under way on top), ``generals`` (id -> city, troops,
``down``), ``trains`` (id -> city or null), ``out``, ``hands`` (power -> cards as
``7-diamonds`` or ``reserve``, deck of origin as ``@2`` when not the first), ``pile`` (the
draw pile, top last, same notation; written in full, so a position fixes the cards to come),
``unused``, ``discards``, ``markers``, ``hussars``, ``question``, ``moved``, ``retreated``,
``commanders``, the advanced game's ``pools``, ``boxes``, ``electors_box``, ``extra``,
``winter_scores`` and ``victor`` (§15, §16, §13, §17.2), the political keys of
:mod:`.politics` (§17, §18; tactical cards on the political board by name) and of :mod:`.changes` (§19), and ``result``. Loading checks the pieces, the cards and the rules' invariants and names the faulty
item."""

from __future__ import annotations

from typing import Any

from tavola.core import rng
from tavola.core.errors import PositionError
from tavola.games.maria import sequence, setup
from tavola.games.maria.board_adapter import GEO
from tavola.games.maria.common import DECK_SIZE, LOW, PER_SUIT, SUITS, State, card

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
    "result",
)
TURN = {"number": "turn", "stage": "stage", "group": "group", "subsidy": "subsidy", "sealed": "sealed"}
"""Keys of ``turn`` and the state keys they stand for (``pending`` is the flow stack)."""


def card_text(cid: int) -> str:
    deck, suit, value = card(cid)
    base = "reserve" if suit is None else f"{value}-{suit}"
    return base if deck == 0 else f"{base}@{deck}"


def parse_card(text: str, item: str, taken: set[int]) -> int:
    """A card by its name; among equal cards of one deck, the first not yet taken."""
    name, _, deck_text = str(text).partition("@")
    deck = int(deck_text) if deck_text else 0
    if name == "reserve":
        options = [
            deck * DECK_SIZE + len(SUITS) * PER_SUIT + i for i in range(DECK_SIZE - len(SUITS) * PER_SUIT)
        ]
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
    out: dict[str, Any] = {k: state[k] for k in KEYS}
    out["hands"] = {p: [card_text(c) for c in h] for p, h in state["hands"].items()}
    out["pile"] = [card_text(c) for c in state["pile"]]
    out["discards"] = [[card_text(c) for c in d] for d in state["discards"]]
    out["pboard"] = {p: [card_text(c) for c in v] for p, v in state["pboard"].items()}
    out["pnew"] = {p: card_text(c) for p, c in state["pnew"].items()}
    turn = {key: state[name] for key, name in TURN.items()}
    turn["pending"] = [dict(f) for f in state["flow"]]
    out["turn"] = turn
    if out["result"] is None:
        del out["result"]
    return _plain(out)


def _plain(x: Any) -> Any:
    if isinstance(x, dict):
        return {k: _plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    return x


def from_position(pos: dict[str, Any], seed: int) -> State:
    from tavola.games.maria.rules import RULES

    scenario = pos.get("scenario", "introductory")
    players = pos.get("players", 3)
    base = setup.setup(scenario, players, dict(pos.get("options") or {}), seed)
    state: State = dict(base)
    known = {*KEYS, "turn", "format", "game", "scenario", "players", "options"}
    for key in pos:
        if key not in known:
            raise PositionError(key, f"Maria positions have no key {key!r}")
    for key in KEYS:
        if key in pos:
            state[key] = _plain(pos[key])
    turn = pos.get("turn") or {}
    for key, value in turn.items():
        if key == "pending":
            continue
        if key not in TURN:
            raise PositionError(f"turn.{key}", "the turn has number, stage, group, subsidy, sealed, pending")
        state[TURN[key]] = _plain(value)
    for gid, g in state["generals"].items():
        if gid not in GEO.generals:
            raise PositionError(f"generals.{gid}", "no such general on the army sheets")
        if g.get("city") is not None and g["city"] not in GEO.cities:
            raise PositionError(f"generals.{gid}.city", f"{g['city']!r} is no city of the board")
        g.setdefault("down", False)
        g.setdefault("troops", 0)
    for tid, c in state["trains"].items():
        if tid not in GEO.trains:
            raise PositionError(f"trains.{tid}", "no such supply train")
        if c is not None and c not in GEO.cities:
            raise PositionError(f"trains.{tid}", f"{c!r} is no city of the board")
    taken: set[int] = set()
    state["pboard"] = {p: [] for p in base["pboard"]}
    for p, v in (pos.get("pboard") or {}).items():
        if p not in state["pboard"]:
            raise PositionError(f"pboard.{p}", "no superpower bids on the political board")
        state["pboard"][p] = [parse_card(c, f"pboard.{p}", taken) for c in v]
    state["pnew"] = {p: parse_card(c, f"pnew.{p}", taken) for p, c in (pos.get("pnew") or {}).items()}
    if taken or "hands" in pos or "pile" in pos or "discards" in pos:
        hands = pos.get("hands") or {}
        state["hands"] = {p: [] for p in base["hands"]}
        for p, h in hands.items():
            if p not in state["hands"]:
                raise PositionError(f"hands.{p}", "no such power")
            state["hands"][p] = [parse_card(c, f"hands.{p}", taken) for c in h]
        state["discards"] = [[] for _ in base["discards"]]
        for d, pile in enumerate(pos.get("discards") or []):
            state["discards"][d] = [parse_card(c, f"discards.{d}", taken) for c in pile]
        unused = state["unused"]
        if "pile" in pos:
            state["pile"] = [parse_card(c, "pile", taken) for c in pos["pile"]]
        else:
            rest = [
                c
                for c in range(len(base["discards"]) * DECK_SIZE)
                if c not in taken and c // DECK_SIZE not in unused
            ]
            state["pile"] = rest
    if "pending" in turn:
        state["flow"] = _plain(turn["pending"])
    elif turn:
        state["flow"] = [{"s": "sequence"}]
    state["rng"] = rng.seed_state(seed)
    sequence.advance(state)
    problems = RULES.check(state)
    if problems:
        raise PositionError("position", problems[0])
    return state
