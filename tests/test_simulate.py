"""Simulation arithmetic (joker.match.simulate) and the ``joker simulate`` command."""

from __future__ import annotations

import math
import statistics

import pytest
import typer
from typer.testing import CliRunner

from joker import JokerError, new_game, preset, view_of
from joker.bots import make_bot
from joker.cli.simulate import simulate_command
from joker.match.simulate import mean_ci, play_game, simulate

TINY = preset("bus-angeles").replace(schedule="1,2,3")
NAMES = ["heuristic", "random", "heuristic", "random"]


def test_mean_ci_by_hand():
    # mean 2.5, sample sd sqrt(5/3) = 1.2910, half-width 1.96 * 1.2910 / 2 = 1.2652
    mean, ci = mean_ci([1, 2, 3, 4])
    assert mean == 2.5 and ci == pytest.approx(1.959964 * math.sqrt(5 / 3) / 2)
    assert mean_ci([7])[0] == 7 and math.isnan(mean_ci([7])[1])
    with pytest.raises(ValueError):
        mean_ci([])


def test_simulate_matches_a_direct_recomputation():
    calls = []
    result = simulate(TINY, NAMES, 6, seed=7, progress=lambda d, t: calls.append((d, t)))
    assert calls == [(g, 6) for g in range(1, 7)]
    assert result.games == 6 and result.bots == tuple(NAMES)
    # recompute every game by hand, same seeds: game g = seed "7:g", bot seed "7:g:seat"
    totals, made, bids = [], [0] * 4, [0] * 4
    for g in range(6):
        bots = [make_bot(name, f"7:{g}:{s}") for s, name in enumerate(NAMES)]
        state = new_game(TINY, seed=f"7:{g}")
        while not state.is_terminal():
            state = state.apply(bots[state.current_player].choose(view_of(state, state.current_player)))
        totals.append(state.scores())
        for r in state.results:
            for s in range(4):
                bids[s] += 1
                made[s] += r.bids[s] == r.tricks[s]
    assert result.scores == tuple(totals)
    for s, st in enumerate(result.seats):
        column = [t[s] for t in totals]
        assert st.mean == pytest.approx(statistics.mean(column))
        assert st.ci == pytest.approx(1.959964 * statistics.stdev(column) / math.sqrt(6))
        assert (st.tally.deals, st.tally.made) == (bids[s], made[s]) and st.tally.deals == 6 * 3
        assert st.tally.bid_accuracy == pytest.approx(made[s] / bids[s])
    mean, ci = result.difference(0)
    diffs = [t[0] - (t[1] + t[2] + t[3]) / 3 for t in totals]
    assert mean == pytest.approx(statistics.mean(diffs))
    assert ci == pytest.approx(1.959964 * statistics.stdev(diffs) / math.sqrt(6))
    assert result.games_per_second > 0


def test_simulate_is_reproducible_and_game_by_game_replayable():
    a = simulate(TINY, NAMES, 3, seed="s")
    b = simulate(TINY, NAMES, 3, seed="s")
    assert a.scores == b.scores
    one = play_game(TINY, [make_bot(n, f"s:2:{i}") for i, n in enumerate(NAMES)], "s:2")
    assert one.scores() == a.scores[2]


def test_no_bid_deals_leave_the_share_empty():
    rules = preset("raspisnoy").replace(schedule="2:gold,2:misere", specials=())
    result = simulate(rules, ["heuristic"] * 4, 2, seed=1)
    assert all(s.tally.deals == 0 and s.tally.bid_accuracy is None for s in result.seats)


def test_simulate_errors():
    with pytest.raises(JokerError, match="3 bots given"):
        simulate(TINY, ["random"] * 3, 1)
    with pytest.raises(JokerError, match="unknown bot 'nobody'"):
        simulate(TINY, ["random", "random", "random", "nobody"], 1)
    with pytest.raises(ValueError):
        simulate(TINY, ["random"] * 4, 0)


# -- the command -----------------------------------------------------------------------
def app() -> typer.Typer:
    """A Typer app holding the command as ``joker.cli.main`` registers it."""
    a = typer.Typer()
    a.command("simulate")(simulate_command)

    @a.callback()
    def _main() -> None:
        """joker"""

    return a


def run(*args: str):
    return CliRunner().invoke(app(), ["simulate", *args])


