"""Idle and abandoned tables: what nobody plays leaves memory, then the lobby.

Two clocks run per table, both counted from the last moment a connection
(a player's or a spectator's WebSocket) came to it or left it, or was seen
at it by a sweep (:meth:`Idle.touch`):

- **Idle** (``joker serve --idle-minutes``, ``$JOKER_IDLE_MINUTES``, default
  :data:`IDLE_MINUTES`): a table with no connection for that long leaves this
  process's memory (:meth:`.hub.Hub.forget`: its bots and timer stop); it
  stays in the database, and the next request for it (a page, a socket, a
  join) loads it again and resumes it where it was.
- **Abandoned** (``--abandon-minutes``, ``$JOKER_ABANDON_MINUTES``, default
  :data:`ABANDON_MINUTES`): a waiting or playing table nobody has connected
  to for that long is marked abandoned (``web_tables.abandoned_at``,
  :meth:`.store.Store.abandon`): it leaves the lobby and is not resumed when
  a server starts.  A connection with the table's seat token, or a join
  (:meth:`.hub.Hub.join`), revives it (:meth:`Idle.revive`): it reappears in
  the lobby and its game goes on.  A spectator's visit does not revive it.

Either limit may be 0: never.  Every :meth:`Idle.interval` seconds the hub
sweeps its tables (:meth:`Idle.sweep`).  In a single process the sweep
decides everything; a waiting or playing table that left memory is
remembered (its quiet-since time, and a public one's lobby line, a small
dict: :attr:`Idle.shelf`) until its abandon time, so the lobby still lists it.

**In a cluster** (:mod:`.cluster`) only a table's owner sweeps it: it
abandons it, or lets it go when idle, after checking no process has a
connection at it (the presence hash, :meth:`.cluster.Cluster.watched_anywhere`),
and leaves the Redis key ``{prefix}quiet:{table}`` (its quiet-since time)
so that no process takes the unowned table back (:meth:`.cluster.Cluster._sweep`
skips it).  A process only lets go of the copies it holds for its own
clients.  The tables nobody owns (a waiting table after its owner let it
go, or whose owner died) are swept by one process, the first of the live
ones by name (:meth:`.cluster.Cluster.sweep_unowned`): it starts their quiet
clock if none runs and abandons them when it runs out.  A connection at a
table anywhere deletes its quiet key (:meth:`.cluster.Cluster.wake`) and a
running game is taken by that process at once.

The clock is injectable (``clock``: seconds, default :func:`time.time`; the
Redis keys hold its values, so every process of a cluster must share it) —
tests/test_server_idle.py moves it by hand and calls :meth:`Idle.sweep`.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import os
import time
from typing import TYPE_CHECKING, Any, Callable

from .table import FINISHED, Table

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("joker.server")

ENV_IDLE = "JOKER_IDLE_MINUTES"
ENV_ABANDON = "JOKER_ABANDON_MINUTES"
IDLE_MINUTES = 10.0
"""Minutes without a connection after which a table leaves memory (it stays in the database)."""
ABANDON_MINUTES = 30.0
"""Minutes nobody connected to a waiting or playing table after which it is abandoned (out of the lobby)."""
MAX_INTERVAL = 30.0
"""Seconds between two sweeps at most (a tenth of the shorter limit, if less; at least one second)."""


def minutes(value: float | str | None, env: str, default: float) -> float:
    """A limit in minutes: ``value`` if given, else ``$env``, else ``default``; 0 means never.
    Raises ``ValueError`` naming ``env`` for a negative number or one that is not a number."""
    if value is None:
        value = os.environ.get(env) or default
    try:
        n = float(value)
    except ValueError:
        raise ValueError(f"{env}: minutes expected (a number, 0 for never), not {value!r}") from None
    if not n >= 0 or n == float("inf"):
        raise ValueError(f"{env}: minutes expected (a number, 0 for never), not {value!r}")
    return n


class Idle:
    """The idle and abandoned tables of ``hub`` (see the module docstring):
    ``idle_minutes`` and ``abandon_minutes`` (``None``: from the environment,
    else the defaults; 0: never), ``clock`` the time in seconds."""

    def __init__(self, hub: Hub, idle_minutes: float | None = None, abandon_minutes: float | None = None,
                 clock: Callable[[], float] = time.time):
        self.hub = hub
        self.idle_s = 60 * minutes(idle_minutes, ENV_IDLE, IDLE_MINUTES)
        self.abandon_s = 60 * minutes(abandon_minutes, ENV_ABANDON, ABANDON_MINUTES)
        self.clock = clock
        self.seen: dict[str, float] = {}
        """Per table in memory: when a connection last came, left or was seen at it (or it was loaded)."""
        self.gone: dict[str, float] = {}
        """Per waiting or playing table that left memory idle (one process): since when nobody is there."""
        self.shelf: dict[str, dict[str, Any]] = {}
        """Per public table of :attr:`gone`, its lobby line (:meth:`.hub.Hub.lobby_entry`) as it left memory."""
        self._task: asyncio.Task[None] | None = None

    def interval(self) -> float:
        """Seconds between two sweeps: a tenth of the shorter limit, between 1 and :data:`MAX_INTERVAL`."""
        limits = [x for x in (self.idle_s, self.abandon_s) if x > 0]
        return max(1.0, min([MAX_INTERVAL, *(x / 10 for x in limits)]))

    # -- lifecycle -------------------------------------------------------------------------------
    def start(self) -> None:
        """Sweep every :meth:`interval` seconds from now on (nothing when both limits are 0)."""
        if self._task is None and (self.idle_s or self.abandon_s):
            self._task = asyncio.ensure_future(self._loop())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None

    async def _loop(self) -> None:
        while True:
            await asyncio.sleep(self.interval())
            try:
                await self.sweep()
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - the database or Redis away for a moment: the next sweep
                log.exception("idle tables: sweep failed")

    # -- what the hub tells ------------------------------------------------------------------------
    def touch(self, table_id: str) -> None:
        """A connection came to ``table_id`` or left it (or was seen there): its clocks start again."""
        self.seen[table_id] = self.clock()
        self.gone.pop(table_id, None)
        self.shelf.pop(table_id, None)

    def registered(self, table_id: str) -> None:
        """``table_id`` came into memory: its clocks go on from when it left memory idle, else start now."""
        since = self.gone.pop(table_id, None)
        self.shelf.pop(table_id, None)
        self.seen[table_id] = self.clock() if since is None else since

    def forgotten(self, table_id: str) -> None:
        """``table_id`` left memory."""
        self.seen.pop(table_id, None)

    def watched(self, t: Table) -> bool:
        """Whether someone is connected to ``t`` here (in a cluster: anywhere, as last heard)."""
        if self.hub.conns.get(t.id):
            return True
        return self.hub.cluster is not None and self.hub.cluster.watchers(t.id) > 0

    # -- the sweep -----------------------------------------------------------------------------------
    async def sweep(self) -> dict[str, int]:
        """One look at every table: those quiet for the idle limit leave memory, the waiting
        or playing ones quiet for the abandon limit are abandoned (see the module docstring).
        Returns how many tables ``left`` memory and how many were ``abandoned``."""
        hub = self.hub
        now = self.clock()
        left = abandoned = 0
        for tid, t in list(hub.tables.items()):
            lock = hub.locks.get(tid)
            if self.watched(t) or lock is None or lock.locked():  # someone is there, or it is changing now
                self.seen[tid] = now
                continue
            since = self.seen.setdefault(tid, now)
            quiet = now - since
            mine = hub.cluster is None or hub.cluster.owns(tid)
            unfinished = t.status != FINISHED and t.abandoned_at is None
            abandon = mine and unfinished and self.abandon_s > 0 and quiet >= self.abandon_s
            if not abandon and not (self.idle_s > 0 and quiet >= self.idle_s):
                continue
            if mine and unfinished and hub.cluster is not None and await hub.cluster.watched_anywhere(tid):
                self.seen[tid] = now  # a process's connection not heard of here yet
                continue
            if abandon:
                if await self._abandon(t, now):
                    abandoned += 1
            elif mine and unfinished and hub.cluster is not None:  # its abandon clock goes on, kept in Redis
                await hub.cluster.quiet(tid, since)
            if hub.tables.get(tid) is not t or hub.conns.get(tid) or lock.locked():  # someone came meanwhile
                continue
            hub.forget(tid)
            left += 1
            if hub.cluster is None and mine and unfinished and not abandon:
                self.gone[tid] = since
                if hub.listed(t):
                    self.shelf[tid] = hub.lobby_entry(t, t.state, 0)
        if hub.cluster is None:
            for tid, since in list(self.gone.items()):
                if self.abandon_s > 0 and now - since >= self.abandon_s and tid not in hub.tables:
                    del self.gone[tid]
                    self.shelf.pop(tid, None)
                    if await hub.db(hub.store.abandon, tid, _utc(now)):
                        abandoned += 1
        elif self.abandon_s > 0:
            abandoned += await hub.cluster.sweep_unowned(now, self.abandon_s)
        if left or abandoned:
            log.info("idle tables: %d left memory, %d abandoned; %d in memory", left, abandoned, len(hub.tables))
        return {"left": left, "abandoned": abandoned}

    async def _abandon(self, t: Table, now: float) -> bool:
        """Mark ``t`` abandoned now (it leaves the lobby); ``False`` when the database says it
        is no longer waiting or playing, or was abandoned already."""
        at = _utc(now)
        done: bool = await self.hub.db(self.hub.store.abandon, t.id, at)
        if done:
            t.abandoned_at = at
            log.info("table %s abandoned: nobody connected for %.0f minutes", t.id, self.abandon_s / 60)
        return done

    async def revive(self, t: Table) -> None:
        """``t`` is no longer abandoned (a seat token or a join came): back in the lobby, its
        game resumed (in a cluster, by whichever process takes it: :meth:`.cluster.Cluster.wake`)."""
        if t.abandoned_at is None:
            return
        await self.hub.db(self.hub.store.revive, t.id)
        t.abandoned_at = None
        self.touch(t.id)
        log.info("table %s revived", t.id)
        if self.hub.cluster is None:
            self.hub.schedule(t)


def _utc(seconds: float) -> dt.datetime:
    """``seconds`` of the clock (since the epoch) as an aware UTC datetime."""
    return dt.datetime.fromtimestamp(seconds, dt.timezone.utc)
