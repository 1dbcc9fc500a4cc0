"""Reading what the keeper types: trumps, players' names, seats (a name or a
number), and one whole number per seat; each mistake is a :class:`~.db.LedgerError`
saying what was expected.
"""

from __future__ import annotations

from typing import Any, Literal, Sequence, overload

from joker.cards import Suit, format_suit, parse_suit
from joker.errors import JokerError
from .db import LedgerError


def parse_trump(text: str | None) -> str:
    """``S C D H`` (or ``♠♣♦♥``) → that letter; ``N``, ``NT``, ``-``, ``no-trump`` → ``N``.
    Raises :class:`LedgerError` (``not_trump``) for anything else."""
    t = (text or "").strip()
    if t.upper() in ("N", "NT", "-", "NO-TRUMP", "NOTRUMP", "БК", "Б/К"):
        return "N"
    try:
        return format_suit(parse_suit(t))
    except JokerError:
        raise LedgerError("not_trump", text=text) from None


def _player_name(text: str) -> str:
    """A new player's name: stripped, non-empty, without commas (lists of players are comma-separated)."""
    name = text.strip()
    if not name or "," in name:
        raise LedgerError("bad_name", name=name)
    return name


def _seat_in(players: Sequence[str], who: str | int) -> int:
    if isinstance(who, int):
        if 0 <= who < len(players):
            return who
        raise LedgerError("no_seat", seat=who + 1, seats=len(players))
    w = str(who).strip()
    if w.isdigit() and 1 <= int(w) <= len(players):
        return int(w) - 1
    for i, p in enumerate(players):
        if p == w:
            return i
    matches = [i for i, p in enumerate(players) if p.casefold() == w.casefold()]
    if len(matches) == 1:
        return matches[0]
    raise LedgerError("not_playing", who=w, players=", ".join(players), seats=len(players))


_INT_CODES = {"bids": ("bids_count", "bids_count_call", "bids_missing_seat", "bids_not_whole"),
              "tricks": ("tricks_count", "tricks_count_call", "tricks_missing_seat", "tricks_not_whole")}
"""The refusals of :func:`_ints`, by what is read."""

SEAT_ORDER = "seat"
CALL_ORDER = "call"
ORDERS = (SEAT_ORDER, CALL_ORDER)
"""How the keeper gives one number per player: ``seat`` — seat 1 first; ``call`` —
as the players bid, the first hand first and the dealer last (RULES.md §6)."""


def check_order(order: str) -> str:
    """``order`` if it is one of :data:`ORDERS`; raises :class:`LedgerError` ``bad_order``."""
    if order not in ORDERS:
        raise LedgerError("bad_order", order=order)
    return order


@overload
def _ints(values: Sequence[Any] | str, n: int, what: str, where: Any,
          allow_none: Literal[False] = False, seats: Sequence[int] | None = None,
          names: Sequence[str] = ()) -> list[int]: ...
@overload
def _ints(values: Sequence[Any] | str, n: int, what: str, where: Any, allow_none: bool,
          seats: Sequence[int] | None = None, names: Sequence[str] = ()) -> list[int | None]: ...
def _ints(values: Sequence[Any] | str, n: int, what: str, where: Any, allow_none: bool = False,
          seats: Sequence[int] | None = None, names: Sequence[str] = ()) -> list[Any]:
    """One whole number per seat (``None`` for a blank when ``allow_none``), returned
    in seat order: ``what`` is ``bids`` or ``tricks``, ``where`` the deal's label;
    ``seats`` the 0-based seat of each number given when they are not in seat order
    (calling order: :func:`.regulation.bidding_order`), ``names`` the players by seat,
    named in calling order when a count is wrong.  Raises :class:`LedgerError`
    naming the seat (1-based) of a bad number."""
    count, count_call, missing, not_whole = _INT_CODES[what]
    if isinstance(values, str):
        values = [v for v in values.replace(";", ",").replace(" ", ",").split(",") if v != ""]
    values = list(values)
    if len(values) != n:
        if seats is not None:
            raise LedgerError(count_call, where=where, n=n, got=len(values),
                              names=", ".join(names[s] if s < len(names) else str(s + 1) for s in seats))
        raise LedgerError(count, where=where, n=n, got=len(values))
    order = list(range(n)) if seats is None else list(seats)
    out: list[int | None] = [None] * n
    for i, v in enumerate(values):
        seat = order[i]
        if v is None or (isinstance(v, str) and v.strip() in ("", "-", "?")):
            if allow_none:
                continue
            raise LedgerError(missing, where=where, seat=seat + 1)
        try:
            out[seat] = int(v)
        except (TypeError, ValueError):
            raise LedgerError(not_whole, where=where, seat=seat + 1, value=v) from None
    return out
