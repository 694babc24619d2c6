"""Matches as plain data, detached from the database: rows, seats, bot jobs, played actions."""

from __future__ import annotations

import secrets
import string
from dataclasses import dataclass
from typing import Any

from tavola.core.rules import Rules, State
from tavola.server.auth import Identity
from tavola.server.models import Match, User

ID_ALPHABET = string.ascii_lowercase + string.digits
FINISHED = ("over", "imported")
PEOPLE = ("me", "hotseat", "open", "joined")

Answered = tuple[str, str] | None
"""The (page, role) whose action's answer carries the new view: that page's socket for that
role is not pushed it again (None: every socket is)."""


def new_id(n: int = 10) -> str:
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(n))


@dataclass(frozen=True)
class MatchRow:
    """A match row as plain data: cached copies are replaced whole, never edited in place."""

    id: str
    game: str
    scenario: str
    players: int
    options: dict[str, Any]
    seed: int
    record_format: int
    status: str
    step: int
    active: list[str]
    result: dict[str, Any] | None
    created_by: int | None
    created_at: float
    updated_at: float
    start: dict[str, Any] | None = None
    """The position the match starts from, if not the scenario's set-up."""
    bot_delay: float | None = None
    round: int | None = None
    version: int = 0
    """Counts the stored changes of the game, draft clicks included: never shown to a client
    (it would tell how many clicks the others made)."""
    state_version: int = 1
    """The layout of the game's state its checksums are written in (``Rules.state_version``)."""

    @classmethod
    def of(cls, m: Match) -> MatchRow:
        return cls(
            m.id,
            m.game,
            m.scenario,
            m.players,
            dict(m.options),
            int(m.seed_text) if m.seed_text is not None else m.seed,
            m.record_format,
            m.status,
            m.step,
            list(m.active),
            m.result,
            m.created_by,
            m.created_at,
            m.updated_at,
            m.start,
            m.bot_delay,
            m.round,
            m.version,
            m.state_version,
        )


@dataclass
class SeatInfo:
    role: str
    kind: str
    user_id: int | None
    player: dict[str, Any] | None
    bot: str | None
    invite: str | None


@dataclass
class MatchData:
    """A match row with its seats and the names behind them, detached from the database."""

    match: MatchRow
    seats: list[SeatInfo]
    creator: str | None
    loaded: float = 0.0
    checked: float = 0.0
    """When the stored row was last found unchanged (``Matches.fetch``), if after ``loaded``."""

    def seat(self, role: str) -> SeatInfo | None:
        return next((s for s in self.seats if s.role == role), None)

    def roles_of(self, ident: Identity | None) -> list[str]:
        if ident is None:
            return []
        return [s.role for s in self.seats if s.user_id == ident.user_id]

    @property
    def finished(self) -> bool:
        return self.match.status in FINISHED

    @property
    def people(self) -> bool:
        """A person holds or may take a seat (an open seat waits for one)."""
        return any(s.kind in PEOPLE for s in self.seats)

    def bot_delay(self, default: float) -> float:
        """Seconds before each bot move: the creator's choice, else the server's default where
        people play, else none (a match of bots alone runs at full speed)."""
        if self.match.bot_delay is not None:
            return self.match.bot_delay
        return default if self.people else 0.0


@dataclass
class BotJob:
    match_id: str
    role: str
    bot: str
    rules: Rules
    state: State
    step: int
    seed: int


@dataclass
class Played:
    data: MatchData
    view: dict[str, Any] | None
    """The acting role's new view (None for a bot's move: nobody asked)."""
    audience: str | None = None
    """None: everyone watching sees a change; a role: only that role's own draft changed."""


def _player(user: User | None) -> dict[str, Any] | None:
    if user is None:
        return None
    if user.username is not None:
        return {"name": user.username, "guest": False}
    return {"name": user.guest_name or f"guest-{user.id}", "guest": True}
