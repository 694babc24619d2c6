"""The HTTP API (see docs/api.md). Handlers are thin: the work happens in worker threads."""

from __future__ import annotations

import json
import time
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request, Response
from starlette.concurrency import run_in_threadpool

from tavola.core.errors import TavolaError
from tavola.core.i18n import LANGUAGES
from tavola.core.registry import GAMES
from tavola.core.sections import sections
from tavola.server import schemas as S
from tavola.server import wire
from tavola.server.auth import COOKIE, LANG_COOKIE, Identity
from tavola.server.errors import ApiError, bad_request, not_found
from tavola.server.logwindow import LogQuery, page, window
from tavola.server.platform import Platform, get_platform

router = APIRouter(prefix="/api", responses=S.ERRORS)

# --- identity -------------------------------------------------------------------------------


def _clear_cookie_header() -> dict[str, str]:
    r = Response()
    r.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax")
    return {"set-cookie": r.headers["set-cookie"]}


def set_session_cookie(p: Platform, request: Request, response: Response, token: str, expires: float) -> None:
    response.set_cookie(
        COOKIE,
        p.accounts.cookie_value(token),
        max_age=max(0, int(expires - time.time())),
        path="/",
        httponly=True,
        samesite="lax",
        secure=p.settings.secure_cookies or request.url.scheme == "https",
    )


async def resolve_identity(
    p: Platform, request: Request, cookie: str | None, response: Response | None
) -> Identity | None:
    # Most requests hit the in-memory session cache: no thread hop for those.
    resolved = p.accounts.cached(cookie)
    try:
        if resolved is None:
            resolved = await run_in_threadpool(p.accounts.resolve, cookie)
    except ApiError as exc:
        exc.headers.update(_clear_cookie_header())
        raise
    if resolved is None:
        return None
    if resolved.refreshed and response is not None and cookie is not None:
        token = p.accounts.token_of(cookie)
        if token is not None:
            set_session_cookie(p, request, response, token, resolved.expires_at)
    return resolved.identity


async def platform(request: Request) -> Platform:
    """The running server's services (``async``: FastAPI runs a plain function's dependency in
    a worker thread, a hop per request for nothing)."""
    return get_platform(request)


async def optional_identity(
    request: Request, response: Response, p: Annotated[Platform, Depends(platform)]
) -> Identity | None:
    """The caller's identity if it has a session; 401 if the session expired."""
    return await resolve_identity(p, request, request.cookies.get(COOKIE), response)


async def identity(
    request: Request, response: Response, p: Annotated[Platform, Depends(platform)]
) -> Identity:
    """The caller's identity; a browser without a session gets a new guest identity."""
    ident = await resolve_identity(p, request, request.cookies.get(COOKIE), response)
    if ident is None:
        ident, token, expires = await run_in_threadpool(p.accounts.new_guest)
        set_session_cookie(p, request, response, token, expires)
    return ident


P = Annotated[Platform, Depends(platform)]
Me = Annotated[Identity, Depends(identity)]
MaybeMe = Annotated[Identity | None, Depends(optional_identity)]

BIG = 2**31


def encoded(content: bytes, headers: Response) -> Response:
    """The answer :func:`wire.encode` made (in the worker thread that built it: views are large,
    and the event loop serves every other client meanwhile), with the headers (a refreshed
    cookie) the request's dependencies set on ``headers``; its shape is the route's response
    model."""
    out = Response(content, media_type="application/json")
    out.headers.raw.extend(headers.headers.raw)
    return out


async def log_query(
    log_from: Annotated[
        int | None,
        Query(ge=0, lt=BIG, description="entries of the visible log the client holds: send the ones after"),
    ] = None,
    log_step: Annotated[
        int | None,
        Query(ge=0, lt=BIG, description="the step of the client's entry log_from - 1 (finds an undo)"),
    ] = None,
    log_tail: Annotated[
        int | None, Query(ge=0, lt=BIG, description="send at most the last log_tail entries")
    ] = None,
) -> LogQuery:
    """The log window a client asks for; none of the three: the whole log."""
    return LogQuery(held=log_from, last_step=log_step, tail=log_tail)


LogQ = Annotated[LogQuery, Depends(log_query)]


def pick_lang(request: Request, ident: Identity | None) -> str:
    """?lang=, then the account's choice, then the language cookie, then Accept-Language."""
    asked = request.query_params.get("lang")
    if asked in LANGUAGES:
        return asked
    if ident is not None and ident.lang in LANGUAGES:
        return ident.lang
    cookie = request.cookies.get(LANG_COOKIE)
    if cookie in LANGUAGES:
        return cookie
    for part in request.headers.get("accept-language", "").split(","):
        code = part.split(";")[0].strip()[:2].lower()
        if code in LANGUAGES:
            return code
    return "en"


