"""The deal of one game and who attacks first (RULES.md §13.2–§13.3).

A :class:`Deal` fixes all the chance of one game: the hands, the prikups and
the stock in draw order, whose last two cards are the turned trump and the
hidden trump.  A seeded game draws each deal from
``random.Random(f"{seed}:durak:{game}")``; a record stores the cards, so a
replay needs no seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from joker.cards import Card, CardSet, Suit, format_cards, is_joker, mask_of, rank_of, suit_of
from joker.errors import RulesError

from ..deck import BLACK, BLACK_SUITS, RED_SUITS, DurakDeck, colour_of, deck_cards, deck_mask
from ..rules import HAND_SIZE, PRIKUP_SIZE, DurakRules


@dataclass(frozen=True, slots=True)
class Deal:
    """The cards of one game: ``hands[seat]`` (6 each), ``prikups[seat]`` (2
    each) and ``stock`` in draw order, the first card drawn first; the last
    two are the turned trump and the hidden trump (RULES.md §13.2 rule 2)."""

    hands: tuple[tuple[Card, ...], ...]
    prikups: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]

    @property
    def turned(self) -> Card:
        """The turned-up trump card."""
        return self.stock[-2]

    @property
    def hidden(self) -> Card:
        """The hidden trump under it."""
        return self.stock[-1]

    def check(self, rules: DurakRules) -> None:
        """Raise :class:`RulesError` unless the deal splits the rules' deck exactly:
        ``players`` hands of 6, prikups of 2, the rest in the stock."""
        n = rules.players
        if len(self.hands) != n or len(self.prikups) != n:
            raise RulesError(f"a deal for {n} players needs {n} hands and {n} prikups")
        if any(len(h) != HAND_SIZE for h in self.hands) or any(len(p) != PRIKUP_SIZE for p in self.prikups):
            raise RulesError(f"each hand holds {HAND_SIZE} cards and each prikup {PRIKUP_SIZE}")
        cards = [c for h in self.hands for c in h] + [c for p in self.prikups for c in p] + list(self.stock)
        if len(set(cards)) != len(cards) or mask_of(cards) != deck_mask(rules.deck):
            raise RulesError(f"the deal's cards are not the {rules.deck.value} deck, each card once: "
                             f"{format_cards(cards)}")


def deal_from_seed(rules: DurakRules, seed: int | str, game: int) -> Deal:
    """The deal of game ``game`` (0-based) of a seeded series: the deck shuffled by
    ``random.Random(f"{seed}:durak:{game}")``; 6 cards to each seat, then 2
    prikup cards each, then the turned trump, the hidden trump, the stock."""
    deck = list(deck_cards(rules.deck))
    random.Random(f"{seed}:durak:{game}").shuffle(deck)
    n = rules.players
    hands = tuple(tuple(deck[HAND_SIZE * s:HAND_SIZE * (s + 1)]) for s in range(n))
    base = HAND_SIZE * n
    prikups = tuple(tuple(deck[base + PRIKUP_SIZE * s:base + PRIKUP_SIZE * (s + 1)]) for s in range(n))
    base += PRIKUP_SIZE * n
    turned, hidden, rest = deck[base], deck[base + 1], deck[base + 2:]
    return Deal(hands, prikups, tuple(rest) + (turned, hidden))


def trump_of(c: Card) -> Suit | None:
    """The trump a turned card makes: its suit, or ``None`` (no trump) for a joker (RULES.md §13.2 rule 4)."""
    return suit_of(c)


def first_attacker(rules: DurakRules, hands: tuple[CardSet, ...], turned: Card) -> int:
    """The seat that attacks first in a game "as the first" (RULES.md §13.3).

    The holder of the lowest trump; if nobody holds a trump or there is none,
    the holder of the lowest card of the turned card's colour (♠♣ for a black
    suit or the black joker, ♦♥ for a red one; ``durak36``: always ♠♣), ties
    of rank to the suit first in ♠ ♣ ♦ ♥.  House fallback when nobody holds a
    card of that colour either: the lowest card of any suit by the same order.
    """
    trump = trump_of(turned)

    def lowest(suits: tuple[int, ...]) -> int | None:
        best: tuple[int, int, int] | None = None
        for seat, hand in enumerate(hands):
            for c in range(52):
                if hand >> c & 1 and not is_joker(c) and suit_of(c) in suits:
                    key = (rank_of(c) or 0, suit_of(c) or 0, seat)
                    if best is None or key < best:
                        best = key
        return None if best is None else best[2]

    if trump is not None:
        seat = lowest((trump,))
        if seat is not None:
            return seat
    if rules.deck is DurakDeck.DURAK36 or colour_of(rules.deck, turned) == BLACK:
        colour = BLACK_SUITS
    else:
        colour = RED_SUITS
    seat = lowest(colour)
    if seat is None:
        seat = lowest((0, 1, 2, 3))
    return 0 if seat is None else seat
