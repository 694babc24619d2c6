"""Loading and validating the board, nation and rule data (``data/*.yaml``).

Every file is checked with pydantic models and cross-checked (regions named by borders and
set-up lines exist, declared kinds match the border colours, every start line gives one city of
each resource...). Any problem raises :class:`tavola.core.errors.DataError` naming the file and
the item. The result is turned once, at import, into compact integer-indexed tables
(:class:`Board`, :class:`Setup`, :data:`RULEBOOK`) that the rules read.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

from tavola.core.datafile import pair_problem, read_game_data
from tavola.core.errors import DataError

RESOURCES = ("marble", "iron", "gold")
"""Resource kinds by index; index 3 in a nation's purse is the coin."""
PURSE = ("marble", "iron", "gold", "coin")
UNITS = ("legion", "galley")
SITE_ANY = 3
NO_SITE = -1


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _provenance(item: BaseModel, what: str) -> None:
    if not (getattr(item, "source", None) or getattr(item, "reconstructed", None)):
        raise ValueError(f"{what} needs its provenance: 'source' or 'reconstructed'")


# --- board files ----------------------------------------------------------------------------
class Position(_Strict):
    lon: float
    lat: float
    basis: str

    @model_validator(mode="after")
    def _range(self) -> Position:
        if not (-180 <= self.lon <= 180 and -90 <= self.lat <= 90):
            raise ValueError(f"position {self.lon}, {self.lat} is not a longitude/latitude")
        return self


class RegionModel(_Strict):
    id: str
    name: str
    kind: Literal["land", "sea"]
    coastal: bool
    site: Literal["marble", "iron", "gold", "any"] | None
    pos: Position
    island: str | None = None
    """The island a land region lies on, for drawing it with water around (no rule reads it)."""
    source: str | None = None
    reconstructed: str | None = None
    site_source: str | None = None
    site_reconstructed: str | None = None

    @model_validator(mode="after")
    def _prov(self) -> RegionModel:
        _provenance(self, f"region {self.id!r}")
        return self


class BorderModel(_Strict):
    a: str
    b: str
    type: Literal["land", "sea", "mixed"]
    source: str | None = None
    reconstructed: str | None = None
    checked: str | None = None

    @model_validator(mode="after")
    def _prov(self) -> BorderModel:
        _provenance(self, f"border {self.a}-{self.b}")
        return self


class BoardModel(_Strict):
    map: str
    title: str
    regions: list[RegionModel]
    borders: list[BorderModel]


# --- nations file ---------------------------------------------------------------------------
class NationModel(_Strict):
    id: str
    colour: Literal["yellow", "red", "green", "blue", "black", "grey"]
    source: str | None = None
    reconstructed: str | None = None

    @model_validator(mode="after")
    def _prov(self) -> NationModel:
        _provenance(self, f"nation {self.id!r}")
        return self


class LineModel(_Strict):
    nations: int
    start: dict[str, list[str]]
    tokens: dict[str, Literal["marble", "iron", "gold"]] = {}
    neutral_temples: list[str]
    source: str | None = None
    reconstructed: str | None = None
    tuned: str | None = None  # what a balance report changed, and why

    @model_validator(mode="after")
    def _prov(self) -> LineModel:
        _provenance(self, f"the {self.nations}-nation line")
        return self


class SideModel(_Strict):
    nations: list[NationModel]
    lines: list[LineModel]


# --- rules file -----------------------------------------------------------------------------
class _Sourced(BaseModel):
    model_config = ConfigDict(extra="allow")
    source: str | None = None
    reconstructed: str | None = None


class TechModel(_Strict):
    id: str
    first: int
    later: int
    requires: str | None
    source: str


class RulesModel(_Strict):
    rondel: _Sourced
    supplies: _Sourced
    coins: _Sourced
    start: _Sourced
    production: _Sourced
    militia: _Sourced
    templum: _Sourced
    founding: _Sourced
    defence: _Sourced
    technologies: list[TechModel]
    trade: _Sourced
    personages: _Sourced
    victory: _Sourced
    two_players: _Sourced

    @model_validator(mode="after")
    def _prov(self) -> RulesModel:
        for name in type(self).model_fields:
            value = getattr(self, name)
            if isinstance(value, _Sourced):
                _provenance(value, f"rules group {name!r}")
        return self


