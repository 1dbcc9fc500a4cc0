"""``joker ledger`` through typer's CliRunner: every command's --help, a game
from the command line, errors, import/export, charts, and table mode left and
resumed."""

from __future__ import annotations

import json
import re

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
    monkeypatch.delenv("JOKER_LANG", raising=False)
    return str(tmp_path / "cli.db")


def run(db, *args, input=None, code=0, lang=None):
    options = ["--lang", lang] if lang else []
    result = CliRunner().invoke(app, ["ledger", "--db", db, *options, *map(str, args)], input=input)
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
        assert "<bool>" not in result.output, path  # a yes/no option is a flag, it takes no value


def test_a_game_from_the_command_line(db, tmp_path):
    for p in PLAYERS:
        run(db, "players", "add", p, "--core")
    run(db, "players", "add", "Гость")
    assert "Гость" in run(db, "players", "list") and "guest" in run(db, "players", "list")
    out = run(db, "game", "new", "--players", ",".join(PLAYERS))
    assert "dealer Монай; Бутка bids first" in out
    assert "— Bus-Angeles regulation\n" in out  # the rules in words; the code is what one types
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


def test_a_deal_never_replaces_the_bids_already_entered(db):
    """`bids 1,1,1,0`, then `deal` with other bids: refused in either language, naming
    the bids entered and how to change them, and nothing written; with the same bids it
    completes the deal.  What undo took back is said in either language."""
    for p in PLAYERS:
        run(db, "players", "add", p, "--core")
    run(db, "game", "new", "--players", ",".join(PLAYERS), "--rules", "bus-angeles(schedule='4,4')")
    run(db, "bids", "1,1,1,0")
    deal = ("deal", "--trump", "D", "--bids", "2,1,0,0", "--tricks", "2,1,1,0")
    assert run(db, *deal, code=1) == (
        "error: deal 1 (4 cards): the bids already entered for this deal are Бутка 1, Печун 1, Бардак 1, Монай 0, "
        "not Бутка 2, Печун 1, Бардак 0, Монай 0: to change them, take them back first with `joker ledger undo` "
        "(or give the same bids)\n")
    assert run(db, *deal, code=1, lang="ru") == (
        "ошибка: раздача 1 (4 карты): для этой раздачи уже записаны заказы Бутка 1, Печун 1, Бардак 1, Монай 0, "
        "а не Бутка 2, Печун 1, Бардак 0, Монай 0: чтобы их изменить, сначала отмените их (`joker ledger undo`) "
        "или укажите те же заказы\n")
    with Ledger.open(db) as led:
        cur = led.game().current
        assert (cur.number, cur.trump, cur.bids) == (1, None, (1, 1, 1, 0))
    # the same bids complete the deal: 100, 100, 100 and Монай over (10)
    out = run(db, "deal", "--trump", "D", "--bids", "1,1,1,0", "--tricks", "1,1,1,1")
    assert "deal 1 scored: Бутка +100, Печун +100, Бардак +100, Монай +10" in out
    assert run(db, "undo") == "undone: deal 1\n"  # the whole deal, back to the bids (not "deal of deal 1")
    assert run(db, "undo", lang="ru") == "отменено: заказы раздачи 1\n"
    # a fine with its redeal, and the redeal's reason in Russian (the regulation's words, not the code)
    assert "раздача 1 сдаётся заново" in run(db, "fine", A, "no_cut", lang="ru")
    assert "пересдача: раздача 1, попытка 1 аннулирована — не дал подснять: Бутка" in run(db, "show", lang="ru")
    assert "redeal: deal 1, attempt 1 voided — no_cut: Бутка" in run(db, "show")
    assert run(db, "undo", lang="ru") == "отменено: штраф игроку Бутка (не дал подснять) и пересдача раздачи 1\n"
    out = run(db, "redeal", "--code", "revoke", "--player", C, lang="ru")
    assert out == ("раздача 1 (попытка 1) аннулирована: побил карту другой мастью или козырем при наличии такой масти "
                   "на руке: Бардак; пересдача\n")
    assert run(db, "undo") == "undone: fine to Бардак (revoke) and the redeal of deal 1\n"


