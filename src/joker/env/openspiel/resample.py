"""Resampling for ``resample_from_infostate``: the cards of the current deal
that a seat cannot see dealt anew — a thin call of the sampler's dealing
(:mod:`joker.games.joker.bots.sampler`) under the constraints the seat's view
imposes (:mod:`joker.games.joker.inference`: seen cards, shown voids, what a
joker's call forced, the trump chooser's three cards; RULES.md §5–§7)."""

from __future__ import annotations

import random

from joker.games.joker.actions import DealSummary
from joker.games.joker.bots.sampler import sample_world, world_deal
from joker.games.joker.engine.state import DealCards, GameState
from joker.games.joker.engine.views import view_of
from joker.games.joker.inference import constraints_of


def resampled_deal(gs: GameState, seat: int, rng: random.Random) -> DealCards:
    """The current deal of ``gs`` dealt anew, consistently with ``seat``'s view:
    the seat sees the same after the deal's actions are replayed.  Randomness
    from ``rng`` only.  Raises :class:`~joker.errors.JokerError` when the game is over."""
    view = view_of(gs, seat)
    return world_deal(view, sample_world(constraints_of(view), rng))


def replay_deal(start: GameState, gs: GameState) -> GameState:
    """``start`` (the current deal of ``gs`` dealt with other cards) after every
    action of that deal in ``gs``, each checked.  Raises
    :class:`~joker.errors.JokerError` when one is illegal with those cards."""
    for i, action in gs.actions():
        if i == gs.deal_index:
            assert not isinstance(action, DealSummary)  # this game is dealt and played card by card
            start = start.apply(action)
    return start
