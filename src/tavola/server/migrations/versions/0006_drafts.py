"""Secret drafts in the database, and a version per match that counts every stored change.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("version", sa.Integer(), nullable=False, server_default="0"))
    # Drafts lived in memory until now: every stored change so far was a step.
    op.execute("UPDATE matches SET version = step")
    op.create_table(
        "drafts",
        sa.Column("match_id", sa.String(16), sa.ForeignKey("matches.id", ondelete="CASCADE"), nullable=False),
        sa.Column("role", sa.String(64), nullable=False),
        sa.Column("clicks", sa.JSON(), nullable=False),
        sa.Column("updated_at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("match_id", "role"),
    )


def downgrade() -> None:
    op.drop_table("drafts")
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("version")
