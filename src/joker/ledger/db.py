"""The ledger's errors, and its database said in its words.

The database itself — URL, engine, migrations — is :mod:`joker.store`'s
(``--db PATH`` or URL, else ``$JOKER_DB_URL``, else the default SQLite file;
see :func:`joker.store.urls.resolve_url`).  This module holds
:class:`LedgerError`, which every refusal of the scorekeeper raises, and
re-raises the store's errors as ledger errors with the same code and fields
(:func:`translated`, :func:`open_engine`), so that the terminal and the web
server say them from :mod:`joker.i18n.ledger` like any other.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Iterator, Mapping

from joker.errors import CodedError
from joker.store.errors import StoreError, StoreUnavailable
from joker.store.urls import DEFAULT_TIMEOUT

if TYPE_CHECKING:  # SQLAlchemy is imported by the functions that use it, not by this module
    from sqlalchemy import Engine


class LedgerError(CodedError):
    """Any problem the ledger reports to the keeper: bad input (naming the row
    or deal and the reason) or a database that cannot be used.

    Raised as ``LedgerError(code, **fields)``: ``code`` names a text of the
    ``ledger`` catalogue (:mod:`joker.i18n.ledger`), whose English, filled from
    ``fields``, is the message; :func:`joker.i18n.message` says it in Russian
    too.  A text that is not a code is the message itself (``code`` is then
    None: said alike in every language).  Raises ``KeyError`` for fields given
    with an unknown code.
    """

    catalogue = "ledger"

    @property
    def fields(self) -> Mapping[str, Any]:
        """The values filling the message's placeholders (:attr:`params`)."""
        return self.params


class DatabaseUnavailable(LedgerError):
    """The database cannot be used: locked, read-only, unreachable, or not a joker ledger."""


def said(error: StoreError) -> LedgerError:
    """The store's ``error`` as a ledger error with its code and fields
    (:class:`DatabaseUnavailable` for :class:`joker.store.StoreUnavailable`)."""
    cls = DatabaseUnavailable if isinstance(error, StoreUnavailable) else LedgerError
    return cls(error.code or str(error), **error.params)


@contextmanager
def ledger_errors() -> Iterator[None]:
    """Re-raise the store's errors (:class:`joker.store.StoreError`) as ledger errors (:func:`said`)."""
    try:
        yield
    except StoreError as e:
        raise said(e) from None


@contextmanager
def translated(url: str) -> Iterator[None]:
    """Re-raise database errors on ``url`` as :class:`LedgerError` with a clear
    message (:func:`joker.store.translated`, then :func:`said`)."""
    from joker.store.engine import translated as store_translated

    with ledger_errors(), store_translated(url):
        yield


def open_engine(db: str | os.PathLike[str] | None = None,
                timeout: float = DEFAULT_TIMEOUT) -> tuple[Engine, str]:
    """:func:`joker.store.open_engine` (resolve, check, connect, migrate: the
    engine and its URL), raising :class:`DatabaseUnavailable` (:class:`LedgerError`
    for other database errors)."""
    from joker.store.opening import open_engine as store_open_engine

    with ledger_errors():
        return store_open_engine(db, timeout)
