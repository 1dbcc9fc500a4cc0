"""A second game plugs into the web server by registering itself: the toy
game (tests/toygame.py, with its web plug-in there) is created, joined,
watched and played to the end over WebSockets by a human client and a bot;
its record is downloaded and replayed through the replay endpoint, and a
running table survives a restart.  Nothing outside toygame.py knows the toy.
Tables stored before there were two games are Joker's.
"""

from __future__ import annotations

import toygame
from joker import records
from joker.server import create_app
from test_server_support import Client, create, join, serve, start_game

toygame.register()

RULES = "toy(players=3,cards=2)"


def _truth(seed: str) -> toygame.ToyState:
    """The toy's first state at a table seeded ``seed`` (the table starts where the plug-in says)."""
    rules = toygame.parse_rules(RULES)
    return toygame.new_game(rules, seed, toygame.PLUGINS["web"].start_seat(rules, seed))


def _until_over(c: Client) -> dict:
    return c.until(lambda m: m["type"] == "event" and "game_over" in m)


def test_the_toy_game_is_played_watched_recorded_and_replayed(tmp_path):
    app = create_app(tmp_path / "toy.db", secret="k", bot_delay=0)
    with serve(app) as tc:
        t = create(tc, RULES, ["human", "human", "bot"], game="toy", seed="toy1")
        tid = t["table"]
        b = join(tc, tid, "Bob")
        assert b["seat"] == 1
        page = tc.get(f"/t/{tid}")
        assert page.status_code == 200 and "game_table.js" in page.text
        info = tc.get(f"/api/tables/{tid}").json()
        assert info["game"] == "toy" and info["rules"] == RULES and info["seats"][2]["kind"] == "bot"
        assert info["options"]["fill_bot"] == "high"  # the toy's own default bot
        assert [x["id"] for x in tc.get("/api/tables").json()] == [tid]

        ann = Client(tc, tid, t["token"], name="ann")
        bob = Client(tc, tid, b["token"], name="bob")
        watcher = Client(tc, tid, None, name="watcher")
        start_game([ann, bob], [watcher])

        start = _truth("toy1")
        hands = {s: set(start.hands[s]) for s in range(3)}
        played = 0
        over = None
        m = ann.msgs[-1]
        while over is None:
            if m["type"] == "event" and "view" in m:  # each new state: whoever of the two people is to move plays
                bob.sync_to(ann.seq)
                for c in (ann, bob):
                    if c.view["current"] == c.seat and c.view["legal"]:
                        c.send({"type": "act", "action": c.view["legal"][0]})
                        played += 1
            m = ann.recv()
            if m["type"] == "event" and "game_over" in m:
                over = m
        bob_over = _until_over(bob)
        watch_over = _until_over(watcher)
        assert bob_over["game_over"] == over["game_over"] == watch_over["game_over"]

        # hidden information: a seat sees only its own cards, a spectator none, and nobody sees another's legal moves
        for c in (ann, bob):
            for m in c.msgs:
                v = m.get("view")
                if v is not None:
                    assert v["seat"] == c.seat and set(v["hand"]) <= hands[c.seat]
                    assert not v["legal"] or v["current"] == c.seat
        views = [m["view"] for m in watcher.msgs if "view" in m]
        assert views and all(v["seat"] is None and v["hand"] == [] and v["legal"] == [] for v in views)

        # the finished record is the toy's, replays through the shared iterator, and the replay endpoint agrees
        r = tc.get(f"/api/tables/{tid}/record")
        assert r.status_code == 200
        game, record = records.parse(r.text)
        assert game.name == "toy" and record.players == ("Ann", "Bob", "Alice")
        final = records.final_state(game, record)
        assert list(final.scores()) == over["game_over"]["totals"] == over["totals"]
        assert sum(final.scores()) == 2 and played == 4  # six cards: two by the bot, four by the people
        rep = tc.get(f"/api/tables/{tid}/replay").json()
        assert rep["players"] == ["Ann", "Bob", "Alice"] and len(rep["frames"]) == 6
        assert rep["frames"][-1]["won"] == list(final.scores())
        assert tc.get(f"/replay/{tid}").status_code == 200
        assert tc.get(f"/api/tables/{tid}/analysis").status_code == 404  # the toy has no double-dummy analysis


