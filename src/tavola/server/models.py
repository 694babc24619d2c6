"""Database tables. Times are Unix seconds (floats) so SQLite and PostgreSQL agree."""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, BigInteger, Float, ForeignKey, Index, Integer, LargeBinary, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class Meta(Base):
    """Server-wide values kept across restarts (the cookie-signing key)."""

    __tablename__ = "meta"
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class User(Base):
    """An account, or a guest (no username, no password)."""

    __tablename__ = "users"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    username: Mapped[str | None] = mapped_column(String(32))
    username_key: Mapped[str | None] = mapped_column(String(32), unique=True)
    password_hash: Mapped[str | None] = mapped_column(String(255))
    guest_name: Mapped[str | None] = mapped_column(String(32))
    lang: Mapped[str | None] = mapped_column(String(8))
    created_at: Mapped[float] = mapped_column(Float)


class Session(Base):
    """A signed-in browser. The cookie carries the token; only its SHA-256 is stored."""

    __tablename__ = "sessions"
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[float] = mapped_column(Float)
    expires_at: Mapped[float] = mapped_column(Float)


class Match(Base):
    __tablename__ = "matches"
    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    scenario: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    """The seed when it fits 63 bits, else 0 and the seed is in ``seed_text``."""
    seed_text: Mapped[str | None] = mapped_column(String(80), nullable=True)
    """The seed in decimal when it does not fit ``seed`` (a 256-bit online seed)."""
    record_format: Mapped[int] = mapped_column(Integer, server_default="1")
    """1: SplitMix64 dice (matches stored before the keyed stream); 2: the keyed stream."""
    state_version: Mapped[int] = mapped_column(Integer, server_default="1")
    """The layout of the game's state its checksums are written in (``Rules.state_version``)."""
    status: Mapped[str] = mapped_column(String(16), index=True)
    """``active``, ``over`` or ``imported``."""
    step: Mapped[int] = mapped_column(Integer, default=0)
    """How many actions are stored: the step the next action must name."""
    active: Mapped[list[str]] = mapped_column(JSON)
    round: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The round the game's view reports (None for a game without rounds)."""
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), nullable=True)
    created_at: Mapped[float] = mapped_column(Float)
    updated_at: Mapped[float] = mapped_column(Float, index=True)
    start: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """The position the match starts from (docs/positions.md), or none: the scenario's set-up."""
    bot_delay: Mapped[float | None] = mapped_column(Float, nullable=True)
    """Seconds before each bot move, set by the match's creator; None: the server's default."""
    version: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    """Counts every stored change of the game: each step and each click of a secret draft.
    A write names the version it was judged on and is refused if another came first, so a
    server process whose copy of the game is behind never overwrites what another stored.
    Equal to ``step`` while no draft was ever stored."""


class Seat(Base):
    __tablename__ = "seats"
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    role: Mapped[str] = mapped_column(String(64), primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    """``me``, ``hotseat``, ``open`` (an invite; ``joined`` once taken), ``bot`` or ``none``."""
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), nullable=True)
    bot: Mapped[str | None] = mapped_column(String(64), nullable=True)
    invite: Mapped[str | None] = mapped_column(String(64), nullable=True)

    __table_args__ = (Index("ix_seats_user", "user_id"),)


class SigninFailure(Base):
    """A failed (or not yet checked) sign-in attempt, counted by the sign-in brake of every
    server process on this database. UNLOGGED on PostgreSQL: losing it in a crash is harmless."""

    __tablename__ = "signin_failures"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    key: Mapped[str] = mapped_column(String(200))
    at: Mapped[float] = mapped_column(Float)

    __table_args__ = (Index("ix_signin_failures_key_at", "key", "at"),)


class ActionRow(Base):
    """One step of a match. The primary key makes two actions racing for a step impossible."""

    __tablename__ = "actions"
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    step: Mapped[int] = mapped_column(Integer, primary_key=True)
    role: Mapped[str] = mapped_column(String(64))
    action: Mapped[list[Any]] = mapped_column(JSON)
    checksum: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[float] = mapped_column(Float)


class SnapshotRow(Base):
    """The game of a match as it was after ``step`` steps (``Game.snapshot``), stored in the
    transaction of that step every ``Settings.snapshot_every`` steps: a cache miss or a replay's
    jump rebuilds from the nearest one and replays only the steps after it. Never the truth:
    one that does not give the record's checksum at its step is ignored (replayed from 0)."""

    __tablename__ = "snapshots"
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    step: Mapped[int] = mapped_column(Integer, primary_key=True)
    data: Mapped[bytes] = mapped_column(LargeBinary)
    created_at: Mapped[float] = mapped_column(Float)


class DraftRow(Base):
    """A role's secret choice in the making (its clicks so far), stored with each click so any
    server process serves the next one and a process that dies loses none. Never in a record."""

    __tablename__ = "drafts"
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    role: Mapped[str] = mapped_column(String(64), primary_key=True)
    clicks: Mapped[list[Any]] = mapped_column(JSON)
    updated_at: Mapped[float] = mapped_column(Float)


class ChatMessage(Base):
    __tablename__ = "chat"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), nullable=True)
    author: Mapped[str] = mapped_column(String(32))
    roles: Mapped[list[str]] = mapped_column(JSON)
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[float] = mapped_column(Float)


class Note(Base):
    __tablename__ = "notes"
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    role: Mapped[str] = mapped_column(String(64), primary_key=True)
    text: Mapped[str] = mapped_column(Text)
    updated_at: Mapped[float] = mapped_column(Float)
