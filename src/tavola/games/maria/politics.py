"""§17 Politics (advanced game): at the start of every turn two political cards are revealed,
the dominant suit chosen, the superpowers bid face down with one tactical card each, the order
of influence decides who keeps its cards or selects a political card, and the markers of the
Italy, Russia and Saxony tracks move; §18 the imperial election at the end of the turn the
Imperial Election card appears.

State (advanced game; empty in the introductory game): ``pdeck`` (political cards still to
come, top first), ``pshown`` (the cards face up this turn), ``pboard`` (superpower -> tactical
cards on the political board, conserved ones included), ``pnew`` (superpower -> the card placed
face down this turn, until revealed), ``suit`` (the dominant suit), ``porder`` (the order of
influence), ``pmoves`` (track -> the steps announced), ``tracks`` (track -> the marker's space),
``italy_box`` (superpowers with a marker in the Italy box), ``offmap`` (superpower -> the
general in its off-map box), ``election`` (the Imperial Election card is out: vote at the end
of the turn), ``emperor`` (the power whose marker is in the Emperor box), ``votes`` (candidate
-> votes cast so far).
"""

from __future__ import annotations

from typing import Any

from tavola.core import flow, rng
from tavola.games.maria import boxes, cards, changes
from tavola.games.maria.board_adapter import GEO
from tavola.games.maria.common import (
    SUITS,
    State,
    card,
    card_name,
    controller,
    discard,
    event,
    general_power,
    occupancy,
    private,
    saxony_stance,
)
from tavola.games.maria.display import (
    bid_boxes,
    components,
    icons_on,
    political_cards,
    reserve_value,
    start_space,
    tracks,
)
from tavola.games.maria.stacks import forget

SUPERPOWERS = ("austria", "prussia", "france", "pragmatic_army")
CANDIDATES = ("francis", "charles")  # §18: Francis Stephen of Lorraine, Charles Albert of Bavaria
FRANCIS_ALWAYS = ("austria", "pragmatic_army")  # §18: their votes always go to Francis
EXPEDITION_TROOPS, EXPEDITION_COST = 2, 8  # §17.5: 2 troops at 8 points


def no_politics() -> dict[str, Any]:
    return {
        "pdeck": [],
        "pshown": [],
        "pboard": {},
        "pnew": {},
        "suit": None,
        "porder": [],
        "pmoves": {},
        "tracks": {},
        "italy_box": [],
        "offmap": {},
        "election": False,
        "emperor": None,
        "votes": {},
        "ptaken": [],
        "pdone": [],
    }


def new_politics(state: State) -> dict[str, Any]:
    """§4: the political cards in four piles by year, each shuffled, 1741 on top; each track's
    marker on its asterisk; §4 NOTE 1: a Prussian general starts in the Ostpreussen box."""
    deck: list[str] = []
    for year in (1741, 1742, 1743, 1744):
        pile = sorted(c.id for c in political_cards().values() if c.year == year)
        with rng.hidden(state):
            rng.shuffle(state, pile)
        deck += pile
    out = no_politics()
    out.update(
        pdeck=deck,
        pboard={sp: [] for sp in SUPERPOWERS},
        tracks={t: start_space(t) for t in tracks()},
        offmap={sp: None for sp in SUPERPOWERS},
    )
    return out


def active(state: State) -> bool:
    return boxes.advanced(state)


def in_s_box(state: State, track: str) -> bool:
    """§19.1: the Saxony marker in the S box, off the track's line, moves no more."""
    return track == "saxony" and tracks()[track].spaces[state["tracks"][track]].zone == "s_box"


def under_expedition(state: State, power: str) -> bool:
    """§17.5: a power is under an expedition penalty while a marker stands on its icon."""
    return any(icon == "expedition" and p == power for t in state["tracks"] for icon, p in icons_on(state, t))


# --- 17.1, 17.2 -----------------------------------------------------------------------------------
def reveal(state: State) -> list[dict[str, Any]]:
    """§17.1: the top 2 political cards are turned face up. §18: the Imperial Election card is no
    real political card: another is turned, and the emperor is elected at the end of the turn."""
    events = []
    while len(state["pshown"]) < 2 and state["pdeck"]:
        cid = state["pdeck"].pop(0)
        if political_cards()[cid].election:
            state["election"] = True
            events.append(event("ev.election_card"))
            continue
        state["pshown"].append(cid)
        events.append(event("ev.political_card", card=cid))
    return events


