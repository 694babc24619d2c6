"""Rulebook invariants of Italia, checked by the fuzzer after every action.

Written from the Italian rulebook (with its FAQ and clarifications), not from the rule
modules: the checks read the plain state (units, cities, gold, VP, the flow frames that say
which phase is under way), the board and card data and the log events, and recompute what
the book says from them with their own small helpers (stacking limits, attack limits, income,
modifiers). Each check names its section. Most rules are about a change, so a check sees one
transition: the state before an action, the action, the state after it and the events it
produced (:func:`check_step`). The numbers the book prints in its text (the limits of §8,
the modifiers of §10.2, the scoring rounds of §11.0) are restated here on purpose: the
checker is a second reading of the book, so it also catches data that departs from it.

``seen`` counts how often each check applied (not only how often it failed), so a fuzz run
shows which rules random play actually exercised.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from tavola.core.rules import Action, Event, State
from tavola.games.italia.scenario import Static

# The unit record (see ``const``): nation, kind, movement points, flags, hits, extra.
_NAT, _KIND, _MP, _FL, _HIT, _EXT = range(6)
_LAND = ("infantry", "foederati", "legion", "consular", "knight", "elephant")
_GRP = 1  # the player's current selection in a movement phase
_RETR = 2048  # a fleet that retreated this turn (§10.9)
_CITY = 1

CHECKS: dict[str, str] = {
    "8.0 stack limit after movement": "after a movement phase no area of the moving nation holds more units "
    "than its limit (3, highland and entry areas 2, +1 in the capital §8.1, the campaign leader's area "
    "free §8.4), or the excess is being removed",
    "8.3 attack limit at the end of movement": "every attacked area holds at most its limit + 1 attacking "
    "units, +1 with a leader, +1 in a major invasion (a campaigning leader's area excepted, §12.3.1)",
    "8.3 attack limit in combat": "in the first round of every land battle (raids included) the attacker rolls "
    "at most the attack limit's dice",
    "8.3 stack limit after combat": "after the combat phase, areas where battles were fought hold no more "
    "units than the limit (+1 for a retreat, §8.6), or the excess is being removed (not after the first "
    "combat of a major invasion, §12.2)",
    "9.3 overrun": "a group leaves an area held by another nation only if what stays overruns it (twice the "
    "defenders, as many with a city) within the attack limit",
    "10.5 retreat destination": "a retreat goes to an adjacent area: not an entry area (unless the card allows), "
    "no other nation's units, at most the limit + 1 (§8.6), for a defender not an empty area the attackers "
    "came from (FAQ), or onto an own fleet",
    "7.1 placement": "bought land units go one per area into areas the nation holds (all into the one area if "
    "it holds only one), never to sea (FAQ); fleets to a sea next to a held area",
    "7.2 reinforcements with a leader": "reinforcements that arrive with a leader are placed in the area "
    "where the leader is placed (fleets in a sea next to it); with two leaders, in either leader's area "
    "(clarification: Romans, round 3); a card may let them spread (the Vandals, the Ostrogoths in round 6)",
    "9.6 embarkation": "land units embark only before any land movement in the phase",
    "10.8 naval combat": "only fleets roll in a naval battle",
    "10.2 modifiers": "land combat modifiers: attackers -1 in highland or marsh, -2 against a city; +2 per own "
    "leader; +1 naval supremacy (§10.9); none in a raid (§10.7)",
    "10.2 two-hit units": "outside a battle no consular legion or knight stays damaged (it is repaired when it "
    "survives, by retreat too); a damaged knight never retreats (§14.2)",
    "10.6 pillage": "pillage only of a standing city whose previous holder was another player, not raided this "
    "turn by the pillager (clarification); a raid only against another player's city",
    "10.6.1 rebuilding": "no nation rebuilds in its turn a city it pillaged or raided in that turn",
    "10.7 raid": "a raid eliminates no defender, and the raiders leave the area",
    "6.1 income": "income is one gold per held land area (entry areas only where the card says so) and one per "
    "held city, halved where the card says, half of it (rounded down) paid to a ruler (§6.4)",
    "6.1 gold cap": "after its turn no nation keeps more than 10 gold (tribute paid to it since excepted, §6.4)",
    "6.4 tribute over the limit": "a ruler that a tribute took over 10 gold buys at most one unit at once and "
    "keeps no more than 10 gold",
    "11.0 victory points": "VP change only through scoring and the events that give them; a subject keeps half "
    "its VP rounded up (§12.5.2); scoring only at the end of rounds 3, 5, 7, 9 (Italia I) or 3, 5, 8, 10 "
    "(Italia II)",
    "13.4 round 10": "in round 10 of Italia I nobody collects income or buys, and only the Optimates, Populares "
    "and Romans score",
    "13.1 Roma": "at the start of the Roman turn in rounds 1-9 of Italia I Roma holds no other nation's units "
    "and its city stands",
    "12.5.1 submission": "a nation submits only within its card's terms; one that must submit does not fight; "
    "the ruler's units leave every area of the subject (§12.5.2)",
    "9.2 entry areas": "at the end of its turn a nation has no units left in entry areas it may not treat as "
    "standard areas",
}


@dataclass
class Step:
    """One transition as the checks see it."""

    S: Static
    before: State
    role: str
    action: Action
    after: State
    events: list[Event]
    seen: dict[str, int]
    bad: list[str] = field(default_factory=list)

    def hit(self, name: str) -> None:
        self.seen[name] = self.seen.get(name, 0) + 1

    def fail(self, name: str, message: str) -> None:
        self.bad.append(f"§{name}: {message}")

    def ev(self, *msgs: str) -> Iterator[dict[str, Any]]:
        for e in self.events:
            if e.get("msg") in msgs:
                yield e

    def nat(self, key: str) -> int:
        return self.S.nidx[key]


# -- the rulebook's arithmetic ------------------------------------------------------------------


def units(st: State, a: int, n: int) -> int:
    """Units of ``n`` in ``a`` that count for stacking and fight: leaders do not (§8.0)."""
    return sum(1 for u in st["units"][a] if u[_NAT] == n and u[_KIND] in _LAND)


def has_leader(st: State, a: int, n: int) -> bool:
    return any(u[_NAT] == n and u[_KIND] == "leader" for u in st["units"][a])


def nations_in(st: State, a: int) -> set[int]:
    return {u[_NAT] for u in st["units"][a]}


def capital(S: Static, st: State, n: int) -> int:
    fixed = S.capital_fixed[n]
    return fixed if fixed >= 0 else st["capital"][n]


def limit(S: Static, st: State, a: int, n: int) -> int:
    """§8.0: three units in a normal or marsh area, two in a highland (entry areas are
    highlands); §8.1: one more in the nation's capital."""
    base = 2 if S.highland[a] or S.is_entry[a] else 3
    return base + (1 if capital(S, st, n) == a else 0)


