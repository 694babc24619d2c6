"""§17 The political display as printed (advanced game): the political cards, the Italy, Russia
and Saxony tracks with their icons, the bidding boxes; and what the icons under the markers
change for every power (§17.5: the tactical cards drawn). Read from the board data; the
political phase that moves the markers is :mod:`.politics`."""

from __future__ import annotations

from functools import cache
from typing import Any

from tavola.games.maria.board import load_components
from tavola.games.maria.common import State


@cache
def components() -> Any:
    return load_components()


def political_cards() -> dict[str, Any]:
    return {c.id: c for c in components().political_cards}


def tracks() -> dict[str, Any]:
    return dict(components().tracks)


def bid_boxes() -> tuple[str, ...]:
    """§17.3: the bidding boxes left to right, Prussia first, then France."""
    return tuple(components().bid_boxes)


def reserve_value() -> int:
    """§17.4: a Reserve on the political board is always of the dominant suit and worth 16."""
    return int(components().deck.reserve_political_value)


def start_space(track: str) -> int:
    return next(i for i, s in enumerate(tracks()[track].spaces) if s.start)


def icons_on(state: State, track: str, space: int | None = None) -> list[tuple[str, str]]:
    """The (icon, power) pairs of a track's space (the marker's, by default)."""
    where = state["tracks"][track] if space is None else space
    return [(i.icon, i.power) for i in tracks()[track].spaces[where].icons]


def card_modifier(state: State, power: str) -> int:
    """§17.5: each CT penalty icon under a marker draws the power 1 card fewer, each bonus 1
    more."""
    if not state.get("tracks"):
        return 0
    n = 0
    for t in state["tracks"]:
        for icon, p in icons_on(state, t):
            if p == power:
                n += {"tc_bonus": 1, "tc_penalty": -1}.get(icon, 0)
    return n
