"""The web server's other rules: seats, tokens and the lobby; a bot taking
over an absent player's seat and giving it back; the turn timer and the
stalling dot; replays and records; the scorekeeper on the ledger's storage;
the pages in English and Russian; the protocol's pieces."""

from __future__ import annotations

import random

import pytest

from joker.ledger import Ledger
from joker.games.joker.record import GameRecord, replay
from joker.server import create_app
from joker.i18n import Tr, negotiate, placeholders
from joker.i18n.web import EN, RU
from joker.server.protocol import MAX_MESSAGE, ProtocolError, RateLimit, parse_message
from joker.server.tokens import TokenError, sign, verify
from test_server_support import Client, act, create, join, serve, settle


@pytest.fixture(autouse=True)
def _no_env(monkeypatch):
    monkeypatch.delenv("JOKER_DB_URL", raising=False)
    monkeypatch.delenv("JOKER_SECRET", raising=False)


def _app(tmp_path, **kw):
    kw.setdefault("bot_delay", 0)
    return create_app(str(tmp_path / "w.db"), **kw)


def _error(r, status=400) -> str:
    assert r.status_code == status, r.text
    return r.json()["error"]


# -- seats, tokens, lobby -------------------------------------------------------------------------
def test_creating_and_joining_tables_checks_everything(tmp_path):
    with serve(_app(tmp_path)) as tc:
        bad = lambda **kw: tc.post("/api/tables", json={"name": "Ann", "rules": "bus-angeles",  # noqa: E731
                                                         "seats": ["human"] * 4, **kw})
        assert "unknown preset 'poker'" in _error(bad(rules="poker"))
        assert "played by 4 players" in _error(bad(seats=["human"] * 3))
        assert "unknown bot 'genius'" in _error(bad(seats=["human", "bot:genius", "bot", "bot"]))
        assert "Bus-Angeles rule" in _error(bad(rules="camp(players=4)", stalling_dot=True, turn_seconds=30))
        assert "needs the turn timer" in _error(bad(stalling_dot=True))
        assert "may not be empty" in _error(bad(name="   "))
        assert "at most 24" in _error(bad(name="x" * 30))
        assert "host sits at seat 2, which is a bot's" in _error(bad(seats=["human", "bot", "bot", "bot"], host_seat=1))
        assert _error(tc.post("/api/tables", json={"rules": "bus-angeles", "seats": ["human"] * 4}), 422) == (
            "name: required")
        t = create(tc, "bus-angeles", ["human", "human", "bot", "human"], name="Ann")
        tid = t["table"]
        assert "already sits at this table" in _error(tc.post(f"/api/tables/{tid}/join", json={"name": " ann "}))
        assert "seat 3 is taken" in _error(tc.post(f"/api/tables/{tid}/join", json={"name": "Bob", "seat": 2}))
        assert join(tc, tid, "Bob")["seat"] == 1  # the first open seat
        assert join(tc, tid, "Dee", 3)["seat"] == 3
        assert "no open seat" in _error(tc.post(f"/api/tables/{tid}/join", json={"name": "Eve"}))
        assert _error(tc.post("/api/tables/nope42/join", json={"name": "Eve"}), 404)
        seats = tc.get(f"/api/tables/{tid}").json()["seats"]
        assert [(s["name"], s["kind"]) for s in seats] == [("Ann", "human"), ("Bob", "human"), ("Alice", "bot"),
                                                           ("Dee", "human")]
        assert "nonce" not in str(seats) and "token" not in str(seats)
        # the lobby lists public tables that are not over
        private = create(tc, "camp(players=3)", ["human", "bot", "bot"], name="Zed", public=False)
        listed = [x["id"] for x in tc.get("/api/tables").json()]
        assert tid in listed and private["table"] not in listed


