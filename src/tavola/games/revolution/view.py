"""What the browser draws and what every role sees (§2, §4.6: nothing in Revolution is secret).

``board`` is the static part: the 24 provinces with their positions, borders and rivers for the
map, and under ``revolution`` everything the game's page draws beside it (cities and towns,
command blocks and their arrows, support boxes and their spaces, the Allegiance and bishopric
tracks, the universities). ``view`` is the state without the RNG word and the flow stack, with
what the page shows that the state keeps only implicitly: the faction deciding and those still
to play the phase (``to_play``, None in a step that is not played faction by faction), the phases of this turn, and each faction's VP by source as they would be
scored now (§4.3, §4.4)."""

from __future__ import annotations

from typing import Any

from tavola.core.rules import Event
from tavola.games.revolution import allegiance, taxes, turn, victory
from tavola.games.revolution.common import State, fid, limits
from tavola.games.revolution.flow import FLOW
from tavola.games.revolution.loader import COMPONENTS as C
from tavola.games.revolution.loader import FACTIONS


def names() -> list[dict[str, str]]:
    """The names the log and the prompts show for ids (Italian where the rulebook gives one)."""
    pairs = [
        *zip(C.province_ids, C.province_names, C.province_names, strict=True),
        *zip(C.region_ids, C.region_names, C.region_names, strict=True),
        *zip(C.place_ids, C.place_names, C.place_names, strict=True),
        *zip(C.box_ids, C.box_names, C.box_names_it, strict=True),
    ]
    seen: dict[str, dict[str, str]] = {}
    for i, en, it in pairs:
        seen.setdefault(i, {"id": i, "name": en, "name_it": it})
    return list(seen.values())


def board(title: str, players: int) -> dict[str, Any]:
    """The map's areas (the provinces, with the player count's limits), their borders and
    everything drawn beside the map."""
    limit = limits(players)
    areas = [
        {
            "id": C.province_ids[p],
            "name": C.province_names[p],
            "lon": C.province_pos[p][0],
            "lat": C.province_pos[p][1],
            "limit": limit[p],
            "small": C.small[p],
            "region": C.region_ids[C.province_region[p]],
        }
        for p in range(len(C.province_ids))
    ]
    borders = [
        {"a": C.province_ids[a], "b": C.province_ids[b], "type": "land"}
        for a, near in enumerate(C.adjacent)
        for b in near
        if a < b
    ]
    info = {
        "factions": [{"id": f, "name": C.faction_names[f], "colour": C.colours[f]} for f in FACTIONS],
        **_map_info(players),
        "boxes": _box_info(),
        "beggars": {"tokens": C.beggar_tokens, "area": [C.province_ids[p] for p in C.beggar_area]},
        "bishoprics": [C.province_ids[p] for p in C.bishopric_provinces],
        "bishop_track": list(C.bishop_track),
        "allegiance": {
            "spaces": [list(e) for e in allegiance.effects(players)],
            "centre": C.allegiance_centre,
        },
        "phases": {
            "turn0": [["setup", "§3.6"], *([name, rule] for name, rule, _ in turn.TURN0)],
            "turn": [[name, rule] for name, rule, _ in turn.TURN],
        },
        "last_turn": C.last_turn,
    }
    return {"title": title, "areas": areas, "borders": borders, "names": names(), "revolution": info}


def _map_info(players: int) -> dict[str, Any]:
    """The cities and towns, the provinces' cards and places, the regions with their command
    blocks and arrows, and the rivers leg by leg; the taxes are the player count's (§6.1)."""
    tax2 = taxes.taxes2(players)
    return {
        "places": [
            {
                "id": C.place_ids[c],
                "name": C.place_names[c],
                "city": C.is_city[c],
                "province": C.province_ids[C.place_province[c]],
                "trade": C.trade[c],
                "university": C.university[c],
            }
            for c in range(len(C.place_ids))
        ],
        "cities": [C.place_ids[c] for c in C.cities],
        "provinces": [
            {
                "id": C.province_ids[p],
                "tax": tax2[p] / 2,
                "vp": C.vp2[p] / 2,
                "bishopric": C.bishopric[p],
                "places": [C.place_ids[c] for c in C.province_places[p]],
            }
            for p in range(len(C.province_ids))
        ],
        "regions": [
            {
                "id": C.region_ids[r],
                "name": C.region_names[r],
                "boxes": C.boxes[r],
                "orange": C.orange[r],
                "provinces": [C.province_ids[p] for p in C.region_provinces[r]],
                "arrows": [C.region_ids[x] for x in C.arrows[r]],
            }
            for r in range(len(C.region_ids))
        ],
        "rivers": [
            {
                "id": rid,
                "name": name,
                "legs": [
                    {
                        "a": C.province_ids[C.river_legs[i][0]],
                        "b": C.province_ids[C.river_legs[i][1]],
                        "past": [C.place_ids[c] for c in C.river_legs[i][2]],
                    }
                    for i in legs
                ],
            }
            for rid, name, legs in C.rivers
        ],
    }


def _box_info() -> list[dict[str, Any]]:
    """The support boxes: who may use each, its spaces and where its tokens enter (§5.1)."""
    return [
        {
            "id": C.box_ids[b],
            "name": C.box_names[b],
            "name_it": C.box_names_it[b],
            "factions": list(C.box_factions[b]),
            "slots": list(C.box_slots[b]),
            "enters": [C.province_ids[p] for p in C.box_enters[b]],
        }
        for b in range(len(C.box_ids))
    ]


