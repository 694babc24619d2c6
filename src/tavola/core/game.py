"""A game session: the rules contract plus validation, undo, log, checksums and records.

Everything that talks to players (the CLI, the web server, replays) goes through
:class:`Game`. Bots, the fuzzer and benchmarks may call the rules directly on cloned states
for speed, but a session is the only way an action enters a real game.
"""

from __future__ import annotations

import json
import marshal
import sys
import zlib
from array import array
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from tavola.core import checksums, rng
from tavola.core.errors import (
    CorruptRecord,
    IllegalAction,
    MalformedAction,
    PositionError,
    UnknownGame,
    WrongRole,
)
from tavola.core.history import Checksums, Log, LogView, Packed
from tavola.core.position import load, write
from tavola.core.registry import get_rules
from tavola.core.rules import Action, Event, Rules, State, clone

RECORD_FORMAT = 4
"""Format 4 records draw from the keyed stream and write the canonical-JSON checksum; format 3
records (written before it) the canonical-bytes checksum, format 2 the ASCII JSON checksum,
format 1 records also draw from SplitMix64: each replays to the checksums it was written with
(see :mod:`tavola.core.checksums`)."""
GENERATORS = {1: rng.SPLITMIX, 2: rng.STREAM, 3: rng.STREAM, 4: rng.STREAM}
FORMAT_OF = {rng.SPLITMIX: 1, rng.STREAM: RECORD_FORMAT}
"""The newest format on each generator."""
UNDO: Action = ("undo",)
COMMIT = "commit"
"""Verb of a secret choice of several clicks committed whole: ``("commit", n1, *click1, n2,
*click2, ...)``, each click preceded by its length. One step of the record."""
OFFERS_KEPT = 64
_PYTHON = f"marshal{marshal.version}:py{sys.version_info[0]}.{sys.version_info[1]}"
SNAPSHOT_TAG = f"tavola-snapshot:2:{_PYTHON}"
"""What :meth:`Game.snapshot` bytes are written in: marshal's format may change between Python
versions, so a snapshot of another one is refused (the caller replays the record instead).
Format 2 holds the past packed (:mod:`tavola.core.history`); format 1, written before, held it
as lists, and is still read."""
_LISTS_TAG = f"tavola-snapshot:1:{_PYTHON}"
STALE = "its state was edited in place without Game.edited()"
SESSION_KEYS = frozenset({"active", "step", "result", "prompt", "actions", "can_undo", "log"})
"""The keys :meth:`Game.view` adds to a game's view: a game's own view may not use them."""


@dataclass
class Draft:
    """A role's secret choice in the making: its clicks so far and the state they lead to."""

    choice: Any
    """What ``Rules.composing`` named the choice when the draft began."""
    clicks: list[Action]
    state: State


@dataclass(frozen=True)
class Mark:
    """A session as it was at one step, to go back to (see :meth:`Game.rewind`)."""

    step: int
    state: bytes
    log: Log
    """The log itself (a copy), not its length: an undo after the mark cuts the log and
    writes anew."""
    undo: tuple[tuple[str, Action, int], ...]
    base: bytes
    chance: tuple[tuple[int, ...], ...]


def encode_commit(clicks: list[Action]) -> Action:
    out: list[Any] = [COMMIT]
    for click in clicks:
        out += [len(click), *click]
    return tuple(out)


def decode_commit(action: Action) -> list[Action]:
    clicks, i = [], 1
    while i < len(action):
        n = action[i]
        if isinstance(n, bool) or not isinstance(n, int) or n < 1 or i + 1 + n > len(action):
            raise MalformedAction(f"a commit is (commit, n, click..., n, click...), not {list(action)}")
        clicks.append(parse_action(list(action[i + 1 : i + 1 + n])))
        i += 1 + n
    if not clicks:
        raise MalformedAction("a commit holds at least one click")
    return clicks


checksum = checksums.checksum
"""The checksum new records write (format 4)."""


def parse_action(raw: Any) -> Action:
    """An action from JSON (a list or tuple of strings and ints), or a clear error."""
    if isinstance(raw, str):
        raw = [raw]
    if not isinstance(raw, list | tuple) or not raw:
        raise MalformedAction(f"an action is a non-empty list [verb, ...], not {raw!r}")
    if not isinstance(raw[0], str):
        raise MalformedAction(f"an action starts with its verb (a string), not {raw[0]!r}")
    for part in raw:
        if isinstance(part, bool) or not isinstance(part, str | int):
            raise MalformedAction(f"action parts are strings or integers, not {part!r}")
    # Interned: a record's verbs and nouns repeat, and a server holds many games' actions.
    return tuple(sys.intern(part) if type(part) is str else part for part in raw)


