"""The web server over HTTP and WebSocket (Starlette's TestClient): whole
games by four clients with nothing leaked, a spectator, refused messages that
change nothing, catch-up after a reconnect, a restart in mid-deal, write
before broadcast."""

from __future__ import annotations

import random

import pytest
from sqlalchemy import create_engine, func, select

from joker.games.joker.record import GameRecord, replay
from joker.games.joker.scoring import game_totals, places
from joker.server import create_app
from joker.store import WebAction, sqlite_url
from procs_support import spawned_workers, still_running
from test_ledger_support import old_database, pg_url  # noqa: F401  (fixture)
from test_server_support import Client, act, serve, settle, check_no_leak, create, join, mover, play_one, truth_states, start_game

THREE_DEALS = "bus-angeles(schedule='2,9,1')"  # a 2-card deal, a 9-card deal with the trump chosen, a 1-card deal


@pytest.fixture(autouse=True)
def _no_env(monkeypatch):
    monkeypatch.delenv("JOKER_DB_URL", raising=False)
    monkeypatch.delenv("JOKER_SECRET", raising=False)


def _app(db, **kw):
    kw.setdefault("bot_delay", 0)
    return create_app(str(db), **kw)


def _four(tc, rules=THREE_DEALS, seed="s1"):
    t = create(tc, rules, ["human"] * 4, name="Ann", seed=seed)
    tid = t["table"]
    tokens = [t["token"]] + [join(tc, tid, n)["token"] for n in ("Bob", "Cid", "Dee")]
    return tid, tokens


def test_four_clients_play_a_whole_game_nothing_leaks_and_a_client_catches_up(tmp_path):
    rnd = random.Random(5)
    with serve(_app(tmp_path / "w.db")) as tc:
        tid, tokens = _four(tc)
        names = ["Ann", "Bob", "Cid", "Dee"]
        clients = [Client(tc, tid, tok, name=n) for tok, n in zip(tokens, names)]
        spectator = Client(tc, tid, None, name="spectator")
        for c in clients + [spectator]:
            c.until(lambda m: m["type"] == "snapshot")
        assert [c.seat for c in clients] == [0, 1, 2, 3] and spectator.seat is None
        clients[0].send({"type": "start"})
        for c in clients + [spectator]:
            c.until(lambda m: m["type"] == "event" and m["kind"] == "start")
        start_seq = clients[0].seq
        # the first deal: each seat sees its own two cards, the spectator none
        assert all(len(c.view["hand"]) == 2 for c in clients) and spectator.view["hand"] == []
        actions = 0
        # play into the 9-card deal, to the middle of its third trick
        while not (clients[0].view["deal"] == 2 and clients[0].view["tricks_done"] == 2 and clients[0].view["trick"]):
            play_one(clients, rnd, [spectator])
            actions += 1
        # Bob leaves while not to move; the others play until it is his turn
        away = next(c for c in clients[1:] if c.view["current"] != c.seat)
        last = away.seq
        away.close()
        others = [c for c in clients if c is not away]
        missed = 0
        while not (others[0].view["current"] == away.seat) or missed == 0:
            play_one(others, rnd, [spectator])
            actions += 1
            missed += 1
        back = Client(tc, tid, tokens[away.seat], since=last, name=away.name + " again")
        back.until(lambda m: m["type"] == "welcome")
        caught = [back.recv() for _ in range(missed)]
        assert [m["seq"] for m in caught] == list(range(last + 1, last + missed + 1))  # every missed event, in order
        assert all(m["type"] == "event" for m in caught)
        assert back.view["current"] == back.seat and back.view["legal"]  # and he may play on
        clients[clients.index(away)] = back
        back.msgs = away.msgs + back.msgs  # one browser, two connections: check everything it was sent
        # and so on to the end
        while mover(clients):
            play_one(clients, rnd, [spectator])
            actions += 1
        over = [m for m in clients[0].of_type("event") if "game_over" in m]
        assert len(over) == 1
        record = GameRecord.from_json(tc.get(f"/api/tables/{tid}/record").text)
        assert sum(len(d.actions) for d in record.deals) == actions
        final = replay(record)
        totals = list(game_totals(final.rules, final.results))
        assert over[0]["game_over"]["totals"] == totals
        assert [x["place"] for x in sorted(over[0]["game_over"]["standings"], key=lambda x: x["seat"])] == list(places(totals))
        states = truth_states(record)
        assert len(states) == actions + 1
        checked = sum(check_no_leak(c, states, start_seq) for c in clients + [spectator])
        assert checked > 4 * actions
        # the spectator never got a hand, nor a legal action
        views = [m["view"] for m in spectator.msgs if "view" in m]
        assert views and all(v["hand"] == [] and v["legal"] == [] and v["seat"] is None for v in views)
        assert not any(m["type"] == "error" for c in clients for m in c.msgs)
        for c in clients + [spectator]:
            c.close()


