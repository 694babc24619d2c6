"""Each match's layout of its game's state, the one its stored checksums are written in.

Matches stored before this revision are layout 1 and go on in it: Italia's full-word state keys
(layout 2) leave their checksums valid (``Rules.legacy_state``).

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("state_version", sa.Integer(), nullable=False, server_default="1"))


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("state_version")