def test_seat_tokens_are_signed_and_revoked(tmp_path):
    secret = b"k" * 32
    tok = sign(secret, "abc234", 2, "nonce")
    assert verify(secret, tok) == ("abc234", 2, "nonce")
    for forged in (tok[:-2] + "xx", tok.replace(".2.", ".1."), "abc234.2.nonce", "", "a" * 500, None):
        with pytest.raises(TokenError):
            verify(secret, forged)
    with pytest.raises(TokenError, match="signature"):
        verify(b"other" * 8, tok)
    with serve(_app(tmp_path, secret="s3cret")) as tc:
        t = create(tc, "bus-angeles(schedule='1')", ["human", "human", "bot", "bot"])
        tid = t["table"]
        bob = join(tc, tid, "Bob")
        # a token moved to another seat is refused: the browser watches instead
        forged = Client(tc, tid, t["token"].replace(f"{tid}.0.", f"{tid}.1."))
        err = forged.until(lambda m: m["type"] == "error")
        assert err["code"] == "bad_token" and "signature" in err["message"]
        assert forged.until(lambda m: m["type"] == "welcome")["seat"] is None
        other = create(tc, "bus-angeles", ["human"] * 4, name="Other")
        wrong = Client(tc, other["table"], bob["token"])
        assert "another table" in wrong.until(lambda m: m["type"] == "error")["message"]
        # Bob leaves before the game: his seat opens and his token stops working
        b = Client(tc, tid, bob["token"])
        assert b.until(lambda m: m["type"] == "welcome")["seat"] == 1
        b.send({"type": "leave"})
        ev = b.until(lambda m: m["type"] == "event")
        assert ev["what"] == "leave" and ev["table"]["seats"][1]["kind"] == "open"
        again = Client(tc, tid, bob["token"])
        assert "no longer valid" in again.until(lambda m: m["type"] == "error")["message"]
    # tokens survive a restart (the key is kept in the database unless given)
    with serve(_app(tmp_path, secret="s3cret")) as tc:
        host = Client(tc, tid, t["token"])
        assert host.until(lambda m: m["type"] == "welcome")["seat"] == 0


def test_a_bot_takes_over_an_absent_players_seat_and_gives_it_back(tmp_path):
    rnd = random.Random(3)
    with serve(_app(tmp_path)) as tc:
        t = create(tc, "bus-angeles(schedule='1,2,3')", ["human", "human", "bot", "bot"], seed="tk")
        tid = t["table"]
        bob_token = join(tc, tid, "Bob")["token"]
        ann, bob = Client(tc, tid, t["token"], name="Ann"), Client(tc, tid, bob_token, name="Bob")
        for c in (ann, bob):
            c.until(lambda m: m["type"] == "snapshot")
        ann.send({"type": "takeover", "seat": 1})
        assert ann.until(lambda m: m["type"] == "error")["code"] == "not_playing"
        ann.send({"type": "start"})
        ann.until(lambda m: m["type"] == "event")
        ann.send({"type": "takeover", "seat": 1})  # Bob is here: refused
        assert "is here" in ann.until(lambda m: m["type"] == "error")["message"]
        bob.close()
        ann.until(lambda m: m["type"] == "presence" and m["online"] == [True, False, False, False])
        ann.send({"type": "takeover", "seat": 1})
        ev = ann.until(lambda m: m["type"] == "event" and m["kind"] == "seats")
        assert ev["what"] == "takeover" and ev["table"]["seats"][1]["takeover"]
        # Ann plays her own turns; the bot plays Bob's until the second deal
        while ann.view["deal"] < 2:
            if ann.view["current"] == 0 and ann.view["legal"]:
                ann.send({"type": "act", "action": rnd.choice(ann.view["legal"])})
            ann.recv()
        sources = {m["source"] for m in ann.of_type("event") if m["kind"] == "action" and m["seat"] == 1}
        assert sources == {"takeover"}
        # Bob comes back and takes his seat back
        bob = Client(tc, tid, bob_token, name="Bob")
        bob.until(lambda m: m["type"] == "snapshot")
        assert bob.msgs[-1]["table"]["seats"][1]["takeover"]
        bob.send({"type": "act", "action": "b0"})
        assert bob.until(lambda m: m["type"] == "error")["code"] in ("taken_over", "not_your_turn")
        bob.send({"type": "takeback"})
        ev = bob.until(lambda m: m["type"] == "event" and m["kind"] == "seats")
        assert ev["what"] == "takeback" and not ev["table"]["seats"][1]["takeover"]
        ann.sync_to(bob.seq)
        settle([ann, bob])
        while ann.view["deal"] < 3:  # now Bob plays his own turns
            act([ann, bob], rnd)
        later = [m for m in bob.of_type("event") if m["kind"] == "action" and m["seat"] == 1 and m["seq"] > ev["seq"]]
        assert later and {m["source"] for m in later} == {"human"}
        # Bob leaves during the game: a bot plays his seat to the end
        bob.send({"type": "leave"})
        ev = bob.until(lambda m: m["type"] == "event" and m["kind"] == "seats")
        assert ev["what"] == "takeover" and ev["table"]["seats"][1]["takeover"]
        ann.sync_to(bob.seq)
        settle([ann])
        while ann.view["phase"] != "over":
            act([ann], rnd)
        last = [m for m in ann.of_type("event") if m["kind"] == "action" and m["seat"] == 1 and m["seq"] > ev["seq"]]
        assert last and {m["source"] for m in last} == {"takeover"}


