"""Finding a program's spawned worker processes in Linux's /proc, for the tests
that kill a program outright and check its workers end with it."""

from __future__ import annotations

import time
from pathlib import Path


def _read(path: str) -> bytes:
    try:
        return Path(path).read_bytes()
    except OSError:
        return b""


def spawned_workers(pid: int, count: int = 1, wait: float = 60.0) -> list[int]:
    """The multiprocessing (spawn) workers among the children of ``pid``, waiting
    up to ``wait`` seconds for at least ``count`` of them."""
    deadline = time.monotonic() + wait
    while True:
        found = [int(w) for w in _read(f"/proc/{pid}/task/{pid}/children").split()
                 if b"multiprocessing.spawn" in _read(f"/proc/{int(w)}/cmdline")]
        if len(found) >= count or time.monotonic() > deadline:
            return found
        time.sleep(0.1)


def still_running(pids: list[int], wait: float) -> list[int]:
    """Those of ``pids`` still running (not gone, not zombies) after waiting up to
    ``wait`` seconds for them to end."""
    deadline = time.monotonic() + wait
    while pids and time.monotonic() < deadline:
        pids = [w for w in pids if _read(f"/proc/{w}/stat").rsplit(b")", 1)[-1].split()[:1] not in ([], [b"Z"])]
        time.sleep(0.1)
    return pids
