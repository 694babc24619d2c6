"""Maria's board as the rules read it: :class:`.geo.Geo` built from the validated components
(:mod:`.board`, the data files). Pieces get readable ids here: a general is named by its
name (``neipperg``, ``friedrich_der_grosse``), a train by its power and place in the file
(``prussia_train_1``)."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from tavola.games.maria.geo import Geo, from_raw


def slug(name: str) -> str:
    text = unicodedata.normalize("NFKD", name.replace("ß", "ss")).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def raw_from_components(comp: Any) -> dict[str, Any]:
    """The plain board :func:`.geo.from_raw` reads, from the components."""
    cities = {
        c.key: {
            "name": c.name,
            "map": c.map,
            "territory": c.territory,
            "fortress": None if c.fortress == "none" else c.fortress,
            "elector": c.elector,
            "suit": c.suit,
        }
        for c in comp.cities
    }
    roads = [[comp.cities[r.a].key, comp.cities[r.b].key, r.main] for r in comp.roads]
    generals = {}
    for g in comp.generals:
        generals[slug(g.name)] = {
            "name": g.name,
            "power": g.power,
            "rank": g.rank,
            "minimum": g.min_troops,
            "start": g.start.city or g.start.box,
        }
    trains: dict[str, Any] = {}
    count: dict[str, int] = {}
    for t in comp.trains:
        count[t.power] = count.get(t.power, 0) + 1
        trains[f"{t.power}_train_{count[t.power]}"] = {"power": t.power, "start": t.start.city or t.start.box}
    return {
        "cities": cities,
        "roads": roads,
        "generals": generals,
        "trains": trains,
        "troops": {p: spec.troops for p, spec in comp.powers.items()},
        "territories": {t: spec.owner for t, spec in comp.territories.items()},
    }


def _load() -> Geo:
    from tavola.games.maria.board import load_components

    return from_raw(raw_from_components(load_components()))


GEO: Geo = _load()
