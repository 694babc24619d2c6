"""Each match's bot pace, and the sign-in brake's failed attempts shared by every server process.

The attempts are counters a crash may lose without harm: on PostgreSQL the table is UNLOGGED
(no write-ahead log, emptied after a crash of the database server).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("bot_delay", sa.Float(), nullable=True))
    op.create_table(
        "signin_failures",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("key", sa.String(200), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        prefixes=["UNLOGGED"] if op.get_context().dialect.name == "postgresql" else [],
    )
    op.create_index("ix_signin_failures_key_at", "signin_failures", ["key", "at"])


def downgrade() -> None:
    op.drop_index("ix_signin_failures_key_at", "signin_failures")
    op.drop_table("signin_failures")
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("bot_delay")
