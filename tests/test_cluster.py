"""Several ``joker serve`` processes over one PostgreSQL database and Redis
(:mod:`joker.server.cluster`, docs/deploy.md): clients on different processes
play one table, a spectator on a third sees every event in order and nothing
leaks; a killed owner's table is taken over and the game ends as it would have
without the kill; two processes never both own a table, nor both apply a turn.

Runs against the PostgreSQL of ``$JOKER_TEST_PG_URL`` (a fresh schema) and the
Redis of ``$JOKER_TEST_REDIS_URL`` (default ``redis://127.0.0.1:6379/0``, keys
under a fresh prefix); skipped, saying why, when either is not there.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
import uuid
from typing import Any, Callable

import pytest

from joker.games.joker.record import GameRecord
from test_ledger_support import pg_url  # noqa: F401 - the fixture
from test_server_support import Client, check_no_leak, truth_states

pytest.importorskip("redis")

RULES = "bus-angeles(schedule='2,1')"  # a 2-card deal, then a 1-card deal
TIMEOUT = 20.0


@pytest.fixture
def redis_url():
    """The test Redis (skipped when it does not answer) and a fresh key prefix, whose keys are deleted afterwards."""
    import redis

    url = os.environ.get("JOKER_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
    r = redis.Redis.from_url(url)
    try:
        r.ping()
    except redis.exceptions.RedisError as e:
        if os.environ.get("CI") == "true":
            pytest.fail(f"Redis does not answer at {url} on CI: {e}")
        pytest.skip(f"Redis does not answer at {url}: {e}")
    prefix = f"jt{uuid.uuid4().hex[:10]}:"
    try:
        yield url, prefix
    finally:
        keys = list(r.scan_iter(prefix + "*"))
        if keys:
            r.delete(*keys)
        r.close()


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """One ``joker serve`` process of the cluster."""

    def __init__(self, db: str, redis: tuple[str, str]):
        self.port = _port()
        self.base = f"http://127.0.0.1:{self.port}"
        env = {**os.environ, "JOKER_SECRET": "cluster", "JOKER_REDIS_URL": redis[0], "JOKER_REDIS_PREFIX": redis[1]}
        env.pop("JOKER_DB_URL", None)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "joker.cli.main", "serve", "--port", str(self.port), "--db", db,
             "--bot-delay", "0", "--no-warm-analysis"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def wait(self) -> "Server":
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(self.base + "/healthz", timeout=1):
                    return self
            except OSError:
                if self.proc.poll() is not None:
                    raise AssertionError(f"joker serve exited: {self.proc.stderr.read().decode()[-2000:]}")
                assert time.monotonic() < deadline, "joker serve did not start"
                time.sleep(0.1)

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        req = urllib.request.Request(self.base + path, json.dumps(body).encode(), {"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=TIMEOUT) as r:
            answer: dict[str, Any] = json.loads(r.read())
            return answer

    def record(self, table: str) -> GameRecord:
        with urllib.request.urlopen(f"{self.base}/api/tables/{table}/record", timeout=TIMEOUT) as r:
            return GameRecord.from_json(r.read().decode())

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(3)
            except subprocess.TimeoutExpired:  # still closing its clients' connections: no need to wait
                self.kill()


@pytest.fixture
def cluster(pg_url, redis_url):  # noqa: F811
    """``start(n)``: n processes of one cluster (a fresh PostgreSQL schema, a fresh Redis prefix)."""
    servers: list[Server] = []

    def start(n: int) -> list[Server]:
        new = [Server(pg_url, redis_url) for _ in range(n)]
        servers.extend(new)
        return [s.wait() for s in new]

    try:
        yield start
    finally:
        for s in servers:
            s.stop()


class WsClient(Client):
    """A browser on one process of the cluster (a real WebSocket; the bookkeeping of
    :class:`test_server_support.Client`: events must come in order, one by one)."""

    def __init__(self, server: Server, table: str, token: str | None = None, since: int | None = None,
                 name: str = ""):
        from websockets.sync.client import connect

        self._open(connect(f"ws://127.0.0.1:{server.port}/ws/{table}", open_timeout=TIMEOUT), table, token, since,
                   name)

    def send(self, msg: dict[str, Any] | str) -> None:
        self.ws.send(msg if isinstance(msg, str) else json.dumps(msg))

    def recv(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        return self.note(json.loads(self.ws.recv(timeout=timeout)))

    def of(self, kind: str) -> dict[str, Any]:
        return self.until(lambda m: m["type"] == kind)

    def my_turn(self) -> bool:
        return bool(self.view and self.view["legal"] and self.view["current"] == self.seat)


def _first(view: dict[str, Any]) -> str:
    """The human's policy in these games: the first legal action (so a game can be played again the same)."""
    return str(view["legal"][0])


