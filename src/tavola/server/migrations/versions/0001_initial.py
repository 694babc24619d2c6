"""The first schema: accounts, sessions, matches, seats, actions, chat, notes.

Revision ID: 0001
Revises:
Create Date: 2025-01-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "meta",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("value", sa.Text(), nullable=False),
    )
    op.create_table(
        "users",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("username", sa.String(32), nullable=True),
        sa.Column("username_key", sa.String(32), nullable=True, unique=True),
        sa.Column("password_hash", sa.String(255), nullable=True),
        sa.Column("guest_name", sa.String(32), nullable=True),
        sa.Column("lang", sa.String(8), nullable=True),
        sa.Column("created_at", sa.Float(), nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("expires_at", sa.Float(), nullable=False),
    )
    op.create_index("ix_sessions_user_id", "sessions", ["user_id"])
    op.create_table(
        "matches",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("scenario", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("step", sa.Integer(), nullable=False),
        sa.Column("active", sa.JSON(), nullable=False),
        sa.Column("result", sa.JSON(), nullable=True),
        sa.Column("created_by", sa.Integer(), sa.ForeignKey("users.id", ondelete="SET NULL"), nullable=True),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("updated_at", sa.Float(), nullable=False),
    )
    op.create_index("ix_matches_status", "matches", ["status"])
    op.create_index("ix_matches_updated_at", "matches", ["updated_at"])
    op.create_table(
        "seats",
        sa.Column(
            "match_id", sa.String(16), sa.ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("role", sa.String(64), primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="SET NULL"), nullable=True),
        sa.Column("bot", sa.String(64), nullable=True),
        sa.Column("invite", sa.String(64), nullable=True),
    )
    op.create_index("ix_seats_user", "seats", ["user_id"])
    op.create_table(
        "actions",
        sa.Column(
            "match_id", sa.String(16), sa.ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("step", sa.Integer(), primary_key=True),
        sa.Column("role", sa.String(64), nullable=False),
        sa.Column("action", sa.JSON(), nullable=False),
        sa.Column("checksum", sa.String(16), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
    )
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("match_id", sa.String(16), sa.ForeignKey("matches.id", ondelete="CASCADE"), nullable=False),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="SET NULL"), nullable=True),
        sa.Column("author", sa.String(32), nullable=False),
        sa.Column("roles", sa.JSON(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
    )
    op.create_index("ix_chat_match_id", "chat", ["match_id"])
    op.create_table(
        "notes",
        sa.Column(
            "match_id", sa.String(16), sa.ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("role", sa.String(64), primary_key=True),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("updated_at", sa.Float(), nullable=False),
    )


def downgrade() -> None:
    for table in ("notes", "chat", "actions", "seats", "matches", "sessions", "users", "meta"):
        op.drop_table(table)
