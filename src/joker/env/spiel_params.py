"""Reading OpenSpiel game parameters into a rules value's changes, for every
game's OpenSpiel adapter (:mod:`joker.env.openspiel`, :mod:`joker.env.openspiel_durak`).

OpenSpiel's game strings cannot nest a rules string (its parentheses and
commas), so each adapter takes a ``preset``, ``players`` (0: the preset's),
fields of its own, and ``options``: other rules fields as ``name:value``
pairs separated by ``;``.

>>> p = merged({"players": 3}, {"preset": "x", "players": 0, "options": ""})
>>> changes_of({**p, "options": "a:1; b: two"}, "a:1")
{'players': 3, 'a': '1', 'b': 'two'}
"""

from __future__ import annotations

from typing import Any, Mapping

from joker.errors import JokerError


def merged(params: Mapping[str, Any], defaults: Mapping[str, Any]) -> dict[str, Any]:
    """``defaults`` overridden by ``params`` (OpenSpiel adds ``name``).
    Raises :class:`JokerError` naming unknown parameters and the known ones."""
    unknown = set(params) - set(defaults) - {"name"}
    if unknown:
        raise JokerError(f"unknown parameter(s) {', '.join(sorted(unknown))}; parameters: {', '.join(defaults)}")
    return {**defaults, **params}


def changes_of(p: Mapping[str, Any], example: str, **fixed: Any) -> dict[str, Any]:
    """The rules fields the parameters ``p`` change: ``players`` when not 0, the adapter's own
    ``fixed`` fields (those given a false value are left out), then ``options``.
    Raises :class:`JokerError` for an option that is not ``name:value`` (``example`` shows one)
    or that sets ``players``, ``preset``, a fixed field or one field twice."""
    changes: dict[str, Any] = {}
    if int(p["players"]):
        changes["players"] = int(p["players"])
    changes.update({k: v for k, v in fixed.items() if v})
    reserved = {"players", "preset", *fixed}
    for item in str(p["options"]).split(";"):
        if not item.strip():
            continue
        name, sep, value = item.partition(":")
        if not sep:
            raise JokerError(f"options: {item!r} is not name:value (e.g. {example})")
        name = name.strip()
        if name in changes or name in reserved:
            raise JokerError(f"options: set {name} with its own parameter, once")
        changes[name] = value.strip()
    return changes


__all__ = ["changes_of", "merged"]
