"""The Italia board (§2.1): 48 areas and their adjacency, shared by Italia I and Italia II.

The facts live in ``data/map.yaml``; this module validates them and turns them into static
integer indices built once at import. Area ids are positions in ``BOARD.areas``; every
neighbour list is a tuple of ids sorted ascending, so the rules never rebuild anything per call.

Adjacency kinds (§2.1, §9.0, §9.4, §9.6):

* ``land``: two land areas (entry areas included) share a border;
* ``strait``: a land unit may cross the water without a fleet (Rhegium–Messana, Corsica–Olbia);
  it is a land neighbour too, and ``strait(a, b)`` tells it apart;
* ``coast``: a land area touches a sea area (embarking, landing, fleet placement, supremacy);
* ``sea``: two sea areas share a border.

Where four borders meet the diagonally opposite areas are not adjacent (§9.0); the map file
lists those pairs under ``corners`` and the loader refuses a link between them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from tavola.core import datafile
from tavola.core.datafile import Provenanced, pair_problem, read_yaml
from tavola.core.errors import DataError

DATA_DIR = Path(__file__).parent / "data"
MAP_FILE = DATA_DIR / "map.yaml"

Kind = Literal["land", "entry", "sea"]
Terrain = Literal["normal", "highland", "marsh"]
Region = Literal["north_italy", "south_italy", "islands", "africa", "entry"]
Island = Literal["corsica", "sardinia", "sicily"]
LinkKind = Literal["land", "strait", "coast", "sea"]
Gateway = Literal["italy", "africa"]

# §8.0: normal and marsh areas hold three units, highlands (entry areas included) two.
STACK_LIMIT = {"normal": 3, "marsh": 3, "highland": 2}


# ---------------------------------------------------------------------------------------------
# File schema (pydantic). Every item carries its provenance: a source or a reconstruction basis.
# ---------------------------------------------------------------------------------------------


class PositionSpec(Provenanced):
    """Where the client draws the area: the centre of the historical region, and its label."""

    lon: float = Field(ge=-10, le=30)
    lat: float = Field(ge=25, le=50)
    label: str = Field(min_length=1)


class AreaSpec(Provenanced):
    key: str = Field(pattern=r"^[a-z][a-z_]*$")
    name: str = Field(min_length=1)
    name_it: str = Field(min_length=1)
    kind: Kind
    terrain: Terrain | None = None
    region: Region | None = None
    island: Island | None = None
    city_allowed: bool = False
    entry_to: Gateway | None = None
    pos: PositionSpec

    @model_validator(mode="after")
    def _consistent(self) -> AreaSpec:
        if self.kind == "sea":
            if self.terrain or self.region or self.island or self.city_allowed:
                raise ValueError("a sea area has no terrain, region, island or city")
            return self
        if self.terrain is None or self.region is None:
            raise ValueError("a land or entry area needs a terrain and a region")
        if self.kind == "entry":
            # §2.1: entry areas are highlands and no city may be built there (§2.2.1.9).
            if self.terrain != "highland" or self.region != "entry" or self.city_allowed:
                raise ValueError("an entry area is highland, region 'entry', and allows no city")
            if self.entry_to is None:
                raise ValueError("an entry area needs 'entry_to' (italy or africa)")
        elif self.region == "entry" or self.entry_to is not None:
            raise ValueError("only entry areas belong to region 'entry' and have 'entry_to'")
        if (self.island is not None) != (self.region == "islands"):
            raise ValueError("island is set exactly for areas of region 'islands'")
        return self


class LinkSpec(Provenanced):
    a: str
    b: str
    kind: LinkKind


class CornerSpec(Provenanced):
    """A four-corner point: ``a`` and ``b`` meet only at a point and are not adjacent (§9.0)."""

    a: str
    b: str


class MapFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    meta: dict[str, Any]
    areas: list[AreaSpec]
    links: list[LinkSpec]
    corners: list[CornerSpec]


# ---------------------------------------------------------------------------------------------
# Runtime board: plain frozen records and tuples indexed by integer area id.
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Area:
    id: int
    key: str
    name: str
    name_it: str
    kind: Kind
    terrain: Terrain | None
    region: Region | None
    island: Island | None
    entry_to: Gateway | None
    city_allowed: bool
    coastal: bool
    stack_limit: int
    lon: float
    lat: float
    label: str
    sourced: bool

    @property
    def is_sea(self) -> bool:
        return self.kind == "sea"

    @property
    def is_entry(self) -> bool:
        return self.kind == "entry"

    @property
    def is_land(self) -> bool:
        """Land or entry area (anything a land unit can stand on)."""
        return self.kind != "sea"

    @property
    def highland(self) -> bool:
        """Highland for movement and combat; entry areas always are (§2.1 footnote 1)."""
        return self.terrain == "highland"

    @property
    def rough(self) -> bool:
        """Highland or marsh: attackers −1 (§10.3), a city costs 8 (§6.2)."""
        return self.terrain in ("highland", "marsh")


def _bits(ids: tuple[int, ...] | frozenset[int]) -> int:
    mask = 0
    for i in ids:
        mask |= 1 << i
    return mask


class Board:
    """The static board. Build it with :func:`load_board`; never mutated after construction.

    Indexed by area id (``0..47``):

    * ``areas[id]`` the :class:`Area`; ``index[key]`` the id; ``by_name[name]`` the id for the
      Latin and the Italian spelling;
    * ``land_adj[id]`` land neighbours of a land area, straits included (empty for a sea);
    * ``sea_adj[id]`` seas touching a land area, or seas bordering a sea;
    * ``coasts[id]`` land areas on a sea (empty for a land area);
    * ``adj[id]`` every neighbour of any kind; ``adj_mask[id]`` the same as a bitset;
    * ``regions[name]`` frozenset of ids (see :data:`REGION_NAMES`).
    """

    def __init__(self, spec: MapFile, path: Path) -> None:
        self.spec = spec
        self.meta = spec.meta
        self.index: dict[str, int] = {a.key: i for i, a in enumerate(spec.areas)}
        n = len(spec.areas)
        land: list[set[int]] = [set() for _ in range(n)]
        sea: list[set[int]] = [set() for _ in range(n)]
        coast: list[set[int]] = [set() for _ in range(n)]
        straits: set[frozenset[int]] = set()
        for link in spec.links:
            a, b = self.index[link.a], self.index[link.b]
            if link.kind in ("land", "strait"):
                land[a].add(b)
                land[b].add(a)
                if link.kind == "strait":
                    straits.add(frozenset((a, b)))
            elif link.kind == "sea":
                sea[a].add(b)
                sea[b].add(a)
            else:  # coast: a is the land area, b the sea (checked by the loader)
                sea[a].add(b)
                coast[b].add(a)

        def sort(sets: list[set[int]]) -> tuple[tuple[int, ...], ...]:
            return tuple(tuple(sorted(s)) for s in sets)

        self.land_adj = sort(land)
        self.sea_adj = sort(sea)
        self.coasts = sort(coast)
        self.adj = tuple(tuple(sorted(land[i] | sea[i] | coast[i])) for i in range(n))
        self.adj_sets = tuple(frozenset(x) for x in self.adj)
        self.adj_mask = tuple(_bits(x) for x in self.adj)
        self.land_mask = tuple(_bits(x) for x in self.land_adj)
        self.straits = frozenset(straits)
        strait_mask = [0] * n
        for pair in straits:
            a, b = tuple(pair)
            strait_mask[a] |= 1 << b
            strait_mask[b] |= 1 << a
        self.strait_mask: tuple[int, ...] = tuple(strait_mask)
        self.corners = tuple((self.index[c.a], self.index[c.b]) for c in spec.corners)

        areas = []
        for i, s in enumerate(spec.areas):
            terrain = s.terrain
            areas.append(
                Area(
                    id=i,
                    key=s.key,
                    name=s.name,
                    name_it=s.name_it,
                    kind=s.kind,
                    terrain=terrain,
                    region=s.region,
                    island=s.island,
                    entry_to=s.entry_to,
                    city_allowed=s.city_allowed,
                    coastal=s.kind != "sea" and bool(sea[i]),
                    stack_limit=STACK_LIMIT[terrain] if terrain else 0,
                    lon=s.pos.lon,
                    lat=s.pos.lat,
                    label=s.pos.label,
                    sourced=s.sourced,
                )
            )
        self.areas: tuple[Area, ...] = tuple(areas)
        self.keys: tuple[str, ...] = tuple(a.key for a in areas)
        self.by_name: dict[str, int] = {}
        for a in areas:
            self.by_name[a.name] = a.id
            self.by_name[a.name_it] = a.id
        self.regions: dict[str, frozenset[int]] = self._regions()
        self.region_masks: dict[str, int] = {k: _bits(v) for k, v in self.regions.items()}
        self._check(path)

    def _regions(self) -> dict[str, frozenset[int]]:
        areas = self.areas

        def pick(pred: Any) -> frozenset[int]:
            return frozenset(a.id for a in areas if pred(a))

        return {
            "north_italy": pick(lambda a: a.region == "north_italy"),
            "south_italy": pick(lambda a: a.region == "south_italy"),
            "mainland_italy": pick(lambda a: a.region in ("north_italy", "south_italy")),
            "islands": pick(lambda a: a.region == "islands"),
            "corsica": pick(lambda a: a.island == "corsica"),
            "sardinia": pick(lambda a: a.island == "sardinia"),
            "sicily": pick(lambda a: a.island == "sicily"),
            "italy": pick(lambda a: a.region in ("north_italy", "south_italy", "islands")),
            "north_africa": pick(lambda a: a.region == "africa"),
            "entry": pick(lambda a: a.kind == "entry"),
            "italy_entry": pick(lambda a: a.entry_to == "italy"),
            "africa_entry": pick(lambda a: a.entry_to == "africa"),
            "land": pick(lambda a: a.kind == "land"),
            "sea": pick(lambda a: a.kind == "sea"),
        }

    def _check(self, path: Path) -> None:
        """Whole-board checks the per-item schema cannot make."""
        land = self.regions["land"] | self.regions["entry"]
        for i in self.regions["sea"]:
            if not self.coasts[i]:
                raise DataError(f"{path.name}: sea area {self.keys[i]!r} touches no land area")
        for a, b in self.corners:
            if b in self.adj_sets[a]:
                raise DataError(
                    f"{path.name}: corner {self.keys[a]!r}/{self.keys[b]!r} is also listed as a link"
                )
        # Every land area must be reachable from every other by land, sea and strait.
        seen = {next(iter(land))}
        todo = list(seen)
        while todo:
            for j in self.adj[todo.pop()]:
                if j not in seen:
                    seen.add(j)
                    todo.append(j)
        lost = sorted(self.keys[i] for i in range(len(self.areas)) if i not in seen)
        if lost:
            raise DataError(f"{path.name}: areas not connected to the rest of the board: {lost}")

    # -- queries (all O(1)) -------------------------------------------------------------------

    def id(self, key_or_name: str) -> int:
        """Area id from a key (``"apulia"``) or a printed name, Latin or Italian (``"Puglia"``)."""
        i = self.index.get(key_or_name)
        if i is None:
            i = self.by_name.get(key_or_name)
        if i is None:
            raise KeyError(f"no area {key_or_name!r} on the Italia board")
        return i

    def adjacent(self, a: int, b: int) -> bool:
        """Any adjacency: land border, strait, coast or sea border (four corners excluded)."""
        return (self.adj_mask[a] >> b) & 1 == 1

    def land_adjacent(self, a: int, b: int) -> bool:
        """Land units may walk from ``a`` to ``b`` (border or strait, §9.0, §9.4)."""
        return (self.land_mask[a] >> b) & 1 == 1

    def strait(self, a: int, b: int) -> bool:
        """``a`` and ``b`` are joined by a strait arrow (§9.4)."""
        return (self.strait_mask[a] >> b) & 1 == 1

    def in_region(self, area: int, region: str) -> bool:
        return (self.region_masks[region] >> area) & 1 == 1

    def to_json(self) -> dict[str, Any]:
        """Static board data for the web client (plain JSON types only)."""
        return {
            "areas": [
                {
                    "id": a.id,
                    "key": a.key,
                    "name": a.name,
                    "name_it": a.name_it,
                    "kind": a.kind,
                    "terrain": a.terrain,
                    "region": a.region,
                    "island": a.island,
                    "entry_to": a.entry_to,
                    "city_allowed": a.city_allowed,
                    "coastal": a.coastal,
                    "stack_limit": a.stack_limit,
                    "lon": a.lon,
                    "lat": a.lat,
                    "label": a.label,
                }
                for a in self.areas
            ],
            "land_adj": [list(x) for x in self.land_adj],
            "sea_adj": [list(x) for x in self.sea_adj],
            "coasts": [list(x) for x in self.coasts],
            "straits": sorted(sorted(s) for s in self.straits),
            "corners": [list(c) for c in self.corners],
            "regions": {k: sorted(v) for k, v in self.regions.items()},
        }


REGION_NAMES = (
    "north_italy",
    "south_italy",
    "mainland_italy",
    "islands",
    "corsica",
    "sardinia",
    "sicily",
    "italy",
    "north_africa",
    "entry",
    "italy_entry",
    "africa_entry",
    "land",
    "sea",
)


# ---------------------------------------------------------------------------------------------
# Loading
# ---------------------------------------------------------------------------------------------


M = TypeVar("M", bound=BaseModel)


def _name(node: dict[str, Any]) -> Any:
    """An area by its key or name, a link or corner by its two ends."""
    name = node.get("key") or node.get("name")
    if name is None and "a" in node:
        name = f"{node.get('a')}–{node.get('b')}"
    return name


def validated(model: type[M], raw: Any, path: Path) -> M:
    """A parsed data file checked against its schema; DataError naming the file and the item,
    one line per pydantic error."""
    if not isinstance(raw, dict):
        raise DataError(f"{path.name}: expected a mapping at the top level")
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise DataError(datafile.validation_message(path.name, raw, exc, _name)) from None


def parse_board(raw: Any, path: Path = MAP_FILE) -> Board:
    """Validate a parsed map file and build the board; raises DataError naming file and item."""
    spec = validated(MapFile, raw, path)
    kinds: dict[str, str] = {}
    for i, area in enumerate(spec.areas):
        if area.key in kinds:
            raise DataError(f"{path.name}: areas[{i}] ({area.key}): duplicate area key")
        kinds[area.key] = area.kind
    seen: set[frozenset[str]] = set()
    for i, link in enumerate(spec.links):
        label = f"{path.name}: links[{i}] ({link.a}–{link.b})"
        problem = pair_problem(link.a, link.b, kinds, seen, "area")
        if problem is not None:
            raise DataError(f"{label}: {problem}")
        ka, kb = kinds[link.a], kinds[link.b]
        ok = {
            "land": ka != "sea" and kb != "sea",
            "strait": ka == "land" and kb == "land",
            "coast": ka != "sea" and kb == "sea",
            "sea": ka == "sea" and kb == "sea",
        }[link.kind]
        if not ok:
            raise DataError(f"{label}: a {link.kind!r} link cannot join a {ka} and a {kb} area")
    for i, corner in enumerate(spec.corners):
        for end in (corner.a, corner.b):
            if end not in kinds:
                raise DataError(f"{path.name}: corners[{i}]: unknown area {end!r}")
    return Board(spec, path)


def load_board_file(path: Path) -> Board:
    """Load and validate a map file (uncached; tests use it for corrupt copies)."""
    return parse_board(read_yaml(path), path)


@cache
def load_board() -> Board:
    """The Italia board, validated once and cached."""
    return load_board_file(MAP_FILE)


def __getattr__(name: str) -> Board:
    # ``board.BOARD`` loads on first use, so importing the module never reads the file.
    if name == "BOARD":
        return load_board()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
