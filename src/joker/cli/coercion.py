"""Plain ``str`` and ``int`` options and arguments coerced without pydantic.

Typer 0.29 coerces every non-flag value through a pydantic ``TypeAdapter``
(``typer._adapters``), built when a parameter is first given a value: the
import of pydantic, ``annotated_types`` and ``importlib.metadata`` alone is
about 80 ms of CPU at every ``joker`` command — a third of ``joker ledger
show``'s start (docs/scorekeeper.md, "Start-up").  Nearly every parameter of
``joker`` is a plain ``str`` or ``int`` (``--db``, ``--lang``, ``--game``,
the bids), which need no schema: :func:`install` gives those a coercion that
returns a ``str`` (and a flag's ``bool``) as it is and reads an ``int`` written in ASCII digits (with
an optional sign and surrounding spaces), and hands every other value to
Typer's own coercion — pydantic then, with its own error message, so what a
user sees for a bad value (``--game abc``: "Input should be a valid
integer…") does not change.  Parameters with a parser, bounds, a clamp or
formats, several values, files, paths, enums and dates are left to Typer.

It replaces one method of Typer's parameter class (as :func:`joker.cli.main`
already adjusts Typer's Rich help): a no-op when Typer's internals are not
the ones it knows (``tests/test_ledger_cli.py`` then fails, as ``joker ledger
show`` would import pydantic again).
"""

from __future__ import annotations

import re
from typing import Any

import typer.core

_INT = re.compile(r"\s*[+-]?[0-9]+\s*")
"""An ``int`` as pydantic reads it from a string too (a wider form goes to pydantic, which decides)."""


def _plain(descriptor: Any) -> type | None:
    """``str``, ``int`` or ``bool`` when ``descriptor`` (Typer's ``TypeDescriptor``) is a plain one of them, else None."""
    info = descriptor.parameter_info
    if descriptor.annotation not in (str, int, bool) or getattr(descriptor, "file_annotation", None) is not None:
        return None
    if any(getattr(info, a, None) is not None for a in ("parser", "min", "max", "formats")) or getattr(info, "clamp",
                                                                                                       False):
        return None
    annotation: type = descriptor.annotation
    return annotation


def install() -> None:
    """Make Typer coerce plain ``str`` and ``int`` parameters as described above (once; a no-op
    when Typer's ``_TyperParameter.get_runtime_param`` or ``_coercion.RuntimeParam`` is missing)."""
    try:
        from typer import _coercion
    except ImportError:  # pragma: no cover - another Typer
        return
    param_cls = getattr(typer.core, "_TyperParameter", None)
    original = getattr(param_cls, "get_runtime_param", None)
    base = getattr(_coercion, "RuntimeParam", None)
    build = getattr(_coercion, "build_runtime_param", None)
    if param_cls is None or original is None or base is None or build is None:  # pragma: no cover
        return
    typers_own: Any = build
    if getattr(original, "joker_plain", False):
        return

    class PlainRuntimeParam(base):  # type: ignore[misc, valid-type]  # a frozen dataclass of Typer's
        """A plain ``str`` or ``int`` value as it is; anything else through Typer's (pydantic's) coercion."""

        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            if self.annotation is str and isinstance(value, str) or self.annotation is bool and isinstance(value, bool):
                return value
            if self.annotation is int:
                if isinstance(value, int) and not isinstance(value, bool):
                    return value
                if isinstance(value, str) and _INT.fullmatch(value):
                    return int(value)
            return typers_own(param.type_descriptor)._coerce_value(value, param=param, ctx=ctx)

    def get_runtime_param(self: Any) -> Any:  # Typer's own signature
        if getattr(self, "_runtime_param", None) is None and not (self.multiple or self.nargs != 1):
            plain = _plain(self.type_descriptor)
            if plain is not None:
                self._runtime_param = PlainRuntimeParam(parameter_info=self.type_descriptor.parameter_info,
                                                        annotation=plain)
        return original(self)

    get_runtime_param.joker_plain = True  # type: ignore[attr-defined]
    param_cls.get_runtime_param = get_runtime_param
