"""Reading what the keeper types: trumps, players' names, seats (a name or a
number), and one whole number per seat; each mistake is a :class:`~.db.LedgerError`
saying what was expected.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..cards import format_suit, parse_suit
from ..errors import JokerError
from .db import LedgerError


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


def _player_name(text: str) -> str:
    """A new player's name: stripped, non-empty, without commas (lists of players are comma-separated)."""
    name = text.strip()
    if not name or "," in name:
        raise LedgerError(f"a player's name must be non-empty and without commas: {name!r}")
    return name


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
