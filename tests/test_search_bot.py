"""The search bot in hand-built positions where the right choice is forced or
clearly best (each expectation worked by hand beside it, RULES.md §6–§8), the
heuristic bot's scenarios from the terminal issue, its budget and levels, and
whole games under every preset."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from joker import PRESETS, DealCards, Phase, new_game, parse_card, parse_cards, preset, view_of
from joker.bots import BOTS, make_bot
from joker.games.joker.bots.search import LEVELS, Budget, SearchBot, premium_at_stake
from joker.errors import JokerError
from joker.match.simulate import play_game

SEEDS = (0, 1, 2)


def position(rules, hands, turned, actions, dealer=3):
    deal = DealCards(tuple(tuple(parse_cards(h)) for h in hands), None if turned is None else parse_card(turned))
    state = new_game(rules, seed=0, deals=[deal], first_dealer=dealer)
    for a in actions:
        state = state.apply(a)
    return state


def choices(state, level="medium"):
    """The level's choices over several seeds, its whole budget of worlds each (no
    wall-clock cap: a numba compile or a busy machine must not change the answer)."""
    view = view_of(state, state.current_player)
    budget = replace(LEVELS[level], seconds=600.0)
    out = set()
    for seed in SEEDS:
        a = SearchBot(seed, level, budget=budget).choose(view)
        assert a in view.legal_actions
        out.add(str(a))
    return out


# -- forced choices ---------------------------------------------------------------
def test_needing_every_trick_with_the_joker_and_two_top_trumps():
    # 3-card deal, ♥ trump (7♥ turned); seat 2 deals, so seat 3 bids first and leads.
    # Seat 0 bid 3 with X1 A♥ K♥.  Seat 3 leads A♠; seat 0 is void in spades: the
    # joker low loses this trick, so the bid is gone; A♥, K♥ or the joker high take
    # it, and then A♥/K♥/X1 led take the last two (RULES.md §7).
    rules = preset("bus-angeles").replace(schedule="3")
    hands = ["X1 AH KH", "JS TS 9S", "8S 7S AD", "AS KS QS"]
    state = position(rules, hands, "7H", ["b0", "b3", "b0", "b1", "AS"], dealer=2)
    assert state.current_player == 0 and state.bids == (3, 0, 1, 0)
    picked = choices(state)
    assert "X1:low" not in picked
    assert picked <= {"AH", "KH", "X1:high"}


def test_needing_none_with_a_joker_in_hand():
    # 2-card deal, ♥ trump; seat 0 deals and bid 0 (after 0, 1, 0 its 0 is allowed:
    # the forbidden bid is 1).  Seat 1 leads 7♠, then 8♠, 9♠: seat 0, last, holds X1 A♠.
    # A♠ or the joker high win the trick; only the joker low loses it (then 9♣ led
    # beats his A♠, which can neither follow nor trump).
    rules = preset("bus-angeles").replace(schedule="2")
    hands = ["X1 AS", "7S 7C", "8S 8C", "9S 9C"]
    state = position(rules, hands, "7H", ["b0", "b1", "b0", "b0", "7S", "8S", "9S"], dealer=0)
    assert state.current_player == 0
    assert choices(state) == {"X1:low"}


# -- the heuristic bot's scenarios (tests/test_bots.py) ------------------------------
def test_dealer_with_trump_ace_and_a_low_club_bids_zero_not_two():
    # The heuristic bot's scenario with a different answer.  2-card deal, ♥ trump;
    # the dealer (seat 3) holds A♥ 7♣ and may not bid 1 (sum 2, RULES.md §6).
    # A♥ takes a trick (only a joker high beats it); 7♣ — the lowest club of the
    # deck — takes one only if clubs are led and nobody follows higher or trumps.
    # b2 made scores 200 but under −150 (RULES.md §8); b0 over by one scores +10.
    # By expected score b0 is the bid.
    rules = preset("bus-angeles").replace(schedule="2")
    state = position(rules, ["8S 9D", "TS JD", "QD KS", "AH 7C"], "6H", ["b0", "b0", "b1"])
    assert [str(a) for a in view_of(state, 3).legal_actions] == ["b0", "b2"]
    assert choices(state) == {"b0"}


def test_bid_all_never_leads_the_low_trump_first():
    # Bid 3 with K♥ Q♥ 9♥ (♥ trump), leading: 9♥ first loses to any 10♥/J♥.
    rules = preset("bus-angeles").replace(schedule="3")
    state = position(rules, ["KH QH 9H", "7S 8S 9S", "7C 8C 9C", "7D 8D 9D"], "6H", ["b3", "b0", "b0", "b1"])
    assert choices(state) <= {"KH", "QH"}


def test_joker_low_escapes_with_two_tricks_left():
    # Seat 1 bid 0 holding X1 A♠; 7♠ led: A♠ would win, the joker low surely loses.
    rules = preset("bus-angeles").replace(schedule="2")
    state = position(rules, ["7S 8D", "X1 AS", "9S TD", "KD QC"], "6D", ["b1", "b0", "b0", "b0", "7S"])
    assert choices(state) == {"X1:low"}


def test_takes_the_needed_trick_with_the_card_it_must_not_keep():
    # The heuristic bot's scenario with a different answer.  3-card deal, ♦ trump;
    # seat 3 (last to play) bid 1; 7♠ led, J♣ and Q♣ followed (seats 1 and 2 are
    # void in spades and in trumps).  8♠ and A♠ both win this trick, the one it
    # needs; afterwards it wants none.  Kept, A♠ wins any later spade lead (only
    # seat 0 can hold spades); kept, 8♠ loses to any spade of seat 0's but 7♠
    # (played).  So A♠ now: the heuristic's "cheapest winner" (8♠) is the error.
    rules = preset("bus-angeles").replace(schedule="3")
    state = position(
        rules, ["7S 9D 7C", "JC 8C TH", "QC 9H TC", "8S AS KH"], "6D", ["b1", "b0", "b0", "b1", "7S", "JC", "QC"]
    )
    assert choices(state) == {"AS"}


# -- budget, levels, registry --------------------------------------------------------
def test_budget_bounds_the_worlds():
    rules = preset("bus-angeles").replace(schedule="3")
    state = position(rules, ["TS 9D 7C", "KS 8S 9C", "7S JC QD", "AC 8D TH"], "6D", ["b1", "b0", "b1", "b0", "TS"])
    bot = SearchBot(0, budget=Budget(worlds=8, playouts=1, seconds=60.0, batch=4))
    bot.choose(view_of(state, 1))
    assert bot.last_worlds == 8
    # a zero time cap still evaluates one batch
    bot = SearchBot(0, budget=Budget(worlds=100, playouts=1, seconds=0.0, batch=4))
    bot.choose(view_of(state, 1))
    assert bot.last_worlds == 4


def test_levels_and_registry():
    assert set(LEVELS) == {"medium", "hard"}
    assert make_bot("easy", 1).name == "heuristic"
    assert make_bot("medium", 1).name == "search" and make_bot("search", 1).name == "search"
    assert make_bot("hard", 1).name == "search-hard" and "search-hard" in BOTS
    assert LEVELS["hard"].worlds > LEVELS["medium"].worlds
    with pytest.raises(JokerError, match="unknown search level"):
        SearchBot(0, "expert")


def test_time_cap_in_the_bot_name():
    """``search@40ms``: the level's budget with another time cap (for equal-time matches)."""
    bot = make_bot("search@40ms", 1)
    assert bot.budget == replace(LEVELS["medium"], seconds=0.04)
    assert make_bot("hard@1.5s", 1).budget == replace(LEVELS["hard"], seconds=1.5)
    assert make_bot("search-hard@2", 1).budget.seconds == 2.0
    for name, error in [("heuristic@40ms", "has no time cap"), ("search@fast", "bad time per decision 'fast'"),
                        ("search@0ms", "bad time"), ("genius@40ms", "unknown bot 'genius'")]:
        with pytest.raises(JokerError, match=error):
            make_bot(name, 1)


