"""The schema's history: the Alembic migrations in ``joker/store/migrations``
(shipped with the package, configured in code: no ``alembic.ini``), applied
on first use by :func:`prepare`.

Revision ids are part of every database already written (its
``alembic_version`` row): they never change, and a new schema is a new
revision on top of the head.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import TYPE_CHECKING, Iterator

from sqlalchemy import Connection, Engine, inspect, text

from .engine import WRITE, translated
from .errors import StoreUnavailable
from .revisions import LEDGER_TABLES, MIGRATIONS, declared_head
from .urls import display


if TYPE_CHECKING:  # Alembic is imported only when a migration runs
    from alembic.config import Config


def alembic_config(connection: Connection | None = None) -> Config:
    """An Alembic config for the package's migrations directory, running on ``connection`` if given."""
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    if connection is not None:
        cfg.attributes["connection"] = connection
    return cfg


def head_revision() -> str:
    """The newest revision id of the package's migrations (e.g. ``0003_web_analyses``)."""
    from alembic.script import ScriptDirectory

    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None, f"no migrations in {MIGRATIONS}"  # the package ships them
    return head


def known_revisions() -> set[str]:
    """Every revision id of the package's migrations."""
    from alembic.script import ScriptDirectory

    return {s.revision for s in ScriptDirectory.from_config(alembic_config()).walk_revisions()}


def _stored_revision(engine: Engine) -> str | None:
    """The ``alembic_version`` row, read with plain SQL (``None`` if not exactly one row)."""
    with engine.connect() as conn:
        rows = conn.execute(text("SELECT version_num FROM alembic_version")).all()
    return str(rows[0][0]) if len(rows) == 1 else None


def current_revision(engine: Engine) -> str | None:
    """The database's revision id (``None``: no migration applied)."""
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


MIGRATION_LOCK = 0x6A6F6B6572  # "joker"
"""The PostgreSQL advisory lock held while a database is checked and migrated."""


@contextmanager
def _migration_lock(engine: Engine) -> Iterator[None]:
    """On PostgreSQL, one process at a time checks and migrates the database
    (several ``joker serve`` processes starting together on one database,
    docs/deploy.md); SQLite needs no lock (one server process writes it)."""
    if engine.dialect.name != "postgresql":
        yield
        return
    with engine.connect() as conn:
        conn.exec_driver_sql(f"SELECT pg_advisory_lock({MIGRATION_LOCK})")
        conn.commit()
        try:
            yield
        finally:
            conn.exec_driver_sql(f"SELECT pg_advisory_unlock({MIGRATION_LOCK})")
            conn.commit()


def prepare(engine: Engine, url: str) -> None:
    """Make the database on ``engine`` a joker database at the head revision:
    refuse a foreign one, create or upgrade ours.  Raises
    :class:`.errors.StoreUnavailable` (``db_foreign``, ``db_newer``,
    ``db_other_alembic``; :class:`.errors.StoreError` for other database errors)."""
    with translated(url), _migration_lock(engine):
        tables = set(inspect(engine).get_table_names())
        if "alembic_version" in tables and LEDGER_TABLES <= tables:
            head = declared_head()
            if head is not None and _stored_revision(engine) == head:
                return  # the usual case, decided without importing Alembic
        if tables and "alembic_version" not in tables:
            shown = ", ".join(sorted(tables)[:6]) + (" …" if len(tables) > 6 else "")
            raise StoreUnavailable("db_foreign", db=display(url), tables=shown)
        rev = current_revision(engine) if tables else None
        if rev is not None and rev not in known_revisions():
            raise StoreUnavailable("db_newer", db=display(url), revision=rev)
        if rev is not None and not LEDGER_TABLES <= tables:
            raise StoreUnavailable("db_other_alembic", db=display(url))
        if rev != head_revision():
            upgrade(engine)
