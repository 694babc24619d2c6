"""Maria's components as validated data (§1, §3, §4): the two maps, the suit grid, the army
sheets, the tactical decks, the political display and cards.

The facts live in ``data/*.yaml``; this module validates them and builds one frozen
:class:`Components` object, once. Every item of every file carries its provenance: either
``source:`` (where the fact is printed or published) or ``reconstructed:`` (the basis of a
reconstruction where no public source gives the fact). A bad file raises
:class:`tavola.core.errors.DataError` naming the file and the item.

Board coordinates. The board is measured in army-sheet grid squares (§4, "il foglio delle
armate fornisce le coordinate"): ``x`` runs west to east over the columns ``A B C D E F G H I K
L M N`` (no J), ``y`` south to north over the rows 1-12, so the square ``L9`` is
``10 <= x < 11, 8 <= y < 9``. Each map occupies a rectangle of squares and has a frame, the
longitudes and latitudes its rectangle spans; a town's board position is its real position
projected through its map's frame, unless the town gives ``board: [x, y]`` (a position measured
on a printed board). The 44 suit sectors (§3.2) are rectangles in the same units.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from tavola.core.datafile import Provenanced, read_yaml, validation_message
from tavola.core.errors import DataError

DATA_DIR = Path(__file__).parent / "data"
FILES = ("board.yaml", "flanders.yaml", "bohemia.yaml", "armies.yaml", "tactical.yaml", "politics.yaml")

COLUMNS = "ABCDEFGHIKLMN"
"""The army-sheet grid columns, west to east (the letter J is not used)."""
ROWS = 12
BOARD_INCHES = (33.0, 22.0)
"""The printed board's size (iogioco.it component list): the grid squares are not square."""

Suit = Literal["hearts", "diamonds", "clubs", "spades"]
SUITS: tuple[Suit, ...] = ("hearts", "diamonds", "clubs", "spades")
SUIT_SYMBOL = {"hearts": "♥", "diamonds": "♦", "clubs": "♣", "spades": "♠"}
MapId = Literal["flanders", "bohemia"]
PowerId = Literal["austria", "pragmatic_army", "prussia", "saxony", "france", "bavaria"]
MAJOR_POWERS: tuple[PowerId, ...] = ("austria", "pragmatic_army", "prussia", "france")
Fortress = Literal["none", "minor", "major"]
Ident = Field(pattern=r"^[a-z][a-z0-9_]*$")
Square = Field(pattern=r"^[A-IK-N](1[0-2]|[1-9])$")


# ---------------------------------------------------------------------------------------------
# File schema (pydantic)
# ---------------------------------------------------------------------------------------------


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Rect(Strict):
    x: tuple[float, float]
    y: tuple[float, float]

    @model_validator(mode="after")
    def _inside(self) -> Rect:
        (x0, x1), (y0, y1) = self.x, self.y
        if not (0 <= x0 < x1 <= len(COLUMNS) and 0 <= y0 < y1 <= ROWS):
            raise ValueError(f"rectangle x {self.x}, y {self.y} is not inside the 13 x 12 grid")
        return self

    def holds(self, x: float, y: float) -> bool:
        return self.x[0] <= x < self.x[1] and self.y[0] <= y < self.y[1]


class Frame(Strict):
    west: float = Field(ge=-10, le=30)
    east: float = Field(ge=-10, le=30)
    south: float = Field(ge=40, le=60)
    north: float = Field(ge=40, le=60)

    @model_validator(mode="after")
    def _order(self) -> Frame:
        if not (self.west < self.east and self.south < self.north):
            raise ValueError("a frame needs west < east and south < north")
        return self


class MapSpec(Provenanced):
    id: MapId
    name: str
    name_it: str
    board: Rect
    frame: Frame


class SectorSpec(Provenanced):
    id: str = Field(pattern=r"^[a-z]+-[a-z][0-9]$")
    map: MapId
    board: Rect
    suit: Suit


class TerritorySpec(Provenanced):
    id: str = Ident
    name: str
    name_it: str
    owner: PowerId | None
    colour: str = Field(pattern=r"^#[0-9a-f]{6}$")
    colour_name: str


