"""Malformed WebSocket messages, whatever their shape, size or characters
(issue 23, item 6): hypothesis sends arbitrary JSON values, messages of every
known type with fields of every wrong type, nested and huge values, lone
surrogates, text that is not JSON and binary frames to a running table, from
a spectator, a seated player who is not to move and the player who is.

Each gets an ``error`` naming the problem; the server logs no exception; the
connection stays open (a ``ping`` after it is answered); the table does not
change (the same ``seq``, the same engine state object).  Requests that are
well formed and allowed (``ping``, ``sync``, ``leave``, taking over one's own
seat, a legal action) are not malformed and are left out.
"""

from __future__ import annotations

import json
import logging
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from joker.server import create_app
from joker.server import ws as ws_module
from joker.server.protocol import FIELDS, MAX_MESSAGE, ProtocolError, RateLimit, parse_message
from joker.server.social import REACTIONS, clean_chat
from joker.server.table import SPECTATOR_CHAT, TableError
from test_server_support import Client, create, join, mover, play_one, serve, start_game

ALLOWED = {"ping", "sync", "leave"}  # well-formed requests that answer with no error or change the seats

# any character, lone surrogates included (json.dumps writes them as \udXXX escapes)
CHARS = st.characters(min_codepoint=0, max_codepoint=0x10FFFF, categories=None)
TEXT = st.text(CHARS, max_size=30)
SCALARS = (st.none() | st.booleans() | st.integers() | st.integers(min_value=-10**400, max_value=10**400)
           | st.floats() | TEXT)
VALUES = st.recursive(SCALARS, lambda kids: st.lists(kids, max_size=4)
                      | st.dictionaries(TEXT, kids, max_size=4), max_leaves=12)
FIELD_NAMES = sorted({f for spec in FIELDS.values() for f in spec} | {"type", "id"})


@st.composite
def typed_messages(draw: st.DrawFn) -> dict[str, Any]:
    """A message of a known (or nearly known) type with any fields, any values."""
    kind = draw(st.sampled_from(sorted(FIELDS)) | TEXT | VALUES)
    msg: dict[str, Any] = {"type": kind}
    for name in draw(st.lists(st.sampled_from(FIELD_NAMES) | TEXT, max_size=4)):
        msg[name] = draw(VALUES)
    return msg


def _dumps(value: Any) -> str:
    return json.dumps(value, allow_nan=True)  # NaN and Infinity too: Python's json reads them


FRAMES = st.one_of(
    VALUES.map(_dumps),                                                          # any JSON value
    typed_messages().map(_dumps),                                                # wrong fields, wrong types
    st.text(CHARS, max_size=200),                                                # not JSON
    st.integers(1, 1500).map(lambda n: "[" * n + "]" * n),                       # nested deep
    st.integers(1, 800).map(lambda n: '{"type":' * n + '"ping"' + "}" * n),
    st.sampled_from(["NaN", "-Infinity", "1" + "0" * 2000, '{"type":"act","action":1e999}',
                     '{"type":"vote","seat":' + "9" * 1500 + "}", '{"type":"ping","type":5}', "",
                     '{"type":"takeover","seat":-1}', '{"type":"act","action":"b\\u00b2"}',
                     # the chat, seat links and rematch (issue 23): too long, empty, control and lone
                     # surrogate characters, unknown reactions and settings, a spectator's name not text,
                     # a rematch before the game is over, a rule-breaking direction mark
                     '{"type":"chat","text":"' + "ж" * 301 + '"}', '{"type":"chat","text":" \\n\\t "}',
                     '{"type":"chat","text":"a\\u0000b"}', '{"type":"chat","text":"\\ud800"}',
                     '{"type":"chat","text":"\\u202e"}', '{"type":"chat","text":["hi"]}', '{"type":"chat"}',
                     '{"type":"chat","text":"hi","name":5}', '{"type":"chat","text":"hi","name":"' + "n" * 30 + '"}',
                     '{"type":"react","reaction":"<b>"}', '{"type":"react","reaction":null}',
                     '{"type":"chat_setting","spectators":"all"}', '{"type":"chat_setting","spectators":true}',
                     '{"type":"chat_setting"}', '{"type":"rematch"}', '{"type":"rematch","table":"x"}',
                     '{"type":"seat_link","seat":1}', '{"type":"renew_link","token":"x"}']),
    st.integers(MAX_MESSAGE - 20, MAX_MESSAGE + 20).map(lambda n: '{"type":"act","action":"' + "x" * n + '"}'),
    st.binary(max_size=64),                                                      # binary frames
)


class _Fast(RateLimit):
    """No rate limit: it has its own test (test_server.py), here it would only slow hypothesis."""

    def __init__(self) -> None:
        super().__init__(rate=1e9, burst=1e9)


