"""Duplicate-deal matches between two bots, for any game of the registry.

A *board* is one seeded game: its cards, its dealers — all its chance — are
the same at every *seating* (the game's ``new_game`` with the board's seed).
For a board of an n-player rule set there are 2·n seatings: for each seat k,
bot A in seat k against n − 1 copies of bot B, and bot B in seat k against
copies of A.  The bot alone in seat k is the *hero*; comparing the two heroes
of seat k on the same cards removes the luck of the deal.

A decision the seating could change (Joker's trump choice, RULES.md §5 rule
3) is made for every seating by the game's referee, seeded by the board
(:mod:`joker.match.plugin`, the game's ``match`` plug-in).

Report (:class:`ArenaReport`):

* mean score difference per deal, A − B: per board, the mean over seats k
  of (A's game total as hero in k − B's game total as hero in k), divided by
  the deals of the game (so Joker's premiums and cuts count), with a 95%
  confidence interval over boards;
* per bot, as hero: the game's own statistics (Joker: bid accuracy by deal
  size, under rate (tricks < bid), khishti rate (bid ≥ 1, no trick)) and game
  win rate (first place, ties shared; RULES.md §12's places for Joker).

Pure functions (no printing); the ``joker arena`` command adds a progress bar.
Games run on an executor (:mod:`joker.match.executors`): a local process pool
by default, or Ray tasks; every game is played from its seeds alone, so the
report is the same on any of them.  A long run can keep a *journal*: every
finished game is appended to it as one JSON line, and a run given the journal
of an interrupted run of the same match plays only the games it lacks.
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from joker import registry
from joker.bots import make_bot, parse_bot_name
from joker.errors import JokerError
from .executors import Executor, executor_for
from .plugin import match_plugin
from .simulate import mean_ci

_FIELDS = ("board", "seat", "hero", "totals", "seconds", "think", "decisions")
"""The keys of a game line every game shares; the rest is the game's outcome."""


def _tup(x: Any) -> Any:
    """JSON lists back to tuples, at every depth."""
    return tuple(_tup(v) for v in x) if isinstance(x, list) else x


@dataclass(frozen=True)
class GameRecord:
    """One game of a board: ``hero`` (0 = bot A, 1 = bot B) sat alone in ``seat``;
    ``outcome``: what the game's plug-in keeps of it (Joker, per deal: ``cards``,
    ``trumps`` (suit 0..3 or ``None``), ``bids`` (``None`` without bidding),
    ``tricks``, ``scores``); ``totals``: game totals per seat."""

    board: int
    seat: int
    hero: int
    outcome: Mapping[str, Any]
    totals: tuple[int, ...]
    seconds: float
    think: tuple[float, float] = (0.0, 0.0)
    """Seconds bot A and bot B spent choosing, over the decisions with a choice."""
    decisions: tuple[int, int] = (0, 0)
    """Decisions with more than one legal action, per bot (A, B)."""

    def to_json(self) -> dict[str, Any]:
        """One journal line / one game of the JSON report: board, seat, hero, the
        outcome's entries, totals, seconds, think, decisions."""
        return {"board": self.board, "seat": self.seat, "hero": self.hero, **self.outcome, "totals": self.totals,
                "seconds": self.seconds, "think": self.think, "decisions": self.decisions}

    @classmethod
    def from_json(cls, d: Mapping[str, Any], keys: Sequence[str]) -> "GameRecord":
        """The record of :meth:`to_json` output whose outcome has ``keys``.
        Raises ``AttributeError``/``KeyError``/``TypeError`` for a malformed one."""
        extra = set(d) - set(_FIELDS) - set(keys)
        if extra:
            raise TypeError(f"unexpected {', '.join(sorted(extra))}")
        return cls(d["board"], d["seat"], d["hero"], {k: _tup(d[k]) for k in keys}, _tup(d["totals"]),
                   d["seconds"], _tup(d.get("think", (0.0, 0.0))), _tup(d.get("decisions", (0, 0))))


def seatings(players: int) -> list[tuple[int, int]]:
    """The ``(seat, hero)`` pairs of a board: every seat, bot A then bot B as hero."""
    return [(seat, hero) for seat in range(players) for hero in (0, 1)]


