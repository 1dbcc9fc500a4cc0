"""Play rules on primitive values: follow and trump duties, joker calls, the
trick winner (RULES.md §7).  Pure functions over card-set bitmasks so the
state machine, the views and the bots share one implementation.

A trick is a sequence of ``(seat, action)`` pairs, the lead first.
"""

from __future__ import annotations

from typing import Sequence

from ..actions import Action, FollowJoker, LeadJoker, Play
from joker.cards import JOKERS, SUIT_MASKS, CardSet, Suit
from ..rules import JokerCall


def highest(mask: CardSet) -> CardSet:
    """The single highest card of a non-empty set of cards of one suit, as a set."""
    return 1 << (mask.bit_length() - 1)


def highest_rank_cards(mask: CardSet) -> CardSet:
    """The cards of the highest rank among ``mask`` (any suit), as a set."""
    best = -1
    out = 0
    for s in range(4):
        m = mask & SUIT_MASKS[s]
        if m:
            r = m.bit_length() - 1 - 13 * s
            if r > best:
                best, out = r, 1 << (m.bit_length() - 1)
            elif r == best:
                out |= 1 << (m.bit_length() - 1)
    return out


def led_suit(trick: Sequence[tuple[int, Action]]) -> Suit | None:
    """The led suit of a (non-empty) trick: the led card's suit, the suit a led
    joker named, or after ``give`` the suit of the first non-joker card;
    ``None`` while unknown (``give`` with no card yet) or after camp's ``top``."""
    lead = trick[0][1]
    if type(lead) is Play:
        return lead.card // 13
    if type(lead) is LeadJoker:
        if lead.suit is not None:
            return lead.suit
        if lead.call is JokerCall.GIVE:
            for _, a in trick[1:]:
                if type(a) is Play:
                    return a.card // 13
    return None


def trick_trump(trump: Suit | None, rotating: bool, led: Suit | None) -> Suit | None:
    """The trump of a trick: the deal's trump, or with rotating trumps the suit
    after the led suit (♠→♣→♦→♥→♠; ``None`` while the led suit is unknown)."""
    if rotating:
        return None if led is None else (led + 1) & 3
    return trump


def follow_mask(
    hand: CardSet,
    lead: Action,
    led: Suit | None,
    trump: Suit | None,
    must_trump: bool,
) -> CardSet:
    """The non-joker cards of ``hand`` a follower may play (jokers are always
    playable besides).  ``lead`` is the led action, ``led`` the led suit, ``trump``
    the trick's trump.  RULES.md §7: follow suit (after ``high(s)`` only the
    highest card of s); void, play a trump if ``must_trump``; else anything.
    After camp's ``top``: the highest trump, else the highest card of any suit."""
    cards = hand & ~JOKERS
    if type(lead) is LeadJoker and lead.call is JokerCall.TOP:
        trumps = cards & SUIT_MASKS[trump] if trump is not None else 0
        return highest(trumps) if trumps else highest_rank_cards(cards)
    if led is None:
        return cards
    same = cards & SUIT_MASKS[led]
    if same:
        if type(lead) is LeadJoker and lead.call is JokerCall.HIGH:
            return highest(same)
        return same
    if must_trump and trump is not None:
        trumps = cards & SUIT_MASKS[trump]
        if trumps:
            return trumps
    return cards


def trick_winner(
    trick: Sequence[tuple[int, Action]],
    trump: Suit | None,
    rotating: bool = False,
    high_call_trump_wins: bool = False,
) -> int:
    """The seat that wins a complete trick (RULES.md §7).

    The last joker played ``high`` after the lead wins.  Else a joker led
    ``high(s)``/``top`` wins (with ``high_call_trump_wins``, s not trump and a
    trump played: the highest trump).  Else the highest trump, else the
    highest card of the led suit; failing both (a ``takes`` joker nobody
    followed, or only low jokers after ``give``) the leader.
    """
    last_high = None
    for seat, a in trick:
        if type(a) is FollowJoker and a.high:
            last_high = seat
    if last_high is not None:
        return last_high
    leader, lead = trick[0]
    led = led_suit(trick)
    t = trick_trump(trump, rotating, led)
    high_lead = False
    if type(lead) is LeadJoker and lead.call in (JokerCall.HIGH, JokerCall.TOP):
        high_lead = True
        if not (high_call_trump_wins and lead.call is JokerCall.HIGH and t is not None and lead.suit != t):
            return leader
    best_key, best_seat = -1, leader
    for seat, a in trick:
        if type(a) is not Play:
            continue
        s, r = divmod(a.card, 13)
        if s == t:
            key = 100 + r
        elif s == led and not high_lead:
            key = r
        else:
            continue
        if key > best_key:
            best_key, best_seat = key, seat
    return best_seat
