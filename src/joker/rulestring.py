"""Rules strings for every game: ``preset(field=value,...)``.

A game's rules are a frozen dataclass whose first field is ``preset`` (the
name of the preset it starts from); the canonical string is that name, then
in field order every field that differs from the preset (``bus-angeles(khishti=-500)``,
``durak(players=3,show_trump=off)``).  Values are written as text and read
back by the field's declared type: an enum by its value, ``int``,
``int | None`` (``none``), ``bool`` (``true``/``false``), a tuple of enums
joined by ``+``, or text (quoted when it holds more than letters, digits and
``_.-``).  This module is the one place that notation is written and read;
each game keeps its presets and its own validation.  Its errors are coded
(:mod:`joker.i18n.notation` for the syntax, :mod:`joker.i18n.rules` for a
field), so every front end says them in its reader's language.

    >>> from joker.games.durak.rules import DurakRules, PRESETS
    >>> r = parse(" durak-36 ( players = 3 ) ", PRESETS.__getitem__, "durak_rules_syntax", "durak(players=3)")
    >>> canonical(r, PRESETS)
    'durak-36(players=3)'
    >>> coerce(DurakRules, "players", "x")
    Traceback (most recent call last):
    ...
    joker.errors.RulesError: bad value for rules field players: 'x'
"""

from __future__ import annotations

import dataclasses
import difflib
import re
import types
import typing
from enum import Enum
from functools import lru_cache
from typing import Any, Callable, Mapping, TypeVar

from joker.errors import InvalidNotationError, RulesError
from joker.i18n import LANGS, Named
from joker.i18n.labels import option_label, preset_name

R = TypeVar("R")

_PLAIN = re.compile(r"[A-Za-z0-9_.\-]+")
_RULES_RE = re.compile(r"^\s*([a-z0-9\-]+)\s*(?:\((.*)\))?\s*$", re.S)
_ARG_RE = re.compile(r"\s*([a-z_]+)\s*=\s*('[^']*'|\"[^\"]*\"|[^,]*)\s*(?:,|$)")


def format_value(v: Any) -> str:
    """One field's value as the rules string writes it."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if v is None:
        return "none"
    if isinstance(v, Enum):
        return str(v.value)
    if isinstance(v, tuple):
        return "+".join(str(x.value) for x in v) if v else "''"
    if isinstance(v, str) and not _PLAIN.fullmatch(v):
        return "'" + v + "'"
    return str(v)


def canonical(rules: Any, presets: Mapping[str, Any]) -> str:
    """The canonical one-line form of ``rules`` (a dataclass with a ``preset``
    field): the preset's name, then every field differing from that preset."""
    base = presets.get(rules.preset)
    diffs = []
    for f in dataclasses.fields(rules):
        if f.name == "preset":
            continue
        v = getattr(rules, f.name)
        if base is None or getattr(base, f.name) != v:
            diffs.append(f"{f.name}={format_value(v)}")
    return f"{rules.preset}({','.join(diffs)})" if diffs else str(rules.preset)


def split(text: str, syntax: str = "rules_syntax", example: str = "bus-angeles(schedule='1,2')") -> tuple[str, dict[str, str]]:
    """A rules string's preset name and its options as written, in order, values
    unquoted (``"georgian(khishti=-500, schedule='1,2')"`` →
    ``("georgian", {"khishti": "-500", "schedule": "1,2"})``), read by the
    notation alone (no preset or field is checked).  ``syntax`` (a code of
    :mod:`joker.i18n.notation`) and ``example`` (a valid string) word the error.  Raises :class:`InvalidNotationError` for bad syntax or an
    option given twice.

    >>> split("durak-36(players=3,show_trump=off)")
    ('durak-36', {'players': '3', 'show_trump': 'off'})
    """
    m = _RULES_RE.match(text)
    if not m:
        raise InvalidNotationError(syntax, text=text, example=example)
    args = (m.group(2) or "").strip()
    changes: dict[str, str] = {}
    pos = 0
    while pos < len(args):
        am = _ARG_RE.match(args, pos)
        if not am or am.end() == pos:
            raise InvalidNotationError("rules_option", near=args[pos:], text=text)
        key, val = am.group(1), am.group(2).strip()
        if val[:1] in "'\"" and len(val) >= 2:
            val = val[1:-1]
        if key in changes:
            raise InvalidNotationError("rules_option_twice", key=key, text=text)
        changes[key] = val
        pos = am.end()
    return m.group(1), changes