def _read(name: str) -> Any:
    return read_game_data("tavola.games.antike", name)


def _model(cls: type[BaseModel], data: Any, name: str) -> Any:
    try:
        return cls.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise DataError(
            f"antike data/{name}: {where}: {first['msg']} ({exc.error_count()} problem(s))"
        ) from None


# --- the compact tables the rules use -------------------------------------------------------
@dataclass(frozen=True)
class Board:
    """One side of the board as integer-indexed tables (region ``r`` is ``ids[r]``)."""

    scenario: str
    title: str
    ids: list[str]
    names: list[str]
    index: dict[str, int]
    kind: list[str]
    site: list[int]  # NO_SITE, 0 marble, 1 iron, 2 gold, SITE_ANY
    allows: tuple[list[bool], list[bool]]  # allows[t][r]: a red (legion) / blue (galley) border
    adj: tuple[list[list[int]], list[list[int]]]  # adj[t][r]: neighbours a unit of type t reaches
    nav: list[int]  # navigator value of a galley-held region (§4): 2 for a city-less sea
    lon: list[float]
    lat: list[float]
    pos_basis: list[str]
    island: list[str | None]
    borders: list[tuple[int, int, str]]
    # actions built once, so listing legal actions allocates no tuples
    act_region: list[tuple[str, str]]
    act_unit: tuple[list[tuple[str, str]], list[tuple[str, str]]]
    act_attack: list[tuple[str, str]]

    @property
    def size(self) -> int:
        return len(self.ids)


def build_board(raw: Any, name: str) -> Board:
    """Validate one board file and build its tables."""
    model: BoardModel = _model(BoardModel, raw, name)
    ids = [r.id for r in model.regions]
    if len(set(ids)) != len(ids):
        dup = sorted({i for i in ids if ids.count(i) > 1})
        raise DataError(f"antike data/{name}: region ids repeat: {', '.join(dup)}")
    index = {rid: i for i, rid in enumerate(ids)}
    borders = _borders(model, index, name)
    red, blue = _colours(len(ids), borders)
    _check_region_kinds(model, red, blue, name)
    adj: tuple[list[list[int]], list[list[int]]] = ([[] for _ in ids], [[] for _ in ids])
    for a, c, kind in borders:
        for t in (0, 1):
            if kind in _BORDER_UNITS[t]:
                adj[t][a].append(c)
                adj[t][c].append(a)
    _check_connected(ids, adj, name)
    for lst in adj[0] + adj[1]:
        lst.sort()
    site_code = {"marble": 0, "iron": 1, "gold": 2, "any": SITE_ANY, None: NO_SITE}
    return Board(
        scenario=model.map,
        title=model.title,
        ids=ids,
        names=[r.name for r in model.regions],
        index=index,
        kind=[r.kind for r in model.regions],
        site=[site_code[r.site] for r in model.regions],
        allows=(red, blue),
        adj=adj,
        nav=[2 if r.site is None else 1 for r in model.regions],
        lon=[r.pos.lon for r in model.regions],
        lat=[r.pos.lat for r in model.regions],
        pos_basis=[r.pos.basis for r in model.regions],
        island=[r.island for r in model.regions],
        borders=borders,
        act_region=[("region", rid) for rid in ids],
        act_unit=([("legion", rid) for rid in ids], [("galley", rid) for rid in ids]),
        act_attack=[("attack", rid) for rid in ids],
    )


_BORDER_UNITS = (("land", "mixed"), ("sea", "mixed"))
"""§8.1 the borders a legion (red: land, or both colours) and a galley (blue: sea, or both) cross."""


def _borders(model: BoardModel, index: dict[str, int], name: str) -> list[tuple[int, int, str]]:
    """The borders as (region, region, colour), each between two known regions, listed once."""
    seen: set[frozenset[str]] = set()
    borders: list[tuple[int, int, str]] = []
    for b in model.borders:
        problem = pair_problem(b.a, b.b, index, seen, "region")
        if problem is not None:
            raise DataError(f"antike data/{name}: border {b.a}-{b.b} {problem}")
        borders.append((index[b.a], index[b.b], b.type))
    return borders


