"""The compiled playout policy's one-ply lookahead (joker.games.joker.fastpath.policy):
a hand-worked position where the policy's own lead misses the bid and the
lookahead's makes it, and the lookahead's definition checked on random
positions of every preset."""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest

from joker import PRESETS, DealCards, new_game, parse_card, parse_cards, preset
from joker.games.joker.fastpath import kernels as K
from joker.games.joker.fastpath import policy as FP
from joker.games.joker.fastpath.convert import action_of, params_of, position_of

from helpers import random_play_state


def _scratch(n):
    return (np.empty(K.MAX_MOVES, dtype=np.int64), np.empty(K.MAX_MOVES, dtype=np.int64),
            np.empty((3, n), dtype=np.int64), np.empty(K.MAX_MOVES, dtype=np.int64))


def _outcome(pos, code, target, me):
    """Seat ``me``'s tricks after ``code`` and a policy playout without random moves."""
    hands, trick, taken = pos.arrays()
    moves, buf, _, _ = _scratch(pos.players)
    tlen, leader, first = FP.play_code(hands, trick, len(pos.trick), pos.leader, pos.first, taken, pos.params, code)
    FP.rollout(hands, trick, tlen, leader, first, taken, target, pos.params, 0.0, moves, buf)
    return int(taken[me])


def _choices(pos, target, table):
    """(the policy's own move, the lookahead's move) for the seat to move."""
    me = pos.to_move
    moves, buf, work, cands = _scratch(pos.players)
    hands, trick, taken = pos.arrays()
    own = FP.choose(hands, trick, len(pos.trick), pos.leader, pos.first, taken, target, pos.params, 0.0, moves, buf)
    hands, trick, taken = pos.arrays()
    look = FP.lookahead(hands, trick, len(pos.trick), pos.leader, pos.first, taken, target, pos.params, me, table,
                        moves, buf, work, cands)
    return own, look


def test_lookahead_leads_the_king_that_draws_the_trump():
    # 3-card deal, ♠ trump (turned 9♠), seat 3 deals, seat 0 leads and bid 2 with
    # Q♣ A♣ K♦; seat 1 (bid 1) holds 8♠ J♣ X1, seat 2 (bid 3) 7♣ 7♦ 8♥, seat 3
    # (bid 0) 8♦ Q♦ K♥.  Every hand known (a sampled world).
    # The policy leads its cheapest card, Q♣: seat 1 wants a trick and takes it
    # with the joker high; later K♦ is led into seat 1, void in ♦, who must trump
    # with 8♠ (RULES.md §7): seat 0 takes only A♣ — bid missed.
    # Leading K♦ first: seat 1 must trump with 8♠ (or the joker) and takes his one
    # trick; then it sheds J♣ and keeps the joker to play low, so A♣ and Q♣ both
    # win: 2 tricks, the bid made.  Leading A♣ fails like Q♣ (X1 takes it, 8♠
    # later takes K♦).
    rules = preset("bus-angeles").replace(schedule="3")
    deal = DealCards(tuple(tuple(parse_cards(h)) for h in ("QC AC KD", "8S JC X1", "7C 7D 8H", "8D QD KH")),
                     parse_card("9S"))
    state = new_game(rules, seed=0, deals=[deal], first_dealer=3)
    for a in ("b2", "b1", "b3", "b0"):
        state = state.apply(a)
    pos = position_of(state)
    assert pos.to_move == 0
    target = np.array(state.bids, dtype=np.int64)
    table = np.array([1.0 if t == 2 else 0.0 for t in range(4)])
    own, look = _choices(pos, target, table)
    assert str(action_of(own)) == "QC" and _outcome(pos, own, target, 0) == 1
    assert str(action_of(look)) == "KD" and _outcome(pos, look, target, 0) == 2
    ace = next(c for c in pos.legal_codes() if str(action_of(c)) == "AC")
    assert _outcome(pos, ace, target, 0) == 1


def _random_positions(rules, seeds=100):
    """``(walk, state, position)`` of random play-phase states (seeds 0…``seeds − 1``);
    ``walk`` is the seed's ``random.Random``, for the test's own choices."""
    for seed in range(seeds):
        walk = random.Random(seed)
        state = random_play_state(rules, seed, walk, 12)
        if state is not None:
            yield walk, state, position_of(state)


