"""Durak's RL environments (issue 21 item 8): the game's RL plug-in
(joker.games.durak.rl) through the generic PettingZoo and Gymnasium adapters
(their own api_test and check_env), the OpenSpiel game python_durak (its own
random_sim_test), the one action codec on random positions of every preset,
masks, rewards, and observations that see only the seat's view."""

from __future__ import annotations

import random
import re
import warnings
from dataclasses import replace
from pathlib import Path

import gymnasium
import numpy as np
import pyspiel
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, render_test, seed_test

from joker import registry
from joker.cards import cards_in, mask_of, parse_card
from joker.env.gymnasium import ENV_ID
from joker.env.openspiel_durak import GAME_NAME, deal_of_order, load, params_from_rules, rules_from_params
from joker.env.pettingzoo import env, raw_env
from joker.errors import JokerError
from joker.games.durak.actions import DONE, PASS, TAKE, Attack, Beat, Show, Transfer
from joker.games.durak.engine.state import DurakState, new_game
from joker.games.durak.engine.views import view_of
from joker.games.durak.rl import PLUGIN
from joker.games.durak.rl.codec import CODEC, SIZE, card_of, slot_of
from joker.games.durak.rl.observation import ObservationLayout
from joker.games.durak.rules import PRESETS, preset

DOCS = Path(__file__).resolve().parents[1] / "docs" / "environments.md"

# Every preset at every table size, and the options that change the decisions.
RULES = [str(r.replace(players=p)) for r in PRESETS.values() for p in (2, 3, 4)] + [
    "durak(show_trump=once_per_bout,throw_in=neighbours,first_bout_limit=5)",
    "durak-36(players=3,show_trump=off,games=2,next_game_lead=onto_fool)",
]


@pytest.fixture(autouse=True)
def _quiet():
    # api_test warns that dict observations are "not a NumPy array" (true of every classic game).
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


def random_states(rules: str, games: int, seed: int):
    """Every state of ``games`` random games (random legal play) of ``rules``."""
    rng = random.Random(seed)
    r = PLUGIN.episodes(rules).rules
    for g in range(games):
        s = new_game(r, f"{seed}:{g}")
        while not s.is_terminal():
            yield s
            s = s.apply(rng.choice(s.legal_actions()))
        yield s


# -- the codec -------------------------------------------------------------------------
def test_codec_layout_is_a_bijection():
    assert SIZE == CODEC.size == 1479
    assert [slot_of(card_of(i)) for i in range(38)] == list(range(38))
    assert slot_of(parse_card("6S")) == 0 and slot_of(parse_card("AH")) == 35
    assert slot_of(parse_card("X1")) == 36 and slot_of(parse_card("X2")) == 37
    for i in range(SIZE):
        assert CODEC.encode(CODEC.decode(i)) == i
    assert CODEC.decode(0) == Attack(parse_card("6S"))
    assert CODEC.decode(36 + 0 * 38 + 37) == Beat(parse_card("X2"), parse_card("6S"))
    assert CODEC.decode(1404) == Transfer(parse_card("6S")) and CODEC.decode(1440) == Show(parse_card("6S"))
    assert [CODEC.decode(i) for i in (1476, 1477, 1478)] == [TAKE, DONE, PASS]
    assert CODEC.string_to_action("KC/8C") == 36 + slot_of(parse_card("8C")) * 38 + slot_of(parse_card("KC"))
    assert CODEC.action_to_string(1476) == "take"


@pytest.mark.parametrize("bad", [-1, SIZE, 2.5, "3", None, True])
def test_codec_refuses_bad_ids(bad):
    with pytest.raises(JokerError):
        CODEC.decode(bad)


def test_codec_refuses_non_actions():
    for bad in (Attack(parse_card("X1")), Attack(parse_card("2S")), Beat(parse_card("AS"), parse_card("X1")), "take"):
        with pytest.raises(JokerError):
            CODEC.encode(bad)


