"""Many concurrent matches against a server on loopback, for a bounded time.

The server runs in a child process on 127.0.0.1 with a temporary SQLite database, or in
``workers`` child processes over a PostgreSQL database (``database``): each on a port of its
own, the load clients sending each match's requests and sockets to the process its id hashes
to, as a load balancer hashing on the match id does (``route="match"``), or all on one shared
port, where any process takes any connection (``route="any"``). Bots
play most seats on the server; scripted clients play some seats over HTTP, each waiting for its
turn on the match's WebSocket and answering with a random legal action, as the browser's page
does: reading its socket all the time, asking for the log's last 100 entries first and then
only for the new ones, its own actions' views not pushed to it again. The matches are set
up first (created, seats joined: timed on their own), then played for the given seconds. The
report gives, over that play only, actions per second (all seats), the latency of the scripted
clients' action requests, the server's CPU per action (what a core of this machine can
serve, whatever else runs beside it) and its memory per match. By default the players keep the
pace of live games (:data:`LIVE_THINK`, :data:`LIVE_BOT_DELAY`), where latency is what a
player waits; with ``think`` and ``bot_delay`` at 0 they act as fast as the server answers
(the most it can do, where latency is the length of the queue).

:func:`compare` runs the same load against several worker counts in turn, round after round
(the order reversed every other round), each run on a new database: on a machine others share,
the load changes from minute to minute, so only the ratios between runs made side by side say
what the workers gained.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import socket
import statistics
import tempfile
import time
import zlib
from collections.abc import Callable, Coroutine, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from tavola.core.errors import TavolaError
from tavola.core.registry import game_ids, get_rules

HOST = "127.0.0.1"  # loopback only, always
SETUP_AT_ONCE = 16
"""Match loops creating their first match at the same time."""
OPEN_TIMEOUT = 60.0
"""Seconds a socket may take to open (a server busy setting up a thousand matches is slow)."""
SETUP_LIMIT = 600.0
"""Seconds the matches may take to be set up before the measured play starts regardless."""
LAG_EVERY = 0.05
CLIENT_KEEP_ALIVE = 50.0
"""Seconds a client keeps an idle connection, as a browser does (httpx's own 5 s closed it between
two clicks of a player who looks 5 to 15 s: each click then opened a new connection). Below the
60 s `tavola serve` keeps one, so the server is not the one closing it as a click is sent."""
LIVE_THINK = 10.0
"""A live game's people: each looks at a view 5 to 15 s before clicking (0.5 to 1.5 times this)."""
LIVE_BOT_DELAY = 3.0
"""A live game's bots: 3 s before each move, the slowest pace the browser offers, so the people
at the table can follow. With 4 seats, about 0.2 to 0.3 actions a second a match."""


# --- the server, in a child process -------------------------------------------------------


# --- the clients --------------------------------------------------------------------------


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    server_ms: list[float] = field(default_factory=list)
    stale: int = 0
    errors: list[str] = field(default_factory=list)
    finished: int = 0
    started: int = 0
    setup: list[float] = field(default_factory=list)
    """Seconds each match loop took to set up its first match (created, its seats joined, each
    socket open with its first view)."""
    creates: list[float] = field(default_factory=list)
    """Seconds of each ``POST /api/matches``."""
    lag: list[float] = field(default_factory=list)
    """Seconds the load clients' own event loop was late in waking a task, sampled every
    ``LAG_EVERY`` s of the play: what of a measured latency is the clients' own queue."""
    setup_lag: list[float] = field(default_factory=list)
    """The same through the set-up."""
    lost_at: list[float] = field(default_factory=list)
    """When each socket was lost (``time.monotonic``)."""
    gaps: list[float] = field(default_factory=list)
    """Seconds between two views of a match of bots alone during the play (each view one bot
    move): near the bots' pace when the server keeps it, longer when it falls behind."""
    sockets_lost: int = 0
    """Sockets closed under a player or an observer before its match ended or the play did
    (each also an error)."""


class SocketLost(TavolaError):
    """A socket closed before its match ended or the play did."""


def _lost(plan: Plan, ws: Any, exc: Exception) -> SocketLost:
    """A socket closed under its client: counted, with what the client had left unread (the
    ``websockets`` client stops reading a connection whose unread messages pass its high-water
    mark, the answers to its keepalive pings among them)."""
    plan.stats.sockets_lost += 1
    plan.stats.lost_at.append(time.monotonic())
    queue = getattr(ws, "recv_messages", None)
    frames = getattr(queue, "frames", None)
    unread = len(frames) if frames is not None else "?"
    paused = getattr(queue, "paused", "?")
    lost = SocketLost(f"socket lost ({exc}); {unread} messages unread, reading paused: {paused}")
    plan.stats.errors.append(f"SocketLost: {lost}")  # each socket an error (its match loop ends)
    return lost


def routed(bases: list[str], mid: str) -> str:
    """The server a match's requests and sockets go to: a hash of its id picks one."""
    return bases[zlib.crc32(mid.encode()) % len(bases)]