class BoxSpec(Provenanced):
    """A box printed on the board: off-map zones, pools, victory boxes, the electoral college,
    the turn track (§3.2, §4, §16, §18)."""

    id: str = Ident
    kind: Literal["offmap", "pool", "battle", "victory", "elector", "turn"]
    name: str
    name_it: str
    grid: str | None = Field(default=None, pattern=r"^[A-IK-N](1[0-2]|[1-9])$")
    power: PowerId | None = None
    users: tuple[PowerId, ...] = ()
    arrow: str | None = None
    city: str | None = None
    marker: PowerId | None = None


class CrossingSpec(Provenanced):
    """A road joining the two maps (§3.2 "alcune strade connettono le 2 mappe")."""

    flanders: str
    bohemia: str
    main: bool = False


class BoardFile(Strict):
    meta: dict[str, Any]
    maps: tuple[MapSpec, ...]
    sectors: tuple[SectorSpec, ...]
    territories: tuple[TerritorySpec, ...]
    boxes: tuple[BoxSpec, ...]
    crossings: tuple[CrossingSpec, ...]


class CitySpec(Provenanced):
    id: str = Ident
    name: str
    lon: float = Field(ge=-10, le=30)
    lat: float = Field(ge=40, le=60)
    board: tuple[float, float] | None = None
    territory: str
    fortress: Fortress = "none"
    elector: bool = False


class RoadSpec(Provenanced):
    """A chain of roads of one kind: ``[a, b, c]`` joins a-b and b-c."""

    main: tuple[str, ...] = ()
    ordinary: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _one_chain(self) -> RoadSpec:
        if bool(self.main) == bool(self.ordinary):
            raise ValueError("a road item is either 'main: [...]' or 'ordinary: [...]'")
        if len(self.chain) < 2:
            raise ValueError("a road chain needs at least two towns")
        return self

    @property
    def chain(self) -> tuple[str, ...]:
        return self.main or self.ordinary


class MapFile(Strict):
    map: MapId
    bases: tuple[str, ...] = ()
    cities: tuple[CitySpec, ...]
    roads: tuple[RoadSpec, ...]


class PlayerSpec(Provenanced):
    id: Literal["maria_theresa", "frederick", "louis"]
    name: str
    name_it: str
    powers: tuple[PowerId, ...]


class PowerSpec(Provenanced):
    id: PowerId
    name: str
    name_it: str
    major: bool
    colour: str = Field(pattern=r"^#[0-9a-f]{6}$")
    colour_name: str
    troops: int = Field(ge=1)
    generals: int = Field(ge=1)
    trains: int = Field(ge=1)
    hussars: int = Field(ge=0, default=0)
    hand: int = Field(ge=0)
    draw: int = Field(ge=0)
    draw_without_subsidy: int | None = None
    pool: int | None = Field(ge=0, default=None)
    cooperates: PowerId
    home: tuple[str, ...]
    changes_maps: bool = False


class Placement(Provenanced):
    """Where a piece starts: a city, or a box (Ostpreussen, the Silesia victory box, §4)."""

    city: str | None = None
    box: str | None = None

    @model_validator(mode="after")
    def _one_place(self) -> Placement:
        if bool(self.city) == bool(self.box):
            raise ValueError("a start is either 'city: ...' or 'box: ...'")
        return self


class GeneralSpec(Provenanced):
    power: PowerId
    rank: int = Field(ge=1, le=9)
    name: str
    min_troops: int = Field(ge=1, le=8)
    grid: str = Square
    start: Placement


class TrainSpec(Provenanced):
    power: PowerId
    grid: str = Square
    start: Placement


class LimitSpec(Provenanced):
    troops_per_general: tuple[int, int]
    troops_per_stack: tuple[int, int]
    pieces_per_city: int
    generals_per_stack: int


class ArmiesFile(Strict):
    players: tuple[PlayerSpec, ...]
    powers: tuple[PowerSpec, ...]
    generals: tuple[GeneralSpec, ...]
    trains: tuple[TrainSpec, ...]
    limits: LimitSpec
    alliances: dict[str, Any]


class DeckSpec(Provenanced):
    decks: int = Field(ge=1)
    cards_per_deck: int = Field(ge=1)
    suits: tuple[Suit, ...]
    values: tuple[int, ...]
    reserves_per_deck: int = Field(ge=0)
    reserve_values: tuple[int, int]
    reserve_political_value: int


class TacticalFile(Strict):
    deck: DeckSpec


class IconSpec(Strict):
    icon: Literal["tc_penalty", "tc_bonus", "expedition", "victory_point"]
    power: PowerId


