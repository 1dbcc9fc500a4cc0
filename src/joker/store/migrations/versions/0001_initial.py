"""The initial schema, the scorekeeper's tables: players, game days, games and their seats,
deals (with redeal attempts), infringements, slaps, cup results and the
undo journal.

Revision ID: 0001_initial
Revises:
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001_initial"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('players',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=80), nullable=False),
    sa.Column('core', sa.Boolean(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_players')),
    sa.UniqueConstraint('name', name=op.f('uq_players_name'))
    )
    op.create_table('game_days',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('date', sa.Date(), nullable=False),
    sa.Column('started_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('ended_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('note', sa.Text(), nullable=False),
    sa.Column('cup_holder_id', sa.Integer(), nullable=True),
    sa.Column('cup_rule', sa.String(length=20), nullable=True),
    sa.Column('cup_tied', sa.JSON(), nullable=True),
    sa.Column('cup_points', sa.JSON(), nullable=True),
    sa.ForeignKeyConstraint(['cup_holder_id'], ['players.id'], name=op.f('fk_game_days_cup_holder_id_players')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_game_days')),
    sa.UniqueConstraint('date', name=op.f('uq_game_days_date'))
    )
    op.create_table('games',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('day_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('rules', sa.String(length=400), nullable=False),
    sa.Column('rules_version', sa.Integer(), nullable=False),
    sa.Column('first_dealer', sa.Integer(), nullable=False),
    sa.Column('state', sa.String(length=12), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('finished_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('cup_contested', sa.Boolean(), nullable=True),
    sa.Column('totals', sa.JSON(), nullable=True),
    sa.Column('note', sa.Text(), nullable=False),
    sa.ForeignKeyConstraint(['day_id'], ['game_days.id'], name=op.f('fk_games_day_id_game_days')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_games')),
    sa.UniqueConstraint('day_id', 'number', name=op.f('uq_games_day_id'))
    )
    op.create_index(op.f('ix_games_day_id'), 'games', ['day_id'], unique=False)
    op.create_table('cup_results',
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('total', sa.Integer(), nullable=False),
    sa.Column('place', sa.Integer(), nullable=False),
    sa.Column('points', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_cup_results_game_id_games'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['player_id'], ['players.id'], name=op.f('fk_cup_results_player_id_players')),
    sa.PrimaryKeyConstraint('game_id', 'player_id', name=op.f('pk_cup_results'))
    )
    op.create_table('deals',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('attempt', sa.Integer(), nullable=False),
    sa.Column('block', sa.Integer(), nullable=False),
    sa.Column('cards', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=12), nullable=False),
    sa.Column('dealer', sa.Integer(), nullable=False),
    sa.Column('trump', sa.String(length=1), nullable=True),
    sa.Column('bids', sa.JSON(), nullable=True),
    sa.Column('tricks', sa.JSON(), nullable=True),
    sa.Column('house_override', sa.Boolean(), nullable=False),
    sa.Column('status', sa.String(length=8), nullable=False),
    sa.Column('void_reason', sa.Text(), nullable=True),
    sa.Column('scores', sa.JSON(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_deals_game_id_games'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_deals')),
    sa.UniqueConstraint('game_id', 'number', 'attempt', name=op.f('uq_deals_game_id'))
    )
    op.create_index(op.f('ix_deals_game_id'), 'deals', ['game_id'], unique=False)
    op.create_table('entries',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('payload', sa.JSON(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_entries_game_id_games'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_entries'))
    )
    op.create_index(op.f('ix_entries_game_id'), 'entries', ['game_id'], unique=False)
    op.create_table('game_seats',
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_game_seats_game_id_games'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['player_id'], ['players.id'], name=op.f('fk_game_seats_player_id_players')),
    sa.PrimaryKeyConstraint('game_id', 'seat', name=op.f('pk_game_seats')),
    sa.UniqueConstraint('game_id', 'player_id', name=op.f('uq_game_seats_game_id'))
    )
    op.create_index(op.f('ix_game_seats_player_id'), 'game_seats', ['player_id'], unique=False)
    op.create_table('infringements',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('deal_number', sa.Integer(), nullable=True),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('code', sa.String(length=40), nullable=False),
    sa.Column('kind', sa.String(length=4), nullable=False),
    sa.Column('value', sa.Integer(), nullable=False),
    sa.Column('note', sa.Text(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_infringements_game_id_games'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['player_id'], ['players.id'], name=op.f('fk_infringements_player_id_players')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_infringements'))
    )
    op.create_index(op.f('ix_infringements_game_id'), 'infringements', ['game_id'], unique=False)
    op.create_index(op.f('ix_infringements_player_id'), 'infringements', ['player_id'], unique=False)
    op.create_table('slaps',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('day_id', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('infringement_id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['day_id'], ['game_days.id'], name=op.f('fk_slaps_day_id_game_days')),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_slaps_game_id_games'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['infringement_id'], ['infringements.id'], name=op.f('fk_slaps_infringement_id_infringements'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['player_id'], ['players.id'], name=op.f('fk_slaps_player_id_players')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_slaps')),
    sa.UniqueConstraint('infringement_id', name=op.f('uq_slaps_infringement_id'))
    )
    op.create_index(op.f('ix_slaps_day_id'), 'slaps', ['day_id'], unique=False)


def downgrade() -> None:
    op.drop_index(op.f('ix_slaps_day_id'), table_name='slaps')
    op.drop_table('slaps')
    op.drop_index(op.f('ix_infringements_player_id'), table_name='infringements')
    op.drop_index(op.f('ix_infringements_game_id'), table_name='infringements')
    op.drop_table('infringements')
    op.drop_index(op.f('ix_game_seats_player_id'), table_name='game_seats')
    op.drop_table('game_seats')
    op.drop_index(op.f('ix_entries_game_id'), table_name='entries')
    op.drop_table('entries')
    op.drop_index(op.f('ix_deals_game_id'), table_name='deals')
    op.drop_table('deals')
    op.drop_table('cup_results')
    op.drop_index(op.f('ix_games_day_id'), table_name='games')
    op.drop_table('games')
    op.drop_table('game_days')
    op.drop_table('players')
