"""§6 Stacks and troops: stacks of two generals, troop transfers, losses and removal, and what
every player knows of the secret troop counts (``state["known"]``)."""

from __future__ import annotations

from typing import Any

from tavola.games.maria.common import (
    GENERAL_MAX,
    GENERAL_MIN,
    State,
    commander,
    event,
    general_power,
    generals_at,
    private,
    role_powers,
)

# --- troops told (§6, §11.1) ---------------------------------------------------------------------
# §6: a general's troops are secret, "revealed only in combat"; a battle tells both stacks'
# totals to everyone (§11.1), and its losses and the supply losses of §9 are public too. Every
# player may remember what was told until a secret change (a transfer between stacked generals,
# winter recruits) makes it stale: ``state["known"]`` holds, for groups of generals, the troops
# they command together, as far as everyone can know it.


def tell(state: State, city: str) -> None:
    """§11.1: a battle tells everyone the troops of the stack at ``city``."""
    gens = generals_at(state, city)
    forget(state, gens)
    troops = sum(state["generals"][g]["troops"] for g in gens)
    state["known"] = sorted([*state["known"], {"generals": sorted(gens), "troops": troops}], key=_first)


def lost_in_public(state: State, gens: list[str]) -> None:
    """§9, §11.1: ``gens`` lost troops by a public count (some may have left the map). What was
    told of a group holding them all stays known, less the losses; a group holding some of them
    only cannot tell how the losses fell, and is forgotten."""
    changed = set(gens)
    kept = []
    for k in state["known"]:
        group = set(k["generals"])
        if not group & changed:
            kept.append(k)
        elif changed <= group:
            left = sorted(g for g in group if state["generals"][g]["city"] is not None)
            if left:
                kept.append({"generals": left, "troops": sum(state["generals"][g]["troops"] for g in left)})
    state["known"] = sorted(kept, key=_first)


def forget(state: State, gens: list[str]) -> None:
    """What was told of any group holding one of ``gens`` is stale (§6: a secret change)."""
    changed = set(gens)
    state["known"] = [k for k in state["known"] if not changed & set(k["generals"])]


def _first(k: dict[str, Any]) -> str:
    return str(k["generals"][0])


def remove_general(state: State, gid: str) -> dict[str, Any]:
    """§6: a general without troops leaves the map (it may re-enter in winter, §13)."""
    g = state["generals"][gid]
    city = g["city"]
    g.update(city=None, troops=0, down=False)
    if city is not None and state["commanders"].get(city) == gid:
        del state["commanders"][city]
    return event("ev.general_removed", general=gid, city=city)


def stack_partner(state: State, gid: str) -> str | None:
    """The other general of ``gid``'s own power in its stack, if any."""
    city = state["generals"][gid]["city"]
    if city is None:
        return None
    for other in generals_at(state, city):
        if other != gid and general_power(other) == general_power(gid):
            return other
    return None


def lose_general(state: State, gid: str, n: int) -> list[dict[str, Any]]:
    """§6: ``gid`` loses ``n`` troops; losing its last one it leaves the map, unless it is in a
    stack and a troop can be transferred to it (§6: a stack of one power shares its troops)."""
    partner = stack_partner(state, gid)
    out = _lose_general(state, gid, n, partner)
    lost_in_public(state, [gid] if partner is None else [gid, partner])
    return out


def _lose_general(state: State, gid: str, n: int, partner: str | None) -> list[dict[str, Any]]:
    g = state["generals"][gid]
    g["troops"] -= n
    if g["troops"] >= GENERAL_MIN:
        return []
    if partner is not None:
        pool = g["troops"] + state["generals"][partner]["troops"]
        if pool >= 2 * GENERAL_MIN:
            g["troops"] = GENERAL_MIN
            state["generals"][partner]["troops"] = pool - GENERAL_MIN
            return []
        state["generals"][partner]["troops"] = max(pool, 0)
        out = [remove_general(state, gid)]
        if pool < GENERAL_MIN:
            out.append(remove_general(state, partner))
        return out
    return [remove_general(state, gid)]


def lose_stack(state: State, city: str, n: int) -> tuple[int, list[dict[str, Any]]]:
    """§6, §11.1: the generals at ``city`` lose ``n`` troops together (never more than they
    command). In a mixed stack the other power loses first, the supreme commander's power the
    rest; in a stack of one power the troops are one common value, and when fewer troops than
    generals remain the lower-ranked general leaves the map (the book's Friedrich/Schwerin
    examples). Returns the troops lost and the events."""
    gens = generals_at(state, city)
    top = commander(state, city)
    total = sum(state["generals"][g]["troops"] for g in gens)
    lost = min(n, total)
    events: list[dict[str, Any]] = []
    if len(gens) == 1 or general_power(gens[0]) == general_power(gens[-1]):
        left = total - lost
        if left <= 0:
            return lost, [remove_general(state, g) for g in gens]
        subs = [g for g in gens if g != top]
        if left < len(gens):
            for g in subs:
                events.append(remove_general(state, g))
            state["generals"][top]["troops"] = left
            return lost, events
        due = lost
        for g in [*subs, top]:
            take = min(due, state["generals"][g]["troops"] - GENERAL_MIN)
            state["generals"][g]["troops"] -= take
            due -= take
        return lost, events
    due = lost
    for g in [g for g in gens if g != top] + [top]:
        take = min(due, state["generals"][g]["troops"])
        due -= take
        if take:
            state["generals"][g]["troops"] -= take
            if state["generals"][g]["troops"] == 0:
                events.append(remove_general(state, g))
    return lost, events


# --- transfers (§6) ----------------------------------------------------------------------------
TRANSFER = "transfer"


def legal_transfers(state: State, role: str) -> list[tuple[Any, ...]]:
    """§6: while generals of one power are stacked, troops pass between them at will (never
    between powers, never between generals not stacked); each keeps 1 to 8."""
    out = []
    mine = set(role_powers(state, role))
    for gid, g in state["generals"].items():
        if g["city"] is None or gid in state["out"] or general_power(gid) not in mine:
            continue
        other = stack_partner(state, gid)
        if other is None:
            continue
        if g["troops"] > GENERAL_MIN and state["generals"][other]["troops"] < GENERAL_MAX:
            out.append((TRANSFER, f"{gid}>{other}"))
    return sorted(out)


def apply_transfer(state: State, role: str, action: tuple[Any, ...]) -> list[dict[str, Any]]:
    """§6: one troop from one stacked general to the other; the army sheet is updated in secret."""
    a, b = str(action[1]).split(">")
    state["generals"][a]["troops"] -= 1
    state["generals"][b]["troops"] += 1
    for k in state["known"]:  # what was told of them both stays true; of one alone, not
        if (a in k["generals"]) != (b in k["generals"]):
            forget(state, [a, b])
            break
    return [private(role, "ev.transfer", general=a, other=b)]
