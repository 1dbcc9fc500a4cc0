"""The database every application of joker shares: the SQLAlchemy declarative
base, the tables, engines and URLs, and the Alembic migrations.

**Why a package of its own.**  One database holds the scorekeeper's tables
(:mod:`joker.ledger`) and the web server's (:mod:`joker.server`), under one
metadata and one Alembic history (``0001_initial`` the ledger's,
``0002_web_tables`` to ``0006_web_table_abandoned`` the server's).  Alembic's
environment needs every table on that metadata, so the models of every table
the migrations create live here, beside the migrations; the applications
import them from here and never from each other.  This package imports only
SQLAlchemy, Alembic, platformdirs, :mod:`joker.errors` and :mod:`joker.lazy`: no game and no
application: the layer below both.

**Errors.**  The store raises :class:`StoreError` /
:class:`StoreUnavailable` with a ``db_*`` code and the fields of its message,
not the words: the application says them (:func:`joker.ledger.db.translated`
re-raises them as :class:`joker.ledger.db.LedgerError`, whose texts, English
and Russian, are in :mod:`joker.i18n.ledger`).

**Core first, and nothing until named.**  Importing this package imports
nothing heavy: each name is imported from its module the first time it is
used (:data:`WHERE`), so a command that reads an SQLite file at the head
revision (``joker ledger show``, through :mod:`.sqlite_read` and
:mod:`.revisions`) imports no SQLAlchemy at all.  The scorekeeper's tables are
Core :class:`~sqlalchemy.Table` objects (:mod:`.tables`): a reading command on
another database uses Core and never pays for the ORM.  The ORM classes —
the scorekeeper's mapped onto those tables, the web server's declared on the
same metadata — are imported the first time one of them is named
(``from joker.store import Game``, ``joker.store.Base``), all together, so the
metadata always holds every table when the ORM is in use.

Modules: :mod:`.tables` (the scorekeeper's tables, the metadata and its naming
convention, :func:`utcnow`), :mod:`.base` (the ORM's declarative base),
:mod:`.ledger_tables` and :mod:`.web_tables` (the ORM classes), :mod:`.urls`
(``--db`` path or URL, ``$JOKER_DB_URL``, the default SQLite file),
:mod:`.engine` (SQLite in WAL mode / PostgreSQL, :data:`WRITE`, errors
explained), :mod:`.schema` (migrations: upgrade, downgrade, revisions,
:func:`prepare`), :mod:`.revisions` (the head revision read from the migration
files, without Alembic), :mod:`.opening` (:func:`open_engine`), :mod:`.files`
(:func:`check_sqlite_file`), :mod:`.sqlite_read` (an SQLite file at the head
read and written with ``sqlite3`` alone), :mod:`.times` (:func:`utcnow`), :mod:`.errors`.
The migrations are in ``joker/store/migrations`` (``env.py`` and
``versions/``), loaded by Alembic as files: their imports are absolute.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from joker.lazy import attributes

if TYPE_CHECKING:  # imported when first named (__getattr__)
    from .base import Base
    from .engine import WRITE, explain, make_engine, translated
    from .errors import StoreError, StoreUnavailable
    from .ledger_tables import CupResult, Deal, Entry, Game, GameDay, GameSeat, InfringementRow, Player, Slap
    from .files import check_sqlite_file
    from .opening import open_engine
    from .schema import current_revision, downgrade, head_revision, known_revisions, prepare, upgrade
    from .tables import METADATA, NAMING
    from .times import utcnow
    from .urls import DEFAULT_TIMEOUT, ENV_URL, default_path, display, resolve_url, sqlite_path, sqlite_url
    from .web_tables import WebAction, WebAnalysis, WebChat, WebSetting, WebTable

ORM_MODULES = ("base", "ledger_tables", "web_tables")
"""The modules of the ORM classes (and their base), imported together on first use."""

WHERE = {
    **dict.fromkeys(("WRITE", "explain", "make_engine", "translated"), ".engine"),
    **dict.fromkeys(("StoreError", "StoreUnavailable"), ".errors"),
    "check_sqlite_file": ".files",
    "open_engine": ".opening",
    **dict.fromkeys(("current_revision", "downgrade", "head_revision", "known_revisions", "prepare", "upgrade"),
                    ".schema"),
    **dict.fromkeys(("METADATA", "NAMING"), ".tables"),
    "utcnow": ".times",
    **dict.fromkeys(("DEFAULT_TIMEOUT", "ENV_URL", "default_path", "display", "resolve_url", "sqlite_path",
                     "sqlite_url"), ".urls"),
}
"""Each name of :data:`__all__` but the ORM's → its module (imported when the name is first used:
``import joker.store`` imports no SQLAlchemy)."""

_named = attributes(__name__, WHERE)


def __getattr__(name: str) -> Any:
    """A name of :data:`WHERE` from its module; an ORM class (or :class:`.base.Base`),
    importing every ORM module of :data:`ORM_MODULES` first."""
    if name in WHERE:
        return _named(name)
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    modules = [import_module(f"{__name__}.{m}") for m in ORM_MODULES]
    for module in modules:
        if name in vars(module):
            globals()[name] = vars(module)[name]
            return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "DEFAULT_TIMEOUT", "ENV_URL", "METADATA", "NAMING", "WRITE", "Base", "CupResult", "Deal", "Entry", "Game",
    "GameDay", "GameSeat", "InfringementRow", "Player", "Slap", "StoreError", "StoreUnavailable", "WebAction",
    "WebAnalysis", "WebChat", "WebSetting", "WebTable", "check_sqlite_file", "current_revision", "default_path",
    "display", "downgrade", "explain", "head_revision", "known_revisions", "make_engine", "open_engine", "prepare",
    "resolve_url", "sqlite_path", "sqlite_url", "translated", "upgrade", "utcnow",
]
