"""Scoring (RULES.md §6, §8–§10, §12): every expected number is worked by hand
in the comment next to it."""

from __future__ import annotations

import pytest

from helpers import apply_all, deal_of, game, legal, rules_of
from joker import (
    DealKind,
    DealResult,
    DealSpec,
    IllegalActionError,
    Phase,
    block_summaries,
    deal_score,
    game_totals,
    new_game,
    places,
    preset,
    view_of,
)

# ---------------------------------------------------------------------------
# §8 deal tables


def score(name, bid, taken, cards=9, kind=DealKind.NORMAL, **changes):
    r = rules_of(name, **changes)
    return deal_score(r, DealSpec(cards, kind), bid, taken)


@pytest.mark.parametrize(
    "bid, taken, cards, expected",
    [
        # the seed's worked examples (RULES.md §8)
        (3, 3, 9, 200),  # made: 50·(3+1)
        (3, 2, 9, -200),  # under: −50·(3+1)
        (3, 5, 9, 50),  # over: 10·5
        (8, 8, 8, 800),  # b = c: 100·8
        (0, 0, 9, 50),  # made: 50·(0+1)
        (0, 2, 9, 20),  # over: 10·2
        # more, same table
        (9, 9, 9, 900),  # b = c = 9: 100·9
        (2, 2, 2, 200),  # b = c = 2: 100·2 (not 50·3)
        (1, 1, 1, 100),  # b = c = 1: 100·1 (= 50·2 as well)
        (1, 0, 1, -100),  # under: −50·2
        (0, 1, 1, 10),  # over: 10·1
        (2, 0, 9, -150),  # under: −50·3
        (4, 4, 9, 250),  # made: 50·5
        (0, 9, 9, 90),  # over: 10·9
    ],
)
def test_bus_angeles_table(bid, taken, cards, expected):
    assert score("bus-angeles", bid, taken, cards) == expected


@pytest.mark.parametrize(
    "bid, taken, expected",
    [
        (3, 3, 300),  # made b > 0: 100·3
        (1, 1, 100),  # 100·1
        (0, 0, 50),  # made b = 0: 50
        (3, 1, -200),  # under: −100·(3 − 1)
        (1, 0, -100),  # −100·1
        (2, 4, 40),  # over: 10·4
        (0, 2, 20),  # over: 10·2
    ],
)
def test_camp_table(bid, taken, expected):
    assert score("camp", bid, taken) == expected


@pytest.mark.parametrize(
    "bid, taken, expected",
    [
        (2, 2, 20),  # seed: "заказал 2 взятки, взял 2 взятки – получил 20 очков": 10·2
        (2, 3, 3),  # seed: "заказал 2, взял 3 – получил 3 очка": 1·3
        (0, 0, 5),  # made pass: 5
        (2, 1, -10),  # seed: "заказал 2, взял 1 – штраф 10": −10·(2 − 1)
        (5, 1, -40),  # −10·4
        (0, 2, 2),  # over: 1·2
        (9, 9, 90),  # 10·9
    ],
)
def test_raspisnoy_table(bid, taken, expected):
    assert score("raspisnoy", bid, taken) == expected


@pytest.mark.parametrize(
    "bid, taken, expected",
    [
        (3, 3, 200),  # 50·3 + 50
        (0, 0, 50),  # pass made: 50·0 + 50
        (9, 9, 500),  # 50·9 + 50 (no all-tricks bonus in georgian)
        (3, 1, 10),  # not made: 10 per trick
        (2, 4, 40),  # 10·4
        (3, 0, 0),  # 10·0
        (0, 2, 20),  # 10·2
    ],
)
def test_georgian_table(bid, taken, expected):
    assert score("georgian", bid, taken) == expected


