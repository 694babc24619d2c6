"""Revolution's invariant checker, written from the rulebook (run after every action by the
fuzzer): tokens conserved between map, support boxes, stock and treasury (§3.5), neutrals and
Water Beggars conserved (§3.5, §6.7), a town holds one token (§5.6), boxes used only by their
factions (§5.2), armies within the allowance (§3.5), province limits kept once overpopulation
is over (§6.11-§6.13), army costs paid as the table says (§6.3, §6.4), no siege nor military
influence by an army that stands off (§6.4-§6.6, §6.9), VP recomputed from the book's sources
(§4.3, §5.8) whenever they are on the track; and, step by step, armies in the boxes the book
gives them (§6.4, §6.5, §6.8) and the taxes each faction's cards pay (§6.1).

A command block's armies need not stand packed from the left: the book moves armies to the left
only after a battle (§6.5 «Gli eserciti "sopravvissuti" sono posizionati sulle caselle a
sinistra») and fills a block's empty boxes from the left with new armies (§6.4 «da sinistra a
destra»); an army that marches away (§6.8 «in un'area vuota»), is disbanded or abandoned (§6.3)
or is eliminated by the Water Beggars (§6.7.1) leaves its box empty, and nothing moves the others
into it. So a block may end a turn, or the game, with empty boxes between its armies."""

from __future__ import annotations

from typing import Any

from tavola.games.revolution.loader import COMPONENTS as C
from tavola.games.revolution.loader import FACTIONS

NEUTRAL = 5
EMPTY = -1  # an army box with no army


def _faction_tokens(state: dict[str, Any], o: int) -> int:
    on_map = sum(row[o] for row in state["country"]) + sum(row[o] for row in state["places"])
    in_boxes = sum(slot == o for box in state["support"] for slot in box)
    return state["stock"][o] + state["treasury"][o] + on_map + in_boxes


def _province_total(state: dict[str, Any], p: int) -> int:
    sieged = {s["city"] for s in state["sieges"]}
    return sum(state["country"][p]) + sum(
        sum(state["places"][c]) for c in C.province_places[p] if c not in sieged
    )