def user_out(ident: Identity) -> dict[str, Any]:
    return {"id": ident.user_id, "name": ident.name, "guest": ident.guest}


@router.post("/auth/signup", response_model=S.AuthOut, tags=["auth"])
async def signup(body: S.Credentials, request: Request, response: Response, p: P) -> dict[str, Any]:
    """Create an account and sign in. A guest signing up keeps its matches."""
    old_cookie = request.cookies.get(COOKIE)
    current = await resolve_identity(p, request, old_cookie, None)
    ident, token, expires = await run_in_threadpool(p.accounts.signup, body.username, body.password, current)
    await run_in_threadpool(p.accounts.logout, old_cookie)  # a new session replaces this browser's old one
    set_session_cookie(p, request, response, token, expires)
    return {"user": user_out(ident)}


@router.post("/auth/login", response_model=S.AuthOut, tags=["auth"])
async def login(body: S.Credentials, request: Request, response: Response, p: P) -> dict[str, Any]:
    """Sign in. A guest signing in hands its seats over to the account."""
    old_cookie = request.cookies.get(COOKIE)
    try:
        current = await resolve_identity(p, request, old_cookie, None)
    except ApiError:
        current = None  # an expired session is exactly why people sign in
    client = request.client.host if request.client is not None else ""
    ident, token, expires = await run_in_threadpool(
        p.accounts.login, body.username, body.password, current, client
    )
    await run_in_threadpool(p.accounts.logout, old_cookie)
    set_session_cookie(p, request, response, token, expires)
    return {"user": user_out(ident)}


@router.post("/auth/logout", response_model=S.Empty, tags=["auth"])
async def logout(request: Request, response: Response, p: P) -> dict[str, Any]:
    """Sign out: the session is deleted on the server, its sockets closed and the cookie cleared."""
    cookie = request.cookies.get(COOKIE)
    await run_in_threadpool(p.accounts.logout, cookie)
    await p.hub.close_session(cookie)
    await run_in_threadpool(p.signed_out, cookie)
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax")
    return {}


@router.get("/me", response_model=S.MeOut, tags=["auth"])
async def me(request: Request, ident: Me) -> dict[str, Any]:
    """Who the browser is: its account, or a guest identity created on first call."""
    return {"user": user_out(ident), "lang": pick_lang(request, ident)}


@router.put("/me", response_model=S.MeOut, tags=["auth"])
async def set_me(body: S.MeIn, request: Request, response: Response, ident: Me, p: P) -> dict[str, Any]:
    """Choose the interface language (kept with the account and in a cookie)."""
    ident = await run_in_threadpool(p.accounts.set_lang, ident, body.lang)
    response.set_cookie(
        LANG_COOKIE,
        body.lang,
        max_age=365 * 86400,
        path="/",
        samesite="lax",
        secure=p.settings.secure_cookies or request.url.scheme == "https",
    )
    return {"user": user_out(ident), "lang": body.lang}


@router.get("/health", response_model=S.HealthOut, tags=["catalogue"])
async def health(p: P) -> dict[str, Any]:
    """Liveness and a few counters."""
    return {
        "ok": True,
        "sockets": p.hub.count(),
        "bot_tasks": len(p.bots.tasks),
        "bot_moves": p.bots.moves,
        "bot_stale": p.bots.stale,
        "notices": p.cluster.received if p.cluster is not None else 0,
        "pauses": p.collector.report(),
    }


# --- catalogue ------------------------------------------------------------------------------


@router.get("/catalogue", response_model=S.CatalogueOut, tags=["catalogue"])
async def catalogue(p: P) -> dict[str, Any]:
    """Every playable game with its scenarios, player counts, options and roles; the bot names."""
    return await run_in_threadpool(p.catalog.games)


@router.get("/boards/{game}/{scenario}", response_model=dict[str, Any], tags=["catalogue"])
async def board(
    game: str,
    scenario: str,
    p: P,
    players: Annotated[int | None, Query(ge=1, le=16)] = None,
    options: Annotated[str | None, Query(max_length=2000, description="JSON object of options")] = None,
) -> dict[str, Any]:
    """The static board of a scenario (``Rules.board``): areas, coordinates, adjacency, tracks."""
    opts: Any = {}
    if options:
        try:
            opts = json.loads(options)
        except ValueError:
            raise bad_request("options must be a JSON object") from None
        if not isinstance(opts, dict):
            raise bad_request("options must be a JSON object")
    return await run_in_threadpool(p.catalog.board, game, scenario, players, opts)


@router.get("/i18n/{lang}", response_model=S.I18nOut, tags=["catalogue"])
async def i18n(lang: str, p: P) -> dict[str, Any]:
    """The interface catalogue and every game's messages, in one language."""
    return await run_in_threadpool(p.catalog.i18n, lang)


