"""The table's social side over WebSockets (issue 23, items 2 and 4): the
chat with quick reactions (size and rate limits, the host's spectator
setting, kept across a restart, never in the game record), the personal seat
link (its QR code, revoking it, never sent to anyone else) and the rematch
with the same seats — for Joker and for the toy game, which the server knows
only through the game protocol."""

from __future__ import annotations

import json
import random
from urllib.parse import urlsplit

import pytest
import segno

import toygame
from joker.server import create_app, social
from test_ledger_support import pg_url  # noqa: F401  (fixture)
from test_server_support import Client, act, create, join, serve, settle

toygame.register()


@pytest.fixture(autouse=True)
def _no_env(monkeypatch):
    monkeypatch.delenv("JOKER_DB_URL", raising=False)
    monkeypatch.delenv("JOKER_SECRET", raising=False)


def _app(db):
    return create_app(str(db), secret="k", bot_delay=0)


def _two_and_a_spectator(tc, **kw):
    """A waiting Joker table: Ann (host, seat 1) and Bob (seat 2) connected, and a spectator."""
    t = create(tc, "bus-angeles(schedule='1')", ["human", "human", "bot", "bot"], name="Ann", seed="c1", **kw)
    tid = t["table"]
    b = join(tc, tid, "Bob")
    ann, bob = Client(tc, tid, t["token"], name="ann"), Client(tc, tid, b["token"], name="bob")
    spec = Client(tc, tid, None, name="spectator")
    for c in (ann, bob, spec):
        c.until(lambda m: m["type"] == "presence")
    return tid, t["token"], b["token"], ann, bob, spec


def _chat(c: Client) -> dict:
    return c.until(lambda m: m["type"] in ("chat", "error"))


def _quiet(c: Client) -> list[dict]:
    """What ``c`` receives up to the answer to a ping, but for presence notices."""
    c.send({"type": "ping"})
    out = []
    while True:
        m = c.recv()
        if m["type"] == "pong":
            return out
        if m["type"] != "presence":
            out.append(m)


def test_players_chat_and_react_spectators_see_it_only_when_the_host_allows(tmp_path):
    with serve(_app(tmp_path / "w.db")) as tc:
        tid, _, _, ann, bob, spec = _two_and_a_spectator(tc)
        # the players had an empty history on connect; the spectator none at all (hidden by default)
        assert ann.of_type("chat_history") == [{"type": "chat_history", "messages": []}]
        assert spec.of_type("chat_history") == []
        ann.send({"type": "chat", "text": "  hi\n<b>Bob</b> &amp;  👍🏽  "})
        said = _chat(bob)
        assert said["text"] == "hi <b>Bob</b> &amp; 👍🏽" and said["seat"] == 0 and said["name"] == "Ann"
        assert said["n"] == 0 and said["reaction"] is None and said["at"].endswith("+00:00")
        assert _chat(ann) == said
        bob.send({"type": "react", "reaction": "well_played"})
        r = _chat(ann)
        assert (r["reaction"], r["text"], r["seat"], r["n"]) == ("well_played", None, 1, 1)
        assert _quiet(spec) == []  # the spectator heard nothing
        # a spectator may not write while hidden, nor with "read"
        spec.send({"type": "chat", "text": "hello"})
        assert spec.until(lambda m: m["type"] == "error")["code"] == "chat_closed"
        # only the host changes the setting
        bob.send({"type": "chat_setting", "spectators": "read"})
        assert bob.until(lambda m: m["type"] == "error")["code"] == "host"
        ann.send({"type": "chat_setting", "spectators": "everyone"})
        e = ann.until(lambda m: m["type"] == "error")
        assert e["code"] == "options" and "hidden, read, write" in e["message"]
        ann.send({"type": "chat_setting", "spectators": "read"})
        ev = bob.until(lambda m: m["type"] == "event")
        assert ev["kind"] == "options" and ev["table"]["options"]["spectator_chat"] == "read"
        history = spec.until(lambda m: m["type"] == "chat_history")["messages"]
        assert [m["n"] for m in history] == [0, 1] and history[0] == said
        assert tc.get(f"/api/tables/{tid}").json()["options"]["spectator_chat"] == "read"
        spec.send({"type": "chat", "text": "hello"})
        assert spec.until(lambda m: m["type"] == "error")["code"] == "chat_closed"
        ann.send({"type": "chat", "text": "now they read"})
        assert _chat(spec)["text"] == "now they read"
        # "write": a spectator posts, under a name no player has
        ann.send({"type": "chat_setting", "spectators": "write"})
        spec.until(lambda m: m["type"] == "event")
        spec.send({"type": "chat", "text": "go Bob", "name": "bob"})
        assert spec.until(lambda m: m["type"] == "error")["code"] == "name"
        spec.send({"type": "chat", "text": "go Bob", "name": "Fan"})
        m = ann.until(lambda m: m["type"] == "chat" and m["n"] == 3)
        assert (m["seat"], m["name"], m["text"]) == (None, "Fan", "go Bob")
        spec.send({"type": "react", "reaction": "thumbs_up"})
        assert bob.until(lambda m: m["type"] == "chat" and m["n"] == 4)["name"] == ""  # the page says "spectator"
        # back to hidden: spectators get nothing more
        ann.send({"type": "chat_setting", "spectators": "hidden"})
        spec.until(lambda m: m["type"] == "event")
        ann.send({"type": "chat", "text": "players only"})
        assert bob.until(lambda m: m["type"] == "chat" and m["n"] == 5)["text"] == "players only"
        assert _quiet(spec) == []


