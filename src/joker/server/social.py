"""What people at a table do besides playing: the chat with quick reactions,
the personal seat link, the rematch.  Game-generic: nothing here reads a
game's state.

* **Chat** (``chat``, ``react``): a message is 1..:data:`MAX_CHAT`
  characters of one line (no control characters), a reaction one of
  :data:`REACTIONS` (each reader's page says it in its language).  Each
  connection may post :data:`CHAT_BURST` messages at once, then one every
  ``1 / CHAT_RATE`` seconds (a token bucket, :class:`.protocol.RateLimit`);
  more are refused with ``chat_rate_limited``.  Seated players always read
  and write; spectators read only when the host's ``spectator_chat`` option
  says ``read`` or ``write`` and write only with ``write``
  (``chat_setting``, host only).  Messages are stored with the table
  (``web_chat``; the latest :data:`.table.CHAT_KEPT` come back after a
  restart), never in the game record; a client gets the recent ones on
  connect (``chat_history``).  The page puts every text in with
  ``textContent``: nothing a player types becomes markup.
* **Seat link** (``seat_link``, ``renew_link``): the seat's signed token
  (:mod:`.tokens`) in the fragment of the table's URL,
  ``/t/{table}#seat={token}`` (a fragment is not sent to the server, so
  the token is in no access log or referrer), with its QR code drawn by
  ``segno`` as an SVG data URI.  It is sent to the asking connection alone.
  Renewing draws a new nonce: every earlier token of the seat stops working,
  and the seat's other connections become spectators at once.
* **Rematch** (``rematch``): at game over the host makes a new table of the
  same game and rules: the same people in the same seats, each seat keeping
  its nonce (so the old table's token is exchanged for the new one's), the
  same bots, the same options, a new seed.  Seated players are sent their
  new token (``rematch_seat``); everyone sees the new table's id in the old
  table (``rematch``), a link for spectators and absent players.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any

import segno

from .conns import dumps, presence
from .protocol import RateLimit
from .table import HUMAN, Table, TableRefusal, clean_name, one_line, refused
from .tokens import new_nonce

if TYPE_CHECKING:
    from .conns import Conn
    from .hub import Hub

MAX_CHAT = 300
"""Longest chat message, in characters (after spaces are collapsed)."""
CHAT_RATE = 0.5
"""Chat messages a connection may post per second once its burst is spent."""
CHAT_BURST = 5
"""Chat messages a connection may post at once."""
REACTIONS = ("thumbs_up", "well_played", "thanks", "good_luck", "oops", "wow")
"""Quick reactions (codes; the ``web`` catalogue's ``react_*`` texts say them)."""
_ALLOWED_FORMAT = frozenset({"\u200c", "\u200d"})  # zero-width (non-)joiners: emoji sequences and some scripts need them


def chat_limit(conn: Conn) -> RateLimit:
    """The connection's chat allowance (made on its first message; it never closes the connection)."""
    if conn.chat_limit is None:
        conn.chat_limit = RateLimit(rate=CHAT_RATE, burst=CHAT_BURST, close_after=2**62)
    return conn.chat_limit


def clean_chat(text: object) -> str:
    """A chat message: :func:`.table.one_line` of 1..:data:`MAX_CHAT` characters
    (zero-width joiners allowed: emoji need them).  Raises :class:`TableError`
    (``chat_text``, ``chat_empty``, ``chat_too_long``)."""
    return one_line(text, MAX_CHAT, "chat", ("chat_text", "chat_empty", "chat_too_long", "chat_text"),
                    _ALLOWED_FORMAT)


def chat_message(n: int, seat: int | None, name: str, text: str | None, reaction: str | None,
                 at: dt.datetime) -> dict[str, Any]:
    """A chat message as clients get it: ``{type: "chat", n, seat, name, text,
    reaction, at}`` (``n`` its 0-based number at the table, ``seat`` 0-based or
    ``None`` for a spectator, ``at`` ISO 8601 UTC)."""
    if at.tzinfo is None:  # SQLite gives a stored time back without its zone
        at = at.replace(tzinfo=dt.timezone.utc)
    return {"type": "chat", "n": n, "seat": seat, "name": name, "text": text, "reaction": reaction,
            "at": at.astimezone(dt.timezone.utc).isoformat(timespec="seconds")}


def reads_chat(t: Table, seat: int | None) -> bool:
    """Whether a connection at ``seat`` (``None``: a spectator) receives the chat."""
    return seat is not None or t.options.spectator_chat != "hidden"


def history(t: Table) -> str:
    """The ``chat_history`` message: the table's recent chat, oldest first."""
    return dumps({"type": "chat_history", "messages": list(t.chat)})


def greet(conn: Conn, t: Table) -> None:
    """On connect (under the table's lock, after the snapshot): the recent chat, when ``conn`` reads it."""
    if reads_chat(t, conn.seat):
        conn.push(history(t))


async def after_attach(hub: Hub, conn: Conn, t: Table) -> None:
    """On connect, at a finished table whose host made a rematch: a seated
    connection gets its seat's token at the rematch table (not ``live``)."""
    seat = conn.seat
    if seat is None or t.rematch is None:
        return
    new = await hub.get(t.rematch)
    if new is not None and conn.seat == seat:
        text = rematch_seat(hub, t, new, seat, False)
        if text is not None:
            conn.push(text)


async def post(hub: Hub, conn: Conn, t: Table, msg: dict[str, Any]) -> None:
    """A ``chat`` or ``react`` message from ``conn`` (the caller holds the
    table's lock): checked, stored, sent to every connection that reads the
    chat.  Raises :class:`TableError` and changes nothing when refused."""
    seat = conn.seat
    if seat is None and t.options.spectator_chat != "write":
        raise refused("chat_closed", "chat_closed")
    text = reaction = None
    if msg["type"] == "chat":
        text = clean_chat(msg["text"])
    else:
        reaction = msg["reaction"]
        if reaction not in REACTIONS:
            raise refused("chat_reaction", "chat_reaction", reaction=str(reaction)[:30], reactions=", ".join(REACTIONS))
    if seat is not None:
        name = t.seats[seat].name
    else:
        name = clean_name(msg["name"]) if msg.get("name") is not None else ""
        if name and any(s.name.casefold() == name.casefold() for s in t.seats):
            raise refused("name", "spectator_name", name=repr(name))
    if not chat_limit(conn).allow():
        raise refused("chat_rate_limited", "chat_rate_limited", burst=CHAT_BURST, seconds=round(1 / CHAT_RATE))
    n = t.chat_count
    out = chat_message(n, seat, name, text, reaction, dt.datetime.now(dt.timezone.utc))
    await hub.writer.write(lambda store: store.add_chat(t.id, n, out))
    t.chat.append(out)
    t.chat_count = n + 1
    relay_chat(hub, t, out)
    if hub.cluster is not None:  # the table's readers on the other processes
        hub.cluster.publish_chat(t, out)


def relay_chat(hub: Hub, t: Table, out: dict[str, Any]) -> None:
    """Send a stored chat message to the connections of ``t`` here that read the chat."""
    text_out = dumps(out)
    for c in list(hub.conns.get(t.id, ())):
        if reads_chat(t, c.seat):
            c.push(text_out)


async def set_spectator_chat(hub: Hub, t: Table, seat: int, value: object) -> None:
    """The host sets ``spectator_chat`` (an ``options`` event); spectators who
    may now read get the recent chat."""
    before = reads_chat(t, None)
    await hub.commit(t, t.plan_spectator_chat(seat, value))
    if reads_chat(t, None) and not before:
        text = history(t)
        for c in list(hub.conns.get(t.id, ())):
            if c.seat is None:
                c.push(text)


def seat_link(hub: Hub, conn: Conn, t: Table, renewed: bool = False) -> str:
    """The ``seat_link`` message for ``conn``'s seat alone: ``{seat, url, qr,
    renewed}`` (``qr``: the URL's QR code, an SVG ``data:`` URI)."""
    seat = conn.seat
    assert seat is not None
    url = f"{conn.origin}/t/{t.id}#seat={hub.token(t, seat)}"
    qr = segno.make(url, error="m").svg_data_uri(scale=4, border=2)
    return dumps({"type": "seat_link", "seat": seat, "url": url, "qr": qr, "renewed": renewed})


def _seated(t: Table, seat: int | None) -> int:
    if seat is None:
        raise refused("spectator", "spectator_link")
    if t.seats[seat].kind != HUMAN:
        raise refused("seat", "no_player", seat=seat + 1)
    return seat


async def renew_link(hub: Hub, conn: Conn, t: Table) -> None:
    """A new seat link for ``conn``'s seat (the caller holds the lock): a new
    nonce is stored, every earlier token stops working, the seat's other
    connections become spectators, and ``conn`` gets the new link."""
    seat = _seated(t, conn.seat)
    seats = list(t.seats)
    seats[seat] = seats[seat].copy(nonce=new_nonce())
    rows, host, seq = [s.to_db() for s in seats], t.host_seat, t.seq
    await hub.writer.write(lambda store: store.save_seats(t.id, rows, host, seq))
    t.seats = seats
    for c in list(hub.conns.get(t.id, ())):
        if c is not conn and c.seat == seat:
            c.seat = None
            t.online[seat] = max(0, t.online[seat] - 1)
            c.refuse("bad_token", TableRefusal("table_link_replaced"), "renew_link")
            c.push(dumps({"type": "welcome", "table": t.id, "seat": None, "seq": t.seq}))
            c.push(dumps(t.snapshot(None)))
            if reads_chat(t, None):
                c.push(history(t))
    conn.push(seat_link(hub, conn, t, renewed=True))
    presence(hub, t)


def send_seat_link(hub: Hub, conn: Conn, t: Table) -> None:
    """Answer ``seat_link``: the link of ``conn``'s seat, to ``conn`` alone."""
    _seated(t, conn.seat)
    conn.push(seat_link(hub, conn, t))


def rematch_seat(hub: Hub, t: Table, new: Table, seat: int, live: bool) -> str | None:
    """The ``rematch_seat`` message for ``seat`` of ``t``: its token at the
    rematch table ``new``, when the seat there is still the same person's (the
    same nonce: neither link was renewed since), else ``None``."""
    s, n = t.seats[seat], new.seats[seat]
    if s.kind != HUMAN or n.kind != HUMAN or n.nonce is None or n.nonce != s.nonce:
        return None
    return dumps({"type": "rematch_seat", "table": new.id, "seat": seat, "token": hub.token(new, seat), "live": live})


async def rematch(hub: Hub, conn: Conn, t: Table) -> None:
    """The host's ``rematch`` (the caller holds the lock): the new table is
    made and stored, the old one points to it (a ``rematch`` event), and each
    seated connection gets its seat's new token."""
    seat = _seated(t, conn.seat)
    t.check_rematch(seat)
    new = await hub.new_table(t.game, t.rules, t.rematch_seats(), t.host_seat, t.options.copy())
    await hub.commit(t, t.plan_rematch(seat, new))
    hub.adopt(new)
    for c in list(hub.conns.get(t.id, ())):
        if c.seat is not None:
            text = rematch_seat(hub, t, new, c.seat, True)
            if text is not None:
                c.push(text)
