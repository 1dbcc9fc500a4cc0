"""Actions as typed values, with their text notation.

==============================  ==================  ===========================================
action                          notation            meaning
==============================  ==================  ===========================================
``ChooseTrump(3)``              ``trump:H``         the first hand names trump (``trump:N``: no-trump)
``Bid(3)``                      ``b3``              a bid of 3 tricks (``b0`` is a pass)
``Play(card)``                  ``AH``              a non-joker card
``LeadJoker(X1, HIGH, 3)``      ``X1:high:H``       a joker led with a call; ``takes`` alike;
                                ``X1:give``         ``give`` and camp's ``top`` have no suit
``FollowJoker(X1, True)``       ``X1:high``         a joker not led, played high (``X1:low``)
==============================  ==================  ===========================================

A game's history (:meth:`GameState.actions`) also holds :class:`DealSummary`
values: a whole deal played with real cards, entered by its outcome.  It is
nobody's move, so it has no notation; records keep its fields (docs/records.md).

Reading is lenient (any case, ``10``, suit symbols, ``♥A``); writing is canonical.
Values are interned: the constructors below return shared instances, so the
engine's hot loops compare and hash cheaply.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from joker.cards import JOKER1, Card, Suit, format_card, format_suit, parse_card, parse_suit, parse_trump_letter
from joker.errors import InvalidNotationError
from .rules import JokerCall


@dataclass(frozen=True, slots=True)
class ChooseTrump:
    """Trump chosen by the first hand on a trump-choice deal; ``suit`` None = no-trump."""

    suit: Suit | None

    def __str__(self) -> str:
        return "trump:" + format_suit(self.suit)


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid of ``tricks`` tricks."""

    tricks: int

    def __str__(self) -> str:
        return f"b{self.tricks}"


@dataclass(frozen=True, slots=True)
class Play:
    """A non-joker card played (led or followed)."""

    card: Card

    def __str__(self) -> str:
        return format_card(self.card)


@dataclass(frozen=True, slots=True)
class LeadJoker:
    """A joker led with ``call``; ``suit`` is set for ``high`` and ``takes``."""

    card: Card
    call: JokerCall
    suit: Suit | None = None

    def __str__(self) -> str:
        s = f"{format_card(self.card)}:{self.call.value}"
        return s if self.suit is None else f"{s}:{format_suit(self.suit)}"


@dataclass(frozen=True, slots=True)
class FollowJoker:
    """A joker played after the lead: ``high`` beats everything before it, else low."""

    card: Card
    high: bool

    def __str__(self) -> str:
        return f"{format_card(self.card)}:{'high' if self.high else 'low'}"


Action = Union[ChooseTrump, Bid, Play, LeadJoker, FollowJoker]
"""A move of the player to act: what :meth:`GameState.legal_actions` lists and :meth:`GameState.apply` takes."""


@dataclass(frozen=True, slots=True)
class DealSummary:
    """A whole deal played with real cards, known only by its outcome (the
    scorekeeper's entry, :meth:`GameState.apply_summary`): ``trump`` a suit
    0..3 or ``None`` for no-trump; ``bids`` per seat, ``None`` in a deal without
    bidding (gold, misère: RULES.md §9); ``tricks`` taken per seat;
    ``house_override``: the bids as actually said, the dealer restriction of
    RULES.md §6 not checked."""

    trump: Suit | None
    bids: tuple[int, ...] | None
    tricks: tuple[int, ...]
    house_override: bool = False

    def __str__(self) -> str:
        bids = "-" if self.bids is None else ",".join(map(str, self.bids))
        return f"summary:{format_suit(self.trump)}:{bids}:{','.join(map(str, self.tricks))}"


Logged = Union[Action, DealSummary]
"""One entry of a game's history (:meth:`GameState.actions`): a move, or a real-cards deal's summary."""

# -- interned instances ----------------------------------------------------
TRUMP_CHOICES: tuple[ChooseTrump, ...] = tuple(ChooseTrump(s) for s in (0, 1, 2, 3, None))
"""``trump:S`` … ``trump:H``, then ``trump:N``, in that order."""
BIDS: tuple[Bid, ...] = tuple(Bid(i) for i in range(64))
PLAYS: tuple[Play, ...] = tuple(Play(c) for c in range(52))
JOKER_FOLLOWS: dict[tuple[Card, bool], FollowJoker] = {
    (j, h): FollowJoker(j, h) for j in (JOKER1, JOKER1 + 1) for h in (True, False)
}
JOKER_LEADS: dict[tuple[Card, JokerCall, Suit | None], LeadJoker] = {}
for _j in (JOKER1, JOKER1 + 1):
    for _call in JokerCall:
        for _s in (0, 1, 2, 3) if _call in (JokerCall.HIGH, JokerCall.TAKES) else (None,):
            JOKER_LEADS[(_j, _call, _s)] = LeadJoker(_j, _call, _s)


def parse_action(text: str) -> Action:
    """Parse an action's notation (see the module table).  Raises :class:`InvalidNotationError`."""
    t = text.strip()
    low = t.lower()
    if not t:
        raise InvalidNotationError("action_empty")
    if low[0] == "b" and low[1:].isascii() and low[1:].isdigit():  # not "b²": int() refuses it
        n = int(low[1:])
        if n >= len(BIDS):
            raise InvalidNotationError("action_bid_too_large", text=text)
        return BIDS[n]
    if low.startswith("trump:"):
        suit = parse_trump_letter(t[6:].strip())
        return TRUMP_CHOICES[4 if suit is None else suit]
    parts = [p for p in low.replace("/", ":").split(":")]
    c = parse_card(parts[0])
    if c < JOKER1:
        if len(parts) != 1:
            raise InvalidNotationError("action_call_not_joker", text=text)
        return PLAYS[c]
    if len(parts) == 2 and parts[1] in ("high", "low"):
        return JOKER_FOLLOWS[(c, parts[1] == "high")]
    try:
        call = JokerCall(parts[1]) if len(parts) > 1 else None
    except ValueError:
        call = None
    if call is None:
        raise InvalidNotationError("action_joker_call", text=text)
    needs_suit = call in (JokerCall.HIGH, JokerCall.TAKES)
    if needs_suit != (len(parts) == 3):
        raise InvalidNotationError("action_call_needs_suit" if needs_suit else "action_call_no_suit",
                                   call=call.value, text=text)
    return JOKER_LEADS[(c, call, parse_suit(parts[2]) if needs_suit else None)]


def format_action(action: Action) -> str:
    """Canonical notation of an action."""
    return str(action)


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick: ``plays`` is a tuple of ``(seat, action)``, lead first."""

    leader: int
    plays: tuple[tuple[int, Action], ...]
    winner: int
