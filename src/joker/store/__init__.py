"""The database every application of joker shares: the SQLAlchemy declarative
base, the tables, engines and URLs, and the Alembic migrations.

**Why a package of its own.**  One database holds the scorekeeper's tables
(:mod:`joker.ledger`) and the web server's (:mod:`joker.server`), under one
metadata and one Alembic history (``0001_initial`` the ledger's,
``0002_web_tables`` to ``0006_web_table_abandoned`` the server's).  Alembic's
environment needs every table on that metadata, so the models of every table
the migrations create live here, beside the migrations; the applications
import them from here and never from each other.  This package imports only
SQLAlchemy, Alembic, platformdirs and :mod:`joker.errors`: no game and no
application: the layer below both.

**Errors.**  The store raises :class:`StoreError` /
:class:`StoreUnavailable` with a ``db_*`` code and the fields of its message,
not the words: the application says them (:func:`joker.ledger.db.translated`
re-raises them as :class:`joker.ledger.db.LedgerError`, whose texts, English
and Russian, are in :mod:`joker.i18n.ledger`).

**Core first.**  The scorekeeper's tables are Core :class:`~sqlalchemy.Table`
objects (:mod:`.tables`); importing this package imports no ORM, so a command
that only reads (``joker ledger show``) never pays for it.  The ORM classes —
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
:func:`prepare`), :mod:`.opening` (:func:`open_engine`), :mod:`.errors`.
The migrations are in ``joker/store/migrations`` (``env.py`` and
``versions/``), loaded by Alembic as files: their imports are absolute.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from .engine import DEFAULT_TIMEOUT, WRITE, explain, make_engine, translated
from .errors import StoreError, StoreUnavailable
from .opening import check_sqlite_file, open_engine
from .schema import current_revision, downgrade, head_revision, known_revisions, prepare, upgrade
from .tables import METADATA, NAMING, utcnow
from .urls import ENV_URL, default_path, display, resolve_url, sqlite_path, sqlite_url

if TYPE_CHECKING:  # imported when first named (__getattr__): the ORM
    from .base import Base
    from .ledger_tables import CupResult, Deal, Entry, Game, GameDay, GameSeat, InfringementRow, Player, Slap
    from .web_tables import WebAction, WebAnalysis, WebChat, WebSetting, WebTable

ORM_MODULES = ("base", "ledger_tables", "web_tables")
"""The modules of the ORM classes (and their base), imported together on first use."""


def __getattr__(name: str) -> Any:
    """An ORM class (or :class:`.base.Base`), importing every ORM module of :data:`ORM_MODULES` first."""
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