@pytest.mark.parametrize("rules", RULES)
def test_codec_round_trips_every_legal_action_and_the_mask_is_the_legal_set(rules):
    positions = 0
    for s in random_states(rules, 3, seed=len(rules)):
        seat = s.current_player
        legal = s.legal_actions()
        ids = [CODEC.encode(a) for a in legal]
        assert len(set(ids)) == len(ids)
        for a, i in zip(legal, ids):
            assert CODEC.decode(np.int64(i)) == a
            assert CODEC.string_to_action(str(a)) == i
        if seat is None:
            assert not legal
            continue
        for p in range(s.players):
            m = CODEC.mask(view_of(s, p))
            assert m.dtype == np.int8 and m.shape == (SIZE,)
            expected = set(ids) if p == seat else set()
            assert set(np.flatnonzero(m).tolist()) == expected
        assert CODEC.legal_ids(view_of(s, seat)) == sorted(ids)
        positions += 1
    assert positions > 100


# -- the observation -------------------------------------------------------------------
def redeal_unseen(s: DurakState, seat: int, rng: random.Random) -> DurakState:
    """``s`` with every card ``seat`` cannot see dealt anew: the unknown cards of the
    other hands, every face-down prikup (its own too), the stock but the turned trump
    (and the hidden trump once shown); each hand, prikup and the stock keep their size."""
    public = {s.turned} | ({s.hidden} if s.hidden_shown else set())
    pool: list[int] = []
    for t in range(s.players):
        if t != seat:
            pool += cards_in(s.hands[t] & ~s.known[t])
        pool += cards_in(s.prikups[t])
    pool += [c for c in s.stock if c not in public]
    rng.shuffle(pool)
    hands, prikups = list(s.hands), list(s.prikups)
    for t in range(s.players):
        if t != seat:
            k = (s.hands[t] & ~s.known[t]).bit_count()
            hands[t] = s.known[t] | mask_of(pool[:k])
            del pool[:k]
        k = s.prikups[t].bit_count()
        prikups[t] = mask_of(pool[:k])
        del pool[:k]
    stock = []
    for c in s.stock:
        if c in public:
            stock.append(c)
        else:
            stock.append(pool.pop(0))
    assert not pool
    return replace(s, hands=tuple(hands), prikups=tuple(prikups), stock=tuple(stock))


@pytest.mark.parametrize("rules", RULES)
def test_observation_is_unchanged_when_unseen_cards_are_dealt_differently(rules):
    eps = PLUGIN.episodes(rules)
    rng = random.Random(7)
    changed = 0
    for i, s in enumerate(random_states(rules, 2, seed=3)):
        if i % 3:
            continue
        for seat in range(s.players):
            other = redeal_unseen(s, seat, rng)
            changed += other.hands != s.hands or other.prikups != s.prikups or other.stock != s.stock
            a, b = view_of(s, seat), view_of(other, seat)
            start = eps.start(random.Random(0))
            assert np.array_equal(eps.observe(a, start), eps.observe(b, start))
            assert np.array_equal(CODEC.mask(a), CODEC.mask(b))
    assert changed > 20


def test_observation_segments_hold_the_view():
    rules = preset().replace(players=3)
    layout = ObservationLayout(rules)
    s = new_game(rules, 5)
    for _ in range(15):
        s = s.apply(s.legal_actions()[0])
    seat = s.current_player
    v = view_of(s, seat)
    seg = layout.split(layout.encode(v))
    assert [card_of(i) for i in np.flatnonzero(seg["hand"])] == sorted(v.hand, key=slot_of)
    assert seg["seat"][seat] == 1 and seg["to_move"][0] == 1
    assert seg["turned"][slot_of(v.turned)] == 1
    assert seg["stock"][0] == pytest.approx(v.stock / 38)
    assert seg["hand_sizes"][1] == pytest.approx(v.hand_sizes[(seat + 1) % 3] / 38)
    for i, (a, d) in enumerate(zip(v.attack, v.defence)):
        assert seg["table"][i, 0, slot_of(a)] == 1
        assert seg["table"][i, 1].sum() == (0 if d is None else 1)
    assert sorted(card_of(i) for i in np.flatnonzero(seg["discard"])) == sorted(v.discard)


