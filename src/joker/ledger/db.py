"""Where the ledger lives and how it is opened: the database URL, the
engine (SQLite in WAL mode with a busy timeout, or PostgreSQL through
psycopg 3), Alembic migrations applied on first use, and clear messages for
databases that are locked, read-only, unreachable or not a ledger at all.

The URL comes from, in order: an explicit ``--db PATH`` (or URL), the
``JOKER_DB_URL`` environment variable, and the default SQLite file
``<user data dir>/joker.db`` (``platformdirs.user_data_dir("joker")``).
"""

from __future__ import annotations

import os
import re
import sqlite3
import stat
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator, Mapping

from sqlalchemy import Engine, create_engine, event, inspect, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError, OperationalError, SQLAlchemyError

from joker.errors import CodedError

ENV_URL = "JOKER_DB_URL"
MIGRATIONS = Path(__file__).parent / "migrations"
WRITE = "joker_write"
"""Execution option marking a connection that writes (SQLite: ``BEGIN IMMEDIATE``)."""
DEFAULT_TIMEOUT = 30.0
"""Seconds a writer waits for another writer's lock before giving up."""


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


def default_path() -> Path:
    """The default SQLite file: ``joker.db`` in the user's data directory."""
    import platformdirs

    return Path(platformdirs.user_data_dir("joker")) / "joker.db"


def resolve_url(db: str | os.PathLike | None = None) -> str:
    """The database URL for ``--db`` (a path or a URL), else ``$JOKER_DB_URL``, else the default file."""
    value = str(db) if db is not None else os.environ.get(ENV_URL) or None
    if value is None:
        return sqlite_url(default_path())
    if "://" in value:
        # psycopg 3 is the driver we ship; SQLAlchemy's default for a bare postgresql:// is psycopg2
        return re.sub(r"^(postgresql|postgres)://", "postgresql+psycopg://", value)
    return sqlite_url(Path(value))


def sqlite_url(path: Path) -> str:
    return "sqlite:///" + str(path.expanduser().absolute())


def sqlite_path(url: str) -> Path | None:
    """The file of an SQLite URL (``None`` for other databases and in-memory ones)."""
    u = make_url(url)
    if u.get_backend_name() != "sqlite" or not u.database or u.database == ":memory:":
        return None
    return Path(u.database)


def display(url: str) -> str:
    """The URL without its password, for messages."""
    path = sqlite_path(url)
    if path is not None:
        return str(path)
    return make_url(url).render_as_string(hide_password=True)


# -- pre-flight checks of an SQLite file -----------------------------------------------------
SQLITE_MAGIC = b"SQLite format 3\x00"


def check_sqlite_file(path: Path) -> None:
    """Refuse, with a clear message, a file we could not use: a directory, a file
    that is not an SQLite database, a read-only file or directory.  Raises
    :class:`DatabaseUnavailable`."""
    if path.exists():
        if not path.is_file():
            raise DatabaseUnavailable("db_not_a_file", db=path)
        try:
            with open(path, "rb") as f:
                head = f.read(16)
        except OSError as e:
            raise DatabaseUnavailable("db_cannot_read", db=path, error=e.strerror) from None
        if head and head != SQLITE_MAGIC:
            raise DatabaseUnavailable("db_not_sqlite", db=path)
        mode = path.stat().st_mode
        if not os.access(path, os.W_OK) or not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
            raise DatabaseUnavailable("db_read_only_file", db=path)
        parent = path.parent
    else:
        parent = path.parent
        blocker = next((p for p in [parent, *parent.parents] if p.exists() and not p.is_dir()), None)
        if blocker is not None:
            raise DatabaseUnavailable("db_blocked", db=path, blocker=blocker)
        try:
            parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise DatabaseUnavailable("db_cannot_mkdir", dir=parent, error=e.strerror) from None
    mode = parent.stat().st_mode
    if not os.access(parent, os.W_OK) or not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        raise DatabaseUnavailable("db_read_only_dir", dir=parent)


# -- engine -----------------------------------------------------------------------------------
def make_engine(url: str, timeout: float = DEFAULT_TIMEOUT) -> Engine:
    """An engine for ``url``.

    SQLite: WAL journal (readers never block the writer), ``busy_timeout``
    ``timeout`` seconds, foreign keys on, and writers start with ``BEGIN
    IMMEDIATE`` so two processes entering deals take turns instead of failing
    half way.  PostgreSQL: the ledger locks the game row (``FOR UPDATE``).
    """
    if make_url(url).get_backend_name() != "sqlite":
        return create_engine(url, pool_pre_ping=True)
    engine = create_engine(url, connect_args={"timeout": timeout})
    memory = sqlite_path(url) is None

    @event.listens_for(engine, "connect")
    def _connect(dbapi_conn, _record):  # pragma: no cover - exercised through every test
        dbapi_conn.isolation_level = None  # let SQLAlchemy's "begin" below emit BEGIN itself
        cur = dbapi_conn.cursor()
        cur.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
        cur.execute("PRAGMA foreign_keys = ON")
        if not memory:
            cur.execute("PRAGMA journal_mode = WAL")
            cur.execute("PRAGMA synchronous = NORMAL")
        cur.close()

    @event.listens_for(engine, "begin")
    def _begin(conn):  # pragma: no cover - exercised through every test
        conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get(WRITE) else "BEGIN")

    return engine


