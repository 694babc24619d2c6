"""A game session: the rules contract plus validation, undo, log, checksums and records.

Everything that talks to players (the CLI, the web server, replays) goes through
:class:`Game`. Bots, the fuzzer and benchmarks may call the rules directly on cloned states
for speed, but a session is the only way an action enters a real game.
"""

from __future__ import annotations

import json
import zlib
from typing import Any

from tavola.core.errors import (
    CorruptRecord,
    IllegalAction,
    MalformedAction,
    PositionError,
    UnknownGame,
    WrongRole,
)
from tavola.core.registry import get_rules
from tavola.core.rules import Action, Event, Rules, State, clone

RECORD_FORMAT = 1
UNDO: Action = ("undo",)


def checksum(state: State) -> str:
    """CRC-32 of the canonical JSON of a state, as 8 hex digits."""
    data = json.dumps(state, sort_keys=True, separators=(",", ":")).encode()
    return f"{zlib.crc32(data):08x}"


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
    return tuple(raw)


class Game:
    """One game in play: ``Game("antike-ii", "orient", 4, {}, seed=7)``."""

    def __init__(
        self,
        game_id: str,
        scenario: str | None = None,
        players: int | None = None,
        options: dict[str, Any] | None = None,
        seed: int = 0,
        *,
        rules: Rules | None = None,
    ) -> None:
        self.rules: Rules = rules or get_rules(game_id)
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
            if value not in opt.choices:
                raise UnknownGame(f"option {key!r} takes one of {list(opt.choices)}, not {value!r}")
            merged[key] = value
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise UnknownGame(f"the seed is an integer, not {seed!r}")
        self.scenario = scenario
        self.players = players
        self.options = merged
        self.seed = seed
        self.state: State = self.rules.setup(scenario, players, merged, seed)
        self.roles: list[str] = self.rules.roles(scenario, players, merged)
        self.actions: list[list[Any]] = []  # [role, verb, noun...] per step, undo included
        self.checksums: list[str] = []
        self.log: list[Event] = []
        self.chance: list[list[int]] = []  # the draws of the last step: [sides, outcome]
        self._undo: list[tuple[str, State, int]] = []  # (role, snapshot, log length)
        self.start: dict[str, Any] | None = None  # the position it started from, if any

    @classmethod
    def from_position(cls, game_id: str | None, position: dict[str, Any], seed: int = 0) -> Game:
        """A game from a position (docs/positions.md); raises PositionError naming the faulty item."""
        from tavola.core.position import from_position

        return from_position(game_id, position, seed)

    def position(self) -> dict[str, Any]:
        """The current situation as a position (plain data, YAML/JSON-ready)."""
        from tavola.core.position import position_of

        return position_of(self)

    # --- reading ----------------------------------------------------------------------
    @property
    def active_roles(self) -> list[str]:
        return self.rules.active_roles(self.state)

    def legal_actions(self, role: str) -> list[Action]:
        self._check_role(role)
        actions = self.rules.legal_actions(self.state, role)
        if self.can_undo(role):
            actions = [*actions, UNDO]
        return actions

    def can_undo(self, role: str) -> bool:
        return bool(self._undo) and self._undo[-1][0] == role

    @property
    def is_over(self) -> bool:
        return self.rules.result(self.state) is not None

    @property
    def result(self) -> dict[str, Any] | None:
        return self.rules.result(self.state)

    def view(self, role: str | None) -> dict[str, Any]:
        """The role's redacted view, with its prompt, legal actions and visible log."""
        if role is not None:
            self._check_role(role)
        view = self.rules.view(self.state, role)
        active = self.active_roles
        view["active"] = active
        view["step"] = len(self.actions)
        view["result"] = self.result
        if role is not None and role in active:
            view["prompt"] = self.rules.prompt(self.state, role)
            view["actions"] = [list(a) for a in self.legal_actions(role)]
        else:
            view["prompt"] = None
            view["actions"] = []
        view["can_undo"] = role is not None and self.can_undo(role)
        view["log"] = visible_log(self.log, role)
        return view

    # --- acting -----------------------------------------------------------------------
    def apply(self, role: str, action: Any) -> list[Event]:
        """Validate and apply one action of ``role``; raises and changes nothing if illegal."""
        action = parse_action(action)
        self._check_role(role)
        if action == UNDO:
            return self.undo(role)
        if role not in self.active_roles:
            raise WrongRole(f"{role} may not act now; waiting for {', '.join(self.active_roles) or 'nobody'}")
        legal = self.rules.legal_actions(self.state, role)
        if action not in legal:
            raise IllegalAction(f"{role} may not play {list(action)} now")
        before_roles = self.rules.active_roles(self.state)
        snapshot = clone(self.state) if self.rules.undoable(self.state, role, action) else None
        before_rng = self.state["rng"]
        draws: list[list[int]] = []
        self.state["_draws"] = draws
        try:
            events = self.rules.apply(self.state, role, action)
        except Exception:
            # A rules bug must not leave a half-applied state behind.
            if snapshot is not None:
                self.state = snapshot
            raise
        finally:
            self.state.pop("_draws", None)
        self.chance = draws
        for ev in events:
            ev.setdefault("role", role)
            ev.setdefault("step", len(self.actions))
        log_len = len(self.log)
        self.log.extend(events)
        self.actions.append([role, *action])
        self.checksums.append(checksum(self.state))
        if self._undo and self._undo[-1][0] != role:
            self._undo.clear()
        if (
            snapshot is None
            or self.state["rng"] != before_rng
            or any(ev.get("reveal") for ev in events)
            or self.rules.active_roles(self.state) != before_roles
        ):
            self._undo.clear()
        else:
            self._undo.append((role, snapshot, log_len))
        return events

    def undo(self, role: str) -> list[Event]:
        """Take back ``role``'s last action if nothing random, hidden or another role came since."""
        self._check_role(role)
        if not self.can_undo(role):
            raise IllegalAction(f"{role} has nothing to undo")
        _, snapshot, log_len = self._undo.pop()
        self.state = snapshot
        del self.log[log_len:]
        self.actions.append([role, *UNDO])
        self.checksums.append(checksum(self.state))
        self.chance = []
        return [{"msg": "undo", "args": {}, "role": role, "step": len(self.actions) - 1}]

    def _check_role(self, role: str) -> None:
        if role not in self.roles:
            raise WrongRole(f"{role!r} is not a role of this game; roles: {', '.join(self.roles)}")

    # --- records ----------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """The game record: settings, seed and every action, with a checksum per step."""
        return {
            "format": RECORD_FORMAT,
            "game": self.game_id,
            "scenario": self.scenario,
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "actions": [list(a) for a in self.actions],
            "checksums": list(self.checksums),
        } | ({"position": self.start} if self.start is not None else {})


def visible_log(log: list[Event], role: str | None) -> list[Event]:
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
    fmt = data.get("format", RECORD_FORMAT)
    if fmt != RECORD_FORMAT:
        raise CorruptRecord(f"record format {fmt!r} is not supported (this engine reads {RECORD_FORMAT})")
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

    With ``verify`` each step's checksum is compared with the record's; any illegal action
    or mismatch raises :class:`CorruptRecord` naming the step."""
    data = load_record(record)
    try:
        if data.get("position") is not None:  # a record that starts from a position
            game = Game.from_position(data["game"], data["position"], seed=data["seed"])
        else:
            game = Game(data["game"], data["scenario"], data["players"], data["options"], data["seed"])
    except (UnknownGame, PositionError) as exc:
        raise CorruptRecord(f"record settings: {exc}") from None
    sums = data.get("checksums") if verify else None
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