@router.get("/rules/{game}", response_model=list[dict[str, Any]], tags=["catalogue"])
async def rules_index(game: str) -> list[dict[str, Any]]:
    """The rulebook's sections in printed order, with titles and summaries in English and Italian.

    A prompt's ``rule`` (``"§9.3"``) names one of them, so the client can open it."""
    if game not in GAMES:
        raise not_found("game")
    try:
        return await run_in_threadpool(sections, game)
    except TavolaError:
        raise not_found("rules index") from None


# --- matches --------------------------------------------------------------------------------


@router.post("/matches", response_model=S.MatchEnvelope, status_code=201, tags=["matches"])
async def create_match(body: S.CreateMatch, ident: Me, p: P) -> dict[str, Any]:
    """Start a match. Open seats come back with invite links (shown to the creator only)."""
    data = await run_in_threadpool(
        p.matches.create,
        ident,
        body.game,
        body.scenario,
        body.players,
        body.options,
        body.seed,
        body.seats,
        body.bot_delay,
    )
    p.bots.serving(data.match.id)
    return {"match": p.matches.out(data, ident)}


@router.get("/matches", response_model=S.MatchList, tags=["matches"])
async def list_matches(
    ident: MaybeMe,
    p: P,
    mine: Annotated[bool, Query(description="only matches where I hold a seat")] = False,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
) -> dict[str, Any]:
    """Recent matches (observable by anyone), or mine with ``my_turn`` flags."""
    rows = await run_in_threadpool(p.matches.list_for, ident, mine, limit)
    return {"matches": [p.matches.out(d, ident) for d in rows]}


@router.get("/matches/{mid}", response_model=S.MatchEnvelope, tags=["matches"])
async def get_match(mid: str, ident: MaybeMe, p: P) -> dict[str, Any]:
    data = await run_in_threadpool(p.matches.fetch, mid)
    return {"match": p.matches.out(data, ident)}


@router.post("/matches/{mid}/join", response_model=S.MatchEnvelope, tags=["matches"])
async def join(mid: str, body: S.JoinIn, ident: Me, p: P) -> dict[str, Any]:
    """Take an open seat with its invite token."""
    data = await run_in_threadpool(p.matches.join, ident, mid, body.role, body.invite)
    return {"match": p.matches.out(data, ident)}


@router.put("/matches/{mid}/seats/{role}", response_model=S.MatchEnvelope, tags=["matches"])
async def hand_seat(mid: str, role: str, body: S.SeatIn, ident: Me, p: P) -> dict[str, Any]:
    """Give a seat to a bot: your own seat (you leave; the bot plays on from here) or an open
    seat of a match you created. Everyone watching is told at once."""
    data = await run_in_threadpool(p.matches.seat_to_bot, ident, mid, role, body.seat)
    return {"match": p.matches.out(data, ident)}


@router.put("/matches/{mid}/pace", response_model=S.MatchEnvelope, tags=["matches"])
async def set_pace(mid: str, body: S.PaceIn, ident: Me, p: P) -> dict[str, Any]:
    """Set how fast the match's bots play (its creator only): a pause before each bot move to
    follow them, 0 for full speed, null for the server's default. Bots already waiting follow
    the new pace at once, in every server process."""
    data = await run_in_threadpool(p.matches.set_pace, ident, mid, body.bot_delay)
    return {"match": p.matches.out(data, ident)}


@router.get("/matches/{mid}/view", response_model=S.ViewOut, tags=["play"])
async def view(
    mid: str,
    ident: MaybeMe,
    p: P,
    logq: LogQ,
    response: Response,
    role: Annotated[
        str | None, Query(max_length=64, description="one of my seats; omitted: observer")
    ] = None,
) -> Response:
    """The redacted view of one of my seats, or the observer's view (its log whole, or the
    window ``log_from``/``log_step``/``log_tail`` ask for)."""

    def answer() -> bytes:
        data, v = p.matches.view(mid, ident, role)
        return wire.encode({"match": p.matches.out(data, ident), "role": role, "view": window(v, logq)})

    return encoded(await run_in_threadpool(answer), response)


@router.post("/matches/{mid}/actions", response_model=S.ViewOut, tags=["play"])
async def act(mid: str, body: S.ActionIn, ident: MaybeMe, p: P, logq: LogQ, response: Response) -> Response:
    """Play one action for one of my seats. Stored before the answer; 409 if ``step`` is stale.

    The answer is the acting role's new view, its log windowed like ``GET view``'s; the socket
    of the page that names itself (``page``) is not pushed that view again."""

    def answer() -> bytes:
        played = p.matches.act(mid, ident, body.role, list(body.action), body.step, page=body.page)
        assert played.view is not None  # a person's action
        return wire.encode(
            {"match": p.matches.out(played.data, ident), "role": body.role, "view": window(played.view, logq)}
        )

    return encoded(await run_in_threadpool(answer), response)


