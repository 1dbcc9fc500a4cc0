"""The game as a state machine (RULES.md §3–§10).

A :class:`GameState` is an immutable value: :meth:`GameState.apply` checks an
action and returns the next state, leaving the old one untouched.  Chance is
made explicit: a game is (rules, seed or explicit cards, first dealer,
actions), so replaying the same actions rebuilds the same state.

Legal actions come in a stable documented order:

* trump choice: ``trump:S``, ``trump:C``, ``trump:D``, ``trump:H``, ``trump:N``;
* bids: ascending;
* cards: non-joker cards in card order (♠2…♠A, ♣, ♦, ♥), then each joker
  (``X1`` before ``X2``) with, when leading, its calls in the order
  ``high`` ♠♣♦♥, ``takes`` ♠♣♦♥, ``give``, ``top`` (those the rules allow), and
  when following ``high`` then ``low``.

For search inner loops :meth:`GameState.push_unchecked` mutates a private copy
in place without validation (see its docstring).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import Enum
from typing import Any, Iterable, Sequence, cast

from ..actions import (
    Trick,
    BIDS,
    JOKER_FOLLOWS,
    JOKER_LEADS,
    PLAYS,
    TRUMP_CHOICES,
    Action,
    Bid,
    ChooseTrump,
    DealSummary,
    FollowJoker,
    LeadJoker,
    Logged,
    Play,
    parse_action,
)
from joker.cards import (
    JOKER1,
    JOKERS,
    SUIT_MASKS,
    Card,
    CardSet,
    Suit,
    cards_in,
    format_card,
    format_cards,
    mask_of,
    suit_of,
    suit_symbol,
)
from joker.errors import IllegalActionError, JokerError
from ..rules import DealKind, DealSpec, EmptyStockTrump, JokerCall, Rules, TrumpChoice, TurnedJoker
from ..scoring import DealResult, deal_score, game_totals
from .play import follow_mask, led_suit, trick_trump, trick_winner


_SuitPlays = tuple[tuple[tuple[Action, ...], ...], ...]
_SUIT_PLAYS: _SuitPlays = ()
"""``_SUIT_PLAYS[s][bits]``: the Play actions of suit s for a 13-bit rank mask (move generation by lookup);
built on the first move generated (:func:`_suit_plays`), not at import: a program that only scores
recorded games (``joker ledger``) never pays for it."""


def _suit_plays() -> _SuitPlays:
    global _SUIT_PLAYS
    _SUIT_PLAYS = tuple(
        tuple(tuple(PLAYS[13 * s + r] for r in range(13) if bits >> r & 1) for bits in range(1 << 13))
        for s in range(4)
    )
    return _SUIT_PLAYS


def _plays_of(mask: CardSet) -> list[Action]:
    """Play actions of the non-joker cards of ``mask``, in card order."""
    p0, p1, p2, p3 = _SUIT_PLAYS or _suit_plays()
    return [*p0[mask & 8191], *p1[(mask >> 13) & 8191], *p2[(mask >> 26) & 8191], *p3[(mask >> 39) & 8191]]


class Phase(str, Enum):
    """What the game waits for."""

    TRUMP = "trump"
    """The first hand chooses trump from his first three cards."""
    BID = "bid"
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class DealCards:
    """Explicit cards of one deal: ``hands[seat]`` in dealing order (the first
    three are the "first three cards dealt"), and ``turned``: the stock's top
    card, or ``None`` when no card is turned (no stock)."""

    hands: tuple[tuple[Card, ...], ...]
    turned: Card | None = None
    stock: tuple[Card, ...] = ()
    """Further stock cards under ``turned`` (used only by ``turned_joker=next_card``)."""


def deal_cards_from_seed(rules: Rules, seed: int | str, index: int, dealer: int) -> DealCards:
    """The cards of deal ``index`` of a seeded game: the deck shuffled by
    ``random.Random(f"{seed}:{index}")`` (sorted by one ``random()`` key per card) and dealt one card at a time from the
    seat after ``dealer`` round to the dealer; the next card is turned (RULES.md §5)."""
    rnd = random.Random(f"{seed}:{index}").random
    # Sorting by random keys is a uniform shuffle and several times faster than random.shuffle.
    deck = [c for _, c in sorted([(rnd(), c) for c in rules.deck_cards])]
    n = rules.players
    c = rules.deals[index].cards
    hands: list[list[Card]] = [[] for _ in range(n)]
    for k in range(c * n):
        hands[(dealer + 1 + k) % n].append(deck[k])
    rest = deck[c * n :]
    return DealCards(tuple(tuple(h) for h in hands), rest[0] if rest else None, tuple(rest[1:]))


def draw_first_dealer(rules: Rules, seed: int | str | None) -> int:
    """The first dealer (0-based): ``rules.first_dealer`` when fixed, else a
    seeded draw standing for "each draws a card, highest deals" (RULES.md §3)."""
    if rules.first_dealer is not None:
        return rules.first_dealer - 1
    return random.Random(f"{seed}:dealer").randrange(rules.players)


class GameState:
    """One moment of a game.  Build the first with :func:`new_game`.

    Seats are 0-based ints.  Public attributes are read-only by convention:
    ``rules``, ``deal_index`` (0-based), ``spec`` (:class:`DealSpec`),
    ``dealer``, ``phase``, ``current_player`` (``None`` when the game is over),
    ``hands`` (card sets per seat), ``trump`` (suit or ``None``), ``turned``
    (turned-up cards, tuple), ``bids`` (``None`` for a seat yet to bid),
    ``taken``, ``leader``, ``trick`` (current trick: ``(seat, action)`` pairs),
    ``tricks`` (finished tricks of this deal), ``results`` (finished deals).
    """

    __slots__ = (
        "rules", "seed", "explicit", "first_dealer", "deal_index", "spec", "dealer", "phase",
        "current_player", "hands", "first_three", "turned", "trump", "bids", "taken",
        "leader", "trick", "tricks", "played", "results", "_log", "_legal", "rotating",
    )

    rules: Rules
    seed: int | str | None
    explicit: tuple[DealCards, ...]
    first_dealer: int
    deal_index: int
    spec: DealSpec
    dealer: int
    phase: Phase
    current_player: int | None
    hands: tuple[CardSet, ...]
    first_three: tuple[CardSet, ...]
    turned: tuple[Card, ...]
    trump: Suit | None
    bids: tuple[int | None, ...]
    taken: tuple[int, ...]
    leader: int
    trick: tuple[tuple[int, Action], ...]
    tricks: tuple[Trick, ...]
    played: CardSet
    results: tuple[DealResult, ...]
    _log: tuple[tuple[int, Any], Any] | None  # newest first: ((deal_index, action or summary), older log)
    rotating: bool  # rotating trumps in this deal (not in a no-trump special deal)
    _legal: list[Action] | None  # cache of legal_actions(); states are immutable outside push_unchecked

    # -- queries ---------------------------------------------------------------
    def is_terminal(self) -> bool:
        """True when every deal of the schedule has been played."""
        return self.phase is Phase.OVER

    @property
    def deal_results(self) -> tuple[DealResult, ...]:
        """The finished deals, in order."""
        return self.results

    def scores(self) -> tuple[int, ...]:
        """Game totals per seat so far: block totals with premiums and cuts (RULES.md §10)."""
        return game_totals(self.rules, self.results)

    def actions(self) -> list[tuple[int, Logged]]:
        """Every action applied since the start, as ``(deal_index, action)`` pairs.

        A real-card deal entered with :meth:`apply_summary` appears as one pair
        whose second item is its :class:`~..actions.DealSummary`."""
        out = []
        node = self._log
        while node is not None:
            out.append(node[0])
            node = node[1]
        out.reverse()
        return out

    def legal_actions(self) -> list[Action]:
        """The legal actions of the player to move, in the documented order (empty when over).

        The list is shared with the state's cache: do not modify it."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal

    def _compute_legal(self) -> list[Action]:
        phase = self.phase
        if phase is Phase.PLAY:
            return self._play_actions()
        if phase is Phase.BID:
            return [BIDS[b] for b in self._legal_bids()]
        if phase is Phase.TRUMP:
            if self.rules.trump_choice is TrumpChoice.SUIT_OF_SEEN_CARDS:
                assert self.current_player is not None  # a player is to move in every phase but OVER
                seen = self.first_three[self.current_player]
                suits: list[Action] = [TRUMP_CHOICES[s] for s in range(4) if seen & SUIT_MASKS[s]]
                return suits + [TRUMP_CHOICES[4]]
            return list(TRUMP_CHOICES)
        return []

    def _legal_bids(self) -> range | list[int]:
        c = self.spec.cards
        f = self.forbidden_bid()
        return range(c + 1) if f is None else [b for b in range(c + 1) if b != f]

    def forbidden_bid(self) -> int | None:
        """The bid the dealer may not say (RULES.md §6), when the dealer is to bid and one is forbidden."""
        if self.phase is not Phase.BID or self.current_player != self.dealer:
            return None
        return self.rules.forbidden_dealer_bid(self.spec.cards, (b for b in self.bids if b is not None))

    def _play_actions(self) -> list[Action]:
        p = self.current_player
        assert p is not None  # a player is to move in every phase but OVER
        hand = self.hands[p]
        jokers = hand & JOKERS
        if not self.trick:
            acts: list[Action] = _plays_of(hand)
            if jokers:
                calls = self._lead_calls(not self.tricks)
                for j in cards_in(jokers):
                    acts.extend(JOKER_LEADS[(j, call, s)] for call, s in calls)
            return acts
        rules = self.rules
        lead = self.trick[0][1]
        led = led_suit(self.trick)
        t = trick_trump(self.trump, self.rotating, led)
        acts = _plays_of(follow_mask(hand, lead, led, t, rules.must_trump))
        for j in cards_in(jokers):
            acts.append(JOKER_FOLLOWS[(j, True)])
            acts.append(JOKER_FOLLOWS[(j, False)])
        return acts

    def _lead_calls(self, first: bool) -> list[tuple[JokerCall, Suit | None]]:
        """The (call, suit) pairs a led joker may make, on the first trick or a later one."""
        out: list[tuple[JokerCall, Suit | None]] = []
        allowed = self.rules.joker_leads
        for call in (JokerCall.HIGH, JokerCall.TAKES, JokerCall.GIVE, JokerCall.TOP):
            if call not in allowed:
                continue
            if call in (JokerCall.HIGH, JokerCall.TOP) and self.rules.high_call_first_trick_only and not first:
                continue
            if call in (JokerCall.HIGH, JokerCall.TAKES):
                out.extend((call, s) for s in range(4))
            else:
                out.append((call, None))
        return out

    # -- transitions -------------------------------------------------------------
    def apply(self, action: Action | str) -> "GameState":
        """The state after ``action`` (an :class:`Action` or its notation).

        Raises :class:`IllegalActionError` naming the rule and the legal
        alternatives, or :class:`InvalidNotationError` for unreadable text; this
        state is unchanged either way.
        """
        if isinstance(action, str):
            action = parse_action(action)
        legal = self.legal_actions()
        if action not in legal:
            raise self._explain(action, legal)
        new = self._copy()
        new._push(action)
        return new

    def push_unchecked(self, action: Action) -> None:
        """Apply ``action`` to THIS state in place, without any check.

        The fast path for search inner loops: call it only on a private copy
        (:meth:`copy`) and only with an action from :meth:`legal_actions`.
        Anything else leaves the state corrupt.
        """
        self._push(action)

    def copy(self) -> "GameState":
        """An independent copy (for :meth:`push_unchecked`)."""
        return self._copy()

    def _copy(self) -> "GameState":
        new = GameState.__new__(GameState)
        new.rules = self.rules
        new.seed = self.seed
        new.explicit = self.explicit
        new.first_dealer = self.first_dealer
        new.deal_index = self.deal_index
        new.spec = self.spec
        new.dealer = self.dealer
        new.phase = self.phase
        new.current_player = self.current_player
        new.hands = self.hands
        new.first_three = self.first_three
        new.turned = self.turned
        new.trump = self.trump
        new.bids = self.bids
        new.taken = self.taken
        new.leader = self.leader
        new.trick = self.trick
        new.tricks = self.tricks
        new.played = self.played
        new.results = self.results
        new._log = self._log
        new.rotating = self.rotating
        new._legal = None
        return new

    def _push(self, action: Action) -> None:
        self._legal = None
        self._log = ((self.deal_index, action), self._log)
        p = self.current_player
        n = self.rules.players
        assert p is not None  # a player is to move in every phase but OVER
        if type(action) is Play or type(action) is LeadJoker or type(action) is FollowJoker:
            c = action.card
            bit = 1 << c
            hands = list(self.hands)
            hands[p] &= ~bit
            self.hands = tuple(hands)
            self.played |= bit
            trick = self.trick + ((p, action),)
            if len(trick) < n:
                self.trick = trick
                self.current_player = (p + 1) % n
                return
            rules = self.rules
            w = trick_winner(trick, self.trump, self.rotating, rules.high_call_trump_wins)
            taken = list(self.taken)
            taken[w] += 1
            self.taken = tuple(taken)
            self.tricks = self.tricks + (Trick(self.leader, trick, w),)
            self.trick = ()
            self.leader = w
            self.current_player = w
            if not self.hands[w]:
                self._finish_deal()
            return
        if type(action) is Bid:
            bids = list(self.bids)
            bids[p] = action.tricks
            self.bids = tuple(bids)
            if p == self.dealer:
                self.phase = Phase.PLAY
                self.current_player = self.leader
            else:
                self.current_player = (p + 1) % n
            return
        if type(action) is ChooseTrump:
            self.trump = action.suit
            self._after_trump()
            return
        raise JokerError(f"not an action: {action!r}")

    def apply_summary(
        self,
        trump: Suit | None,
        bids: Sequence[int] | None,
        tricks: Sequence[int],
        house_override: bool = False,
    ) -> "GameState":
        """The state after a whole deal played with real cards, known only by its
        ``trump``, ``bids`` (per seat; ``None`` for gold and misère) and ``tricks``
        taken per seat.  Only at the start of a deal (before any action).

        Checks (RULES.md §6): each bid 0..cards and, unless ``house_override``
        (records what was actually said), the dealer restriction; tricks sum to
        the deal size.  Raises :class:`IllegalActionError`; this state is unchanged.
        """
        if self.phase is Phase.OVER:
            raise IllegalActionError("summary_over")
        if self.trick or self.tricks or any(b is not None for b in self.bids):
            raise IllegalActionError("summary_started", deal=self.deal_index + 1)
        n = self.rules.players
        c = self.spec.cards
        where = {"deal": self.deal_index + 1, "cards": c}
        if trump is not None and trump not in range(4):
            raise IllegalActionError("summary_trump", **where)
        if not self.spec.has_bids:
            if bids is not None and any(b is not None for b in bids):
                raise IllegalActionError("summary_no_bids", **where, kind=self.spec.kind.value)
            bids_t = None
        else:
            if bids is None or len(bids) != n:
                raise IllegalActionError("summary_bids_count", **where, n=n)
            bids_t = tuple(int(b) for b in bids)
            for s, b in enumerate(bids_t):
                if not 0 <= b <= c:
                    raise IllegalActionError("summary_bid_range", **where, seat=s + 1, bid=b)
            others = [b for s, b in enumerate(bids_t) if s != self.dealer]
            if not house_override and self.rules.forbidden_dealer_bid(c, others) == bids_t[self.dealer]:
                raise IllegalActionError("summary_dealer_bid", **where, seat=self.dealer + 1, bid=bids_t[self.dealer])
        if len(tricks) != n or any(not 0 <= t <= c for t in tricks):
            raise IllegalActionError("summary_tricks_count", **where, n=n)
        if sum(tricks) != c:
            raise IllegalActionError("summary_tricks_sum", **where, sum=sum(tricks))
        new = self._copy()
        taken = tuple(int(t) for t in tricks)
        new._log = ((self.deal_index, DealSummary(trump, bids_t, taken, house_override)), self._log)
        new.trump = trump
        new.bids = bids_t if bids_t is not None else (None,) * n
        new.taken = taken
        new.hands = (0,) * n
        new._finish_deal()
        return new

    # -- deals -----------------------------------------------------------------
    def _start_deal(self, index: int) -> None:
        rules = self.rules
        n = rules.players
        self.deal_index = index
        self.spec = spec = rules.deals[index]
        self.rotating = rules.trumps_rotate(spec)
        self.dealer = dealer = (self.first_dealer + index) % n
        if index < len(self.explicit):
            cards = self.explicit[index]
        elif self.seed is None:  # real cards: nothing is dealt
            cards = DealCards(((),) * n)
        else:
            cards = deal_cards_from_seed(rules, self.seed, index, dealer)
        self.hands = tuple(mask_of(h) for h in cards.hands)
        self.first_three = tuple(mask_of(h[:3]) for h in cards.hands)
        self.bids = (None,) * n
        self.taken = (0,) * n
        self.leader = (dealer + 1) % n
        self.current_player = self.leader
        self.trick = ()
        self.tricks = ()
        self.played = 0
        self.turned = ()
        self.trump = None
        if rules.trump_chosen(spec):
            self.phase = Phase.TRUMP
            return
        if cards.turned is not None:
            turned = [cards.turned]
            if rules.turned_joker is TurnedJoker.NEXT_CARD:
                rest = list(cards.stock)
                while turned[-1] >= JOKER1 and rest:
                    turned.append(rest.pop(0))
            self.turned = tuple(turned)
            self.trump = suit_of(turned[-1])
        elif rules.empty_stock_trump is EmptyStockTrump.DEALERS_LAST_CARD and cards.hands[dealer]:
            last = cards.hands[dealer][-1]
            self.turned = (last,)
            self.trump = suit_of(last)
        if spec.kind is DealKind.NOTRUMP or self.rotating:  # rotating: each trick has its own trump
            self.trump = None
        self._after_trump()

    def _after_trump(self) -> None:
        self.current_player = self.leader
        self.phase = Phase.BID if self.spec.has_bids else Phase.PLAY

    def _finish_deal(self) -> None:
        rules = self.rules
        spec = self.spec
        # every seat has bid by the end of a deal with bidding
        bids = cast("tuple[int, ...]", self.bids) if spec.has_bids else None
        scores = tuple(
            deal_score(rules, spec, None if bids is None else bids[s], self.taken[s]) for s in range(rules.players)
        )
        self.results = self.results + (
            DealResult(self.deal_index, spec, self.dealer, self.trump, bids, self.taken, scores, self.tricks),
        )
        if self.deal_index + 1 < len(rules.deals):
            self._start_deal(self.deal_index + 1)
        else:
            self.phase = Phase.OVER
            self.current_player = None

    # -- errors ----------------------------------------------------------------
    def _explain(self, action: object, legal: Sequence[Action]) -> IllegalActionError:
        """Why ``action`` is illegal now: an error with a reason code of
        :mod:`joker.i18n.refusals` (whose English text is its message) and
        params naming the action, every legal action, and what the rule names.
        Called only on a refusal: nothing here runs on a legal move."""
        if self.phase is Phase.OVER:
            return IllegalActionError("game_over", action=str(action))

        def error(reason: str, **params: str) -> IllegalActionError:
            return IllegalActionError(reason, action=str(action), legal=" ".join(str(a) for a in legal) or "none",
                                      **params)

        mover = self.current_player
        assert mover is not None  # a seat is to move in every phase but OVER
        seat = str(mover + 1)
        if self.phase is Phase.TRUMP:
            return error("trump_first" if not isinstance(action, ChooseTrump) else "trump_not_seen", seat=seat)
        if self.phase is Phase.BID:
            if not isinstance(action, Bid):
                return error("bid_now", seat=seat)
            cards = str(self.spec.cards)
            return error("bid_range" if action.tricks > self.spec.cards else "dealer_bid", cards=cards)
        if not isinstance(action, (Play, LeadJoker, FollowJoker)):
            return error("play_now", seat=seat)
        hand = self.hands[mover]
        c = action.card
        if not hand >> c & 1:
            return error("not_held", seat=seat, card=format_card(c))
        if c >= JOKER1:
            if self.trick and isinstance(action, LeadJoker):
                return error("joker_follow", card=format_card(c))
            if not self.trick and isinstance(action, FollowJoker):
                return error("joker_lead")
            return error("joker_call")
        if not self.trick:
            return error("play")
        lead = self.trick[0][1]
        led = led_suit(self.trick)
        t = trick_trump(self.trump, self.rotating, led)
        allowed = follow_mask(hand, lead, led, t, self.rules.must_trump)
        if isinstance(lead, LeadJoker) and lead.call is JokerCall.TOP:
            return error("after_top")
        if led is not None and hand & SUIT_MASKS[led] & ~JOKERS:
            if isinstance(lead, LeadJoker) and lead.call is JokerCall.HIGH:
                return error("after_high", suit=suit_symbol(led))
            return error("must_follow", suit=suit_symbol(led), cards=format_cards(hand & SUIT_MASKS[led]))
        return error("must_trump", suit=suit_symbol(led), trump=suit_symbol(t), cards=format_cards(allowed))

    def __repr__(self) -> str:
        return (
            f"<GameState {self.rules} deal {self.deal_index + 1}/{len(self.rules.deals)} "
            f"({self.spec}) {self.phase.value} to move: {self.current_player}>"
        )


