"""What one seat's view tells about the cards it cannot see (RULES.md §5–§7):
the one reading of a :class:`~joker.games.joker.engine.views.PlayerView` that
the sampler, the heuristic bot and the OpenSpiel resampler share.

* **Seen cards** (:func:`unseen`): the seat's own visible cards, those it sees
  on the others' foreheads, the turned cards and the cards played this deal
  are not hidden; a turned card that is the dealer's last card (every card
  dealt, ``empty_stock_trump = dealers_last_card``, §5 rule 2) stays in the
  dealer's hand until he plays it (:func:`turned_from_hand`).
* **Shown voids and caps** (:func:`shown`, from every card played after a
  lead, §7): a follower off the led suit holds none of it; not trumping
  either (with ``must_trump``) he holds no trump — the trick's trump, so
  rotating trumps count; after a joker led ``high(s)`` a follower who played
  a card of s holds no higher card of s (he had to play his highest); after
  camp's ``top`` one who played his highest trump holds no higher trump, and
  one who played a non-trump holds no trump and no card of a higher rank.
  Cards only leave a hand, so what a seat lacked then it lacks now.
* **The trump chooser's three cards** (§5 rule 3): with ``trump_choice =
  suit_of_seen_cards`` he held a card of the trump he named — still in his
  hand unless he has played a trump (:attr:`Constraints.must_suit`).
* **Cards played** per seat (:func:`played_by`) and **hand sizes**: how many
  hidden cards each seat holds, and how many hidden cards lie in the stock
  (:func:`constraints_of`).

Everything is read from the view alone: no hidden card is looked at.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator, NamedTuple

from joker.cards import SUIT_MASKS, Card, CardSet, Suit, mask_of
from joker.errors import JokerError

from .actions import Action, FollowJoker, LeadJoker, Play
from .engine.play import led_suit, trick_trump
from .engine.state import Phase
from .engine.views import PlayerView
from .rules import EmptyStockTrump, JokerCall, TrumpChoice


@lru_cache(maxsize=64)
def _deck_mask(deck_cards: tuple[Card, ...]) -> CardSet:
    return mask_of(deck_cards)


def seat_of(view: PlayerView) -> int:
    """The seat (0-based) whose view ``view`` is.  Raises :class:`JokerError` for
    a spectator's view (``seat`` is ``None``): it has no hand to reason from."""
    if view.seat is None:
        raise JokerError("a spectator's view has no seat")
    return view.seat


def unseen(view: PlayerView) -> CardSet:
    """The cards whose place ``view.seat`` does not know: the deck minus its own
    visible hand, the cards played this deal, the turned cards and the cards it
    sees on the other seats (forehead deals, RULES.md §9).  A card set."""
    seen = view.hand_mask | view.played | mask_of(view.turned)
    for p, cards in enumerate(view.known):
        if cards and p != view.seat:
            seen |= mask_of(cards)
    return _deck_mask(view.rules.deck_cards) & ~seen


def played_by(view: PlayerView) -> list[CardSet]:
    """Per seat, the cards it has played in this deal (card sets)."""
    out = [0] * view.rules.players
    for plays in [t.plays for t in view.tricks] + [view.trick]:
        for s, a in plays:
            if isinstance(a, (Play, LeadJoker, FollowJoker)):
                out[s] |= 1 << a.card
    return out


def followed(view: PlayerView) -> Iterator[tuple[int, Card, Action, Suit | None, Suit | None]]:
    """Every plain card played after the lead in this deal, as ``(seat, card,
    lead, led, trump)``: the trick's lead action, its led suit and its trump
    (``None`` for none; rotating trumps counted) when the card was played —
    what a card tells about the hand it came from (RULES.md §7)."""
    trump, rotating = view.trump, view.rotating
    for plays in [t.plays for t in view.tricks] + [view.trick]:
        if len(plays) < 2:
            continue
        lead = plays[0][1]
        led = led_suit(plays[:1])
        t = trick_trump(trump, rotating, led)
        for seat, a in plays[1:]:
            if type(a) is not Play:
                continue
            yield seat, a.card, lead, led, t
            if led is None and type(lead) is LeadJoker and lead.call is JokerCall.GIVE:
                led = a.card // 13  # after give, the first card played sets the suit
                t = trick_trump(trump, rotating, led)


class Shown(NamedTuple):
    """What the cards played this deal showed each seat does not hold now.

    ``voids[p]``: the suits (bit s) seat p has shown void in.  ``lacks[p]``:
    further cards p has shown it does not hold (a card set): those above the
    card a joker's ``high(s)`` or ``top`` call made it play (RULES.md §7)."""

    voids: tuple[int, ...]
    lacks: tuple[CardSet, ...]

    def forbidden(self, seat: int) -> CardSet:
        """Every card ``seat`` has shown it does not hold (a card set)."""
        return VOID_CARDS[self.voids[seat]] | self.lacks[seat]