@pytest.mark.parametrize(
    "bid, taken, expected",
    [
        (2, 2, 12),  # made: t + 10
        (0, 0, 10),  # made: 0 + 10
        (2, 1, 1),  # not made: t
        (1, 3, 3),  # t
        (3, 0, 0),
    ],
)
def test_oh_hell_table(bid, taken, expected):
    assert score("oh-hell", bid, taken) == expected


@pytest.mark.parametrize(
    "bid, taken, expected",
    [
        # khishti (documented option of the rules value; RULES.md itself is silent):
        # bid ≥ 1 and no trick taken scores the fixed value
        (2, 0, -500),
        (1, 0, -500),
        (0, 0, 50),  # a pass is no khishti: 50·0 + 50
        (2, 1, 10),  # 10·1
        (1, 1, 100),  # 50·1 + 50
    ],
)
def test_georgian_khishti(bid, taken, expected):
    assert score("georgian", bid, taken, khishti=-500) == expected


def test_khishti_off_by_default():
    assert score("georgian", 2, 0) == 0  # 10·0


# §9 special deals (raspisnoy; multiplier 2 unless said)
@pytest.mark.parametrize(
    "kind, bid, taken, cards, changes, expected",
    [
        (DealKind.DARK, 2, 2, 9, {}, 40),  # 2 × 10·2
        (DealKind.DARK, 2, 1, 9, {}, -20),  # 2 × −10·1
        (DealKind.DARK, 0, 0, 9, {}, 10),  # 2 × 5
        (DealKind.DARK, 1, 3, 9, {}, 6),  # 2 × 1·3
        (DealKind.GOLD, None, 3, 9, {}, 60),  # +10·3 × 2
        (DealKind.GOLD, None, 0, 9, {}, 0),
        (DealKind.MISERE, None, 3, 9, {}, -60),  # −10·3 × 2
        (DealKind.MISERE, None, 0, 9, {}, 0),
        (DealKind.NOTRUMP, 3, 3, 9, {}, 60),  # 2 × 10·3
        (DealKind.NOTRUMP, 0, 0, 9, {}, 10),  # 2 × 5
        (DealKind.NOTRUMP, 3, 0, 9, {}, -60),  # 2 × −10·3
        # multiplier option 3
        (DealKind.GOLD, None, 3, 9, {"special_multiplier": 3}, 90),  # 10·3 × 3
        (DealKind.MISERE, None, 2, 9, {"special_multiplier": 3}, -60),  # −10·2 × 3
        (DealKind.DARK, 2, 2, 9, {"special_multiplier": 3}, 60),  # 3 × 20
        (DealKind.NOTRUMP, 0, 1, 9, {"special_multiplier": 3}, 3),  # 3 × 1
        # forehead: made 50·b, under −50·(b − t), pass and over normal, no multiplier
        (DealKind.FOREHEAD, 1, 1, 1, {}, 50),
        (DealKind.FOREHEAD, 1, 0, 1, {}, -50),
        (DealKind.FOREHEAD, 0, 0, 1, {}, 5),  # pass as normal: 5
        (DealKind.FOREHEAD, 0, 1, 1, {}, 1),  # over as normal: 1·1
        (DealKind.FOREHEAD, 1, 1, 1, {"special_multiplier": 3}, 50),  # no multiplier
    ],
)
def test_special_deals(kind, bid, taken, cards, changes, expected):
    assert score("raspisnoy", bid, taken, cards, kind, **changes) == expected


# ---------------------------------------------------------------------------
# §10 block premium

BA = preset("bus-angeles")


def block2(per_seat):
    """Results of bus-angeles block 2 (deals 9..12, 0-based 8..11): ``per_seat`` is,
    per seat, a list of four (bid, taken, score) triples, scores written by hand."""
    out = []
    for k in range(4):
        index = 8 + k
        spec = BA.deals[index]
        assert spec.block == 1 and spec.cards == 9
        bids = tuple(per_seat[s][k][0] for s in range(4))
        tricks = tuple(per_seat[s][k][1] for s in range(4))
        scores = tuple(per_seat[s][k][2] for s in range(4))
        out.append(DealResult(index, spec, (3 + index) % 4, 0, bids, tricks, scores))
    return out


