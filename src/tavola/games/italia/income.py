"""§6 Income and purchases: gold from areas and cities, the 10-gold bank, half incomes, the
submitted nation's tribute and its ruler's immediate purchase, unit and city prices, counter
limits and the consular-legion cap."""

from __future__ import annotations

from tavola.core import flow
from tavola.core.flow import Frame
from tavola.core.rules import Action, Event, State
from tavola.games.italia.const import BUYABLE, CITY, CONSULAR, FLEET, LAND_KINDS
from tavola.games.italia.model import controlled, counts, held_alone, on_board
from tavola.games.italia.scenario import Static
from tavola.games.italia.stacking import capital_actions, declare


def base_income(S: Static, st: State, n: int) -> int:
    """§6.1: one gold per controlled land area and one more per controlled city (ruins give
    nothing); entry areas only if the card says so."""
    areas = [a for a in controlled(S, st, n) if not S.is_entry[a] or a in S.entry_income[n]]
    return len(areas) + sum(1 for a in areas if st["city"][a] == CITY)


def income(S: Static, st: State, n: int) -> int:
    """§6.1 and table 5.1/5.2: normal, none, half (rounded up, e.g. the Byzantines), or full
    only while the nation holds a key area (e.g. the Fœderati and Ravenna), else half."""
    kind = S.income_kind[n]
    if kind == "none":
        return 0
    gold = base_income(S, st, n)
    if kind == "half":
        return (gold + 1) // 2
    if kind == "conditional" and not any(a in S.income_full[n] for a in controlled(S, st, n)):
        return (gold + 1) // 2
    return gold


def split_tribute(gold: int) -> tuple[int, int]:
    """§6.4, §12.5.2: a submitted nation keeps half (rounded up) and its ruler gets the rest."""
    return (gold + 1) // 2, gold // 2


def collect(S: Static, st: State, n: int, ev: list[Event]) -> None:
    """§6.1, §6.4: phase 1 of a nation turn: add the income (a subject pays its tribute)."""
    gold = income(S, st, n)
    ruler = st["ruler"][n]
    if ruler >= 0 and gold:
        keep, pay = split_tribute(gold)
        st["gold"][n] += keep
        ev.append({"msg": "it.income", "args": {"nation": S.nkey[n], "gold": keep, "total": st["gold"][n]}})
        if pay:
            pay_ruler(S, st, ruler, pay, ev)
        return
    st["gold"][n] += gold
    ev.append({"msg": "it.income", "args": {"nation": S.nkey[n], "gold": gold, "total": st["gold"][n]}})


def pay_ruler(S: Static, st: State, ruler: int, gold: int, ev: list[Event]) -> None:
    """§6.4: a ruler pushed over the bank limit may buy one unit at once (placed on its next
    turn); whatever is still over the limit is lost."""
    st["gold"][ruler] += gold
    ev.append({"msg": "it.tribute", "args": {"nation": S.nkey[ruler], "gold": gold}})
    if st["gold"][ruler] > S.costs.gold_cap:
        flow.push(st, "tribute", nation=ruler)


def bank(S: Static, st: State, n: int) -> None:
    """§6.1: at most 10 gold stay on the income track; the rest is lost."""
    if st["gold"][n] > S.costs.gold_cap:
        st["gold"][n] = S.costs.gold_cap


def price(S: Static, n: int, kind: str) -> int:
    """§6.2 (with the Western Romans' own prices in Italia II)."""
    prices = S.special[n].get("prices")
    if prices and kind in prices:
        return int(prices[kind])
    return S.cost[kind]


def city_price(S: Static, a: int) -> int:
    """§6.2: a city costs 6, or 8 in a highland or marsh."""
    return S.costs.city_rough if S.rough[a] else S.costs.city


def owned_areas(S: Static, st: State, n: int) -> list[int]:
    """Controlled land areas held by ``n`` alone: where new units may go (§7.1; seas are never
    controlled, §7.1 clarification)."""
    return controlled_of(S, n, held_alone(S, st, n))


def controlled_of(S: Static, n: int, areas: list[int]) -> list[int]:
    """Of land ``areas``, those that count as controlled by ``n``: entry areas only where its
    card treats them as normal areas (§6.1 FAQ)."""
    entry, ok = S.is_entry, S.entry_ok[n]
    return [a for a in areas if not entry[a] or a in ok]


def fleet_seas(S: Static, st: State, n: int, areas: list[int] | None = None) -> list[int]:
    """§7.1: fleets go into any sea adjacent to a controlled area (Carthaginians: only Mare
    Siculum, Libycum or Sardoum, clarification 'Cartaginesi')."""
    if areas is None:
        areas = owned_areas(S, st, n)
    seas: set[int] = set()
    for a in areas:
        seas.update(S.sea_adj[a])
    only = S.special[n].get("fleet_placement")
    if only:
        allowed = {S.area(k) for k in only["seas"]}
        seas &= allowed
    return sorted(seas)