class SpaceSpec(Provenanced):
    icons: tuple[IconSpec, ...] = ()
    start: bool = False
    zone: Literal["prussian_ally", "neutral", "austrian_ally", "s_box"] | None = None


class TrackSpec(Provenanced):
    id: Literal["italy", "russia", "saxony"]
    name: str
    name_it: str
    spaces: tuple[SpaceSpec, ...]


class ArrowSpec(Strict):
    track: Literal["italy", "russia", "saxony"]
    steps: int = Field(ge=1, le=3)
    direction: Literal["left", "right", "either"]


class EffectSpec(Strict):
    kind: Literal["troops", "draw"]
    power: PowerId
    count: int = Field(ge=1, le=4)


class PoliticalCardSpec(Provenanced):
    id: str = Ident
    year: Literal[1741, 1742, 1743, 1744]
    title: str
    title_it: str
    arms: tuple[PowerId, ...] = ()
    arrows: tuple[ArrowSpec, ...] = ()
    effects: tuple[EffectSpec, ...] = ()
    text: str
    text_it: str
    election: bool = False


class PoliticsFile(Strict):
    bid_boxes: tuple[PowerId, ...]
    bid_boxes_provenance: Provenanced
    bases: tuple[str, ...] = ()
    tracks: tuple[TrackSpec, ...]
    cards: tuple[PoliticalCardSpec, ...]


# ---------------------------------------------------------------------------------------------
# Runtime components: frozen records indexed by integer id.
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class City:
    id: int
    key: str
    name: str
    map: MapId
    territory: str
    owner: str | None
    fortress: Fortress
    elector: bool
    x: float
    y: float
    square: str
    sector: str
    suit: Suit
    sourced: bool


@dataclass(frozen=True, slots=True)
class Road:
    a: int
    b: int
    main: bool
    crossing: bool


def square_of(x: float, y: float) -> str:
    """The army-sheet grid square of a board position (``L9``); ``""`` off the grid."""
    if not (0 <= x < len(COLUMNS) and 0 <= y < ROWS):
        return ""
    return f"{COLUMNS[int(x)]}{int(y) + 1}"


def square_rect(square: str) -> tuple[float, float, float, float]:
    col = COLUMNS.index(square[0])
    row = int(square[1:])
    return float(col), float(col + 1), float(row - 1), float(row)


