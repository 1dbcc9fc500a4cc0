"""The README's Python example is a doctest: it must run as written; the rule book it links is the team's."""

import doctest
from pathlib import Path

import pytest


def test_readme_example_runs():
    result = doctest.testfile(str(Path(__file__).parent.parent / "README.md"), module_relative=False,
                              optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 5
    assert result.failed == 0


def test_rule_book_copy_matches_the_teams():
    """docs/RULES.md is the team's rule book (../shared/RULES.md) copied into the repository; a
    change there must be copied here (and the engine checked against it), so they never drift."""
    root = Path(__file__).parent.parent
    shared = root.parent / "shared" / "RULES.md"
    if not shared.exists():
        pytest.skip("no ../shared/RULES.md beside this checkout")
    assert (root / "docs" / "RULES.md").read_text(encoding="utf-8") == shared.read_text(encoding="utf-8")