def _colours(size: int, borders: list[tuple[int, int, str]]) -> tuple[list[bool], list[bool]]:
    """Which regions a red (land) border and a blue (sea) border touch."""
    red = [False] * size
    blue = [False] * size
    for a, c, kind in borders:
        if kind in _BORDER_UNITS[0]:
            red[a] = red[c] = True
        if kind in _BORDER_UNITS[1]:
            blue[a] = blue[c] = True
    return red, blue


def _check_region_kinds(model: BoardModel, red: list[bool], blue: list[bool], name: str) -> None:
    """Each region's declared kind agrees with its borders: a land region has a red border, a
    coastal one a blue border, a region without a city site is a sea."""
    for i, r in enumerate(model.regions):
        if not red[i] and not blue[i]:
            raise DataError(f"antike data/{name}: region {r.id!r} has no border")
        if (r.kind == "land") != red[i]:
            raise DataError(
                f"antike data/{name}: region {r.id!r} is declared {r.kind} but "
                f"{'has' if red[i] else 'has no'} red (land) border"
            )
        if r.coastal != blue[i]:
            raise DataError(
                f"antike data/{name}: region {r.id!r} is declared coastal={r.coastal} "
                f"but {'has' if blue[i] else 'has no'} blue (sea) border"
            )
        if r.site is None and r.kind != "sea":
            raise DataError(f"antike data/{name}: region {r.id!r} has no city site but is not a sea")


def _check_connected(ids: list[str], adj: tuple[list[list[int]], list[list[int]]], name: str) -> None:
    """Every region is reachable, or nations could be cut off by the data."""
    reach = {0}
    todo = [0]
    while todo:
        x = todo.pop()
        for y in adj[0][x] + adj[1][x]:
            if y not in reach:
                reach.add(y)
                todo.append(y)
    if len(reach) != len(ids):
        lost = sorted(ids[i] for i in range(len(ids)) if i not in reach)
        raise DataError(f"antike data/{name}: regions not connected to the rest: {', '.join(lost)}")


@dataclass(frozen=True)
class Line:
    """The set-up for one number of nations: nations in seating order, their start cities."""

    nations: list[str]
    start: list[list[tuple[int, int]]]  # per nation: (region, token resource)
    neutral: list[int]


@dataclass(frozen=True)
class Setup:
    colours: dict[str, str]
    seating: list[str]
    lines: dict[int, Line]


def build_setup(raw: Any, board: Board, name: str) -> Setup:
    """Validate one board side's nations and start lines against its board."""
    side: SideModel = _model(SideModel, raw, name)
    seating = [n.id for n in side.nations]
    if len(set(seating)) != len(seating):
        raise DataError(f"antike data/{name} {board.scenario}: nation ids repeat")
    colours = {n.id: n.colour for n in side.nations}
    if len(set(colours.values())) != len(colours):
        raise DataError(f"antike data/{name} {board.scenario}: two nations share a colour")
    lines: dict[int, Line] = {}
    for line in side.lines:
        where = f"antike data/{name} {board.scenario} {line.nations}-nation line"
        if line.nations in lines:
            raise DataError(f"{where}: listed twice")
        if len(line.start) != line.nations:
            raise DataError(f"{where}: names {len(line.start)} nations")
        used: set[str] = set()
        start: list[list[tuple[int, int]]] = []
        for nation in [n for n in seating if n in line.start]:
            cities = line.start[nation]
            if len(cities) != 3:
                raise DataError(f"{where}: {nation} needs 3 start cities, not {len(cities)}")
            triple: list[tuple[int, int]] = []
            for rid in cities:
                if rid not in board.index:
                    raise DataError(f"{where}: {nation} starts in unknown region {rid!r}")
                if rid in used:
                    raise DataError(f"{where}: {rid} is the start city of two nations")
                used.add(rid)
                r = board.index[rid]
                site = board.site[r]
                if site == NO_SITE:
                    raise DataError(f"{where}: {rid} has no city site")
                if site == SITE_ANY:
                    if rid not in line.tokens:
                        raise DataError(f"{where}: {rid} is an any-resource site: give its token in 'tokens'")
                    token = RESOURCES.index(line.tokens[rid])
                else:
                    if rid in line.tokens:
                        raise DataError(
                            f"{where}: {rid} is a {RESOURCES[site]} site; a token is given only for 'any' sites"
                        )
                    token = site
                triple.append((r, token))
            if sorted(t for _, t in triple) != [0, 1, 2]:
                raise DataError(f"{where}: {nation} must start with one marble, one iron and one gold city")
            start.append(triple)
        unknown = set(line.start) - set(seating)
        if unknown:
            raise DataError(f"{where}: unknown nations {', '.join(sorted(unknown))}")
        if len(line.neutral_temples) != 3 or len(set(line.neutral_temples)) != 3:
            raise DataError(f"{where}: needs 3 different neutral temples")
        neutral = []
        for rid in line.neutral_temples:
            if rid not in board.index:
                raise DataError(f"{where}: neutral temple in unknown region {rid!r}")
            if rid in used:
                raise DataError(f"{where}: neutral temple on the start city {rid}")
            if board.site[board.index[rid]] == NO_SITE:
                raise DataError(f"{where}: neutral temple in {rid}, which has no city site")
            neutral.append(board.index[rid])
        lines[line.nations] = Line([n for n in seating if n in line.start], start, neutral)
    return Setup(colours=colours, seating=seating, lines=lines)


