"""One web table: its game, its seats and its numbered event log.

A table knows its game by name (:mod:`joker.registry`) and reaches it only
through the game protocol (:mod:`joker.game`) and the game's web plug-in
(:mod:`.plugin`), so any registered game with a web plug-in can be played.

Everything that changes a table goes in two steps, so that it is written
to the database before anyone hears of it:

1. ``plan_*`` checks the request against the seats and the engine (the
   game state's ``apply`` validates every action) and returns a
   :class:`Pending` — the next event, the table fields it changes and how to
   persist it — without changing anything; a refused request raises
   :class:`TableError` naming the problem;
2. the hub persists the pending change, then :meth:`Table.commit` installs
   it and appends the event (numbered ``seq``, one more than the last) to the
   log, and the hub broadcasts it.

An :class:`Event` is rendered once per audience — each seat, or spectators —
and every rendering is the plug-in's ``view_json`` of the game's
``view_of(state, seat)`` or ``public_view(state)``, so no message carries
another seat's hidden cards.
"""

from __future__ import annotations

import datetime as dt
import json
import logging
import re
import time
import unicodedata
from collections import deque
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping

from joker import records, registry
from joker.bots import make_bot
from joker.errors import CodedError, IllegalActionError, InvalidNotationError, JokerError, RecordError
from joker.i18n import LANGS, Named, Part
from joker.i18n.names import BOT_NAMES
from joker.pace import Pace
from .plugin import Kit, kit
from .tokens import new_nonce

log = logging.getLogger("joker.server")
WAITING, PLAYING, FINISHED = "waiting", "playing", "finished"
HUMAN, BOT, OPEN = "human", "bot", "open"
MAX_NAME = 24
LOG_LIMIT = 5000
"""Events kept in memory per table for catch-up; an older ``since`` gets a snapshot."""
CHAT_KEPT = 100
"""Chat messages kept in memory per table (sent to a client on connect); all are stored."""
RENDER_CACHE = 64
"""Recent events keep their renderings (for reconnects); older ones are rendered again when asked."""
SPECTATOR_CHAT = ("hidden", "read", "write")
"""What spectators may do in a table's chat: not see it, read it, read and write it."""


class TableError(JokerError):
    """A request the table refuses: ``kind`` names it (``illegal``,
    ``not_your_turn``, ``notation``, ``not_playing``, ``seat``, ``name``,
    ``host``, ``vote``, ``options``), the message says what and why, and
    ``refusal`` is the engine's own error behind an illegal action: a coded
    error (:mod:`joker.errors`) whose code and params let the page say it in
    its own language; the table's own refusals are coded too
    (:class:`TableRefusal`, :func:`refused`)."""

    def __init__(self, kind: str, message: str, refusal: JokerError | None = None):
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.refusal = refusal

    def to_wire(self) -> dict[str, Any]:
        """This refusal as data another server process raises again (:meth:`from_wire`):
        ``{"kind", "refusal"}`` with the coded error's code and params (:func:`to_wire`), not its text."""
        return {"kind": self.kind, "refusal": to_wire(self.refusal if self.refusal is not None else JokerError(self.message))}

    @classmethod
    def from_wire(cls, data: Mapping[str, Any]) -> "TableError":
        """The refusal :meth:`to_wire` sent, to be said in the reader's language."""
        r = from_wire(data["refusal"])
        return cls(str(data["kind"]), str(r), r if r.code else None)


class TableRefusal(CodedError):
    """A table's refusal said from the ``web`` catalogue (keys ``table_…``; the
    socket protocol's ``proto_…``), so the page says it in its language (the
    English is the message)."""

    catalogue = "web"


class Relayed(JokerError):
    """A coded error rebuilt from its wire form (:func:`to_wire`): what another
    server process refused, said here in the reader's language."""

    def __init__(self, catalogue: str, code: str | None, params: Mapping[str, Any], text: str):
        super().__init__(text)
        setattr(self, "catalogue", catalogue)  # noqa: B010 - the class attribute, per instance
        self.code = code
        self.params = params


def to_wire(error: JokerError) -> dict[str, Any]:
    """``error`` as JSON-ready data another process can say in any language:
    ``{"catalogue", "code", "params", "text"}`` (``text`` the English); a
    param that is itself an error is sent the same way, a :class:`Part` as its
    words in every language (:class:`joker.i18n.Named`), anything else as text."""
    params: dict[str, Any] = {}
    for k, v in error.params.items():
        if isinstance(v, JokerError):
            params[k] = {"$error": to_wire(v)}
        elif isinstance(v, Part):
            params[k] = {"$named": str(v), "names": {lang: v.say(lang, "web") for lang in LANGS}}
        else:
            params[k] = v if isinstance(v, (int, float)) and not isinstance(v, bool) else str(v)
    return {"catalogue": error.catalogue, "code": error.code, "params": params, "text": str(error)}


