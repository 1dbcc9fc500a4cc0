"""The dealing of ``python_joker`` as chance outcomes (RULES.md §5): every card
is one outcome, dealt one at a time from the first hand round to the dealer,
then the turned card when a stock is left and the trump is not chosen, and
under ``turned_joker=next_card`` one more per turned joker."""

from __future__ import annotations

from joker.cards import JOKER1, Card
from joker.games.joker.actions import DealSummary
from joker.games.joker.engine.state import DealCards, GameState, new_game
from joker.games.joker.rules import DealSpec, Rules, TurnedJoker


def cards_needed(rules: Rules, spec: DealSpec, pending: tuple[Card, ...]) -> int:
    """How many more card outcomes the deal ``spec`` needs after ``pending``
    (the cards drawn so far, in dealing order); 0 when it is dealt."""
    hands = spec.cards * rules.players
    stock = len(rules.deck_cards) - hands
    if len(pending) < hands:
        return hands - len(pending)
    if stock == 0 or rules.trump_chosen(spec):
        return 0
    if len(pending) == hands:
        return 1
    if rules.turned_joker is TurnedJoker.NEXT_CARD and pending[-1] >= JOKER1 and len(pending) < len(rules.deck_cards):
        return 1
    return 0


def deal_cards(rules: Rules, spec: DealSpec, dealer: int, pending: tuple[Card, ...]) -> DealCards:
    """The :class:`DealCards` of a dealt deal: ``pending`` holds its cards in
    dealing order, the hands' first (from the seat after ``dealer``, 0-based),
    then the turned card and the further turned cards."""
    n = rules.players
    hands: list[list[Card]] = [[] for _ in range(n)]
    for k in range(spec.cards * n):
        hands[(dealer + 1 + k) % n].append(pending[k])
    rest = pending[spec.cards * n :]
    return DealCards(tuple(tuple(h) for h in hands), rest[0] if rest else None, tuple(rest[1:]))


def deal_in(
    rules: Rules, first_dealer: int | None, pre: GameState | None, cards: DealCards, earlier: tuple[DealCards, ...]
) -> GameState:
    """The engine state at the start of a deal with ``cards``: ``pre`` is the
    game after the ``earlier`` deals (None for the first), whose actions are
    replayed unchecked (they were checked when played)."""
    state = new_game(rules, deals=earlier + (cards,), first_dealer=first_dealer, real_cards=True)
    if pre is not None:
        for _, action in pre.actions():
            assert not isinstance(action, DealSummary)  # this game is dealt and played card by card
            state.push_unchecked(action)
    return state
