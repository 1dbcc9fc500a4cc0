"""A stored game as the engine sees it: its rules, seats, scored deals and the
deal being entered, rebuilt as a :class:`joker.games.joker.record.GameRecord` and replayed
into a :class:`joker.games.joker.engine.GameState` (scores come only from there); plus the
cache of deal scores that :meth:`~.repository.Ledger.verify` checks.

Its functions read a game through the protocols :class:`StoredGame`,
:class:`StoredDeal` and :class:`StoredPenalty`: the rows a writing command
holds in its :class:`~.unit.Tx` (the ORM's, :class:`joker.store.Game` …, or
:mod:`.unit`'s with the same attributes), and the rows
:func:`.view.game_view` reads through a :class:`~.source.Source` (Core's, or
``sqlite3``'s as namespaces) fit them alike, so there is one reading of a
stored game.  This module imports no ORM.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any, Protocol, Sequence, TypeVar

from joker.games.joker.engine.state import GameState
from joker.errors import JokerError, RecordError
from joker.games.joker.record import DealEntry, GameRecord, Penalty, replay
from joker.games.joker.rules import Rules, parse_rules
from .db import LedgerError
from .inputs import SEAT_ORDER, check_order
from .regulation import bidding_order
from joker.i18n import LedgerPart as Part
from .values import OPEN, SCORED, VOID

if TYPE_CHECKING:
    from joker.store import Game


class StoredDeal(Protocol):
    """A row of ``deals`` (:data:`joker.store.tables.deals`) as read."""

    @property
    def number(self) -> int: ...
    @property
    def attempt(self) -> int: ...
    @property
    def status(self) -> str: ...
    @property
    def trump(self) -> str | None: ...
    @property
    def bids(self) -> list[Any] | None: ...
    @property
    def tricks(self) -> list[Any] | None: ...
    @property
    def house_override(self) -> bool: ...
    @property
    def void_reason(self) -> str | None: ...
    @property
    def scores(self) -> list[Any] | None: ...


class StoredPenalty(Protocol):
    """A row of ``infringements`` (:data:`joker.store.tables.infringements`) as read."""

    @property
    def id(self) -> int: ...
    @property
    def game_id(self) -> int: ...
    @property
    def deal_number(self) -> int | None: ...
    @property
    def player_id(self) -> int: ...
    @property
    def seat(self) -> int: ...
    @property
    def code(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def value(self) -> int: ...
    @property
    def note(self) -> str: ...
    @property
    def created_at(self) -> dt.datetime: ...


class StoredPlayer(Protocol):
    """A row of ``players``."""

    @property
    def id(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def core(self) -> bool: ...


class StoredSeat(Protocol):
    """A seat of a game: its player's id and the player."""

    @property
    def player_id(self) -> int: ...
    @property
    def player(self) -> StoredPlayer: ...


class StoredDay(Protocol):
    """A row of ``game_days``, as far as a game's record needs it."""

    @property
    def date(self) -> dt.date: ...


D = TypeVar("D", bound=StoredDeal, covariant=True)


class StoredGame(Protocol[D]):
    """A row of ``games`` with its day, seats (in seat order), deals (by number and
    attempt, of type ``D``) and infringements (in the order given)."""

    @property
    def id(self) -> int: ...
    @property
    def day_id(self) -> int: ...
    @property
    def number(self) -> int: ...
    @property
    def rules(self) -> str: ...
    @property
    def rules_version(self) -> int: ...
    @property
    def first_dealer(self) -> int: ...
    @property
    def state(self) -> str: ...
    @property
    def cup_contested(self) -> bool | None: ...
    @property
    def note(self) -> str: ...
    @property
    def day(self) -> StoredDay: ...
    @property
    def seats(self) -> Sequence[StoredSeat]: ...
    @property
    def deals(self) -> Sequence[D]: ...
    @property
    def infringements(self) -> Sequence[StoredPenalty]: ...