SEAT1_EXAMPLE = [(1, 1, 100), (2, 2, 150), (0, 0, 50), (3, 3, 200)]  # 50·2, 50·3, 50·1, 50·4
# Seat 2 scores −100, 90, 250, 50: bid 1 took 0 (−50·2); over with 9 tricks (10·9 —
# the only way to score 90, though RULES.md's example then has seats 1 and 2 taking
# 11 tricks of 9 in that deal; only the scores matter here); bid 4 made (50·5); bid 0 made (50·1)
SEAT2_EXAMPLE = [(1, 0, -100), (0, 9, 90), (4, 4, 250), (0, 0, 50)]
LOSER = [(1, 0, -100)] * 4  # misses every bid: never qualifies


def the_block(summaries, block=1):
    (b,) = [x for x in summaries if x.block == block]
    return b


def test_rules_example_block_2():
    b = the_block(block_summaries(BA, block2([SEAT1_EXAMPLE, SEAT2_EXAMPLE, LOSER, LOSER])))
    assert b.complete
    assert b.qualified == (True, False, False, False)
    # raw: 100+150+50+200 = 500; −100+90+250+50 = 290; −400; −400
    assert b.raw == (500, 290, -400, -400)
    # L = 200, B = seat 2's best positive = 250 → premium 2 × 450 = 900
    assert b.premium == (900, 0, 0, 0)
    assert b.cut == (0, 250, 0, 0)
    # 500 + 900 = 1400; 290 − 250 = 40
    assert b.total == (1400, 40, -400, -400)
    assert game_totals(BA, block2([SEAT1_EXAMPLE, SEAT2_EXAMPLE, LOSER, LOSER])) == (1400, 40, -400, -400)


def test_next_player_also_qualifies_his_last_deal_is_not_cut():
    seat1 = SEAT1_EXAMPLE  # 100 150 50 200, qualifies
    seat2 = [(1, 1, 100), (2, 2, 150), (0, 0, 50), (5, 5, 300)]  # qualifies; best 300 is his LAST deal
    seat3 = [(0, 3, 30), (1, 0, -100), (0, 2, 20), (0, 4, 40)]  # over, under, over, over: no
    seat4 = LOSER
    b = the_block(block_summaries(BA, block2([seat1, seat2, seat3, seat4])))
    assert b.qualified == (True, True, False, False)
    # seat 1: L = 200, B = seat 2's best positive among his deals but the last = 150
    #         → premium 2 × 350 = 700, 150 cut from seat 2
    # seat 2: L = 300, B = seat 3's best positive (he does not qualify: all deals) = 40
    #         → premium 2 × 340 = 680, 40 cut from seat 3
    assert b.premium == (700, 680, 0, 0)
    assert b.cut == (0, 150, 40, 0)
    # raw: 500, 600, 30−100+20+40 = −10, −400
    assert b.raw == (500, 600, -10, -400)
    # 500+700 = 1200; 600+680−150 = 1130; −10−40 = −50; −400
    assert b.total == (1200, 1130, -50, -400)


def test_all_four_qualify():
    seat1 = SEAT1_EXAMPLE  # 100 150 50 200
    seat2 = [(1, 1, 100), (2, 2, 150), (0, 0, 50), (5, 5, 300)]
    seat3 = [(0, 0, 50)] * 4
    seat4 = [(1, 1, 100)] * 4
    b = the_block(block_summaries(BA, block2([seat1, seat2, seat3, seat4])))
    assert b.qualified == (True, True, True, True)
    # each next player qualifies, so his last deal is never the one cut:
    # seat 1: 2 × (200 + 150) = 700, cut 150 from seat 2
    # seat 2: 2 × (300 + 50)  = 700, cut 50 from seat 3
    # seat 3: 2 × (50 + 100)  = 300, cut 100 from seat 4
    # seat 4: 2 × (100 + 150) = 500, cut 150 from seat 1
    assert b.premium == (700, 700, 300, 500)
    assert b.cut == (150, 150, 50, 100)
    # raw 500, 600, 200, 400 → 500+700−150, 600+700−150, 200+300−50, 400+500−100
    assert b.total == (1050, 1150, 450, 800)


