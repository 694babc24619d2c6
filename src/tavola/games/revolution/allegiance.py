"""§6.16 Influence on the Allegiance of Citizens, and the adjustments that follow.

Every faction in turn order puts coins on cities (``("spend", city, n)``, repeatable: the
number of coins is unlimited); only then is the spending resolved, city by city, faction by
faction in turn order with the Nobility always last: one space per coin, the Catholics and
Habsburgs towards the Catholic end, the Burghers and Reformers towards the Reformed end, the
Nobility towards the centre. A marker stops at the end of the track and moves at most 3 spaces
a turn (option `allegiance_cap`: 3 per faction). Coins go back to the stocks. Then each city on
a coloured end space gains and loses tokens as the space prints."""

from __future__ import annotations

from typing import Any

from tavola.games.revolution.common import (
    BURGHERS,
    CATHOLICS,
    HABSBURGS,
    NEUTRAL,
    NOBILITY,
    REFORMERS,
    State,
    ev,
    fid,
    give_stock,
    option,
    pay,
    per_faction,
    take_stock,
)
from tavola.games.revolution.loader import COMPONENTS as C

TRACK = len(C.allegiance_effect)


def direction(owner: int, space: int) -> int:
    """§6.16 the way a faction's coin pushes a marker standing on ``space``."""
    if owner in (CATHOLICS, HABSBURGS):
        return -1
    if owner in (BURGHERS, REFORMERS):
        return 1
    return (C.allegiance_centre > space) - (C.allegiance_centre < space)


def resolve(state: State, space: int, spent: list[int], order: list[int]) -> int:
    """§6.16 the marker's new space after the coins ``spent`` per owner, resolved in ``order``
    with the Nobility last."""
    moved = 0
    per_faction_cap = option(state, "allegiance_cap") == "faction"
    for o in [o for o in order if o != NOBILITY] + [o for o in order if o == NOBILITY]:
        start = moved
        for _ in range(spent[o]):
            if (moved - start if per_faction_cap else moved) >= C.allegiance_max_move:
                break
            step = direction(o, space)
            if not step or not 1 <= space + step <= TRACK:
                break
            space += step
            moved += 1
    return space


def begin(state: State) -> list[dict[str, Any]]:
    state["spent"] = [[0] * 5 for _ in C.cities]
    per_faction(state, "spend", list(state["order"]), _has_coins)
    return _settled(state)


def _has_coins(state: State, owner: int) -> dict[str, Any] | None:
    return {} if state["treasury"][owner] else None


def _settled(state: State) -> list[dict[str, Any]]:
    """Once every faction has put down its coins (or has none), the spending is resolved."""
    return settle(state) if state["flow"][-1]["s"] == "next" else []


def legal_spend(state: State, frame: dict[str, Any], who: int) -> list[tuple[Any, ...]]:
    most = min(state["treasury"][who], C.allegiance_max_move)
    return [("spend", C.place_ids[c], n) for c in C.cities for n in range(1, most + 1)] + [("done",)]


def apply_spend(
    state: State, frame: dict[str, Any], who: int, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    if action[0] == "spend":
        _, city, n = action
        pay(state, who, n)
        state["spent"][C.cities.index(C.place_index[city])][who] += n
        return [ev("ev.spend", faction=fid(who), city=city, n=n)]
    per_faction(state, "spend", frame["queue"], _has_coins)
    return _settled(state)


def ask_spend(state: State, frame: dict[str, Any], who: int) -> tuple[str, dict[str, Any]]:
    return "prompt.spend", {"faction": fid(who)}


def settle(state: State) -> list[dict[str, Any]]:
    """Resolve the coins on every city, then adjust the cities on the end spaces."""
    events = []
    for k, c in enumerate(C.cities):
        if any(state["spent"][k]):
            new = resolve(state, state["allegiance"][k], state["spent"][k], state["order"])
            if new != state["allegiance"][k]:
                events.append(ev("ev.allegiance", city=C.place_ids[c], space=new))
            state["allegiance"][k] = new
        events += adjust(state, c, state["allegiance"][k])
    state["spent"] = [[0] * 5 for _ in C.cities]
    return events


def catholic_units(state: State) -> list[int]:
    """§6.16 a Catholic unit is a Catholic token, a Habsburg one when none is available."""
    return [CATHOLICS, HABSBURGS]


def anti_catholic_units(state: State) -> list[int]:
    """§6.16 anti-Catholic units are the Burghers' and the Reformers', the Reformers' first; a
    Nobility token stands in for a missing Reformer token (option `nobility_stands_for`: for a
    missing Burgher token); in the 3-player game Nobility tokens are added when neither is
    available."""
    if option(state, "nobility_stands_for") == "burghers":
        return [REFORMERS, BURGHERS, NOBILITY]
    return [REFORMERS, NOBILITY, BURGHERS]


def _add(state: State, c: int, kinds: list[int], n: int) -> None:
    """Add ``n`` units, each of the first kind in play with a token in stock, else a neutral."""
    for _ in range(n):
        for o in kinds:
            if o in state["factions"] and take_stock(state, o, 1):
                state["places"][c][o] += 1
                break
        else:
            state["places"][c][NEUTRAL] += take_stock(state, NEUTRAL, 1)


def _remove(state: State, c: int, kinds: list[int], n: int) -> None:
    for _ in range(n):
        for o in kinds:
            if state["places"][c][o]:
                state["places"][c][o] -= 1
                give_stock(state, o, 1)
                break


def effects(players: int) -> list[tuple[int, int]]:
    """§6.16 what each space adds and removes (Catholic units, anti-Catholic units): the track's,
    or the player count's own where the data gives one (rules.yaml `allegiance.by_players`)."""
    return C.allegiance_by_players.get(players, C.allegiance_effect)


def adjust(state: State, c: int, space: int) -> list[dict[str, Any]]:
    """§6.16 the city on a coloured space gains or loses the units the space prints; the three
    central spaces change nothing."""
    catholic, anti = effects(state["players"])[space - 1]
    if not catholic and not anti:
        return []
    cat_kinds = catholic_units(state)
    anti_kinds = anti_catholic_units(state)
    if catholic > 0:
        _add(state, c, cat_kinds, catholic)
    else:
        _remove(state, c, cat_kinds, -catholic)
    if anti > 0:
        _add(state, c, anti_kinds, anti)
    else:
        _remove(state, c, [REFORMERS, BURGHERS], -anti)
    return [ev("ev.allegiance_adjust", city=C.place_ids[c], space=space)]
