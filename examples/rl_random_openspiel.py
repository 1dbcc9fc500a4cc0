"""Random players on the OpenSpiel game ``python_joker``, and optionally one ISMCTS seat.

    python examples/rl_random_openspiel.py --preset camp --episode deal --games 20
    python examples/rl_random_openspiel.py --episode deal --ismcts 100 --games 3

Chance nodes (the deal, the dealer, every card) are sampled from
``state.chance_outcomes()``; decisions are uniform over ``state.legal_actions()``,
except seat 1's with ``--ismcts N`` (OpenSpiel's ISMCTSBot, N simulations).
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel

from joker.env.openspiel import GAME_NAME


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--preset", default="bus-angeles", help="a preset name (default bus-angeles)")
    ap.add_argument("--schedule", default="", help="deal schedule, ';' between deals (e.g. '1;2|9'); default: the preset's")
    ap.add_argument("--episode", choices=["game", "deal"], default="deal", help="whole games or single deals (default deal)")
    ap.add_argument("--games", type=int, default=10, help="games to play (default 10)")
    ap.add_argument("--ismcts", type=int, default=0, metavar="N", help="seat 1 plays ISMCTS with N simulations")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)

    game = pyspiel.load_game(GAME_NAME, {"preset": args.preset, "schedule": args.schedule, "episode": args.episode})
    rng = np.random.RandomState(args.seed)
    bot = None
    if args.ismcts:
        from open_spiel.python.algorithms import ismcts, mcts

        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(args.seed + 1))
        scale = max(abs(game.min_utility()), abs(game.max_utility()))
        bot = ismcts.ISMCTSBot(game, evaluator, uct_c=scale, max_simulations=args.ismcts,
                               random_state=np.random.RandomState(args.seed + 2))
    totals = np.zeros(game.num_players())
    for g in range(args.games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(int(rng.choice(actions, p=probs)))
            elif bot is not None and state.current_player() == 0:
                state.apply_action(int(bot.step(state)))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        returns = state.returns()
        totals += returns
        print(f"game {g + 1}: returns " + " ".join(f"{r:+g}" for r in returns))
    print("mean returns per seat: " + " ".join(f"{t / args.games:+.1f}" for t in totals))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