def test_turn_timer_and_the_stalling_dot(tmp_path):
    app = _app(tmp_path)
    with serve(app) as tc:
        t = create(tc, "bus-angeles(schedule='1,2')", ["human", "human", "bot", "bot"], seed="st",
                   turn_seconds=30, stalling_dot=True)
        tid = t["table"]
        bob_token = join(tc, tid, "Bob")["token"]
        app.state.hub.tables[tid].options.turn_seconds = 0.3  # a quick clock for the test
        ann, bob = Client(tc, tid, t["token"]), Client(tc, tid, bob_token)
        for c in (ann, bob):
            c.until(lambda m: m["type"] == "snapshot")
        ann.send({"type": "start"})
        # seat 4 deals first: Ann bids first, and thinks too long
        timer = bob.until(lambda m: m["type"] == "timer")
        assert timer["timer"]["seat"] == 0 and not timer["timer"]["expired"]
        vote = bob.until(lambda m: m["type"] == "vote" and m["vote"])
        assert vote["vote"] == {"seat": 0, "voters": [], "needed": [1]}
        ann.send({"type": "vote", "seat": 0})  # not hers to vote
        assert ann.until(lambda m: m["type"] == "error")["code"] == "vote"
        bob.send({"type": "vote", "seat": 0})
        ev = bob.until(lambda m: m["type"] == "event" and m["kind"] == "penalty")
        assert ev["penalty"] == {"seat": 0, "kind": "dot", "code": "stalling", "value": 0, "deal": 1,
                                 "note": "Ann ran out of time; the others agreed"}
        assert tc.get(f"/api/tables/{tid}").json()["penalties"][0]["code"] == "stalling"
    # without the stalling dot, a bot moves for whoever runs out of time
    app = _app(tmp_path)
    with serve(app) as tc:
        t = create(tc, "bus-angeles(schedule='1,2')", ["human", "bot", "bot", "bot"], seed="to", turn_seconds=30)
        app.state.hub.tables[t["table"]].options.turn_seconds = 0.05
        ann = Client(tc, t["table"], t["token"])
        ann.until(lambda m: m["type"] == "snapshot")
        ann.send({"type": "start"})
        ann.until(lambda m: m["type"] == "event" and "game_over" in m)
        mine = [m for m in ann.of_type("event") if m["kind"] == "action" and m["seat"] == 0]
        assert len(mine) == 1 + 1 + 1 + 2 and {m["source"] for m in mine} == {"timeout"}


# -- finished games ------------------------------------------------------------------------------
def test_finished_games_have_records_and_replays(tmp_path):
    with serve(_app(tmp_path)) as tc:
        t = create(tc, "bus-angeles(schedule='1,9')", ["human", "bot", "bot:random", "bot"], seed="rp")
        tid = t["table"]
        ann = Client(tc, tid, t["token"])
        ann.until(lambda m: m["type"] == "snapshot")
        r = tc.get(f"/api/tables/{tid}/record")
        assert _error(r, 403) == "the record, with every hand, is published when the game is over"
        assert _error(tc.get("/api/tables/zzzzzz/replay"), 404)
        ann.send({"type": "start"})
        rnd = random.Random(4)
        while True:
            m = ann.recv()
            if m["type"] == "event" and "game_over" in m:
                break
            if m["type"] == "event" and ann.view["current"] == 0 and ann.view["legal"]:
                ann.send({"type": "act", "action": rnd.choice(ann.view["legal"])})
        r = tc.get(f"/api/tables/{tid}/record")
        assert r.headers["content-disposition"] == f'attachment; filename="joker-{tid}.json"'
        record = GameRecord.from_json(r.text)
        state = replay(record)
        assert state.is_terminal() and record.players[1:] == ("Alice", "Boris", "Vera")
        data = tc.get(f"/api/tables/{tid}/replay").json()
        assert [len(d["frames"]) for d in data["deals"]] == [1 + len(d.actions) for d in record.deals]
        first = data["deals"][1]["frames"][0]
        assert [len(h) for h in first["hands"]] == [9, 9, 9, 9]  # every hand shown
        assert data["totals"] == list(state.scores())
        games = tc.get("/games").text
        assert tid in games and f"/replay/{tid}" in games
        assert tc.get(f"/replay/{tid}").status_code == 200
        assert tid not in [x["id"] for x in tc.get("/api/tables").json()]


