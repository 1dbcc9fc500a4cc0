"""A bad rules string, and a request the API cannot read, said in the
reader's language (issue 23, items 5 and 6): the rules parser's errors are
coded (``joker.i18n.rules``, ``joker.i18n.notation``), so the lobby's live
check, a table's refusal, ``joker play --lang ru`` and ``joker ledger --lang
ru`` say them in Russian, and English stays word for word as before; a
request failing FastAPI's validation answers 422 with the standard
``detail`` list and an ``error`` naming the field, in the request's language.

Expected texts worked by hand: ``camp(players=9)`` plays the ladder 1..8 | 9×9
| 8..1 on the 54-card deck (RULES.md §4), so deal 7 deals 7 × 9 = 63 > 54 cards.
"""

from __future__ import annotations

import re

import pytest

from joker.errors import InvalidNotationError, RulesError
from joker.games.durak.rules import parse_rules as parse_durak
from joker.games.joker.rules import parse_rules
from joker.i18n import message

BAD = [
    # (rules string, parser, English as raised, Russian)
    ("bus-angeles(khishti=-500,schedul=1)", parse_rules,
     "unknown rules field(s): schedul; did you mean schedule?", "нет такого поля правил: schedul; может быть, schedule?"),
    ("durak(jokers=3)", parse_durak,
     "unknown rules field(s): jokers; fields: deck, players, show_trump, throw_in, first_bout_limit, next_game_lead, "
     "games, stall_limit",
     "нет такого поля правил: jokers; поля: deck, players, show_trump, throw_in, first_bout_limit, next_game_lead, "
     "games, stall_limit"),
    ("bus-angeles(must_trump=maybe)", parse_rules,
     "bad value for rules field must_trump: 'maybe'", "неверное значение поля правил must_trump: 'maybe'"),
    ("camp(players=9)", parse_rules,
     "deal 7 of the schedule deals 7 cards to 9 players, but the full54 deck has 54 cards",
     "раздача 7 расписания: 9 игрокам по 7 карт, а в колоде всего 54 карты (52 карты и два джокера)"),
    ("bus-angeles(players=11)", parse_rules,
     "players=11: Joker is played by 2 to 10 players", "players=11: в Джокер играют от 2 до 10 игроков"),
    ("bus-angeles(schedule=", parse_rules,
     "not a rules string: 'bus-angeles(schedule=' (expected e.g. 'bus-angeles(khishti=-500)')",
     "это не строка правил: 'bus-angeles(schedule=' (пример: 'bus-angeles(khishti=-500)')"),
    ("raspisnoy(classic_joker=ZZ)", parse_rules,
     "classic_joker: not a card: 'ZZ' (rank 2-9 T J Q K A then suit S C D H, e.g. AH, 10S; jokers X1 X2)",
     "classic_joker: это не карта: 'ZZ' (ранг 2-9 T J Q K A, затем масть S C D H, например AH, 10S; джокеры X1 X2)"),
    ("durak(players=5)", parse_durak,
     "players=5: Durak is played by 2 to 4 players (RULES.md §13.2)",
     "players=5: в Дурака играют от 2 до 4 игроков (RULES.md §13.2)"),
    ("durak(throw_in=everyone)", parse_durak,
     "bad value for rules field throw_in: 'everyone' (one of all, neighbours)",
     "неверное значение поля правил throw_in: 'everyone' (можно: all, neighbours)"),
]


@pytest.mark.parametrize("text, parse, english, russian", BAD, ids=[b[0] for b in BAD])
def test_a_bad_rules_string_is_said_in_both_languages(text, parse, english, russian) -> None:
    with pytest.raises((RulesError, InvalidNotationError)) as ei:
        parse(text)
    assert ei.value.code is not None
    assert str(ei.value) == message(ei.value, "en") == english
    assert message(ei.value, "ru") == russian


def test_the_rules_check_answers_in_the_pages_language(tmp_path) -> None:
    """The lobby's live check (``GET /api/rules``): the cookie, else
    ``Accept-Language``, chooses the language; the code comes along."""
    from joker.server import create_app
    from test_server_support import serve

    with serve(create_app(str(tmp_path / "r.db"), bot_delay=0)) as tc:
        def check(game: str, text: str, **headers: str) -> tuple[int, dict[str, str]]:
            r = tc.get("/api/rules", params={"game": game, "text": text}, headers=headers)
            body = r.json()  # a refusal also carries its params (below)
            return r.status_code, body if r.status_code == 200 else {"error": body["error"], "code": body["code"]}

        assert check("joker", "camp(players=9)", **{"Accept-Language": "ru-RU,ru;q=0.9"}) == (400, {
            "error": "раздача 7 расписания: 9 игрокам по 7 карт, а в колоде всего 54 карты (52 карты и два джокера)",
            "code": "deal_size"})
        assert check("joker", "camp(players=9)") == (400, {
            "error": "deal 7 of the schedule deals 7 cards to 9 players, but the full54 deck has 54 cards",
            "code": "deal_size"})
        tc.cookies.set("joker_lang", "ru")
        assert check("joker", "bus-angeles(schedul=1)", **{"Accept-Language": "en"}) == (400, {  # the cookie wins
            "error": "нет такого поля правил: schedul; может быть, schedule?", "code": "unknown_field_near"})
        assert check("durak", "durak(players=5)") == (400, {
            "error": "players=5: в Дурака играют от 2 до 4 игроков (RULES.md §13.2)", "code": "durak_players"})
        assert check("durak", "durak(games=x)") == (400, {
            "error": "неверное значение поля правил games: 'x'", "code": "bad_value"})
        assert check("joker", "camp(players=5)") == (200, {"rules": "camp(players=5)", "players": 5})
        refusal = tc.get("/api/rules", params={"game": "joker", "text": "camp(players=9)", "lang": "en"}).json()
        assert (refusal["code"], refusal["players"], refusal["deal"], refusal["n"]) == ("deal_size", 9, 7, 54)


