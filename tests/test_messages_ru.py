"""A malformed action, an unknown game or table, a corrupt record and the
table's own refusals said in the reader's language (issue 23, items 5 and 6):
each error is coded (``joker.i18n.notation``, ``.rules``, ``.records``,
``.web``), English stays word for word as before, Russian is said from the
same code and params — by the server for the API and the terminal, by the
page (``common.js refusal``) for the table's socket.

Expected texts worked by hand: ``bus-angeles(schedule=1)`` is one 1-card deal
(RULES.md §4), so a bid is 0..1 and ``b5`` is refused (``bid_range``);
``b99`` is past the 64 bids the notation knows; ``{`` is not JSON at line 1,
column 2 (character 1, 0-based), where Python's parser expects a property name.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from joker import registry
from joker.errors import InvalidNotationError, RecordError
from joker.games.durak.actions import parse_action as parse_durak
from joker.games.joker.actions import parse_action
from joker.i18n import catalogue, message
from test_web_e2e import _page, browser, server  # noqa: F401  (fixtures: the app on a port, Chromium)

ACTIONS = [
    # (text, parser, English as raised, Russian)
    ("", parse_action, "empty action", "пустой ход"),
    ("b99", parse_action, "bid too large: 'b99'", "слишком большой заказ: 'b99'"),
    ("AS:high", parse_action, "only a joker takes a call or mode: 'AS:high'",
     "объявление или режим бывает только у джокера: 'AS:high'"),
    ("X1", parse_action,
     "a joker needs a call or a mode: 'X1' (lead: X1:high:H, X1:takes:H, X1:give, X1:top; follow: X1:high, X1:low)",
     "джокеру нужно объявление или режим: 'X1' (с хода: X1:high:H, X1:takes:H, X1:give, X1:top; "
     "не с хода: X1:high, X1:low)"),
    ("X1:takes", parse_action, "takes needs suit: 'X1:takes'", "takes: нужна масть: 'X1:takes'"),
    ("X1:give:H", parse_action, "give takes no suit: 'X1:give:H'", "give: масть не указывают: 'X1:give:H'"),
    (" ", parse_durak, "empty action", "пустой ход"),
    ("beat:8D", parse_durak, "bad Durak action 'beat:8D': write transfer:8D or show:9H",
     "не ход Дурака: 'beat:8D' (пишите transfer:8D или show:9H)"),
    ("fold", parse_durak,
     "bad Durak action 'fold': write a card (8C), a beat (KC/8C), transfer:8D, show:9H, take, done or pass",
     "не ход Дурака: 'fold' (пишите карту (8C), побить (KC/8C), transfer:8D, show:9H, take, done или pass)"),
]


@pytest.mark.parametrize("text, parse, english, russian", ACTIONS, ids=[repr(a[0]) for a in ACTIONS])
def test_a_malformed_action_is_said_in_both_languages(text, parse, english, russian) -> None:
    with pytest.raises(InvalidNotationError) as ei:
        parse(text)
    assert ei.value.code is not None
    assert str(ei.value) == message(ei.value, "en") == english
    assert message(ei.value, "ru") == russian


def test_the_socket_sends_a_malformed_actions_code_and_the_page_gets_its_catalogue() -> None:
    """The table's ``error`` carries the notation code and params (what
    ``common.js refusal`` looks up in ``window.JOKER.notation``), and no code
    is in two of the catalogues a table page looks a reason up in."""
    from joker.server.conns import error_text

    with pytest.raises(InvalidNotationError) as ei:
        parse_action("b99")
    sent = json.loads(error_text("notation", ei.value, "act"))
    assert sent == {"type": "error", "code": "notation", "message": "bid too large: 'b99'", "about": "act",
                    "reason": "action_bid_too_large", "params": {"text": "b99"}}
    notation = set(catalogue("notation").texts["en"])
    for other in ("refusals", "durak", "web"):
        assert not notation & set(catalogue(other).table("en", "you")), other


def test_an_unknown_game_or_table_is_said_in_the_requests_language(tmp_path) -> None:
    from joker.server import create_app
    from test_server_support import serve

    games = ", ".join(registry.names())  # joker, durak (and the tests' toy game once registered)
    with serve(create_app(str(tmp_path / "g.db"), bot_delay=0)) as tc:
        body = {"game": "chess", "rules": "x", "seats": ["human", "bot"], "name": "Аня"}
        r = tc.post("/api/tables", json=body)
        assert (r.status_code, r.json()["error"]) == (400, f"unknown game 'chess'; games: {games}")
        assert tc.get("/api/tables/nosuch").json() == {"error": "there is no table 'nosuch'", "code": "table_no_table",
                                                          "id": "nosuch"}
        tc.cookies.set("joker_lang", "ru")
        r = tc.post("/api/tables", json=body)
        assert (r.status_code, r.json()["error"]) == (400, f"нет игры 'chess'; игры: {games}")
        r = tc.get("/api/tables/nosuch")
        assert (r.status_code, r.json()) == (404, {"error": "нет стола 'nosuch'", "code": "table_no_table", "id": "nosuch"})
        r = tc.get("/api/rules", params={"game": "chess", "text": "x"})
        assert (r.status_code, r.json()) == (400, {"error": f"нет игры 'chess'; игры: {games}", "code": "unknown_game",
                                                 "name": "chess", "games": games})
        # a table not finished: its record is not published yet
        t = tc.post("/api/tables", json={"rules": "bus-angeles", "seats": ["human"] * 4, "name": "Аня"}).json()
        r = tc.get(f"/api/tables/{t['table']}/record")
        assert (r.status_code, r.json()["error"]) == (403, "запись со всеми картами публикуется, когда игра окончена")
        tc.cookies.set("joker_lang", "en")
        r = tc.get(f"/api/tables/{t['table']}/record")
        assert r.json()["error"] == "the record, with every hand, is published when the game is over"


def _record(tmp_path: Path, actions: str) -> Path:
    """A record of ``bus-angeles(schedule=1)`` (one 1-card deal) with ``actions`` in its deal."""
    path = tmp_path / "r.json"
    path.write_text(json.dumps({
        "format": "joker-record", "version": 1, "rules": "bus-angeles(schedule=1)", "rules_version": 1,
        "players": ["Аня", "Боря", "Вера", "Гоша"], "first_dealer": 4, "seed": "7",
        "deals": [{"deal": 1, "hands": ["AC", "8S", "7C", "KH"], "turned": "KD", "actions": actions}]}),
        encoding="utf-8")
    return path


def _replay(path: Path, lang: str) -> tuple[int, str]:
    from joker.cli.main import app

    result = CliRunner().invoke(app, ["replay", str(path), "--lang", lang])
    return result.exit_code, " ".join(result.output.split())


@pytest.mark.parametrize("content, english, russian", [
    ("{", "not JSON: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)",
     "это не JSON: Expecting property name enclosed in double quotes: строка 1, столбец 2 (символ 1)"),
    ('{"format": "joker-record", "game": "chess"}', "unknown game 'chess'; games: {games}",
     "нет игры 'chess'; игры: {games}"),
    ('{"format": "joker-record", "version": 1, "game": "durak", "rules": "durak", "players": ["A", "B"], '
     '"games": [{"hands": ["ZZ"]}]}',
     "malformed Durak record: InvalidNotationError: not a card: 'ZZ' (rank 2-9 T J Q K A then suit S C D H, e.g. AH, "
     "10S; jokers X1 X2)",
     "запись Дурака повреждена: InvalidNotationError: это не карта: 'ZZ' (ранг 2-9 T J Q K A, затем масть S C D H, "
     "например AH, 10S; джокеры X1 X2)"),
    ("b5", "deal 1 (1 card), bid, action 1 'b5': illegal bid b5: a bid is 0..1 in a 1-card deal; legal: b0 b1",
     "раздача 1 (1 карта), заказ, ход 1 'b5': b5: заказ — от 0 до 1 (карт на руках: 1); можно: b0 b1"),
    ("b99", "deal 1: bid too large: 'b99'", "раздача 1: слишком большой заказ: 'b99'"),  # read before it is played
], ids=["json", "game", "durak", "illegal", "notation"])
def test_joker_replay_says_a_bad_record_in_its_language(tmp_path, content, english, russian) -> None:
    if content.startswith("b"):  # an action in the record's one deal
        path = _record(tmp_path, content)
    else:
        path = tmp_path / "r.json"
        path.write_text(content, encoding="utf-8")
    games = ", ".join(registry.names())
    assert _replay(path, "en") == (1, f"error: invalid record {path}: {english.format(games=games)}")
    assert _replay(path, "ru") == (1, f"ошибка: неверная запись {path}: {russian.format(games=games)}")


def test_a_record_error_keeps_the_engines_refusal_as_its_params() -> None:
    """Coded through and through: the record's error names the engine's refusal as a param,
    so each language says both parts."""
    from joker.games.joker.record import GameRecord, replay

    record = GameRecord.from_dict({
        "format": "joker-record", "version": 1, "rules": "bus-angeles(schedule=1)", "first_dealer": 4, "seed": "7",
        "deals": [{"deal": 1, "hands": ["AC", "8S", "7C", "KH"], "turned": "KD", "actions": "b0 b0 b0 b1"}]})
    with pytest.raises(RecordError) as ei:
        replay(record)
    assert ei.value.code == "action_bid" and ei.value.params["error"].code == "dealer_bid"
    assert str(ei.value) == ("deal 1 (1 card), bid, action 4 'b1': illegal bid b1: the dealer may not make the bids "
                             "sum to 1; legal: b0")
    assert message(ei.value, "ru") == ("раздача 1 (1 карта), заказ, ход 4 'b1': b1: у сдающего сумма заказов не может "
                                       "быть равна 1; можно: b0")


def test_a_russian_page_says_the_sockets_refusals_in_russian(server, browser) -> None:  # noqa: F811
    """``common.js refusal``: a malformed action from the notation catalogue the
    page gets, ``{text!r}`` quoted as Python quotes it; "not your turn" names a
    bot seat's player as the page shows him (Вера), not by his stored name."""
    ctx, page, errors = _page(browser, locale="ru-RU")
    try:
        page.goto(server + "/")
        said = page.evaluate("""() => {
          const names = seatNames([{name: "Аня", kind: "human"}, {name: "Vera", kind: "bot"}]);
          return [
            refusal({reason: "action_bid_too_large", params: {text: "b99"}, message: "bid too large: 'b99'"}),
            refusal({reason: "table_not_your_turn", params: {name: "Vera", seat: "2"}, message: "-"}, names),
            refusal({reason: "table_not_your_turn", params: {name: "Vera", seat: "2"}, message: "-"}),
            refusal({code: "malformed", message: "not JSON"}),
          ];
        }""")
        assert said == ["слишком большой заказ: 'b99'", "не ваш ход: ходит Вера (место 2)",
                        "не ваш ход: ходит Vera (место 2)", "not JSON"]
        assert errors == []
    finally:
        ctx.close()


