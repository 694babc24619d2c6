"""The lobby's "My games": each game shows the round it has reached, not a count of steps."""

from __future__ import annotations

from typing import Any

from test_browser_client import create_by_api, roles_of
from test_browser_experience import play_until


def test_my_games_shows_the_round_each_game_has_reached(pages: Any) -> None:
    page = pages.new()
    page.goto("/")
    roles = roles_of(page, "antike-ii")
    mid = create_by_api(page, "antike-ii", dict.fromkeys(roles, "hotseat"), seed=2)
    play_until(page, mid, roles, lambda view: view["round"] >= 3, seed=2, limit=900)
    view = page.request.get(f"/api/matches/{mid}/view", params={"role": roles[0]}).json()
    match = page.request.get(f"/api/matches/{mid}").json()["match"]
    assert match["round"] == view["view"]["round"] >= 3
    page.goto("/")
    item = page.locator(f".game-item:has(a[href='/play/{mid}'])")
    item.wait_for()
    text = item.inner_text()
    assert f"round {match['round']}" in text and "moves" not in text, text
