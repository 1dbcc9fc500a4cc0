"""The web app's double-dummy analyses: one per finished table, as JSON text,
with the rules and code versions that made it.  Model:
:class:`joker.store.web_tables.WebAnalysis`.

Revision ID: 0003_web_analyses
Revises: 0002_web_tables
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_web_analyses"
down_revision = "0002_web_tables"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('web_analyses',
    sa.Column('table_id', sa.String(length=16), nullable=False),
    sa.Column('analysis', sa.Text(), nullable=False),
    sa.Column('rules_version', sa.Integer(), nullable=False),
    sa.Column('code_version', sa.String(length=40), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['table_id'], ['web_tables.id'], name=op.f('fk_web_analyses_table_id_web_tables'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('table_id', name=op.f('pk_web_analyses'))
    )


def downgrade() -> None:
    op.drop_table('web_analyses')
