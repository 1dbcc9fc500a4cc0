"""Entering a game, one journaled change at a time: trump, bids, tricks or a
whole deal; fines and dots (RULES.md §11) with or without a redeal; and taking
changes back (undo, from the journal, saying what it took back:
:class:`~.values.Undone`) or correcting a scored deal (edit).  The engine
checks every deal as it is scored.

A whole deal given for a deal already begun (its trump or bids entered one
command at a time) completes it only when it agrees with what is entered; a
different trump or bid is refused, naming what is entered, so the terminal
and the web scorekeeper never silently replace an entry (``trump``, ``bids``
and ``bid`` given again are corrections, and replace what they name).

Every change is made in a write transaction, :class:`~.unit.Tx` (``s``):
this module imports no SQLAlchemy.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Sequence

from joker.cards import parse_trump_letter
from joker.errors import JokerError
from joker.games.joker.rules import DealKind, Rules
from joker.games.joker.scoring import DealResult
from joker.store.times import utcnow
from . import regulation as reg
from .db import LedgerError
from .inputs import SEAT_ORDER, _ints, _seat_in, parse_trump
from joker.i18n import LedgerPart as Part
from .records import (
    _current_number,
    _dealer,
    _names,
    _next_attempt,
    _no_bids,
    _number_to_enter,
    _open_attempt,
    _rescore,
    _rules,
    _scored,
    _seats_given,
    _state,
    _where,
)
from .rows import _closed, _journal
from .standings import _decide_cup, _keeper_pick_of, _refresh_slaps, _store_results
from .unit import Tx
from .values import FINISHED, OPEN, SCORED, UNDO_DEAL_KINDS, VOID, ConflictError, PenaltyInfo, Undone, VoidDeal
from .view import _penalty_info, _void_deal

if TYPE_CHECKING:  # the rows' types (:mod:`.unit`'s rows have the ORM classes' attributes)
    from joker.store import Deal, Entry, Game, InfringementRow


def _snap(d: Deal) -> dict[str, Any]:
    return {"trump": d.trump, "bids": d.bids, "tricks": d.tricks, "house_override": d.house_override,
            "status": d.status, "void_reason": d.void_reason, "scores": d.scores}


def _restore(d: Deal, snap: dict[str, Any]) -> None:
    for k, v in snap.items():
        setattr(d, k, v)
    d.updated_at = utcnow()


def _ensure_attempt(s: Tx, g: Game, rules: Rules) -> tuple[Deal, dict[str, Any] | None]:
    d = _open_attempt(g)
    if d is not None:
        return d, _snap(d)
    n = _current_number(g, rules)
    if n is None:
        raise LedgerError("all_entered_finish", game=g.id, deals=len(rules.deals))
    spec = rules.deals[n - 1]
    attempt = _next_attempt(g, n)
    new: Deal = s.new("deals", number=n, attempt=attempt, block=spec.block + 1, cards=spec.cards,
                      kind=spec.kind.value, dealer=_dealer(g, rules, n), status=OPEN, bids=None, tricks=None)
    g.deals.append(new)
    s.flush()
    return new, None


def _check_bids(g: Game, rules: Rules, d: Deal, bids: Sequence[int | None], override: bool) -> None:
    where = _where(rules, d.number)
    names = _names(g)
    for seat, b in enumerate(bids):
        if b is not None and not 0 <= b <= d.cards:
            raise LedgerError("bid_range", where=where, name=names[seat], seat=seat + 1, bid=b, cards=d.cards)
    said = [b for b in bids if b is not None]
    if override or len(said) < len(bids):
        return
    # every bid said: ``said`` is ``bids``, seat for seat
    others = [b for seat, b in enumerate(said) if seat != d.dealer]
    forbidden = reg.forbidden_dealer_bid(rules, d.cards, others)
    if forbidden is not None and bids[d.dealer] == forbidden:
        raise LedgerError("dealer_bid", where=where, cards=d.cards, name=names[d.dealer], seat=d.dealer + 1,
                          bid=forbidden)


def _check_tricks(rules: Rules, number: int, tricks: Sequence[int]) -> None:
    """The engine's checks of a deal's trick counts (RULES.md §6: each 0..cards,
    summing to the deal size), made here first so the refusal names the deal in
    the keeper's language; the engine checks again when it scores."""
    where = _where(rules, number)
    cards = rules.deals[number - 1].cards
    if len(tricks) != rules.players or any(not 0 <= t <= cards for t in tricks):
        raise LedgerError("trick_counts", where=where, n=rules.players, cards=cards)
    if sum(tricks) != cards:
        raise LedgerError("tricks_sum", where=where, sum=sum(tricks), cards=cards)


