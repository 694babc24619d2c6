"""The WebSocket hub: who watches which match, and pushing each of them their own view.

Every push goes through ``Game.view(role)`` for the connection's role (None for an
observer), so a connection only ever receives what its role may see.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocket

from tavola.server.auth import Identity
from tavola.server.errors import ApiError
from tavola.server.logwindow import WHOLE, LogQuery, bounds, fields
from tavola.server.matchdata import Answered
from tavola.server.matches import Matches

log = logging.getLogger("tavola.server")

SEND_TIMEOUT = 10.0


def _dumps(obj: Any) -> str:
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


@dataclass(eq=False)
class Conn:
    ws: WebSocket
    match_id: str
    role: str | None
    ident: Identity | None
    delta: bool = False
    """Send only the log entries this connection has not had yet (``?log=delta``)."""
    cookie: str | None = None
    """The session cookie the socket was opened with: signing out closes it."""
    page: str | None = None
    """The id of the page that opened it (``?page=``): that page's own actions bring it their
    new view in their answers, so this socket is not pushed it again."""
    sent: list[Any] = field(default_factory=list)
    """The ``step`` of each visible log entry the client holds, to find what is new."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def view_text(self, view: dict[str, Any], encoded: str | None = None) -> str:
        """The view as JSON for this connection: whole, or with only the new log entries.

        The log only ever grows at its end, or loses its tail to an undo, so the entries
        sent before are still valid up to the first whose step differs (see ``logwindow``)."""
        if not self.delta:
            return encoded if encoded is not None else _dumps(view)
        log = view.get("log", [])
        keep = min(len(log), len(self.sent))
        while keep > 0 and log[keep - 1].get("step") != self.sent[keep - 1]:
            keep -= 1
        return self._windowed(view, keep)

    def first_text(self, view: dict[str, Any], q: LogQuery) -> str:
        """The hello's view: whole, or (delta) without the entries the client said it holds."""
        if not self.delta:
            return _dumps(view)
        return self._windowed(view, bounds(view.get("log", []), q))

    def _windowed(self, view: dict[str, Any], start: int) -> str:
        log = view.get("log", [])
        self.sent = [ev.get("step") for ev in log]
        return _dumps({**view, **fields(log, start)})


@dataclass(frozen=True)
class Push:
    """One change to push: to whom (``roles``; None, everyone watching) and which page's socket
    already has the new view from its action's answer (``answered``)."""

    roles: frozenset[str | None] | None = None
    answered: Answered = None

    def wants(self, conn: Conn) -> bool:
        if self.roles is not None and conn.role not in self.roles:
            return False
        return self.answered is None or (conn.page, conn.role) != self.answered