def dominant_suit(state: State) -> list[dict[str, Any]]:
    """§17.2: the player who won the last combat names the dominant suit; if nobody has won one
    yet, tactical cards are turned from the deck until one is not a Reserve: its suit dominates
    (the turned cards are discarded)."""
    if state["victor"] is not None:
        flow.push(state, "suit", power=state["victor"])
        return []
    events = []
    while True:
        turned = cards.turn_top(state)
        if turned is None:  # no card left anywhere: the first suit
            state["suit"] = SUITS[0]
            break
        events.append(event("ev.turned", card=card_name(turned)))
        if card(turned)[1] is not None:
            state["suit"] = card(turned)[1]
            break
    return [*events, event("ev.dominant_suit", suit=state["suit"])]


SUIT_FRAME = {"power": "the power of the last combat's winner"}


def legal_suit(state: State, frame: dict[str, Any], role: str) -> list[tuple[Any, ...]]:
    return [("suit", s) for s in SUITS] if state["control"][frame["power"]] == role else []


def apply_suit(
    state: State, frame: dict[str, Any], role: str, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    """§17.2: the choice is announced."""
    state["suit"] = action[1]
    flow.pop(state)
    return [event("ev.dominant_suit", suit=action[1])]


def ask_suit(state: State, frame: dict[str, Any], role: str) -> tuple[str, dict[str, Any]]:
    return "prompt.suit", {}


# --- 17.3 the bids --------------------------------------------------------------------------------
BID_FRAME = {"power": "the superpower placing a card"}


def start_bids(state: State) -> None:
    """§17.3: each superpower in turn, left to right along the boxes, may place 1 card face down."""
    for sp in reversed([p for p in bid_boxes() if p in state["powers"]]):
        flow.push(state, "bid", power=sp)


def legal_bid(state: State, frame: dict[str, Any], role: str) -> list[tuple[Any, ...]]:
    """§17.3: any tactical card (a bluff, of another suit, too), or none."""
    power = frame["power"]
    if state["control"][power] != role:
        return []
    return [("bid", c) for c in sorted(set(state["hands"][power]))] + [("pass",)]


def apply_bid(
    state: State, frame: dict[str, Any], role: str, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    power = frame["power"]
    flow.pop(state)
    if action[0] == "pass":
        return [event("ev.no_bid", power=power)]
    cid = int(action[1])
    state["hands"][power].remove(cid)
    # §17.3: the bid lies face down, so nobody knows which card of a hand once shown (§9) it was
    state["hand_shown"].pop(power, None)
    state["pnew"][power] = cid
    return [event("ev.bid", power=power), private(role, "ev.bid_card", power=power, card=card_name(cid))]


def ask_bid(state: State, frame: dict[str, Any], role: str) -> tuple[str, dict[str, Any]]:
    return "prompt.bid", {"power": frame["power"], "suit": state["suit"]}


def bid_value(state: State, cid: int) -> int:
    """§17.4: a card's value on the political board (a Reserve 16)."""
    _, suit, value = card(cid)
    return reserve_value() if suit is None else value


def influence(state: State) -> list[dict[str, Any]]:
    """§17.4: the new cards are turned up; those not of the dominant suit go back to their hands
    (conserved cards stay, whatever their suit; a Reserve is always of the dominant suit); each
    superpower's cards are summed, the highest total first, a tie to the box further right."""
    events = []
    for sp in bid_boxes():
        cid = state["pnew"].pop(sp, None)
        if cid is None:
            continue
        suit = card(cid)[1]
        shown = {"msg": "ev.bid_shown", "args": {"power": sp, "card": card_name(cid)}, "reveal": True}
        events.append(shown)
        if suit is None or suit == state["suit"]:
            state["pboard"][sp].append(cid)
        else:
            state["hands"][sp].append(cid)
    total = {sp: sum(bid_value(state, c) for c in state["pboard"][sp]) for sp in SUPERPOWERS}
    boxes_order = bid_boxes()
    bidders = [sp for sp in boxes_order if state["pboard"].get(sp)]
    state["porder"] = sorted(bidders, key=lambda sp: (-total[sp], -boxes_order.index(sp)))
    for sp in reversed(state["porder"]):
        flow.push(state, "select", power=sp)
    if state["porder"]:
        events.append(event("ev.influence", order=list(state["porder"])))
    return events


# --- 17.5 selecting and executing -----------------------------------------------------------------
SELECT_FRAME = {"power": "the superpower deciding to keep its cards or select a political card"}


def selectable(state: State, power: str) -> list[str]:
    """§17.5: only a card showing the power's coat of arms."""
    return [c for c in state["pshown"] if power in political_cards()[c].arms]


def legal_select(state: State, frame: dict[str, Any], role: str) -> list[tuple[Any, ...]]:
    power = frame["power"]
    if state["control"][power] != role:
        return []
    return [("keep",)] + [("select", c) for c in selectable(state, power)]


def apply_select(
    state: State, frame: dict[str, Any], role: str, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    """§17.5: keeping leaves the cards on the board for the next turns; selecting discards them
    all and takes the political card, to execute or discard. Once both cards are selected the
    superpowers still to decide take back every card they have on the board."""
    power = frame["power"]
    flow.pop(state)
    if action[0] == "keep":
        return [event("ev.keep", power=power)]
    cid = action[1]
    state["pshown"].remove(cid)
    state["ptaken"].append(cid)
    discard(state, state["pboard"][power])
    state["pboard"][power] = []
    events = [event("ev.select", power=power, card=cid)]
    if len(state["ptaken"]) == 2:
        while flow.top(state)["s"] == "select":
            later = flow.pop(state)["power"]
            state["hands"][later] += state["pboard"][later]
            if state["pboard"][later]:
                events.append(event("ev.take_back", power=later))
            state["pboard"][later] = []
    flow.push(state, "execute", power=power, card=cid, arrows=-1)
    return events


def ask_select(state: State, frame: dict[str, Any], role: str) -> tuple[str, dict[str, Any]]:
    return "prompt.select", {"power": frame["power"]}


EXECUTE_FRAME = {
    "power": "the superpower that selected the card",
    "card": "the political card",
    "arrows": "the next arrow to announce (-1 before the choice to execute)",
}


def _executed_one(state: State, power: str) -> bool:
    """§24: with two players, a player selecting both cards in a turn executes only one."""
    if state["players"] != 2:
        return False
    role = state["control"][power]
    return any(state["control"][p] == role for p in state["pdone"])


def legal_execute(state: State, frame: dict[str, Any], role: str) -> list[tuple[Any, ...]]:
    power = frame["power"]
    if state["control"][power] != role:
        return []
    if frame["arrows"] < 0:
        return [("discard",)] if _executed_one(state, power) else [("execute",), ("discard",)]
    arrow = political_cards()[frame["card"]].arrows[frame["arrows"]]
    steps = {"left": [-arrow.steps], "right": [arrow.steps], "either": [-arrow.steps, arrow.steps]}
    return [("track", f"{arrow.track}:{n}") for n in [0, *steps[arrow.direction]]]


def apply_execute(
    state: State, frame: dict[str, Any], role: str, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    """§17.5: an executed card's instructions are followed and its arrows announced (the marker
    moved the whole distance or not at all, on none, one or every track); the moves are made
    once both cards are selected, summed per track."""
    power, cid = frame["power"], frame["card"]
    spec = political_cards()[cid]
    if action[0] == "discard":
        flow.pop(state)
        return [event("ev.political_discarded", power=power, card=cid)]
    events = []
    if action[0] == "execute":
        state["pdone"].append(power)
        events.append(event("ev.execute", power=power, card=cid))
    else:
        track, steps = str(action[1]).split(":")
        if int(steps):
            state["pmoves"][track] = state["pmoves"].get(track, 0) + int(steps)
            events.append(event("ev.announce", track=track, n=int(steps)))
    frame["arrows"] += 1
    if frame["arrows"] < len(spec.arrows):
        return events
    flow.pop(state)
    for eff in reversed(spec.effects):
        if eff.power not in state["powers"]:
            continue
        if eff.kind == "draw":
            got = cards.draw(state, eff.power, eff.count)
            events.append(event("ev.draw", power=eff.power, n=len(got)))
            if got:
                who = state["control"][eff.power]
                events.append(private(who, "ev.drew", power=eff.power, cards=[card_name(c) for c in got]))
        else:
            flow.push(state, "winter", power=eff.power, paid=0, recruits=eff.count, grant=True)
            events.append(event("ev.granted", power=eff.power, n=eff.count))
    return events


def ask_execute(state: State, frame: dict[str, Any], role: str) -> tuple[str, dict[str, Any]]:
    if frame["arrows"] < 0:
        return "prompt.execute", {"card": frame["card"]}
    arrow = political_cards()[frame["card"]].arrows[frame["arrows"]]
    return "prompt.arrow", {"track": arrow.track}


def move_markers(state: State) -> list[dict[str, Any]]:
    """§17.5: the unselected cards are discarded; each marker moves by the sum of the moves
    announced for it; icons reached take effect: an expedition ends or begins (the power
    chooses a general for its off-map box), a victory point puts the beneficiary's marker in the
    Italy box (back to the pool only when the marker returns to the asterisk)."""
    events = []
    for cid in state["pshown"]:
        events.append(event("ev.political_unselected", card=cid))
    state["pshown"], state["porder"], state["ptaken"], state["pdone"] = [], [], [], []
    before = {sp: under_expedition(state, sp) for sp in SUPERPOWERS if sp in state["powers"]}
    stance = saxony_stance(state)
    for track, n in sorted(state["pmoves"].items()):
        if n == 0 or in_s_box(state, track):
            continue
        last = len(tracks()[track].spaces) - 1
        if track == "saxony":
            last = max(i for i, s in enumerate(tracks()[track].spaces) if s.zone != "s_box")
        state["tracks"][track] = max(0, min(last, state["tracks"][track] + n))
        events.append(event("ev.track", track=track, space=state["tracks"][track]))
        if state["tracks"][track] == start_space(track) and track == "italy":
            for sp in list(state["italy_box"]):
                state["italy_box"].remove(sp)
                boxes.return_marker(state, sp)
                events.append(event("ev.italy_box_back", power=sp))
        for icon, sp in icons_on(state, track):
            if icon == "victory_point" and sp not in state["italy_box"] and sp in state["powers"]:
                state["italy_box"].append(sp)
                boxes.take_marker(state, sp)
                events.append(event("ev.italy_box", power=sp))
    state["pmoves"] = {}
    events += changes.stance_changed(state, stance)  # §19.3
    for sp, was in before.items():
        now = under_expedition(state, sp)
        if was and not now:
            events += expedition_over(state, sp)
        elif now and not was:
            flow.push(state, "expedition", power=sp)
    return events


# --- the expeditionary corps (§17.5) ---------------------------------------------------------------
EXPEDITION_FRAME = {"power": "the power sending a general to its off-map box"}


def legal_expedition(state: State, frame: dict[str, Any], role: str) -> list[tuple[Any, ...]]:
    """§17.5: any of its generals; one not on the map needs 2 new troops at 8 points."""
    power = frame["power"]
    if state["control"][power] != role:
        return []
    out = []
    for gid, g in sorted(state["generals"].items()):
        if general_power(gid) != power or gid in state["out"]:
            continue
        if g["city"] is not None or cards.can_pay(state, power, EXPEDITION_COST):
            out.append(("expedition", gid))
    return out or [("pass",)]


def apply_expedition(
    state: State, frame: dict[str, Any], role: str, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    power = frame["power"]
    flow.pop(state)
    if action[0] == "pass":
        return [event("ev.no_expedition", power=power)]
    gid = action[1]
    g = state["generals"][gid]
    state["offmap"][power] = gid
    state["out"] = sorted([*state["out"], gid])
    events = [event("ev.expedition", power=power, general=gid)]
    if g["city"] is None:
        g["troops"] = EXPEDITION_TROOPS
        flow.push(
            state, "pay", power=power, cost=EXPEDITION_COST, paid=0, why="expedition", piece=gid, city=""
        )
    else:
        forget(state, [gid])  # §6: it leaves the map with troops nobody is told
        city = g["city"]
        g["city"] = None
        if state["commanders"].get(city) == gid:
            del state["commanders"][city]
    return events


def ask_expedition(state: State, frame: dict[str, Any], role: str) -> tuple[str, dict[str, Any]]:
    return "prompt.expedition", {"power": frame["power"]}


def offmap_box(power: str) -> Any:
    return next(b for b in components().boxes.values() if b.kind == "offmap" and b.power == power)


def expedition_over(state: State, power: str) -> list[dict[str, Any]]:
    """§17.5: the general leaves the off-map box for the city its arrow points to; a piece there
    is moved by its owner to an adjacent city."""
    gid = state["offmap"].get(power)
    if gid is None:
        return []
    state["offmap"][power] = None
    city = str(offmap_box(power).arrow)
    state["out"].remove(gid)
    events = [event("ev.expedition_over", general=gid, city=city)]
    there = occupancy(state).get(city, [])
    state["generals"][gid]["city"] = city
    state["generals"][gid]["down"] = False
    for piece in there:
        flow.push(state, "room", piece=piece, city=city)
    return events


ROOM_FRAME = {"piece": "the piece making room", "city": "the city it leaves"}


def room_cities(state: State, piece: str, city: str) -> list[str]:
    occupied = occupancy(state)
    free = [n for n in GEO.adjacent[city] if n not in occupied]
    return sorted(free) or sorted(GEO.adjacent[city])


def legal_room(state: State, frame: dict[str, Any], role: str) -> list[tuple[Any, ...]]:
    from tavola.games.maria.common import piece_power

    if state["control"][piece_power(frame["piece"])] != role:
        return []
    return [("to", c) for c in room_cities(state, frame["piece"], frame["city"])]


def apply_room(
    state: State, frame: dict[str, Any], role: str, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    """§17.5: the blocking piece moves to an adjacent city (its owner chooses)."""
    piece, to = frame["piece"], action[1]
    flow.pop(state)
    if piece in state["generals"]:
        state["generals"][piece]["city"] = to
    else:
        state["trains"][piece] = to
    return [event("ev.move", piece=piece, frm=frame["city"], to=to)]


def ask_room(state: State, frame: dict[str, Any], role: str) -> tuple[str, dict[str, Any]]:
    return "prompt.room", {"piece": frame["piece"], "city": frame["city"]}


# --- §18 the imperial election ----------------------------------------------------------------------
VOTE_FRAME = {"power": "the power casting its votes", "votes": "how many votes it holds"}


def electors_held(state: State) -> dict[str, int]:
    """§18: one vote per elector fortress a power controls (the Electoral College)."""
    held: dict[str, int] = {}
    for cid, c in GEO.cities.items():
        if c.elector:
            holder = controller(state, cid)
            if holder is not None:
                held[holder] = held.get(holder, 0) + 1
    return held


def start_election(state: State) -> list[dict[str, Any]]:
    """§18: Austria's and the Pragmatic Army's votes go to Francis, and a neutral Saxony's; the
    others vote as they choose, in turn clockwise from Austria; nobody abstains."""
    held = electors_held(state)
    state["votes"] = {c: 0 for c in CANDIDATES}
    free = []
    for power in sorted(held, key=_clockwise(state)):
        if power in FRANCIS_ALWAYS or (power == "saxony" and saxony_stance(state) == "neutral"):
            state["votes"]["francis"] += held[power]
        else:
            free.append(power)
    for power in reversed(free):
        flow.push(state, "vote", power=power, votes=held[power])
    return [event("ev.election")]


def _clockwise(state: State) -> Any:
    roles = state["roles"]
    start = roles.index(state["control"]["austria"])
    seat = {r: (i - start) % len(roles) for i, r in enumerate(roles)}
    order = ("austria", "pragmatic_army", "prussia", "saxony", "france", "bavaria")
    return lambda p: (seat[state["control"][p]], order.index(p))


def legal_vote(state: State, frame: dict[str, Any], role: str) -> list[tuple[Any, ...]]:
    return [("vote", c) for c in CANDIDATES] if state["control"][frame["power"]] == role else []


def apply_vote(
    state: State, frame: dict[str, Any], role: str, action: tuple[Any, ...]
) -> list[dict[str, Any]]:
    flow.pop(state)
    state["votes"][action[1]] += frame["votes"]
    return [event("ev.vote", power=frame["power"], n=frame["votes"], candidate=action[1])]


def ask_vote(state: State, frame: dict[str, Any], role: str) -> tuple[str, dict[str, Any]]:
    return "prompt.vote", {"power": frame["power"], "n": frame["votes"]}


def count_votes(state: State) -> list[dict[str, Any]]:
    """§18: at least 5 of the 9 votes elect; Francis puts an Austrian marker in the Emperor box,
    Charles a French one; the Imperial Election card is discarded."""
    winner = max(CANDIDATES, key=lambda c: (state["votes"][c], c == "francis"))
    power = "austria" if winner == "francis" else "france"
    state["emperor"] = power
    boxes.take_marker(state, power)
    state["election"] = False
    state["votes"] = {}
    return [event("ev.emperor", candidate=winner, power=power)]
