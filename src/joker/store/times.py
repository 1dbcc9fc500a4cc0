"""The store's clock, without SQLAlchemy: :func:`utcnow`, the default of every
``created_at`` column (:mod:`.tables`), which the ledger's writes on an SQLite
file (:mod:`joker.ledger.unit`) use too without importing the tables."""

from __future__ import annotations

import datetime as dt


def utcnow() -> dt.datetime:
    """Now, timezone-aware UTC: the default of every ``created_at`` column."""
    return dt.datetime.now(dt.timezone.utc)