class Components:
    """Everything printed in the box, validated. Build with :func:`load_components`.

    Cities are indexed ``0..n-1`` (Flanders first, then Bohemia, in file order):
    ``cities[id]``, ``index[key]``; ``adj[id]`` the neighbours by any road, ``main_adj[id]``
    by main roads only; ``roads`` every road once. Powers, generals, trains, boxes, sectors,
    territories, tracks and political cards keep their file records (``.powers[key]`` ...).
    """

    def __init__(self, files: dict[str, Any]) -> None:
        board: BoardFile = files["board.yaml"]
        armies: ArmiesFile = files["armies.yaml"]
        self.meta = board.meta
        self.maps = {m.id: m for m in board.maps}
        self.sectors = {s.id: s for s in board.sectors}
        self.territories = {t.id: t for t in board.territories}
        self.boxes = {b.id: b for b in board.boxes}
        self.players = {p.id: p for p in armies.players}
        self.powers = {p.id: p for p in armies.powers}
        self.generals = armies.generals
        self.trains = armies.trains
        self.limits = armies.limits
        self.alliances = armies.alliances
        self.deck: DeckSpec = files["tactical.yaml"].deck
        politics: PoliticsFile = files["politics.yaml"]
        self.bid_boxes = politics.bid_boxes
        self.tracks = {t.id: t for t in politics.tracks}
        self.political_cards = politics.cards

        cities: list[City] = []
        specs: list[CitySpec] = []
        for name in ("flanders.yaml", "bohemia.yaml"):
            mf: MapFile = files[name]
            for c in mf.cities:
                x, y = self._position(mf.map, c)
                sector = self.sector_at(mf.map, x, y)
                cities.append(
                    City(
                        id=len(cities),
                        key=c.id,
                        name=c.name,
                        map=mf.map,
                        territory=c.territory,
                        owner=self.territories[c.territory].owner
                        if c.territory in self.territories
                        else None,
                        fortress=c.fortress,
                        elector=c.elector,
                        x=x,
                        y=y,
                        square=square_of(x, y),
                        sector=sector.id if sector else "",
                        suit=sector.suit if sector else "hearts",
                        sourced=c.sourced,
                    )
                )
                specs.append(c)
        self.cities: tuple[City, ...] = tuple(cities)
        self.city_specs: tuple[CitySpec, ...] = tuple(specs)
        self.index: dict[str, int] = {c.key: c.id for c in cities}
        self.by_name: dict[str, int] = {c.name: c.id for c in cities}

        roads: list[Road] = []
        self.road_specs: list[tuple[str, int, RoadSpec | CrossingSpec]] = []
        for name in ("flanders.yaml", "bohemia.yaml"):
            for i, r in enumerate(files[name].roads):
                self.road_specs.append((name, i, r))
                for a, b in pairwise(r.chain):
                    if a in self.index and b in self.index:
                        roads.append(Road(self.index[a], self.index[b], bool(r.main), False))
        for i, x in enumerate(board.crossings):
            self.road_specs.append(("board.yaml", i, x))
            if x.flanders in self.index and x.bohemia in self.index:
                roads.append(Road(self.index[x.flanders], self.index[x.bohemia], x.main, True))
        self.roads: tuple[Road, ...] = tuple(roads)
        adj: list[set[int]] = [set() for _ in cities]
        main: list[set[int]] = [set() for _ in cities]
        for r in roads:
            adj[r.a].add(r.b)
            adj[r.b].add(r.a)
            if r.main:
                main[r.a].add(r.b)
                main[r.b].add(r.a)
        self.adj: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(s)) for s in adj)
        self.main_adj: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(s)) for s in main)

    # -- geometry ---------------------------------------------------------------------------

    def _position(self, map_id: str, c: CitySpec) -> tuple[float, float]:
        if c.board is not None:
            return c.board
        m = self.maps[map_id]
        f, (x0, x1), (y0, y1) = m.frame, m.board.x, m.board.y
        x = x0 + (c.lon - f.west) / (f.east - f.west) * (x1 - x0)
        y = y0 + (c.lat - f.south) / (f.north - f.south) * (y1 - y0)
        return round(x, 3), round(y, 3)

    def sector_at(self, map_id: str, x: float, y: float) -> SectorSpec | None:
        for s in self.sectors.values():
            if s.map == map_id and s.board.holds(x, y):
                return s
        return None

    # -- queries ----------------------------------------------------------------------------

    def city(self, key_or_name: str) -> City:
        i = self.index.get(key_or_name, self.by_name.get(key_or_name))
        if i is None:
            raise KeyError(f"no town {key_or_name!r} on the Maria board")
        return self.cities[i]

    def adjacent(self, a: str, b: str) -> bool:
        return self.index[b] in self.adj[self.index[a]]

    def road(self, a: str, b: str) -> Road | None:
        ia, ib = self.index[a], self.index[b]
        for r in self.roads:
            if {r.a, r.b} == {ia, ib}:
                return r
        return None

    def distances(
        self, start: str, *, main_only: bool = False, avoid: frozenset[str] = frozenset()
    ) -> dict[str, int]:
        """Road distance in cities from ``start`` to every town reachable, not entering ``avoid``."""
        adj = self.main_adj if main_only else self.adj
        blocked = {self.index[k] for k in avoid}
        s = self.index[start]
        dist = {s: 0}
        todo = deque([s])
        while todo:
            i = todo.popleft()
            for j in adj[i]:
                if j not in dist and j not in blocked:
                    dist[j] = dist[i] + 1
                    todo.append(j)
        return {self.cities[i].key: d for i, d in dist.items()}

    def distance(self, a: str, b: str, **kw: Any) -> int | None:
        return self.distances(a, **kw).get(b)

    def fortresses(self, *, territory: str | None = None, owner: str | None = None) -> list[City]:
        return [
            c
            for c in self.cities
            if c.fortress != "none"
            and (territory is None or c.territory == territory)
            and (owner is None or c.owner == owner)
        ]

    def start_city(self, power: str, rank: int) -> str | None:
        for g in self.generals:
            if g.power == power and g.rank == rank:
                return g.start.city
        raise KeyError(f"no general of rank {rank} for {power!r}")

    def to_json(self) -> dict[str, Any]:
        """Static board data for the browser (plain JSON types only).

        ``areas`` are the towns and ``borders`` the roads (``main``, ``road``, or ``crossing``
        for a road joining the maps), as the client's generic map reads them; positions are in
        inches of the printed board, y downwards. ``maria`` holds what only Maria's drawing
        needs: maps, suit sectors, territories and boxes, in grid squares (y upwards)."""
        sx, sy = BOARD_INCHES[0] / len(COLUMNS), BOARD_INCHES[1] / ROWS
        return {
            "title": "Maria",
            "areas": [
                {
                    "id": c.key,
                    "name": c.name,
                    "kind": "land",
                    "terrain": c.territory,
                    "pos": {"x": round(c.x * sx, 3), "y": round((ROWS - c.y) * sy, 3)},
                    "map": c.map,
                    "fortress": c.fortress,
                    "elector": c.elector,
                    "sector": c.sector,
                    "suit": c.suit,
                    "square": c.square,
                }
                for c in self.cities
            ],
            "borders": [
                {
                    "a": self.cities[r.a].key,
                    "b": self.cities[r.b].key,
                    "type": "crossing" if r.crossing else "main" if r.main else "road",
                }
                for r in self.roads
            ],
            "maria": {
                "inches": list(BOARD_INCHES),
                "columns": COLUMNS,
                "rows": ROWS,
                "maps": [
                    {
                        "id": m.id,
                        "name": m.name,
                        "name_it": m.name_it,
                        "x": list(m.board.x),
                        "y": list(m.board.y),
                    }
                    for m in self.maps.values()
                ],
                "sectors": [
                    {"id": s.id, "map": s.map, "x": list(s.board.x), "y": list(s.board.y), "suit": s.suit}
                    for s in self.sectors.values()
                ],
                "territories": [
                    {"id": t.id, "name": t.name, "name_it": t.name_it, "owner": t.owner, "colour": t.colour}
                    for t in self.territories.values()
                ],
                "boxes": [
                    {
                        "id": b.id,
                        "kind": b.kind,
                        "name": b.name,
                        "name_it": b.name_it,
                        "grid": b.grid,
                        "power": b.power,
                    }
                    for b in self.boxes.values()
                ],
            },
        }