def rules_label(rules: object, lang: str = "en") -> str:
    """A rules string (or a rules value: its ``str``) as people read it in
    ``lang``: the preset's human name (:func:`joker.i18n.labels.preset_name`),
    then the options that differ from it, each by
    :func:`joker.i18n.labels.option_label`, in parentheses separated by ``;``:
    ``bus-angeles(schedule='1,2,9',khishti=-500)`` → "Bus-Angeles regulation
    (deals: 1,2,9; khishti: −500)", «Регламент Бус-Анджелес (раздачи: 1,2,9;
    хишти: −500)».  Text that is not rules notation comes back as it is.  The
    canonical string stays the exact, copyable form (the pages show it as the
    label's tooltip).  The one label of a table's rules, for every game (RULES.md
    §13): the terminal's welcome and the web's lobby, table, finished games,
    replay and scorekeeper pages.

    >>> rules_label("durak(players=3,show_trump=off)", "ru")
    'Переводной дурак (игроков: 3; перевод показом козыря: нельзя)'
    """
    text = str(rules)
    try:
        preset, options = split(text)
    except InvalidNotationError:
        return text
    name = preset_name(preset, lang)
    if not options:
        return name
    return f"{name} ({'; '.join(option_label(k, v, lang) for k, v in options.items())})"


def rules_named(rules: object) -> Named:
    """A rule set as an error's param (:class:`joker.i18n.core.Named`): its rules
    string in English (messages unchanged), its :func:`rules_label` in the other
    languages («Регламент Бус-Анджелес», not ``bus-angeles``)."""
    return Named(str(rules), {lang: rules_label(rules, lang) for lang in LANGS})


def parse(text: str, preset: Callable[[str], R], syntax: str, example: str) -> R:
    """The rules value of ``text``: ``preset(name)`` changed by the options
    (through its ``replace``, which coerces and validates).  ``syntax`` (a
    code of :mod:`joker.i18n.notation`, ``rules_syntax``) and ``example`` (a
    valid string) word the syntax error.  Raises :class:`InvalidNotationError`
    for bad syntax and what ``preset`` and ``replace`` raise (:class:`RulesError`)."""
    name, changes = split(text, syntax, example)
    base = preset(name)
    if not changes:
        return base
    changed: R = getattr(base, "replace")(**changes)
    return changed


@lru_cache(maxsize=None)
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def coerce(cls: type, name: str, value: Any) -> Any:
    """``value`` (text, or already a value) as field ``name`` of the rules
    dataclass ``cls`` holds it, by the field's declared type.  Raises
    :class:`RulesError` naming the field (and an enum's values)."""
    hint = _hints(cls)[name]
    args = typing.get_args(hint)
    optional = type(None) in args and (typing.get_origin(hint) in (typing.Union, types.UnionType))
    if optional:
        hint = next(a for a in args if a is not type(None))
    try:
        if optional and (value is None or value == "none"):
            return None
        if isinstance(hint, type) and issubclass(hint, Enum):
            return hint(value)
        if typing.get_origin(hint) is tuple:
            enum = typing.get_args(hint)[0]
            if isinstance(value, str):
                value = [v for v in value.split("+") if v]
            return tuple(enum(v) for v in value)
        if hint is bool:
            if isinstance(value, str) and value.lower() in ("true", "false"):
                return value.lower() == "true"
            if not isinstance(value, bool):
                raise ValueError
            return value
        if hint is int:
            if isinstance(value, bool):
                raise ValueError
            return int(value)
        if not isinstance(value, str):
            raise ValueError
        return value
    except (ValueError, TypeError):
        if isinstance(hint, type) and issubclass(hint, Enum):
            raise RulesError("bad_value_of", name=name, value=value,
                             allowed=", ".join(str(m.value) for m in hint)) from None
        raise RulesError("bad_value", name=name, value=value) from None


def replace(rules: Any, changes: Mapping[str, Any]) -> Any:
    """A copy of the frozen rules dataclass ``rules`` with fields changed
    (values as text or as values, :func:`coerce`); its ``__post_init__``
    validates the copy.  Raises :class:`RulesError` naming an unknown field
    and the field meant when each unknown one is a near miss (``schedul``:
    ``schedule``), else every field in its order; or a bad value."""
    cls: type = type(rules)
    fields = [f.name for f in dataclasses.fields(cls) if f.name != "preset"]
    unknown = sorted(set(changes) - set(fields) - {"preset"})
    if unknown:
        near = [difflib.get_close_matches(name, fields, n=1, cutoff=0.75) for name in unknown]
        if all(near):
            raise RulesError("unknown_field_near", names=", ".join(unknown), near=", ".join(m[0] for m in near))
        raise RulesError("unknown_field", names=", ".join(unknown), fields=", ".join(fields))
    return dataclasses.replace(rules, **{k: coerce(cls, k, v) for k, v in changes.items()})


def normalize(rules: Any) -> None:
    """Coerce, in place, the enum and enum-tuple fields of a frozen rules
    dataclass that were given as text when it was built (``Rules(deck="full54")``);
    called from its ``__post_init__``.  Raises :class:`RulesError` naming the field."""
    cls: type = type(rules)
    for f in dataclasses.fields(rules):
        hint = _hints(cls)[f.name]
        enum_field = isinstance(hint, type) and issubclass(hint, Enum)
        if enum_field and isinstance(getattr(rules, f.name), hint):
            continue
        if enum_field or typing.get_origin(hint) is tuple:
            object.__setattr__(rules, f.name, coerce(cls, f.name, getattr(rules, f.name)))