def _op_trump(s: Tx, g: Game, trump: str) -> None:
    rules = _rules(g)
    t = parse_trump(trump)
    d, before = _ensure_attempt(s, g, rules)
    d.trump = t
    d.updated_at = utcnow()
    _journal(s, g, "trump", {"deal": d.id, "before": before})


def _op_bids(s: Tx, g: Game, bids: Sequence[int | str | None] | str, override: bool, kind: str = "bids",
             order: str = SEAT_ORDER) -> None:
    rules = _rules(g)
    n = _number_to_enter(g, rules)
    where = _where(rules, n)
    seats = _seats_given(g, rules, n, order)
    if _no_bids(rules, n):
        gold = rules.deals[n - 1].kind == DealKind.GOLD
        raise LedgerError("no_bids_gold" if gold else "no_bids_misere", where=where)
    values = _ints(bids, rules.players, "bids", where, allow_none=True, seats=seats, names=_names(g))
    d, before = _ensure_attempt(s, g, rules)
    _check_bids(g, rules, d, values, override)
    d.bids = values
    d.house_override = bool(override)
    d.updated_at = utcnow()
    _journal(s, g, kind, {"deal": d.id, "before": before})


def _finish_attempt(s: Tx, g: Game, d: Deal, tricks: Sequence[int] | str, order: str = SEAT_ORDER) -> DealResult:
    rules = _rules(g)
    where = _where(rules, d.number)
    names = _names(g)
    if d.trump is None:
        raise LedgerError("trump_first", where=where)
    needs_bids = not _no_bids(rules, d.number)
    if needs_bids:
        missing = [names[i] for i, b in enumerate(d.bids or [None] * rules.players) if b is None]
        if missing:
            raise LedgerError("bids_missing", where=where, names=", ".join(missing))
    values = _ints(tricks, rules.players, "tricks", where, seats=_seats_given(g, rules, d.number, order),
                   names=names)
    _check_tricks(rules, d.number, values)
    state = _state(g)
    try:
        new = state.apply_summary(parse_trump_letter(d.trump), d.bids if needs_bids else None, values, d.house_override)
    except JokerError as e:  # the engine's own checks, met only when the ledger's above missed something
        raise LedgerError("engine", error=e) from None
    d.tricks = values
    d.status = SCORED
    d.scores = list(new.results[-1].scores)
    d.updated_at = utcnow()
    s.flush()
    return new.results[-1]


def _op_tricks(s: Tx, g: Game, tricks: Sequence[int] | str, order: str = SEAT_ORDER) -> DealResult:
    d = _open_attempt(g)
    rules = _rules(g)
    n = _number_to_enter(g, rules)
    if d is None:
        raise LedgerError("trump_and_bids_first", where=_where(rules, n))
    before = _snap(d)
    result = _finish_attempt(s, g, d, tricks, order)
    _journal(s, g, "tricks", {"deal": d.id, "before": before})
    return result


def _op_deal(s: Tx, g: Game, trump: str, bids: Sequence[int] | str | None, tricks: Sequence[int] | str,
             override: bool, expect: int | None, order: str = SEAT_ORDER) -> DealResult:
    rules = _rules(g)
    if expect is not None:
        n = _current_number(g, rules)
        if n != expect:
            if n is None:
                raise ConflictError("conflict_end", game=g.id, expect=expect)
            raise ConflictError("conflict", game=g.id, at=n, expect=expect)
    n = _number_to_enter(g, rules)
    where = _where(rules, n)
    t = parse_trump(trump)
    seats = _seats_given(g, rules, n, order)
    if _no_bids(rules, n):
        values = None
    else:
        if bids is None:
            raise LedgerError("bids_needed", where=where)
        values = _ints(bids, rules.players, "bids", where, seats=seats, names=_names(g))
    d, before = _ensure_attempt(s, g, rules)
    if before is not None:  # the deal was begun entry by entry: the whole deal must agree with it
        override = _agrees_with_entered(g, d, where, t, values, override)
    if values is not None:
        _check_bids(g, rules, d, values, override)
    d.trump = t
    d.bids = values
    d.house_override = bool(override)
    result = _finish_attempt(s, g, d, tricks, order)
    _journal(s, g, "deal", {"deal": d.id, "before": before})
    return result


