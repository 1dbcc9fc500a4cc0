"""The sampler never contradicts the view: over random positions of every
preset (and rule variants with camp's ``top``, trump choice from the seen
cards, turned-joker next-card, rotating trumps), every sampled world

* deals each seat the right number of cards, the seat's own and the cards it
  sees included, every hidden card exactly once;
* gives no seat a suit it showed it lacks (a follower off the led suit);
* replays: the deal rebuilt from the world (played + current cards) accepts
  every action of the game through the engine's validated ``apply``, so no
  follow, trump or ``high``/``top`` duty and no trump choice is broken;
* looks the same to the seat: its view of the replayed world equals its real view
  (with every card dealt and trump from the dealer's last card, that card stays his).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from joker import PRESETS, new_game, view_of
from joker.games.joker.actions import Play
from joker.games.joker.bots.sampler import sample_world, world_deal
from joker.games.joker.inference import constraints_of
from joker.cards import SUIT_MASKS, mask_of
from joker.cards import parse_cards as parse
from joker.games.joker.engine.play import led_suit
from joker.games.joker.engine.state import Phase, deal_cards_from_seed
from joker.errors import JokerError
from joker.games.joker.rules import parse_rules

RULESETS = [PRESETS[n] for n in PRESETS] + [
    parse_rules("bus-angeles(trump_choice=suit_of_seen_cards)"),
    parse_rules("bus-angeles(schedule='9,9,9',trump_choice=suit_of_seen_cards)"),
    parse_rules("raspisnoy-54(turned_joker=next_card)"),
    parse_rules("camp(schedule='6,7,8')"),
    # every card dealt: the dealer's last card, still in his hand, shows trump
    parse_rules("raspisnoy(schedule='9,8,9',empty_stock_trump=dealers_last_card)"),
]


def _position(rules_index: int, seed: int, steps: int):
    rules = RULESETS[rules_index]
    rng = random.Random(seed)
    state = new_game(rules, seed=f"sampler:{seed}")
    for _ in range(steps):
        if state.is_terminal():
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def _replay_world(state, seat, world):
    """The game rebuilt with ``world`` as the current deal and replayed action by action."""
    rules = state.rules
    n = rules.players
    deals = [
        deal_cards_from_seed(rules, state.seed, i, (state.first_dealer + i) % n) for i in range(state.deal_index)
    ]
    deals.append(world_deal(view_of(state, seat), world))
    rebuilt = new_game(rules, seed=state.seed, deals=deals, first_dealer=state.first_dealer)
    for _, a in state.actions():
        rebuilt = rebuilt.apply(a)
    return rebuilt


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules_index=st.integers(0, len(RULESETS) - 1),
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 400),
    seat_shift=st.integers(0, 9),
)
def test_samples_never_contradict_the_view(rules_index, seed, steps, seat_shift):
    state = _position(rules_index, seed, steps)
    if state.is_terminal():
        return
    rules = state.rules
    n = rules.players
    seat = (state.current_player + seat_shift) % n
    view = view_of(state, seat)
    cons = constraints_of(view)
    rng = random.Random(seed)
    deck = mask_of(rules.deck_cards)
    for _ in range(3):
        hands, stock = sample_world(cons, rng)
        # sizes, own and seen cards, every hidden card once
        assert [h.bit_count() for h in hands] == list(view.hand_sizes)
        assert hands[seat] & view.hand_mask == view.hand_mask
        for p in range(n):
            assert hands[p] & mask_of(view.known[p]) == mask_of(view.known[p])
        turned = mask_of(view.turned)
        if len(rules.deck_cards) == n * view.deal.cards:
            turned = 0  # the dealer's own last card (RULES.md §5): it is in his hand or played
        everything = stock | view.played | turned
        for h in hands:
            assert not everything & h
            everything |= h
        assert everything == deck
        # no suit a seat showed it lacks (failing to follow)
        for plays in [t.plays for t in view.tricks] + [view.trick]:
            for i in range(1, len(plays)):
                p, a = plays[i]
                led = led_suit(plays[:i])
                if type(a) is Play and led is not None and a.card // 13 != led:
                    assert not hands[p] & SUIT_MASKS[led], f"seat {p} showed no {led}"
        # the whole game replays in the world, and the seat sees the same
        rebuilt = _replay_world(state, seat, (hands, stock))
        assert view_of(rebuilt, seat) == view
        assert rebuilt.hands == hands or view.phase is Phase.TRUMP


def test_dealers_shown_last_card_stays_his():
    """Every card dealt and trump from the dealer's last card (RULES.md §5): every
    seat sees that card, so every world leaves it in the dealer's hand until he
    plays it, and the world replays to the same view."""
    rules = RULESETS[-1]
    for seed in range(12):
        state = _position(len(RULESETS) - 1, seed, 4 + seed * 3)
        if state.phase not in (Phase.BID, Phase.PLAY) or not state.turned:
            continue
        shown = state.turned[0]
        assert state.hands[state.dealer] >> shown & 1 or state.played >> shown & 1
        for seat in range(rules.players):
            view = view_of(state, seat)
            hands, stock = sample_world(constraints_of(view), random.Random(seed))
            assert stock == 0
            assert hands[state.dealer] >> shown & 1 == state.hands[state.dealer] >> shown & 1
            assert view_of(_replay_world(state, seat, (hands, stock)), seat) == view


def test_the_view_alone_decides():
    """Two states that differ only in cards the seat cannot see give the same
    constraints (the sampler reads nothing hidden)."""
    for seed in range(30):
        state = _position(0, seed, 60)
        if state.phase is not Phase.PLAY:
            continue
        seat = state.current_player
        view = view_of(state, seat)
        other = _replay_world(state, seat, sample_world(constraints_of(view), random.Random(seed)))
        assert constraints_of(view_of(other, seat)) == constraints_of(view)


def test_high_call_shows_no_higher_card():
    """Bus-angeles: after X1 high(♠) a follower playing 9♠ holds no higher spade
    (RULES.md §7: followers play their highest card of the called suit)."""
    from helpers import apply_all, bid_through, game, rules_of

    rules = rules_of("bus-angeles", schedule="3")
    s = bid_through(game(rules, ["X1 8H 7D", "9S 7S 8C", "AS KS 9C", "QS TS 9D"], turned="6H"))
    s = apply_all(s, ["X1:high:S", "9S", "AS", "QS"])
    cons = constraints_of(view_of(s, 0))
    higher_spades = mask_of([c for c in range(13 * 0 + 8, 13)])  # T♠..A♠
    assert not cons.allowed[1] & higher_spades
    assert cons.allowed[2] & SUIT_MASKS[0] & ~higher_spades  # seat 2 may still hold low spades
    rng = random.Random(1)
    for _ in range(50):
        hands, _ = sample_world(cons, rng)
        assert not hands[1] & higher_spades


def test_inconsistent_view_is_an_error():
    state = _position(0, 1, 10)
    view = view_of(state, 0)
    import dataclasses

    bad = dataclasses.replace(view, hand_sizes=tuple(h + 1 for h in view.hand_sizes))
    with pytest.raises(JokerError, match="inconsistent view"):
        constraints_of(bad)


def test_tight_constraints_never_dead_end():
    """Holders with exactly as many allowed cards as free places, and cards that
    must go to one of two seats although a third may take them: a random deal
    dead-ends often, the Hall-guided one never (tries=0 forces it)."""
    from joker.games.joker.inference import Constraints

    # found in an arena run: seat 3 may hold only the 5 hearts left and lacks 5 cards
    pool = mask_of(parse("8S 9S 7C JC 7D 8D TD JD QD KD AD 8H 9H TH JH QH"))
    hearts = mask_of(parse("8H 9H TH JH QH"))
    cons = Constraints(0, (0, 0, 0, 0), (5, 6, 0, 5), (pool, pool & ~hearts, 0, hearts), (None,) * 4, pool, 0)
    rng = random.Random(3)
    for tries in (0, 20):
        for _ in range(50):
            hands, stock = sample_world(cons, rng, tries=tries)
            assert hands[3] == hearts and not hands[1] & hearts and hands[0] | hands[1] | hands[3] == pool
    # A♠ K♠ Q♠ may go to seats 1, 2 or 3, but seats 1 and 2 (room 1 + 2) may hold
    # nothing else, so they must take all three; seat 3 (room 3) then takes three of
    # 2♥ 3♥ 4♥ 5♥ and seat 0 (room 1) the last.  Nothing is forced card by card.
    abc = mask_of(parse("AS KS QS"))
    low = mask_of(parse("2H 3H 4H 5H"))
    cons = Constraints(0, (0, 0, 0, 0), (1, 1, 2, 3), (low, abc, abc, abc | low), (None,) * 4, abc | low, 0)
    for _ in range(50):
        hands, _ = sample_world(cons, rng, tries=0)
        assert hands[1] | hands[2] == abc and hands[0] | hands[3] == low
