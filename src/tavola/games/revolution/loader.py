"""Loading and validating Revolution's components (``data/*.yaml``, §2 of the rulebook).

Four files: ``board.yaml`` (provinces, borders, rivers, regions with their command blocks,
arrows, cities and towns, bishoprics), ``cards.yaml`` (the 41 cards), ``support.yaml`` (the
support boxes and the Water Beggars) and ``rules.yaml`` (the rulebook's numbers, the
Allegiance of Citizens track, the set-up). Every item carries its provenance (``source`` and/or
``reconstructed``). Each file is checked with pydantic models, then cross-checked against the
others and against the counts the rulebook states (12 cities, 7 trade cities, 7 universities,
6 bishoprics, 41 cards). Any problem raises :class:`tavola.core.errors.DataError` naming the
file and the item (``revolution data/board.yaml: provinces[hainaut].limit: ...``).

:func:`build` turns the raw files into one :class:`Components` of integer-indexed tables; the
rules read :data:`COMPONENTS`, built once at import. Tests and owners of the printed board pass
their own raw data to :func:`build`. Half points (taxes and VP of 0.5) are kept as integer
halves, so that the state stays integers.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

from tavola.core.datafile import read_game_data
from tavola.core.errors import DataError

FILES = ("board.yaml", "cards.yaml", "support.yaml", "rules.yaml")
FACTIONS = ("catholics", "habsburgs", "nobility", "burghers", "reformers")
SLOT_KINDS = ("map", "coin", "half")

# Counts the rulebook states (§4.3.2, §5.7) and the box's 41 cards.
CITY_COUNT = 12
TRADE_COUNT = 7
UNIVERSITY_COUNT = 7
BISHOPRIC_COUNT = 6
CARD_COUNT = 41


class _Item(BaseModel):
    model_config = ConfigDict(extra="forbid")
    source: str | None = None
    reconstructed: str | None = None
    tuned: str | None = None  # what a balance report changed, and why (docs/balance.md)

    @model_validator(mode="after")
    def _provenance(self) -> _Item:
        if not ((self.source or "").strip() or (self.reconstructed or "").strip()):
            raise ValueError("needs its provenance: 'source' or 'reconstructed'")
        if self.tuned is not None and not (self.reconstructed or "").strip():
            raise ValueError(
                "only a reconstructed item may be tuned: a sourced fact stays as its source gives it"
            )
        return self


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


# --- board.yaml ---------------------------------------------------------------------------------
class Pos(_Strict):
    lon: float
    lat: float


class ProvinceModel(_Item):
    id: str
    name: str
    limit: int
    size: Literal["small", "large"]
    region: str
    pos: Pos


class BorderModel(_Item):
    a: str
    b: str
    special: bool = False


class RiverModel(_Item):
    id: str
    name: str
    course: list[str]


class RegionModel(_Item):
    id: str
    name: str
    boxes: int
    orange: list[int]


class ArrowModel(_Item):
    a: str
    b: str
    oneway: bool = False


class PlaceModel(_Item):
    id: str
    name: str
    kind: Literal["city", "town"]
    province: str
    trade: bool = False
    university: Literal["existing", "founded"] | None = None


class BishopricModel(_Item):
    province: str
    see: str


class PlayerCountLimitsModel(_Item):
    players: int
    limits: dict[str, int]


class BoardModel(_Strict):
    provinces: list[ProvinceModel]
    by_players: list[PlayerCountLimitsModel] = []
    borders: list[BorderModel]
    rivers: list[RiverModel]
    regions: list[RegionModel]
    arrows: list[ArrowModel]
    places: list[PlaceModel]
    bishoprics: list[BishopricModel]


# --- cards.yaml ---------------------------------------------------------------------------------
class ProvinceCardModel(_Item):
    province: str
    tax: float
    vp: float


class CityCardModel(_Item):
    city: str
    links: list[str]


class FactionCardModel(_Item):
    faction: str


class PlayerCountTaxesModel(_Item):
    players: int
    taxes: dict[str, float]


class CardsModel(_Strict):
    provinces: list[ProvinceCardModel]
    by_players: list[PlayerCountTaxesModel] = []
    cities: list[CityCardModel]
    factions: list[FactionCardModel]


# --- support.yaml -------------------------------------------------------------------------------
class BoxModel(_Item):
    id: str
    name: str
    name_it: str | None = None
    factions: list[str]
    slots: list[Literal["map", "coin", "half"]]
    enters: list[str]
    exclusive: bool = False


class BeggarsModel(_Item):
    name: str = "Water Beggars"
    name_it: str | None = None
    tokens: int
    hired_by: list[str]
    cost_each: int
    area: list[str]


class SupportModel(_Strict):
    boxes: list[BoxModel]
    water_beggars: BeggarsModel


# --- rules.yaml ---------------------------------------------------------------------------------
class FactionModel(_Item):
    id: str
    name: str
    colour: str


class CountModel(_Strict):
    seats: list[list[str]] | None = None
    required: list[str] | None = None
    choose: int | None = None
    suggested: list[str] | None = None
    tokens: int
    armies: int


class PlayersModel(_Item):
    counts: dict[int, CountModel]


class NeutralsModel(_Item):
    tokens: int


class TurnsModel(_Item):
    last: int


class Turn0Model(_Item):
    units: dict[str, int]
    placement_multiple: int


class NewUnitsModel(_Item):
    minimum: int
    countryside_per_unit: int


class TaxesModel(_Item):
    city_rates: list[int]


class ArmiesModel(_Item):
    cost: dict[str, list[int]]
    maintain: dict[str, int]
    disband: int


class SpaceModel(_Strict):
    space: int
    catholic: int
    anti_catholic: int


class PlayerCountSpacesModel(_Item):
    spaces: list[SpaceModel]


class AllegianceModel(_Item):
    spaces: list[SpaceModel]
    by_players: dict[int, PlayerCountSpacesModel] = {}
    centre: int
    max_move: int
    start: dict[str, int]


class BishopTrackModel(_Item):
    track: list[str]


class VictoryModel(_Item):
    nobility_divisor: dict[int, int]


class FactionSetupModel(_Strict):
    map: dict[str, int] = {}
    treasury: int = 0
    armies: int = 0
    support: dict[str, int] = {}
    support_slot: Literal["map", "coin", "half"] | None = None


class SetupModel(_Item):
    water_beggars: int
    neutrals_per_vacant: dict[Literal["city", "town"], int]
    factions: dict[str, FactionSetupModel]


class RulesModel(_Strict):
    factions: list[FactionModel]
    players: PlayersModel
    neutrals: NeutralsModel
    turns: TurnsModel
    turn0_new_units: Turn0Model
    new_units: NewUnitsModel
    taxes: TaxesModel
    armies: ArmiesModel
    allegiance: AllegianceModel
    bishoprics: BishopTrackModel
    victory: VictoryModel
    setup: SetupModel


# --- the tables the rules read ------------------------------------------------------------------
@dataclass(frozen=True)
class Components:
    """Every component as integer-indexed tables: province ``p`` is ``province_ids[p]``, place
    (city or town) ``c`` is ``place_ids[c]``, region ``r`` is ``region_ids[r]``, support box
    ``b`` is ``box_ids[b]``. Taxes and VP are in halves (``tax2``, ``vp2``)."""

    factions: tuple[str, ...]
    faction_names: dict[str, str]
    colours: dict[str, str]
    # provinces
    province_ids: list[str]
    province_index: dict[str, int]
    province_names: list[str]
    limit: list[int]
    limit_by_players: dict[int, list[int]]  # a player count's own limits, where the data gives one
    small: list[bool]
    province_region: list[int]
    province_places: list[list[int]]  # cities and towns of each province
    province_pos: list[tuple[float, float]]
    adjacent: list[list[int]]  # sorted neighbours (land, and the special Zeeland crossings)
    river_legs: list[tuple[int, int, tuple[int, ...]]]  # (province, province, places passed)
    rivers: list[tuple[str, str, list[int]]]  # (id, name, indexes of its legs in river_legs)
    tax2: list[int]
    tax2_by_players: dict[int, list[int]]  # a player count's own taxes, where the data gives one
    vp2: list[int]
    bishopric: list[bool]
    bishopric_provinces: list[int]
    bishopric_see: dict[int, int]
    # places
    place_ids: list[str]
    place_index: dict[str, int]
    place_names: list[str]
    is_city: list[bool]
    place_province: list[int]
    trade: list[bool]
    university: list[str | None]
    cities: list[int]
    towns: list[int]
    city_links: dict[int, list[int]]  # a city card's linked cities and towns (§6.10)
    # regions and command blocks
    region_ids: list[str]
    region_index: dict[str, int]
    region_names: list[str]
    boxes: list[int]
    orange: list[list[int]]
    region_provinces: list[list[int]]
    arrows: list[list[int]]  # region -> regions an army may move to (§6.8)
    # support boxes
    box_ids: list[str]
    box_index: dict[str, int]
    box_names: list[str]
    box_names_it: list[str]
    box_factions: list[tuple[str, ...]]
    box_slots: list[tuple[str, ...]]
    box_enters: list[list[int]]
    box_exclusive: list[bool]
    beggar_tokens: int
    beggar_hirers: tuple[str, ...]
    beggar_cost: int
    beggar_area: list[int]
    # numbers of the rulebook
    players: dict[int, dict[str, Any]]
    neutral_tokens: int
    last_turn: int
    turn0_units: dict[str, int]
    turn0_multiple: int
    new_units_minimum: int
    countryside_per_unit: int
    city_rates: tuple[int, ...]
    army_cost: dict[str, tuple[int, ...]]
    army_maintain: dict[str, int]
    army_disband: int
    allegiance_effect: list[tuple[int, int]]  # by space (index 0 = space 1): (catholic, anti)
    allegiance_by_players: dict[int, list[tuple[int, int]]]  # a player count's own effects
    allegiance_centre: int
    allegiance_max_move: int
    allegiance_start: dict[int, int]  # city place -> start space
    bishop_track: tuple[str, ...]
    nobility_divisor: dict[int, int]
    setup: dict[str, Any]
    cards: int


# --- reading ------------------------------------------------------------------------------------
def read_raw() -> dict[str, Any]:
    """The four data files as parsed YAML, by file name."""
    return {name: read_game_data("tavola.games.revolution", name) for name in FILES}


def _where(raw: Any, loc: tuple[Any, ...]) -> str:
    """A pydantic error location as a readable item path, list entries named by their id."""
    out: list[str] = []
    node = raw
    for part in loc:
        if isinstance(part, int) and isinstance(node, list):
            item = node[part] if part < len(node) else None
            key = None
            if isinstance(item, dict):
                for k in ("id", "province", "city", "faction", "a"):
                    if k in item:
                        key = item[k] if k != "a" else f"{item['a']}-{item.get('b')}"
                        break
            out[-1:] = [f"{out[-1] if out else ''}[{key if key is not None else part}]"]
            node = item
        else:
            out.append(str(part))
            node = node.get(part) if isinstance(node, dict) else None
    return ".".join(out)


def _model(cls: type[BaseModel], raw: Any, name: str) -> Any:
    try:
        return cls.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = _where(raw, tuple(first["loc"]))
        raise DataError(
            f"revolution data/{name}: {where}: {first['msg']} ({exc.error_count()} problem(s))"
        ) from None


class _Fail:
    """Raises a :class:`DataError` naming the file and item."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __call__(self, item: str, message: str) -> DataError:
        return DataError(f"revolution data/{self.name}: {item}: {message}")


