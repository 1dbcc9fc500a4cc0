"""Transfer Durak at the web table (issue 22), over WebSockets: a table of one
person and two bots is created, watched and played to the end; a client
reconnects with ``since`` and catches up; malformed and illegal messages are
refused and change nothing; a server restart mid-bout resumes the table
exactly; the finished record downloads and replays through the replay endpoint.

The audit knows nothing of the plug-in: it replays the finished record with
the engine and asks the engine's views what each audience may know at every
event (its own hand, the known cards, the table, the discard pile, the turned
trump, the hidden trump once shown), then checks every card named anywhere in
every message that audience received.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from joker import records, registry
from joker.cards import format_card
from joker.errors import InvalidNotationError
from joker.games.durak.engine.state import DurakState
from joker.games.durak.engine.views import PlayerView, public_view, view_of
from joker.games.durak.rules import parse_rules
from joker.server import create_app
from test_server_support import Client, act, cards_in, create, serve, settle

RULES = "durak(players=3)"
GAME = registry.game("durak")


@pytest.fixture(autouse=True)
def _no_env(monkeypatch):
    monkeypatch.delenv("JOKER_DB_URL", raising=False)
    monkeypatch.delenv("JOKER_SECRET", raising=False)


def _notation_examples() -> set[str]:
    """The example cards of the parser's fixed hint for a bad action (the same text in every game)."""
    try:
        GAME.parse_action("8Z")
    except InvalidNotationError as e:
        return cards_in(str(e))
    raise AssertionError("8Z parsed")


NOTATION_EXAMPLES = _notation_examples()


def _truth(record: Any) -> list[DurakState]:
    """The engine's states of the series: its start, then after each action."""
    states = [GAME.start_of(record)]
    for step in records.steps(GAME, record):
        states.append(step.after)
    return states


def _visible(v: PlayerView) -> set[str]:
    """Every card a view lets its audience see: the own hand, the cards known to be in hands,
    the table, the discard pile, the trumps shown, the turned trump, the hidden one once shown."""
    cards = set(v.hand) | {c for k in v.known for c in k} | set(v.attack) | {d for d in v.defence if d is not None}
    cards |= set(v.discard) | set(v.shown) | {v.turned} | ({v.hidden} if v.hidden is not None else set())
    return {format_card(c) for c in cards}


def _where(state: DurakState, card: str) -> str:
    """Where a card a client should not know lies, for the failure message."""
    for s in range(state.players):
        if card in {format_card(c) for c in range(64) if state.hands[s] >> c & 1}:
            return f"seat {s + 1}'s hand"
        if card in {format_card(c) for c in range(64) if state.prikups[s] >> c & 1}:
            return f"seat {s + 1}'s prikup"
    if card == format_card(state.hidden):
        return "the hidden trump"
    return "the stock"


def _audit(client: Client, states: list[DurakState], index: dict[int, int]) -> int:
    """Check every message ``client`` got against what its audience may know then
    (``index``: event number -> number of actions played by then).  An action's own
    event may also name what the action made public (it is checked against the
    union of the moments before and after); its view only against the moment after.
    Returns the number of messages checked."""
    seat = client.seat

    def may_know(k: int) -> set[str]:
        st = states[k]
        seen = _visible(public_view(st) if seat is None else view_of(st, seat))
        if st.is_terminal() and st.results[-1] is not None:  # the fool's cards are shown once the game is over
            fool = st.results[-1]
            seen |= {format_card(c) for c in range(64) if (st.hands[fool] | st.prikups[fool]) >> c & 1}
        return seen

    at = 0
    for m in client.msgs:
        if m["type"] in ("event", "snapshot"):
            at = index[m["seq"]]
        st = states[at]
        if m["type"] == "event" and m.get("kind") == "action":
            rest = {k: v for k, v in m.items() if k != "view"}
            leak = cards_in(rest) - may_know(at) - may_know(at - 1)
            assert not leak, f"{client.name}: {[(c, _where(st, c)) for c in sorted(leak)]} in {rest}"
            leak = cards_in(m.get("view")) - may_know(at)
            assert not leak, f"{client.name}: {[(c, _where(st, c)) for c in sorted(leak)]} in the view of {m['seq']}"
        else:
            examples = NOTATION_EXAMPLES if m["type"] == "error" and m["code"] == "notation" else set()
            leak = cards_in(m) - may_know(at) - examples
            assert not leak, f"{client.name}: {[(c, _where(st, c)) for c in sorted(leak)]} in {m}"
        if "view" in m and m["view"] is not None:
            v = m["view"]
            assert v["seat"] == seat
            if seat is None:  # a spectator sees no hand and no move
                assert v["hand"] == [] and v["legal"] == []
            else:
                assert not v["legal"] or v["current"] == seat
    return len(client.msgs)


