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
import time
import urllib.request

import pytest

from joker.games.joker.record import GameRecord
from test_cluster_support import TIMEOUT, WsClient, cluster, first, play_to_end, redis_url  # noqa: F401 - fixtures
from test_ledger_support import pg_url  # noqa: F401 - the fixture
from test_server_support import check_no_leak, truth_states

pytest.importorskip("redis")

RULES = "bus-angeles(schedule='2,1')"  # a 2-card deal, then a 1-card deal


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
    play_to_end(dan, lambda view: str(rnd.choice(view["legal"])), pace=0.12)
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
            ann.send({"type": "act", "action": first(ann.view)})
        ann.recv()
    seen = ann.seq
    a.kill()  # the owner, mid-deal: its bots stop with it
    ann = WsClient(b, t["table"], t["token"], since=seen, name="Ann again")
    ann.recv()  # welcome
    play_to_end(ann)
    killed = b.record(t["table"])
    again = c.post("/api/tables", {"name": "Ann", "rules": RULES, "seats": seats, "seed": "kill1"})
    ann = WsClient(c, again["table"], again["token"], name="Ann, no kill")
    ann.send({"type": "start"})
    play_to_end(ann)
    unbroken = c.record(again["table"])
    assert _actions(killed) == _actions(unbroken)
    assert killed.to_dict()["deals"] == unbroken.to_dict()["deals"]


def test_a_seat_connected_to_a_killed_process_is_shown_offline_elsewhere(cluster):
    """Presence is summed over the live processes only: when the process a
    player is connected to dies (kill -9, it tells nobody), the others show that
    seat offline within a few heartbeats, with no other change at the table
    to prompt it (and a process seen late is counted as soon as it is seen)."""
    a, b = cluster(2)
    t = a.post("/api/tables", {"name": "Ann", "rules": RULES, "seats": ["human", "human", "bot", "bot"],
                               "seed": "gone"})
    joined = a.post(f"/api/tables/{t['table']}/join", {"name": "Bob"})
    ann = WsClient(a, t["table"], t["token"], name="Ann")
    ann.of("snapshot")
    bob = WsClient(b, t["table"], joined["token"], name="Bob")
    bob.of("snapshot")
    ann.until(lambda m: m["type"] == "presence" and m["online"][:2] == [True, True])
    b.kill()
    ann.until(lambda m: m["type"] == "presence" and m["online"][:2] == [True, False])


def test_the_turn_clock_shows_on_every_process_and_a_new_owner_keeps_its_deadline(cluster):
    """The turn timer runs on the table's owner; a client connecting mid-turn to
    another process (one that had not loaded the table yet, then one following
    it) is shown the same countdown; when the owner is killed mid-turn, the
    process taking the table over keeps that turn's deadline (no fresh clock)."""
    secs = 60
    a, b = cluster(2)
    t = a.post("/api/tables", {"name": "Ann", "rules": RULES, "seats": ["human", "human", "bot", "bot"],
                               "seed": "clock", "turn_seconds": secs})
    joined = a.post(f"/api/tables/{t['table']}/join", {"name": "Bob"})
    ann = WsClient(a, t["table"], t["token"], name="Ann")
    bob = WsClient(a, t["table"], joined["token"], name="Bob")
    for x in (ann, bob):
        x.of("snapshot")

    def told(c: WsClient, seat: int) -> tuple[dict, float]:
        """The next clock of ``seat`` announced to ``c``, and its deadline (epoch seconds)."""
        clock = c.until(lambda m: m["type"] == "timer" and m["timer"]["seat"] == seat)["timer"]
        assert (clock["seconds"], clock["expired"]) == (secs, False) and 0 < clock["left"] <= secs, clock
        return clock, time.time() + clock["left"]

    def shown(c: WsClient, seat: int, own: dict) -> None:
        """The clock ``c`` is shown on connecting (its snapshot's): ``seat``'s running
        clock, with no more than the ``own`` clock's seconds left."""
        clock = c.of("snapshot")["timer"]
        assert clock is not None and (clock["seat"], clock["seconds"], clock["expired"]) == (seat, secs, False), clock
        assert 0 < clock["left"] <= own["left"]

    ann.send({"type": "start"})  # seat 4 deals first: Ann bids first, and her clock starts
    own, _ = told(ann, 0)
    shown(WsClient(b, t["table"], name="watcher on b"), 0, own)  # b loads the table now
    ann.send({"type": "act", "action": first(ann.view)})  # Ann bids: Bob's turn, a new clock
    own, _ = told(bob, 1)
    watcher = WsClient(b, t["table"], name="second watcher on b")
    shown(watcher, 1, own)  # b follows the table
    bob.send({"type": "act", "action": first(bob.view)})  # Bob bids, the bots bid: Ann leads, a new clock
    own, deadline = told(ann, 0)
    told(watcher, 0)  # relayed by b
    a.kill()  # the owner, mid-turn: b, the only process left, takes the table over and tells the clock again
    resumed, kept = told(watcher, 0)
    # the same deadline: a fresh clock would end a whole timer after the take-over, seconds after the kill
    assert abs(kept - deadline) < 1.0, (kept, deadline)
    shown(WsClient(b, t["table"], name="watcher on the new owner"), 0, resumed)


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