def _unique(ids: list[str], what: str, fail: _Fail) -> dict[str, int]:
    index: dict[str, int] = {}
    for i, x in enumerate(ids):
        if x in index:
            raise fail(f"{what}[{x}]", "the id is used twice")
        index[x] = i
    return index


def _halves(value: float, item: str, fail: _Fail) -> int:
    if value < 0 or value * 2 != int(value * 2):
        raise fail(item, f"{value} is not a non-negative multiple of 0.5")
    return int(value * 2)


def _links(
    pairs: list[tuple[str, str, bool]], index: dict[str, int], what: str, kind: str, fail: _Fail
) -> list[set[int]]:
    """Links between items (borders between provinces, arrows between blocks) as neighbour sets;
    a pair is two-way unless its flag says one-way."""
    out: list[set[int]] = [set() for _ in index]
    for a, b, oneway in pairs:
        item = f"{what}[{a}-{b}]"
        for end in (a, b):
            if end not in index:
                raise fail(item, f"unknown {kind} {end!r}")
        if a == b:
            raise fail(item, f"joins a {kind} to itself")
        x, y = index[a], index[b]
        if y in out[x]:
            raise fail(item, "is listed twice")
        out[x].add(y)
        if not oneway:
            out[y].add(x)
    return out


# --- building -----------------------------------------------------------------------------------
Tables = dict[str, Any]
"""Some of :class:`Components`' fields, by name: each step below builds its part of them from
one file's models and the parts built before it."""