@dataclass
class Plan:
    bases: list[str]
    """The servers' URLs: one, or one per process (each match routed to one of them)."""
    game: str
    scenario: str
    players: int
    roles: list[str]
    bot: str
    deadline: float
    stats: Stats
    rand: random.Random
    ws_log: str = "delta"
    think: float = 0.0
    bot_delay: float = 0.0
    arriving: asyncio.Semaphore = field(default_factory=lambda: asyncio.Semaphore(SETUP_AT_ONCE))
    go: asyncio.Event = field(default_factory=asyncio.Event)
    """Set when every match is set up: the measured play starts (``deadline`` is set then)."""
    unready: int = 0
    """Match loops still setting up their first match."""
    clients: int = 0
    stored: list[Any] = field(default_factory=list)
    """Matches stored before the play, long games (``--steps``): each match loop's first."""

    def at(self, mid: str) -> str:
        return routed(self.bases, mid)

    def next_base(self) -> str:
        """Where a new player arrives (and creates matches): the servers in turn."""
        self.clients += 1
        return self.bases[self.clients % len(self.bases)]

    def ready(self) -> None:
        """One match loop has set up its first match (or given up)."""
        self.unready -= 1

    def left(self) -> float | None:
        """Seconds of play left; None while the matches are being set up."""
        return self.deadline - time.monotonic() if self.go.is_set() else None

    def playing(self) -> bool:
        left = self.left()
        return left is None or left > 0


_TLS: list[Any] = []


async def _new_client(plan: Plan) -> Any:
    import ssl

    import httpx

    # One TLS context for every client (loopback is plain HTTP, but a client builds one): each
    # of its own loads the system's certificates, some 30 ms of CPU, which at a thousand
    # matches kept the load clients busy for the whole run before a match was set up.
    if not _TLS:
        _TLS.append(ssl.create_default_context())
    limits = httpx.Limits(keepalive_expiry=CLIENT_KEEP_ALIVE)
    client = httpx.AsyncClient(base_url=plan.next_base(), timeout=30.0, verify=_TLS[0], limits=limits)
    r = await client.get("/api/me")  # a guest identity (its cookie) per scripted player
    r.raise_for_status()
    return client


async def _recv_view(plan: Plan, ws: Any) -> dict[str, Any] | None:
    """The next view pushed on the socket; None when the play time is up."""
    while True:
        left = plan.left()
        try:
            raw = await asyncio.wait_for(ws.recv(), timeout=None if left is None else max(0.01, left))
        except TimeoutError:
            return None
        msg = json.loads(raw)
        if msg.get("type") == "view":
            return dict(msg["view"])


async def _post_action(
    plan: Plan, client: Any, mid: str, body: dict[str, Any], board: Board
) -> dict[str, Any] | None:
    """Send one action and note its latency; the answer's view, or None (stale or refused)."""
    import httpx

    if plan.think > 0:  # a person reads the board before clicking
        await asyncio.sleep(plan.think * plan.rand.uniform(0.5, 1.5))
    query = f"?{board.log_query()}" if plan.ws_log == "delta" else ""
    url = f"{plan.at(mid)}/api/matches/{mid}/actions{query}"
    t0 = time.perf_counter()
    try:
        r = await client.post(url, json=body)
    except httpx.TransportError:
        # A kept-alive connection the server closed meanwhile: retrying is safe, since a
        # repeated step can only be refused as stale.
        r = await client.post(url, json=body)
    plan.stats.latencies.append(time.perf_counter() - t0)
    timing = r.headers.get("server-timing", "")
    if "dur=" in timing:
        plan.stats.server_ms.append(float(timing.split("dur=")[1].split(";")[0]))
    if r.status_code == 200:
        return board.took(dict(r.json()["view"]))  # our turn may go on: no push of it comes
    if r.status_code == 409:
        plan.stats.stale += 1
    else:
        plan.stats.errors.append(f"{r.status_code} {r.text[:200]}")
    return None


LOG_TAIL = 100
"""Log entries a page asks for when it opens a socket (the browser's ``play.js``)."""


def _tail(plan: Plan) -> str:
    """The socket's first view carries only the log's last entries (with ``log=delta``)."""
    return f"&log_tail={LOG_TAIL}" if plan.ws_log == "delta" else ""


