"""``joker ledger verify``: re-score every stored game with the engine and
re-derive every cached result, reporting each difference.

Each game's record is rebuilt from its rows and replayed by
:func:`joker.games.joker.record.replay` (the same path as ``joker replay``); totals come
from :func:`joker.games.joker.record.totals_with_penalties`; slaps and cup holders from
:mod:`.regulation`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from joker.errors import JokerError
from joker.games.joker.record import replay, totals_with_penalties
from joker.games.joker.rules import parse_rules
from joker.games.joker.scoring import places
from . import regulation as reg
from .records import _record, _scored
from .standings import cup_games, derive_slaps
from .unit import Tx
from .values import FINISHED, OPEN

if TYPE_CHECKING:  # the rows' types (:mod:`.unit`'s rows have the ORM classes' attributes)
    from joker.store import Game, GameDay


def verify_game(s: Tx, g: Game) -> list[str]:
    """What differs between game ``g``'s stored caches (deal scores, fine values,
    totals, places, cup points) and what its record gives: one line each."""
    where = f"game {g.id} ({g.day.date} #{g.number})"
    out: list[str] = []
    scored = _scored(g)
    numbers = [d.number for d in scored]
    if numbers != list(range(1, len(numbers) + 1)):
        out.append(f"{where}: scored deals are numbered {numbers}, not 1..{len(numbers)}")
        return out
    if sum(1 for d in g.deals if d.status == OPEN) > 1:
        out.append(f"{where}: more than one deal is being entered")
    try:
        rules = parse_rules(g.rules)
        record = _record(g)
        state = replay(record)
    except JokerError as e:
        out.append(f"{where}: the record does not replay: {e}")
        return out
    for d, r in zip(scored, state.results):
        if d.scores != list(r.scores):
            out.append(f"{where}, deal {d.number}: stored scores {d.scores} differ from the engine's {list(r.scores)}")
    for i in g.infringements:
        value = rules.fine if i.kind == reg.FINE else 0
        if i.value != value:
            out.append(f"{where}: the {i.kind} #{i.id} is worth {i.value}, the rules say {value}")
    if g.state == FINISHED:
        if not state.is_terminal():
            out.append(f"{where}: finished with {len(state.results)} of {len(rules.deals)} deals")
            return out
        totals = list(totals_with_penalties(state, record.penalties))
        if g.totals != totals:
            out.append(f"{where}: stored totals {g.totals} differ from the engine's {totals}")
        pl = places(totals)
        pts = reg.cup_points(totals) if g.cup_contested else None
        rows = {row.seat: row for row in s.all("game_cup_results", game=g.id)}
        for seat, st in enumerate(g.seats):
            row = rows.get(seat)
            want = (st.player_id, totals[seat], pl[seat], None if pts is None else pts[seat])
            have = None if row is None else (row.player_id, row.total, row.place, row.points)
            if have != want:
                out.append(f"{where}: {st.player.name}'s result (player, total, place, cup points) is stored as "
                           f"{have}, derived {want}")
    return out


def verify_day(s: Tx, d: GameDay) -> list[str]:
    """What differs between day ``d``'s stored slaps and cup holder and what its dots and games give."""
    out: list[str] = []
    want = sorted(derive_slaps(s.reads(), d.id))
    have = sorted((x.infringement_id, x.player_id, x.game_id, x.number)
                  for x in s.all("day_slap_rows", day=d.id))
    if want != have:
        out.append(f"day {d.date}: stored slaps {have} differ from the dots' {want}")
    if d.ended_at is not None:
        pick = d.cup_holder_id if d.cup_rule == reg.CupRule.KEEPER.value else None
        try:
            decision = reg.day_cup(cup_games(d), pick)
        except reg.KeeperPickError:
            out.append(f"day {d.date}: the keeper's pick is no longer among the tied players")
            return out
        rule = None if decision.rule is None else decision.rule.value
        if (decision.holder, rule) != (d.cup_holder_id, d.cup_rule):
            names: dict[int | None, str] = {p.id: p.name for p in s.all("players_by_id")}
            out.append(f"day {d.date}: the cup is stored as {names.get(d.cup_holder_id)} ({d.cup_rule}), "
                       f"derived {names.get(decision.holder)} ({rule})")
    return out


def verify_all(s: Tx) -> list[str]:
    """Every difference of every game, then of every day (empty: the database agrees with the engine)."""
    out: list[str] = []
    for g in s.all("games_by_id"):
        out.extend(verify_game(s, g))
    for d in s.all("days_by_date"):
        out.extend(verify_day(s, d))
    return out