# -- the scorekeeper ------------------------------------------------------------------------------
def test_the_scorekeeper_pages_use_the_ledgers_storage(tmp_path):
    db = tmp_path / "w.db"
    with serve(create_app(str(db), bot_delay=0)) as tc:
        for name in ("Бутка", "Печун", "Бардак", "Монай"):
            assert tc.post("/api/keeper/players", json={"name": name, "core": True}).status_code == 200
        assert "already exists" in _error(tc.post("/api/keeper/players", json={"name": "Бутка"}))
        g = tc.post("/api/keeper/games", json={"players": ["Бутка", "Печун", "Бардак", "Монай"],
                                               "rules": "bus-angeles(schedule='1,2')"}).json()
        gid = g["id"]
        assert g["current"]["number"] == 1 and g["current"]["dealer"] == 3 and g["current"]["bid_order"] == [0, 1, 2, 3]
        api = f"/api/keeper/games/{gid}"
        # deal 1 (1 card, dealer Монай): trump ♥, bids 0,0,0,0, tricks 0,1,0,0
        assert tc.post(f"{api}/trump", json={"trump": "H"}).json()["current"]["trump"] == "H"
        for seat in range(3):
            cur = tc.post(f"{api}/bid", json={"seat": seat, "bid": 0}).json()["current"]
        assert cur["forbidden"] == 1  # the others bid 0: the dealer may not make it 1
        msg = _error(tc.post(f"{api}/bid", json={"seat": 3, "bid": 1}))
        assert "may not bid 1" in msg
        tc.post(f"{api}/bid", json={"seat": 3, "bid": 0})
        assert "sum to 2" in _error(tc.post(f"{api}/tricks", json={"tricks": [1, 1, 0, 0]}))
        v = tc.post(f"{api}/tricks", json={"tricks": [0, 1, 0, 0]}).json()
        assert v["totals"] == [50, 10, 50, 50]
        # deal 2 (2 cards, dealer Бутка) as a whole: bids 0,1,0,0, tricks 0,1,1,0
        v = tc.post(f"{api}/deal", json={"trump": "S", "bids": [0, 1, 0, 0], "tricks": [0, 1, 1, 0]}).json()
        # deal scores 50, 100, 10, 50; block: Бутка (next Печун missed: best 100) 2·(50+100) = +300, Печун −100;
        # Монай (next Бутка qualified: his last deal not cut; best 50) 2·(50+50) = +200, Бутка −50
        assert v["totals"] == [350, 10, 60, 300]
        assert v["sheet"][-1] == {"kind": "total", "label": "total", "scores": [350, 10, 60, 300]}
        block = v["sheet"][2]
        assert block["premium"] == [300, 0, 0, 200] and block["cut"] == [50, 100, 0, 0]
        v = tc.post(f"{api}/penalty", json={"seat": 1, "code": "stalling"}).json()
        assert v["dots_game"] == [0, 1, 0, 0]
        v = tc.post(f"{api}/finish", json={}).json()
        assert v["state"] == "finished" and v["places"] == [1, 4, 3, 2] and v["cup_points"] == [3, 0, 1, 2]
        page = tc.get(f"/keeper/game/{gid}")
        assert page.status_code == 200 and "Бутка" in page.text
        assert tc.get(f"/keeper/games/{gid}/chart.png").headers["content-type"] == "image/png"
        assert tc.get(f"/keeper/games/{gid}/export.csv").text.startswith("deal,cards,trump,Бутка")
        assert tc.get("/keeper").status_code == 200
        assert _error(tc.get("/api/keeper/games/999"), 404)
    # the terminal's ledger sees the same game, and the browser sees what the terminal enters
    with Ledger.open(str(db)) as led:
        assert led.game(gid).totals == (350, 10, 60, 300)
        g2 = led.new_game(["Бутка", "Печун", "Бардак", "Монай"], rules="bus-angeles(schedule='1,2')")
        led.enter_deal(g2, "N", [0, 0, 0, 0], [1, 0, 0, 0])
    with serve(create_app(str(db), bot_delay=0)) as tc:
        over = tc.get("/api/keeper").json()
        assert [g["id"] for g in over["open"]] == [g2] and over["open"][0]["totals"] == [10, 50, 50, 50]


