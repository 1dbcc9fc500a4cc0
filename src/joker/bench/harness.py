"""``python -m joker.bench harness``: two search-bot budgets on the same boards.

The bid-accuracy harness of docs/bots.md: on every board (a game of
``schedule``, by default one Bus-Angeles block of four 9-card deals with its
premium, RULES.md §4, §10) the search bot sits in each seat in turn against
three heuristic bots, once with budget A and once with budget B.  Game ``b``
has seed ``f"{seed}:{b}"`` and the bots ``f"{seed}:{b}:{seat}"``, so a deal
of A and the same deal of B start from the same cards; the report pairs them:
share of bids made and the hero's deal score, B − A with a 95% interval.
Budgets are ``medium`` with overrides (``--a "blind=false"``); the time cap is
lifted unless an override sets ``seconds``, so a run replays exactly.
"""

from __future__ import annotations

import dataclasses
import json
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, TypedDict

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from joker.games.joker.bots.heuristic import HeuristicBot
from joker.games.joker.bots.search import LEVELS, Budget, SearchBot
from joker.errors import JokerError
from joker.games.joker.rules import preset
from joker.match.simulate import mean_ci, play_game


class Row(TypedDict):
    """One deal with a bid of a board: the hero's seat, place in the bidding, bid, tricks and deal score."""

    board: int
    hero: int
    deal: int
    order: int
    bid: int
    tricks: int
    score: int


def parse_budget(text: str, level: str = "medium") -> Budget:
    """``level``'s budget with ``text``'s overrides (``"blind=false,worlds=256"``;
    values read as true/false, none, int, float, else text) and no time cap
    unless ``seconds`` is given.  Raises :class:`JokerError` for a malformed
    override or an unknown field."""
    over: dict[str, Any] = {"seconds": 1e9}  # values as read; dataclasses.replace checks the names
    for part in filter(None, (p.strip() for p in text.split(","))):
        key, eq, raw = part.partition("=")
        if not eq or not key.strip():
            raise JokerError(f"budget override {part!r}: use name=value, e.g. blind=false")
        over[key.strip()] = _value(raw.strip())
    names = {f.name for f in dataclasses.fields(Budget)}
    unknown = sorted(set(over) - names)
    if unknown:
        raise JokerError(f"unknown budget field(s) {', '.join(unknown)}; fields: {', '.join(sorted(names))}")
    return dataclasses.replace(LEVELS[level], **over)


def _value(raw: str) -> object:
    low = raw.lower()
    if low in ("true", "false"):
        return low == "true"
    if low == "none":
        return None
    for kind in (int, float):
        try:
            return kind(raw)
        except ValueError:
            pass
    return raw


def play_board(budget: Budget, schedule: str, seed: str, board: int, hero: int) -> list[Row]:
    """One game of board ``board`` with the search bot (``budget``) in seat
    ``hero``: a row per deal with a bid, ``{board, hero, deal, order, bid, tricks,
    score}``, ``order`` the hero's place in the bidding (0: first, the dealer's
    left; players − 1: the dealer, RULES.md §6)."""
    rules = preset("bus-angeles").replace(schedule=schedule)
    game = f"{seed}:{board}"
    bots = [SearchBot(seed=f"{game}:{s}", budget=budget) if s == hero else HeuristicBot(seed=f"{game}:{s}")
            for s in range(rules.players)]
    state = play_game(rules, bots, game)
    n = rules.players
    return [{"board": board, "hero": hero, "deal": i, "order": (hero - r.dealer - 1) % n, "bid": r.bids[hero],
             "tricks": r.tricks[hero], "score": r.scores[hero]} for i, r in enumerate(state.results)
            if r.bids is not None]


def made_by_order(rows: list[Row], players: int) -> list[tuple[int, float]]:
    """Per place in the bidding (``order`` 0 … players − 1): ``(bids, share made)``;
    a place without rows gives ``(0, nan)``."""
    out = []
    for k in range(players):
        made = [r["bid"] == r["tricks"] for r in rows if r["order"] == k]
        out.append((len(made), sum(made) / len(made) if made else float("nan")))
    return out


def paired(a: list[Row], b: list[Row]) -> dict[str, tuple[float, ...]]:
    """Pair the rows of two runs by (board, hero, deal): ``made`` = (share A,
    share B, mean B − A, 95% half-width), ``score`` = (mean B − A, half-width).
    Raises ``ValueError`` when no row pairs."""
    ka = {(r["board"], r["hero"], r["deal"]): r for r in a}
    pairs = [(ka[k], r) for r in b if (k := (r["board"], r["hero"], r["deal"])) in ka]
    if not pairs:
        raise ValueError("no deal is in both runs")
    ma = [float(x["bid"] == x["tricks"]) for x, _ in pairs]
    mb = [float(y["bid"] == y["tricks"]) for _, y in pairs]
    dm, hm = mean_ci([y - x for x, y in zip(ma, mb)])
    ds, hs = mean_ci([y["score"] - x["score"] for x, y in pairs])
    return {"made": (sum(ma) / len(ma), sum(mb) / len(mb), dm, hm), "score": (ds, hs), "deals": (len(pairs),)}


def run(a: str, b: str, seed: str, boards: int, schedule: str = "9,9,9,9", workers: int = 2,
        out: Path | None = None) -> dict[str, object]:
    """Play both budgets (override texts ``a``, ``b``) on ``boards`` boards,
    print the paired report and return it (with the rows); ``out``: save it as
    JSON.  Raises :class:`JokerError` for a bad override or schedule."""
    budgets = {"A": parse_budget(a), "B": parse_budget(b)}
    preset("bus-angeles").replace(schedule=schedule)  # a bad schedule fails here, before any work
    n = preset("bus-angeles").players
    rows: dict[str, list[Row]] = {"A": [], "B": []}
    with ProcessPoolExecutor(workers) as pool, Progress(console=Console(stderr=True)) as bar:
        task = bar.add_task("games", total=2 * boards * n)
        jobs = [(k, pool.submit(play_board, budgets[k], schedule, seed, board, hero))
                for board in range(boards) for hero in range(n) for k in budgets]
        for k, job in jobs:
            rows[k].extend(job.result())
            bar.advance(task)
    report = paired(rows["A"], rows["B"])
    title = f"harness {schedule}, seed {seed}: {boards} boards × {n} seats, {report['deals'][0]} paired bids"
    table = Table(title=title)
    for col in ("", "bids made", "B − A (95%)", "hero score B − A"):
        table.add_column(col)
    sa, sb, dm, hm = report["made"]
    table.add_row(f"A {a or 'medium'}", f"{sa:.1%}", "", "")
    table.add_row(f"B {b or 'medium'}", f"{sb:.1%}", f"{100 * dm:+.1f} ± {100 * hm:.1f} points",
                  f"{report['score'][0]:+.1f} ± {report['score'][1]:.1f}")
    Console().print(table)
    places = Table(title="bids made by place in the bidding (dealer last)")
    for col in ("", *(f"{k + 1}{' dealer' if k == n - 1 else ''}" for k in range(n))):
        places.add_column(col)
    for k in rows:
        places.add_row(k, *(f"{share:.1%} of {count}" for count, share in made_by_order(rows[k], n)))
    Console().print(places)
    result = {"a": a, "b": b, "seed": seed, "boards": boards, "schedule": schedule, **report, "rows": rows}
    if out is not None:
        out.write_text(json.dumps(result))
    return result