def build(raw: dict[str, Any]) -> Components:
    """Validate the raw files and build the tables; :class:`DataError` names the faulty item.
    The checks run file by file in the order of the steps below, so the first fault found is
    always the same one."""
    for name in FILES:
        if name not in raw:
            raise DataError(f"revolution data file {name} is missing")
    board: BoardModel = _model(BoardModel, raw["board.yaml"], "board.yaml")
    cards: CardsModel = _model(CardsModel, raw["cards.yaml"], "cards.yaml")
    support: SupportModel = _model(SupportModel, raw["support.yaml"], "support.yaml")
    rules: RulesModel = _model(RulesModel, raw["rules.yaml"], "rules.yaml")
    t: Tables = _factions(rules)
    t |= _regions(board)
    t |= _provinces(board, t)
    t |= _places(board, t)
    t |= _rivers(board, t)
    t |= _bishoprics(board, t)
    t |= _province_cards(cards, t)
    t |= _city_cards(board, cards, t)
    t |= _support(support, t)
    t |= _numbers(rules)
    t |= _allegiance(board, rules, t)
    t |= _setup(board, support, rules, t)
    return Components(**t)


def _factions(rules: RulesModel) -> Tables:
    """rules.yaml: the five factions in the order of §4.2.1."""
    factions = tuple(f.id for f in rules.factions)
    if factions != FACTIONS:
        raise _Fail("rules.yaml")(
            "factions", f"must be {', '.join(FACTIONS)} in the order of §4.2.1, not {', '.join(factions)}"
        )
    return {
        "factions": factions,
        "faction_names": {f.id: f.name for f in rules.factions},
        "colours": {f.id: f.colour for f in rules.factions},
    }


