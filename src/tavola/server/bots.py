"""Bots play their seats on the server: one asyncio task per match that owes a bot move.

The bot thinks in a thread pool on a private copy of the state, so the event loop keeps
serving; its move then goes through the same validated, stored path as a person's.

A bot seat is ``bot:SPEC`` with the bots' own spec (``bot:mcts``, ``bot:mcts:hard``,
``bot:mcts:think=1``, see :func:`tavola.bots.make_bot`). The server's ``bot_think`` is the
normal level's time; the other levels scale it as they scale their own default (easy 0.4x,
hard 4x), and no decision may take longer than :func:`max_think`, so one match cannot hold a
pool thread for long.
"""

from __future__ import annotations

import asyncio
import logging
import zlib
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

from tavola.bots import Bot, make_bot, normalize_spec, parse_bot_spec
from tavola.bots.mcts import LEVELS as SEARCH_LEVELS
from tavola.core.rules import Action
from tavola.server.config import Settings
from tavola.server.errors import ApiError

if TYPE_CHECKING:  # only for annotations: matches.py imports this module to check seats
    from tavola.server.hub import Hub
    from tavola.server.matches import BotJob, Matches

log = logging.getLogger("tavola.server")

MAX_FAILURES = 3
MAX_THINK = 2.0
"""Seconds a bot decision may take on the server at most (the hard level at the default
``bot_think``); a server configured with a longer ``bot_think`` allows that instead."""
MAX_SPEC = 64  # the seat's bot column
# Parameters that make a bot work longer whatever its clock says (greedy has no clock).
MAX_PARAMS: dict[str, tuple[int, int]] = {"depth": (0, 64), "worlds": (1, 8)}


def max_think(settings: Settings) -> float:
    return max(MAX_THINK, settings.bot_think)


def seat_bot(spec: str, settings: Settings) -> str:
    """The canonical spec of a bot seat (the part after ``bot:``), checked by the bots' own
    parser and against the server's limits; ValueError saying what is wrong."""
    canonical = normalize_spec(spec)
    if len(canonical) > MAX_SPEC:
        raise ValueError(f"bot spec longer than {MAX_SPEC} characters")
    _, _, params = parse_bot_spec(canonical)
    cap = max_think(settings)
    think = params.get("think")
    if think is not None and not 0 < think <= cap:
        raise ValueError(f"think is seconds per move, more than 0 and at most {cap:g} on this server")
    for key, (low, high) in MAX_PARAMS.items():
        if key in params and not low <= params[key] <= high:
            raise ValueError(f"{key} must be from {low} to {high} on this server")
    return canonical


def server_bot(spec: str, seed: int, settings: Settings) -> Bot:
    """The bot of a seat: a level's think time scales the server's ``bot_think``, an explicit
    ``think`` is taken as written; both are capped at :func:`max_think` (a stored match may
    outlive a change of settings)."""
    _, level, _ = parse_bot_spec(spec)
    think = settings.bot_think
    if level is not None:
        think *= SEARCH_LEVELS[level].think / SEARCH_LEVELS["normal"].think
    bot = make_bot(spec, seed=seed, think=think)
    bot.think = min(bot.think, max_think(settings))
    return bot


class BotRunner:
    def __init__(self, matches: Matches, hub: Hub, settings: Settings) -> None:
        self.matches = matches
        self.hub = hub
        self.settings = settings
        self._executor: ThreadPoolExecutor | None = None
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self.pending: set[str] = set()
        self._bots: OrderedDict[tuple[str, str, str], Bot] = OrderedDict()
        self.moves = 0

    @property
    def executor(self) -> ThreadPoolExecutor:
        if self._executor is None:
            self._executor = ThreadPoolExecutor(
                max(1, self.settings.bot_threads), thread_name_prefix="tavola-bot"
            )
        return self._executor

    def poke(self, mid: str) -> None:
        """Something changed in this match: make sure its bots look at it."""
        self.pending.add(mid)
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

    def _move(self, mid: str) -> tuple[str, str | None]:
        """One bot move, start to end, in a pool thread: ``none``, ``moved`` or ``stale``, and
        who may see it (None: everyone; a role: a click of that role's secret draft).

        The match lock is held only to read the job and to apply the move, never while the
        bot thinks, so people keep playing meanwhile."""
        job = self.matches.bot_job(mid)
        if job is None:
            return "none", None
        action = self._choose(job)
        try:
            played = self.matches.act(mid, None, job.role, action, job.step, bot=True)
        except ApiError as exc:
            if exc.code == "stale":
                return "stale", None  # what it was choosing from changed meanwhile: think again
            raise
        return "moved", played.audience

    async def _run(self, mid: str) -> None:
        loop = asyncio.get_running_loop()
        failures = 0
        try:
            while True:
                self.pending.discard(mid)
                if self.settings.bot_delay > 0:
                    # Waiting here, not in the pool, so a pause never holds a thinking thread.
                    await asyncio.sleep(self.settings.bot_delay)
                try:
                    outcome, audience = await loop.run_in_executor(self.executor, self._move, mid)
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
                    self.hub.publish_soon(mid, audience)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot loop of match %s crashed", mid)
        finally:
            if self.tasks.get(mid) is asyncio.current_task():
                del self.tasks[mid]

    async def idle(self, timeout: float = 30.0) -> None:
        """Wait until no bot task runs (for tests and orderly shutdown)."""
        deadline = asyncio.get_running_loop().time() + timeout
        while self.tasks and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.01)

    async def stop(self) -> None:
        tasks = list(self.tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
