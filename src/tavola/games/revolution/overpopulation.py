"""§6.13 (and §5.5) Overpopulation: where a faction's excess may go.

Excess tokens may move to an adjacent province, or to a province reached along a river (blue
lines) without passing a city or town controlled by an opposing faction (neutrals do not
block). Zeeland counts as adjacent to Holland and the Generality (the §6.13 note), which the
board data gives as borders.
"""

from __future__ import annotations

from collections.abc import Callable

from tavola.games.revolution.loader import Components


def river_reach(comp: Components, origin: int, passable: Callable[[int], bool]) -> set[int]:
    """§6.13 the provinces reached from ``origin`` along the rivers, never past a place (city or
    town) for which ``passable(place)`` is false. ``origin`` itself is not included."""
    reached = {origin}
    todo = [origin]
    while todo:
        here = todo.pop()
        for a, b, passed in comp.river_legs:
            if here not in (a, b):
                continue
            there = b if here == a else a
            if there in reached or not all(passable(c) for c in passed):
                continue
            reached.add(there)
            todo.append(there)
    reached.discard(origin)
    return reached


def destinations(comp: Components, origin: int, passable: Callable[[int], bool]) -> set[int]:
    """§6.13 every province excess may move to from ``origin``, before the limits are looked at:
    the adjacent ones and those reached by river."""
    return set(comp.adjacent[origin]) | river_reach(comp, origin, passable)