class Hub:
    def __init__(self, matches: Matches) -> None:
        self.matches = matches
        self.conns: dict[str, set[Conn]] = {}
        self._running: set[str] = set()
        self._dirty: dict[str, list[Push]] = {}
        """Matches changed while being pushed: the changes to push in one more round."""
        self._tasks: set[asyncio.Task[None]] = set()
        self.loop: asyncio.AbstractEventLoop | None = None

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        """Listen to the matches from now on: every change is pushed to whoever may see it."""
        self.loop = loop
        self.matches.listeners.append(self._changed)

    def _changed(self, mid: str, only: str | None, answered: Answered) -> None:
        if self.loop is not None:
            self.loop.call_soon_threadsafe(self.publish_soon, mid, only, answered)

    def add(self, conn: Conn) -> None:
        self.conns.setdefault(conn.match_id, set()).add(conn)

    def remove(self, conn: Conn) -> None:
        group = self.conns.get(conn.match_id)
        if group is not None:
            group.discard(conn)
            if not group:
                del self.conns[conn.match_id]

    def count(self) -> int:
        return sum(len(g) for g in self.conns.values())

    async def send(self, conn: Conn, payload: dict[str, Any] | str) -> bool:
        """Send one message; a connection that cannot take it in time is dropped."""
        try:
            async with conn.lock:
                if isinstance(payload, str):
                    await asyncio.wait_for(conn.ws.send_text(payload), SEND_TIMEOUT)
                else:
                    await asyncio.wait_for(conn.ws.send_json(payload), SEND_TIMEOUT)
            return True
        except Exception:
            self.remove(conn)
            return False

    def hello(self, data: Any, view: dict[str, Any], conn: Conn, q: LogQuery = WHOLE) -> str:
        """The first message of a connection: the whole log, or (delta) what the client lacks."""
        match = _dumps(self.matches.out(data, conn.ident))
        return (
            f'{{"type":"view","role":{_dumps(conn.role)},"match":{match},"view":{conn.first_text(view, q)}}}'
        )

    def _render(self, mid: str, conns: list[Conn]) -> list[tuple[Conn, str]]:
        """Each connection's message, encoded in a worker thread: views get large (the log
        grows with the game), so each role's view is encoded once and never on the event loop."""
        data, views = self.matches.snapshot(mid, {c.role for c in conns})
        encoded = {
            role: _dumps(v) for role, v in views.items() if any(c.role == role and not c.delta for c in conns)
        }
        matches: dict[int | None, str] = {}
        out = []
        for c in conns:
            if c.role not in views:
                continue
            key = c.ident.user_id if c.ident is not None else None
            if key not in matches:
                matches[key] = _dumps(self.matches.out(data, c.ident))
            role = _dumps(c.role)
            view = c.view_text(views[c.role], encoded.get(c.role))
            out.append((c, f'{{"type":"view","role":{role},"match":{matches[key]},"view":{view}}}'))
        return out

    def publish_soon(self, mid: str, only: str | None = None, answered: Answered = None) -> None:
        """Push the new state of a match without delaying the caller's answer: to everyone, or
        (``only``) to the connections of one role, whose secret draft alone changed; never to
        the socket of the page whose action's answer carries it (``answered``)."""
        if mid in self.conns:
            push = Push(None if only is None else frozenset({only}), answered)
            self.spawn(self.publish(mid, push))

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run a push in the background (cancelled when the hub closes)."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def publish(self, mid: str, push: Push = Push()) -> None:
        # Pushes of one match never overlap, so each connection gets its views in order; changes
        # arriving meanwhile are folded into one more round with the newest state, sent to every
        # connection one of them is for.
        if mid in self._running:
            self._dirty.setdefault(mid, []).append(push)
            return
        self._running.add(mid)
        pushes = [push]
        try:
            while True:
                pushes = self._dirty.pop(mid, pushes)
                conns = [c for c in self.conns.get(mid, ()) if any(p.wants(c) for p in pushes)]
                if not conns:
                    break
                try:
                    messages = await run_in_threadpool(self._render, mid, conns)
                except ApiError as exc:
                    log.warning("push for %s failed: %s", mid, exc.message)
                    break
                await asyncio.gather(*(self.send(c, text) for c, text in messages))
                if mid not in self._dirty:
                    break
        finally:
            self._running.discard(mid)

    async def chat(self, mid: str, message: dict[str, Any], readers: set[int]) -> None:
        """A chat message goes to the seated players' connections only."""
        conns = [c for c in self.conns.get(mid, ()) if c.ident is not None and c.ident.user_id in readers]
        await asyncio.gather(*(self.send(c, {"type": "chat", "message": message}) for c in conns))

    async def close_session(self, cookie: str | None) -> None:
        """Close every socket opened with this session (it was signed out)."""
        if cookie:
            await self.close_where(lambda c: c == cookie)

    async def close_where(self, signed_out: Callable[[str], bool]) -> None:
        """Close every socket opened with a session cookie that ``signed_out`` names."""
        for group in list(self.conns.values()):
            for conn in [c for c in group if c.cookie and signed_out(c.cookie)]:
                self.remove(conn)
                with contextlib.suppress(Exception):
                    await conn.ws.close(4401)

    async def close_all(self) -> None:
        for group in list(self.conns.values()):
            for conn in list(group):
                with contextlib.suppress(Exception):
                    await conn.ws.close(1001)
        self.conns.clear()
        for task in list(self._tasks):
            task.cancel()
