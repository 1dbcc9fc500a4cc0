"""The scorekeeper's ORM classes (SQLAlchemy 2 typed ORM), used by the
writing commands of :mod:`joker.ledger` on a database other than an SQLite
file at the head revision (:mod:`joker.ledger.orm_tx`; on that file
:mod:`joker.ledger.unit` writes rows with the same attributes and
relationships, ``tests/test_ledger_unit.py`` checks they agree): each is mapped onto its Core table of
:mod:`.tables` (``__table__``), which holds the columns, their types,
defaults and constraints, and what each row means; the annotations here only
type the attributes, and the relationships are the ORM's own.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy.orm import Mapped, relationship

from . import tables
from .base import Base


class Player(Base):
    """A row of :data:`.tables.players`."""

    __table__ = tables.players

    id: Mapped[int]
    name: Mapped[str]
    core: Mapped[bool]
    created_at: Mapped[dt.datetime]


class GameDay(Base):
    """A row of :data:`.tables.game_days`, with its games and cup holder."""

    __table__ = tables.game_days

    id: Mapped[int]
    date: Mapped[dt.date]
    started_at: Mapped[dt.datetime]
    ended_at: Mapped[dt.datetime | None]
    note: Mapped[str]
    cup_holder_id: Mapped[int | None]
    cup_rule: Mapped[str | None]
    cup_tied: Mapped[list[Any] | None]
    cup_points: Mapped[list[Any] | None]

    games: Mapped[list["Game"]] = relationship(back_populates="day", order_by="Game.number")
    cup_holder: Mapped[Player | None] = relationship()


class Game(Base):
    """A row of :data:`.tables.games`, with its day, seats, deals and infringements."""

    __table__ = tables.games

    id: Mapped[int]
    day_id: Mapped[int]
    number: Mapped[int]
    rules: Mapped[str]
    rules_version: Mapped[int]
    first_dealer: Mapped[int]
    state: Mapped[str]
    created_at: Mapped[dt.datetime]
    finished_at: Mapped[dt.datetime | None]
    cup_contested: Mapped[bool | None]
    totals: Mapped[list[Any] | None]
    note: Mapped[str]

    day: Mapped[GameDay] = relationship(back_populates="games")
    seats: Mapped[list["GameSeat"]] = relationship(order_by="GameSeat.seat", cascade="all, delete-orphan")
    deals: Mapped[list["Deal"]] = relationship(order_by="[Deal.number, Deal.attempt]", cascade="all, delete-orphan")
    infringements: Mapped[list["InfringementRow"]] = relationship(
        order_by="InfringementRow.id", cascade="all, delete-orphan")


class GameSeat(Base):
    """A row of :data:`.tables.game_seats`, with its player."""

    __table__ = tables.game_seats

    game_id: Mapped[int]
    seat: Mapped[int]
    player_id: Mapped[int]

    player: Mapped[Player] = relationship(lazy="joined")


class Deal(Base):
    """A row of :data:`.tables.deals`: one attempt at one deal."""

    __table__ = tables.deals

    id: Mapped[int]
    game_id: Mapped[int]
    number: Mapped[int]
    attempt: Mapped[int]
    block: Mapped[int]
    cards: Mapped[int]
    kind: Mapped[str]
    dealer: Mapped[int]
    trump: Mapped[str | None]
    bids: Mapped[list[Any] | None]
    tricks: Mapped[list[Any] | None]
    house_override: Mapped[bool]
    status: Mapped[str]
    void_reason: Mapped[str | None]
    scores: Mapped[list[Any] | None]
    created_at: Mapped[dt.datetime]
    updated_at: Mapped[dt.datetime]


class InfringementRow(Base):
    """A row of :data:`.tables.infringements`: a fine or dot, with its player."""

    __table__ = tables.infringements

    id: Mapped[int]
    game_id: Mapped[int]
    deal_number: Mapped[int | None]
    player_id: Mapped[int]
    seat: Mapped[int]
    code: Mapped[str]
    kind: Mapped[str]
    value: Mapped[int]
    note: Mapped[str]
    created_at: Mapped[dt.datetime]

    player: Mapped[Player] = relationship(lazy="joined")


class Slap(Base):
    """A row of :data:`.tables.slaps`, with its player."""

    __table__ = tables.slaps

    id: Mapped[int]
    day_id: Mapped[int]
    player_id: Mapped[int]
    infringement_id: Mapped[int]
    game_id: Mapped[int]
    number: Mapped[int]
    created_at: Mapped[dt.datetime]

    player: Mapped[Player] = relationship(lazy="joined")


class CupResult(Base):
    """A row of :data:`.tables.cup_results`."""

    __table__ = tables.cup_results

    game_id: Mapped[int]
    player_id: Mapped[int]
    seat: Mapped[int]
    total: Mapped[int]
    place: Mapped[int]
    points: Mapped[int | None]


class Entry(Base):
    """A row of :data:`.tables.entries`: one entry of a game's undo journal."""

    __table__ = tables.entries

    id: Mapped[int]
    game_id: Mapped[int]
    kind: Mapped[str]
    payload: Mapped[dict[str, Any]]
    created_at: Mapped[dt.datetime]
