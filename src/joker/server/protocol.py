"""The WebSocket protocol's client side: what a browser may send, checked
before anything else looks at it.

Every client message is one JSON object of at most :data:`MAX_MESSAGE`
bytes with a ``type``:

============  ==============================================  ============================================================
type          fields                                          what it asks
============  ==============================================  ============================================================
hello         ``token`` (str or null), ``since`` (int)        sit as the token's seat (else watch); events after ``since``
act           ``action`` (str, the game's notation)           play this action (a card, a bid, a trump)
start                                                         the host starts the game (bots fill empty seats)
leave                                                         give up the seat (a bot plays it once the game runs)
takeover      ``seat`` (int)                                  a bot plays for that seat's absent player
takeback                                                      play your own seat again
vote          ``seat`` (int)                                  vote a stalling dot for that seat (after its time ran out)
sync                                                          send a fresh snapshot
ping                                                          answered by ``pong``
chat          ``text`` (str), ``name`` (str, spectators)      say ``text`` (1..300 characters) at the table's chat
react         ``reaction`` (str, :data:`.social.REACTIONS`)   a quick reaction ("nice", "well played", …) in the chat
chat_setting  ``spectators`` (``hidden``/``read``/``write``)  the host: may spectators read / write the chat
seat_link                                                     your seat's personal link (and its QR code)
renew_link                                                    a new seat link; the old one stops working
rematch                                                       the host, at game over: a new table, the same seats
============  ==============================================  ============================================================

Anything else is answered by ``{"type": "error", "code": …, "message": …}``
naming the problem, and changes nothing.  :class:`RateLimit` bounds how
many messages a connection may send.

What the server sends (JSON objects; cards and actions in the engine's
notation, seats 0-based):

* ``welcome`` ``{table, seat, seq}`` — after hello: the seat (``null`` when
  watching) and the table's last event number;
* ``event`` ``{seq, kind, …}`` — one numbered event, ``seq`` one more than
  the previous: ``seats`` (``table``, ``what``: join, leave, takeover,
  takeback), ``start`` (``table``, ``view``, ``sheet``, ``totals``),
  ``action`` (``deal``, ``seat``, ``action``, ``card``, ``source``,
  ``view``, ``totals``; ``trick_done`` when it finished a trick,
  ``deal_done`` and ``sheet`` when it finished a deal, ``game_over`` with
  the standings at the end), ``penalty`` (a stalling dot), ``options``
  (the host changed a table setting: ``table``), ``rematch`` (``table``,
  ``rematch``: the new table's id);
* ``snapshot`` ``{seq, table, view, sheet, totals, standings?, timer, vote}``
  — the whole picture, when the events after the client's ``since`` are no
  longer in memory (after a restart) or on ``sync``;
* unnumbered notices, not part of the game: ``presence`` (who is connected),
  ``timer``, ``vote``, ``pong``, ``error``; the chat: ``chat`` (one
  message), ``chat_history`` (the recent ones, on connect);
* private answers to one connection: ``seat_link`` ``{seat, url, qr}`` (the
  seat's link and its QR code as an SVG data URI: never sent to anyone else),
  ``rematch_seat`` ``{table, seat, token, live}`` (your seat's token at the
  rematch table; ``live``: the host just made it, go there).

``view`` is always the game's ``view_of`` this connection's seat, or its
``public_view`` for a spectator, rendered by the game's web plug-in
(:mod:`.plugin`).  The game-specific fields above (``deal``, ``card``,
``trick_done``, ``deal_done``, ``sheet``) are Joker's; another game's plug-in
says what its action events carry (``action_data``).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

MAX_MESSAGE = 2048
"""Largest client message accepted, in bytes of UTF-8."""

FIELDS: dict[str, dict[str, type | tuple[type, ...]]] = {
    "hello": {"token": (str, type(None)), "since": int},
    "act": {"action": str},
    "start": {},
    "leave": {},
    "takeover": {"seat": int},
    "takeback": {},
    "vote": {"seat": int},
    "sync": {},
    "ping": {},
    "chat": {"text": str, "name": str},
    "react": {"reaction": str},
    "chat_setting": {"spectators": str},
    "seat_link": {},
    "renew_link": {},
    "rematch": {},
}
OPTIONAL = {("hello", "token"), ("hello", "since"), ("chat", "name")}


class ProtocolError(Exception):
    """A message that cannot be handled: ``code`` (``malformed``, ``too_large``,
    ``unknown_type``, ``rate_limited``) and a message naming the problem."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


def parse_message(text: str | bytes | None) -> dict[str, Any]:
    """Check and parse one client message.  Raises :class:`ProtocolError`."""
    if text is None:
        raise ProtocolError("malformed", "send text frames holding one JSON object")
    try:
        size = len(text.encode() if isinstance(text, str) else text)
    except UnicodeEncodeError:
        raise ProtocolError("malformed", "the text is not valid Unicode (a lone surrogate)") from None
    if size > MAX_MESSAGE:
        raise ProtocolError("too_large", f"message of {size} bytes; the limit is {MAX_MESSAGE}")
    try:
        msg = json.loads(text)
    except (ValueError, UnicodeDecodeError) as e:
        raise ProtocolError("malformed", f"not JSON: {e}") from None
    except RecursionError:  # ~1000 nested arrays fit in the size limit
        raise ProtocolError("malformed", "not JSON we read: nested too deep") from None
    if not isinstance(msg, dict):
        raise ProtocolError("malformed", "a message is a JSON object with a \"type\"")
    try:  # "\\ud800" escapes decode to lone surrogates, which no page, log or database takes
        json.dumps(msg, ensure_ascii=False).encode()
    except UnicodeEncodeError:
        raise ProtocolError("malformed", "a string holds a lone surrogate (\\ud800-\\udfff): not valid Unicode") from None
    kind = msg.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("malformed", "the message has no \"type\" string")
    spec = FIELDS.get(kind)
    if spec is None:
        raise ProtocolError("unknown_type", f"unknown message type {kind[:40]!r}; types: {', '.join(FIELDS)}")
    for name, typ in spec.items():
        if name not in msg:
            if (kind, name) in OPTIONAL:
                continue
            raise ProtocolError("malformed", f"a {kind!r} message needs the field {name!r}")
        value = msg[name]
        if isinstance(value, bool) or not isinstance(value, typ):
            want = typ.__name__ if isinstance(typ, type) else " or ".join(
                "null" if t is type(None) else t.__name__ for t in typ)
            raise ProtocolError("malformed", f"field {name!r} of a {kind!r} message must be {want}")
    extra = set(msg) - set(spec) - {"type", "id"}
    if extra:
        raise ProtocolError("malformed", f"unknown field(s) in a {kind!r} message: {', '.join(sorted(extra))}")
    return msg


@dataclass
class RateLimit:
    """A token bucket: ``burst`` messages at once, refilled at ``rate`` a second.

    :meth:`allow` spends one token; after ``close_after`` refusals in a row
    :attr:`exhausted` is set and the server closes the connection."""

    rate: float = 10.0
    burst: float = 20.0
    close_after: int = 100
    tokens: float = -1.0
    stamp: float = 0.0
    refused: int = 0

    def allow(self, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        if self.tokens < 0:
            self.tokens, self.stamp = self.burst, now
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            self.refused = 0
            return True
        self.refused += 1
        return False

    @property
    def exhausted(self) -> bool:
        return self.refused >= self.close_after
