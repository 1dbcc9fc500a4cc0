"""``python -m joker.bench harness``: budget overrides, the pairing arithmetic
(worked by hand), and a run of one budget against itself replaying exactly."""

from __future__ import annotations

import json
import math

import pytest

from joker.bench import harness
from joker.bench.__main__ import main
from joker.errors import JokerError


def test_overrides_change_only_the_named_fields_and_lift_the_time_cap():
    b = harness.parse_budget("blind=false, worlds=16,bid_prune=none,eps=0.1")
    assert (b.blind, b.worlds, b.bid_prune, b.eps, b.seconds) == (False, 16, None, 0.1, 1e9)
    assert b.bid_blend == harness.LEVELS["medium"].bid_blend
    assert harness.parse_budget("seconds=0.5").seconds == 0.5


@pytest.mark.parametrize("text, words", [("blind", "name=value"), ("wrolds=3", "wrolds"), ("=1", "name=value")])
def test_a_bad_override_is_named(text, words):
    with pytest.raises(JokerError, match=words):
        harness.parse_budget(text)


def _row(board, hero, deal, bid, tricks, score, order=0):
    return {"board": board, "hero": hero, "deal": deal, "order": order, "bid": bid, "tricks": tricks, "score": score}


def test_pairing_by_board_seat_and_deal():
    # A makes 1 of 2 paired bids, B both: shares 0.5 and 1.0, B − A = +0.5 per bid;
    # scores B − A: 100 − 100 = 0 and 50 − (−50) = 100, mean 50.  A's third row has no partner.
    a = [_row(0, 0, 0, 1, 1, 100), _row(0, 1, 0, 2, 1, -50), _row(1, 0, 0, 0, 0, 50)]
    b = [_row(0, 1, 0, 1, 1, 50), _row(0, 0, 0, 1, 1, 100)]
    r = harness.paired(a, b)
    assert r["deals"] == (2,)
    assert r["made"][:3] == (0.5, 1.0, 0.5)
    assert r["score"][0] == 50.0
    with pytest.raises(ValueError, match="no deal"):
        harness.paired(a, [_row(5, 0, 0, 1, 1, 0)])


def test_bids_made_by_place_in_the_bidding():
    # place 0: 1 of 2 made; place 2 (the dealer of three): 1 of 1; place 1: no bids
    rows = [_row(0, 0, 0, 1, 1, 100, order=0), _row(0, 0, 1, 2, 3, 30, order=0), _row(0, 1, 0, 0, 0, 50, order=2)]
    made = harness.made_by_order(rows, 3)
    assert made[0] == (2, 0.5) and made[2] == (1, 1.0)
    assert made[1][0] == 0 and math.isnan(made[1][1])


def test_the_same_budget_twice_replays_every_deal(tmp_path, capsys):
    out = tmp_path / "h.json"
    assert main(["harness", "--a", "worlds=8", "--b", "worlds=8", "--seed", "t", "--boards", "1",
                 "--schedule", "2,3", "--workers", "1", "--out", str(out)]) == 0
    saved = json.loads(out.read_text())
    assert saved["rows"]["A"] == saved["rows"]["B"] and len(saved["rows"]["A"]) == 4 * 2
    assert saved["made"][2] == 0.0 and saved["score"][0] == 0.0
    # bus-angeles' first dealer is seat 4 (RULES.md §4): in the first deal seat 1 bids first, seat 4 last
    first = {r["hero"]: r["order"] for r in saved["rows"]["A"] if r["deal"] == 0}
    assert first == {0: 0, 1: 1, 2: 2, 3: 3}
    assert {r["order"] for r in saved["rows"]["A"] if r["deal"] == 1 and r["hero"] == 0} == {3}
    assert "8 paired bids" in capsys.readouterr().out


def test_a_bad_schedule_is_refused_before_any_game(capsys):
    assert main(["harness", "--schedule", "9,x", "--boards", "1"]) == 2
    assert "schedule" in capsys.readouterr().err
