"""The package type-checks: ``mypy --strict`` over src (the ``[tool.mypy]``
configuration of pyproject.toml) reports no error."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


ROOT = Path(__file__).resolve().parent.parent


def test_mypy_strict_is_clean() -> None:
    run = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--config-file", str(ROOT / "pyproject.toml")],
                         cwd=ROOT, capture_output=True, text=True, timeout=1800)
    print(run.stdout, run.stderr)
    assert run.returncode == 0, f"mypy --strict found errors:\n{run.stdout}{run.stderr}"