def _regions(board: BoardModel) -> Tables:
    """board.yaml: the regions and their command blocks (§3.6, §6.4)."""
    fb = _Fail("board.yaml")
    region_ids = [r.id for r in board.regions]
    region_index = _unique(region_ids, "regions", fb)
    for r in board.regions:
        if r.boxes < 1:
            raise fb(f"regions[{r.id}].boxes", "a command block has at least one box")
        for o in r.orange:
            if not 0 <= o < r.boxes:
                raise fb(f"regions[{r.id}].orange", f"box {o} is not one of its {r.boxes} boxes")
        if len(r.orange) > 1:
            raise fb(
                f"regions[{r.id}].orange",
                "one orange box per block at most: the Habsburgs' two set-up armies score 2 VP in turn 0 (§5.8)",
            )
    return {
        "region_ids": region_ids,
        "region_index": region_index,
        "region_names": [r.name for r in board.regions],
        "boxes": [r.boxes for r in board.regions],
        "orange": [list(r.orange) for r in board.regions],
    }


def _provinces(board: BoardModel, t: Tables) -> Tables:
    """board.yaml: the provinces (limit, size, region, §2, §6.20) and the borders between them,
    every province reachable from every other."""
    fb = _Fail("board.yaml")
    region_index = t["region_index"]
    province_ids = [p.id for p in board.provinces]
    province_index = _unique(province_ids, "provinces", fb)
    region_provinces: list[list[int]] = [[] for _ in board.regions]
    for i, p in enumerate(board.provinces):
        if p.limit < 1:
            raise fb(f"provinces[{p.id}].limit", "a province limit is at least 1")
        if (p.size == "small") != (p.limit == 1):
            raise fb(
                f"provinces[{p.id}].size",
                f"is {p.size} with limit {p.limit}: small provinces are those of limit 1 (§6.20)",
            )
        if p.region not in region_index:
            raise fb(f"provinces[{p.id}].region", f"unknown region {p.region!r}")
        region_provinces[region_index[p.region]].append(i)
    for r, members in zip(board.regions, region_provinces, strict=True):
        if not members:
            raise fb(f"regions[{r.id}]", "no province lies in this region")
    n = len(province_ids)
    adjacent = _links([(b.a, b.b, False) for b in board.borders], province_index, "borders", "province", fb)
    reach, todo = {0}, [0]
    while todo:
        x = todo.pop()
        for y in adjacent[x] - reach:
            reach.add(y)
            todo.append(y)
    if len(reach) != n:
        lost = sorted(province_ids[i] for i in range(n) if i not in reach)
        raise fb("borders", f"provinces cut off from the rest: {', '.join(lost)}")
    return {
        "province_ids": province_ids,
        "province_index": province_index,
        "province_names": [p.name for p in board.provinces],
        "limit": [p.limit for p in board.provinces],
        "limit_by_players": _limits_by_players(board, province_index, fb),
        "small": [p.size == "small" for p in board.provinces],
        "province_region": [region_index[p.region] for p in board.provinces],
        "province_pos": [(p.pos.lon, p.pos.lat) for p in board.provinces],
        "adjacent": [sorted(a) for a in adjacent],
        "region_provinces": region_provinces,
    }