def from_wire(data: Mapping[str, Any]) -> Relayed:
    """The error :func:`to_wire` sent."""
    params: dict[str, Any] = {}
    for k, v in dict(data.get("params") or {}).items():
        if isinstance(v, dict) and "$error" in v:
            params[k] = from_wire(v["$error"])
        elif isinstance(v, dict) and "$named" in v:
            params[k] = Named(str(v["$named"]), v.get("names") or {})
        else:
            params[k] = v
    return Relayed(str(data.get("catalogue") or ""), data.get("code"), params, str(data.get("text", "")))


def refused(kind: str, code: str, **params: Any) -> TableError:
    """The :class:`TableError` of ``kind`` said by the ``web`` catalogue's
    ``table_<code>`` text filled with ``params`` (values as text; an error
    kept, to be said in the reader's language: ``rules: {error}``)."""
    kept = (JokerError, Part)  # said in the reader's language when the refusal is
    r = TableRefusal(f"table_{code}", **{k: v if isinstance(v, kept) else str(v) for k, v in params.items()})
    return TableError(kind, str(r), r)


def one_line(value: object, limit: int, what: str, codes: tuple[str, str, str, str],
             allow: frozenset[str] = frozenset()) -> str:
    """``value`` as one line of text: runs of white space become one space,
    trimmed, 1..``limit`` characters, no control, format (but those in
    ``allow``), surrogate, private-use or unassigned character.  Raises
    :class:`TableError` of kind ``codes[0]`` (not text), ``codes[1]`` (empty),
    ``codes[2]`` (too long) or ``codes[3]`` (a character), said by the ``web``
    catalogue's ``table_text_<what>``, ``table_empty_<what>``,
    ``table_long_<what>`` or ``table_char_<what>`` (``what``: ``name`` or ``chat``)."""
    if not isinstance(value, str):
        raise refused(codes[0], f"text_{what}")
    text = re.sub(r"\s+", " ", value).strip()
    if not text:
        raise refused(codes[1], f"empty_{what}")
    if len(text) > limit:
        raise refused(codes[2], f"long_{what}", limit=limit, n=len(text))
    for ch in text:
        if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") and ch not in allow:
            raise refused(codes[3], f"char_{what}", char=f"{ord(ch):04X}")
    return text


def clean_name(name: object) -> str:
    """A display name: :func:`one_line` of 1..24 characters.  Raises :class:`TableError` (``name``)."""
    return one_line(name, MAX_NAME, "name", ("name",) * 4)


def check_spectator_chat(value: object) -> str:
    """``value`` if it is one of :data:`SPECTATOR_CHAT`, else raises :class:`TableError` (``options``)."""
    if value not in SPECTATOR_CHAT:
        raise refused("options", "spectator_chat", chats=", ".join(SPECTATOR_CHAT), value=repr(str(value)[:40]))
    return str(value)


@dataclass
class Seat:
    """A seat: ``kind`` ``open`` (waiting for a person), ``human`` or ``bot``;
    ``bot`` the bot's level (for a bot seat); ``nonce`` the current seat
    token's nonce; ``takeover``: a bot plays for the absent human."""

    kind: str = OPEN
    name: str = ""
    bot: str | None = None
    nonce: str | None = None
    takeover: bool = False

    def to_db(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name, "bot": self.bot, "nonce": self.nonce, "takeover": self.takeover}

    @classmethod
    def from_db(cls, d: dict[str, Any]) -> "Seat":
        return cls(d.get("kind", OPEN), d.get("name", ""), d.get("bot"), d.get("nonce"), bool(d.get("takeover")))

    def copy(self, **changes: Any) -> "Seat":
        d = self.to_db()
        d.update(changes)
        return Seat(**d)


