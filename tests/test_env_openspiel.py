"""The OpenSpiel game python_joker (joker.env.openspiel): OpenSpiel's own
random-simulation checks for every preset, the chance structure worked by
hand, returns against the engine, hidden information, resampling and ISMCTS."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from joker import parse_card, view_of
from joker.env.openspiel import GAME_NAME, load, params_from_rules, rules_from_params
from joker.errors import JokerError
from joker.games.joker.rules import PRESETS, preset

# Short whole games per preset (raspisnoy's special deals are appended to the schedule).
SHORT = {
    "bus-angeles": "1;2|9",
    "camp": "2;1",
    "raspisnoy": "2;",
    "raspisnoy-54": "1;",
    "georgian": "9;1",
    "georgian-6": "2;",
    "rotating-trumps": "3;",
    "oh-hell": "",
}


def game(**params) -> pyspiel.Game:
    return pyspiel.load_game(GAME_NAME, params)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_random_simulation_one_deal(name):
    pyspiel.random_sim_test(game(preset=name, episode="deal"), num_sims=16, serialize=True, verbose=False)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_random_simulation_short_game(name):
    pyspiel.random_sim_test(game(preset=name, schedule=SHORT[name]), num_sims=2, serialize=True, verbose=False)


def test_random_simulation_full_game():
    """A whole bus-angeles game: 24 deals, dealt card by card."""
    pyspiel.random_sim_test(game(), num_sims=1, serialize=True, verbose=False)


def chance(state, outcome: int) -> None:
    assert state.is_chance_node()
    outcomes = dict(state.chance_outcomes())
    assert outcome in outcomes and sum(outcomes.values()) == pytest.approx(1.0)
    state.apply_action(outcome)


def test_chance_structure_by_hand():
    """bus-angeles: seat 4 deals first (RULES.md §3), so the first card goes to seat 1
    (player 0); one card each, then the turned card fixes trump (§5)."""
    g = game(schedule="1;9")
    s = g.new_initial_state()
    assert s.is_chance_node() and len(s.chance_outcomes()) == 36
    assert all(p == pytest.approx(1 / 36) for _, p in s.chance_outcomes())
    for c in ["AH", "KH", "7S", "QD", "JC"]:
        assert s.action_to_string(pyspiel.PlayerId.CHANCE, parse_card(c)) == f"card {c}"
        chance(s, parse_card(c))
    assert s.current_player() == 0
    gs = s.game_state
    assert [gs.hands[p] for p in range(4)] == [1 << parse_card(c) for c in ["AH", "KH", "7S", "QD"]]
    assert gs.trump == 1  # clubs
    assert [s.action_to_string(0, a) for a in s.legal_actions()] == ["b0", "b1"]
    for a in ["b1", "b0", "b0", "b1", "AH", "KH", "7S", "QD"]:  # the dealer may not say b0
        s.apply_action(s.string_to_action(a))
    # deal 2: nine cards each, dealt from seat 2 (dealer seat 1); 36 cards, no stock, trump chosen
    assert s.is_chance_node() and len(s.chance_outcomes()) == 36
    assert s.game_state.results[-1].scores == (100, 50, 50, -100)
    assert s.returns() == [0.0] * 4
    cards = [c for c, _ in s.chance_outcomes()]
    for c in cards:
        chance(s, c)
    assert s.current_player() == 1 and s.game_state.phase.value == "trump"
    assert s.game_state.hands[1] & (1 << cards[0])


def test_chance_in_one_deal_mode_and_drawn_dealers():
    s = game(episode="deal").new_initial_state()
    assert [a for a, _ in s.chance_outcomes()] == list(range(24))  # which deal of the schedule
    assert s.action_to_string(pyspiel.PlayerId.CHANCE, 8) == "deal 9 of the schedule (9)"
    s.apply_action(8)
    assert [a for a, _ in s.chance_outcomes()] == [0, 1, 2, 3]  # its dealer
    s.apply_action(2)
    assert len(s.chance_outcomes()) == 36
    s = game(preset="camp").new_initial_state()
    assert [a for a, _ in s.chance_outcomes()] == [0, 1, 2, 3]  # camp draws the first dealer


def play_random(state, rng: random.Random):
    while not state.is_terminal():
        if state.is_chance_node():
            acts, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(acts, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_returns_are_the_engines_scores():
    rng = random.Random(1)
    s = play_random(game(schedule="1;2|2;1").new_initial_state(), rng)
    assert s.returns() == list(map(float, s.game_state.scores()))
    s = play_random(game(preset="georgian", episode="deal").new_initial_state(), rng)
    assert s.returns() == list(map(float, s.game_state.results[-1].scores))
    g = game()
    assert g.min_utility() < 0 < g.max_utility()


def test_other_seats_hidden_cards_do_not_change_player_0s_observations():
    """Two deals differing only by a card swapped between seats 2 and 3 (players 1
    and 2), played alike: player 0's tensors and strings never differ."""
    g = game(schedule="6;")
    rng = random.Random(7)
    checked = 0
    for trial in range(6):
        deck = list(PRESETS["bus-angeles"].deck_cards)
        rng.shuffle(deck)
        # dealer seat 4 (player 3): card k goes to player k % 4
        i, j = 1 + 4 * rng.randrange(6), 2 + 4 * rng.randrange(6)
        other = deck[:]
        other[i], other[j] = other[j], other[i]
        a, b = g.new_initial_state(), g.new_initial_state()
        for k in range(25):
            for s, c in ((a, deck[k]), (b, other[k])):
                s.apply_action(c)
            assert a.observation_tensor(0) == b.observation_tensor(0)
        assert a.observation_tensor(1) != b.observation_tensor(1)
        while not a.is_terminal():
            assert a.observation_tensor(0) == b.observation_tensor(0)
            assert a.information_state_tensor(0) == b.information_state_tensor(0)
            assert a.observation_string(0) == b.observation_string(0)
            assert a.information_state_string(0) == b.information_state_string(0)
            checked += 1
            common = sorted(set(a.legal_actions()) & set(b.legal_actions()))
            if not common:
                break
            move = rng.choice(common)
            a.apply_action(move)
            b.apply_action(move)
    assert checked > 40


