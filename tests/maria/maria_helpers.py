"""Building Maria situations for the rulebook's rules and examples: a game past the secret
allocation, then pieces, hands and the sequence set up by hand."""

from __future__ import annotations

import random
from typing import Any

from tavola.core import flow
from tavola.games.maria import RULES, sequence
from tavola.games.maria.board_adapter import GEO
from tavola.games.maria.common import DECK_SIZE, LOW, PER_SUIT, SUITS

State = dict[str, Any]


def allocated(seed: int = 0, players: int = 3, scenario: str = "introductory", **options: Any) -> State:
    """A game whose players have sealed their sheets (at the minimums, the rest spread by chance)."""
    state = RULES.setup(scenario, players, options, seed)
    pick = random.Random(seed)
    while state["flow"][-1]["s"] == "allocate":
        role = next(r for r in state["roles"] if r not in state["sealed"])
        legal = RULES.legal_actions(state, role)
        act = ("seal",) if ("seal",) in legal else pick.choice([a for a in legal if a[0] == "troop"])
        RULES.apply(state, role, act)
    return state


def cid(name: str, deck: int = 0) -> int:
    """A card id: ``"7-diamonds"`` or ``"reserve"`` (the first or second of a deck)."""
    if name.startswith("reserve"):
        return deck * DECK_SIZE + len(SUITS) * PER_SUIT + (1 if name.endswith("2") else 0)
    value, suit = name.split("-")
    return deck * DECK_SIZE + SUITS.index(suit) * PER_SUIT + int(value) - LOW


def clear_board(state: State) -> None:
    """No piece and no hussar on the map; nothing pending but the sequence."""
    for g in state["generals"].values():
        g.update(city=None, troops=0, down=False)
    for t in state["trains"]:
        state["trains"][t] = None
    state["hussars"] = [None, None]


def place(state: State, gid: str, city: str, troops: int, down: bool = False) -> None:
    assert gid in GEO.generals and city in GEO.cities
    state["generals"][gid].update(city=city, troops=troops, down=down)
    if gid in state["out"]:
        state["out"].remove(gid)


def give(state: State, power: str, *names: str) -> None:
    """Hand ``power`` exactly these cards (taken from wherever they are)."""
    ids = [cid(n) for n in names]
    for p in state["hands"]:
        state["hands"][p] = [c for c in state["hands"][p] if c not in ids]
    state["pile"] = [c for c in state["pile"] if c not in ids]
    for d in state["discards"]:
        d[:] = [c for c in d if c not in ids]
    spare = state["hands"][power]
    state["hands"][power] = ids
    state["pile"] = spare + state["pile"]


def at_step(state: State, name: str, **local: Any) -> None:
    """Stand at a decision, above the sequence (which then goes on by itself)."""
    flow.begin(state, "sequence")
    flow.push(state, name, **local)


def act(state: State, role: str, *action: Any) -> list[dict[str, Any]]:
    assert tuple(action) in RULES.legal_actions(state, role), (action, RULES.legal_actions(state, role)[:20])
    return RULES.apply(state, role, tuple(action))


def advance(state: State) -> list[dict[str, Any]]:
    return sequence.advance(state)


def fight(austria: int, prussia: int, a_hand: list[str], p_hand: list[str], **options: Any) -> State:
    """§11: Neipperg at Neisse (diamonds) against Friedrich at Grottkau (spades), at the start of
    Austria's combat sub-phase."""
    from tavola.games.maria import combat

    state = allocated(**options)
    clear_board(state)
    place(state, "neipperg", "neisse", austria)
    place(state, "friedrich_der_grosse", "grottkau", prussia)
    give(state, "austria", *a_hand)
    give(state, "prussia", *p_hand)
    state["turn"], state["stage"], state["group"] = 1, "retro", 2
    at_step(state, "sequence")
    combat.start_combat(state, 2)
    return state