def test_the_scorekeeper_refuses_in_the_pages_language(tmp_path):
    """The keeper API says the ledger's refusals in the request's language (the
    page's: the joker_lang cookie, else Accept-Language), and writes nothing."""
    ru = {"Accept-Language": "ru-RU,ru;q=0.9"}
    with serve(create_app(str(tmp_path / "w.db"), bot_delay=0)) as tc:
        for name in ("Бутка", "Печун", "Бардак", "Монай"):
            tc.post("/api/keeper/players", json={"name": name, "core": True})
        assert _error(tc.post("/api/keeper/players", json={"name": "Бутка"}, headers=ru)) == "игрок 'Бутка' уже есть"
        gid = tc.post("/api/keeper/games", json={"players": ["Бутка", "Печун", "Бардак", "Монай"],
                                                 "rules": "bus-angeles(schedule='1,2')"}).json()["id"]
        api = f"/api/keeper/games/{gid}"
        tc.post(f"{api}/trump", json={"trump": "H"})
        for seat in range(3):
            tc.post(f"{api}/bid", json={"seat": seat, "bid": 0})
        dealer = {"seat": 3, "bid": 1}
        # the page's own control is named, not the terminal's --house-override
        assert _error(tc.post(f"{api}/bid", json=dealer, headers=ru)) == (
            "раздача 1 (1 карта): сумма заказов — 1; сдающий Монай (место 4) не может заказать 1 "
            "(если так и было сказано, отметьте «записать запрещённый заказ сдающего как сказан»)")
        assert _error(tc.post(f"{api}/bid", json=dealer)) == (  # no language asked for: English
            "deal 1 (1 card): the bids sum to 1; the dealer Монай (seat 4) may not bid 1 "
            "(if that is what was said, tick “record the dealer's forbidden bid as said”)")
        assert tc.get(api).json()["current"]["bids"] == [0, 0, 0, None]  # nothing was written
        tc.post(f"{api}/bid", json={"seat": 3, "bid": 0})
        tc.cookies.set("joker_lang", "ru")  # the EN/RU switch: the cookie wins over the browser
        bad = tc.post(f"{api}/tricks", json={"tricks": [1, 1, 0, 0]}, headers={"Accept-Language": "en"})
        assert _error(bad) == "раздача 1 (1 карта): сумма взяток 2, а в раздаче 1 взятка"
        assert tc.get(api).json()["played"] == 0
        assert _error(tc.get("/api/keeper/games/999"), 404) == "партии 999 нет"
        assert _error(tc.post("/api/keeper/days/end", json={})) == f"не окончена партия {gid} игрового дня " \
            f"{tc.get('/api/keeper').json()['day']['date']}: сначала закончите или бросьте её"
        tc.cookies.set("joker_lang", "en")
        assert _error(tc.get("/api/keeper/games/999"), 404) == "there is no game 999"


