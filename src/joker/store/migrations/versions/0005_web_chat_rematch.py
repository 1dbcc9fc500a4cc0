"""The web tables' chat (``web_chat``: one row per message, not part of the
game record) and the rematch a finished table's host made (``web_tables.rematch``:
the new table's id).  Models: ``joker.store.web_tables.WebChat`` and
``joker.store.web_tables.WebTable.rematch``.

Revision ID: 0005_web_chat_rematch
Revises: 0004_web_table_game
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_web_chat_rematch"
down_revision = "0004_web_table_game"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('web_tables') as batch:
        batch.add_column(sa.Column('rematch', sa.String(length=16), nullable=True))
    op.create_table('web_chat',
    sa.Column('table_id', sa.String(length=16), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=True),
    sa.Column('name', sa.String(length=40), nullable=False),
    sa.Column('text', sa.Text(), nullable=True),
    sa.Column('reaction', sa.String(length=24), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['table_id'], ['web_tables.id'], name=op.f('fk_web_chat_table_id_web_tables'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('table_id', 'number', name=op.f('pk_web_chat'))
    )


def downgrade() -> None:
    op.drop_table('web_chat')
    with op.batch_alter_table('web_tables') as batch:
        batch.drop_column('rematch')
