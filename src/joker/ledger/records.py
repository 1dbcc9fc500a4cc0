"""A stored game as the engine sees it: its rules, seats, scored deals and the
deal being entered, rebuilt as a :class:`joker.games.joker.record.GameRecord` and replayed
into a :class:`joker.games.joker.engine.GameState` (scores come only from there); plus the
cache of deal scores that :meth:`~.repository.Ledger.verify` checks.
"""

from __future__ import annotations

from typing import Any, Sequence

from joker.games.joker.engine.state import GameState
from joker.errors import JokerError, RecordError
from joker.games.joker.record import DealEntry, GameRecord, Penalty, replay
from joker.games.joker.rules import Rules, parse_rules
from .db import LedgerError
from .inputs import SEAT_ORDER, check_order
from .regulation import bidding_order
from joker.i18n import LedgerPart as Part
from joker.store.ledger_tables import Deal, Game
from .values import OPEN, SCORED, VOID


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


def _number_to_enter(g: Game, rules: Rules) -> int:
    """The 1-based number of the deal being entered; LedgerError once every deal is scored."""
    n = _current_number(g, rules)
    if n is None:
        raise LedgerError("all_entered", game=g.id, deals=len(rules.deals))
    return n


def _next_attempt(g: Game, number: int) -> int:
    """The attempt number a new deal ``number`` gets (1, or one more than its last redealt attempt)."""
    return 1 + max((x.attempt for x in g.deals if x.number == number), default=0)


def _where(rules: Rules, number: int) -> Part:
    """The deal's label in messages: "deal 2 (2 cards)", "раздача 2 (2 карты)"."""
    return Part("deal", deal=number, cards=rules.deals[number - 1].cards)


def _dealer(g: Game, rules: Rules, number: int) -> int:
    """The 0-based seat dealing deal ``number`` (1-based): the deal passes to the left (RULES.md §3)."""
    return (g.first_dealer + number - 1) % rules.players


def _seats_given(g: Game, rules: Rules, number: int, order: str) -> list[int] | None:
    """The seat of each number the keeper gives for deal ``number`` (bids, tricks):
    ``None`` in seat order; in calling order the bidding order, the first hand
    first and the dealer last (RULES.md §6).  Raises :class:`LedgerError` ``bad_order``."""
    if check_order(order) == SEAT_ORDER:
        return None
    return bidding_order(_dealer(g, rules, number), rules.players)


def _no_bids(rules: Rules, number: int) -> bool:
    return not rules.deals[number - 1].has_bids


def _record(g: Game, deals: Sequence[Deal] | None = None, with_scores: bool = False) -> GameRecord:
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


def _state(g: Game, deals: Sequence[Deal] | None = None) -> GameState:
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

