"""The tables of one server and everyone connected to them: the one place
where a table changes (under its lock) and events are broadcast.

Each change follows the same path (:meth:`Hub.commit`): the table checks
the request and returns a pending change (:mod:`.table`); the change is
written to the database by the single writer thread; only then is it
installed in memory, numbered, and pushed to every connection of the table,
each receiving its own audience's rendering.  A refused request is answered
to its sender alone, and nothing changes.

The hub's other jobs live beside it, one module each: connections and
presence (:mod:`.conns`), bot turns (:mod:`.botplay`), turn timers
(:mod:`.timers`), the stalling-dot vote (:mod:`.votes`), the chat, seat
links and rematches (:mod:`.social`), and the idle and abandoned tables
(:mod:`.idle`).  A table's game
is found by name in :mod:`joker.registry` with its web plug-in (:mod:`.plugin`).
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import time
from typing import Any, Callable, Sequence

from joker.errors import JokerError
from joker.i18n.names import BOT_NAMES
from joker.rulestring import rules_named
from joker.ledger.db import LedgerError
from joker import pace, registry
from . import conns, social, timers, votes
from .botplay import Bots
from .cluster import Cluster
from .conns import Conn, dumps, error_text
from .idle import Idle
from .plugin import kit
from .store import Store, StoredTable
from .table import BOT, FINISHED, HUMAN, OPEN, Event, Options, Pending, Seat, Table, TableError, TableRefusal, \
    clean_name, refused
from .tokens import new_nonce, sign
from .writer import Writer

log = logging.getLogger("joker.server")

ID_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
ADMIT_AT_ONCE = 16
"""WebSocket connections admitted at a time (their handshake, and the welcome and
snapshot or catch-up of :meth:`Hub.attach`): a storm of connects waits its turn
instead of starving the tables' play (:mod:`.ws`)."""

__all__ = ["Conn", "Hub", "dumps", "error_text"]


