"""What the store raises when a database cannot be used.

A store error is a coded error: its code is one of the ``db_*`` texts of the
``ledger`` catalogue (:mod:`joker.i18n.ledger`, English and Russian), its
English text the message.  The scorekeeper re-raises it as its own
(:func:`joker.ledger.db.translated` makes it a
:class:`joker.ledger.db.LedgerError` with the same code and fields), which the
terminal and the web server say in the user's language.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from joker.errors import CodedError


class StoreError(CodedError):
    """A database error: ``StoreError(code, **fields)``; ``code`` names a ``db_*``
    text of the ``ledger`` catalogue (``db_error``: any other database error,
    with its ``db`` and ``error``), said like every coded error (:mod:`joker.errors`)."""

    catalogue = "ledger"

    @property
    def fields(self) -> Mapping[str, Any]:
        """The values filling the message's placeholders (:attr:`params`)."""
        return self.params


class StoreUnavailable(StoreError):
    """The database cannot be used at all: locked, read-only, unreachable, not
    a database, or not a joker database (another program's, or a newer joker's)."""


_LOCKED = re.compile(r"database is locked|database is busy|database table is locked", re.I)


def explain_message(msg: str, where: str) -> StoreUnavailable | None:
    """What a database driver's error message ``msg`` says, as a :class:`StoreUnavailable`
    naming the database ``where`` (codes ``db_locked``, ``db_read_only``, ``db_not_sqlite``,
    ``db_cannot_open``), or None for a message none of these explain.  Used by
    :func:`.engine.explain` (SQLAlchemy) and :mod:`.sqlite_read` (``sqlite3`` alone)."""
    if _LOCKED.search(msg):
        return StoreUnavailable("db_locked", db=where)
    if "readonly" in msg or "read-only" in msg:
        return StoreUnavailable("db_read_only", db=where, error=msg)
    if "file is not a database" in msg or "file is encrypted" in msg:
        return StoreUnavailable("db_not_sqlite", db=where)
    if "unable to open database file" in msg:
        return StoreUnavailable("db_cannot_open", db=where)
    return None
