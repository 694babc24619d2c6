"""Learning agents on the one rules contract: :class:`Env` (:mod:`tavola.rl.env`), an
agent-environment-cycle interface shaped like PettingZoo's without depending on it, and
:func:`pettingzoo_env`, a real PettingZoo environment for those who have it installed."""

from __future__ import annotations

from typing import Any

from tavola.rl.env import Env

__all__ = ["Env", "pettingzoo_env"]


def pettingzoo_env(
    game: str,
    scenario: str | None = None,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    **kw: Any,
) -> Any:
    """A real ``pettingzoo.AECEnv`` with Gymnasium spaces (needs ``tavola[rl]``): see
    :mod:`tavola.rl.pettingzoo`. Imported on call, so ``Env`` works without the extra."""
    from tavola.rl.pettingzoo import pettingzoo_env as make

    return make(game, scenario, players, options, **kw)
