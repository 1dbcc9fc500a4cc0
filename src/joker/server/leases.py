"""The owner leases and the heartbeat of a cluster process, kept on a thread
of their own (:mod:`.cluster`, docs/deploy.md).

Every :data:`RENEW_S` the thread, on its own (synchronous) Redis connection,
says this process is alive (the sorted set ``{prefix}nodes``), reads which
processes are (a heartbeat within two leases) and renews the leases of the
tables this process owns (``{prefix}owner:{table}``, :data:`LEASE_MS`), all in
one round trip.  The event loop is not on that path: a loop busy with a storm
of connections or a long burst of actions cannot let a lease lapse.

A process whose event loop hangs must lose its tables all the same (another
process takes them over): the loop stamps :attr:`Leases.alive` every
:data:`STAMP_S`, and when the thread has not seen a stamp for
:data:`SILENT_S` seconds it stops beating and renewing, so the leases expire
and the other processes see this one gone.  It beats again once the loop is
heard from, and the loop then learns which leases were lost.

What the thread learns is handed to the event loop thread-safely
(``loop.call_soon_threadsafe``): ``on_live(nodes)`` with the live processes,
``on_lost(table, claim)`` for each lease found no longer held (``claim``: the
claim counter the lease was renewed under, so a table taken again meanwhile
is not dropped by an older answer).
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from redis import Redis

log = logging.getLogger("joker.server")

LEASE_MS = 3000
"""An owner's lease lasts this long unless renewed: a dead owner's tables are taken within ~4 s."""
RENEW_S = 1.0
"""How often the leases are renewed and the heartbeat sent."""
SILENT_S = 15.0
"""Seconds without a sign of life from the event loop after which the leases are let go."""
STAMP_S = 1.0
"""How often the event loop says it is alive (:meth:`Leases.stamper`)."""
SOCKET_TIMEOUT = 2.0
"""Seconds the thread waits for Redis on one round trip (a hung Redis: the leases lapse, as they must)."""

RENEW_SCRIPT = ("local kept = {} for i, key in ipairs(KEYS) do kept[i] = 0 "
                "if redis.call('get', key) == ARGV[1] then kept[i] = redis.call('pexpire', key, ARGV[2]) end "
                "end return kept")
"""Extend each lease in KEYS that this process still holds (ARGV: the node, the lease's ms); per
lease 1 if extended, else 0.  One command for all of a process's leases: little work on the
thread (which competes with the event loop for the interpreter) however many tables it owns."""


class Leases:
    """The lease thread of the process ``node`` on the Redis at ``url`` (keys under
    ``prefix``).  ``owned()`` returns, called on the thread, the tables to renew as
    ``{table: claim}`` (read without a lock: a copy of a dict the loop changes is
    taken whole under the GIL); ``on_live`` and ``on_lost`` are called on the
    event loop ``loop`` (module doc).  Raises ``redis.exceptions.ConnectionError``
    from :meth:`beat` when Redis does not answer."""

    def __init__(self, url: str, prefix: str, node: str, loop: asyncio.AbstractEventLoop,
                 owned: Callable[[], dict[str, int]], on_live: Callable[[set[str]], None],
                 on_lost: Callable[[str, int], None]):
        from redis import Redis

        self.node = node
        self.nodes_key = prefix + "nodes"
        self.prefix = prefix
        self.redis: Redis = Redis.from_url(url, decode_responses=True, socket_timeout=SOCKET_TIMEOUT,
                                           socket_connect_timeout=SOCKET_TIMEOUT)
        self.loop = loop
        self.owned = owned
        self.on_live = on_live
        self.on_lost = on_lost
        self.alive = time.monotonic()
        """When the event loop last said it is alive (monotonic seconds; set on the loop, read here)."""
        self.silent = False
        """Whether the thread has let the leases go, the loop being silent (:data:`SILENT_S`)."""
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="joker-leases", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        """Stop the thread (at most one round trip later) and close its connection."""
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=RENEW_S + 2 * SOCKET_TIMEOUT)
        self.redis.close()

    async def stamper(self) -> None:
        """Run on the event loop: say every :data:`STAMP_S` that it is alive."""
        while True:
            self.alive = time.monotonic()
            await asyncio.sleep(STAMP_S)

    def beat(self, owned: dict[str, int] | None = None) -> tuple[set[str], list[tuple[str, int]]]:
        """One round trip: this process alive, which are (:data:`LEASE_MS` × 2), and the
        leases of ``owned`` (``{table: claim}``) renewed.  Returns the live processes
        (this one included) and the ``(table, claim)`` whose lease was no longer held."""
        owned = owned or {}
        now = int(time.time() * 1000)
        p = self.redis.pipeline(transaction=False)
        p.zadd(self.nodes_key, {self.node: now})
        p.zremrangebyscore(self.nodes_key, 0, now - 3 * LEASE_MS)
        p.zrangebyscore(self.nodes_key, now - 2 * LEASE_MS, "+inf")
        tables = list(owned.items())
        if tables:
            p.eval(RENEW_SCRIPT, len(tables), *(self.prefix + "owner:" + tid for tid, _ in tables), self.node,
                   LEASE_MS)
        _, _, live, *rest = p.execute()
        kept = rest[0] if rest else []
        lost = [(tid, claim) for (tid, claim), ok in zip(tables, kept) if not ok]
        return {str(n) for n in live} | {self.node}, lost

    def _hand(self, fn: Callable[..., None], *args: Any) -> None:
        try:
            self.loop.call_soon_threadsafe(fn, *args)
        except RuntimeError:  # the loop is closed: the process is stopping
            self._stop.set()

    def _run(self) -> None:
        while not self._stop.wait(RENEW_S):
            quiet = time.monotonic() - self.alive
            if quiet > SILENT_S:
                if not self.silent:
                    log.error("cluster node %s: the event loop has been silent for %.0f s: letting its leases go",
                              self.node, quiet)
                    self.silent = True
                continue
            if self.silent:
                log.warning("cluster node %s: the event loop is back: beating again", self.node)
                self.silent = False
            try:
                live, lost = self.beat(self.owned())
            except Exception as e:  # noqa: BLE001 - Redis away for a moment: the leases may lapse
                log.warning("cluster: lease upkeep failed: %s", e)
                continue
            self._hand(self.on_live, live)
            for tid, claim in lost:
                self._hand(self.on_lost, tid, claim)
