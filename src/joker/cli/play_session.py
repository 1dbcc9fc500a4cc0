"""Sessions of ``joker play``: a :class:`~joker.cli.play_game.TerminalGame`
set up new (rules, seed, bots, names) or restored from a saved record, and
where records are saved by default.

Saving: the record (:mod:`joker.games.joker.record`) goes to ``--save FILE`` or a new file
under :func:`games_dir`; its ``meta`` holds ``{"app": "joker play",
"human_seat": 0, "bots": [null, "random", ...], "lang": "en"}``, which
:func:`load_session` reads back.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Callable, Iterable, Sequence, TypeVar

from rich.console import Console

from joker.bots import BOTS
from joker.games.joker.engine.state import new_game
from joker.games.joker.record import load_record, replay
from joker.games.joker.rules import Rules
from joker.i18n import LANGS
from joker.i18n.play import BOT_NAMES, HUMAN_NAME
from .play_game import TerminalGame

_T = TypeVar("_T")


# -- save locations -------------------------------------------------------------------


def games_dir() -> Path:
    """Where games are saved by default: ``$JOKER_HOME/games``, else ``games/`` in
    the user's data directory (``platformdirs.user_data_dir("joker")``, beside
    the ledger's ``joker.db``; ``~/.local/share/joker`` on Linux)."""
    home = os.environ.get("JOKER_HOME")
    if home:
        return Path(home).expanduser() / "games"
    try:
        import platformdirs
    except ImportError:  # pragma: no cover - platformdirs is a dependency; keep the XDG default without it
        xdg = os.environ.get("XDG_DATA_HOME")
        return (Path(xdg).expanduser() if xdg else Path.home() / ".local" / "share") / "joker" / "games"
    return Path(platformdirs.user_data_dir("joker")) / "games"


def default_save_path() -> Path:
    """A new file name under :func:`games_dir` (``game-YYYYmmdd-HHMMSS.json``)."""
    d = games_dir()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = d / f"game-{stamp}.json"
    k = 2
    while path.exists():
        path = d / f"game-{stamp}-{k}.json"
        k += 1
    return path


# -- building sessions ---------------------------------------------------------------------


def default_bot() -> str:
    """``heuristic`` when registered, else ``random``."""
    return "heuristic" if "heuristic" in BOTS else "random"


def _around(n: int, human: int, mine: _T, others: Iterable[_T]) -> list[_T]:
    """One item per seat: ``mine`` for the human's seat, ``others`` in order for the rest."""
    rest = iter(others)
    return [mine if s == human else next(rest) for s in range(n)]


def resolve_bots(spec: str | None, count: int) -> list[str]:
    """Bot names for ``count`` seats from ``--bots`` (one name means all).  Raises ``ValueError``."""
    names = [b.strip() for b in (spec or default_bot()).split(",") if b.strip()]
    if len(names) == 1:
        names = names * count
    if len(names) != count:
        raise ValueError(("bots_count", len(names)))
    for b in names:
        if b not in BOTS:
            raise ValueError(("bad_bots", f"unknown bot {b!r}; bots: {', '.join(BOTS)}"))
    return names


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
    n = state.rules.players
    seat_bots = _around(n, human, None, bots)
    names = _around(n, human, name or HUMAN_NAME[lang], BOT_NAMES[lang])
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
    language from ``players`` and ``meta`` (``lang``/``bots`` override them); the
    default names follow the language (:func:`_names_in`).
    Raises :class:`JokerError` for a bad record, ``ValueError`` for bad bots."""
    record = load_record(path)
    state = replay(record)
    meta = record.meta or {}
    n = state.rules.players
    human = meta.get("human_seat", 0)
    if not isinstance(human, int) or not 0 <= human < n:
        human = 0
    lang = lang or meta.get("lang") or "en"
    if lang not in LANGS:
        lang = "en"
    saved = meta.get("bots")
    if bots is not None:
        seat_bots = _around(n, human, None, resolve_bots(bots, n - 1))
    elif isinstance(saved, list) and len(saved) == n:
        fallback = default_bot()
        seat_bots = [None if s == human else (b if b in BOTS else fallback) for s, b in enumerate(saved)]
    else:
        seat_bots = _around(n, human, None, [default_bot()] * (n - 1))
    names = _names_in(lang, record.players, human)
    return TerminalGame(state, names, seat_bots, human, save_path or Path(path), lang, console, input_fn)


def _names_in(lang: str, players: Sequence[str], human: int) -> list[str]:
    """The saved names, those the game gave by default (``You``, ``Alice``… or
    ``Вы``, ``Алиса``…) said in ``lang``: a game resumed in another language
    calls its seats as a new one would; names the players chose are kept."""
    n = len(players)
    defaults = {lg: _around(n, human, HUMAN_NAME[lg], BOT_NAMES[lg]) for lg in LANGS}
    return [defaults[lang][s] if any(name == d[s] for d in defaults.values()) else name
            for s, name in enumerate(players)]
