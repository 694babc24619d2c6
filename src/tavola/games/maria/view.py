"""What each role sees (§4, §6, §8): its own hands and troop allocations; of the others, hand
sizes, pieces, face up or down and each power's troop total (a player tells it when asked);
troop numbers of single generals only as combat reveals them (in the log). Once the game is
over everything is shown."""

from __future__ import annotations

from typing import Any

from tavola.core.i18n import catalogue
from tavola.games.maria.board import load_components
from tavola.games.maria.board_adapter import GEO
from tavola.games.maria.common import (
    ACTION_PHASES,
    DECK_SIZE,
    DECKS,
    N,
    State,
    card,
    card_name,
    commander,
    general_power,
    generals_at,
    group_powers,
    is_reserve,
    pay_value,
    power_troops,
    role_powers,
    saxony_stance,
    train_power,
)


def view(state: State, role: str | None) -> dict[str, Any]:
    over = state["result"] is not None
    mine = set(role_powers(state, role)) if role is not None else set()
    generals = {}
    for gid, g in state["generals"].items():
        seen: dict[str, Any] = {"city": g["city"], "down": g["down"]}
        if over or general_power(gid) in mine:
            seen["troops"] = g["troops"]
        generals[gid] = seen
    hands = {p: sorted(card_name(c) for c in h) for p, h in state["hands"].items() if over or p in mine}
    return {
        "scenario": state["scenario"],
        "turn": state["turn"],
        "last_turn": N.turns[state["scenario"]],
        "phase": phase(state),
        "acting": acting_powers(state),
        "powers": list(state["powers"]),
        "control": dict(state["control"]),
        "generals": generals,
        "trains": dict(state["trains"]),
        "out": list(state["out"]),
        "markers": dict(state["markers"]),
        "hussars": list(state["hussars"]),
        "question": dict(state["question"]),
        "moved": list(state["moved"]),
        "retreated": list(state["retreated"]),
        "commanders": dict(state["commanders"]),
        "subsidy": state["subsidy"],
        "sealed": list(state["sealed"]),
        "hands": hands,
        # the cards of the hands this role holds by id, as the actions name them (§8)
        "hand_ids": {p: sorted(h) for p, h in state["hands"].items() if over or p in mine},
        "hand_sizes": {p: len(h) for p, h in state["hands"].items()},
        "pile": len(state["pile"]),
        "decks_left": len(state["unused"]),
        "discards": [[card_name(c) for c in d] for d in state["discards"]],
        "troop_totals": {p: power_troops(state, p) for p in state["powers"]},
        **under_way(state),
        # §15, §16: the pools and the victory boxes are on the board for all to see; §13 the
        # winter scores are hidden from everyone until the game is over
        "pools": dict(state["pools"]),
        "boxes": dict(state["boxes"]),
        "electors_box": list(state["electors_box"]),
        "winter_scores": {p: list(v) for p, v in state["winter_scores"].items()} if over else {},
        "winters_scored": len(next(iter(state["winter_scores"].values()), [])),
        "extra_markers": dict(state["extra"]),
        # §17: the political cards face up, the cards on the political board (a card placed
        # this turn stays face down, seen only by its owner, until §17.4 turns it up), the
        # tracks and the boxes; the political deck only by its size
        "political": {
            "deck": len(state["pdeck"]),
            "shown": list(state["pshown"]),
            "board": {p: [card_name(c) for c in v] for p, v in state["pboard"].items()},
            "placed": {
                p: (card_name(c) if over or p in mine else "hidden") for p, c in state["pnew"].items()
            },
            "suit": state["suit"],
            "order": list(state["porder"]),
            "taken": list(state["ptaken"]),
            "moves": dict(state["pmoves"]),
            "tracks": dict(state["tracks"]),
            "italy_box": list(state["italy_box"]),
            "offmap": dict(state["offmap"]),
            "election": state["election"],
            "emperor": state["emperor"],
            "votes": dict(state["votes"]),
        },
        # §19: the political changes, all public
        "changes": {
            "silesia_annexed": state["silesia_annexed"],
            "silesia_box": state["silesia_box"],
            "prussia_neutral": state["prussia_neutral"],
            "aside": dict(state["aside"]),
            "reduced": state["reduced"],
            "saxony": saxony_stance(state),
        },
        "contracts": [list(c) for c in state["contracts"]],  # §20: public agreements
    }


