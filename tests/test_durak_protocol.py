"""Durak through the shared machinery: the registry, rules strings, action
notation, views, bots and records (RULES.md §13; docs/durak.md)."""

from __future__ import annotations

import copy
import json
import random

import pytest

from joker import records, registry
from joker.bots import make_bot
from joker.errors import IllegalActionError, InvalidNotationError, RecordError, RulesError
from joker.game import Game
from joker.games.durak import GAME
from joker.games.durak.actions import DONE, PASS, TAKE, Attack, Beat, Show, Transfer, parse_action
from joker.games.durak.rules import DurakRules, parse_rules, preset


def random_game(rules: DurakRules, seed: int) -> object:
    s = GAME.new_game(rules, seed)
    rng = random.Random(seed)
    while not s.is_terminal():
        s = s.apply(rng.choice(s.legal_actions()))
    return s


def test_registered_and_satisfies_the_protocol() -> None:
    assert registry.game("durak") is GAME and "durak" in registry.names()
    assert isinstance(GAME, Game) and list(GAME.presets()) == ["durak", "durak-36"]


@pytest.mark.parametrize("text", [
    "durak", "durak-36", "durak(players=2)", "durak(players=3,show_trump=off,throw_in=neighbours)",
    "durak-36(first_bout_limit=5,next_game_lead=onto_fool,games=3)", "durak(show_trump=once_per_bout,stall_limit=10)",
])
def test_rules_strings_round_trip(text: str) -> None:
    r = parse_rules(text)
    assert str(r) == text and parse_rules(str(r)) == r and GAME.parse_rules(text) == r


@pytest.mark.parametrize("text, message", [
    ("durak(players=5)", "2 to 4 players"),
    ("durak(players=1)", "2 to 4 players"),
    ("durak(first_bout_limit=4)", "must be 6 or 5"),
    ("durak(next_game_lead=onto_fool)", "needs a series"),
    ("durak(games=0)", "1 to 1000 games"),
    ("durak(show_trump=twice)", "one of once_per_card, once_per_bout, off"),
    ("durak(jokers=3)", "unknown rules field"),
    ("poker", "unknown Durak preset"),
])
def test_impossible_rules_are_refused(text: str, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        parse_rules(text)


def test_bad_rules_syntax() -> None:
    with pytest.raises(InvalidNotationError):
        parse_rules("durak(players)")
    with pytest.raises(RulesError):
        DurakRules(players=7)


@pytest.mark.parametrize("text, action", [
    ("8C", Attack(19)), ("kc/8c", Beat(24, 19)), ("X1/10S", Beat(52, 8)), ("transfer:8D", Transfer(32)),
    ("t:8d", Transfer(32)), ("show:9H", Show(46)), ("take", TAKE), ("DONE", DONE), ("pass", PASS),
])
def test_action_notation(text: str, action: object) -> None:
    assert parse_action(text) == action and parse_action(str(action)) == action
    assert GAME.format_action(GAME.parse_action(text)) == str(action)


@pytest.mark.parametrize("bad", ["", "8", "beat:8C", "8C/", "X3"])
def test_bad_action_notation(bad: str) -> None:
    with pytest.raises(InvalidNotationError):
        parse_action(bad)


def test_views_and_public_view() -> None:
    s = GAME.new_game(preset(), 5)
    p = s.current_player
    v = GAME.view_of(s, p)
    assert v.hand and v.legal_actions == tuple(s.legal_actions()) and v.prikups == (2, 2, 2, 2)
    assert v.hidden is None and v.stock == 38 - 32 and v.turned == s.turned
    other = GAME.view_of(s, (p + 1) % 4)
    assert other.legal_actions == () and other.hand != v.hand
    pub = GAME.public_view(s)
    assert pub.seat is None and pub.hand == () and pub.legal_actions == () and pub.hand_sizes == (6, 6, 6, 6)
    with pytest.raises(ValueError):
        GAME.view_of(s, 4)


def test_random_bot_plays_a_game_through_views() -> None:
    assert list(GAME.bots()) == ["random", "heuristic", "search", "search-hard", "easy", "medium", "hard"]
    assert GAME.timed_bots() == frozenset({"search", "search-hard", "medium", "hard"})
    bots = [make_bot("random", i, game="durak") for i in range(3)]
    s = GAME.new_game(preset().replace(players=3), 3)
    while not s.is_terminal():
        seat = s.current_player
        s = s.apply(bots[seat].choose(GAME.view_of(s, seat)))
    assert len(s.results) == 1


@pytest.mark.parametrize("rules", ["durak", "durak-36(players=2,next_game_lead=onto_fool,games=2)"])
def test_record_round_trips_through_joker_records_and_replays(rules: str) -> None:
    final = random_game(parse_rules(rules), 21)
    rec = GAME.record_of(final, meta={"bots": "random"})
    data = rec.to_dict()
    assert data["format"] == "joker-record" and data["game"] == "durak" and data["rules"] == rules
    text = json.dumps(data, ensure_ascii=False)
    game, back = records.parse(text)
    assert game is GAME and back == rec and back.to_dict() == data
    steps = list(records.steps(game, back))
    assert len(steps) == len(final.log)  # type: ignore[attr-defined]
    assert steps[-1].after == final and records.final_state(game, back) == final
    assert all(st.seat == st.before.current_player for st in steps)


def test_record_of_an_unfinished_game_and_a_bad_action_is_named() -> None:
    s = GAME.new_game(preset(), 8)
    for _ in range(5):
        s = s.apply(s.legal_actions()[-1])
    data = GAME.record_of(s, players=["Вера", "Ян", "Ося", "Лёва"]).to_dict()
    assert records.final_state(*records.read(data)) == s
    data["games"][0]["actions"] = data["games"][0]["actions"].split()[0] + " X9"
    with pytest.raises(RecordError, match=r"game 1, action 2 'X9'"):
        list(records.steps(*records.read(data)))
    data["games"][0]["actions"] = "take"
    expected = r"game 1, action 1 'take': seat \d does not defend now; legal: "
    with pytest.raises(RecordError, match=expected):
        list(records.steps(*records.read(data)))


def test_a_refused_action_changes_nothing() -> None:
    s = GAME.new_game(preset(), 8)
    before, legal = copy.copy(s), list(s.legal_actions())
    for bad in ("take", "pass", "X1", "transfer:6H", "AS/6H"):
        with pytest.raises(IllegalActionError) as e:
            s.apply(bad)
        assert "legal: " in str(e.value) and e.value.reason
    assert s == before and s.legal_actions() == legal and s.log == ()


def test_malformed_records() -> None:
    data = GAME.record_of(GAME.new_game(preset(), 1)).to_dict()
    with pytest.raises(RecordError, match="malformed"):
        records.read({**data, "games": [{"hands": []}]})
    with pytest.raises(RecordError, match="version"):
        records.read({**data, "version": 9})
    bad = json.loads(json.dumps(data))
    bad["games"][0]["stock"] = bad["games"][0]["stock"].split(" ", 1)[1]
    with pytest.raises(RecordError, match="deck"):
        GAME.start_of(GAME.read_record(bad))