def test_cli_table_and_rate():
    out = run("--games", "4", "--rules", "bus-angeles(schedule='1,2,3')", "--bots", ",".join(NAMES), "--seed", "7")
    assert out.exit_code == 0, out.output
    result = simulate(TINY, NAMES, 4, seed="7")
    for s in result.seats:  # the same games as simulate() with the same seed
        assert f"{s.mean:.1f} ± {s.ci:.1f}" in out.output
        assert f"{100 * s.tally.bid_accuracy:.1f}% of {s.tally.deals}" in out.output
    assert "heuristic" in out.output and "random" in out.output
    assert "games/s" in out.output


def test_cli_preset_and_default_bots():
    out = run("--games", "1", "--preset", "oh-hell")
    assert out.exit_code == 0, out.output
    assert out.output.count("random") == 3 and "heuristic" in out.output


@pytest.mark.parametrize(
    "args, message",
    [
        (["--preset", "nope"], "unknown preset 'nope'"),
        (["--rules", "bus-angeles(nope=1)"], "unknown rules field"),
        (["--rules", "bus-angeles(schedule="], "not a rules string"),
        (["--preset", "camp", "--rules", "camp"], "not both"),
        (["--bots", "heuristic,random"], "2 bots given"),
        (["--bots", "heuristic,random,random,nobody"], "unknown bot 'nobody'"),
    ],
)
def test_cli_errors_are_messages_not_tracebacks(args, message):
    out = run("--games", "1", *args)
    assert out.exit_code == 1
    assert message in out.output
    assert "Traceback" not in out.output
    assert out.exception is None or isinstance(out.exception, SystemExit)


def test_a_second_game_simulates():
    """The tests' toy game, with its match plug-in only in tests/toygame.py, runs
    through simulate and play_game."""
    import toygame

    toygame.register()
    rules = toygame.parse_rules("toy(players=2,cards=3)")
    result = simulate(rules, ["high", "random"], 5, seed=1, game="toy")
    assert result.game == "toy" and result.games == 5 and all(sum(g) == 3 for g in result.scores)
    assert [s.tally.tricks for s in result.seats] == [sum(g[s] for g in result.scores) for s in range(2)]
    one = play_game(rules, [make_bot(n, f"1:4:{i}", game="toy") for i, n in enumerate(["high", "random"])], "1:4",
                    game="toy")
    assert one.scores() == result.scores[4]
    with pytest.raises(JokerError, match="unknown bot 'heuristic'"):
        simulate(rules, ["heuristic", "random"], 1, game="toy")


def test_cli_plays_durak_by_game_name():
    """``--game durak``: its default preset and bots, its fool rates; the same games as simulate()."""
    from joker.games.durak.rules import parse_rules as durak_rules

    out = run("--game", "durak", "--games", "6", "--rules", "durak(players=2)", "--seed", "3")
    assert out.exit_code == 0, out.output
    result = simulate(durak_rules("durak(players=2)"), ["heuristic", "random"], 6, seed="3", game="durak")
    assert "fool rate" in out.output and "durak(players=2)" in out.output
    for s in result.seats:
        assert f"{s.mean:.1f} ± {s.ci:.1f}" in out.output
    bad = run("--game", "durak", "--games", "1", "--bots", "heuristic,nobody,random,random")
    assert bad.exit_code == 1 and "unknown bot 'nobody'" in bad.output
    assert run("--game", "chess").exit_code == 1


def test_simulate_on_worker_processes_plays_the_same_games():
    """``--workers 2``: the games run on a process pool, finish in any order, and
    the result is the one of this process, game by game."""
    from joker.match.executors import ProcessPool

    calls = []
    pooled = simulate(TINY, NAMES, 4, seed=7, executor=ProcessPool(2), progress=lambda d, t: calls.append((d, t)))
    alone = simulate(TINY, NAMES, 4, seed=7)
    assert pooled.scores == alone.scores and pooled.seats == alone.seats
    assert calls == [(n, 4) for n in range(1, 5)]
    out = run("--games", "4", "--rules", "bus-angeles(schedule='1,2,3')", "--bots", ",".join(NAMES), "--seed", "7",
              "--workers", "2")
    assert out.exit_code == 0, out.output
    for s in alone.seats:
        assert f"{s.mean:.1f} ± {s.ci:.1f}" in out.output
