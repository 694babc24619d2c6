"""Keyed-stream dice: each match's record format, and seeds wider than 64 bits.

Matches stored before this revision are format 1 (SplitMix64) and keep replaying with it.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("record_format", sa.Integer(), nullable=False, server_default="1"))
        batch.add_column(sa.Column("seed_text", sa.String(80), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("seed_text")
        batch.drop_column("record_format")
