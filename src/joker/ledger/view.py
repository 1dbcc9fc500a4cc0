"""A game as callers see it: :class:`~.values.GameView` built from its rows
(scores, sheet, penalties, redeals, dots and slaps, and the deal being
entered), and the stored rows of penalties and redeals as values.
"""

from __future__ import annotations

from typing import Sequence

from sqlalchemy import select
from sqlalchemy.orm import Session

from joker.games.joker.engine.state import GameState
from joker.games.joker.record import fines_of, replay
from joker.games.joker.scoring import game_totals
from joker.games.joker.sheet import build_sheet
from joker.store import Deal, Game, InfringementRow, Player, Slap
from . import regulation as reg
from .records import (
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
from .standings import day_dots
from .values import FINISHED, OPEN, VOID, CurrentDeal, GameView, PenaltyInfo, PlayerInfo, VoidDeal


def _view(s: Session, g: Game) -> GameView:
    s.flush()
    s.refresh(g)
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
    running = reg.dot_counts((i.player_id, i.id) for i in day_dots(s, g.day))
    slaps = [0] * n
    for x in s.scalars(select(Slap).where(Slap.day_id == g.day_id)):
        if x.player_id in seat_of:
            slaps[seat_of[x.player_id]] += 1
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


def _void_deal(d: Deal) -> VoidDeal:
    """A redealt attempt's row as the value callers get."""
    return VoidDeal(d.number, d.attempt, d.void_reason or "", d.trump, None if d.bids is None else tuple(d.bids),
                    None if d.tricks is None else tuple(d.tricks))


def _player_info(p: Player) -> PlayerInfo:
    return PlayerInfo(p.id, p.name, p.core)


def _penalty_info(i: InfringementRow, names: Sequence[str], slap: int | None = None) -> PenaltyInfo:
    return PenaltyInfo(i.id, i.game_id, i.deal_number, i.seat, names[i.seat], i.code, i.kind, i.value, i.note,
                       i.created_at, slap)


def replay_view_record(view: GameView) -> GameState:
    """The game rebuilt from its record by :func:`joker.games.joker.record.replay` (what verify uses)."""
    return replay(view.record)