def test_the_scorekeeper_words_penalties_and_the_cup_in_the_pages_language(tmp_path):
    """A fine or dot and the day's cup decision come worded in the page's language,
    as ``joker ledger --lang`` prints them; in English exactly the library's lines."""
    ru = {"Accept-Language": "ru"}
    with serve(create_app(str(tmp_path / "w.db"), bot_delay=0)) as tc:
        for name in ("Бутка", "Печун", "Бардак", "Монай"):  # the core: their games are contested for the cup
            tc.post("/api/keeper/players", json={"name": name, "core": True})
        gid = tc.post("/api/keeper/games", json={"players": ["Бутка", "Печун", "Бардак", "Монай"],
                                                 "rules": "bus-angeles(schedule='1')"}).json()["id"]
        api = f"/api/keeper/games/{gid}"
        said = tc.post(f"{api}/penalty", json={"seat": 1, "code": "stalling"}, headers=ru).json()["penalties"]
        # RULES.md §11: stalling earns a dot (given during deal 1); the regulation's Russian wording names it
        assert [p["text"] for p in said] == ["точка: Печун, раздача 1, затягивание игры"]
        assert [p["text"] for p in tc.get(api).json()["penalties"]] == ["dot: Печун, deal 1, stalling"]
        # deal 1: bids 0,0,0,0 (dealer Монай), Бутка takes the trick: 10, 50, 50, 50
        tc.post(f"{api}/deal", json={"trump": "S", "bids": [0, 0, 0, 0], "tricks": [1, 0, 0, 0]})
        tc.post(f"{api}/finish", json={})
        day = tc.post("/api/keeper/days/end", json={}, headers=ru).json()
        # the cup goes to the fewest cup points: Бутка, last of the day's only game
        assert day["holder"] == "Бутка" and day["cup"] == "кубок забирает Бутка — меньше всех очков кубка"


def test_the_scorekeeper_reopens_an_ended_day_and_names_its_own_controls(tmp_path):
    """An ended game day can be reopened from the page (POST /api/keeper/days/reopen),
    as with `joker ledger day reopen`; the refusals name the page's buttons, never a
    terminal command or option."""
    ru = {"Accept-Language": "ru"}
    with serve(create_app(str(tmp_path / "w.db"), bot_delay=0)) as tc:
        for name in ("Бутка", "Печун", "Бардак", "Монай"):
            tc.post("/api/keeper/players", json={"name": name, "core": True})
        new = {"players": ["Бутка", "Печун", "Бардак", "Монай"], "rules": "bus-angeles(schedule='1')"}
        gid = tc.post("/api/keeper/games", json=new).json()["id"]
        assert tc.get("/api/keeper").json()["last_day"]["ended"] is False
        api = f"/api/keeper/games/{gid}"
        tc.post(f"{api}/deal", json={"trump": "S", "bids": [0, 0, 0, 0], "tricks": [1, 0, 0, 0]})
        tc.post(f"{api}/finish", json={})
        tc.post("/api/keeper/days/end", json={})
        over = tc.get("/api/keeper", headers=ru).json()
        today = over["last_day"]["date"]
        assert over["day"] is None
        assert over["last_day"] == {"date": today, "ended": True, "cup": "кубок забирает Бутка — меньше всех очков кубка"}
        refusals = [
            (tc.post("/api/keeper/games", json=new), f"the game day of {today} has ended (reopen it with “Reopen the "
             "day” on the scorekeeper's page)"),
            (tc.post(f"{api}/undo", json={}), f"the game day of {today} has ended: reopen it (“Reopen the day” on the "
             f"scorekeeper's page) to undo in game {gid}"),
            (tc.post("/api/keeper/days/start", json={}), f"the game day of {today} already exists (reopen it with “Reopen the "
             "day”)"),
            (tc.post("/api/keeper/days/end", json={}), "no game day is open (start one with “Start a game day”)"),
        ]
        for r, text in refusals:
            assert _error(r) == text
        assert _error(tc.post("/api/keeper/games", json=new, headers=ru)) == (
            f"игровой день {today} окончен (откройте его снова: «Открыть день снова» на странице записи)")
        r = tc.post("/api/keeper/days/reopen", json={})
        assert r.status_code == 200 and r.json() == {"date": today}
        over = tc.get("/api/keeper").json()
        assert over["day"] == {"date": today, "games": [gid]} and over["last_day"]["ended"] is False
        assert tc.post(f"{api}/undo", json={}).json()["state"] == "open"  # the finish taken back, in the reopened day
        assert _error(tc.post("/api/keeper/days/reopen", json={"date": today})) == (
            f"the game day of {today} is not ended")
        assert _error(tc.post("/api/keeper/days/reopen", json={"date": "2000-01-01"})) == "no game day on 2000-01-01"
        # a whole deal after its bids were entered: refused unless it agrees, naming the Undo button
        tc.post(f"{api}/undo", json={})  # the deal, back to deal 1 with nothing entered
        for seat in range(4):
            tc.post(f"{api}/bid", json={"seat": seat, "bid": 0})
        assert _error(tc.post(f"{api}/deal", json={"trump": "S", "bids": [1, 0, 0, 0], "tricks": [1, 0, 0, 0]})) == (
            "deal 1 (1 card): the bids already entered for this deal are Бутка 0, Печун 0, Бардак 0, Монай 0, "
            "not Бутка 1, Печун 0, Бардак 0, Монай 0: to change them, take them back first with “Undo” (or give the "
            "same bids)")
        assert tc.get(api).json()["current"]["bids"] == [0, 0, 0, 0]
        # tricks with no trump (the page's button waits for one; the API is refused in the page's words)
        assert _error(tc.post(f"{api}/tricks", json={"tricks": [1, 0, 0, 0]})) == (
            "deal 1 (1 card): choose the trump first (a suit or “no trump” under “Trump”)")
        assert _error(tc.post(f"{api}/tricks", json={"tricks": [1, 0, 0, 0]}, headers={"Accept-Language": "ru"})) == (
            "раздача 1 (1 карта): сначала выберите козырь (масть или «без козыря» в разделе «Козырь»)")
        # the page: a Reopen button once the day has ended (its label in the page's catalogue)
        assert "day_reopen" in tc.get("/keeper").text