@dataclass
class Options:
    """Table options: ``turn_seconds`` (0: no turn timer), ``stalling_dot``
    (Bus-Angeles tables: when a player's time runs out the others may vote
    him a stalling dot, RULES.md §11), ``public`` (listed in the lobby),
    ``fill_bot`` (the level of the bots that fill empty seats and play for
    absent players), ``spectator_chat`` (one of :data:`SPECTATOR_CHAT`:
    spectators do not see the table's chat, read it, or read and write it;
    the host may change it during the game)."""

    turn_seconds: int = 0
    stalling_dot: bool = False
    public: bool = True
    fill_bot: str = ""
    spectator_chat: str = "hidden"

    def to_db(self) -> dict[str, Any]:
        return {"turn_seconds": self.turn_seconds, "stalling_dot": self.stalling_dot, "public": self.public,
                "fill_bot": self.fill_bot, "spectator_chat": self.spectator_chat}

    @classmethod
    def from_db(cls, d: dict[str, Any]) -> "Options":
        return cls(int(d.get("turn_seconds", 0)), bool(d.get("stalling_dot", False)), bool(d.get("public", True)),
                   str(d.get("fill_bot", "heuristic")), str(d.get("spectator_chat", "hidden")))

    def copy(self, **changes: Any) -> "Options":
        return Options(**{**self.to_db(), **changes})

    def check(self, k: Kit, rules: Any) -> None:
        """Raises :class:`TableError` for impossible options (the game ``k``, its ``rules``)."""
        if not (self.turn_seconds == 0 or 5 <= self.turn_seconds <= 600):
            raise refused("options", "turn_timer")
        if self.stalling_dot:
            if not k.web.stalling_dot(rules):
                raise refused("options", "stalling_rules")
            if not self.turn_seconds:
                raise refused("options", "stalling_timer")
        check_spectator_chat(self.spectator_chat)
        bots = k.game.bots()
        if self.fill_bot not in bots:
            raise refused("options", "fill_bot", bot=repr(self.fill_bot), bots=", ".join(bots))


class Event:
    """One numbered event of a table.  ``data`` is public (the same for
    everyone); ``state`` the game after the event (its view is rendered per
    audience when ``view``); ``sheet`` asks for the score sheet too;
    ``pace``: the kind of pause before a bot's move after it (:mod:`joker.pace`;
    ``ENDED`` after a finished trick or bout); ``totals``: the game totals when
    known already (those of the event before, when nothing that scores
    changed), else worked out when first rendered (:meth:`totals`)."""

    __slots__ = ("seq", "kind", "data", "state", "view", "sheet", "penalties", "pace", "kit", "_cache", "_common",
                 "_shared", "_totals")

    def __init__(self, kit: Kit, seq: int, kind: str, data: dict[str, Any], state: Any = None,
                 view: bool = False, sheet: bool = False, penalties: tuple[dict[str, Any], ...] = (),
                 pace: Pace = Pace.NORMAL, totals: list[int] | None = None):
        self.kit = kit
        self.seq = seq
        self.kind = kind
        self.data = data
        self.state = state
        self.view = view and state is not None
        self.sheet = sheet and state is not None
        self.penalties = penalties
        self.pace = pace
        self._cache: dict[int | None, str] = {}
        self._common: dict[str, Any] | None = None
        self._shared: str | None = None
        self._totals = totals

    def totals(self) -> list[int] | None:
        """The game totals after the event (the plug-in's ``totals``; ``None`` without a game state)."""
        if self._totals is None and self.state is not None:
            self._totals = self.kit.web.totals(self.state, self.penalties)
        return self._totals

    def known_totals(self) -> list[int] | None:
        """The totals if already worked out (for the next event to reuse), else ``None``."""
        return self._totals

    def common(self) -> dict[str, Any]:
        """The audience-independent part of the message."""
        if self._common is None:
            msg: dict[str, Any] = {"type": "event", "seq": self.seq, "kind": self.kind, **self.data}
            if self.state is not None and (self.view or self.sheet):
                msg["totals"] = self.totals()
            if self.sheet:
                msg["sheet"] = self.kit.web.sheet(self.state, self.penalties)
            self._common = msg
        return self._common

    def forget(self) -> None:
        """Drop the cached renderings (memory); :meth:`render` makes them again."""
        self._cache = {}
        self._common = None
        self._shared = None

    def prefill(self, texts: Mapping[int | None, str]) -> None:
        """Take renderings made elsewhere (the table's owner, :mod:`.cluster`): ``texts``
        per audience, exactly what :meth:`render` would make here."""
        self._cache.update(texts)

    def render(self, audience: int | None) -> str:
        """The event as JSON text for a seat (0-based) or spectators (``None``); cached.
        The audience-independent part is encoded once; a view is added to it as its last key."""
        text = self._cache.get(audience)
        if text is None:
            shared = self._shared
            if shared is None:
                shared = self._shared = json.dumps(self.common(), ensure_ascii=False, separators=(",", ":"))
            if self.view:
                view = json.dumps(self.kit.audience_view(self.state, audience), ensure_ascii=False,
                                  separators=(",", ":"))
                text = f'{shared[:-1]},"view":{view}}}'
            else:
                text = shared
            self._cache[audience] = text
        return text


@dataclass
class Pending:
    """A checked change not yet applied: the event it makes, the table fields
    it sets, and ``persist(store)``, called before :meth:`Table.commit`."""

    event: Event
    updates: dict[str, Any]
    persist: Callable[[Any], None]
    result: Any = None


