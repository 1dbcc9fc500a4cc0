"""``joker ledger`` through typer's CliRunner: every command's --help, a game
from the command line, errors, import/export, charts, and table mode left and
resumed."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from joker.cli.main import app
from joker.ledger import Ledger
from test_ledger import DEALS, EXAMPLES, REDEAL_AT, TOTALS
from test_ledger_support import PLAYERS

A, B, C, D = PLAYERS


@pytest.fixture
def db(tmp_path, monkeypatch):
    monkeypatch.delenv("JOKER_DB_URL", raising=False)
    return str(tmp_path / "cli.db")


def run(db, *args, input=None, code=0):
    result = CliRunner().invoke(app, ["ledger", "--db", db, *map(str, args)], input=input)
    assert result.exit_code == code, result.output  # stdout and stderr, interleaved
    return result.output


def _commands(typer_app, prefix=()):
    import typer.main

    group = typer.main.get_command(typer_app)
    out = []

    def walk(cmd, path):
        out.append(path)
        for name, sub in getattr(cmd, "commands", {}).items():
            walk(sub, path + (name,))

    walk(group, prefix)
    return out


def test_every_command_has_help(db):
    from joker.cli.ledger import app as ledger_app

    paths = _commands(ledger_app)
    assert ("play",) in paths and ("players", "add") in paths and ("chart", "cup") in paths
    for path in paths:
        result = CliRunner().invoke(app, ["ledger", *path, "--help"])
        assert result.exit_code == 0, (path, result.output)
        assert "Usage" in result.output


def test_a_game_from_the_command_line(db, tmp_path):
    for p in PLAYERS:
        run(db, "players", "add", p, "--core")
    run(db, "players", "add", "Гость")
    assert "Гость" in run(db, "players", "list") and "guest" in run(db, "players", "list")
    out = run(db, "game", "new", "--players", ",".join(PLAYERS))
    assert "dealer Монай; Бутка bids first" in out
    for number, (cards, trump, bids, tricks) in enumerate(DEALS, start=1):
        if number not in (3, REDEAL_AT, REDEAL_AT + 1, 24):  # most deals through the API, to keep the test quick
            with Ledger.open(db) as led:
                led.enter_deal(None, trump, bids, tricks, expect_deal=number)
            continue
        if number == REDEAL_AT:
            run(db, "trump", "S")
            out = run(db, "bids", "2,2,2,2")
            assert "bids: Бардак 2, Монай 2, Бутка 2, Печун 2" in out and "dealer Печун" in out
            out = run(db, "fine", C, "revoke", "--note", "trumped a club holding clubs")
            assert "fine -250: Бардак, deal 11, revoke" in out and "dealt again" in out
        if number == 3:  # per-bid entry and the dealer's forbidden bid announced
            run(db, "trump", trump)
            out = run(db, "bid", C, bids[2])
            run(db, "bid", D, bids[3])
            out = run(db, "bid", A, bids[0])
            assert "the dealer Печун may not bid 0" in out
            out = run(db, "bid", B, 0, code=1)
            assert "the dealer Печун (seat 2) may not bid 0" in out
            run(db, "bid", B, bids[1])
            out = run(db, "tricks", ",".join(map(str, tricks)))
            assert "deal 3 scored: Бутка +100, Печун +20, Бардак -100, Монай -100" in out
            continue
        out = run(db, "deal", "--trump", trump, "--bids", ",".join(map(str, bids)),
                  "--tricks", ",".join(map(str, tricks)))
    out = run(db, "show")
    for text in ("●", "block 1", "+900", "−300", "fines", "-250", "2460", "2840", "2140", "1470",
                 "redeal: deal 11", "dots this game"):
        assert text in out, text
    # three dots, the third announced loudly; then undo it
    run(db, "dot", B, "stalling", "--deal", 24)
    run(db, "dot", B, "--other", "sang during the deal", "--deal", 24)
    out = run(db, "dot", B, "bid_out_of_turn", "--deal", 24)
    assert "SLAP: ПЕЧУН" in out
    assert "undone: dot to Печун (bid_out_of_turn)" in run(db, "undo")
    out = run(db, "finish")
    assert "Standings" in out and "cup points: Бутка 2 · Печун 3 · Бардак 1 · Монай 0" in out
    out = run(db, "day", "end")
    assert "Монай takes the cup — fewest cup points" in out
    out = run(db, "edit", "1", "--tricks", "1,0,0,0")
    assert "totals now: Бутка 1520, Печун 3180, Бардак 2140, Монай 1470" in out
    run(db, "edit", "1", "--tricks", "0,1,0,0")
    assert "ok: 1 game re-scored by the engine, no difference" in run(db, "verify")
    out = run(db, "history")
    assert "cup: Монай (fewest cup points)" in out and "1. Печун 2840, 3 cup pt" in out
    out = run(db, "stats")
    assert "Head to head" in out and "Печун" in out
    # export, and import the export again
    csv_text = run(db, "export", "csv", "--game", 1)
    assert csv_text.splitlines()[0].startswith("deal,cards,trump,Бутка bid,Бутка tricks")
    record = json.loads(run(db, "export", "json", "--game", 1))
    assert record["format"] == "joker-record" and len(record["deals"]) == 24
    (tmp_path / "game.json").write_text(json.dumps(record), encoding="utf-8")
    out = run(db, "import", "json", tmp_path / "game.json", "--date", "2026-01-02")
    assert "totals: Бутка 2460, Печун 2840, Бардак 2140, Монай 1470" in out
    out = run(db, "import", "csv", EXAMPLES / "paper-sheet.csv", "--date", "2026-01-03")
    assert "24 deals, 1 penalty, 1 redeal; finished" in out
    # charts
    for name in ("game.png", "game.svg"):
        assert "wrote" in run(db, "chart", "game", "--game", 1, "--out", tmp_path / name)
        assert (tmp_path / name).stat().st_size > 10_000
    run(db, "day", "end", "--date", "2026-01-02")
    run(db, "chart", "cup", "--out", tmp_path / "cup.png")
    assert (tmp_path / "cup.png").stat().st_size > 10_000
    out = run(db, "chart", "game", "--game", 1, "--out", tmp_path / "game.pdf", code=1)
    assert "saved as .png or .svg" in out
    with Ledger.open(db) as led:
        assert led.game(1).totals == TOTALS and led.verify() == []


def test_command_line_errors_are_clear(db, tmp_path):
    for p in PLAYERS:
        run(db, "players", "add", p, "--core")
    out = run(db, "trump", "H", code=1)
    assert "error: no game yet" in out
    run(db, "players", "add", "Гость")
    assert "renamed to Гостья" in run(db, "players", "rename", "гость", "Гостья")
    assert "Гостья: core roster" in run(db, "players", "core", "Гостья")
    assert "Гостья: guest" in run(db, "players", "core", "Гостья", "--off")
    assert "already exists" in run(db, "players", "add", "Бутка", code=1)
    out = run(db, "game", "new", "--players", "Бутка,Печун,Бардак", code=1)
    assert "bus-angeles is played by 4 players; 3 given" in out
    out = run(db, "game", "new", "--players", "Бутка,Печун,Бардак,Некто", code=1)
    assert "no player 'Некто'" in out
    run(db, "game", "new", "--players", ",".join(PLAYERS))
    out = run(db, "deal", "-t", "H", "-b", "0,0,0,1", "-k", "0,1,0,0", code=1)
    assert "error: deal 1 (1 card): the bids sum to 1; the dealer Монай (seat 4) may not bid 1" in out
    out = run(db, "deal", "-t", "H", "-b", "0,0,0,0", "-k", "0,1,0,1", code=1)
    assert "tricks taken sum to 2, the deal has 1 tricks" in out
    out = run(db, "fine", B, code=1)
    assert "give an infringement code (no_cut, revoke, misdeal_after_trump)" in out
    out = run(db, "dot", B, "revoke", code=1)
    assert "revoke is punished by a fine" in out
    bad = tmp_path / "bad.csv"
    bad.write_text("deal,cards,trump,Бутка,,Печун,,Бардак,,Монай,\n1,1,H,0,0,0,one,0,0,0,0\n", encoding="utf-8")
    out = run(db, "import", "csv", bad, code=1)
    assert "bad.csv row 2 (deal 1): Печун's tricks must be a whole number, not 'one'" in out
    text = tmp_path / "notes.txt"
    text.write_text("not a database", encoding="utf-8")
    out = run(str(text), "players", "list", code=1)
    assert "is not a joker ledger" in out


def test_table_mode_can_be_left_and_resumed(db):
    rules = "bus-angeles(schedule='1,2|3')"
    # a new game from table mode; new players are asked about; leave in the middle of deal 2's bids
    answers = [
        "y", "y", "y", "n",          # Бутка, Печун, Бардак core; Гость a guest
        "H", "0", "0", "0", "0",     # deal 1: trump, bids from seat 1 (the dealer is seat 4)
        "0,1,0,0",                   # tricks: Печун takes the trick
        "S", "1", "1",               # deal 2: trump, Печун and Бардак bid; then the keeper leaves
    ]
    out = run(db, "play", "--players", "Бутка,Печун,Бардак,Гость", "--rules", rules, input="\n".join(answers) + "\n")
    assert "dealer Гость; Бутка bids first" in out
    assert "deal 1 scored: Бутка +50, Печун +10, Бардак +50, Гость +50" in out
    assert "left the table — everything entered is saved" in out
    with Ledger.open(db) as led:
        cur = led.game().current
        assert (cur.number, cur.trump, cur.bids) == (2, "S", (None, 1, 1, None))
    # resume: the dealer (Бутка, seat 1) is told what he may not say; a dot; the rest of the game
    answers = [
        "0",                  # Гость bids 0 -> the dealer Бутка may not bid 0 (1 + 1 + 0 = 2)
        "0", "n",             # Бутка says 0 anyway: not recorded as a house override
        "?",                  # help
        "1",                  # Бутка bids 1
        "dot", "Печун", "7",  # a dot to Печун: stalling (7th in the dot list)
        "1,1,0,0",            # deal 2 tricks
        "u",                  # undo them
        "1,0,1,0",            # deal 2 tricks again
        "dot", "2", "5",      # Печун (seat 2): asked_trump_twice
        "dot", "Печун", "6",  # bid_out_of_turn: his third dot today -> SLAP
        "N", "1", "1", "0", "0",   # deal 3 (3 cards, dealer Печун): Бардак, Гость, Бутка, Печун bid
        "1,1,0,1",            # tricks
        "",                   # all deals entered: finish
        "y",                  # end the game day
    ]
    out = run(db, "play", input="\n".join(answers) + "\n")
    assert "the dealer Бутка may not bid 0" in out
    assert "record it as said (house override)?" in out
    assert "commands at any prompt" in out
    assert "dot: Печун, deal 2, stalling" in out
    assert "undone: tricks of deal 2" in out
    assert out.count("SLAP: ПЕЧУН — THIRD DOT TODAY!") == 1 and "dot: Печун, deal 3, bid_out_of_turn" in out
    assert "game over" in out and "Standings" in out
    assert "not a cup game (guest: Гость)" in out
    assert "no contested game" in out
    with Ledger.open(db) as led:
        v = led.game(1)
        assert v.state == "finished" and [r.tricks for r in v.results][1] == (1, 0, 1, 0)
        assert v.dots_game == (0, 3, 0, 0) and v.slaps_day == (0, 1, 0, 0)
        assert led.verify() == []