def attack_limit(S: Static, a: int, *, leader: bool, major: bool) -> int:
    """§8.3: the area's limit plus one, one more with a leader, one more in a major invasion;
    an enemy capital adds nothing."""
    base = 2 if S.highland[a] or S.is_entry[a] else 3
    return base + 1 + int(leader) + int(major)


def allied(st: State, n: int, m: int) -> bool:
    """§12.5.2: subject and ruler are allies."""
    return st["ruler"][n] == m or st["ruler"][m] == n


def foes(S: Static, st: State, a: int, n: int) -> list[int]:
    """Nations ``n`` has to fight in ``a`` (§10.0): not allies; in an entry area only nations
    that both treat it as a standard area see each other (§10.0 clarification and FAQ)."""
    out = []
    for m in nations_in(st, a):
        if m == n or allied(st, n, m):
            continue
        if S.is_entry[a] and not (a in S.entry_ok[n] and a in S.entry_ok[m]):
            continue
        out.append(m)
    return out


def frames(st: State, step: str) -> list[dict[str, Any]]:
    return [f for f in st["flow"] if f.get("s") == step]


def ended(before: State, after: State, step: str) -> list[dict[str, Any]]:
    """Frames of ``step`` on the stack before the action and gone after it."""
    out = []
    for d, f in enumerate(before["flow"]):
        if f.get("s") != step:
            continue
        g = after["flow"][d] if d < len(after["flow"]) else None
        same = (
            g is not None
            and g.get("s") == step
            and all(g.get(k) == f.get(k) for k in ("nation", "mode", "a"))
        )
        if not same:
            out.append(f)
    return out


def spec(S: Static, st: State, n: int) -> Any:
    return S.turn[n].get(st["round"])


def major(S: Static, st: State, n: int) -> bool:
    sp = spec(S, st, n)
    return sp is not None and sp.kind == "major_invasion"


def leader_area(st: State, key: str) -> int:
    for a, lst in enumerate(st["units"]):
        for u in lst:
            if u[_KIND] == "leader" and u[_EXT] == key:
                return a
            if u[_KIND] == "fleet":
                for c in u[_EXT]:
                    if c[_KIND] == "leader" and c[_EXT] == key:
                        return a
    return -1


def campaign_leaders(S: Static, st: State, n: int) -> list[str]:
    """The leaders campaigning for ``n`` now (a campaign frame), or who will campaign this turn."""
    out = [f["ldr"] for f in frames(st, "camp") if f.get("nation") == n]
    sp = spec(S, st, n)
    if sp is not None and sp.kind == "campaign" and sp.leader and st["active_nation"] == n:
        out.append(sp.leader)
    return out


def stack_free(S: Static, st: State, n: int) -> set[int]:
    """Areas where ``n``'s stack is not limited now: the campaign leader's (§8.4, §12.3.1),
    a leader's area in a major invasion whose card says so (§12.2), Alpes for Hannibal's lift
    (§13.2)."""
    out = {leader_area(st, k) for k in campaign_leaders(S, st, n)}
    sp = spec(S, st, n)
    if sp is not None and sp.kind == "major_invasion" and "no_stack_limit_with_leader" in sp.bonuses:
        out |= {a for a in S.land_ids if has_leader(st, a, n)}
    lift = S.special[n].get("african_lift")
    if lift and st["round"] == lift.get("round", st["round"]):
        out.add(S.area(lift["to"]))
    return out


def pending_excess(st: State, n: int, a: int) -> bool:
    return any(f.get("nation") == n and f.get("a") == a for f in frames(st, "excess"))


def retreated_into(t: Step, n: int, a: int) -> bool:
    key = t.S.nkey[n]
    return any(e["args"]["nation"] == key and e["args"]["to"] == a for e in t.ev("it.retreat"))


def fought_here(t: Step, a: int) -> bool:
    return any(e["args"]["area"] == a for e in t.ev("it.battle"))


