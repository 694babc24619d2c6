"""Helpers for the server tests: extra browsers on one app, quick match set-ups."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from tavola.server.config import Settings

TESTS = Path(__file__).resolve().parent.parent


def browser(client: TestClient) -> TestClient:
    """Another browser (its own cookies) on the same running app and event loop."""
    other = TestClient(client.app)
    other.portal = client.portal
    return other


def settle(client: TestClient, timeout: float = 30.0) -> None:
    """Wait until the bots have nothing left to do and pushes are sent."""
    platform = client.app.state.platform  # type: ignore[attr-defined]
    assert client.portal is not None
    client.portal.call(platform.bots.idle, timeout)


def create(client: TestClient, seats: dict[str, str], **kw: Any) -> dict[str, Any]:
    body = {"game": "toy", "scenario": "basic", "players": len(seats), "seats": seats, **kw}
    r = client.post("/api/matches", json=body)
    assert r.status_code == 201, r.text
    return r.json()["match"]


def joined_by_friend(client: TestClient, seats: dict[str, str], **kw: Any) -> tuple[str, TestClient]:
    """A new match whose one "open" seat a friend (another browser) has joined: its id, the friend."""
    m = create(client, seats, **kw)
    role = next(r for r, how in seats.items() if how == "open")
    invite = next(s["invite"] for s in m["seats"] if s["role"] == role)
    friend = browser(client)
    r = friend.post(f"/api/matches/{m['id']}/join", json={"role": role, "invite": invite})
    assert r.status_code == 200, r.text
    return m["id"], friend


@contextmanager
def sockets(mid: str, spec: dict[str, tuple[TestClient, str]]) -> Iterator[dict[str, Any]]:
    """One socket on the match per name, opened by its browser with its query string."""
    with ExitStack() as stack:
        yield {
            name: stack.enter_context(who.websocket_connect(f"/ws/matches/{mid}{query}"))
            for name, (who, query) in spec.items()
        }


def joined(ws: Any) -> None:
    """Wait until the server has joined the socket to the pushes: it reads no message before it
    has checked, after the hello, that nobody moved meanwhile (a move then is pushed again)."""
    ws.send_json({"type": "ping"})
    for _ in range(20):  # a push or two may come first; a socket that never answers fails
        if ws.receive_json()["type"] == "pong":
            return
    raise AssertionError("no pong")


def view(client: TestClient, mid: str, role: str | None = None) -> dict[str, Any]:
    r = client.get(f"/api/matches/{mid}/view", params={"role": role} if role else {})
    assert r.status_code == 200, r.text
    return r.json()


def act(client: TestClient, mid: str, role: str, action: list[Any], step: int | None = None) -> Any:
    if step is None:
        step = view(client, mid, role)["view"]["step"]
    return client.post(f"/api/matches/{mid}/actions", json={"role": role, "action": action, "step": step})


def play_out(client: TestClient, mid: str, roles: list[str], limit: int = 200) -> dict[str, Any]:
    """Play every listed seat with its first legal action until the game ends (or `limit`)."""
    for _ in range(limit):
        moved = False
        for role in roles:
            v = view(client, mid, role)["view"]
            if v["result"] is not None:
                return v
            legal = [a for a in v["actions"] if a != ["undo"]]
            if legal:
                r = act(client, mid, role, legal[-1], v["step"])
                assert r.status_code == 200, r.text
                moved = True
        if not moved:
            settle(client)
    return view(client, mid, roles[0])["view"]


def fast_settings(url: str, **kw: object) -> Settings:
    # Cheap password hashing and instant bots keep the suite fast.
    base: dict[str, object] = {
        "database": url,
        "argon2_time_cost": 1,
        "argon2_memory_kib": 1024,
        "bot_think": 0.01,
        "bot_delay": 0.0,
    }
    base.update(kw)
    return Settings(**base)  # type: ignore[arg-type]


TEST_GAMES = {"sealed": "secretgame:RULES"}
"""The test games a server process may be started with besides the toy game."""


def start_server(database: str, *args: str, games: tuple[str, ...] = ()) -> tuple[subprocess.Popen[str], str]:
    """`tavola serve` in a process of its own (the toy game and ``games`` registered), on a
    free port: the process and its URL."""
    extra = "".join(f"register({g!r}, {TEST_GAMES[g]!r}); " for g in games)
    boot = (
        "import sys; sys.path.insert(0, sys.argv[1]); import conftest; "
        f"from tavola.core.registry import register; {extra}"
        "from tavola.cli import main; sys.exit(main(sys.argv[2:]))"
    )
    cmd = [sys.executable, "-c", boot, str(TESTS), "serve", "--port", "0", "--database", database]
    cmd += ["--bot-delay", "0", "--log-level", "warning", *args]
    proc = subprocess.Popen(
        cmd, stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"}
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
