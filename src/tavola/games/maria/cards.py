"""§8 Tactical cards: the four decks, hands, the draws of each action phase, payments."""

from __future__ import annotations

from typing import Any

from tavola.core import rng
from tavola.games.maria.board_adapter import GEO
from tavola.games.maria.common import (
    DECK_SIZE,
    DECKS,
    N,
    State,
    card_name,
    controller,
    discard,
    enemies,
    event,
    group_powers,
    hand_value,
    owner,
    pay_value,
    play_card,
    private,
    superpower,
)
from tavola.games.maria.display import card_modifier
from tavola.games.maria.subsidies import pay


def new_decks(state: State) -> None:
    """§4: one of the four decks is shuffled for use at once, the other three set aside."""
    state["pile"] = []
    state["unused"] = list(range(DECKS))
    state["discards"] = [[] for _ in range(DECKS)]
    _next_pile(state)


def _next_pile(state: State) -> bool:
    """§8: when a deck runs out the next one is used; after the fourth, the two discard piles
    with most cards are shuffled together into the new draw pile."""
    if state["unused"]:
        deck = state["unused"].pop(0)
        pile = list(range(deck * DECK_SIZE, (deck + 1) * DECK_SIZE))
    else:
        order = sorted(range(DECKS), key=lambda d: (-len(state["discards"][d]), d))[:2]
        pile = []
        for d in order:
            pile += state["discards"][d]
            state["discards"][d] = []
        pile.sort()
    if not pile:
        return False
    with rng.hidden(state):
        rng.shuffle(state, pile)
    state["pile"] = pile
    return True


def draw(state: State, power: str, n: int) -> list[int]:
    """§8: draw ``n`` cards into ``power``'s hand (fewer if every deck and discard is empty)."""
    got = []
    for _ in range(n):
        if not state["pile"] and not _next_pile(state):
            break
        got.append(state["pile"].pop())
    state["hands"][power] += got
    return got


def turn_top(state: State) -> int | None:
    """§17.2: the top card of the draw pile turned face up, then discarded (None: no card left)."""
    if not state["pile"] and not _next_pile(state):
        return None
    cid = state["pile"].pop()
    discard(state, [cid])
    return cid


def major_fortress_lost(state: State, power: str) -> bool:
    """§8: a minor power whose major fortress is held by an enemy gets no cards."""
    if superpower(state, power) == power:
        return False
    for cid, c in GEO.cities.items():
        if c.fortress == "major" and owner(state, cid) == power:
            holder = controller(state, cid)
            if holder is not None and enemies(state, holder, power):
                return True
    return False


def draws(state: State, power: str) -> int:
    """§8 (and §14): how many cards ``power`` draws at the start of its action phase; §17.5: one
    fewer or more for each CT penalty or bonus icon under a political marker."""
    if major_fortress_lost(state, power):
        return 0
    n = N.powers[power].draw
    sub = N.subsidy
    if not state["subsidy"]:
        if power == sub["giver"]:
            n += sub["shift"]
        elif power == sub["receiver"]:
            n -= sub["shift"]
    if state["scenario"] == "introductory":
        n += N.introductory_draw_change.get(power, 0)
    return max(0, n + card_modifier(state, power))


def draw_phase(state: State, group: int) -> list[dict[str, Any]]:
    """§5, §8: the active powers draw their tactical cards (each sees only its own); §20: a
    subsidy contract's card goes to its receiver unseen."""
    events = []
    for power in group_powers(state, group):
        got = draw(state, power, draws(state, power))
        role = state["control"][power]
        events.append(event("ev.draw", power=power, n=len(got)))
        events += pay(state, power, got)  # §20: handed on before the giver looks
        if got:
            events.append(private(role, "ev.drew", power=power, cards=[card_name(c) for c in got]))
    return events


# --- paying costs (§8) --------------------------------------------------------------------------
PAY_FRAME = {
    "power": "the power paying",
    "cost": "the points due",
    "paid": "the points paid so far",
    "why": "what is paid for: supply (§9), train (§10.2), troops (§13)",
    "piece": "the general or train concerned",
    "city": "where the train re-enters",
}


def legal_pay(state: State, frame: dict[str, Any], role: str) -> list[tuple[Any, ...]]:
    """§8: any card pays, only its value counts; no change is given."""
    if state["control"][frame["power"]] != role:
        return []
    return [("pay", c) for c in sorted(set(state["hands"][frame["power"]]))]


def apply_pay(
    state: State, frame: dict[str, Any], role: str, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    """§8: one card paid (once the cost is met, :func:`.sequence.apply_pay` carries on)."""
    power = frame["power"]
    cid = int(action[1])
    play_card(state, power, cid)
    frame["paid"] += pay_value(state, cid)
    return [event("ev.pay", power=power, card=card_name(cid), why=frame["why"])]


def ask_pay(state: State, frame: dict[str, Any], role: str) -> tuple[str, dict[str, Any]]:
    return "prompt.pay", {"power": frame["power"], "n": frame["cost"] - frame["paid"], "why": frame["why"]}


def can_pay(state: State, power: str, cost: int) -> bool:
    return hand_value(state, power) >= cost