def test_stats_fit_the_terminal_without_wrapped_cells(db):
    """Twelve columns in at most 100 characters, English and Russian: headers break
    where the catalogue says, every player's row is one line."""
    for p in PLAYERS:
        run(db, "players", "add", p, "--core")
    run(db, "game", "new", "--players", ",".join(PLAYERS), "--rules", "bus-angeles(schedule='4,4')")
    run(db, "deal", "--trump", "D", "--bids", "1,1,1,0", "--tricks", "1,1,1,1")  # Монай over, the rest made
    run(db, "deal", "--trump", "S", "--bids", "1,1,1,0", "--tricks", "1,1,1,1")
    run(db, "finish")
    for lang, made, missed, head in (("en", "100% of 2", "0% of 2", ("mean", "place", "bids", "made")),
                                      ("ru", "100% из 2", "0% из 2", ("среднее", "место", "заказ", "сыгран"))):
        out = run(db, "stats", lang=lang)
        lines = out.splitlines()
        assert max(len(line) for line in lines) <= 100, out
        for name in PLAYERS:
            [row] = [line for line in lines if line.startswith(name + " ") and "–" not in line]  # not head to head
            assert row.endswith(" 0") and (missed if name == D else made) in row, row
        top, bottom = next((a, b) for a, b in zip(lines, lines[1:]) if head[0] in a)
        assert head[1] in bottom and head[2] in top and head[3] in bottom, out


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
        "0,1,0,1",            # deal 2 tricks again, in the order of the bids: Печун, Бардак, Гость, Бутка
        "dot", "2", "5",      # Печун (seat 2): asked_trump_twice
        "dot", "Печун", "6",  # bid_out_of_turn: his third dot today -> SLAP
        "N", "1", "1", "0", "0",   # deal 3 (3 cards, dealer Печун): Бардак, Гость, Бутка, Печун bid
        "0,1,1,1",            # tricks in the order of the bids: Бардак 0, Гость 1, Бутка 1, Печун 1
        "",                   # all deals entered: finish
        "y",                  # end the game day
    ]
    out = run(db, "play", input="\n".join(answers) + "\n")
    assert "the dealer Бутка may not bid 0" in out
    assert "tricks taken, in the order of the bids (Печун, Бардак, Гость, Бутка)" in out
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
        assert v.state == "finished" and [r.tricks for r in v.results][1:] == [(1, 0, 1, 0), (1, 1, 0, 1)]
        assert v.dots_game == (0, 3, 0, 0) and v.slaps_day == (0, 1, 0, 0)
        assert led.verify() == []


# -- Russian (--lang ru, $JOKER_LANG) ----------------------------------------------------------


def _english_words() -> set[str]:
    """Words of the ledger's English texts (and the shared sheet's) that its Russian never uses:
    none of them may be left in Russian output.  Placeholders, `commands` and --options are not words."""
    from joker.i18n import catalogue
    from joker.i18n.scorekeeper import LEDGER

    CATALOG = catalogue("scorekeeper").texts

    keys = set(LEDGER["en"]) | {"sheet_cards", "sheet_trump", "sheet_block", "sheet_fines", "sheet_total",
                                "standings", "col_place", "col_player", "col_total", "kind_notrump"}

    def words(text: str) -> set[str]:
        return set(re.findall(r"[A-Za-z]{3,}", re.sub(r"\{[^}]*\}|`[^`]*`|--[\w-]+|\$\w+", " ", text)))

    russian = set().union(*(words(CATALOG["ru"][k]) for k in keys))
    return set().union(*(words(CATALOG["en"][k]) for k in keys)) - russian


def _assert_russian(out: str, words: set[str]) -> None:
    left = {w for w in words if re.search(rf"(?<![\w-]){w}(?![\w-])", out)}
    assert not left, (left, out)