class Board:
    """A seat's socket read as a browser reads one: every message the moment it comes, the
    newest view replacing the one before, whatever the player is doing (thinking, or waiting
    for its action's answer), and the log window it holds. A client that read its socket only
    when ready to act left the views pushed meanwhile unread; past 16 unread messages the
    ``websockets`` client stops reading the connection, keepalive pongs included. (That was
    not what lost session 16's sockets: the lost ones had nothing unread. The load clients'
    own loop fell 20 s behind; docs/performance.md, session 17.)"""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.view: dict[str, Any] | None = None
        self.log_size = 0
        """Entries of the visible log the page holds (it asks only for those after them)."""
        self.log_step: Any = None
        """The step of the last of them."""
        self.count = 0
        """Views received so far."""
        self.taken = 0
        """Views received when the player last took the newest."""
        self.closed: Exception | None = None
        self.changed = asyncio.Event()

    async def read(self) -> None:
        """Receive until the socket closes (run as a task beside the player)."""
        from websockets.exceptions import ConnectionClosed

        try:
            while True:
                msg = json.loads(await self.ws.recv())
                if msg.get("type") == "view":
                    self.took(dict(msg["view"]))
                    self.count += 1
                    self.changed.set()
        except ConnectionClosed as exc:
            self.closed = exc
            self.changed.set()

    def took(self, view: dict[str, Any]) -> dict[str, Any]:
        """A view received (pushed, or an action's answer): the newest, its log window held."""
        self.view = view
        if isinstance(view.get("log_size"), int):
            window = view.get("log") or []
            self.log_size = view["log_size"]
            self.log_step = window[-1].get("step") if window else view.get("log_step")
        return view

    def log_query(self) -> str:
        """What the page asks of an answer's log, as the browser's log book does: only the
        entries after those it holds."""
        query = f"log_from={self.log_size}"
        return query if self.log_step is None else f"{query}&log_step={self.log_step}"

    async def newest(self, plan: Plan) -> dict[str, Any] | None:
        """The newest view received since the last taken (waiting for one); None when the play
        time is up. Raises :class:`SocketLost` if the socket closed meanwhile."""
        while self.count == self.taken:
            if self.closed is not None:
                if not plan.playing():
                    return None
                raise _lost(plan, self.ws, self.closed)
            left = plan.left()
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), None if left is None else max(0.01, left))
            except TimeoutError:
                return None
        self.taken = self.count
        return self.view


async def _seat_player(plan: Plan, client: Any, mid: str, role: str, greeted: Callable[[], None]) -> None:
    """Play one seat until the game ends or time is up: act on the newest view when it asks us
    (from the moment every match is set up; ``greeted`` is called once the socket had its hello)."""
    from websockets.asyncio.client import connect

    # As the browser's page opens it: the last LOG_TAIL entries first, then only the new ones;
    # the answers to its own actions carry their views, so they are not pushed to it again.
    page = f"load{plan.rand.getrandbits(64):016x}"
    query = f"role={role}&log={plan.ws_log}&page={page}{_tail(plan)}"
    ws_url = plan.at(mid).replace("http://", "ws://") + f"/ws/matches/{mid}?{query}"
    cookie = "; ".join(f"{k}={v}" for k, v in client.cookies.items())
    last_posted = -1
    headers = {"Cookie": cookie}
    async with connect(ws_url, additional_headers=headers, max_size=None, open_timeout=OPEN_TIMEOUT) as ws:
        board = Board(ws)
        reader = asyncio.create_task(board.read())
        try:
            view = await board.newest(plan)  # the hello
            greeted()
            await plan.go.wait()
            if board.count > board.taken:  # what was pushed while the matches were set up
                view = await board.newest(plan)
            while view is not None and plan.playing() and view.get("result") is None:
                legal = [a for a in view.get("actions", []) if a != ["undo"]]
                step = view["step"]
                if legal and step > last_posted:
                    last_posted = step
                    body = {"role": role, "action": plan.rand.choice(legal), "step": step, "page": page}
                    view = await _post_action(plan, client, mid, body, board)
                    if view is not None:
                        continue
                view = await board.newest(plan)
        finally:
            reader.cancel()


async def _new_match(plan: Plan, clients: list[Any], scripted: int) -> str | None:
    """Create one match with ``scripted`` seats for the clients (the others bots), and join
    them; its id, or None if it could not be set up."""
    seats = {r: f"bot:{plan.bot}" for r in plan.roles}
    for i in range(scripted):
        seats[plan.roles[i]] = "me" if i == 0 else "open"
    body: dict[str, Any] = {
        "game": plan.game,
        "scenario": plan.scenario,
        "players": plan.players,
        "seats": seats,
    }
    if scripted <= 1:  # a chosen seed is refused when two people play
        body["seed"] = plan.rand.randrange(2**31)
    if plan.bot_delay > 0:  # the match's own pace: a match of bots alone keeps it too
        body["bot_delay"] = plan.bot_delay
    t0 = time.perf_counter()
    r = await clients[0].post("/api/matches", json=body)
    plan.stats.creates.append(time.perf_counter() - t0)
    if r.status_code != 201:
        plan.stats.errors.append(f"create {r.status_code} {r.text[:200]}")
        return None
    match = r.json()["match"]
    plan.stats.started += 1
    for i in range(1, scripted):
        seat = next(s for s in match["seats"] if s["role"] == plan.roles[i])
        j = await clients[i].post(
            f"{plan.at(match['id'])}/api/matches/{match['id']}/join",
            json={"role": seat["role"], "invite": seat["invite"]},
        )
        if j.status_code != 200:
            plan.stats.errors.append(f"join {j.status_code} {j.text[:200]}")
    return str(match["id"])


