"""The head revision of the package's migrations, read from the migration
files themselves (their ``revision =`` and ``down_revision =`` lines) without
importing Alembic or SQLAlchemy: a command that only reads checks that its
database is at the head with this and one query
(:func:`.schema.prepare`, :func:`.sqlite_read.open_read_only`).  When the
files are not one plain chain of such lines, :func:`declared_head` is None
and the callers ask Alembic (:func:`.schema.head_revision`).
``tests/test_store.py`` checks the two agree.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

MIGRATIONS = Path(__file__).parent / "migrations"
"""Alembic's script directory (``env.py`` and ``versions/``), shipped with the package."""

LEDGER_TABLES = frozenset({"players", "game_days", "games", "deals"})
"""Tables every joker database has (revision ``0001_initial``): an Alembic database without them is another program's."""

_DECLARED = re.compile(r"^(revision|down_revision)\s*=\s*(None|\"([^\"]+)\"|'([^']+)')\s*$", re.M)


@lru_cache(maxsize=1)
def declared_head() -> str | None:
    """The head revision as the migration files declare it (e.g. ``0005_web_chat_rematch``),
    or None when they are not one plain chain of ``revision = "…"`` / ``down_revision = …`` lines."""
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