# ---------------------------------------------------------------------------------------------
# Loading and whole-data checks
# ---------------------------------------------------------------------------------------------

MODELS: dict[str, type[Strict]] = {
    "board.yaml": BoardFile,
    "flanders.yaml": MapFile,
    "bohemia.yaml": MapFile,
    "armies.yaml": ArmiesFile,
    "tactical.yaml": TacticalFile,
    "politics.yaml": PoliticsFile,
}


def _name(node: dict[str, Any]) -> Any:
    """A town, sector or card by its id, a general by name, a road by its first towns."""
    name = node.get("id") or node.get("name")
    if name is None and ("main" in node or "ordinary" in node):
        chain = node.get("main") or node.get("ordinary") or []
        name = "–".join(map(str, chain[:3])) + ("…" if len(chain) > 3 else "")
    if name is None and "power" in node:
        name = f"{node.get('power')} train"
    return name


def parse_file(name: str, raw: Any) -> Strict:
    """Validate one parsed file against its schema; raises DataError naming file and item."""
    if not isinstance(raw, dict):
        raise DataError(f"{name}: expected a mapping at the top level")
    try:
        return MODELS[name].model_validate(raw)
    except ValidationError as exc:
        raise DataError(validation_message(name, raw, exc, _name)) from None


class _Problems:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def __call__(self, where: str, message: str) -> None:
        self.lines.append(f"{where}: {message}")


def _duplicates(keys: list[str]) -> list[str]:
    seen: set[str] = set()
    dup = []
    for k in keys:
        if k in seen:
            dup.append(k)
        seen.add(k)
    return dup


def _check(comp: Components, files: dict[str, Any]) -> None:
    """Whole-data checks the per-item schema cannot make; every problem names its item."""
    bad = _Problems()
    board: BoardFile = files["board.yaml"]
    armies: ArmiesFile = files["armies.yaml"]
    _check_grid(board, bad)
    _check_towns(comp, files, armies, bad)
    _check_roads(comp, files, bad)
    _check_boxes(comp, board, bad)
    _check_armies(comp, armies, bad)
    _check_cards(files, bad)
    if bad.lines:
        raise DataError("\n".join(bad.lines))


