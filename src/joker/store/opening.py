"""Opening a database: resolve the URL, refuse an SQLite file that could not
be used, connect, and bring the schema to the head revision."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from sqlalchemy import Engine, text
from sqlalchemy.engine import make_url

from .engine import make_engine, translated
from .urls import DEFAULT_TIMEOUT
from .errors import StoreUnavailable
from .schema import prepare
from .urls import resolve_url, sqlite_path

SQLITE_MAGIC = b"SQLite format 3\x00"


def _writable(path: Path) -> bool:
    mode = path.stat().st_mode
    return os.access(path, os.W_OK) and bool(mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))


def check_sqlite_file(path: Path) -> None:
    """Refuse, with a clear reason, a file we could not use: a directory, a file
    that is not an SQLite database, a read-only file or directory; create the
    missing directories of a new one.  Raises :class:`.errors.StoreUnavailable`
    (``db_not_a_file``, ``db_cannot_read``, ``db_not_sqlite``, ``db_read_only_file``,
    ``db_blocked``, ``db_cannot_mkdir``, ``db_read_only_dir``)."""
    parent = path.parent
    if path.exists():
        if not path.is_file():
            raise StoreUnavailable("db_not_a_file", db=path)
        try:
            with open(path, "rb") as f:
                head = f.read(16)
        except OSError as e:
            raise StoreUnavailable("db_cannot_read", db=path, error=e.strerror) from None
        if head and head != SQLITE_MAGIC:
            raise StoreUnavailable("db_not_sqlite", db=path)
        if not _writable(path):
            raise StoreUnavailable("db_read_only_file", db=path)
    else:
        blocker = next((p for p in [parent, *parent.parents] if p.exists() and not p.is_dir()), None)
        if blocker is not None:
            raise StoreUnavailable("db_blocked", db=path, blocker=blocker)
        try:
            parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise StoreUnavailable("db_cannot_mkdir", dir=parent, error=e.strerror) from None
    if not _writable(parent):
        raise StoreUnavailable("db_read_only_dir", dir=parent)


def open_engine(db: str | os.PathLike[str] | None = None, timeout: float = DEFAULT_TIMEOUT) -> tuple[Engine, str]:
    """Resolve (:func:`.urls.resolve_url`), check, connect and migrate: the engine and its URL.
    Raises :class:`.errors.StoreUnavailable` (``db_bad_url`` and the reasons of
    :func:`check_sqlite_file`, :func:`.engine.explain` and :func:`.schema.prepare`;
    :class:`.errors.StoreError` for other database errors)."""
    url = resolve_url(db)
    try:
        make_url(url)
    except Exception:
        raise StoreUnavailable("db_bad_url", url=url) from None
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
