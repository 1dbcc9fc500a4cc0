"""The scorekeeper's tables (SQLAlchemy 2 typed ORM), used by :mod:`joker.ledger`.

The stored game *is* the engine's record (``joker.games.joker.record``): a game row holds
the rules string and first dealer, ``game_seats`` the players in table order,
``deals`` the trump, bids and tricks of each deal (plus voided attempts:
redeals), ``infringements`` its fines and dots.  Everything else — deal
scores, game totals, places, cup points, slaps, the day's cup holder — is
derived by the engine's scoring code and the pure :mod:`joker.ledger.regulation`, stored
as a cache that ``joker ledger verify`` recomputes and compares.

Seats and dealers are 0-based here, as in the engine's code; deal numbers and
blocks are 1-based, as on the paper sheet.  Times are UTC.

The schema is created and changed only by the Alembic migrations in
``joker/store/migrations`` (``0001_initial``; applied automatically on first
use); a test checks that these models and the migrations agree.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import Boolean, Date, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .base import Base, utcnow


class Player(Base):
    """A person who plays; ``core``: a member of the group's core roster (RULES.md §12)."""

    __tablename__ = "players"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(80), unique=True)
    core: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)


class GameDay(Base):
    """One sitting.  Once ended, its cup decision: the holder, the rule of the
    tie-break chain that decided (``joker.ledger.regulation.CupRule``), the players tied on
    points (``cup_tied``, player ids) and each candidate's points
    (``cup_points``: ``[[player_id, points], …]``)."""

    __tablename__ = "game_days"

    id: Mapped[int] = mapped_column(primary_key=True)
    date: Mapped[dt.date] = mapped_column(Date, unique=True)
    started_at: Mapped[dt.datetime] = mapped_column(default=utcnow)
    ended_at: Mapped[dt.datetime | None]
    note: Mapped[str] = mapped_column(Text, default="")
    cup_holder_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    cup_rule: Mapped[str | None] = mapped_column(String(20))
    cup_tied: Mapped[list[Any] | None]
    cup_points: Mapped[list[Any] | None]

    games: Mapped[list["Game"]] = relationship(back_populates="day", order_by="Game.number")
    cup_holder: Mapped[Player | None] = relationship()


class Game(Base):
    """One game: rules string (canonical, ``joker.games.joker.rules``), the engine version
    it was entered under, first dealer (0-based seat) and state: ``open``,
    ``finished`` or ``abandoned``.  ``totals`` (game totals with fines, per seat)
    and ``cup_contested`` are set when it is finished."""

    __tablename__ = "games"
    __table_args__ = (UniqueConstraint("day_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    day_id: Mapped[int] = mapped_column(ForeignKey("game_days.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    rules: Mapped[str] = mapped_column(String(400))
    rules_version: Mapped[int] = mapped_column(Integer)
    first_dealer: Mapped[int] = mapped_column(Integer)
    state: Mapped[str] = mapped_column(String(12), default="open")
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)
    finished_at: Mapped[dt.datetime | None]
    cup_contested: Mapped[bool | None] = mapped_column(Boolean)
    totals: Mapped[list[Any] | None]
    note: Mapped[str] = mapped_column(Text, default="")

    day: Mapped[GameDay] = relationship(back_populates="games")
    seats: Mapped[list["GameSeat"]] = relationship(order_by="GameSeat.seat", cascade="all, delete-orphan")
    deals: Mapped[list["Deal"]] = relationship(order_by="[Deal.number, Deal.attempt]", cascade="all, delete-orphan")
    infringements: Mapped[list["InfringementRow"]] = relationship(
        order_by="InfringementRow.id", cascade="all, delete-orphan")


class GameSeat(Base):
    """Who sits in seat ``seat`` (0-based, table order) of a game."""

    __tablename__ = "game_seats"
    __table_args__ = (UniqueConstraint("game_id", "player_id"),)

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)

    player: Mapped[Player] = relationship(lazy="joined")


class Deal(Base):
    """One attempt at one deal.  ``status``: ``open`` (being entered), ``scored``
    (complete: its trump, bids and tricks are part of the game's record) or
    ``void`` (redealt: kept in history with ``void_reason``, never scored).
    ``bids`` and ``tricks`` are per seat (``bids`` may hold ``null`` while the
    deal is being entered); ``scores`` is the engine's deal score per seat, a
    cache checked by verify."""

    __tablename__ = "deals"
    __table_args__ = (UniqueConstraint("game_id", "number", "attempt"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    attempt: Mapped[int] = mapped_column(Integer, default=1)
    block: Mapped[int] = mapped_column(Integer)
    cards: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(12), default="normal")
    dealer: Mapped[int] = mapped_column(Integer)
    trump: Mapped[str | None] = mapped_column(String(1))
    bids: Mapped[list[Any] | None]
    tricks: Mapped[list[Any] | None]
    house_override: Mapped[bool] = mapped_column(Boolean, default=False)
    status: Mapped[str] = mapped_column(String(8), default="open")
    void_reason: Mapped[str | None] = mapped_column(Text)
    scores: Mapped[list[Any] | None]
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[dt.datetime] = mapped_column(default=utcnow)


class InfringementRow(Base):
    """A fine or dot (RULES.md §11): ``code`` from the regulation's table or
    ``other`` (then ``note`` says what), ``kind`` ``fine``/``dot``, ``value`` the
    score change (a fine: the rules' fine, −250; a dot: 0), given to the player
    in ``seat`` during deal ``deal_number`` (1-based, or null)."""

    __tablename__ = "infringements"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    deal_number: Mapped[int | None] = mapped_column(Integer)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    code: Mapped[str] = mapped_column(String(40))
    kind: Mapped[str] = mapped_column(String(4))
    value: Mapped[int] = mapped_column(Integer, default=0)
    note: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)

    player: Mapped[Player] = relationship(lazy="joined")


class Slap(Base):
    """A slap earned by a third dot of a game day (derived from the day's dots)."""

    __tablename__ = "slaps"

    id: Mapped[int] = mapped_column(primary_key=True)
    day_id: Mapped[int] = mapped_column(ForeignKey("game_days.id"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    infringement_id: Mapped[int] = mapped_column(ForeignKey("infringements.id", ondelete="CASCADE"), unique=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)

    player: Mapped[Player] = relationship(lazy="joined")


class CupResult(Base):
    """A player's result in a finished game: total, place (equal totals share the
    better place) and cup points (null when the game was not contested)."""

    __tablename__ = "cup_results"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    total: Mapped[int] = mapped_column(Integer)
    place: Mapped[int] = mapped_column(Integer)
    points: Mapped[int | None] = mapped_column(Integer)


class Entry(Base):
    """The per-game journal that ``undo`` pops: what one command did, with the
    values it replaced (``payload``)."""

    __tablename__ = "entries"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(16))
    payload: Mapped[dict[str, Any]]
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)