def play_seating(game: str, module: str, rules_text: str, names: tuple[str, str], seed: str, board: int,
                 seat: int, hero: int) -> GameRecord:
    """Play one game of a board (see the module doc) of the game ``game``, whose
    ``GAME`` is in ``module`` (registered here too: a spawned worker knows only the
    house's games).  Raises :class:`JokerError` for an illegal bot action."""
    registry.register(game, module)
    g = registry.game(game)
    plugin = match_plugin(game)
    rules = g.parse_rules(rules_text)
    n = rules.players
    game_seed = f"{seed}:{board}"
    bots = [
        make_bot(names[hero] if s == seat else names[1 - hero], f"{seed}:{board}:{seat}:{hero}:{s}", game=game)
        for s in range(n)
    ]
    referee = plugin.referee(game_seed)
    view_of = g.view_of
    start = time.perf_counter()
    think = [0.0, 0.0]
    decisions = [0, 0]
    state = g.new_game(rules, game_seed)
    while not state.is_terminal():
        p = state.current_player
        view = view_of(state, p)
        if referee is not None and referee.decides(state):
            action = referee.choose(view)
        else:
            t0 = time.perf_counter()
            action = bots[p].choose(view)
            if len(view.legal_actions) > 1:
                who = hero if p == seat else 1 - hero
                think[who] += time.perf_counter() - t0
                decisions[who] += 1
        if action not in view.legal_actions:
            raise JokerError(f"bot {bots[p].name!r} at seat {p + 1} chose {action}, not a legal action (board {board})")
        state = state.apply(action)
    return GameRecord(
        board=board,
        seat=seat,
        hero=hero,
        outcome=plugin.outcome(state),
        totals=tuple(state.scores()),
        seconds=time.perf_counter() - start,
        think=(think[0], think[1]),
        decisions=(decisions[0], decisions[1]),
    )


@dataclass(frozen=True)
class BotStats:
    """One bot as hero: ``tally``, the game's own statistics (Joker's
    ``BidTally``: bids made by deal size, under, khishti); ``games``/``wins``
    (first places, ties shared as 1/k); ``think``/``decisions``: its time choosing
    and its decisions with a choice, over every game of the run (as hero or copy)."""

    name: str
    tally: Any
    games: int
    wins: float
    think: float = 0.0
    decisions: int = 0

    @property
    def ms_per_decision(self) -> float | None:
        return 1000 * self.think / self.decisions if self.decisions else None

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.games if self.games else None