def test_a_running_toy_table_survives_a_restart_and_refuses_what_the_game_refuses(tmp_path):
    db = tmp_path / "toy.db"
    with serve(create_app(db, secret="k", bot_delay=0)) as tc:
        r = tc.post("/api/tables", json={"name": "Ann", "game": "toy", "rules": RULES, "seats": ["human"] * 3})
        assert r.status_code == 200
        t = r.json()
        bad = tc.post("/api/tables", json={"name": "Ann", "game": "toy", "rules": RULES, "seats": ["human"] * 3,
                                           "stalling_dot": True, "turn_seconds": 30})
        assert bad.status_code == 400 and "stalling dot" in bad.json()["error"]
        unknown = tc.post("/api/tables", json={"name": "Ann", "game": "chess", "rules": "x", "seats": ["human"] * 2})
        assert unknown.status_code == 400 and "unknown game 'chess'" in unknown.json()["error"]
        ann = Client(tc, t["table"], t["token"], name="ann")
        ann.until(lambda m: m["type"] == "snapshot")
        ann.send({"type": "start"})  # bots ("high") fill seats 2 and 3
        ann.until(lambda m: m["type"] == "event" and m["kind"] == "start")
        while not (ann.view["current"] == ann.seat and ann.view["legal"]):
            ann.recv()
        ann.send({"type": "act", "action": "p99"})
        err = ann.until(lambda m: m["type"] == "error")
        assert err["code"] == "illegal" and "illegal play p99" in err["message"]
        before = ann.view
        seq = ann.seq
    with serve(create_app(db, secret="k", bot_delay=0)) as tc:
        again = Client(tc, t["table"], t["token"], name="ann again")
        snap = again.until(lambda m: m["type"] == "snapshot")
        assert snap["seq"] == seq and snap["view"] == before and snap["table"]["game"] == "toy"


def test_both_web_plug_ins_have_every_member_of_the_servers_protocol():
    from joker import registry
    from joker.server.plugin import WebPlugin

    members = set(WebPlugin.__annotations__) | {n for n in vars(WebPlugin) if not n.startswith("_")}
    for name in ("joker", "toy"):
        web = registry.plugin(name, "web")
        assert not [m for m in sorted(members) if not hasattr(web, m)], name


def test_tables_stored_before_there_were_two_games_are_jokers_and_resume(tmp_path):
    """Migration 0004 gives every table already stored the game ``joker``; such a
    waiting table is loaded and played as before."""
    from sqlalchemy import text

    from joker.store import downgrade, make_engine, sqlite_url, upgrade

    db = tmp_path / "old.db"
    engine = make_engine(sqlite_url(db))
    try:
        upgrade(engine, "0003_web_analyses")
        with engine.begin() as c:
            c.execute(text(
                "INSERT INTO web_tables (id, rules, rules_version, seed, first_dealer, status, seats, host_seat, "
                "options, penalties, seq, created_at) VALUES ('old1', 'bus-angeles', 1, 's', 2, 'waiting', "
                "'[{\"kind\": \"human\", \"name\": \"Ann\", \"bot\": null, \"nonce\": \"n\", \"takeover\": false}, "
                "{\"kind\": \"open\"}, {\"kind\": \"open\"}, {\"kind\": \"open\"}]', 0, "
                "'{\"turn_seconds\": 0, \"stalling_dot\": false, \"public\": true, \"fill_bot\": \"heuristic\"}', "
                "'[]', 0, '2026-11-30 00:00:00')"))
        upgrade(engine)
        with engine.connect() as c:
            assert c.execute(text("SELECT game FROM web_tables WHERE id = 'old1'")).scalar() == "joker"
        downgrade(engine, "0003_web_analyses")
        upgrade(engine)
    finally:
        engine.dispose()
    with serve(create_app(db, secret="k", bot_delay=0)) as tc:
        info = tc.get("/api/tables/old1").json()
        assert info["game"] == "joker" and info["preset"] == "bus-angeles" and info["status"] == "waiting"
        assert [t["id"] for t in tc.get("/api/tables").json()] == ["old1"]
