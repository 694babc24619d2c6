"""§4, §6, §8: what each role sees. Allocations are made by everyone at once, in secret; hands
and troop numbers stay hidden; views and the log of one role never carry another's secret."""

from __future__ import annotations

import json
import random
from typing import Any

from tavola.core.game import Game
from tavola.games.maria import RULES
from tavola.games.maria.common import card_name


def test_4_every_player_allocates_at_once_and_nobody_sees_another_sheet() -> None:
    game = Game("maria", "introductory", 3, None, seed=3)
    assert game.active_roles == ["theresa", "frederick", "louis"]
    game.apply("frederick", ["troop", "friedrich_der_grosse"])
    game.apply("theresa", ["troop", "neipperg"])
    # a draft: the committed state has not changed, the others see nothing of it
    assert game.state["generals"]["friedrich_der_grosse"]["troops"] == 1
    assert game.view("frederick")["generals"]["friedrich_der_grosse"]["troops"] == 2
    assert "troops" not in game.view("theresa")["generals"]["friedrich_der_grosse"]
    assert "troops" not in game.view("louis")["generals"]["neipperg"]


def test_8_hands_are_seen_only_by_their_owner() -> None:
    state = RULES.setup("introductory", 3, {}, 5)
    for role in state["roles"]:
        view = RULES.view(state, role)
        mine = {p for p in state["powers"] if state["control"][p] == role}
        assert set(view["hands"]) <= mine | {"pragmatic_army"}
        assert view["hand_sizes"]["prussia"] == 9
    assert RULES.view(state, None)["hands"] == {}


def test_6_troop_totals_are_public_single_generals_are_not() -> None:
    state = RULES.setup("introductory", 3, {}, 5)
    view = RULES.view(state, "louis")
    assert view["troop_totals"]["austria"] == sum(
        g["troops"]
        for gid, g in state["generals"].items()
        if gid in ("karl_v_lothringen", "traun", "khevenhuller", "batthyany", "neipperg")
    )
    assert all("troops" not in view["generals"][g] for g in ("neipperg", "friedrich_der_grosse"))


def test_no_view_or_log_of_one_role_carries_another_roles_hand() -> None:
    """Random play through the session: every card a role sees in its view or log is its own, or
    was played or revealed in public."""
    for seed in range(3):
        game = Game("maria", "introductory", 3, None, seed=seed)
        pick = random.Random(seed)
        for _ in range(400):
            if game.is_over:
                break
            role = pick.choice(game.active_roles)
            game.apply(role, pick.choice([a for a in game.legal_actions(role) if a != ("undo",)]))
        state = game.state
        for role in state["roles"]:
            mine = {p for p in state["powers"] if state["control"][p] == role} | (
                {"pragmatic_army"} if role == "frederick" else set()
            )
            view = game.view(role)
            assert set(view["hands"]) <= mine
            for entry in view["log"]:
                if entry.get("msg") == "ev.drew":
                    assert entry["args"]["power"] in mine
            for gid in view["generals"]:
                seen = "troops" in view["generals"][gid]
                owner = next(p for p in state["powers"] if gid in _generals_of(state, p))
                assert seen == (owner in mine or game.is_over)
            assert json.dumps(view)  # plain data


def _generals_of(state: dict, power: str) -> set[str]:
    from tavola.games.maria.common import general_power

    return {g for g in state["generals"] if general_power(g) == power}


def test_determinize_keeps_own_hand_and_totals_and_resamples_the_rest() -> None:
    state = RULES.setup("introductory", 3, {}, 7)
    worlds = [RULES.determinize(state, "louis", s) for s in range(4)]
    for w in worlds:
        assert w["hands"]["france"] == state["hands"]["france"]
        assert RULES.view(w, "louis") == RULES.view(state, "louis")
    assert len({repr(sorted(w["hands"]["austria"])) for w in worlds}) > 1
    assert {card_name(c) for c in worlds[0]["hands"]["france"]} == {
        card_name(c) for c in state["hands"]["france"]
    }


def _other_truth(state: dict, role: str, seed: int) -> dict:
    """Another game the role cannot tell apart from ``state``: the hidden parts dealt again, and
    the secret winter scores (§13) changed."""
    other = RULES.determinize(state, role, seed)
    pick = random.Random(seed)
    for scores in other["winter_scores"].values():
        scores[:] = [pick.randrange(12) for _ in scores]
    return other


def _played(scenario: str, players: int, seed: int, until: Any) -> Game:
    """Random play until ``until(state)`` holds (or the game ends)."""
    game = Game("maria", scenario, players, None, seed=seed)
    pick = random.Random(seed)
    while not game.is_over and not until(game.state):
        role = pick.choice(game.active_roles)
        game.apply(role, pick.choice([a for a in game.legal_actions(role) if a != ("undo",)]))
    return game


def _steps(n: int) -> Any:
    count = iter(range(n))
    return lambda state: next(count, None) is None


def _scored(state: dict) -> bool:
    return any(state["winter_scores"].get("austria", []))


def _bid(state: dict) -> bool:
    return bool(state["pnew"]) and len(state["pnew"]) < 4


def test_determinize_reads_only_what_the_role_sees() -> None:
    """The search bot's worlds are built from the role's view alone: two games that differ only
    in what the role cannot see (other hands, the pile, other generals' troops, face-down bids,
    the political cards to come, the winter scores) give the very same world, seed for seed."""
    checked = set()
    for scenario, players, seed, until in [
        ("introductory", 3, 1, _steps(150)),
        ("introductory", 2, 2, _steps(300)),
        ("advanced", 3, 3, _bid),
        ("advanced", 3, 4, _scored),
        ("advanced", 2, 5, _scored),
    ]:
        game = _played(scenario, players, seed, until)
        assert not game.is_over
        for role in game.state["roles"]:
            state = game.state_of(role)
            other = _other_truth(state, role, 100 + seed)
            assert RULES.view(other, role) == RULES.view(state, role)
            assert other != state  # really another truth behind the same view
            for s in (0, 1):
                assert RULES.determinize(state, role, s) == RULES.determinize(other, role, s)
            checked |= {k for k in ("pnew", "winter_scores") if any(state[k].values())}
    assert checked == {"pnew", "winter_scores"}
