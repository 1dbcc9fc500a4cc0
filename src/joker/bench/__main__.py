"""``python -m joker.bench NAME``: run a benchmark (``engine``)."""

from __future__ import annotations

import argparse
import sys

from . import engine


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m joker.bench", description="joker benchmarks")
    sub = p.add_subparsers(dest="name", required=True)
    e = sub.add_parser("engine", help="random full deals per second: engine vs OpenSpiel oh_hell")
    e.add_argument("--seconds", type=float, default=3.0, help="time per measurement (default 3)")
    args = p.parse_args(argv)
    if args.name == "engine":
        engine.run(args.seconds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
