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
import tempfile
from pathlib import Path
from typing import Any, Iterator, Mapping

from joker import registry
from joker.errors import JokerError, RecordError
from joker.game import Game, Step

FORMAT = "joker-record"
"""The ``format`` field of every record of the house."""


def not_json(e: json.JSONDecodeError) -> RecordError:
    """The :class:`RecordError` of a text that is not JSON, from the parser's
    error ``e`` (its message, line and column 1-based, character 0-based)."""
    return RecordError("not_json", msg=e.msg, line=e.lineno, col=e.colno, pos=e.pos)


def game_of(data: Any) -> Game:
    """The game a parsed record belongs to.  Raises :class:`RecordError` for
    something that is not a record, or names an unknown game."""
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise RecordError("not_record", format=FORMAT)
    name = data.get("game", registry.DEFAULT)
    if not isinstance(name, str):
        raise RecordError("game_name", name=name)
    try:
        return registry.game(name)
    except JokerError as e:
        raise RecordError("error", error=e) from None


def read(data: Any) -> tuple[Game, Any]:
    """``(game, record)`` from parsed JSON.  Raises :class:`RecordError`."""
    game = game_of(data)
    return game, game.read_record(data)


def parse(text: str) -> tuple[Game, Any]:
    """``(game, record)`` from JSON text.  Raises :class:`RecordError`."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise not_json(e) from None
    return read(data)


def load(path: str | os.PathLike[str]) -> tuple[Game, Any]:
    """``(game, record)`` from a record file.  Raises :class:`RecordError`
    (also for an unreadable file)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise RecordError("unreadable", path=path, error=e) from None
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


def text_of(record: Any) -> str:
    """A record's JSON text: its own canonical ``to_json()`` when it has one
    (Joker's: one deal per line), else its ``to_dict()`` indented."""
    to_json = getattr(record, "to_json", None)
    if callable(to_json):
        text: str = to_json()
        return text
    return json.dumps(record.to_dict(), ensure_ascii=False, indent=1) + "\n"


def save(record: Any, path: str | os.PathLike[str]) -> Path:
    """Write any game's record atomically (a temporary file renamed over
    ``path``), so a crash never leaves half a file.  Returns the path.
    Raises ``OSError`` when the file cannot be written (nothing is left behind)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text_of(record))
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path