def test_a_game_in_russian(db, tmp_path):
    words = _english_words()
    assert {"deal", "dealer", "bids", "trump", "block", "total", "cup", "slap"} <= {w.lower() for w in words}
    outs = []

    def ru(*args, code=0):
        out = run(db, *args, lang="ru", code=code)
        outs.append(out)  # refusals too: the ledger's errors are said in Russian
        return out

    for p in PLAYERS:
        assert f"добавлен игрок {p} (основной состав)" in ru("players", "add", p, "--core")
    assert "основной" in ru("players", "list")
    assert "игровой день 2026-01-01 начат" in ru("day", "start", "--date", "2026-01-01")
    out = ru("game", "new", "--players", ",".join(PLAYERS))
    assert "партия 1 начата: 1. Бутка, 2. Печун, 3. Бардак, 4. Монай" in out
    assert "дальше: раздача 1 из 24: 1 карта, блок 1 · сдаёт Монай; первым заказывает Бутка" in out
    out = ru("deal", "--trump", "H", "--bids", "0,0,0,0", "--tricks", "0,1,0,0")
    assert "раздача 1 записана: Бутка +50, Печун +10, Бардак +50, Монай +50" in out
    assert "раздача 2 из 24: 2 карты" in out
    _, trump, bids, tricks = DEALS[1]
    assert "козырь ♠" in ru("trump", trump)
    assert "заказы: Печун 1, Бардак 0, Монай 1, Бутка 1" in ru("bids", ",".join(map(str, bids)))
    assert "раздача 2 записана" in ru("tricks", ",".join(map(str, tricks)))
    _, trump, bids, tricks = DEALS[2]  # per-bid entry: the dealer Печун is told what he may not say
    ru("trump", trump)
    for seat in (2, 3, 0):
        out = ru("bid", PLAYERS[seat], bids[seat])
    assert "сдающий Печун не может заказать 0" in out
    out = ru("bid", B, 0, code=1)  # the dealer's forbidden bid: refused in Russian, nothing written
    assert out == ("ошибка: раздача 3 (3 карты): сумма заказов — 3; сдающий Печун (место 2) не может заказать 0 "
                   "(если так и было сказано, запишите с --house-override)\n")
    with Ledger.open(db) as led:
        assert led.game(1).current.bids == (bids[0], None, bids[2], bids[3])
    ru("bid", B, bids[1])
    out = ru("tricks", "3,0,0,1", code=1)  # four tricks in a 3-card deal
    assert out == "ошибка: раздача 3 (3 карты): сумма взяток 4, а в раздаче 3 взятки\n"
    out = ru("tricks", "1,1", code=1)
    assert out == "ошибка: раздача 3 (3 карты): нужно 4 числа взяток, по одному на место, по порядку мест; дано: 2\n"
    with Ledger.open(db) as led:
        v = led.game(1)
        assert len(v.results) == 2 and v.current.number == 3 and v.current.bids[1] == bids[1]
    ru("tricks", ",".join(map(str, tricks)))
    assert "точка: Печун, раздача 4, затягивание игры" in ru("dot", B, "stalling")
    assert "раздача 4 сдаётся заново" in ru("fine", C, "no_cut")
    for number in range(4, 25):
        with Ledger.open(db) as led:
            cards, trump, bids, tricks = DEALS[number - 1]
            led.enter_deal(None, trump, bids, tricks, expect_deal=number)
    out = ru("show")
    for text in ("партия 1 · 2026-01-01 №1 · Регламент Бус-Анджелес · идёт", "карт", "козырь", "блок 1", "блок 4", "+900",
                 "штрафы", "итого", "пересдача: раздача 4, попытка 1 аннулирована — не дал подснять: Бардак",
                 "штраф -250: Бардак, раздача 4",
                 "точки в этой партии: Бутка 0 · Печун 1", "точки за день до щелбана"):
        assert text in out, text
    out = ru("finish")
    assert "Итоги" in out and "место" in out and "очки кубка: " in out
    out = ru("day", "end")
    assert "игровой день 2026-01-01 окончен: 1 партия" in out and "кубок забирает" in out
    assert "кубок: " in ru("history")
    assert "Игроки" in ru("stats")
    assert "всё сходится: пересчитано движком — 1 партия, расхождений нет" in ru("verify")
    out = ru("import", "csv", EXAMPLES / "paper-sheet.csv", "--date", "2026-01-03")
    assert "загружен как партия 2: 24 раздачи, 1 нарушение, 1 пересдача; окончена" in out
    assert "записан файл" in ru("export", "csv", "--game", 2, "-o", tmp_path / "sheet.csv")
    _assert_russian("\n".join(outs), words)


