"""Log windows: send a client only the part of a view's log it does not hold yet.

The log is most of a view and only grows with the game (an Antike II game writes thousands of
entries), so answers and pushes carry a *window* of it: the entries from index ``log_from`` of
the role's visible log on, with ``log_size`` (the whole visible log's length) and ``log_step``
(the ``step`` of entry ``log_from - 1``, ``None`` at 0). Everything else of the view is as
``Game.view(role)`` made it: a window only ever drops entries of a log that went through
``visible_log``.

Why one step is enough to know what a client holds: every entry carries the step of the action
that wrote it, an action's entries are written together, and an undo cuts the log back to where
the taken-back action began. So an action whose entries are still in the log has, before them,
exactly the entries it had when it was played; if two copies of one game's log have an entry
of the same step at the same index, they are the same up to there. A client that holds ``n``
entries, the last of step ``s``, therefore tells the server all it needs (``log_from=n``,
``log_step=s``); and a client can check any window against what it holds by comparing its own
entry ``log_from - 1`` with the answer's ``log_step``.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tavola.core.history import LogView

Entries = Sequence[dict[str, Any]]
"""A view's log: a session's :class:`LogView` (entries decoded when read), or a list."""

PAGE_MAX = 1000
"""Most entries one page of ``GET /log`` carries."""


@dataclass(frozen=True)
class LogQuery:
    """What a client asks of a view's log: ``held`` entries it has (the last of step
    ``last_step``), and at most the last ``tail`` entries. All ``None``: the whole log."""

    held: int | None = None
    last_step: int | None = None
    tail: int | None = None

    @property
    def whole(self) -> bool:
        return self.held is None and self.tail is None


WHOLE = LogQuery()


def step_at(log: Entries, i: int) -> Any:
    """The ``step`` of entry ``i`` (a session's view of its log tells it without decoding it)."""
    return log.step(i) if isinstance(log, LogView) else log[i].get("step")


def shared(log: Entries, held: int, last_step: int | None) -> int:
    """How many leading entries of ``log`` a client holding ``held`` entries (the last of step
    ``last_step``) has the same.

    The client's copy is of an earlier moment of the same game, or of this one. If ``log`` has
    an entry of ``last_step`` at index ``held - 1``, the client holds exactly ``log[:held]``.
    Otherwise an undo took some of the client's entries back; what survived of them is the
    entries of steps up to ``last_step`` (they are in step order), and those are a prefix of
    the client's copy. Without ``last_step`` the client is trusted."""
    held = max(0, held)
    if held == 0:
        return 0
    if last_step is None:
        return min(held, len(log))
    if held <= len(log) and step_at(log, held - 1) == last_step:
        return held
    steps = [s if isinstance(s := step_at(log, i), int) else -1 for i in range(len(log))]
    return min(held, bisect_right(steps, last_step))


def bounds(log: Entries, q: LogQuery) -> int:
    """The index of the first entry the window of ``q`` sends."""
    start = shared(log, q.held or 0, q.last_step)
    if q.tail is not None:
        start = max(start, len(log) - max(0, q.tail))
    return start


def window(view: dict[str, Any], q: LogQuery) -> dict[str, Any]:
    """``view`` with only the window ``q`` asks for of its log (the view itself if the whole)."""
    if q.whole:
        return view
    log = view.get("log") or []
    start = bounds(log, q)
    return {**view, **fields(log, start)}


def fields(log: Entries, start: int, stop: int | None = None) -> dict[str, Any]:
    """The log keys of a window ``log[start:stop]``."""
    return {
        "log": log[start:stop],
        "log_from": start,
        "log_step": step_at(log, start - 1) if start > 0 else None,
        "log_size": len(log),
    }


def page(log: Entries, start: int, stop: int | None) -> dict[str, Any]:
    """Entries ``start`` to ``stop`` (exclusive; ``None``: the end), at most ``PAGE_MAX``."""
    size = len(log)
    start = min(max(0, start), size)
    stop = size if stop is None else min(max(start, stop), size)
    stop = min(stop, start + PAGE_MAX)
    return fields(log, start, stop)
