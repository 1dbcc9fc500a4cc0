"""Game records: round trips, replay checks, real-card games, the replay command."""

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from joker import PRESETS, JokerError, RecordError, new_game
from joker.cli.main import app
from joker.cards import format_suit, parse_trump_letter
from joker.games.joker.actions import DealSummary
from joker.games.joker.record import (GameRecord, Penalty, fines_of, load_record, record_from_state, replay,
                                      replay_steps, save_record, totals_with_penalties)

EXAMPLES = Path(__file__).parent.parent / "examples"


def _random_game(rules, seed, stop_after=None):
    state = new_game(rules, seed=seed)
    rng = random.Random(seed)
    k = 0
    while not state.is_terminal() and (stop_after is None or k < stop_after):
        state = state.apply(rng.choice(state.legal_actions()))
        k += 1
    return state


@pytest.mark.parametrize("name", list(PRESETS))
def test_round_trip_and_replay_every_preset(name):
    rules = PRESETS[name]
    if len(rules.deals) > 8:
        rules = rules.replace(schedule="1,2,3|4")  # keep the test fast; specials stay
    for seed in range(3):
        state = _random_game(rules, seed)
        rec = record_from_state(state)
        text = rec.to_json()
        again = GameRecord.from_json(text)
        assert again == rec
        assert again.to_json() == text  # byte-exact round trip
        replayed = replay(again)
        assert replayed.results == state.results
        assert replayed.scores() == state.scores()


def test_unfinished_game_round_trips_and_continues():
    state = _random_game(PRESETS["bus-angeles"].replace(schedule="2,3"), 5, stop_after=9)
    rec = GameRecord.from_json(record_from_state(state).to_json())
    resumed = replay(rec)
    assert resumed.deal_index == state.deal_index
    assert resumed.legal_actions() == state.legal_actions()
    assert resumed.hands == state.hands


def test_lenient_reader_accepts_other_notations():
    rules = PRESETS["bus-angeles"].replace(schedule="1")
    hands = (("AH",), ("KH",), ("7S",), ("X1",))
    data = {
        "format": "joker-record", "version": 1, "rules": str(rules), "players": ["a", "b", "c", "d"],
        "first_dealer": 4, "seed": None,
        "deals": [{"deal": 1, "hands": [["♥A"], ["10h"] if False else ["kh"], ["7♠"], ["x1"]],
                   "turned": "9D", "actions": ["B1", "b0", "b1", "b0", "ah", "KH", "7s", "X1:LOW"]}],
    }
    rec = GameRecord.from_dict(data)
    assert rec.deals[0].hands == hands
    state = replay(rec)
    # trump ♦ (turned 9D); AH led, nobody trumps, X1 low: seat 1 takes the trick.
    assert state.results[0].tricks == (1, 0, 0, 0)
    # bus-angeles: bid 1 took 1 → 50·2 = 100; bid 0 took 0 → 50; seat 3 bid 1 took 0 → −100
    assert state.results[0].scores == (100, 50, -100, 50)


def _record_dict(**changes):
    d = json.loads(record_from_state(_random_game(PRESETS["bus-angeles"].replace(schedule="2,3"), 1)).to_json())
    d.update(changes)
    return d


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda d: d.update(format="chess"), "not a joker record"),
        (lambda d: d.update(version=99), "version 99"),
        (lambda d: d.update(rules="poker"), "unknown preset"),
        (lambda d: d.update(players=["a"]), "1 players named"),
        (lambda d: d.update(first_dealer=9), "first_dealer"),
        (lambda d: d["deals"][0].update(hands=["AH AH", "KH QH", "7S 8S", "9C TC"]), "dealt twice"),
        (lambda d: d["deals"][0].update(hands=["2H 3H", "KH QH", "7S 8S", "9C TC"]), "not in the georgian36 deck"),
        (lambda d: d["deals"][0].update(actions="b9"), "deal 1 (2 cards), bid, action 1 'b9'"),
        (lambda d: d["deals"][0].update(actions="b0 b0 b0 b0 zz"), "not a card"),
        (lambda d: d["deals"][0].update(result={"scores": [1, 2, 3, 4]}), "stored scores"),
    ],
)
def test_bad_records_are_refused_naming_the_problem(mutate, message):
    d = _record_dict()
    mutate(d)
    with pytest.raises(RecordError, match=message.replace("(", r"\(").replace(")", r"\)")):
        replay(GameRecord.from_dict(d))