def test_table_mode_in_russian(db):
    answers = ["y", "y", "y", "y",      # four core players
               "H", "0", "0", "0", "0", "0,1,0,0",                   # deal 1
               "S", "1", "1", "0", "0", "n", "1",                    # deal 2: Бутка, the dealer, may not say 0
               "dot", "2", "7",                                     # a stalling dot to Печун
               "0,1,0,1", "N", "1", "1", "0", "0", "0,1,1,1",        # deal 2's tricks; deal 3 (as bid)
               "", "n"]                                             # finish; do not end the day
    out = run(db, "play", "--players", ",".join(PLAYERS), "--rules", "bus-angeles(schedule='1,2|3')", lang="ru",
              input="\n".join(answers) + "\n")
    for text in ("Бутка — новый игрок: в основной состав", "режим стола — партия 1", "команды в любой момент",
                 "козырь (открытая карта): S C D H, N — бескозырка", "заказ — Бутка (сдающий; нельзя 0)",
                 "сдающий Бутка не может заказать 0; записать как сказано", "взятки в порядке заказов (Печун, Бардак, Монай, Бутка)",
                 "точка кому (имя или место 1..4)", "7. stalling — затягивание игры", "точка: Печун, раздача 2",
                 "все раздачи записаны — Enter заканчивает партию", "партия окончена", "Итоги",
                 "закончить игровой день сейчас"):
        assert text in out, text
    _assert_russian(out, _english_words())


def test_joker_lang_sets_the_default(db, monkeypatch):
    monkeypatch.setenv("JOKER_LANG", "ru")
    assert "добавлен игрок Бутка (основной состав)" in run(db, "players", "add", A, "--core")
    assert "added Печун (guest)" in run(db, "players", "add", B, lang="en")  # --lang wins over $JOKER_LANG
    assert "имя" in run(db, "players", "list")


@pytest.mark.parametrize("how", ["option", "env"])
def test_an_unknown_language_is_refused_and_writes_nothing(db, monkeypatch, how):
    from pathlib import Path

    def refused(*args):
        with monkeypatch.context() as m:
            if how == "env":
                m.setenv("JOKER_LANG", "fr")
            out = run(db, *args, code=2, lang="fr" if how == "option" else None)
        flat = " ".join(out.replace("│", " ").split())  # typer draws the error in a box
        assert "'fr' is not a language; use one of: en, ru" in flat, out

    refused("players", "add", A)
    assert not Path(db).exists()
    run(db, "players", "add", A)
    refused("players", "add", B)
    with Ledger.open(db) as led:
        assert [p.name for p in led.players()] == [A]


def test_the_ledger_catalogue():
    """Parity of keys and placeholders is checked with the game's catalogue (test_terminal_play);
    here: the ledger's keys are its own, plural entries have each language's forms, and the
    English texts rebuilt from codes are the library's word for word."""
    import datetime as dt

    from joker.i18n import Tr, play
    from joker.i18n.scorekeeper import LEDGER
    from joker.ledger.lines import cup_text, penalty_text
    from joker.ledger import DayInfo, PenaltyInfo
    from joker.ledger.regulation import CupRule

    assert not set(LEDGER["en"]) & set(play.EN)
    for k in LEDGER["en"]:
        if k.startswith("n_"):
            assert len(LEDGER["en"][k].split("|")) == 2 and len(LEDGER["ru"][k].split("|")) == 3, k
    en, ru = Tr("en", "scorekeeper"), Tr("ru", "scorekeeper")
    assert [ru.count(n, "n_game") for n in (1, 3, 5, 21)] == ["1 партия", "3 партии", "5 партий", "21 партия"]
    assert en.count(2, "n_penalty") == "2 penalties" and ru("sheet_block", block=2) == "блок 2"
    now = dt.datetime(2026, 1, 1)
    for p in (PenaltyInfo(1, 1, 11, 2, C, "revoke", "fine", -250, "trumped a club", now),
              PenaltyInfo(2, 1, None, 1, B, "other", "dot", 0, "sang", now),
              PenaltyInfo(3, 1, 3, 1, B, "stalling", "dot", 0, "", now)):
        assert penalty_text(en, p) == p.text
    assert penalty_text(ru, PenaltyInfo(3, 1, 3, 1, B, "stalling", "dot", 0, "", now)) == \
        "точка: Печун, раздача 3, затягивание игры"
    days = [DayInfo(1, now.date(), False, ()), DayInfo(1, now.date(), True, ())]
    days += [DayInfo(1, now.date(), True, (1, 2), D, rule.value, (C, D) if rule is not CupRule.FEWEST_POINTS else ())
             for rule in CupRule]
    for d in days:
        assert cup_text(en, d) == d.cup_text


