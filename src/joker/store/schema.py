"""The schema's history: the Alembic migrations in ``joker/store/migrations``
(shipped with the package, configured in code: no ``alembic.ini``), applied
on first use by :func:`prepare`.

Revision ids are part of every database already written (its
``alembic_version`` row): they never change, and a new schema is a new
revision on top of the head.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import Connection, Engine, inspect, text

from .engine import WRITE, translated
from .errors import StoreUnavailable
from .urls import display

MIGRATIONS = Path(__file__).parent / "migrations"
LEDGER_TABLES = {"players", "game_days", "games", "deals"}
"""Tables every joker database has (revision ``0001_initial``): an Alembic database without them is another program's."""

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


_DECLARED = re.compile(r"^(revision|down_revision)\s*=\s*(None|\"([^\"]+)\"|'([^']+)')\s*$", re.M)


@lru_cache(maxsize=1)
def declared_head() -> str | None:
    """The head revision as the migration files declare it (their ``revision =``
    and ``down_revision =`` lines), read without importing Alembic (a hundred
    milliseconds at every ``joker ledger`` command); ``None`` when the files are not
    one plain chain of such lines, and then :func:`prepare` asks Alembic.
    ``tests/test_store.py`` checks it equals :func:`head_revision`."""
    revisions: set[str] = set()
    downs: set[str] = set()
    files = [f for f in (MIGRATIONS / "versions").glob("*.py") if f.name != "__init__.py"]
    for f in files:
        found = {m[0]: m[2] or m[3] for m in _DECLARED.findall(f.read_text(encoding="utf-8"))}
        if "revision" not in found or "down_revision" not in found or not found["revision"]:
            return None
        revisions.add(found["revision"])
        if found["down_revision"]:
            downs.add(found["down_revision"])
    heads = revisions - downs
    if len(revisions) != len(files) or len(heads) != 1 or not downs <= revisions:
        return None
    return heads.pop()


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


def prepare(engine: Engine, url: str) -> None:
    """Make the database on ``engine`` a joker database at the head revision:
    refuse a foreign one, create or upgrade ours.  Raises
    :class:`.errors.StoreUnavailable` (``db_foreign``, ``db_newer``,
    ``db_other_alembic``; :class:`.errors.StoreError` for other database errors)."""
    with translated(url):
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