def test_real_card_game_scores_through_the_engine():
    """A Bus-Angeles block of real cards: 1, 2, 3 cards, dealers 4, 1, 2 (RULES.md §3)."""
    rules = PRESETS["bus-angeles"].replace(schedule="1,2,3")
    state = new_game(rules, real_cards=True)
    with pytest.raises(JokerError, match="sum to 1"):
        state.apply_summary(3, (1, 0, 0, 0), (1, 0, 0, 0))  # bids 1,0,0 then the dealer's 0: forbidden
    state = state.apply_summary(3, (1, 0, 0, 1), (1, 0, 0, 0))
    # deal 2: dealer seat 1 (index 0); bids 0+1+0 then dealer: may not say 1 → says 0
    with pytest.raises(JokerError, match="may not bid 1"):
        state.apply_summary(None, (1, 0, 1, 0), (0, 1, 1, 0))
    state = state.apply_summary(None, (0, 1, 0, 0), (0, 2, 0, 0))
    state = state.apply_summary(0, (1, 1, 1, 1), (1, 1, 1, 0))
    with pytest.raises(JokerError, match="tricks taken sum to 2, the deal has 1"):
        new_game(rules, real_cards=True).apply_summary(0, (1, 0, 0, 1), (1, 0, 1, 0))
    # By hand (bus-angeles §8):
    # deal 1: seat 1 1/1 → 100; seats 2, 3 0/0 → 50; seat 4 1/0 → −100
    # deal 2: 0/0 → 50; 1/2 → over: 10·2 = 20; 0/0 → 50; 0/0 → 50
    # deal 3: 1/1 → 100 for seats 1–3; seat 4 1/0 → −100
    # seat 1 made all three: L = 100; next seat 2 (not qualified) best positive = 100
    #   premium 2·(100+100) = 400; block = 100+50+100+400 = 650
    # seat 2: 50+20+100 = 170, cut 100 → 70
    # seat 3 made all: L = 100; seat 4's best positive = 50 → premium 300; 50+50+100+300 = 500
    # seat 4: −100+50−100 = −150, cut 50 → −200
    assert state.scores() == (650, 70, 500, -200)
    rec = record_from_state(state, players=("A", "B", "C", "D"),
                            penalties=(Penalty(1, "fine", "revoke", -250, 2),))
    again = replay(GameRecord.from_json(rec.to_json()))
    assert totals_with_penalties(again, rec.penalties) == (650, -180, 500, -200)


def test_house_override_records_what_was_said():
    rules = PRESETS["bus-angeles"].replace(schedule="1")
    state = new_game(rules, real_cards=True).apply_summary(3, (0, 0, 0, 0), (1, 0, 0, 0))
    assert state.results[0].scores == (10, 50, 50, 50)  # 0/1 over → 10; 0/0 → 50
    with pytest.raises(JokerError):
        new_game(rules, real_cards=True).apply_summary(3, (0, 0, 0, 1), (0, 0, 0, 1))
    overridden = new_game(rules, real_cards=True).apply_summary(3, (0, 0, 0, 1), (0, 0, 0, 1), house_override=True)
    assert overridden.results[0].scores == (50, 50, 50, 100)


