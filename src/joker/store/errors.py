"""What the store raises when a database cannot be used.

A store error carries a code and the fields of its message, never the words:
the codes are the ``db_*`` texts of the catalogue of the application that says
them (:mod:`joker.i18n.ledger`, English and Russian), and that
application re-raises the error as its own (:func:`joker.ledger.db.translated`
makes it a :class:`joker.ledger.db.LedgerError`, which the terminal and the web
server say in the user's language).  ``str()`` of a store error is its code
and fields, for logs only.
"""

from __future__ import annotations

from typing import Any

from joker.errors import JokerError


class StoreError(JokerError):
    """A database error: ``StoreError(code, **fields)``; ``code`` names a ``db_*``
    text (``db_error``: any other database error, with its ``db`` and ``error``)."""

    def __init__(self, code: str, /, **fields: Any) -> None:
        self.code = code
        self.fields: dict[str, Any] = fields
        super().__init__(f"{code}: " + ", ".join(f"{k}={v!s}" for k, v in fields.items()))


class StoreUnavailable(StoreError):
    """The database cannot be used at all: locked, read-only, unreachable, not
    a database, or not a joker database (another program's, or a newer joker's)."""
