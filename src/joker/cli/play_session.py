"""Sessions of ``joker play``: a :class:`~joker.cli.play_game.TerminalGame`
set up new (rules, seed, bots, names) or restored from a saved record.

Saving: the record (:mod:`joker.games.joker.record`) goes to ``--save FILE`` or a new file
under :func:`~joker.cli.terminal.games_dir`; its ``meta`` holds ``{"app": "joker play",
"human_seat": 0, "bots": [null, "random", ...], "lang": "en"}``, which
:func:`load_session` reads back (:func:`~joker.cli.terminal.seats_of`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Sequence

from rich.console import Console

from joker.games.joker.engine.state import new_game
from joker.games.joker.record import load_record, replay
from joker.games.joker.rules import Rules

from .play_game import TerminalGame
from .terminal import default_save_path, new_seats, seats_of
from .terminal import resolve_bots as _resolve_bots

GAME = "joker"


def resolve_bots(spec: str | None, count: int) -> list[str]:
    """Joker's bot names for ``count`` seats from ``--bots`` (:func:`joker.cli.terminal.resolve_bots`)."""
    return _resolve_bots(spec, count, GAME)


def new_session(
    rules: Rules | str,
    seed: int | str | None,
    bots: Sequence[str],
    save_path: Path,
    name: str | None = None,
    lang: str = "en",
    human: int = 0,
    console: Console | None = None,
    input_fn: Callable[[], str] | None = None,
) -> TerminalGame:
    """A new game: ``bots`` names the bot of every other seat, in seat order."""
    state = new_game(rules, seed=seed)
    seat_bots, names = new_seats(state.rules.players, human, bots, name, lang)
    return TerminalGame(state, names, seat_bots, human, save_path, lang, console, input_fn)


def load_session(
    path: Path,
    lang: str | None = None,
    bots: str | None = None,
    save_path: Path | None = None,
    console: Console | None = None,
    input_fn: Callable[[], str] | None = None,
) -> TerminalGame:
    """A saved game, restored from its record: state by replay; seats, bots and
    language from ``players`` and ``meta`` (``lang``/``bots`` override them).
    Raises :class:`JokerError` for a bad record, ``ValueError`` for bad bots."""
    record = load_record(path)
    state = replay(record)
    human, lang, seat_bots, names = seats_of(record.meta or {}, record.players, GAME, lang, bots)
    return TerminalGame(state, names, seat_bots, human, save_path or Path(path), lang, console, input_fn)


__all__ = ["default_save_path", "load_session", "new_session", "resolve_bots"]
