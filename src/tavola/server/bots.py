"""Bots play their seats on the server: one asyncio task per match that owes a bot move.

The bot thinks in a thread pool on a private copy of the state, so the event loop keeps
serving; a searching bot thinks in a process of its own (``bot_processes``,
:mod:`tavola.server.thinking`), so its thinking never holds the interpreter lock the event loop
needs. Its move then goes through the same validated, stored path as a person's.

The runner listens to the matches' "changed" signal: a public change of a match may owe a bot
move. The seats' specs are checked and made into bots by :mod:`tavola.server.botspecs`.

Before each move a bot waits the match's pace (``MatchData.bot_delay``); a change of pace
wakes it. With several server processes on one PostgreSQL database, a process plays a match's
bots only while it holds the match's lease (:mod:`tavola.server.cluster`), and only a match it
*serves* (a socket on it here, or a request about it in the last ``SERVE_WINDOW`` seconds):
behind a load balancer that sends each match's requests and sockets to one process, that
process alone keeps the match's game in memory and plays its bots, and the others only hear
of its moves. A process that starts serving a match tells the others (a ``serve`` notice): one
playing that match's bots without serving it stops after its move and lets the lease go (a
``free`` notice). A match owing a bot move that nobody plays (its process died, or nobody
serves it) is taken over by any process after ``TAKEOVER_QUIET`` seconds of quiet.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import zlib
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from tavola.bots import Bot
from tavola.core.rules import Action
from tavola.server.botspecs import server_bot
from tavola.server.cluster import LEASE_RETRY, Cluster
from tavola.server.config import Settings
from tavola.server.errors import ApiError
from tavola.server.matchdata import Answered
from tavola.server.matches import BotJob, Matches
from tavola.server.thinking import Thinking, thinks

log = logging.getLogger("tavola.server")

MAX_FAILURES = 3
SERVE_WINDOW = 10.0
"""Seconds a request about a match keeps it served by this process (a socket: while open)."""
TAKEOVER_QUIET = 2.0
"""Seconds without news of a match owing a bot move, its lease free, before a process that does
not serve it plays its bots."""


class BotRunner:
    def __init__(self, matches: Matches, settings: Settings, cluster: Cluster | None = None) -> None:
        self.matches = matches
        self.settings = settings
        self.cluster = cluster
        self.loop: asyncio.AbstractEventLoop | None = None
        self._executor: ThreadPoolExecutor | None = None
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self.pending: set[str] = set()
        self._wake: dict[str, asyncio.Event] = {}
        self.deferred: set[str] = set()
        """Matches whose lease another process held when this one looked."""
        self.sockets: Callable[[str], bool] = lambda _mid: False
        """Whether a socket on the match is open here (the hub tells)."""
        self.served: dict[str, float] = {}
        """Match -> when this process last took a request about it."""
        self.heard: dict[str, float] = {}
        """Matches not served here that changed -> when: taken over if they go quiet owing a move."""
        self.takeover: set[str] = set()
        self.behind: set[str] = set()
        """Matches whose lease this process found held: read afresh once it takes it."""
        self.yielding: set[str] = set()
        """Matches whose bots play here that another process now serves: stop after the move."""
        self._sweeper: asyncio.Task[None] | None = None
        self._bots: OrderedDict[tuple[str, str, str], Bot] = OrderedDict()
        self.thinking = Thinking(settings.bot_processes) if settings.bot_processes > 0 else None
        """Processes where search bots think (None: in the bot threads)."""
        self.moves = 0
        self.stale = 0

    @property
    def executor(self) -> ThreadPoolExecutor:
        if self._executor is None:
            self._executor = ThreadPoolExecutor(
                max(1, self.settings.bot_threads), thread_name_prefix="tavola-bot"
            )
        return self._executor

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        """Listen to the matches from now on (public changes only: a secret draft owes no move)."""
        self.loop = loop
        self.matches.listeners.append(self._changed)
        if self.cluster is not None:
            self._sweeper = loop.create_task(self._sweep())

    def _changed(self, mid: str, only: str | None, _answered: Answered) -> None:
        if only is None and self.loop is not None:
            self.loop.call_soon_threadsafe(self.poke, mid)

    def serves(self, mid: str) -> bool:
        """Whether this process serves the match now (always, alone on its database)."""
        if self.cluster is None or self.sockets(mid):
            return True
        return time.monotonic() - self.served.get(mid, -SERVE_WINDOW) < SERVE_WINDOW

    def serving(self, mid: str) -> None:
        """A request or a socket about the match was served here (on the event loop). A match
        served anew is announced, and its bots look at it here."""
        if self.cluster is None:
            return
        was = self.serves(mid)
        now = self.served[mid] = time.monotonic()
        if len(self.served) > 4 * 4096:
            self.served = {m: t for m, t in self.served.items() if now - t < SERVE_WINDOW}
        if not was:
            self.heard.pop(mid, None)
            self._announce("serve", mid)
            self.poke(mid)

    def _announce(self, kind: str, mid: str) -> None:
        if self.loop is not None:
            self.loop.run_in_executor(None, lambda: self.matches.announce(kind, m=mid))

    def served_elsewhere(self, mid: str) -> None:
        """Another process serves the match from now on: its bots are its to play, unless a
        socket on it is open here too."""
        self.served.pop(mid, None)
        if self.serves(mid):
            return
        self.takeover.discard(mid)
        if mid in self.tasks:
            self.yielding.add(mid)
            wake = self._wake.get(mid)
            if wake is not None:
                wake.set()

    def freed(self, mid: str) -> None:
        """Another process let the match's lease go for this one: take it if the match is served here."""
        if self.serves(mid):
            self.deferred.discard(mid)
            self.poke(mid)

    def resume(self, mid: str) -> None:
        """At start-up, a match that was waiting on a bot: played here, unless another process
        holds its lease (and until a process that serves it asks for it)."""
        if self.cluster is not None:
            self.takeover.add(mid)
        self.poke(mid)

    def poke(self, mid: str) -> None:
        """Something changed in this match: make sure its bots look at it (here, if this process
        serves it or plays its bots already; else the sweep takes it over if it goes quiet)."""
        task = self.tasks.get(mid)
        if (task is None or task.done()) and not self.serves(mid) and mid not in self.takeover:
            self.heard[mid] = time.monotonic()
            return
        self.pending.add(mid)
        wake = self._wake.get(mid)
        if wake is not None:
            wake.set()
        task = self.tasks.get(mid)
        if task is None or task.done():
            self.tasks[mid] = asyncio.get_running_loop().create_task(self._run(mid))

    def _bot(self, job: BotJob) -> Bot:
        key = (job.match_id, job.role, job.bot)
        bot = self._bots.get(key)
        if bot is None:
            seed = zlib.crc32(f"{job.seed}:{job.role}".encode())
            bot = server_bot(job.bot, seed, self.settings)
            self._bots[key] = bot
            while len(self._bots) > 4096:
                self._bots.popitem(last=False)
        return bot

    def _choose(self, job: BotJob) -> list[Any]:
        legal = job.rules.legal_actions(job.state, job.role)
        try:
            action = self._think(job)
        except Exception:
            log.exception("bot %s failed in match %s; playing its first legal action", job.bot, job.match_id)
            action = legal[0]
        if tuple(action) not in legal:
            log.error("bot %s chose illegal %r in match %s", job.bot, action, job.match_id)
            action = legal[0]
        return list(action)

    def _think(self, job: BotJob) -> Action:
        """The bot's action: a searching bot's thought in its process, or here if that fails."""
        bot = self._bot(job)
        if self.thinking is not None and self.thinking.usable and thinks(job.bot):
            key = (job.match_id, job.role, job.bot)
            try:
                return self.thinking.choose(key, bot, job.bot, job.rules, job.state, job.role)
            except Exception:
                log.exception(
                    "bot %s failed in its process in match %s; it thinks here", job.bot, job.match_id
                )
        return bot.choose(job.rules, job.state, job.role)

    def _move(self, mid: str) -> str:
        """One bot move, start to end, in a pool thread: ``none``, ``moved`` or ``stale``.

        The match lock is held only to read the job and to apply the move, never while the
        bot thinks, so people keep playing meanwhile."""
        job = self.matches.bot_job(mid)
        if job is None:
            return "none"
        action = self._choose(job)
        try:
            self.matches.act(mid, None, job.role, action, job.step, bot=True)
        except ApiError as exc:
            if exc.code == "stale":
                return "stale"  # what it was choosing from changed meanwhile: think again
            raise
        return "moved"

    async def _pause(self, mid: str) -> None:
        """Wait out the match's pace before a move. A change of the match (a new pace among
        them) wakes the wait, which then goes on with what is left of the pace now."""
        loop = asyncio.get_running_loop()
        start = loop.time()
        wake = self._wake.setdefault(mid, asyncio.Event())
        while True:
            delay = self.matches.bot_delay_held(mid)
            if delay is None:
                delay = await loop.run_in_executor(None, self.matches.bot_delay, mid)
            left = start + delay - loop.time()
            if left <= 0:
                return
            wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(wake.wait(), left)

    async def _run(self, mid: str) -> None:
        loop = asyncio.get_running_loop()
        leased = False
        failures = 0
        try:
            if self.cluster is not None:
                # Another process held the lease when this one looked: the sweep looks again,
                # so the changes of a match it plays cost no query here.
                if mid in self.deferred:
                    return
                if not await loop.run_in_executor(None, self.matches.bot_owed, mid):
                    self.behind.discard(mid)
                    return
                leased = await loop.run_in_executor(None, self.cluster.acquire, mid)
                if not leased:
                    self.deferred.add(mid)
                    self.behind.add(mid)
                    return
                if mid in self.behind or mid in self.takeover:
                    # Another process played it last: its last move's notice may not be here
                    # yet, so the match is read afresh rather than thought out from a step behind.
                    self.behind.discard(mid)
                    self.matches.forget(mid)
            while True:
                self.pending.discard(mid)
                if mid in self.yielding:
                    return
                try:
                    # Waiting here, not in the pool, so a pause never holds a thinking thread.
                    await self._pause(mid)
                    if mid in self.yielding:
                        return
                    outcome = await loop.run_in_executor(self.executor, self._move, mid)
                except ApiError as exc:
                    failures += 1
                    log.error("bot move refused in match %s: %s", mid, exc.message)
                    if failures >= MAX_FAILURES:
                        return
                    continue
                if outcome == "none":
                    if mid in self.pending:
                        continue
                    return
                if outcome == "moved":
                    failures = 0
                    self.moves += 1
                elif outcome == "stale":
                    self.stale += 1
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot loop of match %s crashed", mid)
        finally:
            if self.tasks.get(mid) is asyncio.current_task():
                del self.tasks[mid]
                self._wake.pop(mid, None)
            self.takeover.discard(mid)
            yielded = mid in self.yielding
            self.yielding.discard(mid)
            if leased and self.cluster is not None:
                self.cluster.release(mid)
                if yielded:
                    self._announce("free", mid)
                if mid in self.pending and mid not in self.tasks:
                    loop.call_soon(self.poke, mid)  # a change that came while the lease was let go

    async def _sweep(self) -> None:
        """Look again at the matches whose lease another process held: those it no longer
        holds (it finished, or died) are played here. Matches not served here that went quiet
        with their lease free are taken over if they owe a bot move."""
        assert self.cluster is not None
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(LEASE_RETRY)
            now = time.monotonic()
            waiting = [m for m in self.deferred if m not in self.tasks]
            quiet = [m for m, t in self.heard.items() if now - t >= TAKEOVER_QUIET and m not in self.tasks]
            if not waiting and not quiet:
                continue
            try:
                held = await loop.run_in_executor(None, self.cluster.held, waiting + quiet)
            except Exception:
                log.exception("looking at the bot leases failed")
                continue
            for mid in waiting:
                if mid not in held:
                    self.deferred.discard(mid)
                    self.poke(mid)
            for mid in quiet:
                if mid in held or self.heard.get(mid, now) > now - TAKEOVER_QUIET:
                    continue  # played elsewhere, or news came meanwhile
                self.heard.pop(mid, None)
                if await loop.run_in_executor(None, self.matches.bot_owed, mid):
                    self.takeover.add(mid)
                    self.poke(mid)

    async def idle(self, timeout: float = 30.0) -> None:
        """Wait until no bot task runs (for tests and orderly shutdown)."""
        deadline = asyncio.get_running_loop().time() + timeout
        while self.tasks and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.01)

    async def stop(self) -> None:
        tasks = list(self.tasks.values())
        if self._sweeper is not None:
            tasks.append(self._sweeper)
            self._sweeper = None
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
        if self.thinking is not None:
            self.thinking.stop()
