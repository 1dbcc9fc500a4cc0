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
:class:`joker.record.GameRecord` (real-card deals: trump, bids, tricks;
penalties: fines and dots), which is replayed through
:meth:`joker.engine.GameState.apply_summary` and scored by
:mod:`joker.scoring`.  What is stored besides (deal scores, totals, places,
cup points, slaps, the day's cup holder) is a cache that :meth:`Ledger.verify`
recomputes and compares.

Concurrency: each write command locks its game (SQLite: ``BEGIN IMMEDIATE``;
PostgreSQL: ``SELECT … FOR UPDATE``), so two keepers writing at once take
turns; ``expect_deal`` makes a command fail cleanly when someone else entered
that deal first.
"""

from __future__ import annotations

import datetime as dt
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Iterator, Sequence

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from ..cards import format_suit, parse_suit
from ..engine.state import GameState, new_game
from ..errors import JokerError
from ..record import DealEntry, GameRecord, Penalty, replay
from ..rules import RULES_VERSION, DealKind, Rules, parse_rules
from ..scoring import DealResult, block_summaries, game_totals, places
from ..sheet import SheetRow, build_sheet
from . import regulation as reg
from .db import DEFAULT_TIMEOUT, WRITE, LedgerError, display, open_engine, translated
from .models import (
    CupResult,
    Deal,
    Entry,
    Game,
    GameDay,
    GameSeat,
    InfringementRow,
    Player,
    Slap,
    utcnow,
)

OPEN, FINISHED, ABANDONED = "open", "finished", "abandoned"
SCORED, VOID = "scored", "void"


class ConflictError(LedgerError):
    """Someone else changed the game first (``expect_deal`` no longer holds); nothing was written."""


class KeeperDecisionNeeded(LedgerError):
    """The day's cup is tied after every rule: the keeper must choose (``tied`` names the players)."""

    def __init__(self, message: str, tied: Sequence[str]):
        super().__init__(message)
        self.tied = tuple(tied)


# -- values returned to callers ------------------------------------------------------------------
@dataclass(frozen=True)
class PlayerInfo:
    id: int
    name: str
    core: bool


@dataclass(frozen=True)
class DayInfo:
    """A game day; once ended, its cup holder and the rule that decided (``regulation.CupRule``)."""

    id: int
    date: dt.date
    ended: bool
    games: tuple[int, ...]
    cup_holder: str | None = None
    cup_rule: str | None = None
    cup_tied: tuple[str, ...] = ()
    cup_points: dict[str, int] = field(default_factory=dict)

    @property
    def cup_text(self) -> str:
        if not self.ended:
            return "day in progress"
        if self.cup_rule is None:
            return "no contested game: the cup stays where it is"
        rule = reg.CupRule(self.cup_rule)
        tie = f" (tied: {', '.join(self.cup_tied)})" if self.cup_tied else ""
        return f"{self.cup_holder} takes the cup — {rule.text}{tie}"


@dataclass(frozen=True)
class PenaltyInfo:
    """A fine or dot as stored: ``deal`` 1-based or None; ``slap``: the slap it
    earned (its number that day) when it was a third dot."""

    id: int
    game: int
    deal: int | None
    seat: int
    player: str
    code: str
    kind: str
    value: int
    note: str
    time: dt.datetime
    slap: int | None = None

    @property
    def text(self) -> str:
        what = self.note if self.code == reg.OTHER else self.code + (f" ({self.note})" if self.note else "")
        where = f"deal {self.deal}" if self.deal else "outside a deal"
        value = f" {self.value}" if self.kind == reg.FINE else ""
        return f"{self.kind}{value}: {self.player}, {where}, {what}"


@dataclass(frozen=True)
class VoidDeal:
    """A redealt attempt (kept in history, never scored)."""

    number: int
    attempt: int
    reason: str
    trump: str | None
    bids: tuple[int | None, ...] | None
    tricks: tuple[int, ...] | None


@dataclass(frozen=True)
class CurrentDeal:
    """The deal being entered: who deals, who bids first, what is entered so
    far, and which bid the dealer may not say (once the others have bid)."""

    number: int
    attempt: int
    cards: int
    kind: str
    block: int
    dealer: int
    first_hand: int
    bid_order: tuple[int, ...]
    trump_chooser: int | None
    trump: str | None
    bids: tuple[int | None, ...]
    house_override: bool
    forbidden: int | None
    needs_bids: bool

    @property
    def next_bidder(self) -> int | None:
        if not self.needs_bids:
            return None
        for s in self.bid_order:
            if self.bids[s] is None:
                return s
        return None


@dataclass(frozen=True)
class GameView:
    """Everything about one game, derived by the engine from the stored record."""

    id: int
    day_id: int
    date: dt.date
    number: int
    rules: Rules
    players: tuple[str, ...]
    player_ids: tuple[int, ...]
    core: tuple[bool, ...]
    state: str
    first_dealer: int
    record: GameRecord
    results: tuple[DealResult, ...]
    fines: tuple[int, ...]
    totals: tuple[int, ...]
    sheet: tuple[SheetRow, ...]
    penalties: tuple[PenaltyInfo, ...]
    redeals: tuple[VoidDeal, ...]
    current: CurrentDeal | None
    dots_game: tuple[int, ...]
    dots_running: tuple[int, ...]
    slaps_day: tuple[int, ...]
    contested: bool
    note: str = ""

    @property
    def complete(self) -> bool:
        return len(self.results) == len(self.rules.deals)

    @property
    def places(self) -> tuple[int, ...]:
        return places(self.totals)

    @property
    def cup_points(self) -> tuple[int, ...] | None:
        return reg.cup_points(self.totals) if self.contested else None

    @property
    def blocks(self):
        return block_summaries(self.rules, self.results)

    def seat_of(self, who: str | int) -> int:
        return _seat_in(self.players, who)


# -- helpers on plain values ---------------------------------------------------------------------
def parse_trump(text: str | None) -> str:
    """``S C D H`` (or ``♠♣♦♥``) → that letter; ``N``, ``NT``, ``-``, ``no-trump`` → ``N``."""
    t = (text or "").strip()
    if t.upper() in ("N", "NT", "-", "NO-TRUMP", "NOTRUMP", "БК", "Б/К"):
        return "N"
    try:
        return format_suit(parse_suit(t))
    except JokerError:
        raise LedgerError(f"not a trump: {text!r} (use S C D H, ♠ ♣ ♦ ♥, or N for no-trump)") from None


def trump_suit(letter: str | None):
    return None if letter in (None, "N") else parse_suit(letter)


def _seat_in(players: Sequence[str], who: str | int) -> int:
    if isinstance(who, int):
        if 0 <= who < len(players):
            return who
        raise LedgerError(f"no seat {who + 1}: seats are 1..{len(players)}")
    w = str(who).strip()
    if w.isdigit() and 1 <= int(w) <= len(players):
        return int(w) - 1
    for i, p in enumerate(players):
        if p == w:
            return i
    matches = [i for i, p in enumerate(players) if p.casefold() == w.casefold()]
    if len(matches) == 1:
        return matches[0]
    raise LedgerError(f"{w!r} does not play in this game (players: {', '.join(players)}; or a seat 1..{len(players)})")


def _ints(values: Sequence[Any] | str, n: int, what: str, where: str, allow_none: bool = False) -> list[int | None]:
    if isinstance(values, str):
        values = [v for v in values.replace(";", ",").replace(" ", ",").split(",") if v != ""]
    values = list(values)
    if len(values) != n:
        raise LedgerError(f"{where}: {n} {what} needed, one per seat in seat order; got {len(values)}")
    out: list[int | None] = []
    for i, v in enumerate(values):
        if v is None or (isinstance(v, str) and v.strip() in ("", "-", "?")):
            if allow_none:
                out.append(None)
                continue
            raise LedgerError(f"{where}: the {what} of seat {i + 1} is missing")
        try:
            out.append(int(v))
        except (TypeError, ValueError):
            raise LedgerError(f"{where}: {what} must be whole numbers; seat {i + 1} has {v!r}") from None
    return out


def state_of(record: GameRecord) -> GameState:
    """The engine state after the record's real-card deals (as :func:`joker.record.replay`,
    with the engine's own error messages)."""
    rules = parse_rules(record.rules)
    state = new_game(rules, real_cards=True, first_dealer=record.first_dealer)
    for e in record.deals:
        state = state.apply_summary(trump_suit(e.trump), e.bids, e.tricks, e.house_override)
    return state


def _where(rules: Rules, number: int) -> str:
    c = rules.deals[number - 1].cards
    return f"deal {number} ({c} card{'s' if c != 1 else ''})"


def _snap(d: Deal) -> dict[str, Any]:
    return {"trump": d.trump, "bids": d.bids, "tricks": d.tricks, "house_override": d.house_override,
            "status": d.status, "void_reason": d.void_reason, "scores": d.scores}


def _restore(d: Deal, snap: dict[str, Any]) -> None:
    for k, v in snap.items():
        setattr(d, k, v)
    d.updated_at = utcnow()


# -- the ledger ------------------------------------------------------------------------------------
class Ledger:
    """A scorekeeper's book on one database.  Open with :meth:`open`; every
    method is one transaction; games are named by id (``None``: the current
    game — the most recently started open one, else the last game)."""

    def __init__(self, engine, url: str):
        self.engine = engine
        self.url = url
        self._writer = engine.execution_options(**{WRITE: True})

    @classmethod
    def open(cls, db: str | None = None, timeout: float = DEFAULT_TIMEOUT) -> "Ledger":
        """Open (creating and migrating as needed) the ledger at ``db``: a path,
        a URL, or None for ``$JOKER_DB_URL`` / the default file."""
        engine, url = open_engine(db, timeout)
        return cls(engine, url)

    def close(self) -> None:
        self.engine.dispose()

    def __enter__(self) -> "Ledger":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @property
    def where(self) -> str:
        return display(self.url)

    @contextmanager
    def write(self) -> Iterator[Session]:
        """One write transaction (committed at the end, rolled back on any error)."""
        with translated(self.url):
            with Session(self._writer, expire_on_commit=False, autoflush=True) as s:
                with s.begin():
                    yield s

    @contextmanager
    def read(self) -> Iterator[Session]:
        with translated(self.url):
            with Session(self.engine, expire_on_commit=False) as s:
                with s.begin():
                    yield s

    # -- players --------------------------------------------------------------------------------
    def add_player(self, name: str, core: bool = False) -> PlayerInfo:
        name = name.strip()
        if not name or "," in name:
            raise LedgerError(f"a player's name must be non-empty and without commas: {name!r}")
        with self.write() as s:
            if s.scalar(select(Player).where(Player.name == name)) is not None:
                raise LedgerError(f"player {name!r} already exists")
            p = Player(name=name, core=core)
            s.add(p)
            s.flush()
            return PlayerInfo(p.id, p.name, p.core)

    def players(self) -> list[PlayerInfo]:
        with self.read() as s:
            return [PlayerInfo(p.id, p.name, p.core) for p in s.scalars(select(Player).order_by(Player.name))]

    def rename_player(self, old: str, new: str) -> PlayerInfo:
        new = new.strip()
        if not new or "," in new:
            raise LedgerError(f"a player's name must be non-empty and without commas: {new!r}")
        with self.write() as s:
            p = _player(s, old)
            if new != p.name and s.scalar(select(Player).where(Player.name == new)) is not None:
                raise LedgerError(f"player {new!r} already exists")
            p.name = new
            return PlayerInfo(p.id, p.name, p.core)

    def set_core(self, name: str, core: bool = True) -> PlayerInfo:
        with self.write() as s:
            p = _player(s, name)
            p.core = core
            return PlayerInfo(p.id, p.name, p.core)

    # -- days -----------------------------------------------------------------------------------
    def start_day(self, date: dt.date | None = None, note: str = "") -> DayInfo:
        date = date or dt.date.today()
        with self.write() as s:
            if s.scalar(select(GameDay).where(GameDay.date == date)) is not None:
                raise LedgerError(f"the game day of {date} already exists (reopen it with `day reopen --date {date}`)")
            d = GameDay(date=date, note=note)
            s.add(d)
            s.flush()
            return _day_info(s, d)

    def current_day(self) -> DayInfo | None:
        with self.read() as s:
            d = _open_day(s)
            return None if d is None else _day_info(s, d)

    def days(self, season: int | None = None) -> list[DayInfo]:
        with self.read() as s:
            q = select(GameDay).order_by(GameDay.date)
            return [_day_info(s, d) for d in s.scalars(q) if season is None or d.date.year == season]

    def end_day(self, date: dt.date | None = None, keeper_pick: str | None = None) -> DayInfo:
        """End a game day (the current one by default): every game of it must be
        finished or abandoned.  Decides the cup (RULES.md §12); a tie after every
        rule raises :class:`KeeperDecisionNeeded` unless ``keeper_pick`` names one of
        the tied players."""
        with self.write() as s:
            d = _day(s, date)
            if d.ended_at is not None:
                raise LedgerError(f"the game day of {d.date} has already ended")
            still = [g for g in d.games if g.state == OPEN]
            if still:
                raise LedgerError(
                    f"game {', '.join(str(g.id) for g in still)} of {d.date} is still open: finish or abandon it first")
            _decide_cup(s, d, keeper_pick)
            d.ended_at = utcnow()
            return _day_info(s, d)

    def reopen_day(self, date: dt.date | None = None) -> DayInfo:
        with self.write() as s:
            d = _day(s, date, ended_ok=True)
            if d.ended_at is None:
                raise LedgerError(f"the game day of {d.date} is not ended")
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
            raise LedgerError(f"rules: {e}") from None
        if len(players) != r.players:
            raise LedgerError(f"{r} is played by {r.players} players; {len(players)} given")
        if len({p.casefold() for p in players}) != len(players):
            raise LedgerError(f"a player may sit only once: {', '.join(players)}")
        fd = r.first_dealer if first_dealer is None else first_dealer
        if fd is None:
            raise LedgerError(f"{r} draws the first dealer: say who dealt first (--first-dealer SEAT)")
        if not 1 <= fd <= r.players:
            raise LedgerError(f"the first dealer must be a seat 1..{r.players}, not {fd}")
        with self.write() as s:
            return _new_game(s, players, r, fd - 1, date, add_players, note).id

    def current_game(self) -> int | None:
        """The game commands use by default: the latest open game, else the last game."""
        with self.read() as s:
            return _current_game_id(s)

    def open_game(self) -> int | None:
        """The latest open game, if any."""
        with self.read() as s:
            return s.scalar(select(Game.id).where(Game.state == OPEN).order_by(Game.id.desc()).limit(1))

    def games(self, state: str | None = None) -> list[int]:
        with self.read() as s:
            q = select(Game.id).order_by(Game.id)
            if state:
                q = q.where(Game.state == state)
            return list(s.scalars(q))

    def game(self, game: int | None = None) -> GameView:
        with self.read() as s:
            return _view(s, _game(s, game))

    def set_trump(self, game: int | None, trump: str) -> CurrentDeal:
        with self.write() as s:
            g = _lock(s, game)
            _op_trump(s, g, trump)
            return _view(s, g).current

    def set_bids(self, game: int | None, bids: Sequence[int | None] | str, house_override: bool = False) -> CurrentDeal:
        """Bids per seat in seat order (``None``/``-`` for not yet said)."""
        with self.write() as s:
            g = _lock(s, game)
            _op_bids(s, g, bids, house_override)
            return _view(s, g).current

    def set_bid(self, game: int | None, who: str | int, bid: int, house_override: bool = False) -> CurrentDeal:
        """One player's bid (name or 0-based seat), e.g. as said round the table."""
        with self.write() as s:
            g = _lock(s, game)
            names = _names(g)
            seat = _seat_in(names, who)
            d = _open_attempt(g)
            cur = list(d.bids) if d is not None and d.bids else [None] * len(names)
            cur[seat] = bid
            _op_bids(s, g, cur, house_override or (d is not None and d.house_override), kind="bid")
            return _view(s, g).current

    def set_tricks(self, game: int | None, tricks: Sequence[int] | str) -> DealResult:
        """Tricks taken per seat: scores the deal (the engine checks they sum to the deal size)."""
        with self.write() as s:
            g = _lock(s, game)
            return _op_tricks(s, g, tricks)

    def enter_deal(self, game: int | None, trump: str, bids: Sequence[int] | str | None, tricks: Sequence[int] | str,
                   house_override: bool = False, expect_deal: int | None = None) -> DealResult:
        """A whole deal at once (one entry to undo).  ``expect_deal``: refuse
        (:class:`ConflictError`) unless the game is at that deal."""
        with self.write() as s:
            g = _lock(s, game)
            return _op_deal(s, g, trump, bids, tricks, house_override, expect_deal)

    def penalty(self, game: int | None, who: str | int, code: str, kind: str | None = None, note: str = "",
                deal: int | None = None, redeal: bool | None = None) -> PenaltyInfo:
        """A fine or dot (RULES.md §11) to ``who`` (name or 0-based seat).

        ``code``: a code of the regulation's table (it fixes fine or dot) or
        ``other`` with ``kind`` and a ``note``.  ``deal``: 1-based, default the
        deal being played.  ``redeal`` also voids the current deal's attempt,
        which must be the penalty's deal (default: as the table says when the
        penalty is in the deal being played, else no)."""
        with self.write() as s:
            g = _lock(s, game)
            info, _ = _op_penalty(s, g, who, code, kind, note, deal, redeal)
            return info

    def fine(self, game: int | None, who: str | int, code: str = reg.OTHER, note: str = "", **kw) -> PenaltyInfo:
        return self.penalty(game, who, code, reg.FINE, note, **kw)

    def dot(self, game: int | None, who: str | int, code: str = reg.OTHER, note: str = "", **kw) -> PenaltyInfo:
        return self.penalty(game, who, code, reg.DOT, note, **kw)

    def redeal(self, game: int | None, reason: str = "", code: str | None = None, who: str | int | None = None,
               note: str = "") -> VoidDeal:
        """Void the current deal's attempt (whatever was entered) and record why;
        with ``code`` and ``who`` also give that infringement's fine or dot."""
        with self.write() as s:
            g = _lock(s, game)
            if who is not None:
                if code is None:
                    raise LedgerError("a redeal with a penalty needs the infringement code (or 'other')")
                kind = None if code != reg.OTHER else reg.FINE
                _, voided = _op_penalty(s, g, who, code, kind, note or reason, None, True)
            else:
                voided = _op_redeal(s, g, _reason(code, reason))
            return voided

    def undo(self, game: int | None = None) -> str:
        """Take back the last entry of the game; returns what was undone."""
        with self.write() as s:
            g = _lock(s, game, open_only=False)
            return _op_undo(s, g)

    def edit_deal(self, game: int | None, number: int, trump: str | None = None,
                  bids: Sequence[int] | str | None = None, tricks: Sequence[int] | str | None = None,
                  house_override: bool | None = None) -> GameView:
        """Correct a scored deal; every score after it is recomputed (and a
        finished game's totals, places, cup points and its day's cup)."""
        with self.write() as s:
            g = _lock(s, game, open_only=False)
            _op_edit(s, g, number, trump, bids, tricks, house_override)
            return _view(s, g)

    def finish(self, game: int | None = None) -> GameView:
        """Close a complete game: standings, and cup points when its four players are core roster."""
        with self.write() as s:
            g = _lock(s, game)
            _op_finish(s, g)
            return _view(s, g)

    def abandon(self, game: int | None = None, reason: str = "") -> GameView:
        """Give up an unfinished game: it keeps its deals, fines and dots but
        has no standings and no cup points."""
        with self.write() as s:
            g = _lock(s, game)
            g.state = ABANDONED
            g.note = (g.note + "\n" if g.note else "") + f"abandoned: {reason}".strip()
            _journal(s, g, "abandon", {"reason": reason})
            return _view(s, g)

    # -- checks -----------------------------------------------------------------------------------
    def verify(self) -> list[str]:
        """Re-score every stored game with the engine (through
        :func:`joker.record.replay`) and re-derive slaps and cup holders; return
        every difference from what is stored (empty: all is well)."""
        from .verify import verify_all

        with self.read() as s:
            return verify_all(s)


# -- session helpers --------------------------------------------------------------------------------
def _player(s: Session, name: str) -> Player:
    name = name.strip()
    p = s.scalar(select(Player).where(Player.name == name))
    if p is not None:
        return p
    matches = [p for p in s.scalars(select(Player)) if p.name.casefold() == name.casefold()]
    if len(matches) == 1:
        return matches[0]
    raise LedgerError(f"no player {name!r} (add one with `joker ledger players add {name!r}`)")


def _open_day(s: Session) -> GameDay | None:
    return s.scalar(select(GameDay).where(GameDay.ended_at.is_(None)).order_by(GameDay.date.desc()).limit(1))


def _day(s: Session, date: dt.date | None, ended_ok: bool = False) -> GameDay:
    if date is None:
        d = _open_day(s)
        if d is None:
            if ended_ok:
                d = s.scalar(select(GameDay).order_by(GameDay.date.desc()).limit(1))
                if d is not None:
                    return d
            raise LedgerError("no game day is open (start one with `joker ledger day start`)")
        return d
    d = s.scalar(select(GameDay).where(GameDay.date == date))
    if d is None:
        raise LedgerError(f"no game day on {date}")
    return d


def _day_info(s: Session, d: GameDay) -> DayInfo:
    names = {p.id: p.name for p in s.scalars(select(Player))}
    return DayInfo(
        d.id, d.date, d.ended_at is not None, tuple(g.id for g in d.games),
        names.get(d.cup_holder_id) if d.cup_holder_id else None, d.cup_rule,
        tuple(names[i] for i in d.cup_tied or ()), {names[i]: pts for i, pts in d.cup_points or ()},
    )


def _new_game(s: Session, players: Sequence[str], rules: Rules, first_dealer: int, date: dt.date | None,
              add_players: bool, note: str = "") -> Game:
    rows = []
    for name in players:
        try:
            rows.append(_player(s, name))
        except LedgerError:
            if not add_players:
                raise
            p = Player(name=name.strip(), core=False)
            s.add(p)
            s.flush()
            rows.append(p)
    if date is None:
        day = _open_day(s)
        if day is None:
            today = dt.date.today()
            old = s.scalar(select(GameDay).where(GameDay.date == today))
            if old is not None:
                raise LedgerError(f"the game day of {today} has ended (reopen it with `joker ledger day reopen`)")
            day = GameDay(date=today, note="started with its first game")
            s.add(day)
            s.flush()
    else:
        day = s.scalar(select(GameDay).where(GameDay.date == date))
        if day is None:
            day = GameDay(date=date, note="")
            s.add(day)
            s.flush()
        elif day.ended_at is not None:
            raise LedgerError(f"the game day of {date} has ended (reopen it with `joker ledger day reopen --date {date}`)")
    _lock_day(s, day)
    number = (s.scalar(select(func.max(Game.number)).where(Game.day_id == day.id)) or 0) + 1
    g = Game(day_id=day.id, number=number, rules=str(rules), rules_version=RULES_VERSION,
             first_dealer=first_dealer, state=OPEN, note=note)
    s.add(g)
    s.flush()
    for seat, p in enumerate(rows):
        s.add(GameSeat(game_id=g.id, seat=seat, player_id=p.id))
    s.flush()
    s.refresh(g)
    return g


def _current_game_id(s: Session) -> int | None:
    """The current game: the most recently started open game, else the last game of all."""
    gid = s.scalar(select(Game.id).where(Game.state == OPEN).order_by(Game.id.desc()).limit(1))
    if gid is None:
        gid = s.scalar(select(Game.id).order_by(Game.id.desc()).limit(1))
    return gid


def _game(s: Session, game: int | None) -> Game:
    if game is None:
        game = _current_game_id(s)
        if game is None:
            raise LedgerError("no game yet (start one with `joker ledger game new --players A,B,C,D`)")
    g = s.get(Game, game)
    if g is None:
        raise LedgerError(f"no game {game}")
    return g


def _lock(s: Session, game: int | None, open_only: bool = True) -> Game:
    """The game, locked for this transaction (PostgreSQL: row lock; SQLite: the
    transaction already holds the write lock)."""
    gid = game if game is not None else _current_game_id(s)
    if gid is None:
        raise LedgerError("no game yet (start one with `joker ledger game new --players A,B,C,D`)")
    g = s.scalar(select(Game).where(Game.id == gid).with_for_update())
    if g is None:
        raise LedgerError(f"no game {gid}")
    if open_only and g.state != OPEN:
        raise LedgerError(f"game {g.id} is {g.state}" + (" (undo the finish to change it)" if g.state == FINISHED else ""))
    return g


def _names(g: Game) -> tuple[str, ...]:
    return tuple(st.player.name for st in g.seats)


def _rules(g: Game) -> Rules:
    return parse_rules(g.rules)


def _scored(g: Game) -> list[Deal]:
    return sorted((d for d in g.deals if d.status == SCORED), key=lambda d: d.number)


def _open_attempt(g: Game) -> Deal | None:
    for d in g.deals:
        if d.status == OPEN:
            return d
    return None


def _current_number(g: Game, rules: Rules) -> int | None:
    n = len(_scored(g)) + 1
    return n if n <= len(rules.deals) else None


def _journal(s: Session, g: Game, kind: str, payload: dict[str, Any]) -> None:
    s.add(Entry(game_id=g.id, kind=kind, payload=payload))


def _record(g: Game, deals: Sequence[Deal] | None = None, with_scores: bool = False) -> GameRecord:
    """The engine's record of the game (scored deals, fines and dots), with the
    redeals and the ledger's ids in ``meta``."""
    deals = _scored(g) if deals is None else deals
    entries = tuple(
        DealEntry(trump=d.trump, bids=None if d.bids is None else tuple(d.bids), tricks=tuple(d.tricks),
                  house_override=d.house_override,
                  result={"scores": list(d.scores)} if with_scores and d.scores is not None else None)
        for d in deals
    )
    penalties = tuple(
        Penalty(i.seat, i.kind, i.code, i.value, None if i.deal_number is None else i.deal_number - 1, i.note)
        for i in g.infringements
    )
    voids = [
        {"deal": d.number, "attempt": d.attempt, "reason": d.void_reason or "", "trump": d.trump,
         "bids": d.bids, "tricks": d.tricks}
        for d in g.deals if d.status == VOID
    ]
    meta: dict[str, Any] = {"ledger": {"game": g.id, "date": g.day.date.isoformat(), "number": g.number,
                                       "state": g.state}}
    if voids:
        meta["redeals"] = voids
    return GameRecord(rules=g.rules, players=_names(g), first_dealer=g.first_dealer, deals=entries,
                      rules_version=g.rules_version, penalties=penalties, meta=meta)


def _state(g: Game, deals: Sequence[Deal] | None = None) -> GameState:
    try:
        return state_of(_record(g, deals))
    except JokerError as e:
        raise LedgerError(f"game {g.id}: {e}") from None


def _rescore(g: Game, state: GameState) -> None:
    """Write the engine's deal scores into the scored rows (the cache verify checks)."""
    for d, r in zip(_scored(g), state.results):
        scores = list(r.scores)
        if d.scores != scores:
            d.scores = scores


def _ensure_attempt(s: Session, g: Game, rules: Rules) -> tuple[Deal, dict | None]:
    d = _open_attempt(g)
    if d is not None:
        return d, _snap(d)
    n = _current_number(g, rules)
    if n is None:
        raise LedgerError(f"game {g.id}: all {len(rules.deals)} deals are entered (finish it with `joker ledger finish`)")
    spec = rules.deals[n - 1]
    attempt = 1 + max((x.attempt for x in g.deals if x.number == n), default=0)
    d = Deal(number=n, attempt=attempt, block=spec.block + 1, cards=spec.cards, kind=spec.kind.value,
             dealer=(g.first_dealer + n - 1) % rules.players, status=OPEN, bids=None, tricks=None)
    g.deals.append(d)
    s.flush()
    return d, None


def _no_bids(rules: Rules, number: int) -> bool:
    return rules.deals[number - 1].kind in (DealKind.GOLD, DealKind.MISERE)


def _check_bids(g: Game, rules: Rules, d: Deal, bids: list[int | None], override: bool) -> None:
    where = _where(rules, d.number)
    names = _names(g)
    for seat, b in enumerate(bids):
        if b is not None and not 0 <= b <= d.cards:
            raise LedgerError(f"{where}: {names[seat]} (seat {seat + 1}) bid {b}; a bid is 0..{d.cards}")
    if override or any(b is None for b in bids):
        return
    others = [b for seat, b in enumerate(bids) if seat != d.dealer]
    forbidden = reg.forbidden_dealer_bid(rules, d.cards, others)
    if forbidden is not None and bids[d.dealer] == forbidden:
        raise LedgerError(
            f"{where}: the bids sum to {d.cards}; the dealer {names[d.dealer]} (seat {d.dealer + 1}) may not bid "
            f"{forbidden} (if that is what was said, record it with --house-override)")


def _op_trump(s: Session, g: Game, trump: str) -> None:
    rules = _rules(g)
    t = parse_trump(trump)
    d, before = _ensure_attempt(s, g, rules)
    d.trump = t
    d.updated_at = utcnow()
    _journal(s, g, "trump", {"deal": d.id, "before": before})


def _op_bids(s: Session, g: Game, bids: Sequence[int | None] | str, override: bool, kind: str = "bids") -> None:
    rules = _rules(g)
    n = _current_number(g, rules)
    if n is None:
        raise LedgerError(f"game {g.id}: all {len(rules.deals)} deals are entered")
    where = _where(rules, n)
    if _no_bids(rules, n):
        raise LedgerError(f"{where}: a {rules.deals[n - 1].kind.value} deal has no bids")
    values = _ints(bids, rules.players, "bids", where, allow_none=True)
    d, before = _ensure_attempt(s, g, rules)
    _check_bids(g, rules, d, values, override)
    d.bids = values
    d.house_override = bool(override)
    d.updated_at = utcnow()
    _journal(s, g, kind, {"deal": d.id, "before": before})


def _finish_attempt(s: Session, g: Game, d: Deal, tricks: Sequence[int] | str) -> DealResult:
    rules = _rules(g)
    where = _where(rules, d.number)
    names = _names(g)
    if d.trump is None:
        raise LedgerError(f"{where}: enter the trump first (S C D H, or N for no-trump)")
    needs_bids = not _no_bids(rules, d.number)
    if needs_bids:
        missing = [names[i] for i, b in enumerate(d.bids or [None] * rules.players) if b is None]
        if missing:
            raise LedgerError(f"{where}: bids missing for {', '.join(missing)}")
    values = _ints(tricks, rules.players, "trick counts", where)
    state = _state(g)
    try:
        new = state.apply_summary(trump_suit(d.trump), d.bids if needs_bids else None, values, d.house_override)
    except JokerError as e:
        raise LedgerError(str(e)) from None
    d.tricks = values
    d.status = SCORED
    d.scores = list(new.results[-1].scores)
    d.updated_at = utcnow()
    s.flush()
    return new.results[-1]


def _op_tricks(s: Session, g: Game, tricks) -> DealResult:
    d = _open_attempt(g)
    rules = _rules(g)
    n = _current_number(g, rules)
    if n is None:
        raise LedgerError(f"game {g.id}: all {len(rules.deals)} deals are entered")
    if d is None:
        raise LedgerError(f"{_where(rules, n)}: enter the trump and the bids first")
    before = _snap(d)
    result = _finish_attempt(s, g, d, tricks)
    _journal(s, g, "tricks", {"deal": d.id, "before": before})
    return result


def _op_deal(s: Session, g: Game, trump, bids, tricks, override: bool, expect: int | None) -> DealResult:
    rules = _rules(g)
    n = _current_number(g, rules)
    if expect is not None and n != expect:
        raise ConflictError(
            f"game {g.id} is at deal {n if n is not None else 'end'}, not deal {expect}: "
            "someone else entered it first; nothing was written")
    if n is None:
        raise LedgerError(f"game {g.id}: all {len(rules.deals)} deals are entered")
    where = _where(rules, n)
    t = parse_trump(trump)
    if _no_bids(rules, n):
        values = None
    else:
        if bids is None:
            raise LedgerError(f"{where}: bids needed")
        values = _ints(bids, rules.players, "bids", where)
    d, before = _ensure_attempt(s, g, rules)
    if values is not None:
        _check_bids(g, rules, d, values, override)
    d.trump = t
    d.bids = values
    d.house_override = bool(override)
    result = _finish_attempt(s, g, d, tricks)
    _journal(s, g, "deal", {"deal": d.id, "before": before})
    return result


def _reason(code: str | None, reason: str) -> str:
    if code and code != reg.OTHER:
        reg.penalty_of(code)  # validates the code
        return code + (f": {reason}" if reason else "")
    return reason or "redeal"


def _op_redeal(s: Session, g: Game, reason: str, journal: bool = True) -> VoidDeal:
    rules = _rules(g)
    d, before = _ensure_attempt(s, g, rules)
    d.status = VOID
    d.void_reason = reason
    d.updated_at = utcnow()
    s.flush()
    if journal:
        _journal(s, g, "redeal", {"deal": d.id, "before": before})
    return VoidDeal(d.number, d.attempt, reason, d.trump, None if d.bids is None else tuple(d.bids),
                    None if d.tricks is None else tuple(d.tricks))


def _op_penalty(s: Session, g: Game, who, code: str, kind: str | None, note: str, deal: int | None,
                redeal: bool | None) -> tuple[PenaltyInfo, VoidDeal | None]:
    rules = _rules(g)
    names = _names(g)
    seat = _seat_in(names, who)
    try:
        penalty = reg.penalty_of(code, kind)
    except ValueError as e:
        raise LedgerError(str(e)) from None
    if code == reg.OTHER and not note.strip():
        raise LedgerError("an 'other' infringement needs a note saying what happened")
    current = _current_number(g, rules)
    last = current if current is not None else len(rules.deals)
    if deal is None:
        deal = last
    if not 1 <= deal <= last:
        raise LedgerError(f"deal {deal}: a penalty may be given in deals 1..{last} of this game")
    if redeal is None:  # as the regulation says, for the deal being played (a past deal stays as scored)
        redeal = code in reg.INFRINGEMENTS and reg.INFRINGEMENTS[code].redeal and deal == current
    voided = None
    if redeal:
        if current is None or deal != current:
            raise LedgerError(
                f"deal {deal} is already scored, so it cannot be dealt again: undo its entry first, "
                "or record the penalty without a redeal")
        voided = _op_redeal(s, g, _reason(code, f"{names[seat]}" + (f", {note}" if note else "")), journal=False)
    value = rules.fine if penalty == reg.FINE else 0
    inf = InfringementRow(deal_number=deal, player_id=g.seats[seat].player_id, seat=seat, code=code,
                          kind=penalty, value=value, note=note.strip())
    g.infringements.append(inf)
    s.flush()
    slap = None
    if penalty == reg.DOT:
        _refresh_slaps(s, g.day)
        slap = s.scalar(select(Slap.number).where(Slap.infringement_id == inf.id))
    payload: dict[str, Any] = {"infringement": inf.id}
    if voided is not None:
        payload["redeal"] = {"deal": _open_or_void_id(g, voided), "before": None}
    _journal(s, g, "penalty", payload)
    return _penalty_info(inf, names, slap), voided


def _open_or_void_id(g: Game, v: VoidDeal) -> int:
    for d in g.deals:
        if d.number == v.number and d.attempt == v.attempt:
            return d.id
    raise AssertionError("voided attempt not found")


def _penalty_info(i: InfringementRow, names: Sequence[str], slap: int | None = None) -> PenaltyInfo:
    return PenaltyInfo(i.id, i.game_id, i.deal_number, i.seat, names[i.seat], i.code, i.kind, i.value, i.note,
                       i.created_at, slap)


def _op_undo(s: Session, g: Game) -> str:
    e = s.scalar(select(Entry).where(Entry.game_id == g.id).order_by(Entry.id.desc()).limit(1))
    if e is None:
        raise LedgerError(f"game {g.id}: nothing to undo")
    if g.day.ended_at is not None:
        raise LedgerError(f"the game day of {g.day.date} has ended: reopen it (`day reopen`) to undo in game {g.id}")
    p = e.payload
    text = ""
    if e.kind in ("trump", "bids", "bid", "tricks", "deal", "redeal", "edit"):
        if g.state != OPEN:
            raise LedgerError(f"game {g.id} is {g.state}")
        d = s.get(Deal, p["deal"])
        text = f"{e.kind} of deal {d.number}" if d is not None else e.kind
        if d is not None:
            if p["before"] is None:
                g.deals.remove(d)
                s.delete(d)
            else:
                _restore(d, p["before"])
    elif e.kind == "penalty":
        if g.state != OPEN:
            raise LedgerError(f"game {g.id} is {g.state}")
        inf = s.get(InfringementRow, p["infringement"])
        if inf is not None:
            text = f"{inf.kind} to {g.seats[inf.seat].player.name} ({inf.code})"
            s.execute(delete(Slap).where(Slap.infringement_id == inf.id))
            g.infringements.remove(inf)
            s.delete(inf)
        if "redeal" in p:
            d = s.get(Deal, p["redeal"]["deal"])
            if d is not None:
                text += f" and the redeal of deal {d.number}"
                d.status = OPEN
                d.void_reason = None
                if d.trump is None and d.bids is None:
                    g.deals.remove(d)
                    s.delete(d)
                else:
                    # an attempt with entries before the redeal goes back to being the deal in progress,
                    # unless a later attempt of the same deal has started
                    if any(x.number == d.number and x.attempt > d.attempt for x in g.deals):
                        raise LedgerError(f"deal {d.number} was dealt again and entered since; undo that first")
        s.flush()
        _refresh_slaps(s, g.day)
    elif e.kind == "finish":
        g.state = OPEN
        g.totals = None
        g.finished_at = None
        g.cup_contested = None
        s.execute(delete(CupResult).where(CupResult.game_id == g.id))
        text = "finish"
    elif e.kind == "abandon":
        g.state = OPEN
        text = "abandon"
    s.delete(e)
    s.flush()
    s.refresh(g)
    if g.state == OPEN:
        _rescore(g, _state(g))
    return text


def _op_edit(s: Session, g: Game, number: int, trump, bids, tricks, override: bool | None) -> None:
    rules = _rules(g)
    where = _where(rules, number) if 1 <= number <= len(rules.deals) else f"deal {number}"
    rows = [d for d in _scored(g) if d.number == number]
    if not rows:
        raise LedgerError(f"{where} is not scored yet: enter it, or edit deals 1..{len(_scored(g))}")
    d = rows[0]
    before = _snap(d)
    if trump is not None:
        d.trump = parse_trump(trump)
    if override is not None:
        d.house_override = override
    if bids is not None:
        values = _ints(bids, rules.players, "bids", where)
        _check_bids(g, rules, d, values, d.house_override)
        d.bids = values
    elif override is False and d.bids is not None:
        _check_bids(g, rules, d, list(d.bids), False)
    if tricks is not None:
        d.tricks = _ints(tricks, rules.players, "trick counts", where)
    d.updated_at = utcnow()
    s.flush()
    state = _state(g)  # the engine checks the edited deal (and scores everything again)
    _rescore(g, state)
    if g.state == FINISHED:
        _store_results(s, g, state)
        if g.day.ended_at is not None:
            _decide_cup(s, g.day, _keeper_pick_of(s, g.day))
    elif g.state == OPEN:
        _journal(s, g, "edit", {"deal": d.id, "before": before})


def _keeper_pick_of(s: Session, day: GameDay) -> str | None:
    if day.cup_rule == reg.CupRule.KEEPER.value and day.cup_holder_id is not None:
        return s.get(Player, day.cup_holder_id).name
    return None


def _fines(g: Game, n: int) -> list[int]:
    fines = [0] * n
    for i in g.infringements:
        fines[i.seat] += i.value
    return fines


def _store_results(s: Session, g: Game, state: GameState) -> None:
    n = state.rules.players
    totals = game_totals(state.rules, state.results, _fines(g, n))
    g.totals = list(totals)
    pl = places(totals)
    pts = reg.cup_points(totals) if g.cup_contested else None
    s.execute(delete(CupResult).where(CupResult.game_id == g.id))
    for seat, st in enumerate(g.seats):
        s.add(CupResult(game_id=g.id, player_id=st.player_id, seat=seat, total=totals[seat], place=pl[seat],
                        points=None if pts is None else pts[seat]))
    s.flush()


def _op_finish(s: Session, g: Game) -> None:
    rules = _rules(g)
    state = _state(g)
    if not state.is_terminal():
        n = len(state.results)
        raise LedgerError(f"game {g.id} is not over: {n} of {len(rules.deals)} deals entered "
                          f"(abandon it with `joker ledger game abandon` if it will not be finished)")
    if _open_attempt(g) is not None:
        raise LedgerError(f"game {g.id}: a deal is still being entered")
    g.state = FINISHED
    g.finished_at = utcnow()
    g.cup_contested = reg.cup_contested([st.player.core for st in g.seats])
    _rescore(g, state)
    _store_results(s, g, state)
    _journal(s, g, "finish", {})


def cup_games(day: GameDay) -> list[reg.CupGame]:
    """The day's contested finished games, in order, for :func:`regulation.day_cup`."""
    return [
        reg.CupGame(tuple(st.player_id for st in g.seats), tuple(g.totals))
        for g in day.games if g.state == FINISHED and g.cup_contested and g.totals is not None
    ]


def _decide_cup(s: Session, d: GameDay, keeper_pick: str | None) -> reg.CupDecision:
    pick_id = None
    if keeper_pick is not None:
        pick_id = _player(s, keeper_pick).id
    try:
        decision = reg.day_cup(cup_games(d), pick_id)
    except reg.KeeperPickError:
        decision = reg.day_cup(cup_games(d))
        names = [s.get(Player, i).name for i in decision.tied]
        raise LedgerError(f"{keeper_pick} is not tied for the cup; the tied players are {', '.join(names)}") from None
    if decision.needs_keeper:
        names = [s.get(Player, i).name for i in decision.tied]
        raise KeeperDecisionNeeded(
            f"the cup of {d.date} is tied after every rule between {', '.join(names)}: the keeper decides "
            f"(--keeper-pick NAME)", names)
    d.cup_holder_id = decision.holder
    d.cup_rule = None if decision.rule is None else decision.rule.value
    d.cup_tied = list(decision.tied) or None
    d.cup_points = [[pid, pts] for pid, pts in decision.points.items()] or None
    return decision


def day_dots(s: Session, day: GameDay) -> list[InfringementRow]:
    """The day's dots in the order given (across all its games)."""
    return list(s.scalars(
        select(InfringementRow).join(Game, Game.id == InfringementRow.game_id)
        .where(Game.day_id == day.id, InfringementRow.kind == reg.DOT).order_by(InfringementRow.id)
    ))


def derive_slaps(s: Session, day: GameDay) -> list[tuple[int, int, int, int]]:
    """``(infringement id, player id, game id, number)`` of each slap the day's dots earn."""
    dots = day_dots(s, day)
    game_of = {i.id: i.game_id for i in dots}
    return [(e.dot, e.player, game_of[e.dot], e.number) for e in reg.slaps_of_day((i.player_id, i.id) for i in dots)]


def _lock_day(s: Session, day: GameDay) -> None:
    """Serialize writers of one game day (PostgreSQL: a row lock; SQLite writers are serialized already)."""
    s.execute(select(GameDay.id).where(GameDay.id == day.id).with_for_update())


def _refresh_slaps(s: Session, day: GameDay) -> None:
    """Re-derive the day's slaps from its dots (each dot change, in any of the day's games, calls this)."""
    _lock_day(s, day)
    want = derive_slaps(s, day)
    have = {(x.infringement_id, x.player_id, x.game_id, x.number): x
            for x in s.scalars(select(Slap).where(Slap.day_id == day.id))}
    for key, row in have.items():
        if key not in want:
            s.delete(row)
    s.flush()
    for key in want:
        if key not in have:
            inf = s.get(InfringementRow, key[0])
            s.add(Slap(day_id=day.id, player_id=key[1], infringement_id=key[0], game_id=key[2], number=key[3],
                       created_at=inf.created_at))
    s.flush()


# -- the view -----------------------------------------------------------------------------------
def _view(s: Session, g: Game) -> GameView:
    s.flush()
    s.refresh(g)
    rules = _rules(g)
    names = _names(g)
    n = rules.players
    record = _record(g)
    state = _state(g)
    fines = _fines(g, n)
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
        dealer = (g.first_dealer + num - 1) % n
        order = tuple(reg.bidding_order(dealer, n))
        d = _open_attempt(g)
        bids = tuple(d.bids) if d is not None and d.bids else (None,) * n
        others = [b for i, b in enumerate(bids) if i != dealer]
        forbidden = None if None in others else reg.forbidden_dealer_bid(rules, spec.cards, others)
        chooser = order[0] if rules.trump_chosen(spec) else None
        attempt = d.attempt if d is not None else 1 + max((x.attempt for x in g.deals if x.number == num), default=0)
        current = CurrentDeal(num, attempt, spec.cards, spec.kind.value, spec.block + 1, dealer, order[0], order,
                              chooser, d.trump if d is not None else None, bids,
                              d.house_override if d is not None else False, forbidden, not _no_bids(rules, num))
    contested = bool(g.cup_contested) if g.state == FINISHED else reg.cup_contested([st.player.core for st in g.seats])
    voids = tuple(VoidDeal(d.number, d.attempt, d.void_reason or "", d.trump,
                           None if d.bids is None else tuple(d.bids), None if d.tricks is None else tuple(d.tricks))
                  for d in g.deals if d.status == VOID)
    return GameView(
        id=g.id, day_id=g.day_id, date=g.day.date, number=g.number, rules=rules, players=names, player_ids=ids,
        core=tuple(st.player.core for st in g.seats), state=g.state, first_dealer=g.first_dealer, record=record,
        results=state.results, fines=tuple(fines), totals=totals,
        sheet=tuple(build_sheet(rules, state.results, fines)),
        penalties=tuple(_penalty_info(i, names) for i in g.infringements), redeals=voids, current=current,
        dots_game=tuple(dots_game), dots_running=tuple(running.get(pid, 0) for pid in ids), slaps_day=tuple(slaps),
        contested=contested, note=g.note,
    )


def replay_view_record(view: GameView) -> GameState:
    """The game rebuilt from its record by :func:`joker.record.replay` (what verify uses)."""
    return replay(view.record)
