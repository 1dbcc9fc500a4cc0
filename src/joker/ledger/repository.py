"""The scorekeeper: every command of ``joker ledger`` as a method of
:class:`Ledger`, each one database transaction (a rejected command writes
nothing).

    >>> from joker.ledger import Ledger
    >>> with Ledger.open("sqlite://") as led:           # an in-memory ledger
    ...     for name in ("Бутка", "Печун", "Бардак", "Монай"):
    ...         _ = led.add_player(name, core=True)
    ...     g = led.new_game(["Бутка", "Печун", "Бардак", "Монай"], rules="bus-angeles(schedule='1,2')")
    ...     _ = led.enter_deal(g, trump="H", bids=[0, 0, 0, 0], tricks=[0, 1, 0, 0])
    ...     led.game(g).totals
    (50, 10, 50, 50)

Scores come only from the engine: a game's stored deals form a
:class:`joker.games.joker.record.GameRecord` (real-card deals: trump, bids, tricks;
penalties: fines and dots), which is replayed through
:meth:`joker.games.joker.engine.GameState.apply_summary` and scored by
:mod:`joker.games.joker.scoring`.  What is stored besides (deal scores, totals, places,
cup points, slaps, the day's cup holder) is a cache that :meth:`Ledger.verify`
recomputes and compares.

Concurrency: each write command locks its game (SQLite: ``BEGIN IMMEDIATE``;
PostgreSQL: ``SELECT … FOR UPDATE``), so two keepers writing at once take
turns; ``expect_deal`` makes a command fail cleanly when someone else entered
that deal first.

Layout: this module holds :class:`Ledger` (transactions — each a
:class:`~.unit.Tx`: SQLAlchemy's ORM, or ``sqlite3`` alone on an SQLite
file opened ``fast`` — and the checks of arguments); the work is done by
:mod:`.rows` (finding and locking rows), :mod:`.records` (a game as the
engine's record and state), :mod:`.entry`
(deals, penalties, redeals, undo, edit), :mod:`.standings` (finishing, the
cup, slaps) and :mod:`.view` (:class:`~.values.GameView`); :mod:`.inputs`
reads what the keeper types and :mod:`.values` holds what is returned.
"""

from __future__ import annotations

import datetime as dt
from contextlib import contextmanager
from typing import TYPE_CHECKING, Iterator, Self, Sequence

from joker.errors import JokerError
from joker.games.joker.rules import parse_rules
from joker.games.joker.scoring import DealResult
from joker.rulestring import rules_named
from joker.store.times import utcnow
from joker.store.urls import DEFAULT_TIMEOUT, display, resolve_url, sqlite_path
from . import regulation as reg
from .db import LedgerError, ledger_errors, open_engine, translated
from .entry import _op_bids, _op_deal, _op_edit, _op_penalty, _op_redeal, _op_tricks, _op_trump, _op_undo, _reason
from .inputs import SEAT_ORDER, _player_name, _seat_in
from .records import _names, _number_to_enter, _open_attempt, _rules, _where
from .reading import LedgerReader
from .source import CoreSource, SqliteSource
from .rows import (
    _day,
    _day_info,
    _day_on,
    _journal,
    _lock,
    _new_game,
    _open_day,
    _player,
    _player_named,
)
from .standings import _decide_cup, _op_finish
from .unit import SqliteTx, Tx
from .values import ABANDONED, OPEN, CurrentDeal, DayInfo, GameView, PenaltyInfo, PlayerInfo, Undone, VoidDeal
from .view import _player_info, game_view

if TYPE_CHECKING:  # SQLAlchemy is imported when a ledger uses an engine (not for an SQLite file at the head)
    import sqlite3

    from sqlalchemy import Engine
    from sqlalchemy.orm import Session

    from joker.store import Game, GameDay, Player


def _view(s: Tx, g: Game) -> GameView:
    """Game ``g`` as it stands in the transaction (its changes flushed first)."""
    return game_view(s.reads(), g.id)