def test_chat_messages_are_size_and_rate_limited_with_errors_naming_the_problem(tmp_path, monkeypatch):
    monkeypatch.setattr(social, "CHAT_RATE", 1e-9)  # no refill during the test: the burst is all there is
    with serve(_app(tmp_path / "w.db")) as tc:
        tid, _, _, ann, bob, spec = _two_and_a_spectator(tc)
        refused = {
            "x" * 301: ("chat_too_long", "at most 300 characters, not 301"),
            "   \n\t ": ("chat_empty", "empty"),
            "a\u0000b": ("chat_text", "U+0000"),
            "evil\u202etxt": ("chat_text", "U+202E"),  # a right-to-left override
        }
        for text, (code, words) in refused.items():
            ann.send({"type": "chat", "text": text})
            e = ann.until(lambda m: m["type"] == "error")
            assert e["code"] == code and words in e["message"] and e["about"] == "chat", e
        ann.send({"type": "react", "reaction": "<script>"})
        e = ann.until(lambda m: m["type"] == "error")
        assert e["code"] == "chat_reaction" and "thumbs_up" in e["message"]
        assert _quiet(bob) == []  # nothing refused reached anyone
        # the burst: 5 messages (refused ones above did not count), then a clear refusal
        ann.send({"type": "chat", "text": "é" * 300})  # exactly the limit
        assert len(_chat(bob)["text"]) == 300
        for i in range(4):
            ann.send({"type": "react", "reaction": "thumbs_up"})
            assert _chat(bob)["reaction"] == "thumbs_up"
        ann.send({"type": "chat", "text": "one too many"})
        e = ann.until(lambda m: m["type"] == "error")
        assert e["code"] == "chat_rate_limited" and "5 at once" in e["message"] and "not sent" in e["message"]
        assert [m["n"] for m in _quiet(bob) if m["type"] == "chat"] == []
        # the limit is per connection: Bob still talks, and Ann's game messages still work
        bob.send({"type": "chat", "text": "my turn"})
        assert _chat(ann)["text"] == "my turn"
        ann.send({"type": "ping"})
        assert ann.until(lambda m: m["type"] in ("pong", "error"))["type"] == "pong"


def test_the_chat_survives_a_restart_and_stays_out_of_the_record(tmp_path):
    _chat_across_a_restart(str(tmp_path / "w.db"))


def test_the_chat_and_a_rematch_on_postgresql_too(pg_url):  # noqa: F811
    _chat_across_a_restart(pg_url)