@dataclass(frozen=True)
class ArenaReport:
    """The outcome of :func:`run_arena` (see the module doc).  ``diff`` and
    ``ci``: mean A − B score difference per deal and its 95% half-width;
    ``per_board``: each board's difference per deal; ``game``: the game's name."""

    rules: str
    bots: tuple[str, str]
    seed: str
    boards: int
    deals: int
    diff: float
    ci: float
    per_board: tuple[float, ...]
    stats: tuple[BotStats, BotStats]
    seconds: float
    games: tuple[GameRecord, ...] = field(repr=False)
    game: str = registry.DEFAULT

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict: the summary and every game (``game`` only for a game other than Joker)."""
        out: dict[str, Any] = {} if self.game == registry.DEFAULT else {"game": self.game}
        out |= {
            "rules": self.rules,
            "bots": list(self.bots),
            "seed": self.seed,
            "boards": self.boards,
            "deals": self.deals,
            "score_difference_per_deal": {"mean": self.diff, "ci95": None if math.isnan(self.ci) else self.ci},
            "per_board": list(self.per_board),
            "bots_as_hero": [
                {
                    "bot": s.name,
                    **s.tally.to_json(),
                    "win_rate": s.win_rate,
                    "games": s.games,
                    "ms_per_decision": s.ms_per_decision,
                }
                for s in self.stats
            ],
            "seconds": self.seconds,
            "games": [g.to_json() for g in self.games],
        }
        return out

    def save(self, path: Path | str) -> None:
        """Write :meth:`to_json` to ``path``."""
        Path(path).write_text(json.dumps(self.to_json(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def deals_per_game(rules: Any, game: str | None = None) -> int:
    """The deals of one game of ``rules`` (the game's match plug-in)."""
    return match_plugin(game).deals(rules)


def summarize(rules: Any, names: tuple[str, str], seed: str, games: Sequence[GameRecord],
              seconds: float, game: str | None = None) -> ArenaReport:
    """The report of a finished set of games (every seating of every board).
    Raises :class:`JokerError` when a board misses a seating."""
    n = rules.players
    plugin = match_plugin(game)
    deals = plugin.deals(rules)
    by_board: dict[int, dict[tuple[int, int], GameRecord]] = {}
    for g in games:
        by_board.setdefault(g.board, {})[(g.seat, g.hero)] = g
    per_board = []
    for b in sorted(by_board):
        got = by_board[b]
        if len(got) != 2 * n:
            raise JokerError(f"board {b} has {len(got)} of its {2 * n} seatings")
        d = sum(got[(k, 0)].totals[k] - got[(k, 1)].totals[k] for k in range(n)) / n
        per_board.append(d / deals)
    stats = []
    for hero in (0, 1):
        mine = [g for g in games if g.hero == hero]
        wins = 0.0
        for g in mine:  # first place, ties shared
            top = max(g.totals)
            if g.totals[g.seat] == top:
                wins += 1.0 / g.totals.count(top)
        tally = plugin.tally((g.seat, g.outcome) for g in mine)
        think = sum(g.think[hero] for g in games)
        decisions = sum(g.decisions[hero] for g in games)
        stats.append(BotStats(names[hero], tally, len(mine), wins, think, decisions))
    mean, ci = mean_ci(per_board) if per_board else (math.nan, math.nan)
    return ArenaReport(str(rules), names, seed, len(by_board), deals * len(by_board), mean, ci, tuple(per_board),
                       (stats[0], stats[1]), seconds, tuple(sorted(games, key=lambda g: (g.board, g.seat, g.hero))),
                       game or registry.DEFAULT)


def boards_for(rules: Any, deals: int, game: str | None = None) -> int:
    """Boards (games) of ``game`` needed for at least ``deals`` deals.  Raises
    ``ValueError`` for ``deals < 1``."""
    if deals < 1:
        raise ValueError(f"deals must be at least 1, not {deals}")
    return math.ceil(deals / deals_per_game(rules, game))


def read_journal(path: Path, header: dict[str, Any], keys: Sequence[str]) -> list[GameRecord]:
    """The games recorded in the journal ``path`` (none if it does not exist),
    each with an outcome of ``keys`` (the game plug-in's ``outcome_keys``).
    Its first line must be ``header`` (the match: rules, bots, seed).  A last line
    cut short (the run was killed while writing it) is dropped from the file;
    any other bad line raises :class:`JokerError` naming it, changing nothing."""
    if not path.exists() or path.stat().st_size == 0:
        return []
    lines = path.read_text(encoding="utf-8").split("\n")
    complete = lines[-1] == ""
    lines = lines[:-1] if complete else lines
    try:
        head = json.loads(lines[0]) if lines else None
    except json.JSONDecodeError:
        head = None
    if head != header:
        raise JokerError(f"{path} is the journal of another match ({head}), not of {header}; "
                         "move it away or use another --out")
    games: list[GameRecord] = []
    for i, line in enumerate(lines[1:], start=2):
        try:
            games.append(GameRecord.from_json(json.loads(line), keys))
        except (json.JSONDecodeError, AttributeError, KeyError, TypeError, ValueError) as e:
            if i == len(lines) and not complete:
                path.write_text("\n".join(lines[:-1]) + "\n", encoding="utf-8")
                break
            raise JokerError(f"{path}, line {i}: not a game record ({e})") from None
    return games


def run_arena(
    rules: Any,
    names: tuple[str, str],
    deals: int,
    seed: str = "0",
    workers: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    journal: Path | str | None = None,
    game: str | None = None,
    executor: Executor | None = None,
) -> ArenaReport:
    """Play enough boards for ``deals`` deals, every seating of each, on
    ``workers`` processes (default: the CPU count; 1: in this process), and
    report.  ``progress(done, total)`` is called per finished game (and once at
    the start when a journal already holds games).  ``journal``: a JSON-lines
    file each finished game is appended to; the games it already holds for this
    match are not played again (:func:`read_journal`).  Raises :class:`JokerError`
    for an unknown bot or another match's journal and ``ValueError`` for bad counts.
    ``seconds`` of the report counts this run only.  ``game``: the registry name of
    the game ``rules`` belong to (default Joker).  ``executor``: where the games run
    instead of ``workers`` processes (e.g. :class:`~joker.match.executors.RayExecutor`);
    the report is the same, times apart."""
    game = game or registry.DEFAULT
    module = registry.module(game)
    for name in names:
        parse_bot_name(name, game)  # raises JokerError for an unknown bot or a bad time cap
    boards = boards_for(rules, deals, game)
    if executor is None:
        executor = executor_for(workers)  # raises ValueError for workers < 1
    jobs = [(game, module, str(rules), names, seed, b, seat, hero)
            for b in range(boards) for seat, hero in seatings(rules.players)]
    total = len(jobs)
    start = time.perf_counter()
    games: list[GameRecord] = []
    log = None
    if journal is not None:
        journal = Path(journal)
        header = {"rules": str(rules), "bots": list(names), "seed": seed}
        if game != registry.DEFAULT:
            header = {"game": game} | header
        wanted = {job[5:] for job in jobs}  # (board, seat, hero)
        games = [g for g in read_journal(journal, header, match_plugin(game).outcome_keys)
                 if (g.board, g.seat, g.hero) in wanted]
        have = {(g.board, g.seat, g.hero) for g in games}
        jobs = [job for job in jobs if job[5:] not in have]
        new = not journal.exists() or journal.stat().st_size == 0
        log = journal.open("a", encoding="utf-8")
        if new:
            log.write(json.dumps(header, ensure_ascii=False) + "\n")
            log.flush()
        if games and progress:
            progress(len(games), total)

    def done(g: GameRecord) -> None:
        games.append(g)
        if log is not None:
            log.write(json.dumps(g.to_json(), ensure_ascii=False) + "\n")
            log.flush()
        if progress:
            progress(len(games), total)

    try:
        executor.run(play_seating, jobs, done)
    finally:
        if log is not None:
            log.close()
    return summarize(rules, names, seed, games, time.perf_counter() - start, game)
