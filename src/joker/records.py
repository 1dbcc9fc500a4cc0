"""Records of any game: the shared envelope, reading a file, and the one
replay iterator.

Every game writes the same envelope (docs/records.md): ``"format":
"joker-record"`` (the house's format, whatever the game), ``"version"``,
``"game"`` (the registry name; absent in the records written before there were
two games, which are Joker's), ``"rules"`` (the canonical rules string),
``"players"``, ``"seed"`` and ``"meta"``; the rest is the game's own body,
read by its :meth:`~joker.game.Game.read_record`.  :func:`steps` replays any
record through its game's engine, yielding :class:`~joker.game.Step`.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Iterator, Mapping

from joker import registry
from joker.errors import JokerError, RecordError
from joker.game import Game, Step

FORMAT = "joker-record"
"""The ``format`` field of every record of the house."""


def game_of(data: Any) -> Game:
    """The game a parsed record belongs to.  Raises :class:`RecordError` for
    something that is not a record, or names an unknown game."""
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise RecordError(f"not a joker record (missing \"format\": \"{FORMAT}\")")
    name = data.get("game", registry.DEFAULT)
    if not isinstance(name, str):
        raise RecordError(f"\"game\" must be a game's name, not {name!r}")
    try:
        return registry.game(name)
    except JokerError as e:
        raise RecordError(str(e)) from None


def read(data: Any) -> tuple[Game, Any]:
    """``(game, record)`` from parsed JSON.  Raises :class:`RecordError`."""
    game = game_of(data)
    return game, game.read_record(data)


def parse(text: str) -> tuple[Game, Any]:
    """``(game, record)`` from JSON text.  Raises :class:`RecordError`."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"not JSON: {e}") from None
    return read(data)


def load(path: str | os.PathLike[str]) -> tuple[Game, Any]:
    """``(game, record)`` from a record file.  Raises :class:`RecordError`
    (also for an unreadable file)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise RecordError(f"cannot read {path}: {e}") from None
    return parse(text)


def steps(game: Game, record: Any) -> Iterator[Step[Any, Any]]:
    """Every step of ``record`` replayed by ``game``'s engine (each action checked).
    Raises :class:`RecordError` naming the first bad one."""
    return game.replay(record)


def final_state(game: Game, record: Any) -> Any:
    """The state after the record's last action (its start when it has none).
    Raises :class:`RecordError`."""
    state = game.start_of(record)
    for step in game.replay(record):
        state = step.after
    return state