def city_sites(S: Static, st: State, n: int, areas: list[int] | None = None) -> list[int]:
    """Areas where ``n`` may build a city: controlled, allowed by the map, no city or ruin
    there already (§2.2.1.9). ``areas``: the nation's owned areas, where already known."""
    if areas is None:
        areas = owned_areas(S, st, n)
    return [a for a in areas if S.city_ok[a] and st["city"][a] == 0]


def consular_ok(S: Static, st: State, n: int, extra: int) -> bool:
    """§6.3: at most half the controlled cities (rounded down) in consular legions, checked only
    when buying (Populares: no limit in round 10)."""
    cap = S.special[n].get("consular_cap")
    if cap is None:
        return True
    unlimited = S.special[n].get("unlimited_consulars")
    if unlimited and st["round"] == unlimited.get("round"):
        return True
    cities = sum(1 for a in controlled(S, st, n) if st["city"][a] == CITY)
    return on_board(st, n, CONSULAR) + extra < cities // int(cap.get("per_cities", 2))


def buyable(
    S: Static,
    st: State,
    n: int,
    bought: list[str],
    gold: int,
    *,
    tribute: bool = False,
    areas: list[int] | None = None,
) -> list[str]:
    """Unit types the nation may buy now (§6.2, §6.3), with room to place them (§7.1).
    ``areas``: the nation's owned areas, where already known."""
    out: list[str] = []
    if areas is None:
        areas = owned_areas(S, st, n)
    pend = st["pending"][n]
    land_bought = sum(1 for k in bought if k in LAND_KINDS) + sum(1 for k in pend if k in LAND_KINDS)
    if tribute:
        room = True  # placed on the ruler's next turn, wherever it then stands
    else:
        room = len(areas) == 1 or land_bought < len(areas)
    seas = None
    have = None
    for kind in BUYABLE:
        limit = S.counters[n].get(kind, 0)
        if limit <= 0 or kind not in S.cost:
            continue
        if gold < price(S, n, kind):
            continue
        if have is None:
            have = counts(st, n)
        if limit - have.get(kind, 0) - pend.count(kind) - bought.count(kind) <= 0:
            continue
        if kind == FLEET:
            if not tribute:
                if seas is None:
                    seas = fleet_seas(S, st, n, areas)
                if not seas:
                    continue
        elif not room:
            continue
        if kind == CONSULAR and not consular_ok(S, st, n, bought.count(CONSULAR)):
            continue
        out.append(kind)
    return out


# -- the purchase step (phase 1) ------------------------------------------------------------


def legal_buy(S: Static, st: State, f: Frame, role: str) -> list[Action]:
    n = f["nation"]
    gold = st["gold"][n]
    held = held_alone(S, st, n)  # one look at the nation's areas for units, cities and capitals
    areas = controlled_of(S, n, held)
    acts: list[Action] = [("buy", k) for k in buyable(S, st, n, st["bought"], gold, areas=areas)]
    for a in city_sites(S, st, n, areas):
        if gold >= city_price(S, a) and a not in f["cities"]:
            acts.append(("city", a))
    acts.extend(capital_actions(S, st, n, held))  # §8.1: a capital may be declared at any time
    acts.append(("done",))
    return acts


def act_buy(S: Static, st: State, f: Frame, role: str, action: Action, ev: list[Event]) -> None:
    n = f["nation"]
    if action[0] == "buy":
        kind = action[1]
        st["gold"][n] -= price(S, n, kind)
        st["bought"].append(kind)
        ev.append({"msg": "it.buy", "args": {"nation": S.nkey[n], "unit": kind}})
    elif action[0] == "capital":
        declare(S, st, n, action[1], ev)
    elif action[0] == "city":
        a = action[1]
        st["gold"][n] -= city_price(S, a)
        # A bought city is placed at once in the chosen area (§6.2, §7.1).
        st["city"][a] = CITY
        f["cities"].append(a)
        ev.append({"msg": "it.build_city", "args": {"nation": S.nkey[n], "area": a}})
    else:
        bank(S, st, n)
        flow.pop(st)


# -- the ruler's immediate purchase (§6.4) ------------------------------------------------


def legal_tribute(S: Static, st: State, f: Frame, role: str) -> list[Action]:
    n = f["nation"]
    acts: list[Action] = [("buy", k) for k in buyable(S, st, n, [], st["gold"][n], tribute=True)]
    acts.append(("done",))
    return acts


def act_tribute(S: Static, st: State, f: Frame, role: str, action: Action, ev: list[Event]) -> None:
    n = f["nation"]
    if action[0] == "buy":
        kind = action[1]
        st["gold"][n] -= price(S, n, kind)
        st["pending"][n].append(kind)
        ev.append({"msg": "it.buy_pending", "args": {"nation": S.nkey[n], "unit": kind}})
    bank(S, st, n)
    flow.pop(st)
