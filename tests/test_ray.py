"""The arena and ``simulate`` on Ray (joker.match.executors.RayExecutor): the same
results as on the local process pool for the same seed, game by game, for both
games; and without Ray installed, a clear error naming the extra to install.

Ray starts once for this module (a local Ray of 2 CPUs: its start-up is slow on
a small machine), and its runs are checked in one test so that pytest-xdist
cannot start a second Ray on its other worker."""

from __future__ import annotations

import dataclasses
import sys

import pytest
from typer.testing import CliRunner

from joker import preset, registry
from joker.cli.main import app
from joker.errors import JokerError, RulesError
from joker.match.arena import ArenaReport, play_seating, run_arena
from joker.match.executors import ProcessPool, RayExecutor, executor_for
from joker.match.simulate import simulate


@pytest.fixture(scope="module")
def local_ray():
    ray = pytest.importorskip("ray")  # the `ray` extra: `make install` installs it, so CI runs this
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False,
             object_store_memory=100 * 2**20)
    yield ray
    ray.shutdown()


def games_of(report: ArenaReport) -> list[tuple]:
    """Every game of a report but its times: board, seat, hero, outcome, totals, decisions."""
    return [(g.board, g.seat, g.hero, dict(g.outcome), g.totals, g.decisions) for g in report.games]


def same_report(a: ArenaReport, b: ArenaReport) -> None:
    assert games_of(a) == games_of(b)  # board by board, seating by seating
    assert a.per_board == b.per_board and a.diff == b.diff and (a.ci == b.ci or a.ci != a.ci and b.ci != b.ci)
    assert [dataclasses.replace(s, think=0.0) for s in a.stats] == [dataclasses.replace(s, think=0.0) for s in b.stats]


def test_ray_gives_the_process_pools_results(local_ray):
    on_ray = RayExecutor()  # uses the Ray this module started, and leaves it running
    pool = ProcessPool(2)

    # Joker: 2 boards of 3 deals (deal 3 has a trump choice, made by the referee), 16 games
    rules = preset("bus-angeles").replace(schedule="1,2,9")
    calls: list[tuple[int, int]] = []
    ray_report = run_arena(rules, ("heuristic", "random"), 6, seed="r1", executor=on_ray,
                           progress=lambda done, total: calls.append((done, total)))
    assert calls == [(n, 16) for n in range(1, 17)]
    assert local_ray.is_initialized()
    same_report(ray_report, run_arena(rules, ("heuristic", "random"), 6, seed="r1", executor=pool))

    # Durak, 2 players: 3 boards, 12 games
    durak = registry.game("durak").parse_rules("durak").replace(players=2)
    same_report(run_arena(durak, ("heuristic", "random"), 3, seed="r2", game="durak", executor=on_ray),
                run_arena(durak, ("heuristic", "random"), 3, seed="r2", game="durak", executor=pool))

    # simulate, both games: the same scores and per-seat statistics as in this process
    names = ["heuristic", "random", "heuristic", "random"]
    for game, r, bots in (("joker", rules, names), ("durak", durak, names[:2])):
        a = simulate(r, bots, 5, seed="r3", game=game, executor=on_ray)
        b = simulate(r, bots, 5, seed="r3", game=game)
        assert a.scores == b.scores and a.seats == b.seats

    # an error in a task is raised here as itself
    with pytest.raises(RulesError, match="^unknown preset 'nonsense'"):
        on_ray.run(play_seating, [("joker", "joker.games.joker", "nonsense", ("random", "random"), "0", 0, 0, 0)],
                   lambda g: None)


def test_ray_without_ray_installed_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` now raises ImportError, as when not installed
    with pytest.raises(JokerError, match=r"--ray needs Ray, which is not installed: pip install 'joker\[ray\]'"):
        executor_for(ray=True)
    assert isinstance(executor_for(2), ProcessPool)  # without --ray: the process pool, as before
    for args in (["arena", "-b", "heuristic,random", "-n", "1", "--ray"],
                 ["simulate", "-n", "1", "--ray-address", "ray://head:10001"]):
        res = CliRunner().invoke(app, args)
        text = " ".join(res.output.split())
        assert res.exit_code == 1, res.output
        assert "--ray needs Ray, which is not installed: pip install 'joker[ray]'" in text
        assert "board" not in text and "games" not in text  # refused before any game
