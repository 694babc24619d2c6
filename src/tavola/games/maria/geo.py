"""The board as the rules read it (§3.2): cities, roads, sectors, territories and the pieces'
start, built once from the validated board data (:mod:`.board`) and kept in plain lookups.

Everything geographic the chapters need lives here: adjacency with the main-road flag, road
distances per map set, the suit of a city's sector, who owns a territory, which cities are
fortresses. :func:`from_raw` builds a :class:`Geo` from plain dicts, so tests can draw small
boards of their own; :data:`GEO` is the printed board (reconstructed, see data/).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class City:
    id: str
    name: str
    map: str  # "bohemia" | "flanders"
    territory: str  # a territory id: austria, prussia, saxony, bavaria, silesia, ...
    fortress: str | None  # None | "minor" | "major"
    elector: bool
    suit: str  # the suit of the city's sector (§3.2): hearts, diamonds, clubs, spades


@dataclass(frozen=True)
class General:
    id: str
    name: str
    power: str
    rank: int
    minimum: int  # the army sheet's minimum at set-up (§4)
    start: str  # a city id, or an off-map box ("ostpreussen")


@dataclass(frozen=True)
class Train:
    id: str
    power: str
    start: str  # a city id, or a box ("silesia_box")


@dataclass
class Geo:
    cities: dict[str, City]
    adjacent: dict[str, dict[str, bool]]  # city -> neighbour -> main road
    generals: dict[str, General]
    trains: dict[str, Train]
    troops: dict[str, int]  # §4: the troops of each power at the start
    territory_owner: dict[str, str | None]  # territory -> the power whose home it is (§3.2)
    _dist: dict[tuple[str, str], dict[str, int]] = field(default_factory=dict)

    def on(self, maps: tuple[str, ...]) -> list[str]:
        return [c for c, x in self.cities.items() if x.map in maps]

    def neighbours(self, city: str, maps: tuple[str, ...]) -> list[str]:
        return [n for n in self.adjacent[city] if self.cities[n].map in maps]

    def distances(self, city: str, maps: tuple[str, ...]) -> dict[str, int]:
        """Road distance in cities from ``city`` to every city of ``maps`` (pieces ignored)."""
        key = (city, ",".join(maps))
        got = self._dist.get(key)
        if got is None:
            got = {city: 0}
            queue = deque([city])
            while queue:
                c = queue.popleft()
                for n in self.neighbours(c, maps):
                    if n not in got:
                        got[n] = got[c] + 1
                        queue.append(n)
            self._dist[key] = got
        return got

    def owner(self, city: str) -> str | None:
        """The power whose home territory holds ``city`` (None: Silesia, Poland, ...)."""
        return self.territory_owner.get(self.cities[city].territory)


def from_raw(raw: dict[str, Any]) -> Geo:
    cities = {
        cid: City(
            cid,
            c.get("name", cid),
            c["map"],
            c["territory"],
            c.get("fortress"),
            bool(c.get("elector", False)),
            c["suit"],
        )
        for cid, c in raw["cities"].items()
    }
    adjacent: dict[str, dict[str, bool]] = {c: {} for c in cities}
    for a, b, main in raw["roads"]:
        adjacent[a][b] = bool(main)
        adjacent[b][a] = bool(main)
    generals = {
        gid: General(gid, g.get("name", gid), g["power"], g["rank"], g.get("minimum", 1), g["start"])
        for gid, g in raw["generals"].items()
    }
    trains = {tid: Train(tid, t["power"], t["start"]) for tid, t in raw["trains"].items()}
    return Geo(cities, adjacent, generals, trains, dict(raw["troops"]), dict(raw["territories"]))