def _play_to_end(c: WsClient, choose: Callable[[dict[str, Any]], str] = _first, pace: float = 0.0) -> None:
    """``c`` plays its seat until the game is over, waiting ``pace`` seconds before
    each action (the server takes at most 10 messages a second); a request the
    owner could not answer (``unavailable``: it is being taken over) is sent again."""
    sent_at = -1
    while not (c.view and c.view["phase"] == "over"):
        if c.my_turn() and sent_at != c.seq:
            time.sleep(pace)
            c.send({"type": "act", "action": choose(c.view)})
            sent_at = c.seq
        m = c.recv()
        if m["type"] == "error":
            assert m["code"] == "unavailable", m
            time.sleep(0.3)
            sent_at = -1


def _actions(record: GameRecord) -> list[list[str]]:
    return [[str(a) for a in d.actions] for d in record.deals]


def test_clients_on_three_processes_play_one_table_a_spectator_sees_every_event_nothing_leaks(cluster):
    a, b, c = cluster(3)
    t = a.post("/api/tables", {"name": "Ann", "rules": RULES, "seats": ["human", "human", "bot", "bot"],
                               "seed": "cl1"})
    joined = b.post(f"/api/tables/{t['table']}/join", {"name": "Bob"})  # carried out by the owner, a
    assert joined["seat"] == 1
    time.sleep(1.5)  # each process reads the lobby from the database every second
    for s in (a, b, c):  # every process's lobby lists the table, with both people seated
        with urllib.request.urlopen(s.base + "/api/tables", timeout=TIMEOUT) as r:
            [line] = [x for x in json.loads(r.read()) if x["id"] == t["table"]]
        assert [x["name"] for x in line["seats"]][:2] == ["Ann", "Bob"] and line["open"] == 0
    ann = WsClient(a, t["table"], t["token"], name="Ann")
    bob = WsClient(b, t["table"], joined["token"], name="Bob")
    ann2 = WsClient(c, t["table"], t["token"], name="Ann in a second tab")
    spec = WsClient(c, t["table"], name="spectator")
    for x in (ann, bob, ann2, spec):
        x.of("snapshot")
    assert (ann.seat, bob.seat, ann2.seat, spec.seat) == (0, 1, 0, None)
    # presence is counted over the three processes: both people here, one watcher
    spec.until(lambda m: m["type"] == "presence" and m["online"] == [True, True, False, False]
               and m["watchers"] == 1)
    bob.send({"type": "start"})  # not the host: the owner's refusal comes back to b's client
    assert bob.of("error")["code"] == "host"
    joined_seq = ann.seq
    ann.send({"type": "start"})
    for x in (ann, bob, ann2, spec):
        x.sync_to(joined_seq + 1)
    start_seq = ann.seq
    raced = 0
    players = [ann, bob]
    while ann.view["phase"] != "over":
        mover = next((x for x in players if x.my_turn()), None)
        if mover is None:  # a bot moves: everyone reads on
            for x in players:
                x.recv() if x is ann else x.sync_to(ann.seq)
            continue
        seq, legal = mover.seq, mover.view["legal"]
        if mover is ann and len(legal) > 1 and raced < 3:
            # the same player in two tabs on two processes plays two cards at once: one is applied
            ann2.sync_to(seq)
            ann.send({"type": "act", "action": legal[0]})
            ann2.send({"type": "act", "action": legal[1]})
            raced += 1
        else:
            mover.send({"type": "act", "action": legal[0]})
        for x in players:
            x.sync_to(seq + 1)
    ann2.sync_to(ann.seq)
    spec.sync_to(ann.seq)
    assert raced >= 1
    record = c.record(t["table"])
    states = truth_states(record)
    assert len(states) - 1 == ann.seq - start_seq  # one event per action, none applied twice
    for x in (ann, bob, ann2, spec):
        events = [m for m in x.msgs if m["type"] == "event"]
        assert [m["seq"] for m in events] == list(range(joined_seq + 1, ann.seq + 1)), x.name  # every event, in order
        assert check_no_leak(x, states, start_seq) > 0
    refused = [m for m in ann.msgs + ann2.msgs if m["type"] == "error"]
    assert len(refused) == raced and {m["code"] for m in refused} <= {"not_your_turn", "illegal"}
    assert [m["action"] for m in spec.msgs if m["type"] == "event" and m["kind"] == "action"] == \
        [str(x) for d in record.deals for x in d.actions]
    bob.send({"type": "chat", "text": "good game"})  # from b, to the readers on every process
    for x in (ann, ann2):
        said = x.until(lambda m: m["type"] == "chat")
        assert (said["name"], said["text"], said["seat"]) == ("Bob", "good game", 1)
    ann2.send({"type": "rematch"})  # the host, from c: every seated client gets its new token, on every process
    tokens = {x.name: x.until(lambda m: m["type"] == "rematch_seat") for x in (ann, bob, ann2)}
    assert {x["seat"] for x in tokens.values()} == {0, 1} and len({x["table"] for x in tokens.values()}) == 1
    again = WsClient(a, tokens["Bob"]["table"], tokens["Bob"]["token"], name="Bob at the rematch")
    assert again.until(lambda m: m["type"] == "welcome")["seat"] == 1