# -- issue 23: the scorekeeper at the table ------------------------------------------------------


def _game_of_three(db, rules="bus-angeles(schedule='1,2,3')"):
    for p in PLAYERS:
        run(db, "players", "add", p, "--core")
    run(db, "game", "new", "--players", ",".join(PLAYERS), "--rules", rules)


@pytest.mark.parametrize("args, english, russian", [
    (("bids", "-1,0,0,0"), "Бутка (seat 1) bid -1; a bid is 0..1", "у игрока Бутка (место 1) заказ -1; заказ — от 0 до 1"),
    (("bids", "x,0,0,0"), "bids must be whole numbers; seat 1 has 'x'", "заказы — целые числа; у места 1: 'x'"),
    (("bids", "--order", "call", "0,-1,0,0"), "Печун (seat 2) bid -1; a bid is 0..1",
     "у игрока Печун (место 2) заказ -1; заказ — от 0 до 1"),
    (("bid", "Бутка", "-1"), "Бутка (seat 1) bid -1; a bid is 0..1", "у игрока Бутка (место 1) заказ -1"),
    (("bid", "1", "two"), "bids must be whole numbers; seat 1 has 'two'", "заказы — целые числа; у места 1: 'two'"),
    (("bids", "0,0,0,0", "--order", "clockwise"), "not an order of entry: 'clockwise'", "не порядок ввода: 'clockwise'"),
])
def test_a_bad_bid_gets_the_ledgers_own_message(db, args, english, russian):
    """Not Typer's "No such option: -1" box: the ledger names the deal, the seat and the bid, in either language."""
    _game_of_three(db)
    run(db, "trump", "H")
    out = run(db, *args, code=1)
    assert out.startswith("error: deal 1 (1 card): " if "order" not in out else "error: ") and english in out, out
    assert "No such option" not in out and "╭" not in out
    out = run(db, *args, code=1, lang="ru")
    assert out.startswith("ошибка: ") and russian in out, out
    with Ledger.open(db) as led:
        assert led.game().current.bids == (None, None, None, None)  # nothing written


def test_a_mistyped_option_is_still_typers_error(db):
    _game_of_three(db)
    out = run(db, "bids", "--hose-override", "0,0,0,0", code=2)
    assert "No such option: --hose-override" in out


