"""Loading Italia's scenario files (``data/italia_i.yaml``, ``data/italia_ii.yaml``): each item
validated by the card models of :mod:`.cards`, then every cross-reference checked against the
board and the other cards (areas, regions, leaders, nations, rounds), and the names resolved to
board ids. A fault raises :class:`DataError` naming the file and the item."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from tavola.core.errors import DataError
from tavola.games.italia.board import DATA_DIR, Board, load_board, read_yaml, validated
from tavola.games.italia.cards import Nation, Scenario, ScenarioFile, half_points

SCENARIO_FILES = {"italia-i": "italia_i.yaml", "italia-ii": "italia_ii.yaml"}


# ---------------------------------------------------------------------------------------------
# Loading and cross-checks against the board
# ---------------------------------------------------------------------------------------------


class _Checker:
    def __init__(self, board: Board, fname: str) -> None:
        self.board = board
        self.fname = fname

    def fail(self, where: str, msg: str) -> DataError:
        return DataError(f"{self.fname}: {where}: {msg}")

    def area(self, where: str, key: str) -> int:
        i = self.board.index.get(key)
        if i is None:
            raise self.fail(where, f"unknown area {key!r}")
        return i

    def ids(self, where: str, key: str) -> frozenset[int]:
        """An area key or a region name -> area ids."""
        if key in self.board.index:
            return frozenset((self.board.index[key],))
        if key in self.board.regions:
            return self.board.regions[key]
        raise self.fail(where, f"unknown area or region {key!r}")

    def region(self, where: str, key: str) -> frozenset[int]:
        if key not in self.board.regions:
            raise self.fail(where, f"unknown region {key!r}")
        return self.board.regions[key]

    def half(self, where: str, vp: float) -> int:
        """Victory points as half points, or a fault naming the item."""
        try:
            return half_points(vp)
        except ValueError as exc:
            raise self.fail(where, str(exc)) from None

    def vp_map(self, where: str, vp: dict[str, float], cities: bool = False) -> dict[int, int]:
        """Area id -> half VP. For city VP a region keeps only areas where a city may stand,
        and naming a no-city area is an error."""
        out: dict[int, int] = {}
        # regions first so that an explicit area key overrides its region's value
        for key in sorted(vp, key=lambda k: k in self.board.index):
            half = self.half(where, vp[key])
            found = self.ids(f"{where}.{key}", key)
            if cities:
                if key in self.board.index and not self.board.areas[self.board.index[key]].city_allowed:
                    raise self.fail(f"{where}.{key}", "no city may be built in this area (§2.2.1.9)")
                found = frozenset(i for i in found if self.board.areas[i].city_allowed)
            for i in found:
                out[i] = half
        return out


def _resolve(spec: ScenarioFile, board: Board, fname: str) -> ScenarioFile:
    """Check every cross-reference and fill the resolved id fields (models are frozen, so this
    builds updated copies)."""
    c = _Checker(board, fname)
    _check_nations_and_players(c, spec)
    nations = [_resolve_nation(c, spec, n) for n in spec.nations]
    # leaders referenced across nations (VP for killing a named leader)
    all_leaders = {lead.key for n in spec.nations for lead in n.leaders}
    for n in nations:
        for i, e in enumerate(n.vp_events):
            for k in e.leaders:
                if k not in all_leaders:
                    raise c.fail(f"nations ({n.key}).vp_events[{i}]", f"unknown leader {k!r}")
    return spec.model_copy(update={"nations": nations})


def _check_nations_and_players(c: _Checker, spec: ScenarioFile) -> None:
    """§2.3, §5.0: nations with unique keys, the order of play, each nation one player's."""
    nation_keys = [n.key for n in spec.nations]
    if len(set(nation_keys)) != len(nation_keys):
        raise c.fail("nations", "duplicate nation key")
    known = set(nation_keys)
    if sorted(spec.order_of_play) != sorted(n.key for n in spec.nations if n.order is not None):
        raise c.fail("order_of_play", "must list exactly the nations that have an order position")
    for pos, key in enumerate(spec.order_of_play, 1):
        nation = next(n for n in spec.nations if n.key == key)
        if nation.order != pos:
            raise c.fail(f"nations ({key})", f"order {nation.order} but position {pos} in order_of_play")
    seen_players: set[str] = set()
    for p in spec.players:
        for n in p.nations:
            if n not in known:
                raise c.fail(f"players ({p.colour})", f"unknown nation {n!r}")
            if n in seen_players:
                raise c.fail(f"players ({p.colour})", f"nation {n!r} belongs to two players")
            seen_players.add(n)
    if seen_players != known:
        raise c.fail("players", f"nations without a player: {sorted(known - seen_players)}")
    for r in spec.scoring_rounds:
        if not 1 <= r <= spec.rounds:
            raise c.fail("scoring_rounds", f"round {r} outside 1..{spec.rounds}")


