"""One web table: its seats, its game and its numbered event log.

Everything that changes a table goes in two steps, so that it is written
to the database before anyone hears of it:

1. ``plan_*`` checks the request against the seats and the engine
   (:meth:`joker.games.joker.engine.GameState.apply` validates every action) and returns
   a :class:`Pending` — the next event, the table fields it changes and how
   to persist it — without changing anything; a refused request raises
   :class:`TableError` naming the problem;
2. the hub persists the pending change, then :meth:`Table.commit` installs
   it and appends the event (numbered ``seq``, one more than the last) to the
   log, and the hub broadcasts it.

An :class:`Event` is rendered once per audience — each seat, or spectators —
and every rendering is built by :mod:`.views` from ``view_of(state, seat)``
or the spectator view, so no message carries another seat's hidden cards.
"""

from __future__ import annotations

import json
import re
import time
import unicodedata
from collections import deque
from dataclasses import dataclass
from typing import Any, Callable, Iterable

from joker.games.joker.actions import Action, parse_action
from joker.bots import BOTS, make_bot
from joker.games.joker.engine.play import trick_winner
from joker.games.joker.engine.state import GameState, Phase, new_game
from joker.games.joker.engine.views import view_of
from joker.errors import IllegalActionError, InvalidNotationError, JokerError
from joker.games.joker.record import GameRecord, Penalty, record_from_state
from joker.games.joker.rules import Rules
from . import views
from .tokens import new_nonce

WAITING, PLAYING, FINISHED = "waiting", "playing", "finished"
HUMAN, BOT, OPEN = "human", "bot", "open"
MAX_NAME = 24
LOG_LIMIT = 5000
"""Events kept in memory per table for catch-up; an older ``since`` gets a snapshot."""
RENDER_CACHE = 64
"""Recent events keep their renderings (for reconnects); older ones are rendered again when asked."""
BOT_NAMES = ("Alice", "Boris", "Vera", "Gleb", "Dasha", "Egor", "Zoya", "Igor", "Kira", "Lev")
STALLING = "stalling"


