"""The scorekeeper's tables as SQLAlchemy Core :class:`~sqlalchemy.Table`
objects, on the one :data:`METADATA` every table of the database shares (the
web server's are added to it by :mod:`.web_tables`).  This module imports no
ORM: ``joker ledger show`` and the other reading commands query these tables
with Core alone (:mod:`joker.ledger.reading`), and the ORM classes of
:mod:`.ledger_tables`, which the writing commands use, are mapped onto them;
on an SQLite file at the head both read and write with the rendering of Core
statements on these tables (:mod:`joker.ledger.queries`) — the schema is
written once, here.

The stored game *is* the engine's record (``joker.games.joker.record``): a game row holds
the rules string and first dealer, ``game_seats`` the players in table order,
``deals`` the trump, bids and tricks of each deal (plus voided attempts:
redeals), ``infringements`` its fines and dots.  Everything else — deal
scores, game totals, places, cup points, slaps, the day's cup holder — is
derived by the engine's scoring code and the pure :mod:`joker.ledger.regulation`, stored
as a cache that ``joker ledger verify`` recomputes and compares.

Seats and dealers are 0-based here, as in the engine's code; deal numbers and
blocks are 1-based, as on the paper sheet.  Times are UTC, stored with their
time zone; lists (bids, tricks, scores, cup points) are JSON.

The schema is created and changed only by the Alembic migrations in
``joker/store/migrations`` (``0001_initial``; applied automatically on first
use); a test checks that these tables and the migrations agree.
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Date,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)

from .times import utcnow

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}
"""Constraint names as the migrations spell them (``pk_players``, ``fk_deals_game_id_games`` …)."""

METADATA = MetaData(naming_convention=NAMING)
"""Every table of the database: these, and the web server's (:mod:`.web_tables`, on the same metadata
through :class:`.base.Base`)."""


def _time(name: str, nullable: bool = False) -> Column[dt.datetime]:
    """A UTC time column, now by default unless ``nullable``."""
    if nullable:
        return Column(name, DateTime(timezone=True), nullable=True)
    return Column(name, DateTime(timezone=True), nullable=False, default=utcnow)


players = Table(
    "players", METADATA,
    Column("id", Integer, primary_key=True),
    Column("name", String(80), nullable=False, unique=True),
    Column("core", Boolean, nullable=False, default=False),
    _time("created_at"),
)
"""A person who plays; ``core``: a member of the group's core roster (RULES.md §12)."""

game_days = Table(
    "game_days", METADATA,
    Column("id", Integer, primary_key=True),
    Column("date", Date, nullable=False, unique=True),
    _time("started_at"),
    _time("ended_at", nullable=True),
    Column("note", Text, nullable=False, default=""),
    Column("cup_holder_id", ForeignKey("players.id"), nullable=True),
    Column("cup_rule", String(20), nullable=True),
    Column("cup_tied", JSON, nullable=True),
    Column("cup_points", JSON, nullable=True),
)
"""One sitting.  Once ended, its cup decision: the holder, the rule of the
tie-break chain that decided (``joker.ledger.regulation.CupRule``), the players tied on
points (``cup_tied``, player ids) and each candidate's points
(``cup_points``: ``[[player_id, points], …]``)."""

games = Table(
    "games", METADATA,
    Column("id", Integer, primary_key=True),
    Column("day_id", ForeignKey("game_days.id"), nullable=False, index=True),
    Column("number", Integer, nullable=False),
    Column("rules", String(400), nullable=False),
    Column("rules_version", Integer, nullable=False),
    Column("first_dealer", Integer, nullable=False),
    Column("state", String(12), nullable=False, default="open"),
    _time("created_at"),
    _time("finished_at", nullable=True),
    Column("cup_contested", Boolean, nullable=True),
    Column("totals", JSON, nullable=True),
    Column("note", Text, nullable=False, default=""),
    UniqueConstraint("day_id", "number"),
)
"""One game: rules string (canonical, ``joker.games.joker.rules``), the engine version
it was entered under, first dealer (0-based seat) and state: ``open``,
``finished`` or ``abandoned``.  ``totals`` (game totals with fines, per seat)
and ``cup_contested`` are set when it is finished."""