_LOCKED = re.compile(r"database is locked|database is busy|database table is locked", re.I)


def explain(error: BaseException, url: str) -> LedgerError:
    """A keeper-readable error for a database exception."""
    where = display(url)
    msg = str(getattr(error, "orig", None) or error)
    if _LOCKED.search(msg):
        return DatabaseUnavailable("db_locked", db=where)
    if "readonly" in msg or "read-only" in msg:
        return DatabaseUnavailable("db_read_only", db=where, error=msg)
    if "file is not a database" in msg or "file is encrypted" in msg:
        return DatabaseUnavailable("db_not_sqlite", db=where)
    if "unable to open database file" in msg:
        return DatabaseUnavailable("db_cannot_open", db=where)
    if isinstance(error, OperationalError) and sqlite_path(url) is None and make_url(url).get_backend_name() != "sqlite":
        first = msg.strip().splitlines()[0] if msg.strip() else type(error).__name__
        return DatabaseUnavailable("db_unusable", db=where, error=first)
    return DatabaseUnavailable("db_error", db=where,
                               error=msg.strip().splitlines()[0] if msg.strip() else str(error))


@contextmanager
def translated(url: str) -> Iterator[None]:
    """Re-raise database errors as :class:`LedgerError` with a clear message."""
    try:
        yield
    except LedgerError:
        raise
    except (DBAPIError, sqlite3.Error) as e:
        raise explain(e, url) from None
    except SQLAlchemyError as e:
        raise LedgerError("db_error", db=display(url), error=str(e)) from None


# -- migrations -------------------------------------------------------------------------------
def alembic_config(connection=None):
    """An Alembic config for the package's migrations directory (no alembic.ini needed)."""
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    if connection is not None:
        cfg.attributes["connection"] = connection
    return cfg


def head_revision() -> str:
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def known_revisions() -> set[str]:
    from alembic.script import ScriptDirectory

    return {s.revision for s in ScriptDirectory.from_config(alembic_config()).walk_revisions()}


def current_revision(engine: Engine) -> str | None:
    from alembic.migration import MigrationContext

    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Apply the migrations up to ``revision`` (one transaction)."""
    from alembic import command

    with engine.execution_options(**{WRITE: True}).begin() as conn:
        command.upgrade(alembic_config(conn), revision)


def downgrade(engine: Engine, revision: str = "base") -> None:
    """Undo the migrations down to ``revision`` (``base``: an empty database)."""
    from alembic import command

    with engine.execution_options(**{WRITE: True}).begin() as conn:
        command.downgrade(alembic_config(conn), revision)


LEDGER_TABLES = {"players", "game_days", "games", "deals"}


def prepare(engine: Engine, url: str) -> None:
    """Make the database a ledger at the current schema: refuse a foreign one,
    create or upgrade ours (migrations run automatically on first use).  Raises
    :class:`DatabaseUnavailable` (:class:`LedgerError` for other database errors)."""
    with translated(url):
        tables = set(inspect(engine).get_table_names())
        if tables and "alembic_version" not in tables:
            shown = ", ".join(sorted(tables)[:6]) + (" …" if len(tables) > 6 else "")
            raise DatabaseUnavailable("db_foreign", db=display(url), tables=shown)
        rev = current_revision(engine) if tables else None
        if rev is not None and rev not in known_revisions():
            raise DatabaseUnavailable("db_newer", db=display(url), revision=rev)
        if rev is not None and not LEDGER_TABLES <= tables:
            raise DatabaseUnavailable("db_other_alembic", db=display(url))
        if rev != head_revision():
            upgrade(engine)


def open_engine(db: str | os.PathLike | None = None, timeout: float = DEFAULT_TIMEOUT) -> tuple[Engine, str]:
    """Resolve, check, connect and migrate: the engine and its URL.  Raises
    :class:`DatabaseUnavailable` (:class:`LedgerError` for other database errors)."""
    url = resolve_url(db)
    try:
        make_url(url)
    except Exception:
        raise DatabaseUnavailable("db_bad_url", url=url) from None
    path = sqlite_path(url)
    if path is not None:
        check_sqlite_file(path)
    engine = make_engine(url, timeout)
    try:
        with translated(url), engine.connect() as conn:
            conn.execute(text("SELECT 1"))
        prepare(engine, url)
    except BaseException:
        engine.dispose()
        raise
    return engine, url
