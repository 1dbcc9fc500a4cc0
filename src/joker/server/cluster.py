"""Several server processes over one database (docs/deploy.md): Redis for
the owner leases, the forwarded requests and the fan-out of events.

Set ``JOKER_REDIS_URL`` (with a PostgreSQL database) and every ``joker
serve`` process on that database and Redis serves every table: a client may
connect to any of them, to play or to watch.

- **One owner per table.**  A table is advanced (its actions checked and
  written, its bots and turn timers run) by the one process holding its
  lease, the Redis key ``{prefix}owner:{table}`` (set only if absent, expiring
  after :data:`LEASE_MS` unless its owner renews it every :data:`RENEW_S`, on a
  thread of its own with its own Redis connection, :mod:`.leases`, so a busy
  event loop cannot let a lease lapse but a hung one loses its tables).
  A process takes a table when it creates it, when one of its clients acts
  at a table nobody owns, or when it finds a running game unowned (every
  :data:`RENEW_S`, apart from the renewals: an owner died, kill -9 included): it then reloads the
  table from the database (bots and timers resume); it hands the table back
  when the table leaves its memory (a finished game nobody there watches).
  The database fences a stale owner: an event number is written once
  (``web_actions``' primary key and :meth:`.store.Store._advance`), so a
  process that lost its lease without noticing fails to write and changes
  nothing.
- **Requests go to the owner.**  A client's message on another process
  (``act``, ``start``, ``leave``, …, and the HTTP join) is published on the
  owner's channel ``{prefix}to:{node}`` (the owner known from its last event,
  else read from its lease); the owner carries it out by the same code path
  as its own clients' (:meth:`.hub.Hub.handle`, for a :class:`RemoteConn`)
  and answers on the sender's channel what it said to the client (an error,
  the seat after a ``leave``): the request carries the client's language, so
  the owner says a refusal in it; a refused HTTP join comes back as its code
  and params (:meth:`.table.TableError.to_wire`), said by the asker in its
  request's language.  A request nobody heard (its owner gone) or
  answered "not mine" is sent again to the lease's holder (or the table is
  taken); one not answered within :data:`FORWARD_TIMEOUT` is reported to
  the client, who may try again.
- **Events fan out rendered once.**  After an event is written, the owner
  publishes on the table's channel ``{prefix}t:{table}`` its public facts (an
  action's seat, notation and source, or a non-action event's public data)
  and the message of each audience (a seat, the spectators) that has a
  client on another process, as presence says, rendered once by the owner
  (:meth:`Cluster._flush`): what is published about a table in one turn of
  the owner's event loop goes as one batch.  Only the processes that hold
  the table and do not own it subscribe to its channel (:meth:`Cluster._watch`,
  confirmed before the copy is read from the database), so a process hears
  nothing of the tables none of its clients is at; presence changes, which
  the owner must hear, go on ``{prefix}events``, which every process reads.
  What a process sends to Redis (events, requests, answers, presence) goes
  out in one pipeline per turn of its event loop, and what it receives comes
  on its one subscription.  Each process keeps its own copy of the tables
  its clients watch and forwards each received message only to its clients
  of that audience (a seat's message to that seat's connections alone, so
  hidden cards reach only their seat's client).  When every audience with a
  client there was sent, the action is only noted (:meth:`.table.Table.defer`)
  and applied to the copy with the engine (checked again) when the game is
  next read — a snapshot for a new client, a catch-up, a take-over; else it
  is applied at once and the missing audience rendered from the copy.  A
  non-action event reloads the table's row.  A gap in the numbers (a lost
  message, a process that subscribed late) is filled from the database by
  event number: the missing actions replayed as events, or, past a change
  that is not an action, a snapshot to each client.

Processes trust one another (the same database, Redis and seat-token secret;
a seat's messages, its hand included, travel through Redis).
Presence (who is connected, how many watch) is summed over the processes
(:meth:`Cluster.presence`); the lobby lists every process's tables from the
database (:meth:`Cluster.lobby`).  The running turn timer (its absolute
deadline) and stalling vote are kept by the owner in Redis
(:meth:`Cluster.share_clock`): any process shows them to a client that
connects mid-turn, and a new owner resumes the same deadline.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import logging
import os
import secrets
import socket
import zlib
from typing import TYPE_CHECKING, Any, Literal, Mapping

from joker.i18n import DEFAULT
from joker.pace import of as pace_of
from . import social
from .conns import Conn, dumps
from .leases import LEASE_MS, RENEW_S, Leases
from .store import StoredTable
from .table import FINISHED, PLAYING, Event, Pending, Table, TableError, TableRefusal, refused

if TYPE_CHECKING:
    from redis.asyncio import Redis
    from redis.asyncio.client import PubSub

    from .hub import Hub

log = logging.getLogger("joker.server")

ENV_URL = "JOKER_REDIS_URL"
ENV_PREFIX = "JOKER_REDIS_PREFIX"
FORWARD_TIMEOUT = 5.0
"""Seconds a forwarded request waits for the owner's answer before the client is told to try again."""
MAX_CONNECTIONS = 32
"""Redis connections of one process at most (a command waits for a free one)."""
CLOCK_TTL = 24 * 3600
"""Seconds a table's stored turn clock outlives its last change (an abandoned table's is dropped)."""
CLOCK_WAIT_S = 0.5
"""Seconds a connection to a process that is not the owner waits, at most, for the owner's clock of
the turn this process's copy is at (:meth:`Cluster.take_clock`)."""
PIPELINE_MAX = 512
PRESENCE_S = 0.05
"""Seconds a change of this process's connections at a table waits, to be told with those close to it."""
WATCHERS_S = 1.0
"""Seconds more when only the number of watchers changed: a crowd connecting is told a few times, not per client."""
"""Commands sent to Redis in one pipeline at most (:meth:`Cluster._sender`)."""

_RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0"

Command = tuple[str | int, ...]
"""A Redis command and its arguments, e.g. ``("PUBLISH", channel, text)``."""