def new_game(
    rules: Rules | str | None = None,
    seed: int | str | None = None,
    deals: Iterable[DealCards] = (),
    first_dealer: int | None = None,
    real_cards: bool = False,
) -> GameState:
    """The initial state of a game, its first deal dealt.

    ``rules``: a :class:`Rules`, a rules string, or None for bus-angeles.
    Deals are taken from ``deals`` (explicit cards, in schedule order) and then
    from ``seed`` (``deal_cards_from_seed``); a game needing seeded deals and
    given no seed gets a random one.  With ``real_cards`` nothing is dealt: the
    deals are entered with :meth:`GameState.apply_summary` (a game played with
    real cards, for the scorekeeper).  ``first_dealer`` (0-based) overrides the
    rules' choice or draw.  Raises :class:`JokerError` for inconsistent cards.
    """
    from ..rules import parse_rules, preset

    if rules is None:
        rules = preset()
    elif isinstance(rules, str):
        rules = parse_rules(rules)
    explicit = tuple(deals)
    if real_cards:
        seed = None
    elif seed is None and len(explicit) < len(rules.deals):
        seed = random.SystemRandom().randrange(2**63)
    for i, d in enumerate(explicit):
        _check_cards(rules, i, d)
    s = GameState.__new__(GameState)
    s.rules = rules
    s.seed = seed
    s.explicit = explicit
    if first_dealer is not None and not 0 <= first_dealer < rules.players:
        raise JokerError(f"first_dealer {first_dealer} is not a seat 0..{rules.players - 1}")
    if first_dealer is None and real_cards and rules.first_dealer is None:
        raise JokerError("a real-cards game under drawn-dealer rules needs first_dealer")
    s.first_dealer = draw_first_dealer(rules, seed) if first_dealer is None else first_dealer
    s.results = ()
    s._log = None
    s._legal = None
    s._start_deal(0)
    return s


def _check_cards(rules: Rules, index: int, d: DealCards) -> None:
    where = f"deal {index + 1}"
    if index >= len(rules.deals):
        raise JokerError(f"{where}: the schedule has only {len(rules.deals)} deals")
    c = rules.deals[index].cards
    if len(d.hands) != rules.players:
        raise JokerError(f"{where}: {len(d.hands)} hands given for {rules.players} players")
    deck = set(rules.deck_cards)
    seen: set[Card] = set()
    for s, h in enumerate(d.hands):
        if len(h) != c:
            raise JokerError(f"{where}: seat {s + 1} holds {len(h)} cards, the deal has {c}")
    for x in [x for h in d.hands for x in h] + ([d.turned] if d.turned is not None else []) + list(d.stock):
        if x not in deck:
            raise JokerError(f"{where}: {format_card(x)} is not in the {rules.deck.value} deck")
        if x in seen:
            raise JokerError(f"{where}: {format_card(x)} is dealt twice")
        seen.add(x)
