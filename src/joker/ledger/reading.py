"""Reading the ledger without the ORM: :class:`LedgerReader` opens a ledger
and answers what the reading commands ask (``joker ledger show``, ``players
list``) with SQLAlchemy Core queries on :data:`joker.store.tables`, each in
one read transaction.  :class:`~.repository.Ledger`, which also writes (with
the ORM), is a :class:`LedgerReader`: these answers are the same, read the
same way, whichever is opened.

Importing this module imports neither SQLAlchemy's ORM nor Alembic (the
schema at the head revision is checked with one SQL query,
:func:`joker.store.prepare`): a reading command starts faster
(docs/scorekeeper.md, "Start-up").
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator, Self

from sqlalchemy import Connection, Engine, select

from joker.store import DEFAULT_TIMEOUT, display
from joker.store import tables as t
from .db import open_engine, translated
from .values import OPEN, GameView, PlayerInfo
from .view import _player_info, current_game_id, game_view


class LedgerReader:
    """A scorekeeper's book on one database, to read.  Open with :meth:`open`;
    every method is one read transaction; games are named by id (``None``: the
    current game — the most recently started open one, else the last game)."""

    def __init__(self, engine: Engine, url: str) -> None:
        self.engine = engine
        self.url = url

    @classmethod
    def open(cls, db: str | None = None, timeout: float = DEFAULT_TIMEOUT) -> Self:
        """Open (creating and migrating as needed) the ledger at ``db``: a path,
        a URL, or None for ``$JOKER_DB_URL`` / the default file.  Raises
        :class:`~.db.DatabaseUnavailable` (:class:`~.db.LedgerError`)."""
        engine, url = open_engine(db, timeout)
        return cls(engine, url)

    def close(self) -> None:
        self.engine.dispose()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def where(self) -> str:
        """The database as messages show it (a file's path, a URL without its password)."""
        return display(self.url)

    @contextmanager
    def reading(self) -> Iterator[Connection]:
        """One read transaction on a Core connection (database errors become :class:`~.db.LedgerError`)."""
        with translated(self.url):
            with self.engine.connect() as conn:
                with conn.begin():
                    yield conn

    def players(self) -> list[PlayerInfo]:
        """Every player, by name."""
        with self.reading() as conn:
            return [_player_info(p) for p in conn.execute(select(t.players).order_by(t.players.c.name))]

    def current_game(self) -> int | None:
        """The game commands use by default: the latest open game, else the last game."""
        with self.reading() as conn:
            return current_game_id(conn)

    def open_game(self) -> int | None:
        """The latest open game, if any."""
        g = t.games
        with self.reading() as conn:
            gid: int | None = conn.scalar(select(g.c.id).where(g.c.state == OPEN).order_by(g.c.id.desc()).limit(1))
            return gid

    def games(self, state: str | None = None) -> list[int]:
        """The ids of every game (of those in ``state`` if given), oldest first."""
        g = t.games
        q = select(g.c.id).order_by(g.c.id)
        if state:
            q = q.where(g.c.state == state)
        with self.reading() as conn:
            return list(conn.scalars(q))

    def game(self, game: int | None = None) -> GameView:
        """Game ``game`` (None: the current game) as the engine scores it.  Raises
        :class:`~.db.LedgerError` (``no_game_yet``, ``no_game``)."""
        with self.reading() as conn:
            return game_view(conn, game)