def test_a_request_the_api_cannot_read_is_422_naming_the_field_in_its_language(tmp_path) -> None:
    """FastAPI's validation: 422, the standard ``detail`` list (``loc``, ``msg``,
    ``type``) with each ``msg`` said in the request's language, and ``error``:
    every problem naming its field, as the pages show it.  The value is not
    echoed back."""
    from joker.server import create_app
    from test_server_support import serve

    with serve(create_app(str(tmp_path / "v.db"), bot_delay=0)) as tc:
        body = {"name": "x" * 101, "seats": ["human"]}  # a name of at most 100 characters, at least 2 seats
        r = tc.post("/api/tables", json=body)
        assert r.status_code == 422
        assert r.json() == {
            "detail": [{"loc": ["body", "name"], "msg": "at most 100 characters", "type": "string_too_long"},
                       {"loc": ["body", "seats"], "msg": "at least 2 items", "type": "too_short"}],
            "error": "name: at most 100 characters; seats: at least 2 items", "code": "invalid_request",
            "fields": ["name", "seats"]}
        tc.cookies.set("joker_lang", "ru")
        r = tc.post("/api/tables", json=body)
        assert r.status_code == 422
        assert r.json()["error"] == "name: не больше 100 символов; seats: не меньше 2 элементов"
        assert [d["msg"] for d in r.json()["detail"]] == ["не больше 100 символов", "не меньше 2 элементов"]
        # the scorekeeper's forms: a bid that is not a number, a missing field, a body that is not JSON
        gid = tc.post("/api/keeper/games", json={"players": ["Аня", "Боря", "Вера", "Гоша"]}).json()["id"]
        r = tc.post(f"/api/keeper/games/{gid}/bid", json={"seat": 0, "bid": "два"})
        assert (r.status_code, r.json()["error"]) == (422, "bid: нужно целое число")
        r = tc.post(f"/api/keeper/games/{gid}/bid", json={"bid": 1})
        assert (r.status_code, r.json()["error"]) == (422, "seat: обязательное поле")
        r = tc.post(f"/api/keeper/games/{gid}/bid", content=b"{", headers={"Content-Type": "application/json"})
        assert (r.status_code, r.json()["error"]) == (422, "тело запроса: это не JSON")
        tc.cookies.set("joker_lang", "en")
        r = tc.post(f"/api/keeper/games/{gid}/bid", json={"bid": 1})
        assert (r.status_code, r.json()["error"]) == (422, "seat: required")


def test_joker_play_says_a_bad_rules_string_in_russian() -> None:
    from typer.testing import CliRunner

    from joker.cli.main import app

    result = CliRunner().invoke(app, ["play", "--lang", "ru", "--rules", "camp(players=9)"])
    assert result.exit_code == 2
    assert " ".join(result.output.split()) == (
        "✗ ошибка в правилах: раздача 7 расписания: 9 игрокам по 7 карт, а в колоде всего 54 карты "
        "(52 карты и два джокера)")


@pytest.mark.parametrize("deck, russian", [
    ("georgian36", "грузинская: 7–туз, 6♥, 6♦ и два джокера"), ("georgian38", "6–туз и два джокера"),
    ("full54", "52 карты и два джокера"), ("classic36", "6–туз, джокер — названная 6♠ или 7♠"),
    ("standard52", "52 карты без джокеров")])
def test_a_deck_too_small_is_named_by_the_catalogue_in_russian(deck: str, russian: str) -> None:
    """The fresh-user trial: «а в колоде full54 всего 54 карты» named the deck by its
    identifier.  Russian now says what the deck holds (the ``names`` catalogue's
    ``deck_<deck>``); English reads as before.  20 cards to each of 4 players need 80."""
    n = {"georgian36": 36, "georgian38": 38, "full54": 54, "classic36": 36, "standard52": 52}[deck]
    with pytest.raises(RulesError) as ei:
        parse_rules(f"bus-angeles(deck={deck},schedule='20')")
    assert str(ei.value) == f"deal 1 of the schedule deals 20 cards to 4 players, but the {deck} deck has {n} cards"
    ru = message(ei.value, "ru")
    assert ru.endswith(f"({russian})") and deck not in ru
    assert not re.search("[A-Za-z]", ru)


def test_a_rule_set_in_a_russian_error_is_its_name() -> None:
    """The ledger, the table and the record name a rule set by its catalogue name in
    Russian (joker.rulestring.rules_named), by its rules string in English."""
    from dataclasses import replace

    from joker.errors import RecordError
    from joker.games.durak.engine.state import new_game
    from joker.games.durak.record import record_of, start_of
    from joker.ledger.db import LedgerError
    from joker.rulestring import rules_named

    e = LedgerError("players_count", rules=rules_named("georgian"), players=4, given=3)
    assert str(e) == "georgian is played by 4 players; 3 given"
    assert message(e, "ru") == "по правилам «Грузинский покер» играют 4 игрока; указано 3"
    e = LedgerError("first_dealer_needed", rules=rules_named("raspisnoy(players=5)"))
    assert message(e, "ru").startswith("по правилам «Расписной покер (игроков: 5)» первого сдающего выбирает жребий")
    rec = replace(record_of(new_game(parse_durak("durak-36(players=3)"), "s")), players=("Аня", "Вера"))
    with pytest.raises(RecordError) as ei:
        start_of(rec)
    assert message(ei.value, "ru") == "игроков 2 для правил «Переводной дурак, 36 карт (игроков: 3)» (мест: 3)"
    assert str(ei.value) == "2 players for rules durak-36(players=3) (3 seats)"