def arrived_here(t: Step, a: int) -> bool:
    """Reinforcements placed in ``a`` in this transition (placed regardless of the limit, §7.2)."""
    return any(e["args"].get("area") == a for e in t.ev("it.arrive", "it.arrive_leader"))


# -- §8 stacking ---------------------------------------------------------------------------------


def check_stack_after_move(t: Step) -> None:
    """§8.0, §8.1, §8.4, §8.6, §12.3.1."""
    S, st = t.S, t.after
    for f in ended(t.before, t.after, "move"):
        n = f["nation"]
        if f.get("mode") == "camp" and st["opts"].get("campaign_stack_at_end"):
            continue
        name = "8.0 stack limit after movement"
        t.hit(name)
        free = stack_free(S, st, n) | stack_free(S, t.before, n)
        for a in S.land_ids:
            if a in free or (S.is_entry[a] and a not in S.entry_ok[n]):
                continue
            if nations_in(st, a) != {n}:
                continue
            lim = limit(S, st, a, n)
            if f.get("mode") == "camp" and [n, a] in st["over_limit"]:
                lim += 1  # a retreat surplus waits for the nation's own movement (§8.6)
            c = units(st, a, n)
            if c <= lim or pending_excess(st, n, a) or fought_here(t, a) or arrived_here(t, a):
                continue
            if retreated_into(t, n, a) and c <= lim + 1:
                continue
            t.fail(name, f"{S.nkey[n]} ends its movement with {c} units in {S.keys[a]} (limit {lim})")
        check_attack_at_move_end(t, f)


def check_attack_at_move_end(t: Step, f: dict[str, Any]) -> None:
    """§8.3, §9.3 example, §12.3.1: the attack limit in every area about to be fought over."""
    S, st = t.S, t.after
    n = f["nation"]
    name = "8.3 attack limit at the end of movement"
    t.hit(name)
    free = {leader_area(st, f["ldr"])} if f.get("ldr") else set()
    for a in S.land_ids:
        if a in free or S.is_entry[a] or fought_here(t, a) or arrived_here(t, a):
            continue
        if not units(st, a, n) or not foes(S, st, a, n):
            continue
        lim = attack_limit(S, a, leader=has_leader(st, a, n), major=major(S, st, n))
        if units(st, a, n) > lim and not pending_excess(st, n, a):
            t.fail(name, f"{S.nkey[n]} attacks {S.keys[a]} with {units(st, a, n)} units (limit {lim})")


def _battle_frame(st: State, a: int) -> dict[str, Any] | None:
    for f in frames(st, "battle"):
        if f.get("a") == a:
            return f
    return None


def check_attack_in_combat(t: Step) -> None:
    """§8.3: the attacker's dice in the first round of each land battle."""
    S = t.S
    if any(True for _ in t.ev("it.converted", "it.defects")):
        return  # units that change side at the start of the battle are not moved in (§14.1, §14.3)
    done: set[int] = set()
    for e in t.ev("it.roll"):
        a = e["args"]["area"]
        if a in done:
            continue
        done.add(a)
        f = _battle_frame(t.before, a)
        if f is not None and f.get("rounds", 0) > 0:
            continue
        n = t.nat(e["args"]["attacker"])
        name = "8.3 attack limit in combat"
        t.hit(name)
        camp = [c for c in frames(t.before, "camp") + frames(t.after, "camp") if c.get("nation") == n]
        if any(leader_area(st, c["ldr"]) == a for c in camp for st in (t.before, t.after)):
            continue  # §12.3.1: no limit where the campaigning leader is
        lead = has_leader(t.before, a, n) or has_leader(t.after, a, n)
        lim = attack_limit(S, a, leader=lead, major=major(S, t.after, n))
        if len(e["dice_a"]) > lim:
            t.fail(name, f"{S.nkey[n]} attacks {S.keys[a]} with {len(e['dice_a'])} units (limit {lim})")


def check_stack_after_combat(t: Step) -> None:
    """§8.3 (end of combat), §8.6, §12.2, §12.3.2.5."""
    S, st = t.S, t.after
    for f in ended(t.before, t.after, "combat"):
        if f.get("mode") == "first":
            continue
        n = f["nation"]
        name = "8.3 stack limit after combat"
        t.hit(name)
        fought = {a for a in f.get("fought", ()) if not S.is_sea[a]}
        fought |= {e["args"]["area"] for e in t.ev("it.battle")}
        free = stack_free(S, st, n) | stack_free(S, t.before, n)
        # A nation transformed after the combat (§12.4, the next round's start in the same
        # transition) stands where its predecessor stood: the limit was the predecessor's.
        was = {t.nat(e["args"]["into"]): t.nat(e["args"]["nation"]) for e in t.ev("it.transform")}
        for a in fought:
            for m in nations_in(st, a):
                if m == n and a in free:
                    continue
                if m != n and f.get("mode") == "camp":
                    continue  # reacting nations mind the limit only in their own turn (§12.3.2.5)
                if len(nations_in(st, a)) > 1 or arrived_here(t, a):
                    continue
                w = was.get(m, m)
                lim = limit(S, st, a, w) + (1 if [w, a] in st["over_limit"] else 0)
                c = units(st, a, m)
                if c > lim and not pending_excess(st, m, a):
                    t.fail(name, f"{S.nkey[m]} keeps {c} units in {S.keys[a]} after combat (limit {lim})")


# -- §9 movement ---------------------------------------------------------------------------------


