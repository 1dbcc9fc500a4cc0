"""The ledger's database: Alembic migrations on SQLite and PostgreSQL, clear
messages for locked, read-only and foreign databases, and two processes
writing one game at once."""

from __future__ import annotations

import multiprocessing as mp
import os
import sqlite3

import pytest
from sqlalchemy import create_engine, inspect

from joker.ledger import ConflictError, DatabaseUnavailable, Ledger
from joker.store import Base, downgrade, head_revision, make_engine, resolve_url, sqlite_url, upgrade
from test_ledger_support import PLAYERS, new_ledger, old_database, pg_url  # noqa: F401  (fixture)

TABLES = {"players", "game_days", "games", "game_seats", "deals", "infringements", "slaps", "cup_results", "entries"}


@pytest.fixture(autouse=True)
def _no_env_db(monkeypatch):
    monkeypatch.delenv("JOKER_DB_URL", raising=False)


def _models_match_migrations(engine) -> list:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    with engine.connect() as conn:
        return compare_metadata(MigrationContext.configure(conn), Base.metadata)


def _upgrade_and_downgrade(url: str) -> None:
    engine = make_engine(url)
    try:
        assert set(inspect(engine).get_table_names()) - {"alembic_version"} == set()
        upgrade(engine)
        assert TABLES <= set(inspect(engine).get_table_names())
        assert _models_match_migrations(engine) == []  # the models and the migrations agree
        downgrade(engine, "base")
        assert set(inspect(engine).get_table_names()) - {"alembic_version"} == set()
        upgrade(engine)  # and up again
        assert TABLES <= set(inspect(engine).get_table_names())
    finally:
        engine.dispose()


def test_alembic_upgrade_and_downgrade_on_sqlite(tmp_path):
    _upgrade_and_downgrade(sqlite_url(tmp_path / "m.db"))


def test_alembic_upgrade_and_downgrade_on_postgresql(pg_url):  # noqa: F811
    _upgrade_and_downgrade(pg_url)


def test_migration_0003_adds_and_drops_the_web_analyses_only(tmp_path):
    engine = make_engine(sqlite_url(tmp_path / "m.db"))
    names = lambda: set(inspect(engine).get_table_names())  # noqa: E731
    try:
        upgrade(engine, "0002_web_tables")
        assert "web_tables" in names() and "web_analyses" not in names()
        upgrade(engine, "0003_web_analyses")
        assert "web_analyses" in names()
        cols = {c["name"]: c for c in inspect(engine).get_columns("web_analyses")}
        assert set(cols) == {"table_id", "analysis", "rules_version", "code_version", "created_at"}
        assert not any(c["nullable"] for c in cols.values())
        [fk] = inspect(engine).get_foreign_keys("web_analyses")
        assert fk["referred_table"] == "web_tables" and fk["options"].get("ondelete") == "CASCADE"
        downgrade(engine, "0002_web_tables")
        assert "web_tables" in names() and "web_analyses" not in names()
    finally:
        engine.dispose()


