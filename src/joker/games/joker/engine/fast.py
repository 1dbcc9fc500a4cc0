"""The fastest pure-Python path: random playouts of one deal on local
variables, for rollouts and the engine benchmark.  The rules come from
:mod:`.play` (``follow_mask``, ``trick_winner``) and the move tables of
:mod:`.state`, so there is no second implementation of the rules here."""

from __future__ import annotations

import random
from typing import cast

from ..actions import JOKER_FOLLOWS, JOKER_LEADS, ChooseTrump, FollowJoker, LeadJoker, Play
from joker.cards import JOKERS
from .play import follow_mask, led_suit, trick_trump, trick_winner
from .state import GameState, Phase, _plays_of


def random_playout(state: GameState, rng: random.Random) -> tuple[tuple[int | None, ...], tuple[int, ...]]:
    """Finish the current deal of ``state`` with random legal actions and
    return ``(bids, tricks)`` per seat (bids ``None`` in gold and misère deals).
    ``state`` is not modified.

    Each decision takes ``legal[int(rng.random() * len(legal))]`` with ``legal``
    in the engine's documented order, so the same choices made through
    :meth:`GameState.apply` give the same deal (the differential test relies on it).
    """
    rules = state.rules
    n = rules.players
    rnd = rng.random
    hands = list(state.hands)
    taken = list(state.taken)
    bids = list(state.bids)
    trump = state.trump
    p = state.current_player
    if p is None:
        return tuple(bids), tuple(taken)
    phase = state.phase
    if phase is Phase.TRUMP:
        legal = state.legal_actions()
        choice = legal[int(rnd() * len(legal))]
        assert isinstance(choice, ChooseTrump)  # the only actions of the trump phase
        trump = choice.suit
        phase = Phase.BID if state.spec.has_bids else Phase.PLAY
        p = state.leader
    if phase is Phase.BID:
        c = state.spec.cards
        while True:
            if p == state.dealer:  # every other seat has bid; the dealer's own bid is still None
                forbidden = rules.forbidden_dealer_bid(c, [b for b in bids if b is not None])
                choices: list[int] | range = range(c + 1) if forbidden is None else [b for b in range(c + 1) if b != forbidden]
            else:
                choices = range(c + 1)
            bids[p] = choices[int(rnd() * len(choices))]
            if p == state.dealer:
                break
            p = (p + 1) % n
        p = state.leader
    rotating = state.rotating
    must = rules.must_trump
    hctw = rules.high_call_trump_wins
    trick = list(state.trick)
    first_trick = not state.tricks
    calls_first = state._lead_calls(True)
    calls_later = state._lead_calls(False)
    while hands[p]:
        hand = hands[p]
        jokers = hand & JOKERS
        if not trick:
            acts = _plays_of(hand)
            if jokers:
                calls = calls_first if first_trick else calls_later
                for j in (52, 53):
                    if jokers >> j & 1:
                        acts.extend(JOKER_LEADS[(j, call, s)] for call, s in calls)
        else:
            led = led_suit(trick)
            acts = _plays_of(follow_mask(hand, trick[0][1], led, trick_trump(trump, rotating, led), must))
            if jokers:
                for j in (52, 53):
                    if jokers >> j & 1:
                        acts.append(JOKER_FOLLOWS[(j, True)])
                        acts.append(JOKER_FOLLOWS[(j, False)])
        a = cast("Play | LeadJoker | FollowJoker", acts[int(rnd() * len(acts))])  # only card actions here
        hands[p] = hand & ~(1 << a.card)
        trick.append((p, a))
        if len(trick) < n:
            p = (p + 1) % n
            continue
        p = trick_winner(trick, trump, rotating, hctw)
        taken[p] += 1
        trick = []
        first_trick = False
    return tuple(bids) if state.spec.has_bids else (None,) * n, tuple(taken)
