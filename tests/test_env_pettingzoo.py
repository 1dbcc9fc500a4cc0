"""The PettingZoo AEC environment (joker.env.pettingzoo): PettingZoo's own
api_test, seed_test and render_test, rewards against the engine's scores,
illegal actions, options, and determinism under disturbed global RNGs."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test

from joker.env.pettingzoo import env, raw_env
from joker.errors import IllegalActionError, JokerError
from joker.games.joker.rules import PRESETS


@pytest.fixture(autouse=True)
def _quiet():
    # api_test warns that dict observations are "not a NumPy array" (true of every classic game).
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_api_one_deal(name):
    api_test(env(name, episode="deal"), num_cycles=300)


def test_api_full_game():
    """A whole bus-angeles game (24 deals, 680 decisions) inside api_test's 1000 cycles."""
    e = env("bus-angeles")
    api_test(e, num_cycles=1000)


def test_api_short_game_with_specials():
    api_test(env("raspisnoy(schedule='2,3',special_round=one)", episode="game", reward="deal"), num_cycles=200)


@pytest.mark.parametrize("episode", ["deal", "game"])
def test_seed(episode):
    seed_test(lambda: env("bus-angeles(schedule='1,2|9')", episode=episode), num_cycles=300)


def test_render():
    render_test(lambda render_mode=None: env("camp", episode="deal", render_mode=render_mode),
                custom_tests={"ansi": lambda text: text.startswith("camp: ") and "seat 4:" in text})


def play_out(e, rng: np.random.Generator, disturb: bool = False) -> list:
    """Play ``e`` to the end with mask-respecting random actions; the log of every step."""
    log = []
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        if disturb:  # scramble the global RNGs between steps
            random.seed(random.SystemRandom().random())
            np.random.seed(random.SystemRandom().randrange(2**32))
            random.random()
            np.random.random(5)
        if terminated or truncated:
            action = None
        else:
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        log.append((agent, obs["observation"].tobytes(), obs["action_mask"].tobytes(), reward, terminated, action))
        e.step(action)
    return log


@pytest.mark.parametrize("episode", ["deal", "game"])
def test_determinism_with_disturbed_global_rngs(episode):
    rules = "bus-angeles(schedule='2,9')"
    logs = []
    for disturb in (False, True):
        e = env(rules, episode=episode)
        e.reset(seed=11)
        first = play_out(e, np.random.default_rng(5), disturb)
        e.reset()  # the next episode follows from the seed too
        logs.append((first, play_out(e, np.random.default_rng(6), disturb)))
    assert logs[0] == logs[1]
    assert logs[0][0] != logs[0][1]
    e = env(rules, episode=episode)
    e.reset(seed=12)
    assert play_out(e, np.random.default_rng(5)) != logs[0][0]  # another seed, another episode


def test_game_rewards_add_up_to_game_totals():
    e = raw_env("bus-angeles(schedule='1,2|2,1')", episode="game", reward="game")
    e.reset(seed=4)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        e.step(None if terminated else int(np.flatnonzero(obs["action_mask"])[0]))
    assert [totals[a] for a in e.possible_agents] == list(e.state.scores())
    assert len(e.state.results) == 4


def test_deal_rewards_are_deal_scores():
    e = raw_env("georgian", episode="game", reward="deal")
    e.reset(seed=4)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter(max_iter=400):
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        e.step(None if terminated else int(np.flatnonzero(obs["action_mask"])[-1]))
    done = e.state.results
    assert done, "some deals were played"
    expected = [sum(r.scores[s] for r in done) for s in range(4)]
    # a deal may still be in play: only finished deals were rewarded
    assert [totals[a] for a in e.possible_agents] == expected


def test_one_deal_episodes_vary_the_deal_and_the_dealer():
    e = raw_env("bus-angeles", episode="deal")
    e.reset(seed=1)
    seen = set()
    for _ in range(40):
        e.reset()
        seen.add((e.start.deal_number, e.state.dealer))
        assert len(e.state.rules.deals) == 1
        assert e.state.spec.cards == PRESETS["bus-angeles"].deals[e.start.deal_number].cards
    assert len({d for d, _ in seen}) > 10 and len({s for _, s in seen}) == 4
    fixed = raw_env("bus-angeles", episode="deal", deal=8)
    fixed.reset(seed=2)
    assert fixed.state.spec.cards == 9 and fixed.state.phase.value == "trump"  # 9 cards: trump chosen


def test_illegal_action():
    e = env("bus-angeles", episode="deal", deal=0)
    e.reset(seed=3)
    agent = e.agent_selection
    obs, *_ = e.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    e.step(illegal)
    assert all(e.terminations.values())
    assert e.rewards[agent] == -900.0  # minus the largest deal score of the schedule (9 of 9 made)

    raw = raw_env("bus-angeles", episode="deal", deal=0)
    raw.reset(seed=3)
    before = raw.state
    with pytest.raises(IllegalActionError, match="legal"):
        raw.step(illegal)
    assert raw.state is before
    with pytest.raises(JokerError, match="outside"):
        raw.step(10_000)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"episode": "hand"}, "episode"),
        ({"reward": "trick"}, "reward"),
        ({"episode": "deal", "reward": "game"}, "needs episode='game'"),
        ({"deal": 3}, "episode='deal'"),
        ({"episode": "deal", "deal": 24}, "0..23"),
        ({"reward_scale": 0}, "positive"),
    ],
)
def test_bad_options(kwargs, message):
    with pytest.raises(JokerError, match=message):
        env("bus-angeles", **kwargs)


def test_bad_rules_and_render_mode():
    with pytest.raises(JokerError, match="unknown preset"):
        env("poker")
    with pytest.raises(ValueError, match="render_mode"):
        env("camp", render_mode="rgb_array")


def test_a_second_game_plugs_in_through_its_rl_plugin():
    """The tests' toy game, registered with its RL plug-in only in tests/toygame.py,
    passes PettingZoo's own api_test and seed_test, and its rewards add up to its scores."""
    import toygame

    toygame.register()
    api_test(env("toy(players=3,cards=2)", game="toy"), num_cycles=200)
    seed_test(lambda: env("toy", game="toy"), num_cycles=100)
    e = raw_env("toy(players=3,cards=2)", game="toy")
    e.reset(seed=2)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        e.step(None if terminated else int(np.flatnonzero(obs["action_mask"])[0]))
    assert [totals[a] for a in e.possible_agents] == list(e.state.scores()) and sum(e.state.scores()) == 2
    assert str(e) == "toy_v0"
    with pytest.raises(JokerError, match="whole games"):
        env("toy", game="toy", episode="deal")
