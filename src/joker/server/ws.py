"""The WebSocket transport: ``/ws/{table}``.

The first client message must be ``hello`` (within :data:`HELLO_TIMEOUT`
seconds); the rest are handled by :meth:`joker.server.hub.Hub.handle`.
At most :data:`.hub.ADMIT_AT_ONCE` connections are admitted at a time — the
handshake, then, after the hello, the welcome and the snapshot (or the missed
events): a storm of connections waits its turn, the tables' play goes on.
Every message is first checked against the connection's rate limit, then
parsed by :func:`joker.server.protocol.parse_message`; a refused message gets
an ``error`` naming the problem and changes nothing, said in the socket's
language (:func:`joker.i18n.lang_of`: ``?lang=`` on the socket's URL, as the
pages open it, else the language cookie, else ``Accept-Language``).  A connection whose
client keeps flooding after being refused is closed (code 1008).
"""

from __future__ import annotations

import asyncio
import contextlib

from starlette.websockets import WebSocket, WebSocketDisconnect

from joker.i18n import lang_of

from .conns import Conn, error_text
from .hub import Hub
from .protocol import HELLO_EXAMPLE, ProtocolError, RateLimit, parse_message
from .table import TableRefusal

HELLO_TIMEOUT = 20.0


async def _next_text(ws: WebSocket) -> str | None:
    """The next text frame (``None`` for a binary one); raises WebSocketDisconnect."""
    m = await ws.receive()
    if m["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(m.get("code", 1000))
    return m.get("text")


async def serve_socket(ws: WebSocket, hub: Hub, table_id: str) -> None:
    """Run one client connection to table ``table_id`` until it closes."""
    async with hub.admission:
        await ws.accept()
        t = await hub.get(table_id)
    lang = lang_of(ws)
    if t is None:
        await ws.send_text(error_text("no_table", TableRefusal("table_no_table", id=table_id[:20]), lang=lang))
        await ws.close(code=4404)
        return

    async def close(code: int, reason: str) -> None:
        with contextlib.suppress(Exception):
            await ws.close(code=code, reason=reason)

    base = ws.base_url
    conn = Conn(t.id, close, f"{'https' if base.scheme == 'wss' else 'http'}://{base.netloc}", lang)
    limit = RateLimit()
    sender: asyncio.Task[None] | None = None
    try:
        hello = None
        while hello is None:
            text = await asyncio.wait_for(_next_text(ws), HELLO_TIMEOUT)
            try:
                msg = parse_message(text)
            except ProtocolError as e:
                await ws.send_text(error_text(e.code, e.refusal, lang=lang))
                continue
            if msg["type"] != "hello":
                first = ProtocolError("hello_first", "proto_hello_first", example=HELLO_EXAMPLE)
                await ws.send_text(error_text(first.code, first.refusal, msg["type"], lang))
                continue
            hello = msg

        async def send_loop() -> None:
            while True:
                item = await conn.queue.get()
                if item is None:
                    return
                await ws.send_text(item)

        sender = asyncio.ensure_future(send_loop())
        await hub.attach(conn, t, hello.get("token"), hello.get("since"))  # admitted there (the snapshot)
        while not conn.closed:
            text = await _next_text(ws)
            if not limit.allow():
                limited = ProtocolError("rate_limited", "proto_rate_limited", rate=f"{limit.rate:g}",
                                        burst=f"{limit.burst:g}")
                conn.refuse(limited.code, limited.refusal)
                if limit.exhausted:
                    conn.close(1008, "rate limit exceeded")
                continue
            try:
                msg = parse_message(text)
            except ProtocolError as e:
                conn.refuse(e.code, e.refusal)
                continue
            await hub.handle(conn, msg)
    except asyncio.TimeoutError:  # no hello
        with contextlib.suppress(Exception):
            await ws.close(code=4408, reason="no hello")
    except WebSocketDisconnect:
        pass
    finally:
        hub.detach(conn)
        conn.closed = True
        if sender is not None:
            # let queued messages go out (a close after an error), then stop
            with contextlib.suppress(asyncio.QueueFull):
                conn.queue.put_nowait(None)
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await asyncio.wait_for(sender, 1.0)
            sender.cancel()
