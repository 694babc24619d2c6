"""The armies: §6.3 maintenance, §6.4 raising, §6.5 battles, §6.6 sieges, §6.8 movement, §6.9
military influence, §6.15 siege resolution.

Armies stand in the boxes of the command blocks, one per box; the block is the army's region
(§6.4). An abandoned army is flipped (``ABANDONED + owner``): it can no longer act and leaves
the map at the end of the turn (§6.3)."""

from __future__ import annotations

from typing import Any

from tavola.games.revolution.common import (
    ABANDONED,
    BEGGARS,
    EMPTY,
    NEUTRAL,
    NOBILITY,
    OWNERS,
    State,
    acting_armies,
    allied,
    armies_of,
    army_owner,
    besieged,
    besieging,
    ev,
    fid,
    give_stock,
    option,
    pay,
    per_faction,
    phase_over,
    take_stock,
)
from tavola.games.revolution.loader import COMPONENTS as C

ENEMIES_OF_BEGGARS = (0, 1, NOBILITY)  # Catholic, Habsburg and Nobility armies (§6.7.1, §6.7.4)


def region_of(p: int) -> int:
    return C.province_region[p]


def towns_of(r: int) -> list[int]:
    return [c for p in C.region_provinces[r] for c in C.province_places[p] if not C.is_city[c]]


def allowance(state: State) -> int:
    return C.players[state["players"]]["armies"]


# --- §6.3 maintenance -------------------------------------------------------------------------
def begin_maintenance(state: State) -> list[dict[str, Any]]:
    per_faction(state, "maintain", list(state["order"]), _init_maintain)
    return []


def _init_maintain(state: State, owner: int) -> dict[str, Any] | None:
    todo = [[r, b] for r, b in armies_of(state, owner) if state["blocks"][r][b] < ABANDONED]
    return {"todo": todo} if todo else None


def loot_provinces(state: State, r: int) -> list[int]:
    """§6.3 where an abandoned army may loot a town: a province with a town in its region (option
    `loot_town`: anywhere)."""
    anywhere = option(state, "loot_town") == "anywhere"
    pool = range(len(C.province_ids)) if anywhere else C.region_provinces[r]
    return [p for p in pool if any(not C.is_city[c] for c in C.province_places[p])]


def legal_maintain(state: State, frame: dict[str, Any], who: int) -> list[tuple[Any, ...]]:
    r, b = frame["todo"][0]
    region = C.region_ids[r]
    out: list[tuple[Any, ...]] = []
    upkeep = C.army_maintain[fid(who)]
    if state["treasury"][who] >= upkeep * len(frame["todo"]) and len(frame["todo"]) > 1:
        out.append(("maintain_all",))
    if state["treasury"][who] >= upkeep:
        out.append(("maintain", region, b))
    if state["treasury"][who] >= C.army_disband:
        out.append(("disband", region, b))
    out += [("loot_town", region, b, C.province_ids[p]) for p in loot_provinces(state, r)]
    for p in C.region_provinces[r]:
        for o in range(5):
            if state["country"][p][o] or any(
                state["places"][c][o] for c in C.province_places[p] if not C.is_city[c]
            ):
                out.append(("loot_token", region, b, C.province_ids[p], fid(o)))
    return out