async def _join_stored(plan: Plan, clients: list[Any], stored: Any) -> str | None:
    """Take the open seats of a match stored before the play (one client each); its id."""
    mid = str(stored.match_id)
    plan.stats.started += 1
    for client, (role, invite) in zip(clients, stored.invites.items()):
        j = await client.post(f"{plan.at(mid)}/api/matches/{mid}/join", json={"role": role, "invite": invite})
        if j.status_code != 200:
            plan.stats.errors.append(f"join {j.status_code} {j.text[:200]}")
            return None
    return mid


class _FirstMatch:
    """The set-up of a match loop's first match: done when each of its sockets had its hello."""

    def __init__(self, plan: Plan, sockets: int) -> None:
        self.plan = plan
        self.left = sockets
        self.t0 = time.monotonic()
        self.done = False

    def greeted(self) -> None:
        self.left -= 1
        if self.left <= 0 and not self.done:
            self.plan.stats.setup.append(time.monotonic() - self.t0)
            self.give_up()

    def give_up(self) -> None:
        if not self.done:
            self.done = True
            self.plan.ready()


async def together(seats: Iterable[Coroutine[Any, Any, None]]) -> None:
    """Play a match's seats at once; when one fails, the others stop with it (a match with a
    seat gone is not played on unattended) and the first failure is raised as it was."""
    tasks = [asyncio.ensure_future(s) for s in seats]
    try:
        done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_EXCEPTION)
    finally:
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    for t in tasks:
        if t in done and not t.cancelled() and (exc := t.exception()) is not None:
            raise exc


async def _match_loop(plan: Plan, scripted: int, stored: Any = None) -> None:
    """Keep one match going (the ``stored`` one first, if given): when it ends, start another,
    until the deadline."""
    first = _FirstMatch(plan, max(1, scripted))
    clients: list[Any] = []
    try:
        # A few matches set up at a time, as people arrive, not a thousand creations at once.
        async with plan.arriving:
            clients = [await _new_client(plan) for _ in range(max(1, scripted))]
            if stored is not None:
                mid = await _join_stored(plan, clients, stored)
            else:
                mid = await _new_match(plan, clients, scripted)
        while plan.playing():
            if mid is None:
                return
            greeted = first.greeted if not first.done else (lambda: None)
            if scripted:
                await together(
                    _seat_player(plan, clients[i], mid, plan.roles[i], greeted) for i in range(scripted)
                )
            else:
                await _watch_until_over(plan, mid, greeted)
            if plan.playing():
                plan.stats.finished += 1
                mid = await _new_match(plan, clients, scripted)
    finally:
        first.give_up()
        for c in clients:
            await c.aclose()


async def _watch_until_over(plan: Plan, mid: str, greeted: Callable[[], None]) -> None:
    """An all-bot match: wait for its end on an observer socket."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    ws_url = plan.at(mid).replace("http://", "ws://") + f"/ws/matches/{mid}?log={plan.ws_log}{_tail(plan)}"
    async with connect(ws_url, max_size=None, open_timeout=OPEN_TIMEOUT) as ws:
        greeted()  # (its hello is the first view read below)
        last = None
        try:
            while (view := await _recv_view(plan, ws)) is not None and plan.playing():
                if view.get("result") is not None:
                    return
                if plan.go.is_set():
                    now = time.monotonic()
                    if last is not None:
                        plan.stats.gaps.append(now - last)
                    last = now
        except ConnectionClosed as exc:
            if plan.playing():
                raise _lost(plan, ws, exc) from None


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


@dataclass
class Window:
    """When the measured play ran: from the moment every match was set up, for ``seconds``."""

    setup_seconds: float = 0.0
    go: float = 0.0
    """``time.monotonic`` at the start."""
    start: float = 0.0
    """Wall-clock time (``time.time``) of the start."""
    end: float = 0.0


async def _sample_lag(plan: Plan) -> None:
    """How late the clients' event loop wakes a sleeping task, through the set-up and the play."""
    while plan.playing():
        t0 = time.monotonic()
        await asyncio.sleep(LAG_EVERY)
        late = max(0.0, time.monotonic() - t0 - LAG_EVERY)
        (plan.stats.lag if plan.go.is_set() else plan.stats.setup_lag).append(late)


def _scripted_seats(games: int, scripted: int, players: int) -> list[int]:
    """The scripted players of each match loop: one or two in the first ``scripted``, else none."""
    return [min(players, 2 if i % 2 else 1) if i < scripted else 0 for i in range(games)]


async def _drive(plan: Plan, games: int, scripted: int, players: int, seconds: float) -> Window:
    """Set every match up, then play for ``seconds``: the window of the measured play."""
    per_match = _scripted_seats(games, scripted, players)
    plan.unready = games
    t0 = time.monotonic()
    stored = plan.stored or [None] * len(per_match)
    tasks = [asyncio.create_task(_match_loop(plan, n, m)) for n, m in zip(per_match, stored)]
    lag = asyncio.create_task(_sample_lag(plan))
    while plan.unready > 0 and time.monotonic() - t0 < SETUP_LIMIT and not all(t.done() for t in tasks):
        await asyncio.sleep(0.05)
    from tavola.server.collector import young_collections_only

    # The clients' own full collections (a thousand matches' sockets) would stall every
    # request in flight: no more of them during the play, as in the server.
    with young_collections_only():
        window = Window(setup_seconds=time.monotonic() - t0, go=time.monotonic(), start=time.time())
        plan.deadline = time.monotonic() + seconds
        plan.go.set()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), seconds + 15)
        lag.cancel()
    window.end = min(time.time(), window.start + seconds)
    for t in tasks:
        t.cancel()
    results = await asyncio.gather(*tasks, return_exceptions=True)
    for res in results:
        if isinstance(res, Exception) and not isinstance(res, (asyncio.CancelledError, SocketLost)):
            plan.stats.errors.append(f"{type(res).__name__}: {res}")
    return window


