"""Shared pieces of the ledger tests (no tests here): the PostgreSQL fixture
and small builders, a database written by an older joker.  Nothing here computes an expected score."""

from __future__ import annotations

import os
import sqlite3
import uuid
from pathlib import Path

import pytest

from joker.ledger import Ledger

PLAYERS = ["Бутка", "Печун", "Бардак", "Монай"]
OLD_DB = Path(__file__).parent / "data" / "joker_db_e64723b.sql"
"""A database written by joker at commit e64723b (migrations then in ``joker/ledger/migrations``,
at ``0003_web_analyses``), as ``sqlite3``'s SQL dump: the game of ``test_ledger_db.test_a_game_on_postgresql``
finished (game 1), a second game open after one deal (game 2), and a web table (``c7qhhp``)
played into its second deal (event 15)."""


def pg_base_url() -> str | None:
    """``$JOKER_TEST_PG_URL``; on CI (``CI=true``) its absence fails the test instead of skipping it."""
    url = os.environ.get("JOKER_TEST_PG_URL")
    if not url:
        if os.environ.get("CI") == "true":
            pytest.fail("JOKER_TEST_PG_URL is not set on CI: the PostgreSQL tests must run there")
        pytest.skip("JOKER_TEST_PG_URL is not set (e.g. postgresql+psycopg://postgres@127.0.0.1:5432/test)")
    return url


@pytest.fixture
def pg_url():
    """A PostgreSQL URL whose ``search_path`` is a fresh schema, dropped afterwards (each test isolated)."""
    from sqlalchemy import create_engine
    from sqlalchemy.engine import make_url

    from joker.store import resolve_url

    base = resolve_url(pg_base_url())
    schema = f"joker_test_{uuid.uuid4().hex[:12]}"
    admin = create_engine(base)
    with admin.begin() as c:
        c.exec_driver_sql(f'CREATE SCHEMA "{schema}"')
    url = make_url(base).update_query_dict({"options": f"-csearch_path={schema}"}).render_as_string(hide_password=False)
    try:
        yield url
    finally:
        with admin.begin() as c:
            c.exec_driver_sql(f'DROP SCHEMA "{schema}" CASCADE')
        admin.dispose()


def old_database(path: Path) -> Path:
    """:data:`OLD_DB` written to the SQLite file ``path``."""
    con = sqlite3.connect(path)
    con.executescript(OLD_DB.read_text(encoding="utf-8"))
    con.close()
    return path


def new_ledger(path, players=PLAYERS, core=True) -> Ledger:
    led = Ledger.open(str(path))
    for p in players:
        led.add_player(p, core=core)
    return led


def one_deal_game(led: Ledger, players, order, date=None) -> int:
    """A finished one-deal game (``bus-angeles(schedule='2')``, dealer seat 4) in which
    ``order`` lists the players from first place to last.

    The deal is fixed by hand: 1st bids 1 takes 1 (+100), 2nd bids 0 takes 0 (+50),
    3rd bids 0 takes 1 (over: +10), 4th bids 2 takes 0 (under: -150); bids sum to 3 ≠ 2, tricks to 2.
    The deal is a whole block, so 1st and 2nd earn premiums (RULES.md §10), which never change the
    order: 1st 100 + 2 × (100 + 0 or 10) = 300 or 320; 2nd 50 + 2 × (50 + 0 or 10) = 150 or 170;
    3rd 10 or 0 (after a cut); 4th -150.
    """
    g = led.new_game(players, rules="bus-angeles(schedule='2')", date=date)
    pattern = {0: (1, 1), 1: (0, 0), 2: (0, 1), 3: (2, 0)}
    rank = {name: k for k, name in enumerate(order)}
    bids = [pattern[rank[p]][0] for p in players]
    tricks = [pattern[rank[p]][1] for p in players]
    led.enter_deal(g, "H", bids, tricks)
    led.finish(g)
    return g
