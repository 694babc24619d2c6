"""Whole games: random play of Italia I and Italia II to the end of round 10, invariants,
replays, undo, the rules contract (view, prompt, action space, messages)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import tavola
from tavola.core.i18n import catalogue
from tavola.core.rules import clone
from tavola.games.italia import RULES_I, RULES_II
from tavola.games.italia.rules import ItaliaRules
from tavola.tools.fuzz import fuzz_one

GAMES = [("italia-i", RULES_I), ("italia-ii", RULES_II)]


def random_game(
    rules: ItaliaRules, seed: int, check: bool = False, keys: set[str] | None = None
) -> dict[str, Any]:
    st = rules.setup("standard", rules.players, {}, seed)
    pick = random.Random(seed)
    steps = 0
    while rules.result(st) is None:
        roles = rules.active_roles(st)
        assert roles, f"dead end at step {steps}"
        role = roles[pick.randrange(len(roles))]
        legal = rules.legal_actions(st, role)
        assert legal, f"{role} has no legal action at step {steps}"
        if keys is not None:
            keys.add(rules.prompt(st, role)["text"])
        for ev in rules.apply(st, role, legal[pick.randrange(len(legal))]):
            if keys is not None:
                keys.add(ev["msg"])
        steps += 1
        if check:
            assert rules.check(st) == [], f"step {steps}"
        assert steps < 60_000
    res = rules.result(st)
    assert res is not None
    return {"state": st, "result": res, "steps": steps}


@pytest.mark.parametrize(("game", "rules"), GAMES)
def test_11_0_random_game_plays_all_ten_rounds_and_names_the_winner(game: str, rules: ItaliaRules) -> None:
    out = random_game(rules, 11, check=True)
    st, res = out["state"], out["result"]
    assert st["round"] == 10 and st["over"]
    assert set(res["scores"]) == set(rules.roles("standard", rules.players, {}))
    best = max(res["scores"].values())
    assert res["winners"] == [r for r, v in res["scores"].items() if v == best]
    assert sum(res["nations"].values()) == pytest.approx(sum(res["scores"].values()))


def test_13_4_round_10_of_italia_i_is_played() -> None:
    seen = set()
    for seed in range(3):
        out = random_game(RULES_I, seed, keys=seen)
        assert out["state"]["round"] == 10
    assert "it.p.camp.ask" in seen  # the round-10 campaigns were offered


@pytest.mark.parametrize(("game", "rules"), GAMES)
def test_replay_of_a_session_reproduces_every_checksum(game: str, rules: ItaliaRules) -> None:
    g = tavola.new_game(game, seed=5)
    pick = random.Random(5)
    while not g.is_over:
        role = g.active_roles[pick.randrange(len(g.active_roles))]
        legal = g.legal_actions(role)
        g.apply(role, legal[pick.randrange(len(legal))])
    again = tavola.replay(g.record())
    assert again.checksums == g.checksums
    assert again.result == g.result


@pytest.mark.parametrize(("game", "rules"), GAMES)
def test_fuzz_with_undo_session(game: str, rules: ItaliaRules) -> None:
    rep = fuzz_one(game, "standard", rules.players, 3, 60_000, session=True)
    assert rep.finished and not rep.failures, [f.message for f in rep.failures]


@pytest.mark.parametrize(("game", "rules"), GAMES)
def test_fuzz_direct(game: str, rules: ItaliaRules) -> None:
    rep = fuzz_one(game, "standard", rules.players, 8, 60_000, check_every=7)
    assert rep.finished and not rep.failures, [f.message for f in rep.failures]


@pytest.mark.slow
@pytest.mark.parametrize(("game", "rules"), GAMES)
def test_fuzz_many_seeds(game: str, rules: ItaliaRules) -> None:
    for seed in range(100, 125):
        rep = fuzz_one(game, "standard", rules.players, seed, 60_000, check_every=3, session=seed % 5 == 0)
        assert rep.finished and not rep.failures, (seed, [f.message for f in rep.failures])


@pytest.mark.parametrize(("game", "rules"), GAMES)
def test_every_message_and_prompt_has_english_and_italian(game: str, rules: ItaliaRules) -> None:
    keys: set[str] = set()
    for seed in range(2):
        random_game(rules, seed, keys=keys)
    cat = catalogue("tavola.games.italia")
    missing = sorted(k for k in keys if k not in cat)
    assert not missing


@pytest.mark.parametrize(("game", "rules"), GAMES)
def test_state_is_plain_data_and_clones(game: str, rules: ItaliaRules) -> None:
    st = rules.setup("standard", rules.players, {}, 1)
    json.dumps(st)
    assert clone(st) == st


@pytest.mark.parametrize(("game", "rules"), GAMES)
def test_view_hides_the_rng_and_prompt_cites_a_section(game: str, rules: ItaliaRules) -> None:
    st = rules.setup("standard", rules.players, {}, 2)
    role = rules.active_roles(st)[0]
    v = rules.view(st, role)
    text = json.dumps(v)
    assert str(st["rng"]) not in text
    p = rules.prompt(st, role)
    assert p["rule"].startswith("§") and p["text"].startswith("it.p.")


@pytest.mark.parametrize(("game", "rules"), GAMES)
def test_5_0_view_names_the_step_of_the_sequence_apart_from_the_platforms_step(
    game: str, rules: ItaliaRules
) -> None:
    g = tavola.new_game(game, seed=3)
    role = g.active_roles[0]
    g.apply(role, g.legal_actions(role)[0])
    v = g.view(g.active_roles[0])
    assert v["step"] == 1  # the platform's count of actions
    assert v["sequence_step"] == g.state["flow"][-1]["s"]  # Italia's own, not overwritten


@pytest.mark.parametrize(("game", "rules"), GAMES)
def test_action_space_covers_every_legal_action(game: str, rules: ItaliaRules) -> None:
    space = set(rules.action_space("standard", rules.players, {}))
    st = rules.setup("standard", rules.players, {}, 4)
    pick = random.Random(4)
    while rules.result(st) is None:
        role = rules.active_roles(st)[0]
        legal = rules.legal_actions(st, role)
        assert set(legal) <= space, set(legal) - space
        rules.apply(st, role, legal[pick.randrange(len(legal))])


@pytest.mark.parametrize(("game", "rules"), GAMES)
def test_evaluate_is_in_0_1_for_every_player(game: str, rules: ItaliaRules) -> None:
    out = random_game(rules, 6)
    ev = rules.evaluate(out["state"])
    assert set(ev) == set(rules.roles("standard", rules.players, {}))
    assert all(0.0 <= v <= 1.0 for v in ev.values())


def test_board_is_the_boards_json() -> None:
    b = RULES_I.board("standard", 3, {})
    assert len(b["areas"]) == 48 and b["nations"][0]["key"] == "celts"


def test_house_rules_are_options_off_by_default() -> None:
    opts = {o.name: o.default for o in RULES_I.scenarios()[0].options}
    assert opts == {
        "combat_variant": False,
        "allied_cities": False,
        "fleet_relocate": False,
        "campaign_stack_at_end": False,
        "retreat_stays_damaged": False,
        "pyrrhus_fights": False,
        "last_unit_window": False,
    }
    opts2 = {o.name: o.default for o in RULES_II.scenarios()[0].options}
    assert set(opts2) == {"combat_variant", "allied_cities", "fleet_relocate", "campaign_stack_at_end"}


@pytest.mark.parametrize("option", ["combat_variant", "allied_cities", "fleet_relocate"])
def test_games_with_house_rules_finish(option: str) -> None:
    rep = fuzz_one("italia-i", "standard", 3, 21, 60_000, check_every=5)
    assert rep.finished
    st = RULES_II.setup("standard", 4, {option: True}, 9)
    pick = random.Random(9)
    n = 0
    while RULES_II.result(st) is None:
        role = RULES_II.active_roles(st)[0]
        legal = RULES_II.legal_actions(st, role)
        RULES_II.apply(st, role, legal[pick.randrange(len(legal))])
        n += 1
        assert n < 60_000