def _count_actions(database: str, since: float, until: float) -> int:
    from sqlalchemy import create_engine, text

    engine = create_engine(database)
    try:
        with engine.connect() as conn:
            return int(
                conn.execute(
                    text("SELECT COUNT(*) FROM actions WHERE created_at >= :since AND created_at < :until"),
                    {"since": since, "until": until},
                ).scalar_one()
            )
    finally:
        engine.dispose()


@dataclass
class LoadTest:
    """What to run: ``games`` concurrent matches for ``seconds``; ``scripted`` of them (default
    half) have players that act over HTTP, the other seats are played by the server's ``bot``."""

    games: int = 20
    seconds: float = 20.0
    game: str | None = None
    scenario: str | None = None
    players: int | None = None
    scripted: int | None = None
    bot: str = "random"
    bot_delay: float = LIVE_BOT_DELAY
    """Seconds every match's bots wait before each move (0: at once)."""
    bot_think: float = 0.05
    ws_log: str = "delta"
    """As the browser asks (only the new log entries per push); "full" sends the whole log."""
    think: float = LIVE_THINK
    """Seconds a scripted player looks at its view before acting (0.5 to 1.5 times this, at
    random; 0: at once). With ``bot_delay`` at 0 too, the most the server can do, not a pace."""
    seed: int = 1
    steps: int = 0
    """Every match starts this many steps into a random game, stored before the server starts
    (:mod:`tavola.tools.loadtest_long`): the memory and the live games' cache of long games."""
    database: str | None = None
    """A PostgreSQL URL (an empty database); None: a temporary SQLite file."""
    workers: int = 1
    route: str = "match"
    """With several workers: "match", each on its own port, a match's requests and sockets
    sent to one of them by a hash of its id; "any", all on one port, any taking any connection."""
    server: Callable[[str, socket.socket, float, float], None] | None = None
    """What one server process runs, given the database, its bound socket, the bots' delay and
    think time: ``tavola serve``'s own code (the command line passes
    :func:`tavola.cli.serve.serve_on_socket`; the tools never import the command line)."""


def _settings(load: LoadTest) -> tuple[str, str, int, list[str], int]:
    """Game, scenario, players, roles and scripted matches, checked before the server starts."""
    if load.games < 1 or load.seconds <= 0:
        raise TavolaError("--games and --seconds must be positive")
    game_id = load.game or next(iter(game_ids()))
    rules = get_rules(game_id)
    specs = {s.name: s for s in rules.scenarios()}
    scenario = load.scenario or next(iter(specs))
    if scenario not in specs:
        raise TavolaError(f"{game_id} has no scenario {scenario!r}")
    players = load.players or specs[scenario].default_players
    defaults = {o.name: o.default for o in specs[scenario].options}
    roles = rules.roles(scenario, players, defaults)
    scripted = load.games // 2 if load.scripted is None else max(0, min(load.scripted, load.games))
    if load.workers < 1 or (load.workers > 1 and load.database is None):
        raise TavolaError("--workers above 1 needs --database postgresql://... (an empty database)")
    if load.route not in ("match", "any"):
        raise TavolaError("--route is match or any")
    return game_id, scenario, players, roles, scripted