@dataclass(frozen=True)
class Tech:
    id: str
    bit: int
    first: int
    later: int
    requires: int  # bit of the prerequisite, or 0


@dataclass(frozen=True)
class Rulebook:
    """The numbers of the rulebook (``data/rules.yaml``)."""

    spaces: list[str]
    space_action: list[str]
    free_steps: int
    max_steps: int
    legions: int
    galleys: int
    city_tokens: int
    temples: int
    coins: int
    start_purse: list[int]
    prod_city: int
    prod_temple: int
    prod_coin: int
    metallum: int
    moneta: int
    unit_iron: int
    bellona_free: int
    arm_city: int
    arm_temple: int
    temple_marble: int
    city_cost: list[int]
    defence: dict[str, int]
    techs: list[Tech]
    trade: dict[str, tuple[int, int]]
    cards: list[int]  # kings, generals, citizens, scholars, navigators, pliny
    per: dict[str, int]
    victory: dict[int, int]
    two_player_nations: int


def build_rulebook(raw: Any, name: str = "rules.yaml") -> Rulebook:
    """Validate the rules file and gather its numbers."""
    m: RulesModel = _model(RulesModel, raw, name)
    try:
        spaces, actions = _rondel(m, name)
        book = _numbers(m, spaces, actions, name)
    except (KeyError, TypeError, ValueError) as exc:
        raise DataError(f"antike data/{name}: missing or malformed entry: {exc}") from None
    _check_tables(book, name)
    return book


def _rondel(m: RulesModel, name: str) -> tuple[list[str], dict[str, str]]:
    """§5.1 the rondel: 8 distinct spaces, each with its action, every action on it."""
    ron = m.rondel.model_extra or {}
    spaces = list(ron["spaces"])
    actions = dict(ron["actions"])
    valid = {"ferrum", "templum", "aurum", "movere", "militia", "marmor", "scientia"}
    if len(spaces) != 8 or len(set(spaces)) != 8 or set(actions) != set(spaces):
        raise DataError(f"antike data/{name}: the rondel needs 8 distinct spaces, each with its action")
    if set(actions.values()) != valid:
        raise DataError(f"antike data/{name}: rondel actions must be exactly {sorted(valid)}")
    return spaces, actions


def _technologies(m: RulesModel, name: str) -> list[Tech]:
    """§7.3 the technologies, each dearer for its first developer, with a known prerequisite."""
    ids = [t.id for t in m.technologies]
    techs = []
    for i, t in enumerate(m.technologies):
        if t.requires is not None and t.requires not in ids:
            raise DataError(f"antike data/{name}: {t.id} requires unknown technology {t.requires!r}")
        if not 0 < t.later < t.first:
            raise DataError(
                f"antike data/{name}: {t.id} must cost more first ({t.first}) than later ({t.later})"
            )
        techs.append(
            Tech(t.id, 1 << i, t.first, t.later, 0 if t.requires is None else 1 << ids.index(t.requires))
        )
    return techs