# The part of the turn a decision belongs to (§5), by the step deciding now; between decisions,
# by the sequence's next stage.
STEP_PHASE = {
    "allocate": "setup",
    "hussar": "hussars",
    "subsidy": "cards",
    "pay": "supply",
    "move": "movement",
    "consent": "movement",
    "commander": "movement",
    "reentry": "movement",
    "combat": "combat",
    "battle": "combat",
    "retreat": "combat",
    "suit": "politics",
    "bid": "politics",
    "select": "politics",
    "execute": "politics",
    "expedition": "politics",
    "room": "politics",
    "vote": "election",
    "saxony": "changes",
    "peace": "changes",
    "place_train": "changes",
    "reduce": "changes",
    "contract": "contracts",
    "winter": "winter",
}
STAGE_PHASE = {
    "allocate": "setup",
    "turn": "turn",
    "politics": "politics",
    "pol_bids": "politics",
    "pol_influence": "politics",
    "pol_tracks": "politics",
    "pol_end": "politics",
    "contracts": "contracts",
    "hussars": "hussars",
    "phase": "cards",
    "draw": "cards",
    "supply": "supply",
    "movement": "movement",
    "combat": "combat",
    "retro": "conquest",
    "phase_end": "conquest",
    "election": "election",
    "election_count": "election",
    "winter_over": "winter",
    "over": "over",
}


def phase(state: State) -> str:
    """§5: the phase or sub-phase under way, as the sequence of play names it."""
    if state["result"] is not None:
        return "over"
    top = state["flow"][-1]["s"]
    if top == "pay" and state["flow"][-1].get("why") == "train":
        return "movement"  # §10.2: a train re-entering is paid for in the movement
    return STEP_PHASE.get(top) or STAGE_PHASE.get(state["stage"], "turn")


def acting_powers(state: State) -> list[str]:
    """§5: the powers whose action phase it is (none before the first and in winter)."""
    g = state["group"]
    return group_powers(state, g) if 0 <= g < len(ACTION_PHASES) else []


def under_way(state: State) -> dict[str, Any]:
    """What the table sees of the decision under way, in the book's terms: the attacks still
    due and the battle being fought card by card (§11.1: troops revealed, the running score,
    who may play), the retreat the winner is choosing (§11.2), the power recruiting in winter
    (§13: the points paid and the troops recruited are declared) and a cost being paid (§8).
    No engine frame is sent as it is."""
    out: dict[str, Any] = {"attacks": [], "battle": None, "retreat": None, "winter": None, "paying": None}
    for f in state["flow"]:
        s = f["s"]
        if s == "combat":
            out["attacks"] = [
                {"attacker": commander(state, a), "defender": commander(state, d), "from": a, "to": d}
                for a, d in f["attacks"]
                if generals_at(state, a) and generals_at(state, d)
            ]
        elif s == "battle":
            a, d = f["attacker"], f["defender"]
            side = {"attacker": a, "defender": d}
            out["battle"] = {
                "attacker": commander(state, a) if generals_at(state, a) else None,
                "defender": commander(state, d) if generals_at(state, d) else None,
                "from": a,
                "to": d,
                "troops": list(f["troops"]),
                "score": f["score"],
                "right": f["right"],
                "cards_played": f["played"],
                "suits": {k: GEO.cities[c].suit for k, c in side.items()},
            }
        elif s == "retreat":
            out["retreat"] = {
                "general": commander(state, f["city"]) if generals_at(state, f["city"]) else None,
                "at": f["city"],
                "left": f["left"],
                "path": list(f["visited"]),
                "winner": commander(state, f["winner"]) if generals_at(state, f["winner"]) else None,
            }
        elif s == "winter":
            out["winter"] = {"power": f["power"], "paid": f["paid"], "recruits": max(f["recruits"], 0)}
        elif s == "pay":
            out["paying"] = {
                "power": f["power"],
                "cost": f["cost"],
                "paid": f["paid"],
                "why": f["why"],
            }
    return out