def _wait_until_up(base: str, servers: list[Any]) -> None:
    import httpx

    ready = time.monotonic() + 60
    while True:
        try:
            if httpx.get(f"{base}/api/health", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        if time.monotonic() > ready or not all(s.is_alive() for s in servers):
            raise TavolaError("the server did not start")
        time.sleep(0.1)


def _family(pids: list[int | None]) -> list[int | None]:
    """The processes and all they started (a server's bots think in processes of their own),
    from Linux's /proc; the processes alone elsewhere."""
    out: list[int | None] = []
    todo = list(pids)
    while todo:
        pid = todo.pop()
        out.append(pid)
        with contextlib.suppress(OSError, ValueError):
            for task in Path(f"/proc/{pid}/task").iterdir():
                todo.extend(int(c) for c in (task / "children").read_text().split())
    return out


def _cpu_seconds(pids: list[int | None]) -> float | None:
    """CPU seconds the processes and their children alive have used so far (Linux's /proc;
    None elsewhere)."""
    total = 0
    try:
        for pid in _family(pids):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime
    except (OSError, ValueError, IndexError):
        return None
    return total / os.sysconf("SC_CLK_TCK")


def _rss_bytes(pids: list[int | None]) -> int | None:
    """Resident memory of the processes and their children now (Linux's /proc; None elsewhere)."""
    total = 0
    try:
        for pid in _family(pids):
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        return None
    return total


def _health(bases: list[str]) -> list[dict[str, Any]]:
    """Each server's counters of its pauses (``/api/health``)."""
    import httpx

    out = []
    for base in bases:
        try:
            out.append(dict(httpx.get(f"{base}/api/health", timeout=30).json().get("pauses") or {}))
        except (httpx.HTTPError, ValueError):
            out.append({})
    return out


def _pauses(before: list[dict[str, Any]], after: list[dict[str, Any]]) -> dict[str, Any]:
    """What the servers' garbage collections and event loops did in the window: each
    generation's collections (count, total ms, the slowest's bucket), and how late the event loop
    woke (its median and p99, as the upper bounds of their buckets), summed over the servers."""
    from tavola.server.collector import BUCKETS_MS, quantile_ms

    def bound(counts: list[int], q: float) -> float | str | None:
        at = quantile_ms(counts, q)  # the last bucket has no upper bound (JSON has no infinity)
        return f">{BUCKETS_MS[-1]}" if at == float("inf") else at

    def diff(path: tuple[str, ...]) -> tuple[list[int], float]:
        counts = [0] * (len(BUCKETS_MS) + 1)
        total = 0.0
        for b, a in zip(before, after):
            hb, ha = b, a
            for key in path:
                hb, ha = (hb or {}).get(key) or {}, (ha or {}).get(key) or {}
            for i, (x, y) in enumerate(zip(hb.get("counts", counts), ha.get("counts", counts))):
                counts[i] += y - x
            total += ha.get("total_ms", 0.0) - hb.get("total_ms", 0.0)
        return counts, total

    out: dict[str, Any] = {}
    for g in range(3):
        counts, total = diff(("gc", f"gen{g}"))
        out[f"gc_gen{g}"] = {
            "count": sum(counts),
            "total_ms": round(total, 1),
            "max_ms_at_most": bound(counts, 1.0),
        }
    counts, total = diff(("loop_lag",))
    out["loop_lag_ms"] = {
        "median_at_most": bound(counts, 0.5),
        "p99_at_most": bound(counts, 0.99),
        "max_ms_at_most": bound(counts, 1.0),
    }
    out["full_collections"] = sum(
        a.get("full_collections", 0) - b.get("full_collections", 0) for b, a in zip(before, after)
    )
    return out


def _stop(server: Any) -> None:
    server.terminate()
    server.join(15)
    if server.is_alive():
        server.kill()
        server.join(5)


def _first_median_last(values: list[float]) -> list[float]:
    return [round(x, 1) for x in (min(values), statistics.median(values), max(values))] if values else []


def _median_p99(values: list[float], scale: float = 1.0) -> dict[str, float | None]:
    return {
        "median": round(scale * statistics.median(values), 2) if values else None,
        "p99": round(scale * _percentile(values, 99), 2) if values else None,
    }


@dataclass
class Servers:
    """The server processes of one run on one database: on one loopback port, or each on its own."""

    processes: list[Any]
    bases: list[str]
    database: str
    tmp: tempfile.TemporaryDirectory[str]
    stored: list[Any] = field(default_factory=list)
    """The matches stored before the servers started (``--steps``)."""

    def cpu(self) -> float | None:
        return _cpu_seconds([s.pid for s in self.processes])

    def rss(self) -> int | None:
        return _rss_bytes([s.pid for s in self.processes])

    def stop(self) -> None:
        for server in self.processes:
            _stop(server)


def _listening() -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((HOST, 0))
    return sock


LongGames = Callable[[str], list[Any]]
"""Stores the long games' matches in a database before the servers start: their ids and invitations."""


def _long_games(
    load: LoadTest, game_id: str, scenario: str, players: int, roles: list[str], scripted: int
) -> LongGames | None:
    """What stores the matches of ``--steps`` (None: the matches are created as the play starts)."""
    if load.steps <= 0:
        return None
    from tavola.server.botspecs import seat_bot
    from tavola.server.config import Settings
    from tavola.tools import loadtest_long

    settings = Settings()
    bot = f"bot:{seat_bot(load.bot, settings)}"
    pace = load.bot_delay if load.bot_delay > 0 else None
    seats = [
        ({r: "open" if i < n else bot for i, r in enumerate(roles)}, pace)
        for n in _scripted_seats(load.games, scripted, players)
    ]
    long = loadtest_long.Long(
        (game_id, scenario, players), load.steps, LONG_DISTINCT, load.seed, seats, settings.snapshot_every
    )

    def store(database: str) -> list[Any]:
        return loadtest_long.prepare(database, long)

    return store


LONG_DISTINCT = 8
"""Random games played for ``--steps``, shared by the matches."""


def _start_servers(load: LoadTest, long_games: LongGames | None = None) -> Servers:
    """``load.workers`` server processes, on one port or each on its own, up and answering."""
    tmp = tempfile.TemporaryDirectory(prefix="tavola-load-")
    database = load.database or f"sqlite:///{Path(tmp.name) / 'load.sqlite3'}"
    if load.database is not None:
        from tavola.server.config import database_url

        database = database_url(database)
    from tavola.server.db import Database

    Database(database).dispose()  # migrated once, before the workers start
    stored = long_games(database) if long_games is not None else []
    own = load.route == "match"
    socks = [_listening() for _ in range(load.workers if own else 1)]
    # fork carries games registered in this process (plugins, test games) into the server.
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    processes = [
        ctx.Process(
            target=load.server,
            args=(database, socks[i if own else 0], load.bot_delay, load.bot_think),
            # Not daemonic, as `tavola serve` runs: its searching bots think in processes it
            # starts (stopped below, whatever happens).
            daemon=False,
        )
        for i in range(load.workers)
    ]
    for server in processes:
        server.start()
    bases = [f"http://{HOST}:{sock.getsockname()[1]}" for sock in socks]
    for sock in socks:
        sock.close()
    servers = Servers(processes, bases, database, tmp, stored)
    try:
        for base in bases:
            _wait_until_up(base, processes)
    except BaseException:
        servers.stop()
        tmp.cleanup()
        raise
    return servers


def run(load: LoadTest) -> dict[str, Any]:
    """Runs the load test and returns its report (``errors`` counts the failures)."""
    try:
        import httpx  # noqa: F401
        import websockets  # noqa: F401
    except ImportError as exc:
        raise TavolaError(f"tavola loadtest needs httpx and websockets ({exc.name} is missing)") from None
    game_id, scenario, players, roles, scripted = _settings(load)
    _absent_sniffio()
    if load.server is None:
        raise TavolaError("tavola loadtest: no server to start (LoadTest.server)")
    servers = _start_servers(load, _long_games(load, game_id, scenario, players, roles, scripted))
    rand = random.Random(load.seed)
    plan = Plan(servers.bases, game_id, scenario, players, roles, load.bot, 0.0, Stats(), rand)
    plan.ws_log, plan.think, plan.bot_delay = load.ws_log, load.think, load.bot_delay
    plan.stored = servers.stored
    try:
        # The server's and the clients' CPU are counted over the measured play only; the
        # server's memory before any match, once they are set up, and at the end.
        cpu: list[float | None] = [None, None]
        clock = [0.0, 0.0]
        rss: list[int | None] = [servers.rss(), None, None]
        health: list[list[dict[str, Any]]] = [[], [], []]

        async def main() -> Window:
            health[2] = await asyncio.to_thread(_health, servers.bases)  # before the set-up
            task = asyncio.create_task(_drive(plan, load.games, scripted, players, load.seconds))
            await plan.go.wait()
            cpu[0], clock[0], rss[1] = servers.cpu(), time.process_time(), servers.rss()
            health[0] = await asyncio.to_thread(_health, servers.bases)
            window = await task
            cpu[1], clock[1], rss[2] = servers.cpu(), time.process_time(), servers.rss()
            health[1] = await asyncio.to_thread(_health, servers.bases)
            return window

        window = asyncio.run(main())
    finally:
        servers.stop()
    actions = _count_actions(servers.database, window.start, window.end)
    servers.tmp.cleanup()
    served = None if cpu[0] is None or cpu[1] is None else cpu[1] - cpu[0]
    report = _report(load, plan, scripted, window, actions, served, clock[1] - clock[0], rss)
    report["server_pauses"] = _pauses(health[0], health[1])
    report["server_pauses_setup"] = _pauses(health[2], health[0])
    return report


def _absent_sniffio() -> None:
    """httpcore asks at every lock it takes whether trio runs, by importing sniffio; where sniffio
    is not installed each ask searched the import path again (60 µs; 9% of the load clients'
    CPU). Marking it absent in ``sys.modules`` makes the import fail at once, as it would."""
    import importlib.util
    import sys

    if "sniffio" not in sys.modules and importlib.util.find_spec("sniffio") is None:
        sys.modules["sniffio"] = None  # type: ignore[assignment]


def _report(
    load: LoadTest,
    plan: Plan,
    scripted: int,
    window: Window,
    actions: int,
    server_cpu: float | None,
    client_cpu: float,
    rss: list[int | None],
) -> dict[str, Any]:
    stats = plan.stats
    elapsed = max(1e-9, window.end - window.start)
    start, ready, end = rss
    mb = 1024 * 1024
    return {
        "game": plan.game,
        "database": "postgresql" if load.database is not None else "sqlite",
        "workers": load.workers,
        "route": load.route if load.workers > 1 else None,
        "ws_log": load.ws_log,
        "scenario": plan.scenario,
        "players": plan.players,
        "matches": load.games,
        "scripted_matches": scripted,
        "think": load.think,
        "bot_delay": load.bot_delay,
        "steps": load.steps,
        "setup": {
            "seconds": round(window.setup_seconds, 2),
            "matches_ready": len(stats.setup),
            "create_ms": _median_p99(stats.creates, 1000),
        },
        "seconds": round(elapsed, 2),
        "actions": actions,
        "actions_per_second": round(actions / elapsed, 1),
        "http_actions": len(stats.latencies),
        "latency_ms": {
            **_median_p99(stats.latencies, 1000),
            "p999": round(1000 * _percentile(stats.latencies, 99.9), 2) if stats.latencies else None,
            "max": round(1000 * max(stats.latencies), 2) if stats.latencies else None,
        },
        "server_ms": _median_p99(stats.server_ms),
        "client_lag_ms": {
            **_median_p99(stats.lag, 1000),
            "max": round(1000 * max(stats.lag), 2) if stats.lag else None,
        },
        # Whether the server kept the bots' pace (a run that kept it did the work asked of it).
        "bot_gap_s": _median_p99(stats.gaps),
        "stale": stats.stale,
        "sockets_lost": stats.sockets_lost,
        # When: seconds into the play (negative: in the set-up), the first, median and last.
        "sockets_lost_at_s": _first_median_last([t - window.go for t in stats.lost_at]),
        "client_lag_setup_ms": {
            **_median_p99(stats.setup_lag, 1000),
            "max": round(1000 * max(stats.setup_lag), 2) if stats.setup_lag else None,
        },
        "matches_started": stats.started,
        "matches_finished": stats.finished,
        "cpu_seconds": {
            "server": None if server_cpu is None else round(server_cpu, 2),
            "clients": round(client_cpu, 2),
        },
        "server_cpu_ms_per_action": (
            None if server_cpu is None or not actions else round(1000 * server_cpu / actions, 2)
        ),
        "server_memory": {
            "start_mb": None if start is None else round(start / mb, 1),
            "set_up_mb": None if ready is None else round(ready / mb, 1),
            "end_mb": None if end is None else round(end / mb, 1),
            # What the matches added to the server's resident memory, per match (the
            # interpreter's free lists included: an upper bound of what a match holds).
            "kb_per_match": None
            if start is None or end is None
            else round((end - start) / 1024 / load.games, 1),
        },
        "errors": len(stats.errors),
        "first_errors": stats.errors[:5],
    }


def compare(load: LoadTest, workers: list[int], rounds: int) -> dict[str, Any]:
    """The same load against each worker count in turn, ``rounds`` times (the order reversed
    every other round), each run on a database of its own made on ``load.database``'s server
    (its user must be allowed to create databases) and dropped after. The report holds every
    run, with the machine's load average before it, and each round's ratio of actions per
    second to the first worker count's."""
    if load.database is None:
        raise TavolaError(
            "comparing worker counts needs --database postgresql://... (a user that may create databases)"
        )
    if rounds < 1 or not workers or min(workers) < 1:
        raise TavolaError("--rounds and every worker count must be positive")
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    from tavola.server.config import database_url

    url = make_url(database_url(load.database))
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    runs: list[dict[str, Any]] = []
    try:
        for r in range(rounds):
            for n in workers if r % 2 == 0 else list(reversed(workers)):
                name = f"tavola_load_{os.getpid()}_{r}_{n}"
                with admin.connect() as conn:
                    conn.execute(text(f'CREATE DATABASE "{name}"'))
                try:
                    loadavg = os.getloadavg()[0]
                    target = url.set(database=name).render_as_string(hide_password=False)
                    report = run(replace(load, database=target, workers=n))
                finally:
                    with admin.connect() as conn:
                        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
                runs.append({"round": r + 1, "load_average": round(loadavg, 2), **report})
    finally:
        admin.dispose()
    base = workers[0]
    ratios: dict[str, list[float]] = {}
    for n in workers[1:]:
        for r in range(1, rounds + 1):
            one = next(x for x in runs if x["round"] == r and x["workers"] == base)
            other = next(x for x in runs if x["round"] == r and x["workers"] == n)
            ratios.setdefault(str(n), []).append(
                round(other["actions_per_second"] / max(one["actions_per_second"], 1e-9), 3)
            )
    by_workers = {
        str(n): {
            "actions_per_second_median": statistics.median(
                x["actions_per_second"] for x in runs if x["workers"] == n
            ),
            "latency_ms_median": statistics.median(
                x["latency_ms"]["median"] or 0.0 for x in runs if x["workers"] == n
            ),
            "latency_ms_p99_median": statistics.median(
                x["latency_ms"]["p99"] or 0.0 for x in runs if x["workers"] == n
            ),
            "server_cpu_per_second_median": statistics.median(
                (x["cpu_seconds"]["server"] or 0.0) / max(x["seconds"], 1e-9)
                for x in runs
                if x["workers"] == n
            ),
        }
        for n in workers
    }
    return {
        "game": runs[0]["game"],
        "scenario": runs[0]["scenario"],
        "players": runs[0]["players"],
        "matches": load.games,
        "seconds": load.seconds,
        "cores": os.cpu_count(),
        "workers": workers,
        "route": load.route,
        "rounds": rounds,
        "by_workers": by_workers,
        "ratio_to_first": ratios,
        "ratio_median": {n: statistics.median(v) for n, v in ratios.items()},
        "runs": runs,
        "errors": sum(x["errors"] for x in runs),
    }