def test_joker_rules_speaks_russian_with_lang() -> None:
    """``joker rules --lang ru``: the headings, the schedule's count (camp for 3 players,
    RULES.md §4: 1..8 · 9×3 · 8..1 = 19 deals) and an impossible rule set."""
    from joker.cli.main import app

    def run(*args: str) -> tuple[int, str]:
        out = CliRunner().invoke(app, ["rules", *args], env={"COLUMNS": "200"})
        return out.exit_code, out.output

    code, out = run("camp(players=3)", "--lang", "ru")
    assert code == 0 and "поле" in out and "смысл" in out and "Походный джокер" in out
    assert "раздачи: 1,2,3,4,5,6,7,8 | 9,9,9 | 8,7,6,5,4,3,2,1  (всего раздач: 19)" in out
    code, out = run("camp(players=3)")
    assert code == 0 and "meaning" in out and "(19 deals)" in out
    assert run("camp(players=11)", "--lang", "ru") == (2, "ошибка: players=11: в Джокер играют от 2 до 10 игроков\n")
    assert run("camp(players=11)") == (2, "error: players=11: Joker is played by 2 to 10 players\n")
    assert run("--lang", "fr") == (2, "--lang must be one of: en, ru\n")


def test_a_bad_seat_link_is_said_by_the_page_in_its_language() -> None:
    """A seat token the server refuses: the connection watches, and the error carries
    the ``web`` code the page says (English as before)."""
    from joker.server.conns import error_text
    from joker.server.tokens import TokenError, verify

    with pytest.raises(TokenError) as ei:
        verify(b"key", "abc.x.nonce.mac")  # the seat is not a number
    sent = json.loads(error_text("bad_token", ei.value, "hello"))
    assert (sent["message"], sent["reason"], sent["params"]) == (
        "the seat token is malformed; you are watching", "table_token_malformed", {})
    assert message(ei.value, "ru") == "ссылка на место испорчена; вы смотрите игру"


def test_a_terminal_game_resumed_from_a_bad_record_says_why_in_its_language(tmp_path) -> None:
    """``joker play --resume``: the record's malformed action, said in ``--lang``."""
    from joker.cli.main import app

    path = _record(tmp_path, "b99")
    said = {lang: CliRunner().invoke(app, ["play", "--lang", lang, "--resume", str(path)]) for lang in ("en", "ru")}
    assert {k: (r.exit_code, " ".join(r.output.split())) for k, r in said.items()} == {
        "en": (1, f"✗ cannot resume {path}: deal 1: bid too large: 'b99'"),
        "ru": (1, f"✗ нельзя продолжить {path}: раздача 1: слишком большой заказ: 'b99'")}
