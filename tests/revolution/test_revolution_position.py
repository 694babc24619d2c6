"""Revolution positions (docs/positions.md): every state reached in play writes as a position and
loads back to the same state; a faulty position is refused naming its item."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tavola.core.errors import PositionError
from tavola.core.position import load_state, write
from tavola.games.revolution.rules import RULES


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_positions_round_trip_through_a_game(players: int) -> None:
    state = RULES.setup("standard", players, {}, players + 20)
    pick = random.Random(players)
    steps = 0
    while not RULES.result(state):
        if steps % 9 == 0:
            pos = write("revolution", state)
            _, loaded = load_state("revolution", pos, 3)
            assert {k: v for k, v in loaded.items() if k != "rng"} == {
                k: v for k, v in state.items() if k != "rng"
            }
            assert RULES.legal_actions(loaded, RULES.active_roles(loaded)[0]) == RULES.legal_actions(
                state, RULES.active_roles(state)[0]
            )
        role = RULES.active_roles(state)[0]
        RULES.apply(state, role, pick.choice(RULES.legal_actions(state, role)))
        steps += 1


BASE: dict[str, Any] = {"game": "revolution", "players": 5, "turn": 1, "phase": "units"}

BAD = [
    ({"map": {"england": {"countryside": {"catholics": 1}}}}, "map.england"),
    ({"map": {"holland": {"Delft": {"catholics": 1, "burghers": 1}}}}, "map.holland.Delft"),
    ({"map": {"holland": {"KOLN": {"catholics": 1}}}}, "map.holland.KOLN"),
    ({"map": {"holland": {"countryside": {"catholics": 40}}}}, "factions.catholics"),
    ({"support": {"jesuits": ["reformers"]}}, "support.jesuits.0"),
    ({"armies": {"rhine": ["catholics"] * 6}}, "armies.rhine"),
    ({"phase": "banquet"}, "phase"),
    ({"cards": {"Delft": "burghers"}}, "cards.Delft"),
    ({"allegiance": {"KOLN": 9}}, "allegiance.KOLN"),
    ({"turn": 9}, "turn"),
    ({"order": ["catholics", "vikings"]}, "order"),
    ({"factions": {"vikings": {}}}, "factions.vikings"),
    ({"factions": {"catholics": {"treasury": -2}}}, "factions.catholics.treasury"),
    ({"factions": {"catholics": {"treasury": 99}}}, "factions.catholics"),
    ({"map": {"holland": {"countryside": {"catholics": "many"}}}}, "map.holland.countryside.catholics"),
    ({"map": {"holland": {"countryside": {"neutral": 200}}}}, "map"),
    ({"support": {"atlantis": ["catholics"]}}, "support.atlantis"),
    ({"armies": {"rhine": ["vikings"]}}, "armies.rhine.0"),
    ({"sieges": [{"city": "Delft", "by": "catholics", "region": "rhine"}]}, "sieges.0.city"),
    ({"bishoprics": {"holland": "catholic"}}, "bishoprics.holland"),
    ({"bishoprics": {"utrecht": "pagan"}}, "bishoprics.utrecht"),
    ({"bishop_markers": {"holland": "catholics"}}, "bishop_markers.holland"),
    ({"universities": {"Delft": "reformed"}}, "universities.Delft"),
    ({"beggars": {"blocking": {"rhine": 5}}}, "beggars"),
    ({"asked": ["atlantis"]}, "asked"),
    ({"pending": [{"step": "feast"}]}, "pending.0.step"),
    ({"spent": {"Atlantis": {"catholics": 1}}}, "spent.Atlantis"),
]


@pytest.mark.parametrize(("change", "item"), BAD, ids=[i for _, i in BAD])
def test_a_faulty_position_is_refused_naming_the_item(change: dict[str, Any], item: str) -> None:
    with pytest.raises(PositionError) as err:
        load_state("revolution", BASE | change, 1)
    assert err.value.item == item and err.value.message


def test_bad_positions_are_at_least_twenty() -> None:
    assert len(BAD) >= 20