def book_vp2(state: dict[str, Any], o: int, final: bool) -> int:
    """§4.3, §5.8 a faction's VP (in halves), from the cards, the tracks and the armies."""
    vp = 2 * sum(state["city_card"][c] == o for c in C.cities)
    vp += sum(C.vp2[p] for p, h in enumerate(state["province_card"]) if h == o and (final or not C.small[p]))
    faction = FACTIONS[o]
    if faction == "catholics":
        vp += 2 * sum(1 for s in state["bishopric"] if C.bishop_track[s] in ("strongly_catholic", "catholic"))
    elif faction == "habsburgs":
        fight = state["options"]["abandoned_armies"] == "fight"
        vp += 2 * sum(1 for block in state["blocks"] if o in block or (fight and o + 10 in block))
    elif faction == "nobility" and state["players"] in C.nobility_divisor:
        tokens = sum(row[o] for row in state["country"]) + sum(state["places"][t][o] for t in C.towns)
        d = C.nobility_divisor[state["players"]]
        vp += 2 * ((tokens + d - 1) // d)
    elif faction == "burghers":
        for c, trade in enumerate(C.trade):
            if trade and (state["city_card"][c] == o if C.is_city[c] else state["places"][c][o] > 0):
                vp += 2
    elif faction == "reformers":
        vp += 2 * sum(1 for u in state["university"] if u == 2)
    return vp


def check(state: dict[str, Any]) -> list[str]:
    out: list[str] = []
    allowance = C.players[state["players"]]
    for o in range(5):
        want = allowance["tokens"] if o in state["factions"] else 0
        have = _faction_tokens(state, o)
        if have != want:
            out.append(f"§3.5 {FACTIONS[o]} hold {have} tokens in stock, treasury, map and boxes, not {want}")
        if state["stock"][o] < 0 or state["treasury"][o] < 0:
            out.append(f"§2 {FACTIONS[o]}: a negative stock or treasury")
    neutrals = state["neutral_stock"] + sum(row[NEUTRAL] for row in state["country"] + state["places"])
    if neutrals != C.neutral_tokens or state["neutral_stock"] < 0:
        out.append(f"§3.5 {neutrals} neutral tokens, not {C.neutral_tokens}")
    for row in state["country"] + state["places"]:
        if min(row) < 0:
            out.append("a negative number of tokens on the map")
            break
    for t in C.towns:
        if sum(state["places"][t]) > 1:
            out.append(f"§5.6 the town {C.place_ids[t]} holds {sum(state['places'][t])} tokens")
    for b, box in enumerate(state["support"]):
        users = {slot for slot in box if slot >= 0}
        if any(FACTIONS[u] not in C.box_factions[b] for u in users):
            out.append(f"§5.2 the box {C.box_ids[b]} holds tokens of a faction that may not use it")
        if C.box_exclusive[b] and len(users) > 1:
            out.append(f"§5.2 the box {C.box_ids[b]} holds tokens of two factions")
    for o in range(5):
        armies = sum(1 for block in state["blocks"] for v in block if v in (o, o + 10))
        if armies > (allowance["armies"] if o in state["factions"] else 0):
            out.append(f"§3.5 {FACTIONS[o]} have {armies} armies")
    beggars = state["beggars_home"] + sum(state["beggars"]["blocking"])
    beggars += 2 * sum(1 for s in state["sieges"] if s["by"] == 6)
    if beggars != C.beggar_tokens:
        out.append(f"§6.7 {beggars} Water Beggars, not {C.beggar_tokens}")
    settled = state["phase"] == "movement" or (state["turn"] == 0 and state["phase"] == "final")
    if settled and state["options"]["overflow_neutrals"] == "displace":
        limit = C.limit_by_players.get(state["players"], C.limit)  # the data's, as the loader read it
        for p in range(len(C.province_ids)):
            # neutrals alone may stand over a limit: neither conflict nor overflow moves them
            sieged = {x["city"] for x in state["sieges"]}
            alone = sum(state["country"][p][:NEUTRAL]) + sum(
                sum(state["places"][c][:NEUTRAL]) for c in C.province_places[p] if c not in sieged
            )
            if alone and _province_total(state, p) > limit[p]:
                out.append(
                    f"§6.13 {C.province_ids[p]} holds {_province_total(state, p)} tokens over its limit {limit[p]}"
                )
    if state["flow"][-1]["s"] == "position" or state["over"]:
        final = state["turn"] >= C.last_turn
        for o in state["factions"]:
            if state["vp2"][o] != book_vp2(state, o, final):
                out.append(
                    f"§4.4 {FACTIONS[o]} score {state['vp2'][o]} half-VP, the book gives {book_vp2(state, o, final)}"
                )
    if state["flow"][-1]["s"] != "position" and sorted(state["order"]) != sorted(state["factions"]):
        out.append("§6.20 the turn order is not the factions in play")
    if not all(1 <= s <= len(C.allegiance_effect) for s in state["allegiance"]):
        out.append("§6.16 an Allegiance marker off the track")
    return out


def _stand_off(before: dict[str, Any], action: tuple[Any, ...], seen: dict[str, int] | None) -> list[str]:
    """§6.5: armies of different factions left in one command block «si tengono a distanza»;
    §6.6: «Gli eserciti che "si tengono a distanza" non possono assediare»; §6.9: nor use
    influence. §6.4 (2 players): one player's allied factions never fight, but when they stand
    off and for military influence «sono considerate come fazioni differenti» (option
    `allied_armies: together`: allies never stand off). An abandoned army takes part only with
    the option `abandoned_armies: fight` (§6.3)."""
    who = before["flow"][-1]["who"]
    r = C.region_index[action[1]]
    fight = before["options"]["abandoned_armies"] == "fight"
    seat = before["seat"]
    apart = before["players"] != 2 or before["options"].get("allied_armies", "apart") == "apart"
    others = set()
    for v in before["blocks"][r]:
        if v < 0 or (v >= 10 and not fight):
            continue
        o = v % 10
        if o != who and (apart or seat[FACTIONS[o]] != seat[FACTIONS[who]]):
            others.add(FACTIONS[o])
    if seen is not None:
        seen["stand-offs"] = seen.get("stand-offs", 0) + 1
    if not others:
        return []
    what = "besieges" if action[0] == "besiege" else "uses military influence"
    return [
        f"§6.5-§6.6 a {FACTIONS[who]} army {what} in {action[1]}, standing off with {', '.join(sorted(others))}"
    ]


def _packed(block: list[int]) -> bool:
    """No empty box left of an army."""
    return EMPTY not in block[: sum(v != EMPTY for v in block)]


def _boxes(
    before: dict[str, Any], action: tuple[Any, ...], after: dict[str, Any], events: list[dict[str, Any]]
) -> list[str]:
    """§6.4 a new army in the block's leftmost empty box; §6.8 an army that marches leaves its box
    empty and the block's other armies where they stand; §6.5 after a battle the survivors in the
    leftmost boxes."""
    out = []
    if action[0] == "raise":
        r = C.region_index[action[1]]
        was, now = before["blocks"][r], after["blocks"][r]
        changed = [b for b, (x, y) in enumerate(zip(was, now)) if x != y]
        if changed != [was.index(EMPTY)]:
            out.append(f"§6.4 a new army in {action[1]} does not stand in the leftmost empty box")
    if action[0] == "march" and not any(e["msg"] == "ev.blocked" for e in events):
        r, b = C.region_index[action[1]], action[2]
        was, now = before["blocks"][r], after["blocks"][r]
        if now[b] != EMPTY or any(x != y for i, (x, y) in enumerate(zip(was, now)) if i != b):
            out.append(f"§6.8 the armies left in {action[1]} moved when one marched away")
    for e in events:
        region = e["args"].get("region") if e["msg"] == "ev.battle" else None
        if region is not None and not _packed(after["blocks"][C.region_index[region]]):
            out.append(f"§6.5 the survivors of the battle in {region} are not in the leftmost boxes")
    return out


CITY_RATES = (1, 2, 3)  # §6.1 «1, 2 o 3 monete per città»


def _province_tax(state: dict[str, Any], o: int) -> int:
    """§6.1 what faction ``o``'s province cards pay: their taxes summed, the fraction dropped (the
    player count's own cards where the data gives them)."""
    tax2 = C.tax2_by_players.get(state["players"], C.tax2)
    return sum(t for t, h in zip(tax2, state["province_card"]) if h == o) // 2


def _taxes(
    before: dict[str, Any], action: tuple[Any, ...], after: dict[str, Any], events: list[dict[str, Any]]
) -> list[str]:
    """§6.1 at the start of each turn every faction collects the taxes printed on the province
    cards it holds, summed and the fraction dropped (the player count's own cards where the
    data gives them), and each city it holds pays the one rate of 1, 2 or 3 coins it chooses;
    the coins come from the stock, so a stock that runs out pays less, never more."""
    out = []
    paid: dict[int, int] = {}
    for e in events:
        if e["msg"] == "ev.tax":
            paid[FACTIONS.index(e["args"]["faction"])] = e["args"]["n"]
    if after["turn"] > before["turn"] and after["turn"] <= C.last_turn:
        for o in after["factions"]:
            due = _province_tax(before, o)
            got = paid.get(o, 0)
            if got > due or (got < due and after["stock"][o] > 0):
                out.append(f"§6.1 {FACTIONS[o]} collected {got} coins of province tax, their cards pay {due}")
    elif paid:
        out.append("§6.1 province taxes collected outside the start of a turn")
    for e in events:
        if e["msg"] != "ev.city_tax":
            continue
        o = FACTIONS.index(e["args"]["faction"])
        rate, got = e["args"]["rate"], e["args"]["n"]
        cities = sum(h == o for h in before["city_card"])
        due = rate * cities
        if action != ("rate", rate) or rate not in CITY_RATES:
            out.append(
                f"§6.1 {FACTIONS[o]} taxed their cities at {rate}, not at a rate of 1, 2 or 3 they chose"
            )
        elif got != min(due, before["stock"][o]):
            out.append(f"§6.1 {FACTIONS[o]} collected {got} coins from {cities} cities at {rate}, not {due}")
        elif after["options"]["tax_above_stock"] == "refused" and due > before["stock"][o] and rate > 1:
            out.append(f"§6.1 {FACTIONS[o]} chose a city rate their stock cannot pay")
    return out


def _tax_coins(before: dict[str, Any], action: tuple[Any, ...], after: dict[str, Any]) -> list[str]:
    """§6.1 the coins themselves, not what the events report: as a turn begins each faction's
    treasury rises, and its stock falls, by its province cards' tax (the cards' data, the player
    count's own where it gives them), no more than its stock; a city rate moves the coins of its
    faction's cities and nobody else's. Nothing else moves coins in those steps: the turn begins
    after a place in the turn order is chosen (§6.20), and the phases after the taxes open with a
    decision (§6.2-§6.4)."""
    out = []
    gained = [a - b for a, b in zip(after["treasury"], before["treasury"])]
    drawn = [b - a for a, b in zip(after["stock"], before["stock"])]
    due = [0] * 5
    if after["turn"] > before["turn"] and after["turn"] <= C.last_turn:
        for o in after["factions"]:
            due[o] = _province_tax(before, o)
        what = "as the turn began, their province cards pay"
    elif action[0] == "rate" and before["flow"][-1]["s"] == "taxes":
        who = before["flow"][-1]["who"]
        due[who] = action[1] * sum(h == who for h in before["city_card"])
        what = f"at the city rate {action[1]}, their cities pay"
    else:
        return out
    for o in after["factions"]:
        want = min(due[o], before["stock"][o])
        if gained[o] != want or drawn[o] != want:
            out.append(
                f"§6.1 {FACTIONS[o]} took {gained[o]} coins into the treasury and {drawn[o]} from the"
                f" stock {what} {due[o]} (stock {before['stock'][o]})"
            )
    return out


def check_step(
    before: dict[str, Any],
    role: str,
    action: tuple[Any, ...],
    after: dict[str, Any],
    events: list[dict[str, Any]],
    seen: dict[str, int] | None = None,
) -> list[str]:
    """§6.3, §6.4 what an army decision costs; §6.4-§6.6, §6.9 no army that stands off
    besieges or uses military influence; §6.4, §6.5, §6.8 the boxes armies stand in; §6.1 the
    taxes collected."""
    verb = action[0]
    taxed = _taxes(before, action, after, events) + _tax_coins(before, action, after)
    if seen is not None and any(e["msg"] in ("ev.tax", "ev.city_tax") for e in events):
        seen["taxes"] = seen.get("taxes", 0) + 1
    if seen is not None and (verb in ("raise", "march") or any(e["msg"] == "ev.battle" for e in events)):
        seen["army boxes"] = seen.get("army boxes", 0) + 1
    boxes = taxed + _boxes(before, action, after, events)
    if verb in ("besiege", "convert"):
        return boxes + _stand_off(before, action, seen)
    if verb not in ("raise", "maintain", "disband", "maintain_all"):
        return boxes
    who = before["flow"][-1]["who"]
    faction = FACTIONS[who]
    paid = before["treasury"][who] - after["treasury"][who]
    if verb == "raise":
        k = before["raised"][who]
        table = C.army_cost[faction]
        due = table[k] - (table[k - 1] if k else 0)
    elif verb == "maintain":
        due = C.army_maintain[faction]
    elif verb == "disband":
        due = C.army_disband
    else:
        due = C.army_maintain[faction] * len(before["flow"][-1]["todo"])
    if seen is not None:
        seen["army costs"] = seen.get("army costs", 0) + 1
    if paid != due:
        boxes.append(f"§6.3-§6.4 {faction} paid {paid} for {verb}, the table says {due}")
    return boxes