class _Card:
    """The checks of one nation card: its own leaders and counters, where its items are."""

    def __init__(self, c: _Checker, spec: ScenarioFile, n: Nation) -> None:
        self.c = c
        self.n = n
        self.where = f"nations ({n.key})"
        self.known = {x.key for x in spec.nations}
        self.leaders = {lead.key for lead in n.leaders}

    def leaders_ok(self, w: str, keys: list[str]) -> None:
        for k in keys:
            if k not in self.leaders:
                raise self.c.fail(w, f"unknown leader {k!r} (not among the nation's counters)")

    def units_ok(self, w: str, units: dict[str, int]) -> None:
        for unit in units:
            if self.n.counters.get(unit, 0) == 0:
                raise self.c.fail(w, f"the nation has no {unit} counters")

    def in_rounds(self, w: str, round_: int) -> None:
        if not self.n.rounds[0] <= round_ <= self.n.rounds[1]:
            raise self.c.fail(w, f"outside the nation's rounds {self.n.rounds}")


def _resolve_nation(c: _Checker, spec: ScenarioFile, n: Nation) -> Nation:
    """One nation card (§2.3): its player's colour, counters and leaders, then each part."""
    card = _Card(c, spec, n)
    where = card.where
    player = next(p for p in spec.players if n.key in p.nations)
    if player.colour != n.colour:
        raise c.fail(where, f"colour {n.colour} but it belongs to the {player.colour} player")
    if len(card.leaders) != len(n.leaders):
        raise c.fail(where, "duplicate leader key")
    for unit in n.counters:
        if unit not in spec.units:
            raise c.fail(f"{where}.counters", f"unit type {unit!r} does not exist in this scenario")
    upd: dict[str, Any] = {}
    upd["income"] = n.income.model_copy(
        update={
            "full_if_controls_ids": tuple(
                sorted(set().union(*[c.ids(f"{where}.income", k) for k in n.income.full_if_controls]))
            )
            if n.income.full_if_controls
            else ()
        }
    )
    if n.capital is not None:
        upd["capital_id"] = c.area(f"{where}.capital", n.capital)
    upd["setup"] = _setup(card)
    upd["reinforcements"] = _reinforcements(card)
    _turns(card)
    upd["scoring"] = _scoring(card)
    upd["vp_events"] = _vp_events(card)
    _relations(card)
    return n.model_copy(update=upd)


def _setup(card: _Card) -> list[Any]:
    """§3.0: the starting units, fleets at sea, cities where a city may stand."""
    c, board = card.c, card.c.board
    setup = []
    for i, p in enumerate(card.n.setup):
        w = f"{card.where}.setup[{i}] ({p.area})"
        aid = c.area(w, p.area)
        if board.areas[aid].is_sea and set(p.units) - {"fleet"}:
            raise c.fail(w, "only fleets may start in a sea area")
        if not board.areas[aid].is_sea and "fleet" in p.units:
            raise c.fail(w, "fleets start in sea areas")
        if p.city and not board.areas[aid].city_allowed:
            raise c.fail(w, "no city may be built in this area (§2.2.1.9)")
        card.units_ok(w, p.units)
        card.leaders_ok(w, p.leaders)
        setup.append(p.model_copy(update={"area_id": aid}))
    return setup


def _reinforcements(card: _Card) -> list[Any]:
    """§7.2: each round's reinforcements and the areas where they may appear."""
    c, board = card.c, card.c.board
    reinf = []
    for i, r in enumerate(card.n.reinforcements):
        w = f"{card.where}.reinforcements[{i}] (round {r.round})"
        card.in_rounds(w, r.round)
        card.units_ok(w, {**r.units, **r.top_up})
        card.leaders_ok(w, r.leaders)
        ids: set[int] = set()
        for a in r.where.areas:
            ids.add(c.area(w, a))
        if r.where.region:
            region = c.region(w, r.where.region)
            ids |= region
            if r.where.adjacent:
                for a in region:
                    ids.update(board.adj[a])
        for a in sorted(ids):
            if board.areas[a].is_sea and set(r.units) - {"fleet"} and r.where.rule in ("area",):
                raise c.fail(w, "land units cannot appear in a sea area")
        reinf.append(
            r.model_copy(update={"where": r.where.model_copy(update={"area_ids": tuple(sorted(ids))})})
        )
    return reinf