def test_the_scorekeeper_api_counts_seats_from_zero(tmp_path):
    """Seats in the keeper's JSON are 0-based, as in the rest of the web API, both ways:
    first_dealer 0 is seat 1 (who deals first on the sheet and in the terminal)."""
    db = tmp_path / "w.db"
    players = ["Бутка", "Печун", "Бардак", "Монай"]
    with serve(create_app(str(db), bot_delay=0)) as tc:
        g = tc.post("/api/keeper/games", json={"players": players}).json()
        assert g["first_dealer"] == 3 and g["current"]["dealer"] == 3  # bus-angeles: seat 4 deals first
        g = tc.post("/api/keeper/games", json={"players": players, "first_dealer": 0}).json()
        assert g["first_dealer"] == 0 and g["current"]["dealer"] == 0 and g["current"]["bid_order"] == [1, 2, 3, 0]
        gid = g["id"]
        assert _error(tc.post("/api/keeper/games", json={"players": players, "first_dealer": 4})) == (
            "the first dealer must be one of the 4 seats")
        assert _error(tc.post("/api/keeper/games", json={"players": players, "first_dealer": -1}),
                      422) == "first_dealer: must be at least 0"  # a body the API cannot read: 422
        schema = tc.get("/api/openapi.json").json()["components"]["schemas"]["NewGame"]["properties"]
        assert "0-based" in schema["first_dealer"]["description"]
    with Ledger.open(str(db)) as led:
        assert led.game(gid).current.dealer == 0  # Бутка, seat 1, deals first
        assert led.game(gid).players[led.game(gid).current.dealer] == "Бутка"


def test_the_scorekeeper_page_shows_no_markup_characters(tmp_path):
    with serve(_app(tmp_path)) as tc:
        for lang, words in (("en", "The terminal's <code>joker ledger</code> sees the same games."),
                            ("ru", "Команда <code>joker ledger</code> в терминале видит те же партии.")):
            html = tc.get("/keeper", headers={"Accept-Language": lang}).text
            main = html.split("<main", 1)[1].split("</main>", 1)[0] if "<main" in html else html
            assert words.replace("'", "&#39;") in main
            assert "`" not in main.split("<script", 1)[0]
        assert "Игроки по порядку за столом, начиная с места 1" in tc.get(
            "/keeper", headers={"Accept-Language": "ru"}).text


