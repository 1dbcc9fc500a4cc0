"""Sessions of the Durak terminal game: a :class:`~.game.TerminalDurak` set up
new (rules, seed, bots, names) or restored from a saved record.

The record is the game's own (:meth:`joker.game.Game.record_of`, docs/durak.md
Records); its ``meta`` holds ``{"app": "joker play", "human_seat": 0, "bots":
[null, "random", ...], "lang": "en"}``, which :func:`load_session` reads back
(:func:`~joker.cli.terminal.seats_of`).  Save locations are those of ``joker play``.
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Callable, Sequence

from rich.console import Console

from joker import records, registry
from joker.errors import RecordError
from joker.games.durak.rules import DurakRules

from ..terminal import new_seats, seats_of
from ..terminal import resolve_bots as _resolve_bots
from .game import GAME, TerminalDurak


def resolve_bots(spec: str | None, count: int) -> list[str]:
    """Durak's bot names for ``count`` seats from ``--bots`` (:func:`joker.cli.terminal.resolve_bots`)."""
    return _resolve_bots(spec, count, GAME)


def new_session(rules: DurakRules, seed: str | None, bots: Sequence[str], save_path: Path,
                name: str | None = None, lang: str = "en", human: int = 0, console: Console | None = None,
                input_fn: Callable[[], str] | None = None) -> TerminalDurak:
    """A new series: ``bots`` names the bot of every other seat, in seat order;
    no ``seed`` draws one (recorded, so the game replays)."""
    state = registry.game(GAME).new_game(rules, seed if seed is not None else str(secrets.randbelow(10 ** 9)))
    seat_bots, names = new_seats(rules.players, human, bots, name, lang)
    return TerminalDurak(state, names, seat_bots, human, save_path, lang, console, input_fn)


def load_session(path: Path, lang: str | None = None, bots: str | None = None, save_path: Path | None = None,
                 console: Console | None = None, input_fn: Callable[[], str] | None = None) -> TerminalDurak:
    """A saved series, restored exactly from its record (every action replayed
    and checked); seats, bots and language from ``players`` and ``meta``
    (``lang``/``bots`` override them).  Raises :class:`RecordError` for a bad
    record or one of another game, ``ValueError`` for bad bots."""
    game, record = records.load(path)
    if game.name != GAME:
        raise RecordError("durak_game", game=game.name)
    state = records.final_state(game, record)
    human, lang, seat_bots, names = seats_of(record.meta or {}, record.players, GAME, lang, bots)
    return TerminalDurak(state, names, seat_bots, human, save_path or Path(path), lang, console, input_fn)
