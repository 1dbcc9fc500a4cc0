"""Durak actions as typed values, with their text notation (RULES.md §13.4–§13.5).

==========================  ===============  ==============================================
action                      notation         meaning
==========================  ===============  ==============================================
``Attack(card)``            ``8C``           lead, add a card of the lead's rank, or throw in
``Beat(card, target)``      ``KC/8C``        beat the attack card ``target`` with ``card``
                                             (a joker too: ``X1/8C``, RULES.md §13.5)
``Transfer(card)``          ``transfer:8D``  transfer by playing a card of the attack's rank
``Show(card)``              ``show:9H``      transfer by showing a trump of that rank
``TAKE``                    ``take``         pick up every card on the table
``DONE``                    ``done``         the leader adds no more cards
``PASS``                    ``pass``         a thrower throws nothing this turn
==========================  ===============  ==============================================

Reading is lenient (any case, ``10``, suit symbols, ``t:``/``s:`` for
``transfer:``/``show:``); writing is canonical.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from joker.cards import Card, format_card, parse_card
from joker.errors import InvalidNotationError


@dataclass(frozen=True, slots=True)
class Attack:
    """A card put on the table as an attack card: the lead, a card added to it, or a throw-in."""

    card: Card

    def __str__(self) -> str:
        return format_card(self.card)


@dataclass(frozen=True, slots=True)
class Beat:
    """The defender covers the unbeaten attack card ``target`` with ``card``."""

    card: Card
    target: Card

    def __str__(self) -> str:
        return f"{format_card(self.card)}/{format_card(self.target)}"


@dataclass(frozen=True, slots=True)
class Transfer:
    """The defender adds ``card`` (the attack's rank) and the player on his left defends."""

    card: Card

    def __str__(self) -> str:
        return f"transfer:{format_card(self.card)}"


@dataclass(frozen=True, slots=True)
class Show:
    """The defender shows the trump ``card`` of the attack's rank, keeps it, and transfers."""

    card: Card

    def __str__(self) -> str:
        return f"show:{format_card(self.card)}"


@dataclass(frozen=True, slots=True)
class Word:
    """A decision without a card: ``take``, ``done`` or ``pass``."""

    word: str

    def __str__(self) -> str:
        return self.word


TAKE = Word("take")
DONE = Word("done")
PASS = Word("pass")

Action = Union[Attack, Beat, Transfer, Show, Word]

_WORDS = {w.word: w for w in (TAKE, DONE, PASS)}
_PREFIXES: dict[str, type[Transfer] | type[Show]] = {"transfer": Transfer, "t": Transfer, "show": Show, "s": Show}


def parse_action(text: str) -> Action:
    """Parse an action's notation (see the module table).  Raises :class:`InvalidNotationError`."""
    t = text.strip()
    low = t.lower()
    if not t:
        raise InvalidNotationError("action_empty")
    if low in _WORDS:
        return _WORDS[low]
    head, colon, rest = low.partition(":")
    if colon:
        kind = _PREFIXES.get(head.strip())
        if kind is None:
            raise InvalidNotationError("durak_action_prefix", text=text)
        made: Action = kind(parse_card(rest))
        return made
    if "/" in t:
        a, _, b = t.partition("/")
        return Beat(parse_card(a), parse_card(b))
    try:
        return Attack(parse_card(t))
    except InvalidNotationError:
        raise InvalidNotationError("durak_action", text=text) from None


def format_action(action: Action) -> str:
    """Canonical notation of an action."""
    return str(action)
