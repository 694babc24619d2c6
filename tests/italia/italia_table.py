"""Helpers for the Italia rule tests: a table on the real board where a test puts pieces,
starts a step of the sequence of play and plays actions; loaded dice."""

from __future__ import annotations

from collections import Counter
from typing import Any

from tavola.core import flow
from tavola.games.italia import RULES_I, RULES_II, model
from tavola.games.italia.const import CITY, EXT, FLEET, KIND, LEADER, NAT, RUIN
from tavola.games.italia.flow import FLOW
from tavola.games.italia.sequence import new_state

HALT = "over"
"""The bottom frame of a table: the table's final frame, where nobody is asked anything."""


class Table:
    """An empty board of one game; tests place pieces and drive the rules."""

    def __init__(
        self, game: str = "italia-i", round_: int = 1, options: dict[str, Any] | None = None
    ) -> None:
        self.R = RULES_I if game == "italia-i" else RULES_II
        self.S = self.R.S
        opts = {o.name: o.default for o in self.R.scenarios()[0].options}
        opts.update(options or {})
        st = new_state(self.S, opts, 0)
        st["units"] = [[] for _ in range(self.S.A)]
        st["city"] = [0] * self.S.A
        st["city_holder"] = [-1] * self.S.A
        st["leaders_leave"] = {}
        st["gold"] = [0] * self.S.N
        st["flow"] = [{"s": HALT}]
        st["round"] = round_
        model.reindex(self.S, st)
        self.st = st
        self.events: list[dict[str, Any]] = []

    # -- names ---------------------------------------------------------------------------
    def a(self, key: str) -> int:
        return self.S.area(key)

    def n(self, key: str) -> int:
        return self.S.nation(key)

    def role(self, nation: str) -> str:
        return self.S.role_of[self.n(nation)]

    # -- pieces --------------------------------------------------------------------------
    def put(self, area: str, nation: str, kind: str, count: int = 1, leader: str | None = None) -> list[Any]:
        out = []
        for _ in range(count):
            out.append(model.add_unit(self.S, self.st, self.a(area), self.n(nation), kind, leader))
        return out

    def spread(self, nation: str, *areas: str) -> None:
        """One infantry of ``nation`` in each area: enough land to stay clear of submission."""
        for a in areas:
            self.put(a, nation, "infantry")

    def leader(self, area: str, nation: str, key: str) -> list[Any]:
        return self.put(area, nation, LEADER, 1, key)[0]

    def board_fleet(self, sea: str, nation: str, kind: str, count: int = 1) -> None:
        """Put land units aboard the first fleet of ``nation`` in ``sea``."""
        fl = next(u for u in self.st["units"][self.a(sea)] if u[NAT] == self.n(nation) and u[KIND] == FLEET)
        for _ in range(count):
            model.board(self.st, self.a(sea), fl, model.new_unit(self.S, self.n(nation), kind))

    def city(self, area: str, owner: str | None = None, ruin: bool = False) -> None:
        a = self.a(area)
        self.st["city"][a] = RUIN if ruin else CITY
        if owner:
            self.st["city_holder"][a] = self.n(owner)

    def units(self, area: str, nation: str | None = None) -> Counter[str]:
        c: Counter[str] = Counter()
        for u in self.st["units"][self.a(area)]:
            if nation is None or u[NAT] == self.n(nation):
                c[u[EXT] if u[KIND] == LEADER else u[KIND]] += 1
        return c

    def cargo(self, sea: str, nation: str) -> Counter[str]:
        c: Counter[str] = Counter()
        for u in self.st["units"][self.a(sea)]:
            if u[KIND] == FLEET and u[NAT] == self.n(nation):
                for x in u[EXT]:
                    c[x[KIND]] += 1
        return c

    # -- playing -------------------------------------------------------------------------
    def begin(self, nation: str) -> None:
        """Make ``nation`` the one whose turn it is."""
        self.st["active_nation"] = self.n(nation)

    def move_phase(self, nation: str, **kw: Any) -> None:
        from tavola.games.italia import movement

        self.begin(nation)
        model.reset_moves(self.S, self.st, self.n(nation))
        movement.start_move(self.S, self.st, self.n(nation), kw.pop("mode", "normal"), **kw)
        FLOW.advance(self.st, self.events)

    def push(self, step: str, **local: Any) -> None:
        flow.push(self.st, step, **local)
        FLOW.advance(self.st, self.events)

    def active(self) -> list[str]:
        return self.R.active_roles(self.st)

    def legal(self, role: str | None = None) -> list[tuple[Any, ...]]:
        """Legal actions of ``role`` (the first active role); none once the step is over."""
        if role is None:
            act = self.active()
            if not act:
                return []
            role = act[0]
        return self.R.legal_actions(self.st, role)

    def can(self, *action: Any, role: str | None = None) -> bool:
        return tuple(action) in self.legal(role)

    def act(self, *action: Any, role: str | None = None) -> list[dict[str, Any]]:
        role = role or self.active()[0]
        legal = self.R.legal_actions(self.st, role)
        assert tuple(action) in legal, f"{action} not legal for {role} in {self.st['flow'][-1]}: {legal}"
        ev = self.R.apply(self.st, role, tuple(action))
        self.events.extend(ev)
        return ev

    def step(self) -> str:
        return self.st["flow"][-1]["s"]

    def go(self, *areas: str) -> None:
        """Choose each of ``areas`` in turn (an ``area`` action each): move on, land, retreat."""
        for key in areas:
            self.act("area", self.a(key))

    def march(
        self,
        start: str,
        kinds: list[str],
        path: tuple[str, ...] | list[str] = (),
        leaders: tuple[str, ...] = (),
    ) -> None:
        """Select a group in ``start`` (its leaders, then its units) and move it into each area
        of ``path``; the group stays open (``walk`` ends it)."""
        self.act("area", self.a(start))
        for k in leaders:
            self.act("leader", k)
        for k in kinds:
            self.act("unit", k)
        self.go(*path)

    def walk(
        self, nation: str, start: str, kinds: list[str], path: list[str], leaders: tuple[str, ...] = ()
    ) -> None:
        """Select a group in ``start`` and walk it along ``path``; ends the group."""
        self.march(start, kinds, path, leaders)
        f = self.st["flow"][-1]
        if f["s"] == "move" and f["group"] >= 0:  # the group may have ended by itself
            self.act("done")

    def walked_in(self, nation: str, start: str, kinds: list[str], path: list[str]) -> None:
        """A movement phase of ``nation`` in which one group walks from ``start`` along ``path``;
        the phase is then cut short (back to the bottom frame), ready for a combat phase."""
        self.move_phase(nation)
        self.walk(nation, start, kinds, path)
        self.st["flow"] = [{"s": HALT}]

    def areas(self, role: str | None = None) -> set[int]:
        """The areas ``role`` (the first active role) may choose now: its ``area`` actions."""
        return {x[1] for x in self.legal(role) if x[0] == "area"}

    def fight(self, attacker: str, mode: str = "normal") -> None:
        """Start the combat phase of ``attacker``."""
        from tavola.games.italia import combat

        self.begin(attacker)
        combat.start_combat(self.S, self.st, self.n(attacker), mode)
        FLOW.advance(self.st, self.events)

    def campaign(self, nation: str, leader: str, gold: int = 0) -> None:
        """Start the campaign of ``nation`` led by ``leader`` (``gold`` as the rules pass it)."""

        self.begin(nation)
        model.start_campaign(self.S, self.st, self.n(nation), leader, gold)
        FLOW.advance(self.st, self.events)

    def vp(self, nation: str) -> float:
        return self.st["vp"][self.n(nation)] / 2