def test_deterministic_given_the_seed():
    """Same seed, same game — while the time cap does not cut a decision short
    (it is wall-clock time: a busy machine or a numba compile would change the
    worlds counted), so the cap here is far away."""
    state = new_game(preset("bus-angeles").replace(schedule="5,9"), seed=4)
    budget = Budget(worlds=48, playouts=1, seconds=600.0)

    def seats():
        return [SearchBot(1, budget=budget), make_bot("heuristic", 2), SearchBot(3, budget=budget),
                make_bot("heuristic", 4)]

    a = play_game(state.rules, seats(), 4)
    b = play_game(state.rules, seats(), 4)
    assert a.actions() == b.actions()


def test_premium_at_stake_counts_only_while_every_bid_was_made():
    # Block 1 of bus-angeles: deals of 1 and 2 cards here; after deal 1 the seat that
    # made its bid keeps a premium in play, the others do not.
    rules = preset("bus-angeles").replace(schedule="1,2")
    state = new_game(rules, seed=3)
    while state.deal_index == 0:
        state = state.apply(state.legal_actions()[0])
    made = state.results[0].made
    for seat in range(4):
        v = view_of(state, seat)
        stake = premium_at_stake(v, 1)
        if made[seat]:
            # last deal of the block: 2 × (made score for bid 1 = 100 + the next seat's best positive score)
            nxt = state.results[0].scores[(seat + 1) % 4]
            assert stake == 2 * (100 + max(nxt, 0))
        else:
            assert stake == 0
    none_rules = preset("georgian").replace(schedule="1,2")
    assert premium_at_stake(view_of(new_game(none_rules, seed=1), 0), 1) == 0