def test_an_illegal_card_and_malformed_messages_get_errors_and_change_nothing(tmp_path):
    with serve(_app(tmp_path / "w.db")) as tc:
        tid, tokens = _four(tc, "bus-angeles(schedule='3')", seed="ill")
        clients = [Client(tc, tid, tok, name=str(i)) for i, tok in enumerate(tokens)]
        start_game(clients)
        rnd = random.Random(1)
        while clients[0].view["phase"] != "play":
            play_one(clients, rnd)
        c = mover(clients)
        other = next(x for x in clients if x is not c)
        seq = c.seq
        view = dict(c.view)
        hand = set(view["hand"])
        legal = set(view["legal"])
        lead_suit_card = None
        cases = [
            ({"type": "act", "action": "b1"}, "illegal"),              # a bid while cards are played
            ({"type": "act", "action": "ZZ"}, "notation"),             # not a card
            ({"type": "act", "action": "AS" if "AS" not in hand else "AH"}, "illegal"),  # a card he does not hold
            ("not json {", "malformed"),
            ({"type": 5}, "malformed"),
            ({"type": "act"}, "malformed"),                            # no action
            ({"type": "act", "action": 7}, "malformed"),
            ({"type": "fly"}, "unknown_type"),
            ({"type": "act", "action": "AH", "extra": 1}, "malformed"),
            ("x" * 5000, "too_large"),
            ({"type": "start"}, "not_playing"),                        # already started
            ({"type": "hello", "token": None}, "malformed"),           # said once
        ]
        if c.view["trick"]:  # following: a held card that does not follow suit, if any
            lead_suit_card = next((x for x in hand if x not in legal and not x.startswith("X")), None)
            if lead_suit_card:
                cases.append(({"type": "act", "action": lead_suit_card}, "illegal"))
        for msg, code in cases:
            c.send(msg)
            m = c.recv()
            assert m["type"] == "error" and m["code"] == code, (msg, m)
            assert m["message"]
        # the illegal card names the rule
        errs = c.of_type("error")
        assert "you do not hold" in errs[2]["message"]  # said to the player who acted (the "you" variant)
        # with its reason code, so a Russian page says it in Russian (joker.games.joker.refusals)
        from joker.i18n import catalogue
        from joker.i18n.refusals import TEXTS

        assert errs[2]["reason"] == "not_held" and errs[2]["params"]["action"] == cases[2][0]["action"]
        assert catalogue("refusals").text("not_held", "en", ("you", "web")).format(**errs[2]["params"]) == errs[2]["message"]
        assert "нет карты" in TEXTS["ru"]["not_held"].format(**errs[2]["params"])
        # a malformed action: the notation catalogue's code (joker.i18n.notation), said by the page
        from joker.i18n.notation import TEXTS as NOTATION

        assert (errs[1]["reason"], errs[1]["params"]) == ("card", {"text": "zz"})
        assert errs[1]["message"] == "not a card: 'zz' (rank 2-9 T J Q K A then suit S C D H, e.g. AH, 10S; jokers X1 X2)"
        assert NOTATION["ru"]["card"].format(**errs[1]["params"]).startswith("это не карта: 'zz'")
        if lead_suit_card:
            assert "must follow" in errs[-1]["message"] or "must play" in errs[-1]["message"]
        # not his turn: another seat tries to play
        other.send({"type": "act", "action": other.view["hand"][0]})
        m = other.recv()
        assert m["type"] == "error" and m["code"] == "not_your_turn" and f"seat {c.seat + 1}" in m["message"]
        # nothing changed: no event went out, the table is where it was
        for x in clients:
            x.send({"type": "ping"})
            m = x.until(lambda m: m["type"] == "pong")
            assert m["seq"] == seq
            assert not [e for e in x.msgs if e["type"] == "event" and e["seq"] > seq]
        assert tc.get(f"/api/tables/{tid}").json()["seq"] == seq
        # and the right card still works
        c.send({"type": "act", "action": sorted(legal)[0]})
        assert c.until(lambda m: m["type"] == "event")["seq"] == seq + 1


def test_rate_limit_and_sizes(tmp_path):
    with serve(_app(tmp_path / "w.db")) as tc:
        tid, tokens = _four(tc, "bus-angeles(schedule='1')")
        c = Client(tc, tid, tokens[0])
        c.until(lambda m: m["type"] == "snapshot")
        for _ in range(60):
            c.send({"type": "ping"})
        got = [c.until(lambda m: m["type"] in ("pong", "error")) for _ in range(60)]
        limited = [m for m in got if m["type"] == "error"]
        assert limited and all(m["code"] == "rate_limited" for m in limited)
        assert 15 <= len(got) - len(limited) <= 30  # a burst of 20 (plus what refilled meanwhile)
        c.close()