VOID_CARDS: tuple[CardSet, ...] = tuple(
    sum(SUIT_MASKS[s] for s in range(4) if bits >> s & 1) for bits in range(16)
)
"""The cards of the suits of a set of suits (bit s for suit s)."""


def _above(c: Card) -> CardSet:
    """The higher cards of ``c``'s suit."""
    return SUIT_MASKS[c // 13] & ~((1 << (c + 1)) - 1)


def shown(view: PlayerView) -> Shown:
    """The voids and missing cards the plays of this deal showed, per seat (see
    the module doc; follow, trump and joker-call duties of RULES.md §7)."""
    n = view.rules.players
    must_trump = view.rules.must_trump
    voids = [0] * n
    lacks = [0] * n
    for seat, c, lead, led, t in followed(view):
        s = c // 13
        if type(lead) is LeadJoker and lead.call is JokerCall.TOP:
            # followers play their highest trump, else their highest card of any suit
            if t is not None and s == t:
                lacks[seat] |= _above(c)
            else:
                if t is not None:
                    voids[seat] |= 1 << t
                r = c % 13
                for x in range(4):
                    lacks[seat] |= SUIT_MASKS[x] & ~((1 << (13 * x + r + 1)) - 1)
            continue
        if led is None:
            continue
        if s == led:
            if type(lead) is LeadJoker and lead.call is JokerCall.HIGH:
                lacks[seat] |= _above(c)  # he had to play his highest card of s
            continue
        voids[seat] |= 1 << led
        if must_trump and t is not None and s != t:
            voids[seat] |= 1 << t
    return Shown(tuple(voids), tuple(lacks))


def trump_chooser(view: PlayerView) -> int | None:
    """The seat that chose trump in this deal from his first three cards (RULES.md
    §5 rule 3), once chosen; ``None`` when the trump is not chosen or not yet."""
    rules = view.rules
    if view.phase is Phase.TRUMP or not rules.trump_chosen(view.deal):
        return None
    return (view.dealer + 1) % rules.players


def turned_from_hand(view: PlayerView) -> bool:
    """Whether the turned card is the dealer's last card, shown for trump because
    the stock is empty (``empty_stock_trump = dealers_last_card``, RULES.md §5)."""
    rules = view.rules
    return (
        rules.empty_stock_trump is EmptyStockTrump.DEALERS_LAST_CARD
        and len(view.turned) == 1
        and len(rules.deck_cards) == rules.players * view.deal.cards
    )


@dataclass(frozen=True)
class Constraints:
    """What ``seat``'s view says about the hidden cards, per seat p:
    ``known[p]`` (cards of p the seat sees, a card set), ``hidden[p]`` (how many
    more cards p holds), ``allowed[p]`` (hidden cards p may hold),
    ``must_suit[p]`` (a suit p must hold a card of, or ``None``); ``pool``: every
    hidden card; ``stock``: how many hidden cards lie in the stock."""

    seat: int
    known: tuple[CardSet, ...]
    hidden: tuple[int, ...]
    allowed: tuple[CardSet, ...]
    must_suit: tuple[int | None, ...]
    pool: CardSet
    stock: int


def constraints_of(view: PlayerView) -> Constraints:
    """What ``view`` says about the hidden cards (see the module doc).  Raises
    :class:`JokerError` when the game is over (nothing is hidden) or the view is
    inconsistent (its hidden cards do not fill the hands and the stock)."""
    if view.phase is Phase.OVER:
        raise JokerError("the game is over: no hidden cards to sample")
    rules = view.rules
    n = rules.players
    me = seat_of(view)
    known = [mask_of(view.known[p]) if p != me else view.hand_mask for p in range(n)]
    from_hand = turned_from_hand(view)
    if from_hand and not view.played >> view.turned[0] & 1:
        known[view.dealer] |= 1 << view.turned[0]  # still his
    hidden = [view.hand_sizes[p] - known[p].bit_count() for p in range(n)]
    pool = unseen(view)
    stock = len(rules.deck_cards) - n * view.deal.cards - (0 if from_hand else len(view.turned))
    if pool.bit_count() != sum(hidden) + stock:
        raise JokerError(
            f"inconsistent view: {pool.bit_count()} hidden cards for {sum(hidden)} in hands and {stock} in the stock"
        )
    facts = shown(view)
    allowed = [pool & ~facts.forbidden(p) if hidden[p] else 0 for p in range(n)]
    must: list[int | None] = [None] * n
    chooser = trump_chooser(view)
    if (
        chooser is not None
        and chooser != me
        and rules.trump_choice is TrumpChoice.SUIT_OF_SEEN_CARDS
        and view.trump is not None
        and not played_by(view)[chooser] & SUIT_MASKS[view.trump]
        and not known[chooser] & SUIT_MASKS[view.trump]
    ):
        must[chooser] = view.trump
    return Constraints(me, tuple(known), tuple(hidden), tuple(allowed), tuple(must), pool, stock)