def check_overrun(t: Step) -> None:
    """§9.0, §9.3, §8.3, §12.3.1: leaving an area held by another nation."""
    if t.action[:1] != ("area",):
        return
    top = t.before["flow"][-1]
    if top.get("s") != "move" or top.get("group", -1) < 0:
        return
    S, g, b = t.S, top["group"], t.action[1]
    n = top["nation"]
    if S.is_sea[g] or S.is_sea[b] or S.is_entry[g] or g == top.get("free", -1):
        return
    enemies = foes(S, t.before, g, n)
    if not enemies or not any(e["args"]["from"] == g for e in t.ev("it.move")):
        return
    name = "9.3 overrun"
    t.hit(name)
    d = sum(1 for u in t.before["units"][g] if u[_NAT] in enemies and u[_KIND] != "leader")
    stay = units(t.after, g, n)
    need = d if t.before["city"][g] == _CITY else 2 * d
    lim = attack_limit(S, g, leader=has_leader(t.after, g, n), major=major(S, t.after, n))
    if stay < need:
        t.fail(name, f"{S.nkey[n]} moves through {S.keys[g]} leaving {stay} against {d}")
    elif stay > lim:
        t.fail(name, f"{S.nkey[n]} leaves {stay} units to attack {S.keys[g]} (limit {lim})")


def check_embark(t: Step) -> None:
    """§9.6: land units embark where they started the movement phase."""
    for e in t.ev("it.embark"):
        name = "9.6 embarkation"
        t.hit(name)
        g, n = e["args"]["from"], t.nat(e["args"]["nation"])
        for u in t.before["units"][g]:
            if u[_NAT] == n and u[_FL] & _GRP and u[_KIND] in _LAND and u[_MP] < t.S.unit_move(u[_KIND], n):
                t.fail(name, f"a {u[_KIND]} of {t.S.nkey[n]} embarks in {t.S.keys[g]} after moving by land")


def check_entry_areas(t: Step) -> None:
    """§9.2: at the end of its turn a nation has left the entry areas it may not treat as
    standard areas (the engine removes what is left: nothing may stay)."""
    S = t.S
    for f in ended(t.before, t.after, "turn"):
        n = f["nation"]
        name = "9.2 entry areas"
        t.hit(name)
        for a in S.entry_ids:
            if a not in S.entry_ok[n] and any(u[_NAT] == n for u in t.after["units"][a]):
                t.fail(name, f"{S.nkey[n]} still has units in {S.keys[a]} after its turn")


# -- §10 combat ----------------------------------------------------------------------------------


def check_retreats(t: Step) -> None:
    """§10.5 and its FAQ and clarification, §8.6, §12.3.1, §12.3.2.3, §14.2."""
    S, st = t.S, t.after
    name = "10.5 retreat destination"
    for e in t.ev("it.retreat"):
        t.hit(name)
        x, a, b, kind = t.nat(e["args"]["nation"]), e["args"]["from"], e["args"]["to"], e["args"]["unit"]
        where = f"{S.nkey[x]} {kind} from {S.keys[a]} to {S.keys[b]}"
        if b not in S.adj[a]:
            t.fail(name, f"{where}: not adjacent")
            continue
        if kind == "knight":
            knights = [u for u in t.before["units"][a] if u[_NAT] == x and u[_KIND] == "knight"]
            if knights and all(u[_HIT] for u in knights):
                t.fail("10.2 two-hit units", f"a damaged knight of {S.nkey[x]} retreats (§14.2)")
        if S.is_sea[b]:
            if not any(u[_NAT] == x and u[_KIND] == "fleet" for u in t.before["units"][b]):
                t.fail(name, f"{where}: no own fleet there")
            continue
        if S.is_entry[b] and b not in S.entry_ok[x]:
            t.fail(name, f"{where}: an entry area")
        camp = st.get("camp_nat") == x
        # Units in an entry area are invisible to nations that do not both treat it as a
        # standard area (§10.0 clarification and FAQ).
        others = [
            m
            for m in nations_in(t.before, b)
            if m != x
            and not (camp and st["ruler"][m] == x and not any(True for _ in t.ev("it.submits")))
            and (not S.is_entry[b] or b in S.entry_ok[m])
        ]
        if others:
            t.fail(name, f"{where}: {S.nkey[others[0]]} stands there")
        if kind != "leader" and not arrived_here(t, b) and units(st, b, x) > limit(S, st, b, x) + 1:
            t.fail(name, f"{where}: {units(st, b, x)} units, over the limit + 1 (§8.6)")
        defender = x != t.before["active_nation"]
        origin_ok = S.special[x].get("entry_as_normal", {}).get("retreat_against_origin", False)
        if defender and not t.before["units"][b] and b in t.before["came"][a] and not origin_ok:
            t.fail(name, f"{where}: the defender retreats into the empty area the attackers came from")
        if camp and b in t.before.get("react_from", ()):
            t.fail(name, f"{where}: a reaction started there (§12.3.2.3)")


def supremacy(S: Static, st: State, a: int, x: int, y: int) -> bool:
    """§10.9: a fleet in a sea next to ``a`` and at least twice the enemy's fleets there;
    third nations and fleets that retreated this round do not count."""
    mine = theirs = 0
    for s in S.sea_adj[a]:
        for u in st["units"][s]:
            if u[_KIND] != "fleet" or u[_FL] & _RETR:
                continue
            mine += u[_NAT] == x
            theirs += u[_NAT] == y
    return mine >= 1 and mine >= 2 * theirs