class RemoteConn(Conn):
    """A client of another process, as the owner's hub sees it: its seat, and
    what the hub says to it (``texts``), sent back to its process."""

    def __init__(self, table_id: str, seat: int | None, lang: str = DEFAULT):
        super().__init__(table_id, lang=lang)
        self.seat = seat
        self.texts: list[str] = []

    def push(self, text: str) -> None:
        self.texts.append(text)

    def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed = True


class Cluster:
    """This process's part in a cluster on the Redis at ``url`` (keys start with
    ``prefix``); ``node`` names the process (unique; default host-pid-random).
    Raises ``redis.exceptions.ConnectionError`` from :meth:`start` when Redis does not answer."""

    def __init__(self, hub: Hub, url: str, prefix: str = "joker:", node: str | None = None):
        from redis.asyncio import BlockingConnectionPool, Redis

        self.hub = hub
        self.prefix = prefix
        self.node = node or f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}"
        pool = BlockingConnectionPool.from_url(url, max_connections=MAX_CONNECTIONS, timeout=FORWARD_TIMEOUT,
                                               decode_responses=True, health_check_interval=10)
        self.redis: Redis = Redis(connection_pool=pool)
        self._presence_due: set[str] = set()
        self._told: dict[str, dict[str, int]] = {}
        """Per table, this process's counts as it last told them (:meth:`_presence`)."""
        self._online: dict[str, dict[str, int]] = {}
        """Per table held here, the connections per ``node|seat`` (``node|w``: watchers), as last heard."""
        self.owned: set[str] = set()
        self._claims: dict[str, int] = {}
        """Per table owned, how many times this process took it (a lease answer of an earlier claim is stale)."""
        self._owners: dict[str, str] = {}
        """The owner of each table held here, as its last event (or its lease) said: where requests go."""
        self._live: set[str] = {self.node}
        self._node_field = f"{self.node}|"
        """The processes that renewed their heartbeat lately (read every :data:`RENEW_S`)."""
        self._pending: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._pubsub: PubSub | None = None
        """This process's one subscription (:meth:`_listen`)."""
        self._watched: set[str] = set()
        """The tables whose channel this process is subscribed to: those it holds and does not own (:meth:`_watch`)."""
        self._subscribed: set[str] = set()
        """The tables' channels subscribed to (as sent: :meth:`_subscription`)."""
        self._subscribing: dict[str, list[asyncio.Future[None]]] = {}
        """Per channel, the subscriptions sent and not yet confirmed, oldest first."""
        self._subscribe_lock = asyncio.Lock()
        self._waiting: dict[str, int] = {}
        """Per table, the messages from Redis waiting for its lock here (:meth:`_follow_now`)."""
        self._outbox: asyncio.Queue[tuple[tuple[Command, ...], asyncio.Future[list[Any]] | None]] = asyncio.Queue()
        self._url = url
        self.leases: Leases | None = None
        """The lease thread (:mod:`.leases`), from :meth:`start`."""
        self._mine = self.node + "\n"
        """How this process's own batches begin (:meth:`_flush`): skipped unread."""
        self._out: list[tuple[Table, dict[str, Any], Event | None, str | None]] = []
        """What is published at the end of this turn of the event loop (:meth:`_flush`)."""
        self._flush_due = False
        self._tasks: list[asyncio.Task[None]] = []
        self._seen_unowned: set[str] = set()
        self._lobby: list[StoredTable] = []
        self._release = self.redis.register_script(_RELEASE)

    def key(self, *parts: str) -> str:
        return self.prefix + ":".join(parts)

    def owns(self, table_id: str) -> bool:
        """Whether this process advances ``table_id`` now."""
        return table_id in self.owned

    # -- lifecycle ---------------------------------------------------------------------------------
    async def start(self) -> None:
        await self.redis.ping()
        pubsub = self._pubsub = self.redis.pubsub()
        await pubsub.subscribe(self.key("events"), self.key("to", self.node))
        self._tasks.append(asyncio.ensure_future(self._sender()))
        self.leases = Leases(self._url, self.prefix, self.node, asyncio.get_running_loop(), self._owned_now,
                             self._set_live, self._lease_lost)
        live, _ = await asyncio.to_thread(self.leases.beat)
        self._set_live(live)
        self.leases.start()
        self._lobby = await asyncio.to_thread(self.hub.store.open_tables)
        for job in (self._listen(pubsub), self._keeper(), self._sweeper(), self.leases.stamper()):
            self._tasks.append(asyncio.ensure_future(job))
        log.info("cluster node %s on %s", self.node, self.prefix)

    async def stop(self) -> None:
        """Stop, handing this process's tables back at once (their leases released)."""
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self.leases is not None:
            await asyncio.to_thread(self.leases.stop)
        try:
            for tid in list(self.owned):
                await self._release(keys=[self.key("owner", tid)], args=[self.node])
            await self.redis.zrem(self.key("nodes"), self.node)
        except Exception as e:  # noqa: BLE001 - Redis gone: the leases expire by themselves
            log.warning("cluster: could not release the leases: %s", e)
        self.owned.clear()
        await self.redis.aclose()

    # -- ownership ---------------------------------------------------------------------------------
    async def claim(self, table_id: str) -> bool:
        """Take ``table_id`` if nobody owns it: reload it from the database and
        resume it (bots, timers).  Returns whether this process owns it now."""
        if self.owns(table_id):
            return True
        if not await self.redis.set(self.key("owner", table_id), self.node, nx=True, px=LEASE_MS):
            if table_id in self.hub.tables and table_id not in self._watched:  # held here: follow its owner
                asyncio.ensure_future(self._watch_again(table_id))
            return False
        self.owned.add(table_id)
        self._unwatch(table_id)
        self._claims[table_id] = self._claims.get(table_id, 0) + 1
        hub = self.hub
        t = hub.tables.get(table_id) or await hub.get(table_id)
        if t is None:
            await self.release(table_id)
            return False
        async with hub.locks[t.id]:
            await self.take_clock(t, owner=True)
            await self.refresh(t)
        log.info("cluster node %s owns table %s (event %d)", self.node, t.id, t.seq)
        hub.schedule(t)
        return True

    async def release(self, table_id: str) -> None:
        """Give up ``table_id`` (it left this process's memory)."""
        self._lost(table_id)
        await self._release(keys=[self.key("owner", table_id)], args=[self.node])

    def forgotten(self, table_id: str) -> None:
        """``table_id`` left this process's memory: its lease, if held, is released."""
        self._owners.pop(table_id, None)
        self._online.pop(table_id, None)
        self._told.pop(table_id, None)
        self._unwatch(table_id)
        if self.owns(table_id):
            self._lost(table_id)
            asyncio.ensure_future(self._release(keys=[self.key("owner", table_id)], args=[self.node]))

    def _lost(self, table_id: str) -> None:
        self.owned.discard(table_id)
        self._claims.pop(table_id, None)
        task = self.hub.tasks.pop(table_id, None)
        if task is not None:
            task.cancel()
        if table_id in self.hub.tables:  # still held here: it follows the next owner
            asyncio.ensure_future(self._watch_again(table_id))

    # -- the tables' channels -----------------------------------------------------------------------
    async def _watch(self, table_id: str) -> None:
        """Subscribe to the channel of ``table_id`` (held here, owned elsewhere), and return once
        Redis confirmed it: every message its owner publishes from then on reaches this process
        (:meth:`follow` reads the database after).  Not confirmed within :data:`FORWARD_TIMEOUT`:
        logged, and the next event's gap brings the copy up to the database."""
        if table_id in self._watched:
            return
        self._watched.add(table_id)
        try:
            confirmed = await self._subscription(table_id)
            if confirmed is not None:
                await asyncio.wait_for(confirmed, FORWARD_TIMEOUT)
        except Exception as e:  # noqa: BLE001 - Redis away: the subscription is made again when it is back
            log.warning("cluster: table %s: subscription not confirmed: %s", table_id, e)

    def _unwatch(self, table_id: str) -> None:
        """No more messages of ``table_id`` here (owned here now, or gone from memory)."""
        if table_id in self._watched:
            self._watched.discard(table_id)
            asyncio.ensure_future(self._subscription(table_id))

    async def _subscription(self, table_id: str) -> asyncio.Future[None] | None:
        """Subscribe to the channel of ``table_id`` or unsubscribe, as :attr:`_watched` says
        now (so that calls in any order end as the last wish); the future of a subscription
        sent, done when Redis confirms it (:meth:`_listen`), else ``None``.  Raises Redis's
        error of a subscription (that of an unsubscription is logged)."""
        async with self._subscribe_lock:
            channel = self.key("t", table_id)
            want = table_id in self._watched
            pubsub = self._pubsub
            if pubsub is None or want == (channel in self._subscribed):
                return None
            if want:
                confirmed: asyncio.Future[None] = asyncio.get_running_loop().create_future()
                self._subscribing.setdefault(channel, []).append(confirmed)
                self._subscribed.add(channel)
                await pubsub.subscribe(channel)
                return confirmed
            self._subscribed.discard(channel)
            try:
                await pubsub.unsubscribe(channel)
            except Exception as e:  # noqa: BLE001 - Redis away: a new subscription is made without it
                log.warning("cluster: unsubscribing %s failed: %s", channel, e)
            return None

    async def _watch_again(self, table_id: str) -> None:
        """``table_id`` is held here and owned elsewhere (a claim lost, a lease lost): its channel
        is watched, then this copy brought up to the database."""
        await self._watch(table_id)
        t = self.hub.tables.get(table_id)
        if t is not None and not self.owns(table_id):
            await self.follow(t)

    def _owned_now(self) -> dict[str, int]:
        """The tables to renew, with their claim numbers (called on the lease thread: :mod:`.leases`)."""
        claims = self._claims
        return {tid: claims.get(tid, 0) for tid in tuple(self.owned)}

    def _set_live(self, live: set[str]) -> None:
        """The processes alive now (a heartbeat within two leases, :mod:`.leases`): when
        one came or went, its connections count, or no longer."""
        was, self._live = self._live, live | {self.node}
        if self._live != was:
            for tid in list(self._online):
                asyncio.ensure_future(self._reshow_presence(tid))

    def _lease_lost(self, table_id: str, claim: int) -> None:
        """The lease on ``table_id`` taken under ``claim`` was found no longer held: its bots and timers stop."""
        if table_id in self.owned and self._claims.get(table_id) == claim:
            log.warning("cluster node %s lost table %s", self.node, table_id)
            self._lost(table_id)

    async def _reshow_presence(self, table_id: str) -> None:
        t, lock = self.hub.tables.get(table_id), self.hub.locks.get(table_id)
        if t is not None and lock is not None and table_id in self._online:
            async with lock:
                self._show_presence(t)

    async def _keeper(self) -> None:
        """Every :data:`RENEW_S`: a finished game nobody here watches is handed back (the
        leases themselves are renewed on their own thread: :mod:`.leases`)."""
        while True:
            await asyncio.sleep(RENEW_S)
            for tid in list(self.owned):
                t = self.hub.tables.get(tid)
                if t is None or (t.status == FINISHED and not self.hub.conns.get(tid)):
                    self.hub.forget(tid)

    async def _sweeper(self) -> None:
        """Every :data:`RENEW_S`: take the running games nobody owns, and read the lobby."""
        while True:
            await asyncio.sleep(RENEW_S)
            try:
                await self._sweep()
                self._lobby = await asyncio.to_thread(self.hub.store.open_tables)
            except asyncio.CancelledError:
                raise
            except Exception as e:  # noqa: BLE001 - Redis or the database away for a moment
                log.warning("cluster: looking for unowned tables failed: %s", e)

    async def _sweep(self) -> None:
        """Take the running games whose owner is gone: at once those this node is
        first for (rendezvous hashing over the live nodes, so a dead owner's
        tables spread), any other after a second look.  A quiet game (its owner
        let it go idle: :mod:`.idle`) is left alone until someone connects."""
        ids = await asyncio.to_thread(self.hub.store.playing)  # reads: not queued behind the writes
        if not ids:
            self._seen_unowned = set()
            return
        found = await self.redis.mget([self.key(k, tid) for tid in ids for k in ("owner", "quiet")])
        unowned = [tid for tid, o, q in zip(ids, found[::2], found[1::2]) if o is None and q is None]
        live = sorted(self._live)
        seen, self._seen_unowned = self._seen_unowned, set()
        for tid in unowned:
            first = max(live, key=lambda n: zlib.crc32(f"{tid}/{n}".encode()))
            if (first == self.node or tid in seen) and await self.claim(tid):
                continue
            self._seen_unowned.add(tid)

    def lobby(self) -> list[dict[str, Any]]:
        """The lobby of every process's tables: the database's list (read every
        :data:`RENEW_S`), with what this process knows better of the tables it holds."""
        hub = self.hub
        listed = {row.id for row in self._lobby}
        out = [hub.lobby_entry(t, t.state, len(hub.conns.get(t.id, ()))) for t in reversed(list(hub.tables.values()))
               if t.id not in listed and hub.listed(t)]  # newer than the list
        for row in self._lobby:
            t = hub.tables.get(row.id)
            if t is None:
                out.append(hub.lobby_entry(row, None, 0))
            elif hub.listed(t):
                out.append(hub.lobby_entry(t, t.state, len(hub.conns.get(t.id, ()))))
        return out

    # -- idle tables (:mod:`.idle`) ----------------------------------------------------------------
    def watchers(self, table_id: str) -> int:
        """The connections at ``table_id`` over the live processes, as last heard here (0 when not heard)."""
        return sum(v for field, v in self._online.get(table_id, {}).items()
                   if field.rpartition("|")[0] in self._live)

    async def watched_anywhere(self, table_id: str) -> bool:
        """Whether a live process has a connection at ``table_id``, as the presence hash says now
        (asked before a table is let go or abandoned).  Redis away: ``True`` (nothing is let go)."""
        try:
            stored, = await self._batched(("HGETALL", self.key("online", table_id)))
        except Exception as e:  # noqa: BLE001
            log.warning("cluster: presence of table %s not read: %s", table_id, e)
            return True
        return any(int(v) > 0 and str(k).rpartition("|")[0] in self._live for k, v in stored.items())

    async def quiet(self, table_id: str, since: float) -> None:
        """This owner lets ``table_id`` go idle, nobody connected since ``since`` (the idle clock):
        the key ``{prefix}quiet:{table}`` keeps the time for the process that abandons the tables
        nobody owns (:meth:`sweep_unowned`), and keeps the game from being taken (:meth:`_sweep`)."""
        await self._batched(("SET", self.key("quiet", table_id), repr(since), "EX", CLOCK_TTL))  # before the lease goes

    async def wake(self, t: Table) -> None:
        """Someone connected to ``t`` here: it is not quiet any more, and a game nobody
        runs (its owner let it go idle) is taken by this process at once (asked only when
        no owner was heard of here: else the next sweep takes it, :meth:`_sweep`)."""
        try:
            self._later(("DEL", self.key("quiet", t.id)))
            if t.status == PLAYING and t.abandoned_at is None and not self.owns(t.id) and t.id not in self._owners:
                found, = await self._batched(("GET", self.key("owner", t.id)))
                if found is None:
                    await self.claim(t.id)
        except Exception as e:  # noqa: BLE001 - Redis away: the sweep takes it later
            log.warning("cluster: table %s not woken: %s", t.id, e)

    def sweeper(self) -> bool:
        """Whether this process sweeps the tables nobody owns: the first live process by name."""
        return min(self._live) == self.node

    async def sweep_unowned(self, now: float, abandon_s: float) -> int:
        """(The sweeping process only, :meth:`sweeper`.)  The waiting or playing tables nobody
        owns: a quiet clock started (``now``) for those without one, and those quiet for
        ``abandon_s`` seconds with no connection anywhere abandoned.  Returns how many."""
        if not self.sweeper():
            return 0
        hub = self.hub
        ids = await asyncio.to_thread(hub.store.unfinished)
        if not ids:
            return 0
        found = await self.redis.mget([self.key(k, tid) for tid in ids for k in ("owner", "quiet")])
        abandoned = 0
        for tid, owner, since in zip(ids, found[::2], found[1::2]):
            if owner is not None or tid in hub.tables:  # its owner sweeps it; a copy held here: see Idle.sweep
                continue
            if since is None:
                await self.redis.set(self.key("quiet", tid), repr(now), nx=True, ex=CLOCK_TTL)
            elif now - float(since) >= abandon_s:
                if await self.watched_anywhere(tid):
                    await self.redis.set(self.key("quiet", tid), repr(now), ex=CLOCK_TTL)
                elif await hub.db(hub.store.abandon, tid, dt.datetime.fromtimestamp(now, dt.timezone.utc)):
                    abandoned += 1
                    log.info("table %s abandoned (nobody owned it)", tid)
        return abandoned

    # -- events out ----------------------------------------------------------------------------------
    def publish(self, t: Table, ev: Event) -> None:
        """Tell the other processes of ``t``'s new event (written already): its public
        facts, and each audience's message that a client elsewhere needs (:meth:`_flush`)."""
        head: dict[str, Any] = {"seq": ev.seq, "kind": ev.kind}
        if ev.kind == "action":
            head.update(seat=ev.data["seat"], action=ev.data["action"], source=ev.data["source"])
        else:
            head.update(data=ev.data, view=ev.view, sheet=ev.sheet, pace=ev.pace.value)
        self._queue(t, head, ev)

    def publish_notice(self, t: Table, text: str) -> None:
        """An unnumbered notice (timer, vote) for the clients of ``t`` on the other processes."""
        self._queue(t, {"notice": 1}, None, text)

    def publish_chat(self, t: Table, msg: dict[str, Any]) -> None:
        """A chat message of ``t`` (stored already, :mod:`.social`) for the other processes,
        each of which sends it to those of its clients who read the chat."""
        self._queue(t, {"chat": msg})

    def _queue(self, t: Table, head: dict[str, Any], ev: Event | None = None, text: str | None = None) -> None:
        """Put a message about ``t`` in this turn's batches (:meth:`_flush`)."""
        self._out.append((t, head, ev, text))
        if not self._flush_due:
            self._flush_due = True
            asyncio.get_running_loop().call_soon(self._flush)

    def _audiences(self, t: Table) -> list[int | None]:
        """The audiences of ``t`` (a seat, ``None``: the spectators) with a client on another
        live process, as presence last said (:meth:`presence`)."""
        wanted: set[int | None] = set()
        for field, n in self._online.get(t.id, {}).items():
            node, _, what = field.rpartition("|")
            if n > 0 and node != self.node and node in self._live:
                if what == "w":
                    wanted.add(None)
                elif what.isdigit() and int(what) < t.players:
                    wanted.add(int(what))
        return sorted(wanted, key=lambda a: -1 if a is None else a)

    def _flush(self) -> None:
        """Publish this turn's messages, in order, ahead of anything sent to Redis after
        them: those of a table on its channel ``{prefix}t:{table}``, which only the
        processes holding the table and not owning it subscribe to (:meth:`_watch`), one
        text per table (one batch for a lone event too); presence counts, which every
        process (the owner first) must hear, on ``{prefix}events``.  Lines, none of
        which holds a line break (compact JSON escapes them): this process's name; then per
        message ``@{table} {head}`` (JSON: an event's public facts, or a notice, a chat
        message, presence counts) followed by its texts, each ``>{audience} {text}`` —
        ``w`` for the spectators, a seat's number for that seat only, ``*`` a notice for
        everyone.  An event carries the message of each audience that has a client on
        another process (:meth:`_audiences`), rendered once here: the other processes
        forward it to exactly those clients without rendering it again, and render
        themselves only an audience that was not sent (its client just came)."""
        self._flush_due = False
        if not self._out:
            return
        out, self._out = self._out, []
        batches: dict[str, list[str]] = {}
        for t, head, ev, text in out:
            channel = self.key("events") if "presence" in head else self.key("t", t.id)
            parts = batches.get(channel)
            if parts is None:
                parts = batches[channel] = [self.node]
            parts.append(f"@{t.id} {_text(head)}")
            if ev is not None:
                for aud in self._audiences(t):
                    parts.append(f">{'w' if aud is None else aud} {ev.render(aud)}")
            elif text is not None:
                parts.append(f">* {text}")
        self._outbox.put_nowait((tuple(("PUBLISH", channel, "\n".join(parts)) for channel, parts in batches.items()),
                                 None))

    def share_clock(self, t: Table) -> None:
        """Keep ``t``'s turn timer (its absolute deadline) and stalling vote, just
        changed by this process (the owner), in the Redis key ``{prefix}clock:{table}``,
        in order with the notices: see :meth:`take_clock`."""
        vote = None if t.vote is None else {**t.vote, "voters": sorted(t.vote["voters"]),
                                            "needed": sorted(t.vote["needed"])}
        self._later(("SET", self.key("clock", t.id), json.dumps({"timer": t.timer, "vote": vote}), "EX", CLOCK_TTL))

    async def take_clock(self, t: Table, owner: bool = False) -> None:
        """Take ``t``'s turn timer and stalling vote as its owner keeps them
        (:meth:`share_clock`; the caller holds ``t``'s lock).  Not the owner: to
        show a client connecting here mid-turn the seconds left: a clock of an
        earlier event is not taken, and the owner's events meet its clock here —
        a clock ahead of this copy brings the copy up to the database first, one
        behind it (the owner's write of the new clock still on its way) is read
        again for up to :data:`CLOCK_WAIT_S`.  A new ``owner``: the deadline only,
        which :func:`.timers.start` keeps if the turn is the same, its expiry (the
        vote, or a bot's move) run again when it passed meanwhile."""
        waited = 0.0
        while True:
            try:
                text = await self.redis.get(self.key("clock", t.id))
            except Exception as e:  # noqa: BLE001 - Redis away: no clock shown; a new owner starts one afresh
                log.warning("cluster: the clock of table %s not read: %s", t.id, e)
                return
            stored = json.loads(text) if text else {"timer": None, "vote": None}
            timer = stored["timer"]
            if owner or timer is None or timer["seq"] == t.seq:
                break
            if timer["seq"] > t.seq:
                await self.refresh(t)  # the owner's event not here yet: the database has it
                if timer["seq"] <= t.seq:
                    continue
            if waited >= CLOCK_WAIT_S:
                break
            await asyncio.sleep(0.05)
            waited += 0.05
        timer, vote = stored["timer"], stored["vote"]
        if owner:
            t.timer, t.vote = None if timer is None else {**timer, "expired": False}, None
        elif timer is not None and timer["seq"] == t.seq:
            t.timer = timer
            t.vote = None if vote is None else {**vote, "voters": set(vote["voters"]), "needed": set(vote["needed"])}
        else:
            t.timer = t.vote = None

    def _later(self, *commands: Command) -> None:
        """Send ``commands`` to Redis with whatever else is waiting, in order (:meth:`_sender`),
        again until Redis takes them."""
        if self._out:
            self._flush()
        self._outbox.put_nowait((commands, None))

    async def _batched(self, *commands: Command) -> list[Any]:
        """The replies to ``commands``, sent with whatever else is waiting, in order (:meth:`_sender`).
        Raises Redis's error when the pipeline failed (they are not sent again)."""
        fut: asyncio.Future[list[Any]] = asyncio.get_running_loop().create_future()
        if self._out:
            self._flush()
        self._outbox.put_nowait((commands, fut))
        return await fut

    async def _sender(self) -> None:
        """Send the outbox in order, what is waiting together in one pipeline (one round trip)."""
        while True:
            batch = [await self._outbox.get()]
            size = len(batch[0][0])
            while not self._outbox.empty() and size < PIPELINE_MAX:
                batch.append(self._outbox.get_nowait())
                size += len(batch[-1][0])
            while batch:
                try:
                    async with self.redis.pipeline(transaction=False) as p:
                        for commands, _ in batch:
                            for c in commands:
                                p.execute_command(*c)
                        replies = await p.execute(raise_on_error=False)
                except asyncio.CancelledError:
                    raise
                except Exception as e:  # noqa: BLE001 - Redis away: the others catch up from the database
                    log.warning("cluster: sending to Redis failed (%s); retrying", e)
                    for _, fut in batch:  # a request is not sent twice: its asker hears of the failure
                        if fut is not None and not fut.done():
                            fut.set_exception(e)
                    batch = [x for x in batch if x[1] is None]
                    await asyncio.sleep(0.5)
                    continue
                k = 0
                for commands, fut in batch:
                    if fut is not None and not fut.done():
                        fut.set_result(replies[k:k + len(commands)])
                    k += len(commands)
                batch = []

    # -- presence ------------------------------------------------------------------------------------
    def presence(self, t: Table) -> None:
        """This process's connections at ``t`` changed: keep its counts in the Redis
        hash ``{prefix}online:{table}`` (per node and seat, and its watchers) and have
        every process tell its clients the sum over the live processes (the owner
        then knows who is absent, for a take-over).  The counts travel with the
        message, so the other processes add them up without reading the hash (but
        once, for a table they had not heard of)."""
        if t.id not in self._presence_due:  # changes close together are told once
            self._presence_due.add(t.id)
            asyncio.ensure_future(self._presence(t))

    def _counts(self, t: Table) -> dict[str, int]:
        """This process's connections at ``t``: per ``node|seat``, and ``node|w`` its watchers."""
        here = self.hub.conns.get(t.id, set())
        mine = {f"{self.node}|{s}": 0 for s in range(t.players)}
        watchers = 0
        for c in here:
            if c.seat is None:
                watchers += 1
            elif 0 <= c.seat < t.players:
                mine[f"{self.node}|{c.seat}"] += 1
        mine[f"{self.node}|w"] = watchers
        return mine

    async def _presence(self, t: Table) -> None:
        await asyncio.sleep(PRESENCE_S)
        told = self._told.get(t.id)
        watchers = f"{self.node}|w"
        mine = self._counts(t)
        if told is not None and told != mine and all(told.get(k) == v for k, v in mine.items() if k != watchers):
            await asyncio.sleep(WATCHERS_S)  # only the watchers changed: a storm of spectators is told in steps
        self._presence_due.discard(t.id)
        self._told[t.id] = mine = self._counts(t)
        key = self.key("online", t.id)
        try:
            self._queue(t, {"presence": mine})  # sent ahead of these, in the same pipeline
            *_, stored = await self._batched(
                ("HSET", key, *(x for kv in mine.items() for x in kv)), ("EXPIRE", key, 24 * 3600), ("HGETALL", key))
            lock = self.hub.locks.get(t.id)
            if lock is not None:  # still held here
                async with lock:
                    # the hash for the processes not heard from yet; what the others said since stands
                    # (each message carries its sender's whole count), and this process's own is ``mine``
                    heard = {k: v for k, v in self._online.get(t.id, {}).items() if not k.startswith(self._node_field)}
                    self._online[t.id] = {**{str(k): int(v) for k, v in stored.items()}, **heard, **mine}
                    self._show_presence(t)
        except Exception as e:  # noqa: BLE001 - Redis away: presence is shown again at the next change
            log.warning("cluster: presence of table %s not shared: %s", t.id, e)

    def _show_presence(self, t: Table) -> None:
        """Sum the live processes' counts at ``t`` into ``t.online`` and tell this process's clients."""
        online = [0] * t.players
        watchers = 0
        for field, value in self._online.get(t.id, {}).items():
            node, _, what = field.rpartition("|")
            if node not in self._live:
                continue
            if what == "w":
                watchers += value
            elif what.isdigit() and int(what) < t.players:
                online[int(what)] += value
        t.online = online
        self.hub.idling.touch(t.id)  # someone came or went, maybe on another process
        self.hub.relay(t, dumps({"type": "presence", "online": [n > 0 for n in online], "watchers": watchers}))

    # -- events in -----------------------------------------------------------------------------------
    async def _listen(self, pubsub: PubSub) -> None:
        """Read this process's subscription: the messages of the tables it watches (:meth:`_watch`,
        whose confirmations it hands on), every process's presence changes, and the requests and
        answers sent to this process."""
        mine = self.key("to", self.node)
        while True:
            try:
                async for msg in pubsub.listen():
                    if msg["type"] != "message":
                        if msg["type"] == "subscribe":
                            waiting = self._subscribing.get(msg["channel"])
                            if waiting:
                                done = waiting.pop(0)
                                if not waiting:
                                    del self._subscribing[msg["channel"]]
                                if not done.done():
                                    done.set_result(None)
                        continue
                    if msg["channel"] == mine:
                        self._received(json.loads(msg["data"]))
                    elif not msg["data"].startswith(self._mine):
                        self._take(msg["data"])
            except asyncio.CancelledError:
                raise
            except Exception as e:  # noqa: BLE001 - Redis away: subscribe again, then catch up
                log.warning("cluster: event subscription lost (%s); catching up", e)
                await asyncio.sleep(0.5)
                try:
                    pubsub = self._pubsub = self.redis.pubsub()
                    async with self._subscribe_lock:
                        self._subscribed = {self.key("t", tid) for tid in self._watched}
                        await pubsub.subscribe(self.key("events"), mine, *self._subscribed)
                    for t in list(self.hub.tables.values()):
                        await self.follow(t)
                except Exception as e2:  # noqa: BLE001
                    log.warning("cluster: resubscribe failed: %s", e2)

    def _take(self, batch: str) -> None:
        """Follow a batch of another process (:meth:`_flush`): the messages of the tables held
        here, each in order; those of other tables are skipped unparsed."""
        node, _, rest = batch.partition("\n")
        lines = rest.split("\n")
        i, end = 0, len(lines)
        while i < end:
            tid, _, head = lines[i][1:].partition(" ")
            j = i + 1
            while j < end and lines[j].startswith(">"):
                j += 1
            t = self.hub.tables.get(tid)
            if t is not None:
                m: dict[str, Any] = json.loads(head)
                texts: dict[int | None, str] = {}
                for line in lines[i + 1:j]:
                    aud, _, text = line[1:].partition(" ")
                    if aud == "*":
                        m["notice"] = text
                    else:
                        texts[None if aud == "w" else int(aud)] = text
                m["texts"] = texts
                if "seq" in m:  # only the owner writes events
                    self._owners[t.id] = node
                if not self._follow_now(t, m):
                    self._waiting[t.id] = self._waiting.get(t.id, 0) + 1
                    asyncio.ensure_future(self._follow_later(t, m))  # in order: the table's lock is FIFO
            i = j

    async def follow(self, t: Table) -> None:
        """Bring this process's copy of ``t`` up to the database (a table just loaded
        may have missed an event published meanwhile), its channel watched first when
        another process owns it (:meth:`_watch`)."""
        if not self.owns(t.id):
            await self._watch(t.id)
        lock = self.hub.locks.get(t.id)
        if lock is None:  # it left this process meanwhile
            return
        async with lock:
            await self.refresh(t)

    def _follow_now(self, t: Table, m: dict[str, Any]) -> bool:
        """Install ``m``, the next action of ``t``, at once when nothing else of the table
        is under way here (its lock free, no earlier message waiting: most of the time),
        without a task; ``False`` when it waits its turn (:meth:`_follow`)."""
        lock = self.hub.locks.get(t.id)
        if (lock is None or lock.locked() or t.id in self._waiting or m.get("kind") != "action"
                or m["seq"] != t.seq + 1):
            return False
        try:
            self._apply(t, m)
        except Exception:  # noqa: BLE001 - out of step: :meth:`_follow` says so and starts again
            return False
        return True

    def _apply(self, t: Table, m: dict[str, Any]) -> None:
        """Install ``m``, the next action of ``t`` (the caller holds its lock, or it is
        free).  When the owner sent the message of every audience that has a connection
        here, each connection gets its audience's and the action waits to be applied to
        this copy until the game is next read (:meth:`.table.Table.defer`); else it is
        applied with the engine now and the missing audiences rendered here.  Raises
        :class:`.table.TableError` when the action does not apply (this copy out of step)."""
        texts: dict[int | None, str] = m["texts"]
        conns = self.hub.conns.get(t.id, ())
        if all(c.seat in texts for c in conns):
            t.defer(m["seq"], m["seat"], m["action"], m["source"], texts)
            for c in list(conns):
                c.push(texts[c.seat])
            return
        pending = t.plan_action(m["seat"], m["action"], m["source"])
        pending.event.prefill(texts)
        self.hub.install(t, pending)

    async def _follow_later(self, t: Table, m: dict[str, Any]) -> None:
        try:
            await self._follow(t, m)
        finally:
            left = self._waiting.pop(t.id, 1) - 1
            if left:
                self._waiting[t.id] = left

    async def _follow(self, t: Table, m: dict[str, Any]) -> None:
        hub = self.hub
        lock = hub.locks.get(t.id)
        if lock is None:  # the table left this process meanwhile
            return
        if "presence" in m:
            try:
                if t.id not in self._online:  # the counts before this message, once
                    stored, = await self._batched(("HGETALL", self.key("online", t.id)))
                    self._online.setdefault(t.id, {str(k): int(v) for k, v in stored.items()})
                async with lock:
                    self._online[t.id].update(m["presence"])
                    self._show_presence(t)
            except Exception as e:  # noqa: BLE001 - shown again at the next change
                log.warning("cluster: presence of table %s not read: %s", t.id, e)
            return
        try:
            async with lock:
                if hub.tables.get(t.id) is not t:
                    return
                if "notice" in m:
                    hub.relay(t, m["notice"])
                    return
                if "chat" in m:
                    if m["chat"]["n"] >= t.chat_count:
                        t.chat.append(m["chat"])
                        t.chat_count = m["chat"]["n"] + 1
                        social.relay_chat(hub, t, m["chat"])
                    return
                seq = m["seq"]
                if seq <= t.seq:
                    return
                if seq == t.seq + 1 and m["kind"] == "action":
                    self._apply(t, m)
                    return
                if seq == t.seq + 1:
                    fresh = await self._load(t.id)
                    if fresh is not None and fresh.seq == seq:
                        ev = Event(t.kit, seq, m["kind"], m["data"], fresh.state, m["view"], m["sheet"],
                                   fresh.penalties, pace_of(m.get("pace", m.get("pause"))))
                        ev.prefill(m["texts"])
                        hub.install(t, Pending(ev, _fields(fresh), _nothing))
                        if t.rematch and m["kind"] == "rematch":
                            await self._rematch_seats(t, t.rematch)
                        return
                await self.refresh(t)
        except Exception:  # noqa: BLE001 - a copy out of step: start again from the database
            log.exception("cluster: table %s: could not follow event %s", t.id, m.get("seq"))
            if hub.tables.get(t.id) is t:
                async with lock:
                    await self.refresh(t, force=True)

    async def reseated(self, t: Table, seat: int, nonce: str) -> bool:
        """Whether the stored seats give ``seat`` the token nonce ``nonce`` (a seat
        link renewed on the owner, which is no event): then this process's copy
        takes the stored seats."""
        fresh = await self._load(t.id)
        if fresh is None or not fresh.seat_of_nonce(seat, nonce):
            return False
        async with self.hub.locks[t.id]:
            t.seats = fresh.seats
        return True

    async def _rematch_seats(self, t: Table, new_id: str) -> None:
        """Each seated client here gets its seat's token at ``t``'s rematch table
        (the owner sends them to its own clients: :func:`.social.rematch`)."""
        new = await self._load(new_id)
        if new is None:
            return
        for c in list(self.hub.conns.get(t.id, ())):
            if c.seat is not None:
                text = social.rematch_seat(self.hub, t, new, c.seat, True)
                if text is not None:
                    c.push(text)

    async def _load(self, table_id: str) -> Table | None:
        found: list[Table] = await self.hub.db(self.hub.store.load, table_id)
        return found[0] if found else None

    async def refresh(self, t: Table, force: bool = False) -> None:
        """Bring ``t`` up to the database (the caller holds its lock): the actions
        after its last event replayed as events, or, when something else changed
        (or ``force``), the stored table taken whole and a snapshot sent to each
        of this process's clients."""
        fresh = await self._load(t.id)
        if fresh is None or (fresh.seq <= t.seq and not force):
            return
        hub = self.hub
        if not force and t.state is not None:
            gap = await hub.db(hub.store.actions_after, t.id, t.seq)
            if [g[0] for g in gap] == list(range(t.seq + 1, fresh.seq + 1)):
                for _, seat, action, source in gap:
                    hub.install(t, t.plan_action(seat, action, source))
                return
        for k, v in _fields(fresh).items():
            setattr(t, k, v)
        t.seq = fresh.seq
        t.log.clear()
        t.timer = t.vote = None
        for c in list(hub.conns.get(t.id, ())):
            c.push(dumps(t.snapshot(c.seat)))
        hub.schedule(t)

    # -- requests to the owner -------------------------------------------------------------------
    async def forward(self, conn: Conn, t: Table, msg: dict[str, Any]) -> bool:
        """Carry out ``msg`` of ``conn`` at ``t`` on its owner when that is another
        process; ``False`` when this process owns ``t`` (it may just have taken it)."""
        kind = msg["type"]
        reply = await self._ask(t, {"op": "handle", "seat": conn.seat, "msg": msg, "lang": conn.lang})
        if reply is False:
            return False
        if reply is None:
            conn.refuse("unavailable", TableRefusal("table_unavailable"), kind)
            return True
        for text in reply["texts"]:
            conn.push(text)
        if reply["seat"] != conn.seat and conn.seat is not None:  # left before the game: now a spectator
            t.online[conn.seat] = max(0, t.online[conn.seat] - 1)
            conn.seat = reply["seat"]
        return True

    async def forward_join(self, t: Table, name: object, seat: int | None) -> tuple[int, str] | None:
        """:meth:`.hub.Hub.join` on ``t``'s owner when that is another process, else ``None``.
        Raises :class:`TableError`."""
        reply = await self._ask(t, {"op": "join", "name": name, "seat": seat})
        if reply is False:
            return None
        if reply is None:
            raise refused("storage", "unavailable")
        if "error" in reply:
            raise TableError.from_wire(reply["error"])
        return int(reply["seat"]), str(reply["token"])

    async def _ask(self, t: Table, request: dict[str, Any]) -> dict[str, Any] | Literal[False] | None:
        """The owner's answer to ``request``; ``False`` when this process owns ``t``;
        ``None`` when the owner did not answer in time."""
        for attempt in range(3):
            if self.owns(t.id):
                return False
            owner = self._owners.get(t.id) if attempt == 0 else None
            if owner is None:
                found, = await self._batched(("GET", self.key("owner", t.id)))
                owner = None if found is None else str(found)
            if owner is None or owner == self.node:
                self._owners.pop(t.id, None)
                if await self.claim(t.id):
                    return False
                continue
            self._owners[t.id] = owner
            rid = secrets.token_hex(8)
            fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
            self._pending[rid] = fut
            try:
                heard, = await self._batched(("PUBLISH", self.key("to", owner),
                                              _text({"n": self.node, "t": t.id, "id": rid, **request})))
                reply = await asyncio.wait_for(fut, FORWARD_TIMEOUT) if heard else {"redo": True}  # else: gone
            except asyncio.TimeoutError:
                return None
            except Exception as e:  # noqa: BLE001 - Redis away: the client is told to try again
                log.warning("cluster: request on table %s not sent: %s", t.id, e)
                return None
            finally:
                self._pending.pop(rid, None)
            if not reply.get("redo"):
                return reply
            self._owners.pop(t.id, None)
            await asyncio.sleep(0.05)  # the owner changed meanwhile: ask again
        return None

    def _received(self, m: dict[str, Any]) -> None:
        """A message on this process's channel: a request to carry out, or an answer to one of its own."""
        if "op" in m:
            asyncio.ensure_future(self._serve(m))  # in order: the table's lock is FIFO
        else:
            fut = self._pending.get(m["id"])
            if fut is not None and not fut.done():
                fut.set_result(m)

    async def _serve(self, m: dict[str, Any]) -> None:
        """Carry out a request forwarded by another process, and answer it."""
        hub = self.hub
        reply: dict[str, Any] = {"n": self.node, "id": m["id"]}
        try:
            t = hub.tables.get(m["t"])
            if t is None or not self.owns(t.id):
                reply["redo"] = True
            elif m["op"] == "handle":
                rc = RemoteConn(t.id, m["seat"], m.get("lang", DEFAULT))
                await hub.handle(rc, m["msg"])
                reply.update(texts=rc.texts, seat=rc.seat)
            elif m["op"] == "join":
                try:
                    seat, token = await hub.join(t, m["name"], m["seat"])
                    reply.update(seat=seat, token=token)
                except TableError as e:
                    reply["error"] = e.to_wire()
            self._later(("PUBLISH", self.key("to", m["n"]), _text(reply)))
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - the asker times out and tells its client
            log.exception("cluster: forwarded request on table %s failed", m.get("t"))


def _text(m: dict[str, Any]) -> str:
    """A message between the processes as JSON text; it begins with its sender (``"n"``, put first)."""
    return json.dumps(m, ensure_ascii=False, separators=(",", ":"))


def _fields(t: Table) -> dict[str, Any]:
    """The stored fields of a table loaded from the database (copied onto this process's copy)."""
    return {"seats": t.seats, "host_seat": t.host_seat, "options": t.options, "status": t.status,
            "penalties": t.penalties, "state": t.state, "actions": t.actions, "rematch": t.rematch,
            "abandoned_at": t.abandoned_at}


def _nothing(store: Any) -> None:
    """The persist step of a change another process wrote already."""
