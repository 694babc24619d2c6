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
"""

from __future__ import annotations

import asyncio
import gc
import time
from bisect import bisect_left
from collections.abc import Iterator
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


_TUNED: list[Any] = []
"""Python's thresholds before the first collector of the process tuned them, then one entry
per collector running tuned."""


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
        self._tuned = False
        self._tasks: list[asyncio.Task[None]] = []

    def _timed(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._began = (info["generation"], time.perf_counter())
        elif self._began is not None:
            generation, t0 = self._began
            self.pauses[generation].add(1000 * (time.perf_counter() - t0))
            self._began = None

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        gc.callbacks.append(self._timed)
        self._tasks.append(loop.create_task(self._watch_lag()))
        if self.every <= 0:
            return
        self._tuned = True
        if not _TUNED:
            _TUNED.append(gc.get_threshold())
            gc.collect()
            gc.freeze()  # what the server started with lives as long as the process
            _, middle, _ = _TUNED[0]
            gc.set_threshold(YOUNG, middle, NEVER)
        _TUNED.append(None)  # one more server of this process tuned it
        self._tasks.append(loop.create_task(self._collect_every()))

    def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        self._tasks.clear()
        if self._timed in gc.callbacks:
            gc.callbacks.remove(self._timed)
        if self._tuned:
            self._tuned = False
            _TUNED.pop()
            if len(_TUNED) == 1:  # the last server of the process (tests run several): as before
                gc.set_threshold(*_TUNED.pop())
                gc.unfreeze()

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
    makes no full collection until the end, where all is as before."""
    saved = gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, saved[1], NEVER)
    try:
        yield
    finally:
        gc.set_threshold(*saved)
        gc.unfreeze()