def _agrees_with_entered(g: Game, d: Deal, where: Part, trump: str, bids: list[int] | None, override: bool) -> bool:
    """A whole deal given for an attempt already begun (its trump or some bids entered
    one at a time) completes it only if it agrees with what is entered: a different
    trump or bid is refused, naming what is entered (take it back with undo to change
    it) — a whole deal never silently replaces earlier entries.  Returns the house
    override to record: the one already granted to the entered bids stays."""
    if d.trump is not None and d.trump != trump:
        raise LedgerError("deal_trump_differs", where=where, entered=d.trump, given=trump)
    entered = list(d.bids or [])
    if bids is not None and any(b is not None and b != bids[seat] for seat, b in enumerate(entered)):
        names = _names(g)
        said = ", ".join(f"{names[seat]} {b}" for seat, b in enumerate(entered) if b is not None)
        raise LedgerError("deal_bids_differ", where=where, entered=said,
                          given=", ".join(f"{names[seat]} {b}" for seat, b in enumerate(bids)))
    return bool(override or (d.house_override and any(b is not None for b in entered)))


def _penalty_of(code: str, kind: str | None = None) -> str:
    """:func:`.regulation.penalty_of`, its refusals as the ledger's (said in the keeper's language)."""
    try:
        return reg.penalty_of(code, kind)
    except ValueError:
        pass  # which of its refusals it was is told apart below, in its order, to say it from a code
    if code == reg.OTHER:
        raise LedgerError("other_needs_kind")
    inf = reg.INFRINGEMENTS.get(code)
    if inf is None:
        raise LedgerError("unknown_code", code=code, codes=", ".join(reg.INFRINGEMENTS))
    raise LedgerError("wrong_penalty", code=code, penalty=_penalty_word(inf.penalty), kind=_penalty_word(kind))


def _penalty_word(kind: str | None) -> Part | str | None:
    """``fine`` or ``dot`` as a word said in the message's language; anything else as given."""
    return Part(kind) if kind in (reg.FINE, reg.DOT) else kind


def _reason(code: str | None, reason: str) -> str:
    if code and code != reg.OTHER:
        _penalty_of(code)  # validates the code
        return code + (f": {reason}" if reason else "")
    return reason or "redeal"


def _op_redeal(s: Tx, g: Game, reason: str, journal: bool = True) -> VoidDeal:
    rules = _rules(g)
    d, before = _ensure_attempt(s, g, rules)
    d.status = VOID
    d.void_reason = reason
    d.updated_at = utcnow()
    s.flush()
    if journal:
        _journal(s, g, "redeal", {"deal": d.id, "before": before})
    return _void_deal(d)


def _op_penalty(s: Tx, g: Game, who: str | int, code: str, kind: str | None, note: str, deal: int | None,
                redeal: bool | None) -> tuple[PenaltyInfo, VoidDeal | None]:
    rules = _rules(g)
    names = _names(g)
    seat = _seat_in(names, who)
    penalty = _penalty_of(code, kind)
    if code == reg.OTHER and not note.strip():
        raise LedgerError("other_needs_note")
    current = _current_number(g, rules)
    last = current if current is not None else len(rules.deals)
    if deal is None:
        deal = last
    if not 1 <= deal <= last:
        raise LedgerError("penalty_deal_range", deal=deal, last=last)
    if redeal is None:  # as the regulation says, for the deal being played (a past deal stays as scored)
        redeal = code in reg.INFRINGEMENTS and reg.INFRINGEMENTS[code].redeal and deal == current
    voided = None
    if redeal:
        if current is None or deal != current:
            raise LedgerError("redeal_scored", deal=deal)
        voided = _op_redeal(s, g, _reason(code, f"{names[seat]}" + (f", {note}" if note else "")), journal=False)
    value = rules.fine if penalty == reg.FINE else 0
    inf: InfringementRow = s.new("infringements", deal_number=deal, player_id=g.seats[seat].player_id, seat=seat,
                                 code=code, kind=penalty, value=value, note=note.strip())
    g.infringements.append(inf)
    s.flush()
    slap = None
    if penalty == reg.DOT:
        _refresh_slaps(s, g.day)
        slap = s.scalar("slap_number", infringement=inf.id)
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


