"""The browser pages: each template gets ``{request, lang, user, match_id}``.

Templates and static files belong to the client (``tavola/web``); a page whose template
does not exist yet answers 404. Pages never create a guest: the client's first API call does.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates
from jinja2 import TemplateNotFound
from starlette.concurrency import run_in_threadpool

from tavola.server.api import pick_lang
from tavola.server.auth import COOKIE
from tavola.server.catalog import WEB
from tavola.server.errors import ApiError, not_found
from tavola.server.platform import get_platform

router = APIRouter(include_in_schema=True, tags=["pages"])
templates = Jinja2Templates(directory=str(WEB / "templates"))


async def _render(request: Request, name: str, match_id: str | None = None) -> HTMLResponse:
    p = get_platform(request)
    try:
        resolved = await run_in_threadpool(p.accounts.resolve, request.cookies.get(COOKIE))
    except ApiError:
        resolved = None  # an expired session just shows the page signed out
    ident = resolved.identity if resolved else None
    user: dict[str, Any] | None = (
        {"id": ident.user_id, "name": ident.name, "guest": ident.guest} if ident is not None else None
    )
    context = {"lang": pick_lang(request, ident), "user": user, "match_id": match_id}
    try:
        return templates.TemplateResponse(request, name, context)
    except TemplateNotFound:
        raise not_found(f"page {name}") from None


@router.get("/", response_class=HTMLResponse)
async def index(request: Request) -> HTMLResponse:
    """The lobby: games, new match, my matches (template ``index.html``)."""
    return await _render(request, "index.html")


@router.get("/login", response_class=HTMLResponse)
async def login_page(request: Request) -> HTMLResponse:
    """Sign in / sign up (template ``login.html``)."""
    return await _render(request, "login.html")


@router.get("/play/{match_id}", response_class=HTMLResponse)
async def play_page(request: Request, match_id: str) -> HTMLResponse:
    """A match in play (template ``play.html``); ``?role=&invite=`` joins an open seat."""
    return await _render(request, "play.html", match_id)


@router.get("/replay/{match_id}", response_class=HTMLResponse)
async def replay_page(request: Request, match_id: str) -> HTMLResponse:
    """A match's replay (template ``replay.html``)."""
    return await _render(request, "replay.html", match_id)
