"""The WebSocket hub: who watches which match, and pushing each of them their own view.

Every push goes through ``Game.view(role)`` for the connection's role (None for an
observer), so a connection only ever receives what its role may see.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocket

from tavola.server.auth import Identity
from tavola.server.errors import ApiError
from tavola.server.logwindow import WHOLE, Entries, LogQuery, bounds, fields, step_at
from tavola.server.matchdata import Answered
from tavola.server.matches import Matches
from tavola.server.wire import dumps

log = logging.getLogger("tavola.server")

SEND_TIMEOUT = 10.0


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
    sent: Entries = ()
    """The visible log the client holds (as last sent: its entries' steps tell what is new)."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def view_text(self, view: dict[str, Any], encoded: str | None = None) -> str:
        """The view as JSON for this connection: whole, or with only the new log entries.

        The log only ever grows at its end, or loses its tail to an undo, so the entries
        sent before are still valid up to the first whose step differs (see ``logwindow``)."""
        if not self.delta:
            return encoded if encoded is not None else dumps(view)
        log = view.get("log", [])
        keep = min(len(log), len(self.sent))
        while keep > 0 and step_at(log, keep - 1) != step_at(self.sent, keep - 1):
            keep -= 1
        return self._windowed(view, keep)

    def first_text(self, view: dict[str, Any], q: LogQuery) -> str:
        """The hello's view: whole, or (delta) without the entries the client said it holds."""
        if not self.delta:
            return dumps(view)
        return self._windowed(view, bounds(view.get("log", []), q))

    def _windowed(self, view: dict[str, Any], start: int) -> str:
        log = view.get("log", [])
        self.sent = log
        return dumps({**view, **fields(log, start)})


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
        """Matches whose views are being rendered or sent."""
        self._queued: dict[str, list[Push]] = {}
        """Matches changed and not yet rendered: the changes to push (those of a match being
        pushed wait for its round to end)."""
        self._flushing = False
        self.renders = 0
        """Hops to a worker thread to render views (one for all the matches of a batch)."""
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
        match = dumps(self.matches.out(data, conn.ident))
        return (
            f'{{"type":"view","role":{dumps(conn.role)},"match":{match},"view":{conn.first_text(view, q)}}}'
        )

    def _render(self, mid: str, conns: list[Conn]) -> list[tuple[Conn, str]]:
        """Each connection's message: views get large (the log grows with the game), so each
        role's view is encoded once."""
        data, views = self.matches.snapshot(mid, {c.role for c in conns})
        encoded = {
            role: dumps(v) for role, v in views.items() if any(c.role == role and not c.delta for c in conns)
        }
        matches: dict[int | None, str] = {}
        out = []
        for c in conns:
            if c.role not in views:
                continue
            key = c.ident.user_id if c.ident is not None else None
            if key not in matches:
                matches[key] = dumps(self.matches.out(data, c.ident))
            role = dumps(c.role)
            view = c.view_text(views[c.role], encoded.get(c.role))
            out.append((c, f'{{"type":"view","role":{role},"match":{matches[key]},"view":{view}}}'))
        return out

    def _render_all(self, batch: dict[str, list[Conn]]) -> dict[str, list[tuple[Conn, str]]]:
        """The messages of a batch of matches, in a worker thread (never on the event loop); a
        match that cannot be rendered is left out, and logged."""
        out = {}
        for mid, conns in batch.items():
            try:
                out[mid] = self._render(mid, conns)
            except ApiError as exc:
                log.warning("push for %s failed: %s", mid, exc.message)
        return out

    def publish_soon(self, mid: str, only: str | None = None, answered: Answered = None) -> None:
        """Push the new state of a match without delaying the caller's answer: to everyone, or
        (``only``) to the connections of one role, whose secret draft alone changed; never to
        the socket of the page whose action's answer carries it (``answered``)."""
        if mid in self.conns:
            self._queued.setdefault(mid, []).append(
                Push(None if only is None else frozenset({only}), answered)
            )
            self._flush_soon()

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run a push in the background (cancelled when the hub closes)."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _flush_soon(self) -> None:
        if not self._flushing and any(mid not in self._running for mid in self._queued):
            self._flushing = True
            self.spawn(self._flush())

    async def _flush(self) -> None:
        """Render the views of every match changed since the last batch in one hop to a worker
        thread, then send each match's messages. Under load the changes gather while a batch is
        rendered, so a thousand live games cost a few hops a second, not two per change (each
        hop wakes a thread: the profile of a loaded server spent a third of its time there,
        docs/performance.md). A match's pushes never overlap, so each connection gets its views
        in order; changes arriving meanwhile wait for the next batch, which renders the newest
        state once for all of them."""
        self._flushing = True
        try:
            while True:
                batch: dict[str, list[Conn]] = {}
                for mid in [m for m in self._queued if m not in self._running]:
                    pushes = self._queued.pop(mid)
                    conns = [c for c in self.conns.get(mid, ()) if any(p.wants(c) for p in pushes)]
                    if conns:
                        batch[mid] = conns
                if not batch:
                    return
                self._running.update(batch)
                try:
                    self.renders += 1
                    rendered = await run_in_threadpool(self._render_all, batch)
                except BaseException:
                    self._running.difference_update(batch)
                    raise
                for mid in batch:
                    if mid in rendered:
                        self.spawn(self._send_all(mid, rendered[mid]))
                    else:
                        self._running.discard(mid)
        finally:
            self._flushing = False

    async def _send_all(self, mid: str, messages: list[tuple[Conn, str]]) -> None:
        try:
            await asyncio.gather(*(self.send(c, text) for c, text in messages))
        finally:
            self._running.discard(mid)
            if mid in self._queued:
                self._flush_soon()

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