def test_strings_and_tensors():
    g = game(schedule="2;")
    s = g.new_initial_state()
    for c in ["AH", "KH", "7S", "QD", "X1", "9C", "TD", "8S", "JC"]:
        s.apply_action(parse_card(c))
    assert s.observation_string(0).startswith("P1 deal 1 (2) dealer 4 bid trump ♣ turned JC hand: AH X1 | bids - - - -")
    assert s.information_state_string(1) == "P2 [deal 1: 2 cards normal, dealer 4, turned JC] | hand: 9C KH"
    s.apply_action(81)  # b0
    assert s.information_state_string(1).endswith("turned JC] 1:b0 | hand: 9C KH")
    assert len(s.observation_tensor(0)) == g.observation_tensor_size()
    assert len(s.information_state_tensor(0)) == g.information_state_tensor_size()
    assert s.legal_actions(0) == [] and s.legal_actions(1) == [81, 82, 83]


@pytest.mark.parametrize("name, schedule", [("bus-angeles", "9;"), ("raspisnoy", "1:forehead"), ("camp", "5;")])
def test_resample_from_infostate(name, schedule):
    """Resampled states look the same to the player, and hold what he cannot see
    elsewhere — consistently with the cards played (their deal replays legally)."""
    opts = {"preset": name, "schedule": schedule}
    if name == "raspisnoy":
        opts["options"] = "specials:"
    g = game(**opts)
    rng = random.Random(name)
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)  # seeded
    changed = checked = 0
    for trial in range(4):
        s = g.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                acts, probs = zip(*s.chance_outcomes())
                s.apply_action(rng.choices(acts, probs)[0])
                continue
            p = s.current_player()
            r = s.resample_from_infostate(p, sampler)
            assert r.information_state_string(p) == s.information_state_string(p)
            assert r.information_state_tensor(p) == s.information_state_tensor(p)
            assert r.observation_tensor(p) == s.observation_tensor(p)
            assert r.legal_actions() == s.legal_actions()
            assert r.game_state.actions() == s.game_state.actions()
            changed += str(r) != str(s)
            checked += 1
            s.apply_action(rng.choice(s.legal_actions()))
    assert checked > 10 and changed > checked // 3
    with pytest.raises(JokerError, match="decision node"):
        g.new_initial_state().resample_from_infostate(0, sampler)