def _check_grid(board: BoardFile, bad: _Problems) -> None:
    """§3.2: the two maps side by side, the 44 sectors tiling them, territories once each."""
    if {m.id for m in board.maps} != {"flanders", "bohemia"}:
        bad("board.yaml: maps", "the board has exactly the maps flanders and bohemia (§3.2)")
    # Sectors: 44, tiling each map (§3.2).
    if len(board.sectors) != 44:
        bad("board.yaml: sectors", f"the grid has 44 sectors (§3.2), the file has {len(board.sectors)}")
    for d in _duplicates([s.id for s in board.sectors]):
        bad(f"board.yaml: sectors ({d})", "duplicate sector id")
    for m in board.maps:
        area = (m.board.x[1] - m.board.x[0]) * (m.board.y[1] - m.board.y[0])
        covered = 0.0
        mine = [s for s in board.sectors if s.map == m.id]
        for s in mine:
            if not (
                m.board.x[0] <= s.board.x[0]
                and s.board.x[1] <= m.board.x[1]
                and m.board.y[0] <= s.board.y[0]
                and s.board.y[1] <= m.board.y[1]
            ):
                bad(f"board.yaml: sectors ({s.id})", f"lies outside the {m.id} map")
            covered += (s.board.x[1] - s.board.x[0]) * (s.board.y[1] - s.board.y[0])
        for i, s in enumerate(mine):
            for t in mine[i + 1 :]:
                if (
                    s.board.x[0] < t.board.x[1]
                    and t.board.x[0] < s.board.x[1]
                    and s.board.y[0] < t.board.y[1]
                    and t.board.y[0] < s.board.y[1]
                ):
                    bad(f"board.yaml: sectors ({s.id})", f"overlaps sector {t.id}")
        if abs(covered - area) > 1e-6:
            bad(f"board.yaml: maps ({m.id})", "its sectors do not cover the whole map")
    for d in _duplicates([t.id for t in board.territories]):
        bad(f"board.yaml: territories ({d})", "duplicate territory id")


def _check_towns(comp: Components, files: dict[str, Any], armies: ArmiesFile, bad: _Problems) -> None:
    """§3.2: towns once each, on their map and in a sector; fortresses that can change hands;
    a major fortress in every home (§8, §10.2); the nine electors."""
    for d in _duplicates([c.key for c in comp.cities]):
        bad(f"cities ({d})", "duplicate town id (ids are unique over both maps)")
    for name in ("flanders.yaml", "bohemia.yaml"):
        mf: MapFile = files[name]
        if name != f"{mf.map}.yaml":
            bad(f"{name}: map", f"the file {name} holds the towns of its own map, not {mf.map!r}")
        m = comp.maps[mf.map]
        for i, c in enumerate(mf.cities):
            where = f"{name}: cities[{i}] ({c.id})"
            city = comp.cities[comp.index[c.id]]
            if c.territory not in comp.territories:
                bad(where, f"unknown territory {c.territory!r}")
            if not m.board.holds(city.x, city.y):
                bad(where, f"position ({city.x}, {city.y}) lies outside the {mf.map} map")
            elif not city.sector:
                bad(where, "lies in no sector")
            if c.elector and c.fortress == "none":
                bad(where, "an elector town is a fortress (§3.2)")
    for c in comp.cities:
        owner = comp.territories[c.territory].owner if c.territory in comp.territories else None
        if c.fortress != "none" and owner is None and not c.elector and c.territory != "silesia":
            bad(
                f"cities ({c.key})",
                "a fortress in nobody's home can never change hands unless it is an elector or Silesian (§3.2, §10.3)",
            )
    for p in armies.powers:
        majors = [c.key for c in comp.cities if c.fortress == "major" and c.territory in p.home]
        if not majors:
            bad(
                f"armies.yaml: powers ({p.id})",
                "its home has no major fortress for trains to re-enter (§10.2)",
            )
        elif not p.major and len(majors) != 1:
            bad(f"armies.yaml: powers ({p.id})", f"a minor power has one major fortress (§8), found {majors}")
    electors = [c for c in comp.cities if c.elector]
    if len(electors) != 9:
        bad(
            "cities",
            f"there are 9 elector fortresses (§3.2), the maps have {len(electors)}: {[c.key for c in electors]}",
        )


