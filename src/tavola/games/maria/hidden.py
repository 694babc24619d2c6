"""What a player does not see (§4, §6, §8), filled in from the seeded RNG: the cards of other
hands and of the draw pile, dealt again from the cards nobody sees, and the troops of generals,
spread again over them with the same total. The bots' worlds (``determinize``) and positions
that leave hands or troops unknown are both filled here, so both are consistent with the
rules in the same way."""

from __future__ import annotations

from tavola.core import rng
from tavola.games.maria.common import GENERAL_MAX, GENERAL_MIN, State


def deal(state: State, counts: dict[str, int], unseen: list[int]) -> list[int]:
    """Shuffle ``unseen`` and deal ``counts[power]`` cards to each power's hand (in power order);
    what is left, in shuffled order, is returned (§8: the draw pile is shuffled)."""
    cards = sorted(unseen)
    rng.shuffle(state, cards)
    for power in sorted(counts):
        n = counts[power]
        state["hands"][power] += cards[:n]
        cards = cards[n:]
    return cards


def fits(total: int, count: int) -> bool:
    """Whether ``total`` troops can be spread over ``count`` generals, 1 to 8 each (§6)."""
    return GENERAL_MIN * count <= total <= GENERAL_MAX * count


def spread(state: State, gens: list[str], total: int) -> None:
    """``total`` troops over ``gens``, each at least 1 and at most 8 (§6), at random."""
    if not gens or not fits(total, len(gens)):
        return
    alloc = {g: GENERAL_MIN for g in gens}
    left = total - GENERAL_MIN * len(gens)
    while left > 0:
        alloc[rng.choice(state, [g for g in gens if alloc[g] < GENERAL_MAX])] += 1
        left -= 1
    for g in gens:
        state["generals"][g]["troops"] = alloc[g]