@pytest.mark.parametrize("name", list(PRESETS))
def test_whole_games_under_every_preset(name):
    # deals of 2, 3 and 9 cards (trump choice where the preset has it), then the
    # preset's special deals (Raspisnoy: dark, gold, misère, no-trump, forehead)
    rules = PRESETS[name]
    if len(rules.deals) > 1:
        rules = rules.replace(schedule="2,3,9")
    n = rules.players
    bots = [
        SearchBot(s, budget=Budget(worlds=8, playouts=1)) if s % 2 == 0 else make_bot("heuristic", s) for s in range(n)
    ]
    state = play_game(rules, bots, f"search:{name}")
    assert state.is_terminal() and len(state.results) == len(rules.deals)


@pytest.fixture
def evaluated(monkeypatch):
    """Every call of the bid evaluation, recorded: ``(worlds, targets, bids)`` copies
    (the worlds, the bids aimed at per world and seat, the candidate bids)."""
    import joker.games.joker.bots.search as search_module

    seen = []
    real = search_module.FP.evaluate_bids

    def spy(worlds, weights, leader, targets, params, me, bids, *rest):
        seen.append((worlds.copy(), targets.copy(), bids.tolist()))
        real(worlds, weights, leader, targets, params, me, bids, *rest)

    monkeypatch.setattr(search_module.FP, "evaluate_bids", spy)
    return seen


def first_bid_view(seed):
    """A 9-card bus-angeles deal's first bidder, three bids to come (the trump
    chosen first, RULES.md §5 rule 3)."""
    state = new_game(preset("bus-angeles").replace(schedule="9"), seed=seed)
    while state.phase is not Phase.BID:
        state = state.apply(state.legal_actions()[0])
    view = view_of(state, state.current_player)
    assert view.bids == (None,) * 4
    return view


def test_later_bid_shift_lowers_the_guessed_bids(evaluated):
    """Budget.later_bid_shift: the bids still to come are guessed from playouts
    minus the shift (× cards / 9), never below 0."""
    view = first_bid_view(5)
    later = [(view.seat + i) % 4 for i in (1, 2, 3)]
    guesses = {}
    for shift in ((), (9.0, 9.0, 9.0), (0.0, 0.0, 2.0)):
        evaluated.clear()
        SearchBot(3, budget=Budget(worlds=64, seconds=60.0, later_bid_shift=shift)).choose(view)
        guesses[shift] = np.concatenate([t for _, t, _ in evaluated])[:, later]
    plain, zero, two = guesses[()], guesses[(9.0, 9.0, 9.0)], guesses[(0.0, 0.0, 2.0)]
    assert plain.mean() > 1.0 and zero.max() <= 1  # (the dealer may be moved off his forbidden bid)
    assert 1.0 < plain.mean() - two.mean() <= 2.5 and two.min() >= 0