def _op_undo(s: Tx, g: Game) -> Undone:
    e: Entry | None = s.first("last_entry", game=g.id)
    if e is None:
        raise LedgerError("nothing_to_undo", game=g.id)
    if g.day.ended_at is not None:
        raise LedgerError("undo_day_ended", date=g.day.date, game=g.id)
    p = e.payload
    done = Undone(e.kind)
    if e.kind in UNDO_DEAL_KINDS:
        if g.state != OPEN and e.kind != "edit":  # a correction of a finished game is taken back, the game stays so
            raise _closed(g)
        d: Deal | None = s.get("deals", p["deal"])
        if d is not None:
            done = Undone(e.kind, d.number)
            if p["before"] is None:
                g.deals.remove(d)
                s.delete(d)
            else:
                _restore(d, p["before"])
    elif e.kind == "penalty":
        if g.state != OPEN:
            raise _closed(g)
        inf: InfringementRow | None = s.get("infringements", p["infringement"])
        if inf is not None:
            done = Undone("penalty", None, inf.kind, g.seats[inf.seat].player.name, inf.code)
            s.execute("delete_slaps_of_infringement", infringement=inf.id)
            g.infringements.remove(inf)
            s.delete(inf)
        if "redeal" in p:
            r: Deal | None = s.get("deals", p["redeal"]["deal"])
            if r is not None:
                done = replace(done, deal=r.number)
                r.status = OPEN
                r.void_reason = None
                if r.trump is None and r.bids is None:
                    g.deals.remove(r)
                    s.delete(r)
                else:
                    # an attempt with entries before the redeal goes back to being the deal in progress,
                    # unless a later attempt of the same deal has started
                    if any(x.number == r.number and x.attempt > r.attempt for x in g.deals):
                        raise LedgerError("undo_redealt", deal=r.number)
        s.flush()
        _refresh_slaps(s, g.day)
    elif e.kind == "finish":
        g.state = OPEN
        g.totals = None
        g.finished_at = None
        g.cup_contested = None
        s.execute("delete_cup_results_of_game", game=g.id)
    elif e.kind == "abandon":
        g.state = OPEN
    s.delete(e)
    s.flush()
    s.refresh(g)
    if g.state == OPEN:
        _rescore(g, _state(g))
    elif e.kind == "edit":  # its totals, places and cup points as they were before the correction
        state = _state(g)
        _rescore(g, state)
        if g.state == FINISHED:
            _store_results(s, g, state)
    return done


def _op_edit(s: Tx, g: Game, number: int, trump: str | None, bids: Sequence[int] | str | None,
             tricks: Sequence[int] | str | None, override: bool | None, order: str = SEAT_ORDER) -> None:
    rules = _rules(g)
    where = _where(rules, number) if 1 <= number <= len(rules.deals) else Part("deal_number", deal=number)
    rows = [d for d in _scored(g) if d.number == number]
    if not rows:
        raise LedgerError("edit_not_scored", where=where, scored=len(_scored(g)))
    d = rows[0]
    seats = _seats_given(g, rules, number, order)
    before = _snap(d)
    if trump is not None:
        d.trump = parse_trump(trump)
    if override is not None:
        d.house_override = override
    if bids is not None:
        values = _ints(bids, rules.players, "bids", where, seats=seats, names=_names(g))
        _check_bids(g, rules, d, values, d.house_override)
        d.bids = values
    elif override is False and d.bids is not None:
        _check_bids(g, rules, d, list(d.bids), False)
    if tricks is not None:
        d.tricks = _ints(tricks, rules.players, "tricks", where, seats=seats, names=_names(g))
        try:
            _check_tricks(rules, number, d.tricks)
        except LedgerError as e:  # named with the game, as the engine's replay below would
            raise LedgerError("in_game", game=g.id, error=e) from None
    d.updated_at = utcnow()
    s.flush()
    state = _state(g)  # the engine checks the edited deal (and scores everything again)
    _rescore(g, state)
    if g.state == FINISHED:
        _store_results(s, g, state)
        if g.day.ended_at is not None:
            _decide_cup(s, g.day, _keeper_pick_of(s, g.day))
    # journaled whatever the game's state: undo takes the correction back (a finished game stays finished)
    _journal(s, g, "edit", {"deal": d.id, "before": before})
