"""Suits, ranks, cards, card sets and decks (RULES.md §2).

Encoding (stable; records never store these ints, only the text form):

* a suit is an ``int`` 0..3 in the order ♠ ♣ ♦ ♥ (letters ``S C D H``), which is
  also the rotating-trumps cycle (RULES.md §7);
* a rank is an ``int`` 0..12 for 2..A (ace high);
* a card is an ``int``: ``suit * 13 + rank`` for 0..51, and ``52``/``53`` for the
  two jokers, written ``X1`` and ``X2``;
* a card set (``CardSet``) is an ``int`` bitmask with bit ``card`` set.

Text form: rank ``2``–``9``, ``T``, ``J``, ``Q``, ``K``, ``A`` then suit
``S C D H`` (``AH``, ``TS``).  On input ``10`` is accepted for ``T``, suit
symbols ``♠♣♦♥`` for letters, either order (``♥A``) and any case.

The ``classic36`` deck has no printed joker: one named card (6♠ by default,
or 7♠) acts as the joker.  The engine represents it as ``X1`` and the deck
leaves the named card out, so the joker logic is one and the same everywhere.
"""

from __future__ import annotations

from enum import Enum
from functools import lru_cache
from typing import Iterable, Iterator

from joker.errors import InvalidNotationError

Card = int
Suit = int
CardSet = int

SUITS = "SCDH"
SUIT_SYMBOLS = "♠♣♦♥"
RANKS = "23456789TJQKA"
SPADES, CLUBS, DIAMONDS, HEARTS = range(4)
JOKER1, JOKER2 = 52, 53
JOKERS: CardSet = (1 << JOKER1) | (1 << JOKER2)
SUIT_MASKS: tuple[CardSet, ...] = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))


def card(rank: int, suit: Suit) -> Card:
    """The card of ``rank`` (0..12 for 2..A) and ``suit`` (0..3 for S C D H)."""
    return suit * 13 + rank


def suit_of(c: Card) -> Suit | None:
    """The suit of ``c`` (0..3), or ``None`` for a joker (a joker has no suit)."""
    return None if c >= JOKER1 else c // 13


def rank_of(c: Card) -> int | None:
    """The rank of ``c`` (0..12 for 2..A), or ``None`` for a joker."""
    return None if c >= JOKER1 else c % 13


def is_joker(c: Card) -> bool:
    """True for ``X1`` and ``X2``."""
    return c >= JOKER1


