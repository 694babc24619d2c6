"""The round each match has reached, for the lists of matches ("round 4" rather than "step 225").

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("round", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("round")
