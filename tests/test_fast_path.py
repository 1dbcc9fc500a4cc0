"""The fast path (engine.fast.random_playout) against the public API: the
same random choices must give the same deal, for every preset."""

import random

import pytest

from joker import PRESETS, new_game
from joker.games.joker.engine.fast import random_playout
from joker.games.joker.engine.state import Phase


def _public_playout(state, rng):
    deal = state.deal_index
    while not state.is_terminal() and state.deal_index == deal:
        legal = state.legal_actions()
        state = state.apply(legal[int(rng.random() * len(legal))])
    return state.results[deal]


@pytest.mark.parametrize("name", list(PRESETS))
def test_random_playout_matches_public_api(name):
    rules = PRESETS[name]
    for seed in range(40):
        state = new_game(rules, seed=seed)
        # start from deals of every size and from mid-deal positions
        walk = random.Random(seed)
        for _ in range(walk.randrange(0, 60)):
            if state.is_terminal():
                break
            state = state.apply(walk.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        before = (state.hands, state.bids, state.taken, state.trick)
        bids, tricks = random_playout(state, random.Random(seed))
        assert (state.hands, state.bids, state.taken, state.trick) == before, "random_playout changed the state"
        result = _public_playout(state, random.Random(seed))
        assert tricks == result.tricks
        if result.bids is not None:
            assert bids == result.bids
        assert sum(tricks) == state.spec.cards
        assert state.phase is not Phase.OVER