def format_card(c: Card) -> str:
    """Text form of a card: ``AH``, ``TS``, ``X1``.  Raises ``InvalidNotationError`` for a non-card."""
    if not isinstance(c, int) or not 0 <= c <= JOKER2:
        raise InvalidNotationError(f"not a card: {c!r}")
    if c >= JOKER1:
        return f"X{c - JOKER1 + 1}"
    return RANKS[c % 13] + SUITS[c // 13]


def format_suit(s: Suit | None) -> str:
    """Letter of a suit (``S C D H``), or ``N`` for no-trump (``None``); read back by :func:`parse_trump_letter`."""
    return "N" if s is None else SUITS[s]


def parse_trump_letter(text: str | None) -> Suit | None:
    """A trump written as :func:`format_suit` writes it: a suit letter or symbol
    (any case) → 0..3; ``N``, ``NT`` (any case) or ``None`` → ``None`` (no-trump).
    Raises ``InvalidNotationError`` for anything else."""
    if text is None or text.strip().upper() in ("N", "NT"):
        return None
    return parse_suit(text)


def suit_symbol(s: Suit | None) -> str:
    """Symbol of a suit (``♠♣♦♥``), or ``NT`` for no-trump."""
    return "NT" if s is None else SUIT_SYMBOLS[s]


def parse_suit(text: str) -> Suit:
    """Parse a suit letter or symbol (``S``, ``h``, ``♥``).  Raises ``InvalidNotationError``."""
    t = text.strip().upper()
    if len(t) == 1:
        if t in SUITS:
            return SUITS.index(t)
        if t in SUIT_SYMBOLS:
            return SUIT_SYMBOLS.index(t)
    raise InvalidNotationError("suit", text=text)


def parse_card(text: str) -> Card:
    """Parse a card: ``AH``, ``ah``, ``10h``, ``♥A``, ``A♥``, ``X1``.

    Raises ``InvalidNotationError`` naming the input.
    """
    t = text.strip().upper()
    if t in ("X1", "X2"):
        return JOKER1 + int(t[1]) - 1
    for sym, letter in zip(SUIT_SYMBOLS, SUITS):
        t = t.replace(sym, letter)
    t = t.replace("10", "T")
    if len(t) == 2:
        a, b = t[0], t[1]
        if a in SUITS and b in RANKS:  # suit first: ♥A
            a, b = b, a
        if a in RANKS and b in SUITS:
            return card(RANKS.index(a), SUITS.index(b))
    raise InvalidNotationError("card", text=text)


def parse_cards(text: str) -> list[Card]:
    """Parse a whitespace- or comma-separated list of cards."""
    return [parse_card(tok) for tok in text.replace(",", " ").split()]


def mask_of(cards: Iterable[Card]) -> CardSet:
    """The card set holding ``cards``."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_in(mask: CardSet) -> Iterator[Card]:
    """The cards of a card set in increasing card order."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@lru_cache(maxsize=4096)
def cards_tuple(mask: CardSet) -> tuple[Card, ...]:
    """The cards of a card set in increasing card order, as a tuple; the same
    sets come back often (a discard pile, the known cards: Durak's views), so
    the answers are kept (the 4096 latest)."""
    return tuple(cards_in(mask))


def format_cards(cards: Iterable[Card] | CardSet) -> str:
    """Space-separated text of cards (a card set is listed in card order)."""
    if isinstance(cards, int):
        cards = cards_in(cards)
    return " ".join(format_card(c) for c in cards)


def sort_hand(cards: Iterable[Card], trump: Suit | None = None) -> list[Card]:
    """Cards sorted for display: jokers first, then trump, then ♠♣♦♥, high to low."""

    def key(c: Card) -> tuple[int, int]:
        if c >= JOKER1:
            return (-2, c)
        s = c // 13
        return (-1 if s == trump else s, -(c % 13))

    return sorted(cards, key=key)


class Deck(str, Enum):
    """The decks of RULES.md §2 (plus the 38-card Georgian variant)."""

    GEORGIAN36 = "georgian36"
    """7–A of every suit, 6♥ and 6♦, and two jokers (36)."""
    GEORGIAN38 = "georgian38"
    """6–A of every suit and two jokers (38)."""
    FULL54 = "full54"
    """52 cards and two jokers (54)."""
    CLASSIC36 = "classic36"
    """6–A of every suit; one named card (6♠ or 7♠) is the joker ``X1`` (36)."""
    STANDARD52 = "standard52"
    """52 cards, no joker."""


def deck_cards(deck: Deck, classic_joker: str = "6S") -> tuple[Card, ...]:
    """The cards of ``deck`` in card order.  ``classic_joker`` names the card that
    is the joker in ``classic36`` (RULES.md §2)."""
    from_six = [card(r, s) for s in range(4) for r in range(4, 13)]
    if deck is Deck.GEORGIAN36:
        cards = [card(r, s) for s in range(4) for r in range(5, 13)]
        cards += [card(4, DIAMONDS), card(4, HEARTS), JOKER1, JOKER2]
    elif deck is Deck.GEORGIAN38:
        cards = from_six + [JOKER1, JOKER2]
    elif deck is Deck.FULL54:
        cards = list(range(54))
    elif deck is Deck.CLASSIC36:
        named = parse_card(classic_joker)
        cards = [c for c in from_six if c != named] + [JOKER1]
    else:
        cards = list(range(52))
    return tuple(sorted(cards))
