"""The Bus-Angeles regulation outside card play (RULES.md §6, §11, §12), without a database."""

import pytest

from joker import preset
from joker.ledger.regulation import (
    INFRINGEMENTS,
    CupGame,
    CupRule,
    KeeperPickError,
    bidding_order,
    cup_contested,
    cup_points,
    day_cup,
    dot_counts,
    forbidden_dealer_bid,
    penalty_of,
    slaps_of_day,
)


def test_the_regulation_table():
    # RULES.md §11: three fines, seven dots; which of them are followed by a redeal
    fines = {c for c, i in INFRINGEMENTS.items() if i.penalty == "fine"}
    assert fines == {"no_cut", "revoke", "misdeal_after_trump"}
    assert len(INFRINGEMENTS) == 10
    redeals = {c for c, i in INFRINGEMENTS.items() if i.redeal}
    assert redeals == {"no_cut", "revoke", "misdeal_after_trump", "misdeal_before_trump", "dealt_out_of_turn"}
    assert penalty_of("revoke") == "fine"
    assert penalty_of("stalling") == "dot"
    assert penalty_of("other", "dot") == "dot"
    with pytest.raises(ValueError, match="fine or dot"):
        penalty_of("other")
    with pytest.raises(ValueError, match="not a dot"):
        penalty_of("revoke", "dot")
    with pytest.raises(ValueError, match="unknown infringement code 'swearing'"):
        penalty_of("swearing")


def test_dealer_restriction_and_bidding_order():
    rules = preset("bus-angeles")
    # 5 cards, the others bid 1, 2, 0: the dealer may not say 2 (sum would be 5)
    assert forbidden_dealer_bid(rules, 5, [1, 2, 0]) == 2
    # the others already bid more than the cards: nothing is forbidden
    assert forbidden_dealer_bid(rules, 2, [1, 1, 1]) is None
    assert forbidden_dealer_bid(preset("oh-hell").replace(dealer_restriction="none"), 5, [1, 2, 0]) is None
    # dealer seat 4 (index 3): seat 1 bids first, the dealer last (RULES.md §3)
    assert bidding_order(3, 4) == [0, 1, 2, 3]
    assert bidding_order(1, 4) == [2, 3, 0, 1]


def test_third_dot_of_the_day_is_a_slap_and_the_count_restarts():
    # Печун: dots 1 and 2 in game 1, dot 3 in game 2 -> slap; dots 4, 5 -> count 2; dot 6 -> second slap
    dots = [("Печун", "g1-a"), ("Бутка", "g1-b"), ("Печун", "g1-c"), ("Печун", "g2-a")]
    slaps = slaps_of_day(dots)
    assert [(s.player, s.dot, s.number) for s in slaps] == [("Печун", "g2-a", 1)]
    assert dot_counts(dots) == {"Печун": 0, "Бутка": 1}
    more = dots + [("Печун", "x"), ("Печун", "y")]
    assert dot_counts(more)["Печун"] == 2 and len(slaps_of_day(more)) == 1
    more.append(("Печун", "z"))
    assert [(s.dot, s.number) for s in slaps_of_day(more)] == [("g2-a", 1), ("z", 2)]
    # two dots each for everyone: nobody is slapped
    assert slaps_of_day([(p, i) for i, p in enumerate("ABCDABCD")]) == []


def test_cup_points_share_the_better_place():
    assert cup_points([900, 300, 500, 100]) == (3, 1, 2, 0)
    assert cup_points([300, 200, 200, 100]) == (3, 2, 2, 0)  # RULES.md §12's example
    assert cup_points([300, 300, 200, 100]) == (3, 3, 1, 0)
    assert cup_points([5, 5, 5, 5]) == (3, 3, 3, 3)
    assert cup_points([300, 100, 100, 100]) == (3, 2, 2, 2)
    with pytest.raises(ValueError):
        cup_points([1, 2, 3])


def test_cup_is_contested_only_by_four_core_players():
    assert cup_contested([True] * 4)
    assert not cup_contested([True, True, True, False])
    assert not cup_contested([True] * 5)


def test_day_cup_fewest_points():
    g1 = CupGame(("A", "B", "C", "D"), (900, 700, 500, 300))  # points 3 2 1 0
    g2 = CupGame(("A", "B", "C", "D"), (100, 700, 500, 300))  # points 0 3 2 1
    d = day_cup([g1, g2])  # A 3, B 5, C 3, D 1
    assert (d.holder, d.rule, d.points) == ("D", CupRule.FEWEST_POINTS, {"A": 3, "B": 5, "C": 3, "D": 1})


def test_day_cup_tie_broken_by_the_last_game():
    g1 = CupGame(("A", "B", "C", "D"), (900, 700, 500, 300))  # 3 2 1 0
    g2 = CupGame(("A", "B", "C", "D"), (900, 700, 100, 300))  # 3 2 0 1
    d = day_cup([g1, g2])  # C 1, D 1: C placed 4th in the last game, D 3rd
    assert (d.holder, d.rule, set(d.tied)) == ("C", CupRule.LAST_GAME_PLACE, {"C", "D"})


def test_day_cup_then_the_day_total_then_the_keeper():
    # points: A 2+2+3 = 7, B 1+1+2 = 4, C 3+0+1 = 4, D 0+3+1 = 4; in the last game B is 2nd,
    # C and D share 3rd; day totals C 900+100+100 = 1100, D 100+800+100 = 1000 -> D
    g1 = CupGame(("A", "B", "C", "D"), (500, 300, 900, 100))   # 2 1 3 0
    g2 = CupGame(("A", "B", "C", "D"), (500, 300, 100, 800))   # 2 1 0 3
    g3 = CupGame(("A", "B", "C", "D"), (900, 700, 100, 100))   # 3 2 1 1
    d = day_cup([g1, g2, g3])
    assert (d.holder, d.rule, set(d.tied)) == ("D", CupRule.DAY_TOTAL, {"B", "C", "D"})
    assert d.points == {"A": 7, "B": 4, "C": 4, "D": 4}
    # the same day totals too: the keeper decides
    g1 = CupGame(("A", "B", "C", "D"), (900, 700, 500, 500))   # 3 2 1 1
    g2 = CupGame(("A", "B", "C", "D"), (900, 700, 100, 100))   # 3 2 1 1
    d = day_cup([g1, g2])
    assert d.needs_keeper and d.holder is None and set(d.tied) == {"C", "D"}
    d = day_cup([g1, g2], keeper_pick="C")
    assert (d.holder, d.rule) == ("C", CupRule.KEEPER)
    with pytest.raises(KeeperPickError):
        day_cup([g1, g2], keeper_pick="A")


def test_day_cup_candidates_played_every_contested_game():
    g1 = CupGame(("A", "B", "C", "D"), (900, 700, 500, 300))
    g2 = CupGame(("A", "B", "C", "E"), (900, 700, 500, 300))  # D left, E came: neither played both
    d = day_cup([g1, g2])
    assert set(d.points) == {"A", "B", "C"} and d.holder == "C"
    assert day_cup([]).holder is None and day_cup([]).rule is None