def _limits_by_players(board: BoardModel, province_index: dict[str, int], fb: _Fail) -> dict[int, list[int]]:
    """board.yaml `by_players`: a player count's own province limits, the board's elsewhere. A
    small province keeps its limit of 1 and a large one stays above it (§6.20: small provinces
    are those of limit 1, whatever the player count)."""
    out: dict[int, list[int]] = {}
    for own in board.by_players:
        k = own.players
        if k not in (2, 3, 4, 5) or k in out or not own.limits:
            raise fb(f"by_players[{k}]", "a player count (2-5), once, with the limits it plays")
        out[k] = [p.limit for p in board.provinces]
        for province, limit in own.limits.items():
            item = f"by_players[{k}].limits[{province}]"
            if province not in province_index:
                raise fb(item, f"unknown province {province!r}")
            if board.provinces[province_index[province]].size == "small" or limit < 2:
                raise fb(
                    item, f"{limit}: only a large province's limit may change, and stays at least 2 (§6.20)"
                )
            out[k][province_index[province]] = limit
    return out


def _places(board: BoardModel, t: Tables) -> Tables:
    """board.yaml: the cities and towns, with the rulebook's counts of cities (§5.7), trade
    cities and universities (§4.3.2), KÖLN and Leuven the universities of the start (§5.7)."""
    fb = _Fail("board.yaml")
    province_index = t["province_index"]
    place_ids = [c.id for c in board.places]
    place_index = _unique(place_ids, "places", fb)
    province_places: list[list[int]] = [[] for _ in board.provinces]
    for i, c in enumerate(board.places):
        if c.province not in province_index:
            raise fb(f"places[{c.id}].province", f"unknown province {c.province!r}")
        province_places[province_index[c.province]].append(i)
    cities = [i for i, c in enumerate(board.places) if c.kind == "city"]
    if len(cities) != CITY_COUNT:
        raise fb("places", f"{len(cities)} cities; the Allegiance track has {CITY_COUNT} (§5.7)")
    trade = [c.trade for c in board.places]
    if sum(trade) != TRADE_COUNT:
        raise fb("places", f"{sum(trade)} trade cities; the rulebook has {TRADE_COUNT} (§4.3.2)")
    university = [c.university for c in board.places]
    if sum(u is not None for u in university) != UNIVERSITY_COUNT:
        raise fb(
            "places",
            f"{sum(u is not None for u in university)} universities; the rulebook has {UNIVERSITY_COUNT} (§4.3.2)",
        )
    existing = sorted(board.places[i].id for i, u in enumerate(university) if u == "existing")
    if existing != ["KOLN", "Leuven"] or board.places[place_index["KOLN"]].kind != "city":
        raise fb(
            "places",
            f"the universities existing from the start are the city KOLN and the town Leuven (§5.7), not {existing}",
        )
    if board.places[place_index["Leuven"]].kind != "town":
        raise fb("places[Leuven].kind", "Leuven is a town (§5.7)")
    return {
        "place_ids": place_ids,
        "place_index": place_index,
        "place_names": [c.name for c in board.places],
        "is_city": [c.kind == "city" for c in board.places],
        "place_province": [province_index[c.province] for c in board.places],
        "province_places": province_places,
        "trade": trade,
        "university": university,
        "cities": cities,
        "towns": [i for i, c in enumerate(board.places) if c.kind == "town"],
    }


def _rivers(board: BoardModel, t: Tables) -> Tables:
    """board.yaml: the rivers as legs from province to province with the places they pass
    (§6.13), and the arrows between command blocks (§6.8)."""
    fb = _Fail("board.yaml")
    province_index, place_index = t["province_index"], t["place_index"]
    river_legs: list[tuple[int, int, tuple[int, ...]]] = []
    rivers: list[tuple[str, str, list[int]]] = []
    _unique([r.id for r in board.rivers], "rivers", fb)
    for r in board.rivers:
        rivers.append((r.id, r.name, []))
        item = f"rivers[{r.id}].course"
        if not r.course or r.course[0] not in province_index or r.course[-1] not in province_index:
            raise fb(item, "a course starts and ends with a province")
        last: int | None = None
        passed: list[int] = []
        for stop in r.course:
            if stop in province_index:
                p = province_index[stop]
                if last is not None:
                    if p == last:
                        raise fb(item, f"{stop} follows itself")
                    rivers[-1][2].append(len(river_legs))
                    river_legs.append((last, p, tuple(passed)))
                last, passed = p, []
            elif stop in place_index:
                passed.append(place_index[stop])
            else:
                raise fb(item, f"unknown province or place {stop!r}")
    arrows = _links([(a.a, a.b, a.oneway) for a in board.arrows], t["region_index"], "arrows", "region", fb)
    return {"river_legs": river_legs, "rivers": rivers, "arrows": [sorted(a) for a in arrows]}


