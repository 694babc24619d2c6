"""§12.5 Submission and §12.6 revolts.

A nation that controls few enough areas may (or must) submit to a nation attacking it in one
of them, as its card says. Its ruler's units then leave every area holding the subject's
units; the two may not attack each other; the subject keeps half its income (§6.4) and half
its VP (§12.5.2); a revolt undoes all of it."""

from __future__ import annotations

from tavola.core import flow
from tavola.core.flow import Frame
from tavola.core.rules import Action, Event, State
from tavola.games.italia.const import NAT
from tavola.games.italia.model import award, controlled, find_leader, has_pieces, out_of_game, start_retreat
from tavola.games.italia.scenario import Static


def land_areas(S: Static, st: State, n: int) -> int:
    """§12.5.1 clarification: only land areas count (seas are never controlled)."""
    return len(controlled(S, st, n))


def terms(S: Static, st: State, subject: int, ruler: int) -> tuple[int, int] | None:
    """§12.5.1: the card's (must, may) area thresholds of ``subject`` towards ``ruler`` now."""
    t = S.submission[subject].get(ruler)
    if t is None:
        return None
    must, may, rounds = t
    if rounds and st["round"] not in rounds:
        return None
    return must, may


def must_submit(S: Static, st: State, subject: int, ruler: int) -> bool:
    """§12.5.1: a nation that must submit does so before any combat; one attacking unit is
    enough."""
    if st["ruler"][subject] == ruler:
        return False
    t = terms(S, st, subject, ruler)
    return t is not None and t[0] >= 0 and land_areas(S, st, subject) <= t[0]


def may_submit(S: Static, st: State, subject: int, ruler: int) -> bool:
    """§12.5.1: after a round of combat in which both sides kept units, the defender
    may submit (in that round or any later one)."""
    if st["ruler"][subject] == ruler:
        return False
    t = terms(S, st, subject, ruler)
    return t is not None and t[1] >= 0 and land_areas(S, st, subject) <= t[1]


def submit(S: Static, st: State, subject: int, ruler: int, ev: list[Event]) -> None:
    """§12.5.2: the ruler cannot refuse; its units retreat at once from every area holding
    units of the subject, even where no battle took place."""
    st["ruler"][subject] = ruler
    ev.append({"msg": "it.submits", "args": {"nation": S.nkey[subject], "ruler": S.nkey[ruler]}})
    for e in S.vp_events[ruler].get("submission", ()):
        award(S, st, ruler, e.half_vp, ev, "submission")
    for a in S.land_ids:
        lst = st["units"][a]
        if any(u[NAT] == subject for u in lst) and any(u[NAT] == ruler for u in lst):
            start_retreat(st, ruler, a, "submit")


def revolt(S: Static, st: State, subject: int, ev: list[Event]) -> None:
    """§12.6: the submission marker goes back; every consequence ends."""
    ruler = st["ruler"][subject]
    st["ruler"][subject] = -1
    ev.append(
        {
            "msg": "it.revolts",
            "args": {"nation": S.nkey[subject], "ruler": S.nkey[ruler] if ruler >= 0 else ""},
        }
    )


def may_revolt(S: Static, st: State, n: int, when: str) -> bool:
    """Revolt terms of the card (§12.6): at the start of the nation's own turn, or while a
    named leader is in or next to an area with the nation's units (Hannibal, §13.2)."""
    ruler = st["ruler"][n]
    if ruler < 0:
        return False
    for rv in S.revolts[n]:
        if rv.when != when or S.nidx[rv.against] != ruler:
            continue
        if rv.rounds and st["round"] not in rv.rounds:
            continue
        if when == "leader_near":
            a, u, _ = find_leader(st, rv.leader or "")
            if u is None:
                continue
            near = [a, *S.adj[a]]
            if not any(any(x[NAT] == n for x in st["units"][b]) for b in near):
                continue
        return True
    return False


def end_lapsed(S: Static, st: State, ev: list[Event]) -> None:
    """FAQ §12.5: a submission ends when the ruler is out of the game (no pieces and no more
    reinforcements)."""

    for n in range(S.N):
        r = st["ruler"][n]
        if r >= 0 and not has_pieces(st, r) and out_of_game(S, st, r):
            revolt(S, st, n, ev)


# -- the revolt decision --------------------------------------------------------------------


def run_revolt(S: Static, st: State, f: Frame, ev: list[Event]) -> bool:
    if not may_revolt(S, st, f["nation"], f["when"]):
        flow.pop(st)
        return True
    return False


def legal_revolt(S: Static, st: State, f: Frame, role: str) -> list[Action]:
    return [("revolt",), ("done",)]


def act_revolt(S: Static, st: State, f: Frame, role: str, action: Action, ev: list[Event]) -> None:
    flow.pop(st)
    if action[0] == "revolt":
        revolt(S, st, f["nation"], ev)


def offer_revolt(S: Static, st: State, n: int, when: str) -> None:
    """§12.6: ask the nation whether it revolts, when its card allows it now."""
    if may_revolt(S, st, n, when):
        flow.push(st, "revolt", nation=n, when=when)