game_seats = Table(
    "game_seats", METADATA,
    Column("game_id", ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("player_id", ForeignKey("players.id"), nullable=False, index=True),
    UniqueConstraint("game_id", "player_id"),
)
"""Who sits in seat ``seat`` (0-based, table order) of a game."""

deals = Table(
    "deals", METADATA,
    Column("id", Integer, primary_key=True),
    Column("game_id", ForeignKey("games.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("number", Integer, nullable=False),
    Column("attempt", Integer, nullable=False, default=1),
    Column("block", Integer, nullable=False),
    Column("cards", Integer, nullable=False),
    Column("kind", String(12), nullable=False, default="normal"),
    Column("dealer", Integer, nullable=False),
    Column("trump", String(1), nullable=True),
    Column("bids", JSON, nullable=True),
    Column("tricks", JSON, nullable=True),
    Column("house_override", Boolean, nullable=False, default=False),
    Column("status", String(8), nullable=False, default="open"),
    Column("void_reason", Text, nullable=True),
    Column("scores", JSON, nullable=True),
    _time("created_at"),
    _time("updated_at"),
    UniqueConstraint("game_id", "number", "attempt"),
)
"""One attempt at one deal.  ``status``: ``open`` (being entered), ``scored``
(complete: its trump, bids and tricks are part of the game's record) or
``void`` (redealt: kept in history with ``void_reason``, never scored).
``bids`` and ``tricks`` are per seat (``bids`` may hold ``null`` while the
deal is being entered); ``scores`` is the engine's deal score per seat, a
cache checked by verify."""

infringements = Table(
    "infringements", METADATA,
    Column("id", Integer, primary_key=True),
    Column("game_id", ForeignKey("games.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("deal_number", Integer, nullable=True),
    Column("player_id", ForeignKey("players.id"), nullable=False, index=True),
    Column("seat", Integer, nullable=False),
    Column("code", String(40), nullable=False),
    Column("kind", String(4), nullable=False),
    Column("value", Integer, nullable=False, default=0),
    Column("note", Text, nullable=False, default=""),
    _time("created_at"),
)
"""A fine or dot (RULES.md §11): ``code`` from the regulation's table or
``other`` (then ``note`` says what), ``kind`` ``fine``/``dot``, ``value`` the
score change (a fine: the rules' fine, −250; a dot: 0), given to the player
in ``seat`` during deal ``deal_number`` (1-based, or null)."""

slaps = Table(
    "slaps", METADATA,
    Column("id", Integer, primary_key=True),
    Column("day_id", ForeignKey("game_days.id"), nullable=False, index=True),
    Column("player_id", ForeignKey("players.id"), nullable=False),
    Column("infringement_id", ForeignKey("infringements.id", ondelete="CASCADE"), nullable=False, unique=True),
    Column("game_id", ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
    Column("number", Integer, nullable=False),
    _time("created_at"),
)
"""A slap earned by a third dot of a game day (derived from the day's dots)."""

cup_results = Table(
    "cup_results", METADATA,
    Column("game_id", ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("player_id", ForeignKey("players.id"), primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("total", Integer, nullable=False),
    Column("place", Integer, nullable=False),
    Column("points", Integer, nullable=True),
)
"""A player's result in a finished game: total, place (equal totals share the
better place) and cup points (null when the game was not contested)."""

entries = Table(
    "entries", METADATA,
    Column("id", Integer, primary_key=True),
    Column("game_id", ForeignKey("games.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("kind", String(16), nullable=False),
    Column("payload", JSON, nullable=False),
    _time("created_at"),
)
"""The per-game journal that ``undo`` pops: what one command did, with the
values it replaced (``payload``)."""