class Game:
    """One game in play: ``Game("antike-ii", "orient", 4, {}, seed=7)``."""

    verify = False
    """Compare the actions offered after a step, which views show and actions are checked
    against, with a fresh listing (tests): a state edited in place without :meth:`edited`
    raises."""

    def __init__(
        self,
        game_id: str,
        scenario: str | None = None,
        players: int | None = None,
        options: dict[str, Any] | None = None,
        seed: int = 0,
        *,
        rules: Rules | None = None,
        record_format: int | None = None,
    ) -> None:
        self.rules: Rules = rules or get_rules(game_id)
        self._nouns = type(self.rules).action_nouns is not Rules.action_nouns  # else asked of no action
        self.game_id = game_id
        scenarios = {s.name: s for s in self.rules.scenarios()}
        if scenario is None:
            scenario = next(iter(scenarios))
        if scenario not in scenarios:
            raise UnknownGame(f"{game_id} has no scenario {scenario!r}; scenarios: {', '.join(scenarios)}")
        spec = scenarios[scenario]
        if players is None:
            players = spec.default_players
        if players not in spec.players:
            counts = ", ".join(str(n) for n in spec.players)
            raise UnknownGame(f"{game_id} {scenario} is for {counts} players, not {players}")
        merged = {o.name: o.default for o in spec.options}
        for key, value in (options or {}).items():
            opt = next((o for o in spec.options if o.name == key), None)
            if opt is None:
                raise UnknownGame(f"{game_id} {scenario} has no option {key!r}")
            # The JSON type must match too (1 == True in Python): a record keeps options exact.
            if not any(type(value) is type(choice) and value == choice for choice in opt.choices):
                raise UnknownGame(f"option {key!r} takes one of {list(opt.choices)}, not {value!r}")
            merged[key] = value
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise UnknownGame(f"the seed is an integer, not {seed!r}")
        self.scenario = scenario
        self.players = players
        self.options = merged
        if record_format is None:  # the generator a replay chose, else the keyed stream
            chosen = rng.current_generator()
            record_format = RECORD_FORMAT if chosen is None else FORMAT_OF[chosen]
        if record_format not in GENERATORS:
            raise UnknownGame(f"record format {record_format!r} is not supported")
        self.seed = seed
        self.record_format = record_format
        with rng.generator(GENERATORS[record_format]):
            self.state: State = self.rules.setup(scenario, players, merged, seed)
        self.roles: list[str] = self.rules.roles(scenario, players, merged)
        # The past, packed (tavola.core.history): read like lists, appended to, never cut in place.
        self.actions: Packed[list[Any]] = Packed()  # [role, verb, noun...] per step, undo included
        self.checksums = Checksums()
        self.log = Log()
        self.chance: list[list[int]] = []  # the public draws of the last step: [sides, outcome]
        self._undo: list[tuple[str, Action, int]] = []  # (role, action, log length before it)
        """The steps that may be taken back, one role's in a row, all from :attr:`_base`."""
        self._base = b""
        """The state before the first of them, marshalled: a step is taken back by loading it
        and playing the others again (they drew nothing), so only the first costs a snapshot."""
        self._drafts: dict[str, Draft] = {}
        self._offers: dict[str, dict[int, int]] = {}  # role -> {step: hash of the actions shown}
        self._offered: dict[str, tuple[int, State, list[Action]]] = {}  # see _offered_now
        self.private = False
        """Whether the last :meth:`apply` changed only the acting role's draft: nobody else may
        learn of it (no step, no record, no push to others)."""
        self._views: dict[str | None, tuple[int, State, dict[str, Any]]] = {}
        self._changes = 0  # counts every apply: a view built since is still the view
        self._visible: dict[str | None, tuple[Log, int, array[int]]] = {}
        """Per role, once some log entry is private: the log read, how many of its entries
        were read, and the indices of those the role may read."""
        self._decoded: dict[str | None, tuple[Log, list[Event]]] = {}
        """The entries :meth:`view` decoded, by role (see :meth:`_decoded_log`)."""
        self._offer_all()
        self.start: dict[str, Any] | None = None  # the position it started from, if any
        self.state_version = self.rules.state_version
        """The layout of the state its checksums are written in: the game's current one, or the
        older one of the record it was replayed from, so a stored match goes on in one layout."""
        self.filled: list[Event] = []
        """What the start position left unknown and the seed filled in (log events)."""

    @classmethod
    def from_position(
        cls, game_id: str | None, position: dict[str, Any], seed: int = 0, *, record_format: int | None = None
    ) -> Game:
        """A game in play from a position (docs/positions.md); raises PositionError naming the
        faulty item. The game remembers the position it started from, and its record carries it."""
        if record_format is None:  # the generator a replay chose, else the keyed stream
            chosen = rng.current_generator()
            record_format = RECORD_FORMAT if chosen is None else FORMAT_OF[chosen]
        if record_format not in GENERATORS:
            raise UnknownGame(f"record format {record_format!r} is not supported")
        # What the position leaves unknown is filled from the seed, on the format's generator.
        with rng.generator(GENERATORS[record_format]):
            full, state, filled = load(game_id, position, seed)
        game = cls(
            full["game"],
            full["scenario"],
            full["players"],
            full["options"],
            seed,
            record_format=record_format,
        )
        game.edited(state)
        game.start = full
        game.filled = filled
        return game

    def edited(self, state: State | None = None) -> None:
        """The state was set (``state``) or changed in place by hand, outside :meth:`apply`:
        a position being built (tests, tools). What the session took of the state before is
        dropped (the actions it offered, its views, the steps that may be taken back, whose
        snapshot predates the edit) and every active role is offered its actions again; open
        drafts are replayed on it. Whoever edits a session's state calls this before the
        session is asked anything; nothing else does (the session knows its own changes)."""
        if state is not None:
            self.state = state
        self._changes += 1
        self._views.clear()
        self._undo.clear()
        self._rebase()
        self._offer_all()

    def position(self, role: str | None = None) -> dict[str, Any]:
        """The current situation as a position (plain data, YAML/JSON-ready), header first; with
        ``role``, as that role sees it: what it may not see is left unknown (docs/positions.md)."""
        if role is not None:
            self._check_role(role)
        return write(self.game_id, self.state, role)

    # --- reading ----------------------------------------------------------------------
    @property
    def active_roles(self) -> list[str]:
        return self.rules.active_roles(self.state)

    def legal_actions(self, role: str) -> list[Action]:
        self._check_role(role)
        actions = self.rules.legal_actions(self._seen_state(role), role)
        if self.can_undo(role):
            actions = [*actions, UNDO]
        return actions

    def can_undo(self, role: str) -> bool:
        return role in self._drafts or (bool(self._undo) and self._undo[-1][0] == role)

    def state_of(self, role: str) -> State:
        """The state as ``role`` is playing it: its draft's, while it composes a secret choice
        (bots think on it), else the committed one. Never hand it to a client."""
        return self._seen_state(role)

    def _seen_state(self, role: str | None) -> State:
        draft = self._drafts.get(role) if role is not None else None
        return draft.state if draft is not None else self.state

    def offer(self, role: str) -> list[Action]:
        """The role's legal actions, remembered for :meth:`fresh` as shown at this step."""
        actions = self.legal_actions(role)
        self._offered[role] = (self._changes, self._seen_state(role), actions)
        step = len(self.actions)
        offers = self._offers.setdefault(role, {})
        offers[step] = hash(tuple(actions))
        while len(offers) > OFFERS_KEPT:  # one a step: the oldest found without sorting them all
            del offers[min(offers)]
        return actions

    def _offered_now(self, role: str, seen: State) -> list[Action]:
        """The actions offered to ``role`` since the game last changed (after a step every
        active role is offered its actions, and its view shows them), else offered now. They
        are held with the change and the very state they were listed for (not its id, which
        a new state may reuse); with :attr:`verify` on, compared with a fresh listing."""
        held = self._held(role, seen)
        return self.offer(role) if held is None else held

    def _held(self, role: str, seen: State) -> list[Action] | None:
        """The actions offered to ``role`` at this very change, for this very state, if any;
        with :attr:`verify` on, compared with a fresh listing."""
        held = self._offered.get(role)
        if held is None or held[0] != self._changes or held[1] is not seen:
            return None
        if Game.verify and held[2] != self.legal_actions(role):
            raise RuntimeError(f"{self.game_id}: the actions offered to {role} are stale ({STALE})")
        return held[2]

    def _offer_all(self) -> None:
        # What every active role may do at this new step, so a role whose choices another
        # role's step did not change keeps playing on its view (see fresh). The offers of
        # roles no longer active go: they would hold on to a state the session has left.
        self._offered.clear()
        for role in self.active_roles:
            self.offer(role)

    def fresh(self, role: str, step: int) -> bool:
        """Whether an action of ``role`` chosen on its view of ``step`` may still be played.

        Stale only if the role acted since, or its choices changed since it was shown them: a
        step another role took in the meantime (a secret choice committed beside this one)
        does not make it stale."""
        now = len(self.actions)
        if step == now:
            return True
        if not 0 <= step < now or any(entry[0] == role for entry in self.actions[step:]):
            return False
        shown = self._offers.get(role, {}).get(step)
        return shown is not None and shown == hash(tuple(self.legal_actions(role)))

    @property
    def is_over(self) -> bool:
        return self.rules.result(self.state) is not None

    @property
    def result(self) -> dict[str, Any] | None:
        return self.rules.result(self.state)

    @property
    def round(self) -> int | None:
        """The round the game has reached (:meth:`Rules.round`), without building a view."""
        return self.rules.round(self.state)

    def view(self, role: str | None) -> dict[str, Any]:
        """The role's redacted view, with its prompt, legal actions and visible log: plain data,
        the log a list of its own. (A server sends windows of the log: :meth:`packed_view`.)"""
        view = self.packed_view(role)
        view["log"] = self._decoded_log(role, view["log"])
        return view

    def packed_view(self, role: str | None) -> dict[str, Any]:
        """The role's view with its log as a :class:`LogView` (:meth:`visible_log`), whose
        entries are decoded when read: what a server holds and sends windows of.

        Built once per change of the game: the answer to an action and the pushes after it
        share it (each caller gets its own top-level dict)."""
        held = self._views.get(role)
        if held is not None and held[0] == self._changes and held[1] is self.state:
            return dict(held[2])
        view = self._build_view(role)
        self._views[role] = (self._changes, self.state, view)
        return dict(view)

    def forget_views(self) -> None:
        """Drop the views kept for this change (they are built again when asked for): a server
        holding many live games keeps none it has already sent."""
        self._views.clear()
        self._decoded.clear()

    def _decoded_log(self, role: str | None, seen: LogView) -> list[Event]:
        """The entries of ``seen`` (the role's visible log now) as a list of its own. Each
        entry is decoded once: a session asked for plain views (tools, tests, the command line)
        keeps the entries it decoded, by role while some entry is private, else for all."""
        key = role if self.log.private else None
        held = self._decoded.get(key)
        entries = held[1] if held is not None and held[0] is self.log else []
        entries.extend(seen[len(entries) :])
        self._decoded[key] = (self.log, entries)
        if key is not None:
            self._decoded.pop(None, None)
        return entries[: len(seen)]

    def _build_view(self, role: str | None) -> dict[str, Any]:
        if role is not None:
            self._check_role(role)
        # A role composing a secret choice sees its own draft; everyone else the committed state.
        seen = self._seen_state(role)
        game_view = self.rules.view(seen, role)
        clash = SESSION_KEYS.intersection(game_view)
        if clash:
            raise ValueError(f"{self.game_id}: Rules.view uses the session's keys {sorted(clash)}")
        view = dict(game_view)  # the game's own dict is never written to
        active = self.active_roles
        view["active"] = active
        view["step"] = len(self.actions)
        view["result"] = self.result
        if role is not None and role in active:
            view["prompt"] = self.rules.prompt(seen, role)
            offered = self._offered_now(role, seen)
            view["actions"] = [list(a) for a in offered]
            nouns = [self.rules.action_nouns(seen, role, a) for a in offered] if self._nouns else []
            if any(nouns):
                # each action's nouns in words, in the order of the actions (Rules.action_nouns)
                view["prompt"] = {**view["prompt"], "nouns": nouns}
            say = self.rules.prompt_words(seen, role, view["prompt"], offered)
            if say:
                # the prompt worded by what is offered now (Rules.prompt_words)
                view["prompt"] = {**view["prompt"], "say": say}
        else:
            view["prompt"] = None
            view["actions"] = []
        view["can_undo"] = role is not None and self.can_undo(role)
        # A draft writes no log: its entries come with the commit (log windows stay append-only).
        view["log"] = self.visible_log(role)
        return view

    def visible_log(self, role: str | None) -> LogView:
        """The log entries ``role`` may read (see :func:`visible_log`) as they are now, decoded
        when read: a sequence that reads like a list and equals one.

        While no entry is private, every role reads them all. Then each role's entries are
        found once: only those added since the last call are looked at (the log grows at its
        end, and an undo makes a new one, which starts the reading over)."""
        log = self.log
        if not log.private:
            return LogView(log, len(log))
        held = self._visible.get(role)
        read, index = (held[1], held[2]) if held is not None and held[0] is log else (0, array("I"))
        index.extend(log.readers(role, read, len(log)))
        self._visible[role] = (log, len(log), index)
        return LogView(log, len(index), index)

    # --- acting -----------------------------------------------------------------------
    def apply(self, role: str, action: Any) -> list[Event]:
        """Validate and apply one action of ``role``; raises and changes nothing if illegal."""
        action = parse_action(action)
        self._check_role(role)
        shown = self._shown(role)
        self.private = False
        self._changes += 1
        if action == UNDO:
            return self.undo(role)
        if role not in self.active_roles:
            raise WrongRole(f"{role} may not act now; waiting for {', '.join(self.active_roles) or 'nobody'}")
        if action[0] == COMMIT:
            return self._commit(role, decode_commit(action))
        if role in self._drafts or self.rules.composing(self.state, role) is not None:
            return self._draft(role, action)
        return self._step(role, action, shown)

    def _shown(self, role: str) -> list[Action] | None:
        """The actions offered to ``role`` at this very change of the committed state (every
        step offers them to each active role), if any: an action is validated against them
        instead of a fresh listing. With :attr:`verify` on, compared with one."""
        return None if role in self._drafts else self._held(role, self.state)

    def _step(self, role: str, action: Action, shown: list[Action] | None = None) -> list[Event]:
        legal = self.rules.legal_actions(self.state, role) if shown is None else shown
        if action not in legal or action == UNDO:
            raise IllegalAction(f"{role} may not play {list(action)} now")
        before_roles = self.rules.active_roles(self.state)
        if self._undo and self._undo[-1][0] != role:
            self._undo.clear()
        undoable = self.rules.undoable(self.state, role, action)
        if undoable and not self._undo:  # the first step of a run that may be taken back
            self._base = marshal.dumps(self.state)
        before_rng = rng.position(self.state)
        draws: list[list[int]] = []
        self.state["_draws"] = draws
        try:
            events = self.rules.apply(self.state, role, action)
        except Exception:
            # A rules bug must not leave a half-applied state behind.
            if undoable:
                self.state = self._taken_back()
            raise
        finally:
            self.state.pop("_draws", None)
        self.chance = rng.public_draws(draws)  # secret draws (a hidden shuffle) are never reported
        for ev in events:
            ev.setdefault("role", role)
            ev.setdefault("step", len(self.actions))
        log_len = len(self.log)
        self.log.extend(events)
        self.actions.append([sys.intern(role), *action])
        self.checksums.append(self._checksum())
        if (
            not undoable
            or rng.position(self.state) != before_rng
            or any(ev.get("reveal") for ev in events)
            or self.rules.active_roles(self.state) != before_roles
        ):
            self._undo.clear()
        else:
            self._undo.append((role, action, log_len))
        self._rebase()
        self._offer_all()
        return events

    # --- secret choices of several clicks -----------------------------------------------
    def _draft(self, role: str, click: Action) -> list[Event]:
        """One click of a secret choice: into the role's draft, or committing it when it ends."""
        draft = self._drafts.get(role)
        base = draft.state if draft is not None else self.state
        choice = draft.choice if draft is not None else self.rules.composing(base, role)
        if click not in self.rules.legal_actions(base, role):
            raise IllegalAction(f"{role} may not play {list(click)} now")
        work, events, _ = self._try(role, click, base, choice)
        clicks = [*(draft.clicks if draft else []), click]
        if self.rules.composing(work, role) == choice:
            self._drafts[role] = Draft(choice, clicks, work)
            self.private = True
            self.chance = []
            return events
        self._drafts.pop(role, None)
        return self._commit(role, clicks)

    def _try(
        self, role: str, click: Action, base: State, choice: Any
    ) -> tuple[State, list[Event], list[list[Any]]]:
        """One click on a copy of ``base``. Only the click that ends a choice may draw (the
        draft's copy of the RNG is thrown away; the commit draws on the real one)."""
        work = clone(base)
        draws: list[list[Any]] = []
        work["_draws"] = draws
        try:
            events = self.rules.apply(work, role, click)
        finally:
            work.pop("_draws", None)
        if draws and self.rules.composing(work, role) == choice:
            raise RuntimeError(f"{self.game_id}: a click of a secret choice drew from the RNG")
        for ev in events:
            ev.setdefault("role", role)
            ev.setdefault("step", len(self.actions))
        return work, events, draws

    def _commit(self, role: str, clicks: list[Action]) -> list[Event]:
        """A whole secret choice, validated click by click, taking effect as one step or not at all."""
        if len(clicks) == 1:
            self._drafts.pop(role, None)
            return self._step(role, clicks[0])
        choice = self.rules.composing(self.state, role)
        if choice is None:
            raise IllegalAction(f"{role} is not making a secret choice now")
        state, events, draws = self.state, [], []
        for i, click in enumerate(clicks):
            if i and self.rules.composing(state, role) != choice:
                raise IllegalAction(f"{role}'s choice ended before its last click")
            if click not in self.rules.legal_actions(state, role):
                raise IllegalAction(f"{role} may not play {list(click)} in this choice")
            state, more, draws = self._try(role, click, state, choice)
            events += more
        if self.rules.composing(state, role) == choice:
            raise IllegalAction(f"{role}'s choice is not complete")
        self._drafts.pop(role, None)
        self.state = state
        self.chance = rng.public_draws(draws)
        self.log.extend(events)
        self.actions.append([sys.intern(role), *encode_commit(clicks)])
        self.checksums.append(self._checksum())
        self._undo.clear()
        self._rebase()
        self._offer_all()
        return events

    def _rebase(self) -> None:
        """Replay every open draft on the new committed state (a draft no longer legal is dropped)."""
        for role, draft in list(self._drafts.items()):
            state = self.state
            try:
                if (
                    role not in self.rules.active_roles(state)
                    or self.rules.composing(state, role) != draft.choice
                ):
                    raise IllegalAction("the choice is over")
                for click in draft.clicks:
                    if click not in self.rules.legal_actions(state, role):
                        raise IllegalAction("no longer legal")
                    state, _, _ = self._try(role, click, state, draft.choice)
            except IllegalAction:
                del self._drafts[role]
                continue
            self._drafts[role] = Draft(draft.choice, draft.clicks, state)

    def drafts(self) -> dict[str, list[list[Any]]]:
        """Each role's secret choice in the making, as its clicks (plain data): what a server
        stores so that another process, or this one after a crash, carries on with it."""
        return {role: [list(click) for click in draft.clicks] for role, draft in self._drafts.items()}

    def restore_drafts(self, drafts: dict[str, list[Any]]) -> None:
        """Put back the drafts :meth:`drafts` gave, replayed on the committed state (a draft
        that no longer fits it is dropped, as when another role's step ends it); every other
        draft is forgotten."""
        self._drafts = {}
        for role, clicks in drafts.items():
            self._check_role(role)
            choice = self.rules.composing(self.state, role)
            if choice is not None and clicks:
                self._drafts[role] = Draft(choice, [parse_action(c) for c in clicks], self.state)
        self._rebase()
        self._changes += 1
        self._offer_all()

    def undo(self, role: str) -> list[Event]:
        """Take back ``role``'s last action if nothing random, hidden or another role came since;
        in a secret choice, the last click of the role's own draft, whatever others did."""
        self._check_role(role)
        if not self.can_undo(role):
            raise IllegalAction(f"{role} has nothing to undo")
        draft = self._drafts.get(role)
        if draft is not None:
            self.private = True
            self.chance = []
            if len(draft.clicks) == 1:
                del self._drafts[role]
            else:
                self._drafts[role] = Draft(draft.choice, draft.clicks[:-1], self.state)
                self._rebase()
            return []
        _, _, log_len = self._undo.pop()
        self.state = self._taken_back()
        self.log = self.log.cut(log_len)
        self.actions.append([sys.intern(role), *UNDO])
        self.checksums.append(self._checksum())
        self.chance = []
        self._rebase()
        self._offer_all()
        return [{"msg": "undo", "args": {}, "role": role, "step": len(self.actions) - 1}]

    def _taken_back(self) -> State:
        """The state after the steps in :attr:`_undo`, from :attr:`_base`."""
        state = marshal.loads(self._base)
        for role, action, _ in self._undo:
            state["_draws"] = []
            self.rules.apply(state, role, action)
            del state["_draws"]
        return state

    # --- going back (replays) ------------------------------------------------------------
    def mark(self) -> Mark:
        """The session as it is now, for :meth:`rewind` (a replay that jumps back goes to its
        nearest mark rather than to the start). Not while a secret draft is open."""
        if self._drafts:
            raise ValueError("a session with open drafts cannot be marked")
        return Mark(
            len(self.actions),
            marshal.dumps(self.state),
            self.log.cut(len(self.log)),
            tuple(self._undo),
            self._base,
            tuple(tuple(c) for c in self.chance),
        )

    def rewind(self, mark: Mark) -> None:
        """Back to a mark this session took, its later steps dropped: the session is then the
        one a replay of its first ``mark.step`` actions builds."""
        if not 0 <= mark.step <= len(self.actions) or self._drafts:
            raise ValueError(f"no way back to step {mark.step} from step {len(self.actions)}")
        self.state = marshal.loads(mark.state)
        self.actions = self.actions.cut(mark.step)
        self.checksums = self.checksums.cut(mark.step)
        self.log = mark.log.cut(len(mark.log))
        self._undo = list(mark.undo)
        self._base = mark.base
        self.chance = [list(c) for c in mark.chance]
        self.private = False
        self._views.clear()
        self._offers.clear()
        self._changes += 1
        self._offer_all()

    def snapshot(self) -> bytes:
        """The committed session as it is now (state, actions, checksums, log, the run of steps
        that may be taken back, the last step's public draws), compressed, for :meth:`resume`.
        A server stores one every few steps beside the record, so rebuilding a game replays
        only the steps after the last one. Open secret drafts are not in it (stored apart)."""
        body = (
            SNAPSHOT_TAG,
            self.actions.dump(),
            self.checksums.dump(),
            self.state,
            self.log.dump(),
            self._undo,
            self._base,
            self.chance,
        )
        return zlib.compress(marshal.dumps(body), 1)

    def resume(self, snapshot: bytes, *, trusted: bool = False) -> None:
        """Put this session, fresh from the record's settings (no step played yet), where
        :meth:`snapshot` took its game. Refused (ValueError, nothing changed) if the bytes are
        not a snapshot of this Python's, or its state does not give its own last checksum: the
        caller then replays the record from the start.

        ``trusted``: the bytes are a snapshot this process took of a game it held (a server's
        live game frozen in memory), so the checksum is not computed again and the actions are
        taken as written (marshal keeps their strings interned): two fifths of the work."""
        if self.actions or self._drafts:
            raise ValueError("only a session with no step played resumes from a snapshot")
        try:
            tag, actions, sums, state, log, undo, base, chance = marshal.loads(zlib.decompress(snapshot))
            actions, sums, log = _past(tag, actions, sums, log)
        except (ValueError, TypeError, EOFError, IndexError, zlib.error) as exc:
            raise ValueError(f"not a snapshot: {exc}") from None
        if len(actions) != len(sums):
            raise ValueError("a snapshot with a checksum per action")
        held, self.state = self.state, state
        if not trusted and sums and self._checksum() != sums[-1]:
            self.state = held
            raise ValueError(f"the snapshot's state does not give its checksum at step {len(sums) - 1}")
        if not trusted:
            actions = Packed([sys.intern(entry[0]), *parse_action(entry[1:])] for entry in actions)
        self.actions = actions
        self.checksums = sums
        self.log = log
        self._undo = [(role, tuple(action), at) for role, action, at in undo]
        self._base = base
        self.chance = chance
        self._visible.clear()
        self._views.clear()
        self._offers.clear()
        self._changes += 1
        self._offer_all()

    def past_bytes(self) -> int:
        """The memory its past holds: the packed actions, checksums and log, the snapshot undo
        starts from, and (once some entry is private) the log's index for each role and the
        observer, counted as if all were read (so the figure moves only with a change)."""
        indexes = (len(self.roles) + 1) * 4 * len(self.log) if self.log.private else 0
        held = self.actions.nbytes() + self.checksums.nbytes() + self.log.nbytes() + indexes
        return held + sys.getsizeof(self._base)

    def _check_role(self, role: str) -> None:
        if role not in self.roles:
            raise WrongRole(f"{role!r} is not a role of this game; roles: {', '.join(self.roles)}")

    # --- records ----------------------------------------------------------------------
    @property
    def dice_commitment(self) -> str | None:
        """The public commitment to the seed (keyed-stream games only): see docs/fairness.md."""
        return rng.commitment(self.seed) if self.record_format >= 2 else None

    def _checksum(self) -> str:
        """The checksum of the state, on the layout of :attr:`state_version`."""
        write = checksums.BY_FORMAT[self.record_format]
        if self.state_version == self.rules.state_version:
            return write(self.state)
        return write(self.rules.legacy_state(self.state, self.state_version))

    def record(self) -> dict[str, Any]:
        """The game record: settings, seed and every action, with a checksum per step."""
        out = {
            "format": self.record_format,
            "game": self.game_id,
            "scenario": self.scenario,
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "actions": [list(a) for a in self.actions],
            "checksums": list(self.checksums),
        }
        if self.start is not None:
            out["position"] = self.start
        if self.dice_commitment is not None:
            out["dice_commitment"] = self.dice_commitment
        if self.state_version != 1:
            out["state_version"] = self.state_version
        return out


