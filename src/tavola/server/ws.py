"""``WS /ws/matches/{id}?role=R&log=delta&page=P``: live views and chat for one match.

A connection is a seat's (the caller must hold ``role``) or an observer's (no role). It gets
its own redacted view at once and after every change it may see (but for the view the answer
to its own page's action brought: ``page``), and, if the caller holds a seat, the match's chat.
It only listens: actions and chat go over HTTP (one path, one set of checks); the client may
send ``ping``.
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import urlsplit

from fastapi import APIRouter, WebSocket
from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocketDisconnect

from tavola.server.auth import COOKIE, Identity
from tavola.server.errors import ApiError, error_body
from tavola.server.hub import Conn
from tavola.server.logwindow import LogQuery
from tavola.server.platform import Platform, get_platform
from tavola.server.schemas import PAGE_ID

router = APIRouter()

TOO_LARGE = 1009
POLICY = 1008


def _error(exc: ApiError) -> dict[str, Any]:
    return {"type": "error", "status": exc.status, **error_body(exc.code, exc.message)}


async def _refuse(ws: WebSocket, exc: ApiError) -> None:
    # Accept first so the browser can read why, then close with 4000 + the HTTP status.
    await ws.accept()
    await ws.send_json(_error(exc))
    await ws.close(4000 + exc.status)


def _count(value: str | None, name: str) -> int | None:
    if value is None:
        return None
    if not value.isdigit() or len(value) > 12:
        raise ApiError(400, "malformed", f"{name} is a whole number")
    return int(value)


@router.websocket("/ws/matches/{mid}")
async def match_socket(
    ws: WebSocket,
    mid: str,
    role: str | None = None,
    log: str | None = None,
    log_from: str | None = None,
    log_step: str | None = None,
    log_tail: str | None = None,
    page: str | None = None,
) -> None:
    p: Platform = get_platform(ws)
    origin = ws.headers.get("origin")
    # Browsers send their page's origin: refuse pages of other sites riding on the cookie.
    if origin and urlsplit(origin).netloc != ws.headers.get("host"):
        await _refuse(ws, ApiError(403, "bad_origin", "cross-site socket refused"))
        return
    if log not in (None, "full", "delta"):
        await _refuse(ws, ApiError(400, "malformed", "log is full or delta"))
        return
    if page is not None and not re.fullmatch(PAGE_ID, page):
        await _refuse(ws, ApiError(400, "malformed", "page is 8 to 64 letters, digits, - or _"))
        return
    try:
        # What the client already holds of the log (with log=delta): the hello skips it.
        q = LogQuery(
            held=_count(log_from, "log_from"),
            last_step=_count(log_step, "log_step"),
            tail=_count(log_tail, "log_tail"),
        )
    except ApiError as exc:
        await _refuse(ws, exc)
        return
    try:
        resolved = await run_in_threadpool(p.accounts.resolve, ws.cookies.get(COOKIE))
        ident = resolved.identity if resolved else None
        data, view = await run_in_threadpool(p.matches.view, mid, ident, role)
    except ApiError as exc:
        await _refuse(ws, exc)
        return
    await ws.accept()
    conn = Conn(ws, mid, role, ident, delta=log == "delta", cookie=ws.cookies.get(COOKIE), page=page)
    hello = await run_in_threadpool(p.hub.hello, data, view, conn, q)
    # This coroutine lives as long as the socket: it keeps the hello's step, not its view (a
    # copy of the state and the whole log, held for every socket after its game was frozen).
    hello_step = view["step"]
    del data, view
    try:
        # Hello first, then join the pushes: no push can overtake the first view.
        await p.hub.send(conn, hello)
        p.bots.serving(mid)
        p.hub.add(conn)
        current = await run_in_threadpool(p.matches.fetch, mid)
        if current.match.step != hello_step:
            p.hub.publish_soon(mid)  # someone moved while we were saying hello
        while True:
            msg = await ws.receive()
            if msg["type"] == "websocket.disconnect":
                break
            text = msg.get("text")
            if text is None:
                raw = msg.get("bytes") or b""
                text = raw.decode("utf-8", "replace")
            if len(text) > p.settings.max_ws_message:
                await p.hub.send(conn, _error(ApiError(413, "too_large", "message too large")))
                await ws.close(TOO_LARGE)
                break
            await _handle(p, conn, ident, text)
    except WebSocketDisconnect:
        pass
    finally:
        p.hub.remove(conn)


async def _handle(p: Platform, conn: Conn, ident: Identity | None, text: str) -> None:
    try:
        msg = json.loads(text)
        if not isinstance(msg, dict):
            raise ValueError
    except ValueError:
        await p.hub.send(conn, _error(ApiError(400, "malformed", "messages are JSON objects with a 'type'")))
        return
    if msg.get("type") == "ping":
        await p.hub.send(conn, {"type": "pong"})
    else:
        message = "the socket only takes {type: ping}; actions and chat go over HTTP"
        await p.hub.send(conn, _error(ApiError(400, "malformed", message)))
