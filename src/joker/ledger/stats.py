"""History and statistics over the ledger: per player games, wins, mean
place, cup points, cups and days holding the cup, premiums, share of bids
made, fines, dots, slaps; head-to-head; and the season's cup points by day.

Everything is read from stored games; premiums and made bids are derived by
the engine (:func:`joker.games.joker.scoring.block_summaries` over each game's record).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from itertools import combinations

from typing import TYPE_CHECKING

from joker.games.joker.scoring import block_summaries
from . import regulation as reg
from .records import _state
from .repository import Ledger
from .unit import Tx
from .values import FINISHED

if TYPE_CHECKING:  # the rows' types (:mod:`.unit`'s rows have the ORM classes' attributes)
    from joker.store import GameDay


@dataclass
class PlayerStats:
    """One player's record over finished games: games, wins (first places), the
    sum of places, cup points and contested games, cups won and calendar days
    holding the cup, blocks with a premium, bids said and made, fines, dots, slaps."""

    name: str
    core: bool
    games: int = 0
    wins: int = 0
    place_sum: int = 0
    cup_points: int = 0
    cup_games: int = 0
    cups: int = 0
    days_held: int = 0
    premiums: int = 0
    bids: int = 0
    bids_made: int = 0
    fines: int = 0
    dots: int = 0
    slaps: int = 0

    @property
    def mean_place(self) -> float | None:
        """Mean place (1 best), ``None`` before a first game."""
        return self.place_sum / self.games if self.games else None

    @property
    def made_share(self) -> float | None:
        """Share of bids made (0–1), ``None`` before a first bid."""
        return self.bids_made / self.bids if self.bids else None


@dataclass
class HeadToHead:
    """Games ``a`` and ``b`` finished together; who placed ahead of whom."""

    a: str
    b: str
    games: int = 0
    a_ahead: int = 0
    b_ahead: int = 0

    @property
    def level(self) -> int:
        """Games in which they shared a place."""
        return self.games - self.a_ahead - self.b_ahead


@dataclass(frozen=True)
class GameSummary:
    """One game of a day in :func:`history`: players in seat order; totals, places
    and cup points per seat once finished (``None`` before)."""

    id: int
    number: int
    state: str
    rules: str
    players: tuple[str, ...]
    totals: tuple[int, ...] | None
    places: tuple[int, ...] | None
    points: tuple[int | None, ...] | None
    contested: bool | None


@dataclass(frozen=True)
class DayHistory:
    """One game day in :func:`history`: its games, and once ended its cup holder,
    the rule that decided and the players tied on points."""

    date: dt.date
    ended: bool
    games: tuple[GameSummary, ...]
    cup_holder: str | None
    cup_rule: str | None
    cup_tied: tuple[str, ...] = ()


@dataclass
class CupSeason:
    """Cup points per player accumulated day by day (contested games only)."""

    dates: list[dt.date] = field(default_factory=list)
    players: list[str] = field(default_factory=list)
    cumulative: dict[str, list[int]] = field(default_factory=dict)
    holders: list[str | None] = field(default_factory=list)


def _in_season(d: dt.date, season: int | None) -> bool:
    return season is None or d.year == season


def history(ledger: Ledger, season: int | None = None, player: str | None = None) -> list[DayHistory]:
    """The game days of ``season`` (a year; ``None``: all), oldest first; with
    ``player`` (a name) only the games he played and the days he played in."""
    with ledger.transaction(write=False) as s:
        names: dict[int | None, str] = {p.id: p.name for p in s.all("players_by_id")}
        out = []
        for d in s.all("days_by_date"):
            if not _in_season(d.date, season):
                continue
            games = []
            for g in d.games:
                pl = tuple(st.player.name for st in g.seats)
                if player is not None and player not in pl:
                    continue
                res = {r.seat: r for r in s.all("game_cup_results", game=g.id)}
                done = g.state == FINISHED and len(res) == len(pl)
                games.append(GameSummary(
                    g.id, g.number, g.state, g.rules, pl,
                    tuple(res[i].total for i in range(len(pl))) if done else None,
                    tuple(res[i].place for i in range(len(pl))) if done else None,
                    tuple(res[i].points for i in range(len(pl))) if done else None,
                    g.cup_contested))
            if player is not None and not games:
                continue
            out.append(DayHistory(d.date, d.ended_at is not None, tuple(games), names.get(d.cup_holder_id),
                                  d.cup_rule, tuple(names[i] for i in d.cup_tied or ())))
        return out


def _holder_days(s: Tx, season: int | None, today: dt.date) -> dict[int, tuple[int, int]]:
    """Per player id: (cups won, calendar days holding the cup) — a holder keeps it
    until the next day that awards it (RULES.md §12)."""
    days = [(d.date, d.cup_holder_id) for d in s.all("days_by_date")
            if d.ended_at is not None and d.cup_holder_id is not None]
    out: dict[int, tuple[int, int]] = {}
    for k, (date, holder) in enumerate(days):
        if not _in_season(date, season):
            continue
        end = days[k + 1][0] if k + 1 < len(days) else today
        if season is not None:
            end = min(end, dt.date(season + 1, 1, 1))
        cups, held = out.get(holder, (0, 0))
        out[holder] = (cups + 1, held + max((end - date).days, 0))
    return out


def player_stats(ledger: Ledger, season: int | None = None,
                 today: dt.date | None = None) -> tuple[list[PlayerStats], list[HeadToHead]]:
    """Per-player statistics and head-to-head records over finished games (of ``season``, a year)."""
    today = today or dt.date.today()
    with ledger.transaction(write=False) as s:
        players = {p.id: p for p in s.all("players_by_id")}
        stats = {pid: PlayerStats(p.name, p.core) for pid, p in players.items()}
        h2h: dict[tuple[int, int], HeadToHead] = {}
        for g in s.all("games_in_state_by_id", state=FINISHED):
            if not _in_season(g.day.date, season):
                continue
            res = {r.seat: r for r in s.all("game_cup_results", game=g.id)}
            ids = [st.player_id for st in g.seats]
            state = _state(g)
            blocks = block_summaries(state.rules, state.results)
            for seat, pid in enumerate(ids):
                st = stats[pid]
                r = res.get(seat)
                if r is None:
                    continue
                st.games += 1
                st.wins += r.place == 1
                st.place_sum += r.place
                if r.points is not None:
                    st.cup_points += r.points
                    st.cup_games += 1
                st.premiums += sum(1 for b in blocks if b.premium[seat] > 0)
                for d in state.results:
                    if d.bids is not None:
                        st.bids += 1
                        st.bids_made += d.bids[seat] == d.tricks[seat]
            for (sa, a), (sb, b) in combinations(enumerate(ids), 2):
                key = (a, b) if players[a].name <= players[b].name else (b, a)
                rec = h2h.setdefault(key, HeadToHead(players[key[0]].name, players[key[1]].name))
                rec.games += 1
                pa, pb = res[sa].place, res[sb].place
                first = a if key[0] == a else b
                if pa != pb:
                    better = a if pa < pb else b
                    if better == first:
                        rec.a_ahead += 1
                    else:
                        rec.b_ahead += 1
        for i in s.all("infringements_by_id"):
            day: GameDay = s.get("games", i.game_id).day
            if not _in_season(day.date, season):
                continue
            if i.kind == reg.FINE:
                stats[i.player_id].fines += 1
            else:
                stats[i.player_id].dots += 1
        for x in s.all("slaps_by_id"):
            if _in_season(s.get("game_days", x.day_id).date, season):
                stats[x.player_id].slaps += 1
        for pid, (cups, held) in _holder_days(s, season, today).items():
            stats[pid].cups = cups
            stats[pid].days_held = held
        out = sorted(stats.values(), key=lambda x: (-x.games, x.name))
        return out, sorted(h2h.values(), key=lambda x: (x.a, x.b))


def cup_season(ledger: Ledger, season: int | None = None) -> CupSeason:
    """Cumulative cup points per player over the ended game days of ``season``."""
    out = CupSeason()
    with ledger.transaction(write=False) as s:
        names: dict[int | None, str] = {p.id: p.name for p in s.all("players_by_id")}
        running: dict[str, int] = {}
        rows: list[tuple[dt.date, dict[str, int], str | None]] = []
        for d in s.all("days_by_date"):
            if not _in_season(d.date, season) or d.ended_at is None:
                continue
            pts: dict[str, int] = {}
            for g in d.games:
                if g.state != FINISHED or not g.cup_contested:
                    continue
                for r in s.all("game_cup_results", game=g.id):
                    pts[names[r.player_id]] = pts.get(names[r.player_id], 0) + (r.points or 0)
            if not pts:
                continue
            for name, p in pts.items():
                running[name] = running.get(name, 0) + p
                if name not in out.players:
                    out.players.append(name)
            rows.append((d.date, dict(running), names.get(d.cup_holder_id)))
        for date, snap, holder in rows:
            out.dates.append(date)
            out.holders.append(holder)
        for name in out.players:
            out.cumulative[name] = [snap.get(name, 0) for _, snap, _ in rows]
    return out
