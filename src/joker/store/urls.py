"""Which database: the URL from an explicit path or URL, else the
``JOKER_DB_URL`` environment variable, else the default SQLite file
``<user data dir>/joker.db`` (``platformdirs.user_data_dir("joker")``).
PostgreSQL is reached by URL through psycopg 3."""

from __future__ import annotations

import os
import re
from pathlib import Path

ENV_URL = "JOKER_DB_URL"

DEFAULT_TIMEOUT = 30.0
"""Seconds a writer waits for another writer's lock (a reader for a lock) before giving up."""

_PLAIN_SQLITE = re.compile(r"^sqlite(?:\+pysqlite)?://(?:/([^?%]*))?$")
"""An SQLite URL of the plain form :func:`sqlite_url` writes (no query, nothing quoted): read without
SQLAlchemy, so a reading command on an SQLite file never imports it; any other URL is SQLAlchemy's to parse."""


def default_path() -> Path:
    """The default SQLite file: ``joker.db`` in the user's data directory."""
    import platformdirs

    return Path(platformdirs.user_data_dir("joker")) / "joker.db"


def resolve_url(db: str | os.PathLike[str] | None = None) -> str:
    """The database URL for ``db`` (a path or a URL), else ``$JOKER_DB_URL``, else the default file.
    ``postgresql://`` and ``postgres://`` become ``postgresql+psycopg://``."""
    value = str(db) if db is not None else os.environ.get(ENV_URL) or None
    if value is None:
        return sqlite_url(default_path())
    if "://" in value:
        # psycopg 3 is the driver we ship; SQLAlchemy's default for a bare postgresql:// is psycopg2
        return re.sub(r"^(postgresql|postgres)://", "postgresql+psycopg://", value)
    return sqlite_url(Path(value))


def sqlite_url(path: Path) -> str:
    """The SQLite URL of the file ``path`` (made absolute, ``~`` expanded)."""
    return "sqlite:///" + str(path.expanduser().absolute())


def sqlite_path(url: str) -> Path | None:
    """The file of an SQLite URL (``None`` for other databases and in-memory ones)."""
    plain = _PLAIN_SQLITE.match(url)
    if plain is not None:
        database = plain.group(1)
        return Path(database) if database and database != ":memory:" else None
    from sqlalchemy.engine import make_url

    u = make_url(url)
    if u.get_backend_name() != "sqlite" or not u.database or u.database == ":memory:":
        return None
    return Path(u.database)


def display(url: str) -> str:
    """The URL as messages show it: an SQLite file's path, another URL without its password."""
    path = sqlite_path(url)
    if path is not None:
        return str(path)
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
