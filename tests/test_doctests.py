"""Every docstring example (``>>>``) in src/joker runs and shows what it says.

Each module's doctests run in a fresh interpreter, as a reader would type them:
in this process other tests change shared state the examples read (the toy game
registers itself with the registry, so ``joker.registry``'s list of games would
differ).  A module whose optional third-party dependency is not installed is
skipped, naming it; the Alembic migrations (run by Alembic, not importable
alone) and ``__main__`` modules (which run on import) hold no examples.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"
SKIP_EXIT = 3  # the child's exit code for "an optional dependency is missing"


def _modules_with_examples() -> list[str]:
    """Dotted names of the modules under src/joker whose source holds ``>>>``."""
    names = []
    for path in sorted((SRC / "joker").rglob("*.py")):
        rel = path.relative_to(SRC).with_suffix("")
        if "migrations" in rel.parts or rel.name == "__main__":
            continue
        if ">>>" in path.read_text(encoding="utf-8"):
            parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
            names.append(".".join(parts))
    return names


MODULES = _modules_with_examples()

_CHILD = f"""
import doctest, importlib, sys
try:
    module = importlib.import_module(sys.argv[1])
except ModuleNotFoundError as e:
    if e.name and e.name.split(".")[0] != "joker":
        print(f"optional dependency {{e.name}} is not installed")
        sys.exit({SKIP_EXIT})
    raise
result = doctest.testmod(module)
print(f"{{result.attempted}} examples, {{result.failed}} failed")
sys.exit(1 if result.failed else 0)
"""


def test_the_documented_modules_are_found() -> None:
    for name in ("joker", "joker.games.joker.rules", "joker.games.joker.solver.fast", "joker.match.simulate",
                 "joker.ledger.repository", "joker.registry"):
        assert name in MODULES


@pytest.mark.parametrize("module", MODULES)
def test_module_doctests(module: str) -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")])}
    run = subprocess.run([sys.executable, "-c", _CHILD, module], capture_output=True, text=True, env=env,
                         timeout=600)
    if run.returncode == SKIP_EXIT:
        pytest.skip(run.stdout.strip())
    assert run.returncode == 0, f"{module}:\n{run.stdout}\n{run.stderr}"
    assert " 0 failed" in run.stdout