AnyGame = StoredGame[StoredDeal]
"""A stored game whatever its rows' type."""

T = TypeVar("T", bound=StoredDeal)


def _names(g: AnyGame) -> tuple[str, ...]:
    return tuple(st.player.name for st in g.seats)


def _rules(g: AnyGame) -> Rules:
    return parse_rules(g.rules)


def _scored(g: StoredGame[T]) -> list[T]:
    return sorted((d for d in g.deals if d.status == SCORED), key=lambda d: d.number)


def _open_attempt(g: StoredGame[T]) -> T | None:
    for d in g.deals:
        if d.status == OPEN:
            return d
    return None


def _current_number(g: AnyGame, rules: Rules) -> int | None:
    n = len(_scored(g)) + 1
    return n if n <= len(rules.deals) else None


def _number_to_enter(g: AnyGame, rules: Rules) -> int:
    """The 1-based number of the deal being entered; LedgerError once every deal is scored."""
    n = _current_number(g, rules)
    if n is None:
        raise LedgerError("all_entered", game=g.id, deals=len(rules.deals))
    return n


def _next_attempt(g: AnyGame, number: int) -> int:
    """The attempt number a new deal ``number`` gets (1, or one more than its last redealt attempt)."""
    return 1 + max((x.attempt for x in g.deals if x.number == number), default=0)


def _where(rules: Rules, number: int) -> Part:
    """The deal's label in messages: "deal 2 (2 cards)", "раздача 2 (2 карты)"."""
    return Part("deal", deal=number, cards=rules.deals[number - 1].cards)


def _dealer(g: AnyGame, rules: Rules, number: int) -> int:
    """The 0-based seat dealing deal ``number`` (1-based): the deal passes to the left (RULES.md §3)."""
    return (g.first_dealer + number - 1) % rules.players


def _seats_given(g: AnyGame, rules: Rules, number: int, order: str) -> list[int] | None:
    """The seat of each number the keeper gives for deal ``number`` (bids, tricks):
    ``None`` in seat order; in calling order the bidding order, the first hand
    first and the dealer last (RULES.md §6).  Raises :class:`LedgerError` ``bad_order``."""
    if check_order(order) == SEAT_ORDER:
        return None
    return bidding_order(_dealer(g, rules, number), rules.players)


def _no_bids(rules: Rules, number: int) -> bool:
    return not rules.deals[number - 1].has_bids


def _record(g: AnyGame, deals: Sequence[StoredDeal] | None = None, with_scores: bool = False) -> GameRecord:
    """The engine's record of the game (scored deals, fines and dots), with the
    redeals and the ledger's ids in ``meta``."""
    deals = _scored(g) if deals is None else deals
    entries = tuple(
        DealEntry(trump=d.trump, bids=None if d.bids is None else tuple(d.bids),
                  tricks=None if d.tricks is None else tuple(d.tricks), house_override=d.house_override,
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


def state_of(record: GameRecord) -> GameState:
    """The engine state after the record's real-card deals, replayed by
    :func:`joker.games.joker.record.replay` (its one loop, :func:`~joker.games.joker.record.replay_steps`).  Raises the engine's own error
    for a deal it refuses (its reason code translates it), else :class:`RecordError`."""
    try:
        return replay(record)
    except RecordError as e:
        if isinstance(e.__cause__, JokerError):
            raise e.__cause__ from None
        raise


def _state(g: AnyGame, deals: Sequence[StoredDeal] | None = None) -> GameState:
    try:
        return state_of(_record(g, deals))
    except JokerError as e:
        raise LedgerError("in_game", game=g.id, error=e) from None


def _rescore(g: Game, state: GameState) -> None:
    """Write the engine's deal scores into the scored rows (the cache verify checks)."""
    for d, r in zip(_scored(g), state.results):
        scores = list(r.scores)
        if d.scores != scores:
            d.scores = scores

