"""What a player does not see (§4, §6, §8), filled in from the seeded RNG: the cards of other
hands and of the draw pile, dealt again from the cards nobody sees, and the troops of generals,
spread again over them with the same total and with what every player was told of them in
combat (``state["known"]``). The bots' worlds (``determinize``) and positions
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
    for g, n in _draw(state, gens, total).items():
        state["generals"][g]["troops"] = n


def _draw(state: State, gens: list[str], total: int) -> dict[str, int]:
    alloc = {g: GENERAL_MIN for g in gens}
    left = total - GENERAL_MIN * len(gens)
    while left > 0:
        alloc[rng.choice(state, [g for g in gens if alloc[g] < GENERAL_MAX])] += 1
        left -= 1
    return alloc


TRIES = 20


def respread(state: State, parts: list[list[str]], seen: set[str]) -> None:
    """The troops of the generals in ``parts`` spread again, each part keeping its total (§6:
    a power's total is public), and each group of ``state["known"]`` the troops everyone was
    told it commands (§6, §11.1: revealed in combat), less those of its generals in ``seen``
    (the role's own). A group spanning two parts (a mixed stack of two hidden powers) can make a
    draw impossible to complete: it is drawn again, and after :data:`TRIES` draws the parts are
    spread without the groups."""
    free = {g for gens in parts for g in gens}
    totals = [sum(state["generals"][g]["troops"] for g in gens) for gens in parts]
    groups = []
    for k in state["known"]:
        gens = [g for g in k["generals"] if g in free]
        told = k["troops"] - sum(state["generals"][g]["troops"] for g in k["generals"] if g in seen)
        if gens and fits(told, len(gens)):
            groups.append((gens, told))
    for _ in range(TRIES if groups else 0):
        alloc = _fill(state, parts, totals, groups)
        if alloc is not None:
            for g, n in alloc.items():
                state["generals"][g]["troops"] = n
            return
    for gens, total in zip(parts, totals, strict=True):
        spread(state, gens, total)


def _fill(
    state: State, parts: list[list[str]], totals: list[int], groups: list[tuple[list[str], int]]
) -> dict[str, int] | None:
    """One draw: each known group first, then each part's other generals with what is left of
    its total; None if some part's rest cannot be spread."""
    alloc: dict[str, int] = {}
    for gens, told in groups:
        alloc.update(_draw(state, gens, told))
    for gens, total in zip(parts, totals, strict=True):
        rest = [g for g in gens if g not in alloc]
        left = total - sum(alloc[g] for g in gens if g in alloc)
        if not rest:
            if left != 0:
                return None
            continue
        if not fits(left, len(rest)):
            return None
        alloc.update(_draw(state, rest, left))
    return alloc