def _current(s: Tx, g: Game) -> CurrentDeal:
    """The deal being entered in ``g`` right after an entry to it (the game is at a deal)."""
    current = _view(s, g).current
    assert current is not None  # the entry just made was refused otherwise
    return current


# -- the ledger ------------------------------------------------------------------------------------
class Ledger(LedgerReader):
    """A scorekeeper's book on one database, to read (:class:`~.reading.LedgerReader`'s
    methods) and write.  Open with :meth:`open`; every method is one transaction;
    games are named by id (``None``: the current game — the most recently
    started open one, else the last game).

    On a SQLAlchemy ``engine`` every write is a transaction of the ORM
    (:class:`~.orm_tx.OrmTx`); opened with ``fast`` on an SQLite file at the
    head revision, the ledger holds one ``sqlite3`` connection (``conn``) and
    reads and writes with it alone (:class:`~.source.SqliteSource`,
    :class:`~.unit.SqliteTx`): no SQLAlchemy is imported unless :attr:`engine`
    or an ORM session (:meth:`read`, :meth:`write`) is asked for."""

    def __init__(self, engine: Engine | None, url: str, conn: sqlite3.Connection | None = None,
                 timeout: float = DEFAULT_TIMEOUT) -> None:
        if conn is not None:
            super().__init__(SqliteSource(conn, url))
        else:
            assert engine is not None, "a ledger needs an engine or an SQLite connection"
            super().__init__(CoreSource(engine, url))
        self._engine = engine
        self._writer: Engine | None = None
        self._conn = conn
        self._timeout = timeout

    @classmethod
    def open(cls, db: str | None = None, timeout: float = DEFAULT_TIMEOUT, fast: bool = False) -> Self:
        """Open (creating and migrating as needed) the ledger at ``db``: a path,
        a URL, or None for ``$JOKER_DB_URL`` / the default file.  ``fast``: an
        SQLite file already at the head revision is opened with ``sqlite3``
        alone (:func:`joker.store.sqlite_read.open_writable`; one connection, for
        one thread: the terminal's commands), anything else as without it.
        Raises :class:`~.db.DatabaseUnavailable` (:class:`~.db.LedgerError`)."""
        if fast:
            url = resolve_url(db)
            path = sqlite_path(url) if url.startswith("sqlite") else None
            if path is not None:
                from joker.store.sqlite_read import open_writable

                conn = open_writable(path, timeout)
                if conn is not None:
                    return cls(None, url, conn, timeout)
        engine, url = open_engine(db, timeout)
        return cls(engine, url, timeout=timeout)

    @property
    def engine(self) -> Engine:
        """The SQLAlchemy engine (opened on first use by a ledger opened ``fast``)."""
        if self._engine is None:
            self._engine, _ = open_engine(self.url, self._timeout)
        return self._engine

    def close(self) -> None:
        super().close()
        if self._conn is not None and self._engine is not None:
            self._engine.dispose()

    @contextmanager
    def transaction(self, write: bool = True) -> Iterator[Tx]:
        """One transaction of the ledger's commands (:class:`~.unit.Tx`): committed at the
        end, rolled back on any error; ``write`` False: only read, then rolled back.
        Database errors are raised as :class:`~.db.LedgerError`."""
        if self._conn is None:
            with self.write() if write else self.read() as s:
                from .orm_tx import OrmTx

                yield OrmTx(s)
            return
        from joker.store import sqlite_read

        with ledger_errors(), sqlite_read.translated(display(self.url)):
            with sqlite_read.transaction(self._conn, write) as conn:
                tx = SqliteTx(conn)
                yield tx
                if write:
                    tx.flush()

    @contextmanager
    def write(self) -> Iterator[Session]:
        """One write transaction of SQLAlchemy's ORM (committed at the end, rolled back on any error)."""
        from sqlalchemy.orm import Session

        from joker.store import WRITE

        if self._writer is None:
            self._writer = self.engine.execution_options(**{WRITE: True})
        with translated(self.url):
            with Session(self._writer, expire_on_commit=False, autoflush=True) as s:
                with s.begin():
                    yield s

    @contextmanager
    def read(self) -> Iterator[Session]:
        """One read transaction of SQLAlchemy's ORM."""
        from sqlalchemy.orm import Session

        with translated(self.url):
            with Session(self.engine, expire_on_commit=False) as s:
                with s.begin():
                    yield s

    # -- players --------------------------------------------------------------------------------
    def add_player(self, name: str, core: bool = False) -> PlayerInfo:
        """Add a player (``core``: of the core roster, RULES.md §12).  Names are
        compared ignoring case: a name that differs from a player's only in case is
        that player, and is refused.  Raises :class:`LedgerError` (``bad_name``,
        ``player_exists`` naming the player as first spelled)."""
        name = _player_name(name)
        with self.transaction() as s:
            same = _player_named(s, name)
            if same is not None:  # names are compared ignoring case: the first spelling stays
                raise LedgerError("player_exists", name=same.name)
            p: Player = s.new("players", name=name, core=core)
            s.add(p)
            s.flush()
            return _player_info(p)

    def rename_player(self, old: str, new: str) -> PlayerInfo:
        new = _player_name(new)
        with self.transaction() as s:
            p = _player(s, old)
            same = _player_named(s, new)
            if same is not None and same.id != p.id:  # a change of case alone renames the same player
                raise LedgerError("player_exists", name=same.name)
            p.name = new
            return _player_info(p)

    def set_core(self, name: str, core: bool = True) -> PlayerInfo:
        with self.transaction() as s:
            p = _player(s, name)
            p.core = core
            return _player_info(p)

    # -- days -----------------------------------------------------------------------------------
    def start_day(self, date: dt.date | None = None, note: str = "") -> DayInfo:
        date = date or dt.date.today()
        with self.transaction() as s:
            if _day_on(s, date) is not None:
                raise LedgerError("day_exists", date=date)
            d: GameDay = s.new("game_days", date=date, note=note)
            s.add(d)
            s.flush()
            return _day_info(s, d)

    def current_day(self) -> DayInfo | None:
        with self.transaction(write=False) as s:
            d = _open_day(s)
            return None if d is None else _day_info(s, d)

    def days(self, season: int | None = None) -> list[DayInfo]:
        with self.transaction(write=False) as s:
            return [_day_info(s, d) for d in s.all("days_by_date") if season is None or d.date.year == season]

    def end_day(self, date: dt.date | None = None, keeper_pick: str | None = None) -> DayInfo:
        """End a game day (the current one by default): every game of it must be
        finished or abandoned.  Decides the cup (RULES.md §12); a tie after every
        rule raises :class:`KeeperDecisionNeeded` unless ``keeper_pick`` names one of
        the tied players."""
        with self.transaction() as s:
            d = _day(s, date)
            if d.ended_at is not None:
                raise LedgerError("day_already_ended", date=d.date)
            still = [g for g in d.games if g.state == OPEN]
            if still:
                raise LedgerError("day_games_open", games=", ".join(str(g.id) for g in still), date=d.date)
            _decide_cup(s, d, keeper_pick)
            d.ended_at = utcnow()
            return _day_info(s, d)

    def reopen_day(self, date: dt.date | None = None) -> DayInfo:
        with self.transaction() as s:
            d = _day(s, date, ended_ok=True)
            if d.ended_at is None:
                raise LedgerError("day_not_ended", date=d.date)
            d.ended_at = None
            d.cup_holder_id = d.cup_rule = d.cup_tied = d.cup_points = None
            return _day_info(s, d)

    # -- games ----------------------------------------------------------------------------------
    def new_game(self, players: Sequence[str] | str, rules: str = "bus-angeles", first_dealer: int | None = None,
                 date: dt.date | None = None, add_players: bool = False, note: str = "") -> int:
        """Start a game: ``players`` in table order (seat 1 first); ``first_dealer``
        1-based (default: the rules' — seat 4 in bus-angeles).  The game joins the
        current game day (or the day of ``date``), started automatically if needed."""
        if isinstance(players, str):
            players = [p for p in (x.strip() for x in players.split(",")) if p]
        try:
            r = parse_rules(rules)
        except JokerError as e:
            raise LedgerError("bad_rules", error=e) from None
        if len(players) != r.players:
            raise LedgerError("players_count", rules=rules_named(r), players=r.players, given=len(players))
        if len({p.casefold() for p in players}) != len(players):
            raise LedgerError("player_twice", players=", ".join(players))
        fd = r.first_dealer if first_dealer is None else first_dealer
        if fd is None:
            raise LedgerError("first_dealer_needed", rules=rules_named(r))
        if not 1 <= fd <= r.players:
            raise LedgerError("first_dealer_range", players=r.players, seat=fd)
        with self.transaction() as s:
            return _new_game(s, players, r, fd - 1, date, add_players, note).id

    def set_trump(self, game: int | None, trump: str) -> CurrentDeal:
        with self.transaction() as s:
            g = _lock(s, game)
            _op_trump(s, g, trump)
            return _current(s, g)

    def set_bids(self, game: int | None, bids: Sequence[int | None] | str, house_override: bool = False,
                 order: str = SEAT_ORDER) -> CurrentDeal:
        """Bids, one per player (``None``/``-`` for not yet said): in seat order, or with
        ``order="call"`` as the players bid, the first hand first and the dealer last
        (RULES.md §6).  Raises :class:`LedgerError` naming the deal and seat of a bad bid."""
        with self.transaction() as s:
            g = _lock(s, game)
            _op_bids(s, g, bids, house_override, order=order)
            return _current(s, g)

    def set_bid(self, game: int | None, who: str | int, bid: int | str, house_override: bool = False) -> CurrentDeal:
        """One player's bid (name or 0-based seat), e.g. as said round the table;
        ``bid`` a number or its text as typed.  Raises :class:`LedgerError` (a bid
        that is no whole number, or outside 0..cards, named with its deal and seat)."""
        with self.transaction() as s:
            g = _lock(s, game)
            names = _names(g)
            seat = _seat_in(names, who)
            d = _open_attempt(g)
            cur: list[int | str | None] = list(d.bids) if d is not None and d.bids else [None] * len(names)
            if isinstance(bid, str) and bid.strip() in ("", "-", "?"):
                rules = _rules(g)
                raise LedgerError("bids_not_whole", where=_where(rules, _number_to_enter(g, rules)), seat=seat + 1,
                                  value=bid)
            cur[seat] = bid
            _op_bids(s, g, cur, house_override or (d is not None and d.house_override), kind="bid")
            return _current(s, g)

    def set_tricks(self, game: int | None, tricks: Sequence[int] | str, order: str = SEAT_ORDER) -> DealResult:
        """Tricks taken, one per player (in seat order, or ``order="call"``: in bidding
        order): scores the deal (the engine checks they sum to the deal size)."""
        with self.transaction() as s:
            g = _lock(s, game)
            return _op_tricks(s, g, tricks, order)

    def enter_deal(self, game: int | None, trump: str, bids: Sequence[int] | str | None, tricks: Sequence[int] | str,
                   house_override: bool = False, expect_deal: int | None = None, order: str = SEAT_ORDER) -> DealResult:
        """A whole deal at once (one entry to undo).  ``expect_deal``: refuse
        (:class:`ConflictError`) unless the game is at that deal; ``order``: bids and
        tricks in seat order, or ``"call"``, in bidding order (as :meth:`set_bids`)."""
        with self.transaction() as s:
            g = _lock(s, game)
            return _op_deal(s, g, trump, bids, tricks, house_override, expect_deal, order)

    def penalty(self, game: int | None, who: str | int, code: str, kind: str | None = None, note: str = "",
                deal: int | None = None, redeal: bool | None = None) -> PenaltyInfo:
        """A fine or dot (RULES.md §11) to ``who`` (name or 0-based seat).

        ``code``: a code of the regulation's table (it fixes fine or dot) or
        ``other`` with ``kind`` and a ``note``.  ``deal``: 1-based, default the
        deal being played.  ``redeal`` also voids the current deal's attempt,
        which must be the penalty's deal (default: as the table says when the
        penalty is in the deal being played, else no)."""
        with self.transaction() as s:
            g = _lock(s, game)
            info, _ = _op_penalty(s, g, who, code, kind, note, deal, redeal)
            return info

    def fine(self, game: int | None, who: str | int, code: str = reg.OTHER, note: str = "", *,
             deal: int | None = None, redeal: bool | None = None) -> PenaltyInfo:
        """A fine: :meth:`penalty` with ``kind`` fine."""
        return self.penalty(game, who, code, reg.FINE, note, deal, redeal)

    def dot(self, game: int | None, who: str | int, code: str = reg.OTHER, note: str = "", *,
            deal: int | None = None, redeal: bool | None = None) -> PenaltyInfo:
        """A dot: :meth:`penalty` with ``kind`` dot."""
        return self.penalty(game, who, code, reg.DOT, note, deal, redeal)

    def redeal(self, game: int | None, reason: str = "", code: str | None = None, who: str | int | None = None,
               note: str = "") -> VoidDeal:
        """Void the current deal's attempt (whatever was entered) and record why;
        with ``code`` and ``who`` also give that infringement's fine or dot."""
        with self.transaction() as s:
            g = _lock(s, game)
            if who is not None:
                if code is None:
                    raise LedgerError("redeal_needs_code")
                kind = None if code != reg.OTHER else reg.FINE
                _, penalty_voided = _op_penalty(s, g, who, code, kind, note or reason, None, True)
                assert penalty_voided is not None  # asked to redeal: it voided the attempt or refused
                voided = penalty_voided
            else:
                voided = _op_redeal(s, g, _reason(code, reason))
            return voided

    def undo(self, game: int | None = None) -> Undone:
        """Take back the last entry of the game; returns what was undone (its
        ``str()`` says it in English: ``bids of deal 5``)."""
        with self.transaction() as s:
            g = _lock(s, game, open_only=False)
            return _op_undo(s, g)

    def edit_deal(self, game: int | None, number: int, trump: str | None = None,
                  bids: Sequence[int] | str | None = None, tricks: Sequence[int] | str | None = None,
                  house_override: bool | None = None, order: str = SEAT_ORDER) -> GameView:
        """Correct a scored deal; every score after it is recomputed (and a
        finished game's totals, places, cup points and its day's cup).  One entry:
        :meth:`undo` takes it back, a finished game staying finished.  ``order``:
        bids and tricks in seat order, or ``"call"``, in that deal's bidding order."""
        with self.transaction() as s:
            g = _lock(s, game, open_only=False)
            _op_edit(s, g, number, trump, bids, tricks, house_override, order)
            return _view(s, g)

    def finish(self, game: int | None = None) -> GameView:
        """Close a complete game: standings, and cup points when its four players are core roster."""
        with self.transaction() as s:
            g = _lock(s, game)
            _op_finish(s, g)
            return _view(s, g)

    def abandon(self, game: int | None = None, reason: str = "") -> GameView:
        """Give up an unfinished game: it keeps its deals, fines and dots but
        has no standings and no cup points."""
        with self.transaction() as s:
            g = _lock(s, game)
            g.state = ABANDONED
            g.note = (g.note + "\n" if g.note else "") + f"abandoned: {reason}".strip()
            _journal(s, g, "abandon", {"reason": reason})
            return _view(s, g)

    # -- checks -----------------------------------------------------------------------------------
    def verify(self) -> list[str]:
        """Re-score every stored game with the engine (through
        :func:`joker.games.joker.record.replay`) and re-derive slaps and cup holders; return
        every difference from what is stored (empty: all is well)."""
        from .verify import verify_all

        with self.transaction(write=False) as s:
            return verify_all(s)
