"""The Durak decks and card colours (RULES.md §13.2), in the shared card
encoding of :mod:`joker.cards`.

* ``durak38``: 6–A of the four suits and two jokers: ``X1`` is the **black**
  joker, ``X2`` the **red** one.
* ``durak36``: 6–A of the four suits, where 6♠ and 6♣ are the jokers.  As in
  Joker's ``classic36`` (:mod:`joker.cards`), the engine represents them as
  jokers: ``X1`` stands for 6♠ and ``X2`` for 6♣ (both black), so the joker
  logic is one and the same for both decks.

The decks live here, not in :class:`joker.cards.Deck`, because that enum is a
field of Joker's rules; adding members to it would widen what Joker accepts.
"""

from __future__ import annotations

from enum import Enum

from joker.cards import JOKER1, JOKER2, Card, CardSet, card, mask_of

BLACK, RED = "black", "red"
BLACK_SUITS = (0, 1)
"""♠ ♣ (suit ints of :mod:`joker.cards`)."""
RED_SUITS = (2, 3)
"""♦ ♥."""
LOW_RANK = 4
"""The rank int of the six, the lowest Durak rank (ranks 6 < 7 < … < A: ints 4..12)."""


class DurakDeck(str, Enum):
    """The decks of RULES.md §13.2."""

    DURAK38 = "durak38"
    """6–A of every suit + a black joker (X1) and a red joker (X2) = 38."""
    DURAK36 = "durak36"
    """6–A of every suit = 36; 6♠ (X1) and 6♣ (X2) are the jokers."""


def deck_cards(deck: DurakDeck) -> tuple[Card, ...]:
    """The cards of ``deck`` in card order (non-jokers ♠6…♠A, ♣, ♦, ♥, then X1 X2)."""
    cards = [card(r, s) for s in range(4) for r in range(LOW_RANK, 13)]
    if deck is DurakDeck.DURAK36:
        cards = [c for c in cards if c not in (card(LOW_RANK, 0), card(LOW_RANK, 1))]
    return tuple(cards + [JOKER1, JOKER2])


def deck_mask(deck: DurakDeck) -> CardSet:
    """The cards of ``deck`` as a card set."""
    return mask_of(deck_cards(deck))


def joker_colour(deck: DurakDeck, c: Card) -> str:
    """The colour of the joker ``c``: in ``durak38`` X1 is black and X2 red; in
    ``durak36`` both (6♠, 6♣) are black."""
    if deck is DurakDeck.DURAK36 or c == JOKER1:
        return BLACK
    return RED


def colour_of(deck: DurakDeck, c: Card) -> str:
    """``"black"`` (♠ ♣, a black joker) or ``"red"`` (♦ ♥, the red joker)."""
    if c >= JOKER1:
        return joker_colour(deck, c)
    return BLACK if c // 13 in BLACK_SUITS else RED
