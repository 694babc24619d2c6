"""§5 and the set-up: scenarios, seats, nations, start cities, neutral temples, the start player."""

from __future__ import annotations

from typing import Any

from tavola.core import rng
from tavola.core.errors import UnknownGame
from tavola.core.rules import OptionSpec, Scenario
from tavola.games.antike.common import COIN, State
from tavola.games.antike.loader import BOARDS, RULEBOOK, SETUPS

PLAYERS = (2, 3, 4, 5, 6)
PLINY = OptionSpec("pliny", False, (False, True), "Pliny the Elder, the ninth scholar (variant)", "§3.4")
TEMPLE_WITHOUT_GENERAL = OptionSpec(
    "temple_win_without_general",
    False,
    (False, True),
    "One personage short, destroying a temple wins even when no general is left (another reading)",
    "§4",
)
TRADE_WHEN_BUYING = OptionSpec(
    "trade_when_buying",
    False,
    (False, True),
    "Mercatura and Commercium trade only when something can be bought (another reading)",
    "§7.3",
)
READINGS = (TEMPLE_WITHOUT_GENERAL, TRADE_WHEN_BUYING)
"""Other readings of the rulebook, as options; the state holds one only when it is on."""
TWO_PLAYER_ROLES = ("p1", "p2")


def scenarios() -> list[Scenario]:
    """The two sides of the board (§1), 2 to 6 players, the Pliny variant (§3.4)."""
    return [Scenario(name, BOARDS[name].title, PLAYERS, 4, (PLINY, *READINGS)) for name in BOARDS]


def nation_count(players: int) -> int:
    """§5 one nation per player; two players run two nations each (reconstructed, as in Antike 2005)."""
    return RULEBOOK.two_player_nations if players == 2 else players


def _line(scenario: str, players: int) -> Any:
    if scenario not in SETUPS:
        raise UnknownGame(f"antike-ii has no scenario {scenario!r}; scenarios: {', '.join(SETUPS)}")
    if players not in PLAYERS:
        raise UnknownGame(f"antike-ii is for 2 to 6 players, not {players}")
    return SETUPS[scenario].lines[nation_count(players)]


def seat_roles(scenario: str, players: int) -> list[str]:
    """The role running each nation in seating order: the nation itself, or in the 2-player
    game p1 and p2 alternately, so each player's nations take turns with the other's."""
    seating = _line(scenario, players).nations
    if players == 2:
        return [TWO_PLAYER_ROLES[i % 2] for i in range(len(seating))]
    return list(seating)


def roles(scenario: str, players: int) -> list[str]:
    """§5 the seats: one per nation, or p1 and p2 in the 2-player game."""
    if players == 2:
        _line(scenario, players)
        return list(TWO_PLAYER_ROLES)
    return seat_roles(scenario, players)


def setup(scenario: str, players: int, options: dict[str, Any], seed: int) -> State:
    """The start: 3 marble, 3 iron, 3 gold per nation (§9), its three start cities, three
    neutral temples (both per number of nations), a random start player (§5); the last nation
    in turn order holds Bellona (§5)."""
    line = _line(scenario, players)
    board = BOARDS[scenario]
    count = len(line.nations)
    state: State = {"rng": rng.seed_state(seed)}
    first = rng.below(state, count)
    order = [(first + i) % count for i in range(count)]  # seat of each nation in turn order
    ctrl_by_seat = seat_roles(scenario, players)
    size = board.size
    city = [-1] * size
    tok = [-1] * size
    temple = [0] * size
    for n, seat in enumerate(order):
        for r, token in line.start[seat]:
            city[r] = n
            tok[r] = token
    for r in line.neutral:
        temple[r] = 2
    book = RULEBOOK
    state.update(
        {
            "scenario": scenario,
            "roles": roles(scenario, players),
            "nations": [line.nations[seat] for seat in order],
            "control": [ctrl_by_seat[seat] for seat in order],
            "target": book.victory[count],
            "pliny": bool(options.get("pliny", False)),
            "turn": 0,
            "round": 1,
            "pos": [-1] * count,
            "purse": [list(book.start_purse) for _ in range(count)],
            "coins": book.coins - book.start_purse[COIN] * count,
            "temples": book.temples - len(line.neutral),
            "units": [[0] * (2 * size) for _ in range(count)],
            "supply": [[book.legions, book.galleys, book.city_tokens - 3] for _ in range(count)],
            "city": city,
            "city_token": tok,
            "temple": temple,
            "ncity": [3] * count,
            "ntemple": [0] * count,
            "tech": [0] * count,
            "first": [-1] * len(book.techs),
            "personages": [[0] * 6 for _ in range(count)],
            "bank": [*book.cards[:5], book.cards[5] if options.get("pliny") else 0],
            "bellona": count - 1,
            "fresh": 0,
            "razed": 0,
            "scholars": 0,
            "winner": -1,
            "reason": "",
            "flow": [{"s": "rondel"}],
        }
    )
    for reading in READINGS:
        if options.get(reading.name):
            state[reading.name] = True
    return state
