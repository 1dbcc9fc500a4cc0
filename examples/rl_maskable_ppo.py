"""MaskablePPO (sb3-contrib) on one seat of single deals against bots.

Needs the ``train`` extra (torch and sb3-contrib; not installed by ``make test``):

    pip install -e '.[rl,train]'
    python examples/rl_maskable_ppo.py --timesteps 50000 --opponents random

The Gymnasium environment's ``action_masks()`` method is what MaskablePPO
reads to mask illegal actions.  After training, the policy's mean deal score
against the same bots is printed next to a uniformly random player's.
"""

from __future__ import annotations

import argparse
import math

import numpy as np

from joker.env.gymnasium import JokerEnv


def mean_deal_score(env: JokerEnv, choose, episodes: int, seed: int) -> tuple[float, float]:
    """Mean and 95% CI half-width of the agent's deal score over ``episodes`` seeded deals."""
    scores = []
    for i in range(episodes):
        obs, info = env.reset(seed=seed + i)
        done, total = False, 0.0
        while not done:
            obs, r, done, _, info = env.step(choose(obs, env.action_masks()))
            total += r
        scores.append(total)
    m = sum(scores) / len(scores)
    var = sum((s - m) ** 2 for s in scores) / max(1, len(scores) - 1)
    return m, 1.96 * math.sqrt(var / len(scores))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--preset", default="bus-angeles", help="rules: a preset name or rules string")
    ap.add_argument("--opponents", default="random", help="bot name for the other seats (random, heuristic)")
    ap.add_argument("--timesteps", type=int, default=50_000, help="agent decisions to train on (default 50000)")
    ap.add_argument("--eval-episodes", type=int, default=300, help="deals to evaluate on (default 300)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--save", metavar="PATH", help="save the model here (sb3 .zip)")
    args = ap.parse_args(argv)
    try:
        from sb3_contrib import MaskablePPO
    except ImportError:
        ap.exit(2, "this example needs the 'train' extra: pip install -e '.[rl,train]'\n")

    def make() -> JokerEnv:
        return JokerEnv(args.preset, seat=None, opponents=args.opponents, episode="deal", reward_scale=0.01)

    env = make()
    env.reset(seed=args.seed)
    model = MaskablePPO("MlpPolicy", env, seed=args.seed, verbose=0, n_steps=1024, batch_size=256)
    rng = np.random.default_rng(args.seed)
    eval_env = make()
    before = mean_deal_score(eval_env, lambda o, m: int(rng.choice(np.flatnonzero(m))), args.eval_episodes, 10**6)
    print(f"uniformly random player: {before[0] * 100:8.1f} ± {before[1] * 100:5.1f} points per deal")
    model.learn(total_timesteps=args.timesteps, progress_bar=False)

    def policy(obs, mask):
        action, _ = model.predict(obs, action_masks=mask, deterministic=True)
        return int(action)

    after = mean_deal_score(eval_env, policy, args.eval_episodes, 10**6)
    print(f"MaskablePPO after {args.timesteps} steps: {after[0] * 100:8.1f} ± {after[1] * 100:5.1f} points per deal")
    if args.save:
        model.save(args.save)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