def _numbers(m: RulesModel, spaces: list[str], actions: dict[str, str], name: str) -> Rulebook:
    """The rulebook's numbers, each from its group of the rules file."""
    ron = m.rondel.model_extra or {}
    sup = m.supplies.model_extra or {}
    start = m.start.model_extra or {}
    prod = m.production.model_extra or {}
    mil = m.militia.model_extra or {}
    found = (m.founding.model_extra or {})["cost"]
    defence = {k: int(v) for k, v in (m.defence.model_extra or {}).items()}
    trade = {k: (int(v["give"]), int(v["take"])) for k, v in (m.trade.model_extra or {}).items()}
    pers = m.personages.model_extra or {}
    victory = {int(k): int(v) for k, v in (m.victory.model_extra or {})["personages"].items()}
    techs = _technologies(m, name)
    return Rulebook(
        spaces=spaces,
        space_action=[actions[s] for s in spaces],
        free_steps=int(ron["free_steps"]),
        max_steps=int(ron["max_steps"]),
        legions=int(sup["legions"]),
        galleys=int(sup["galleys"]),
        city_tokens=int(sup["city_tokens"]),
        temples=int(sup["temples"]),
        coins=int((m.coins.model_extra or {})["count"]),
        start_purse=[int(start["resources"][k]) for k in PURSE],
        prod_city=int(prod["city"]),
        prod_temple=int(prod["temple_city"]),
        prod_coin=int(prod["coin"]),
        metallum=int(prod["metallum"]),
        moneta=int(prod["moneta"]),
        unit_iron=int(mil["iron_per_unit"]),
        bellona_free=int(mil["bellona_free"]),
        arm_city=int(mil["per_city"]),
        arm_temple=int(mil["per_temple_city"]),
        temple_marble=int((m.templum.model_extra or {})["marble"]),
        city_cost=[int(found[k]) for k in RESOURCES],
        defence=defence,
        techs=techs,
        trade=trade,
        cards=[
            int(pers[k]["cards"])
            for k in ("kings", "generals", "citizens", "scholars", "navigators", "pliny")
        ],
        per={k: int(pers[k]["per"]) for k in ("kings", "citizens", "navigators")},
        victory=victory,
        two_player_nations=int((m.two_players.model_extra or {})["nations"]),
    )


def _check_tables(book: Rulebook, name: str) -> None:
    """§8.2 every term of the defence, §7.3 both trade rates, §4 the personages that win with
    3 to 6 nations."""
    need = {
        "city",
        "temple_city",
        "per_unit",
        "few_personages",
        "few_personages_max",
        "regnum",
        "res_publica",
        "neutral_temple",
    }
    if need - set(book.defence):
        raise DataError(f"antike data/{name}: defence lacks {', '.join(sorted(need - set(book.defence)))}")
    if set(book.trade) != {"mercatura", "commercium"}:
        raise DataError(f"antike data/{name}: trade needs mercatura and commercium rates")
    if sorted(book.victory) != [3, 4, 5, 6]:
        raise DataError(f"antike data/{name}: victory needs the personages for 3 to 6 nations")


BOARD_FILES = {"orient": "orient.yaml", "mare-nostrum": "mare_nostrum.yaml"}


def load_all() -> tuple[Rulebook, dict[str, Board], dict[str, Setup]]:
    """Every data file, validated and cross-checked."""
    book = build_rulebook(_read("rules.yaml"))
    boards: dict[str, Board] = {}
    for scenario, fname in BOARD_FILES.items():
        board = build_board(_read(fname), fname)
        if board.scenario != scenario:
            raise DataError(f"antike data/{fname}: map is {board.scenario!r}, expected {scenario!r}")
        boards[scenario] = board
    sides = _read("nations.yaml")
    if not isinstance(sides, dict) or set(sides) != set(BOARD_FILES):
        raise DataError(f"antike data/nations.yaml: needs exactly the sides {', '.join(BOARD_FILES)}")
    setups = {}
    for scenario, board in boards.items():
        setup = build_setup(sides[scenario], board, "nations.yaml")
        if sorted(setup.lines) != [3, 4, 5, 6]:
            raise DataError(f"antike data/nations.yaml {scenario}: needs lines for 3, 4, 5 and 6 nations")
        setups[scenario] = setup
    return book, boards, setups


RULEBOOK, BOARDS, SETUPS = load_all()