def test_docs_observation_table_matches_the_code():
    text = DOCS.read_text(encoding="utf-8")
    m = re.search(r"<!-- observation-table:durak -->\n(.*?)<!-- /observation-table -->", text, re.S)
    assert m, "docs/environments.md lacks the Durak observation table"
    layout = ObservationLayout(preset())
    rows = [f"| `{s.name}` | {s.offset} | {s.size} | {' × '.join(map(str, s.shape))} |" for s in layout.segments]
    table = "\n".join(["| segment | offset | size | shape |", "|---|---|---|---|", *rows])
    assert m.group(1).strip() == f"{table}\n\ntotal: {layout.size} values (4 players)"


# -- episodes and rewards --------------------------------------------------------------
@pytest.mark.parametrize("reward", [None, "fool"])
def test_rewards_add_up_per_game(reward):
    rules = "durak-36(players=3,games=2,next_game_lead=onto_fool)"
    e = raw_env(rules, game="durak", reward=reward, reward_scale=2.0)
    e.reset(seed=4)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    rng = np.random.default_rng(0)
    for agent in e.agent_iter():
        obs, rew, terminated, truncated, _ = e.last()
        totals[agent] += rew
        e.step(None if terminated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    state = e.state
    fools = state.fools()
    got = [totals[a] for a in e.possible_agents]
    if reward == "fool":
        assert got == [2.0 * x for x in state.scores()]
    else:
        decided = sum(1 for f in state.results if f is not None)
        assert got == pytest.approx([2.0 * (-f + (decided - f) / 2) for f in fools])
        assert sum(got) == pytest.approx(0.0)


def test_bad_options_are_named():
    for kwargs, match in [({"episode": "deal"}, "episode"), ({"reward": "points"}, "reward"),
                          ({"deal": 1}, "deal"), ({"reward_scale": 0}, "reward_scale")]:
        with pytest.raises(JokerError, match=match):
            env("durak", game="durak", **kwargs)


# -- PettingZoo ------------------------------------------------------------------------
@pytest.mark.parametrize("rules", ["durak", "durak-36(players=2)", "durak(players=3,games=2)"])
def test_pettingzoo_api(rules):
    e = env(rules, game="durak")
    assert str(e.unwrapped) == "durak_v0"
    api_test(e, num_cycles=1000)


def test_pettingzoo_seed_and_render():
    seed_test(lambda: env("durak(players=3)", game="durak"), num_cycles=300)
    render_test(lambda render_mode=None: env("durak", game="durak", render_mode=render_mode),
                custom_tests={"ansi": lambda text: text.startswith("durak: game 1 of 1") and "seat 4" in text})


# -- Gymnasium -------------------------------------------------------------------------
@pytest.mark.parametrize("kwargs", [{"preset": "durak"}, {"preset": "durak-36(players=2)", "seat": None}])
def test_gymnasium_check_env(kwargs):
    """Gymnasium's checker with every warning an error, random bots in the other seats."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        e = gymnasium.make(ENV_ID, game="durak", opponents="random", **kwargs)
        check_env(e.unwrapped)


def test_gymnasium_plays_to_the_end():
    e = gymnasium.make(ENV_ID, game="durak", preset="durak(players=3)", opponents="random").unwrapped
    obs, info = e.reset(seed=3)
    total, done = 0.0, False
    while not done:
        assert np.array_equal(e.action_masks(), info["action_mask"].astype(bool))
        obs, r, done, _, info = e.step(int(np.flatnonzero(info["action_mask"])[0]))
        total += r
    assert total in (-1.0, 0.0, 0.5)
    assert total == {None: 0.0, e.seat: -1.0}.get(e.state.results[0], 0.5)


# -- OpenSpiel -------------------------------------------------------------------------
@pytest.mark.parametrize("rules", RULES)
def test_openspiel_random_sim(rules):
    game = load(rules)
    assert game.get_type().short_name == GAME_NAME
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_openspiel_load_by_name_and_params():
    game = pyspiel.load_game("python_durak")
    assert game.num_players() == 4 and game.num_distinct_actions() == SIZE
    assert rules_from_params(params_from_rules("durak-36(players=3,throw_in=neighbours)")) == \
        PLUGIN.episodes("durak-36(players=3,throw_in=neighbours)").rules
    state = pyspiel.load_game("python_durak(preset=durak-36,players=2)").new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 36
    with pytest.raises(Exception):
        pyspiel.load_game("python_durak", {"colour": "red"})


def deal_state(game, order, actions=()):
    """A python_durak state dealt from the shuffle ``order`` (slots), then ``actions``."""
    s = game.new_initial_state()
    for o in order:
        s.apply_action(o)
    for a in actions:
        s.apply_action(a)
    return s


def test_openspiel_deal_and_returns():
    game = load("durak(players=2)")
    rules = PLUGIN.episodes("durak(players=2)").rules
    order = list(range(38))
    random.Random(1).shuffle(order)
    s = deal_state(game, order)
    assert s.game_state.dealt[0] == deal_of_order(rules, tuple(card_of(i) for i in order))
    rng = random.Random(2)
    while not s.is_terminal():
        s.apply_action(rng.choice(s.legal_actions()))
    fool = s.game_state.results[0]
    assert s.returns() == ([0.0, 0.0] if fool is None else [1.0 - 2 * (p == fool) for p in range(2)])


def test_openspiel_seat_sees_the_same_when_others_prikups_differ():
    """Two deals differing only in seat 2's and seat 3's prikups (4 players): seat 1's
    observation and information-state strings and tensor agree as long as the same moves are played."""
    game = load("durak")
    order = list(range(38))
    random.Random(5).shuffle(order)
    other = order[:]
    # hands take 24 cards; the prikups of seats 2 and 3 (0-based 1, 2) are order[26:28] and order[28:30]
    other[26:28], other[28:30] = order[28:30], order[26:28]
    a, b = deal_state(game, order), deal_state(game, other)
    assert a.game_state.prikups != b.game_state.prikups
    rng = random.Random(6)
    steps = 0
    while not a.is_terminal():
        for s in (a, b):
            assert s.current_player() == a.current_player()
        assert a.observation_string(0) == b.observation_string(0)
        assert a.information_state_string(0) == b.information_state_string(0)
        assert a.observation_tensor(0) == b.observation_tensor(0)
        move = rng.choice(a.legal_actions())
        if move not in b.legal_actions():
            break
        a.apply_action(move)
        b.apply_action(move)
        steps += 1
    assert steps > 30


def test_openspiel_information_state_tells_apart_what_the_seat_saw():
    """Two deals differing in the hidden trump (swapped with seat 3's prikup card), played
    alike: once the hidden trump is shown seat 1's observation differs, and so must its
    information state (perfect recall); before, both agree."""
    game = load("durak")
    differed = 0
    for seed in range(6):
        order = list(range(38))
        random.Random(seed).shuffle(order)
        other = order[:]
        other[33], other[28] = order[28], order[33]  # the hidden trump (33) and a card of seat 3's prikup (28)
        a, b = deal_state(game, order), deal_state(game, other)
        rng = random.Random(seed)
        while not a.is_terminal():
            same_obs = a.observation_string(0) == b.observation_string(0)
            assert same_obs == (a.information_state_string(0) == b.information_state_string(0))
            assert same_obs == (a.observation_tensor(0) == b.observation_tensor(0))
            differed += not same_obs
            move = rng.choice(a.legal_actions())
            if move not in b.legal_actions():
                break
            a.apply_action(move)
            b.apply_action(move)
    assert differed > 0


def test_registry_finds_the_plugin():
    assert registry.plugin("durak", "rl") is PLUGIN
