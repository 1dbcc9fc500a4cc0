"""What a seat's view implies about the cards it cannot see (RULES.md §13, docs/durak.md "Views").

The one place the bots reason about hidden cards.  From a :class:`PlayerView`:

* :func:`unseen` — the cards whose place the seat does not know: the deck less
  its own hand, the discard pile, the table, every card known to be in a hand,
  the turned trump while it lies in the stock and the hidden trump once shown;
* :func:`slots` — where those cards are: per seat, the hand's unknown part
  (its size less its known cards) and its face-down prikup (the seat's own
  too: nobody sees a prikup); the stock's unknown part (its size less the
  turned trump, with the hidden trump, unknown until shown);
* :func:`sample_world` — a full :class:`DurakState` that agrees with the view,
  the unseen cards dealt uniformly at random into those slots;
* :func:`beat_chance` — the chance that a seat holds a card beating a given
  card, from its known cards and its share of the unseen ones.

A world cannot restore one fact the view does not carry: which thrower comes
next while the defender answers a thrown-in card (a world starts the turn
again from the defender's attacker).  Worlds use the view only, so two states
with the same view give the same worlds from the same random generator.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from joker.cards import Card, CardSet, cards_in, mask_of

from .deck import deck_mask
from .engine.state import DurakState
from .engine.table import Bout, Phase, beats
from .engine.views import PlayerView
from .rules import DurakRules


def _mask(cards: tuple[Card | None, ...]) -> CardSet:
    return sum(1 << c for c in cards if c is not None)


def table_mask(view: PlayerView) -> CardSet:
    """Every card on the table (attack and defence) as a card set."""
    return _mask(view.attack) | _mask(view.defence)


def unseen(view: PlayerView) -> CardSet:
    """The cards whose place ``view`` does not show (see the module doc), as a card set."""
    gone = view.hand_mask | mask_of(view.discard) | table_mask(view)
    for k in view.known:
        gone |= mask_of(k)
    if view.stock >= 2:
        gone |= 1 << view.turned
    if view.hidden is not None:
        gone |= 1 << view.hidden
    return deck_mask(view.rules.deck) & ~gone


@dataclass(frozen=True, slots=True)
class Slots:
    """Where the unseen cards lie: ``hands[s]`` unknown cards in seat s's hand
    (0 for the viewer), ``prikups[s]`` face-down prikup cards, ``stock`` unknown
    stock cards (the hidden trump included while unknown)."""

    hands: tuple[int, ...]
    prikups: tuple[int, ...]
    stock: int

    @property
    def total(self) -> int:
        return sum(self.hands) + sum(self.prikups) + self.stock


def slots(view: PlayerView) -> Slots:
    """The slots of :func:`unseen`'s cards (see :class:`Slots`); their total equals
    the number of unseen cards for every view the engine makes."""
    me = view.seat
    hands = tuple(0 if s == me else view.hand_sizes[s] - len(view.known[s]) for s in range(len(view.hand_sizes)))
    stock = view.stock - 1 if view.stock >= 2 else 0  # the turned trump is seen; a lone hidden one is shown
    return Slots(hands, view.prikups, stock)


@lru_cache(maxsize=64)
def _one_game(rules: DurakRules) -> DurakRules:
    """``rules`` as a single game: a world ends with the game being played."""
    return rules.replace(games=1, next_game_lead="lowest_trump")


def sample_world(view: PlayerView, rng: random.Random) -> DurakState:
    """A state agreeing with ``view`` (a seat's view, ``view.seat`` not ``None``):
    the unseen cards shuffled by ``rng`` into the hands, prikups and stock.
    The stock keeps the turned trump second-last and the hidden trump last while
    they lie there.  The world's series ends with this game (its later deals are not
    sampled).  Raises ``ValueError`` for a spectator's view."""
    if view.seat is None:
        raise ValueError("a spectator's view has no seat to sample a world for")
    pool = list(cards_in(unseen(view)))
    rng.shuffle(pool)
    sl = slots(view)
    n = len(view.hand_sizes)
    hands: list[CardSet] = []
    known: list[CardSet] = []
    prikups: list[CardSet] = []
    i = 0
    for s in range(n):
        k = mask_of(view.known[s])
        known.append(k)
        if s == view.seat:
            hands.append(view.hand_mask)
        else:
            hands.append(k | mask_of(pool[i:i + sl.hands[s]]))
            i += sl.hands[s]
    for s in range(n):
        prikups.append(mask_of(pool[i:i + sl.prikups[s]]))
        i += sl.prikups[s]
    if view.stock >= 2:
        rest = pool[i:i + sl.stock]  # the unknown stock, then the hidden trump last
        stock = tuple(rest[:-1]) + (view.turned, rest[-1])
        hidden = rest[-1]
    elif view.stock == 1:
        assert view.hidden is not None
        stock, hidden = (view.hidden,), view.hidden
    else:
        stock = ()
        hidden = view.hidden if view.hidden is not None else view.turned  # gone either way; no rule reads it
    bout = None
    if view.leader is not None and view.defender is not None:
        thrower = view.current_player if view.phase is Phase.THROW else None
        bout = Bout(leader=view.leader, defender=view.defender, limit=view.limit, attack=view.attack,
                    defence=view.defence, taking=view.taking, passed_on=view.passed_on, thrower=thrower,
                    passes=view.passes, shown=mask_of(view.shown_in_bout), cleared=view.passed_on)
    return DurakState(_one_game(view.rules), "world", (), None, view.game,
                      (), tuple(hands), tuple(prikups), tuple(known), stock, view.turned, hidden,
                      view.hidden is not None, view.trump, mask_of(view.discard), mask_of(view.shown), view.phase,
                      bout, view.bouts, view.idle, view.results, ())


def beat_chance(view: PlayerView, seat: int, c: Card, pool: CardSet | None = None) -> float:
    """The chance that ``seat`` holds a card beating ``c`` under the current trump
    (RULES.md §13.1, §13.5): 1 if a card known in his hand beats it, else
    1 − P(none of his unknown cards is one of the unseen beaters), the unknown
    cards drawn uniformly from ``pool`` (default :func:`unseen`)."""
    trump = view.trump
    for k in view.known[seat]:
        if beats(k, c, trump):
            return 1.0
    if pool is None:
        pool = unseen(view)
    cards = list(cards_in(pool))
    total = len(cards)
    good = sum(1 for x in cards if beats(x, c, trump))
    m = view.hand_sizes[seat] - len(view.known[seat])
    if total == 0 or good == 0 or m <= 0:
        return 0.0
    miss = 1.0
    for j in range(min(m, total)):  # hypergeometric: none of m draws is a beater
        miss *= max(0.0, (total - good - j) / (total - j))
    return 1.0 - miss
