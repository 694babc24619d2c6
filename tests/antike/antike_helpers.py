"""Building Antike II positions for the rulebook's examples: a session on an empty board, then
cities, units, purses and the turn set up by hand. The session is told of the edits
(:meth:`Game.edited`) before it acts: :func:`play` does so when the state is not the one its
last action left."""

from __future__ import annotations

import random
import weakref
from typing import Any

import pytest

from tavola.core.errors import IllegalAction
from tavola.core.game import Game, checksum
from tavola.games.antike import RULES
from tavola.games.antike.common import TECH
from tavola.games.antike.loader import BOARDS, RESOURCES, RULEBOOK, SITE_ANY

State = dict[str, Any]

# The rulebook's Yellow (Mare Nostrum): Roma, with a temple, and four more cities.
YELLOW = ("roma", "neapolis", "syracus", "carales", "carthago")


def new(scenario: str = "mare-nostrum", players: int = 4, seed: int = 0, **options: Any) -> Game:
    # The examples' turn orders were set up on the format-1 (SplitMix64) dice of these seeds.
    return Game("antike-ii", scenario, players, options, seed, record_format=1)


def empty(game: Game) -> State:
    """Clear the board: no city, temple, unit, resource or personage anywhere."""
    s = game.state
    size = BOARDS[s["scenario"]].size
    s["city"] = [-1] * size
    s["city_token"] = [-1] * size
    s["temple"] = [0] * size
    for n in range(len(s["nations"])):
        s["units"][n] = [0] * (2 * size)
        s["purse"][n] = [0, 0, 0, 0]
    sync(s)
    return s


def n_of(state: State, nation: str) -> int:
    return state["nations"].index(nation)


def role_of(state: State, nation: str) -> str:
    return state["control"][n_of(state, nation)]


def r_of(state: State, region: str) -> int:
    return BOARDS[state["scenario"]].index[region]


def city(state: State, nation: str, region: str, temple: bool = False, token: str | None = None) -> None:
    r = r_of(state, region)
    site = BOARDS[state["scenario"]].site[r]
    tok = RESOURCES.index(token) if token else site
    # A test builds only what the board allows: the site's resource, or any on an open site.
    assert tok != SITE_ANY and (site == SITE_ANY or tok == site), f"{region}: no {token} city here"
    state["city"][r] = n_of(state, nation)
    state["city_token"][r] = tok
    state["temple"][r] = 1 if temple else 0
    sync(state)


def neutral(state: State, region: str) -> None:
    r = r_of(state, region)
    state["city"][r] = -1
    state["city_token"][r] = -1
    state["temple"][r] = 2
    sync(state)


def mare_nostrum(*roman: str, temple: str | None = None, seed: int = 0) -> tuple[Game, State]:
    """Mare Nostrum for four on an empty board: Roman cities in the ``roman`` regions (with a
    temple in ``temple``, if given), and one city each for the Greeks (Athenae), Germans (Colonia)
    and Phoenicians (Gades)."""
    g = new("mare-nostrum", 4, seed=seed)
    s = empty(g)
    for r in roman:
        city(s, "romans", r, temple=r == temple)
    city(s, "greeks", "athenae")
    city(s, "germans", "colonia")
    city(s, "phoenicians", "gades")
    return g, s


def units(state: State, nation: str, region: str, legions: int = 0, galleys: int = 0) -> None:
    r = r_of(state, region)
    u = state["units"][n_of(state, nation)]
    u[2 * r] = legions
    u[2 * r + 1] = galleys
    sync(state)


def here(state: State, nation: str, region: str) -> tuple[int, int]:
    r = r_of(state, region)
    u = state["units"][n_of(state, nation)]
    return u[2 * r], u[2 * r + 1]


def purse(state: State, nation: str, marble: int = 0, iron: int = 0, gold: int = 0, coin: int = 0) -> None:
    state["purse"][n_of(state, nation)] = [marble, iron, gold, coin]
    sync(state)


def wallet(state: State, nation: str) -> list[int]:
    return list(state["purse"][n_of(state, nation)])


