"""Where each nation's VP came from, action by action: the rows of the balance report's VP by
round and source (:meth:`tavola.core.rules.Rules.scored`), read from the log events of §11.0
(``it.score``, ``it.vp``) and the VP track itself, so a submitted nation's halving (§12.5.2)
shows as its own source."""

from __future__ import annotations

from tavola.core.rules import Event, Scored, State
from tavola.games.italia.scenario import Static

PARTS = ("areas", "cities", "regions")


def scored(S: Static, before: State, after: State, events: list[Event]) -> list[Scored]:
    """Rows ``(seat, nation, source, VP)``: the scoring round's areas, cities and regions
    (``score_areas`` ...), the causes of ``it.vp`` (``kill``, ``pillage``, ``exit`` ...), and
    what the VP track moved by besides them (``halving``: a submitted nation keeps half,
    rounded up, §12.5.2)."""
    rows: list[Scored] = []
    gains = [0.0] * S.N
    for e in events:
        msg = e.get("msg")
        if msg != "it.score" and msg != "it.vp":
            continue
        args = e["args"]
        n = S.nidx[args["nation"]]
        vp = float(args["vp"])
        gains[n] += vp
        if msg == "it.vp":
            rows.append((S.role_of[n], S.nkey[n], str(args["why"]), vp))
            continue
        parts = {p: float(args.get(p, 0)) for p in PARTS}
        rows.extend((S.role_of[n], S.nkey[n], "score_" + p, v) for p, v in parts.items() if v)
        if vp != sum(parts.values()):  # a submitted nation's score is halved at once
            rows.append((S.role_of[n], S.nkey[n], "score_halving", vp - sum(parts.values())))
    for n in range(S.N):
        moved = (after["vp"][n] + after["vp_submitted"][n] - before["vp"][n] - before["vp_submitted"][n]) / 2
        if moved != gains[n]:
            rows.append((S.role_of[n], S.nkey[n], "halving", moved - gains[n]))
    return rows
