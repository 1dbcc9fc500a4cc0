"""Random agents on the PettingZoo environment: the AEC loop with action masks.

    python examples/rl_random_pettingzoo.py --preset bus-angeles --episode game --games 1
    python examples/rl_random_pettingzoo.py --episode deal --games 100 --render

Prints each agent's summed rewards per episode (with ``--episode game`` they
equal the final game totals).
"""

from __future__ import annotations

import argparse

from joker.env.pettingzoo import env as make_env


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--preset", default="bus-angeles", help="a preset name or rules string (default bus-angeles)")
    ap.add_argument("--episode", choices=["game", "deal"], default="deal", help="whole games or single deals (default deal)")
    ap.add_argument("--games", type=int, default=3, help="episodes to play (default 3)")
    ap.add_argument("--seed", type=int, default=0, help="seed of the first reset (default 0)")
    ap.add_argument("--render", action="store_true", help="print the table after the last move of each episode")
    args = ap.parse_args(argv)

    env = make_env(args.preset, episode=args.episode, render_mode="ansi" if args.render else None)
    for g in range(args.games):
        env.reset(seed=args.seed if g == 0 else None)
        totals = dict.fromkeys(env.possible_agents, 0.0)
        steps = 0
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            totals[agent] += reward
            if terminated or truncated:
                action = None
            else:
                action = env.action_space(agent).sample(obs["action_mask"])
                steps += 1
            env.step(action)
        if args.render:
            print(env.render())
        print(f"episode {g + 1}: {steps} decisions, rewards " + "  ".join(f"{a}={r:+g}" for a, r in totals.items()))
    env.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