def _check_roads(comp: Components, files: dict[str, Any], bad: _Problems) -> None:
    """Roads and the crossings between the maps join known towns, each pair once, all towns
    reachable from every other."""
    seen: dict[frozenset[int], str] = {}
    for name, i, r in comp.road_specs:
        if isinstance(r, CrossingSpec):
            where = f"{name}: crossings[{i}] ({r.flanders}–{r.bohemia})"
            ends = [(r.flanders, "flanders"), (r.bohemia, "bohemia")]
            pairs = [(r.flanders, r.bohemia)]
        else:
            chain = r.chain
            where = f"{name}: roads[{i}] ({'–'.join(chain[:3])}{'…' if len(chain) > 3 else ''})"
            own = files[name].map
            ends = [(k, own) for k in chain]
            pairs = list(pairwise(chain))
        for key, map_id in ends:
            if key not in comp.index:
                bad(where, f"unknown town {key!r}")
            elif comp.cities[comp.index[key]].map != map_id:
                bad(where, f"town {key!r} is not on the {map_id} map")
        for a, b in pairs:
            if a == b:
                bad(where, f"a road from {a!r} to itself")
            if a in comp.index and b in comp.index:
                pair = frozenset((comp.index[a], comp.index[b]))
                if pair in seen:
                    bad(where, f"road {a}–{b} is listed twice (also {seen[pair]})")
                seen[pair] = where
    # Every town reachable from every other (the maps are joined by the crossings).
    if comp.cities:
        reached = comp.distances(comp.cities[0].key)
        lost = [c.key for c in comp.cities if c.key not in reached]
        if lost:
            bad("roads", f"towns not reachable from {comp.cities[0].key}: {lost}")


def _check_boxes(comp: Components, board: BoardFile, bad: _Problems) -> None:
    """§3.2, §16, §18: the off-map, pool, battle and electoral-college boxes."""
    for b in board.boxes:
        where = f"board.yaml: boxes ({b.id})"
        for key in (b.arrow, b.city):
            if key is not None and key not in comp.index:
                bad(where, f"unknown town {key!r}")
        if b.kind == "offmap" and (b.power not in MAJOR_POWERS or b.arrow is None):
            bad(where, "an off-map box belongs to a major power and has an arrow to a town (§3.2, §17.5)")
        if b.kind == "elector" and (b.city is None or not comp.cities[comp.index.get(b.city, 0)].elector):
            bad(where, "an electoral-college box names an elector fortress (§18)")
    for kind, per in (("offmap", 1), ("pool", 1), ("battle", 2)):
        for p in MAJOR_POWERS:
            n = sum(1 for b in board.boxes if b.kind == kind and b.power == p)
            if n != per:
                bad(f"board.yaml: boxes ({kind})", f"{p} needs {per} {kind} box(es) (§3.2, §16), has {n}")
    if sum(1 for b in board.boxes if b.kind == "elector") != 9:
        bad("board.yaml: boxes (elector)", "the electoral college has 9 boxes (§18)")


def _check_armies(comp: Components, armies: ArmiesFile, bad: _Problems) -> None:
    """§1, §2, §4, §6: the generals, trains and troops of each power, and the start towns
    matching the army sheets' grid squares."""
    limits = armies.limits
    for p in armies.powers:
        where = f"armies.yaml: powers ({p.id})"
        gens = [g for g in armies.generals if g.power == p.id]
        trains = [t for t in armies.trains if t.power == p.id]
        if len(gens) != p.generals:
            bad(where, f"{p.generals} generals declared, {len(gens)} listed")
        if len(trains) != p.trains:
            bad(where, f"{p.trains} supply trains declared, {len(trains)} listed")
        if sorted(g.rank for g in gens) != list(range(1, len(gens) + 1)):
            bad(where, "ranks are 1..n, each once")
        _, hi = limits.troops_per_general
        mins = sum(g.min_troops for g in gens)
        if not (mins <= p.troops <= hi * len(gens)):
            bad(
                where,
                f"{p.troops} troops cannot be allocated: minimums {mins}, at most {hi} per general (§4)",
            )
        for t in p.home:
            if t not in comp.territories:
                bad(where, f"unknown home territory {t!r}")
        if p.cooperates not in comp.powers or comp.powers[p.cooperates].cooperates != p.id:
            bad(where, f"cooperation with {p.cooperates!r} is not mutual (§2)")
        if p.major != (p.pool is not None):
            bad(where, "a major power, and only a major power, has a victory-marker pool (§4)")
    if sum(p.generals for p in armies.powers) != 20 or sum(p.trains for p in armies.powers) != 10:
        bad("armies.yaml: powers", "the box holds 20 generals and 10 supply trains (§1)")
    occupied: dict[str, str] = {}
    for kind, items in (("generals", armies.generals), ("trains", armies.trains)):
        for i, g in enumerate(items):
            label = getattr(g, "name", f"{g.power} train")
            where = f"armies.yaml: {kind}[{i}] ({label})"
            if g.start.box is not None:
                box = comp.boxes.get(g.start.box)
                if box is None:
                    bad(where, f"unknown box {g.start.box!r}")
                elif box.grid != g.grid:
                    bad(where, f"starts in box {box.id!r} on {box.grid}, but the army sheet says {g.grid}")
                continue
            key = g.start.city or ""
            if key not in comp.index:
                bad(where, f"unknown start town {key!r}")
                continue
            city = comp.cities[comp.index[key]]
            if city.square != g.grid:
                bad(
                    where,
                    f"start town {key!r} lies in grid square {city.square}, the army sheet says {g.grid} (§4)",
                )
            other = occupied.get(key)
            if other is not None and (kind == "trains" or other.startswith("train")):
                bad(where, f"start town {key!r} already holds {other} (§6: one piece per town)")
            occupied[key] = f"train of {g.power}" if kind == "trains" else label