def _turns(card: _Card) -> None:
    """§12: one special turn (invasion, campaign) a round at most, in the nation's rounds."""
    rounds_seen: set[int] = set()
    for i, t in enumerate(card.n.turns):
        w = f"{card.where}.turns[{i}] (round {t.round})"
        if t.round in rounds_seen:
            raise card.c.fail(w, "two special turns in one round")
        rounds_seen.add(t.round)
        card.in_rounds(w, t.round)
        if t.leader:
            card.leaders_ok(w, [t.leader])


def _scoring(card: _Card) -> list[Any]:
    """§11.0: the VP of areas, cities and regions in each scoring round."""
    c = card.c
    scoring = []
    for i, s in enumerate(card.n.scoring):
        w = f"{card.where}.scoring[{i}] (round {s.round})"
        regions = []
        for j, rv in enumerate(s.regions):
            ww = f"{w}.regions[{j}] ({rv.region})"
            ids_r = c.region(ww, rv.region)
            regions.append(
                rv.model_copy(update={"half_vp": c.half(ww, rv.vp), "area_ids": tuple(sorted(ids_r))})
            )
        scoring.append(
            s.model_copy(
                update={
                    "area_vp": c.vp_map(f"{w}.areas", s.areas),
                    "city_vp": c.vp_map(f"{w}.cities", s.cities, cities=True),
                    "regions": regions,
                }
            )
        )
    if len({s.round for s in scoring}) != len(scoring):
        raise c.fail(card.where, "two scoring entries for one round")
    return scoring


def _vp_events(card: _Card) -> list[Any]:
    """§11.0: the VP a card gives for deeds (battles, pillage, leaders, submissions)."""
    c = card.c
    events = []
    for i, e in enumerate(card.n.vp_events):
        w = f"{card.where}.vp_events[{i}] ({e.trigger})"
        for other in e.nations:
            if other not in card.known:
                raise c.fail(w, f"unknown nation {other!r}")
        extra: dict[str, Any] = {"half_vp": c.half(w, e.vp)}
        if e.area is not None:
            extra["area_id"] = c.area(w, e.area)
        events.append(e.model_copy(update=extra))
    return events


def _relations(card: _Card) -> None:
    """§12.5, §12.6: submission, revolts and transformations name another nation."""
    n, c = card.n, card.c
    for i, sub in enumerate(n.submission):
        if sub.to not in card.known or sub.to == n.key:
            raise c.fail(f"{card.where}.submission[{i}]", f"cannot submit to {sub.to!r}")
    for i, rev in enumerate(n.revolts):
        if rev.against not in card.known or rev.against == n.key:
            raise c.fail(f"{card.where}.revolts[{i}]", f"cannot revolt against {rev.against!r}")
    for i, tr in enumerate(n.transforms):
        if tr.into not in card.known or tr.into == n.key:
            raise c.fail(f"{card.where}.transforms[{i}]", f"cannot transform into {tr.into!r}")


def parse_scenario(raw: Any, fname: str, board: Board | None = None) -> Scenario:
    """Validate a parsed scenario file; raises DataError naming the file and the item."""
    path = Path(fname)
    spec = validated(ScenarioFile, raw, path)
    return Scenario(_resolve(spec, board or load_board(), path.name))


def load_scenario_file(path: Path, board: Board | None = None) -> Scenario:
    """Load and validate one scenario file (uncached; tests use it for corrupt copies)."""
    return parse_scenario(read_yaml(path), str(path), board)


@cache
def load_scenario(key: str) -> Scenario:
    """The validated scenario ``"italia-i"`` or ``"italia-ii"``, loaded once and cached."""
    fname = SCENARIO_FILES.get(key)
    if fname is None:
        raise DataError(f"unknown Italia scenario {key!r}; known: {', '.join(SCENARIO_FILES)}")
    return load_scenario_file(DATA_DIR / fname)
