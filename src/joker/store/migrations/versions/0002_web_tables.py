"""The web app's tables: web tables (rules, seed, seats, status, event
number), their accepted actions in order, and server settings (the seat-token
key).  Models: :mod:`joker.store.web_tables`.

Revision ID: 0002_web_tables
Revises: 0001_initial
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_web_tables"
down_revision = "0001_initial"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('web_settings',
    sa.Column('key', sa.String(length=40), nullable=False),
    sa.Column('value', sa.Text(), nullable=False),
    sa.PrimaryKeyConstraint('key', name=op.f('pk_web_settings'))
    )
    op.create_table('web_tables',
    sa.Column('id', sa.String(length=16), nullable=False),
    sa.Column('rules', sa.String(length=400), nullable=False),
    sa.Column('rules_version', sa.Integer(), nullable=False),
    sa.Column('seed', sa.String(length=40), nullable=False),
    sa.Column('first_dealer', sa.Integer(), nullable=False),
    sa.Column('status', sa.String(length=12), nullable=False),
    sa.Column('seats', sa.JSON(), nullable=False),
    sa.Column('host_seat', sa.Integer(), nullable=False),
    sa.Column('options', sa.JSON(), nullable=False),
    sa.Column('penalties', sa.JSON(), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('started_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('finished_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('totals', sa.JSON(), nullable=True),
    sa.Column('record', sa.Text(), nullable=True),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_web_tables'))
    )
    op.create_index(op.f('ix_web_tables_status'), 'web_tables', ['status'], unique=False)
    op.create_table('web_actions',
    sa.Column('table_id', sa.String(length=16), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('deal', sa.Integer(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('action', sa.String(length=24), nullable=False),
    sa.Column('source', sa.String(length=10), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['table_id'], ['web_tables.id'], name=op.f('fk_web_actions_table_id_web_tables'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('table_id', 'number', name=op.f('pk_web_actions'))
    )


def downgrade() -> None:
    op.drop_table('web_actions')
    op.drop_index(op.f('ix_web_tables_status'), table_name='web_tables')
    op.drop_table('web_tables')
    op.drop_table('web_settings')
