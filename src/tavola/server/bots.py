"""Bots play their seats on the server: one asyncio task per match that owes a bot move.

The bot thinks in a thread pool on a private copy of the state, so the event loop keeps
serving; its move then goes through the same validated, stored path as a person's.

The runner listens to the matches' "changed" signal: a public change of a match may owe a bot
move. The seats' specs are checked and made into bots by :mod:`tavola.server.botspecs`.

Before each move a bot waits the match's pace (``MatchData.bot_delay``); a change of pace
wakes it. With several server processes on one PostgreSQL database, a process plays a match's
bots only while it holds the match's lease (:mod:`tavola.server.cluster`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import zlib
from collections import OrderedDict
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

log = logging.getLogger("tavola.server")

MAX_FAILURES = 3


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
        self._sweeper: asyncio.Task[None] | None = None
        self._bots: OrderedDict[tuple[str, str, str], Bot] = OrderedDict()
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

    def poke(self, mid: str) -> None:
        """Something changed in this match: make sure its bots look at it."""
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
            action: Action = self._bot(job).choose(job.rules, job.state, job.role)
        except Exception:
            log.exception("bot %s failed in match %s; playing its first legal action", job.bot, job.match_id)
            action = legal[0]
        if tuple(action) not in legal:
            log.error("bot %s chose illegal %r in match %s", job.bot, action, job.match_id)
            action = legal[0]
        return list(action)

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
                if mid in self.deferred or not await loop.run_in_executor(None, self.matches.bot_owed, mid):
                    return
                leased = await loop.run_in_executor(None, self.cluster.acquire, mid)
                if not leased:
                    self.deferred.add(mid)
                    return
            while True:
                self.pending.discard(mid)
                try:
                    # Waiting here, not in the pool, so a pause never holds a thinking thread.
                    await self._pause(mid)
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
            if leased and self.cluster is not None:
                self.cluster.release(mid)
                if mid in self.pending and mid not in self.tasks:
                    loop.call_soon(self.poke, mid)  # a change that came while the lease was let go

    async def _sweep(self) -> None:
        """Look again at the matches whose lease another process held: those it no longer
        holds (it finished, or died) are played here."""
        assert self.cluster is not None
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(LEASE_RETRY)
            waiting = [m for m in self.deferred if m not in self.tasks]
            if not waiting:
                continue
            try:
                held = await loop.run_in_executor(None, self.cluster.held, waiting)
            except Exception:
                log.exception("looking at the bot leases failed")
                continue
            for mid in waiting:
                if mid not in held:
                    self.deferred.discard(mid)
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
