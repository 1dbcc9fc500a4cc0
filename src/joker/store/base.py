"""The declarative base of the ORM classes (the scorekeeper's, mapped onto the
Core tables of :mod:`.tables`, and the web server's): one metadata — that of
:mod:`.tables`, with its constraint naming convention — and one Alembic
history."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import JSON, DateTime
from sqlalchemy.orm import DeclarativeBase

from .tables import METADATA, NAMING
from .times import utcnow

__all__ = ["NAMING", "Base", "utcnow"]


class Base(DeclarativeBase):
    """Declarative base on :data:`.tables.METADATA` (the Core tables' metadata): datetimes are stored with
    their time zone, ``dict`` and ``list`` columns as JSON."""

    metadata = METADATA
    type_annotation_map = {
        dt.datetime: DateTime(timezone=True),
        dict[str, Any]: JSON,
        list[Any]: JSON,
    }