def test_bids_and_tricks_in_calling_order_from_the_command_line(db, monkeypatch):
    """Deal 2 of the hand game (tests/test_ledger.py DEALS): Бутка deals, Печун bids first."""
    _game_of_three(db)
    run(db, "deal", "--trump", "H", "--bids", "0,0,0,0", "--tricks", "0,1,0,0")
    run(db, "trump", "S")
    out = run(db, "bids", "--order", "call", "1,0,1,1")  # Печун 1, Бардак 0, Монай 1, Бутка 1
    assert "bids: Печун 1, Бардак 0, Монай 1, Бутка 1" in out
    out = run(db, "tricks", "1,0,0,1", "--order", "call")
    assert "deal 2 scored: Бутка +100, Печун +100, Бардак +50, Монай -100" in out
    # $JOKER_LEDGER_ORDER makes it the default; deal 3: Печун deals, Бардак calls first
    monkeypatch.setenv("JOKER_LEDGER_ORDER", "call")
    out = run(db, "deal", "--trump", "D", "--bids", "1,1,1,1", "--tricks", "0,0,1,2")  # Бардак 0 … Печун 2
    assert "deal 3 scored: Бутка +100, Печун +20, Бардак -100, Монай -100" in out
    with Ledger.open(db) as led:
        assert [r.tricks for r in led.game().results] == [(0, 1, 0, 0), (1, 1, 0, 0), (1, 2, 0, 0)]
    out = run(db, "edit", "3", "--tricks", "0,1,1,1")  # still in calling order: Бардак 0, Монай 1, Бутка 1, Печун 1
    with Ledger.open(db) as led:
        assert led.game().results[2].tricks == (1, 1, 0, 1)


def test_undo_after_edit_of_a_finished_game_takes_the_edit_back(db):
    _game_of_three(db, "bus-angeles(schedule='1')")
    run(db, "deal", "--trump", "H", "--bids", "0,0,0,0", "--tricks", "0,1,0,0")
    run(db, "finish")
    with Ledger.open(db) as led:
        before = led.game()
    out = run(db, "edit", "1", "--tricks", "1,0,0,0")
    assert "deal 1 corrected: Бутка +10, Печун +50, Бардак +50, Монай +50" in out  # 0/1 over; 0/0 made
    assert run(db, "undo") == "undone: correction of deal 1\n"
    out = run(db, "show")
    assert "finished" in out and "Standings" in out
    with Ledger.open(db) as led:
        v = led.game()
        assert v.state == "finished" and v.results[0].scores == (50, 10, 50, 50)
        assert (v.totals, v.cup_points) == (before.totals, before.cup_points)


def test_names_differing_only_in_case_are_one_player(db):
    run(db, "players", "add", A, "--core")
    assert run(db, "players", "add", "БУТКА", code=1) == "error: player 'Бутка' already exists\n"
    assert run(db, "players", "add", "бутка", code=1, lang="ru") == "ошибка: игрок 'Бутка' уже есть\n"
    out = run(db, "game", "new", "--players", "бутка,Печун,Бардак,Монай", "--add-players")
    assert "1. Бутка, 2. Печун" in out
    assert run(db, "players", "list").count("утка") == 1


def test_output_into_a_pipe_is_never_wrapped(tmp_path):
    """A script reading `joker ledger show` through a pipe gets each row on one line and
    each cell whole, whatever $COLUMNS says (a real pipe, not CliRunner)."""
    import os
    import subprocess
    import sys

    db = str(tmp_path / "pipe.db")
    long = ["Александр Константинопольский", "Пётр Вознесенский-Старший", "Бардак", "Монай"]
    with Ledger.open(db) as led:
        for p in long:
            led.add_player(p, core=True)
        led.new_game(long, "bus-angeles(schedule='1,2,3,4,5,6,7,8')")
        for trump, bids, tricks in (("H", "0,0,0,0", "0,1,0,0"), ("S", "1,1,0,1", "1,1,0,0")):
            led.enter_deal(None, trump, bids, tricks)
    env = {**os.environ, "COLUMNS": "40", "JOKER_LANG": "en"}
    code = "import sys; from joker.cli.main import app; sys.argv[0] = 'joker'; app()"
    out = subprocess.run([sys.executable, "-c", code, "ledger", "--db", db, "show"], env=env, text=True,
                         capture_output=True, check=True).stdout
    lines = out.splitlines()
    assert lines[0].startswith("game 1 · ") and lines[0].endswith(" · Bus-Angeles regulation (deals: 1,2,3,4,5,6,7,8) · open")
    header = next(line for line in lines if "cards" in line)
    assert all(name in header for name in long), out  # every name whole, on the header line
    row = next(line for line in lines if line.lstrip().startswith("2 "))
    assert "1/1" in row and "100" in row and "-100" in row and row.count("/") == 4, out
    nxt = next(line for line in lines if "next:" in line)
    assert nxt.strip() == ("next: deal 3 of 8: 3 cards, block 1 · dealer Пётр Вознесенский-Старший; "
                           "Бардак bids first"), out
    assert max(len(line) for line in lines) > 40  # wider than $COLUMNS: nothing was folded to fit it