def test_next_player_without_positive_score_gives_b_zero():
    seat2 = [(1, 0, -100), (2, 0, -150), (1, 0, -100), (3, 0, -200)]
    b = the_block(block_summaries(BA, block2([SEAT1_EXAMPLE, seat2, LOSER, LOSER])))
    # B = 0 → premium 2 × (200 + 0) = 400, nothing cut
    assert b.premium == (400, 0, 0, 0)
    assert b.cut == (0, 0, 0, 0)
    assert b.total == (900, -550, -400, -400)


def test_non_qualifying_next_player_last_deal_can_be_cut():
    seat2 = [(1, 0, -100), (0, 9, 90), (0, 0, 50), (4, 4, 250)]  # misses deal 1; best 250 is last
    b = the_block(block_summaries(BA, block2([SEAT1_EXAMPLE, seat2, LOSER, LOSER])))
    # he does not qualify, so all his deals count: B = 250 → 2 × (200 + 250) = 900
    assert b.premium == (900, 0, 0, 0)
    assert b.cut == (0, 250, 0, 0)


def test_incomplete_block_judges_no_premium():
    results = block2([SEAT1_EXAMPLE, SEAT2_EXAMPLE, LOSER, LOSER])[:3]
    b = the_block(block_summaries(BA, results))
    assert not b.complete
    assert b.premium == (0, 0, 0, 0) and b.cut == (0, 0, 0, 0)
    # 100+150+50; −100+90+250; −300; −300
    assert b.total == (300, 240, -300, -300)


def test_fines_added_to_game_total_and_do_not_affect_qualification():
    results = block2([SEAT1_EXAMPLE, SEAT2_EXAMPLE, LOSER, LOSER])
    # 1400 − 250 (one fine) ; 40 − 500 (two fines)
    assert game_totals(BA, results, fines=(-250, -500, 0, 0)) == (1150, -460, -400, -400)


def test_presets_without_premium_just_sum():
    g = preset("georgian")
    results = [
        DealResult(8 + k, g.deals[8 + k], (3 + k) % 4, 0, bids, tricks, scores)
        for k, (bids, tricks, scores) in enumerate(
            [((1, 0, 0, 0), (1, 0, 0, 0), (100, 50, 50, 50))] * 4
        )
    ]
    # georgian has no block premium: 4 × 100, 4 × 50
    assert game_totals(g, results) == (400, 200, 200, 200)


# ---------------------------------------------------------------------------
# §12 places


@pytest.mark.parametrize(
    "totals, expected",
    [
        # cup points 3, 2, 2, 0: the tie shares 2nd place → places 1, 2, 2, 4
        ((500, 300, 300, 100), (1, 2, 2, 4)),
        ((100, 300, 500, 300), (4, 2, 1, 2)),
        ((300, 300, 100, 0), (1, 1, 3, 4)),
        ((0, 0, 0, 0), (1, 1, 1, 1)),
        ((100, 200, 300, 400), (4, 3, 2, 1)),
        ((-50, -50, -50, 10), (2, 2, 2, 1)),
    ],
)
def test_places(totals, expected):
    assert places(totals) == expected


# ---------------------------------------------------------------------------
# §6 dealer restriction through the engine


