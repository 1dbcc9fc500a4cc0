"""The declarative base every table of the database is declared on (the
scorekeeper's and the web server's alike: one metadata, one Alembic history),
its constraint naming convention and its column types."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import JSON, DateTime, MetaData
from sqlalchemy.orm import DeclarativeBase

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}
"""Constraint names as the migrations spell them (``pk_players``, ``fk_deals_game_id_games`` …)."""


def utcnow() -> dt.datetime:
    """Now, timezone-aware UTC: the default of every ``created_at`` column."""
    return dt.datetime.now(dt.timezone.utc)


class Base(DeclarativeBase):
    """Declarative base: datetimes are stored with their time zone, ``dict`` and ``list`` columns as JSON."""

    metadata = MetaData(naming_convention=NAMING)
    type_annotation_map = {
        dt.datetime: DateTime(timezone=True),
        dict[str, Any]: JSON,
        list[Any]: JSON,
    }
