"""The action codec (joker.games.joker.rl.codec): ids worked by hand from its layout table,
notation both ways, masks, errors, and the id order of legal actions."""

from __future__ import annotations

import random

import numpy as np
import pytest

from joker import (
    Bid,
    ChooseTrump,
    FollowJoker,
    JokerCall,
    LeadJoker,
    Play,
    new_game,
    parse_card,
    preset,
)
from joker.games.joker.actions import BIDS
from joker.games.joker.rl.codec import ActionCodec
from joker.errors import InvalidNotationError, JokerError
from joker.games.joker.rules import PRESETS


@pytest.fixture(scope="module")
def codec() -> ActionCodec:
    return ActionCodec(preset("bus-angeles"))


def test_sizes_per_preset():
    # bids come last: 81 fixed ids + (largest deal + 1) bids
    assert ActionCodec(preset("bus-angeles")).size == 81 + 10  # deals of up to 9 cards
    assert ActionCodec(preset("raspisnoy-54")).size == 81 + 14  # 54 // 4 = 13 cards
    assert ActionCodec(preset("georgian-6")).size == 81 + 10  # 6 players: long deal 9
    assert ActionCodec(preset("bus-angeles").replace(schedule="1,2,3")).size == 81 + 4


def test_ids_worked_by_hand(codec):
    # trump 0..4: S C D H N
    assert codec.encode(ChooseTrump(0)) == 0
    assert codec.encode(ChooseTrump(None)) == 4
    # cards: 5 + suit*13 + rank; 2S is card 0, AH is suit 3 rank 12
    assert codec.encode(Play(parse_card("2S"))) == 5
    assert codec.encode(Play(parse_card("AH"))) == 5 + 39 + 12 == 56
    assert codec.encode(Play(parse_card("7D"))) == 5 + 26 + 5
    # joker leads: 57 + joker*10 + call index (high S C D H, takes S C D H, give, top)
    assert codec.encode(LeadJoker(52, JokerCall.HIGH, 0)) == 57
    assert codec.encode(LeadJoker(52, JokerCall.TAKES, 3)) == 57 + 7
    assert codec.encode(LeadJoker(52, JokerCall.TOP)) == 66
    assert codec.encode(LeadJoker(53, JokerCall.HIGH, 0)) == 67
    assert codec.encode(LeadJoker(53, JokerCall.GIVE)) == 75
    # joker follows: X1 high, X1 low, X2 high, X2 low
    assert codec.encode(FollowJoker(52, True)) == 77
    assert codec.encode(FollowJoker(53, False)) == 80
    # bids
    assert codec.encode(Bid(0)) == 81
    assert codec.encode(Bid(9)) == 90


def test_notation_both_ways(codec):
    for i in range(codec.size):
        text = codec.action_to_string(i)
        assert codec.string_to_action(text) == i
        assert codec.encode(codec.decode(i)) == i
    assert codec.action_to_string(4) == "trump:N"
    assert codec.action_to_string(56) == "AH"
    assert codec.action_to_string(64) == "X1:takes:H"
    assert codec.action_to_string(77) == "X1:high"
    assert codec.action_to_string(84) == "b3"
    # lenient reading, as joker.games.joker.actions
    assert codec.string_to_action("x1:HIGH:h") == 57 + 3
    assert codec.string_to_action("10h") == 5 + 39 + 8
    assert codec.string_to_action("♥A") == 56
    assert codec.decode(np.int64(81)) == BIDS[0]


@pytest.mark.parametrize("bad", [-1, 91, 1.5, "3", None])
def test_bad_ids(codec, bad):
    with pytest.raises(JokerError):
        codec.decode(bad)


def test_bad_actions(codec):
    with pytest.raises(JokerError, match="above the largest deal"):
        codec.encode(Bid(10))
    with pytest.raises(JokerError, match="not an action"):
        codec.encode("AH")
    with pytest.raises(InvalidNotationError):
        codec.string_to_action("ZZ")
    with pytest.raises(JokerError):
        codec.string_to_action("b12")


def test_segments_tile_the_space(codec):
    ids = []
    for s in codec.segments:
        ids.extend(range(s.offset, s.offset + s.size))
    assert ids == list(range(codec.size))
    assert "total" in codec.describe()


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_legal_ids_follow_engine_order(name):
    """Over random games of every preset: the ids of the legal actions, in the
    engine's documented order, are strictly increasing, and the mask marks exactly them."""
    rules = PRESETS[name].replace(schedule="1,9") if PRESETS[name].schedule != "single" else PRESETS[name]
    codec = ActionCodec(rules)
    rng = random.Random(name)
    decisions = 0
    for g in range(6):
        state = new_game(rules, seed=f"codec:{g}")
        while not state.is_terminal():
            legal = state.legal_actions()
            ids = [codec.encode(a) for a in legal]
            assert all(a < b for a, b in zip(ids, ids[1:])), (name, [str(a) for a in legal])
            mask = codec.mask(legal)
            assert mask.dtype == np.int8 and mask.shape == (codec.size,)
            assert list(np.flatnonzero(mask)) == ids
            assert codec.legal_ids(legal) == ids
            state = state.apply(rng.choice(legal))
            decisions += 1
    assert decisions > 50


def test_module_examples():
    """The usage examples in the adapters' docstrings run as written."""
    import doctest

    import joker.env.gymnasium
    import joker.env.openspiel
    import joker.env.pettingzoo

    for module in (joker.env.pettingzoo, joker.env.gymnasium, joker.env.openspiel):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__
