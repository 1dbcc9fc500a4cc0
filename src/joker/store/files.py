"""An SQLite file checked before it is opened, without SQLAlchemy: what
:func:`.opening.open_engine` refuses with a clear reason, and what
:func:`.sqlite_read.open_writable` leaves to it."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from .errors import StoreUnavailable

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
