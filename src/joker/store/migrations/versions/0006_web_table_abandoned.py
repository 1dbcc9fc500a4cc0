"""When a web table was abandoned (``web_tables.abandoned_at``): a waiting or
playing table nobody connected to for the server's ``--abandon-minutes``
leaves the lobby (``joker.server.idle``); a seat token or a join brings it
back (the column set to NULL again).  Model: ``joker.store.web_tables.WebTable.abandoned_at``.

Revision ID: 0006_web_table_abandoned
Revises: 0005_web_chat_rematch
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_web_table_abandoned"
down_revision = "0005_web_chat_rematch"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('web_tables') as batch:
        batch.add_column(sa.Column('abandoned_at', sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('web_tables') as batch:
        batch.drop_column('abandoned_at')
