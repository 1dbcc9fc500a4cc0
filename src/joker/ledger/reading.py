"""Reading the ledger without the ORM: :class:`LedgerReader` opens a ledger
and answers what the reading commands ask (``joker ledger show``, ``players
list``) with the named queries of :mod:`.queries`, each answer in one read
transaction of its :class:`~.source.Source`.  :class:`~.repository.Ledger`,
which also writes, is a :class:`LedgerReader` on a :class:`~.source.CoreSource`
(or, opened ``fast`` on an SQLite file, a :class:`~.source.SqliteSource`):
these answers are the same, read the same way, whichever is opened.

On an SQLite file at the head revision :meth:`LedgerReader.open` reads with
``sqlite3`` alone (:class:`~.source.SqliteSource`): importing this module and
answering imports neither SQLAlchemy nor Alembic, and a reading command
starts faster (docs/scorekeeper.md, "Start-up").
"""

from __future__ import annotations

from typing import ContextManager, Self

from joker.store.urls import DEFAULT_TIMEOUT, display
from .source import Reads, Source, open_source
from .values import OPEN, GameView, PlayerInfo
from .view import _player_info, current_game_id, game_view


class LedgerReader:
    """A scorekeeper's book on one database, to read.  Open with :meth:`open`;
    every method is one read transaction; games are named by id (``None``: the
    current game — the most recently started open one, else the last game)."""

    def __init__(self, source: Source) -> None:
        self.source = source
        self.url = source.url

    @classmethod
    def open(cls, db: str | None = None, timeout: float = DEFAULT_TIMEOUT, fast: bool = True) -> Self:
        """Open the ledger at ``db`` to read: a path, a URL, or None for
        ``$JOKER_DB_URL`` / the default file (:func:`.source.open_source`: a new
        file is created and an older schema migrated first; ``fast``: an SQLite
        file at the head is read with ``sqlite3``).  Raises
        :class:`~.db.DatabaseUnavailable` (:class:`~.db.LedgerError`)."""
        return cls(open_source(db, timeout, fast))

    def close(self) -> None:
        self.source.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def where(self) -> str:
        """The database as messages show it (a file's path, a URL without its password)."""
        return display(self.url)

    def reading(self) -> ContextManager[Reads]:
        """One read transaction (database errors become :class:`~.db.LedgerError`)."""
        return self.source.reading()

    def players(self) -> list[PlayerInfo]:
        """Every player, by name."""
        with self.reading() as db:
            return [_player_info(p) for p in db.rows("players")]

    def current_game(self) -> int | None:
        """The game commands use by default: the latest open game, else the last game."""
        with self.reading() as db:
            return current_game_id(db)

    def open_game(self) -> int | None:
        """The latest open game, if any."""
        with self.reading() as db:
            gid: int | None = db.scalar("latest_game_in_state", state=OPEN)
            return gid

    def games(self, state: str | None = None) -> list[int]:
        """The ids of every game (of those in ``state`` if given), oldest first."""
        with self.reading() as db:
            found = db.rows("game_ids_in_state", state=state) if state else db.rows("game_ids")
            return [r.id for r in found]

    def game(self, game: int | None = None) -> GameView:
        """Game ``game`` (None: the current game) as the engine scores it.  Raises
        :class:`~.db.LedgerError` (``no_game_yet``, ``no_game``)."""
        with self.reading() as db:
            return game_view(db, game)