def _modules_after(*args: str) -> set[str]:
    """The modules loaded by a fresh ``joker ledger ARGS`` process (as the installed script runs it) once done."""
    import os
    import subprocess
    import sys

    code = ("import sys\nfrom joker.cli.main import app\nsys.argv[0] = 'joker'\n"
            "try:\n    app()\nexcept SystemExit as e:\n    assert not e.code, e.code\n"
            "sys.stderr.write('\\nMODULES ' + ' '.join(sorted(sys.modules)))")
    env = {**os.environ, "JOKER_LANG": "en"}
    env.pop("JOKER_DB_URL", None)
    err = subprocess.run([sys.executable, "-c", code, "ledger", *args], env=env, text=True, capture_output=True,
                         check=True).stderr
    return set(err.rpartition("MODULES ")[2].split())


def _heavy(modules: set[str], names: tuple[str, ...]) -> list[str]:
    """The ``modules`` that are one of ``names`` or inside one of them."""
    return sorted(m for m in modules if any(m == n or m.startswith(n + ".") for n in names))


def test_a_reading_command_imports_no_orm_and_an_entry_no_rich(tmp_path):
    """Start-up (docs/scorekeeper.md): on an SQLite file at the head revision `show` and `players list` read with
    the standard library's sqlite3 (joker.ledger.source.SqliteSource): no SQLAlchemy at all (neither its engines nor
    the ORM), no numba or numpy, no fast playout engine; entering bids writes with sqlite3 too (no SQLAlchemy) and
    prints plain text, without Rich;
    `--help` imports no SQLAlchemy at all; no ledger command imports Alembic on a database at the head, nor the web
    server, the bots, the terminal game, matplotlib or table mode it does not run."""
    db = str(tmp_path / "guard.db")
    with Ledger.open(db) as led:
        led.new_game(PLAYERS, "bus-angeles", add_players=True)
        led.enter_deal(None, "H", "0,0,0,0", "0,1,0,0")
        led.set_trump(None, "S")
    never = ("alembic", "matplotlib", "joker.server", "joker.bots", "joker.cli.play", "joker.cli.ledger.table_mode",
             "joker.store.web_tables")
    engines = ("sqlalchemy", "numba", "numpy", "joker.games.joker.engine.fast", "joker.ledger.repository")
    show = _modules_after("--db", db, "show")
    assert "sqlite3" in show and "rich" in show and "joker.ledger.source" in show  # it did read and print the sheet
    assert _heavy(show, (*engines, *never)) == []
    assert _heavy(_modules_after("--db", db, "players", "list"), (*engines, *never)) == []
    bids = _modules_after("--db", db, "bids", "0,1,0,0")
    assert "joker.ledger.unit" in bids  # it wrote, with sqlite3 (joker.ledger.unit.SqliteTx): no SQLAlchemy either
    assert _heavy(bids, ("sqlalchemy", "rich", "joker.cli.ledger.render", *never)) == []
    with Ledger.open(db) as led:
        assert led.game().current is not None and led.game().current.bids == (0, 1, 0, 0)
    assert _heavy(_modules_after("--help"), ("sqlalchemy", *never)) == []  # the help opens no database


