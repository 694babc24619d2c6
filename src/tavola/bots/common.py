"""Helpers shared by the search bots: value vectors and view signatures."""

from __future__ import annotations

import marshal
import zlib
from typing import Any

from tavola.core.rules import Action, Rules, State, clone


def outcome_values(result: dict[str, Any]) -> dict[str, float]:
    """The value of a finished game per role: a win is 1, a shared win is split, a loss 0.

    Roles missing from the answer lost: read it with ``values.get(role, 0.0)``."""
    winners = list(dict.fromkeys(result.get("winners", [])))
    values = {r: 0.0 for r in result.get("scores", {})}
    for r in winners:
        values[r] = 1.0 / len(winners)
    return values


def state_values(rules: Rules, world: State) -> dict[str, float]:
    """The outcome if the world is finished, else the game's heuristic evaluation."""
    result = rules.result(world)
    if result is not None:
        return outcome_values(result)
    return rules.evaluate(world)


def view_signature(rules: Rules, state: State, role: str) -> int:
    """A checksum of what ``role`` sees: equal signatures mean the role cannot tell two states
    apart, which is how the tree search finds the situation again after other roles moved.

    In a game without hidden information every role sees the whole state but its RNG word
    (future dice), so the state without that word is signed instead of a view built from it:
    equal states show equal views, and it costs a fraction (the search signs the worlds of its
    first plies at every visit). Two states that differ only in what no view shows sign apart,
    which at worst keeps less of the tree."""
    if not rules.hidden_information:
        data = marshal.dumps({k: v for k, v in state.items() if k != "rng"}, 2)
        return zlib.crc32(data)
    view = rules.view(state, role)
    try:
        # Version 2 writes no back-references, so the bytes depend on the values only, not on
        # which objects happen to be shared (a live state and its clone sign alike).
        data = marshal.dumps(view, 2)
    except ValueError:
        data = repr(view).encode()
    return zlib.crc32(data)


def situation_signature(rules: Rules, state: State, role: str) -> int:
    """A checksum of the decision ``role`` faces: what it sees, what it is asked and what it may
    do. Unlike the view alone it tells apart the clicks of a turn (a group chosen, a unit
    picked), which many games keep out of the view."""
    facts = (rules.view(state, role), rules.prompt(state, role), rules.legal_actions(state, role))
    try:
        data = marshal.dumps(facts, 2)
    except ValueError:
        data = repr(facts).encode()
    return zlib.crc32(data)


class Repetitions:
    """The decisions a bot has taken lately, to keep it from going round in circles.

    A game may let a player undo a click with another (choose a group, put it down again; trade
    one resource for another and back). A bot that found the first click good finds it good
    again and loops for ever; a person would not. Before deciding, a bot asks which of its
    actions lead straight back to a decision it has taken lately, and prefers the others. Only
    the bot's own role's views are read."""

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self._seen: dict[int, None] = {}  # insertion-ordered: the oldest is dropped first

    def clear(self) -> None:
        self._seen.clear()

    def remember(self, sig: int) -> None:
        seen = self._seen
        seen.pop(sig, None)
        seen[sig] = None
        if len(seen) > self.size:
            del seen[next(iter(seen))]

    def fresh(self, rules: Rules, world: State, role: str, actions: list[Action]) -> list[Action]:
        """The actions that do not lead back to a decision already taken; if every one does,
        those leading to the decision taken longest ago (so a bot caught in a circle walks out
        of it the way it came in: a group put down again is followed by the end of the phase,
        not by the same group once more). ``world`` is a state the role may plan on (a
        determinized world)."""
        if not self._seen or len(actions) < 2:
            return actions
        seen = self._seen
        new: list[Action] = []
        back: list[tuple[int, Action]] = []
        for action in actions:
            trial = clone(world)
            rules.apply(trial, role, action)
            # Handing the decision over (the role stops being active) never goes round in a
            # circle; staying active, alone or beside others acting at the same time, may.
            if rules.result(trial) is not None or role not in rules.active_roles(trial):
                new.append(action)
                continue
            sig = situation_signature(rules, trial, role)
            if sig in seen:
                back.append((sig, action))
            else:
                new.append(action)
        if new:
            return new
        age = {sig: i for i, sig in enumerate(seen)}  # 0: the oldest remembered
        oldest = min(age[sig] for sig, _ in back)
        return [a for sig, a in back if age[sig] == oldest]