def techs(state: State, nation: str, *ids: str, first: bool = True) -> None:
    n = n_of(state, nation)
    for tid in ids:
        state["tech"][n] |= TECH[tid].bit
        k = [t.id for t in RULEBOOK.techs].index(tid)
        if first and state["first"][k] < 0:
            state["first"][k] = n


def give_personages(state: State, nation: str, count: int, kind: int = 0) -> None:
    """Hand out ``count`` personages of one kind (kings by default) from the bank."""
    n = n_of(state, nation)
    state["personages"][n][kind] += count
    state["bank"][kind] -= count


def turn(state: State, nation: str, frame: dict[str, Any] | None = None, pos: int | None = None) -> None:
    """Make it ``nation``'s turn, at the given flow step (the rondel by default)."""
    state["turn"] = n_of(state, nation)
    state["flow"] = [frame or {"s": "rondel"}]
    if pos is not None:
        state["pos"][state["turn"]] = pos
    state["fresh"] = state["razed"] = state["scholars"] = 0


def sync(state: State) -> None:
    """Recompute supplies and counters from the map so positions stay sound."""
    count = len(state["nations"])
    size = len(state["city"])
    total_coins = RULEBOOK.coins
    state["coins"] = total_coins - sum(p[3] for p in state["purse"])
    state["temples"] = RULEBOOK.temples - sum(1 for t in state["temple"] if t)
    for n in range(count):
        u = state["units"][n]
        state["ncity"][n] = sum(1 for r in range(size) if state["city"][r] == n)
        state["ntemple"][n] = sum(1 for r in range(size) if state["city"][r] == n and state["temple"][r] == 1)
        state["supply"][n] = [
            RULEBOOK.legions - sum(u[0::2]),
            RULEBOOK.galleys - sum(u[1::2]),
            RULEBOOK.city_tokens - state["ncity"][n],
        ]


_LEFT: weakref.WeakKeyDictionary[Game, str] = weakref.WeakKeyDictionary()
"""The checksum of the state each session's last action through :func:`play` left."""


def told(game: Game) -> Game:
    """Tell the session its state was edited by hand, if it is not the state the session's
    last action left (or the session has not acted through :func:`play` yet)."""
    if _LEFT.get(game) != checksum(game.state):
        game.edited()
    return game


def play(game: Game, nation: str, *actions: Any) -> list[dict[str, Any]]:
    """Apply actions as the role running ``nation``; each action is a tuple or a verb string."""
    told(game)
    events: list[dict[str, Any]] = []
    for a in actions:
        act = (a,) if isinstance(a, str) else tuple(a)
        events += game.apply(role_of(game.state, nation), act)
        _LEFT[game] = checksum(game.state)
    return events


def legal(game: Game, nation: str) -> list[tuple[Any, ...]]:
    return [a for a in game.legal_actions(role_of(game.state, nation)) if a != ("undo",)]


def refused(game: Game, nation: str, action: Any) -> None:
    """``action`` is illegal for ``nation``: it raises and leaves the state as it was."""
    before = checksum(game.state)
    with pytest.raises(IllegalAction):
        play(game, nation, action)
    assert checksum(game.state) == before


def random_playout(
    scenario: str, players: int, seed: int, max_steps: int = 60_000, options: dict[str, Any] | None = None
) -> tuple[State, int]:
    """Random legal play straight on the rules until the game ends; checks every step."""
    state = RULES.setup(scenario, players, options or {}, seed)
    pick = random.Random(seed)
    steps = 0
    while RULES.result(state) is None:
        active = RULES.active_roles(state)
        assert active, f"step {steps}: nobody is active and there is no result"
        role = active[0]
        acts = RULES.legal_actions(state, role)
        assert acts, f"step {steps}: {role} has no legal action at {state['flow'][-1]}"
        RULES.apply(state, role, acts[pick.randrange(len(acts))])
        steps += 1
        problems = RULES.check(state)
        assert not problems, f"step {steps}: {problems}"
        assert steps < max_steps, "the game did not end"
    return state, steps