def _bishoprics(board: BoardModel, t: Tables) -> Tables:
    """board.yaml: the six bishoprics, each in a province with its see there (§4.3.2, §6.18)."""
    fb = _Fail("board.yaml")
    province_index, place_index = t["province_index"], t["place_index"]
    n = len(province_index)
    bishopric = [False] * n
    see: dict[int, int] = {}
    for bp in board.bishoprics:
        item = f"bishoprics[{bp.province}]"
        if bp.province not in province_index:
            raise fb(item, f"unknown province {bp.province!r}")
        p = province_index[bp.province]
        if bishopric[p]:
            raise fb(item, "is listed twice")
        if bp.see not in place_index or board.places[place_index[bp.see]].province != bp.province:
            raise fb(f"{item}.see", f"{bp.see!r} is not a city or town of {bp.province}")
        bishopric[p] = True
        see[p] = place_index[bp.see]
    if sum(bishopric) != BISHOPRIC_COUNT:
        raise fb("bishoprics", f"{sum(bishopric)} bishoprics; the rulebook has {BISHOPRIC_COUNT} (§4.3.2)")
    return {
        "bishopric": bishopric,
        "bishopric_provinces": [p for p in range(n) if bishopric[p]],
        "bishopric_see": see,
    }


def _province_cards(cards: CardsModel, t: Tables) -> Tables:
    """cards.yaml: one card per province with its tax (§6.1) and VP (§4.3.1), in halves."""
    fc = _Fail("cards.yaml")
    province_index, province_ids = t["province_index"], t["province_ids"]
    n = len(province_ids)
    tax2 = [-1] * n
    vp2 = [-1] * n
    for card in cards.provinces:
        item = f"provinces[{card.province}]"
        if card.province not in province_index:
            raise fc(item, f"unknown province {card.province!r}")
        p = province_index[card.province]
        if tax2[p] >= 0:
            raise fc(item, "a second card for this province")
        tax2[p] = _halves(card.tax, f"{item}.tax", fc)
        if card.vp not in (0, 0.5, 1):
            raise fc(f"{item}.vp", f"{card.vp}: a province card is worth 0, 0.5 or 1 VP (§4.3.1)")
        vp2[p] = int(card.vp * 2)
    missing = [province_ids[p] for p in range(n) if tax2[p] < 0]
    if missing:
        raise fc("provinces", f"no card for {', '.join(missing)}")
    by_players: dict[int, list[int]] = {}
    for own in cards.by_players:
        k = own.players
        if k not in (2, 3, 4, 5) or k in by_players or not own.taxes:
            raise fc(f"by_players[{k}]", "a player count (2-5), once, with the taxes it plays")
        by_players[k] = list(tax2)
        for province, tax in own.taxes.items():
            if province not in province_index:
                raise fc(f"by_players[{k}].taxes[{province}]", f"unknown province {province!r}")
            by_players[k][province_index[province]] = _halves(tax, f"by_players[{k}].taxes[{province}]", fc)
    return {"tax2": tax2, "vp2": vp2, "tax2_by_players": by_players}


def _city_cards(board: BoardModel, cards: CardsModel, t: Tables) -> Tables:
    """cards.yaml: one card per city with its linked cities and towns (§6.10), one per faction,
    41 in all."""
    fc = _Fail("cards.yaml")
    place_index = t["place_index"]
    city_links: dict[int, list[int]] = {}
    for cc in cards.cities:
        item = f"cities[{cc.city}]"
        if cc.city not in place_index or board.places[place_index[cc.city]].kind != "city":
            raise fc(item, f"{cc.city!r} is not a city")
        c = place_index[cc.city]
        if c in city_links:
            raise fc(item, "a second card for this city")
        links: list[int] = []
        for link in cc.links:
            if link not in place_index:
                raise fc(f"{item}.links", f"unknown city or town {link!r}")
            if link == cc.city or place_index[link] in links:
                raise fc(f"{item}.links", f"{link} cannot be listed (itself, or twice)")
            links.append(place_index[link])
        city_links[c] = links
    missing = [t["place_ids"][c] for c in t["cities"] if c not in city_links]
    if missing:
        raise fc("cities", f"no card for {', '.join(missing)}")
    card_factions = [f.faction for f in cards.factions]
    if sorted(card_factions) != sorted(FACTIONS):
        raise fc("factions", f"one card per faction ({', '.join(FACTIONS)}), not {', '.join(card_factions)}")
    total = len(cards.provinces) + len(cards.cities) + len(cards.factions)
    if total != CARD_COUNT:
        raise fc("", f"{total} cards; the box holds {CARD_COUNT}")
    return {"city_links": city_links, "cards": total}


