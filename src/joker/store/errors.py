"""What the store raises when a database cannot be used.

A store error is a coded error: its code is one of the ``db_*`` texts of the
``ledger`` catalogue (:mod:`joker.i18n.ledger`, English and Russian), its
English text the message.  The scorekeeper re-raises it as its own
(:func:`joker.ledger.db.translated` makes it a
:class:`joker.ledger.db.LedgerError` with the same code and fields), which the
terminal and the web server say in the user's language.
"""

from __future__ import annotations

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
