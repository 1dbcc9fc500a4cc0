"""Analyses of finished games — Joker's double-dummy analysis
(:func:`joker.games.joker.analysis.analyse`), reached through the game's web
plug-in (``analyse`` / ``warm_analysis``, :mod:`.plugin`) — run off the event loop.

An analysis takes about 45 s of CPU for a 24-deal game, in numba code that
holds the GIL, so it runs in another process: one worker
(:class:`concurrent.futures.ProcessPoolExecutor`, ``spawn``), started on the
first request — or when the app starts, with ``create_app(warm_analysis=True)``
as ``joker serve`` does — and stopped with the app.  Jobs wait their turn for
it; a request for a game already being analysed joins its job.  The worker
reports its progress (deals done / total) on a :class:`multiprocessing.Queue`
it is given when it starts; the server reads it when asked.

**Warming up.**  The solver's numba kernels are compiled on their first use
in a process, or loaded from numba's on-disk cache (about a second; ``joker
warmup`` fills it at install; without it, or after the kernels' source
changed, compiling takes up to a minute).  So the first task of every new worker is :func:`_warm_up` (a tiny
game analysed); jobs queue behind it, and while it runs their status says
``"preparing": true`` — what is really happening — rather than a frozen
"deal 0 of n".

**Ctrl-C.**  A terminal's Ctrl-C signals the whole foreground process group,
the worker included; the server stops the worker itself (:meth:`AnalysisJobs.close`,
from the app's lifespan), so the worker ignores SIGINT: it is started with
SIGINT blocked (the signal mask survives ``exec``, so not even its start-up
can be interrupted), and its initializer (:func:`_start_worker`) ignores
SIGINT before unblocking it.  Stopping the server therefore prints no worker
traceback.

A finished analysis (:meth:`joker.games.joker.analysis.Analysis.to_json` as JSON text)
is handed to ``save`` (the app keeps it with
:meth:`joker.server.store.Store.save_analysis`), then the job is dropped:
from then on the stored analysis answers.  A failed job keeps its error
until the game is asked for again.

Statuses, as the API returns them (:meth:`AnalysisJobs.status`, :func:`done_json`,
:data:`NONE`): ``{"status": "none"|"running"|"done"|"failed", "preparing": bool,
"done": k, "total": n, "analysis": {...}|None, "error": str|None}`` —
``done``/``total`` count deals; ``preparing`` only while running, when the
worker is still warming up the solver (no deal can be started yet);
``analysis`` only when done, ``error`` only when failed.
"""

from __future__ import annotations

import asyncio
import json
import logging
import multiprocessing
import os
import queue
import signal
import time
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from typing import Any, Awaitable, Callable, Iterator

from joker.match.workers import exit_when_orphaned

log = logging.getLogger("joker.server")

NONE: dict[str, Any] = {"status": "none", "preparing": False, "done": 0, "total": 0, "analysis": None,
                        "error": None}
"""The status of a game that has no analysis and no job."""


def done_json(text: str) -> dict[str, Any]:
    """The status of a game whose analysis ``text`` (JSON) is stored."""
    analysis = json.loads(text)
    n = len(analysis.get("deals", ()))
    return {"status": "done", "preparing": False, "done": n, "total": n, "analysis": analysis, "error": None}


@dataclass
class Job:
    """One game being analysed: ``done`` of ``total`` deals so far; ``error`` once it failed."""

    table_id: str
    done: int = 0
    total: int = 0
    error: str | None = None
    task: asyncio.Task[None] | None = None

    def to_json(self, preparing: bool = False) -> dict[str, Any]:
        """Its status (module docstring); ``preparing``: the worker is still warming up."""
        running = self.error is None
        return {"status": "running" if running else "failed", "preparing": running and preparing,
                "done": self.done, "total": self.total, "analysis": None, "error": self.error}


# -- in the worker process --------------------------------------------------------------------------
_progress: Any = None  # the worker's progress queue (set by _start_worker)


WORKER_NICE = 10
"""The analysis worker's niceness: a long analysis never slows the server's action path."""


def _start_worker(progress: Any, parent: int) -> None:
    """The worker's initializer: lower its priority (:data:`WORKER_NICE`), ignore Ctrl-C (the server stops the worker), then
    let SIGINT through again (it arrives ignored); keep the progress queue; end
    with the server's process ``parent`` should it be killed outright."""
    global _progress
    exit_when_orphaned(parent)
    with suppress(OSError):  # an analysis yields the cores to the tables' actions (docs/deploy.md)
        os.nice(WORKER_NICE)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    _progress = progress


def _warm_up() -> float:
    """Make the solver ready in this process: analyse a tiny game (one 2-card deal),
    which compiles the numba kernels or loads them from the disk cache.  Returns the
    seconds it took."""
    t0 = time.perf_counter()
    from joker import registry
    from .plugin import kit

    kit(registry.DEFAULT).web.warm_analysis()  # the games with an analysis: the default one
    return time.perf_counter() - t0


def _analyse(table_id: str, record_text: str) -> str:
    """Analyse a record (JSON text) and return the analysis as JSON text, putting
    ``(table_id, done, total)`` on the progress queue as it goes."""
    from joker import records
    from .plugin import kit

    game, record = records.parse(record_text)

    def report(done: int, total: int) -> None:
        if _progress is not None:
            _progress.put((table_id, done, total))

    return json.dumps(kit(game.name).web.analyse(record, report), separators=(",", ":"))