@dataclass
class Battle:
    """One land battle as the events of a transition show it (it may have begun earlier)."""

    area: int
    attacker: int
    defender: int
    raid: bool
    first_round: bool
    events: list[Event] = field(default_factory=list)


def battles_seen(t: Step) -> list[Battle]:
    """The land battles this transition's events belong to, in order: a battle under way in
    the state before, then each one the events open (§10.1; a raid is declared before its
    first roll, in a campaign before the reactions, §12.3.3)."""
    out: list[Battle] = []
    cur: Battle | None = None
    f = frames(t.before, "battle")
    if f:
        b = f[-1]
        cur = Battle(b["a"], b["nation"], b["defender"], bool(b.get("raid")), b.get("rounds", 0) == 0)
        out.append(cur)
    declared = t.before.get("camp_raids") or []
    raids: set[int] = set()  # raids declared by this very action, before their battle opens
    for e in t.events:
        msg = e.get("msg")
        if msg == "it.battle":
            a = e["args"]["area"]
            n, m = t.nat(e["args"]["attacker"]), t.nat(e["args"]["defender"])
            raid = a in raids or (a in declared and t.S.role_of[n] != t.S.role_of[m])
            cur = Battle(a, n, m, raid, True)
            out.append(cur)
        elif msg == "it.raid" and (cur is None or e["args"]["area"] != cur.area):
            raids.add(e["args"]["area"])
            continue
        elif cur is None:
            continue
        elif msg == "it.raid":
            cur.raid = True
        if cur is not None:
            cur.events.append(e)
    return out


def leaders_gone(t: Step, b: Battle, roll: Event) -> list[int]:
    """Leaders per nation that retreated out of ``b``'s area in this transition before
    ``roll``: they give no bonus in that round (§10.2: the +2 goes «a tutte le altre unità della
    sua nazione nell'area di combattimento»; after a round either side may retreat some units,
    a leader too, §10.5)."""
    gone = [0] * t.S.N
    for x in b.events:
        if x is roll:
            break
        if x.get("msg") == "it.retreat" and x["args"]["unit"] == "leader" and x["args"]["from"] == b.area:
            gone[t.nat(x["args"]["nation"])] += 1
    return gone


def check_modifiers(t: Step) -> None:
    """§10.2, §10.3, §10.6, §10.7, §10.9: the modifiers each side rolled with."""
    S = t.S
    for b in battles_seen(t):
        rolls = [e for e in b.events if e.get("msg") == "it.roll"]
        if not rolls:
            continue
        e = rolls[0]
        a, n, m = b.area, b.attacker, b.defender
        if "combat_penalty" in S.special[n] or "combat_penalty" in S.special[m]:
            continue
        f = _battle_frame(t.before, a)
        st = t.before if f is not None and f["nation"] == n and f["defender"] == m else t.after
        if st is t.after and any(
            x.get("msg") in ("it.lost", "it.naval_roll", "it.converted", "it.defects") for x in t.events
        ):
            continue
        name = "10.2 modifiers"
        t.hit(name)
        gone = leaders_gone(t, b, e) if st is t.before else [0] * S.N
        if b.raid:
            want_a = want_d = 0
        else:
            want_a = -(1 if S.rough[a] else 0) - (2 if st["city"][a] == _CITY else 0)
            want_a += 2 * (sum(1 for u in st["units"][a] if u[_NAT] == n and u[_KIND] == "leader") - gone[n])
            want_a += int(supremacy(S, st, a, n, m))
            want_d = 2 * (sum(1 for u in st["units"][a] if u[_NAT] == m and u[_KIND] == "leader") - gone[m])
            want_d += int(supremacy(S, st, a, m, n))
        got = (e["args"]["mod_a"], e["args"]["mod_d"])
        if got != (want_a, want_d):
            t.fail(name, f"battle in {S.keys[a]}: modifiers {got}, the book gives {(want_a, want_d)}")


def check_two_hit(t: Step) -> None:
    """§10.2, §14.2: a two-hit unit that survives is repaired when its battle is over."""
    if frames(t.after, "battle") or t.after["opts"].get("retreat_stays_damaged"):
        return
    name = "10.2 two-hit units"
    t.hit(name)
    for a, lst in enumerate(t.after["units"]):
        for u in lst:
            if u[_KIND] in _LAND and u[_HIT]:
                t.fail(name, f"a damaged {u[_KIND]} of {t.S.nkey[u[_NAT]]} in {t.S.keys[a]} after the battle")


def check_naval(t: Step) -> None:
    """§10.8: only fleets roll in a naval battle (carried units add to their fleet's roll).
    Checked for the battle under way before the transition; once the transition opens a new
    battle in that sea (one ends, the next begins), the fleets that roll are no longer those of
    the state before, and its rolls are left alone."""
    opened: set[int] = set()
    for e in t.events:
        msg = e.get("msg")
        if msg == "it.naval_battle":
            opened.add(e["args"]["area"])
        if msg != "it.naval_roll" or e["args"]["area"] in opened:
            continue
        s = e["args"]["area"]
        f = next((x for x in frames(t.before, "nbattle") if x.get("a") == s), None)
        if f is None:
            continue
        name = "10.8 naval combat"
        t.hit(name)
        fleets = sum(
            1 for u in t.before["units"][s] if u[_KIND] == "fleet" and u[_NAT] in (f["nation"], f["defender"])
        )
        if len(e.get("dice", ())) != fleets:
            t.fail(name, f"{len(e.get('dice', ()))} dice for {fleets} fleets in {t.S.keys[s]}")


