"""A short duplicate-deal arena run on a fixed seed: the report's arithmetic
recomputed by hand from the games it played, the duplicate conditions (same
trumps in every seating, trump choice included), and the command line."""

from __future__ import annotations

import dataclasses
import json
import math
import statistics
import subprocess
import sys
import time

import pytest
from typer.testing import CliRunner

from joker.match.arena import boards_for, run_arena, seatings
from joker.cli.main import app
from joker.errors import JokerError
from joker.games.joker.rules import parse_rules
from procs_support import spawned_workers, still_running

RULES = parse_rules("bus-angeles(schedule='1,2,9')")  # deal 3 has a trump choice


@pytest.fixture(scope="module")
def report():
    return run_arena(RULES, ("heuristic", "random"), deals=9, seed="7", workers=1)


def test_boards_and_seatings(report):
    assert boards_for(RULES, 9) == 3 and boards_for(RULES, 10) == 4
    assert seatings(4) == [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (3, 0), (3, 1)]
    assert report.boards == 3 and report.deals == 9 and len(report.games) == 3 * 8


def test_duplicate_conditions(report):
    for b in range(3):
        games = [g for g in report.games if g.board == b]
        assert len({g.outcome["trumps"] for g in games}) == 1  # same trumps, the chosen one included
        assert len({g.outcome["cards"] for g in games}) == 1


def test_report_arithmetic(report):
    per_board = []
    for b in range(3):
        g = {(x.seat, x.hero): x for x in report.games if x.board == b}
        diffs = [g[(k, 0)].totals[k] - g[(k, 1)].totals[k] for k in range(4)]
        per_board.append(sum(diffs) / 4 / 3)  # 3 deals per game
    assert report.per_board == pytest.approx(per_board)
    assert report.diff == pytest.approx(sum(per_board) / 3)
    assert report.ci == pytest.approx(1.959963984540054 * statistics.stdev(per_board) / math.sqrt(3))
    for hero, stats in enumerate(report.stats):
        mine = [x for x in report.games if x.hero == hero]
        pairs = [(x.outcome["bids"][d][x.seat], x.outcome["tricks"][d][x.seat], x.outcome["cards"][d])
                 for x in mine for d in range(3)]
        assert stats.tally.deals == len(pairs) == 12 * 3
        assert stats.tally.under == sum(t < b for b, t, _ in pairs)
        assert stats.tally.khishti == sum(b >= 1 and t == 0 for b, t, _ in pairs)
        for size in (1, 2, 9):
            sized = [(b, t) for b, t, c in pairs if c == size]
            assert stats.tally.by_size[size] == [sum(b == t for b, t in sized), len(sized)]
        wins = sum(x.totals[x.seat] == max(x.totals) and 1 / x.totals.count(max(x.totals)) for x in mine)
        assert stats.win_rate == pytest.approx(wins / 12)
    assert report.stats[0].name == "heuristic" and report.stats[1].name == "random"
    for hero, stats in enumerate(report.stats):
        assert stats.decisions == sum(g.decisions[hero] for g in report.games) > 0
        assert stats.ms_per_decision == pytest.approx(1000 * sum(g.think[hero] for g in report.games) / stats.decisions)


def test_json_and_reproducible(report, tmp_path):
    path = tmp_path / "arena.json"
    report.save(path)
    data = json.loads(path.read_text())
    assert data["score_difference_per_deal"]["mean"] == pytest.approx(report.diff)
    assert len(data["games"]) == 24 and data["bots"] == ["heuristic", "random"]
    again = run_arena(RULES, ("heuristic", "random"), deals=9, seed="7", workers=1)
    assert again.per_board == report.per_board


def test_errors():
    with pytest.raises(JokerError, match="unknown bot 'nobody'"):
        run_arena(RULES, ("heuristic", "nobody"), deals=3)
    with pytest.raises(ValueError, match="deals must be at least 1"):
        run_arena(RULES, ("heuristic", "random"), deals=0)


