"""The web tables name their game (the registry's name): every table made
before there were two games is Joker's.  Model: ``joker.store.web_tables.WebTable.game``.

Revision ID: 0004_web_table_game
Revises: 0003_web_analyses
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_web_table_game"
down_revision = "0003_web_analyses"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('web_tables') as batch:
        batch.add_column(sa.Column('game', sa.String(length=40), nullable=False, server_default='joker'))


def downgrade() -> None:
    with op.batch_alter_table('web_tables') as batch:
        batch.drop_column('game')
