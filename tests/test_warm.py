"""Bots ready at once (docs/bots.md, "Ready at once"): the numba kernels are
cached on disk in the project's cache directory, never the source tree, and
after the warm-up step (``joker warmup``, run by ``make install``) a new
process's first search-bot decisions compile nothing — checked with numba's
event API (a ``numba:compile`` event is fired only when numba compiles, not
when it loads from the cache), not with timings."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("numba")

from joker.games.joker import jit  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
PACKAGE = SRC / "joker" / "games" / "joker"


def _env(**extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(SRC) + os.pathsep + env.get("PYTHONPATH", "")
    env.update(extra)
    return env


def test_every_compiled_module_caches_in_the_project_cache_dir() -> None:
    """Every module compiling with numba takes ``njit`` from :mod:`jit` (so the cache
    directory is set first), is part of the cache key, and caches every kernel."""
    users = set()
    for path in SRC.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and any(a.name == "njit" for a in node.names):
                rel = path.relative_to(PACKAGE).as_posix() if PACKAGE in path.parents else str(path)
                users.add(rel)
                if path.name != "jit.py":
                    assert node.module == "jit" and node.level == 2, f"{rel} must import njit from joker.games.joker.jit"
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "njit":
                cache = [k for k in node.keywords if k.arg == "cache"]
                assert cache and getattr(cache[0].value, "value", None) is True, f"{path}: njit without cache=True"
    assert users - {"jit.py"} == set(jit.KERNEL_SOURCES), "jit.KERNEL_SOURCES must list exactly the njit users"


def test_cache_dir_is_chosen_by_the_project(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setenv("JOKER_CACHE_DIR", str(tmp_path))
    assert jit.cache_dir() == tmp_path / f"numba-{jit.cache_key()}"
    monkeypatch.delenv("JOKER_CACHE_DIR")
    default = jit.cache_dir()
    assert SRC not in default.parents  # not the source tree, which may be read-only
    if sys.prefix != sys.base_prefix and os.access(sys.prefix, os.W_OK):
        assert Path(sys.prefix) in default.parents  # the venv's own cache: `make clean` removes it
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "mine"))
    assert jit.cache_dir() == tmp_path / "mine"  # numba's own variable, when a user sets it, as is
    assert jit.prune() == []  # and nothing of the user's is removed


def test_prune_keeps_the_current_and_the_latest_other_caches(monkeypatch: pytest.MonkeyPatch,
                                                             tmp_path: Path) -> None:
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setenv("JOKER_CACHE_DIR", str(tmp_path))
    current = jit.cache_dir()
    olds = [tmp_path / f"numba-{i:016x}" for i in range(jit.KEEP_OTHERS + 2)]  # olds[0] the most recently used
    for age, d in enumerate([*olds, tmp_path / "other", current]):  # current: the oldest, until prune() marks it
        d.mkdir()
        (d / "x.nbi").write_text("")
        os.utime(d, (1e9 - age * 3600, 1e9 - age * 3600))
    assert sorted(jit.prune()) == sorted(olds[jit.KEEP_OTHERS:])
    left = {p.name for p in tmp_path.iterdir()}
    assert left == {current.name, "other", *(d.name for d in olds[:jit.KEEP_OTHERS])}
    assert current.stat().st_mtime > olds[0].stat().st_mtime  # marked as just used


CHILD = r"""
import json, sys
from numba.core import event
compiled = []
class Listener(event.Listener):
    def on_start(self, ev):
        d = ev.data["dispatcher"]
        compiled.append(f"{d.py_func.__module__}.{d.py_func.__name__}{tuple(str(a) for a in ev.data['args'])}")
    def on_end(self, ev):
        pass
event.register("numba:compile", Listener())

from joker.games.joker import jit
from joker.games.joker.bots import BOTS
from joker.games.joker.bots.search import SearchBot
from joker.games.joker.engine.state import Phase, new_game
from joker.games.joker.engine.views import view_of
from joker.games.joker.fastpath import policy
from joker.games.joker.rules import preset

made = []  # the search bot's decisions with a choice: (level, phase)
for level in ("medium", "hard"):
    state = new_game(preset("bus-angeles").replace(schedule="2,9"), seed=11)
    bot = BOTS[level](seed=1, seconds=0.02)
    assert isinstance(bot, SearchBot)
    phases = set()
    while not state.is_terminal() and phases != {"BID", "PLAY"}:
        view = view_of(state, state.current_player)
        if view.phase in (Phase.BID, Phase.PLAY) and len(view.legal_actions) > 1:
            phases.add(view.phase.name)
            made.append((level, view.phase.name))
        state = state.apply(bot.choose(view))
hits = sum(sum(f.stats.cache_hits.values()) for f in (policy.evaluate_bids, policy.evaluate_moves, policy.mean_tricks))
print(json.dumps({"compiled": compiled, "made": made, "hits": hits, "cache": str(jit.CACHE_DIR)}))
"""


def test_first_bot_decisions_after_the_warm_up_compile_nothing() -> None:
    """A fresh install runs the warm-up (``make install``: ``joker warmup``); then a new
    process's first medium and hard bot decisions, bids and card play, of a game the
    warm-up did not play, load every kernel from the project's cache: no compilation."""
    warm = subprocess.run([sys.executable, "-m", "joker.cli.main", "warmup", "--quiet"], env=_env(),
                          capture_output=True, text=True, timeout=900)
    assert warm.returncode == 0, warm.stderr
    run = subprocess.run([sys.executable, "-c", CHILD], env=_env(), capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout.strip().splitlines()[-1])
    assert out["cache"] == str(jit.cache_dir())  # the project's cache, as the warm-up filled it
    assert {p for _, p in out["made"]} == {"BID", "PLAY"} and {lv for lv, _ in out["made"]} == {"medium", "hard"}
    assert out["compiled"] == []
    assert out["hits"] >= 3  # the kernels came from the disk cache (numba is on, not bypassed)


def test_warmup_says_each_stage_with_its_time(monkeypatch) -> None:
    """The fresh-user trial: ``joker warmup`` said nothing for minutes but a bar.
    Now a line per stage with its time (Joker's four: the sampler, the search bots'
    bidding and card play, the analysis solver), then the total.  Stages faked
    (sleeping a known time) so the test compiles nothing."""
    import re
    import time

    from typer.testing import CliRunner

    from joker.bots import warm as bots_warm
    from joker.cli.main import app
    from joker.games.joker.warm import PLUGIN

    assert [label for label, _ in PLUGIN.steps()] == ["sampler", "search bots, bidding", "search bots, card play",
                                                      "analysis solver"]
    stages = [("joker: sampler", 0.05), ("joker: search bots, bidding", 0.2), ("joker: analysis solver", 0.0)]
    monkeypatch.setattr(bots_warm, "all_steps", lambda: [(label, lambda s=s: time.sleep(s)) for label, s in stages])
    monkeypatch.setattr(bots_warm, "plugins", lambda: {})
    out = CliRunner().invoke(app, ["warmup"])
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    said = [re.fullmatch(r"\[(\d)/3\] (.+)  (\d+\.\d) s", line) for line in lines[1:4]]
    assert all(said), lines
    assert [(int(m[1]), m[2]) for m in said] == [(k, label) for k, (label, _) in enumerate(stages, 1)]
    assert 0.2 <= float(said[1][3]) < 1.5  # the 0.2 s stage, timed alone
    assert re.fullmatch(r"Bots ready \(\d+\.\d s\)", lines[4])
