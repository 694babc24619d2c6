"""Actions racing for one step: of one role's, exactly one is stored, the others get 409."""

from __future__ import annotations

import asyncio
import threading

import httpx
from server_helpers import create, view

from tavola.server.auth import Identity
from tavola.server.db import Database
from tavola.server.errors import ApiError
from tavola.server.matches import Matches


def test_concurrent_requests_for_one_step(client):
    m = create(client, {"north": "me", "south": "hotseat"}, seed=1)
    mid = m["id"]
    cookies = dict(client.cookies.items())

    async def race() -> list[httpx.Response]:
        transport = httpx.ASGITransport(app=client.app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test", cookies=cookies) as ac:
            posts = [
                ac.post(
                    f"/api/matches/{mid}/actions",
                    json={"role": "north" if i % 2 else "south", "action": ["bid", i % 3], "step": 0},
                )
                for i in range(10)
            ]
            return await asyncio.gather(*posts)

    answers = client.portal.call(race)
    codes = sorted(r.status_code for r in answers)
    # The two roles bid at the same time, so each role's first bid stands; every other request
    # of the same role on the same view is stale.
    assert codes == [200, 200] + [409] * 8, [r.text for r in answers]
    assert all(r.json()["error"]["code"] == "stale" for r in answers if r.status_code == 409)
    assert sorted(r.json()["role"] for r in answers if r.status_code == 200) == ["north", "south"]
    assert view(client, mid)["match"]["step"] == 2


def test_two_server_processes_cannot_both_take_a_step(client, db_url):
    """Two services with their own caches on one database (as two processes would be)."""
    m = create(client, {"north": "me", "south": "hotseat"}, seed=1)
    platform = client.app.state.platform
    creator = next(
        Identity(u.user_id, "x", True) for u in platform.matches.fetch(m["id"]).seats if u.user_id is not None
    )
    other = Matches(Database(db_url), platform.settings)
    services = [platform.matches, other]
    for step, role in enumerate(("north", "south")):
        for svc in services:
            svc.view(m["id"], creator, "north")  # both caches are warm at this step
        barrier = threading.Barrier(2)
        outcomes: list[str] = []

        def go(
            svc: Matches,
            role: str = role,
            step: int = step,
            barrier: threading.Barrier = barrier,
            outcomes: list[str] = outcomes,
        ) -> None:
            barrier.wait()
            try:
                svc.act(m["id"], creator, role, ["bid", 1], step)
                outcomes.append("ok")
            except ApiError as exc:
                outcomes.append(exc.code)

        threads = [threading.Thread(target=go, args=(svc,)) for svc in services]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(outcomes) == ["ok", "stale"], outcomes
    # Both services agree on the stored history afterwards.
    assert platform.matches.view(m["id"], creator, "north")[1] == other.view(m["id"], creator, "north")[1]
    other.db.dispose()