def check_pillage(t: Step) -> None:
    """§10.6 and FAQ, §10.7 clarification, §10.6.1."""
    S = t.S
    for e in t.ev("it.pillaged"):
        name = "10.6 pillage"
        t.hit(name)
        a, n = e["args"]["area"], t.nat(e["args"]["nation"])
        prev = t.before["city_holder"][a]
        if t.before["city"][a] != _CITY:
            t.fail(name, f"{S.nkey[n]} pillages {S.keys[a]}, where no city stands")
        elif prev < 0 or S.role_of[prev] == S.role_of[n]:
            holder = S.nkey[prev] if prev >= 0 else "nobody"
            t.fail(name, f"{S.nkey[n]} pillages {S.keys[a]}, last held by {holder} of the same player")
        if a in t.before["raided"]:
            t.fail(name, f"{S.nkey[n]} pillages {S.keys[a]} after raiding it this turn")
    for e in t.ev("it.raided"):
        name = "10.6 pillage"
        t.hit(name)
        a, n = e["args"]["area"], t.nat(e["args"]["nation"])
        f = _battle_frame(t.before, a) or _battle_frame(t.after, a)
        if f is not None and S.role_of[f["defender"]] == S.role_of[n]:
            t.fail(name, f"{S.nkey[n]} raids {S.keys[a]}, a city of its own player")
    for e in t.ev("it.rebuilt"):
        a, n = e["args"]["area"], t.nat(e["args"]["nation"])
        if n != t.before["active_nation"]:
            continue  # the defender's rebuilding right after a raid (§10.7)
        name = "10.6.1 rebuilding"
        t.hit(name)
        if a in t.before["sacked"]:
            t.fail(name, f"{S.nkey[n]} rebuilds {S.keys[a]}, which it sacked this turn")


def check_raid(t: Step) -> None:
    """§10.7: the raid hits no defender; the attacker withdraws."""
    S = t.S
    for b in battles_seen(t):
        if not b.raid:
            continue
        rolled = False
        key = S.nkey[b.defender]
        for e in b.events:
            if e.get("msg") == "it.battle_over":
                break  # what follows is the stacking check after combat (§8.3)
            if e.get("msg") == "it.roll":
                rolled = True
                t.hit("10.7 raid")
            elif (
                rolled
                and e.get("msg") == "it.lost"
                and e["args"]["nation"] == key
                and e["args"]["area"] == b.area
            ):
                t.fail("10.7 raid", f"the raid on {S.keys[b.area]} eliminated a {e['args']['unit']} of {key}")
        done = rolled and _battle_frame(t.after, b.area) is None and not frames(t.after, "retreat")
        if done and units(t.after, b.area, b.attacker) and b.attacker == t.after["active_nation"]:
            t.fail("10.7 raid", f"{S.nkey[b.attacker]} stays in {S.keys[b.area]} after its raid")


# -- §6 income ------------------------------------------------------------------------------------


def rulebook_income(S: Static, st: State, n: int) -> int:
    """§6.1: one gold per held land area and one per held standing city; entry areas only if
    the card says so (FAQ); half (rounded up) for a half income, or for a conditional one
    while the nation holds none of its key areas (table 5.2, §6.1)."""
    held = [
        a
        for a in S.land_ids
        if any(u[_NAT] == n for u in st["units"][a]) and (not S.is_entry[a] or a in S.entry_income[n])
    ]
    gold = len(held) + sum(1 for a in held if st["city"][a] == _CITY)
    kind = S.income_kind[n]
    if kind == "none":
        return 0
    if kind == "half" or (kind == "conditional" and not any(a in S.income_full[n] for a in held)):
        return (gold + 1) // 2
    return gold


def check_income(t: Step) -> None:
    """§6.1, §6.4, §12.5.2, §13.4."""
    S, st = t.S, t.after
    r10 = S.scen_special.get("round_10") is not None and t.before["round"] == st["round"] == S.rounds
    if r10:
        t.hit("13.4 round 10")
        for e in t.ev("it.income", "it.buy", "it.build_city"):
            t.fail("13.4 round 10", f"{e['msg']} of {e['args']['nation']} in round 10")
        for e in t.ev("it.move", "it.sail", "it.land", "it.embark", "it.react_move", "it.react_join"):
            if e["args"]["nation"] not in ("optimates", "populares", "romans"):
                t.fail("13.4 round 10", f"{e['args']['nation']} moves in round 10")
    top = st["flow"][-1]
    for e in t.ev("it.income"):
        n = t.nat(e["args"]["nation"])
        if top.get("s") != "buy" or top.get("nation") != n:
            continue
        name = "6.1 income"
        t.hit(name)
        gold = rulebook_income(S, st, n)
        ruler = st["ruler"][n]
        keep = (gold + 1) // 2 if ruler >= 0 else gold
        if e["args"]["gold"] != keep:
            t.fail(name, f"{S.nkey[n]} collects {e['args']['gold']} gold, the book gives {keep}")
        if ruler >= 0 and gold // 2:
            paid = sum(x["args"]["gold"] for x in t.ev("it.tribute") if x["args"]["nation"] == S.nkey[ruler])
            if paid != gold // 2:
                t.fail(name, f"{S.nkey[n]} pays {paid} gold to {S.nkey[ruler]}, the book gives {gold // 2}")