def view(state: State) -> dict[str, Any]:
    """The whole state but the RNG word and the flow stack, with the deciding faction, those
    still to play this phase, and the VP each faction would score now, by source."""
    out = {k: v for k, v in state.items() if k not in ("rng", "flow")}
    frame = state["flow"][-1]
    out["decision"] = frame["s"]
    acting = None if state["over"] or frame["s"] in FLOW.final else FLOW.acting(state)
    out["acting"] = fid(acting) if acting is not None else None
    # the factions still to play a phase played faction by faction (§4.1); None in a step one
    # faction takes alone (the set-up armies, the Huguenots' interception, leftover neutrals)
    out["to_play"] = [fid(o) for o in frame["queue"]] if acting is not None and "queue" in frame else None
    final = state["turn"] >= C.last_turn
    out["vp_now"] = {
        fid(o): {k: v / 2 for k, v in victory.breakdown(state, o, final).items()} for o in state["factions"]
    }
    return out


NEUTRAL, BEGGARS, ABANDONED = 5, 6, 10
"""Owner indices past the five factions (§2): the neutral tokens and the Water Beggars; a
command block's army of an abandoned faction is its owner plus 10 (§6.3)."""


def _owner(o: int) -> str:
    """An owner index as a name the catalogue knows."""
    if o == NEUTRAL:
        return "ui.neutral"
    if o == BEGGARS:
        return "ui.beggars"
    return FACTIONS[o % ABANDONED]


def _counted(counts: list[int]) -> list[Event]:
    """Tokens by owner: "Catholics 2", "neutral 1" (empty ones left out)."""
    return [
        {"msg": "rev.sum.tokens", "args": {"owner": _owner(o), "n": n}} for o, n in enumerate(counts) if n
    ]


def summary(view: dict[str, Any]) -> list[list[Event]]:
    """The view in words for the terminal, what the browser's panels show (it printed the state's
    raw arrays: "Country: 0, 0, 0, 1, 4...", "Support: -1, -1..."): the turn, phase and faction
    to play (§4.1); each faction's treasury, stock and VP (§4.3, §4.4); every province with
    tokens, its count against the limit, by owner in the countryside and in each city or town,
    and its card's holder (§6.11, §6.17); the support boxes (§5.1); the armies in the command
    blocks and the sieges (§6.4, §6.15); the Allegiance track (§6.16); bishoprics and
    universities (§6.18, §6.19); the Water Beggars (§6.7)."""

    def line(msg: str, parts: list[Event] | None = None, **args: Any) -> list[Event]:
        return [{"msg": msg, "args": args}, *(parts or [])]

    def part(msg: str, **args: Any) -> Event:
        return {"msg": msg, "args": args}

    head = [part("rev.sum.acting", faction=view["acting"])] if view["acting"] else []
    if view["to_play"]:
        head.append(part("rev.sum.then", factions=view["to_play"]))
    lines = [line("rev.sum.turn", head, turn=view["turn"], phase=f"ui.phase_{view['phase']}")]
    for o in view["factions"]:
        f = FACTIONS[o]
        now = sum(view["vp_now"][f].values())
        lines.append(
            line(
                "rev.sum.faction",
                [
                    part("rev.sum.treasury", n=view["treasury"][o]),
                    part("rev.sum.stock", n=view["stock"][o]),
                    part("rev.sum.vp", n=view["vp2"][o] / 2, now=now),
                ],
                faction=f,
            )
        )
    limit = limits(view["players"])
    for p, pid in enumerate(C.province_ids):
        parts = _counted(view["country"][p])
        total = sum(view["country"][p])
        for c in C.province_places[p]:
            total += sum(view["places"][c])
            for e in _counted(view["places"][c]):
                parts.append(part("rev.sum.in_place", place=C.place_ids[c], **e["args"]))
        if view["province_card"][p] >= 0:
            parts.append(part("rev.sum.card", owner=_owner(view["province_card"][p])))
        if total or view["province_card"][p] >= 0:
            lines.append(line("rev.sum.province", parts, province=pid, n=total, limit=limit[p]))
    for b, bid in enumerate(C.box_ids):
        filled = [_owner(o) for o in view["support"][b] if o >= 0]
        if filled:
            lines.append(line("rev.sum.box", box=bid, owners=filled, n=len(view["support"][b])))
    for r, rid in enumerate(C.region_ids):
        armies = [_owner(c) for c in view["blocks"][r] if c >= 0]
        if armies:
            lines.append(line("rev.sum.block", region=rid, owners=armies))
    for s in view["sieges"]:
        lines.append(line("rev.sum.siege", place=C.place_ids[s["city"]], owner=_owner(s["by"])))
    cities = [
        part("rev.sum.space", place=C.place_ids[c], n=view["allegiance"][k]) for k, c in enumerate(C.cities)
    ]
    lines.append(line("rev.sum.allegiance", cities))
    church = [
        part("rev.sum.bishopric", province=C.province_ids[p], status=C.bishop_track[view["bishopric"][k]])
        for k, p in enumerate(C.bishopric_provinces)
    ]
    lines.append(line("rev.sum.bishoprics", church))
    unis = [
        part("rev.sum.university", place=C.place_ids[c], status=f"ui.university_{view['university'][c]}")
        for c in range(len(C.place_ids))
        if C.university[c]
    ]
    lines.append(line("rev.sum.universities", unis))
    lines.append(line("rev.sum.beggars", n=view["beggars_home"], total=C.beggar_tokens))
    return lines