def _past(tag: str, actions: Any, sums: Any, log: Any) -> tuple[Packed[list[Any]], Checksums, Log]:
    """The actions, checksums and log of a snapshot, packed as a session holds them: written
    packed (:data:`SNAPSHOT_TAG`) or, before, as lists."""
    if tag == SNAPSHOT_TAG:
        return Packed.load(actions), Checksums.load(sums), Log.load(log)
    if tag == _LISTS_TAG:
        return Packed(actions), Checksums(sums), Log(log)
    raise ValueError(f"a snapshot written as {tag!r}, not {SNAPSHOT_TAG!r}")


def visible_log(log: Iterable[Event], role: str | None) -> list[Event]:
    """The log entries a role may read (entries with ``to`` are private to those roles)."""
    return [ev for ev in log if "to" not in ev or (role is not None and role in ev["to"])]


def new_game(
    game_id: str,
    scenario: str | None = None,
    players: int | None = None,
    seed: int = 0,
    options: dict[str, Any] | None = None,
) -> Game:
    """Start a game: ``new_game("antike-ii", scenario="orient", players=4, seed=7)``."""
    return Game(game_id, scenario, players, options, seed)


_RECORD_KEYS = {"game", "scenario", "players", "options", "seed", "actions"}


def load_record(text_or_data: str | bytes | dict[str, Any]) -> dict[str, Any]:
    """Parse and shape-check a record (JSON text or already-parsed data)."""
    if isinstance(text_or_data, dict):
        data = text_or_data
    else:
        try:
            data = json.loads(text_or_data)
        except (ValueError, UnicodeDecodeError) as exc:
            raise CorruptRecord(f"the record is not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise CorruptRecord("a record is a JSON object")
    missing = _RECORD_KEYS - set(data)
    if missing:
        raise CorruptRecord(f"the record lacks {', '.join(sorted(missing))}")
    fmt = data.get("format", 1)  # records older than the field were format 1
    if isinstance(fmt, bool) or fmt not in GENERATORS:
        raise CorruptRecord(
            f"record format {fmt!r} is not supported (this engine reads {sorted(GENERATORS)})"
        )
    if not isinstance(data["actions"], list):
        raise CorruptRecord("'actions' is a list of [role, verb, ...]")
    if not isinstance(data["options"], dict):
        raise CorruptRecord("'options' is an object")
    sums = data.get("checksums")
    if sums is not None and (not isinstance(sums, list) or len(sums) != len(data["actions"])):
        raise CorruptRecord("'checksums' must hold one checksum per action")
    return data


def replay(record: str | bytes | dict[str, Any], *, verify: bool = True, upto: int | None = None) -> Game:
    """Rebuild a game from its record, re-validating every action.

    With ``verify`` the seed is checked against the record's ``dice_commitment`` (when it has
    one) and each step's checksum against the record's, on the layout of the game's state the
    record was written under (its ``state_version``: the game goes on writing checksums in it);
    any illegal action or mismatch raises :class:`CorruptRecord` naming the step."""
    data = load_record(record)
    try:
        # A format-1 record draws on the old generator, its start position included.
        fmt = data.get("format", 1)
        with rng.generator(GENERATORS[fmt]):
            if data.get("position") is not None:  # a record that starts from a position
                game = Game.from_position(
                    data["game"], data["position"], seed=data["seed"], record_format=fmt
                )
            else:
                game = Game(
                    data["game"],
                    data["scenario"],
                    data["players"],
                    data["options"],
                    data["seed"],
                    record_format=fmt,
                )
    except (UnknownGame, PositionError) as exc:
        raise CorruptRecord(f"record settings: {exc}") from None
    promised = data.get("dice_commitment")
    if verify and promised is not None and promised != game.dice_commitment:
        raise CorruptRecord(
            f"the seed does not match the record's dice_commitment {promised!r}: the dice were not the promised ones"
        )
    sums = data.get("checksums") if verify else None
    version = data.get("state_version", 1)  # records older than the field were layout 1
    if (
        isinstance(version, bool)
        or not isinstance(version, int)
        or not 1 <= version <= game.rules.state_version
    ):
        raise CorruptRecord(
            f"state version {version!r} is not one of {game.game_id} (1 to {game.rules.state_version})"
        )
    game.state_version = version
    steps = data["actions"] if upto is None else data["actions"][:upto]
    for i, entry in enumerate(steps):
        if not isinstance(entry, list) or len(entry) < 2 or not isinstance(entry[0], str):
            raise CorruptRecord(f"step {i}: expected [role, verb, ...], found {entry!r}")
        try:
            game.apply(entry[0], entry[1:])
        except (IllegalAction, WrongRole, MalformedAction) as exc:
            raise CorruptRecord(f"step {i}: {exc}") from None
        if sums is not None and sums[i] != game.checksums[-1]:
            raise CorruptRecord(
                f"step {i}: checksum {game.checksums[-1]} differs from the record's {sums[i]}"
            )
    return game


def migrate(record: str | bytes | dict[str, Any]) -> dict[str, Any]:
    """A record written under an older layout of its game's state, checked step by step on that
    layout (:func:`replay`) and written again with the checksums of the current one."""
    data = load_record(record)
    replay(data)
    current = get_rules(data["game"]).state_version
    return replay({**data, "state_version": current, "checksums": None}, verify=False).record()