def _chat_across_a_restart(db: str) -> None:
    """Two messages, a restart, a third; the game played out; then a rematch (stored in one transaction)."""
    with serve(_app(db)) as tc:
        t = create(tc, "bus-angeles(schedule='1')", ["human", "bot", "bot", "bot"], name="Ann", seed="c2")
        tid, token = t["table"], t["token"]
        ann = Client(tc, tid, token, name="ann")
        ann.until(lambda m: m["type"] == "chat_history")
        for text in ("first words", "second words"):
            ann.send({"type": "chat", "text": text})
            _chat(ann)
    with serve(_app(db)) as tc:
        ann = Client(tc, tid, token, name="ann")
        history = ann.until(lambda m: m["type"] == "chat_history")["messages"]
        assert [(m["n"], m["name"], m["text"]) for m in history] == [(0, "Ann", "first words"), (1, "Ann", "second words")]
        ann.send({"type": "chat", "text": "third words"})
        assert _chat(ann)["n"] == 2  # numbering goes on
        ann.send({"type": "start"})
        rnd = random.Random(1)
        settle([ann])
        while ann.view["phase"] != "over":
            act([ann], rnd)
        record = tc.get(f"/api/tables/{tid}/record").text
        assert "first words" not in record and "third words" not in record
        ann.send({"type": "rematch"})
        new = ann.until(lambda m: m["type"] == "rematch_seat")["table"]
    with serve(_app(db)) as tc:  # the rematch table is there after another restart, waiting, linked
        assert tc.get(f"/api/tables/{tid}").json()["rematch"] == new
        assert tc.get(f"/api/tables/{new}").json()["status"] == "waiting"


def test_a_seat_link_brings_the_seat_to_another_browser_and_renewing_it_revokes_the_old_one(tmp_path):
    with serve(_app(tmp_path / "w.db")) as tc:
        tid, ann_token, bob_token, ann, bob, spec = _two_and_a_spectator(tc)
        spec.send({"type": "seat_link"})
        assert spec.until(lambda m: m["type"] == "error")["code"] == "spectator"
        ann.send({"type": "seat_link"})
        link = ann.until(lambda m: m["type"] == "seat_link")
        url = urlsplit(link["url"])
        assert (url.scheme, url.path) == ("http", f"/t/{tid}") and url.fragment == f"seat={ann_token}"
        assert url.netloc == "localhost" and link["seat"] == 0 and link["renewed"] is False
        assert link["qr"].startswith("data:image/svg+xml;charset=utf-8,%3Csvg")  # an <img src>: no script runs
        assert link["qr"] == segno.make(link["url"], error="m").svg_data_uri(scale=4, border=2)  # the QR holds the link
        # another browser opens the link: it sits at Ann's seat
        phone = Client(tc, tid, url.fragment.removeprefix("seat="), name="phone")
        assert phone.until(lambda m: m["type"] == "welcome")["seat"] == 0
        # Ann makes a new link: the phone (still on the old one) is a spectator now, the old token fails
        ann.send({"type": "renew_link"})
        new = ann.until(lambda m: m["type"] == "seat_link")
        assert new["renewed"] is True and new["url"] != link["url"]
        new_token = urlsplit(new["url"]).fragment.removeprefix("seat=")
        e = phone.until(lambda m: m["type"] == "error")
        assert e["code"] == "bad_token" and "replaced" in e["message"]
        assert phone.until(lambda m: m["type"] == "welcome")["seat"] is None
        assert phone.until(lambda m: m["type"] == "snapshot")["table"]["seats"][0]["name"] == "Ann"
        stale = Client(tc, tid, ann_token, name="stale")
        e = stale.until(lambda m: m["type"] == "error")
        assert e["code"] == "bad_token" and "no longer valid" in e["message"]
        assert stale.until(lambda m: m["type"] == "welcome")["seat"] is None
        fresh = Client(tc, tid, new_token, name="fresh")
        assert fresh.until(lambda m: m["type"] == "welcome")["seat"] == 0
        ann.send({"type": "ping"})
        ann.until(lambda m: m["type"] == "pong")
        assert ann.seat == 0  # the renewing connection keeps its seat; the game goes on with it
        ann.send({"type": "start"})
        assert fresh.until(lambda m: m["type"] == "event")["kind"] == "start"
        # nobody but Ann's own connections ever received a token of hers
        for c in (bob, spec, stale, phone):
            text = json.dumps(c.msgs)
            for token in (ann_token, new_token):
                assert token not in text and token.split(".")[2] not in text, c.name
        assert ann_token not in tc.get(f"/api/tables/{tid}").text and new_token not in tc.get(f"/t/{tid}").text
        # Bob's link was never touched
        assert Client(tc, tid, bob_token).until(lambda m: m["type"] == "welcome")["seat"] == 1