def test_the_scorekeeper_says_redeal_reasons_in_the_pages_language(tmp_path):
    with serve(_app(tmp_path)) as tc:
        gid = tc.post("/api/keeper/games", json={"players": ["Бутка", "Печун", "Бардак", "Монай"]}).json()["id"]
        api = f"/api/keeper/games/{gid}"
        tc.post(f"{api}/trump", json={"trump": "H"})
        tc.post(f"{api}/penalty", json={"seat": 2, "code": "revoke"})  # a fine with a redeal (RULES.md §11)
        tc.post(f"{api}/redeal", json={"reason": ""})  # no reason given
        [first, second] = tc.get(api, headers={"Accept-Language": "ru"}).json()["redeals"]
        assert (first["reason"], first["text"]) == (
            "revoke: Бардак", "побил карту другой мастью или козырем при наличии такой масти на руке: Бардак")
        assert (second["reason"], second["text"]) == ("redeal", "пересдача")
        assert [r["text"] for r in tc.get(api).json()["redeals"]] == ["revoke: Бардак", "redeal"]


def test_the_web_refusals_name_the_pages_own_controls():
    """Every “control” a web refusal names is a label of the page, in its language."""
    import re

    from joker.i18n.ledger import VARIANTS
    from joker.i18n.web import CATALOGUE

    CATALOG = CATALOGUE.texts

    for lang, quote in (("en", r"“([^”]+)”"), ("ru", r"«([^»]+)»")):
        labels = set(CATALOG[lang].values())
        named = {m for text in VARIANTS["web"][lang].values() for m in re.findall(quote, text)}
        assert named and named <= labels, named - labels


# -- languages ------------------------------------------------------------------------------------
def test_both_languages_have_every_text():
    assert set(EN) == set(RU)
    for key in EN:
        assert placeholders(EN[key]) == placeholders(RU[key]), key
    assert negotiate("ru-RU,ru;q=0.9,en;q=0.8") == "ru"
    assert negotiate("de-DE,en;q=0.5,ru;q=0.7") == "ru"
    assert negotiate("de, fr") == "en" and negotiate(None) == "en"
    assert negotiate("ru", cookie="en") == "en"
    assert Tr("ru", "web")("deal_of", deal=2, deals=24) == "Раздача 2 из 24"


def test_pages_follow_the_browser_and_the_switch(tmp_path):
    with serve(_app(tmp_path)) as tc:
        assert "Открытые столы" in tc.get("/", headers={"Accept-Language": "ru-RU,ru;q=0.9"}).text
        assert "Open tables" in tc.get("/", headers={"Accept-Language": "en-GB"}).text
        r = tc.get("/lang/ru?next=/games", follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"] == "/games" and "joker_lang=ru" in r.headers["set-cookie"]
        tc.cookies.set("joker_lang", "ru")
        assert "Сыгранные партии" in tc.get("/games", headers={"Accept-Language": "en"}).text
        assert tc.get("/lang/en?next=//evil.example", follow_redirects=False).headers["location"] == "/"
        r = tc.get("/t/nosuch")
        assert r.status_code == 404 and "nosuch" in r.text
        for path in ("/", "/games", "/keeper"):
            assert 'name="viewport"' in tc.get(path).text  # laid out for phones too
        js = tc.get("/static/table.js")
        assert js.status_code == 200 and "WebSocket" in js.text


# -- protocol pieces ------------------------------------------------------------------------------------
def test_messages_are_checked_before_anything_reads_them():
    assert parse_message('{"type": "act", "action": "AH"}') == {"type": "act", "action": "AH"}
    assert parse_message('{"type": "hello"}') == {"type": "hello"}
    for text, code, words in [
        ("[1]", "malformed", "JSON object"),
        ('{"type": "act", "action": "AH", "x": 1}', "malformed", "unknown field"),
        ('{"type": "vote", "seat": true}', "malformed", "must be a whole number"),
        ('{"type": "hello", "token": 5}', "malformed", "text or null"),
        ("x" * (MAX_MESSAGE + 1), "too_large", "limit is 2048"),
        (None, "malformed", "text frames"),
    ]:
        with pytest.raises(ProtocolError, match=words) as e:
            parse_message(text)
        assert e.value.code == code


def test_rate_limit_is_a_token_bucket():
    r = RateLimit(rate=10, burst=5, close_after=3)
    assert [r.allow(0.0) for _ in range(6)] == [True] * 5 + [False]
    assert r.allow(0.01) is False and r.allow(0.02) is False and r.exhausted  # three refusals in a row
    assert r.allow(0.25) is True and not r.exhausted  # by then 2.5 tokens came back
