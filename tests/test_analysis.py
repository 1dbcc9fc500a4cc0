"""Double-dummy analysis of records: a hand-worked deal, invariants over a
bot game, and ``joker analyse`` on the command line."""

from __future__ import annotations

import json

import pytest
from helpers import apply_all, game, rules_of
from typer.testing import CliRunner

from joker import Phase, new_game
from joker.games.joker.analysis import CardNote, NothingToAnalyse, analyse
from joker.bots import make_bot
from joker.cli.main import app
from joker.games.joker.record import record_from_state, save_record
from joker.match.simulate import play_game


def _worked_record():
    # 2-card bus-angeles deal, ♥ trump; seat 0 holds X1 A♠, the others only spades
    # (KS QS / JS TS / 9S 8S), so every follow is forced.  Bids 2, 0, 0, 1 (the
    # dealer may not bid 0: sum 2).  Seat 0 leads X1 takes(♠): the joker is the
    # lowest spade, K♠ wins; seat 1 leads Q♠ and A♠ wins: seat 0 takes 1 of 2.
    rules = rules_of("bus-angeles", schedule="2")
    s = game(rules, ["X1 AS", "KS QS", "JS TS", "9S 8S"], turned="7H")
    s = apply_all(s, ["b2", "b0", "b0", "b1", "X1:takes:S", "KS", "JS", "9S", "QS", "TS", "8S", "AS"])
    assert s.is_terminal()
    return record_from_state(s, ("A", "B", "C", "D"))


def test_hand_worked_deal():
    a = analyse(_worked_record())
    (d,) = a.deals
    assert d.bids == (2, 0, 0, 1) and d.tricks == (1, 1, 0, 0) and d.trump == "H"
    # seat 0: X1 high(♠) then A♠ takes both; A♠ always wins, so never 0 (see test_solver_diff)
    assert (d.most[0], d.fewest[0], d.achievable[0]) == (2, 1, (1, 2))
    # before the lead he could make sure of 2 tricks = his bid of all cards: 100 × 2 = 200;
    # after X1 takes(♠) he takes exactly 1: under, −50 × (2 + 1) = −150 (RULES.md §8)
    assert d.cards_played[0] == CardNote(1, 0, "X1:takes:S", 200, -150, True, False, True)
    # every later card was forced: nothing else changed anybody's best result
    assert [c.changed for c in d.cards_played[1:]] == [False] * 7
    assert len(d.mistakes) == 1


def test_invariants_over_a_bot_game():
    rules = rules_of("bus-angeles", schedule="3,5,9")
    state = play_game(rules, [make_bot("heuristic", s) for s in range(4)], "analysis")
    a = analyse(record_from_state(state))
    assert len(a.deals) == 3
    for d in a.deals:
        assert len(d.cards_played) == 4 * d.cards
        for p in range(4):
            assert all(d.fewest[p] <= t <= d.most[p] for t in d.achievable[p]) or not d.achievable[p]
        for c in d.cards_played:
            assert c.best_after <= c.best_before  # a player's own card never raises what he can force
            assert c.changed == (c.best_after < c.best_before)
            if c.bid_after:
                assert c.bid_before


def test_command_line(tmp_path):
    path = tmp_path / "g.json"
    save_record(_worked_record(), path)
    res = CliRunner().invoke(app, ["analyse", str(path), "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["format"] == "joker-analysis" and data["deals"][0]["mistakes"] == 1
    res = CliRunner().invoke(app, ["analyse", str(path)])
    assert res.exit_code == 0 and "X1:takes:S" in res.output
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    res = CliRunner().invoke(app, ["analyse", str(bad)])
    assert res.exit_code == 1 and "error: invalid record" in res.output


def test_an_unfinished_deal_is_not_analysed(tmp_path):
    """The worked deal, then deal 2 bid and one card led: deal 1 is analysed as
    before; deal 2 (one trick of two begun) is not, and is named."""
    rules = rules_of("bus-angeles", schedule="2,2")
    s = game(rules, ["X1 AS", "KS QS", "JS TS", "9S 8S"], turned="7H")
    s = apply_all(s, ["b2", "b0", "b0", "b1", "X1:takes:S", "KS", "JS", "9S", "QS", "TS", "8S", "AS"])
    assert s.deal_index == 1
    while s.phase is not Phase.PLAY:  # deal 2's bids (seeded cards): the lowest legal bid each
        s = s.apply(s.legal_actions()[0])
    s = s.apply(s.legal_actions()[0])
    a = analyse(record_from_state(s, ("A", "B", "C", "D")))
    assert [d.index for d in a.deals] == [0] and a.unfinished == 1
    (d,) = a.deals
    assert d.tricks == (1, 1, 0, 0) and len(d.mistakes) == 1
    assert a.to_json()["unfinished"] == 1
    path = save_record(record_from_state(s, ("A", "B", "C", "D")), tmp_path / "u.json")
    res = CliRunner().invoke(app, ["analyse", str(path)], env={"COLUMNS": "200"})
    assert res.exit_code == 0, res.output
    assert "The game is unfinished: it stops in deal 2 of 2, which is not analysed" in res.output
    assert "took 0 · none" not in res.output


def test_a_game_stopped_before_any_deal_finished(tmp_path):
    s = game(rules_of("bus-angeles", schedule="2,2"), ["X1 AS", "KS QS", "JS TS", "9S 8S"], turned="7H")
    s = apply_all(s, ["b2", "b0"])
    path = save_record(record_from_state(s), tmp_path / "b.json")
    assert analyse(record_from_state(s)).deals == ()
    res = CliRunner().invoke(app, ["analyse", str(path)], env={"COLUMNS": "200"})
    assert res.exit_code == 0, res.output
    assert "stops in deal 1 of 2" in res.output and "No deal is finished yet: nothing to analyse." in res.output


def test_no_card_lowered_anything_is_said(tmp_path):
    """One card each (♥ trump, nobody holds one): every card is forced, so none
    lowers its player's best result; a sentence says so instead of an empty table."""
    s = game(rules_of("bus-angeles", schedule="1"), ["AS", "KS", "QS", "JS"], turned="7H")
    s = apply_all(s, ["b1", "b0", "b0", "b1", "AS", "KS", "QS", "JS"])  # the dealer may not bid 0 (sum 1)
    assert s.is_terminal()
    (d,) = analyse(record_from_state(s)).deals
    assert d.mistakes == () and d.tricks == (1, 0, 0, 0)
    path = save_record(record_from_state(s), tmp_path / "g.json")
    res = CliRunner().invoke(app, ["analyse", str(path)], env={"COLUMNS": "200"})
    assert res.exit_code == 0, res.output
    assert "No card lowered its player's best achievable score." in res.output
    assert "best before" not in res.output  # no empty table of mistakes


def test_real_cards_only_is_nothing_to_analyse_not_an_invalid_record(tmp_path):
    state = new_game(rules_of("bus-angeles", schedule="1,2"), real_cards=True)
    state = state.apply_summary(3, (0, 0, 0, 0), (1, 0, 0, 0)).apply_summary(0, (1, 0, 0, 0), (1, 1, 0, 0))
    record = record_from_state(state)
    with pytest.raises(NothingToAnalyse) as e:
        analyse(record)
    assert str(e.value) == "nothing to analyse: the record holds only real-card deals (scores without cards)"
    path = save_record(record, tmp_path / "real.json")
    res = CliRunner().invoke(app, ["analyse", str(path)])
    assert res.exit_code == 1
    assert "nothing to analyse: the record holds only real-card deals" in " ".join(res.output.split())
    assert "invalid record" not in res.output
