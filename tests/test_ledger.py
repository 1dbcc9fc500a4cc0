"""The scorekeeper through its Python API (SQLite): a whole Bus-Angeles game
worked by hand, the paper-sheet CSV, fines, dots and slaps, the cup, undo,
edit, verify and bad input."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import func, select, update

from joker.ledger import ConflictError, KeeperDecisionNeeded, Ledger, LedgerError, Undone
from joker.store import Deal, Game, Player
from joker.ledger.paper import import_csv, import_record, parse_extras, parse_sheet, record_json, sheet_csv
from joker.ledger.stats import cup_season, history, player_stats
from joker.games.joker.record import GameRecord, replay, totals_with_penalties
from test_ledger_support import PLAYERS, new_ledger, one_deal_game

EXAMPLES = Path(__file__).parent.parent / "examples"
A, B, C, D = PLAYERS  # seats 1..4: Бутка, Печун, Бардак, Монай; seat 4 deals first (RULES.md §3)

# The whole game, worked by hand with RULES.md §8: made 50·(b+1); under −50·(b+1); over 10·t.
# (cards, trump, bids A B C D, tricks A B C D)                       scores A, B, C, D
DEALS = [
    # block 1 (1..8 cards): A makes every bid -> premium, cut from B
    (1, "H", [0, 0, 0, 0], [0, 1, 0, 0]),  # dealer D:  50,   10 (over),  50,   50
    (2, "S", [1, 1, 0, 1], [1, 1, 0, 0]),  # dealer A: 100,  100,   50, -100
    (3, "D", [1, 1, 1, 1], [1, 2, 0, 0]),  # dealer B: 100,   20, -100, -100
    (4, "C", [0, 1, 2, 2], [0, 1, 2, 1]),  # dealer C:  50,  100,  150, -150
    (5, "N", [1, 2, 1, 0], [1, 2, 1, 1]),  # dealer D: 100,  150,  100,   10
    (6, "H", [1, 5, 0, 1], [1, 5, 0, 0]),  # dealer A: 100,  300,   50, -100
    (7, "S", [2, 1, 2, 1], [2, 1, 3, 1]),  # dealer B: 150,  100,   30,  100
    (8, "D", [2, 1, 1, 2], [2, 2, 1, 3]),  # dealer C: 150,   20,  100,   30
    # block 2 (4 × 9): B and C (neighbours) both make every bid; C is fined in deal 11
    (9, "H", [2, 2, 3, 1], [3, 2, 3, 1]),  # dealer D:  30,  150,  200,  100
    (9, "N", [1, 3, 2, 2], [0, 3, 2, 4]),  # dealer A: -100, 200,  150,   40
    (9, "C", [2, 1, 1, 1], [2, 1, 1, 5]),  # dealer B: 150,  100,  100,   50   (after a redeal)
    (9, "S", [3, 2, 4, 2], [3, 2, 4, 0]),  # dealer C: 200,  150,  250, -150
    # block 3 (8..1 cards): nobody makes every bid
    (8, "H", [2, 2, 2, 1], [2, 2, 2, 2]),  # 150, 150, 150,  20
    (7, "D", [1, 2, 2, 1], [2, 2, 2, 1]),  #  20, 150, 150, 100
    (6, "C", [1, 2, 1, 1], [1, 2, 2, 1]),  # 100, 150,  20, 100
    (5, "S", [1, 1, 1, 1], [1, 1, 2, 1]),  # 100, 100,  20, 100
    (4, "H", [0, 1, 1, 1], [1, 1, 1, 1]),  #  10, 100, 100, 100
    (3, "N", [1, 0, 1, 0], [1, 0, 1, 1]),  # 100,  50, 100,  10
    (2, "D", [0, 1, 0, 0], [0, 1, 0, 1]),  #  50, 100,  50,  10
    (1, "C", [0, 0, 0, 0], [0, 1, 0, 0]),  #  50,  10,  50,  50
    # block 4 (4 × 9): D makes every bid -> premium, cut from A (the seat after seat 4 is seat 1)
    (9, "D", [2, 2, 2, 2], [1, 3, 3, 2]),  # -150, 30,  30,  150
    (9, "H", [3, 2, 1, 1], [3, 2, 3, 1]),  # 200, 150,  30,  100
    (9, "N", [1, 1, 3, 3], [0, 2, 4, 3]),  # -100, 20,  40,  200
    (9, "S", [2, 2, 1, 2], [2, 3, 2, 2]),  # 150,  30,  20,  150
]
REDEAL_AT = 11  # deal 11 is first dealt with trump ♠ and bids 2, 2, 2, 2; C revokes: fine and redeal

# Block 1 raw: A 50+100+100+50+100+100+150+150 = 800; B 10+100+20+100+150+300+100+20 = 800;
#   C 50+50-100+150+100+50+30+100 = 430; D 50-100-100-150+10-100+100+30 = -260.
#   A qualifies: premium 2 × (L 150 + B's best positive 300 (deal 6)) = 900, and 300 is cut from B.
#   Block totals: A 1700, B 500, C 430, D -260.
# Block 2 raw: A 30-100+150+200 = 280; B 150+200+100+150 = 600; C 200+150+100+250 = 700;
#   D 100+40+50-150 = 40.  B and C qualify (C's fine does not matter, RULES.md §10).
#   B: the next player C qualifies too, so C's last deal (250) may not be cut: C's best of deals 9-11 is 200;
#      premium 2 × (150 + 200) = 700, 200 cut from C.
#   C: next is D, best positive 100 (deal 9): premium 2 × (250 + 100) = 700, 100 cut from D.
#   Block totals: A 280, B 600+700 = 1300, C 700+700-200 = 1200, D 40-100 = -60.
# Block 3 raw = totals: A 150+20+100+100+10+100+50+50 = 580; B 150+150+150+100+100+50+100+10 = 810;
#   C 150+150+20+20+100+100+50+50 = 640; D 20+100+100+100+100+10+10+50 = 490.
# Block 4 raw: A -150+200-100+150 = 100; B 30+150+20+30 = 230; C 30+30+40+20 = 120; D 150+100+200+150 = 600.
#   D qualifies: premium 2 × (150 + A's best positive 200 (deal 22)) = 700, 200 cut from A.
#   Block totals: A -100, B 230, C 120, D 1300.
# Game totals: A 1700+280+580-100 = 2460; B 500+1300+810+230 = 2840;
#   C 430+1200+640+120-250 (fine) = 2140; D -260-60+490+1300 = 1470.
# Places: B 1st, A 2nd, C 3rd, D 4th -> cup points B 3, A 2, C 1, D 0.
TOTALS = (2460, 2840, 2140, 1470)
PREMIUMS = [(900, 0, 0, 0), (0, 700, 700, 0), (0, 0, 0, 0), (0, 0, 0, 700)]
CUTS = [(0, 300, 0, 0), (0, 0, 200, 100), (0, 0, 0, 0), (200, 0, 0, 0)]


def enter_hand_game(led: Ledger) -> int:
    g = led.new_game(PLAYERS)
    for number, (cards, trump, bids, tricks) in enumerate(DEALS, start=1):
        if number == REDEAL_AT:
            led.set_trump(g, "S")
            led.set_bids(g, [2, 2, 2, 2])
            fine = led.penalty(g, C, "revoke", note="trumped a club holding clubs")  # a fine, then a redeal
            assert (fine.kind, fine.value, fine.deal) == ("fine", -250, 11)
        led.enter_deal(g, trump, bids, tricks, expect_deal=number)
    return g


@pytest.fixture
def led(tmp_path, monkeypatch):
    monkeypatch.delenv("JOKER_DB_URL", raising=False)
    ledger = new_ledger(tmp_path / "ledger.db")
    yield ledger
    ledger.close()


def test_whole_game_entered_through_the_api(led):
    g = enter_hand_game(led)
    v = led.game(g)
    assert v.complete and v.state == "open"
    assert [r.scores for r in v.results[:3]] == [(50, 10, 50, 50), (100, 100, 50, -100), (100, 20, -100, -100)]
    assert [r.dealer for r in v.results[:5]] == [3, 0, 1, 2, 3]  # seat 4 deals first, then clockwise
    assert [b.premium for b in v.blocks] == PREMIUMS
    assert [b.cut for b in v.blocks] == CUTS
    assert [b.total for b in v.blocks] == [(1700, 500, 430, -260), (280, 1300, 1200, -60),
                                         (580, 810, 640, 490), (-100, 230, 120, 1300)]
    assert v.fines == (0, 0, -250, 0)
    assert v.totals == TOTALS
    # the redeal stays in history, with why and what had been said, and is not scored
    (void,) = v.redeals
    assert (void.number, void.attempt, void.trump, void.bids) == (11, 1, "S", (2, 2, 2, 2))
    assert void.reason.startswith("revoke")
    assert v.results[10].bids == (2, 1, 1, 1)
    # the sheet as on paper: a block row with premium and cut, a fines row, the totals
    kinds = [r.kind for r in v.sheet]
    assert kinds.count("deal") == 24 and kinds.count("block") == 4 and kinds[-2:] == ["fines", "total"]
    assert v.sheet[-1].scores == TOTALS

    done = led.finish(g)
    assert done.state == "finished" and done.places == (2, 1, 3, 4)
    assert done.cup_points == (2, 3, 1, 0)
    assert led.verify() == []
    # the stored game is the engine's record: replaying it gives the same totals
    record = GameRecord.from_json(record_json(led, g))
    assert totals_with_penalties(replay(record), record.penalties) == TOTALS


def test_paper_sheet_csv_gives_the_same_totals(led, tmp_path):
    g = import_csv(led, EXAMPLES / "paper-sheet.csv")
    v = led.game(g)
    assert v.totals == TOTALS and v.state == "finished" and v.cup_points == (2, 3, 1, 0)
    assert [b.premium for b in v.blocks] == PREMIUMS and [b.cut for b in v.blocks] == CUTS
    assert [(d.number, d.reason) for d in v.redeals] == [(11, "revoke: Бардак trumped a club holding clubs")]
    # the same sheet with its infringements in a second file
    text = (EXAMPLES / "paper-sheet.csv").read_text(encoding="utf-8")
    deals_only = "\n".join(line for line in text.splitlines() if not line.startswith(("fine,", "redeal,")))
    (tmp_path / "deals.csv").write_text(deals_only, encoding="utf-8")
    # the same day, players and deals: refused as already imported (nothing written) unless forced
    with pytest.raises(LedgerError, match=rf"deals.csv: game {g} of .* already has these players in these seats and "
                       r"these deals: this sheet was imported before \(if it really was played twice, import it "
                       r"again with --force\)"):
        import_csv(led, tmp_path / "deals.csv", infringements=EXAMPLES / "paper-sheet-infringements.csv")
    assert led.games() == [g]
    g2 = import_csv(led, tmp_path / "deals.csv", infringements=EXAMPLES / "paper-sheet-infringements.csv",
                    force=True)
    v2 = led.game(g2)
    assert v2.totals == TOTALS and [d.number for d in v2.redeals] == [11]
    # and the API game exports to exactly the example's rows
    g3 = enter_hand_game(led)
    led.finish(g3)
    exported = [r for r in sheet_csv(led, g3).splitlines()]
    example = [r for r in text.splitlines() if not r.startswith("#")]
    assert [r.split(",")[:11] for r in exported if not r.startswith("redeal")] == \
        [r.split(",")[:11] for r in example if not r.startswith("redeal")]
    assert led.verify() == []


def test_json_export_import_round_trip(led):
    g = enter_hand_game(led)
    led.finish(g)
    text = record_json(led, g)
    with pytest.raises(LedgerError, match=f"game.json: game {g} of .* this sheet was imported before"):
        import_record(led, text, "game.json")  # the same game, the same day
    g2 = import_record(led, text, "game.json", force=True)
    v = led.game(g2)
    assert v.totals == TOTALS and v.state == "finished"
    assert [(d.number, d.bids) for d in v.redeals] == [(11, (2, 2, 2, 2))]
    assert [(p.player, p.code, p.deal) for p in v.penalties] == [(C, "revoke", 11)]
    # CSV export -> import gives the same game again
    g3 = import_sheet_text(led, sheet_csv(led, g2), force=True)
    assert led.game(g3).totals == TOTALS
    assert led.verify() == []


def import_sheet_text(led, text, force=False):
    from joker.ledger.paper import import_sheet

    return import_sheet(led, parse_sheet(text, 4, "exported.csv"), force=force)


def test_dots_make_a_slap_across_the_games_of_a_day_never_the_next(led):
    import datetime as dt

    day1, day2 = dt.date(2026, 5, 1), dt.date(2026, 5, 8)
    g1 = led.new_game(PLAYERS, rules="bus-angeles(schedule='2')", date=day1)
    first = led.dot(g1, B, "stalling")
    second = led.dot(g1, B, "asked_trump_twice")
    assert first.slap is None and second.slap is None
    assert led.game(g1).dots_running == (0, 2, 0, 0)
    led.enter_deal(g1, "H", [1, 0, 0, 2], [1, 0, 1, 0])
    led.finish(g1)
    g2 = led.new_game(PLAYERS, rules="bus-angeles(schedule='2')", date=day1)
    third = led.dot(g2, B, "bid_out_of_turn")  # the third dot of the day, in another game
    assert third.slap == 1
    v = led.game(g2)
    assert v.dots_game == (0, 1, 0, 0) and v.dots_running == (0, 0, 0, 0) and v.slaps_day == (0, 1, 0, 0)
    fourth = led.dot(g2, B, "stalling")  # the count started again
    assert fourth.slap is None and led.game(g2).dots_running == (0, 1, 0, 0)
    led.dot(g2, A, "played_out_of_turn")
    led.enter_deal(g2, "S", [1, 0, 0, 2], [1, 0, 1, 0])
    led.finish(g2)
    led.end_day(day1)
    # the next game day: B's and A's dots do not carry over
    g3 = led.new_game(PLAYERS, rules="bus-angeles(schedule='2')", date=day2)
    led.dot(g3, B, "stalling")
    fifth = led.dot(g3, B, "stalling")
    assert fifth.slap is None
    assert led.game(g3).dots_running == (0, 2, 0, 0) and led.game(g3).slaps_day == (0, 0, 0, 0)
    # undoing the third dot of day 1 is impossible once the day has ended; on day 2 undo works
    assert str(led.undo(g3)) == "dot to Печун (stalling)"
    assert led.game(g3).dots_running == (0, 1, 0, 0)
    stats = {s.name: s for s in player_stats(led)[0]}
    assert (stats[B].dots, stats[B].slaps, stats[A].dots) == (5, 1, 1)
    assert led.verify() == []


def test_cup_tie_broken_by_the_last_game_and_a_guest_game_does_not_count(led):
    import datetime as dt

    day = dt.date(2026, 6, 6)
    led.add_player("Гость", core=False)
    # game 1: A 1st (3), B 2nd (2), C 3rd (1), D 4th (0)
    one_deal_game(led, PLAYERS, [A, B, C, D], day)
    # game 2: A 1st (3), B 2nd (2), D 3rd (1), C 4th (0)  -> A 6, B 4, C 1, D 1: C and D tied
    one_deal_game(led, PLAYERS, [A, B, D, C], day)
    # game 3 with a guest, C wins it: were it counted, C would have 4 and D would take the cup
    guest = one_deal_game(led, [A, B, C, "Гость"], [C, A, B, "Гость"], day)
    assert led.game(guest).cup_points is None
    d = led.end_day(day)
    # the tie C-D on 1 point is broken by the last contested game (game 2): C placed 4th, lower than D
    assert d.cup_points == {A: 6, B: 4, C: 1, D: 1}
    assert (d.cup_holder, d.cup_rule, set(d.cup_tied)) == (C, "last_game_place", {C, D})
    assert "placed lower in the day's last game" in d.cup_text
    stats = {s.name: s for s in player_stats(led, today=day + dt.timedelta(days=10))[0]}
    assert (stats[C].cups, stats[C].days_held, stats[C].cup_points) == (1, 10, 1)
    assert stats[A].wins == 2 and stats["Гость"].games == 1
    assert cup_season(led).cumulative == {A: [6], B: [4], C: [1], D: [1]}
    assert led.verify() == []


def test_the_keeper_decides_a_tie_after_every_rule(led):
    import datetime as dt

    day = dt.date(2026, 7, 1)
    g = led.new_game(PLAYERS, rules="bus-angeles(schedule='2')", date=day)
    # one 2-card deal, one block: A 1/1 +100, B 1/1 +100, C 1/0 -100, D 1/0 -100.
    # A and B make their bids: A's premium 2 × (100 + 0) (B qualifies, so his only deal may not be cut) = 200;
    # B's 2 × (100 + 0) (C has no positive deal) = 200.  Totals 300, 300, -100, -100:
    # places 1, 1, 3, 3 -> cup points 3, 3, 1, 1; C and D tie on points, last game and day total.
    led.enter_deal(g, "H", [1, 1, 1, 1], [1, 1, 0, 0])
    assert led.finish(g).totals == (300, 300, -100, -100)
    with pytest.raises(KeeperDecisionNeeded) as e:
        led.end_day(day)
    assert set(e.value.tied) == {C, D}
    with pytest.raises(LedgerError, match="not tied"):
        led.end_day(day, keeper_pick=A)
    d = led.end_day(day, keeper_pick=D)
    assert (d.cup_holder, d.cup_rule) == (D, "keeper") and "the keeper decided" in d.cup_text
    assert led.verify() == []


def _counts(led):
    with led.read() as s:
        return (s.scalar(select(func.count()).select_from(Game)), s.scalar(select(func.count()).select_from(Deal)),
                s.scalar(select(func.count()).select_from(Player)))


def test_bad_input_is_rejected_naming_the_deal_and_nothing_is_written(led, tmp_path):
    g = led.new_game(PLAYERS)
    led.enter_deal(g, "H", [0, 0, 0, 0], [0, 1, 0, 0])
    before = _counts(led)
    # deal 2 (2 cards), dealer A (seat 1): B, C, D bid 1, 0, 0 -> A may not say 1
    with pytest.raises(LedgerError, match=r"deal 2 \(2 cards\): the bids sum to 2; the dealer Бутка \(seat 1\) "
                                          r"may not bid 1"):
        led.enter_deal(g, "S", [1, 1, 0, 0], [1, 1, 0, 0])
    with pytest.raises(LedgerError, match=r"Печун \(seat 2\) bid 3; a bid is 0\.\.2"):
        led.set_bids(g, [0, 3, 0, 0])
    with pytest.raises(LedgerError, match="tricks taken sum to 3, the deal has 2 tricks"):
        led.enter_deal(g, "S", [0, 1, 0, 0], [1, 1, 1, 0])
    with pytest.raises(LedgerError, match="not a trump: 'X'"):
        led.set_trump(g, "X")
    with pytest.raises(LedgerError, match="4 bids needed"):
        led.set_bids(g, "1,0")
    with pytest.raises(LedgerError, match="unknown infringement code 'swearing'"):
        led.penalty(g, B, "swearing")
    with pytest.raises(LedgerError, match="needs a note"):
        led.fine(g, B, "other")
    with pytest.raises(LedgerError, match="deals 1..2"):
        led.dot(g, B, "stalling", deal=7)
    with pytest.raises(LedgerError, match="does not play in this game"):
        led.dot(g, "Никто", "stalling")
    with pytest.raises(ConflictError, match="not deal 5"):
        led.enter_deal(g, "S", [0, 1, 0, 0], [1, 1, 0, 0], expect_deal=5)
    with pytest.raises(LedgerError, match="not over: 1 of 24"):
        led.finish(g)
    assert _counts(led) == before and led.game(g).current.trump is None
    # what was actually said is recorded with the house override
    r = led.enter_deal(g, "S", [1, 1, 0, 0], [1, 1, 0, 0], house_override=True)
    assert r.scores == (100, 100, 50, 50)
    assert "1!," in sheet_csv(led, g).splitlines()[2]
    # a malformed CSV row names its row and writes nothing
    games = _counts(led)[0]
    bad = (EXAMPLES / "paper-sheet.csv").read_text(encoding="utf-8").replace("7,7,S,2,2,1,1,2,3,1,1", "7,7,S,2,2,1,1,2,3,1")
    (tmp_path / "bad.csv").write_text(bad, encoding="utf-8")
    with pytest.raises(LedgerError, match=r"bad.csv row 12: 10 cells; a deal row has 11"):
        import_csv(led, tmp_path / "bad.csv")
    impossible = (EXAMPLES / "paper-sheet.csv").read_text(encoding="utf-8").replace(
        "8,8,D,2,2,1,2,1,1,2,3", "8,8,D,2,2,1,2,1,1,2,2")
    (tmp_path / "impossible.csv").write_text(impossible, encoding="utf-8")
    with pytest.raises(LedgerError, match=r"impossible.csv row 13 \(deal 8\): deal 8 \(8 cards\): tricks taken sum to 7"):
        import_csv(led, tmp_path / "impossible.csv")
    wrong_cards = (EXAMPLES / "paper-sheet.csv").read_text(encoding="utf-8").replace("3,3,D,", "3,4,D,")
    (tmp_path / "cards.csv").write_text(wrong_cards, encoding="utf-8")
    with pytest.raises(LedgerError, match=r"row 8 \(deal 3\): the row says 4 cards; deal 3 of bus-angeles has 3"):
        import_csv(led, tmp_path / "cards.csv")
    strangers = (EXAMPLES / "paper-sheet.csv").read_text(encoding="utf-8").replace("Монай", "Гость")
    (tmp_path / "guest.csv").write_text(strangers, encoding="utf-8")
    with pytest.raises(LedgerError, match="no player 'Гость'"):
        import_csv(led, tmp_path / "guest.csv")
    assert _counts(led)[0] == games  # no game, deal or player was left behind
    with pytest.raises(LedgerError, match="expected a fine, dot or redeal row"):
        parse_extras("fine,1,Бутка,revoke\nslap,2,Бутка", "x.csv")


def test_undo_takes_back_each_kind_of_entry(led):
    g = led.new_game(PLAYERS)
    led.set_trump(g, "H")
    led.set_bid(g, A, 0)
    led.set_bid(g, B, 0)
    assert led.game(g).current.bids == (0, 0, None, None)
    assert led.undo(g) == Undone("bid", 1) and str(Undone("bid", 1)) == "bid of deal 1"
    assert led.game(g).current.bids == (0, None, None, None)
    led.set_bids(g, [0, 0, 0, 0])
    led.set_tricks(g, [0, 1, 0, 0])
    assert led.game(g).current.number == 2
    assert str(led.undo(g)) == "tricks of deal 1"
    cur = led.game(g).current
    assert (cur.number, cur.trump, cur.bids) == (1, "H", (0, 0, 0, 0))
    led.set_tricks(g, [0, 1, 0, 0])
    # a fine with its redeal, undone as one entry
    led.set_trump(g, "S")
    led.penalty(g, A, "no_cut")
    v = led.game(g)
    assert len(v.redeals) == 1 and v.fines == (-250, 0, 0, 0) and v.current.attempt == 2
    done = led.undo(g)
    assert done == Undone("penalty", 2, "fine", A, "no_cut")
    assert str(done) == "fine to Бутка (no_cut) and the redeal of deal 2"
    v = led.game(g)
    assert v.redeals == () and v.fines == (0, 0, 0, 0) and (v.current.attempt, v.current.trump) == (1, "S")
    assert str(led.undo(g)) == "trump of deal 2"
    # a whole deal is "deal 2", not "deal of deal 2"; a redeal and a correction are named too
    led.enter_deal(g, "S", [0, 1, 0, 0], [0, 1, 1, 0])
    assert str(led.undo(g)) == "deal 2"
    led.redeal(g, "the pack was short")
    assert str(led.undo(g)) == "redeal of deal 2"
    led.edit_deal(g, 1, tricks=[1, 0, 0, 0])
    assert str(led.undo(g)) == "correction of deal 1"
    assert led.game(g).results[0].tricks == (0, 1, 0, 0)
    assert str(led.undo(g)) == "tricks of deal 1"
    for _ in range(3):
        led.undo(g)  # bids, bid, trump
    with pytest.raises(LedgerError, match="nothing to undo"):
        led.undo(g)
    assert led.verify() == []
    two = led.new_game(PLAYERS, rules="bus-angeles(schedule='1')")
    led.enter_deal(two, "H", [0, 0, 0, 0], [0, 1, 0, 0])
    led.finish(two)
    assert str(led.undo(two)) == "finish" and led.game(two).state == "open"
    led.abandon(two)
    assert str(led.undo(two)) == "abandon" and led.game(two).state == "open"


def test_a_whole_deal_completes_what_was_entered_of_it_and_never_replaces_it(led):
    """`bids 1,1,1,0` then `deal --trump D --bids 2,1,0,0 …`: the deal is refused,
    naming the bids entered and how to change them, and nothing is written; the
    same bids complete the deal, as one entry to undo."""
    g = led.new_game(PLAYERS, rules="bus-angeles(schedule='4,4')")  # deal 1: 4 cards, dealer Монай
    led.set_bids(g, "1,1,1,0")
    with pytest.raises(LedgerError) as ei:
        led.enter_deal(g, "D", "2,1,0,0", "2,1,1,0")
    assert ei.value.code == "deal_bids_differ"
    assert str(ei.value) == (
        "deal 1 (4 cards): the bids already entered for this deal are Бутка 1, Печун 1, Бардак 1, Монай 0, "
        "not Бутка 2, Печун 1, Бардак 0, Монай 0: to change them, take them back first with `joker ledger undo` "
        "(or give the same bids)")
    cur = led.game(g).current
    assert (cur.trump, cur.bids) == (None, (1, 1, 1, 0)) and led.game(g).results == ()
    # the same bids: the deal is completed (bids 1, 1, 1, 0; tricks 1 each: 100, 100, 100 and Монай over: 10)
    r = led.enter_deal(g, "D", "1,1,1,0", "1,1,1,1")
    assert r.scores == (100, 100, 100, 10)
    assert str(led.undo(g)) == "deal 1"  # one entry: back to the bids alone
    cur = led.game(g).current
    assert (cur.trump, cur.bids) == (None, (1, 1, 1, 0))
    # a trump already entered is kept the same way
    led.set_trump(g, "H")
    with pytest.raises(LedgerError) as ei:
        led.enter_deal(g, "D", "1,1,1,0", "1,1,1,1")
    assert str(ei.value) == ("deal 1 (4 cards): the trump already entered for this deal is H, not D: to change it, "
                             "take it back first with `joker ledger undo` (or give the same trump)")
    assert led.game(g).current.trump == "H"
    # bids said so far one at a time: a deal that agrees with them gives the rest
    led.undo(g)
    led.undo(g)
    led.set_bid(g, A, 1)
    with pytest.raises(LedgerError, match="already entered for this deal are Бутка 1, not Бутка 0, Печун 1"):
        led.enter_deal(g, "D", "0,1,1,1", "0,1,1,2")
    assert led.enter_deal(g, "D", "1,1,1,0", "1,1,1,1").scores == (100, 100, 100, 10)
    # deal 2 (dealer Бутка): his forbidden bid 1 (the others said 3) recorded as said stays so when the
    # whole deal repeats the bids; all four make 1: 100 each
    led.set_bids(g, "1,1,1,1", house_override=True)
    assert led.enter_deal(g, "S", "1,1,1,1", "1,1,1,1").scores == (100, 100, 100, 100)
    assert led.game(g).record.deals[1].house_override is True
    assert led.verify() == []


def test_the_game_chart_ends_a_block_where_the_rules_do(led):
    """Block 1 of bus-angeles is deals 1..8: a game at deal 5 has no block end
    line; once deal 10 is in, block 1 ends after deal 8 (past its premium at 8.4)
    and block 2 (deals 9..12), unfinished, has none."""
    from joker.ledger.charts import block_spans, game_figure

    g = led.new_game(PLAYERS)
    for cards, trump, bids, tricks in DEALS[:5]:
        led.enter_deal(g, trump, bids, tricks)

    def drawn(view):
        ax = game_figure(view).axes[0]
        ends = [line.get_xdata()[0] for line in ax.lines if line.get_linestyle() == "--"]
        labels = {t.get_text(): t.get_position()[0] for t in ax.texts if t.get_text().startswith("block")}
        return ends, labels

    v = led.game(g)
    assert block_spans(v) == {0: (1, 8), 1: (9, 12), 2: (13, 20), 3: (21, 24)}
    assert drawn(v) == ([], {"block 1": 4.5})
    for cards, trump, bids, tricks in DEALS[5:10]:
        led.enter_deal(g, trump, bids, tricks)
    assert drawn(led.game(g)) == ([8.9], {"block 1": 4.5, "block 2": 10.5})  # Бутка's premium: 8 + 0.4 + 0.5


def test_charts_speak_the_keepers_language(led):
    """The game chart in Russian: axis, title, block and premium labels; both
    languages have the same labels and placeholders; an unknown one is refused."""
    import string

    from joker.ledger.charts import LABELS, cup_chart, game_figure

    g = led.new_game(PLAYERS)
    for cards, trump, bids, tricks in DEALS[:10]:
        led.enter_deal(g, trump, bids, tricks)
    ax = game_figure(led.game(g), "ru").axes[0]
    texts = {t.get_text() for t in ax.texts}
    assert {"блок 1", "блок 2"} <= texts and any(t.startswith("премия +") for t in texts)
    assert (ax.get_xlabel(), ax.get_ylabel()) == ("раздача", "сумма очков")
    assert ax.get_title().startswith(f"Партия {g} — ") and ax.get_title().endswith("(идёт, раздач: 10)")
    fields = {lang: {k: {f for _, f, _, _ in string.Formatter().parse(v) if f} for k, v in words.items()}
              for lang, words in LABELS.items()}
    assert fields["en"] == fields["ru"]
    with pytest.raises(ValueError, match="unknown language 'de'"):
        game_figure(led.game(g), "de")
    with pytest.raises(ValueError, match="unknown language"):
        cup_chart(None, "x.svg", lang="de")


def test_edit_a_past_deal_recomputes_everything_after_it(led):
    g = enter_hand_game(led)
    led.finish(g)
    led.end_day()
    # deal 1 corrected: A took the trick, not B. A 0/1 -> over 10 (was 50); B 0/0 -> 50 (was 10).
    # Block 1: A no longer qualifies: 800 - 50 + 10 = 760, no premium; B 800 - 10 + 50 = 840, no cut.
    # Totals: A 760+280+580-100 = 1520; B 840+1300+810+230 = 3180; C 2140; D 1470.
    # Places B 1st, C 2nd, A 3rd, D 4th: cup points A 1, B 3, C 2, D 0; D still takes the day's cup.
    v = led.edit_deal(g, 1, tricks=[1, 0, 0, 0])
    assert v.results[0].scores == (10, 50, 50, 50)
    assert v.blocks[0].premium == (0, 0, 0, 0) and v.blocks[0].cut == (0, 0, 0, 0)
    assert v.totals == (1520, 3180, 2140, 1470) and v.cup_points == (1, 3, 2, 0)
    (day,) = led.days()
    assert day.cup_holder == D and day.cup_points == {A: 1, B: 3, C: 2, D: 0}
    with pytest.raises(LedgerError, match=r"deal 2 \(2 cards\): the bids sum to 2"):
        led.edit_deal(g, 2, bids=[1, 1, 0, 0])
    with pytest.raises(LedgerError, match="tricks taken sum to 2, the deal has 1"):
        led.edit_deal(g, 1, tricks=[1, 1, 0, 0])
    assert led.game(g).totals == (1520, 3180, 2140, 1470)
    assert led.verify() == []


def test_undo_after_editing_a_finished_game_takes_the_correction_back(led):
    """docs/scorekeeper.md: undo takes back the last entry, a correction included — the game stays finished
    with its totals, places and cup points as before the edit (issue 23)."""
    g = enter_hand_game(led)
    led.finish(g)
    led.edit_deal(g, 1, tricks=[1, 0, 0, 0])  # totals (1520, 3180, 2140, 1470), worked above
    assert str(led.undo(g)) == "correction of deal 1"
    v = led.game(g)
    assert v.state == "finished" and v.totals == TOTALS and v.cup_points == (2, 3, 1, 0)
    assert v.results[0].scores == (50, 10, 50, 50) and v.blocks[0].premium == (900, 0, 0, 0)
    assert led.verify() == []
    assert str(led.undo(g)) == "finish" and led.game(g).state == "open"  # the entry before the correction


def test_undo_after_editing_an_open_game_takes_the_correction_back(led):
    g = enter_hand_game(led)
    led.edit_deal(g, 1, tricks=[1, 0, 0, 0])
    assert str(led.undo(g)) == "correction of deal 1"
    v = led.game(g)
    assert v.state == "open" and v.totals == TOTALS and v.results[0].scores == (50, 10, 50, 50)


def test_verify_reports_a_tampered_score(led):
    g = enter_hand_game(led)
    led.finish(g)
    with led.write() as s:
        s.execute(update(Deal).where(Deal.game_id == g, Deal.number == 6, Deal.status == "scored")
                  .values(scores=[100, 999, 50, -100]))
        s.execute(update(Game).where(Game.id == g).values(totals=[1, 2, 3, 4]))
    problems = led.verify()
    assert any("deal 6: stored scores [100, 999, 50, -100] differ from the engine's [100, 300, 50, -100]" in p
               for p in problems)
    assert any("stored totals [1, 2, 3, 4] differ from the engine's [2460, 2840, 2140, 1470]" in p for p in problems)


def test_history_and_stats(led):
    g = enter_hand_game(led)
    led.finish(g)
    one_deal_game(led, PLAYERS, [D, C, B, A])
    led.end_day()
    (day,) = history(led)
    # the short game: D 1/1 100 + premium 2 × (100 + 0) (A, next, has no positive deal) = 300;
    # C 0/0 50 + premium 2 × (50 + 0) (D qualifies: his only deal may not be cut) = 150; B 0/1 10; A 2/0 -150
    assert [x.totals for x in day.games] == [TOTALS, (-150, 10, 150, 300)]
    rows, h2h = player_stats(led)
    st = {r.name: r for r in rows}
    assert (st[A].games, st[A].wins, st[D].wins) == (2, 0, 1)
    assert [st[p].premiums for p in PLAYERS] == [1, 1, 2, 2]
    assert st[A].mean_place == (2 + 4) / 2
    assert st[C].fines == 1
    # A's misses in the long game: deals 9 (over), 10 (under), 14 (over), 17 (over), 21 (under), 23 (under):
    # 18 of 24 made; in the short game he bid 2 and took 0: 18 of 25
    assert (st[A].bids_made, st[A].bids) == (18, 25)
    ab = next(x for x in h2h if {x.a, x.b} == {A, B})
    assert ab.games == 2


def test_state_of_replays_the_record_and_raises_the_engines_own_error():
    """The ledger's state comes from the one replay loop; a deal the engine refuses
    reaches the keeper as the engine's error (its reason code translates it)."""
    from joker.errors import IllegalActionError, RecordError
    from joker.games.joker.record import DealEntry
    from joker.ledger.records import state_of

    rules = "bus-angeles(schedule='1,1')"
    ok = DealEntry(trump="H", bids=(0, 0, 0, 0), tricks=(1, 0, 0, 0))
    state = state_of(GameRecord(rules=rules, players=tuple(PLAYERS), first_dealer=3, deals=(ok,)))
    assert state.seed is None and state.results[0].scores == (10, 50, 50, 50)
    assert state_of(GameRecord(rules=rules, players=tuple(PLAYERS), first_dealer=3)).hands == (0, 0, 0, 0)
    bad = DealEntry(trump="H", bids=(0, 0, 0, 1), tricks=(0, 0, 0, 1))  # the dealer may not bid 1
    with pytest.raises(IllegalActionError, match="may not bid 1") as e:
        state_of(GameRecord(rules=rules, players=tuple(PLAYERS), first_dealer=3, deals=(bad,)))
    assert not isinstance(e.value, RecordError)