def test_a_game_on_postgresql(pg_url):  # noqa: F811
    with Ledger.open(pg_url) as led:
        for p in PLAYERS:
            led.add_player(p, core=True)
        g = led.new_game(PLAYERS, rules="bus-angeles(schedule='1,2|3')")
        led.enter_deal(g, "H", [0, 0, 0, 0], [0, 1, 0, 0])   # 50, 10, 50, 50
        led.dot(g, PLAYERS[1], "stalling")
        led.enter_deal(g, "N", [1, 1, 0, 1], [1, 1, 0, 0])   # 100, 100, 50, -100
        led.fine(g, PLAYERS[3], "other", note="kicked the table")
        led.enter_deal(g, "S", [1, 1, 0, 0], [1, 1, 0, 1])   # 100, 100, 50, 10
        v = led.finish(g)
        # block 1 (deals 1, 2): A (0/0, 1/1) and C (0/0, 0/0) made every bid.
        #   A: next B does not qualify, B's best 100: premium 2 × (100 + 100) = 400, B cut 100;
        #   C: next D, best 50: premium 2 × (50 + 50) = 200, D cut 50.
        #   Block totals: A 150 + 400 = 550, B 110 - 100 = 10, C 100 + 200 = 300, D -50 - 50 = -100.
        # block 2 (deal 3): A, B, C made their bids. A: next B qualifies, his only deal may not be cut:
        #   2 × (100 + 0) = 200; B: next C qualifies: 2 × (100 + 0) = 200; C: next D's best 10:
        #   2 × (50 + 10) = 120, D cut 10. Block totals A 300, B 300, C 170, D 0.
        # Game: A 850, B 310, C 470, D -100 + 0 - 250 (fine) = -350; places A, C, B, D.
        assert v.totals == (850, 310, 470, -350)
        assert v.cup_points == (3, 1, 2, 0)
        assert led.verify() == []
    # reopening finds the schema at head and the data intact
    with Ledger.open(pg_url) as led:
        assert led.game(g).totals == (850, 310, 470, -350)


def test_opening_runs_the_migrations_once(tmp_path):
    path = tmp_path / "a.db"
    with Ledger.open(str(path)) as led:
        led.add_player("Бутка", core=True)
    engine = create_engine(sqlite_url(path))
    from joker.store import current_revision

    assert current_revision(engine) == head_revision()
    engine.dispose()
    with Ledger.open(str(path)) as led:
        assert [p.name for p in led.players()] == ["Бутка"]


def test_a_database_written_before_the_store_package_opens_and_keeps_working(tmp_path):
    path = old_database(tmp_path / "old.db")
    with Ledger.open(str(path)) as led:
        assert led.game(1).totals == (850, 310, 470, -350) and led.game(1).cup_points == (3, 1, 2, 0)
        assert led.game(2).totals == (100, 50, 50, -100)
        assert led.verify() == []
        led.enter_deal(2, "C", [0, 1, 0, 0], [0, 1, 0, 1])  # and it takes new deals, closing block 1
        assert led.game(2).totals == (350, 400, 170, -100)  # as joker at e64723b scores them on this database
    from joker.store import current_revision

    engine = create_engine(sqlite_url(path))
    assert current_revision(engine) == head_revision() == "0006_web_table_abandoned"  # upgraded on opening
    engine.dispose()


def test_database_urls(tmp_path, monkeypatch):
    assert resolve_url(tmp_path / "x.db") == sqlite_url(tmp_path / "x.db")
    assert resolve_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    monkeypatch.setenv("JOKER_DB_URL", str(tmp_path / "env.db"))
    assert resolve_url(None) == sqlite_url(tmp_path / "env.db")
    monkeypatch.delenv("JOKER_DB_URL")
    assert resolve_url(None).endswith("joker.db")


def test_a_locked_database_gives_a_clear_message(tmp_path):
    path = tmp_path / "locked.db"
    new_ledger(path).close()
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")  # another program holds the write lock
    try:
        for fast in (False, True):  # the ORM's write, and sqlite3's (joker.ledger.unit): the same refusal
            with Ledger.open(str(path), timeout=0.2, fast=fast) as led:
                with pytest.raises(DatabaseUnavailable, match="is locked by another program"):
                    led.add_player("Гость")
    finally:
        other.execute("ROLLBACK")
        other.close()
    with Ledger.open(str(path)) as led:  # nothing was written
        assert "Гость" not in [p.name for p in led.players()]


