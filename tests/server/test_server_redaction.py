"""Nothing reaches a browser that its role may not see.

The server sends ``Game.view(role)`` and nothing else: these tests compare every served view
with the session's own, look for the RNG word and the seed, check private log entries, and
check that no served view changes when the parts its viewer has not seen are resampled
(``Rules.determinize``). They run on the toy game and on every registered game.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from server_helpers import browser, create

from tavola.core.game import Game
from tavola.core.registry import game_ids
from tavola.core.rules import Rules
from tavola.server.catalog import load_rules

STEPS = 30


def leaks(rules: Rules, state: dict[str, Any], roles: list[str], seeds: int = 3) -> list[str]:
    """Viewpoints whose view depends on something hidden from them.

    ``determinize(state, r, seed)`` resamples exactly what ``r`` has not seen, so ``r``'s view
    must not change; an observer has seen no more than any role, so its view must not change
    for any role's resampling."""
    found = []
    for role in roles:
        for seed in range(seeds):
            world = rules.determinize(state, role, seed)
            if rules.view(world, role) != rules.view(state, role):
                found.append(f"{role} sees its own hidden parts")
            if rules.view(world, None) != rules.view(state, None):
                found.append(f"observer sees what {role} has not seen")
    return found


def test_the_leak_check_catches_a_leak():
    from toygame import RULES, ToyRules

    class Leaky(ToyRules):
        def view(self, state, role):
            return {**super().view(state, role), "all_bids": dict(state["bids"])}

    game = Game("toy", "basic", 3, {}, seed=1, rules=RULES)
    game.apply("north", ["bid", 3])
    assert leaks(RULES, game.state, game.roles) == []
    assert leaks(Leaky(), game.state, game.roles)


def test_toy_bids_stay_secret(client):
    m = create(client, {"north": "me", "south": "hotseat", "east": "open"})
    mid = m["id"]
    client.post(f"/api/matches/{mid}/actions", json={"role": "north", "action": ["bid", 3], "step": 0})
    watcher = browser(client)
    for who, role in ((client, "south"), (watcher, None), (client, None)):
        got = who.get(f"/api/matches/{mid}/view", params={"role": role} if role else {}).json()
        text = json.dumps(got)
        assert got["view"]["my_bid"] is None and got["view"]["bids_made"] == ["north"]
        assert "toy.bid" not in text and '"rng"' not in text
    north = client.get(f"/api/matches/{mid}/view", params={"role": "north"}).json()["view"]
    assert north["my_bid"] == 3 and [e["msg"] for e in north["log"]] == ["toy.bid"]
    # Replays during the game: only your own seat, never the observer's or another's.
    assert watcher.get(f"/api/matches/{mid}/replay", params={"step": 1}).status_code == 403
    assert client.get(f"/api/matches/{mid}/replay", params={"step": 1}).status_code == 403
    assert watcher.get(f"/api/matches/{mid}/replay", params={"step": 1, "role": "north"}).status_code == 403
    assert client.get(f"/api/matches/{mid}/record").status_code == 409


def _served_windows_match(client, mid: str, game: Game, roles: list[str]) -> None:
    """Windowed views and log pages are cut from the same Game.view(role), nothing else."""
    for role in [*roles, None]:
        params = {"role": role} if role else {}
        expected = json.loads(json.dumps(game.view(role)))
        log = expected.pop("log")
        got = client.get(f"/api/matches/{mid}/view", params={**params, "log_tail": 2}).json()["view"]
        assert got.pop("log") == log[-2:] and got.pop("log_size") == len(log)
        assert got.pop("log_from") == max(0, len(log) - 2)
        got.pop("log_step")
        assert got == expected, f"{role}: the windowed view differs from Game.view"
        page = client.get(f"/api/matches/{mid}/log", params=params).json()
        assert page["log"] == log[:1000] and page["log_size"] == len(log)


def _served_views_match(client, mid: str, game: Game, roles: list[str]) -> None:
    word = game.state["rng"]
    secret_words = {word[1] if isinstance(word, list) else str(word)}  # the stream's key, or the word
    for role in [*roles, None]:
        r = client.get(f"/api/matches/{mid}/view", params={"role": role} if role else {})
        assert r.status_code == 200, r.text
        got = r.json()
        expected = json.loads(json.dumps(game.view(role)))
        assert got["view"] == expected, f"{role}: the served view differs from Game.view"
        assert got["match"]["seed"] is None or got["match"]["status"] != "active"
        text = r.text
        assert not any(word in text for word in secret_words), f"{role}: the RNG word was sent"
        for ev in got["view"]["log"]:
            assert "to" not in ev or role in ev["to"], f"{role} got a private log entry"


@pytest.mark.parametrize("game_id", ["toy", *[g for g in game_ids() if g != "toy"]])
def test_every_game_serves_only_redacted_views(client, game_id):
    rules = load_rules(game_id)
    assert rules is not None, f"{game_id} is registered but cannot be loaded"
    sc = rules.scenarios()[0]
    players = sc.default_players
    roles = rules.roles(sc.name, players, {o.name: o.default for o in sc.options})
    seats = {r: ("me" if i == 0 else "hotseat") for i, r in enumerate(roles)}
    m = create(client, seats, game=game_id, scenario=sc.name, players=players, seed=17)
    mirror = Game(game_id, sc.name, players, None, seed=17)
    pick = random.Random(game_id)
    for i in range(STEPS):
        _served_views_match(client, m["id"], mirror, roles)
        if i % 10 == 9:
            _served_windows_match(client, m["id"], mirror, roles)
        assert leaks(rules, mirror.state, roles, seeds=1 if i % 3 else 2) == []
        if mirror.is_over:
            break
        role = pick.choice(mirror.active_roles)
        action = pick.choice([a for a in mirror.legal_actions(role) if a != ("undo",)])
        r = client.post(
            f"/api/matches/{m['id']}/actions",
            json={"role": role, "action": list(action), "step": len(mirror.actions)},
        )
        assert r.status_code == 200, r.text
        mirror.apply(role, action)
