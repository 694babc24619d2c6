"""The cyclic garbage collector of a serving process, and how long it and the event loop stall.

CPython's collector walks every object of the process in a full collection, and starts one
whenever the objects that survived the young collections reach a quarter of the old ones. A
server holding a thousand live games holds some 600,000 objects, made a few thousand a second
(the games' logs, sockets, requests): every 20 s or so a full collection then held the
interpreter lock for half a second of CPU (0.5 to 1.5 s of wall time on a shared machine),
and every request arriving meanwhile waited for it (docs/performance.md, session 14).

:class:`Collector` keeps the young collections (they walk only the objects made lately) but
never lets Python start a full one. Instead it freezes the objects alive once the server has
started (modules, rules data: never garbage), and makes a full collection itself every
``every`` seconds, so a cycle of garbage that survived the young collections (rare: none was
found by the full collections of a loaded server) is freed within that time. The collections'
pauses and the event loop's lateness are counted for ``/api/health`` (:meth:`report`).

Python's thresholds and its frozen objects belong to the whole process, which may run several
servers (the tests do, and a server may be started again in the process that stopped it) and
searching bots. :data:`POLICY` holds them for whoever needs the policy now: each serving
collector (and a bounded run, :func:`young_collections_only`) sets it when it starts, and when
the last of them stops Python's thresholds are those found before the first, nothing frozen.
A bot search freezes only where Python may start a full collection (``tavola.bots.mcts``), so
it leaves a serving process's frozen objects alone.
"""

from __future__ import annotations

import asyncio
import gc
import threading
import time
from bisect import bisect_left
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

NEVER = 2**31 - 1
"""A threshold of the oldest generation that Python never reaches."""
YOUNG = 10_000
"""Objects made (less those freed) between two collections of the youngest generation
(Python's default: 700). A loaded server's new objects mostly live on (its games grow), so each
young collection walks about this many, and each tenth walks ten times as many again: with 700,
some 450 young and 43 middle collections a minute took 4 to 5.6 s of a minute's wall time at
1,000 live games; with 10,000, 10 and 0 or 1 took 0.5 to 1 s (docs/performance.md)."""
LAG_EVERY = 0.05
"""Seconds between two looks at how late the event loop wakes a sleeping task."""
BUCKETS_MS = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000)
"""Upper bounds of the histograms' buckets, milliseconds (a last bucket holds the rest)."""


class Policy:
    """Python's collector settings while anyone in the process holds the server's policy: young
    collections every :data:`YOUNG` objects, no full collection started by Python, the objects
    alive when the first holder came frozen. The holders are exactly those started and not yet
    let go (one whose ``alive`` says no, an event loop closed without a stop, is dropped at the
    next call), so no state outlives them."""

    def __init__(self) -> None:
        self._holders: list[tuple[object, Callable[[], bool]]] = []
        self._found: tuple[int, int, int] | None = None
        self._lock = threading.RLock()  # a finalizer run by gc.collect may come back

    def hold(self, holder: object, alive: Callable[[], bool] = lambda: True) -> None:
        """Set the policy, whatever ran in the process before: the thresholds are set again by
        every holder, the first freezes what is alive (later ones do not: each freeze would keep
        what was alive then, the tests' servers and their cycles, until the last let go)."""
        with self._lock:
            self._prune()
            if not self._holders:
                self._found = gc.get_threshold()
                gc.collect()
                gc.freeze()  # what the process holds now lives as long as the policy
            self._holders.append((holder, alive))
            assert self._found is not None
            gc.set_threshold(YOUNG, self._found[1], NEVER)

    def release(self, holder: object) -> None:
        """Let go; the last holder gives Python its thresholds as found and unfreezes all."""
        with self._lock:
            self._holders = [h for h in self._holders if h[0] is not holder]
            self._prune()

    def holders(self) -> int:
        """How many hold the policy now."""
        with self._lock:
            self._prune()
            return len(self._holders)

    def _prune(self) -> None:
        self._holders = [h for h in self._holders if h[1]()]
        if not self._holders and self._found is not None:
            gc.set_threshold(*self._found)
            gc.unfreeze()
            self._found = None


