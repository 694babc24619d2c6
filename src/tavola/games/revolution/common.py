"""The state of a Revolution game, and the counts every chapter shares.

The state is plain data (``tavola.core.rules``); owners of tokens are integers, the five
factions in the fixed order of §4.2.1 (``CATHOLICS`` ... ``REFORMERS``) and ``NEUTRAL``::

    players        2..5
    options        the game options (``OPTIONS``), every one filled in
    roles          the seats; a faction's role is ``seat[faction]`` (with 2 players one role
                   plays two factions, §3.1)
    seat           faction id -> role
    factions       the owners in play, fixed order (§4.2.1)
    turn           0 (the opening turn) .. 5
    phase          the phase under way (``turn.PHASES``)
    order          owners in the turn order of this turn (§4.2, §6.20)
    stock          per owner (index 0-4): resource tokens off the map (§2)
    treasury       per owner: coins (§2)
    neutral_stock  neutral tokens not on the map
    country        per province: tokens per owner (6 ints) in the countryside
    places         per city or town: tokens per owner (6 ints); a town holds at most one (§5.6)
    support        per support box: the owner on each space, -1 if empty
    blocks         per region: each box of its command block holds -1 (empty), the army's
                   owner, or ABANDONED + owner for an army abandoned this turn (§6.3)
    raised         per owner: armies raised this turn (§6.4)
    asked          provinces where movement within the province was asked for (§6.14)
    sieges         [{"city", "by" (owner, or BEGGARS), "region", "box" (-1 for beggars)}]
    beggars        {"hirer": owner or -1, "hired": beggars used this turn,
                    "blocking": per region beggars left to block (§6.7.4)}
    beggars_home   Water Beggar tokens in their box
    province_card  per province: the holder, -1 if nobody (§5.7, §6.17)
    city_card      per place: the holder of a city's card, -1 if nobody (towns: -1)
    bishopric      per bishopric province (``bishopric_provinces`` order): status 0..3 (§6.18)
    bishop_marker  per bishopric: the colour of its marker, an owner or -1 (black)
    university     per place: 0 none, 1 Catholic, 2 Reformed (§5.7, §6.19)
    allegiance     per city (``cities`` order): its space on the Allegiance track (§6.16)
    spent          per city: coins put on it this turn, per owner (§6.16)
    intercepts     Huguenot tokens that have intercepted this turn (§6.2.2)
    vp2            per owner: VP in halves, recomputed each turn (§4.4)
    over           true once turn 5 is scored
    flow           the flow stack (``tavola.core.flow``)
    rng            the seeded RNG word

Tokens are conserved: per faction, stock + treasury + map + support = the set-up allowance
(§3.5), checked by the invariants.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tavola.core import flow
from tavola.core.rules import OptionSpec
from tavola.games.revolution.loader import COMPONENTS as C
from tavola.games.revolution.loader import FACTIONS

State = dict[str, Any]

CATHOLICS, HABSBURGS, NOBILITY, BURGHERS, REFORMERS = range(5)
NEUTRAL = 5
BEGGARS = 6
ABANDONED = 10
OWNERS = 6
EMPTY = -1
ANTI_CATHOLIC = (REFORMERS, BURGHERS)  # §6.16: Reformer tokens take precedence
SIZE = len(C.province_ids)

UNIVERSITY_NONE, UNIVERSITY_CATHOLIC, UNIVERSITY_REFORMED = 0, 1, 2

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("tax_above_stock", "capped", ("capped", "refused"), "A city tax rate above the stock", "§6.1"),
    OptionSpec(
        "huguenot_coin", "token", ("token", "stock"), "The intercepted coin is the Huguenot token", "§6.2.2"
    ),
    OptionSpec("loot_town", "region", ("region", "anywhere"), "An abandoned army loots a town", "§6.3"),
    OptionSpec("abandoned_armies", "idle", ("idle", "fight"), "Abandoned armies", "§6.3"),
    OptionSpec(
        "allied_armies", "apart", ("apart", "together"), "2 players: allied armies in one block", "§6.4"
    ),
    OptionSpec("beggars_area", "provinces", ("provinces", "regions"), "Water Beggars act in", "§6.7"),
    OptionSpec("beggars_lift", "one", ("one", "all"), "Beggars lift sieges", "§6.7.2"),
    OptionSpec(
        "new_units_cap",
        "unlimited",
        ("unlimited", "equal", "double"),
        "New units in a controlled province",
        "§6.10",
    ),
    OptionSpec("turn0_conflict", "below", ("below", "at"), "Turn 0 conflict stops", "§5.3"),
    OptionSpec(
        "overflow_neutrals",
        "displace",
        ("displace", "stay"),
        "Overflow into a province full of neutrals",
        "§6.13",
    ),
    OptionSpec(
        "city_majority", "turn0", ("turn0", "never"), "City tokens left out of province majority", "§5.7"
    ),
    OptionSpec(
        "university_turn0",
        "burghers",
        ("burghers", "reformers"),
        "Turn 0: KÖLN and Leuven reformed by",
        "§5.7",
    ),
    OptionSpec("allegiance_cap", "city", ("city", "faction"), "The 3-space Allegiance limit", "§6.16"),
    OptionSpec(
        "nobility_stands_for",
        "reformers",
        ("reformers", "burghers"),
        "A Nobility token replaces a missing",
        "§6.16",
    ),
    OptionSpec("bishopric_black", "placed", ("placed", "step"), "An uncontrolled bishopric", "§6.18"),
    # where the book leaves a choice to a player and the engine makes it
    OptionSpec(
        "conflict_losses", "countryside", ("countryside", "cities"), "Tokens lost in a conflict", "§6.11"
    ),
    OptionSpec("beggars_block", "once", ("once", "each_phase"), "A blocking Water Beggar stops", "§6.7.4"),
)
"""The rules the Italian text leaves open: the default is the seed's literal reading, the other
choice the other reading (README, 'Revolution readings'). The last two are choices the book
leaves to a player, which the engine makes by a fixed rule: the option names the rule."""


def limits(players: int) -> list[int]:
    """§6.11-§6.13 each province's limit: the board's, or the player count's own where the data
    gives one (board.yaml `by_players`)."""
    return C.limit_by_players.get(players, C.limit)


def fid(owner: int) -> str:
    return FACTIONS[owner]


def option(state: State, name: str) -> Any:
    return state["options"][name]


def in_play(state: State) -> list[int]:
    return state["factions"]


def role_of(state: State, owner: int) -> str:
    return state["seat"][FACTIONS[owner]]


def allied(state: State, a: int, b: int) -> bool:
    """Factions of one player in the 2-player game (§3.1, §6.4)."""
    return a == b or (state["players"] == 2 and role_of(state, a) == role_of(state, b))


# --- tokens in a province ------------------------------------------------------------------------
def besieged(state: State) -> set[int]:
    return {s["city"] for s in state["sieges"]}


def counts(state: State, p: int, *, cities: bool = True, sieged: bool = True) -> list[int]:
    """Tokens per owner in province ``p`` (countryside, towns, and cities unless ``cities`` is
    false; tokens in besieged cities only if ``sieged``)."""
    out = list(state["country"][p])
    skip = set() if sieged else besieged(state)
    for c in C.province_places[p]:
        if (not cities and C.is_city[c]) or c in skip:
            continue
        for o, k in enumerate(state["places"][c]):
            out[o] += k
    return out


def majority(tally: list[int]) -> int:
    """§5.7 the owner with an absolute majority (more than all others together, neutrals
    counting as a faction), or -1; a neutral majority gives nobody the card."""
    total = sum(tally)
    for o, k in enumerate(tally):
        if k * 2 > total:
            return o if o != NEUTRAL else EMPTY
    return EMPTY


def controls_place(state: State, owner: int, c: int) -> bool:
    """§6.10 a city is controlled by holding its card, a town by occupying it."""
    if C.is_city[c]:
        return state["city_card"][c] == owner
    return state["places"][c][owner] > 0


def town_holder(state: State, c: int) -> int:
    """Who occupies a town (an owner, NEUTRAL) or -1."""
    for o, k in enumerate(state["places"][c]):
        if k:
            return o
    return EMPTY


def place_controller(state: State, c: int) -> int:
    return state["city_card"][c] if C.is_city[c] else town_holder(state, c)


def on_map(state: State, owner: int) -> int:
    return sum(row[owner] for row in state["country"]) + sum(row[owner] for row in state["places"])


def in_support(state: State, owner: int) -> int:
    return sum(slot == owner for box in state["support"] for slot in box)


def army_owner(cell: int) -> int:
    """The owner of an army in a box (abandoned or not), -1 for an empty box."""
    return cell - ABANDONED if cell >= ABANDONED else cell


def armies_of(state: State, owner: int) -> list[tuple[int, int]]:
    """(region, box) of the owner's armies on the map (abandoned ones included)."""
    return [
        (r, b)
        for r, block in enumerate(state["blocks"])
        for b, v in enumerate(block)
        if army_owner(v) == owner
    ]