def _event_index(msgs: list[dict[str, Any]]) -> tuple[dict[int, int], list[str]]:
    """From a client that saw every event: event number -> actions played by then, and the actions."""
    index: dict[int, int] = {0: 0}
    actions: list[str] = []
    for m in msgs:
        if m["type"] == "event":
            if m["kind"] == "action":
                actions.append(m["action"])
            index[m["seq"]] = len(actions)
    return index, actions


def _play_until(ann: Client, rnd: random.Random, stop: Any) -> Client:
    """The person plays a random legal action of her view each turn (bots move between) until ``stop(ann)``."""
    settle([ann])
    while ann.view["phase"] != "over" and not stop(ann):
        time.sleep(0.1)  # a person's pace: the server allows 10 messages a second
        act([ann], rnd)
    return ann


def test_a_durak_game_is_played_watched_caught_up_audited_and_replayed(tmp_path):
    app = create_app(tmp_path / "durak.db", secret="k", bot_delay=0)
    rnd = random.Random(22)
    with serve(app) as tc:
        t = create(tc, RULES, ["human", "bot:random", "bot:random"], game="durak", seed="dw1")
        tid = t["table"]
        info = tc.get(f"/api/tables/{tid}").json()
        assert info["game"] == "durak" and info["rules"] == RULES and info["preset"] == "durak"
        assert info["options"]["fill_bot"] == "heuristic"
        page = tc.get(f"/t/{tid}")
        assert page.status_code == 200 and "durak_table.js" in page.text
        assert tc.get("/").status_code == 200

        ann = Client(tc, tid, t["token"], name="ann")
        watcher = Client(tc, tid, None, name="watcher")
        for c in (ann, watcher):
            c.until(lambda m: m["type"] == "snapshot")
        ann.send({"type": "start"})
        start = ann.until(lambda m: m["type"] == "event" and m["kind"] == "start")
        rules = parse_rules(RULES)
        first = registry.plugin("durak", "web").start_seat(rules, "dw1")
        assert start["view"]["leader"] == first and start["view"]["hand_sizes"] == [6, 6, 6]
        assert start["view"]["prikups"] == [2, 2, 2] and start["view"]["hidden"] is None

        # malformed and illegal messages: an error naming the problem, nothing changes
        _play_until(ann, rnd, lambda c: c.view["current"] == c.seat and c.view["phase"] == "lead")
        seq, view = ann.seq, ann.view
        not_held = view["turned"]  # a card she may see but does not hold (naming another's would be her own guess)
        assert not_held not in view["hand"]
        for msg, code, words in (
            ("not json {", "malformed", "not JSON"),
            ({"type": "act", "action": 5}, "malformed", "'action'"),
            ({"type": "act", "action": "8Z"}, "notation", "8Z"),
            ({"type": "act", "action": "take"}, "illegal", "does not defend now"),
            ({"type": "act", "action": not_held}, "illegal", f"does not hold {not_held}"),
        ):
            ann.send(msg)
            err = ann.until(lambda m: m["type"] == "error")
            assert err["code"] == code and words in err["message"], (msg, err)
            if code == "illegal":  # the page says an engine refusal in its language from the reason code
                web = registry.plugin("durak", "web")
                assert web.page_data("en")["refusals"][err["reason"]].format(**err["params"]) == err["message"]
                assert web.page_data("ru")["refusals"][err["reason"]].format(**err["params"]) != err["message"]
        assert ann.seq == seq and ann.view == view

        # play a while, then the person's browser reconnects with an older event number and catches up
        _play_until(ann, rnd, lambda c: c.seq >= seq + 30)
        old_seq, old_view = ann.seq, ann.view
        ann.close()
        ann = Client(tc, tid, t["token"], since=old_seq - 5, name="ann again")
        ann.sync_to(old_seq)
        events = [m for m in ann.msgs if m["type"] == "event"]
        assert [m["seq"] for m in events] == list(range(old_seq - 4, old_seq + 1))
        assert ann.view == old_view and not ann.of_type("snapshot")

        _play_until(ann, rnd, lambda c: False)
        over = next(m for m in reversed(ann.msgs) if "game_over" in m)
        watcher.sync_to(ann.seq)
        assert next(m for m in reversed(watcher.msgs) if "game_over" in m)["game_over"] == over["game_over"]
        ann.send({"type": "act", "action": "take"})
        err = ann.until(lambda m: m["type"] == "error")
        assert err["code"] == "not_playing" and "over" in err["message"]

        # the record downloads, replays through the engine, and the replay endpoint agrees
        r = tc.get(f"/api/tables/{tid}/record")
        assert r.status_code == 200
        game, record = records.parse(r.text)
        assert game.name == "durak" and record.players[0] == "Ann" and record.rules == RULES
        final = records.final_state(game, record)
        fools = [int(-s) for s in final.scores()]
        assert over["game_over"]["totals"] == fools and sum(fools) <= 1
        assert over["game_over"]["standings"][0]["total"] == 0
        # the finished games say each player's result in Durak's words, in the page's language
        games = tc.get("/games", headers={"Accept-Language": "ru"}).text
        assert "итог" in games and "ни разу не в дураках" in games
        games = tc.get("/games", headers={"Accept-Language": "en"}).text
        assert "result" in games and "never the fool" in games
        if sum(fools):
            assert "the fool once" in games
        index, actions = _event_index(watcher.msgs)
        assert actions == [a for g in record.games for a in g.actions]
        rep = tc.get(f"/api/tables/{tid}/replay").json()
        assert rep["players"] == list(record.players) and rep["totals"] == fools
        bouts = rep["games"][0]["bouts"]
        assert [f["action"] for b in bouts for f in b["frames"][1:]] == actions
        assert len(bouts) == final.bouts  # every bout, the last one ending the game
        assert all(sum(map(len, f["hands"])) + sum(map(len, f["prikups"])) + f["stock"] + f["discard"]
                   + sum(1 + (p["defence"] is not None) for p in f["table"]) == 38
                   for b in bouts for f in b["frames"][1:])
        assert rep["games"][0]["fool"] == final.results[0]
        assert tc.get(f"/replay/{tid}").status_code == 200
        assert tc.get(f"/api/tables/{tid}/analysis").status_code == 404  # Durak has no double-dummy analysis

        # the audit of every message every client received
        states = _truth(record)
        assert len(states) == len(actions) + 1
        assert any(s.hidden_shown for s in states)  # the hidden trump was shown during the game ...
        assert any(not s.stock and 0 < sum(p == 0 for p in s.prikups) for s in states)  # ... and prikups picked up
        checked = sum(_audit(c, states, index) for c in tc.clients)
        assert checked > 2 * len(actions)
        assert not [m for m in watcher.msgs if m.get("view") and m["view"]["hand"]]