class Dice:
    """Loaded dice: every roll of the rules takes the next value of the queue."""

    def __init__(self) -> None:
        self.queue: list[int] = []

    def load(self, *values: int) -> None:
        self.queue.extend(values)

    def __call__(self, st: Any) -> int:
        assert self.queue, "the rules rolled more dice than the test loaded"
        return self.queue.pop(0)


# -- set pieces shared by several chapters -------------------------------------------------


def fabius_army(t: Table, legions: int, gold: int) -> None:
    """Round 2; Fabius and ``legions`` legions in Roma, ``gold`` in the Roman treasury: the
    army of the campaign examples."""
    t.st["round"] = 2
    t.leader("roma", "romans", "fabius")
    t.put("roma", "romans", "legion", legions)
    t.st["gold"][t.n("romans")] = gold


def fabius_campaign(t: Table, to: str | None = None) -> None:
    """The Romans start Fabius's campaign and pay for its first move; with ``to``, Fabius leads
    every legion in Roma there (the move ends)."""
    t.campaign("romans", "fabius")
    t.act("campaign")
    if to is not None:
        legions = t.units("roma", "romans")["legion"]
        t.walk("romans", "roma", ["legion"] * legions, [to], leaders=("fabius",))


def allied_city_in_samnium(t: Table, start: str) -> None:
    """A Samnite city in Samnium with a Samnite infantry, the Samnites being Rome's subjects; in
    the Roman movement phase a legion in ``start`` is picked (the group stays open)."""
    t.put(start, "romans", "legion")
    t.put("samnium", "samnites", "infantry")
    t.city("samnium", owner="samnites")
    t.st["ruler"][t.n("samnites")] = t.n("romans")
    t.move_phase("romans")
    t.march(start, ["legion"])


def greeks_face_a_retreat_from_apulia(
    t: Table, dice: Dice, infantry: int, aboard: int = 0, fleets: tuple[tuple[str, int], ...] = ()
) -> None:
    """Greek infantry in Apulia, a Greek fleet in the Mare Hadriaticum (``aboard`` infantry
    already on it, then the ``fleets`` of other nations there); two Roman legions attack, every
    die misses, the Romans stay: the Greeks are to retreat."""
    t.put("apulia", "greeks", "infantry", infantry)
    t.put("apulia", "romans", "legion", 2)
    t.put("mare_hadriaticum", "greeks", "fleet", 1)
    if aboard:
        t.board_fleet("mare_hadriaticum", "greeks", "infantry", aboard)
    for nation, count in fleets:
        t.put("mare_hadriaticum", nation, "fleet", count)
    dice.load(*[1] * (infantry + 2))
    t.fight("romans")
    t.act("done")  # the Romans stay
