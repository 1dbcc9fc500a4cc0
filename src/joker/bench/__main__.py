"""``python -m joker.bench NAME``: run a benchmark (``engine``, ``search``, ``server``, ``harness``, ``durak``,
``arena``, ``ledger``, ``firstmove``)."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from joker.errors import JokerError
from . import engine, search


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m joker.bench", description="joker benchmarks")
    sub = p.add_subparsers(dest="name", required=True)
    e = sub.add_parser("engine", help="random full deals per second: engine vs OpenSpiel oh_hell")
    e.add_argument("--seconds", type=float, default=3.0, help="time per measurement (default 3)")
    sr = sub.add_parser("search", help="fast-path rollouts vs OpenSpiel, double-dummy solve times, search-bot decisions")
    sr.add_argument("--seconds", type=float, default=3.0, help="time per rollout measurement (default 3)")
    sr.add_argument("--deals", type=int, default=200, help="9-card deals per preset for the solver (default 200)")
    sr.add_argument("--games", type=int, default=2, help="bus-angeles games for the search bot (default 2)")
    w = sub.add_parser("server", help="web server: N WebSocket clients, action-to-broadcast latency, actions/s")
    w.add_argument("--clients", default="200",
                   help="WebSocket clients (default 200); with --processes a list, e.g. 200,2000: each at --think")
    w.add_argument("--humans", type=int, default=2, help="people per table, bots fill the rest (default 2)")
    w.add_argument("--think", type=float, default=1.0,
                   help="mean seconds a client waits before acting (default 1; 0: flat out, the server's capacity)")
    w.add_argument("--actions", type=int, default=8000, help="stop after this many accepted actions (default 8000)")
    w.add_argument("--seconds", type=float, default=30.0, help="or after this many seconds (default 30)")
    w.add_argument("--no-reference", action="store_true", help="skip the bare WebSocket relay reference")
    w.add_argument("--profile", default=None,
                   help="write pyinstrument's profile of the server (text) to this file (with --processes: one file "
                   "per run and process, named FILE.{processes}p-{clients}c-t{think}.{process})")
    w.add_argument("--processes", default=None,
                   help="cluster sizes to compare, e.g. 1,2: joker serve processes on PostgreSQL + Redis, each at "
                   "--think for every --clients, and flat out (docs/deploy.md)")
    w.add_argument("--layout", default="spread", choices=("spread", "on-owner", "one-owner"),
                   help="with --processes, where a table's people connect: spread over the processes (default), "
                   "on-owner (all on the table's owner's), one-owner (every table owned by the first process, "
                   "the others only relay: each process's CPU is an owner's or a relay's)")
    w.add_argument("--pg", default=os.environ.get("JOKER_BENCH_PG_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test"),
                   help="PostgreSQL for --processes (a fresh schema per run; default $JOKER_BENCH_PG_URL or the local test db)")
    w.add_argument("--redis", default=os.environ.get("JOKER_REDIS_URL", "redis://127.0.0.1:6379/0"),
                   help="Redis for --processes (a fresh key prefix per run; default $JOKER_REDIS_URL or the local one)")
    h = sub.add_parser("harness", help="bids made by two search-bot budgets on the same boards, paired")
    h.add_argument("--a", default="blind=false",
                   help="budget A: medium with overrides name=value,... (default blind=false)")
    h.add_argument("--b", default="", help="budget B: medium with overrides (default: medium as it is)")
    h.add_argument("--seed", default="h1", help="board seed (default h1)")
    h.add_argument("--boards", type=int, default=100,
                   help="boards; each is played with the search bot in every seat (default 100)")
    h.add_argument("--schedule", default="9,9,9,9", help="bus-angeles deal schedule of a board (default 9,9,9,9)")
    h.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    h.add_argument("--out", type=Path, default=None, help="save the report and every deal as JSON")
    d = sub.add_parser("durak", help="Durak: random games/s, search-bot time per decision, arena games/s")
    d.add_argument("--seconds", type=float, default=3.0, help="time per rate measurement (default 3)")
    d.add_argument("--games", type=int, default=3, help="games timing the search bot (default 3)")
    d.add_argument("--bot", default="search", help="the bot timed per decision (default search)")
    d.add_argument("--boards", type=int, default=10, help="arena boards, heuristic vs random (default 10)")
    d.add_argument("--pace", type=float, default=None, metavar="S",
                   help="also model a web table's seconds from a take to the bout's end at base pause S, "
                   "old pacing vs new (joker.pace)")
    lg = sub.add_parser("ledger", help="joker ledger start-up: show, players list, bids, tricks, undo, "
                        "players add, --help wall times vs `python -c pass`")
    lg.add_argument("--runs", type=int, default=15, help="starts of each command (default 15)")
    a = sub.add_parser("arena", help="arena deals/s: the local process pool against a local Ray, same match")
    a.add_argument("--bots", default="heuristic,random", help="two bots (default heuristic,random)")
    a.add_argument("--preset", default=None, help="rules preset or string (default: the game's first preset)")
    a.add_argument("--deals", type=int, default=96, help="deals per seating, as joker arena -n (default 96)")
    a.add_argument("--workers", type=int, default=2, help="pool processes and Ray CPUs (default 2)")
    a.add_argument("--game", default="joker", help="the game (default joker)")
    f = sub.add_parser("firstmove", help="a bot's first decisions in a new process: empty cache vs after joker warmup")
    f.add_argument("--level", default="medium", help="the bot (default medium; hard)")
    f.add_argument("--no-cold", action="store_true", help="skip the cold run (it compiles: a minute or more)")
    args = p.parse_args(argv)
    if args.name == "engine":
        engine.run(args.seconds)
    elif args.name == "server":
        from . import server

        counts = tuple(int(x) for x in args.clients.split(","))
        if args.processes:
            sizes = [int(x) for x in args.processes.split(",")]
            server.run_cluster(sizes, args.pg, args.redis, counts, args.humans, args.think, args.actions,
                               args.seconds, layout=args.layout, profile=args.profile)
        elif len(counts) > 1:
            p.error("several --clients need --processes")
        else:
            server.run(counts[0], args.humans, args.think, args.actions, args.seconds, not args.no_reference,
                       profile=args.profile)
    elif args.name == "durak":
        from . import durak

        durak.run(args.seconds, args.games, args.bot, args.boards, args.pace)
    elif args.name == "ledger":
        from . import ledger

        ledger.run(args.runs)
    elif args.name == "firstmove":
        from . import firstmove

        firstmove.run(args.level, not args.no_cold)
    elif args.name == "search":
        search.run(args.seconds, args.deals, args.games)
    elif args.name == "arena":
        from . import arena

        try:
            arena.run(args.bots, args.preset, args.deals, args.workers, args.game)
        except JokerError as e:
            print(f"error: {e}", file=sys.stderr)
            return 2
    elif args.name == "harness":
        from . import harness

        try:
            harness.run(args.a, args.b, args.seed, args.boards, args.schedule, args.workers, args.out)
        except JokerError as e:
            print(f"error: {e}", file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