class Hub:
    """All tables of a server.  ``bot_delay``: the base pause in seconds before a
    bot's move (so people can follow), scaled by the kind of the last event's
    pace (:mod:`joker.pace`: twice as long after a finished trick or bout, 0.35 ×
    for Durak's throw-ins after a take); the bot thinks during it
    (:meth:`.botplay.Bots.turn`); ``secret``: the seat-token key; ``idle_minutes``,
    ``abandon_minutes`` and ``clock``: see :class:`.idle.Idle` (``None``: from
    ``$JOKER_IDLE_MINUTES`` / ``$JOKER_ABANDON_MINUTES``, else 10 and 30).
    Raises ``ValueError`` for a limit that is not a number of minutes."""

    def __init__(self, store: Store, secret: bytes, bot_delay: float = pace.BASE, *,
                 idle_minutes: float | None = None, abandon_minutes: float | None = None,
                 clock: Callable[[], float] = time.time):
        self.store = store
        self.secret = secret
        self.bot_delay = bot_delay
        self.tables: dict[str, Table] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.conns: dict[str, set[Conn]] = {}
        self.tasks: dict[str, asyncio.Future[None]] = {}
        self.writer = Writer(store)
        self.bots = Bots(self)
        self.cluster: Cluster | None = None
        """Set (before :meth:`start`) when several processes share the tables (:mod:`.cluster`)."""
        self.idling = Idle(self, idle_minutes, abandon_minutes, clock)
        self.admission = asyncio.Semaphore(ADMIT_AT_ONCE)
        """Held while a connection is admitted (:data:`ADMIT_AT_ONCE`, :mod:`.ws`)."""
        self._closing = False

    # -- lifecycle -----------------------------------------------------------------------------
    async def db(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run a storage call on the storage thread (:mod:`.writer`; calls keep their order)."""
        return await self.writer.call(fn, *args)

    async def start(self) -> None:
        """Load every waiting or playing table from the database and resume it (bots, timers);
        in a cluster, the tables are taken over by whichever process finds them unowned (:mod:`.cluster`)."""
        self.idling.start()
        if self.cluster is not None:
            await self.cluster.start()
            return
        for t in await self.db(self.store.load):
            self._register(t)
            self.schedule(t)
        if self.tables:
            log.info("resumed %d table(s)", len(self.tables))

    async def stop(self) -> None:
        self._closing = True
        await self.idling.stop()
        if self.cluster is not None:
            await self.cluster.stop()
        for task in list(self.tasks.values()):
            task.cancel()
        for cs in self.conns.values():
            for c in list(cs):
                c.close(1012, "server restarting: reconnect in a moment")
        await asyncio.to_thread(self.writer.close)
        self.bots.close()

    def _register(self, t: Table) -> None:
        self.tables[t.id] = t
        self.locks.setdefault(t.id, asyncio.Lock())
        self.conns.setdefault(t.id, set())
        self.idling.registered(t.id)

    def forget(self, table_id: str) -> None:
        """Drop a table from memory (it stays in the database)."""
        self.idling.forgotten(table_id)
        self.tables.pop(table_id, None)
        self.conns.pop(table_id, None)
        self.locks.pop(table_id, None)
        task = self.tasks.pop(table_id, None)
        if task is not None:
            task.cancel()
        if self.cluster is not None:
            self.cluster.forgotten(table_id)

    async def get(self, table_id: str) -> Table | None:
        """The table ``table_id``; one not in memory (finished, or gone idle: :mod:`.idle`) is
        loaded from the database on demand, and a game it holds resumed (unless abandoned)."""
        t = self.tables.get(table_id)
        if t is None and isinstance(table_id, str) and 0 < len(table_id) <= 16 and table_id.isalnum():
            found = await self.db(self.store.load, table_id)
            if found:
                t = self.tables.get(table_id)  # another request may have loaded it meanwhile
                if t is None:
                    t = found[0]
                    self._register(t)
                    if self.cluster is not None:  # an event published while it loaded
                        await self.cluster.follow(t)
                    elif t.abandoned_at is None:
                        self.schedule(t)
        return t

    def token(self, t: Table, seat: int) -> str:
        nonce = t.seats[seat].nonce
        assert nonce is not None
        return sign(self.secret, t.id, seat, nonce)

    # -- tables --------------------------------------------------------------------------------
    async def create_table(self, rules: str, seats: Sequence[str], host_name: object, host_seat: int = 0,
                           options: Options | None = None, seed: str | None = None,
                           game: str = registry.DEFAULT) -> tuple[Table, int, str]:
        """A new table of ``game`` (a registered game with a web plug-in):
        ``rules`` a rules string; ``seats`` per seat ``human`` or ``bot`` /
        ``bot:LEVEL``; the host (named ``host_name``) sits at ``host_seat``
        (0-based; must be a human seat).  Returns the table, the host's seat and
        seat token.  Raises :class:`TableError`."""
        try:
            k = kit(game)
        except JokerError as e:
            raise TableError("game", str(e), e) from None
        try:
            r = k.game.parse_rules(rules)
        except JokerError as e:
            raise refused("rules", "rules", error=e) from None
        options = options or Options()
        if not options.fill_bot:  # the game's own default bot
            options.fill_bot = k.web.fill_bot
        options.check(k, r)
        n: int = r.players
        if len(seats) != n:
            raise refused("seat", "seats_count", rules=rules_named(r), n=n, given=len(seats))
        if not isinstance(host_seat, int) or not 0 <= host_seat < n:
            raise refused("seat", "host_seat", n=n)
        name = clean_name(host_name)
        names = iter(x for x in BOT_NAMES if x.casefold() != name.casefold())
        bots = k.game.bots()
        made: list[Seat] = []
        for i, spec in enumerate(seats):
            kind, _, level = str(spec).partition(":")
            if kind == HUMAN:
                made.append(Seat(OPEN))
            elif kind == BOT:
                level = level or options.fill_bot
                if level not in bots:
                    raise refused("seat", "unknown_bot", seat=i + 1, bot=repr(level), bots=", ".join(bots))
                made.append(Seat(BOT, next(names), level))
            else:
                raise refused("seat", "seat_spec", seat=i + 1, spec=repr(spec))
        if made[host_seat].kind != OPEN:
            raise refused("seat", "host_on_bot", seat=host_seat + 1)
        made[host_seat] = Seat(HUMAN, name, None, new_nonce())
        t = await self.new_table(game, r, made, host_seat, options, seed)
        await self.db(self.store.create, t)
        self._register(t)
        if self.cluster is not None:
            await self.cluster.claim(t.id)
        return t, host_seat, self.token(t, host_seat)

    async def new_table(self, game: str, rules: Any, seats: list[Seat], host_seat: int, options: Options,
                        seed: str | None = None) -> Table:
        """A new waiting table of ``game`` with a fresh id (not yet stored nor
        registered: see :meth:`adopt`); ``seed`` default random."""
        seed = seed or str(random.SystemRandom().randrange(2**63))
        for _ in range(20):
            tid = "".join(secrets.choice(ID_ALPHABET) for _ in range(6))
            if tid not in self.tables and not await self.db(self.store.exists, tid):
                break
        else:  # pragma: no cover - 31^6 ids
            raise refused("storage", "no_id")
        return Table(tid, game, rules, seed, kit(game).web.start_seat(rules, seed), seats, host_seat, options)

    def adopt(self, t: Table) -> None:
        """Serve the table ``t``, already stored (a rematch made by :mod:`.social`)."""
        self._register(t)
        if self.cluster is not None:  # its first request would take it anyway
            asyncio.ensure_future(self.cluster.claim(t.id))

    async def join(self, t: Table, name: object, seat: int | None = None) -> tuple[int, str]:
        """Take an open seat before the game starts: the seat and its token."""
        if self.cluster is not None:
            joined = await self.cluster.forward_join(t, name, seat)
            if joined is not None:
                return joined
        async with self.locks[t.id]:
            p = t.plan_join(name, seat)
            await self.commit(t, p)
            seat, _ = p.result
        assert seat is not None
        await self.idling.revive(t)  # a join brings an abandoned table back
        return seat, self.token(t, seat)

    def lobby(self) -> list[dict[str, Any]]:
        """The public tables waiting or playing and not abandoned, newest first (in a cluster,
        every process's: :meth:`.cluster.Cluster.lobby`)."""
        if self.cluster is not None:
            return self.cluster.lobby()
        return [*(self.lobby_entry(t, t.state, len(self.conns.get(t.id, ())))
                  for t in reversed(list(self.tables.values())) if self.listed(t)),
                *reversed(list(self.idling.shelf.values()))]  # those gone idle (:mod:`.idle`), as they left

    @staticmethod
    def listed(t: Table) -> bool:
        """Whether the table ``t`` in memory shows in the lobby: public, waiting or playing, not abandoned."""
        return t.status != FINISHED and t.options.public and t.abandoned_at is None

    @staticmethod
    def lobby_entry(t: Table | StoredTable, state: Any, watchers: int) -> dict[str, Any]:
        """A table's line in the lobby (``state``: its game, ``None`` if not known here)."""
        return {"id": t.id, "game": t.game, "rules": str(t.rules), "status": t.status,
                "seats": [{"name": s.name, "kind": s.kind} for s in t.seats],
                "open": sum(1 for s in t.seats if s.kind == OPEN),
                **t.kit.web.progress(t.rules, state), "watchers": watchers}

    # -- changes --------------------------------------------------------------------------------
    async def commit(self, t: Table, p: Pending) -> Event:
        """Persist, install, broadcast (the caller holds the table's lock)."""
        try:
            await self.writer.write(p.persist)
        except LedgerError as e:
            raise refused("storage", "not_saved", error=e) from None
        ev = self.install(t, p)
        if self.cluster is not None:
            self.cluster.publish(t, ev)
        return ev

    def install(self, t: Table, p: Pending) -> Event:
        """Install a persisted change, broadcast its event to this process's
        connections and start what the table waits for (the caller holds the
        table's lock; :mod:`.cluster` installs the changes other processes made)."""
        ev = t.commit(p)
        if ev.kind == "action":
            t.timer = None
            t.vote = None
        self.broadcast(t, ev)
        self.schedule(t)
        return ev

    def broadcast(self, t: Table, ev: Event) -> None:
        for c in list(self.conns.get(t.id, ())):
            c.push(ev.render(c.seat))

    def notice(self, t: Table, msg: dict[str, Any]) -> None:
        """An unnumbered notice (presence, timer, vote), the same for everyone; in a
        cluster a timer's or vote's change is kept for every process (:meth:`.cluster.Cluster.share_clock`)."""
        text = dumps(msg)
        self.relay(t, text)
        if self.cluster is not None:
            if msg["type"] in ("timer", "vote"):
                self.cluster.share_clock(t)
            self.cluster.publish_notice(t, text)

    def relay(self, t: Table, text: str) -> None:
        """Push a message to every connection of ``t`` in this process."""
        for c in list(self.conns.get(t.id, ())):
            c.push(text)

    def idle(self, t: Table) -> bool:
        """Whether ``t`` may leave memory once nobody here watches it: finished, or
        (in a cluster) advanced by another process."""
        return t.status == FINISHED or (self.cluster is not None and not self.cluster.owns(t.id))

    def schedule(self, t: Table) -> None:
        """Start what the table waits for: a bot's move (:mod:`.botplay`), or the turn timer (:mod:`.timers`)."""
        if self._closing or (self.cluster is not None and not self.cluster.owns(t.id)):
            return
        old = self.tasks.pop(t.id, None)
        if old is not None and old is not asyncio.current_task():
            old.cancel()
        seat = t.to_move()
        if seat is None:
            return
        if t.is_bot_turn():
            last = t.log[-1] if t.log else None
            delay = pace.seconds(last.pace if last is not None else pace.Pace.NORMAL, self.bot_delay)
            self.tasks[t.id] = asyncio.ensure_future(self.bots.turn(t, t.seq, delay))
        elif t.options.turn_seconds:
            timers.start(self, t, seat)

    # -- connections ------------------------------------------------------------------------------
    async def attach(self, conn: Conn, t: Table, token: str | None, since: int | None) -> None:
        """See :func:`.conns.attach`, then :func:`.social.greet` and :func:`.social.after_attach`;
        in a cluster, on a process that is not the owner, the owner's turn clock first
        (:meth:`.cluster.Cluster.take_clock`), so the countdown shows wherever the client connects.
        The table's idle clocks start again (:mod:`.idle`); a seated client revives an abandoned
        table; in a cluster the table is no longer quiet (:meth:`.cluster.Cluster.wake`)."""
        if self.cluster is not None and not self.cluster.owns(t.id):
            async with self.locks[t.id]:
                await self.cluster.take_clock(t)
        async with self.admission:  # the welcome and the snapshot: a few at a time (:data:`ADMIT_AT_ONCE`)
            await conns.attach(self, conn, t, token, since, social.greet)
        self.idling.touch(t.id)
        if conn.seat is not None:
            await self.idling.revive(t)
        if self.cluster is not None:
            await self.cluster.wake(t)
        await social.after_attach(self, conn, t)

    def detach(self, conn: Conn) -> None:
        """See :func:`.conns.detach`; the table's idle clocks start again (:mod:`.idle`)."""
        if conn.table_id in self.tables:
            self.idling.touch(conn.table_id)
        conns.detach(self, conn)

    async def handle(self, conn: Conn, msg: dict[str, Any]) -> None:
        """Carry out one parsed client message (see :mod:`.protocol`)."""
        kind = msg["type"]
        t = self.tables.get(conn.table_id)
        if t is None:
            conn.refuse("no_table", TableRefusal("table_gone"), kind)
            return
        if kind == "ping":
            conn.push(dumps({"type": "pong", "seq": t.seq}))
            return
        if kind == "hello":
            conn.refuse("malformed", TableRefusal("proto_hello_twice"), kind)
            return
        if kind == "sync":
            async with self.locks[t.id]:
                conn.push(dumps(t.snapshot(conn.seat)))
            return
        if self.cluster is not None and await self.cluster.forward(conn, t, msg):
            return  # carried out by the table's owning process
        try:
            async with self.locks[t.id]:
                seat = conn.seat
                if kind == "act":
                    await self.commit(t, t.plan_action(seat, msg["action"]))
                    return
                if kind in ("chat", "react"):
                    await social.post(self, conn, t, msg)
                    return
                if seat is None:
                    raise refused("spectator", "spectator_seat")
                if kind == "start":
                    await self.commit(t, t.plan_start(seat))
                elif kind == "leave":
                    await self.commit(t, t.plan_leave(seat))
                    if t.seats[seat].kind == OPEN:  # left before the game: now a spectator
                        t.online[seat] = max(0, t.online[seat] - 1)
                        conn.seat = None
                elif kind == "takeover":
                    await self.commit(t, t.plan_takeover(seat, msg["seat"]))
                elif kind == "takeback":
                    await self.commit(t, t.plan_takeback(seat))
                elif kind == "vote":
                    await votes.vote(self, t, seat, msg["seat"])
                elif kind == "chat_setting":
                    await social.set_spectator_chat(self, t, seat, msg["spectators"])
                elif kind == "seat_link":
                    social.send_seat_link(self, conn, t)
                elif kind == "renew_link":
                    await social.renew_link(self, conn, t)
                elif kind == "rematch":
                    await social.rematch(self, conn, t)
        except TableError as e:
            conn.refuse(e.kind, e.refusal if e.refusal is not None else e, kind)
            return
        if kind == "leave":
            conns.presence(self, t)