# -- in the server -------------------------------------------------------------------------------------
@contextmanager
def _sigint_blocked() -> Iterator[None]:
    """SIGINT held back in this thread meanwhile (a process started now inherits the
    block; a Ctrl-C arriving meanwhile is delivered afterwards, not lost)."""
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - Windows
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


class AnalysisJobs:
    """The analyses being made by one app.  ``save(table_id, text)``: keeps a
    finished analysis (awaited before the job is dropped)."""

    def __init__(self, save: Callable[[str, str], Awaitable[None]]):
        self._save = save
        self._jobs: dict[str, Job] = {}
        self._ctx = multiprocessing.get_context("spawn")
        self._pool: ProcessPoolExecutor | None = None
        self._progress: Any = None
        self._warm: Future[Any] | None = None  # the current worker's warm-up task

    def job(self, table_id: str) -> Job | None:
        """The running or failed job of ``table_id``, its progress brought up to date."""
        self._read_progress()
        return self._jobs.get(table_id)

    def status(self, table_id: str) -> dict[str, Any] | None:
        """The status (module docstring) of ``table_id``'s running or failed job, else ``None``."""
        job = self.job(table_id)
        return None if job is None else job.to_json(self.preparing)

    @property
    def preparing(self) -> bool:
        """Whether the worker is still warming up the solver (module docstring)."""
        return self._warm is not None and not self._warm.done()

    def warm_up(self) -> None:
        """Start the worker now and let it prepare the solver in the background, so
        that the first analysis does not wait for it."""
        self._executor()

    def start(self, table_id: str, record_text: str) -> Job:
        """Analyse the finished game ``table_id`` whose record is ``record_text``;
        joins the job already running for it (a failed one is started again)."""
        job = self._jobs.get(table_id)
        if job is not None and job.error is None:
            return job
        job = Job(table_id)
        self._jobs[table_id] = job
        pool = None
        try:
            pool = self._executor()
            future = pool.submit(_analyse, table_id, record_text)
        except (BrokenProcessPool, RuntimeError) as e:  # a pool that broke meanwhile: next time a new one
            if pool is not None:
                self._discard_pool(pool)
            job.error = f"the analysis could not start: {e}"
            return job
        job.task = asyncio.get_running_loop().create_task(self._finish(job, asyncio.wrap_future(future), pool))
        return job

    async def _finish(self, job: Job, future: Awaitable[str], pool: ProcessPoolExecutor) -> None:
        try:
            text = await future
            await self._save(job.table_id, text)
        except asyncio.CancelledError:
            raise
        except BrokenProcessPool:
            self._discard_pool(pool)
            job.error = "the analysis process stopped unexpectedly"
            log.error("analysis of %s: the worker process died", job.table_id)
        except Exception as e:  # noqa: BLE001 - kept for the client to read
            job.error = str(e) or type(e).__name__
            log.exception("analysis of %s failed", job.table_id)
        else:
            self._jobs.pop(job.table_id, None)  # the stored analysis answers from now on

    def _executor(self) -> ProcessPoolExecutor:
        """The pool; a new one starts its worker at once, warming up (module docstring)."""
        if self._pool is None:
            self._progress = self._ctx.Queue()
            self._pool = ProcessPoolExecutor(max_workers=1, mp_context=self._ctx, initializer=_start_worker,
                                             initargs=(self._progress, os.getpid()))
            with _sigint_blocked():  # the worker process is started by this first submit
                self._warm = self._pool.submit(_warm_up)
            self._warm.add_done_callback(self._warmed)
        return self._pool

    def _warmed(self, future: Future[Any]) -> None:
        if future is not self._warm or future.cancelled():
            return  # a discarded pool
        e = future.exception()
        if e is not None:  # the jobs still run (and fail with their own error if the solver is broken)
            log.warning("the analysis worker could not prepare the solver: %s", str(e) or type(e).__name__)
        else:
            log.info("the analysis worker is ready (solver prepared in %.1f s)", future.result())

    def _read_progress(self) -> None:
        while self._progress is not None:
            try:
                table_id, done, total = self._progress.get_nowait()
            except (queue.Empty, OSError, ValueError):
                return
            job = self._jobs.get(table_id)
            if job is not None and job.error is None:
                job.done, job.total = done, total

    def _discard_pool(self, broken: ProcessPoolExecutor | None = None) -> None:
        """Stop the worker now (a running analysis is abandoned) and forget the pool
        (with ``broken``: only if that pool is still the current one)."""
        if broken is not None and broken is not self._pool:
            return
        pool, progress = self._pool, self._progress
        self._pool = self._progress = self._warm = None
        if pool is not None:
            workers = list((getattr(pool, "_processes", None) or {}).values())  # Python < 3.14: no terminate_workers()
            pool.shutdown(wait=False, cancel_futures=True)
            for p in workers:
                if p.is_alive():
                    p.terminate()
            for p in workers:
                p.join(5)
        if progress is not None:
            progress.cancel_join_thread()
            progress.close()

    async def close(self) -> None:
        """Cancel every job and stop the worker (when the app stops)."""
        tasks = [j.task for j in self._jobs.values() if j.task is not None]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._jobs.clear()
        await asyncio.to_thread(self._discard_pool)


__all__ = ["NONE", "AnalysisJobs", "Job", "done_json"]
