"""The agent-environment-cycle interface for learning agents, on the one rules contract.

Shaped like PettingZoo's AEC API without depending on it: ``reset(seed)``, ``agent_iter()``,
``last()``, ``step(action_id)``, ``observe(agent)``. Actions are integers into the game's fixed
action space (``Rules.action_space``); every observation carries the legal-action mask. The
observation is the role's redacted view, so an agent sees exactly what a player would. The public
dice and shuffles drawn by a step are reported in ``infos[agent]["chance"]`` as ``[sides, outcome]``;
draws a game makes in secret (``rng.hidden``: a shuffle of a hidden deck) are left out.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tavola.core.errors import IllegalAction
from tavola.core.game import Game
from tavola.core.registry import get_rules


class Env:
    """``Env("antike-ii", scenario="orient", players=3)``; one episode per ``reset``."""

    def __init__(
        self,
        game_id: str,
        scenario: str | None = None,
        players: int | None = None,
        options: dict[str, Any] | None = None,
        max_steps: int = 100_000,
    ) -> None:
        self.game_id = game_id
        self.rules = get_rules(game_id)
        self._settings = (scenario, players, options)
        self.max_steps = max_steps
        self.reset(0)

    def reset(self, seed: int = 0) -> None:
        scenario, players, options = self._settings
        self.game = Game(self.game_id, scenario, players, options, seed)
        self.possible_agents = list(self.game.roles)
        self.agents = list(self.game.roles)
        self.actions = self.rules.action_space(self.game.scenario, self.game.players, self.game.options)
        self.action_ids = {a: i for i, a in enumerate(self.actions)}
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {"chance": []} for a in self.agents}
        self._pick_agent()

    @property
    def num_actions(self) -> int:
        return len(self.actions)

    def _pick_agent(self) -> None:
        active = self.game.active_roles
        self.agent_selection = active[0] if active else self.possible_agents[0]

    def action_mask(self, agent: str) -> list[int]:
        mask = [0] * len(self.actions)
        for a in self.rules.legal_actions(self.game.state_of(agent), agent):
            mask[self.action_ids[a]] = 1
        return mask

    def observe(self, agent: str) -> dict[str, Any]:
        view = self.rules.view(self.game.state_of(agent), agent)  # its own draft, if composing
        return {"observation": view, "action_mask": self.action_mask(agent)}

    def last(self) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        a = self.agent_selection
        return self.observe(a), self.rewards[a], self.terminations[a], self.truncations[a], self.infos[a]

    def agent_iter(self) -> Iterator[str]:
        while not (all(self.terminations.values()) or all(self.truncations.values())):
            yield self.agent_selection

    def step(self, action_id: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return
        if action_id is None or not 0 <= action_id < len(self.actions):
            raise IllegalAction(f"action id {action_id!r} is outside 0..{len(self.actions) - 1}")
        self.game.apply(agent, self.actions[action_id])
        self.infos[agent] = {"chance": self.game.chance}
        result = self.game.result
        if result is not None:
            winners = result.get("winners", [])
            for a in self.agents:
                self.rewards[a] = 1.0 / len(winners) if a in winners else 0.0
                self.terminations[a] = True
        elif len(self.game.actions) >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
        self._pick_agent()