class Table:
    """A table of the web app (see the module docstring for how it changes).

    ``game`` the game's registry name; ``rules`` its rules value; ``start`` the
    seat its game starts from (Joker: the first dealer); ``seats`` are
    :class:`Seat`; ``state`` the game (``None`` while waiting); ``penalties``
    the plug-in's JSON dicts; ``seq`` the last event number; ``log`` the recent
    events; ``online`` the number of connections per seat (kept by the hub,
    not stored); ``timer`` and ``vote`` the running turn timer and stalling
    vote (not stored); ``rematch`` the id of the rematch table its host made
    at game over; ``chat`` the recent chat messages (:mod:`.social`) and
    ``chat_count`` how many the table has stored; ``abandoned_at`` when it was
    abandoned (nobody connected for the server's ``--abandon-minutes``: out of
    the lobby until a seat token or a join revives it, :mod:`.idle`), else ``None``.
    """

    def __init__(self, id: str, game: str, rules: Any, seed: str, start: int, seats: list[Seat], host_seat: int,
                 options: Options, status: str = WAITING, seq: int = 0,
                 penalties: Iterable[Mapping[str, Any]] = (), state: Any = None, actions: int = 0):
        self.id = id
        self.game = game
        self.kit = kit(game)
        self.rules = rules
        self.seed = seed
        self.start = start
        self.seats = seats
        self.host_seat = host_seat
        self.options = options
        self._later: list[tuple[int, int, str, str, Mapping[int | None, str]]] = []
        """Actions another process made and this copy follows lazily (:meth:`defer`): each
        event's number, seat, notation, source and the renderings its owner sent."""
        self._status = status
        self.seq = seq
        self.penalties: tuple[dict[str, Any], ...] = tuple(dict(p) for p in penalties)
        self._state = state
        self._actions = actions
        self._log: deque[Event] = deque(maxlen=LOG_LIMIT)
        self.online = [0] * rules.players
        self.timer: dict[str, Any] | None = None
        self.vote: dict[str, Any] | None = None
        self.rematch: str | None = None
        self.chat: deque[dict[str, Any]] = deque(maxlen=CHAT_KEPT)
        self.chat_count = 0
        self.abandoned_at: dt.datetime | None = None
        self._pictures: tuple[Any, Any, Any, list[int], dict[int | None, dict[str, Any]]] | None = None
        """The last snapshot's game parts, kept while the game and penalties stay the same
        objects (:meth:`snapshot`): its state, penalties, sheet, totals, and view per audience."""

    # -- the game, followed lazily on a process that does not own the table -------------------
    @property
    def state(self) -> Any:
        """The game (``None`` while waiting), the deferred actions applied first (:meth:`defer`)."""
        if self._later:
            self._settle()
        return self._state

    @state.setter
    def state(self, value: Any) -> None:
        """A whole game (a planned change's, or the stored table's): it holds any deferred action."""
        self._later.clear()
        self._state = value

    @property
    def status(self) -> str:
        if self._later:
            self._settle()
        return self._status

    @status.setter
    def status(self, value: str) -> None:
        self._status = value

    @property
    def actions(self) -> int:
        """How many actions the game has had (the next one's stored number)."""
        if self._later:
            self._settle()
        return self._actions

    @actions.setter
    def actions(self, value: int) -> None:
        self._actions = value

    @property
    def log(self) -> deque[Event]:
        """The recent events (for a client catching up), the deferred actions' included."""
        if self._later:
            self._settle()
        return self._log

    def defer(self, seq: int, seat: int, action: str, source: str, texts: Mapping[int | None, str]) -> None:
        """Follow event ``seq`` (the next), an action another process checked, wrote and
        rendered (``texts``: its message per audience, :mod:`.cluster`), without the
        engine for now: it is applied (:meth:`plan_action`, checked again) when the game
        is next read — a snapshot, a catch-up, a change made here — so a process that only
        passes the owner's messages on to its clients does not replay every action."""
        self._later.append((seq, seat, action, source, texts))
        self.seq = seq
        self.timer = None
        self.vote = None

    def _settle(self) -> None:
        """Apply the deferred actions in order.  One that does not apply (this copy out of
        step: it should not happen) stops there, the rest dropped: the table's number is
        then that of the last applied event, and the next event's gap brings the copy up
        to the database (:meth:`.cluster.Cluster.refresh`)."""
        later, self._later = self._later, []
        self.seq = later[0][0] - 1
        for seq, seat, action, source, texts in later:
            try:
                p = self.plan_action(seat, action, source)
            except TableError:
                log.exception("table %s: deferred event %d does not apply; dropped from here on", self.id, seq)
                return
            p.event.prefill(texts)
            self.commit(p)

    # -- reading ------------------------------------------------------------------------------
    @property
    def players(self) -> int:
        n: int = self.rules.players
        return n

    def names(self) -> tuple[str, ...]:
        return tuple(s.name or f"Seat {i + 1}" for i, s in enumerate(self.seats))

    def to_move(self) -> int | None:
        """The seat to move while the game runs, else ``None``."""
        if self.status != PLAYING or self.state is None:
            return None
        seat: int | None = self.state.current_player
        return seat

    def is_bot_turn(self) -> bool:
        """Whether a bot is to move now (a bot seat, or a bot playing for an absent player)."""
        seat = self.to_move()
        if seat is None:
            return False
        s = self.seats[seat]
        return s.kind == BOT or s.takeover

    def bot_level(self, seat: int) -> str:
        s = self.seats[seat]
        return s.bot if s.kind == BOT and s.bot else self.options.fill_bot

    def bot_source(self, seat: int) -> str:
        """``bot`` for a bot's seat, ``takeover`` for a bot playing an absent person's."""
        return "bot" if self.seats[seat].kind == BOT else "takeover"

    def public(self, seats: list[Seat] | None = None, host_seat: int | None = None, status: str | None = None,
               penalties: tuple[dict[str, Any], ...] | None = None, seq: int | None = None,
               options: Options | None = None, rematch: str | None = None) -> dict[str, Any]:
        """What anyone may know of the table (no tokens, no nonces, no cards);
        the keyword arguments describe it as a pending change will leave it.
        ``abandoned``: out of the lobby until a seat token or a join revives it (:mod:`.idle`)."""
        seats = self.seats if seats is None else seats
        return {
            "id": self.id,
            "game": self.game,
            "rules": str(self.rules),
            **self.kit.web.table_info(self.rules),
            "players": self.players,
            "seats": [{"name": s.name, "kind": s.kind, "bot": s.bot if s.kind == BOT else None,
                       "takeover": s.takeover, "online": self.online[i] > 0} for i, s in enumerate(seats)],
            "host_seat": self.host_seat if host_seat is None else host_seat,
            "status": self.status if status is None else status,
            "options": (self.options if options is None else options).to_db(),
            "penalties": list(self.penalties if penalties is None else penalties),
            "seq": self.seq if seq is None else seq,
            "rematch": self.rematch if rematch is None else rematch,
            "abandoned": self.abandoned_at is not None,
        }

    def totals(self) -> list[int] | None:
        return None if self.state is None else self.kit.web.totals(self.state, self.penalties)

    def record(self, state: Any = None) -> Any:
        """The game's record (docs/records.md) by the game's ``record_of``, with the penalties given."""
        state = self.state if state is None else state
        assert state is not None
        meta = {"app": "joker serve", "table": self.id,
                "bots": [s.bot if s.kind == BOT else None for s in self.seats]}
        record = self.kit.game.record_of(state, players=self.names(), meta=meta)
        return self.kit.web.with_penalties(record, self.penalties) if self.penalties else record

    def snapshot(self, audience: int | None) -> dict[str, Any]:
        """The whole current picture for one audience (sent on connect when
        events cannot be replayed from the log)."""
        msg: dict[str, Any] = {"type": "snapshot", "seq": self.seq, "table": self.public()}
        if self.state is not None:
            web = self.kit.web
            pictures = self._pictures
            if pictures is None or pictures[0] is not self.state or pictures[1] is not self.penalties:
                # the same game for every audience: the sheet and totals made once, each view once
                pictures = self._pictures = (self.state, self.penalties, web.sheet(self.state, self.penalties),
                                             web.totals(self.state, self.penalties), {})
            views = pictures[4]
            if audience not in views:
                views[audience] = self.kit.audience_view(self.state, audience)
            msg["view"] = views[audience]
            msg["sheet"] = pictures[2]
            msg["totals"] = pictures[3]
            if self.state.is_terminal():
                msg["standings"] = web.standings(msg["totals"])
        msg["timer"] = self.timer_json()
        msg["vote"] = self.vote_json()
        return msg

    def timer_json(self) -> dict[str, Any] | None:
        if self.timer is None:
            return None
        left = max(0.0, self.timer["deadline_wall"] - time.time())
        return {"seat": self.timer["seat"], "seconds": self.options.turn_seconds, "expired": self.timer["expired"],
                "left": round(left, 1)}

    def vote_json(self) -> dict[str, Any] | None:
        if self.vote is None:
            return None
        return {"seat": self.vote["seat"], "voters": sorted(self.vote["voters"]), "needed": sorted(self.vote["needed"])}

    def events_since(self, since: int) -> list[Event] | None:
        """The events after ``since`` when the log still holds them all, else ``None`` (send a snapshot)."""
        if since == self.seq:
            return []
        if since > self.seq or since < 0:
            return None
        if not self.log or self.log[0].seq > since + 1:
            return None
        return [e for e in self.log if e.seq > since]

    def seat_of_nonce(self, seat: int, nonce: str) -> bool:
        return 0 <= seat < self.players and self.seats[seat].nonce is not None and self.seats[seat].nonce == nonce

    # -- changing -----------------------------------------------------------------------------
    def commit(self, p: Pending) -> Event:
        """Install a persisted :class:`Pending` change; returns its event."""
        for k, v in p.updates.items():
            setattr(self, k, v)
        self.seq = p.event.seq
        self.log.append(p.event)
        if len(self.log) > RENDER_CACHE:  # old events are rendered again only for a late catch-up
            self.log[-RENDER_CACHE - 1].forget()
        return p.event

    def _event(self, kind: str, data: dict[str, Any], state: Any = None, view: bool = False,
               sheet: bool = False, penalties: tuple[dict[str, Any], ...] | None = None,
               pace: Pace = Pace.NORMAL, totals: list[int] | None = None) -> Event:
        return Event(self.kit, self.seq + 1, kind, data, state, view, sheet,
                     self.penalties if penalties is None else penalties, pace, totals)

    def _seats_change(self, kind: str, seats: list[Seat], host_seat: int | None = None, **data: Any) -> Pending:
        host = self.host_seat if host_seat is None else host_seat
        public = self.public(seats=seats, host_seat=host, seq=self.seq + 1)
        ev = self._event(kind, {"table": public, **data})
        rows = [s.to_db() for s in seats]
        seq = ev.seq
        return Pending(ev, {"seats": seats, "host_seat": host},
                       lambda store: store.save_seats(self.id, rows, host, seq))

    def _check_unique(self, name: str, skip: int | None = None) -> None:
        for i, s in enumerate(self.seats):
            if i != skip and s.kind != OPEN and s.name.casefold() == name.casefold():
                raise refused("name", "name_taken", name=s.name, seat=i + 1)

    def plan_join(self, name: object, seat: int | None = None) -> Pending:
        """A person takes an open seat (``seat``: 0-based; default the first open
        one) before the game starts.  ``result``: ``(seat, nonce)``."""
        name = clean_name(name)
        if self.status != WAITING:
            raise refused("seat", "started_no_seat")
        open_seats = [i for i, s in enumerate(self.seats) if s.kind == OPEN]
        if not open_seats:
            raise refused("seat", "no_open_seat")
        if seat is None:
            seat = open_seats[0]
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise refused("seat", "no_seat", seat=repr(seat), first=1, last=self.players)
        if self.seats[seat].kind != OPEN:
            raise refused("seat", "seat_taken", seat=seat + 1, open=", ".join(str(i + 1) for i in open_seats))
        self._check_unique(name)
        nonce = new_nonce()
        seats = list(self.seats)
        seats[seat] = Seat(HUMAN, name, None, nonce, False)
        host = self.host_seat if self.seats[self.host_seat].kind == HUMAN else seat
        p = self._seats_change("seats", seats, host, what="join", seat=seat)
        p.result = (seat, nonce)
        return p

    def plan_leave(self, seat: int) -> Pending:
        """The player of ``seat`` leaves: before the game the seat opens again
        (his token stops working); during it a bot plays the seat until he takes it back."""
        s = self.seats[seat]
        if s.kind != HUMAN:
            raise refused("seat", "no_player_to_leave", seat=seat + 1)
        seats = list(self.seats)
        if self.status == WAITING:
            seats[seat] = Seat(OPEN)
            humans = [i for i, x in enumerate(seats) if x.kind == HUMAN]
            host = self.host_seat if self.host_seat != seat else (humans[0] if humans else seat)
            return self._seats_change("seats", seats, host, what="leave", seat=seat)
        if self.status != PLAYING:
            raise refused("not_playing", "game_over")
        if s.takeover:
            raise refused("seat", "bot_plays_seat")
        seats[seat] = s.copy(takeover=True)
        return self._seats_change("seats", seats, what="takeover", seat=seat)

    def plan_takeover(self, by: int, seat: int) -> Pending:
        """A bot plays for the absent player of ``seat`` (asked by a seated player ``by``)."""
        if self.status != PLAYING:
            raise refused("not_playing", "takeover_not_running")
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise refused("seat", "no_seat", seat=repr(seat), first=0, last=self.players - 1)
        s = self.seats[seat]
        if s.kind != HUMAN:
            raise refused("seat", "seat_is_bot", seat=seat + 1)
        if s.takeover:
            raise refused("seat", "bot_plays_for", name=s.name)
        if self.online[seat] > 0 and by != seat:
            raise refused("seat", "player_here", name=s.name)
        seats = list(self.seats)
        seats[seat] = s.copy(takeover=True)
        return self._seats_change("seats", seats, what="takeover", seat=seat, by=by)

    def plan_takeback(self, seat: int) -> Pending:
        """The player of ``seat`` plays it again himself."""
        s = self.seats[seat]
        if s.kind != HUMAN or not s.takeover:
            raise refused("seat", "not_taken_over")
        seats = list(self.seats)
        seats[seat] = s.copy(takeover=False)
        return self._seats_change("seats", seats, what="takeback", seat=seat)

    def plan_start(self, by: int | None) -> Pending:
        """The host starts the game: bots (``options.fill_bot``) fill the open seats."""
        if self.status != WAITING:
            raise refused("not_playing", "already_started")
        if by != self.host_seat:
            raise refused("host", "host_starts", host=self.seats[self.host_seat].name or f"seat {self.host_seat + 1}")
        seats = list(self.seats)
        used = {s.name.casefold() for s in seats if s.kind != OPEN}
        names = iter([n for n in BOT_NAMES if n.casefold() not in used] + [f"Bot {i}" for i in range(1, 20)])
        for i, s in enumerate(seats):
            if s.kind == OPEN:
                seats[i] = Seat(BOT, next(names), self.options.fill_bot)
        state = self.kit.game.new_game(self.rules, self.seed, self.start)
        public = self.public(seats=seats, status=PLAYING, seq=self.seq + 1)
        ev = self._event("start", {"table": public}, state, view=True, sheet=True)
        rows = [s.to_db() for s in seats]
        seq = ev.seq
        return Pending(ev, {"seats": seats, "status": PLAYING, "state": state},
                       lambda store: store.start(self.id, rows, seq))

    def plan_action(self, seat: int | None, text: object, source: str = "human") -> Pending:
        """``seat`` plays ``text`` (the game's notation).  Checked by the engine;
        raises :class:`TableError` (``not_playing``, ``not_your_turn``,
        ``taken_over``, ``notation``, ``illegal``) and changes nothing."""
        if seat is None:
            raise refused("spectator", "spectator")
        if self.status != PLAYING or self.state is None:
            raise refused("not_playing", "game_over" if self.status == FINISHED else "not_started")
        st = self.state
        if st.current_player != seat:
            cur = st.current_player
            raise refused("not_your_turn", "not_your_turn", name=self.names()[cur], seat=cur + 1)
        if source == "human" and self.seats[seat].takeover:
            raise refused("taken_over", "taken_over")
        if not isinstance(text, str):
            raise refused("notation", "action_text", notation=self.kit.web.notation)
        try:
            action = self.kit.game.parse_action(text)
        except InvalidNotationError as e:
            raise TableError("notation", str(e), e) from None
        try:
            new = st.apply(action)
        except IllegalActionError as e:
            raise TableError("illegal", str(e), e) from None
        return self._action_pending(st, new, seat, action, source)

    def _action_pending(self, st: Any, new: Any, seat: int, action: Any, source: str) -> Pending:
        web = self.kit.web
        act = self.kit.game.format_action(action)
        data: dict[str, Any] = {"seat": seat, "action": act, **web.action_data(st, new, seat, action),
                                "source": source}
        updates: dict[str, Any] = {"state": new, "actions": self.actions + 1}
        finish = None
        sheet = web.sheet_changed(st, new)
        last = self.log[-1] if self.log else None
        totals = None  # what scores changed only with the sheet (or a penalty: a new penalties tuple)
        if not sheet and last is not None and last.state is st and last.penalties is self.penalties:
            totals = last.known_totals()
        if new.is_terminal():
            totals = web.totals(new, self.penalties)
            data["game_over"] = {"totals": totals, "standings": web.standings(totals)}
            data["table"] = self.public(status=FINISHED, seq=self.seq + 1)
            updates["status"] = FINISHED
            finish = {"totals": totals, "record": web.record_text(self.record(new))}
        ev = self._event("action", data, new, view=True, sheet=sheet, pace=web.pace(st, new), totals=totals)
        number, seq = self.actions, ev.seq
        deal = int(data.get("deal", 1))  # the stored action's deal (a game without deals: 1)
        return Pending(ev, updates,
                       lambda store: store.append_action(self.id, number, seq, deal, seat, act, source, finish))

    def plan_spectator_chat(self, by: int, value: object) -> Pending:
        """The host (seat ``by``) sets what spectators may do in the chat
        (:data:`SPECTATOR_CHAT`).  Raises :class:`TableError` (``host``, ``options``)."""
        if by != self.host_seat:
            raise refused("host", "host_chat")
        value = check_spectator_chat(value)
        options = self.options.copy(spectator_chat=value)
        ev = self._event("options", {"table": self.public(options=options, seq=self.seq + 1)})
        seq, row = ev.seq, options.to_db()
        return Pending(ev, {"options": options}, lambda store: store.save_options(self.id, row, seq))

    def rematch_seats(self) -> list[Seat]:
        """The seats of a rematch: the same people in the same seats (each
        keeping his token's nonce, so his seat link carries over), the same bots."""
        return [Seat(HUMAN, s.name, None, s.nonce) if s.kind == HUMAN else
                Seat(BOT, s.name, s.bot) if s.kind == BOT else Seat(OPEN) for s in self.seats]

    def plan_rematch(self, by: int, new: "Table") -> Pending:
        """The host (seat ``by``) made ``new`` (waiting, with :meth:`rematch_seats`)
        for a rematch of this finished game: the event tells everyone; ``persist``
        stores the new table and the link.  Raises :class:`TableError`
        (``not_over``, ``host``, ``rematch``)."""
        self.check_rematch(by)
        ev = self._event("rematch", {"table": self.public(rematch=new.id, seq=self.seq + 1), "rematch": new.id})
        seq = ev.seq
        return Pending(ev, {"rematch": new.id}, lambda store: store.create_rematch(self.id, seq, new))

    def check_rematch(self, by: int) -> None:
        """Raises :class:`TableError` unless the host (seat ``by``) may make a rematch now."""
        if self.status != FINISHED:
            raise refused("not_over", "rematch_not_over")
        if by != self.host_seat:
            raise refused("host", "host_rematch", host=self.names()[self.host_seat])
        if self.rematch is not None:
            raise refused("rematch", "rematch_made", table=self.rematch)

    def plan_penalty(self, seat: int, note: str = "") -> Pending:
        """A stalling dot for ``seat``, voted by the other players (RULES.md §11)."""
        assert self.state is not None
        p = self.kit.web.penalty(self.state, seat, note)
        penalties = self.penalties + (p,)
        rows = list(penalties)
        public = self.public(penalties=penalties, seq=self.seq + 1)
        ev = self._event("penalty", {"penalty": p, "table": public}, self.state, sheet=True, penalties=penalties)
        seq = ev.seq
        return Pending(ev, {"penalties": penalties}, lambda store: store.save_penalties(self.id, rows, seq))