def test_a_durak_table_resumes_exactly_after_a_restart_mid_bout(tmp_path):
    db = tmp_path / "durak.db"
    rnd = random.Random(7)
    with serve(create_app(db, secret="k", bot_delay=0)) as tc:
        t = create(tc, RULES, ["human", "bot:random", "bot:random"], game="durak", seed="dw2")
        tid = t["table"]
        ann = Client(tc, tid, t["token"], name="ann")
        ann.until(lambda m: m["type"] == "snapshot")
        ann.send({"type": "start"})
        ann.until(lambda m: m["type"] == "event" and m["kind"] == "start")
        _play_until(ann, rnd, lambda c: c.seq > 12 and c.view["table"] and c.view["current"] == c.seat)
        before, seq = ann.view, ann.seq
        assert before["table"] and before["phase"] != "over"  # cards lie on the table: mid-bout
        played = [m["action"] for m in ann.msgs if m["type"] == "event" and m["kind"] == "action"]
        watched = Client(tc, tid, None, name="watcher")
        public = watched.until(lambda m: m["type"] == "snapshot")["view"]
    with serve(create_app(db, secret="k", bot_delay=0)) as tc:
        again = Client(tc, tid, t["token"], name="ann again")
        snap = again.until(lambda m: m["type"] == "snapshot")
        assert snap["seq"] == seq and snap["view"] == before and snap["table"]["game"] == "durak"
        watcher = Client(tc, tid, None, name="watcher again")
        assert watcher.until(lambda m: m["type"] == "snapshot")["view"] == public
        _play_until(again, rnd, lambda c: False)
        record = records.parse(tc.get(f"/api/tables/{tid}/record").text)[1]
        assert list(record.games[0].actions[:len(played)]) == played  # the game went on from where it stood