def test_dealer_restriction_bids_0_0_0():
    s = new_game("bus-angeles", seed=3)  # deal 1: 1 card; dealer seat 4 (0-based 3) bids last
    assert s.spec.cards == 1
    s = apply_all(s, ["b0", "b0", "b0"])
    assert s.current_player == s.dealer == 3
    # §6: the sum of all bids may not equal the cards (1): 0 + 0 + 0 + b ≠ 1 → b ≠ 1,
    # so the dealer must bid 0 (he may NOT bid 1)
    assert legal(s) == {"b0"}
    assert s.forbidden_bid() == 1
    with pytest.raises(IllegalActionError):
        s.apply("b1")


def test_dealer_restriction_seed_examples():
    # seed 002: four players, 6 cards, everyone bid 2 → the dealer may not pass (2+2+2+0 = 6)
    r = rules_of("bus-angeles", schedule="6")
    s = apply_all(new_game(r, seed=1, first_dealer=3), ["b2", "b2", "b2"])
    assert legal(s) == {"b1", "b2", "b3", "b4", "b5", "b6"}
    # seed 001 (camp): 3 players, 4 cards, bids 2 and 1 → the third may not bid 1
    r = rules_of("camp", players=3, schedule="4")
    s = apply_all(new_game(r, seed=1, first_dealer=2), ["b2", "b1"])
    assert legal(s) == {"b0", "b2", "b3", "b4"}


def test_dealer_restriction_bids_1_0_0():
    s = apply_all(new_game("bus-angeles", seed=3), ["b1", "b0", "b0"])
    # 1 + 0 + 0 + b ≠ 1 → b ≠ 0 → b = 1 only
    assert legal(s) == {"b1"}
    assert s.forbidden_bid() == 0
    with pytest.raises(IllegalActionError):
        s.apply("b0")


def test_dealer_restriction_sum_already_over():
    s = apply_all(new_game("bus-angeles", seed=3), ["b1", "b1", "b0"])
    # 2 + b is never 1: both bids legal
    assert legal(s) == {"b0", "b1"}


def test_dealer_restriction_none_option():
    s = apply_all(new_game(preset("bus-angeles").replace(dealer_restriction="none"), seed=3), ["b0", "b0", "b0"])
    assert legal(s) == {"b0", "b1"}


def test_bids_range_zero_to_cards():
    r = rules_of("bus-angeles", schedule="3")
    s = game(r, ["7S 8S 9S", "TS JS QS", "KS AS 7C", "8C 9C TC"], turned="AH")
    assert legal(s) == {"b0", "b1", "b2", "b3"}
    s = apply_all(s, ["b1", "b1", "b0"])
    # dealer: 2 + b ≠ 3 → not 1
    assert legal(s) == {"b0", "b2", "b3"}


# ---------------------------------------------------------------------------
# deals scored through the engine


def test_bus_angeles_deal_scored_through_engine():
    r = rules_of("bus-angeles", schedule="2")
    s = game(r, ["AS KS", "7H 8H", "9H TH", "JH QH"], turned="7S")  # trump ♠
    s = apply_all(s, ["b2", "b0", "b1", "b1"])  # dealer: 4 ≠ 2, fine
    # seat 0 leads A♠ and K♠ (trumps) and takes both tricks
    s = apply_all(s, ["AS", "7H", "9H", "JH", "KS", "8H", "TH", "QH"])
    (res,) = s.deal_results
    assert res.bids == (2, 0, 1, 1)
    assert res.tricks == (2, 0, 0, 0)
    # seat 0: b = c = 2 made → 100·2 = 200; seat 1: bid 0 made → 50;
    # seats 2, 3: bid 1 took 0 → −50·2 = −100
    assert res.scores == (200, 50, -100, -100)
    assert s.is_terminal()
    # schedule "2" is one block of one deal; seats 0 and 1 made their bids and qualify.
    # seat 0: L = 200; B = seat 1's best positive, but seat 1 qualifies too, so his last
    # (= only) deal is excluded → B = 0 → premium 2 × 200 = 400, nothing cut.
    # seat 1: L = 50; seat 2 has no positive score → B = 0 → premium 2 × 50 = 100.
    assert s.scores() == (200 + 400, 50 + 100, -100, -100)


