"""The database package (``joker.store``): it sits below both applications that
share the database, and its migrations keep the revision ids that databases
already written carry."""

from __future__ import annotations

import ast
from pathlib import Path

import joker.store
from joker.store import known_revisions
from joker.store.schema import MIGRATIONS

STORE = Path(joker.store.__file__).parent


def _joker_imports(path: Path) -> set[str]:
    """The ``joker.*`` modules a file imports (relative imports resolved within ``joker.store``)."""
    package = "joker." + ".".join(path.parent.relative_to(STORE.parent).parts)
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                out.add(f"{base}.{node.module}" if node.module else base)
            else:
                out.add(node.module or "")
    return {m for m in out if m == "joker" or m.startswith("joker.")}


def test_the_store_imports_no_game_and_no_application():
    files = sorted(STORE.rglob("*.py"))
    assert STORE / "migrations" / "env.py" in files
    for path in files:
        for module in _joker_imports(path):
            assert module.startswith("joker.store") or module in ("joker.errors", "joker.lazy"), (path.name, module)


def test_the_migrations_env_imports_absolutely():
    """Alembic loads env.py and the revisions as files, outside the package: no relative import works there."""
    for path in [MIGRATIONS / "env.py", *sorted((MIGRATIONS / "versions").glob("0*.py"))]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        assert not any(isinstance(n, ast.ImportFrom) and n.level for n in ast.walk(tree)), path.name


def test_the_revision_ids_stay_those_of_databases_already_written():
    assert known_revisions() == {"0001_initial", "0002_web_tables", "0003_web_analyses", "0004_web_table_game",
                                  "0005_web_chat_rematch", "0006_web_table_abandoned"}


def test_the_head_read_from_the_migration_files_is_alembics():
    """Opening a database at the head decides so without Alembic (``declared_head``): it must be Alembic's head."""
    from joker.store.schema import declared_head, head_revision

    assert declared_head() == head_revision()


def test_opening_a_database_at_the_head_does_not_import_alembic(tmp_path):
    """The usual opening (schema already at the head) reads ``alembic_version`` with plain SQL: ``joker ledger``
    commands start without Alembic's import (docs/scorekeeper.md, "Start-up")."""
    import subprocess
    import sys

    db = tmp_path / "k.db"
    code = ("import sys; from joker.store import open_engine; e, _ = open_engine(sys.argv[1]); e.dispose(); "
            "print('alembic' in sys.modules)")
    first = subprocess.run([sys.executable, "-c", code, str(db)], capture_output=True, text=True, check=True)
    again = subprocess.run([sys.executable, "-c", code, str(db)], capture_output=True, text=True, check=True)
    assert (first.stdout.strip(), again.stdout.strip()) == ("True", "False")
