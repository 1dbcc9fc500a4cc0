"""Differential test: our ``oh-hell`` preset against OpenSpiel's ``oh_hell``.

Both engines are stepped in lockstep over seeded random deals.  OpenSpiel's
chance nodes (number of tricks, dealer, the cards one at a time, the trump
card) are resolved by a seeded ``random.Random``; the resulting deal is handed
to our engine as an explicit :class:`~joker.DealCards`, and from then on every
decision is checked on both sides:

* the player to move is the same seat;
* the legal actions are the same set (after mapping card and bid encodings);
* one of them is chosen at random and applied to both;

and at the end OpenSpiel's returns equal our deal scores.

Encodings:

* ours: card = suit * 13 + rank, suits S C D H, rank 0 = '2' … 12 = 'A';
* OpenSpiel: card action = rank * 4 + suit, suits C D S H; bid b = action 52 + b.

OpenSpiel deals card k (0-based) of the hands to player k % n whoever the dealer
is, then one more card whose suit is trump; the player after the dealer bids
first and leads.
"""

from __future__ import annotations

import random
import time

import pytest

import pyspiel  # noqa: E402  (a dev dependency: never skipped)

from joker import Bid, DealCards, Play, new_game, preset  # noqa: E402
from joker.cards import card, format_card  # noqa: E402

NUM_CARDS = 52
OS_SUITS = "CDSH"  # OpenSpiel's suit order
OUR_SUITS = "SCDH"
RANKS = "23456789TJQKA"


def _os_card(rank: int, os_suit: int) -> int:
    return rank * len(OS_SUITS) + os_suit


