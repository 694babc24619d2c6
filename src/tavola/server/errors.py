"""API errors: every refusal is ``{"error": {"code", "message"}}`` with a 4xx status."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from tavola.core.errors import (
    CorruptRecord,
    IllegalAction,
    MalformedAction,
    TavolaError,
    UnknownGame,
    WrongRole,
)

log = logging.getLogger("tavola.server")


class ApiError(Exception):
    def __init__(self, status: int, code: str, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers or {}


def bad_request(message: str) -> ApiError:
    return ApiError(400, "malformed", message)


def not_found(what: str) -> ApiError:
    return ApiError(404, "not_found", f"no such {what}")


def forbidden(message: str) -> ApiError:
    return ApiError(403, "forbidden", message)


def stale(step: int) -> ApiError:
    return ApiError(409, "stale", f"stale, refresh: the match is at step {step}")


def from_engine(exc: TavolaError) -> ApiError:
    """The HTTP form of an engine refusal."""
    if isinstance(exc, MalformedAction):
        return ApiError(400, "malformed_action", str(exc))
    if isinstance(exc, WrongRole):
        return ApiError(409, "not_your_turn", str(exc))
    if isinstance(exc, IllegalAction):
        return ApiError(422, "illegal_action", str(exc))
    if isinstance(exc, CorruptRecord):
        return ApiError(422, "corrupt_record", str(exc))
    if isinstance(exc, UnknownGame):
        return ApiError(422, "bad_settings", str(exc))
    return ApiError(422, "refused", str(exc))


def error_body(code: str, message: str, **extra: Any) -> dict[str, Any]:
    return {"error": {"code": code, "message": message, **extra}}


_STATUS_CODES = {
    400: "malformed",
    401: "not_signed_in",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "too_large",
    415: "unsupported_media_type",
    422: "unprocessable",
}


def _describe_validation(errors: list[dict[str, Any]]) -> str:
    if any(e.get("type") == "json_invalid" for e in errors):
        return "the body is not valid JSON"
    parts = []
    for e in errors[:3]:
        where = ".".join(str(p) for p in e.get("loc", ()) if p != "body")
        parts.append(f"{where or 'body'}: {e.get('msg', 'invalid')}")
    return "; ".join(parts)


def install(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def _api_error(_request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(error_body(exc.code, exc.message), status_code=exc.status, headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def _validation(_request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = list(exc.errors())
        details = [{"loc": list(e.get("loc", ())), "msg": e.get("msg", "")} for e in errors[:10]]
        return JSONResponse(
            error_body("malformed", _describe_validation(errors), details=details), status_code=400
        )

    @app.exception_handler(StarletteHTTPException)
    async def _http(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = _STATUS_CODES.get(exc.status_code, "error")
        return JSONResponse(
            error_body(code, str(exc.detail)),
            status_code=exc.status_code,
            headers=getattr(exc, "headers", None),
        )

    @app.exception_handler(TavolaError)
    async def _engine(_request: Request, exc: TavolaError) -> JSONResponse:
        err = from_engine(exc)
        return JSONResponse(error_body(err.code, err.message), status_code=err.status)

    @app.exception_handler(Exception)
    async def _internal(_request: Request, exc: Exception) -> JSONResponse:
        log.exception("internal error", exc_info=exc)
        return JSONResponse(error_body("internal", "internal server error"), status_code=500)