def test_read_only_and_foreign_files_give_clear_messages(tmp_path):
    ro = tmp_path / "ro.db"
    new_ledger(ro).close()
    for extra in ("-wal", "-shm"):
        (tmp_path / f"ro.db{extra}").unlink(missing_ok=True)
    os.chmod(ro, 0o444)
    try:
        for fast in (False, True):  # sqlite3's fast path leaves the file to the engine's, which says why
            with pytest.raises(DatabaseUnavailable, match="ro.db is read-only"):
                Ledger.open(str(ro), fast=fast)
    finally:
        os.chmod(ro, 0o644)
    text = tmp_path / "notes.db"
    text.write_text("shopping list\n", encoding="utf-8")
    with pytest.raises(DatabaseUnavailable, match="is not a joker ledger: it is not an SQLite database file"):
        Ledger.open(str(text))
    foreign = tmp_path / "foreign.db"
    con = sqlite3.connect(foreign)
    con.execute("CREATE TABLE recipes (id INTEGER PRIMARY KEY, name TEXT)")
    con.commit()
    con.close()
    with pytest.raises(DatabaseUnavailable, match=r"foreign.db is not a joker ledger \(it holds other tables: recipes\)"):
        Ledger.open(str(foreign))
    newer = tmp_path / "newer.db"
    new_ledger(newer).close()
    con = sqlite3.connect(newer)
    con.execute("UPDATE alembic_version SET version_num = '9999_future'")
    con.commit()
    con.close()
    with pytest.raises(DatabaseUnavailable, match="written by a newer joker"):
        Ledger.open(str(newer))
    assert text.read_text(encoding="utf-8") == "shopping list\n"  # untouched


def _writer(url: str, game: int, start, results, fast: bool = False) -> None:
    """A second keeper: enters whatever deal the game is at, until it is over (RULES.md §6: all bid 0,
    which the dealer may always say unless the deal has 0 cards; the first hand takes every trick).
    ``fast``: on an SQLite file, with sqlite3 alone (joker.ledger.unit), as the terminal's commands."""
    entered = conflicts = 0
    with Ledger.open(url, fast=fast) as led:
        start.wait()
        while True:
            v = led.game(game)
            cur = v.current
            if cur is None:
                break
            tricks = [0] * 4
            tricks[cur.first_hand] = cur.cards
            try:
                led.enter_deal(game, "N", [0, 0, 0, 0], tricks, expect_deal=cur.number)
                entered += 1
            except ConflictError:
                conflicts += 1
    results.put((entered, conflicts))


RACE_RULES = "bus-angeles(schedule='1,2,3,4,5,6,7,8|9,9,9,9')"  # 12 deals: the first two blocks


def _two_writers(url: str) -> None:
    with Ledger.open(url) as led:
        for p in PLAYERS:
            led.add_player(p, core=True)
        game = led.new_game(PLAYERS, rules=RACE_RULES)
    ctx = mp.get_context("spawn")
    start = ctx.Event()
    results = ctx.Queue()
    # on SQLite one keeper writes with the ORM, the other with sqlite3 alone (on PostgreSQL both use the ORM)
    procs = [ctx.Process(target=_writer, args=(url, game, start, results, fast)) for fast in (False, True)]
    for p in procs:
        p.start()
    start.set()
    outcome = [results.get(timeout=120) for _ in procs]
    for p in procs:
        p.join(timeout=60)
        assert p.exitcode == 0
    assert sum(e for e, _ in outcome) == 12  # every deal entered exactly once, whoever won the race
    with Ledger.open(url) as led:
        v = led.game(game)
        assert [r.index for r in v.results] == list(range(12))
        assert v.redeals == ()
        assert led.verify() == []
        with led.read() as s:
            from sqlalchemy import func, select

            from joker.store import Deal, Entry

            assert s.scalar(select(func.count()).select_from(Deal)) == 12
            assert s.scalar(select(func.count()).select_from(Entry)) == 12


def test_two_processes_writing_one_game_at_once_on_sqlite(tmp_path):
    _two_writers(str(tmp_path / "shared.db"))


def test_two_processes_writing_one_game_at_once_on_postgresql(pg_url):  # noqa: F811
    _two_writers(pg_url)