@pytest.mark.parametrize("name", list(PRESETS))
def test_lookahead_is_the_best_move_by_policy_playout(name):
    """Definition: the lookahead's move is legal, has the best table value of
    any legal move followed by a policy playout, and is the policy's own move
    whenever that one is as good."""
    checked = 0
    for walk, state, pos in _random_positions(PRESETS[name]):
        me = pos.to_move
        n = pos.players
        target = np.array([b if b is not None else walk.randrange(0, 3) for b in state.bids] if state.bids else
                          [walk.randrange(0, 3) for _ in range(n)], dtype=np.int64)
        cards = state.spec.cards
        table = np.array([walk.choice((-50.0, 10.0, 100.0)) for _ in range(cards + 1)])
        own, look = _choices(pos, target, table)
        legal = pos.legal_codes()
        assert look in legal and own in legal
        values = {c: table[_outcome(pos, c, target, me)] for c in legal}
        assert values[look] == max(values.values())
        if values[own] == values[look]:
            assert look == own
        checked += 1
    assert checked >= 40


def test_bench_policy_section_runs_and_counts_every_bid():
    """``python -m joker.bench search`` section 4 on a few deals: each row
    splits every bid into made, over and under."""
    from joker.bench.search import policy_quality

    rows = policy_quality(3)
    assert set(rows) == {"policy, every card known", "one seat by lookahead, every card known",
                         "heuristic bots, own cards only"}
    for shares in rows.values():
        assert abs(shares["made"] + shares["over"] + shares["under"] - 1.0) < 1e-9
        assert all(0.0 <= x <= 1.0 for x in shares.values())