def check_gold_cap(t: Step) -> None:
    """§6.1: at most 10 gold stay on the income track after a nation's turn."""
    for f in ended(t.before, t.after, "turn"):
        name = "6.1 gold cap"
        t.hit(name)
        n = f["nation"]
        kept = t.after["gold"][n] - tribute_received(t, n)
        if kept > 10:
            t.fail(name, f"{t.S.nkey[n]} keeps {kept} gold after its turn")
    for f in ended(t.before, t.after, "tribute"):
        name = "6.4 tribute over the limit"
        t.hit(name)
        n = f["nation"]
        if t.after["gold"][n] - tribute_received(t, n) > 10:
            t.fail(name, f"{t.S.nkey[n]} keeps {t.after['gold'][n]} gold after its purchase with the tribute")
        bought = sum(1 for e in t.ev("it.buy_pending") if e["args"]["nation"] == t.S.nkey[n])
        if bought > 1:
            t.fail(name, f"{t.S.nkey[n]} buys {bought} units at once with the tribute")


def tribute_received(t: Step, n: int) -> int:
    """Gold paid to ``n`` by its subjects in this transition (§6.4): a ruler's turn may end and a
    subject's begin in one transition, and the tribute may take the ruler over 10 until it
    has bought its one unit at once («può acquistare subito una nuova unità militare»)."""
    return sum(e["args"]["gold"] for e in t.ev("it.tribute") if e["args"]["nation"] == t.S.nkey[n])


# -- §11 victory points ------------------------------------------------------------------------


