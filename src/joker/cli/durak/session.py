"""Sessions of the Durak terminal game: a :class:`~.game.TerminalDurak` set up
new (rules, seed, bots, names) or restored from a saved record.

The record is the game's own (:meth:`joker.game.Game.record_of`, docs/durak.md
Records); its ``meta`` holds ``{"app": "joker play", "human_seat": 0, "bots":
[null, "random", ...], "lang": "en"}``, which :func:`load_session` reads back.
Save locations are those of ``joker play`` (:mod:`joker.cli.play_session`).
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Callable, Sequence

from rich.console import Console

from joker import records, registry
from joker.errors import RecordError
from joker.games.durak.rules import DurakRules
from joker.i18n import LANGS
from joker.i18n.play import BOT_NAMES, HUMAN_NAME

from ..play_session import _around, _names_in
from .game import GAME, TerminalDurak


def default_bot() -> str:
    """``heuristic`` when Durak has one, else ``random``."""
    return "heuristic" if "heuristic" in registry.game(GAME).bots() else "random"


def resolve_bots(spec: str | None, count: int) -> list[str]:
    """Bot names for ``count`` seats from ``--bots`` (one name means all).
    Raises ``ValueError((key, value))`` as :func:`joker.cli.play_session.resolve_bots`."""
    known = registry.game(GAME).bots()
    names = [b.strip() for b in (spec or default_bot()).split(",") if b.strip()]
    if len(names) == 1:
        names = names * count
    if len(names) != count:
        raise ValueError(("bots_count", len(names)))
    for b in names:
        if b not in known:
            raise ValueError(("bad_bots", f"unknown bot {b!r}; bots: {', '.join(known)}"))
    return names


def new_session(rules: DurakRules, seed: str | None, bots: Sequence[str], save_path: Path,
                name: str | None = None, lang: str = "en", human: int = 0, console: Console | None = None,
                input_fn: Callable[[], str] | None = None) -> TerminalDurak:
    """A new series: ``bots`` names the bot of every other seat, in seat order;
    no ``seed`` draws one (recorded, so the game replays)."""
    state = registry.game(GAME).new_game(rules, seed if seed is not None else str(secrets.randbelow(10 ** 9)))
    n = rules.players
    seat_bots = _around(n, human, None, bots)
    names = _around(n, human, name or HUMAN_NAME[lang], BOT_NAMES[lang])
    return TerminalDurak(state, names, seat_bots, human, save_path, lang, console, input_fn)


def load_session(path: Path, lang: str | None = None, bots: str | None = None, save_path: Path | None = None,
                 console: Console | None = None, input_fn: Callable[[], str] | None = None) -> TerminalDurak:
    """A saved series, restored exactly from its record (every action replayed
    and checked); seats, bots and language from ``players`` and ``meta``
    (``lang``/``bots`` override them).  Raises :class:`RecordError` for a bad
    record or one of another game, ``ValueError`` for bad bots."""
    game, record = records.load(path)
    if game.name != GAME:
        raise RecordError(f"not a Durak record: \"game\" is {game.name!r}")
    state = records.final_state(game, record)
    meta = record.meta or {}
    n = state.players
    human = meta.get("human_seat", 0)
    if not isinstance(human, int) or not 0 <= human < n:
        human = 0
    lang = lang or meta.get("lang") or "en"
    if lang not in LANGS:
        lang = "en"
    saved = meta.get("bots")
    known = game.bots()
    if bots is not None:
        seat_bots: list[str | None] = _around(n, human, None, resolve_bots(bots, n - 1))
    elif isinstance(saved, list) and len(saved) == n:
        seat_bots = [None if s == human else (b if b in known else default_bot()) for s, b in enumerate(saved)]
    else:
        seat_bots = _around(n, human, None, [default_bot()] * (n - 1))
    names = _names_in(lang, record.players, human)
    return TerminalDurak(state, names, seat_bots, human, save_path or Path(path), lang, console, input_fn)
