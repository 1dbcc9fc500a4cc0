"""Where the arena's and ``simulate``'s games run: this process, a local process
pool, or Ray (a local Ray or a cluster).

An *executor* runs one module-level function over many argument tuples (the
jobs) and hands each result to a callback as it arrives, in whatever order the
jobs finish.  The callers (:func:`joker.match.arena.run_arena`,
:func:`joker.match.simulate.simulate`) play each game from its seed alone and
put the results in order themselves, so every executor gives the same report
for the same seed; only the wall time differs.

* :class:`InProcess` — one job after another in this process;
* :class:`ProcessPool` — ``n`` spawned worker processes that end with this
  process even when it is killed outright (:func:`die_with_parent`);
* :class:`RayExecutor` — every job a Ray task (``ray.remote``), on the Ray at
  ``address`` or a local one.  Ray is an optional extra
  (``pip install 'joker[ray]'``); without it :class:`RayExecutor` raises
  :class:`~joker.errors.JokerError` naming the extra, and the other executors
  work as before.

A cluster's nodes must have the same ``joker`` installed (a task names its
function by module, ``joker.match.arena.play_seating``) — docs/bots.md,
"Arena on a Ray cluster".
"""

from __future__ import annotations

import logging
import os
import signal
import sys
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from multiprocessing import get_context
from typing import Any, Callable, Protocol, Sequence, TypeVar

from joker.errors import JokerError
from .workers import exit_when_orphaned

R = TypeVar("R")

RAY_EXTRA = "pip install 'joker[ray]'"
"""How to install Ray for ``--ray`` (the ``ray`` extra of pyproject.toml pins its version)."""


class Executor(Protocol):
    """Runs jobs (see the module doc)."""

    def run(self, fn: Callable[..., R], jobs: Sequence[tuple[Any, ...]], done: Callable[[R], None]) -> None:
        """Call ``fn(*job)`` for every job of ``jobs``, ``done(result)`` in this
        process as each finishes (in any order).  ``fn`` must be a module-level
        function (it is pickled by name).  An exception raised by ``fn`` is raised
        here, as itself, and the jobs not yet started are dropped."""
        ...


class InProcess:
    """Every job in this process, in order."""

    def run(self, fn: Callable[..., R], jobs: Sequence[tuple[Any, ...]], done: Callable[[R], None]) -> None:
        """See :meth:`Executor.run`."""
        for job in jobs:
            done(fn(*job))


def die_with_parent(parent: int) -> None:
    """Pool worker initializer: on Linux, have the kernel end the worker when the
    process with pid ``parent`` (the arena's) dies, so a killed arena does not leave
    workers playing the boards already queued to them; everywhere, and for an
    arena that died before this ran, :func:`joker.match.workers.exit_when_orphaned`."""
    if sys.platform.startswith("linux"):
        import ctypes

        try:
            ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGTERM))  # 1 = PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass
    exit_when_orphaned(parent)


@dataclass(frozen=True)
class ProcessPool:
    """``workers`` spawned processes on this machine (at least 1), which end with this
    process (:func:`die_with_parent`)."""

    workers: int

    def run(self, fn: Callable[..., R], jobs: Sequence[tuple[Any, ...]], done: Callable[[R], None]) -> None:
        """See :meth:`Executor.run`."""
        if not jobs:
            return
        with ProcessPoolExecutor(max_workers=self.workers, mp_context=get_context("spawn"),
                                 initializer=die_with_parent, initargs=(os.getpid(),)) as pool:
            futures = [pool.submit(fn, *job) for job in jobs]
            for fut in as_completed(futures):
                done(fut.result())


def import_ray() -> Any:
    """The ``ray`` module.  Raises :class:`JokerError` naming the extra to install
    when Ray is not installed."""
    try:
        import ray
    except ImportError:
        raise JokerError(f"--ray needs Ray, which is not installed: {RAY_EXTRA} (or make install)") from None
    return ray


@dataclass(frozen=True)
class RayExecutor:
    """Every job a Ray task of one CPU.  ``address``: the Ray to use, as
    ``ray.init(address=...)`` takes it (``"ray://head:10001"``, ``"head:6379"``,
    ``"auto"``); ``None``: Ray's default (``$RAY_ADDRESS``, else a Ray started on
    this machine with ``ray start``, else a new local Ray of ``cpus`` CPUs, default
    every core).  A Ray already initialized in this process is used as it is and
    left running; one this executor started is shut down when :meth:`run` ends."""

    address: str | None = None
    cpus: int | None = None

    def run(self, fn: Callable[..., R], jobs: Sequence[tuple[Any, ...]], done: Callable[[R], None]) -> None:
        """See :meth:`Executor.run`.  Raises :class:`JokerError` without Ray
        (:func:`import_ray`) or when Ray cannot be reached at ``address``."""
        ray = import_ray()
        if not jobs:
            return
        started = not ray.is_initialized()
        if started:
            local = self.address is None or self.address == "local"
            try:
                ray.init(address=self.address, num_cpus=self.cpus if local else None, include_dashboard=False,
                         log_to_driver=False, logging_level=logging.WARNING, configure_logging=False)
            except (ConnectionError, RuntimeError, ValueError) as e:
                raise JokerError(f"cannot start or reach Ray at {self.address or 'this machine'}: {e}") from None
        try:
            task = ray.remote(num_cpus=1, max_retries=0)(fn)
            pending = [task.remote(*job) for job in jobs]
            try:
                while pending:
                    ready, pending = ray.wait(pending, num_returns=1)
                    try:
                        result = ray.get(ready[0])
                    except ray.exceptions.RayTaskError as e:
                        cause = getattr(e, "cause", None)
                        if isinstance(cause, Exception):
                            raise cause from None
                        raise
                    done(result)
            finally:
                if not started:  # an error or an interrupt on a Ray that stays up: drop the rest
                    for ref in pending:
                        ray.cancel(ref, force=True)
        finally:
            if started:
                ray.shutdown()


def executor_for(workers: int | None = None, ray: bool = False, address: str | None = None) -> Executor:
    """The executor of the commands' options: with ``ray``, a :class:`RayExecutor`
    at ``address`` (a local Ray of ``workers`` CPUs when no address is given);
    otherwise ``workers`` processes (default: the CPU count; 1: this process).
    Raises ``ValueError`` for ``workers < 1`` and :class:`JokerError` for ``ray``
    without Ray installed (before any game is played)."""
    if workers is not None and workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    if ray:
        import_ray()
        return RayExecutor(address or None, workers)
    workers = workers if workers is not None else (os.cpu_count() or 1)
    return InProcess() if workers == 1 else ProcessPool(workers)