@router.get("/matches/{mid}/log", response_model=S.LogPageOut, tags=["play"])
async def log_page(
    mid: str,
    ident: MaybeMe,
    p: P,
    role: Annotated[str | None, Query(max_length=64, description="viewpoint; omitted: observer")] = None,
    step: Annotated[
        int | None, Query(ge=0, lt=BIG, description="the log at this step of the replay; omitted: live")
    ] = None,
    log_from: Annotated[int, Query(ge=0, lt=BIG, description="the first entry")] = 0,
    log_to: Annotated[
        int | None, Query(ge=0, lt=BIG, description="the entry after the last; omitted: the end")
    ] = None,
) -> dict[str, Any]:
    """A page of the role's visible log (at most 1000 entries), for clients that hold a window
    of it: of the live game (the access of ``GET view``), or at a step of the replay (the
    access of ``GET replay``)."""
    at, log = await run_in_threadpool(p.matches.visible_log, mid, ident, role, step)
    return {"role": role, "step": at, **page(log, log_from, log_to)}


# --- chat and notes -------------------------------------------------------------------------


@router.get("/matches/{mid}/chat", response_model=S.ChatList, tags=["chat"])
async def chat_list(
    mid: str,
    ident: MaybeMe,
    p: P,
    after: Annotated[int, Query(ge=0, lt=2**63, description="only messages after this id")] = 0,
) -> dict[str, Any]:
    """The match's chat (seated players only)."""
    return {"messages": await run_in_threadpool(p.matches.chat_list, mid, ident, after)}


@router.post("/matches/{mid}/chat", response_model=S.ChatOut, status_code=201, tags=["chat"])
async def chat_post(mid: str, body: S.ChatIn, ident: MaybeMe, p: P) -> dict[str, Any]:
    """Write to the match's chat (seated players only); pushed to the players' sockets."""
    message = await run_in_threadpool(p.matches.chat_post, mid, ident, body.text)
    readers = await run_in_threadpool(p.matches.chat_readers, mid)
    await p.hub.chat(mid, message, readers)
    await run_in_threadpool(p.matches.announce, "chat", m=mid, msg=message)
    return message


@router.get("/matches/{mid}/notes/{role}", response_model=S.NoteOut, tags=["chat"])
async def note_get(mid: str, role: str, ident: MaybeMe, p: P) -> dict[str, Any]:
    """A seat's private notes (its holder only)."""
    return await run_in_threadpool(p.matches.note_get, mid, ident, role)


@router.put("/matches/{mid}/notes/{role}", response_model=S.NoteOut, tags=["chat"])
async def note_put(mid: str, role: str, body: S.NoteIn, ident: MaybeMe, p: P) -> dict[str, Any]:
    return await run_in_threadpool(p.matches.note_put, mid, ident, role, body.text)


# --- replay and records ---------------------------------------------------------------------


@router.get("/matches/{mid}/replay", response_model=S.ReplayOut, tags=["replay"])
async def replay_view(
    mid: str,
    ident: MaybeMe,
    p: P,
    logq: LogQ,
    response: Response,
    step: Annotated[
        int | None, Query(ge=0, lt=BIG, description="0 = the start; omitted: the last step")
    ] = None,
    role: Annotated[str | None, Query(max_length=64, description="viewpoint; omitted: observer")] = None,
) -> Response:
    """The view at a past step: any viewpoint once the game is over, only my seats before.
    Its log is whole, or the window ``log_from``/``log_step``/``log_tail`` ask for."""

    def answer() -> bytes:
        data, at, v = p.matches.replay_view(mid, ident, step, role)
        return wire.encode(
            {
                "match": p.matches.out(data, ident),
                "role": role,
                "step": at,
                "steps": data.match.step,
                "view": window(v, logq),
            }
        )

    return encoded(await run_in_threadpool(answer), response)


@router.get(
    "/matches/{mid}/record", response_model=S.RecordOut, response_model_exclude_unset=True, tags=["replay"]
)
async def record(mid: str, p: P) -> dict[str, Any]:
    """The game record (settings, seed, every action, checksums), once the game is over."""
    return await run_in_threadpool(p.matches.record, mid)


@router.post("/records", response_model=S.MatchEnvelope, status_code=201, tags=["replay"])
async def import_record(body: S.RecordIn, ident: MaybeMe, p: P) -> dict[str, Any]:
    """Import a record as a finished match for replay; it is verified step by step first."""
    data = await run_in_threadpool(p.matches.import_record, ident, body.model_dump())
    return {"match": p.matches.out(data, ident)}