def bot_choice(game: str, level: str, table_seed: str, state: Any, actions: int) -> Any:
    """What the bot ``level`` of ``game`` plays for the seat to move in
    ``state``, having seen only the game's ``view_of(state, seat)``.  Each
    decision is made by a fresh bot seeded with ``"{table seed}:{seat}:{actions
    so far}"`` (as ``joker play`` does), so a restarted server makes the same
    choices.  Pure: safe to run on another thread.  Raises what the bot raises."""
    seat = state.current_player
    assert seat is not None
    bot = make_bot(level, seed=f"{table_seed}:{seat}:{actions}", game=game)
    return bot.choose(registry.game(game).view_of(state, seat))


def rebuild(id: str, game: str, rules: Any, seed: str, start: int, seats: list[Seat], host_seat: int,
            options: Options, status: str, seq: int, penalties: Iterable[Mapping[str, Any]],
            actions: list[tuple[int, str]], record: str | None = None, rematch: str | None = None,
            chat: Iterable[dict[str, Any]] = (), chat_count: int = 0,
            abandoned_at: dt.datetime | None = None) -> Table:
    """A table as stored.  A finished game is rebuilt from its record by the one
    replay iterator (:func:`joker.records.final_state`, every action checked);
    a running one, which has no record yet, by applying its stored actions
    ``(seq, notation)`` to the game's ``new_game`` (each checked by ``apply``),
    as is a finished one whose stored record no longer replays (logged).  The
    log starts empty: clients catch up with a snapshot.  ``rematch``, ``chat``
    (the latest messages, oldest first), ``chat_count`` and ``abandoned_at`` as stored.  Raises
    :class:`JokerError` when the stored actions do not replay."""
    g = registry.game(game)
    state = None
    if status == FINISHED and record is not None:
        try:
            found, rec = records.parse(record)
            state = records.final_state(found, rec)
        except RecordError as e:
            log.warning("table %s: its record does not replay (%s); rebuilt from its actions", id, e)
    if state is None and status != WAITING:
        state = g.new_game(rules, seed, start)
        for _, text in actions:
            state = state.apply(g.parse_action(text))
    t = Table(id, game, rules, seed, start, seats, host_seat, options, status, seq, penalties, state, len(actions))
    t.rematch = rematch
    t.chat.extend(chat)
    t.chat_count = chat_count
    t.abandoned_at = abandoned_at
    return t
