"""Opening a database: resolve the URL, refuse an SQLite file that could not
be used (:func:`.files.check_sqlite_file`), connect, and bring the schema to
the head revision."""

from __future__ import annotations

import os

from sqlalchemy import Engine, text
from sqlalchemy.engine import make_url

from .engine import make_engine, translated
from .files import check_sqlite_file
from .urls import DEFAULT_TIMEOUT
from .errors import StoreUnavailable
from .schema import prepare
from .urls import resolve_url, sqlite_path

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