class TableError(JokerError):
    """A request the table refuses: ``code`` names the kind (``illegal``,
    ``not_your_turn``, ``notation``, ``not_playing``, ``seat``, ``name``,
    ``host``, ``vote``, ``options``), the message says what and why."""

    def __init__(self, code: str, message: str, reason: str | None = None, params: dict[str, str] | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.reason = reason  # an engine refusal's reason code and params (joker.i18n.refusals), for the client's language
        self.params = params or {}


def clean_name(name: object) -> str:
    """A display name: trimmed, inner spaces collapsed, 1..24 characters, no
    control characters.  Raises :class:`TableError`."""
    if not isinstance(name, str):
        raise TableError("name", "a name is text")
    text = re.sub(r"\s+", " ", name).strip()
    if not text:
        raise TableError("name", "say your name: it may not be empty")
    if len(text) > MAX_NAME:
        raise TableError("name", f"a name has at most {MAX_NAME} characters")
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co") for ch in text):
        raise TableError("name", "a name may not hold control characters")
    return text


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
    absent players)."""

    turn_seconds: int = 0
    stalling_dot: bool = False
    public: bool = True
    fill_bot: str = "heuristic"

    def to_db(self) -> dict[str, Any]:
        return {"turn_seconds": self.turn_seconds, "stalling_dot": self.stalling_dot, "public": self.public,
                "fill_bot": self.fill_bot}

    @classmethod
    def from_db(cls, d: dict[str, Any]) -> "Options":
        return cls(int(d.get("turn_seconds", 0)), bool(d.get("stalling_dot", False)), bool(d.get("public", True)),
                   str(d.get("fill_bot", "heuristic")))

    def check(self, rules: Rules) -> None:
        """Raises :class:`TableError` for impossible options."""
        if not (self.turn_seconds == 0 or 5 <= self.turn_seconds <= 600):
            raise TableError("options", "the turn timer is off (0) or 5..600 seconds")
        if self.stalling_dot:
            if rules.preset != "bus-angeles":
                raise TableError("options", "the stalling dot is a Bus-Angeles rule (RULES.md §11): "
                                 "only bus-angeles tables may turn it on")
            if not self.turn_seconds:
                raise TableError("options", "the stalling dot needs the turn timer")
        if self.fill_bot not in BOTS:
            raise TableError("options", f"unknown bot {self.fill_bot!r}; bots: {', '.join(BOTS)}")


class Event:
    """One numbered event of a table.  ``data`` is public (the same for
    everyone); ``state`` the game after the event (its view is rendered per
    audience when ``view``); ``sheet`` asks for the score sheet too."""

    __slots__ = ("seq", "kind", "data", "state", "view", "sheet", "penalties", "_cache", "_common")

    def __init__(self, seq: int, kind: str, data: dict[str, Any], state: GameState | None = None,
                 view: bool = False, sheet: bool = False, penalties: tuple[Penalty, ...] = ()):
        self.seq = seq
        self.kind = kind
        self.data = data
        self.state = state
        self.view = view and state is not None
        self.sheet = sheet and state is not None
        self.penalties = penalties
        self._cache: dict[int | None, str] = {}
        self._common: dict[str, Any] | None = None

    def common(self) -> dict[str, Any]:
        """The audience-independent part of the message."""
        if self._common is None:
            msg: dict[str, Any] = {"type": "event", "seq": self.seq, "kind": self.kind, **self.data}
            if self.state is not None and (self.view or self.sheet):
                msg["totals"] = views.totals_of(self.state, self.penalties)
            if self.sheet:
                msg["sheet"] = views.game_sheet(self.state, self.penalties)
            self._common = msg
        return self._common

    def forget(self) -> None:
        """Drop the cached renderings (memory); :meth:`render` makes them again."""
        self._cache = {}
        self._common = None

    def render(self, audience: int | None) -> str:
        """The event as JSON text for a seat (0-based) or spectators (``None``); cached."""
        text = self._cache.get(audience)
        if text is None:
            msg = self.common()
            if self.view:
                msg = {**msg, "view": views.audience_view(self.state, audience)}
            text = self._cache[audience] = json.dumps(msg, ensure_ascii=False, separators=(",", ":"))
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

    ``seats`` are :class:`Seat`; ``state`` the game (``None`` while waiting);
    ``seq`` the last event number; ``log`` the recent events; ``online`` the
    number of connections per seat (kept by the hub, not stored); ``timer``
    and ``vote`` the running turn timer and stalling vote (not stored).
    """

    def __init__(self, id: str, rules: Rules, seed: str, first_dealer: int, seats: list[Seat], host_seat: int,
                 options: Options, status: str = WAITING, seq: int = 0, penalties: Iterable[Penalty] = (),
                 state: GameState | None = None, actions: int = 0):
        self.id = id
        self.rules = rules
        self.seed = seed
        self.first_dealer = first_dealer
        self.seats = seats
        self.host_seat = host_seat
        self.options = options
        self.status = status
        self.seq = seq
        self.penalties: tuple[Penalty, ...] = tuple(penalties)
        self.state = state
        self.actions = actions
        self.log: deque[Event] = deque(maxlen=LOG_LIMIT)
        self.online = [0] * rules.players
        self.timer: dict[str, Any] | None = None
        self.vote: dict[str, Any] | None = None

    # -- reading ------------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.rules.players

    def names(self) -> tuple[str, ...]:
        return tuple(s.name or f"Seat {i + 1}" for i, s in enumerate(self.seats))

    def is_bot_turn(self) -> bool:
        """Whether a bot is to move now (a bot seat, or a bot playing for an absent player)."""
        if self.status != PLAYING or self.state is None or self.state.current_player is None:
            return False
        seat = self.seats[self.state.current_player]
        return seat.kind == BOT or seat.takeover

    def bot_level(self, seat: int) -> str:
        s = self.seats[seat]
        return s.bot if s.kind == BOT and s.bot else self.options.fill_bot

    def bot_source(self, seat: int) -> str:
        """``bot`` for a bot's seat, ``takeover`` for a bot playing an absent person's."""
        return "bot" if self.seats[seat].kind == BOT else "takeover"

    def public(self, seats: list[Seat] | None = None, host_seat: int | None = None, status: str | None = None,
               penalties: tuple[Penalty, ...] | None = None, seq: int | None = None) -> dict[str, Any]:
        """What anyone may know of the table (no tokens, no nonces, no cards);
        the keyword arguments describe it as a pending change will leave it."""
        seats = self.seats if seats is None else seats
        return {
            "id": self.id,
            "rules": str(self.rules),
            "preset": self.rules.preset,
            "players": self.players,
            "deals": len(self.rules.deals),
            "seats": [{"name": s.name, "kind": s.kind, "bot": s.bot if s.kind == BOT else None,
                       "takeover": s.takeover, "online": self.online[i] > 0} for i, s in enumerate(seats)],
            "host_seat": self.host_seat if host_seat is None else host_seat,
            "status": self.status if status is None else status,
            "options": self.options.to_db(),
            "penalties": [views.penalty_json(p) for p in (self.penalties if penalties is None else penalties)],
            "seq": self.seq if seq is None else seq,
        }

    def totals(self) -> list[int] | None:
        return None if self.state is None else views.totals_of(self.state, self.penalties)

    def record(self, state: GameState | None = None) -> GameRecord:
        """The game's record (docs/records.md): every deal's cards and actions, the dots given."""
        state = self.state if state is None else state
        assert state is not None
        meta = {"app": "joker serve", "table": self.id,
                "bots": [s.bot if s.kind == BOT else None for s in self.seats]}
        return record_from_state(state, players=self.names(), meta=meta, penalties=self.penalties)

    def snapshot(self, audience: int | None) -> dict[str, Any]:
        """The whole current picture for one audience (sent on connect when
        events cannot be replayed from the log)."""
        msg: dict[str, Any] = {"type": "snapshot", "seq": self.seq, "table": self.public()}
        if self.state is not None:
            msg["view"] = views.audience_view(self.state, audience)
            msg["sheet"] = views.game_sheet(self.state, self.penalties)
            msg["totals"] = views.totals_of(self.state, self.penalties)
            if self.state.is_terminal():
                msg["standings"] = views.standings_json(msg["totals"])
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

    def _event(self, kind: str, data: dict[str, Any], state: GameState | None = None, view: bool = False,
               sheet: bool = False, penalties: tuple[Penalty, ...] | None = None) -> Event:
        return Event(self.seq + 1, kind, data, state, view, sheet,
                     self.penalties if penalties is None else penalties)

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
                raise TableError("name", f"{s.name!r} already sits at this table (seat {i + 1}): choose another name")

    def plan_join(self, name: object, seat: int | None = None) -> Pending:
        """A person takes an open seat (``seat``: 0-based; default the first open
        one) before the game starts.  ``result``: ``(seat, nonce)``."""
        name = clean_name(name)
        if self.status != WAITING:
            raise TableError("seat", "the game has started: every seat is taken (watch it instead)")
        open_seats = [i for i, s in enumerate(self.seats) if s.kind == OPEN]
        if not open_seats:
            raise TableError("seat", "no open seat at this table")
        if seat is None:
            seat = open_seats[0]
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise TableError("seat", f"no seat {seat!r}: seats are 1..{self.players}")
        if self.seats[seat].kind != OPEN:
            raise TableError("seat", f"seat {seat + 1} is taken; open seats: {', '.join(str(i + 1) for i in open_seats)}")
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
            raise TableError("seat", f"seat {seat + 1} has no player to leave")
        seats = list(self.seats)
        if self.status == WAITING:
            seats[seat] = Seat(OPEN)
            humans = [i for i, x in enumerate(seats) if x.kind == HUMAN]
            host = self.host_seat if self.host_seat != seat else (humans[0] if humans else seat)
            return self._seats_change("seats", seats, host, what="leave", seat=seat)
        if self.status != PLAYING:
            raise TableError("not_playing", "the game is over")
        if s.takeover:
            raise TableError("seat", "a bot already plays this seat")
        seats[seat] = s.copy(takeover=True)
        return self._seats_change("seats", seats, what="takeover", seat=seat)

    def plan_takeover(self, by: int, seat: int) -> Pending:
        """A bot plays for the absent player of ``seat`` (asked by a seated player ``by``)."""
        if self.status != PLAYING:
            raise TableError("not_playing", "a bot takes over a seat only while the game runs")
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise TableError("seat", f"no seat {seat!r}: seats are 0..{self.players - 1}")
        s = self.seats[seat]
        if s.kind != HUMAN:
            raise TableError("seat", f"seat {seat + 1} is played by a bot already")
        if s.takeover:
            raise TableError("seat", f"a bot already plays for {s.name}")
        if self.online[seat] > 0 and by != seat:
            raise TableError("seat", f"{s.name} is here: only an absent player's seat may be taken over")
        seats = list(self.seats)
        seats[seat] = s.copy(takeover=True)
        return self._seats_change("seats", seats, what="takeover", seat=seat, by=by)

    def plan_takeback(self, seat: int) -> Pending:
        """The player of ``seat`` plays it again himself."""
        s = self.seats[seat]
        if s.kind != HUMAN or not s.takeover:
            raise TableError("seat", "your seat is not played by a bot")
        seats = list(self.seats)
        seats[seat] = s.copy(takeover=False)
        return self._seats_change("seats", seats, what="takeback", seat=seat)

    def plan_start(self, by: int | None) -> Pending:
        """The host starts the game: bots (``options.fill_bot``) fill the open seats."""
        if self.status != WAITING:
            raise TableError("not_playing", "the game has already started")
        if by != self.host_seat:
            raise TableError("host", f"only the host ({self.seats[self.host_seat].name or 'seat ' + str(self.host_seat + 1)}) starts the game")
        seats = list(self.seats)
        used = {s.name.casefold() for s in seats if s.kind != OPEN}
        names = iter([n for n in BOT_NAMES if n.casefold() not in used] + [f"Bot {i}" for i in range(1, 20)])
        for i, s in enumerate(seats):
            if s.kind == OPEN:
                seats[i] = Seat(BOT, next(names), self.options.fill_bot)
        state = new_game(self.rules, seed=self.seed, first_dealer=self.first_dealer)
        public = self.public(seats=seats, status=PLAYING, seq=self.seq + 1)
        ev = self._event("start", {"table": public}, state, view=True, sheet=True)
        rows = [s.to_db() for s in seats]
        seq = ev.seq
        return Pending(ev, {"seats": seats, "status": PLAYING, "state": state},
                       lambda store: store.start(self.id, rows, seq))

    def plan_action(self, seat: int | None, text: object, source: str = "human") -> Pending:
        """``seat`` plays ``text`` (the engine's notation).  Checked by the engine;
        raises :class:`TableError` (``not_playing``, ``not_your_turn``,
        ``taken_over``, ``notation``, ``illegal``) and changes nothing."""
        if seat is None:
            raise TableError("spectator", "spectators watch: take a seat to play")
        if self.status != PLAYING or self.state is None:
            raise TableError("not_playing", "the game is over" if self.status == FINISHED else
                             "the game has not started yet")
        st = self.state
        if st.current_player != seat:
            cur = st.current_player
            raise TableError("not_your_turn", f"not your turn: {self.names()[cur]} (seat {cur + 1}) is to move")
        if source == "human" and self.seats[seat].takeover:
            raise TableError("taken_over", "a bot is playing your seat: take it back first")
        if not isinstance(text, str):
            raise TableError("notation", "an action is text in the engine's notation (AH, b2, X1:high:H, trump:S)")
        try:
            action = parse_action(text)
        except InvalidNotationError as e:
            raise TableError("notation", str(e)) from None
        try:
            new = st.apply(action)
        except IllegalActionError as e:
            raise TableError("illegal", str(e), e.reason, e.params) from None
        return self._action_pending(st, new, seat, action, source)

    def _action_pending(self, st: GameState, new: GameState, seat: int, action: Action, source: str) -> Pending:
        data: dict[str, Any] = {"deal": st.deal_index + 1, "seat": seat, "action": str(action),
                                "card": views.action_card(action), "what": views.action_kind(action),
                                "source": source}
        n = self.players
        if st.phase is Phase.PLAY and len(st.trick) == n - 1:
            full = st.trick + ((seat, action),)
            winner = trick_winner(full, st.trump, st.rotating, st.rules.high_call_trump_wins)
            data["trick_done"] = {"leader": st.leader, "plays": [
                {"seat": s, "action": str(a), "card": views.action_card(a)} for s, a in full], "winner": winner}
        deal_done = len(new.results) > len(st.results)
        if deal_done:
            data["deal_done"] = views.result_json(new.results[-1])
        updates: dict[str, Any] = {"state": new, "actions": self.actions + 1}
        finish = None
        if new.is_terminal():
            totals = views.totals_of(new, self.penalties)
            data["game_over"] = {"totals": totals, "standings": views.standings_json(totals)}
            data["table"] = self.public(status=FINISHED, seq=self.seq + 1)
            updates["status"] = FINISHED
            record = self.record(new).to_json()
            finish = {"totals": totals, "record": record}
        ev = self._event("action", data, new, view=True, sheet=deal_done)
        number, seq, deal, act = self.actions, ev.seq, st.deal_index + 1, str(action)
        return Pending(ev, updates,
                       lambda store: store.append_action(self.id, number, seq, deal, seat, act, source, finish))

    def plan_penalty(self, seat: int, code: str = STALLING, note: str = "") -> Pending:
        """A dot for ``seat`` (the stalling dot voted by the other players, RULES.md §11)."""
        assert self.state is not None
        p = Penalty(seat, "dot", code, 0, self.state.deal_index, note)
        penalties = self.penalties + (p,)
        rows = [views.penalty_json(x) for x in penalties]
        public = self.public(penalties=penalties, seq=self.seq + 1)
        ev = self._event("penalty", {"penalty": views.penalty_json(p), "table": public}, self.state,
                         sheet=True, penalties=penalties)
        seq = ev.seq
        return Pending(ev, {"penalties": penalties}, lambda store: store.save_penalties(self.id, rows, seq))


