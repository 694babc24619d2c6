"""§5 and the set-up: nations and seats, start cities, neutral temples, start player, Bellona."""

from __future__ import annotations

import pytest

import tavola
from tavola.core.errors import UnknownGame
from tavola.games.antike import RULES
from tavola.games.antike.loader import RULEBOOK, SETUPS


@pytest.mark.parametrize("scenario", ["orient", "mare-nostrum"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_5_start_of_the_game(scenario: str, players: int) -> None:
    g = tavola.new_game("antike-ii", scenario=scenario, players=players, seed=players)
    s = g.state
    count = 4 if players == 2 else players
    assert len(s["nations"]) == count
    assert s["ncity"] == [3] * count and s["ntemple"] == [0] * count
    # §9: 3 marble, 3 iron, 3 gold, no coin, no unit
    assert s["purse"] == [[3, 3, 3, 0]] * count
    assert all(sum(u) == 0 for u in s["units"])
    assert s["supply"] == [[12, 13, 21]] * count
    assert sum(1 for t in s["temple"] if t == 2) == 3 and s["temples"] == 17
    for n in range(count):
        tokens = sorted(s["city_token"][r] for r in range(len(s["city"])) if s["city"][r] == n)
        assert tokens == [0, 1, 2]
    # §5 the last nation in turn order holds Bellona; everyone starts off the rondel
    assert s["bellona"] == count - 1
    assert s["pos"] == [-1] * count
    assert RULES.check(s) == []
    assert g.roles == (["p1", "p2"] if players == 2 else SETUPS[scenario].lines[count].nations)


def test_5_the_start_player_is_random_and_play_goes_clockwise() -> None:
    firsts = {
        tavola.new_game("antike-ii", scenario="orient", players=4, seed=seed).state["nations"][0]
        for seed in range(20)
    }
    assert len(firsts) > 1
    s = tavola.new_game("antike-ii", scenario="orient", players=4, seed=3).state
    seating = SETUPS["orient"].lines[4].nations
    start = seating.index(s["nations"][0])
    assert s["nations"] == seating[start:] + seating[:start]


def test_5_two_players_run_two_nations_each_alternately() -> None:
    g = tavola.new_game("antike-ii", scenario="mare-nostrum", players=2, seed=1)
    s = g.state
    ctrl = s["control"]
    assert ctrl[0] != ctrl[1] and ctrl[0] == ctrl[2] and ctrl[1] == ctrl[3]
    assert s["target"] == RULEBOOK.victory[4]
    assert g.active_roles == [ctrl[0]]


def test_settings_are_validated() -> None:
    with pytest.raises(UnknownGame):
        tavola.new_game("antike-ii", scenario="orient", players=7)
    with pytest.raises(UnknownGame):
        tavola.new_game("antike-ii", scenario="atlantis")
    with pytest.raises(UnknownGame):
        tavola.new_game("antike-ii", scenario="orient", players=3, options={"pliny": "yes"})


def test_3_4_pliny_is_an_option() -> None:
    spec = next(sc for sc in RULES.scenarios() if sc.name == "orient")
    assert spec.options[0].name == "pliny" and spec.options[0].rule == "§3.4"
    plain = tavola.new_game("antike-ii", scenario="orient", players=3).state
    pliny = tavola.new_game("antike-ii", scenario="orient", players=3, options={"pliny": True}).state
    assert plain["bank"][5] == 0 and pliny["bank"][5] == 1


def test_7_3_other_readings_are_options_off_by_default() -> None:
    """The seed's text by default; the other readings of §4 and §7.3 as options (README)."""
    spec = next(sc for sc in RULES.scenarios() if sc.name == "mare-nostrum")
    readings = {o.name: (o.default, o.rule) for o in spec.options[1:]}
    assert readings == {"temple_win_without_general": (False, "§4"), "trade_when_buying": (False, "§7.3")}
    state = tavola.new_game("antike-ii", options={"trade_when_buying": True}).state
    assert state["trade_when_buying"] is True and "temple_win_without_general" not in state


def test_board_and_action_space_refuse_unknown_settings() -> None:
    with pytest.raises(UnknownGame):
        RULES.board("atlantis", 4, {})
    with pytest.raises(UnknownGame):
        RULES.action_space("orient", 9, {})
