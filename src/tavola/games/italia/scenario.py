"""Static data of one game, compiled once from the board and the nation cards.

The rules read the board and the cards only through :class:`Static`: tuples indexed by area id
or nation index, built at import, so nothing is looked up by name while a game runs.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from tavola.games.italia.board import Board, load_board
from tavola.games.italia.cards import (
    Nation,
    Reinforcement,
    Scenario,
    ScoringRound,
    TurnSpec,
    VPEvent,
)
from tavola.games.italia.const import FLEET, LAND_KINDS, LEADER
from tavola.games.italia.loader import load_scenario


class Static:
    """Everything about a game that never changes while it is played."""

    def __init__(self, key: str) -> None:
        b: Board = load_board()
        sc: Scenario = load_scenario(key)
        self.key = key
        self.board = b
        self.sc = sc
        self._board(b)
        self._units(sc)
        self._nations(sc.nations)
        self._cards(sc.nations)
        self._entry_areas()
        # The most a leader can travel with units: the fastest land unit plus the leader's bonus.
        self.leader_mp = tuple(
            max([self.leader_move] + [self.move[k] + self.leader_extra for k in c if k in LAND_KINDS])
            for c in self.counters
        )
        self.fleet_move = self.move.get(FLEET, 2)

    def _board(self, b: Board) -> None:
        """The map (§2.2): areas by id, their terrain, limits and neighbours."""
        self.A = len(b.areas)
        areas = b.areas
        self.keys = b.keys
        self.is_sea = tuple(a.is_sea for a in areas)
        self.is_entry = tuple(a.is_entry for a in areas)
        self.is_land = tuple(not a.is_sea for a in areas)
        self.highland = tuple(a.highland for a in areas)
        self.rough = tuple(a.rough for a in areas)
        self.city_ok = tuple(a.city_allowed for a in areas)
        self.base_limit = tuple(a.stack_limit for a in areas)
        self.land_adj = b.land_adj
        self.sea_adj = b.sea_adj
        self.coasts = b.coasts
        self.adj = b.adj
        self.straits = frozenset(tuple(sorted(s)) for s in b.straits)
        # per area, the areas across a strait from it (§9.4)
        self.strait_to = tuple(
            frozenset(y if x == a else x for x, y in self.straits if a in (x, y)) for a in range(self.A)
        )
        self.land_ids = tuple(i for i in range(self.A) if not self.is_sea[i])
        self.sea_ids = tuple(i for i in range(self.A) if self.is_sea[i])
        self.entry_ids = tuple(i for i in range(self.A) if self.is_entry[i])
        self.regions = b.regions

    def _units(self, sc: Scenario) -> None:
        """Units (§2.2.1, §6.2, §10.2 as printed in the scenario file), costs and rounds."""
        self.kinds = tuple(sc.units)
        self.move: dict[str, int] = {k: u.move for k, u in sc.units.items()}
        self.to_hit: dict[str, int] = {k: u.to_hit for k, u in sc.units.items()}
        self.hits: dict[str, int] = {k: u.hits for k, u in sc.units.items()}
        self.cost: dict[str, int] = {k: u.cost for k, u in sc.units.items()}
        self.leader_move = sc.leader_stats.move
        self.leader_bonus = sc.leader_stats.combat_bonus
        self.leader_extra = sc.leader_stats.extra_move
        self.costs = sc.costs
        self.scoring_rounds = sc.scoring_rounds
        self.rounds = sc.rounds
        self.scen_special: dict[str, dict[str, Any]] = {k: dict(v.params) for k, v in sc.special.items()}

    def _nations(self, nations: tuple[Nation, ...]) -> None:
        """Nations, indexed by their position (order of play, round-10 factions last), their
        players (§2.3), counters and leaders."""
        self.nations = nations
        self.N = len(nations)
        self.nkey = tuple(n.key for n in nations)
        self.nidx = {n.key: i for i, n in enumerate(nations)}
        self.roles = self.sc.roles
        self.role_of: tuple[str, ...] = tuple(n.colour for n in nations)
        self.nations_of = {r: tuple(i for i in range(self.N) if self.role_of[i] == r) for r in self.roles}
        self.order = tuple(i for i, n in enumerate(nations) if n.order is not None)
        self.factions = tuple(i for i, n in enumerate(nations) if n.order is None)
        self.first_round = tuple(n.rounds[0] for n in nations)
        self.last_round = tuple(n.rounds[1] for n in nations)
        self.counters: tuple[dict[str, int], ...] = tuple(dict[str, int](n.counters.items()) for n in nations)
        self.leader_owner: dict[str, int] = {}
        self.leader_name: dict[str, str] = {}
        for i, n in enumerate(nations):
            for lead in n.leaders:
                self.leader_owner[lead.key] = i
                self.leader_name[lead.key] = lead.name

    def _cards(self, nations: tuple[Nation, ...]) -> None:
        """What each nation card says, by round: special rules, income, reinforcements, special
        turns, scoring, VP events, submission, revolts and transformations."""
        self.special: tuple[dict[str, dict[str, Any]], ...] = tuple(
            {s.key: dict(s.params) for s in n.special} for n in nations
        )
        self.income_kind = tuple(n.income.kind for n in nations)
        self.income_full = tuple(frozenset(n.income.full_if_controls_ids) for n in nations)
        self.capital_fixed = tuple(n.capital_id for n in nations)
        self.start_gold = tuple(n.gold for n in nations)
        self.reinf: tuple[dict[int, tuple[Reinforcement, ...]], ...] = tuple(
            {r: tuple(x for x in n.reinforcements if x.round == r) for r in range(1, 11)} for n in nations
        )
        self.turn: tuple[dict[int, TurnSpec], ...] = tuple({t.round: t for t in n.turns} for n in nations)
        self.scoring: tuple[dict[int, ScoringRound], ...] = tuple(
            {s.round: s for s in n.scoring} for n in nations
        )
        self.vp_events: tuple[dict[str, tuple[VPEvent, ...]], ...] = tuple(
            {t: tuple(e for e in n.vp_events if e.trigger == t) for t in {e.trigger for e in n.vp_events}}
            for n in nations
        )
        # Submission terms: subject -> {ruler: (must, may, rounds)} (§12.5.1).
        self.submission: tuple[dict[int, tuple[int, int, frozenset[int]]], ...] = tuple(
            {
                self.nidx[s.to]: (
                    -1 if s.must_at_most is None else s.must_at_most,
                    max(
                        -1 if s.must_at_most is None else s.must_at_most,
                        -1 if s.may_at_most is None else s.may_at_most,
                    ),
                    frozenset(s.rounds),
                )
                for s in n.submission
            }
            for n in nations
        )
        self.revolts = tuple(tuple(n.revolts) for n in nations)
        self.transforms: dict[int, list[tuple[int, int, str]]] = {}
        for i, n in enumerate(nations):
            for t in n.transforms:
                self.transforms.setdefault(t.round, []).append((i, self.nidx[t.into], t.units))

    def _entry_areas(self) -> None:
        """Entry areas a nation treats as normal areas (card rule, §9.2, §10.0)."""
        self.entry_ok = tuple(
            frozenset(self.board.index[a] for a in sp.get("entry_as_normal", {}).get("areas", ()))
            for sp in self.special
        )
        # §6.1 FAQ: an entry area pays income only where the card says so.
        self.entry_income = tuple(
            self.entry_ok[i] if sp.get("entry_as_normal", {}).get("income") else frozenset()
            for i, sp in enumerate(self.special)
        )
        self.entry_pass = tuple(
            frozenset(self.board.index[a] for a in sp.get("entry_passage", {}).get("areas", ()))
            | self.entry_ok[i]
            for i, sp in enumerate(self.special)
        )

    # -- small helpers --------------------------------------------------------------------
    def area(self, key: str) -> int:
        return self.board.id(key)

    def nation(self, key: str) -> int:
        return self.nidx[key]

    def unit_move(self, kind: str, n: int) -> int:
        if kind == LEADER:
            return self.leader_mp[n]
        return self.move[kind]

    def is_strait(self, a: int, b: int) -> bool:
        return b in self.strait_to[a]

    def limit(self, a: int) -> int:
        return self.base_limit[a]


@cache
def static(key: str) -> Static:
    """The compiled static data of ``italia-i`` or ``italia-ii`` (built once)."""
    return Static(key)