def test_a_durak_table_on_the_cluster_too(cluster):
    """The cluster knows no game: a Durak table made on one process and played
    from another, watched on the first, every event in order, its record served."""
    import random

    from joker import records

    a, b = cluster(2)
    t = a.post("/api/tables", {"name": "Dan", "game": "durak", "rules": "durak(players=2)",
                               "seats": ["human", "bot:random"], "seed": "cd1"})
    dan = WsClient(b, t["table"], t["token"], name="Dan")
    spec = WsClient(a, t["table"], name="spectator")
    for x in (dan, spec):
        x.of("snapshot")
    dan.send({"type": "start"})  # forwarded to the owner, a
    rnd = random.Random(5)
    _play_to_end(dan, lambda view: str(rnd.choice(view["legal"])), pace=0.12)
    spec.sync_to(dan.seq)
    assert [m["seq"] for m in spec.msgs if m["type"] == "event"] == list(range(1, dan.seq + 1))
    assert spec.view["phase"] == "over" and spec.seat is None
    with urllib.request.urlopen(f"{b.base}/api/tables/{t['table']}/record", timeout=TIMEOUT) as r:
        game, record = records.parse(r.read().decode())
    assert game.name == "durak"


def test_a_killed_owner_is_replaced_and_the_game_ends_as_without_the_kill(cluster):
    a, b, c = cluster(3)
    seats = ["human", "bot", "bot:random", "bot"]
    t = a.post("/api/tables", {"name": "Ann", "rules": RULES, "seats": seats, "seed": "kill1"})
    ann = WsClient(a, t["table"], t["token"], name="Ann")
    ann.send({"type": "start"})
    while not (ann.view and ann.view["deal"] == 1 and ann.view["tricks_done"] >= 1):
        if ann.my_turn():
            ann.send({"type": "act", "action": _first(ann.view)})
        ann.recv()
    seen = ann.seq
    a.kill()  # the owner, mid-deal: its bots stop with it
    ann = WsClient(b, t["table"], t["token"], since=seen, name="Ann again")
    ann.recv()  # welcome
    _play_to_end(ann)
    killed = b.record(t["table"])
    again = c.post("/api/tables", {"name": "Ann", "rules": RULES, "seats": seats, "seed": "kill1"})
    ann = WsClient(c, again["table"], again["token"], name="Ann, no kill")
    ann.send({"type": "start"})
    _play_to_end(ann)
    unbroken = c.record(again["table"])
    assert _actions(killed) == _actions(unbroken)
    assert killed.to_dict()["deals"] == unbroken.to_dict()["deals"]


def test_two_processes_racing_for_a_table_one_owns_it_and_a_turn_is_written_once(pg_url, redis_url):  # noqa: F811
    """In one test process, two hubs (two cluster nodes) on one database: both
    claim a table at once, exactly one owns it; both believing they own it
    (a lease lost unnoticed) commit the same turn, exactly one is written."""
    from joker.ledger import Ledger
    from joker.server.cluster import Cluster
    from joker.server.hub import Hub
    from joker.server.store import Store
    from joker.server.table import TableError

    async def scenario() -> None:
        leds = [Ledger.open(pg_url) for _ in range(2)]
        hubs = [Hub(Store(led.engine, led.url), b"k", bot_delay=60) for led in leds]
        for h in hubs:
            h.cluster = Cluster(h, redis_url[0], redis_url[1])
            await h.start()
        try:
            t, _, _ = await hubs[0].create_table(RULES, ["human", "bot", "bot", "bot"], "Ann", seed="race")
            await hubs[0].cluster.release(t.id)
            won = await asyncio.gather(*(h.cluster.claim(t.id) for h in hubs))
            assert sorted(won) == [False, True]
            owner = hubs[won.index(True)]
            tt = owner.tables[t.id]
            async with owner.locks[t.id]:
                await owner.commit(tt, tt.plan_start(0))
            other = hubs[1 - won.index(True)]
            copy = await other.get(t.id)
            await other.cluster.follow(copy)
            assert copy.seq == tt.seq
            other.cluster.owned.add(t.id)  # the split brain: both believe they own the table
            seat = tt.to_move()
            legal = [tt.kit.game.format_action(x) for x in tt.state.legal_actions()]
            assert len(legal) > 1
            outcome = await asyncio.gather(
                owner.commit(tt, tt.plan_action(seat, legal[0], "bot")),
                other.commit(copy, copy.plan_action(seat, legal[1], "bot")), return_exceptions=True)
            errors = [x for x in outcome if isinstance(x, TableError)]
            assert len(errors) == 1 and errors[0].kind == "storage", outcome
            stored = await owner.db(owner.store.actions_after, t.id, 0)
            assert len(stored) == 1 and stored[0][2] in legal[:2]
        finally:
            for h in hubs:
                await h.stop()
            for led in leds:
                led.close()

    asyncio.run(scenario())