RASP_SPECIALS = rules_of(
    "raspisnoy", schedule="1:gold,1:misere,1:forehead,1:dark,1:notrump", specials=""
)
ONE_CARD = ["AH", "7H", "8H", "9H"]  # seat 0 leads A♥ and takes the only trick


def special_game():
    return new_game(
        RASP_SPECIALS,
        deals=[deal_of(ONE_CARD, "6C")] * 5,  # turned 6♣ → trump ♣ (but not in no-trump)
        first_dealer=3,
    )


def bid_by_seat(s, by_seat):
    """Bid from the first hand round to the dealer; ``by_seat`` is indexed by seat."""
    n = len(by_seat)
    order = [(s.dealer + 1 + i) % n for i in range(n)]
    return apply_all(s, [f"b{by_seat[p]}" for p in order])


def play_one_card_trick(s):
    n = 4
    return apply_all(s, [ONE_CARD[(s.leader + i) % n] for i in range(n)])


def test_special_deals_through_engine():
    from joker import format_card

    s = special_game()
    # deal k: dealer (3 + k) mod 4, first hand k mod 4; seat 0's A♥ wins every trick
    # gold: no bidding
    assert s.phase is Phase.PLAY and s.dealer == 3
    s = play_one_card_trick(s)
    gold = s.deal_results[0]
    assert gold.bids is None
    assert gold.tricks == (1, 0, 0, 0)
    assert gold.scores == (20, 0, 0, 0)  # +10·1 × 2
    # misère: no bidding
    assert s.phase is Phase.PLAY and s.dealer == 0
    s = play_one_card_trick(s)
    assert s.deal_results[1].bids is None
    assert s.deal_results[1].scores == (-20, 0, 0, 0)  # −10·1 × 2
    # forehead (dealer seat 1): own card hidden, the others' cards visible while bidding
    assert s.phase is Phase.BID and s.dealer == 1
    v = view_of(s, 1)
    assert v.hand == ()
    assert [[format_card(c) for c in k] for k in v.known] == [["AH"], [], ["8H"], ["9H"]]
    s = apply_all(s, ["b0", "b0", "b1"])  # seats 2, 3, 0
    assert legal(s) == {"b1"}  # dealer (seat 1): 1 + b ≠ 1
    s = play_one_card_trick(s.apply("b1"))
    # seat 0: made 1 → 50·1; seat 1: under → −50·(1 − 0); seats 2, 3: pass made → 5
    assert s.deal_results[2].scores == (50, -50, 5, 5)
    # dark (dealer seat 2): no own cards seen while bidding
    assert s.phase is Phase.BID and s.dealer == 2
    assert all(view_of(s, seat).hand == () for seat in range(4))
    s = play_one_card_trick(bid_by_seat(s, [1, 0, 1, 0]))  # dealer seat 2 must not make 1: bids 1
    # seat 0: 2 × 10·1 = 20; seats 1, 3: 2 × 5 = 10; seat 2: 2 × −10·1 = −20
    assert s.deal_results[3].scores == (20, 10, -20, 10)
    # no-trump (dealer seat 3): the turned 6♣ is ignored
    assert s.trump is None and s.dealer == 3
    s = play_one_card_trick(bid_by_seat(s, [1, 0, 0, 1]))
    assert s.deal_results[4].scores == (20, 10, 10, -20)
    assert s.is_terminal()
    # raspisnoy has no premium: game total = sum of deal scores
    # seat 0: 20 − 20 + 50 + 20 + 20 = 90; seat 1: 0 + 0 − 50 + 10 + 10 = −30;
    # seat 2: 0 + 0 + 5 − 20 + 10 = −5; seat 3: 0 + 0 + 5 + 10 − 20 = −5
    assert s.scores() == (90, -30, -5, -5)