def test_command_line(tmp_path):
    out = tmp_path / "r.json"
    res = CliRunner().invoke(app, ["arena", "--bots", "heuristic,random", "--deals", "2", "--preset",
                                   "bus-angeles(schedule='1,1')", "--seed", "3", "--workers", "2", "--out", str(out)])
    assert res.exit_code == 0, res.output
    assert "score difference per deal" in res.output and out.exists()
    # 2 deals of a 2-deal game: 1 board, played by each bot alone in each of 4 seats
    assert "1 board of 2 deals (at least 2 asked), each played 8 times (each bot alone in each seat): " \
           "8 games, 16 deals in all" in " ".join(res.output.split())  # as Rich wraps it on 80 columns
    bad = CliRunner().invoke(app, ["arena", "--bots", "heuristic", "--deals", "2"])
    assert bad.exit_code == 1 and "exactly two bots" in bad.output


def test_journal_resumes_an_interrupted_run(report, tmp_path):
    """A run killed after some games (its journal cut mid-line) and run again with
    the journal plays only the missing games and reports what one whole run does."""
    journal = tmp_path / "r.json.games.jsonl"
    whole = run_arena(RULES, ("heuristic", "random"), deals=9, seed="7", workers=1, journal=journal)
    assert whole.per_board == report.per_board and _outcomes(whole) == _outcomes(report)
    lines = journal.read_text().splitlines()
    assert len(lines) == 1 + 24 and json.loads(lines[0])["bots"] == ["heuristic", "random"]
    journal.write_text("\n".join(lines[:11]) + "\n" + lines[11][:40])  # 10 games, the 11th cut short
    calls = []
    again = run_arena(RULES, ("heuristic", "random"), deals=9, seed="7", workers=1, journal=journal,
                      progress=lambda done, total: calls.append(done))
    assert calls == list(range(10, 25))  # 10 kept (reported once at the start), 14 played
    assert again.per_board == report.per_board and _outcomes(again) == _outcomes(report)
    assert len(journal.read_text().splitlines()) == 1 + 24


def _outcomes(report):
    """Everything of the per-bot statistics but the time spent thinking."""
    return [dataclasses.replace(s, think=0.0) for s in report.stats]


def test_journal_of_another_match_or_corrupt_is_refused(tmp_path):
    journal = tmp_path / "j.jsonl"
    run_arena(RULES, ("heuristic", "random"), deals=3, seed="7", workers=1, journal=journal)
    text = journal.read_text()
    with pytest.raises(JokerError, match="journal of another match"):
        run_arena(RULES, ("heuristic", "random"), deals=3, seed="8", workers=1, journal=journal)
    lines = text.splitlines()
    journal.write_text("\n".join(lines[:3] + ['{"board": 0}'] + lines[4:]) + "\n")
    broken = journal.read_text()
    with pytest.raises(JokerError, match="line 4: not a game record"):
        run_arena(RULES, ("heuristic", "random"), deals=3, seed="7", workers=1, journal=journal)
    assert journal.read_text() == broken  # nothing changed


