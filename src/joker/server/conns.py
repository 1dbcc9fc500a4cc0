"""Connections: a client's outgoing queue, seating it by its token, and the
notices that are the same for everyone (presence).

A :class:`Conn` is a bounded outgoing queue drained by the transport
(:mod:`.ws`); a client too slow to keep up is disconnected and catches up
when it reconnects (a ``since`` the table's log still holds gets the missed
events, an older one a snapshot).
"""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING, Any, Awaitable, Callable

from joker.errors import JokerError
from joker.i18n import DEFAULT, Part, message

from .protocol import RateLimit
from .table import Table
from .tokens import TokenError, verify

if TYPE_CHECKING:
    from .hub import Hub

QUEUE_LIMIT = 2000
"""Messages waiting for one connection before it is dropped as too slow."""


def dumps(msg: dict[str, Any]) -> str:
    """A message as compact JSON text (UTF-8 kept as is)."""
    return json.dumps(msg, ensure_ascii=False, separators=(",", ":"))


def error_text(code: str, refusal: JokerError, about: str | None = None, lang: str = DEFAULT) -> str:
    """An error message to one client, ``{type: "error", code, message, reason,
    params, about?}``: ``code`` the kind of problem (``malformed``,
    ``not_your_turn``, ``illegal``…), ``refusal`` the coded error behind it (an
    engine's refusal, a malformed action, the table's or the protocol's own
    refusal: :mod:`joker.errors`) whose text is the ``message`` in ``lang``
    (said to the player who acted: the catalogue's ``you`` variant), with its
    ``reason`` code and ``params`` (said in ``lang`` too) so the page may say it
    again (``common.js refusal``: a bot's name as the page shows it); ``about``
    the client message's type.  A plain error (no code) is said as written."""
    msg: dict[str, Any] = {"type": "error", "code": code, "message": message(refusal, lang, "web", you=True)}
    if about:
        msg["about"] = about
    if refusal.code:
        msg["reason"] = refusal.code
        msg["params"] = {k: said(v, lang) for k, v in refusal.params.items()}
    return dumps(msg)


def said(value: Any, lang: str) -> Any:
    """A refusal's param as a client reads it: a number as is, a piece of text or a
    nested error said in ``lang`` (:mod:`joker.i18n.core`), anything else as text."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    if isinstance(value, Part):
        return value.say(lang, "web")
    if isinstance(value, BaseException):
        return message(value, lang, "web")
    return str(value)


class Conn:
    """One client connection: its table, its seat (``None``: a spectator), an
    outgoing queue, ``close(code, reason)`` supplied by the transport,
    ``origin`` the server's address as the client reached it
    (``https://host:port``, for the seat link), ``lang`` the language its
    refusals are said in (:data:`joker.i18n.LANGS`) and its chat allowance."""

    def __init__(self, table_id: str, close: Callable[[int, str], Awaitable[Any]] | None = None,
                 origin: str = "", lang: str = DEFAULT):
        self.table_id = table_id
        self.origin = origin
        self.lang = lang
        self.chat_limit: RateLimit | None = None
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

    def refuse(self, code: str, refusal: JokerError, about: str | None = None) -> None:
        """Tell this client its message was refused (:func:`error_text`, in its language)."""
        self.push(error_text(code, refusal, about, self.lang))

    def close(self, code: int = 1000, reason: str = "") -> None:
        if self.closed:
            return
        self.closed = True
        if self._close is not None:
            asyncio.ensure_future(self._close(code, reason))


def presence(hub: Hub, t: Table) -> None:
    """Tell everyone at ``t`` who is connected (seats) and how many watch (in a
    cluster, counted over every process: :meth:`.cluster.Cluster.presence`)."""
    if hub.cluster is not None:
        hub.cluster.presence(t)
        return
    hub.notice(t, {"type": "presence", "online": [n > 0 for n in t.online],
                   "watchers": sum(1 for c in hub.conns.get(t.id, ()) if c.seat is None)})


async def attach(hub: Hub, conn: Conn, t: Table, token: str | None, since: int | None,
                 greet: Callable[[Conn, Table], None] | None = None) -> None:
    """Seat the connection (a valid token) or make it a spectator, send the
    welcome, then either the events after ``since`` or a snapshot, then what
    ``greet(conn, t)`` pushes (the recent chat, :mod:`.social`) before any
    later message."""
    seat = None
    problem: JokerError | None = None
    if token:
        try:
            tid, s, nonce = verify(hub.secret, token)
            if tid != t.id:
                problem = TokenError("table_token_other_table")
            elif not t.seat_of_nonce(s, nonce) and not (hub.cluster is not None
                                                        and await hub.cluster.reseated(t, s, nonce)):
                problem = TokenError("table_token_stale")
            else:
                seat = s
        except TokenError as e:
            problem = e
    async with hub.locks[t.id]:
        conn.seat = seat
        if problem:
            conn.refuse("bad_token", problem, "hello")
        conn.push(dumps({"type": "welcome", "table": t.id, "seat": seat, "seq": t.seq}))
        events = t.events_since(since) if since is not None else None
        if events is None:
            conn.push(dumps(t.snapshot(seat)))
        else:
            for ev in events:
                conn.push(ev.render(seat))
            if t.timer is not None:
                conn.push(dumps({"type": "timer", "timer": t.timer_json()}))
            if t.vote is not None:
                conn.push(dumps({"type": "vote", "vote": t.vote_json()}))
        if greet is not None:
            greet(conn, t)
        hub.conns[t.id].add(conn)
        if seat is not None:
            t.online[seat] += 1
    presence(hub, t)


def detach(hub: Hub, conn: Conn) -> None:
    """Forget a closed connection; a finished table nobody watches leaves memory
    (it stays in the database and is loaded again when asked for), as does, in
    a cluster, a table another process advances."""
    t = hub.tables.get(conn.table_id)
    conns = hub.conns.get(conn.table_id)
    if conns is None or conn not in conns:
        return
    conns.discard(conn)
    if t is not None:
        if conn.seat is not None:
            t.online[conn.seat] = max(0, t.online[conn.seat] - 1)
        presence(hub, t)
        if not conns and hub.idle(t):
            hub.forget(t.id)
