"""Durak as a state machine (RULES.md §13).

A :class:`DurakState` is an immutable value: :meth:`DurakState.apply` checks
an action and returns the next state; an illegal one raises
:class:`~joker.errors.IllegalActionError` naming the rule and the legal
alternatives, and nothing changes.  Chance is fixed by the deals
(:mod:`.deal`): a series is ``(rules, seed or deals, start, actions)``.

Every decision is a single action (RULES.md §13.4).  What needs no decision
happens by itself: the draw, the trump change, picking up a prikup, a
player going out, skipping a leader who holds only jokers, and skipping a
phase whose limits (public facts) allow no card: the leader's ``add`` when
the limits or his empty hand allow no more, the throw-in when the limits
allow none or nobody may throw.

Legal actions come in a stable documented order:

* ``lead``: ``Attack`` of every non-joker card in hand, in card order;
* ``add``: ``Attack`` of the cards of the lead's rank (card order), then ``done``;
* ``defend``: for each unbeaten attack card in table order, ``Beat`` with each
  card that beats it in card order (jokers last); then ``Transfer`` (card
  order), then ``Show`` (card order), then ``take``;
* ``throw``: ``Attack`` of every card whose rank is on the table (card order), then ``pass``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, Sequence

from joker.cards import JOKERS, Card, CardSet, Suit, cards_in, is_joker, rank_of
from joker.errors import IllegalActionError, RulesError

from ..actions import DONE, PASS, TAKE, Action, Attack, Beat, Show, Transfer, parse_action
from ..rules import BOUT_LIMIT, HAND_SIZE, DurakRules, NextGameLead, ShowTrump, ThrowIn
from .refusals import refusal
from .deal import Deal, deal_from_seed, first_attacker, trump_of
from .table import Bout, Phase, beats, is_trump


def _count(m: CardSet) -> int:
    return m.bit_count()


@dataclass(frozen=True)
class DurakState:
    """One moment of a Durak series.  Build the first with :func:`new_game`.

    Seats are 0-based.  ``hands``/``prikups``/``known`` are card sets per
    seat (``prikups[s] == 0`` once picked up; ``known[s]``: cards everyone saw
    enter seat s's hand and still there); ``stock`` is in draw order, the
    turned trump second-last and the hidden trump last while they lie there;
    ``trump`` is the suit or ``None`` (no trump); ``shown``: trumps shown this
    game; ``bout`` the table (``None`` when the series is over); ``bouts``:
    bouts finished in this game; ``idle``: bouts in a row in which no card
    left play; ``results``: per finished game the fool's seat or ``None`` (a
    draw); ``log``: every action as ``(game, action)``; ``dealt``: the deals of
    the games begun so far; ``explicit``: the deals given to :func:`new_game`
    (later games come from the seed).  States compare by the series so far:
    ``explicit`` (where future deals come from) takes no part.

    A state caches what is asked of it (its legal actions; the public facts of
    its views, :mod:`.views`); the engine makes the next one with
    :meth:`evolve`, which starts with empty caches.
    """

    rules: DurakRules
    seed: str
    explicit: tuple[Deal, ...] = field(compare=False)
    start: int | None
    game: int
    dealt: tuple[Deal, ...]
    hands: tuple[CardSet, ...]
    prikups: tuple[CardSet, ...]
    known: tuple[CardSet, ...]
    stock: tuple[Card, ...]
    turned: Card
    hidden: Card
    hidden_shown: bool
    trump: Suit | None
    discard: CardSet
    shown: CardSet
    phase: Phase
    bout: Bout | None
    bouts: int = 0
    idle: int = 0
    results: tuple[int | None, ...] = ()
    log: tuple[tuple[int, Action], ...] = ()
    _legal: list[Action] | None = field(default=None, init=False, compare=False, repr=False)
    _public: Any = field(default=None, init=False, compare=False, repr=False)
    """The spectator's view, whose public facts every seat's view shares (:mod:`.views`)."""

    def evolve(self, **changes: Any) -> "DurakState":
        """This state with the fields ``changes`` (name=value) replaced and empty
        caches: what :func:`dataclasses.replace` does, several times faster (the
        engine's hot path: no ``__init__`` call; a name not a field fails an assertion)."""
        assert changes.keys() <= _STATE_FIELDS, changes.keys() - _STATE_FIELDS
        new = object.__new__(DurakState)
        d = new.__dict__
        d.update(self.__dict__)
        d.update(changes)
        d["_legal"] = d["_public"] = None
        return new

    # -- queries -------------------------------------------------------------
    @property
    def players(self) -> int:
        """The number of seats."""
        return self.rules.players

    @property
    def current_player(self) -> int | None:
        """The seat to decide (``None`` when the series is over)."""
        b = self.bout
        if b is None or self.phase is Phase.OVER:
            return None
        if self.phase in (Phase.LEAD, Phase.ADD):
            return b.leader
        if self.phase is Phase.DEFEND:
            return b.defender
        return b.thrower

    def is_terminal(self) -> bool:
        """True when every game of the series is over."""
        return self.phase is Phase.OVER

    def fools(self) -> tuple[int, ...]:
        """How many finished games each seat lost as the fool (RULES.md §13.6)."""
        return tuple(sum(1 for f in self.results if f == s) for s in range(self.players))

    def scores(self) -> tuple[int, ...]:
        """Game totals per seat: −1 for each game lost as the fool (so higher is better)."""
        return tuple(-f for f in self.fools())

    def active(self, seat: int) -> bool:
        """Whether ``seat`` is still in the game: he holds cards, a prikup, or the stock lasts (RULES.md §13.6)."""
        return bool(self.hands[seat] or self.prikups[seat] or self.stock)

    def left_of(self, seat: int) -> int:
        """The next player still in the game clockwise from ``seat`` (``seat`` itself if nobody else is)."""
        n = self.players
        for k in range(1, n + 1):
            s = (seat + k) % n
            if self.active(s):
                return s
        return seat

    def right_of(self, seat: int) -> int:
        """The next player still in the game counter-clockwise from ``seat``."""
        n = self.players
        for k in range(1, n + 1):
            s = (seat - k) % n
            if self.active(s):
                return s
        return seat

    def throwers(self) -> list[int]:
        """Who may throw in now, in turn order (RULES.md §13.4 rule 3): from the
        defender's attacker (the player on his right: the leader, or the last
        to transfer) clockwise, skipping the defender and every player out or
        with an empty hand; with ``throw_in=neighbours`` only that attacker and
        the defender's left neighbour."""
        b = self.bout
        if b is None:
            return []
        d = b.defender
        first = self.right_of(d)
        n = self.players
        order = [(first + k) % n for k in range(n)]
        order = [s for s in order if s != d and self.hands[s]]
        if self.rules.throw_in is ThrowIn.NEIGHBOURS:
            allowed = {first, self.left_of(d)}
            order = [s for s in order if s in allowed]
        return order

    def room(self) -> int:
        """How many more attack cards the limits allow now (RULES.md §13.4 rule 4):
        the bout's limit less its attack cards, and the defender's hand less
        the unbeaten cards."""
        b = self.bout
        if b is None:
            return 0
        return max(0, min(b.limit - len(b.attack), _count(self.hands[b.defender]) - len(b.unbeaten)))

    def legal_actions(self) -> list[Action]:
        """The legal actions of the player to move, in the documented order
        (empty when over).  The list is the state's cache: do not modify it."""
        legal = self._legal
        if legal is None:
            legal = self._compute_legal()
            object.__setattr__(self, "_legal", legal)
        return legal

    def _compute_legal(self) -> list[Action]:
        b, p = self.bout, self.current_player
        if b is None or p is None:
            return []
        hand = self.hands[p]
        if self.phase is Phase.LEAD:
            leads: list[Action] = [Attack(c) for c in cards_in(hand & ~JOKERS)]
            return leads
        if self.phase is Phase.ADD:
            rank = rank_of(b.attack[0])
            adds: list[Action] = []
            if self.room():
                adds = [Attack(c) for c in cards_in(hand & ~JOKERS) if rank_of(c) == rank]
            return adds + [DONE]
        if self.phase is Phase.THROW:
            ranks = b.ranks
            throws: list[Action] = [Attack(c) for c in cards_in(hand & ~JOKERS) if rank_of(c) in ranks]
            return throws + [PASS]
        acts: list[Action] = []
        for t in b.unbeaten:
            for c in cards_in(hand):
                if beats(c, t, self.trump) and (not is_joker(c) or self.joker_pass_ok()):
                    acts.append(Beat(c, t))
        if self.may_transfer():
            rank = rank_of(b.attack[0])
            same = [c for c in cards_in(hand & ~JOKERS) if rank_of(c) == rank]
            if self.transfer_room(len(b.attack) + 1):
                acts += [Transfer(c) for c in same]
            if self.transfer_room(len(b.attack)):
                acts += [Show(c) for c in same if self.may_show(c)]
        acts.append(TAKE)
        return acts

    def joker_pass_ok(self) -> bool:
        """Whether the defender may beat one card with a joker now (RULES.md §13.5):
        the rest, if any, passes to the player on his left, who must hold at least as many cards."""
        b = self.bout
        assert b is not None
        rest = len(b.unbeaten) - 1
        if rest == 0:
            return True
        nxt = self.left_of(b.defender)
        return nxt != b.defender and _count(self.hands[nxt]) >= rest

    def may_transfer(self) -> bool:
        """Whether the bout may still be transferred at all (RULES.md §13.4 rule 2):
        not after a joker's pass-on or a take, and only while no attack card is beaten."""
        b = self.bout
        assert b is not None
        return not b.passed_on and not b.taking and all(d is None for d in b.defence)

    def transfer_room(self, attack_cards: int) -> bool:
        """Whether a transfer leaving ``attack_cards`` on the table fits: the bout's
        limit, and the new defender (the player on the left) holding at least that many."""
        b = self.bout
        assert b is not None
        nxt = self.left_of(b.defender)
        return nxt != b.defender and attack_cards <= b.limit and _count(self.hands[nxt]) >= attack_cards

    def may_show(self, c: Card) -> bool:
        """Whether the trump ``c`` may be shown under ``show_trump`` (RULES.md §13.4 rule 2)."""
        b = self.bout
        assert b is not None
        opt = self.rules.show_trump
        if opt is ShowTrump.OFF or not is_trump(c, self.trump):
            return False
        used = self.shown if opt is ShowTrump.ONCE_PER_CARD else b.shown
        return not used >> c & 1

    # -- transitions -----------------------------------------------------------
    def apply(self, action: Action | str) -> "DurakState":
        """The state after ``action`` (an action or its notation).

        Raises :class:`IllegalActionError` naming the rule and the legal
        alternatives, or :class:`~joker.errors.InvalidNotationError` for
        unreadable text; this state is unchanged either way."""
        if isinstance(action, str):
            action = parse_action(action)
        legal = self.legal_actions()
        if action not in legal:
            raise refusal(self, action, legal)
        return _step(self, action)


_STATE_FIELDS = frozenset(f.name for f in fields(DurakState) if f.init)


# -- building states -----------------------------------------------------------
def new_game(rules: DurakRules, seed: int | str = 0, start: int | None = None,
             deals: Sequence[Deal] = ()) -> DurakState:
    """The first state of a series: game 1 dealt from ``deals[0]`` if given, else
    from the seed (:func:`~.deal.deal_from_seed`); later games likewise.
    ``start``: the seat that attacks first in game 1 (``None``: RULES.md §13.3).
    Raises :class:`RulesError` for a bad deal or seat."""
    if start is not None and not 0 <= start < rules.players:
        raise RulesError(f"start={start}: must be a seat 0..{rules.players - 1}")
    for d in deals:
        d.check(rules)
    n = rules.players
    empty = DurakState(rules, str(seed), tuple(deals), start, -1, (), (0,) * n, (0,) * n, (0,) * n, (), 0, 0,
                       False, None, 0, 0, Phase.OVER, None)
    return _begin_game(empty, 0, None)


def _deal_of(s: DurakState, g: int) -> Deal:
    return s.explicit[g] if g < len(s.explicit) else deal_from_seed(s.rules, s.seed, g)


def _begin_game(s: DurakState, g: int, previous_fool: int | None) -> DurakState:
    """Deal game ``g`` and set its first bout (RULES.md §13.2–§13.3)."""
    deal = _deal_of(s, g)
    n = s.players
    hands = tuple(sum(1 << c for c in h) for h in deal.hands)
    s = s.evolve(game=g, dealt=s.dealt + (deal,), hands=hands,
                prikups=tuple(sum(1 << c for c in p) for p in deal.prikups), known=(0,) * n,
                stock=deal.stock, turned=deal.turned, hidden=deal.hidden, hidden_shown=False,
                trump=trump_of(deal.turned), discard=0, shown=0, bouts=0, idle=0)
    if g == 0 and s.start is not None:
        attacker = s.start
    elif s.rules.next_game_lead is NextGameLead.ONTO_FOOL and previous_fool is not None:
        attacker = (previous_fool - 1) % n
    else:
        attacker = first_attacker(s.rules, hands, deal.turned)
    return begin_bout(s, attacker)


def begin_bout(s: DurakState, attacker: int) -> DurakState:
    """A new bout led by ``attacker``, or the next player on the left while the
    leader holds only jokers (RULES.md §13.4 rule 1); when every player still
    in holds only jokers nobody can lead and the game is a draw (docs/durak.md).
    The engine calls it after each bout; tests call it to set up a position."""
    if not s.active(attacker):
        attacker = s.left_of(attacker)
    for _ in range(s.players):
        if s.hands[attacker] & ~JOKERS:
            limit = s.rules.first_bout_limit if s.bouts == 0 else BOUT_LIMIT
            bout = Bout(leader=attacker, defender=s.left_of(attacker), limit=limit)
            return s.evolve(phase=Phase.LEAD, bout=bout)
        attacker = s.left_of(attacker)
    return _end_game(s, None)


def _end_game(s: DurakState, fool: int | None) -> DurakState:
    """Record the game's fool (``None``: a draw); deal the next game of the series or end it."""
    s = s.evolve(results=s.results + (fool,), bout=None, phase=Phase.OVER)
    if s.game + 1 < s.rules.games:
        return _begin_game(s, s.game + 1, fool)
    return s


# -- one action --------------------------------------------------------------
def _step(s: DurakState, a: Action) -> DurakState:
    b = s.bout
    p = s.current_player
    assert b is not None and p is not None
    log = s.log + ((s.game, a),)
    s = s.evolve(log=log)
    if isinstance(a, Attack):
        s = _remove(s, p, a.card)
        b = b.add_attack(a.card)
        if s.phase is Phase.THROW:
            b = b.evolve(passes=0, thrower=_next_thrower(s, p))
            s = _pickup(s.evolve(bout=b))
            if b.taking:
                return _enter_throw(s)
            return s.evolve(phase=Phase.DEFEND)
        s = _pickup(s.evolve(bout=b))
        if s.room() and s.hands[b.leader]:
            return s.evolve(phase=Phase.ADD)
        return s.evolve(phase=Phase.DEFEND)
    if a is DONE:
        return s.evolve(phase=Phase.DEFEND)
    if a is PASS:
        order = s.throwers()
        b = b.evolve(passes=b.passes + 1, thrower=_next_thrower(s, p))
        s = s.evolve(bout=b)
        if b.passes >= len(order):
            return _end_bout(s)
        return s
    if a is TAKE:
        if b.passed_on:
            return _end_bout(s)
        return _enter_throw(s.evolve(bout=b.evolve(taking=True)))
    if isinstance(a, Transfer):
        s = _remove(s, p, a.card)
        b = b.add_attack(a.card).evolve(defender=s.left_of(p))
        return _pickup(s.evolve(bout=b))
    if isinstance(a, Show):
        known = list(s.known)
        known[p] |= 1 << a.card
        b = b.evolve(defender=s.left_of(p), shown=b.shown | 1 << a.card)
        return s.evolve(bout=b, known=tuple(known), shown=s.shown | 1 << a.card)
    assert isinstance(a, Beat)
    s = _remove(s, p, a.card)
    b = b.cover(a.target, a.card)
    if is_joker(a.card):
        return _joker_ends(s, b)
    s = _pickup(s.evolve(bout=b))
    if b.unbeaten:
        return s
    if b.passed_on:
        return _end_bout(s)
    return _enter_throw(s)


def _remove(s: DurakState, seat: int, c: Card) -> DurakState:
    """``c`` leaves ``seat``'s hand for the table."""
    bit = 1 << c
    hands, known = list(s.hands), list(s.known)
    hands[seat] &= ~bit
    known[seat] &= ~bit
    return s.evolve(hands=tuple(hands), known=tuple(known))


def _pickup(s: DurakState) -> DurakState:
    """Every player whose hand is empty while the stock is empty picks up his prikup at once (RULES.md §13.6)."""
    if s.stock:
        return s
    hands, prikups = list(s.hands), list(s.prikups)
    changed = False
    for seat in range(s.players):
        if not hands[seat] and prikups[seat]:
            hands[seat], prikups[seat] = prikups[seat], 0
            changed = True
    return s.evolve(hands=tuple(hands), prikups=tuple(prikups)) if changed else s


def _next_thrower(s: DurakState, after: int) -> int | None:
    """The thrower after seat ``after`` in turn order (clockwise), ``None`` if nobody may throw."""
    order = s.throwers()
    if not order:
        return None
    n = s.players
    for k in range(1, n + 1):
        seat = (after + k) % n
        if seat in order:
            return seat
    return order[0]


def _enter_throw(s: DurakState) -> DurakState:
    """Every card is beaten, or the defender said take: the throwers' turn (RULES.md §13.4 rule 3),
    unless the limits or the lack of throwers allow no card, which ends the bout."""
    b = s.bout
    assert b is not None
    order = s.throwers()
    if not order or not s.room() or b.passes >= len(order):
        return _end_bout(s)
    thrower = b.thrower
    if thrower is None:
        thrower = order[0]
    elif thrower not in order:
        thrower = _next_thrower(s, thrower)
    return s.evolve(phase=Phase.THROW, bout=b.evolve(thrower=thrower))


def _joker_ends(s: DurakState, b: Bout) -> DurakState:
    """A joker ends the bout at once (RULES.md §13.5): every beaten card and the
    joker are discarded; the unbeaten rest passes to the player on the left."""
    beaten = 0
    for x, d in zip(b.attack, b.defence):
        if d is not None:
            beaten |= 1 << x | 1 << d
    rest = b.unbeaten
    s = s.evolve(discard=s.discard | beaten)
    b = b.evolve(cleared=True)
    if not rest:
        return _end_bout(_pickup(s.evolve(bout=b)))
    nxt = s.left_of(b.defender)
    b = b.evolve(defender=nxt, attack=rest, defence=(None,) * len(rest), passed_on=True, thrower=None,
                passes=0)
    return _pickup(s.evolve(bout=b, phase=Phase.DEFEND))


def _end_bout(s: DurakState) -> DurakState:
    """The table goes to the discard pile, or to the taker; the draw; the game's end;
    the next bout (RULES.md §13.4 rules 5–6, §13.6)."""
    b = s.bout
    assert b is not None
    table = b.cards
    d = b.defender
    took = bool(b.unbeaten)
    if took:
        hands, known = list(s.hands), list(s.known)
        hands[d] |= table
        known[d] |= table
        s = s.evolve(hands=tuple(hands), known=tuple(known))
    else:
        s = s.evolve(discard=s.discard | table)
    cleared = b.cleared or not took
    s = s.evolve(bouts=s.bouts + 1, idle=0 if cleared else s.idle + 1, bout=None)
    first = b.leader if b.leader != d else (b.leader + 1) % s.players
    s = _pickup(_draw(s, first))
    still = [seat for seat in range(s.players) if s.active(seat)]
    if len(still) <= 1:
        return _end_game(s, still[0] if still else None)
    if s.idle >= s.rules.stall_limit:
        return _end_game(s, None)
    nxt = s.left_of(d) if took else d
    return begin_bout(s, nxt)


def _draw(s: DurakState, first: int) -> DurakState:
    """Players draw up to 6 cards clockwise from ``first`` while the stock lasts;
    drawing the turned trump shows the hidden trump, the new trump (RULES.md §13.2 rule 3, §13.4 rule 6)."""
    if not s.stock:
        return s
    hands, known = list(s.hands), list(s.known)
    stock = list(s.stock)
    trump, shown_hidden = s.trump, s.hidden_shown
    n = s.players
    for k in range(n):
        seat = (first + k) % n
        while stock and _count(hands[seat]) < HAND_SIZE:
            c = stock.pop(0)
            hands[seat] |= 1 << c
            if c == s.turned and stock:
                shown_hidden, trump = True, trump_of(s.hidden)
                known[seat] |= 1 << c
            elif c == s.turned or (c == s.hidden and shown_hidden):
                known[seat] |= 1 << c
    return s.evolve(hands=tuple(hands), known=tuple(known), stock=tuple(stock), trump=trump,
                   hidden_shown=shown_hidden)