def _support(support: SupportModel, t: Tables) -> Tables:
    """support.yaml: the support boxes (§5.1, §6.2) and the Water Beggars (§6.7)."""
    fs = _Fail("support.yaml")
    province_index = t["province_index"]
    box_ids = [b.id for b in support.boxes]
    box_index = _unique(box_ids, "boxes", fs)
    for b in support.boxes:
        item = f"boxes[{b.id}]"
        if not b.factions or any(f not in FACTIONS for f in b.factions):
            raise fs(f"{item}.factions", f"{b.factions}: factions are {', '.join(FACTIONS)}")
        if not b.slots:
            raise fs(f"{item}.slots", "a box has at least one space")
        for pr in b.enters:
            if pr not in province_index:
                raise fs(f"{item}.enters", f"unknown province {pr!r}")
        if any(s != "coin" for s in b.slots) and not b.enters:
            raise fs(f"{item}.enters", "a box with spaces to the map names where its tokens enter (§5.1)")
    wb = support.water_beggars
    for pr in wb.area:
        if pr not in province_index:
            raise fs("water_beggars.area", f"unknown province {pr!r}")
    if any(f not in FACTIONS for f in wb.hired_by):
        raise fs("water_beggars.hired_by", f"{wb.hired_by}: factions are {', '.join(FACTIONS)}")
    return {
        "box_ids": box_ids,
        "box_index": box_index,
        "box_names": [b.name for b in support.boxes],
        "box_names_it": [b.name_it or b.name for b in support.boxes],
        "box_factions": [tuple(b.factions) for b in support.boxes],
        "box_slots": [tuple(b.slots) for b in support.boxes],
        "box_enters": [[province_index[p] for p in b.enters] for b in support.boxes],
        "box_exclusive": [b.exclusive for b in support.boxes],
        "beggar_tokens": wb.tokens,
        "beggar_hirers": tuple(wb.hired_by),
        "beggar_cost": wb.cost_each,
        "beggar_area": [province_index[p] for p in wb.area],
    }


def _numbers(rules: RulesModel) -> Tables:
    """rules.yaml: the player counts (§3), the army costs (§6.3, §6.4) and the other numbers of
    the rulebook."""
    fr = _Fail("rules.yaml")
    counts = rules.players.counts
    if sorted(counts) != [2, 3, 4, 5]:
        raise fr("players.counts", "the game is for 2 to 5 players (§3)")
    players: dict[int, dict[str, Any]] = {}
    for k, cm in counts.items():
        item = f"players.counts[{k}]"
        named = (
            [f for seat in cm.seats or [] for f in seat] + list(cm.required or []) + list(cm.suggested or [])
        )
        if any(f not in FACTIONS for f in named):
            raise fr(item, f"unknown faction among {named}")
        if cm.seats is None and (cm.required is None or cm.choose is None):
            raise fr(item, "needs its seats, or the required factions and how many others are chosen")
        if cm.seats is not None and len(cm.seats) != k:
            raise fr(f"{item}.seats", f"{len(cm.seats)} seats for {k} players")
        if cm.tokens < 1 or cm.armies < 1:
            raise fr(item, "tokens and armies per faction are positive (§3.5)")
        players[k] = cm.model_dump()
    army_cost: dict[str, tuple[int, ...]] = {}
    for f in FACTIONS:
        cost = rules.armies.cost.get(f)
        if cost is None or len(cost) != 3 or any(c < 1 for c in cost) or sorted(cost) != cost:
            raise fr(f"armies.cost[{f}]", f"{cost}: three rising totals, for 1, 2 and 3 armies (§6.4)")
        army_cost[f] = tuple(cost)
        if rules.armies.maintain.get(f) is None:
            raise fr(f"armies.maintain[{f}]", "missing (§6.3)")
        if rules.turn0_new_units.units.get(f) is None:
            raise fr(f"turn0_new_units.units[{f}]", "missing (§5.2)")
    return {
        "players": players,
        "neutral_tokens": rules.neutrals.tokens,
        "last_turn": rules.turns.last,
        "turn0_units": dict(rules.turn0_new_units.units),
        "turn0_multiple": rules.turn0_new_units.placement_multiple,
        "new_units_minimum": rules.new_units.minimum,
        "countryside_per_unit": rules.new_units.countryside_per_unit,
        "city_rates": tuple(rules.taxes.city_rates),
        "army_cost": army_cost,
        "army_maintain": dict(rules.armies.maintain),
        "army_disband": rules.armies.disband,
    }