def _check_cards(files: dict[str, Any], bad: _Problems) -> None:
    """§8: the tactical deck adds up; §17, §18: the political display and the 25 cards."""
    deck: DeckSpec = files["tactical.yaml"].deck
    if len(deck.suits) * len(deck.values) + deck.reserves_per_deck != deck.cards_per_deck:
        bad("tactical.yaml: deck", "suits x values + reserves must equal the cards per deck")

    # Politics (§17, §18).
    politics: PoliticsFile = files["politics.yaml"]
    if sorted(politics.bid_boxes) != sorted(MAJOR_POWERS):
        bad("politics.yaml: bid_boxes", "one box per major power (§17.3)")
    for t in politics.tracks:
        where = f"politics.yaml: tracks ({t.id})"
        if sum(1 for s in t.spaces if s.start) != 1:
            bad(where, "exactly one space carries the asterisk (§4)")
    if {t.id for t in politics.tracks} != {"italy", "russia", "saxony"}:
        bad("politics.yaml: tracks", "the display has the Italy, Russia and Saxony tracks (§17)")
    cards = politics.cards
    if len(cards) != 25:
        bad("politics.yaml: cards", f"there are 25 political cards (§1), the file has {len(cards)}")
    for d in _duplicates([c.id for c in cards]):
        bad(f"politics.yaml: cards ({d})", "duplicate card id")
    for i, c in enumerate(cards):
        where = f"politics.yaml: cards[{i}] ({c.id})"
        if c.election:
            if c.year != 1742 or c.arms or c.arrows or c.effects:
                bad(
                    where,
                    "the Imperial Election card is in the 1742 pile and has no arms, arrows or effects (§18)",
                )
            continue
        if not c.arms:
            bad(where, "a political card shows the arms of at least one major power (§17.5)")
        for a in c.arms:
            if a not in MAJOR_POWERS:
                bad(where, f"only major powers select political cards (§17): {a!r}")
        if not (c.arrows or c.effects):
            bad(where, "a card with no arrows and no instruction has no effect")
    if sum(1 for c in cards if c.election) != 1:
        bad("politics.yaml: cards", "exactly one Imperial Election card (§18)")


def parse_components(raws: dict[str, Any]) -> Components:
    """Validate every parsed file and the whole; raises DataError naming the file and item."""
    missing = [n for n in FILES if n not in raws]
    if missing:
        raise DataError(f"missing data files: {missing}")
    files = {name: parse_file(name, raws[name]) for name in FILES}
    comp = Components(files)
    _check(comp, files)
    return comp


def load_components_from(directory: Path) -> Components:
    """Load and validate the data files of a directory (uncached; tests use corrupt copies)."""
    return parse_components({name: read_yaml(directory / name) for name in FILES})


@cache
def load_components() -> Components:
    """Maria's components, validated once and cached."""
    return load_components_from(DATA_DIR)


def __getattr__(name: str) -> Components:
    # ``board.COMPONENTS`` loads on first use, so importing the module never reads the files.
    if name == "COMPONENTS":
        return load_components()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