def acting_armies(state: State, r: int) -> list[tuple[int, int]]:
    """(box, owner) of the armies of a block that take part in battles and count against the
    beggars: abandoned ones only with the `abandoned_armies: fight` option (§6.3)."""
    fight = option(state, "abandoned_armies") == "fight"
    return [
        (b, army_owner(v)) for b, v in enumerate(state["blocks"][r]) if v >= 0 and (v < ABANDONED or fight)
    ]


def besieging(state: State, r: int, b: int) -> bool:
    return any(s["region"] == r and s["box"] == b for s in state["sieges"])


def take_stock(state: State, owner: int, n: int) -> int:
    """Take up to ``n`` tokens from an owner's stock (neutrals: the neutral pool); how many."""
    if owner == NEUTRAL:
        k = min(n, state["neutral_stock"])
        state["neutral_stock"] -= k
        return k
    k = min(n, state["stock"][owner])
    state["stock"][owner] -= k
    return k


def give_stock(state: State, owner: int, n: int) -> None:
    """Return tokens to their owner's stock (neutrals to the pool, §6.11)."""
    if owner == NEUTRAL:
        state["neutral_stock"] += n
    else:
        state["stock"][owner] += n


def pay(state: State, owner: int, coins: int) -> None:
    """Spend coins: they go back to the stock (§6.3, §6.4, §6.16)."""
    assert state["treasury"][owner] >= coins
    state["treasury"][owner] -= coins
    state["stock"][owner] += coins


def earn(state: State, owner: int, coins: int) -> int:
    """Coins from the stock into the treasury, as many as the stock holds (§6.1)."""
    k = take_stock(state, owner, coins)
    state["treasury"][owner] += k
    return k


def ev(msg: str, **args: Any) -> dict[str, Any]:
    return {"msg": msg, "args": args}


# --- phases played faction by faction (§4.1) ----------------------------------------------------
Init = Callable[[State, int], "dict[str, Any] | None"]


def per_faction(state: State, step: str, owners: list[int], init: Init) -> None:
    """§4.1 the phase's step for each owner of ``owners`` in turn, each finishing before the next
    starts: ``init(state, owner)`` gives the frame's locals, or None when the owner has nothing
    to do there. When nobody is left the phase is over (the ``next`` frame)."""
    for i, o in enumerate(owners):
        local = init(state, o)
        if local is not None:
            flow.begin(state, step, who=o, queue=owners[i + 1 :], **local)
            return
    phase_over(state)


def phase_over(state: State) -> None:
    """The phase is finished: the turn sequence starts the next one (``turn.advance``)."""
    flow.begin(state, "next")
