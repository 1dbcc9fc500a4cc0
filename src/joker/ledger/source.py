"""Where the ledger's views read their rows: a :class:`Source` runs the named
read queries of :mod:`.queries` in read transactions.

Two implementations give the same rows (``tests/test_ledger_source.py``
compares them on a real ledger):

* :class:`CoreSource` — the Core statements of :data:`.queries.QUERIES` on a
  SQLAlchemy engine (any URL: PostgreSQL, SQLite) or, through
  :class:`CoreReads`, on a writing command's ORM session;
* :class:`SqliteSource` — their SQLite rendering (:mod:`.queries_sqlite`) run
  with the standard library's ``sqlite3`` on a read-only connection
  (:mod:`joker.store.sqlite_read`): no SQLAlchemy, no Alembic.

:func:`open_source` picks the SQLite one for an SQLite file already at the head
revision and the Core one otherwise (a new file is created, an older schema
migrated, a foreign or newer one refused with the store's clear error).
This module imports no SQLAlchemy itself.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, ContextManager, Iterator, Protocol, Sequence

from joker.store.urls import DEFAULT_TIMEOUT, display, resolve_url, sqlite_path
from .db import ledger_errors, open_engine, translated

if TYPE_CHECKING:
    import sqlite3

    from sqlalchemy import Connection, Engine
    from sqlalchemy.orm import Session


class Reads(Protocol):
    """The queries of one read transaction, by name (:data:`.queries.QUERIES`) with their parameters."""

    def rows(self, query: str, **params: Any) -> Sequence[Any]:
        """The rows of ``query``: objects whose attributes are its columns."""
        ...

    def scalar(self, query: str, **params: Any) -> Any:
        """The first column of the first row of ``query``, or None when it has no row."""
        ...


class Source(Protocol):
    """A ledger database to read: :meth:`reading` opens one read transaction."""

    url: str

    def reading(self) -> ContextManager[Reads]:
        """One read transaction, as :class:`Reads` (database errors raised as :class:`~.db.LedgerError`)."""
        ...

    def close(self) -> None: ...


class CoreReads:
    """:class:`Reads` on a SQLAlchemy connection or ORM session (its flushed changes included)."""

    def __init__(self, db: Connection | Session) -> None:
        self.db = db

    def rows(self, query: str, **params: Any) -> Sequence[Any]:
        from .queries import QUERIES

        return list(self.db.execute(QUERIES[query], params))

    def scalar(self, query: str, **params: Any) -> Any:
        from .queries import QUERIES

        return self.db.scalar(QUERIES[query], params)


class CoreSource:
    """The Core statements on a SQLAlchemy engine (PostgreSQL, SQLite, any URL)."""

    def __init__(self, engine: Engine, url: str) -> None:
        self.engine = engine
        self.url = url

    @contextmanager
    def reading(self) -> Iterator[Reads]:
        with translated(self.url):
            with self.engine.connect() as conn:
                with conn.begin():
                    yield CoreReads(conn)

    def close(self) -> None:
        self.engine.dispose()


class SqliteReads:
    """:class:`Reads` on an ``sqlite3`` connection: the queries' rendering in :mod:`.queries_sqlite`."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def rows(self, query: str, **params: Any) -> Sequence[Any]:
        from joker.store.sqlite_read import rows

        from .queries_sqlite import QUERIES

        sql, constants, columns = QUERIES[query]
        return rows(self.conn, sql, {**constants, **params}, columns)

    def scalar(self, query: str, **params: Any) -> Any:
        found = self.rows(query, **params)
        return next(iter(vars(found[0]).values())) if found else None


class SqliteSource:
    """An SQLite file at the head revision, read with ``sqlite3`` alone (read-only)."""

    def __init__(self, conn: sqlite3.Connection, url: str) -> None:
        self.conn = conn
        self.url = url

    @contextmanager
    def reading(self) -> Iterator[Reads]:
        from joker.store import sqlite_read

        with ledger_errors(), sqlite_read.translated(display(self.url)):
            with sqlite_read.transaction(self.conn) as conn:
                yield SqliteReads(conn)

    def close(self) -> None:
        self.conn.close()


def open_source(db: str | os.PathLike[str] | None = None, timeout: float = DEFAULT_TIMEOUT,
                fast: bool = True) -> Source:
    """The ledger at ``db`` (a path, a URL, or None for ``$JOKER_DB_URL`` / the default
    file) to read: :class:`SqliteSource` for an SQLite file at the head revision (unless
    ``fast`` is False), else :class:`CoreSource` on :func:`.db.open_engine` (which
    creates, migrates or refuses).  Raises :class:`~.db.DatabaseUnavailable`."""
    url = resolve_url(db)
    path = sqlite_path(url) if fast and url.startswith("sqlite") else None
    if path is not None:
        from joker.store.sqlite_read import open_read_only

        conn = open_read_only(path, timeout)
        if conn is not None:
            return SqliteSource(conn, url)
    engine, url = open_engine(db, timeout)
    return CoreSource(engine, url)