def test_every_write_on_an_sqlite_file_imports_no_sqlalchemy(tmp_path):
    """Start-up (docs/scorekeeper.md): every command that writes, on an SQLite file at the head revision, writes
    with sqlite3 alone (joker.ledger.unit.SqliteTx): neither SQLAlchemy's ORM nor its Core, nor Alembic — and each
    did write what it says (checked afterwards through the ORM's ledger); history, stats, verify, the game list
    and the JSON export read so too."""
    db = str(tmp_path / "writes.db")
    with Ledger.open(db) as led:
        led.add_player("Zed")
    sheet = tmp_path / "sheet.csv"
    commands = [
        ("players", "add", "Гость"), ("players", "rename", "Zed", "Zoe"), ("players", "core", "Zoe", "--off"),
        ("day", "start", "--date", "2026-05-01"),
        ("game", "new", "-p", ",".join(PLAYERS), "--rules", "bus-angeles(schedule='1,2')", "--add-players",
         "--date", "2026-05-01"),
        ("trump", "H"), ("bid", "1", "0"), ("bids", "0,0,0,0"), ("tricks", "0,1,0,0"), ("undo",),
        ("deal", "-t", "H", "-b", "0,0,0,0", "-k", "0,1,0,0"), ("edit", "1", "--tricks", "1,0,0,0"),
        ("dot", PLAYERS[1], "stalling"), ("fine", PLAYERS[2], "--other", "kicked the table"),
        ("trump", "S"), ("redeal", "--reason", "misdeal"),
        ("deal", "-t", "N", "-b", "1,1,0,1", "-k", "1,1,0,0"), ("finish",),
        ("export", "csv", "-o", str(sheet)), ("day", "end", "--date", "2026-05-01"),
        ("day", "reopen", "--date", "2026-05-01"),
        ("game", "new", "-p", ",".join(PLAYERS), "--date", "2026-05-01"), ("game", "abandon", "--reason", "bus"),
        ("import", "csv", str(sheet), "--rules", "bus-angeles(schedule='1,2')", "--date", "2026-05-01", "--force"),
    ]
    commands += [("history",), ("stats",), ("verify",), ("game", "list"), ("export", "json")]  # they read so too
    heavy = ("sqlalchemy", "alembic", "joker.store.ledger_tables", "joker.ledger.orm_tx")
    for args in commands:
        assert _heavy(_modules_after("--db", db, *args), heavy) == [], args
    with Ledger.open(db) as led:
        assert [(p.name, p.core) for p in led.players()] == [
            ("Zoe", False), *sorted(((n, False) for n in (*PLAYERS, "Гость")))]
        first, second, third = led.games()
        v = led.game(first)
        assert v.state == "finished" and len(v.redeals) == 1 and len(v.penalties) == 2
        assert v.results[0].tricks == (1, 0, 0, 0)
        assert led.game(second).state == "abandoned" and led.game(third).totals == v.totals
        assert led.verify() == []


def test_plain_values_are_coerced_as_typer_would(db):
    """joker.cli.coercion reads `--game` as Typer 0.29 (through pydantic) read it before — checked value by value
    against Typer's own coercion: spaces and a sign are fine, "1.0" and "1_0" are pydantic's 1 and 10, "1.5", "abc"
    and a non-ASCII digit get Typer's own message; the values it does not take plainly are handed to Typer."""
    import typer._coercion
    import typer.main

    with Ledger.open(db) as led:
        led.new_game(PLAYERS, "bus-angeles", add_players=True)
    show = typer.main.get_command(app).get_command(None, "ledger").get_command(None, "show")
    [game] = [p for p in show.params if p.name == "game"]
    for value, expected in ((" +1 ", 1), ("1", 1), ("-3", -3), ("1.0", 1), ("1_0", 10), ("1.5", None),
                            ("abc", None), ("٣", None)):
        typers = typer._coercion.build_runtime_param(game.type_descriptor)
        try:
            theirs = typers.coerce(value, param=game, ctx=None)
        except Exception:
            theirs = None
        assert theirs == expected, value  # what Typer itself makes of it
        ours = game.get_runtime_param()  # installed by joker.cli.main
        try:
            got = ours.coerce(value, param=game, ctx=None)
        except Exception:
            got = None
        assert got == expected, value
    assert type(game.get_runtime_param()).__name__ == "PlainRuntimeParam"
    assert "game 1 " in run(db, "show", "--game", " +1 ")
    result = CliRunner().invoke(app, ["ledger", "--db", db, "show", "--game", "1.5"])
    assert result.exit_code == 2 and "Input should be a valid integer" in result.output
    assert "10" in run(db, "show", "--game", "1_0", code=1)  # pydantic's 10: no such game
