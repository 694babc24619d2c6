"""The rules contract: the one interface every game implements and every client uses.

A game is a :class:`Rules` object. It never imports the server, the bots or the CLI; they
all reach it only through the methods below. The game state is plain data (dicts with
string keys, lists, ints, strings, bools, None), including the RNG word (``state["rng"]``)
and the flow stack, so it can be cloned, serialized, checksummed and replayed.

Actions are small click-sized tuples: ``(verb,)`` or ``(verb, noun)`` with string or int
parts, for example ``("rondel", "metallum")``, ``("city", 17)``, ``("done",)``. The same
per-role list drives the browser's highlighting, the bots, the fuzzer and the integer
action space for learning agents.
"""

from __future__ import annotations

import marshal
import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tavola.core.draws import weighted_pick  # noqa: F401  (offered here with the rest of the contract)

State = dict[str, Any]
Action = tuple[Any, ...]
Event = dict[str, Any]
"""A log entry: ``{"msg": key, "args": {...}}``; optional ``"to": [roles]`` limits who sees it,
``"dice": [...]`` lists dice shown, ``"reveal": True`` marks newly revealed hidden information,
``"replaces": True`` makes the earlier entries of its message about the same nation in the same
turn old news (a capital declared again: the log folds them under it)."""


@dataclass(frozen=True)
class OptionSpec:
    """One game option as shown on the create-game form."""

    name: str
    default: Any
    choices: tuple[Any, ...] = (False, True)
    label: str = ""
    rule: str = ""


@dataclass(frozen=True)
class Scenario:
    """A scenario (board, era) with the player counts it supports."""

    name: str
    title: str
    players: tuple[int, ...]
    default_players: int
    options: tuple[OptionSpec, ...] = field(default_factory=tuple)
    # Set when the result's scores do not compare the seats (each seat's condition is of its
    # own kind and the book keeps no common count): the rule section, a colon, then why. The
    # balance report's score bound then does not apply (docs/balance.md, "Fair seats").
    unscored: str = ""


@dataclass(frozen=True)
class Knowledge:
    """A game's hints for the search bots, given by :meth:`Rules.knowledge`.

    ``prior(rules, world, role, actions)`` is a non-negative weight per action (higher: try it
    first); ``playout(rules, world, role, actions, rand)`` is the action a cheap playout takes,
    one of ``actions``. Both only ever receive determinized worlds, never the true state.

    ``cutoff`` (0: none) lets the prior prune: an action whose weight is below ``cutoff`` times
    the best weight at a node is never opened there while a better one has been tried (a game
    whose prior knows the blunders keeps a small search from spending its few samples on them)."""

    prior: Callable[[Rules, State, str, list[Action]], list[float]] | None = None
    playout: Callable[[Rules, State, str, list[Action], random.Random], Action] | None = None
    cutoff: float = 0.0


StepInvariants = Callable[[State, str, Action, State, list[Event], "dict[str, int] | None"], list[str]]
"""``(before, role, action, after, events, seen) -> problems``: see :attr:`Rules.step_invariants`."""


Scored = tuple[str, str, str, float]
"""``(seat, scorer, source, points)``: see :meth:`Rules.scored`."""


def clone(state: State) -> State:
    """A deep copy of a plain-data state (marshal is the fastest deep copy CPython has)."""
    return marshal.loads(marshal.dumps(state))


