"""The tables of one server and everyone connected to them: the one place
where a table changes (under its lock), bots and turn timers run, and
events are broadcast.

Each change follows the same path (:meth:`Hub.commit`): the table checks
the request and returns a pending change (:mod:`.table`); the change is
written to the database by the single writer thread; only then is it
installed in memory, numbered, and pushed to every connection of the table,
each receiving its own audience's rendering.  A refused request is answered
to its sender alone, and nothing changes.

Connections are :class:`Conn`: a bounded outgoing queue drained by the
transport (:mod:`.ws`); a client too slow to keep up is disconnected and
catches up when it reconnects.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import secrets
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, Sequence

from joker.bots import BOTS
from joker.games.joker.engine.state import draw_first_dealer
from joker.errors import JokerError
from joker.ledger.db import LedgerError
from joker.games.joker.rules import parse_rules
from .store import Store
from .table import (
    BOT,
    BOT_NAMES,
    FINISHED,
    HUMAN,
    OPEN,
    PLAYING,
    STALLING,
    Event,
    Options,
    Pending,
    Seat,
    Table,
    TableError,
    bot_choice,
    clean_name,
)
from .tokens import TokenError, new_nonce, sign, verify
from .writer import Writer

log = logging.getLogger("joker.server")

QUEUE_LIMIT = 2000
"""Messages waiting for one connection before it is dropped as too slow."""
ID_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"


def dumps(msg: dict[str, Any]) -> str:
    return json.dumps(msg, ensure_ascii=False, separators=(",", ":"))


def error_text(code: str, message: str, about: str | None = None, reason: str | None = None,
               params: dict[str, str] | None = None) -> str:
    """An error message to one client; an engine refusal adds its ``reason`` and
    ``params`` so the page can say it in its language (:mod:`joker.i18n.refusals`)."""
    msg: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if about:
        msg["about"] = about
    if reason:
        msg["reason"] = reason
        msg["params"] = params or {}
    return dumps(msg)


class Conn:
    """One client connection: its table, its seat (``None``: a spectator), an
    outgoing queue, and ``close(code, reason)`` supplied by the transport."""

    def __init__(self, table_id: str, close: Callable[[int, str], Any] | None = None):
        self.table_id = table_id
        self.seat: int | None = None
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(QUEUE_LIMIT)
        self.closed = False
        self._close = close

    def push(self, text: str) -> None:
        """Queue a message; a full queue disconnects the client (it will catch up on reconnect)."""
        if self.closed:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.close(1013, "too many messages waiting: reconnect to catch up")

    def close(self, code: int = 1000, reason: str = "") -> None:
        if self.closed:
            return
        self.closed = True
        if self._close is not None:
            asyncio.ensure_future(self._close(code, reason))


class Hub:
    """All tables of a server.  ``bot_delay``: seconds a bot waits before it
    plays (so people can follow; twice as long after a finished trick);
    ``secret``: the seat-token key."""

    def __init__(self, store: Store, secret: bytes, bot_delay: float = 0.8):
        self.store = store
        self.secret = secret
        self.bot_delay = bot_delay
        self.tables: dict[str, Table] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.conns: dict[str, set[Conn]] = {}
        self.tasks: dict[str, asyncio.Task] = {}
        self.writer = Writer(store)
        self._bots = ThreadPoolExecutor(max_workers=2, thread_name_prefix="joker-bot")
        self._closing = False

    # -- lifecycle -----------------------------------------------------------------------------
    async def db(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run a storage call on the storage thread (:mod:`.writer`; calls keep their order)."""
        return await self.writer.call(fn, *args)

    async def start(self) -> None:
        """Load every waiting or playing table from the database and resume it (bots, timers)."""
        for t in await self.db(self.store.load):
            self._register(t)
            self.schedule(t)
        if self.tables:
            log.info("resumed %d table(s)", len(self.tables))

    async def stop(self) -> None:
        self._closing = True
        for task in list(self.tasks.values()):
            task.cancel()
        for conns in self.conns.values():
            for c in list(conns):
                c.close(1012, "server restarting: reconnect in a moment")
        await asyncio.to_thread(self.writer.close)
        self._bots.shutdown(wait=False, cancel_futures=True)

    def _register(self, t: Table) -> None:
        self.tables[t.id] = t
        self.locks.setdefault(t.id, asyncio.Lock())
        self.conns.setdefault(t.id, set())

    async def get(self, table_id: str) -> Table | None:
        """The table ``table_id`` (a finished one is loaded from the database on demand)."""
        t = self.tables.get(table_id)
        if t is None and isinstance(table_id, str) and 0 < len(table_id) <= 16 and table_id.isalnum():
            found = await self.db(self.store.load, table_id)
            if found:
                t = self.tables.get(table_id)  # another request may have loaded it meanwhile
                if t is None:
                    t = found[0]
                    self._register(t)
        return t

    def token(self, t: Table, seat: int) -> str:
        nonce = t.seats[seat].nonce
        assert nonce is not None
        return sign(self.secret, t.id, seat, nonce)

    # -- tables --------------------------------------------------------------------------------
    async def create_table(self, rules: str, seats: Sequence[str], host_name: object, host_seat: int = 0,
                           options: Options | None = None, seed: str | None = None) -> tuple[Table, int, str]:
        """A new table: ``rules`` a rules string; ``seats`` per seat ``human`` or
        ``bot`` / ``bot:LEVEL``; the host (named ``host_name``) sits at
        ``host_seat`` (0-based; must be a human seat).  Returns the table, the
        host's seat and seat token.  Raises :class:`TableError`."""
        try:
            r = parse_rules(rules)
        except JokerError as e:
            raise TableError("rules", f"rules: {e}") from None
        options = options or Options()
        options.check(r)
        if len(seats) != r.players:
            raise TableError("seat", f"{r} is played by {r.players} players: give {r.players} seats, not {len(seats)}")
        if not isinstance(host_seat, int) or not 0 <= host_seat < r.players:
            raise TableError("seat", f"the host's seat must be 1..{r.players}")
        name = clean_name(host_name)
        names = iter(n for n in BOT_NAMES if n.casefold() != name.casefold())
        made: list[Seat] = []
        for i, spec in enumerate(seats):
            kind, _, level = str(spec).partition(":")
            if kind == HUMAN:
                made.append(Seat(OPEN))
            elif kind == BOT:
                level = level or options.fill_bot
                if level not in BOTS:
                    raise TableError("seat", f"seat {i + 1}: unknown bot {level!r}; bots: {', '.join(BOTS)}")
                made.append(Seat(BOT, next(names), level))
            else:
                raise TableError("seat", f"seat {i + 1}: {spec!r} is not 'human' or 'bot:LEVEL'")
        if made[host_seat].kind != OPEN:
            raise TableError("seat", f"the host sits at seat {host_seat + 1}, which is a bot's")
        made[host_seat] = Seat(HUMAN, name, None, new_nonce())
        seed = seed or str(random.SystemRandom().randrange(2**63))
        for _ in range(20):
            tid = "".join(secrets.choice(ID_ALPHABET) for _ in range(6))
            if tid not in self.tables and not await self.db(self.store.exists, tid):
                break
        else:  # pragma: no cover - 31^6 ids
            raise TableError("storage", "could not find a free table id")
        t = Table(tid, r, seed, draw_first_dealer(r, seed), made, host_seat, options)
        await self.db(self.store.create, t)
        self._register(t)
        return t, host_seat, self.token(t, host_seat)

    async def join(self, t: Table, name: object, seat: int | None = None) -> tuple[int, str]:
        """Take an open seat before the game starts: the seat and its token."""
        async with self.locks[t.id]:
            p = t.plan_join(name, seat)
            await self.commit(t, p)
            seat, _ = p.result
        return seat, self.token(t, seat)

    def lobby(self) -> list[dict[str, Any]]:
        """The public tables waiting or playing, newest first."""
        out = []
        for t in reversed(list(self.tables.values())):
            if t.status == FINISHED or not t.options.public:
                continue
            out.append({"id": t.id, "rules": str(t.rules), "status": t.status,
                        "seats": [{"name": s.name, "kind": s.kind} for s in t.seats],
                        "open": sum(1 for s in t.seats if s.kind == OPEN),
                        "deal": t.state.deal_index + 1 if t.state is not None else None,
                        "deals": len(t.rules.deals), "watchers": len(self.conns.get(t.id, ()))})
        return out

    # -- changes --------------------------------------------------------------------------------
    async def commit(self, t: Table, p: Pending) -> Event:
        """Persist, install, broadcast (the caller holds the table's lock)."""
        try:
            await self.writer.write(p.persist)
        except LedgerError as e:
            raise TableError("storage", f"could not save ({e}); nothing changed") from None
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
        """An unnumbered notice (presence, timer, vote), the same for everyone."""
        text = dumps(msg)
        for c in list(self.conns.get(t.id, ())):
            c.push(text)

    def presence(self, t: Table) -> None:
        self.notice(t, {"type": "presence", "online": [n > 0 for n in t.online],
                        "watchers": sum(1 for c in self.conns.get(t.id, ()) if c.seat is None)})

    # -- bots and timers --------------------------------------------------------------------------
    def schedule(self, t: Table) -> None:
        """Start what the table waits for: a bot's move, or the turn timer."""
        if self._closing:
            return
        old = self.tasks.pop(t.id, None)
        if old is not None and old is not asyncio.current_task():
            old.cancel()
        if t.status != PLAYING or t.state is None or t.state.current_player is None:
            return
        if t.is_bot_turn():
            delay = self.bot_delay
            last = t.log[-1] if t.log else None
            if last is not None and "trick_done" in last.data:
                delay *= 2
            self.tasks[t.id] = asyncio.ensure_future(self._bot_turn(t, t.seq, delay))
        elif t.options.turn_seconds:
            seat = t.state.current_player
            if t.timer is None or t.timer["seq"] != t.seq:
                secs = t.options.turn_seconds
                t.timer = {"seat": seat, "seq": t.seq, "expired": False,
                           "deadline_wall": time.time() + secs}
                t.vote = None
                self.notice(t, {"type": "timer", "timer": t.timer_json()})
            if not t.timer["expired"]:
                left = max(0.0, t.timer["deadline_wall"] - time.time())
                self.tasks[t.id] = asyncio.ensure_future(self._timeout(t, t.seq, left))

    async def _choose(self, t: Table, seat: int, level: str) -> Any:
        """A bot's action for ``seat`` of ``t`` now, computed on the bots' threads
        (a searching bot may think a while; the other tables go on meanwhile).
        A bot that fails is replaced for this move by the heuristic, then the random bot."""
        loop = asyncio.get_running_loop()
        state, actions = t.state, t.actions
        for name in dict.fromkeys((level, "heuristic", "random")):
            if name not in BOTS:
                continue
            try:
                return await loop.run_in_executor(self._bots, bot_choice, name, t.seed, state, actions)
            except JokerError as e:  # e.g. a bot made for other rules
                log.warning("table %s: bot %r cannot play seat %d: %s", t.id, name, seat + 1, e)
            except Exception:  # noqa: BLE001 - a broken bot must not stop the table
                log.exception("table %s: bot %r failed for seat %d", t.id, name, seat + 1)
        raise TableError("bot", "no bot could choose a move")

    async def _bot_turn(self, t: Table, seq: int, delay: float) -> None:
        try:
            if delay:
                await asyncio.sleep(delay)
            if t.seq != seq or not t.is_bot_turn():
                return
            seat = t.state.current_player
            action = await self._choose(t, seat, t.bot_level(seat))
            async with self.locks[t.id]:
                if t.seq != seq or not t.is_bot_turn():  # the table moved on meanwhile (a take-back)
                    return
                await self.commit(t, t.plan_action(seat, str(action), t.bot_source(seat)))
        except asyncio.CancelledError:
            raise
        except TableError as e:
            log.error("table %s: bot move failed: %s; retrying", t.id, e)
            await asyncio.sleep(2)
            if t.seq == seq:
                self.schedule(t)
        except Exception:  # pragma: no cover - a bug; keep the server alive
            log.exception("table %s: bot move failed", t.id)

    async def _timeout(self, t: Table, seq: int, delay: float) -> None:
        try:
            await asyncio.sleep(delay)
            async with self.locks[t.id]:
                if t.seq != seq or t.timer is None or t.status != PLAYING:
                    return
                t.timer["expired"] = True
                seat = t.timer["seat"]
                self.notice(t, {"type": "timer", "timer": t.timer_json()})
                if t.options.stalling_dot:
                    needed = {i for i, s in enumerate(t.seats)
                              if i != seat and s.kind == HUMAN and not s.takeover and t.online[i] > 0}
                    if needed:
                        t.vote = {"seat": seat, "voters": set(), "needed": needed}
                    self.notice(t, {"type": "vote", "vote": t.vote_json()})
                    return
            # no stalling dot: a bot moves for whoever ran out of time
            action = await self._choose(t, seat, t.options.fill_bot)
            async with self.locks[t.id]:
                if t.seq == seq:
                    await self.commit(t, t.plan_action(seat, str(action), "timeout"))
        except asyncio.CancelledError:
            raise
        except Exception:  # pragma: no cover - a bug; keep the server alive
            log.exception("table %s: turn timer failed", t.id)

    # -- connections ------------------------------------------------------------------------------
    async def attach(self, conn: Conn, t: Table, token: str | None, since: int | None) -> None:
        """Seat the connection (a valid token) or make it a spectator, send the
        welcome, then either the events after ``since`` or a snapshot."""
        seat = None
        problem = None
        if token:
            try:
                tid, s, nonce = verify(self.secret, token)
                if tid != t.id:
                    problem = "the seat token is for another table"
                elif not t.seat_of_nonce(s, nonce):
                    problem = "the seat token is no longer valid (the seat was left or given to someone else)"
                else:
                    seat = s
            except TokenError as e:
                problem = str(e)
        async with self.locks[t.id]:
            conn.seat = seat
            if problem:
                conn.push(error_text("bad_token", problem + "; you are watching", "hello"))
            conn.push(dumps({"type": "welcome", "table": t.id, "seat": seat, "seq": t.seq}))
            events = t.events_since(since) if since is not None else None
            if events is None:
                conn.push(dumps(t.snapshot(seat)))
            else:
                for e in events:
                    conn.push(e.render(seat))
                if t.timer is not None:
                    conn.push(dumps({"type": "timer", "timer": t.timer_json()}))
                if t.vote is not None:
                    conn.push(dumps({"type": "vote", "vote": t.vote_json()}))
            self.conns[t.id].add(conn)
            if seat is not None:
                t.online[seat] += 1
        self.presence(t)

    def detach(self, conn: Conn) -> None:
        t = self.tables.get(conn.table_id)
        conns = self.conns.get(conn.table_id)
        if conns is None or conn not in conns:
            return
        conns.discard(conn)
        if t is not None:
            if conn.seat is not None:
                t.online[conn.seat] = max(0, t.online[conn.seat] - 1)
            self.presence(t)
            if t.status == FINISHED and not conns:  # kept in the database; loaded again when asked for
                self._forget(t.id)

    def _forget(self, table_id: str) -> None:
        self.tables.pop(table_id, None)
        self.conns.pop(table_id, None)
        self.locks.pop(table_id, None)
        task = self.tasks.pop(table_id, None)
        if task is not None:
            task.cancel()

    async def handle(self, conn: Conn, msg: dict[str, Any]) -> None:
        """Carry out one parsed client message (see :mod:`.protocol`)."""
        kind = msg["type"]
        t = self.tables.get(conn.table_id)
        if t is None:
            conn.push(error_text("no_table", "this table no longer exists", kind))
            return
        if kind == "ping":
            conn.push(dumps({"type": "pong", "seq": t.seq}))
            return
        if kind == "hello":
            conn.push(error_text("malformed", "hello is said once, first", kind))
            return
        if kind == "sync":
            async with self.locks[t.id]:
                conn.push(dumps(t.snapshot(conn.seat)))
            return
        try:
            async with self.locks[t.id]:
                seat = conn.seat
                if kind == "act":
                    await self.commit(t, t.plan_action(seat, msg["action"]))
                    return
                if seat is None:
                    raise TableError("spectator", "spectators watch: take a seat first")
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
                    await self._vote(t, seat, msg["seat"])
        except TableError as e:
            conn.push(error_text(e.code, e.message, kind, e.reason, e.params))
            return
        if kind == "leave":
            self.presence(t)

    async def _vote(self, t: Table, voter: int, seat: int) -> None:
        v = t.vote
        if v is None or v["seat"] != seat:
            raise TableError("vote", "there is no stalling vote on that seat now")
        if voter not in v["needed"]:
            raise TableError("vote", "only the other players present vote")
        v["voters"].add(voter)
        if v["voters"] >= v["needed"]:
            t.vote = None
            name = t.seats[seat].name
            await self.commit(t, t.plan_penalty(seat, STALLING, f"{name} ran out of time; the others agreed"))
            self.notice(t, {"type": "vote", "vote": None})
        else:
            self.notice(t, {"type": "vote", "vote": t.vote_json()})
