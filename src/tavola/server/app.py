"""The ASGI application: ``create_app(Settings(database=...))``."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, HTTPException
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tavola.server import analysis, api, errors, pages, ws
from tavola.server.bots import BotRunner
from tavola.server.catalog import WEB
from tavola.server.config import SETTINGS_ENV, Settings
from tavola.server.limits import BodyLimit, SameOrigin, SecurityHeaders, ServerTiming
from tavola.server.platform import Platform
from tavola.web import game_script

log = logging.getLogger("tavola.server")


async def game_js(game_id: str, name: str) -> FileResponse:
    """A game's own browser code, from its package (``tavola.web.game_script``)."""
    path = game_script(game_id, name)
    if path is None:
        raise HTTPException(404, f"no script {name!r} for game {game_id!r}")
    return FileResponse(path, media_type="text/javascript")


MATCH_PATH = "/api/matches/"


class Served:
    """Notes, for the bot runner, each match this process answered a request about
    (``/api/matches/ID...``, answered below 400): with several server processes, a match's
    bots play where the match is served (see ``tavola.server.bots``)."""

    def __init__(self, app: ASGIApp, bots: BotRunner) -> None:
        self.app = app
        self.bots = bots

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path: str = scope.get("path", "")
        if scope["type"] != "http" or not path.startswith(MATCH_PATH):
            await self.app(scope, receive, send)
            return
        mid = path[len(MATCH_PATH) :].split("/", 1)[0]

        async def noted(message: Message) -> None:
            if message["type"] == "http.response.start" and message["status"] < 400 and mid:
                self.bots.serving(mid)
            await send(message)

        await self.app(scope, receive, noted)


def create_app(settings: Settings | None = None) -> FastAPI:
    """The app over a migrated database. Bots resume at start-up for matches waiting on them."""
    settings = settings or Settings()
    platform = Platform.build(settings)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await run_in_threadpool(platform.start, asyncio.get_running_loop())
        platform.collector.start(asyncio.get_running_loop())
        try:  # a start-up that fails from here on stops what it started, the collector's policy too
            waiting = await run_in_threadpool(platform.matches.waiting_on_bots)
            for mid in waiting:
                platform.bots.resume(mid)
            if waiting:
                log.info("bots resumed in %d matches", len(waiting))
            yield
        finally:
            platform.collector.stop()
            await platform.bots.stop()
            await platform.hub.close_all()
            await run_in_threadpool(platform.stop)
            platform.db.dispose()

    app = FastAPI(
        title="Tavola",
        summary="Historical strategy board games with every rule enforced: HTTP and WebSocket API.",
        version="1",
        lifespan=lifespan,
        docs_url="/api/docs",
        redoc_url=None,
        openapi_url="/openapi.json",
    )
    app.state.platform = platform
    errors.install(app)
    app.include_router(api.router)
    app.include_router(ws.router)
    app.include_router(pages.router)
    app.include_router(analysis.router)
    app.add_api_route("/static/games/{game_id}/{name}", game_js, include_in_schema=False)
    app.mount("/static", StaticFiles(directory=WEB / "static", check_dir=False), name="static")
    app.add_middleware(BodyLimit, default=settings.max_body, larger={"/api/records": settings.max_record})
    app.add_middleware(SameOrigin)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(ServerTiming)
    if platform.cluster is not None:
        app.add_middleware(Served, bots=platform.bots)
    return app


SWITCH_INTERVAL = 0.001
"""Seconds a thread may hold the interpreter before handing it on (Python's default: 0.005)."""


def tune_serving_process() -> None:
    """Settings of a process that serves. The event loop, the request threads and the bots'
    threads make many short calls each: handing the interpreter on every millisecond lets them
    take short turns (`tavola loadtest`, 100 matches, two interleaved rounds: 1.24 and 2.0 times
    the actions a second, 0.9 of the CPU per action, against the default)."""
    sys.setswitchinterval(SWITCH_INTERVAL)


def app_from_environment() -> FastAPI:
    """The app of one worker of ``tavola serve --workers N``: the settings come as JSON in the
    environment."""
    tune_serving_process()
    return create_app(Settings(**json.loads(os.environ[SETTINGS_ENV])))
