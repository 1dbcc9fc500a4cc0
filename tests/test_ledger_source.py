"""The ledger's two read paths (joker.ledger.source): the Core statements of joker.ledger.queries and their
SQLite rendering run with sqlite3 alone give the same rows and the same views, on a real ledger (two game days,
five games: finished, abandoned, open at a deal; fines, dots and a slap, a redeal); the rendering cannot drift
from the statements; a database not at the head revision is left to the Core path (migrated, or refused with
the store's own error)."""

from __future__ import annotations

import dataclasses
import datetime as dt
import sqlite3
import subprocess
import sys

import pytest

from joker.ledger import Ledger, LedgerError, LedgerReader, queries
from joker.ledger.source import CoreSource, SqliteSource, open_source
from joker.store import sqlite_read
from joker.store.revisions import declared_head
from test_ledger_support import PLAYERS, old_database, pg_url  # noqa: F401  (fixture)

A, B, C, D = PLAYERS
GUEST = "Гость"
DAY1, DAY2 = dt.date(2026, 5, 1), dt.date(2026, 5, 8)


def build(led: Ledger) -> list[int]:
    """Games on two days: a finished one with a dot, a fine and a redeal; a second finished one whose dots make
    B's slap; an abandoned one; on day 2 a guest game at its third deal (trump and two bids entered).  Returns the
    game ids in order.  The scores are the engine's; the tests compare the two read paths, not the numbers."""
    for p in PLAYERS:
        led.add_player(p, core=True)
    led.add_player(GUEST, core=False)
    two = "bus-angeles(schedule='1,2')"
    g1 = led.new_game(PLAYERS, rules=two, date=DAY1)
    led.dot(g1, B, "stalling")
    led.enter_deal(g1, "H", [0, 0, 0, 0], [0, 1, 0, 0])
    led.set_trump(g1, "S")
    led.redeal(g1, reason="misdeal")
    led.fine(g1, D, note="kicked the table")
    led.enter_deal(g1, "N", [1, 1, 0, 1], [1, 1, 0, 0])
    led.finish(g1)
    g2 = led.new_game(PLAYERS, rules=two, date=DAY1)
    led.dot(g2, B, "asked_trump_twice")
    led.dot(g2, B, "bid_out_of_turn")  # B's third dot of the day: a slap
    led.enter_deal(g2, "D", [0, 0, 0, 0], [1, 0, 0, 0])
    led.enter_deal(g2, "C", [0, 1, 0, 0], [0, 1, 1, 0])
    led.finish(g2)
    g3 = led.new_game(PLAYERS, rules=two, date=DAY1)
    led.enter_deal(g3, "H", [0, 0, 1, 1], [0, 0, 1, 0])
    led.abandon(g3, "the bus came")
    led.end_day(DAY1)
    g4 = led.new_game([A, B, C, GUEST], rules="bus-angeles(schedule='1,2,3')", date=DAY2)
    led.enter_deal(g4, "S", [1, 0, 0, 1], [1, 0, 0, 0])
    led.enter_deal(g4, "H", [0, 0, 1, 0], [0, 1, 1, 0])
    led.dot(g4, GUEST, "stalling")
    led.set_trump(g4, "D")
    led.set_bid(g4, 1, 2)
    led.set_bid(g4, 2, 0)
    return [g1, g2, g3, g4]


@pytest.fixture
def ledger_file(tmp_path):
    path = tmp_path / "ledger.db"
    with Ledger.open(str(path)) as led:
        games = build(led)
    return path, games


def _plain(row: object) -> dict[str, object]:
    """A row of either path as {column: value} (a Core Row by its mapping, a namespace by its attributes)."""
    mapping = getattr(row, "_mapping", None)
    return dict(mapping) if mapping is not None else dict(vars(row))


def _all_rows(source, games: list[int]) -> dict[tuple[str, object], list[dict[str, object]]]:
    """Every query of joker.ledger.queries run on ``source`` with every parameter the ledger has."""
    out = {}
    with source.reading() as db:
        for name in queries.QUERIES:
            if name in ("game", "seats", "deals", "penalties"):
                runs = [{"game": g} for g in [*games, 999]]
            elif name in ("day_dots", "day_slaps"):
                runs = [{"day": d, "kind": k} if name == "day_dots" else {"day": d} for d in (1, 2, 3)
                        for k in ("dot", "fine")]
            elif name.endswith("_in_state"):
                runs = [{"state": s} for s in ("open", "finished", "abandoned", "nothing")]
            else:
                runs = [{}]
            for params in runs:
                out[(name, tuple(sorted(params.items())))] = [_plain(r) for r in db.rows(name, **params)]
    return out


def _answers(reader: LedgerReader, games: list[int]) -> list[object]:
    """What the reading commands ask of a reader."""
    return [reader.players(), reader.current_game(), reader.open_game(), reader.games(), reader.games("finished"),
            *(reader.game(g) for g in games), reader.game()]


