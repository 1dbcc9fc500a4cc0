"""Engines and their errors: SQLite in WAL mode with a busy timeout (writers
take turns), PostgreSQL through psycopg 3; database exceptions re-raised as
:class:`.errors.StoreError` naming what went wrong."""

from __future__ import annotations

import sqlite3
from contextlib import contextmanager
from typing import Any, Iterator

from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError, OperationalError, SQLAlchemyError

from .errors import StoreError, StoreUnavailable, explain_message
from .urls import DEFAULT_TIMEOUT, display, sqlite_path

WRITE = "joker_write"
"""Execution option marking a connection that writes (SQLite: ``BEGIN IMMEDIATE``)."""


def make_engine(url: str, timeout: float = DEFAULT_TIMEOUT) -> Engine:
    """An engine for ``url``.

    SQLite: WAL journal (readers never block the writer), ``busy_timeout``
    ``timeout`` seconds, foreign keys on, and writers (connections with the
    :data:`WRITE` execution option) start with ``BEGIN IMMEDIATE`` so two
    processes entering deals take turns instead of failing half way.
    PostgreSQL: a pre-pinged pool; writers lock their rows (``FOR UPDATE``).
    """
    if make_url(url).get_backend_name() != "sqlite":
        return create_engine(url, pool_pre_ping=True)
    engine = create_engine(url, connect_args={"timeout": timeout})
    memory = sqlite_path(url) is None

    @event.listens_for(engine, "connect")
    def _connect(dbapi_conn: Any, _record: Any) -> None:  # pragma: no cover - exercised through every test
        dbapi_conn.isolation_level = None  # let SQLAlchemy's "begin" below emit BEGIN itself
        cur = dbapi_conn.cursor()
        cur.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
        cur.execute("PRAGMA foreign_keys = ON")
        if not memory:
            cur.execute("PRAGMA journal_mode = WAL")
            cur.execute("PRAGMA synchronous = NORMAL")
        cur.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:  # pragma: no cover - exercised through every test
        conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get(WRITE) else "BEGIN")

    return engine


def _first_line(msg: str, default: str) -> str:
    return msg.strip().splitlines()[0] if msg.strip() else default


def explain(error: BaseException, url: str) -> StoreUnavailable:
    """What a database exception raised on ``url`` means, as a :class:`.errors.StoreUnavailable`
    (codes ``db_locked``, ``db_read_only``, ``db_not_sqlite``, ``db_cannot_open``, ``db_unusable``, ``db_error``)."""
    where = display(url)
    msg = str(getattr(error, "orig", None) or error)
    said = explain_message(msg, where)
    if said is not None:
        return said
    if isinstance(error, OperationalError) and sqlite_path(url) is None and make_url(url).get_backend_name() != "sqlite":
        return StoreUnavailable("db_unusable", db=where, error=_first_line(msg, type(error).__name__))
    return StoreUnavailable("db_error", db=where, error=_first_line(msg, str(error)))


@contextmanager
def translated(url: str) -> Iterator[None]:
    """Re-raise database exceptions on ``url`` as :class:`.errors.StoreError`: those of the
    driver as :func:`explain` says, any other SQLAlchemy error as ``db_error``."""
    try:
        yield
    except StoreError:
        raise
    except (DBAPIError, sqlite3.Error) as e:
        raise explain(e, url) from None
    except SQLAlchemyError as e:
        raise StoreError("db_error", db=display(url), error=str(e)) from None
