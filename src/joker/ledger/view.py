"""A game as callers see it: :class:`~.values.GameView` built from its rows
(scores, sheet, penalties, redeals, dots and slaps, and the deal being
entered), and the stored rows of penalties and redeals as values.

The rows are read by the named queries of :mod:`.queries` through a
:class:`~.source.Reads`: SQLAlchemy Core on a connection or on a writing
command's ORM session (its flushed changes included), or ``sqlite3`` on an
SQLite file (:class:`~.source.SqliteSource`) — the one way a view is built,
for ``joker ledger show`` as for the view a write returns.  This module
imports no SQLAlchemy.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any, Sequence

from joker.games.joker.engine.state import GameState
from joker.games.joker.record import fines_of, replay
from joker.games.joker.scoring import game_totals
from joker.games.joker.sheet import build_sheet
from . import regulation as reg
from .db import LedgerError
from .records import (
    AnyGame,
    StoredDeal,
    StoredPenalty,
    StoredPlayer,
    _current_number,
    _dealer,
    _names,
    _next_attempt,
    _no_bids,
    _open_attempt,
    _record,
    _rules,
    _state,
)
from .source import Reads
from .values import FINISHED, OPEN, VOID, CurrentDeal, GameView, PenaltyInfo, PlayerInfo, VoidDeal


@dataclass(frozen=True)
class _Day:
    id: int
    date: dt.date


@dataclass(frozen=True)
class _Seat:
    player_id: int
    player: PlayerInfo


@dataclass(frozen=True)
class _Game:
    """A game's rows as read by :func:`_load` (a :class:`~.records.StoredGame`)."""

    id: int
    day_id: int
    number: int
    rules: str
    rules_version: int
    first_dealer: int
    state: str
    cup_contested: bool | None
    note: str
    day: _Day
    seats: tuple[_Seat, ...]
    deals: tuple[Any, ...]
    infringements: tuple[Any, ...]


def current_game_id(db: Reads) -> int | None:
    """The current game: the most recently started open game, else the last game of all."""
    gid: int | None = db.scalar("latest_game_in_state", state=OPEN)
    if gid is None:
        gid = db.scalar("latest_game")
    return gid


def game_id(db: Reads, game: int | None) -> int:
    """``game``, or the current game's id when None; LedgerError when there is no game at all."""
    gid = game if game is not None else current_game_id(db)
    if gid is None:
        raise LedgerError("no_game_yet")
    return gid


def day_dots(db: Reads, day_id: int) -> list[Any]:
    """The dots of game day ``day_id`` in the order given (across all its games): rows of ``infringements``."""
    return list(db.rows("day_dots", day=day_id, kind=reg.DOT))


def _load(db: Reads, gid: int) -> _Game:
    """Game ``gid``'s rows; LedgerError ``no_game`` when there is none."""
    found = db.rows("game", game=gid)
    if not found:
        raise LedgerError("no_game", game=gid)
    row = found[0]
    seats = tuple(_Seat(r.player_id, PlayerInfo(r.player_id, r.name, r.core)) for r in db.rows("seats", game=gid))
    deals = tuple(db.rows("deals", game=gid))
    penalties = tuple(db.rows("penalties", game=gid))
    return _Game(row.id, row.day_id, row.number, row.rules, row.rules_version, row.first_dealer, row.state,
                 row.cup_contested, row.note, _Day(row.day_id, row.date), seats, deals, penalties)


def game_view(db: Reads, game: int | None) -> GameView:
    """The view of ``game`` (None: the current game), read on ``db``.  Raises
    :class:`LedgerError` (``no_game_yet``, ``no_game``, ``in_game`` for stored deals the engine refuses)."""
    return _view(db, _load(db, game_id(db, game)))


def _view(db: Reads, g: AnyGame) -> GameView:
    rules = _rules(g)
    names = _names(g)
    n = rules.players
    record = _record(g)
    state = _state(g)
    fines = fines_of(n, g.infringements)
    totals = game_totals(rules, state.results, fines)
    ids = tuple(st.player_id for st in g.seats)
    seat_of = {pid: i for i, pid in enumerate(ids)}
    dots_game = [0] * n
    for i in g.infringements:
        if i.kind == reg.DOT:
            dots_game[i.seat] += 1
    running = reg.dot_counts((i.player_id, i.id) for i in day_dots(db, g.day_id))
    slaps = [0] * n
    for slap in db.rows("day_slaps", day=g.day_id):
        if slap.player_id in seat_of:
            slaps[seat_of[slap.player_id]] += 1
    current = None
    num = _current_number(g, rules)
    if num is not None and g.state == OPEN:
        spec = rules.deals[num - 1]
        dealer = _dealer(g, rules, num)
        order = tuple(reg.bidding_order(dealer, n))
        d = _open_attempt(g)
        bids = tuple(d.bids) if d is not None and d.bids else (None,) * n
        forbidden = rules.forbidden_bid_of(spec.cards, bids, dealer)
        chooser = order[0] if rules.trump_chosen(spec) else None
        attempt = d.attempt if d is not None else _next_attempt(g, num)
        current = CurrentDeal(num, attempt, spec.cards, spec.kind.value, spec.block + 1, dealer, order[0], order,
                              chooser, d.trump if d is not None else None, bids,
                              d.house_override if d is not None else False, forbidden, not _no_bids(rules, num))
    contested = bool(g.cup_contested) if g.state == FINISHED else reg.cup_contested([st.player.core for st in g.seats])
    voids = tuple(_void_deal(d) for d in g.deals if d.status == VOID)
    return GameView(
        id=g.id, day_id=g.day_id, date=g.day.date, number=g.number, rules=rules, players=names, player_ids=ids,
        core=tuple(st.player.core for st in g.seats), state=g.state, first_dealer=g.first_dealer, record=record,
        results=state.results, fines=tuple(fines), totals=totals,
        sheet=tuple(build_sheet(rules, state.results, fines)),
        penalties=tuple(_penalty_info(i, names) for i in g.infringements), redeals=voids, current=current,
        dots_game=tuple(dots_game), dots_running=tuple(running.get(pid, 0) for pid in ids), slaps_day=tuple(slaps),
        contested=contested, note=g.note,
    )


def _void_deal(d: StoredDeal) -> VoidDeal:
    """A redealt attempt's row as the value callers get."""
    return VoidDeal(d.number, d.attempt, d.void_reason or "", d.trump, None if d.bids is None else tuple(d.bids),
                    None if d.tricks is None else tuple(d.tricks))


def _player_info(p: StoredPlayer) -> PlayerInfo:
    """A ``players`` row (ORM or Core) as the value callers get."""
    return PlayerInfo(p.id, p.name, p.core)


def _penalty_info(i: StoredPenalty, names: Sequence[str], slap: int | None = None) -> PenaltyInfo:
    return PenaltyInfo(i.id, i.game_id, i.deal_number, i.seat, names[i.seat], i.code, i.kind, i.value, i.note,
                       i.created_at, slap)


def replay_view_record(view: GameView) -> GameState:
    """The game rebuilt from its record by :func:`joker.games.joker.record.replay` (what verify uses)."""
    return replay(view.record)
