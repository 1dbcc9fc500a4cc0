"""Attributes of a package imported the first time they are named (PEP 562),
so that importing the package costs nothing until one is used: ``import
joker`` does not load the engine, ``import joker.store`` not SQLAlchemy, and
``joker ledger show`` (which needs neither SQLAlchemy nor the ORM on an SQLite
file) starts faster (docs/scorekeeper.md, "Start-up").

    __getattr__ = lazy.attributes(__name__, {"new_game": ".games.joker.engine", ...})

The names stay importable as before (``from joker import new_game``); a type
checker sees them through the package's ``if TYPE_CHECKING:`` imports.
"""

from __future__ import annotations

import sys
from importlib import import_module
from typing import Any, Callable, Mapping


def attributes(package: str, where: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package``: attribute name → the module defining it
    (relative to ``package`` when it starts with a dot), imported on first use and the value
    kept in the package.  Other names raise :class:`AttributeError` as usual."""

    def __getattr__(name: str) -> Any:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(module, package), name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__
