"""Helpers for the server tests: extra browsers on one app, quick match set-ups."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tavola.server.config import Settings


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