def test_real_cards_deals_are_typed_in_the_history_the_record_and_the_replay():
    """A real-cards deal is one typed DealSummary: logged by the engine, written by
    record_from_state (the house override included, so the record replays), and
    yielded by replay_steps as one step nobody's turn made."""
    rules = PRESETS["bus-angeles"].replace(schedule="1,2:gold")
    state = new_game(rules, real_cards=True)
    state = state.apply_summary(3, (0, 0, 0, 1), (0, 0, 0, 1), house_override=True)
    state = state.apply_summary(None, None, (1, 0, 1, 0))
    assert state.actions() == [(0, DealSummary(3, (0, 0, 0, 1), (0, 0, 0, 1), True)),
                               (1, DealSummary(None, None, (1, 0, 1, 0)))]
    rec = record_from_state(state)
    assert [(e.trump, e.bids, e.tricks, e.house_override) for e in rec.deals] == [
        ("H", (0, 0, 0, 1), (0, 0, 0, 1), True), ("N", None, (1, 0, 1, 0), False)]
    steps = list(replay_steps(GameRecord.from_json(rec.to_json())))
    assert [(s.seat, s.action) for s in steps] == [(None, a) for _, a in state.actions()]
    assert steps[-1].after.scores() == state.scores()


def test_record_of_a_real_cards_game_before_its_first_deal_replays_as_one():
    state = new_game(PRESETS["bus-angeles"].replace(schedule="1,2"), real_cards=True)
    again = replay(GameRecord.from_json(record_from_state(state).to_json()))
    assert again.seed is None and again.hands == (0, 0, 0, 0)  # nothing dealt: the deals come from real cards
    assert again.apply_summary(None, (1, 0, 0, 1), (1, 0, 0, 0)).results[0].scores == (100, 50, 50, -100)


def test_trump_letters_round_trip():
    for suit in (None, 0, 1, 2, 3):
        assert parse_trump_letter(format_suit(suit)) == suit
    assert [parse_trump_letter(t) for t in (None, "nt", " N ", "♥", "h")] == [None, None, None, 3, 3]
    with pytest.raises(JokerError, match="not a suit"):
        parse_trump_letter("X")


def test_fines_are_summed_per_seat():
    penalties = (Penalty(1, "fine", "revoke", -250), Penalty(1, "dot", "other", 0), Penalty(3, "fine", "x", -100))
    assert fines_of(4, penalties) == [0, -250, 0, -100]


def test_save_is_atomic_and_load_reports_unreadable(tmp_path):
    state = _random_game(PRESETS["camp"].replace(schedule="1,2"), 3)
    path = save_record(record_from_state(state), tmp_path / "g.json")
    assert load_record(path) == record_from_state(state)
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]
    (tmp_path / "bad.json").write_bytes(b"\xff\xfe{")
    with pytest.raises(RecordError, match="cannot read|not JSON"):
        load_record(tmp_path / "bad.json")


def test_replay_command_prints_sheet_and_json(tmp_path):
    state = _random_game(PRESETS["bus-angeles"].replace(schedule="1,2"), 2)
    path = save_record(record_from_state(state, players=("Ann", "Bob", "Cid", "Dan")), tmp_path / "g.json")
    runner = CliRunner()
    out = runner.invoke(app, ["replay", str(path)])
    assert out.exit_code == 0, out.output
    assert "Ann" in out.output and "block 1" in out.output and "total" in out.output
    out = runner.invoke(app, ["replay", str(path), "--json"])
    assert out.exit_code == 0
    data = json.loads(out.output)
    assert data["totals"] == list(state.scores())
    assert [d["scores"] for d in data["deals"]] == [list(r.scores) for r in state.results]


def test_replay_command_fails_naming_the_bad_action(tmp_path):
    d = _record_dict()
    acts = d["deals"][1]["actions"].split()
    acts[6] = "X2:high" if "X2" not in " ".join(d["deals"][1]["hands"]) else "2H"
    d["deals"][1]["actions"] = " ".join(acts)
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(d))
    out = CliRunner().invoke(app, ["replay", str(p)])
    assert out.exit_code == 1
    assert "deal 2 (3 cards)" in out.output and "action 7" in out.output
    assert out.output.startswith(f"error: invalid record {p}: ")  # as `joker analyse` and `joker ledger` say it


def test_examples_replay():
    files = sorted(EXAMPLES.glob("*.json"))
    assert files, "examples/ ships records"
    for f in files:
        state = replay(load_record(f))
        assert state.results, f
