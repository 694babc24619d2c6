"""§5.7 Allocation in turn 0; §6.17 provinces and cities, §6.18 bishoprics, §6.19 universities.

No decision is taken here: each card goes to the owner of an absolute majority (neutrals count
as a faction; a neutral majority gives nobody the card)."""

from __future__ import annotations

from typing import Any

from tavola.games.revolution.common import (
    BURGHERS,
    CATHOLICS,
    EMPTY,
    HABSBURGS,
    NEUTRAL,
    REFORMERS,
    UNIVERSITY_CATHOLIC,
    UNIVERSITY_NONE,
    UNIVERSITY_REFORMED,
    State,
    counts,
    ev,
    fid,
    majority,
    option,
    place_controller,
)
from tavola.games.revolution.loader import COMPONENTS as C

STRONGLY_CATHOLIC, CATHOLIC, REFORMED, STRONGLY_REFORMED = range(4)


def cities_left_out(state: State) -> bool:
    """§5.7 note: in turn 0 tokens in cities do not count for a province's majority; §6.17 does not
    repeat it (option `city_majority`: never count them)."""
    return state["turn"] == 0 or option(state, "city_majority") == "never"


def allocate_cards(state: State) -> list[dict[str, Any]]:
    """§5.7, §6.17 each city and province card to the owner of an absolute majority there."""
    events = []
    for c in C.cities:
        holder = majority(state["places"][c])
        if holder != state["city_card"][c]:
            events.append(
                ev("ev.card", card=C.place_ids[c], faction=fid(holder) if holder >= 0 else "nobody")
            )
        state["city_card"][c] = holder
    out = not cities_left_out(state)
    for p in range(len(C.province_ids)):
        holder = majority(counts(state, p, cities=out))
        if holder != state["province_card"][p]:
            events.append(
                ev("ev.card", card=C.province_ids[p], faction=fid(holder) if holder >= 0 else "nobody")
            )
        state["province_card"][p] = holder
    return events


def bishopric_target(holder: int) -> int:
    """§6.18 where the province's holder pulls its bishopric: the Catholics to Strongly Catholic,
    the Habsburgs to Catholic (never Strongly), the Burghers to Reformed (never Strongly), the
    Reformers to Strongly Reformed; anyone else, or nobody, to Catholic."""
    return {CATHOLICS: STRONGLY_CATHOLIC, BURGHERS: REFORMED, REFORMERS: STRONGLY_REFORMED}.get(
        holder, CATHOLIC
    )


def allocate_bishoprics(state: State) -> list[dict[str, Any]]:
    """§5.7 in turn 0 the status is set at once; §6.18 afterwards it moves one space a turn
    towards the holder's target. With no holder the black marker is placed on Catholic (option
    `bishopric_black`: it moves one space towards it)."""
    events = []
    for k, p in enumerate(C.bishopric_provinces):
        holder = state["province_card"][p]
        target = bishopric_target(holder)
        now = state["bishopric"][k]
        if state["turn"] == 0 or (holder == EMPTY and option(state, "bishopric_black") == "placed"):
            new = target
        else:
            new = now + (target > now) - (target < now)
        state["bishop_marker"][k] = holder
        if new != now:
            events.append(ev("ev.bishopric", province=C.province_ids[p], status=C.bishop_track[new]))
        state["bishopric"][k] = new
    return events


def allocate_universities(state: State) -> list[dict[str, Any]]:
    """§5.7 (turn 0) and §6.19 the universities.

    KÖLN and Leuven: in turn 0 Reformed under the Burghers or the Reformers, else Catholic
    (option `university_turn0`: the §6.19 rule in turn 0 too); afterwards Reformed under the
    Reformers, Catholic again under the Catholics, the Habsburgs, nobody or a neutral occupant,
    unchanged under the Nobility or the Burghers. The five others are founded (Reformed) under
    the Reformers, suppressed under the Catholics or the Habsburgs, unchanged otherwise; in turn
    0 they exist only under the Reformers."""
    events = []
    turn0 = state["turn"] == 0
    for c, kind in enumerate(C.university):
        if kind is None:
            continue
        holder = place_controller(state, c)
        now = state["university"][c]
        if kind == "existing":
            if turn0 and option(state, "university_turn0") == "burghers":
                new = UNIVERSITY_REFORMED if holder in (BURGHERS, REFORMERS) else UNIVERSITY_CATHOLIC
            elif holder == REFORMERS:
                new = UNIVERSITY_REFORMED
            elif holder in (CATHOLICS, HABSBURGS, EMPTY, NEUTRAL):
                new = UNIVERSITY_CATHOLIC
            else:
                new = now
        elif holder == REFORMERS:
            new = UNIVERSITY_REFORMED
        elif turn0 or holder in (CATHOLICS, HABSBURGS):
            new = UNIVERSITY_NONE
        else:
            new = now
        if new != now:
            events.append(ev("ev.university", place=C.place_ids[c], status=new))
        state["university"][c] = new
    return events