def test_bid_prune_stops_evaluating_bids_far_behind(evaluated):
    """Budget.bid_prune: after two batches of worlds the bids trailing the best
    by more than the margin are no longer played out, and the bid chosen is one
    still evaluated; without it every legal bid is evaluated on every batch."""
    view = first_bid_view(11)
    legal = [a.tricks for a in view.legal_actions]
    for prune in (None, 0.5):
        evaluated.clear()
        bid = SearchBot(2, budget=Budget(worlds=256, batch=32, seconds=600.0, bid_prune=prune)).choose(view).tricks
        seen = [bids for _, _, bids in evaluated]
        assert seen[0] == legal and seen[1] == legal  # the first two batches: every bid
        if prune is None:
            assert all(s == legal for s in seen)
        else:
            assert len(seen[-1]) < len(legal) // 2  # 10 bids of 9 cards: most are far from the best
            assert bid in seen[-1]


def test_later_bids_own_guesses_each_later_bid_from_that_seats_own_cards(evaluated):
    """Budget.later_bids = "own": in every world a seat still to bid is guessed to
    bid what the heuristic bot's bid model says for that world's hand of his (the
    dealer kept off his forbidden bid, RULES.md §6); "playout" guesses differ."""
    from joker.games.joker.bots.heuristic import BidModel

    view = first_bid_view(5)
    rules, dealer = view.rules, view.dealer
    later = [(view.seat + i) % 4 for i in (1, 2, 3)]
    models = {q: BidModel(view, q) for q in later}
    guesses = {}
    for mode in ("own", "playout"):
        evaluated.clear()
        SearchBot(3, budget=Budget(worlds=64, seconds=60.0, later_bids=mode)).choose(view)
        guesses[mode] = np.concatenate([t for _, t, _ in evaluated])[:, later]
        if mode == "own":
            for worlds, targets, _ in evaluated:
                for hands, row in zip(worlds, targets):
                    for q in later:
                        assert row[q] == models[q].bid(int(hands[q]), [int(row[p]) for p in range(4) if p != q])
                    others = [int(row[p]) for p in range(4) if p != dealer]
                    assert row[dealer] != rules.forbidden_dealer_bid(9, others)
    assert not np.array_equal(guesses["own"], guesses["playout"])


def test_bid_model_bids_what_the_hand_can_take():
    """heuristic.BidModel, worked by hand (bus-angeles, 9 cards, ♥ trump, RULES.md
    §8): both jokers with the trump ace, king and queen are at least four tricks;
    a hand of seven- and eight-spot side cards and the ♦ and ♣ nines is none; the
    dealer never says the bid that would make the sum 9 (§6)."""
    from joker.games.joker.bots.heuristic import BidModel
    from joker.cards import mask_of

    rules = preset("bus-angeles").replace(schedule="9")
    hands = ["X1 X2 AH KH QH 7S 8S 7C 8C", "9S TS JS QS KS AS 9C TC JC",
             "QC KC AC 6D 7D 8D 9D TD JD", "QD KD AD 6H 7H 8H 9H TH JH"]
    state = new_game(rules, seed=0, deals=[DealCards(tuple(tuple(parse_cards(h)) for h in hands), None)],
                     first_dealer=3).apply("trump:H")
    view = view_of(state, 0)  # seat 0 bids first; seats 1, 2 and 3 (the dealer) after him
    assert view.phase is Phase.BID and view.seat == 0
    model = BidModel(view, 1)
    assert model.bid(mask_of(parse_cards(hands[0])), [0, 0, 0]) >= 4
    assert model.bid(mask_of(parse_cards("7S 8S 7C 8C 9C 7D 8D 9D 6D")), [0, 0, 0]) == 0
    dealer = BidModel(view, 3)
    hand = mask_of(parse_cards(hands[3]))
    free = dealer.bid(hand, [0, 0, 0])
    assert 1 <= free <= 8
    assert dealer.bid(hand, [9 - free, 0, 0]) != free


def test_budget_refuses_an_unknown_later_bid_model():
    with pytest.raises(JokerError, match="later_bids"):
        Budget(later_bids="clairvoyant")
