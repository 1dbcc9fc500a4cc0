"""A random agent on the Gymnasium environment (one seat against bots).

    python examples/rl_random_gymnasium.py --opponents heuristic --episode game --games 1
    python examples/rl_random_gymnasium.py --episode deal --games 200

Picks uniformly among the legal actions given by ``env.action_masks()`` and
prints the mean reward per episode.
"""

from __future__ import annotations

import argparse

import gymnasium
import numpy as np

import joker.env.gymnasium  # noqa: F401  (registers joker/Joker-v0)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--preset", default="bus-angeles", help="a preset name or rules string (default bus-angeles)")
    ap.add_argument("--opponents", default="heuristic", help="bot for the other seats: random or heuristic (default heuristic)")
    ap.add_argument("--episode", choices=["game", "deal"], default="deal", help="whole games or single deals (default deal)")
    ap.add_argument("--games", type=int, default=20, help="episodes to play (default 20)")
    ap.add_argument("--seed", type=int, default=0, help="seed of the first reset (default 0)")
    args = ap.parse_args(argv)

    env = gymnasium.make("joker/Joker-v0", preset=args.preset, opponents=args.opponents, episode=args.episode)
    rng = np.random.default_rng(args.seed)
    returns = []
    for g in range(args.games):
        obs, info = env.reset(seed=args.seed if g == 0 else None)
        done, total = False, 0.0
        while not done:
            action = int(rng.choice(np.flatnonzero(env.unwrapped.action_masks())))
            obs, reward, terminated, truncated, info = env.step(action)
            total += reward
            done = terminated or truncated
        returns.append(total)
    env.close()
    print(f"{args.games} episode(s) against {args.opponents} bots: mean reward {np.mean(returns):+.1f} "
          f"(min {min(returns):+g}, max {max(returns):+g})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