def board_json() -> dict[str, Any]:
    """The static board for both renderers: the towns with their positions (the map), and the
    names of the pieces the log and the prompts mention (generals, supply trains)."""
    data = load_components().to_json()
    data["generals"] = {
        gid: {"name": g.name, "power": g.power, "rank": g.rank, "minimum": g.minimum}
        for gid, g in GEO.generals.items()
    }
    comp = load_components()
    # the powers' colours (the pieces' colours, §3.1) and the political display (§17)
    data["powers"] = {
        p.id: {"colour": p.colour, "name": p.name, "name_it": p.name_it} for p in comp.powers.values()
    }
    data["tracks"] = {
        t.id: {
            "name": t.name,
            "name_it": t.name_it,
            "spaces": [[{"icon": i.icon, "power": i.power} for i in sp.icons] for sp in t.spaces],
        }
        for t in comp.tracks.values()
    }
    data["political_cards"] = {
        c.id: {
            "title": c.title,
            "title_it": c.title_it,
            "year": c.year,
            "arms": list(c.arms),
            "text": c.text,
            "text_it": c.text_it,
        }
        for c in comp.political_cards
    }
    data["trains"] = {tid: {"power": t.power} for tid, t in GEO.trains.items()}
    nations = catalogue("tavola.games.maria")
    data["names"] = [{"id": gid, "name": g.name} for gid, g in GEO.generals.items()]
    data["names"] += [
        {
            "id": tid,
            "name": f"the supply train of {nations[f'nation.{t.power}']['en']}",
            "name_it": f"il treno di rifornimento ({nations[f'nation.{t.power}']['it']})",
        }
        for tid, t in GEO.trains.items()
    ]
    # §8: the tactical cards by suit symbol and value, the same in both languages
    data["names"] += [
        {"id": card_name(cid), "name": f"{card(cid)[2]}{SUIT_SYMBOLS[card(cid)[1] or '']}"}
        for cid in range(DECK_SIZE)
        if not is_reserve(cid)
    ]
    data["names"].append({"id": "reserve", "name": "the Reserve", "name_it": "la Riserva"})
    # the tactical cards by the ids the actions carry: four decks of the same cards (§8)
    data["cards"] = [card_name(cid) for cid in range(DECKS * DECK_SIZE)]
    # §17, §18: the political cards, the tracks, the suits, the candidates, Saxony's stances
    data["names"] += [{"id": c.id, "name": c.title, "name_it": c.title_it} for c in comp.political_cards]
    data["names"] += [{"id": t.id, "name": t.name, "name_it": t.name_it} for t in comp.tracks.values()]
    data["names"] += [{"id": s, "name": n[0], "name_it": n[1]} for s, n in WORDS.items()]
    return data


WORDS = {
    "hearts": ("hearts", "cuori"),
    "diamonds": ("diamonds", "quadri"),
    "clubs": ("clubs", "fiori"),
    "spades": ("spades", "picche"),
    "francis": ("Francis Stephen of Lorraine", "Francesco Stefano di Lorena"),
    "charles": ("Charles Albert of Bavaria", "Carlo Alberto di Baviera"),
    "prussian_ally": ("Prussia's ally", "alleata della Prussia"),
    "neutral": ("neutral", "neutrale"),
    "austrian_ally": ("Austria's ally", "alleata dell'Austria"),
}
"""Display names of the words the political phase's messages carry (§17, §18, §19.3)."""


