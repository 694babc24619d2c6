"""The bots' pace: a match of bots alone runs at full speed unless its creator asks to follow it;
where people play, bots wait the server's pace; the creator changes it while the match runs."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from server_helpers import browser, create, fast_settings, settle, view

from tavola.server import create_app

SLOW = 60.0


@pytest.fixture
def slow(db_url: str) -> Iterator[TestClient]:
    """A server whose default pace (its --bot-delay) is far longer than any test."""
    with TestClient(create_app(fast_settings(db_url, bot_delay=SLOW))) as c:
        yield c


def _step_after(client: TestClient, mid: str, want: int, timeout: float = 20.0) -> int:
    """The match's step once it reaches ``want``, or when ``timeout`` is over."""
    deadline = time.monotonic() + timeout
    while True:
        step = view(client, mid)["match"]["step"]
        if step >= want or time.monotonic() > deadline:
            return step
        time.sleep(0.02)


def _pace(client: TestClient, mid: str, delay: object) -> tuple[int, dict]:
    r = client.put(f"/api/matches/{mid}/pace", json={"bot_delay": delay})
    return r.status_code, r.json()


def test_bots_alone_run_at_full_speed_and_people_get_the_server_pace(slow):
    bots = create(slow, {"north": "bot:random", "south": "bot:random"}, seed=3)
    assert bots["bot_delay"] == 0.0 and bots["can_pace"] is True
    settle(slow)
    assert view(slow, bots["id"])["match"]["status"] == "over"

    mixed = create(slow, {"north": "me", "south": "bot:random"}, seed=3)
    assert mixed["bot_delay"] == SLOW
    assert _step_after(slow, mixed["id"], 1, timeout=0.5) == 0  # the bot waits the server's pace


def test_the_creator_sets_the_pace_and_a_waiting_bot_follows_it_at_once(slow):
    m = create(slow, {"north": "me", "south": "bot:random"}, seed=3)
    mid = m["id"]
    assert _step_after(slow, mid, 1, timeout=0.3) == 0
    stranger = browser(slow)
    code, body = _pace(stranger, mid, 0)
    assert code == 403 and body["error"]["code"] == "forbidden"
    for bad in (-1, 31, "fast"):
        assert _pace(slow, mid, bad)[0] == 400
    assert _step_after(slow, mid, 1, timeout=0.3) == 0  # refused changes changed nothing

    code, body = _pace(slow, mid, 0)
    assert code == 200 and body["match"]["bot_delay"] == 0.0
    assert _step_after(slow, mid, 1) == 1  # the bot waiting out 60 s moved at once
    assert view(stranger, mid)["match"]["bot_delay"] == 0.0  # everyone sees the pace
    assert view(stranger, mid)["match"]["can_pace"] is False

    code, body = _pace(slow, mid, None)  # back to the server's default
    assert code == 200 and body["match"]["bot_delay"] == SLOW


def test_a_match_of_bots_is_watched_at_a_chosen_pace_then_run_to_its_end(slow):
    m = create(slow, {"north": "bot:random", "south": "bot:random"}, seed=5, bot_delay=20.0)
    mid = m["id"]
    assert m["bot_delay"] == 20.0
    assert _step_after(slow, mid, 1, timeout=0.3) == 0
    assert _pace(slow, mid, 0)[0] == 200
    settle(slow)
    final = view(slow, mid)["match"]
    assert final["status"] == "over" and final["can_pace"] is False
    code, body = _pace(slow, mid, 1)
    assert code == 409 and body["error"]["code"] == "over"
