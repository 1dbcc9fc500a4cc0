"""The compiled double-dummy solver against the plain-Python reference (over
1,000 positions) and both against brute force through the engine's public
API (tiny deals), over presets with every joker call, rotating trumps, and
the trump-wins / first-trick-only options."""

from __future__ import annotations

import random

import pytest

from joker import new_game
from joker.games.joker.engine.state import Phase
from joker.games.joker.rules import parse_rules
from joker.games.joker.solver import DoubleDummy
from joker.games.joker.solver.brute import brute_force
from joker.games.joker.solver.reference import ref_can_take, ref_max_tricks, ref_min_tricks, ref_position

RULES = [
    "bus-angeles(schedule='4')",
    "bus-angeles(schedule='3',high_call_trump_wins=true,high_call_first_trick_only=true)",
    "camp(schedule='4')",
    "camp(schedule='3',players=3)",
    "raspisnoy(schedule='4')",
    "rotating-trumps(schedule='4,4:notrump')",
    "georgian(schedule='4')",
    "oh-hell(long_deal=4)",
    "oh-hell(long_deal=3,players=5)",
]


def _positions(count: int, max_left: int, seed: int):
    """Random play-phase states with 2..``max_left`` tricks to go (some of them
    in the middle of a trick)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        rules = parse_rules(RULES[len(out) % len(RULES)])
        s = new_game(rules, seed=rng.randrange(10**9))
        target_deal = rng.randrange(len(rules.deals))
        while s.deal_index < target_deal:
            s = s.apply(rng.choice(s.legal_actions()))
        while s.phase is not Phase.PLAY:
            s = s.apply(rng.choice(s.legal_actions()))
        want = rng.randint(2, max_left)
        if s.spec.cards < want:
            continue
        while s.trick or s.hands[s.current_player].bit_count() > want:
            s = s.apply(rng.choice(s.legal_actions()))
        for _ in range(rng.randrange(rules.players)):
            s = s.apply(rng.choice(s.legal_actions()))
        out.append((s, rng.randrange(rules.players)))
    return out


@pytest.fixture(scope="module")
def dd():
    return DoubleDummy(tt_bits=16)


def test_fast_solver_matches_reference_on_1000_positions(dd):
    positions = _positions(1000, 4, seed=7)
    seen_jokers = 0
    for i, (s, p) in enumerate(positions):
        pos = dd.position(s)
        ref = ref_position(s)
        where = f"position {i}: {s!r} player {p}"
        assert dd.max_tricks(pos, p) == ref_max_tricks(ref, p), where
        assert dd.min_tricks(pos, p) == ref_min_tricks(ref, p), where
        lo = s.taken[p]
        target = {lo + random.Random(i).randrange(pos.tricks_left + 1)}
        if i % 3 == 0:  # a two-total target, as a score threshold asks
            target.add(lo + pos.tricks_left)
        assert dd.can_take(pos, p, target) == ref_can_take(ref, p, target), where
        seen_jokers += any(h >> 52 for h in s.hands)
    assert seen_jokers > 100


def test_both_solvers_match_brute_force(dd):
    positions = _positions(300, 3, seed=11)
    for i, (s, p) in enumerate(positions):
        most, fewest, exact = brute_force(s, p)
        pos = dd.position(s)
        ref = ref_position(s)
        where = f"position {i}: {s!r} player {p}"
        assert (dd.max_tricks(pos, p), dd.min_tricks(pos, p)) == (most, fewest), where
        assert (ref_max_tricks(ref, p), ref_min_tricks(ref, p)) == (most, fewest), where
        assert set(dd.achievable(pos, p)) == exact, where
        totals = range(s.taken[p], s.taken[p] + pos.tricks_left + 1)
        assert {t for t in totals if ref_can_take(ref, p, [t])} == exact, where


def _trump_holder_positions(count: int, seed: int):
    """Trick-start states (2 or 3 tricks to go) where one seat holds every live
    trump and another seat a joker: the cases of the solver's bounds for a
    player with all the trumps against jokers."""
    rng = random.Random(seed)
    specs = ["bus-angeles(schedule='9')", "bus-angeles(schedule='9',high_call_trump_wins=true)",
             "camp(schedule='9')", "georgian(schedule='9')", "raspisnoy(schedule='9')"]
    out = []
    tried = 0
    while len(out) < count:
        rules = parse_rules(specs[tried % len(specs)])
        tried += 1
        s = new_game(rules, seed=rng.randrange(10**9))
        while s.phase is not Phase.PLAY:
            s = s.apply(rng.choice(s.legal_actions()))
        if s.trump is None:
            continue
        trumps = ((1 << 13) - 1) << (13 * s.trump)
        while s.phase is Phase.PLAY and s.hands[s.current_player].bit_count() >= 2:
            if not s.trick and s.hands[s.current_player].bit_count() <= 3:
                holders = [p for p in range(rules.players) if s.hands[p] & trumps]
                if len(holders) == 1 and any(s.hands[p] >> 52 for p in range(rules.players) if p != holders[0]):
                    out.append((s, holders[0]))
                    break
            s = s.apply(rng.choice(s.legal_actions()))
    return out


def test_trump_holder_against_jokers_matches_reference(dd):
    for i, (s, p) in enumerate(_trump_holder_positions(60, seed=5)):
        pos = dd.position(s)
        ref = ref_position(s)
        where = f"position {i}: {s!r} player {p}"
        assert dd.max_tricks(pos, p) == ref_max_tricks(ref, p), where
        assert dd.min_tricks(pos, p) == ref_min_tricks(ref, p), where
        t = s.taken[p] + random.Random(i).randrange(pos.tricks_left + 1)
        assert dd.can_take(pos, p, [t]) == ref_can_take(ref, p, [t]), where


def test_hand_worked_position():
    """Bus-angeles, 2 cards each, trump ♥, seat 0 leads with X1 AS; the others
    hold only spades (KS QS / JS TS / 9S 8S), so every follow is forced.
    X1 high(♠) then AS takes both tricks (RULES.md §7: followers play their
    highest spade, the joker wins; AS is then the top spade).  AS wins whenever
    it is played, so 0 tricks is impossible; X1 takes(♠) counts as the lowest
    spade and loses to KS, so exactly 1 is possible either way round.
    Hence max 2, min 1, exact totals {1, 2}."""
    from helpers import bid_through, game, rules_of

    rules = rules_of("bus-angeles", schedule="2")
    s = bid_through(game(rules, ["X1 AS", "KS QS", "JS TS", "9S 8S"], turned="7H"))
    dd = DoubleDummy(tt_bits=12)
    pos = dd.position(s)
    assert (dd.max_tricks(pos, 0), dd.min_tricks(pos, 0)) == (2, 1)
    assert dd.achievable(pos, 0) == [1, 2]
    assert brute_force(s, 0) == (2, 1, frozenset({1, 2}))
    # seat 1 takes the takes(♠) trick (any spade of his beats JS/TS and 9S/8S) or none:
    # seat 0 alone decides, so seat 1 can force no total
    assert (dd.max_tricks(pos, 1), dd.min_tricks(pos, 1)) == (0, 1)
    assert dd.achievable(pos, 1) == []


def test_bad_seat_is_an_error(dd):
    from joker.errors import JokerError

    s, _ = _positions(1, 4, seed=1)[0]
    with pytest.raises(JokerError, match="seat 9"):
        dd.max_tricks(dd.position(s), 9)
