"""Search bots think in processes of their own, so their thinking never holds the server's
interpreter lock.

A searching bot thinks for its clock's time (half a second at the server's default) in pure
Python: in a thread of the server it takes turns on the interpreter lock with the event loop
and the request threads, so every player of every match waits behind it (docs/performance.md)
and the bot gets a share of its clock. Here each of ``processes`` workers is a process of its own; a seat of a
match always thinks in the same one (chosen by a hash of its key), where its bot lives from
move to move (its random generator and the search tree it keeps between decisions), as it
would in the server. The server's bot thread sends the state and waits for the action without
the lock. A worker starts at the first move that needs it and loads that move's game then (a
server whose bots all answer at once never starts one); a worker that dies is started again at
the next move (its bots start afresh).
"""

from __future__ import annotations

import logging
import multiprocessing
import threading
import zlib
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from tavola.bots import Bot, make_bot, parse_bot_spec
from tavola.core.rules import Action, Rules, State

log = logging.getLogger("tavola.server")

THINKING = frozenset({"mcts"})
"""The bots that think for their clock's time (the others answer in microseconds: they stay in
the server's bot threads, where a hop to a process would cost more than their move)."""
KEPT = 4096
GIVE_UP = 3
"""Workers that could not be started in a row before the bots think in the server's threads."""
"""Bots a worker keeps (the ones used last)."""

_bots: OrderedDict[tuple[str, ...], Bot] = OrderedDict()
"""In a worker: the bots of the seats that think there."""


def thinks(spec: str) -> bool:
    """Whether a bot seat's spec names a bot that thinks for its clock's time."""
    return parse_bot_spec(spec)[0] in THINKING


def _choose(
    key: tuple[str, ...], spec: str, seed: int, think: float, rules: Rules, state: State, role: str
) -> Action:
    """In a worker: the seat's bot (made as the server makes it: its seed, its think time)
    chooses."""
    bot = _bots.get(key)
    if bot is None:
        bot = make_bot(spec, seed=seed, think=think)
        _bots[key] = bot
        while len(_bots) > KEPT:
            _bots.popitem(last=False)
    else:
        _bots.move_to_end(key)
    bot.think = think
    return bot.choose(rules, state, role)


class Thinking:
    """``processes`` worker processes, started at the first move that needs one."""

    def __init__(self, processes: int) -> None:
        self.processes = processes
        self._pools: list[ProcessPoolExecutor | None] = [None] * processes
        self._guard = threading.Lock()
        self.unstarted = 0
        """Workers that could not be started in a row; at ``GIVE_UP`` the bots think in the
        server's threads from then on (a process that may not start others: a daemonic one)."""

    def _pool(self, i: int) -> ProcessPoolExecutor:
        with self._guard:
            pool = self._pools[i]
            if pool is None:
                # A fresh interpreter, not a fork of this one (its threads hold locks).
                methods = multiprocessing.get_all_start_methods()
                ctx = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
                pool = self._pools[i] = ProcessPoolExecutor(1, mp_context=ctx)
            return pool

    def choose(
        self, key: tuple[str, ...], bot: Bot, spec: str, rules: Rules, state: State, role: str
    ) -> Action:
        """The action the seat's bot chooses, thought in its worker (called from a bot thread,
        which waits without the interpreter lock)."""
        i = zlib.crc32("\x00".join(key).encode()) % self.processes
        pool = self._pool(i)
        try:
            future = pool.submit(_choose, key, spec, bot.seed, bot.think, rules, state, role)
        except Exception:
            self._lost(i, pool)
            self.unstarted += 1
            if self.unstarted == GIVE_UP:
                log.error(
                    "no process could be started for searching bots: they think in the server's threads"
                )
            raise
        self.unstarted = 0
        try:
            return future.result()
        except BrokenProcessPool:
            self._lost(i, pool)  # started again at the next move
            raise

    @property
    def usable(self) -> bool:
        return self.unstarted < GIVE_UP

    def _lost(self, i: int, pool: ProcessPoolExecutor) -> None:
        with self._guard:
            if self._pools[i] is pool:
                self._pools[i] = None
        pool.shutdown(wait=False, cancel_futures=True)

    def pids(self) -> list[int]:
        """The workers' process ids (those started)."""
        return [pid for pool in self._pools if pool is not None for pid in (pool._processes or {})]

    def stop(self) -> None:
        """Stop the workers, waiting for the moves they think (at most ``max_think`` seconds),
        so their queues are released before the server exits."""
        with self._guard:
            pools, self._pools = self._pools, [None] * self.processes
        for pool in pools:
            if pool is not None:
                pool.shutdown(wait=True, cancel_futures=True)