def bot_choice(level: str, table_seed: str, state: GameState, actions: int) -> Action:
    """What the bot ``level`` plays for the seat to move in ``state``, having
    seen only ``view_of(state, seat)``.  Each decision is made by a fresh bot
    seeded with ``"{table seed}:{seat}:{actions so far}"`` (as ``joker play``
    does), so a restarted server makes the same choices.  Pure: safe to run
    on another thread.  Raises what the bot raises."""
    seat = state.current_player
    assert seat is not None
    bot = make_bot(level, seed=f"{table_seed}:{seat}:{actions}")
    return bot.choose(view_of(state, seat))


def penalty_from_json(d: dict[str, Any]) -> Penalty:
    deal = d.get("deal")
    return Penalty(int(d["seat"]), str(d["kind"]), str(d["code"]), int(d.get("value", 0)),
                   None if deal is None else int(deal) - 1, str(d.get("note", "")))


def rebuild(id: str, rules: Rules, seed: str, first_dealer: int, seats: list[Seat], host_seat: int,
            options: Options, status: str, seq: int, penalties: Iterable[Penalty],
            actions: list[tuple[int, str]]) -> Table:
    """A table as stored: the game replayed from its actions ``(seq, notation)``
    through :meth:`GameState.apply` (every action checked again).  The log
    starts empty: clients catch up with a snapshot.  Raises :class:`JokerError`
    when the stored actions do not replay."""
    state = None
    if status != WAITING:
        state = new_game(rules, seed=seed, first_dealer=first_dealer)
        for _, text in actions:
            state = state.apply(text)
    t = Table(id, rules, seed, first_dealer, seats, host_seat, options, status, seq, penalties, state, len(actions))
    return t