# OpenSpiel card action -> our card int, and back.
OS_TO_OURS: tuple[int, ...] = tuple(
    card(a // 4, OUR_SUITS.index(OS_SUITS[a % 4])) for a in range(NUM_CARDS)
)
OURS_TO_OS: dict[int, int] = {c: a for a, c in enumerate(OS_TO_OURS)}


def max_tricks(players: int) -> int:
    return (NUM_CARDS - 1) // players


_GAMES: dict[tuple[int, int], object] = {}


def os_game(players: int, num_tricks_fixed: int = -1):
    key = (players, num_tricks_fixed)
    if key not in _GAMES:
        _GAMES[key] = pyspiel.load_game(
            "oh_hell", {"players": players, "num_tricks_fixed": num_tricks_fixed}
        )
    return _GAMES[key]


def os_to_ours(action: int):
    """OpenSpiel player action -> our Action."""
    if action < NUM_CARDS:
        return Play(OS_TO_OURS[action])
    return Bid(action - NUM_CARDS)


def ours_to_os(action) -> int:
    if isinstance(action, Play):
        return OURS_TO_OS[action.card]
    if isinstance(action, Bid):
        return NUM_CARDS + action.tricks
    raise AssertionError(f"unexpected action in oh-hell: {action!r}")


class Coverage:
    """Counters proving the random deals reached the interesting rules."""

    def __init__(self) -> None:
        self.deals = 0
        self.decisions = 0
        self.made_bids = 0
        self.missed_bids = 0
        self.dealer_restricted = 0  # dealer to bid with a forbidden bid in 0..c
        self.void_discards = 0  # void in led suit, holding trump, may still discard
        self.trumped_tricks = 0  # a trick won by a trump of a non-trump lead
        self.shapes: set[tuple[int, int]] = set()


def play_deal(
    rng: random.Random,
    players: int,
    num_tricks_fixed: int = -1,
    cov: Coverage | None = None,
    **changes,
) -> None:
    """Play one deal in lockstep on both engines; assert agreement throughout.

    ``changes`` alter our rules (only to check that this test notices a wrong rule)."""
    game = os_game(players, num_tricks_fixed)
    os_state = game.new_initial_state()

    # -- chance: number of tricks, dealer, the cards, the trump card ----------
    assert os_state.is_chance_node()
    outcomes = os_state.chance_outcomes()
    if num_tricks_fixed > 0:
        assert [a for a, _ in outcomes] == [num_tricks_fixed]
    tricks = rng.choice(outcomes)[0]
    os_state.apply_action(tricks)

    assert os_state.is_chance_node()
    assert sorted(a for a, _ in os_state.chance_outcomes()) == list(range(players))
    dealer = rng.randrange(players)
    os_state.apply_action(dealer)

    hands: list[list[int]] = [[] for _ in range(players)]
    for k in range(players * tricks + 1):
        assert os_state.is_chance_node(), f"card {k}: expected a chance node"
        outcomes = [a for a, _ in os_state.chance_outcomes()]
        assert len(outcomes) == NUM_CARDS - k
        a = rng.choice(outcomes)
        os_state.apply_action(a)
        if k < players * tricks:
            hands[k % players].append(OS_TO_OURS[a])  # OpenSpiel: card k to player k % n
        else:
            turned = OS_TO_OURS[a]
    assert not os_state.is_chance_node()

    rules = preset("oh-hell").replace(players=players, long_deal=tricks, **changes)
    deal = DealCards(hands=tuple(tuple(h) for h in hands), turned=turned)
    state = new_game(rules, deals=[deal], first_dealer=dealer)
    trump = turned // 13

    history = []  # our actions, for failure messages

    def where() -> str:
        return (
            f"players={players} tricks={tricks} dealer={dealer} turned={format_card(turned)} "
            f"hands={[' '.join(format_card(c) for c in h) for h in hands]} "
            f"actions={' '.join(str(a) for a in history)}"
        )

    # -- decisions -------------------------------------------------------------
    while not os_state.is_terminal():
        assert state.current_player is not None, f"ours is over, OpenSpiel is not: {where()}"
        assert os_state.current_player() == state.current_player, (
            f"player to move: OpenSpiel {os_state.current_player()} ours {state.current_player}: {where()}"
        )
        os_legal = os_state.legal_actions()
        ours = state.legal_actions()
        os_set = {os_to_ours(a) for a in os_legal}
        assert len(os_set) == len(os_legal)
        assert len(set(ours)) == len(ours), f"duplicate legal actions in ours: {ours}: {where()}"
        assert set(ours) == os_set, (
            f"legal actions differ: only OpenSpiel {sorted(map(str, os_set - set(ours)))} "
            f"only ours {sorted(map(str, set(ours) - os_set))}: {where()}"
        )
        if cov is not None:
            cov.decisions += 1
            _count(cov, state, ours, trump)
        a = rng.choice(os_legal)
        ours_action = os_to_ours(a)
        assert ours_to_os(ours_action) == a
        os_state.apply_action(a)
        state = state.apply(ours_action)
        history.append(ours_action)
        if cov is not None and isinstance(ours_action, Play) and not state.trick and state.tricks:
            last = state.tricks[-1]
            led = last.plays[0][1].card // 13
            won = dict(last.plays)[last.winner].card // 13
            if led != trump and won == trump:
                cov.trumped_tricks += 1

    # -- the end ---------------------------------------------------------------
    assert state.current_player is None and state.is_terminal(), f"OpenSpiel is over, ours is not: {where()}"
    assert os_state.current_player() == pyspiel.PlayerId.TERMINAL
    assert len(state.deal_results) == 1
    result = state.deal_results[0]
    assert result.trump == trump
    assert result.dealer == dealer
    returns = os_state.returns()
    assert all(float(int(r)) == r for r in returns), returns
    assert tuple(int(r) for r in returns) == tuple(result.scores), (
        f"scores differ: OpenSpiel {returns} ours {result.scores} "
        f"(bids {result.bids} tricks {result.tricks}): {where()}"
    )
    assert sum(result.tricks) == tricks
    if cov is not None:
        cov.deals += 1
        cov.shapes.add((players, tricks))
        for b, t in zip(result.bids, result.tricks):
            if b == t:
                cov.made_bids += 1
            else:
                cov.missed_bids += 1


def _count(cov: Coverage, state, legal, trump: int) -> None:
    if state.phase.value == "bid" and state.current_player == state.dealer:
        f = state.forbidden_bid()
        if f is not None:
            assert Bid(f) not in legal
            cov.dealer_restricted += 1
    elif state.phase.value == "play" and state.trick:
        led = state.trick[0][1].card // 13
        hand = state.hands[state.current_player]
        suits = {c // 13 for c in range(52) if hand >> c & 1}
        if led not in suits and trump in suits and len(suits) > 1:
            cov.void_discards += 1


# -- the encodings themselves -------------------------------------------------------
def test_card_mapping_matches_openspiel_strings():
    game = os_game(4, 9)
    s = game.new_initial_state()
    s.apply_action(9)
    s.apply_action(0)
    assert s.is_chance_node()
    for a in range(NUM_CARDS):
        text = s.action_to_string(a)  # e.g. "C6": suit then rank
        ours = format_card(OS_TO_OURS[a])  # e.g. "6C": rank then suit
        assert text == ours[1] + ours[0], (a, text, ours)
    assert sorted(OS_TO_OURS) == list(range(NUM_CARDS))
    assert s.action_to_string(16) == "C6"


def test_bid_mapping_matches_openspiel_strings():
    rng = random.Random(0)
    s = os_game(4, 9).new_initial_state()
    while s.is_chance_node():
        s.apply_action(rng.choice(s.chance_outcomes())[0])
    assert s.legal_actions() == [NUM_CARDS + b for b in range(10)]
    for b in range(10):
        assert s.action_to_string(NUM_CARDS + b) == str(b)


def test_openspiel_deals_to_player_zero_first_whatever_the_dealer():
    for dealer in range(4):
        s = os_game(4, 2).new_initial_state()
        s.apply_action(2)
        s.apply_action(dealer)
        deck = [10, 20, 30, 40, 11, 21, 31, 41]
        for a in deck:
            s.apply_action(a)
        s.apply_action(0)  # the trump card
        text = str(s)
        for p in range(4):
            hand = {deck[p], deck[p + 4]}
            block = text.split(f"Player: {p}\n")[1].split("Player:")[0]
            for a in hand:
                suit, rank = OS_SUITS[a % 4], RANKS[a // 4]
                line = next(ln for ln in block.splitlines() if ln.strip().startswith(suit + ":"))
                assert rank in line.split(":")[1], (dealer, p, a, block)
        assert s.current_player() == (dealer + 1) % 4


# -- the differential runs -----------------------------------------------------------
# 2000 + 1000 + 5 * (17 + 12 + 10 + 8 + 7) = 3270 deals, about 3 s in all.
N_4X9 = 2000
N_MIXED = 1000
N_PER_FIXED = 5


def test_lockstep_four_players_nine_tricks():
    rng = random.Random(20240904)
    cov = Coverage()
    for _ in range(N_4X9):
        play_deal(rng, 4, 9, cov)
    assert cov.deals == N_4X9
    assert cov.made_bids > 100 and cov.missed_bids > 100
    assert cov.dealer_restricted > 100
    assert cov.void_discards > 50
    assert cov.trumped_tricks > 50


def test_lockstep_mixed_players_and_random_trick_counts():
    rng = random.Random(1717)
    cov = Coverage()
    for _ in range(N_MIXED):
        play_deal(rng, rng.randint(3, 7), -1, cov)
    assert cov.deals == N_MIXED
    assert {p for p, _ in cov.shapes} == {3, 4, 5, 6, 7}
    assert cov.void_discards > 20


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_lockstep_every_fixed_trick_count(players):
    rng = random.Random(9000 + players)
    cov = Coverage()
    for tricks in range(1, max_tricks(players) + 1):
        for _ in range(N_PER_FIXED):
            play_deal(rng, players, tricks, cov)
    assert {t for _, t in cov.shapes} == set(range(1, max_tricks(players) + 1))


@pytest.mark.parametrize(
    "changes",
    [
        {"must_trump": True},
        {"dealer_restriction": "none"},
        {"scoring": "raspisnoy"},
    ],
    ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()),
)
def test_lockstep_notices_a_wrong_rule(changes):
    # The test has teeth: each rule OpenSpiel does not play is caught within a few deals.
    rng = random.Random(5)
    with pytest.raises(AssertionError):
        for _ in range(50):
            play_deal(rng, 4, 9, None, **changes)


def test_max_trick_count_matches_rules_limit():
    # OpenSpiel's maximum leaves one card for the trump; ours accepts that size and deals it out.
    for players in range(3, 8):
        first = pyspiel.load_game("oh_hell", {"players": players}).new_initial_state()
        assert [a for a, _ in first.chance_outcomes()] == list(range(1, max_tricks(players) + 1))
        preset("oh-hell").replace(players=players, long_deal=max_tricks(players))


if __name__ == "__main__":  # quick timing: python tests/test_openspiel_diff.py
    t0 = time.perf_counter()
    test_lockstep_four_players_nine_tricks()
    t1 = time.perf_counter()
    test_lockstep_mixed_players_and_random_trick_counts()
    t2 = time.perf_counter()
    for p in range(3, 8):
        test_lockstep_every_fixed_trick_count(p)
    t3 = time.perf_counter()
    print(f"4x9: {t1 - t0:.2f}s  mixed: {t2 - t1:.2f}s  fixed sweep: {t3 - t2:.2f}s")
