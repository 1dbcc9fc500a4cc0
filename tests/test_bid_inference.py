"""The compiled bid model (``fastpath.bidmodel``, used by the search bot's bid
inference) against the heuristic bot's Python bid model it mirrors: the same
bid for every hand, in every preset's normal deals, for the first bidder and
the dealer (whose forbidden bid, RULES.md §6, it must avoid the same way)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from joker import PRESETS, Phase, new_game, preset, view_of
from joker.bots.heuristic import BidModel, HeuristicBot
from joker.cards import cards_in
from joker.rules import DealKind


def bid_views(name: str, seed: int):
    """Views of the seats as they bid, in one game of preset ``name`` played by
    heuristic bots: a list of ``(view, hand mask)`` of normal and no-trump deals."""
    rules = preset(name)
    state = new_game(rules, seed=seed)
    bot = HeuristicBot(seed)
    out = []
    while not state.is_terminal() and len(out) < 40:
        view = view_of(state, state.current_player)
        if view.phase is Phase.BID and view.deal.kind in (DealKind.NORMAL, DealKind.NOTRUMP) and view.hand:
            out.append((view, view.hand_mask))
        state = state.apply(bot.choose(view))
    return out


@pytest.mark.parametrize("name", list(PRESETS))
def test_compiled_bid_model_bids_as_the_heuristic_model(name):
    rng = random.Random(name)
    checked = dealers = 0
    for view, hand in bid_views(name, 1):
        model = BidModel(view, view.seat)
        pool = list(cards_in(model.kn.unseen))
        c = view.deal.cards
        hands = [hand] + [sum(1 << x for x in rng.sample(pool, c)) for _ in range(20)]
        for others in ([0] * (view.rules.players - 1), [rng.randint(0, c) for _ in range(view.rules.players - 1)]):
            fast = model.bids(np.array(hands, dtype=np.int64), others)
            assert fast.tolist() == [model.bid(h, others) for h in hands]
            checked += len(hands)
        dealers += view.seat == view.dealer
    assert checked >= 100 and dealers >= 1
