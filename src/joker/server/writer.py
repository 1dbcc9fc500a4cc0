"""The storage thread: every database call of the hub runs here, one after
another in the order asked, so writes keep the order of the events they
carry.  Writes waiting together are committed in one transaction
(:meth:`joker.server.store.Store.batch`): under load one commit serves many
tables, and a request's answer still waits for its own write's commit.
"""

from __future__ import annotations

import asyncio
import queue
import threading
from typing import Any, Callable

from .store import Store

MAX_BATCH = 256


class Writer:
    """Runs storage calls on one thread; ``await write(op)`` / ``await call(fn, *args)``."""

    def __init__(self, store: Store):
        self.store = store
        self._q: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="joker-db", daemon=True)
        self._thread.start()

    async def write(self, op: Callable[[Store], None]) -> None:
        """Persist ``op(store)``; returns once it is committed (raises what it raised)."""
        await self._submit(True, op, ())

    async def call(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run ``fn(*args)`` alone on the storage thread (reads, and writes that must not be batched)."""
        return await self._submit(False, fn, args)

    def _submit(self, write: bool, fn: Callable[..., Any], args: tuple[Any, ...]) -> asyncio.Future[Any]:
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[Any] = loop.create_future()
        self._q.put((write, fn, args, loop, fut))
        return fut

    def close(self) -> None:
        self._q.put(None)
        self._thread.join(timeout=30)

    @staticmethod
    def _deliver(loop: asyncio.AbstractEventLoop, fut: asyncio.Future[Any], result: Any,
                 error: BaseException | None) -> None:
        def settle() -> None:
            if fut.done():
                return
            if error is not None:
                fut.set_exception(error)
            else:
                fut.set_result(result)

        try:
            loop.call_soon_threadsafe(settle)
        except RuntimeError:  # the loop is closed: nobody waits any more
            pass

    def _run(self) -> None:
        stop = False
        while not stop:
            item = self._q.get()
            if item is None:
                return
            items = [item]
            while len(items) < MAX_BATCH:
                try:
                    nxt = self._q.get_nowait()
                except queue.Empty:
                    break
                if nxt is None:
                    stop = True
                    break
                items.append(nxt)
            k = 0
            while k < len(items):
                write, fn, args, loop, fut = items[k]
                if not write:
                    try:
                        self._deliver(loop, fut, fn(*args), None)
                    except BaseException as e:  # noqa: BLE001 - handed to the caller
                        self._deliver(loop, fut, None, e)
                    k += 1
                    continue
                run = []
                while k < len(items) and items[k][0]:
                    run.append(items[k])
                    k += 1
                errors = self.store.batch([x[1] for x in run])
                for (_, _, _, loop, fut), err in zip(run, errors):
                    self._deliver(loop, fut, None, err)
