"""The RL examples (examples/rl_*.py) run, and the numpy training script learns."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def load(name: str):
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_random_pettingzoo(capsys):
    assert load("rl_random_pettingzoo").main(["--games", "2"]) == 0
    assert load("rl_random_pettingzoo").main(["--episode", "game", "--preset", "camp(schedule='1,2')", "--render"]) == 0
    out = capsys.readouterr().out
    assert out.count("episode 1:") == 2 and "game over after 2 deal(s)" in out


def test_random_gymnasium(capsys):
    assert load("rl_random_gymnasium").main(["--games", "3", "--opponents", "random"]) == 0
    assert "3 episode(s) against random bots: mean reward" in capsys.readouterr().out


def test_random_openspiel_with_ismcts(capsys):
    assert load("rl_random_openspiel").main(["--games", "2", "--ismcts", "10", "--schedule", "2;"]) == 0
    out = capsys.readouterr().out
    assert "game 2: returns" in out and "mean returns per seat" in out


def test_training_learns_against_the_random_bot(capsys, tmp_path):
    """A short, seeded run (deterministic): after 600 self-play deals the policy
    scores far better against random bots than a uniformly random player."""
    weights = tmp_path / "w.npz"
    args = ["--episodes", "600", "--eval-every", "300", "--eval-episodes", "120", "--seed", "3", "--save", str(weights)]
    assert load("rl_train_reinforce").main(args) == 0
    out = capsys.readouterr().out
    base = float(re.search(r"uniformly random player vs 3 random bots:\s+(-?[\d.]+)", out).group(1))
    curve = [float(x) for x in re.findall(r"after\s+\d+ self-play deals:\s+(-?[\d.]+)", out)]
    assert len(curve) == 3
    assert abs(curve[0] - base) < 60  # untrained, the policy is a uniformly random player
    assert curve[-1] > base + 100
    assert weights.exists()


def test_maskable_ppo_example_needs_the_train_extra(capsys):
    module = load("rl_maskable_ppo")
    if importlib.util.find_spec("sb3_contrib") is None:
        with pytest.raises(SystemExit) as exc:
            module.main(["--timesteps", "256"])
        assert exc.value.code == 2
        assert "train" in capsys.readouterr().err
    else:  # the train extra is installed: a tiny run
        assert module.main(["--timesteps", "256", "--eval-episodes", "3"]) == 0