def test_write_before_broadcast(tmp_path):
    """When an action's event is broadcast, its row is already in the database."""
    db = tmp_path / "w.db"
    app = _app(db)
    seen = []
    with serve(app) as tc:
        hub = app.state.hub
        engine = create_engine(sqlite_url(db))
        original = hub.broadcast

        def checked(t, ev):
            if ev.kind == "action":
                with engine.connect() as conn:
                    n = conn.execute(select(func.count()).select_from(WebAction)
                                     .where(WebAction.table_id == t.id, WebAction.seq == ev.seq)).scalar()
                seen.append(n)
            original(t, ev)

        hub.broadcast = checked
        t = create(tc, "bus-angeles(schedule='1,2')", ["human", "bot", "bot", "bot"], seed="wb")
        c = Client(tc, t["table"], t["token"])
        c.until(lambda m: m["type"] == "snapshot")
        c.send({"type": "start"})
        rnd = random.Random(2)
        while True:
            m = c.recv()
            if m["type"] == "event" and "game_over" in m:
                break
            if m["type"] == "event" and c.view["current"] == c.seat and c.view["legal"]:
                c.send({"type": "act", "action": rnd.choice(c.view["legal"])})
        c.close()
        engine.dispose()
    assert seen and all(n == 1 for n in seen)
    assert len(seen) == 4 + 4 + 4 + 8  # 1-card deal: 4 bids, 4 cards; 2-card deal: 4 bids, 8 cards


def _restart_mid_deal(db):
    rnd = random.Random(11)
    with serve(_app(db)) as tc:
        t = create(tc, THREE_DEALS, ["human", "bot:random", "human", "bot:heuristic"], seed="restart")
        tid = t["table"]
        tokens = [t["token"], join(tc, tid, "Cid")["token"]]
        clients = [Client(tc, tid, tok) for tok in tokens]
        for c in clients:
            c.until(lambda m: m["type"] == "snapshot")
        clients[0].send({"type": "start"})
        settle(clients)
        # play (the bots answer at once) into the 9-card deal, past its second trick
        while not (clients[0].view["deal"] == 2 and clients[0].view["tricks_done"] >= 2):
            act(clients, rnd)
        before = []
        for c in clients:
            c.send({"type": "sync"})
            before.append(c.until(lambda m: m["type"] == "snapshot"))
        played = int(tc.get(f"/api/tables/{tid}").json()["seq"])
        for c in clients:
            c.close()
    # a new server on the same database (a restart: nothing kept in memory)
    with serve(_app(db)) as tc:
        assert tc.get(f"/api/tables/{tid}").json()["seq"] == played
        # one browser saw everything before the restart, the other missed two events
        again = [Client(tc, tid, tokens[0], since=before[0]["seq"]), Client(tc, tid, tokens[1], since=before[1]["seq"] - 2)]
        w = again[0].until(lambda m: m["type"] == "welcome")
        assert w["seat"] == 0 and w["seq"] == before[0]["seq"]  # nothing missed: nothing sent
        again[0].view = before[0]["view"]
        assert again[1].until(lambda m: m["type"] == "welcome")["seat"] == 2
        snap = again[1].until(lambda m: m["type"] == "snapshot")  # the event log died with the server: a snapshot
        # the same point: event number, hand, trick, bids, tricks taken, sheet
        assert snap["seq"] == before[1]["seq"] and snap["view"] == before[1]["view"]
        assert snap["sheet"] == before[1]["sheet"]
        for c in again:
            c.send({"type": "sync"})
            assert c.until(lambda m: m["type"] == "snapshot")["view"] == before[again.index(c)]["view"]
        settle(again)
        while again[0].view["phase"] != "over":
            act(again, rnd)
        record = GameRecord.from_json(tc.get(f"/api/tables/{tid}/record").text)
        assert replay(record).is_terminal() and len(record.deals) == 3
        for c in again:
            c.close()


def test_a_restarted_server_continues_every_game_from_the_same_point(tmp_path):
    _restart_mid_deal(tmp_path / "w.db")


def test_a_table_in_a_database_written_before_the_store_package_resumes(tmp_path):
    """The web table of ``tests/data/joker_db_e64723b.sql`` (written by joker at e64723b,
    played into its second deal) resumes where it stood."""
    db = old_database(tmp_path / "old.db")
    with serve(_app(db)) as tc:
        info = tc.get("/api/tables/c7qhhp").json()
        assert info["seq"] == 15 and info["status"] == "playing"
        snap = Client(tc, "c7qhhp").until(lambda m: m["type"] == "snapshot")  # a spectator
        assert snap["seq"] == 15 and snap["view"]["deal"] == 2 and snap["view"]["phase"] != "over"