def test_a_busy_event_loop_keeps_its_leases_a_hung_one_lets_them_go(pg_url, redis_url, monkeypatch):  # noqa: F811
    """The leases are renewed on a thread of their own (:mod:`joker.server.leases`):
    an event loop blocked for longer than a lease still holds its table afterwards;
    one silent for longer than ``SILENT_S`` lets the lease expire (another process
    may take the table) and, once it runs again, knows it lost the table."""
    import redis

    from joker.ledger import Ledger
    from joker.server import leases
    from joker.server.cluster import Cluster
    from joker.server.hub import Hub
    from joker.server.store import Store

    monkeypatch.setattr(leases, "SILENT_S", 6.0)
    r = redis.Redis.from_url(redis_url[0], decode_responses=True)

    async def scenario() -> None:
        led = Ledger.open(pg_url)
        hub = Hub(Store(led.engine, led.url), b"k", bot_delay=60)
        hub.cluster = Cluster(hub, redis_url[0], redis_url[1])
        await hub.start()
        try:
            t, _, _ = await hub.create_table(RULES, ["human", "bot", "bot", "bot"], "Ann", seed="busy")
            key = f"{redis_url[1]}owner:{t.id}"
            assert r.get(key) == hub.cluster.node
            await asyncio.sleep(1.1)
            time.sleep(leases.LEASE_MS / 1000 + 0.5)  # busy for longer than a lease, not yet for SILENT_S
            assert r.get(key) == hub.cluster.node and hub.cluster.owns(t.id)
            await asyncio.sleep(1.1)
            time.sleep(leases.SILENT_S + leases.LEASE_MS / 1000 + 1.5)  # hung: the lease is let go
            assert r.get(key) is None
            r.set(key, "another-process", px=leases.LEASE_MS)  # taken by another process meanwhile
            await asyncio.sleep(3 * leases.RENEW_S)
            assert not hub.cluster.owns(t.id)
        finally:
            await hub.stop()
            led.close()

    try:
        asyncio.run(scenario())
    finally:
        r.close()


def test_a_relaying_process_passes_the_owners_messages_on_and_replays_the_actions_only_when_read(  # noqa: F811
        pg_url, redis_url):
    """A process with a seat's client at a table another process owns sends that client
    the owner's message of each action as it comes, without running the engine
    (:meth:`joker.server.table.Table.defer`); the game is replayed when it is next read
    (a snapshot), which is then the owner's; a spectator connecting there, whose
    audience the owner did not render, is sent the same events as the owner's spectators."""
    from joker.server.conns import Conn
    from test_cluster_support import two_hubs

    async def scenario() -> None:
        async with two_hubs(pg_url, redis_url) as (a, b):
            t, _, _ = await a.create_table(RULES, ["human", "human", "bot", "bot"], "Ann", seed="lazy")
            _, token = await a.join(t, "Bob")
            async with a.locks[t.id]:
                await a.commit(t, t.plan_start(0))
            copy = await b.get(t.id)
            bob = Conn(t.id)
            await b.attach(bob, copy, token, None)
            assert bob.seat == 1
            for _ in range(100):  # b's presence reaches a: a renders seat 1's messages for b
                if a.cluster._audiences(t) == [1]:
                    break
                await asyncio.sleep(0.05)
            assert a.cluster._audiences(t) == [1]
            replayed = []
            plan = copy.plan_action

            def counted(*args, **kw):
                replayed.append(args)
                return plan(*args, **kw)

            copy.plan_action = counted
            while bob.queue.qsize():
                bob.queue.get_nowait()
            start, played = t.seq, 6
            for _ in range(played):
                async with a.locks[t.id]:
                    seat = t.to_move()
                    act = t.kit.game.format_action(t.state.legal_actions()[0])
                    await a.commit(t, t.plan_action(seat, act, "bot"))
            for _ in range(100):
                if copy.seq == t.seq:
                    break
                await asyncio.sleep(0.05)
            assert copy.seq == t.seq == start + played
            assert replayed == []  # passed on, not replayed
            sent = [bob.queue.get_nowait() for _ in range(bob.queue.qsize())]
            assert [m for m in sent if json.loads(m)["type"] == "event"] == [e.render(1) for e in t.log][-played:]
            assert copy.snapshot(1) == t.snapshot(1) and copy.snapshot(None) == t.snapshot(None)
            assert len(replayed) == played
            watcher = Conn(t.id)
            await b.attach(watcher, copy, None, start)  # a spectator catching up from the start
            caught = [watcher.queue.get_nowait() for _ in range(watcher.queue.qsize())]
            assert [m for m in caught if json.loads(m)["type"] == "event"] == [e.render(None) for e in t.log][-played:]

    asyncio.run(scenario())
