"""The bots' pace on the play page: the match's creator follows a game of bots at a chosen pace,
then lets it run at full speed; a watcher sees the pace and cannot change it."""

from __future__ import annotations

import time
from typing import Any

import pytest
from test_browser_client import step, wait_ready

pytestmark = pytest.mark.browser

BOTS = {"red": "bot:random", "blue": "bot:random", "green": "bot:random"}


def test_the_creator_sets_the_bots_pace_and_a_watcher_sees_it(pages: Any) -> None:
    owner = pages.new()
    owner.goto("/")
    res = owner.request.post(
        "/api/matches", data={"game": "maptest", "seats": BOTS, "seed": 4, "bot_delay": 3}
    )
    assert res.ok, res.text()
    mid = res.json()["match"]["id"]
    owner.goto(f"/play/{mid}")
    wait_ready(owner)
    pace = owner.locator("#pace select")
    assert pace.is_visible() and pace.is_enabled()
    assert pace.input_value() == "3"
    assert "Bots' pace" in owner.locator("#pace").inner_text()

    watcher = pages.new(lang="it-IT")
    watcher.goto(f"/play/{mid}")
    wait_ready(watcher)
    assert watcher.locator("#pace select").is_disabled()
    assert watcher.locator("#pace select").input_value() == "3"
    assert watcher.locator("#pace option").all_inner_texts() == [
        "Massima velocità",
        "0,3 s a mossa",
        "1 s a mossa",
        "3 s a mossa",
    ]
    # a move every 3 s: over a span the page's step grows by at most one move a 3 s and one
    # more (the span's start may fall just before a move), however slowly the page came up
    first, since = step(owner), time.monotonic()
    owner.wait_for_timeout(2500)
    moves, span = step(owner) - first, time.monotonic() - since
    assert moves <= span / 3 + 1, (moves, span)

    pace.select_option("0")
    owner.wait_for_function("document.body.classList.contains('game-over')", timeout=60000)
    watcher.wait_for_function("document.body.classList.contains('game-over')", timeout=60000)
    assert owner.locator("#pace").is_hidden()  # nothing left to pace