def _well_formed_and_allowed(frame: str | bytes, who: Client, table: Any) -> bool:
    """Whether ``frame`` is a request this client may make (so not malformed)."""
    if isinstance(frame, bytes):
        return False
    try:
        msg = parse_message(frame)
    except ProtocolError:
        return False
    kind = msg["type"]
    if kind in ALLOWED:
        return True
    if kind == "takeover" and msg["seat"] == who.seat:
        return True  # a bot may play one's own seat
    if kind in ("seat_link", "renew_link"):
        return who.seat is not None
    if kind == "react":
        return who.seat is not None and msg["reaction"] in REACTIONS
    if kind == "chat":
        try:
            clean_chat(msg["text"])
        except TableError:
            return False
        return who.seat is not None  # spectators may not write at this table
    if kind == "chat_setting":
        return who.seat == table.host_seat and msg["spectators"] in SPECTATOR_CHAT
    if kind == "act" and who.seat is not None and who.seat == table.state.current_player:
        try:
            action = table.kit.game.parse_action(msg["action"])
        except Exception:
            return False
        return action in table.state.legal_actions()
    return False


def test_malformed_messages_get_errors_change_nothing_and_keep_the_connection(tmp_path, monkeypatch, caplog):
    monkeypatch.delenv("JOKER_DB_URL", raising=False)
    monkeypatch.setattr(ws_module, "RateLimit", _Fast)
    caplog.set_level(logging.WARNING)
    app = create_app(str(tmp_path / "w.db"), bot_delay=0)
    with serve(app) as tc:
        t = create(tc, "bus-angeles(schedule='9')", ["human"] * 4, name="Ann", seed="fz")
        tid = t["table"]
        tokens = [t["token"]] + [join(tc, tid, n)["token"] for n in ("Bob", "Cid", "Dee")]
        players = [Client(tc, tid, tok, name=str(i)) for i, tok in enumerate(tokens)]
        spectator = Client(tc, tid, None, name="spectator")
        start_game(players, [spectator])
        rnd = random.Random(2)
        while players[0].view["phase"] != "play":  # bids done: cards are played
            play_one(players, rnd, [spectator])
        spectator.sync_to(players[0].seq)
        table = app.state.hub.tables[tid]
        state, seq = table.state, table.seq
        to_move = mover(players)
        waiting = next(c for c in players if c is not to_move)
        public = tc.get(f"/api/tables/{tid}").json()
        seen = {id(c): len(c.msgs) for c in players + [spectator]}
        sent: list[str | bytes] = []
        dropped: list[str | bytes] = []

        @settings(max_examples=400, deadline=None, database=None,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
        @given(frame=FRAMES, who=st.sampled_from(["spectator", "waiting", "to_move"]))
        def one(frame: str | bytes, who: str) -> None:
            c = {"spectator": spectator, "waiting": waiting, "to_move": to_move}[who]
            assume(not _well_formed_and_allowed(frame, c, table))
            # a frame that dropped a connection leaves it dead: fail at once, naming that frame,
            # rather than waiting out a time-out for every example hypothesis tries after it
            assert not dropped, f"the connection was dropped by {dropped[0]!r}"
            sent.append(frame)
            if isinstance(frame, bytes):
                c.ws.send_bytes(frame)
            else:
                c.ws.send_text(frame)
            try:
                m = c.recv(5)
            except BaseException:
                dropped.append(frame)
                raise
            assert m["type"] == "error" and isinstance(m["code"], str) and m["message"], (frame, m)
            c.send({"type": "ping"})
            pong = c.recv(5)
            assert pong == {"type": "pong", "seq": seq}, (frame, pong)
            assert table.state is state and table.seq == seq

        one()
        assert len(sent) >= 300, len(sent)  # the fuzzer ran (few frames are filtered out as allowed)
        assert any(isinstance(f, bytes) for f in sent) and any(len(f) > MAX_MESSAGE for f in sent)
        assert tc.get(f"/api/tables/{tid}").json() == public
        for c in players + [spectator]:  # nobody was sent anything else: no event, no notice
            assert all(m["type"] in ("error", "pong") for m in c.msgs[seen[id(c)]:])
        # and the game goes on: the player to move still plays
        play_one(players, rnd, [spectator])
        assert table.seq == seq + 1
    errors = [r for r in caplog.records if r.levelno >= logging.WARNING or r.exc_info]
    assert not errors, [r.getMessage() for r in errors]


def test_the_deep_nesting_and_odd_digits_found_by_the_fuzzer_are_refused_by_name():
    with pytest.raises(ProtocolError) as e:
        parse_message("[" * 1020 + "]" * 1020)
    assert e.value.code == "malformed" and "nested" in e.value.message
    from joker.games.joker.actions import parse_action
    from joker.errors import InvalidNotationError

    for text in ("b\u00b2", "b\u0661"):  # a superscript two, an Arabic-Indic one: not the notation's digits
        with pytest.raises(InvalidNotationError):
            parse_action(text)
