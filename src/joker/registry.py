"""Games by name: the one place an application finds a game.

A game is a package (or module) whose ``GAME`` satisfies
:class:`joker.game.Game`.  The house's own games are registered here by
module path and imported on first use, so importing the registry imports no
game; another game (the tests' toy game) registers itself with
:func:`register`.  An application's plug-in for a game is the conventional
submodule of that package (:func:`plugin`), e.g. ``joker.games.joker.web``,
or an entry of the module's ``PLUGINS`` dict (a single-module game such as
the tests' toy game).

    >>> game("joker").name
    'joker'
    >>> game("chess")
    Traceback (most recent call last):
    ...
    joker.errors.RulesError: unknown game 'chess'; games: joker, durak
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from joker.errors import JokerError, RulesError
from joker.game import Game

_MODULES: dict[str, str] = {"joker": "joker.games.joker", "durak": "joker.games.durak"}
"""Registered games: name → the module path of the package holding ``GAME``."""

DEFAULT = "joker"
"""The game of a record or table that names none (everything written before there were two games)."""


def register(name: str, module: str) -> None:
    """Register the game ``name`` whose ``GAME`` lives in ``module`` (a dotted path).
    Registering a name again with the same module is harmless; with another one it
    raises :class:`JokerError`."""
    old = _MODULES.get(name)
    if old is not None and old != module:
        raise JokerError(f"game {name!r} is already registered (module {old})")
    _MODULES[name] = module


def names() -> list[str]:
    """The registered games' names, the default first."""
    return list(_MODULES)


def module(name: str) -> str:
    """The dotted path of the module holding ``name``'s ``GAME`` (for a worker
    process to :func:`register` a game the way its parent did).  Raises
    :class:`~joker.errors.RulesError` (``unknown_game``) for an unknown name."""
    path = _MODULES.get(name)
    if path is None:
        raise RulesError("unknown_game", name=name, games=", ".join(_MODULES))
    return path


def _module(name: str) -> ModuleType:
    return importlib.import_module(module(name))


def game(name: str | None = None) -> Game:
    """The game called ``name`` (``None``: :data:`DEFAULT`).  Raises
    :class:`~joker.errors.RulesError` listing the games for an unknown name."""
    g: Game = _module(name or DEFAULT).GAME
    return g


def game_of_rules(rules: str) -> str:
    """The game whose presets include the preset a rules string starts with
    (``durak-36(players=3)`` → ``durak``); :data:`DEFAULT` when no game has it
    (the default game then says what is wrong with the string).  Imports the
    registered games."""
    preset = rules.split("(", 1)[0].strip()
    for name in _MODULES:
        if preset in game(name).presets():
            return name
    return DEFAULT


def plugin(name: str, kind: str) -> Any:
    """The game's plug-in of ``kind`` (``web``, ``match``, ``rl``, …): the entry
    ``kind`` of the game module's ``PLUGINS`` dict when it has one, else the
    ``PLUGIN`` of the game's ``kind`` submodule.  Raises :class:`~joker.errors.RulesError`
    for an unknown game or a game without that plug-in (``no_plugin``)."""
    base = module(name)
    plugins = getattr(_module(name), "PLUGINS", None)
    if isinstance(plugins, dict) and kind in plugins:
        return plugins[kind]
    try:
        sub = importlib.import_module(f"{base}.{kind}")
    except ModuleNotFoundError as e:
        if e.name != f"{base}.{kind}":
            raise
        raise RulesError("no_plugin", name=name, kind=kind) from None
    return sub.PLUGIN