def test_a_sheet_is_the_same_game_only_with_the_same_day_players_and_deals(led):
    """Importing the same sheet twice is refused (issue 23); "the same" is the same game day, the same players
    in the same seats and the same deals — another day, other seats or one deal different is another game."""
    import datetime as dt

    from joker.ledger.paper import import_sheet

    text = (EXAMPLES / "paper-sheet.csv").read_text(encoding="utf-8")
    g = import_csv(led, EXAMPLES / "paper-sheet.csv")
    with pytest.raises(LedgerError, match=f"game {g} of"):
        import_csv(led, EXAMPLES / "paper-sheet.csv")
    with pytest.raises(LedgerError, match=f"game {g} of"):
        import_csv(led, EXAMPLES / "paper-sheet.csv", finish=False)  # finished or not, the same deals
    other_day = import_csv(led, EXAMPLES / "paper-sheet.csv", date=dt.date.today() + dt.timedelta(days=1))
    # the first deal changed (Бутка took the trick, not Печун): another game
    changed = text.replace("1,1,H,0,0,0,1,0,0,0,0", "1,1,H,0,1,0,0,0,0,0,0")
    assert changed != text
    one_deal_other = import_sheet(led, parse_sheet(changed, 4, "changed.csv"))
    # the same deals with the players in other seats: another game (the rules would score them otherwise)
    def swap(line: str) -> str:  # seats 1 and 2 change places: the header's names and each deal's columns
        r = line.split(",")
        return ",".join(r[:3] + r[5:7] + r[3:5] + r[7:]) if r[0] == "deal" or r[0].isdigit() else line

    swapped = "\n".join(swap(line) for line in text.splitlines())
    assert "deal,cards,trump,Печун bid,Печун tricks,Бутка bid" in swapped
    seats = import_sheet(led, parse_sheet(swapped, 4, "swapped.csv"))
    assert led.game(seats).players == (B, A, C, D)
    assert len({g, other_day, one_deal_other, seats}) == 4 and len(led.games()) == 4