def test_bid_evaluation_with_lookahead_finds_the_bid_the_policy_misses():
    """The deal of the test above, valued at the bidding: bid 2 of seat 0 is made in
    the policy's playout only when seat 0's own moves are chosen by lookahead."""
    rules = preset("bus-angeles").replace(schedule="3")
    hands = ("QC AC KD", "8S JC X1", "7C 7D 8H", "8D QD KH")
    world = np.array([[sum(1 << c for c in parse_cards(h)) for h in hands]], dtype=np.int64)
    params = params_of(rules, parse_card("9S") // 13, False)
    targets = np.array([[2, 1, 3, 0]], dtype=np.int64)
    bids = np.array([2], dtype=np.int64)
    made = np.array([[0.0, 0.0, 1.0, 0.0]])
    for look, expected in ((0, 0.0), (3, 1.0), (1, 0.0)):
        sums = np.zeros(1)
        FP.evaluate_bids(world, np.ones(1), 0, targets, params, 0, bids, made, 1, 0.0, sums, look)
        assert sums[0] == expected, look


def _blind(params):
    p = params.copy()
    p[K.P_BLIND] = 1
    return p


def _styled(params, style):
    p = _blind(params)
    p[K.P_STYLE] = style
    return p


def _position(hands, turned, bids, plays, dealer=3):
    rules = preset("bus-angeles").replace(schedule="3")
    deal = DealCards(tuple(tuple(parse_cards(h)) for h in hands), parse_card(turned))
    state = new_game(rules, seed=0, deals=[deal], first_dealer=dealer)
    for a in [f"b{b}" for b in bids] + plays:
        state = state.apply(a)
    return position_of(state), np.array(state.bids, dtype=np.int64)


def _own(pos, target, params):
    moves, buf, _, _ = _scratch(pos.players)
    hands, trick, taken = pos.arrays()
    return int(FP.choose(hands, trick, len(pos.trick), pos.leader, pos.first, taken, target, params, 0.0, moves, buf))


def test_blind_policy_does_not_count_on_an_ace_it_cannot_see():
    # 3-card deal, ♥ trump (turned 9♥), seat 3 deals, bids 1,1,1,1.  Seat 0 holds
    # 9♠ A♠ 6♦ and leads 9♠; seat 1 (K♠ 7♠ 9♦) wants a trick.  Seats 2 (7♣ 8♣ 7♦)
    # and 3 (9♣ 10♣ 8♦) hold no spade, trump or joker, so with every hand known
    # K♠ is safe and the policy takes with it.  From seat 1's view the 8 cards it
    # does not hold are dealt 2/3/3, and A♠ is with seat 2 or 3 with chance
    # 1 − (5/8)² = 39/64 > 1/2: the blind policy expects K♠ to be beaten and
    # plays its cheapest card, 7♠.
    pos, target = _position(("9S AS 6D", "KS 7S 9D", "7C 8C 7D", "9C TC 8D"), "9H", (1, 1, 1, 1), ["9S"])
    assert pos.to_move == 1
    assert str(action_of(_own(pos, target, pos.params))) == "KS"
    assert str(action_of(_own(pos, target, _blind(pos.params)))) == "7S"


@pytest.mark.parametrize("name", list(PRESETS))
def test_blind_policy_ignores_how_the_unseen_cards_lie(name):
    """Hidden information: with ``P_BLIND`` the mover's choice depends on the
    other hands only through their union and sizes, so dealing the cards it
    cannot see differently among the other seats never changes it, with or
    without the style bits (while the clairvoyant policy's choice does change
    on some of these positions)."""
    rules = PRESETS[name]
    rules = rules.replace(schedule=str(max(d.cards for d in rules.deals)))  # a deal with choices to make
    checked = differs = 0
    for walk, _, pos in _random_positions(rules):
        me, n = pos.to_move, pos.players
        target = np.array([walk.randrange(-2, 3) for _ in range(n)], dtype=np.int64)
        others = [q for q in range(n) if q != me]
        cards = [c for q in others for c in range(54) if pos.hands[q] >> c & 1]
        walk.shuffle(cards)
        hands = list(pos.hands)
        at = 0
        for q in others:
            k = pos.hands[q].bit_count()
            hands[q] = sum(1 << c for c in cards[at:at + k])
            at += k
        moved = replace(pos, hands=tuple(hands))
        for style in (0, K.STYLE_KEEP_JOKERS | K.STYLE_LOW_DUCK_LEAD):
            assert _own(moved, target, _styled(pos.params, style)) == _own(pos, target, _styled(pos.params, style))
        differs += _own(moved, target, pos.params) != _own(pos, target, pos.params)
        checked += 1
    assert checked >= 40 and differs >= 3


def test_kept_joker_is_the_sure_trick_for_later():
    # 3-card deal, ♥ trump, bids 1,1,1,1.  Seat 0 leads A♠; seat 1 (X1 7♠ 8♦) wants one
    # trick and can take this one only with the joker.  The plain policy spends it now;
    # with STYLE_KEEP_JOKERS the joker covers the trick he needs, so he plays as a
    # ducker (7♠, which loses) and keeps the joker for later — as the heuristic bot does.
    pos, target = _position(("AS 9S 6D", "X1 7S 8D", "7C 8C 7D", "9C TC 9D"), "9H", (1, 1, 1, 1), ["AS"])
    assert pos.to_move == 1
    assert str(action_of(_own(pos, target, _styled(pos.params, 0)))) == "X1:high"
    assert str(action_of(_own(pos, target, _styled(pos.params, K.STYLE_KEEP_JOKERS)))) == "7S"


def test_kept_joker_is_played_when_every_trick_is_needed():
    # The same hand needing all three tricks: the joker is no longer held back.
    pos, target = _position(("AS 9S 6D", "X1 7S 8D", "7C 8C 7D", "9C TC 9D"), "9H", (0, 3, 0, 1), ["AS"])
    assert str(action_of(_own(pos, target, _styled(pos.params, K.STYLE_KEEP_JOKERS)))) == "X1:high"


def test_ducking_lead_is_the_lowest_card_with_the_low_lead_style():
    # Seat 0 bid 0 and leads from K♣ 7♣ 8♦ against three seats that want tricks.  The plain
    # policy sheds its most valuable card it expects beaten (K♣); with STYLE_LOW_DUCK_LEAD it
    # leads its lowest card, the least likely to win (7♣), as the heuristic bot does.
    pos, target = _position(("KC 7C 8D", "AC 7S 9D", "8C QS 7D", "9C TC AD"), "9H", (0, 1, 1, 2), [])
    assert pos.to_move == 0
    assert str(action_of(_own(pos, target, _styled(pos.params, 0)))) == "KC"
    assert str(action_of(_own(pos, target, _styled(pos.params, K.STYLE_LOW_DUCK_LEAD)))) == "7C"


def test_covered_wants_takes_a_safe_trick_instead_of_ducking():
    # Seat 1 (X1 A♠ 7♠, bid 1) follows 8♠.  His joker covers the trick he needs: with
    # STYLE_KEEP_JOKERS alone he ducks (7♠); with STYLE_COVERED_WANTS too he takes the
    # trick with A♠, which no card he cannot see beats (no heart, no second joker out).
    pos, target = _position(("8S 9D 7D", "X1 AS 7S", "7C 8C TD", "9C TC JD"), "9H", (1, 1, 1, 1), ["8S"])
    keep = K.STYLE_KEEP_JOKERS
    assert str(action_of(_own(pos, target, _styled(pos.params, keep)))) == "7S"
    assert str(action_of(_own(pos, target, _styled(pos.params, keep | K.STYLE_COVERED_WANTS)))) == "AS"