def test_the_sqlite_rendering_is_generated_from_the_core_statements(tmp_path, monkeypatch):
    """`python -m joker.ledger.queries --check` passes on the checked-in module (the reads' queries, the writes'
    statements, the tables' specs), and fails once it differs."""
    run = subprocess.run([sys.executable, "-m", "joker.ledger.queries", "--check"], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    stale = tmp_path / "queries_sqlite.py"
    stale.write_text(queries.GENERATED.read_text(encoding="utf-8").replace("ORDER BY players.name", "ORDER BY 1"),
                     encoding="utf-8")
    monkeypatch.setattr(queries, "GENERATED", stale)
    assert queries.main(["--check"]) == 1
    assert queries.main([]) == 0 and queries.main(["--check"]) == 0  # rewritten from the statements
    assert stale.read_text(encoding="utf-8") == queries.module_text()
    # the writes' statements and the tables' columns and defaults are checked alike (joker.ledger.unit runs them)
    for old, new in (("UPDATE deals SET game_id=:game_id, ", "UPDATE deals SET "), ("('value', 'open')", "None")):
        assert old in stale.read_text(encoding="utf-8")
        stale.write_text(queries.module_text().replace(old, new, 1), encoding="utf-8")
        assert queries.main(["--check"]) == 1


def test_both_sources_give_the_same_rows_and_views(ledger_file):
    path, games = ledger_file
    fast = open_source(str(path))
    assert isinstance(fast, SqliteSource)  # the file is at the head: read with sqlite3
    core = open_source(str(path), fast=False)
    assert isinstance(core, CoreSource)
    try:
        fast_rows, core_rows = _all_rows(fast, games), _all_rows(core, games)
        assert fast_rows == core_rows
        # the comparison saw what it had to: the ledger's content reached both paths
        assert len(fast_rows[("players", ())]) == 5
        assert [r["status"] for r in fast_rows[("deals", (("game", games[0]),))]] == ["scored", "void", "scored"]
        assert len(fast_rows[("day_slaps", (("day", 1),))]) == 1
        assert isinstance(fast_rows[("game", (("game", games[0]),))][0]["date"], dt.date)
        assert fast_rows[("game", (("game", games[0]),))][0]["cup_contested"] is True
        fast_views, core_views = _answers(LedgerReader(fast), games), _answers(LedgerReader(core), games)
        assert fast_views == core_views
        v1 = fast_views[5]
        assert v1.redeals and v1.penalties and v1.state == "finished"
        assert fast_views[6].slaps_day == (0, 1, 0, 0)
        assert fast_views[-1].current is not None and fast_views[-1].current.bids == (None, 2, 0, None)
    finally:
        fast.close()
        core.close()


def test_both_paths_agree_on_postgresql(ledger_file, pg_url):  # noqa: F811
    """The same ledger written to PostgreSQL and read there with Core is what sqlite3 reads from the file
    (stored times aside: PostgreSQL keeps their time zone and they were written at other instants)."""
    path, games = ledger_file
    with Ledger.open(pg_url) as led:
        assert build(led) == games
    fast = LedgerReader(open_source(str(path)))
    pg = LedgerReader(open_source(pg_url))
    assert isinstance(pg.source, CoreSource) and isinstance(fast.source, SqliteSource)

    def timeless(views: list[object]) -> list[object]:
        out = []
        for v in views:
            if dataclasses.is_dataclass(v) and hasattr(v, "penalties"):
                v = dataclasses.replace(v, penalties=tuple(dataclasses.replace(p, time=None)
                                                           for p in v.penalties))
            out.append(v)
        return out

    try:
        assert timeless(_answers(fast, games)) == timeless(_answers(pg, games))
    finally:
        fast.close()
        pg.close()


def test_a_database_not_at_the_head_is_left_to_the_core_path(tmp_path):
    """An older file is migrated by the Core path (then read fast); a newer one gets the store's error, as before;
    a missing file is created; a file that is not SQLite is refused with the store's words."""
    old = old_database(tmp_path / "old.db")
    assert sqlite_read.open_read_only(old, 1.0) is None  # at 0003: not read by sqlite3 alone
    with LedgerReader.open(str(old)) as reader:
        assert isinstance(reader.source, CoreSource)  # migrated on the way
        assert reader.game(1).state == "finished"
    with LedgerReader.open(str(old)) as reader:
        assert isinstance(reader.source, SqliteSource)  # now at the head

    con = sqlite3.connect(old)
    con.execute("UPDATE alembic_version SET version_num = '9999_from_the_future'")
    con.commit()
    con.close()
    with pytest.raises(LedgerError) as e:
        LedgerReader.open(str(old))
    assert e.value.code == "db_newer"

    new = tmp_path / "sub" / "new.db"
    with LedgerReader.open(str(new)) as reader:
        assert isinstance(reader.source, CoreSource) and reader.players() == []
    assert sqlite_read.open_read_only(new, 1.0) is not None  # created at the head

    junk = tmp_path / "junk.db"
    junk.write_bytes(b"not a database at all, just some text long enough")
    assert sqlite_read.open_read_only(junk, 1.0) is None
    with pytest.raises(LedgerError) as e:
        LedgerReader.open(str(junk))
    assert e.value.code == "db_not_sqlite"
    assert declared_head() is not None


def test_sqlite3_errors_are_said_as_the_stores(ledger_file):
    """A query failing inside the fast path is a LedgerError with the store's code, not a bare sqlite3 error."""
    path, _ = ledger_file
    source = open_source(str(path))
    assert isinstance(source, SqliteSource)
    try:
        with pytest.raises(LedgerError) as e:
            with source.reading() as db:
                sqlite_read.rows(db.conn, "SELECT nothing FROM nowhere", {}, ())
        assert e.value.code == "db_error" and str(path) in str(e.value)
    finally:
        source.close()
