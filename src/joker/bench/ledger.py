"""``python -m joker.bench ledger``: how long a ``joker ledger`` command takes
to start and answer (issue 23: every ``joker ledger`` command within 0.3 s),
as the keeper waits for it at the table.

Each command is run as a fresh process, the way the installed ``joker``
script runs it: ``show`` and ``players list`` (reading) on a ledger holding
the game of ``examples/paper-sheet.csv`` (24 deals, a fine, a redeal); the
writing commands on a second ledger whose game is at its fourth deal, its
trump entered: ``bids`` (the same bids entered again each time, a
correction), and ``tricks`` (on a copy with the bids entered too), ``undo``
and ``players add``, each run on a fresh copy of its ledger (copied before
the clock starts); and ``--help``.  On an SQLite file at the head revision
every one of them uses ``sqlite3`` alone (docs/scorekeeper.md, "Start-up").
The reference, measured in the same run and interleaved with the
commands so both see the same machine load, is ``python -c pass`` (the
interpreter's own start).  Printed per command: the median and the fastest
wall time in seconds, the median as a multiple of the reference, the median
CPU time (user + system), which a busy machine inflates less than the wall
time, and whether the median is within the goal; then the machine's load
average.

The processes cache their bytecode in the run's temporary directory
(``PYTHONPYCACHEPREFIX``, even under ``PYTHONDONTWRITEBYTECODE``), as an
installed package has it: else every start would compile joker's modules anew.
"""

from __future__ import annotations

import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SHEET = Path(__file__).resolve().parents[3] / "examples" / "paper-sheet.csv"
"""The example sheet (a source checkout); without it the bench enters a few deals itself."""

GOAL = 0.3
"""Seconds: issue 23's goal for a ``joker ledger`` command."""

REFERENCE = "python -c pass (reference)"

JOKER = "import sys; from joker.cli.main import app; sys.argv[0] = 'joker'; sys.exit(app())"
"""What the installed ``joker`` console script runs."""


def _ledger(db: Path) -> None:
    """A ledger at ``db`` with one open game of 24 entered deals (or, without the example sheet, three)."""
    from joker.ledger import Ledger
    from joker.ledger.paper import import_csv

    led = Ledger.open(str(db))
    try:
        if SHEET.exists():
            import_csv(led, SHEET, "bus-angeles", None, None, True, None, False)
        else:
            led.new_game("A,B,C,D", "bus-angeles", None, None, True)
            for trump, bids, tricks in (("H", "0,0,0,0", "0,1,0,0"), ("S", "1,1,0,1", "1,1,0,0"),
                                        ("D", "1,1,0,0", "1,1,1,0")):
                led.enter_deal(None, trump, bids, tricks)
    finally:
        led.close()


def _at_a_deal(db: Path) -> None:
    """A ledger at ``db`` whose one game has three deals scored and the fourth's trump entered."""
    from joker.ledger import Ledger

    with Ledger.open(str(db)) as led:
        led.new_game("A,B,C,D", "bus-angeles", None, None, True)
        for trump, bids, tricks in (("H", "0,0,0,0", "0,1,0,0"), ("S", "1,1,0,1", "1,1,0,0"),
                                    ("D", "1,1,0,0", "1,1,1,0")):
            led.enter_deal(None, trump, bids, tricks)
        led.set_trump(None, "C")


def _with_bids(db: Path) -> None:
    """The ledger of :func:`_at_a_deal` with the fourth deal's bids entered too (it awaits its tricks)."""
    from joker.ledger import Ledger

    _at_a_deal(db)
    with Ledger.open(str(db)) as led:
        led.set_bids(None, "1,0,1,0")


def _fresh(template: Path, db: Path) -> None:
    """``db`` a fresh copy of the ledger ``template`` (its WAL files, if any, removed)."""
    for suffix in ("-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    shutil.copyfile(template, db)


def _wall(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall seconds of one run of ``argv``, and the CPU seconds (user + system) it used."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def run(runs: int = 15) -> None:
    """Time ``runs`` starts of each command against ``python -c pass`` and print the table."""
    with tempfile.TemporaryDirectory(prefix="joker-bench-ledger-") as tmp:
        db, at_deal, with_bids = Path(tmp) / "ledger.db", Path(tmp) / "at-a-deal.db", Path(tmp) / "with-bids.db"
        fresh = Path(tmp) / "fresh.db"
        _ledger(db)
        _at_a_deal(at_deal)
        _with_bids(with_bids)
        env_db = ["--db", str(db)]
        ledger = [sys.executable, "-c", JOKER, "ledger"]
        commands: dict[str, list[str]] = {
            REFERENCE: [sys.executable, "-c", "pass"],
            "joker ledger show": [*ledger, *env_db, "show"],
            "joker ledger players list": [*ledger, *env_db, "players", "list"],
            "joker ledger bids 1,0,1,0": [*ledger, "--db", str(at_deal), "bids", "1,0,1,0"],
            "joker ledger tricks 1,0,2,1": [*ledger, "--db", str(fresh), "tricks", "1,0,2,1"],
            "joker ledger undo": [*ledger, "--db", str(fresh), "undo"],
            "joker ledger players add Zed": [*ledger, "--db", str(fresh), "players", "add", "Zed"],
            "joker ledger --help": [*ledger, "--help"],
        }
        # command → the ledger copied to ``fresh`` before each of its runs (it changes the ledger for good)
        copies = {"joker ledger tricks 1,0,2,1": with_bids, "joker ledger undo": at_deal,
                  "joker ledger players add Zed": at_deal}
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env.setdefault("COLUMNS", "120")
        env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
        for name, argv in commands.items():  # warm the file cache and the bytecode
            if name in copies:
                _fresh(copies[name], fresh)
            _wall(argv, env)
        times: dict[str, list[float]] = {name: [] for name in commands}
        cpu: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(runs):
            for name, argv in commands.items():
                if name in copies:
                    _fresh(copies[name], fresh)
                wall, used = _wall(argv, env)
                times[name].append(wall)
                cpu[name].append(used)
    ref = statistics.median(times[REFERENCE])
    print(f"joker ledger start-up, {runs} runs each, interleaved (seconds; cpu = user + system of the process; "
          f"goal: {GOAL} s median wall)")
    print(f"{'command':32} {'median':>8} {'fastest':>8} {'× ref':>8} {'cpu':>8}  goal")
    for name, ts in times.items():
        med = statistics.median(ts)
        verdict = "" if name == REFERENCE else "within" if med <= GOAL else f"over by {med - GOAL:.3f} s"
        print(f"{name:32} {med:8.3f} {min(ts):8.3f} {med / ref:8.1f} {statistics.median(cpu[name]):8.3f}  {verdict}")
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (a busy machine stretches every "
          f"wall time: compare the × ref column)")
