"""Results that follow from the entered deals (RULES.md §11–§12): finishing a
game (totals, places, cup points), the day's cup holder, and the day's slaps
re-derived from its dots.  In a write transaction, :class:`~.unit.Tx`: no SQLAlchemy here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from joker.games.joker.engine.state import GameState
from joker.games.joker.record import totals_with_penalties
from joker.games.joker.scoring import places
from joker.store.times import utcnow
from . import regulation as reg
from .db import LedgerError
from .records import _open_attempt, _rescore, _rules, _state
from .rows import _journal, _lock_day, _player
from .source import Reads
from .unit import Tx
from .values import FINISHED, KeeperDecisionNeeded
from .view import day_dots

if TYPE_CHECKING:  # the rows' types (:mod:`.unit`'s rows have the ORM classes' attributes)
    from joker.store import Game, GameDay, InfringementRow, Player


def _store_results(s: Tx, g: Game, state: GameState) -> None:
    totals = totals_with_penalties(state, g.infringements)
    g.totals = list(totals)
    pl = places(totals)
    pts = reg.cup_points(totals) if g.cup_contested else None
    s.execute("delete_cup_results_of_game", game=g.id)
    for seat, st in enumerate(g.seats):
        s.add(s.new("cup_results", game_id=g.id, player_id=st.player_id, seat=seat, total=totals[seat], place=pl[seat],
                        points=None if pts is None else pts[seat]))
    s.flush()


def _op_finish(s: Tx, g: Game) -> None:
    rules = _rules(g)
    state = _state(g)
    if not state.is_terminal():
        n = len(state.results)
        raise LedgerError("not_over", game=g.id, played=n, deals=len(rules.deals))
    if _open_attempt(g) is not None:
        raise LedgerError("deal_in_progress", game=g.id)
    g.state = FINISHED
    g.finished_at = utcnow()
    g.cup_contested = reg.cup_contested([st.player.core for st in g.seats])
    _rescore(g, state)
    _store_results(s, g, state)
    _journal(s, g, "finish", {})


def cup_games(day: GameDay) -> list[reg.CupGame[int]]:
    """The day's contested finished games, in order, for :func:`regulation.day_cup`."""
    return [
        reg.CupGame(tuple(st.player_id for st in g.seats), tuple(g.totals))
        for g in day.games if g.state == FINISHED and g.cup_contested and g.totals is not None
    ]


def _name(s: Tx, player_id: int) -> str:
    p: Player | None = s.get("players", player_id)
    assert p is not None  # a foreign key of the row that names it
    return p.name


def _decide_cup(s: Tx, d: GameDay, keeper_pick: str | None) -> reg.CupDecision[int]:
    pick_id = None
    if keeper_pick is not None:
        pick_id = _player(s, keeper_pick).id
    try:
        decision = reg.day_cup(cup_games(d), pick_id)
    except reg.KeeperPickError:
        decision = reg.day_cup(cup_games(d))
        names = [_name(s, i) for i in decision.tied]
        raise LedgerError("not_tied", pick=keeper_pick, tied=", ".join(names)) from None
    if decision.needs_keeper:
        names = [_name(s, i) for i in decision.tied]
        raise KeeperDecisionNeeded("keeper_decides", names, date=d.date, players=", ".join(names))
    d.cup_holder_id = decision.holder
    d.cup_rule = None if decision.rule is None else decision.rule.value
    d.cup_tied = list(decision.tied) or None
    d.cup_points = [[pid, pts] for pid, pts in decision.points.items()] or None
    return decision


def _keeper_pick_of(s: Tx, day: GameDay) -> str | None:
    if day.cup_rule == reg.CupRule.KEEPER.value and day.cup_holder_id is not None:
        return _name(s, day.cup_holder_id)
    return None


def derive_slaps(db: Reads, day_id: int) -> list[tuple[int, int, int, int]]:
    """``(infringement id, player id, game id, number)`` of each slap the dots of day ``day_id`` earn."""
    dots = day_dots(db, day_id)
    game_of = {i.id: i.game_id for i in dots}
    return [(e.dot, e.player, game_of[e.dot], e.number) for e in reg.slaps_of_day((i.player_id, i.id) for i in dots)]


def _refresh_slaps(s: Tx, day: GameDay) -> None:
    """Re-derive the day's slaps from its dots (each dot change, in any of the day's games, calls this)."""
    _lock_day(s, day)
    want = derive_slaps(s.reads(), day.id)
    have = {(x.infringement_id, x.player_id, x.game_id, x.number): x
            for x in s.all("day_slap_rows", day=day.id)}
    for key, row in have.items():
        if key not in want:
            s.delete(row)
    s.flush()
    for key in want:
        if key not in have:
            inf: InfringementRow | None = s.get("infringements", key[0])
            assert inf is not None  # the dot was just read
            s.add(s.new("slaps", day_id=day.id, player_id=key[1], infringement_id=key[0], game_id=key[2], number=key[3],
                       created_at=inf.created_at))
    s.flush()
