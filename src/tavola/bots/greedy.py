"""The greedy bot: the action whose immediate result the game's evaluation likes best.

Each legal action is applied on a determinized world (so hidden parts and future dice are
resampled, never read) and scored by ``rules.evaluate(world)[role]`` (or by the outcome if the
game ends). A turn made of several clicks is judged as a whole: after the action, while the
same role alone is still to act, the bot keeps clicking, greedily for a few clicks and then by
the game's playout policy, and scores the state where its turn ends. Ties are broken by the game's action prior where it has one
(``tavola.bots.knowledge``), else at random. An action that leads straight back to a decision
the bot has already taken is chosen only when every action does (``Repetitions``).
"""

from __future__ import annotations

from tavola.bots.base import Bot
from tavola.bots.common import Repetitions, situation_signature, state_values
from tavola.bots.knowledge import PlayoutFn, load_knowledge
from tavola.core.rules import Action, Rules, State, clone

# Per level: worlds sampled per action, clicks looked ahead greedily inside a multi-click turn,
# then clicks more by the game's playout policy (or at random) to finish the turn.
_LEVELS: dict[str, tuple[int, int, int]] = {"easy": (1, 0, 0), "normal": (1, 4, 16), "hard": (3, 6, 24)}


class GreedyBot(Bot):
    """One-step lookahead on the game's evaluation."""

    name = "greedy"
    levelled = True

    def __init__(self, seed: int = 0, think: float | None = None, level: str = "normal") -> None:
        super().__init__(seed=seed, think=think, level=level)
        self.worlds, self.depth, self.tail = _LEVELS[level]
        self.repeats = Repetitions()

    def reset(self) -> None:
        self.repeats.clear()

    def choose(self, rules: Rules, state: State, role: str) -> Action:
        legal = rules.legal_actions(state, role)
        if len(legal) == 1:
            return legal[0]
        world = rules.determinize(state, role, self.rand.getrandbits(62))
        # Clicks that lead straight back to a decision already taken would loop for ever.
        self.repeats.remember(situation_signature(rules, state, role))
        legal = self.repeats.fresh(rules, world, role, legal)
        if len(legal) == 1:
            return legal[0]
        knowledge = load_knowledge(rules)
        policy = knowledge.playout if knowledge is not None else None
        totals = [0.0] * len(legal)
        for w in range(max(1, self.worlds)):
            if w:
                world = rules.determinize(state, role, self.rand.getrandbits(62))
            for i, action in enumerate(legal):
                totals[i] += self._score(rules, clone(world), role, action, policy)
        best = max(totals)
        # Values are averages of floats: compare with a tolerance so ties really are ties.
        top = [a for a, t in zip(legal, totals) if t >= best - 1e-9]
        return self._tie_break(rules, world, role, top)

    def _tie_break(self, rules: Rules, world: State, role: str, top: list[Action]) -> Action:
        """Among equally valued actions, the game's prior decides if it has one (so the bot
        does not wander, e.g. trading back and forth), else chance."""
        if len(top) > 1:
            knowledge = load_knowledge(rules)
            if knowledge is not None and knowledge.prior is not None:
                weights = knowledge.prior(rules, world, role, top)
                heaviest = max(weights)
                top = [a for a, w in zip(top, weights) if w >= heaviest]
        return top[self.rand.randrange(len(top))]

    def _score(
        self, rules: Rules, world: State, role: str, action: Action, policy: PlayoutFn | None
    ) -> float:
        """The value after ``action`` and the rest of the role's turn: ``depth`` clicks chosen
        greedily, then up to ``tail`` clicks by the playout policy. Without the tail a turn of
        many clicks (nine payments for a technology) would be judged half paid for, and a bot
        would only ever take the one-click actions."""
        rules.apply(world, role, action)
        for click in range(self.depth + self.tail):
            if rules.result(world) is not None or rules.active_roles(world) != [role]:
                break
            options = rules.legal_actions(world, role)
            if not options:
                break
            if click < self.depth or len(options) == 1:
                step = self._best_next(rules, world, role, options)
            elif policy is not None:
                step = policy(rules, world, role, options, self.rand)
            else:
                step = options[self.rand.randrange(len(options))]
            rules.apply(world, role, step)
        return state_values(rules, world).get(role, 0.0)

    def _best_next(self, rules: Rules, world: State, role: str, options: list[Action]) -> Action:
        if len(options) == 1:
            return options[0]
        best_value = -1.0
        best: list[Action] = []
        for option in options:
            trial = clone(world)
            rules.apply(trial, role, option)
            value = state_values(rules, trial).get(role, 0.0)
            if value > best_value + 1e-9:
                best_value, best = value, [option]
            elif value >= best_value - 1e-9:
                best.append(option)
        return self._tie_break(rules, world, role, best)
