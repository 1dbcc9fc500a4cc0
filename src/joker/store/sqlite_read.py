"""Using an SQLite database with the standard library alone: no SQLAlchemy,
no Alembic.  What a reading command (``joker ledger show``: read-only,
:func:`open_read_only`) and a writing one (``joker ledger bids``:
:func:`open_writable`, writes in :func:`transaction` with ``BEGIN IMMEDIATE``)
use when their database is an SQLite file already at the head revision;
anything else — a new file, an older or newer schema, not a joker database, a
database that cannot be opened or written — is left to
:func:`.opening.open_engine` (which creates, migrates or says clearly what is
wrong): the two then return None.

Rows come back as :class:`types.SimpleNamespace` objects whose attributes are
the result's columns, each value converted as SQLAlchemy's column type would
convert it (``kind``: ``json``, ``bool``, ``date``, ``datetime``; see
:data:`joker.ledger.queries.KINDS`), so a caller cannot tell them from Core rows.
"""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
from contextlib import contextmanager
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Callable, Iterator, Mapping, Sequence

from .errors import StoreError, StoreUnavailable, explain_message
from .revisions import LEDGER_TABLES, declared_head
from .urls import DEFAULT_TIMEOUT

Columns = Sequence[tuple[str, "str | None"]]
"""A result's columns: (name, kind or None)."""


def _json(value: Any) -> Any:
    return None if value is None else json.loads(value)


def _bool(value: Any) -> bool | None:
    return None if value is None else bool(value)


def _date(value: Any) -> dt.date | None:
    return None if value is None else dt.date.fromisoformat(value)


def _datetime(value: Any) -> dt.datetime | None:
    return None if value is None else dt.datetime.fromisoformat(value)


CONVERT: dict[str, Callable[[Any], Any]] = {"json": _json, "bool": _bool, "date": _date, "datetime": _datetime}
"""Kind → how SQLite's stored value becomes the value SQLAlchemy returns for that column type."""


def _at_head(conn: sqlite3.Connection, head: str) -> bool:
    """Whether ``conn`` is a joker database (``alembic_version`` and the ledger's tables) at revision ``head``."""
    try:
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if "alembic_version" not in tables or not LEDGER_TABLES <= tables:
            return False
        versions = conn.execute("SELECT version_num FROM alembic_version").fetchall()
    except sqlite3.Error:
        return False
    return len(versions) == 1 and versions[0][0] == head


def _connect(path: Path, mode: str, timeout: float) -> sqlite3.Connection | None:
    """A connection to the joker database in ``path`` at the head revision, opened in ``mode``
    (``ro``, ``rw``), or None (see :func:`open_read_only`)."""
    head = declared_head()
    if head is None or not path.is_file():
        return None
    try:
        conn = sqlite3.connect(f"{path.absolute().as_uri()}?mode={mode}", uri=True, timeout=timeout,
                               isolation_level=None, check_same_thread=False)
    except sqlite3.Error:
        return None
    if not _at_head(conn, head):
        conn.close()
        return None
    return conn


def open_read_only(path: Path, timeout: float) -> sqlite3.Connection | None:
    """A read-only connection to the joker database in the file ``path``, or None
    when it is not one the fast path may read: no such file, not SQLite, no
    ``alembic_version`` or none of the ledger's tables, or a revision other than
    the head the migration files declare (:func:`.revisions.declared_head`).
    ``timeout``: seconds to wait for a lock (a writer holds one only briefly in WAL mode)."""
    return _connect(path, "ro", timeout)


def open_writable(path: Path, timeout: float = DEFAULT_TIMEOUT) -> sqlite3.Connection | None:
    """A connection to read and write the joker database in the file ``path``, set up as
    :func:`.engine.make_engine` sets up SQLite's (busy timeout ``timeout`` seconds, foreign keys
    on, WAL journal, ``synchronous = NORMAL``), or None: as :func:`open_read_only`, and when
    :func:`.files.check_sqlite_file` refuses the file (read-only file or directory …), whose
    reason :func:`.opening.open_engine` then says."""
    from .files import check_sqlite_file

    try:
        check_sqlite_file(path)
    except StoreUnavailable:
        return None
    conn = _connect(path, "rw", timeout)
    if conn is None:
        return None
    try:
        conn.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = NORMAL")
    except sqlite3.Error:
        conn.close()
        return None
    return conn


@contextmanager
def translated(where: str) -> Iterator[None]:
    """Re-raise ``sqlite3`` errors as :class:`.errors.StoreError` (the codes of
    :func:`.errors.explain_message`; ``db_error`` for any other), ``where`` naming the database."""
    try:
        yield
    except sqlite3.Error as e:
        raise explain_message(str(e), where) or StoreError("db_error", db=where, error=str(e)) from None


@contextmanager
def transaction(conn: sqlite3.Connection, write: bool = False) -> Iterator[sqlite3.Connection]:
    """One transaction on ``conn``: to read (every query inside sees the same snapshot; rolled
    back), or ``write``: begun with ``BEGIN IMMEDIATE`` (writers take turns, waiting up to the
    busy timeout), committed at the end, rolled back on any error."""
    if not write:
        conn.execute("BEGIN")
        try:
            yield conn
        finally:
            conn.execute("ROLLBACK")
        return
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def rows(conn: sqlite3.Connection, sql: str, params: Mapping[str, Any], columns: Columns) -> list[SimpleNamespace]:
    """The rows of ``sql`` run with ``params``, as namespaces of ``columns`` with their values converted."""
    convert = [(name, CONVERT[kind] if kind else None) for name, kind in columns]
    out = []
    for row in conn.execute(sql, dict(params)):
        out.append(SimpleNamespace(**{name: f(v) if f else v for (name, f), v in zip(convert, row)}))
    return out
