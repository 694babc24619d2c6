"""ASGI middleware: a cap on request bodies (413 before any handler reads them), timing,
same-origin checks and security headers."""

from __future__ import annotations

import json
import time
from abc import ABC, abstractmethod
from collections.abc import Callable

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


class AddedHeaders(ABC):
    """Middleware adding headers to every HTTP answer as it starts: those ``headers_for`` the
    request gives, read when the answer starts."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    @abstractmethod
    def headers_for(self, scope: Scope) -> Callable[[], list[tuple[bytes, bytes]]]:
        """The request's headers, as a function called when its answer starts."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        added = self.headers_for(scope)

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *added()]}
            await send(message)

        await self.app(scope, receive, with_headers)


class ServerTiming(AddedHeaders):
    """Adds ``Server-Timing: app;dur=MS`` to API answers: the time spent in the server, which a
    load test can set against the round trip it measures."""

    def headers_for(self, scope: Scope) -> Callable[[], list[tuple[bytes, bytes]]]:
        start = time.perf_counter()
        return lambda: [(b"server-timing", f"app;dur={(time.perf_counter() - start) * 1000:.2f}".encode())]


STATE_CHANGING = (b"POST", b"PUT", b"PATCH", b"DELETE")

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "connect-src 'self' {sockets}; font-src 'self'; object-src 'none'; base-uri 'self'; "
    "form-action 'self'; frame-ancestors 'none'"
)


class SameOrigin:
    """CSRF protection of our own, relying on no framework default: every state-changing request
    (POST, PUT, PATCH, DELETE, sign-out included) from a browser must come from a page of this
    site. Browsers name the page's origin (``Origin``, else ``Referer``) and say whether the
    request crosses sites (``Sec-Fetch-Site``); a request naming another site is refused with
    403 ``bad_origin`` before any handler runs. Clients that are not browsers send none of
    these and pass; they carry no victim's cookie. Bodies must also be JSON (400 otherwise),
    which a cross-site HTML form cannot send."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"].encode() not in STATE_CHANGING:
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or ())
        host = headers.get(b"host", b"").decode("latin-1")
        site = headers.get(b"sec-fetch-site", b"").decode("latin-1")
        origin = headers.get(b"origin") or headers.get(b"referer")
        problem = None
        if site == "cross-site":
            problem = (403, "bad_origin", "a request from another site is refused")
        elif origin is not None and _netloc(origin.decode("latin-1")) != host:
            problem = (403, "bad_origin", "a request from a page of another origin is refused")
        elif (
            scope["path"].startswith("/api/")
            and _has_body(headers)
            and not _json(headers.get(b"content-type"))
        ):
            problem = (400, "malformed", "request bodies are JSON (Content-Type: application/json)")
        if problem is not None:
            await _refuse(send, *problem)
            return
        await self.app(scope, receive, send)


class SecurityHeaders(AddedHeaders):
    """A Content-Security-Policy (scripts, styles, sockets only from this site; no framing by
    any other page) and its older equivalents on every answer."""

    HEADERS = (
        (b"x-frame-options", b"DENY"),
        (b"x-content-type-options", b"nosniff"),
        (b"referrer-policy", b"same-origin"),
    )

    def headers_for(self, scope: Scope) -> Callable[[], list[tuple[bytes, bytes]]]:
        host = dict(scope.get("headers") or ()).get(b"host", b"").decode("latin-1")
        sockets = f"ws://{host} wss://{host}" if host and all(c not in host for c in " ;'") else ""
        policy = (b"content-security-policy", CONTENT_SECURITY_POLICY.format(sockets=sockets).encode())
        return lambda: [*self.HEADERS, policy]


def _netloc(url: str) -> str:
    from urllib.parse import urlsplit

    try:
        return urlsplit(url).netloc
    except ValueError:
        return "?"


def _has_body(headers: dict[bytes, bytes]) -> bool:
    return headers.get(b"content-length", b"0") not in (b"0", b"") or b"transfer-encoding" in headers


def _json(content_type: bytes | None) -> bool:
    if content_type is None:
        return False
    kind = content_type.decode("latin-1").split(";")[0].strip().lower()
    return kind == "application/json" or (kind.startswith("application/") and kind.endswith("+json"))


async def _refuse(send: Send, status: int, code: str, message: str) -> None:
    payload = json.dumps({"error": {"code": code, "message": message}}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(payload)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": payload})