class Rules(ABC):
    """Base class of a game's rules. Subclasses are stateless: all state lives in ``State``."""

    id: str = ""
    title: str = ""
    rulebook: str = ""
    """Short citation of the rulebook the section numbers refer to."""
    hidden_information: bool = False
    """Some role may not see part of the state (hands, allocations, deck order). Such a game must
    override :meth:`determinize`; the contract tests check it on every game that declares this."""
    state_version: int = 1
    """The layout of the game's state (its keys and what they hold). A game that renames what its
    state holds raises it and gives :meth:`legacy_state`, so records written before still
    verify: their checksums are checked on the state as the older layout wrote it."""

    # --- set-up -----------------------------------------------------------------------
    @abstractmethod
    def scenarios(self) -> list[Scenario]:
        """Every scenario, with its player counts and options."""

    @abstractmethod
    def roles(self, scenario: str, players: int, options: dict[str, Any]) -> list[str]:
        """The roles (seats) of a game with these settings, in seating order."""

    @abstractmethod
    def setup(self, scenario: str, players: int, options: dict[str, Any], seed: int) -> State:
        """The initial state. Must put the seeded RNG word in ``state["rng"]``."""

    # --- the loop ---------------------------------------------------------------------
    @abstractmethod
    def active_roles(self, state: State) -> list[str]:
        """Roles that may act now (several for simultaneous decisions); empty once over."""

    @abstractmethod
    def legal_actions(self, state: State, role: str) -> list[Action]:
        """Every legal action of ``role`` now; empty if the role is not active."""

    @abstractmethod
    def apply(self, state: State, role: str, action: Action) -> list[Event]:
        """Apply one legal action in place and return the log events it produced.

        Callers have already checked that ``action`` is in ``legal_actions(state, role)``."""

    @abstractmethod
    def result(self, state: State) -> dict[str, Any] | None:
        """None while the game runs; then ``{"winners": [...], "scores": {role: n}, "reason": str}``."""

    # --- what a role may see ----------------------------------------------------------
    @abstractmethod
    def view(self, state: State, role: str | None) -> dict[str, Any]:
        """Everything ``role`` may see (``None`` is an observer). Never the RNG word."""

    def round(self, state: State) -> int | None:
        """The round the game has reached, as its views report it under ``round`` (None: a
        game that counts none); the lists of matches show it. By default the state's own
        ``round`` entry, which is what every game that reports a round keeps: a game whose
        views say otherwise overrides this (a test holds the two equal for every game). Cheap:
        the server asks after every action, whether anyone watches or not."""
        value = state.get("round")
        return value if type(value) is int else None

    def composing(self, state: State, role: str) -> Any:
        """The secret choice of several clicks ``role`` is making now (allocating troops over
        generals, say), as a value naming it (``("allocation", round)``), or None.

        The session keeps such clicks in the role's own draft, which the role may revise and
        undo while others act; nobody else sees anything of it until the click after which
        ``composing`` names another choice (or none) commits the whole as one step. Clicks of a
        draft must not draw from the RNG, except the last."""
        return None

    def prompt(self, state: State, role: str) -> dict[str, Any]:
        """What ``role`` is asked now: ``{"text": key, "args": {...}, "rule": "§n"}``."""
        return {"text": "waiting", "args": {}, "rule": ""}

    def determinize(self, state: State, role: str, seed: int) -> State:
        """A full state consistent with everything ``role`` has seen, hidden parts resampled.

        Search bots plan on such worlds so they never read what their role cannot see. The
        RNG is always replaced (by a fast SplitMix64 word), so future dice are unknown. Games with hidden
        information override this to resample hands, allocations and deck order."""
        from tavola.core.rng import fast_state

        world = clone(state)
        world["rng"] = fast_state(seed)
        return world

    # --- for bots, fuzzers, learning agents --------------------------------------------
    def check(self, state: State) -> list[str]:
        """Invariant violations (for the fuzzer); empty when the state is sound."""
        return []

    step_invariants: StepInvariants | None = None
    """The game's invariants of one transition, as its invariants module writes them (a game
    sets ``step_invariants = staticmethod(invariants.check_step)``): :meth:`check_step` runs it."""

    def check_step(
        self,
        before: State,
        role: str,
        action: Action,
        after: State,
        events: list[Event],
        seen: dict[str, int] | None = None,
    ) -> list[str]:
        """Rulebook invariants of one transition (for the fuzzer); empty when it is sound.
        ``seen`` counts, by invariant name, every check that applied, failed or not."""
        if self.step_invariants is None:
            return []
        return self.step_invariants(before, role, action, after, events, seen)

    @property
    def checks_steps(self) -> bool:
        """Whether the game has invariants of one transition (the fuzzer then runs them)."""
        return self.step_invariants is not None or type(self).check_step is not Rules.check_step

    def evaluate(self, state: State) -> dict[str, float]:
        """A heuristic value in [0, 1] per role (1 = winning). Default: 0.5 for all."""
        return {r: 0.5 for r in state.get("roles", [])}

    def legacy_state(self, state: State, version: int) -> State:
        """``state`` as layout ``version`` (older than :attr:`state_version`) wrote it: only to
        check the checksums of records written then."""
        if version == self.state_version:
            return state
        # Reached only by a game that raised its state_version without describing the older
        # layout: loading a record refuses any version outside 1..state_version first.
        raise ValueError(f"{self.id} gives no way to write its state as layout {version}")

    def knowledge(self) -> Knowledge | None:
        """Action priors and a playout policy for search bots; ``None``: uniform and random."""
        return None

    @abstractmethod
    def action_space(self, scenario: str, players: int, options: dict[str, Any]) -> list[Action]:
        """Every action that can ever be legal with these settings, in a fixed order."""

    def undoable(self, state: State, role: str, action: Action) -> bool:
        """Whether the action may be taken back (before randomness, reveals or a role change)."""
        return True

    # --- positions (a set-up as plain data, see docs/positions.md) ------------------------
    def position(self, state: State) -> dict[str, Any]:
        """The state as a position: the game's board, pieces, purses, tracks and hands as
        plain, human-readable data, with ``"turn"``: whose turn, the step of the sequence and
        the pending decision. No RNG word: a position is loaded with a seed of its own."""
        raise NotImplementedError(f"{self.id or type(self).__name__} does not write positions yet")

    def position_seen(self, state: State, role: str) -> dict[str, Any]:
        """The position as ``role`` sees it: a game with hidden information leaves unknown what
        the role may not see (loading such a position fills it in from the seed)."""
        return self.position(state)

    def from_position(self, position: dict[str, Any], seed: int) -> State:
        """A full state from a position, validated against the rules and the board data.

        ``position`` already carries the checked ``game``, ``scenario``, ``players`` and
        ``options`` (all defaults filled in). Raises :class:`tavola.core.errors.PositionError`
        naming the faulty item; never returns a half-valid state. Where the position leaves
        hidden parts unknown and the seed fills them in, the log events saying so go under
        ``state["_filled"]`` (the loader takes them out: ``Game.filled``)."""
        raise NotImplementedError(f"{self.id or type(self).__name__} does not read positions yet")

    # --- for the user interface -------------------------------------------------------
    def board(self, scenario: str, players: int, options: dict[str, Any]) -> dict[str, Any]:
        """Static board data for drawing (areas, coordinates, adjacency, tracks)."""
        return {}

    def describe(self, state: State, role: str, action: Action) -> str:
        """A short English label for an action (the web client translates by verb)."""
        return " ".join(str(p) for p in action)

    def action_nouns(self, state: State, role: str, action: Action) -> Event | None:
        """What an action's nouns say, as a catalogue message (``{"msg", "args"}``), for the
        actions whose nouns are ids no reader should see (a card's number, two cities joined in
        one word). The clients show it after the verb's label, in the terminal and in the
        browser alike. None: the clients name each noun themselves."""
        return None

    def prompt_words(
        self, state: State, role: str, prompt: dict[str, Any], offered: list[Action]
    ) -> str | None:
        """The catalogue message the player reads for ``prompt`` (with its args) when its words
        depend on the actions offered now: a prompt must not offer what is not legal ("put
        some back" before anything can be). Both clients show it in place of the prompt's
        own text; ``prompt["text"]`` stays the step's key (agents read it). None: the prompt's own."""
        return None

    def summary(self, view: dict[str, Any]) -> list[list[Event]] | None:
        """The board of a view in words, for a client without a map (``tavola play``): lines,
        each a list of catalogue messages (``{"msg", "args"}``, as log entries are), read as
        "first: second, third...". None: the client lists the view's keys under their labels."""
        return None

    # --- for the balance report -------------------------------------------------------
    def scored(self, before: State, after: State, events: list[Event]) -> list[Scored] | None:
        """The points one action gave, for the balance report's points by round and source:
        rows ``(seat, scorer, source, points)``, the scorer a nation or faction where seats
        play several (else the seat), the source ``score_*`` for what a scoring round gives
        and the cause otherwise (``kill``, ``pillage``). ``before`` is a copy of the state
        the action was applied to. None: the game reports none (the default), and the
        balance run keeps no copy of the state before each action."""
        return None
