"""The Gymnasium environment (joker.env.gymnasium): Gymnasium's check_env,
action masks, rewards against the engine's scores, illegal actions, options,
and determinism under disturbed global RNGs."""

from __future__ import annotations

import random
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from joker.bots import RandomBot
from joker.env.gymnasium import ENV_ID, JokerEnv
from joker.errors import JokerError


@pytest.mark.parametrize(
    "kwargs",
    [
        {"episode": "deal"},
        {"preset": "raspisnoy", "episode": "deal", "opponents": "random", "seat": None},
        {"preset": "bus-angeles(schedule='1,2')", "episode": "game"},
    ],
)
def test_check_env(kwargs):
    """Gymnasium's checker, with every warning an error (through gymnasium.make, so the
    checker also renders every declared render mode)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        e = gymnasium.make(ENV_ID, **kwargs)
        check_env(e.unwrapped)


def run(env: JokerEnv, seed: int, rng: np.random.Generator, disturb: bool = False) -> list:
    obs, info = env.reset(seed=seed)
    log = [(obs.tobytes(), info["action_mask"].tobytes())]
    done = False
    while not done:
        mask = env.action_masks()
        assert np.array_equal(mask, info["action_mask"].astype(bool))
        if disturb:
            random.seed(random.SystemRandom().random())
            np.random.seed(random.SystemRandom().randrange(2**32))
        action = int(rng.choice(np.flatnonzero(mask)))
        obs, reward, done, truncated, info = env.step(action)
        assert not truncated and env.observation_space.contains(obs)
        log.append((action, obs.tobytes(), reward, done, info["seat"], info["deal"]))
    return log


@pytest.mark.parametrize("opponents", ["heuristic", "random"])
def test_determinism_with_disturbed_global_rngs(opponents):
    e = JokerEnv("bus-angeles(schedule='3,9')", seat=None, opponents=opponents, episode="game")
    a = run(e, 21, np.random.default_rng(1))
    b = run(e, 21, np.random.default_rng(1), disturb=True)
    assert a == b
    assert run(e, 22, np.random.default_rng(1)) != a


def test_game_rewards_are_the_seats_game_total():
    e = JokerEnv("bus-angeles(schedule='1,2|2,1')", seat=2, episode="game")
    obs, info = e.reset(seed=5)
    total, done = 0.0, False
    while not done:
        obs, r, done, _, info = e.step(int(np.flatnonzero(e.action_masks())[0]))
        total += r
    assert total == e.state.scores()[2]
    assert not e.action_masks().any()
    with pytest.raises(JokerError, match="reset"):
        e.step(0)


def test_opponents_as_names_factories_and_bots():
    bot = RandomBot(1)
    e = JokerEnv("camp", seat=1, opponents=["heuristic", RandomBot, bot], episode="game")
    e.reset(seed=2)
    assert [b.name for _, b in sorted(e.bots.items())] == ["heuristic", "random", "random"]
    assert isinstance(e.bots[2], RandomBot) and e.bots[3] is bot and set(e.bots) == {0, 2, 3}
    done, steps = False, 0
    while not done:
        done = e.step(int(np.flatnonzero(e.action_masks())[0]))[2]
        steps += 1
    assert e.state.is_terminal() and steps > 20


def test_illegal_action_ends_the_episode():
    e = JokerEnv("bus-angeles", episode="deal", deal=0, reward_scale=0.01)
    obs, info = e.reset(seed=3)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    obs, r, done, truncated, info = e.step(illegal)
    assert done and not truncated and info["illegal_action"] is True
    assert r == pytest.approx(-9.0)  # −900 points × 0.01
    e = JokerEnv("bus-angeles", episode="deal", deal=0, illegal_reward=-1)
    e.reset(seed=3)
    assert e.step(10_000)[1] == -1.0


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"seat": 4}, "seat"),
        ({"opponents": "grandmaster"}, "unknown bot"),
        ({"opponents": ["random", "random"]}, "3 needed"),
        ({"opponents": [3, "random", "random"]}, "opponent"),
        ({"episode": "deal", "reward": "game"}, "needs episode='game'"),
        ({"render_mode": "rgb_array"}, "render_mode"),
    ],
)
def test_bad_options(kwargs, message):
    with pytest.raises(JokerError, match=message):
        JokerEnv("bus-angeles", **kwargs)


def test_a_second_game_plugs_in_through_its_rl_plugin():
    """The tests' toy game passes Gymnasium's checker against its own bots."""
    import toygame

    toygame.register()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        e = gymnasium.make(ENV_ID, preset="toy(players=3,cards=2)", game="toy", opponents=["high", "random"],
                           seat=None).unwrapped
        check_env(e)
    obs, info = e.reset(seed=1)
    total, done = 0.0, False
    while not done:
        obs, r, done, _, info = e.step(int(np.flatnonzero(e.action_masks())[0]))
        total += r
    assert total == e.state.scores()[e.seat] and set(info) == {"action_mask", "seat"}
    with pytest.raises(JokerError, match="unknown bot 'heuristic'"):
        JokerEnv("toy", game="toy")