def test_on_postgresql_too(pg_url):  # noqa: F811
    _restart_mid_deal(pg_url)


def test_a_killed_server_process_resumes_from_what_its_clients_saw(tmp_path):
    """``joker serve`` killed (SIGKILL) in mid-deal, started again on the same
    database: every action a client saw is there, and the game goes on.  Its
    analysis worker does not outlive it."""
    import json
    import os
    import socket
    import subprocess
    import sys
    import time
    import urllib.request

    from websockets.sync.client import connect

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    base = f"http://127.0.0.1:{port}"
    env = {**os.environ, "JOKER_SECRET": "kill"}
    env.pop("JOKER_DB_URL", None)
    cmd = [sys.executable, "-m", "joker.cli.main", "serve", "--port", str(port), "--db", str(tmp_path / "k.db"),
           "--bot-delay", "0"]

    def start():
        proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(base + "/healthz", timeout=1):
                    return proc
            except OSError:
                assert proc.poll() is None and time.monotonic() < deadline, "joker serve did not start"
                time.sleep(0.1)

    def recv(ws):
        return json.loads(ws.recv(timeout=10))

    rnd = random.Random(8)
    proc = start()
    try:
        req = urllib.request.Request(base + "/api/tables", json.dumps(
            {"name": "Ann", "rules": THREE_DEALS, "seats": ["human", "bot", "bot:random", "bot"], "seed": "kill"}
        ).encode(), {"Content-Type": "application/json"})
        t = json.loads(urllib.request.urlopen(req, timeout=10).read())
        seen: dict[int, str] = {}  # event number -> action, as the client saw them
        with connect(f"ws://127.0.0.1:{port}/ws/{t['table']}") as ws:
            ws.send(json.dumps({"type": "hello", "token": t["token"]}))
            ws.send(json.dumps({"type": "start"}))
            view = None
            while not (view and view["deal"] == 2 and view["tricks_done"] >= 1):
                m = recv(ws)
                if m["type"] != "event":
                    continue
                view = m["view"]
                if m["kind"] == "start":
                    start_seq = m["seq"]
                else:
                    seen[m["seq"]] = m["action"]
                if view["current"] == 0 and view["legal"]:
                    ws.send(json.dumps({"type": "act", "action": rnd.choice(view["legal"])}))
            last_seq = m["seq"]
        linux = sys.platform.startswith("linux")  # the workers are found in /proc
        workers = spawned_workers(proc.pid, wait=30) if linux else []
        assert workers or not linux, "joker serve started no analysis worker"
        proc.kill()  # no shutdown, no flushing: whatever was broadcast must already be on disk
        proc.wait(10)
        workers = still_running(workers, wait=15)  # its analysis worker ends too, not waiting forever
        assert not workers, f"the killed server's workers still run: {workers}"
        proc = start()
        with connect(f"ws://127.0.0.1:{port}/ws/{t['table']}") as ws:
            ws.send(json.dumps({"type": "hello", "token": t["token"], "since": last_seq - 1}))
            welcome = recv(ws)
            assert welcome["seat"] == 0 and welcome["seq"] >= last_seq
            snap = recv(ws)
            assert snap["type"] == "snapshot" and snap["seq"] == welcome["seq"]
            if snap["seq"] == last_seq:
                assert snap["view"] == view
            view = snap["view"]
            while view["phase"] != "over":
                if view["current"] == 0 and view["legal"]:
                    ws.send(json.dumps({"type": "act", "action": rnd.choice(view["legal"])}))
                m = recv(ws)
                if m["type"] == "event":
                    view = m["view"]
        with urllib.request.urlopen(f"{base}/api/tables/{t['table']}/record", timeout=10) as r:
            record = GameRecord.from_json(r.read().decode())
    finally:
        proc.kill()
        proc.wait(10)
    assert replay(record).is_terminal()
    played = [a for d in record.deals for a in d.actions]
    assert all(played[seq - start_seq - 1] == a for seq, a in seen.items())  # everything seen survived the kill


def test_the_api_docs_are_served_without_a_cdn(tmp_path):
    """/api/docs is Swagger UI from the swagger-ui-bundle package: every script
    and style it loads comes from this server, so it works offline."""
    import re

    with serve(_app(tmp_path / "w.db")) as tc:
        page = tc.get("/api/docs")
        assert page.status_code == 200
        urls = re.findall(r'(?:src|href)="([^"]+)"', page.text)
        assert urls and all(u.startswith("/api/") for u in urls), urls
        for u in urls:
            assert tc.get(u).status_code == 200, u
        assert "/api/tables" in tc.get("/api/openapi.json").json()["paths"]