SUIT_SYMBOLS = {"hearts": "♥", "diamonds": "♦", "clubs": "♣", "spades": "♠", "": ""}


# --- the words of the actions and of the board, for both clients ------------------------------
def action_nouns(state: State, action: tuple[Any, ...]) -> dict[str, Any] | None:
    """An action's nouns in words where they are ids no player should read: a tactical card by
    its suit and value (§8), an attack by its generals and cities (§11.1), a troop passed from
    one general to another (§6), a re-entry by general and fortress (§13), a subsidy contract
    (§20), a track move (§17.5), the value a Reserve declares (§8)."""
    verb = action[0]
    if verb in ("card", "pay", "bid") and len(action) == 2:
        cid = int(action[1])
        key = "act.card_points" if verb == "pay" else "act.card"
        points = pay_value(state, cid) if verb == "pay" else 0
        return {"msg": key, "args": {"card": card_name(cid), "n": points}}
    if verb == "reserve":
        return {"msg": "act.reserve", "args": {"value": action[1]}}
    if verb == "attack":
        a, d = str(action[1]).split(">")
        return {
            "msg": "act.attack",
            "args": {"attacker": commander(state, a), "defender": commander(state, d), "frm": a, "to": d},
        }
    if verb == "transfer":
        a, b = str(action[1]).split(">")
        return {"msg": "act.transfer", "args": {"general": a, "other": b}}
    if verb == "enter" and "@" in str(action[1]):
        g, c = str(action[1]).split("@")
        return {"msg": "act.enter", "args": {"general": g, "city": c}}
    if verb == "contract":
        pair, n = str(action[1]).split(":")
        giver, receiver = pair.split(">")
        return {"msg": "act.contract", "args": {"giver": giver, "receiver": receiver, "n": int(n)}}
    if verb == "end":
        giver, receiver = str(action[1]).split(">")
        return {"msg": "act.end", "args": {"giver": giver, "receiver": receiver}}
    if verb == "track":
        track, n = str(action[1]).split(":")
        step = int(n)
        key = "act.track_right" if step > 0 else "act.track_left" if step < 0 else "act.track_stay"
        return {"msg": key, "args": {"track": track, "n": abs(step)}}
    return None


def _line(msg: str, parts: list[dict[str, Any]] | None = None, **args: Any) -> list[dict[str, Any]]:
    return [{"msg": msg, "args": args}, *(parts or [])]


def _part(msg: str, **args: Any) -> dict[str, Any]:
    return {"msg": msg, "args": args}


def summary(view: dict[str, Any]) -> list[list[dict[str, Any]]]:
    """The view in words for the terminal, what the browser's panels show: the turn and the
    phase, the battle, retreat, winter recruiting or payment under way, each power with its
    troops, cards and pool (and the hand this role holds), the generals (troops where this role
    may know them, face down), the supply trains, hussars, victory markers and, in the advanced
    game, the political display."""
    lines = [
        _line(
            "ma.sum.turn",
            [_part("ma.sum.acting", powers=view["acting"])] if view["acting"] else [],
            turn=view["turn"],
            last=view["last_turn"],
            phase=f"phase.{view['phase']}",
        )
    ]
    lines += _summary_under_way(view)
    gens = board_generals()
    for power in view["powers"]:
        lines += _summary_power(view, power, gens)
    lines += _summary_map(view)
    return lines


