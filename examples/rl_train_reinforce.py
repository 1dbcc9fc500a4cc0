"""Self-play training with action masking on single deals, in plain numpy.

A linear softmax policy (one weight row per action id of joker.games.joker.rl.codec,
illegal actions masked out) plays all four seats of the PettingZoo
environment in one-deal mode and learns by REINFORCE with a linear value
baseline; the return of a decision is its seat's deal score.  Every
``--eval-every`` episodes the greedy policy plays one seat of the Gymnasium
environment against random bots, and the mean deal score is printed next to
that of a uniformly random player on the same deals — the learning curve.

    python examples/rl_train_reinforce.py                    # about 2 minutes on one core
    python examples/rl_train_reinforce.py --episodes 300 --eval-episodes 100   # a quick look

Only numpy (the ``rl`` extra).  For a neural policy, see examples/rl_maskable_ppo.py
(the ``train`` extra: torch and sb3-contrib).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from dataclasses import dataclass

import numpy as np

from joker.env.gymnasium import JokerEnv
from joker.env.pettingzoo import raw_env

SCORE_SCALE = 100.0
"""Deal scores are divided by this for learning (bus-angeles scores are tens to hundreds of points)."""


class LinearPolicy:
    """Masked softmax over ``W @ x + b``, and a value estimate ``v @ x + c``."""

    def __init__(self, n_obs: int, n_actions: int, lr: float, value_lr: float) -> None:
        self.W = np.zeros((n_actions, n_obs), dtype=np.float64)
        self.b = np.zeros(n_actions, dtype=np.float64)
        self.v = np.zeros(n_obs, dtype=np.float64)
        self.c = 0.0
        self.lr = lr
        self.value_lr = value_lr

    def probs(self, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = self.W @ x + self.b
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()

    def act(self, x: np.ndarray, mask: np.ndarray, rng: np.random.Generator, greedy: bool = False) -> int:
        p = self.probs(x, mask)
        if greedy:
            return int(np.argmax(p))
        return int(rng.choice(len(p), p=p))

    def value(self, x: np.ndarray) -> float:
        return float(self.v @ x + self.c)

    def update(self, steps: list[tuple[np.ndarray, np.ndarray, int]], ret: float) -> None:
        """One REINFORCE step for the decisions of one seat in one deal, return ``ret``."""
        for x, mask, a in steps:
            adv = ret - self.value(x)
            p = self.probs(x, mask)
            g = -p
            g[a] += 1.0  # d log pi(a|x) / d logits
            self.W += self.lr * adv * np.outer(g, x)
            self.b += self.lr * adv * g
            self.v += self.value_lr * adv * x
            self.c += self.value_lr * adv

    def save(self, path: str) -> None:
        np.savez(path, W=self.W, b=self.b, v=self.v, c=self.c)


def self_play_episode(env: raw_env, policy: LinearPolicy, rng: np.random.Generator) -> None:
    """Play one deal with every seat driven by ``policy`` and learn from it."""
    env.reset()
    steps: dict[str, list] = {a: [] for a in env.possible_agents}
    returns: dict[str, float] = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        returns[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        x, mask = obs["observation"].astype(np.float64), obs["action_mask"]
        a = policy.act(x, mask, rng)
        steps[agent].append((x, mask, a))
        env.step(a)
    for agent, s in steps.items():
        policy.update(s, returns[agent] / SCORE_SCALE)


@dataclass
class Evaluation:
    mean: float
    ci: float
    made: float


def evaluate(preset: str, policy: LinearPolicy | None, episodes: int, seed: int, greedy: bool = False) -> Evaluation:
    """Mean deal score of seat 0 against three random bots, on the same deals for
    every call with the same ``seed`` (``policy`` None: a uniformly random player)."""
    env = JokerEnv(preset, seat=0, opponents="random", episode="deal")
    rng = np.random.default_rng(seed)
    scores = []
    made = 0
    for i in range(episodes):
        obs, info = env.reset(seed=seed * 1_000_003 + i)
        total = 0.0
        done = False
        while not done:
            mask = info["action_mask"]
            if policy is None:
                a = int(rng.choice(np.flatnonzero(mask)))
            else:
                a = policy.act(obs.astype(np.float64), mask, rng, greedy=greedy)
            obs, r, done, _, info = env.step(a)
            total += r
        scores.append(total)
        result = env.state.results[-1]
        made += int(result.bids is not None and result.bids[0] == result.tricks[0])
    mean = sum(scores) / len(scores)
    var = sum((s - mean) ** 2 for s in scores) / max(1, len(scores) - 1)
    return Evaluation(mean, 1.96 * math.sqrt(var / len(scores)), made / episodes)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--preset", default="bus-angeles", help="rules: a preset name or rules string (default bus-angeles)")
    ap.add_argument("--episodes", type=int, default=20000, help="self-play deals to train on (default 20000)")
    ap.add_argument("--eval-every", type=int, default=4000, help="evaluate after this many deals (default 4000)")
    ap.add_argument("--eval-episodes", type=int, default=400, help="deals per evaluation (default 400)")
    ap.add_argument("--lr", type=float, default=0.01, help="policy learning rate (default 0.01)")
    ap.add_argument("--value-lr", type=float, default=0.01, help="value baseline learning rate (default 0.01)")
    ap.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    ap.add_argument("--save", metavar="PATH.npz", help="save the trained weights here")
    args = ap.parse_args(argv)
    if args.episodes < 0 or args.eval_every < 1 or args.eval_episodes < 2:
        ap.error("--episodes must be >= 0, --eval-every >= 1, --eval-episodes >= 2")

    env = raw_env(args.preset, episode="deal")
    env.reset(seed=args.seed)
    n_obs = env.observation_space("player_0")["observation"].shape[0]
    n_actions = env.action_space("player_0").n
    policy = LinearPolicy(n_obs, n_actions, args.lr, args.value_lr)
    rng = np.random.default_rng(args.seed)
    print(f"{env.config.describe()}; {n_obs} observation values, {n_actions} actions")
    base = evaluate(args.preset, None, args.eval_episodes, seed=args.seed + 1)
    print(f"uniformly random player vs 3 random bots: {base.mean:8.1f} ± {base.ci:5.1f} points per deal, "
          f"bid made {base.made:.0%}")

    def report(done: int) -> Evaluation:
        ev = evaluate(args.preset, policy, args.eval_episodes, seed=args.seed + 1)
        print(f"after {done:6d} self-play deals:            {ev.mean:8.1f} ± {ev.ci:5.1f} points per deal, "
              f"bid made {ev.made:.0%}", flush=True)
        return ev

    from rich.progress import Progress

    start = time.time()
    last = report(0)
    with Progress(transient=True, disable=not sys.stderr.isatty()) as progress:
        task = progress.add_task("self-play", total=args.episodes)
        for i in range(1, args.episodes + 1):
            self_play_episode(env, policy, rng)
            progress.advance(task)
            if i % args.eval_every == 0 or i == args.episodes:
                last = report(i)
    greedy = evaluate(args.preset, policy, args.eval_episodes, seed=args.seed + 1, greedy=True)
    print(f"the trained policy played greedily:      {greedy.mean:8.1f} ± {greedy.ci:5.1f} points per deal, "
          f"bid made {greedy.made:.0%}")
    print(f"trained {args.episodes} deals in {time.time() - start:.0f} s; "
          f"gain over the random player: {last.mean - base.mean:+.1f} points per deal")
    if args.save:
        policy.save(args.save)
        print(f"weights saved to {args.save}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