POLICY = Policy()
"""The process's one :class:`Policy`."""


@dataclass
class Histogram:
    """Counts of durations by :data:`BUCKETS_MS`, with their total and largest."""

    counts: list[int] = field(default_factory=lambda: [0] * (len(BUCKETS_MS) + 1))
    total_ms: float = 0.0
    max_ms: float = 0.0

    def add(self, ms: float) -> None:
        self.counts[bisect_left(BUCKETS_MS, ms)] += 1
        self.total_ms += ms
        self.max_ms = max(self.max_ms, ms)

    def out(self) -> dict[str, Any]:
        return {
            "counts": list(self.counts),
            "total_ms": round(self.total_ms, 1),
            "max_ms": round(self.max_ms, 1),
        }


def quantile_ms(counts: list[int], q: float) -> float | None:
    """The upper bound of the bucket holding the ``q`` quantile of a histogram's ``counts``
    (None when empty; infinity in the last bucket)."""
    n = sum(counts)
    if n == 0:
        return None
    seen = 0
    for i, c in enumerate(counts):
        seen += c
        if seen >= q * n:
            return float(BUCKETS_MS[i]) if i < len(BUCKETS_MS) else float("inf")
    return float("inf")


class Collector:
    """The collector's policy of one serving process (see the module), from :meth:`start` on
    the server's event loop to :meth:`stop`. ``every`` 0 leaves Python's own policy in place
    (the pauses and the lateness are still counted)."""

    def __init__(self, every: float) -> None:
        self.every = every
        self.pauses = [Histogram() for _ in range(3)]
        """Each generation's collections, by their duration."""
        self.lag = Histogram()
        """How late the event loop woke a task sleeping :data:`LAG_EVERY` s."""
        self.full = 0
        """Full collections this collector made, and the objects they freed."""
        self.freed = 0
        self._began: tuple[int, float] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._tasks: list[asyncio.Task[None]] = []

    def _timed(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._began = (info["generation"], time.perf_counter())
        elif self._began is not None:
            generation, t0 = self._began
            self.pauses[generation].add(1000 * (time.perf_counter() - t0))
            self._began = None

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        """Count the pauses, and hold :data:`POLICY` (unless ``every`` is 0) until :meth:`stop`
        or until ``loop`` is closed without one. A collector started again is stopped first."""
        self.stop()
        self._loop = loop
        gc.callbacks.append(self._timed)
        self._tasks.append(loop.create_task(self._watch_lag()))
        if self.every <= 0:
            return
        POLICY.hold(self, lambda: not loop.is_closed())
        self._tasks.append(loop.create_task(self._collect_every()))

    def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        self._tasks.clear()
        if self._timed in gc.callbacks:
            gc.callbacks.remove(self._timed)
        if self._loop is not None:
            self._loop = None
            POLICY.release(self)

    async def _collect_every(self) -> None:
        while True:
            await asyncio.sleep(self.every)
            self.collect()

    def collect(self) -> int:
        """A full collection now (on the event loop: it holds the interpreter lock wherever
        it runs); the objects it freed."""
        freed = gc.collect()
        self.full += 1
        self.freed += freed
        return freed

    async def _watch_lag(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            t0 = loop.time()
            await asyncio.sleep(LAG_EVERY)
            self.lag.add(max(0.0, 1000 * (loop.time() - t0 - LAG_EVERY)))

    def report(self) -> dict[str, Any]:
        """The counts so far, for ``/api/health`` (a load test takes the difference of two)."""
        return {
            "buckets_ms": list(BUCKETS_MS),
            "gc": {f"gen{g}": h.out() for g, h in enumerate(self.pauses)},
            "full_every": self.every,
            "full_collections": self.full,
            "full_freed": self.freed,
            "loop_lag": self.lag.out(),
        }


@contextmanager
def young_collections_only() -> Iterator[None]:
    """For a bounded run (the load test's clients, a few minutes): the objects alive now are
    frozen, the young collections come every :data:`YOUNG` objects as in a server, and Python
    makes no full collection until the end, where all is as before (:data:`POLICY`)."""
    run = object()
    POLICY.hold(run)
    try:
        yield
    finally:
        POLICY.release(run)
