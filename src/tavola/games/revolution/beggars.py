"""§6.7 The Water Beggars: neutral mercenaries the Burghers or the Reformers hire, one faction a
turn, 2 coins each, up to their 3 tokens, in the regions of Gelderland, Holland, Overijssel,
Utrecht, Zeeland and the Generality.

One action hires and uses beggars in one region: ``("beggars", use, region, n, target)``:
- ``eliminate`` (§6.7.1): more beggars than armies in the region remove its most Catholic army
  (Catholic, then Habsburg, then Nobility; never a Burgher or Reformer army);
- ``lift`` (§6.7.2): at least as many beggars as armies lift a siege of the region (option
  `beggars_lift`: every siege there), the city's tokens untouched;
- ``loot`` (§6.7.3): with no army in the region, a beggar adds a neutral to a province with a
  town; ``siege``: two beggars besiege a city, whoever holds it;
- ``block`` (§6.7.4): a beggar stays to stop the first enemy army leaving the region (§6.8) or
  one army's influence (§6.9).
Targets lie in the six provinces (option `beggars_area`: anywhere in their regions).
"""

from __future__ import annotations

from typing import Any

from tavola.games.revolution.armies import ENEMIES_OF_BEGGARS
from tavola.games.revolution.common import (
    BEGGARS,
    EMPTY,
    NEUTRAL,
    State,
    acting_armies,
    besieged,
    ev,
    fid,
    option,
    pay,
    per_faction,
    take_stock,
)
from tavola.games.revolution.loader import COMPONENTS as C

REGIONS = sorted({C.province_region[p] for p in C.beggar_area})


def area(state: State, r: int) -> list[int]:
    """The provinces of region ``r`` where the beggars may loot or besiege."""
    if option(state, "beggars_area") == "regions":
        return list(C.region_provinces[r])
    return [p for p in C.region_provinces[r] if p in C.beggar_area]


def free(state: State) -> int:
    """Beggars still to hire this turn: at most their 3 tokens a turn (§6.7)."""
    return min(state["beggars_home"], C.beggar_tokens - state["beggars"]["hired"])


def begin(state: State) -> list[dict[str, Any]]:
    state["beggars"]["hirer"] = EMPTY
    state["beggars"]["hired"] = 0
    hirers = [o for o in state["order"] if fid(o) in C.beggar_hirers]
    per_faction(state, "beggars", hirers, _init)
    return []


def _init(state: State, owner: int) -> dict[str, Any] | None:
    if state["beggars"]["hirer"] not in (EMPTY, owner):
        return None
    return {} if state["treasury"][owner] >= C.beggar_cost else None


def legal_beggars(state: State, frame: dict[str, Any], who: int) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = []
    most = min(free(state), state["treasury"][who] // C.beggar_cost)
    if not most:
        return [("done",)]
    for r in REGIONS:
        name = C.region_ids[r]
        armies = len(acting_armies(state, r))
        enemies = [o for _, o in acting_armies(state, r) if o in ENEMIES_OF_BEGGARS]
        if enemies and armies + 1 <= most:
            out.append(("beggars", "eliminate", name, armies + 1, ""))
        sieges = [s for s in state["sieges"] if s["region"] == r]
        if sieges and max(armies, 1) <= most:
            out += [("beggars", "lift", name, max(armies, 1), C.place_ids[s["city"]]) for s in sieges]
        if not armies:
            for p in area(state, r):
                if any(not C.is_city[c] for c in C.province_places[p]):
                    out.append(("beggars", "loot", name, 1, C.province_ids[p]))
                if most >= 2:
                    out += [
                        ("beggars", "siege", name, 2, C.place_ids[c])
                        for c in C.province_places[p]
                        if C.is_city[c] and c not in besieged(state)
                    ]
        out.append(("beggars", "block", name, 1, ""))
    return [*out, ("done",)]


def apply_beggars(
    state: State, frame: dict[str, Any], who: int, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    if action[0] == "done":
        per_faction(state, "beggars", frame["queue"], _init)
        return []
    _, use, region, n, target = action
    r = C.region_index[region]
    pay(state, who, n * C.beggar_cost)
    state["beggars"]["hirer"] = who
    state["beggars"]["hired"] += n
    state["beggars_home"] -= n
    back = n
    if use == "eliminate":
        boxes = [(o, b) for b, o in acting_armies(state, r) if o in ENEMIES_OF_BEGGARS]
        o, b = min(boxes)
        state["blocks"][r][b] = EMPTY
        state["sieges"] = [s for s in state["sieges"] if not (s["region"] == r and s["box"] == b)]
        target = fid(o)
    elif use == "lift":
        city = C.place_index[target]
        every = option(state, "beggars_lift") == "all"
        lifted = [s for s in state["sieges"] if s["region"] == r and (every or s["city"] == city)]
        state["sieges"] = [s for s in state["sieges"] if s not in lifted]
        back += 2 * sum(s["by"] == BEGGARS for s in lifted)  # besieging beggars go home too
    elif use == "loot":
        state["country"][C.province_index[target]][NEUTRAL] += take_stock(state, NEUTRAL, 1)
    elif use == "siege":
        state["sieges"].append({"city": C.place_index[target], "by": BEGGARS, "region": r, "box": EMPTY})
        back = 0
    else:
        state["beggars"]["blocking"][r] += 1
        back = 0
    state["beggars_home"] += back
    return [ev("ev.beggars", faction=fid(who), use=use, region=region, n=n, target=target)]


def ask_beggars(state: State, frame: dict[str, Any], who: int) -> tuple[str, dict[str, Any]]:
    return "prompt.beggars", {"faction": fid(who), "n": free(state)}