def test_player_names_are_compared_ignoring_case(led):
    """No two players differ only in case (issue 23); the first spelling stays everywhere."""
    with pytest.raises(LedgerError, match="player 'Бутка' already exists"):
        led.add_player("бутка")
    with pytest.raises(LedgerError, match="player 'Печун' already exists"):
        led.add_player("  ПЕЧУН ")
    assert sorted(p.name for p in led.players()) == sorted(PLAYERS)
    # a game names its players in any case, and --add-players adds no twin
    g = led.new_game(["БУТКА", "печун", "бардак", "Монай"], add_players=True)
    assert led.game(g).players == tuple(PLAYERS) and len(led.players()) == 4
    with pytest.raises(LedgerError, match="a player may sit only once"):
        led.new_game(["Бутка", "бутка", "Бардак", "Монай"], add_players=True)
    # renaming to another player's name in other case is refused; changing one's own case is a rename
    with pytest.raises(LedgerError, match="player 'Бутка' already exists"):
        led.rename_player("Печун", "БУТКА")
    assert led.rename_player("монай", "МОНАЙ").name == "МОНАЙ"
    assert led.game(g).players == (A, B, C, "МОНАЙ")


def test_bids_and_tricks_in_calling_order(led):
    """``order="call"``: the numbers as the players called them, the first hand first and the dealer last
    (RULES.md §6); stored in seat order.  The hand game's deals 2 and 4 (scores worked at DEALS)."""
    g = led.new_game(PLAYERS)
    led.enter_deal(g, "H", [0, 0, 0, 0], [0, 1, 0, 0])
    # deal 2: Бутка (seat 1) deals, so Печун bids first: Печун 1, Бардак 0, Монай 1, Бутка 1
    led.set_trump(g, "S")
    cur = led.set_bids(g, "1,0,1,1", order="call")
    assert cur.bids == (1, 1, 0, 1) and cur.bid_order == (1, 2, 3, 0)
    r = led.set_tricks(g, "1,0,0,1", order="call")  # Печун 1, Бардак 0, Монай 0, Бутка 1
    assert r.tricks == (1, 1, 0, 0) and r.scores == (100, 100, 50, -100)
    led.enter_deal(g, "D", [1, 1, 1, 1], [1, 2, 0, 0])
    # deal 4: Бардак (seat 3) deals; Монай, Бутка, Печун, Бардак: bids 2, 0, 1, 2 and tricks 1, 0, 1, 2
    r = led.enter_deal(g, "C", "2,0,1,2", "1,0,1,2", order="call")
    assert (r.bids, r.tricks, r.scores) == ((0, 1, 2, 2), (0, 1, 2, 1), (50, 100, 150, -150))
    # a correction in that deal's calling order: Монай took 2 and Бардак 1 (seat order 0, 1, 1, 2)
    v = led.edit_deal(g, 4, tricks="2,0,1,1", order="call")
    assert v.results[3].tricks == (0, 1, 1, 2)
    with pytest.raises(LedgerError, match=r"deal 5 \(5 cards\): 4 bids needed, in calling order "
                                          r"\(Бутка, Печун, Бардак, Монай\); got 2"):
        led.set_bids(g, "1,1", order="call")
