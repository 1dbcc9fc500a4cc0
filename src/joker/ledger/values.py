"""What :class:`~.repository.Ledger` hands back and raises: the stored states
of games and deal attempts, the frozen values its commands return (players,
days, penalties, redeals, the deal being entered, a whole game), and the two
errors it adds to :class:`~.db.LedgerError`.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any, Sequence

from joker.games.joker.record import GameRecord
from joker.games.joker.rules import Rules
from joker.games.joker.scoring import BlockSummary, DealResult, block_summaries, places
from joker.games.joker.sheet import SheetRow
from . import regulation as reg
from .db import LedgerError
from .inputs import _seat_in

OPEN, FINISHED, ABANDONED = "open", "finished", "abandoned"
SCORED, VOID = "scored", "void"


class ConflictError(LedgerError):
    """Someone else changed the game first (``expect_deal`` no longer holds); nothing was written."""


class KeeperDecisionNeeded(LedgerError):
    """The day's cup is tied after every rule: the keeper must choose (``tied`` names the players)."""

    def __init__(self, code: str, tied: Sequence[str], /, **fields: Any):
        super().__init__(code, **fields)
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
    """A redealt attempt (kept in history, never scored).  ``reason`` as stored:
    an infringement's code first when one caused it (``revoke: Бардак``), see
    :func:`.regulation.reason_code`."""

    number: int
    attempt: int
    reason: str
    trump: str | None
    bids: tuple[int | None, ...] | None
    tricks: tuple[int, ...] | None


UNDO_DEAL_KINDS = ("trump", "bids", "bid", "tricks", "deal", "redeal", "edit")
"""The journal entries about one deal (:class:`Undone`'s ``kind`` with its ``deal``)."""


@dataclass(frozen=True)
class Undone:
    """What :meth:`~.repository.Ledger.undo` took back: the journal entry's ``kind``
    — one of :data:`UNDO_DEAL_KINDS` with its ``deal`` number; ``penalty`` with the
    fine or dot (``penalty_kind``, ``player``, ``code``) and ``deal`` the deal its
    redeal had voided, if it had one; ``finish`` or ``abandon`` of the game.
    ``str()`` is :attr:`text`."""

    kind: str
    deal: int | None = None
    penalty_kind: str | None = None
    player: str | None = None
    code: str | None = None

    @property
    def text(self) -> str:
        """In English, e.g. ``bids of deal 5``, ``deal 5``, ``fine to Бутка (no_cut) and the
        redeal of deal 2``, ``finish`` (``joker ledger undo`` prints it after ``undone:``)."""
        if self.kind == "penalty":
            text = f"{self.penalty_kind} to {self.player} ({self.code})" if self.player else "penalty"
            return text + (f" and the redeal of deal {self.deal}" if self.deal is not None else "")
        if self.kind in UNDO_DEAL_KINDS and self.deal is not None:
            if self.kind == "deal":
                return f"deal {self.deal}"
            return f"{'correction' if self.kind == 'edit' else self.kind} of deal {self.deal}"
        return self.kind

    def __str__(self) -> str:
        return self.text


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
    def blocks(self) -> list[BlockSummary]:
        """The begun blocks' summaries (premiums, cuts), by the engine (:func:`joker.games.joker.scoring.block_summaries`)."""
        return block_summaries(self.rules, self.results)

    def seat_of(self, who: str | int) -> int:
        return _seat_in(self.players, who)