def apply_maintain(
    state: State, frame: dict[str, Any], who: int, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    """§6.3 maintain (1 coin, a Catholic army 2), disband (1 coin: back to the army stock) or
    abandon (free: it loots a town, a neutral added to the town's province, or replaces a
    resource token of its region outside the cities by a neutral; then it is flipped)."""
    verb = action[0]
    upkeep = C.army_maintain[fid(who)]
    if verb == "maintain_all":
        pay(state, who, upkeep * len(frame["todo"]))
        frame["todo"] = []
        events = [ev("ev.maintain_all", faction=fid(who))]
    else:
        r, b = C.region_index[action[1]], action[2]
        frame["todo"].pop(0)
        if verb == "maintain":
            pay(state, who, upkeep)
            events = [ev("ev.maintain", faction=fid(who), region=action[1])]
        elif verb == "disband":
            pay(state, who, C.army_disband)
            state["blocks"][r][b] = EMPTY
            events = [ev("ev.disband", faction=fid(who), region=action[1])]
        else:
            state["blocks"][r][b] = ABANDONED + who
            p = C.province_index[action[3]]
            if verb == "loot_town":
                state["country"][p][NEUTRAL] += take_stock(state, NEUTRAL, 1)
            else:
                victim = C.factions.index(action[4])
                if state["country"][p][victim]:
                    state["country"][p][victim] -= 1
                    state["country"][p][NEUTRAL] += take_stock(state, NEUTRAL, 1)
                else:
                    t = next(
                        c for c in C.province_places[p] if not C.is_city[c] and state["places"][c][victim]
                    )
                    state["places"][t][victim] -= 1
                    state["places"][t][NEUTRAL] += take_stock(state, NEUTRAL, 1)
                give_stock(state, victim, 1)
            events = [ev("ev.abandon", faction=fid(who), region=action[1], province=action[3])]
    if not frame["todo"]:
        per_faction(state, "maintain", frame["queue"], _init_maintain)
    return events


def ask_maintain(state: State, frame: dict[str, Any], who: int) -> tuple[str, dict[str, Any]]:
    r, _ = frame["todo"][0]
    return "prompt.maintain", {"faction": fid(who), "region": C.region_ids[r], "n": len(frame["todo"])}


# --- §6.4 raising armies ----------------------------------------------------------------------
def raise_cost(owner: int, already: int) -> int:
    """§6.4 the price of one more army this turn: the table gives the total for 1, 2 or 3."""
    table = C.army_cost[fid(owner)]
    return table[already] - (table[already - 1] if already else 0)


def present_in(state: State, owner: int, r: int) -> bool:
    """§6.4 the faction has an army or resource tokens in the region."""
    if any(army_owner(v) == owner for v in state["blocks"][r]):
        return True
    return any(
        state["country"][p][owner] or any(state["places"][c][owner] for c in C.province_places[p])
        for p in C.region_provinces[r]
    )


def begin_raise(state: State) -> list[dict[str, Any]]:
    state["raised"] = [0] * 5
    per_faction(state, "raise", list(state["order"]), lambda s, o: {})
    return []


def legal_raise(state: State, frame: dict[str, Any], who: int) -> list[tuple[Any, ...]]:
    already = state["raised"][who]
    out: list[tuple[Any, ...]] = []
    affordable = already < 3 and state["treasury"][who] >= raise_cost(who, already)
    if affordable and len(armies_of(state, who)) < allowance(state):
        out = [
            ("raise", C.region_ids[r])
            for r in range(len(C.region_ids))
            if EMPTY in state["blocks"][r] and present_in(state, who, r)
        ]
    return [*out, ("done",)]


def apply_raise(
    state: State, frame: dict[str, Any], who: int, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    """§6.4 a new army in the leftmost empty box of the region's block."""
    if action[0] == "done":
        per_faction(state, "raise", frame["queue"], lambda s, o: {})
        return []
    r = C.region_index[action[1]]
    cost = raise_cost(who, state["raised"][who])
    pay(state, who, cost)
    state["raised"][who] += 1
    block = state["blocks"][r]
    block[block.index(EMPTY)] = who
    return [ev("ev.raise", faction=fid(who), region=action[1], cost=cost)]


def ask_raise(state: State, frame: dict[str, Any], who: int) -> tuple[str, dict[str, Any]]:
    return "prompt.raise", {"faction": fid(who), "n": state["raised"][who]}


# --- §6.5 battles -----------------------------------------------------------------------------
def battle(state: State, armies: list[int]) -> list[int]:
    """§6.5 the armies (owners) left after a battle. Lined up from the most Catholic to the most
    Reformed, one army is removed from each end at once, until one faction is left, two armies
    or fewer stand off, or (2 players) all that are left are allies."""
    line = sorted(armies)
    while True:
        if len(set(line)) <= 1 or len(line) <= 2:
            return line
        if all(allied(state, line[0], o) for o in line):
            return line
        line = line[1:-1]


def hostile(state: State, owners: list[int]) -> bool:
    return any(not allied(state, a, b) for a in owners for b in owners)


def begin_battles(state: State) -> list[dict[str, Any]]:
    """§6.5 a battle in every block holding armies of several (non-allied) factions; survivors
    slide to the leftmost boxes."""
    events = []
    for r, block in enumerate(state["blocks"]):
        fighting = acting_armies(state, r)
        owners = [o for _, o in fighting]
        if len(owners) < 3 or not hostile(state, owners):
            continue
        left = battle(state, owners)
        lost = list(owners)
        for o in left:
            lost.remove(o)
        for o in lost:
            for b, v in enumerate(block):
                if v == o or (v == ABANDONED + o and option(state, "abandoned_armies") == "fight"):
                    block[b] = EMPTY
                    break
        kept = [v for v in block if v != EMPTY]
        state["blocks"][r] = kept + [EMPTY] * (len(block) - len(kept))
        events.append(ev("ev.battle", region=C.region_ids[r], lost=[fid(o) for o in lost]))
    phase_over(state)
    return events


def standing_off(state: State, r: int, owner: int) -> bool:
    """§6.5 an army faces another faction's army in its block (two armies that did not fight):
    it may not besiege (§6.6) nor use influence (§6.9). In the 2-player game an ally's army
    counts here as another faction's (§6.4: «quando esse "si tengono a distanza" ... e quando
    si tratta di esaminare l'influenza militare, sono considerate come fazioni differenti»);
    option `allied_armies: together`: allies never stand off."""
    if option(state, "allied_armies") == "apart":
        return any(o != owner for _, o in acting_armies(state, r))
    return any(not allied(state, owner, o) for _, o in acting_armies(state, r))


# --- §6.6 sieges ------------------------------------------------------------------------------
def siege_targets(state: State, owner: int, r: int) -> list[int]:
    """§6.6 cities of the region an army may besiege: not controlled by its own faction (or an
    ally), holding tokens of another owner, and not already besieged."""
    taken = besieged(state)
    out = []
    for p in C.region_provinces[r]:
        for c in C.province_places[p]:
            if not C.is_city[c] or c in taken:
                continue
            holder = state["city_card"][c]
            if holder >= 0 and allied(state, holder, owner):
                continue
            if any(k for o, k in enumerate(state["places"][c]) if o != owner):
                out.append(c)
    return out


def _ready(state: State, owner: int) -> list[tuple[int, int]]:
    """Armies of the owner that may still act: not abandoned, not besieging."""
    return [
        (r, b)
        for r, b in armies_of(state, owner)
        if state["blocks"][r][b] < ABANDONED and not besieging(state, r, b)
    ]


def begin_sieges(state: State) -> list[dict[str, Any]]:
    per_faction(state, "siege", list(state["order"]), lambda s, o: {} if _ready(s, o) else None)
    return []


def legal_siege(state: State, frame: dict[str, Any], who: int) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = []
    for r, b in _ready(state, who):
        if standing_off(state, r, who):
            continue
        out += [("besiege", C.region_ids[r], b, C.place_ids[c]) for c in siege_targets(state, who, r)]
    return [*out, ("done",)]


def apply_siege(
    state: State, frame: dict[str, Any], who: int, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    """§6.6 the army is put on the city: nothing enters or leaves it until §6.15."""
    if action[0] == "done":
        per_faction(state, "siege", frame["queue"], lambda s, o: {} if _ready(s, o) else None)
        return []
    _, region, b, city = action
    state["sieges"].append(
        {"city": C.place_index[city], "by": who, "region": C.region_index[region], "box": b}
    )
    return [ev("ev.siege", faction=fid(who), city=city)]


def ask_siege(state: State, frame: dict[str, Any], who: int) -> tuple[str, dict[str, Any]]:
    return "prompt.siege", {"faction": fid(who)}


# --- §6.8 army movement -----------------------------------------------------------------------
def begin_march(state: State) -> list[dict[str, Any]]:
    stopped = [0] * len(C.region_ids)
    per_faction(state, "march", list(state["order"]), lambda s, o: _init_march(s, o, stopped))
    return []


def _init_march(state: State, owner: int, stopped: list[int]) -> dict[str, Any] | None:
    return {"moved": [], "stopped": stopped} if _ready(state, owner) else None


def carried(frame: dict[str, Any]) -> list[int]:
    """The armies stopped by Water Beggars so far this phase, for the next faction's frame."""
    return list(frame.get("stopped") or [0] * len(C.region_ids))


def blocked(state: State, frame: dict[str, Any], who: int, r: int) -> bool:
    """§6.7.4 a Water Beggar of region ``r`` stops this army of an enemy faction. Each beggar
    stops one army (option `beggars_block`): then goes back to its box (default), or stops one
    army in each of army movement and influence, staying until the sieges are resolved (§6.15),
    as «si disperdono automaticamente alla fine della fase di risoluzione» may be read."""
    if who not in ENEMIES_OF_BEGGARS:
        return False
    if option(state, "beggars_block") == "each_phase":
        stopped = frame.setdefault("stopped", [0] * len(C.region_ids))  # a position's frame may lack it
        if state["beggars"]["blocking"][r] > stopped[r]:
            stopped[r] += 1
            return True
        return False
    if state["beggars"]["blocking"][r]:
        state["beggars"]["blocking"][r] -= 1
        state["beggars_home"] += 1
        return True
    return False


def legal_march(state: State, frame: dict[str, Any], who: int) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = []
    for r, b in _ready(state, who):
        if [r, b] in frame["moved"]:
            continue
        out += [
            ("march", C.region_ids[r], b, C.region_ids[d]) for d in C.arrows[r] if EMPTY in state["blocks"][d]
        ]
    return [*out, ("done",)]


def apply_march(
    state: State, frame: dict[str, Any], who: int, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    """§6.8 an army moves along an arrow to an empty box of the next block, once a turn; a Water
    Beggar in its region stops the first enemy army that tries to leave (§6.7.4)."""
    if action[0] == "done":
        per_faction(state, "march", frame["queue"], lambda s, o: _init_march(s, o, carried(frame)))
        return []
    _, frm, b, to = action
    r, d = C.region_index[frm], C.region_index[to]
    if blocked(state, frame, who, r):
        frame["moved"].append([r, b])
        return [ev("ev.blocked", faction=fid(who), region=frm)]
    state["blocks"][r][b] = EMPTY
    block = state["blocks"][d]
    nb = block.index(EMPTY)
    block[nb] = who
    frame["moved"].append([d, nb])
    return [ev("ev.march", faction=fid(who), frm=frm, to=to)]


def ask_march(state: State, frame: dict[str, Any], who: int) -> tuple[str, dict[str, Any]]:
    return "prompt.march", {"faction": fid(who)}


# --- §6.9 military influence ------------------------------------------------------------------
def influence_targets(state: State, owner: int, r: int) -> list[tuple[int, int]]:
    """§6.9 (province, owner) of the tokens an army may convert: another faction's or a neutral
    token, in a town or the countryside of its region, never in a city."""
    out = []
    for p in C.region_provinces[r]:
        for o in range(OWNERS):
            if o == owner:
                continue
            if state["country"][p][o] or any(
                state["places"][c][o] for c in C.province_places[p] if not C.is_city[c]
            ):
                out.append((p, o))
    return out


def _can_influence(state: State, owner: int) -> list[tuple[int, int]]:
    return [(r, b) for r, b in _ready(state, owner) if not standing_off(state, r, owner)]


def begin_influence(state: State) -> list[dict[str, Any]]:
    stopped = [0] * len(C.region_ids)
    per_faction(state, "influence", list(state["order"]), lambda s, o: _init_influence(s, o, stopped))
    return []


def _init_influence(state: State, owner: int, stopped: list[int]) -> dict[str, Any] | None:
    if _can_influence(state, owner) and state["stock"][owner]:
        return {"used": [], "stopped": stopped}
    return None


def legal_influence(state: State, frame: dict[str, Any], who: int) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = []
    if state["stock"][who]:
        for r, b in _can_influence(state, who):
            if [r, b] in frame["used"]:
                continue
            out += [
                ("convert", C.region_ids[r], b, C.province_ids[p], "neutral" if o == NEUTRAL else fid(o))
                for p, o in influence_targets(state, who, r)
            ]
    return [*out, ("done",)]


def apply_influence(
    state: State, frame: dict[str, Any], who: int, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    """§6.9 one token replaced by one of the army's faction (the countryside's first, else a
    town's); each Water Beggar of the region blocks one enemy army (§6.7.4). Armies facing enemy
    armies in their block cannot use influence."""
    if action[0] == "done":
        per_faction(state, "influence", frame["queue"], lambda s, o: _init_influence(s, o, carried(frame)))
        return []
    _, region, b, province, victim_id = action
    r, p = C.region_index[region], C.province_index[province]
    frame["used"].append([r, b])
    if blocked(state, frame, who, r):
        return [ev("ev.blocked", faction=fid(who), region=region)]
    victim = NEUTRAL if victim_id == "neutral" else C.factions.index(victim_id)
    if state["country"][p][victim]:
        row = state["country"][p]
    else:
        t = next(c for c in C.province_places[p] if not C.is_city[c] and state["places"][c][victim])
        row = state["places"][t]
    row[victim] -= 1
    give_stock(state, victim, 1)
    row[who] += take_stock(state, who, 1)
    return [ev("ev.convert", faction=fid(who), province=province, victim=victim_id)]


def ask_influence(state: State, frame: dict[str, Any], who: int) -> tuple[str, dict[str, Any]]:
    return "prompt.influence", {"faction": fid(who)}


# --- §6.15 siege resolution -------------------------------------------------------------------
def resolve_siege(state: State, siege: dict[str, Any]) -> list[dict[str, Any]]:
    """§6.15 the besieger takes the city: up to 2 of the other tokens in it are converted to its
    colour (removed, as siege losses, when its stock is short), the others are replaced by
    neutrals. The Water Beggars replace every token by a neutral (removed when neutrals run
    out). Removed tokens go back to their stocks. The besieger picks the converted tokens; the
    pick changes nothing (every other token leaves the city for its stock either way, and the
    neutrals that replace them are as many), so the engine takes the largest other stacks."""
    c, by = siege["city"], siege["by"]
    here = state["places"][c]
    converted = 0

    if by != BEGGARS:
        for _ in range(2):
            others = [o for o in range(OWNERS) if o != by and here[o]]
            if not others:
                break
            o = max(others, key=lambda x: (x != NEUTRAL, here[x], -x))
            here[o] -= 1
            give_stock(state, o, 1)
            here[by] += take_stock(state, by, 1)
            converted += 1
    for o in range(OWNERS):
        if o in (by, NEUTRAL) or not here[o]:
            continue
        k = here[o]
        here[o] = 0
        give_stock(state, o, k)
        here[NEUTRAL] += take_stock(state, NEUTRAL, k)
    return [
        ev("ev.siege_taken", city=C.place_ids[c], by="beggars" if by == BEGGARS else fid(by), n=converted)
    ]


def begin_siege_resolution(state: State) -> list[dict[str, Any]]:
    """§6.15 sieges resolved in turn order (the beggars' after); the armies return to their
    block, and every Water Beggar disperses."""
    events = []
    rank = {o: i for i, o in enumerate(state["order"])}
    for siege in sorted(state["sieges"], key=lambda s: rank.get(s["by"], len(rank))):
        events += resolve_siege(state, siege)
    state["sieges"] = []
    state["beggars"]["blocking"] = [0] * len(C.region_ids)
    state["beggars_home"] = C.beggar_tokens
    phase_over(state)
    return events


def end_of_turn(state: State) -> None:
    """§6.3 abandoned armies leave the map at the end of the turn."""
    for block in state["blocks"]:
        for b, v in enumerate(block):
            if v >= ABANDONED:
                block[b] = EMPTY
