"""The README's Python example is a doctest: it must run as written."""

import doctest
from pathlib import Path


def test_readme_example_runs():
    result = doctest.testfile(str(Path(__file__).parent.parent / "README.md"), module_relative=False,
                              optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 5
    assert result.failed == 0
