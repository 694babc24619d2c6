"""Arena and balance games as Ray tasks: ``tavola arena … --ray [ADDRESS]``.

Each game is one Ray task running :func:`tavola.tools.one_game.play`, the same function a local
run calls, on the same :class:`~tavola.tools.one_game.Task`: bots with a fixed number of
simulations give the same games as on one machine. Outcomes come back as games finish, so
progress and the resumable log work as in a local run.

``ADDRESS`` is a running cluster (``ray://host:10001`` or ``host:6379``, or ``auto``); without
one a local Ray is started for the run and stopped after it (or the cluster named by
``RAY_ADDRESS`` is joined). Every node needs the same version of Tavola installed. Ray is the
``ray`` extra: ``pip install 'tavola[ray]'``.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from typing import Any

from tavola.core.errors import TavolaError
from tavola.core.registry import GAMES, register
from tavola.tools.one_game import Outcome, Task, play


def _play(games: dict[str, str], path: list[str], task: Task) -> Outcome:
    # Games registered at run time (tests, plug-ins) must exist on the worker too; the
    # driver's import path is added, never put in place of the worker's own.
    sys.path.extend(p for p in path if p not in sys.path)
    for game_id, target in games.items():
        register(game_id, target)
    return play(task)


def outcomes(tasks: list[Task], address: str | None = None) -> Iterator[Outcome]:
    """Plays ``tasks`` as Ray tasks and yields each outcome as its game ends."""
    try:
        import ray
    except ImportError:
        raise TavolaError("--ray needs Ray: pip install 'tavola[ray]'") from None
    started = not ray.is_initialized()
    if started:
        quiet: dict[str, Any] = {"logging_level": "warning", "log_to_driver": False}
        cluster = address or os.environ.get("RAY_ADDRESS")
        if cluster:
            ray.init(address=cluster, **quiet)
        else:
            ray.init(include_dashboard=False, **quiet)
    remote = ray.remote(num_cpus=1, max_retries=2)(_play)
    games, path = dict(GAMES), list(sys.path)
    pending = [remote.remote(games, path, task) for task in tasks]
    try:
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield ray.get(ref)
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
        if started:
            ray.shutdown()