def _summary_under_way(view: dict[str, Any]) -> list[list[dict[str, Any]]]:
    """The attacks due, the battle (§11.1), the retreat (§11.2), winter recruiting (§13) and
    the payment (§8) under way."""
    lines = []
    if view["attacks"]:
        attacks = [
            _part("ma.sum.attack", attacker=x["attacker"], defender=x["defender"]) for x in view["attacks"]
        ]
        lines.append(_line("ma.sum.attacks", attacks))
    b = view["battle"]
    if b:
        lines.append(
            _line(
                "ma.sum.battle",
                [
                    _part("ma.sum.score", score=b["score"]),
                    _part("ma.sum.to_play", side=f"side.{b['right']}"),
                ],
                attacker=b["attacker"],
                defender=b["defender"],
                ta=b["troops"][0],
                td=b["troops"][1],
                sa=b["suits"]["attacker"],
                sd=b["suits"]["defender"],
            )
        )
    r = view["retreat"]
    if r:
        lines.append(
            _line("ma.sum.retreat", general=r["general"], city=r["at"], n=r["left"], winner=r["winner"])
        )
    w = view["winter"]
    if w:
        lines.append(_line("ma.sum.winter", power=w["power"], paid=w["paid"], n=w["recruits"]))
    p = view["paying"]
    if p:
        lines.append(_line("ma.sum.paying", power=p["power"], cost=p["cost"], paid=p["paid"], why=p["why"]))
    return lines


def _summary_power(view: dict[str, Any], power: str, gens: dict[str, str]) -> list[list[dict[str, Any]]]:
    """One power: its troop total, cards and pool (and its hand, if this role holds it), then
    its generals (troops where this role may know them, face down, off the map)."""
    parts = [
        _part("ma.sum.troops", n=view["troop_totals"][power]),
        _part("ma.sum.cards", n=view["hand_sizes"].get(power, 0)),
    ]
    if power in view["pools"]:
        parts.append(_part("ma.sum.pool", n=view["pools"][power]))
    if power in view["hands"]:
        parts.append(_part("ma.sum.hand", cards=view["hands"][power] or ["ma.sum.none"]))
    lines = [_line("ma.sum.power", parts, power=power, role=view["control"][power])]
    shown = []
    for gid, g in view["generals"].items():
        if gens[gid] != power or gid in view["out"]:
            continue
        if g["city"] is None:
            shown.append(_part("ma.sum.general_off", general=gid))
            continue
        key = "ma.sum.general" + ("_n" if "troops" in g else "") + ("_down" if g["down"] else "")
        shown.append(_part(key, general=gid, city=g["city"], n=g.get("troops", 0)))
    if shown:
        lines.append(_line("ma.sum.generals", shown, power=power))
    return lines


def _summary_map(view: dict[str, Any]) -> list[list[dict[str, Any]]]:
    """The supply trains, hussars, victory markers and question marks on the map, and the
    political display of the advanced game."""
    lines = []
    trains: dict[str, list[str]] = {}
    for t, c in view["trains"].items():
        if c and t not in view["out"]:
            trains.setdefault(train_power(t), []).append(c)
    for power, cities in trains.items():
        lines.append(_line("ma.sum.trains", power=power, cities=cities))
    hussars = [c for c in view["hussars"] if c]
    if hussars:
        lines.append(_line("ma.sum.hussars", cities=hussars))
    held: dict[str, list[str]] = {}
    for city, power in view["markers"].items():
        held.setdefault(power, []).append(city)
    for power, cities in held.items():
        lines.append(_line("ma.sum.markers", power=power, cities=cities))
    if view["question"]:
        lines.append(_line("ma.sum.question", cities=list(view["question"])))
    pol = view["political"]
    if pol["tracks"]:
        tracks = [_part("ma.sum.track", track=t, space=n) for t, n in pol["tracks"].items()]
        lines.append(_line("ma.sum.tracks", tracks))
        if pol["shown"]:
            lines.append(_line("ma.sum.shown", cards=pol["shown"]))
        if pol["emperor"]:
            lines.append(_line("ma.sum.emperor", candidate=pol["emperor"]))
    return lines


def board_generals() -> dict[str, str]:
    """general id -> its power (§6: the army sheets)."""
    return {gid: g.power for gid, g in GEO.generals.items()}
