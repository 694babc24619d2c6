"""§8 Stacking limits: normal and highland limits, the capital, attack limits, the retreat
allowance, and the removal of excess units."""

from __future__ import annotations

from tavola.core import flow
from tavola.core.flow import Frame
from tavola.core.rules import Action, Event, State
from tavola.games.italia.const import KIND, LAND_KINDS, LEADER, NAT
from tavola.games.italia.model import alone, eliminate, held_alone, present, stack
from tavola.games.italia.scenario import Static


def capital(S: Static, st: State, n: int) -> int:
    """The nation's capital: fixed by its card (Roma for the Romans of Italia I, §8.1, §13.1)
    or the area it declared (-1 if none)."""
    fixed = S.capital_fixed[n]
    return fixed if fixed >= 0 else st["capital"][n]


def limit(S: Static, st: State, a: int, n: int) -> int:
    """§8.0: three units in a normal or marsh area, two in a highland or entry area; one more
    in the nation's capital (§8.1)."""
    base = S.base_limit[a]
    if capital(S, st, n) == a:
        base += 1
    return base


def attack_limit(S: Static, st: State, a: int, n: int, *, leader: bool, major: bool) -> int:
    """§8.3: at most the area's limit plus one attack; plus one with a leader, plus one in a
    major invasion. An enemy capital does not raise it."""
    return S.base_limit[a] + 1 + (1 if leader else 0) + (1 if major else 0)


def check_limit(S: Static, st: State, a: int, n: int) -> int:
    """The limit enforced at a stacking check, with the §8.6 allowance for units that
    retreated into the area (one unit over the limit until their next movement)."""
    lim = limit(S, st, a, n)
    if [n, a] in st["over_limit"]:
        lim += 1
    return lim


def retreat_room(S: Static, st: State, a: int, n: int) -> int:
    """How many more retreating units ``a`` takes: the normal limit plus one (§8.6)."""
    return limit(S, st, a, n) + 1 - stack(st, a, n)


def excess(S: Static, st: State, a: int, n: int) -> int:
    """§8.0: units of ``n`` over the limit in ``a`` (none at sea)."""
    if S.is_sea[a]:
        return 0  # §8.0: no stacking limit at sea
    return max(0, stack(st, a, n) - check_limit(S, st, a, n))


def can_declare(S: Static, st: State, n: int, a: int) -> bool:
    """§8.1, §8.1 FAQ: a nation may declare as capital any land area it controls, at any time;
    the Romans of Italia I may not (Roma is always their capital).

    "At any time" matters only where the nation's own limit decides something, and the
    declaration is offered there, to the owner, in its turn or out of it: at its purchase (own
    turn), in every stacking check (the ``excess`` step: after its movement, and after a battle
    also for the defender in the attacker's turn, §8.3), and in every retreat of its land units
    where an own area next to them is full (``retreat.retreat_capitals``; after a combat round,
    driven back by elephants, from a raid, out of Roma or an arrival area, after a submission).
    Before a battle nothing depends on the defender's limit: enemy capitals do not change the
    attack limit (§8.3), and the defender's limit in the area is checked only after the battle."""
    if S.capital_fixed[n] >= 0 or S.is_sea[a] or st["capital"][n] == a:
        return False
    if not present(st, a, n):
        return False
    return alone(st, a, n)


def capital_actions(S: Static, st: State, n: int, held: list[int] | None = None) -> list[Action]:
    """§8.1: every area the nation may declare its capital now. ``held``: the land areas where
    it stands alone (:func:`.model.held_alone`), where already known."""
    if S.capital_fixed[n] >= 0:
        return []
    cap = st["capital"][n]
    if held is None:
        held = held_alone(S, st, n)
    return [("capital", a) for a in held if a != cap]


def declare(S: Static, st: State, n: int, a: int, ev: list[Event]) -> None:
    """§8.1: declare a new capital; the old one sheds its units over the normal limit at once
    ("immediatamente"): its removal step offers no capital, so two full areas cannot trade
    the title back and forth."""
    old = st["capital"][n]
    st["capital"][n] = a
    # a capital declared again makes the earlier declarations of the turn old news (the log folds them)
    ev.append({"msg": "it.capital", "args": {"nation": S.nkey[n], "area": a}, "replaces": True})
    if old >= 0 and excess(S, st, old, n):
        flow.push(st, "excess", nation=n, a=old, shed=True)


def check_areas(
    S: Static, st: State, n: int, areas: list[int], exempt: set[int] | frozenset[int] = frozenset()
) -> None:
    """§8.0, §8.3: push a removal step for every area of ``areas`` where ``n`` is over its limit."""
    for a in reversed(areas):
        if a not in exempt and excess(S, st, a, n):
            flow.push(st, "excess", nation=n, a=a)


def check_attacks(
    S: Static, st: State, n: int, areas: list[int], *, major: bool, exempt: frozenset[int] = frozenset()
) -> None:
    """§8.3: at most the attack limit fight in an attacked area. Movement keeps to it, but
    units placed where another nation stands (an arriving leader's army, FAQ 'Epiroti') may
    stay there over it: the excess is removed like a stacking excess (§8.0)."""
    for a in reversed(areas):
        if a in exempt:
            continue
        lead = any(u[NAT] == n and u[KIND] == LEADER for u in st["units"][a])
        cap = attack_limit(S, st, a, n, leader=lead, major=major)
        if stack(st, a, n) > cap:
            flow.push(st, "excess", nation=n, a=a, cap=cap)


# -- the removal step ------------------------------------------------------------------------


def _over(S: Static, st: State, f: Frame) -> int:
    a, n = f["a"], f["nation"]
    if "cap" in f:
        return max(0, stack(st, a, n) - f["cap"])
    return excess(S, st, a, n)


def _kinds(st: State, a: int, n: int) -> list[str]:
    out: list[str] = []
    for u in st["units"][a]:
        if u[NAT] == n and u[KIND] in LAND_KINDS and u[KIND] not in out:
            out.append(u[KIND])
    return out


def run_excess(S: Static, st: State, f: Frame, ev: list[Event]) -> bool:
    if not _over(S, st, f):
        flow.pop(st)
        return True
    return False


def legal_excess(S: Static, st: State, f: Frame, role: str) -> list[Action]:
    a, n = f["a"], f["nation"]
    acts: list[Action] = [("unit", k) for k in _kinds(st, a, n)]
    if not f.get("shed") and "cap" not in f and can_declare(S, st, n, a):
        acts.append(("capital", a))
    return acts


def act_excess(S: Static, st: State, f: Frame, role: str, action: Action, ev: list[Event]) -> None:
    """§8.0: the owner chooses which of its excess units are removed."""
    a, n = f["a"], f["nation"]
    if action[0] == "capital":
        declare(S, st, n, action[1], ev)
        return
    for u in st["units"][a]:
        if u[NAT] == n and u[KIND] == action[1]:
            ev.append({"msg": "it.stack_removed", "args": {"nation": S.nkey[n], "unit": u[KIND], "area": a}})
            eliminate(S, st, a, u, -1, ev, vp=False)
            return