def test_durak_web_plug_in_has_every_member_of_the_servers_protocol():
    from joker.server.plugin import WebPlugin

    members = set(WebPlugin.__annotations__) | {n for n in vars(WebPlugin) if not n.startswith("_")}
    web = registry.plugin("durak", "web")
    assert not [m for m in sorted(members) if not hasattr(web, m)]
    assert [p["name"] for p in web.lobby_data()["presets"]] == ["durak", "durak-36"]
    assert web.stalling_dot(parse_rules("durak")) is False and web.analysis is False


def test_mypy_strict_accepts_durak_web_plug_in_as_the_servers_web_plugin(tmp_path):
    """The protocol is structural (a game never imports the server): mypy checks the fit here."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    src = Path(__file__).resolve().parent.parent / "src"
    check = tmp_path / "fit.py"
    check.write_text("from joker.server.plugin import WebPlugin\n"
                     "from joker.games.durak.web import PLUGIN\n"
                     "web: WebPlugin = PLUGIN\n")
    env = {**os.environ, "MYPYPATH": str(src), "PYTHONPATH": os.pathsep.join([str(src), os.environ.get("PYTHONPATH", "")])}
    run = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent", "--no-incremental",
                          "--config-file", os.devnull, str(check)], capture_output=True, text=True, env=env,
                         timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr


def test_the_lobby_offers_durak_with_its_options_and_says_the_canonical_rules_string(tmp_path):
    import json
    import re

    app = create_app(tmp_path / "lobby.db", secret="k", bot_delay=0)
    with serve(app) as tc:
        page = tc.get("/").text
        data = json.loads(re.search(r"window\.JOKER = (\{.*?\});</script>", page, re.S).group(1))
        durak = next(g for g in data["games"] if g["name"] == "durak")
        assert [p["name"] for p in durak["presets"]] == ["durak", "durak-36"]
        # the options of RULES.md §13 by their rules-string names, with their defaults
        assert {o["name"]: o["default"] for o in durak["options"]} == {
            "show_trump": "once_per_card", "throw_in": "all", "first_bout_limit": 6,
            "next_game_lead": "lowest_trump", "games": 1}
        assert durak["levels"] == ["easy", "medium", "hard"]
        assert set(durak["levels"]) <= set(durak["bots"])
        # the canonical form: the preset, then the fields that differ, in field order
        r = tc.get("/api/rules", params={"game": "durak", "text": "durak-36( games=3, players=2,show_trump=off )"})
        assert r.json() == {"rules": "durak-36(players=2,show_trump=off,games=3)", "players": 2}
        r = tc.get("/api/rules", params={"game": "durak", "text": "durak(next_game_lead=onto_fool)"})
        assert r.status_code == 400 and "needs a series" in r.json()["error"]
        r = tc.get("/api/rules", params={"game": "chess", "text": "x"})
        assert r.status_code == 400 and "unknown game 'chess'" in r.json()["error"]
        # the lobby's choice makes a Durak table of those rules, bots of a level in the seats
        t = create(tc, "durak-36(players=2,show_trump=off,games=3)", ["human", "bot:hard"], game="durak")
        info = tc.get(f"/api/tables/{t['table']}").json()
        assert info["rules"] == "durak-36(players=2,show_trump=off,games=3)"
        assert info["seats"][1]["bot"] == "hard"
        row = next(x for x in tc.get("/api/tables").json() if x["id"] == t["table"])
        assert (row["game"], row["game_number"], row["games"]) == ("durak", None, 3)  # waiting: no game yet
        # an API client that names no game: the rules' preset says which (RULES.md §13's presets are Durak's)
        for rules, game, seats in (("durak-36(players=2)", "durak", 2), ("durak", "durak", 4),
                                   ("bus-angeles", "joker", 4)):
            t = tc.post("/api/tables", json={"name": "Ann", "rules": rules, "seats": ["human"] * seats}).json()
            assert tc.get(f"/api/tables/{t['table']}").json()["game"] == game, (rules, t)
        r = tc.post("/api/tables", json={"name": "Ann", "rules": "durak", "game": "joker", "seats": ["human"] * 4})
        assert r.status_code == 400 and "unknown preset 'durak'" in r.json()["error"]  # a game named is obeyed


def test_each_games_end_says_who_went_out_in_order_and_the_fools_cards():
    """``game_ends`` (the Durak sheet a table sends; the fresh-user trial asked for the
    finishing order and the fool's cards): a three-game series of three players
    played by random legal actions.  Each game's fool is the engine's result, the
    others went out once each; the order agrees with the replay viewer's frames
    (a seat is out at the first frame where it holds nothing, no prikup, the stock
    gone); the last game's left cards are the fool's hand and prikup at the end; the
    kept replay gives what a fresh one does."""
    from joker.games.durak.web import _REPLAYED, game_ends, replay_data

    rules = parse_rules("durak(players=3,games=3)")
    state = GAME.new_game(rules, "ends", 0)
    rnd = random.Random(7)
    while not state.is_terminal():
        state = state.apply(rnd.choice(list(state.legal_actions())))
        game_ends(state)  # as a table asks after each action: the kept replay goes on
    ends = game_ends(state)
    assert [e["game"] for e in ends] == [1, 2, 3] and [e["fool"] for e in ends] == list(state.results)
    frames = replay_data(GAME.record_of(state))["games"]
    for e, g in zip(ends, frames):
        if e["fool"] is not None:
            assert sorted(e["out"] + [e["fool"]]) == [0, 1, 2]
        seen: list[int] = []
        for bout in g["bouts"]:
            for f in bout["frames"][:-1] if bout is g["bouts"][-1] else bout["frames"]:
                seen += [s for s in range(3) if s not in seen and not f["hands"][s] and not f["prikups"][s] and not f["stock"]]
        assert e["out"][:len(seen)] == seen and seen, (e, seen)
    fool = state.results[-1]
    if fool is not None:
        assert ends[-1]["left"] == [format_card(c) for c in range(64) if (state.hands[fool] | state.prikups[fool]) >> c & 1]
    _REPLAYED.clear()
    assert game_ends(state) == ends
