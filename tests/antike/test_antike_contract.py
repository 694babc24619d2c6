"""The rules contract: views, prompts and messages, the action space, records and undo."""

from __future__ import annotations

import json
import random

import pytest
from antike_helpers import new

import tavola
from tavola.core.errors import IllegalAction, WrongRole
from tavola.core.game import checksum
from tavola.core.i18n import catalogue
from tavola.games.antike import RULES
from tavola.games.antike.loader import BOARDS

CATALOGUE = catalogue("tavola.games.antike")


def _session_playout(scenario: str, players: int, seed: int, steps: int = 4000):
    """A random game through the session, collecting what the client would show."""
    g = new(scenario, players, seed)
    pick = random.Random(seed)
    space = set(RULES.action_space(scenario, players, g.options))
    prompts, events, verbs = set(), [], set()
    while not g.is_over and steps:
        role = g.active_roles[0]
        view = g.view(role)
        prompts.add(view["prompt"]["text"])
        acts = [a for a in g.legal_actions(role) if a != ("undo",)]
        assert set(acts) <= space, set(acts) - space
        act = pick.choice(acts)
        verbs.add(act[0])
        events += g.apply(role, act)
        steps -= 1
    return g, prompts, events, verbs


@pytest.mark.parametrize(("scenario", "players"), [("orient", 3), ("mare-nostrum", 2)])
def test_prompts_events_and_verbs_have_english_and_italian_texts(scenario: str, players: int) -> None:
    _g, prompts, events, verbs = _session_playout(scenario, players, seed=11)
    for key in prompts | {e["msg"] for e in events} | {f"verb.{v}" for v in verbs}:
        assert key in CATALOGUE, key
    assert {"prompt.rondel", "prompt.move"} <= prompts
    for e in events:
        json.dumps(e)


def test_view_is_json_and_never_holds_the_rng_word() -> None:
    g, *_ = _session_playout("orient", 4, seed=3, steps=800)
    for role in [None, *g.roles]:
        view = g.view(role)
        text = json.dumps(view)
        assert "rng" not in view and str(g.state["rng"]) not in text
    view = g.view(None)
    assert {n["id"] for n in view["nations"]} == set(g.state["nations"])


def test_action_space_is_fixed_and_without_duplicates() -> None:
    for scenario in ("orient", "mare-nostrum"):
        space = RULES.action_space(scenario, 4, {})
        assert len(space) == len(set(space))
        assert ("rondel", "militia") in space and ("done",) in space


def test_illegal_or_wrong_role_actions_change_nothing() -> None:
    g = new("orient", 3, seed=2)
    before = checksum(g.state)
    me, other = g.state["nations"][0], g.state["nations"][1]
    with pytest.raises(IllegalAction):
        g.apply(me, ["advance", "regnum"])
    with pytest.raises(WrongRole):
        g.apply(other, ["rondel", "aurum"])
    assert checksum(g.state) == before and g.actions == []


def test_records_replay_to_the_same_checksums() -> None:
    g, *_ = _session_playout("mare-nostrum", 5, seed=8, steps=1500)
    again = tavola.replay(g.record())
    assert checksum(again.state) == checksum(g.state)


def test_undo_takes_back_own_steps_only() -> None:
    g = new("orient", 3, seed=2)
    me = g.state["nations"][0]
    before = checksum(g.state)
    g.apply(me, ["rondel", "militia"])
    g.apply(me, ["undo"])
    assert checksum(g.state) == before


def test_evaluate_gives_every_role_a_value_in_0_1() -> None:
    g, *_ = _session_playout("orient", 2, seed=5, steps=3000)
    values = RULES.evaluate(g.state)
    assert set(values) == set(g.roles)
    assert all(0.0 <= v <= 1.0 for v in values.values())


def test_evaluate_prefers_the_nation_with_more_personages() -> None:
    g = new("orient", 3, seed=5)
    s = g.state
    leader = s["nations"][1]
    s["personages"][1][0] = 5
    s["bank"][0] -= 5
    values = RULES.evaluate(s)
    assert values[leader] == max(values.values()) and values[leader] > 0.4


def test_check_reports_broken_invariants() -> None:
    g = new("orient", 3, seed=2)
    s = g.state
    assert RULES.check(s) == []
    s["purse"][0][3] = 5  # five coins out of nowhere
    s["units"][1][0] = 13  # more legions than the supply holds
    s["temple"][s["city"].index(2)] = 1  # a temple the counters do not know
    problems = " | ".join(RULES.check(s))
    assert "coins in play" in problems
    assert "legions" in problems
    assert "counters" in problems and "temples on the map" in problems


def test_views_show_the_movement_and_the_battle_question() -> None:
    g = new("mare-nostrum", 4, seed=1)
    s = g.state
    me = s["nations"][0]
    other = s["nations"][1]
    b = BOARDS["mare-nostrum"]
    home = next(r for r in range(b.size) if s["city"][r] == 0 and b.allows[1][r])
    target = b.adj[1][home][0]
    s["units"][0][2 * home + 1] = 1
    s["units"][1][2 * target + 1] = 1
    s["supply"][0][1] -= 1
    s["supply"][1][1] -= 1
    g.edited()
    g.apply(me, ["rondel", "movere1"])
    assert g.view(me)["move"]["moves_left"] == {b.ids[home]: {"galley": [1, 0]}}
    g.apply(me, ["galley", b.ids[home]])
    assert g.view(me)["move"]["picked"] == {"unit": "galley", "region": b.ids[home], "moves": 1}
    g.apply(me, ["region", b.ids[target]])
    view = g.view(me)
    assert view["battle"] == {"region": b.ids[target], "unit": "galley", "against": other, "asking": me}
    assert view["prompt"]["text"] == "prompt.battle" and view["prompt"]["rule"] == "§8.1"
    g.apply(me, ["no_battle"])
    assert g.view(other)["prompt"]["text"] == "prompt.battle_defender"
    assert g.view(me)["prompt"] is None
    assert RULES.prompt(g.state, me)["text"] == "waiting"