def _allegiance(board: BoardModel, rules: RulesModel, t: Tables) -> Tables:
    """rules.yaml: the Allegiance of Citizens track and every city's start space (§5.7, §6.16),
    the bishopric track (§6.18), the Nobility's divisors (§4.3.2)."""
    fr = _Fail("rules.yaml")
    place_index = t["place_index"]
    al = rules.allegiance
    spaces = [s.space for s in al.spaces]
    if spaces != list(range(1, len(spaces) + 1)) or len(spaces) < 3:
        raise fr("allegiance.spaces", f"{spaces}: the spaces are numbered 1, 2, 3... from the Catholic end")
    for k, own in al.by_players.items():
        if k not in (2, 3, 4, 5) or [s.space for s in own.spaces] != spaces:
            raise fr(
                f"allegiance.by_players[{k}]", "a player count (2-5) with the track's spaces, numbered alike"
            )
    if not 1 <= al.centre <= len(spaces):
        raise fr("allegiance.centre", f"{al.centre} is not a space of the track")
    start: dict[int, int] = {}
    for city, space in al.start.items():
        if city not in place_index or board.places[place_index[city]].kind != "city":
            raise fr(f"allegiance.start[{city}]", "not a city")
        if not 1 <= space <= len(spaces):
            raise fr(f"allegiance.start[{city}]", f"space {space} is not on the track")
        start[place_index[city]] = space
    missing = [t["place_ids"][c] for c in t["cities"] if c not in start]
    if missing:
        raise fr("allegiance.start", f"no start space for {', '.join(missing)} (§5.7)")
    if rules.bishoprics.track != ["strongly_catholic", "catholic", "reformed", "strongly_reformed"]:
        raise fr("bishoprics.track", "the four statuses of §6.18, from Strongly Catholic")
    if sorted(rules.victory.nobility_divisor) != [3, 5]:
        raise fr("victory.nobility_divisor", "the Nobility scores in the 3- and 5-player games (§4.3.2)")
    return {
        "allegiance_effect": [(s.catholic, s.anti_catholic) for s in al.spaces],
        "allegiance_by_players": {
            k: [(s.catholic, s.anti_catholic) for s in own.spaces] for k, own in al.by_players.items()
        },
        "allegiance_centre": al.centre,
        "allegiance_max_move": al.max_move,
        "allegiance_start": start,
        "bishop_track": tuple(rules.bishoprics.track),
        "nobility_divisor": dict(rules.victory.nobility_divisor),
    }


def _setup(board: BoardModel, support: SupportModel, rules: RulesModel, t: Tables) -> Tables:
    """rules.yaml: each faction's set-up (§3.6): its tokens on the map, in the support boxes it
    may use, and the Habsburgs' armies on the orange boxes."""
    fr = _Fail("rules.yaml")
    place_index, box_index = t["place_index"], t["box_index"]
    su = rules.setup
    for f, fs_ in su.factions.items():
        item = f"setup.factions[{f}]"
        if f not in FACTIONS:
            raise fr(item, "unknown faction")
        for place, k in fs_.map.items():
            if place not in place_index:
                raise fr(f"{item}.map[{place}]", "unknown city or town")
            if k < 1 or (k > 1 and board.places[place_index[place]].kind == "town"):
                raise fr(f"{item}.map[{place}]", f"{k} tokens: a town holds one token (§5.6)")
        for box, k in fs_.support.items():
            if box not in box_index:
                raise fr(f"{item}.support[{box}]", "unknown support box")
            b = support.boxes[box_index[box]]
            if f not in b.factions:
                raise fr(f"{item}.support[{box}]", f"{f} may not use the box {b.name}")
            room = len([s for s in b.slots if fs_.support_slot in (None, s)])
            if k > room:
                raise fr(f"{item}.support[{box}]", f"{k} tokens, but the box has {room} such spaces")
        if fs_.armies > sum(1 for r in board.regions if r.orange):
            raise fr(f"{item}.armies", "more set-up armies than blocks with an orange box (§3.6)")
    return {
        "setup": {f: fs_.model_dump() for f, fs_ in su.factions.items()}
        | {"_water_beggars": su.water_beggars, "_neutrals": dict(su.neutrals_per_vacant)}
    }


def load() -> Components:
    """The game's own data files, validated."""
    return build(read_raw())


def raw_copy() -> dict[str, Any]:
    """A fresh copy of the raw data, for tests that corrupt it."""
    return copy.deepcopy(_RAW)


_RAW = read_raw()
COMPONENTS = build(copy.deepcopy(_RAW))
