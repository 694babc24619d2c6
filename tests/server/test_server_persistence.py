"""After a restart, even a killed process, every match goes on from exactly where it was."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from server_helpers import act, create, fast_settings, settle, view

from tavola.server import create_app

TESTS = Path(__file__).resolve().parent.parent


def test_restart_continues_every_match(db_url):
    # A long bot delay keeps the bot's move owed when the first server stops.
    with TestClient(create_app(fast_settings(db_url, bot_delay=60.0))) as first:
        hot = create(first, {"north": "me", "south": "hotseat"}, seed=6)
        act(first, hot["id"], "north", ["bid", 3], 0)
        act(first, hot["id"], "south", ["bid", 0], 1)
        act(first, hot["id"], "north", ["mark", 2], 2)
        owed = create(first, {"north": "me", "south": "bot:random"}, seed=6)
        act(first, owed["id"], "north", ["bid", 1], 0)
        before = {r: view(first, hot["id"], r) for r in ("north", "south", None)}
        cookies = dict(first.cookies.items())
    with TestClient(create_app(fast_settings(db_url)), cookies=cookies) as second:
        settle(second)
        after = {r: view(second, hot["id"], r) for r in ("north", "south", None)}
        for r in after:
            assert after[r]["view"] == before[r]["view"]
            assert {**after[r]["match"], "updated_at": 0} == {**before[r]["match"], "updated_at": 0}
        # Undo history is rebuilt too: north may still take back the mark.
        assert after["north"]["view"]["can_undo"] is True
        assert act(second, hot["id"], "north", ["undo"], 3).status_code == 200
        # The bot that was owed a move made it at start-up.
        assert view(second, owed["id"], "north")["match"]["step"] >= 2


def _start(db: Path) -> tuple[subprocess.Popen[str], str]:
    boot = (
        "import sys; sys.path.insert(0, sys.argv[1]); import conftest; "
        "from tavola.cli import main; sys.exit(main(sys.argv[2:]))"
    )
    proc = subprocess.Popen(
        [
            sys.executable,
            "-c",
            boot,
            str(TESTS),
            "serve",
            "--port",
            "0",
            "--database",
            str(db),
            "--bot-delay",
            "0",
            "--log-level",
            "warning",
        ],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert proc.stdout is not None
    deadline = time.time() + 60
    while time.time() < deadline:
        line = proc.stdout.readline()
        if "running at" in line:
            return proc, line.split("running at ")[1].split()[0]
        if proc.poll() is not None:
            break
    proc.kill()
    raise AssertionError("the server did not start")


@pytest.mark.slow
def test_killed_server_loses_nothing(tmp_path):
    """`tavola serve` killed with SIGKILL, started again: the match, the session, go on."""
    db = tmp_path / "killed.sqlite3"
    proc, url = _start(db)
    try:
        with httpx.Client(base_url=url, timeout=30) as c:
            assert (
                c.post("/api/auth/signup", json={"username": "marcus", "password": "12345678"}).status_code
                == 200
            )
            r = c.post(
                "/api/matches",
                json={"game": "toy", "players": 2, "seed": 4, "seats": {"north": "me", "south": "hotseat"}},
            )
            mid = r.json()["match"]["id"]
            for step, (role, action) in enumerate([("north", ["bid", 2]), ("south", ["bid", 1])]):
                got = c.post(
                    f"/api/matches/{mid}/actions", json={"role": role, "action": action, "step": step}
                )
                assert got.status_code == 200
            before = c.get(f"/api/matches/{mid}/view", params={"role": "north"}).json()["view"]
            cookies = dict(c.cookies.items())
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    proc, url = _start(db)
    try:
        with httpx.Client(base_url=url, timeout=30, cookies=cookies) as c:
            assert c.get("/api/me").json()["user"]["name"] == "marcus"  # the session survived too
            after = c.get(f"/api/matches/{mid}/view", params={"role": "north"}).json()["view"]
            assert after == before and after["step"] == 2
            nxt = after["actions"][0]
            assert (
                c.post(
                    f"/api/matches/{mid}/actions", json={"role": "north", "action": nxt, "step": 2}
                ).status_code
                == 200
            )
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)