def test_command_line_keeps_a_journal_until_done(tmp_path):
    out = tmp_path / "r.json"
    journal = tmp_path / "r.json.games.jsonl"
    args = ["arena", "-b", "heuristic,random", "-n", "2", "-p", "bus-angeles(schedule='1,1')", "-s", "3", "-w", "1",
            "-o", str(out)]
    run_arena(parse_rules("bus-angeles(schedule='1,1')"), ("heuristic", "random"), 1, "3", 1, journal=journal)
    res = CliRunner().invoke(app, args)
    assert res.exit_code == 0, res.output
    assert "resuming from" in res.output and out.exists() and not journal.exists()
    assert len(json.loads(out.read_text())["games"]) == 8


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc; the guard is Linux's prctl")
def test_killed_arena_leaves_no_workers_playing():
    """SIGKILL the arena's process mid-run: its pool workers end too (they were
    found playing their queued boards for many minutes)."""
    proc = subprocess.Popen([sys.executable, "-m", "joker.cli.main", "arena", "-b", "heuristic,random", "-n", "2000",
                             "-w", "2"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    pool = spawned_workers(proc.pid, count=2)
    assert len(pool) == 2, "the arena's two pool workers did not start"
    time.sleep(1.0)  # let the workers start their boards
    proc.kill()
    proc.wait()
    pool = still_running(pool, wait=20)
    assert not pool, f"workers still running: {pool}"


def test_progress_lines_when_not_a_terminal():
    """A long run logged to a file shows plain progress lines (a Rich bar draws
    nothing there); a short run prints none."""
    from io import StringIO

    from rich.console import Console
    from rich.progress import Progress

    from joker.cli.render import LineProgress, progress_bar

    assert isinstance(progress_bar(Console(file=StringIO(), force_terminal=True)), Progress)
    log = StringIO()
    assert isinstance(progress_bar(Console(file=log)), LineProgress)
    quiet = progress_bar(Console(file=log))
    task = quiet.add_task("games", total=None)
    for done in range(1, 9):
        quiet.update(task, completed=done, total=8)
    assert log.getvalue() == ""
    lines = LineProgress(Console(file=log, width=200), every=0.0)
    task = lines.add_task("games", total=None)
    lines.update(task, completed=2, total=8)
    lines.update(task, completed=8)
    out = log.getvalue().splitlines()
    assert out[0].startswith("games: 2/8 (25%), 0:00 elapsed, about 0:00 left")
    assert out[1].startswith("games: 8/8 (100%), 0:00 elapsed") and "left" not in out[1]


def test_a_second_game_plays_a_duplicate_arena(tmp_path):
    """The tests' toy game, with its match plug-in only in tests/toygame.py, plays
    a duplicate-deal arena between two of its bots — in this process and on spawned
    workers, which register the game the way this process did — with its journal."""
    import toygame

    toygame.register()
    rules = toygame.parse_rules("toy(players=3,cards=2)")
    report = run_arena(rules, ("high", "random"), deals=4, seed="5", workers=1, game="toy")
    assert report.game == "toy" and report.boards == 4 and report.deals == 4 and len(report.games) == 4 * 6
    for b in range(4):
        g = {(x.seat, x.hero): x for x in report.games if x.board == b}
        assert len(g) == 6 and all(sum(x.totals) == 2 for x in g.values())  # every seating of 2 tricks
        assert report.per_board[b] == pytest.approx(sum(g[(k, 0)].totals[k] - g[(k, 1)].totals[k] for k in range(3)) / 3)
    for hero, stats in enumerate(report.stats):
        mine = [x for x in report.games if x.hero == hero]
        assert stats.tally.tricks == sum(x.totals[x.seat] for x in mine) and stats.games == 12
    data = report.to_json()
    assert data["game"] == "toy" and data["bots_as_hero"][0]["tricks_per_game"] == report.stats[0].tally.tricks / 12
    journal = tmp_path / "toy.games.jsonl"
    spawned = run_arena(rules, ("high", "random"), deals=4, seed="5", workers=2, game="toy", journal=journal)
    assert spawned.per_board == report.per_board and spawned.games[0].outcome == report.games[0].outcome
    assert json.loads(journal.read_text().splitlines()[0])["game"] == "toy"
    with pytest.raises(JokerError, match="unknown bot 'heuristic'"):
        run_arena(rules, ("heuristic", "random"), deals=1, game="toy")


def test_command_line_plays_durak_by_game_name(tmp_path):
    """``joker arena --game durak``: Durak's default preset, its bots and fool rates; saved JSON names the game."""
    out = tmp_path / "d.json"
    res = CliRunner().invoke(app, ["arena", "--game", "durak", "-b", "heuristic,random", "-n", "2", "-w", "1",
                                   "-o", str(out)])
    assert res.exit_code == 0, res.output
    assert "2 boards of 1 deal" in res.output and "fool rate" in res.output and "heuristic − random" in res.output
    saved = json.loads(out.read_text())
    assert saved["game"] == "durak" and saved["rules"] == "durak" and len(saved["games"]) == 2 * 8
    bad = CliRunner().invoke(app, ["arena", "--game", "durak", "-b", "heuristic,medium-rare", "-n", "1"])
    assert bad.exit_code == 1 and "unknown bot 'medium-rare'" in bad.output