# every preset, and the variants whose views say most about hidden cards
RESAMPLED = [(name, "", "") for name in sorted(PRESETS)] + [
    ("bus-angeles", "9;9;9", "trump_choice:suit_of_seen_cards"),  # the chooser held a card of his trump
    ("raspisnoy-54", "", "turned_joker:next_card"),
    ("camp", "6;7;8", ""),  # camp's top: followers play their highest
    ("raspisnoy", "9;8;9", "empty_stock_trump:dealers_last_card;specials:"),  # the shown card stays the dealer's
]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    which=st.integers(0, len(RESAMPLED) - 1),
    episode=st.sampled_from(["deal", "game"]),
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 60),
    shift=st.integers(0, 9),
)
def test_resampled_worlds_reproduce_the_view(which, episode, seed, steps, shift):
    """At random positions reached by random play, every resampled state shows
    the seat exactly its view (``view_of`` equal: own cards, cards seen, every
    play and the legal actions), and its deal holds every card of the deck once."""
    name, schedule, options = RESAMPLED[which]
    g = game(preset=name, schedule=schedule, options=options, episode=episode)
    rng = random.Random(seed)
    s = g.new_initial_state()
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(rng.choice([a for a, _ in s.chance_outcomes()]))
        elif steps == 0:
            break
        else:
            steps -= 1
            s.apply_action(rng.choice(s.legal_actions()))
    if s.is_terminal():
        return
    gs = s.game_state
    seat = (s.current_player() + shift) % gs.rules.players
    view = view_of(gs, seat)
    sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
    for _ in range(3):
        r = s.resample_from_infostate(seat, sampler)
        assert view_of(r.game_state, seat) == view
        deal = r.game_state.explicit[-1]
        cards = [c for h in deal.hands for c in h] + ([] if deal.turned is None else [deal.turned]) + list(deal.stock)
        assert sorted(cards) == sorted(gs.rules.deck_cards)
        assert r.game_state.explicit[:-1] == gs.explicit[:-1]
        assert r.information_state_string(seat) == s.information_state_string(seat)


def test_ismcts_plays_a_deal():
    from open_spiel.python.algorithms import ismcts, mcts

    g = game(episode="deal", schedule="3;9")
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(g, evaluator, uct_c=300.0, max_simulations=20, random_state=np.random.RandomState(2))
    rng = np.random.RandomState(3)
    for _ in range(2):
        s = g.new_initial_state()
        decisions = 0
        while not s.is_terminal():
            if s.is_chance_node():
                acts, probs = zip(*s.chance_outcomes())
                s.apply_action(int(rng.choice(acts, p=probs)))
            else:
                a = bot.step(s)
                assert a in s.legal_actions()
                s.apply_action(a)
                decisions += 1
        assert decisions >= 3 * 4 + 4


def test_parameters():
    r = rules_from_params({"preset": "camp", "players": 5, "schedule": "1;2|9:dark", "options": "khishti:-500"})
    assert r == preset("camp").replace(players=5, schedule="1,2|9:dark", khishti=-500)
    p = params_from_rules(r, "deal")
    assert p["schedule"] == "1;2|9:dark" and p["options"] == "khishti:-500" and p["episode"] == "deal"
    assert rules_from_params(p) == r
    g = load("camp(players=5,schedule='1,2|9:dark',khishti=-500)", "deal")
    assert g.num_players() == 5 and "khishti:-500" in str(g)
    assert params_from_rules(preset("camp").replace(schedule="9"))["schedule"] == "9;"
    assert load(preset("camp").replace(schedule="9")).max_game_length() == 9 * 4 + 4
    assert pyspiel.load_game(str(g)).get_parameters() == g.get_parameters()
    with pytest.raises(JokerError, match="name:value"):
        rules_from_params({"options": "khishti=-500"})
    with pytest.raises(JokerError, match="unknown parameter"):
        rules_from_params({"seed": 1})
    with pytest.raises(JokerError, match="episode"):
        game(episode="hand")