def test_a_rematch_seats_the_same_people_and_bots_at_a_new_table(tmp_path):
    rnd = random.Random(3)
    with serve(_app(tmp_path / "w.db")) as tc:
        tid, ann_token, bob_token, ann, bob, spec = _two_and_a_spectator(tc, turn_seconds=30, spectator_chat="read")
        ann.send({"type": "rematch"})
        assert ann.until(lambda m: m["type"] == "error")["code"] == "not_over"
        ann.send({"type": "start"})
        for c in (ann, bob, spec):
            c.until(lambda m: m["type"] == "event" and m["kind"] == "start")
        old = tc.get(f"/api/tables/{tid}").json()
        settle([ann, bob])
        while ann.view["phase"] != "over":
            act([ann, bob], rnd)
        spec.sync_to(ann.seq)
        bob.send({"type": "rematch"})
        assert bob.until(lambda m: m["type"] == "error")["code"] == "host"
        spec.send({"type": "rematch"})
        assert spec.until(lambda m: m["type"] == "error")["code"] == "spectator"
        ann.send({"type": "rematch"})
        ev = spec.until(lambda m: m["type"] == "event")
        new_id = ev["rematch"]
        assert ev["kind"] == "rematch" and ev["table"]["rematch"] == new_id != tid
        seats = {}
        for c in (ann, bob):
            m = c.until(lambda m: m["type"] == "rematch_seat")
            assert (m["table"], m["seat"], m["live"]) == (new_id, c.seat, True)
            seats[c.seat] = m["token"]
        assert not spec.of_type("rematch_seat") and all(t not in json.dumps(spec.msgs) for t in seats.values())
        assert all(t not in json.dumps(ann.msgs) for t in (seats[1],))  # Ann never sees Bob's new token
        new = tc.get(f"/api/tables/{new_id}").json()
        assert new["status"] == "waiting" and new["rules"] == old["rules"] and new["host_seat"] == 0
        assert [(s["name"], s["kind"], s["bot"]) for s in new["seats"]] == \
            [(s["name"], s["kind"], s["bot"]) for s in old["seats"]]
        assert new["options"] == old["options"] and new["rematch"] is None
        # the new tokens seat the same people; the host starts the rematch
        a2, b2 = Client(tc, new_id, seats[0], name="a2"), Client(tc, new_id, seats[1], name="b2")
        assert [c.until(lambda m: m["type"] == "welcome")["seat"] for c in (a2, b2)] == [0, 1]
        ann.send({"type": "rematch"})
        e = ann.until(lambda m: m["type"] == "error")
        assert e["code"] == "rematch" and new_id in e["message"]
        # Bob comes back to the old table later with his old token: he is told his seat at the rematch
        late = Client(tc, tid, bob_token, name="late")
        m = late.until(lambda m: m["type"] == "rematch_seat")
        assert (m["table"], m["seat"], m["token"], m["live"]) == (new_id, 1, seats[1], False)
        a2.send({"type": "start"})
        assert b2.until(lambda m: m["type"] == "event")["kind"] == "start"


