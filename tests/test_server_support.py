"""Shared pieces of the web server's tests (no tests here): WebSocket clients
with timeouts over Starlette's TestClient, and the leak check.

The leak check knows nothing of the server's views: it replays the finished
game's record with the engine to learn every seat's hidden cards at every
event, then looks for any of them in what each client was sent.
"""

from __future__ import annotations

import json
import random
import re
from contextlib import contextmanager
from typing import Any, Callable, Iterator

import anyio
from starlette.testclient import TestClient

from joker import new_game, parse_card, parse_rules
from joker.cards import format_card
from joker.games.joker.engine.state import DealCards
from joker.games.joker.record import GameRecord

CARD = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][SCDH]|X[12])(?![A-Za-z0-9])")
TIMEOUT = 10.0


@contextmanager
def serve(app) -> Iterator[TestClient]:
    """The app running in a TestClient; every :class:`Client` opened on it is
    closed on the way out (an open WebSocket would keep the server from stopping)."""
    with TestClient(app, base_url="http://localhost") as tc:
        tc.clients = []
        try:
            yield tc
        finally:
            for c in tc.clients:
                c.close()


class Client:
    """One browser: a WebSocket to ``/ws/{table}`` that said hello, keeping every
    message it received (``msgs``), its seat, last sequence number and view."""

    def __init__(self, tc: TestClient, table: str, token: str | None = None, since: int | None = None,
                 name: str = ""):
        self._open(tc.websocket_connect(f"ws://localhost/ws/{table}"), table, token, since, name)  # a Host the app serves
        getattr(tc, "clients", []).append(self)

    def _open(self, cm: Any, table: str, token: str | None, since: int | None, name: str) -> None:
        """Connect by the context manager ``cm`` and say hello."""
        self.name = name
        self.table = table
        self._cm = cm
        self.ws = self._cm.__enter__()
        self.msgs: list[dict[str, Any]] = []
        self.seq = 0 if since is None else since
        self.view: dict[str, Any] | None = None
        self.seat: int | None = None
        self.closed = False
        hello: dict[str, Any] = {"type": "hello", "token": token}
        if since is not None:
            hello["since"] = since
        self.send(hello)

    def send(self, msg: dict[str, Any] | str) -> None:
        if isinstance(msg, str):
            self.ws.send_text(msg)
        else:
            self.ws.send_json(msg)

    def recv(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        ws = self.ws

        async def _r():
            with anyio.fail_after(timeout):
                return await ws._send_rx.receive()

        m = ws.portal.call(_r)
        ws._raise_on_close(m)
        return self.note(json.loads(m["text"]))

    def note(self, msg: dict[str, Any]) -> dict[str, Any]:
        """Keep a received message: the seat, the last event number (events come in order) and view."""
        self.msgs.append(msg)
        if msg["type"] == "welcome":
            self.seat = msg["seat"]
        elif msg["type"] == "snapshot":
            self.seq = msg["seq"]
            self.view = msg.get("view")
        elif msg["type"] == "event":
            assert msg["seq"] == self.seq + 1, f"{self.name}: event {msg['seq']} after {self.seq}"
            self.seq = msg["seq"]
            if "view" in msg:
                self.view = msg["view"]
        return msg

    def until(self, pred: Callable[[dict[str, Any]], bool], timeout: float = TIMEOUT) -> dict[str, Any]:
        while True:
            m = self.recv(timeout)
            if pred(m):
                return m

    def sync_to(self, seq: int) -> None:
        """Read until the event ``seq`` has arrived."""
        while self.seq < seq:
            self.recv()

    def of_type(self, kind: str) -> list[dict[str, Any]]:
        return [m for m in self.msgs if m["type"] == kind]

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self._cm.__exit__(None, None, None)


def create(tc: TestClient, rules: str, seats: list[str], name: str = "Ann", **kw: Any) -> dict[str, Any]:
    r = tc.post("/api/tables", json={"name": name, "rules": rules, "seats": seats, **kw})
    assert r.status_code == 200, r.text
    return r.json()


def join(tc: TestClient, table: str, name: str, seat: int | None = None) -> dict[str, Any]:
    r = tc.post(f"/api/tables/{table}/join", json={"name": name, "seat": seat})
    assert r.status_code == 200, r.text
    return r.json()


def start_game(players: list[Client], watchers: list[Client] = ()) -> None:
    """Everyone connected has his snapshot, the host (``players[0]``) starts the game, and
    everyone has seen the start event."""
    for c in list(players) + list(watchers):
        c.until(lambda m: m["type"] == "snapshot")
    players[0].send({"type": "start"})
    for c in list(players) + list(watchers):
        c.until(lambda m: m["type"] == "event" and m["kind"] == "start")


def mover(clients: list[Client]) -> Client | None:
    """The client whose view says it is to move (and has legal actions)."""
    for c in clients:
        if c.view and c.view["legal"] and c.view["current"] == c.seat:
            return c
    return None


def play_one(clients: list[Client], rnd: random.Random, watchers: list[Client] = ()) -> str:
    """The client to move plays a random legal action; everyone reads up to the new event."""
    c = mover(clients)
    assert c is not None, "nobody is to move"
    action = rnd.choice(c.view["legal"])
    target = c.seq + 1
    c.send({"type": "act", "action": action})
    for x in list(clients) + list(watchers):
        x.sync_to(target)
    return action


def settle(clients: list[Client]) -> None:
    """Read until the latest event says one of these clients is to move, or the
    game is over (bots move in between); then bring every client up to it."""
    ref = clients[0]
    while True:
        v = ref.view
        if v is not None and (v["phase"] == "over" or any(v["current"] == c.seat for c in clients)):
            break
        ref.recv()
    for c in clients[1:]:
        c.sync_to(ref.seq)


def act(clients: list[Client], rnd: random.Random) -> None:
    """The client to move plays a random legal action; then :func:`settle`."""
    c = mover(clients)
    seq = c.seq
    c.send({"type": "act", "action": rnd.choice(c.view["legal"])})
    for x in clients:
        x.sync_to(seq + 1)
    settle(clients)


# -- the leak check -------------------------------------------------------------------------------
def truth_states(record: GameRecord) -> list:
    """The engine's states of the game: before the first action, then after each."""
    rules = parse_rules(record.rules)
    deals = []
    for e in record.deals:
        turned = [parse_card(c) for c in e.turned]
        deals.append(DealCards(tuple(tuple(parse_card(c) for c in h) for h in e.hands),
                               turned[0] if turned else None, tuple(turned[1:])))
    state = new_game(rules, seed=record.seed, deals=deals, first_dealer=record.first_dealer)
    states = [state]
    for e in record.deals:
        for a in e.actions:
            state = state.apply(a)
            states.append(state)
    return states


def hidden(state, seat: int | None) -> set[str]:
    """Cards held (not yet played) by every seat other than ``seat`` (all seats for a spectator)."""
    out: set[str] = set()
    for s, hand in enumerate(state.hands):
        if s != seat:
            out |= {format_card(c) for c in range(54) if hand >> c & 1}
    return out


def cards_in(value: Any) -> set[str]:
    """Every card notation found in any string of a JSON value."""
    found: set[str] = set()
    if isinstance(value, str):
        found |= set(CARD.findall(value))
    elif isinstance(value, dict):
        for v in value.values():
            found |= cards_in(v)
    elif isinstance(value, list):
        for v in value:
            found |= cards_in(v)
    return found


def check_no_leak(client: Client, states: list, start_seq: int) -> int:
    """Every message ``client`` received, against the hidden cards of the other
    seats at that moment.  ``start_seq`` is the number of the game's start event
    (state 0); event ``start_seq + k`` is the k-th action.  Returns the number of
    messages checked.  The view part is checked against its own deal's hands,
    the rest (the action, a finished trick) against the deal the action was in."""
    seat = client.seat
    checked = 0
    at = 0  # index in states of the latest event seen
    for m in client.msgs:
        if m["type"] in ("event", "snapshot"):
            at = max(0, m["seq"] - start_seq)
        state = states[min(at, len(states) - 1)]
        if m["type"] == "event" and m["kind"] == "action":
            before = states[at - 1]
            rest = {k: v for k, v in m.items() if k != "view"}
            same_deal = before.deal_index == state.deal_index and not state.is_terminal()
            leak = cards_in(rest) & (hidden(state, seat) if same_deal else set())
            assert not leak, f"{client.name} (seat {seat}) was sent {sorted(leak)} of other hands in {m}"
            if "view" in m:
                leak = cards_in(m["view"]) & hidden(state, seat)
                assert not leak, f"{client.name} (seat {seat}) was sent {sorted(leak)} in the view of event {m['seq']}"
        else:
            leak = cards_in(m) & hidden(state, seat)
            assert not leak, f"{client.name} (seat {seat}) was sent {sorted(leak)} of other hands in {m}"
        checked += 1
    return checked