def check_vp(t: Step) -> None:
    """§11.0, §12.5.2 and FAQ, §13.3 clarification."""
    S, b, a = t.S, t.before, t.after
    gains = [0] * S.N
    halved: dict[int, int] = {}
    name = "11.0 victory points"
    r10 = S.scen_special.get("round_10")
    for e in t.ev("it.vp", "it.score", "it.vp_halved"):
        n = t.nat(e["args"]["nation"])
        half = round(e["args"]["vp"] * 2)
        if e["msg"] == "it.vp_halved":
            halved[n] = halved.get(n, 0) + half
            continue
        gains[n] += half
        if e["msg"] == "it.score":
            # §11.0: at the end of rounds 3, 5, 7, 9 (Italia I) or 3, 5, 8, 10 (Italia II), and of
            # any other round the nation's card scores (the score pad, §2.5; example 2 of §11.0).
            r = e["args"]["round"]
            rounds = (3, 5, 7, 9) if S.key == "italia-i" else (3, 5, 8, 10)
            if r not in rounds and r not in S.scoring[n]:
                t.fail(name, f"{S.nkey[n]} scores areas in round {r}")
            if frames(a, "turn") and a["round"] == r:
                t.fail(name, f"{S.nkey[n]} scores areas before round {r} is over")
        rnd = e["args"]["round"] if e["msg"] == "it.score" else b["round"]
        faction = S.nkey[n] in ("optimates", "populares", "romans")
        if r10 is not None and rnd == S.rounds and not faction and half:
            t.fail("13.4 round 10", f"{S.nkey[n]} scores {half / 2} VP in round 10")
    for n in range(S.N):
        delta = (a["vp"][n] + a["vp_submitted"][n]) - (b["vp"][n] + b["vp_submitted"][n])
        if not gains[n] and not delta and n not in halved:
            continue
        t.hit(name)
        lost = gains[n] - delta
        if n not in halved:
            if lost:
                t.fail(name, f"{S.nkey[n]}'s VP change by {delta / 2} with {gains[n] / 2} VP in events")
            continue
        got = halved[n]
        owed = got + lost  # the subject's half points before halving
        # Half, rounded up to the whole point (FAQ: «l'arrotondamento di "mezzi punti vittoria"
        # viene sempre fatto al punto»): half a point earned is worth a whole one kept.
        if owed <= 0 or got != 2 * -((-owed) // 4):
            t.fail(name, f"{S.nkey[n]} keeps {got / 2} of {owed / 2} VP as a subject (half, rounded up)")


# -- §12, §13 ------------------------------------------------------------------------------------


def check_submission(t: Step) -> None:
    """§12.5.1, §12.5.2, §12.3.2.4."""
    S = t.S
    name = "12.5.1 submission"
    for e in t.ev("it.submits"):
        t.hit(name)
        m, n = t.nat(e["args"]["nation"]), t.nat(e["args"]["ruler"])
        terms = S.submission[m].get(n)
        held = sum(
            1 for a in S.land_ids if any(u[_NAT] == m for u in t.before["units"][a]) and not S.is_entry[a]
        )
        if terms is None:
            t.fail(name, f"{S.nkey[m]} submits to {S.nkey[n]}, which its card does not allow")
            continue
        _must, may, rounds = terms
        if held > may or (rounds and t.after["round"] not in rounds):
            t.fail(name, f"{S.nkey[m]} submits to {S.nkey[n]} holding {held} areas (at most {may})")
        if not frames(t.after, "retreat"):
            for a in S.land_ids:
                if {m, n} <= nations_in(t.after, a):
                    t.fail(name, f"{S.nkey[n]} stays in {S.keys[a]} with its new subject")
    for e in t.ev("it.roll"):
        a = e["args"]["area"]
        f = _battle_frame(t.before, a)
        if f is not None and f.get("rounds", 0) > 0:
            continue
        n, m = t.nat(e["args"]["attacker"]), t.nat(e["args"]["defender"])
        terms = S.submission[m].get(n)
        if terms is None or t.before["ruler"][m] == n:
            continue
        must, _may, rounds = terms
        if rounds and t.before["round"] not in rounds:
            continue
        t.hit(name)
        held = sum(
            1 for x in S.land_ids if any(u[_NAT] == m for u in t.before["units"][x]) and not S.is_entry[x]
        )
        if held <= must and not any(True for _ in t.ev("it.submits")):
            t.fail(name, f"{S.nkey[m]} holds {held} areas and must submit to {S.nkey[n]}, yet they fight")


def check_roma(t: Step) -> None:
    """§13.1: at the start of the Roman turn in rounds 1-9 of Italia I, before the Romans'
    income, every other nation's unit has left Roma and its city stands again."""
    S, st = t.S, t.after
    if S.key != "italia-i" or not 1 <= st["round"] <= 9:
        return
    romans = t.nat("romans")
    for e in t.ev("it.income"):
        if t.nat(e["args"]["nation"]) != romans:
            continue
        name = "13.1 Roma"
        t.hit(name)
        roma = S.area("roma")
        if nations_in(st, roma) - {romans}:
            t.fail(name, "other nations' units stand in Roma at the start of the Roman turn")
        if st["city"][roma] != _CITY:
            t.fail(name, "Roma's city is not standing at the start of the Roman turn")


def check_placement(t: Step) -> None:
    """§7.1 and FAQ, §8.2."""
    S = t.S
    name = "7.1 placement"
    f = next(iter(frames(t.before, "place")), None)
    for e in t.ev("it.place"):
        t.hit(name)
        n, kind, a = t.nat(e["args"]["nation"]), e["args"]["unit"], e["args"]["area"]
        where = f"{S.nkey[n]} places a bought {kind} in {S.keys[a]}"
        held = [x for x in S.land_ids if any(u[_NAT] == n for u in t.before["units"][x])]
        if kind == "fleet":
            seas = S.special[n].get("fleet_placement", {}).get("seas")
            ok = (S.area(k) for k in seas) if seas else ()
            if not S.is_sea[a] or (a not in ok and not any(x in held for x in S.adj[a])):
                t.fail(name, f"{where}: not a sea next to an area it holds")
            continue
        if S.is_sea[a]:
            t.fail(name, f"{where}: land units are never placed at sea (FAQ)")
        elif a not in held:
            t.fail(name, f"{where}: an area it does not hold")
        elif f is not None and a in f.get("used", ()) and len(held) > 1:
            t.fail(name, f"{where}: a second new unit in one area")


def check_reinforcement_leaders(t: Step) -> None:
    """§7.2 and its clarification: «se i rinforzi arrivano con un leader devono essere piazzati
    tutti nella stessa area in cui viene piazzato il leader»; the two Roman leaders of round 3 may
    stand in two areas, «e le unità che li accompagnano possono essere distribuite liberamente tra
    queste due aree».

    One action may place the end of one reinforcement and whole later ones: the events of each
    later one start with its announcement (``it.reinforcements``) and its leaders come first."""
    S = t.S
    name = "7.2 reinforcements with a leader"
    top = t.before["flow"][-1]
    rf = S.reinf[top["nation"]][t.before["round"]][top["i"]] if top.get("s") == "reinf" else None
    leaders: list[str] = list(rf.leaders) if rf is not None and not rf.where.distribute else []
    for e in t.events:
        msg = e.get("msg")
        if msg == "it.reinforcements":
            leaders, rf = [], None
        elif msg == "it.arrive_leader" and rf is None:
            leaders.append(e["args"]["leader"])
            spread = [
                r
                for r in S.reinf[t.nat(e["args"]["nation"])].get(t.before["round"], ())
                if r.where.distribute
            ]
            if any(set(leaders) <= set(r.leaders) for r in spread):
                leaders = []  # the card's own exception (the Vandals, the Ostrogoths in round 6)
        elif msg == "it.arrive":
            homes = {leader_area(t.after, k) for k in leaders} - {-1}
            if not homes:  # no leader, or none could be placed: the card's areas alone rule
                continue
            t.hit(name)
            a, kind = e["args"]["area"], e["args"]["unit"]
            near = homes | ({x for h in homes for x in S.adj[h]} if kind == "fleet" else set())
            if a not in near:
                where = ", ".join(S.keys[h] for h in sorted(homes))
                t.fail(
                    name,
                    f"{e['args']['nation']} {kind} arrives in {S.keys[a]}, not with its leaders ({where})",
                )


CHECK_STEP: tuple[Callable[[Step], None], ...] = (
    check_stack_after_move,
    check_attack_in_combat,
    check_stack_after_combat,
    check_overrun,
    check_embark,
    check_entry_areas,
    check_retreats,
    check_modifiers,
    check_two_hit,
    check_naval,
    check_pillage,
    check_raid,
    check_income,
    check_gold_cap,
    check_vp,
    check_submission,
    check_roma,
    check_placement,
    check_reinforcement_leaders,
)


def check_step(
    S: Static,
    before: State,
    role: str,
    action: Action,
    after: State,
    events: list[Event],
    seen: dict[str, int] | None = None,
) -> list[str]:
    """Every rulebook invariant of one transition; ``seen`` counts the checks that applied."""
    t = Step(S, before, role, tuple(action), after, events, seen if seen is not None else {})
    for check in CHECK_STEP:
        check(t)
    return t.bad
