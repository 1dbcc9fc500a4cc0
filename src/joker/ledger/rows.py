"""Finding the rows a command works on, in its session: players by name,
game days by date (or the open one), games by id (or the current one),
locked for writing; creating a game with its seats (and its day when
needed); and the journal of entries that undo reads back.  Every function
works in a write transaction, :class:`~.unit.Tx` (``s``), with the named
statements of :mod:`.queries`: this module imports no SQLAlchemy.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any, Sequence

from joker.games.joker.rules import RULES_VERSION, Rules
from .db import LedgerError
from .inputs import _player_name
from .unit import Tx
from .values import FINISHED, OPEN, DayInfo
from .view import game_id

if TYPE_CHECKING:  # the rows' types: the ORM's classes, whose attributes :mod:`.unit`'s rows have too
    from joker.store import Game, GameDay, Player


def _player_named(s: Tx, name: str) -> Player | None:
    """The player called ``name``, names compared ignoring case (``Бутка`` is
    ``бутка``): the one of exactly this spelling, else the first added of those
    spelled otherwise (a ledger written before names were compared so may hold
    two).  Compared in Python (``str.casefold``): SQLite's ``lower()`` knows only ASCII."""
    exact: Player | None = s.first("player_named", name=name)
    if exact is not None:
        return exact
    key = name.casefold()
    return next((p for p in s.all("players_by_id") if p.name.casefold() == key), None)


def _player(s: Tx, name: str) -> Player:
    """The player named ``name`` (:func:`_player_named`); raises :class:`LedgerError` ``no_player``."""
    name = name.strip()
    p = _player_named(s, name)
    if p is None:
        raise LedgerError("no_player", name=name)
    return p


def _open_day(s: Tx) -> GameDay | None:
    day: GameDay | None = s.first("open_day")
    return day


def _day_on(s: Tx, date: dt.date) -> GameDay | None:
    day: GameDay | None = s.first("day_on", date=date)
    return day


def _day(s: Tx, date: dt.date | None, ended_ok: bool = False) -> GameDay:
    if date is None:
        d = _open_day(s)
        if d is None:
            if ended_ok:
                last: GameDay | None = s.first("last_day")
                if last is not None:
                    return last
            raise LedgerError("no_open_day")
        return d
    d = _day_on(s, date)
    if d is None:
        raise LedgerError("no_day", date=date)
    return d


def _day_info(s: Tx, d: GameDay) -> DayInfo:
    names = {p.id: p.name for p in s.all("players_by_id")}
    return DayInfo(
        d.id, d.date, d.ended_at is not None, tuple(g.id for g in d.games),
        names.get(d.cup_holder_id) if d.cup_holder_id else None, d.cup_rule,
        tuple(names[i] for i in d.cup_tied or ()), {names[i]: pts for i, pts in d.cup_points or ()},
    )


def _new_game(s: Tx, players: Sequence[str], rules: Rules, first_dealer: int, date: dt.date | None,
              add_players: bool, note: str = "") -> Game:
    rows = []
    for name in players:
        try:
            rows.append(_player(s, name))
        except LedgerError:
            if not add_players:
                raise
            p = s.new("players", name=_player_name(name), core=False)  # a guest's name is checked as any new player's
            s.add(p)
            s.flush()
            rows.append(p)
    if date is None:
        day = _open_day(s)
        if day is None:
            today = dt.date.today()
            old = _day_on(s, today)
            if old is not None:
                raise LedgerError("day_ended_reopen", date=today)
            day = s.new("game_days", date=today, note="started with its first game")
            s.add(day)
            s.flush()
    else:
        day = _day_on(s, date)
        if day is None:
            day = s.new("game_days", date=date, note="")
            s.add(day)
            s.flush()
        elif day.ended_at is not None:
            raise LedgerError("day_ended_reopen_date", date=date)
    _lock_day(s, day)
    number = (s.scalar("max_game_number", day=day.id) or 0) + 1
    g: Game = s.new("games", day_id=day.id, number=number, rules=str(rules), rules_version=RULES_VERSION,
             first_dealer=first_dealer, state=OPEN, note=note)
    s.add(g)
    s.flush()
    for seat, p in enumerate(rows):
        s.add(s.new("game_seats", game_id=g.id, seat=seat, player_id=p.id))
    s.flush()
    s.refresh(g)
    return g


def _game(s: Tx, game: int | None) -> Game:
    gid = game_id(s.reads(), game)
    g: Game | None = s.get("games", gid)
    if g is None:
        raise LedgerError("no_game", game=gid)
    return g


def _lock(s: Tx, game: int | None, open_only: bool = True) -> Game:
    """The game, locked for this transaction (PostgreSQL: row lock; SQLite: the
    transaction already holds the write lock)."""
    gid = game_id(s.reads(), game)
    g: Game | None = s.first("game_locked", game=gid)
    if g is None:
        raise LedgerError("no_game", game=gid)
    if open_only and g.state != OPEN:
        raise _closed(g, undo_hint=True)
    return g


def _closed(g: Game, undo_hint: bool = False) -> LedgerError:
    """The refusal to change game ``g``, finished or abandoned (``undo_hint``: say
    that undoing the finish reopens it)."""
    if g.state == FINISHED:
        return LedgerError("game_finished_undo" if undo_hint else "game_finished", game=g.id)
    return LedgerError("game_abandoned", game=g.id)


def _lock_day(s: Tx, day: GameDay) -> None:
    """Serialize writers of one game day (PostgreSQL: a row lock; SQLite writers are serialized already)."""
    s.execute("lock_day", day=day.id)


def _journal(s: Tx, g: Game, kind: str, payload: dict[str, Any]) -> None:
    s.add(s.new("entries", game_id=g.id, kind=kind, payload=payload))
