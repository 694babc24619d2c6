"""ASGI middleware: a cap on request bodies (413 before any handler reads them), timing."""

from __future__ import annotations

import json
import time

from starlette.types import ASGIApp, Message, Receive, Scope, Send


class BodyLimit:
    """Buffers each request body up to its limit (``max_body``; more for record imports)."""

    def __init__(self, app: ASGIApp, default: int, larger: dict[str, int]) -> None:
        self.app = app
        self.default = default
        self.larger = larger

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        limit = self.larger.get(scope["path"], self.default)
        declared = dict(scope.get("headers") or ()).get(b"content-length")
        if declared is not None:
            try:
                too_big = int(declared) > limit
            except ValueError:
                too_big = True
            if too_big:
                await self._refuse(send, limit)
                return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                await self._refuse(send, limit)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    @staticmethod
    async def _refuse(send: Send, limit: int) -> None:
        payload = json.dumps(
            {"error": {"code": "too_large", "message": f"the body is larger than {limit // 1024} KiB"}}
        ).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(payload)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": payload})


class ServerTiming:
    """Adds ``Server-Timing: app;dur=MS`` to API answers: the time spent in the server, which a
    load test can set against the round trip it measures."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()

        async def timed(message: Message) -> None:
            if message["type"] == "http.response.start":
                ms = (time.perf_counter() - start) * 1000
                message = {
                    **message,
                    "headers": [
                        *message.get("headers", []),
                        (b"server-timing", f"app;dur={ms:.2f}".encode()),
                    ],
                }
            await send(message)

        await self.app(scope, receive, timed)