def test_the_toy_game_has_chat_seat_links_and_a_rematch_too(tmp_path):
    rules = "toy(players=3,cards=2)"
    with serve(_app(tmp_path / "toy.db")) as tc:
        t = create(tc, rules, ["human", "human", "bot"], game="toy", seed="t1")
        tid = t["table"]
        b = join(tc, tid, "Bob")
        ann, bob = Client(tc, tid, t["token"], name="ann"), Client(tc, tid, b["token"], name="bob")
        for c in (ann, bob):
            c.until(lambda m: m["type"] == "chat_history")
        page = tc.get(f"/t/{tid}").text
        assert "table_social.js" in page and "game_table.js" in page
        bob.send({"type": "react", "reaction": "good_luck"})
        assert _chat(ann)["reaction"] == "good_luck"
        bob.send({"type": "seat_link"})
        assert bob.until(lambda m: m["type"] == "seat_link")["url"].endswith(f"#seat={b['token']}")
        ann.send({"type": "start"})
        while True:
            m = ann.recv()
            if m["type"] == "event" and "game_over" in m:
                break
            if m["type"] == "event" and "view" in m:
                bob.sync_to(ann.seq)
                for c in (ann, bob):
                    if c.view["current"] == c.seat and c.view["legal"]:
                        c.send({"type": "act", "action": c.view["legal"][0]})
        ann.send({"type": "rematch"})
        m = ann.until(lambda m: m["type"] == "rematch_seat")
        new = tc.get(f"/api/tables/{m['table']}").json()
        assert new["game"] == "toy" and new["rules"] == rules
        old = tc.get(f"/api/tables/{tid}").json()
        assert old["rematch"] == new["id"] and old["seats"][2]["kind"] == "bot"
        assert [(s["name"], s["kind"], s["bot"]) for s in new["seats"]] == \
            [(s["name"], s["kind"], s["bot"]) for s in old["seats"]]


MALFORMED = [  # (frame, who sends it, the error code, words of its message)
    ('{"type":"chat"}', "ann", "malformed", "needs the field 'text'"),
    ('{"type":"chat","text":["hi"]}', "ann", "malformed", "field 'text' of a 'chat' message must be text"),
    ('{"type":"chat","text":"hi","name":5}', "ann", "malformed", "field 'name'"),
    ('{"type":"chat","text":"hi","to":1}', "ann", "malformed", "unknown field in a 'chat' message: to"),
    ('{"type":"chat","text":"\\ud800"}', "ann", "malformed", "lone surrogate"),  # refused for every message type
    ('{"type":"react","reaction":null}', "ann", "malformed", "must be text"),
    ('{"type":"react","reaction":"' + "r" * 100 + '"}', "ann", "chat_reaction", "unknown reaction"),
    ('{"type":"chat_setting","spectators":true}', "ann", "malformed", "must be text"),
    ('{"type":"chat_setting","spectators":"read"}', "spec", "spectator", "take a seat"),
    ('{"type":"seat_link","seat":1}', "ann", "malformed", "unknown field in a 'seat_link' message: seat"),
    ('{"type":"renew_link"}', "spec", "spectator", "take a seat first"),
    ('{"type":"rematch","table":"x"}', "ann", "malformed", "unknown field in a 'rematch' message: table"),
    ('{"type":"rematch"}', "bob", "not_over", "when the game is over"),
]


def test_malformed_social_messages_get_an_error_naming_the_problem_and_change_nothing(tmp_path):
    with serve(_app(tmp_path / "w.db")) as tc:
        tid, ann_token, _, ann, bob, spec = _two_and_a_spectator(tc)
        who = {"ann": ann, "bob": bob, "spec": spec}
        before = tc.get(f"/api/tables/{tid}").json()
        for frame, sender, code, words in MALFORMED:
            c = who[sender]
            c.send(frame)
            e = c.until(lambda m: m["type"] == "error")
            assert e["code"] == code and words in e["message"], (frame, e)
        assert tc.get(f"/api/tables/{tid}").json() == before
        assert all(m["type"] == "presence" for c in (ann, bob, spec) for m in _quiet(c))
        assert Client(tc, tid, ann_token).until(lambda m: m["type"] == "welcome")["seat"] == 0  # the link holds
