"""Idle and abandoned tables (joker.server.idle): a table nobody is connected to
leaves memory after the idle minutes (kept in the database, back when asked
for), a waiting or playing one is abandoned after the abandon minutes (out of
the lobby, not resumed at start) until a seat token or a join revives it; in
a cluster only a table's owner sweeps it.  The hub's clock is moved by hand."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from sqlalchemy import inspect

from joker.ledger import Ledger
from joker.server.conns import Conn
from joker.server.hub import Hub
from joker.server.idle import minutes
from joker.server.store import Store
from test_cluster_support import redis_url, two_hubs  # noqa: F401 - the fixture
from test_ledger_support import pg_url  # noqa: F401 - the fixture

RULES = "bus-angeles(schedule='2,1')"
MIN = 60.0


class Clock:
    """A clock moved by hand (seconds)."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now

    def minutes(self, n: float) -> None:
        self.now += n * MIN


def run(db: str, scenario: Any, **hub_kw: Any) -> None:
    """``scenario(hub, clock)`` on a started hub (by default idle 10, abandon 30 minutes, bots
    waiting a minute; ``hub_kw`` overrides) on the database ``db``."""
    async def main() -> None:
        led = Ledger.open(db)
        clock = Clock()
        hub = Hub(Store(led.engine, led.url), b"k", clock=clock,
                  **{"bot_delay": 60.0, "idle_minutes": 10, "abandon_minutes": 30, **hub_kw})
        await hub.start()
        try:
            await scenario(hub, clock)
        finally:
            await hub.stop()
            led.close()

    asyncio.run(main())


def stored(hub: Hub, table_id: str) -> dict[str, Any]:
    """The table's row: ``status`` and ``abandoned_at``."""
    from sqlalchemy import select

    from joker.store import WebTable

    with hub.store.engine.connect() as c:
        row = c.execute(select(WebTable.status, WebTable.abandoned_at).where(WebTable.id == table_id)).one()
    return {"status": row.status, "abandoned_at": row.abandoned_at}


def lobby_ids(hub: Hub) -> list[str]:
    return [x["id"] for x in hub.lobby()]


async def connect(hub: Hub, table_id: str, token: str | None = None) -> Conn:
    t = await hub.get(table_id)
    assert t is not None
    conn = Conn(table_id)
    await hub.attach(conn, t, token, None)
    return conn


def test_a_table_nobody_is_connected_to_leaves_memory_after_the_idle_minutes(tmp_path):
    async def scenario(hub: Hub, clock: Clock) -> None:
        quiet, _, _ = await hub.create_table(RULES, ["human", "bot", "bot", "bot"], "Ann")
        watched, _, _ = await hub.create_table(RULES, ["human", "bot", "bot", "bot"], "Bob")
        conn = await connect(hub, watched.id)
        clock.minutes(9.9)
        assert await hub.idling.sweep() == {"left": 0, "abandoned": 0}
        clock.minutes(0.2)  # 10.1 minutes with nobody at the quiet table
        assert await hub.idling.sweep() == {"left": 1, "abandoned": 0}
        assert set(hub.tables) == {watched.id}
        # out of memory, still in the database and in the lobby (as it left), not abandoned
        assert stored(hub, quiet.id) == {"status": "waiting", "abandoned_at": None}
        assert lobby_ids(hub) == [watched.id, quiet.id]
        back = await hub.get(quiet.id)  # asked for: loaded again, as it was
        assert back is not None and back is not quiet and (back.seq, back.seats[0].name) == (quiet.seq, "Ann")
        assert set(hub.tables) == {watched.id, quiet.id}
        hub.detach(conn)  # the watched table's clocks start when its last connection leaves
        clock.minutes(9)  # the table loaded again (no connection) kept its quiet time: out again
        assert await hub.idling.sweep() == {"left": 1, "abandoned": 0}
        assert set(hub.tables) == {watched.id}
        clock.minutes(2)
        assert await hub.idling.sweep() == {"left": 1, "abandoned": 0}
        assert hub.tables == {}

    run(str(tmp_path / "idle.db"), scenario)


def test_a_running_game_that_left_memory_resumes_where_it_was(tmp_path):
    async def scenario(hub: Hub, clock: Clock) -> None:
        t, seat, token = await hub.create_table(RULES, ["bot", "human", "bot", "bot"], "Ann", 1, seed="idle")
        async with hub.locks[t.id]:
            await hub.commit(t, t.plan_start(seat))
        assert t.status == "playing" and t.is_bot_turn() and t.id in hub.tasks  # a bot's turn waits 60 s
        clock.minutes(11)
        assert (await hub.idling.sweep())["left"] == 1
        assert t.id not in hub.tables and t.id not in hub.tasks  # its bot stopped with it
        back = await hub.get(t.id)
        assert back is not None and back.seq == t.seq and back.status == "playing"
        assert t.id in hub.tasks  # the bot's turn resumed

    run(str(tmp_path / "resume.db"), scenario)


def test_a_table_nobody_connects_to_is_abandoned_after_the_abandon_minutes_and_leaves_the_lobby(tmp_path):
    db = str(tmp_path / "abandon.db")
    ids: dict[str, str] = {}

    async def scenario(hub: Hub, clock: Clock) -> None:
        waiting, _, _ = await hub.create_table(RULES, ["human", "human", "bot", "bot"], "Ann")
        playing, seat, _ = await hub.create_table(RULES, ["human", "bot", "bot", "bot"], "Bob")
        async with hub.locks[playing.id]:
            await hub.commit(playing, playing.plan_start(seat))
        ids.update(waiting=waiting.id, playing=playing.id)
        clock.minutes(10)
        assert await hub.idling.sweep() == {"left": 2, "abandoned": 0}
        assert set(lobby_ids(hub)) == {waiting.id, playing.id}
        clock.minutes(19.9)
        assert (await hub.idling.sweep())["abandoned"] == 0
        clock.minutes(0.2)
        assert (await hub.idling.sweep())["abandoned"] == 2
        assert lobby_ids(hub) == []
        for t in (waiting, playing):
            row = stored(hub, t.id)
            assert row["abandoned_at"] is not None and row["status"] == t.status
            assert abs(row["abandoned_at"].timestamp() - clock.now) < 1  # the sweep's time
        assert await hub.db(hub.store.open_tables) == [] and await hub.db(hub.store.playing) == []
        # a spectator's visit shows the table, neither reviving it nor listing it again
        conn = await connect(hub, waiting.id)
        assert lobby_ids(hub) == [] and stored(hub, waiting.id)["abandoned_at"] is not None
        hub.detach(conn)

    run(db, scenario)

    async def restarted(hub: Hub, clock: Clock) -> None:  # not resumed at start
        assert hub.tables == {} and lobby_ids(hub) == []

    run(db, restarted)


def test_an_abandoned_table_in_memory_is_abandoned_by_the_sweep_too(tmp_path):
    """With an abandon limit shorter than the idle one the table is abandoned while in memory."""
    async def scenario(hub: Hub, clock: Clock) -> None:
        t, _, _ = await hub.create_table(RULES, ["human", "human", "bot", "bot"], "Ann")
        clock.minutes(5)
        assert await hub.idling.sweep() == {"left": 1, "abandoned": 1}
        assert stored(hub, t.id)["abandoned_at"] is not None and lobby_ids(hub) == []

    run(str(tmp_path / "short.db"), scenario, idle_minutes=60, abandon_minutes=5)


def test_a_seat_token_revives_an_abandoned_table(tmp_path):
    async def scenario(hub: Hub, clock: Clock) -> None:
        t, seat, token = await hub.create_table(RULES, ["bot", "human", "bot", "bot"], "Ann", 1, seed="r")
        async with hub.locks[t.id]:
            await hub.commit(t, t.plan_start(seat))
        clock.minutes(31)
        await hub.idling.sweep()
        clock.minutes(1)
        await hub.idling.sweep()
        assert stored(hub, t.id)["abandoned_at"] is not None and t.id not in hub.tables
        conn = await connect(hub, t.id, token)  # Ann comes back with her seat link
        assert conn.seat == seat
        assert stored(hub, t.id) == {"status": "playing", "abandoned_at": None}
        assert lobby_ids(hub) == [t.id]
        assert t.id in hub.tasks  # its game goes on: the bot's turn is scheduled
        hub.detach(conn)
        clock.minutes(29)  # its clocks start again from her leaving
        assert await hub.idling.sweep() == {"left": 1, "abandoned": 0}

    run(str(tmp_path / "token.db"), scenario)


def test_a_join_revives_an_abandoned_table(tmp_path):
    async def scenario(hub: Hub, clock: Clock) -> None:
        t, _, _ = await hub.create_table(RULES, ["human", "human", "bot", "bot"], "Ann")
        clock.minutes(10)
        await hub.idling.sweep()
        clock.minutes(20)
        assert (await hub.idling.sweep())["abandoned"] == 1
        assert lobby_ids(hub) == []
        back = await hub.get(t.id)
        assert back is not None and back.abandoned_at is not None
        seat, token = await hub.join(back, "Bob")
        assert seat == 1 and token
        assert stored(hub, t.id) == {"status": "waiting", "abandoned_at": None} and back.abandoned_at is None
        assert lobby_ids(hub) == [t.id]
        assert [x["open"] for x in hub.lobby()] == [0]

    run(str(tmp_path / "join.db"), scenario)


def test_the_lobby_api_and_the_table_page_over_http(tmp_path):
    """Through the app: an abandoned table leaves /api/tables, its page says why (in the
    page's language) and a join through the API brings it back."""
    from joker.server.app import create_app
    from test_server_support import create, join, serve

    with serve(create_app(str(tmp_path / "http.db"), secret="k", bot_delay=0, idle_minutes=10,
                          abandon_minutes=30)) as tc:
        hub: Hub = tc.app.state.hub
        clock = Clock()
        hub.idling.clock = clock
        made = create(tc, RULES, ["human", "human", "bot", "bot"])
        hub.idling.touch(made["table"])  # its clocks from the hand-moved clock
        clock.minutes(10.5)
        assert tc.portal.call(hub.idling.sweep) == {"left": 1, "abandoned": 0}
        assert [x["id"] for x in tc.get("/api/tables").json()] == [made["table"]]  # still listed
        clock.minutes(20)
        assert tc.portal.call(hub.idling.sweep) == {"left": 0, "abandoned": 1}
        assert tc.get("/api/tables").json() == []
        page = tc.get(f"/t/{made['table']}", headers={"Accept-Language": "ru"}).text
        assert '<p id="abandoned-note" class="muted small abandoned-note">За этим столом давно никого не было' in page
        assert tc.get(f"/api/tables/{made['table']}").json()["abandoned"] is True
        assert join(tc, made["table"], "Bob")["seat"] == 1
        assert [x["id"] for x in tc.get("/api/tables").json()] == [made["table"]]
        assert tc.get(f"/api/tables/{made['table']}").json()["abandoned"] is False
        assert 'class="muted small abandoned-note" hidden>' in tc.get(f"/t/{made['table']}").text


def test_the_limits_come_from_the_options_then_the_environment(monkeypatch, tmp_path):
    assert minutes(None, "JOKER_IDLE_MINUTES", 10) == 10
    monkeypatch.setenv("JOKER_IDLE_MINUTES", "2.5")
    assert minutes(None, "JOKER_IDLE_MINUTES", 10) == 2.5
    assert minutes(0, "JOKER_IDLE_MINUTES", 10) == 0
    for bad in ("soon", "-1", "nan"):
        with pytest.raises(ValueError, match="JOKER_ABANDON_MINUTES: minutes expected"):
            minutes(bad, "JOKER_ABANDON_MINUTES", 30)
    hub = Hub(Store(Ledger.open(str(tmp_path / "e.db")).engine, "e"), b"k")
    assert (hub.idling.idle_s, hub.idling.abandon_s) == (150.0, 1800.0)
    assert hub.idling.interval() == 15.0  # a tenth of the shorter limit


def test_joker_serve_offers_the_limits():
    from typer.testing import CliRunner

    from joker.cli.main import app

    out = CliRunner().invoke(app, ["serve", "--help"], env={"COLUMNS": "400"})
    assert out.exit_code == 0
    for text in ("--idle-minutes", "JOKER_IDLE_MINUTES", "--abandon-minutes", "JOKER_ABANDON_MINUTES",
                 "leaves the lobby; a player's seat link or a join brings it back"):
        assert text in out.output


def test_in_a_cluster_only_the_owner_sweeps_its_tables(pg_url, redis_url):  # noqa: F811
    """Two nodes: the owner lets its quiet table go (the other node does not take the running
    game back), then abandons the waiting one; the other node only drops its copy.  A table
    nobody owns is abandoned by the sweeping node, and a seated connection revives it."""
    async def scenario() -> None:
        clock = Clock()
        async with two_hubs(pg_url, redis_url, clock=clock, idle_minutes=10, abandon_minutes=30) as (a, b):
            game, seat, _ = await a.create_table(RULES, ["bot", "human", "bot", "bot"], "Ann", 1, seed="c")
            async with a.locks[game.id]:
                await a.commit(game, game.plan_start(seat))
            waiting, _, token = await a.create_table(RULES, ["human", "human", "bot", "bot"], "Bob")
            assert a.cluster.owns(game.id) and a.cluster.owns(waiting.id)
            copy = await b.get(waiting.id)  # b holds a copy (a page asked for it), owns nothing
            assert copy is not None and not b.cluster.owns(waiting.id)
            clock.minutes(31)
            assert await b.idling.sweep() == {"left": 1, "abandoned": 0}  # its copy only
            assert stored(a, waiting.id)["abandoned_at"] is None
            assert await a.idling.sweep() == {"left": 2, "abandoned": 2}  # both quiet 31 minutes: the owner's
            assert stored(a, waiting.id)["abandoned_at"] is not None
            assert stored(a, game.id)["abandoned_at"] is not None
            assert not a.cluster.owns(game.id)
            await asyncio.sleep(2.5)  # the unowned-game sweeps of both nodes run: nobody takes it back
            assert game.id not in a.tables and game.id not in b.tables
            # a seat token on b revives the waiting table: back in the lobby
            conn = await connect(b, waiting.id, token)
            assert conn.seat == 0 and stored(b, waiting.id)["abandoned_at"] is None
            b.detach(conn)
            # a waiting table nobody owns (its owner let it go) is abandoned by the sweeping node
            await a.cluster.release(waiting.id)
            b.forget(waiting.id)
            sweeper, other = (a, b) if a.cluster.sweeper() else (b, a)
            assert not other.cluster.sweeper()
            assert await other.idling.sweep() == {"left": 0, "abandoned": 0}
            assert await sweeper.idling.sweep() == {"left": 0, "abandoned": 0}  # its quiet clock starts now
            clock.minutes(29)
            assert await sweeper.idling.sweep() == {"left": 0, "abandoned": 0}
            clock.minutes(2)
            assert await other.idling.sweep() == {"left": 0, "abandoned": 0}
            assert await sweeper.idling.sweep() == {"left": 0, "abandoned": 1}
            assert stored(a, waiting.id)["abandoned_at"] is not None

    asyncio.run(scenario())


@pytest.mark.parametrize("where", ["sqlite", "postgresql"])
def test_the_migration_adds_and_removes_abandoned_at(where, tmp_path, request):
    from joker.store import downgrade, make_engine, sqlite_url, upgrade

    url = sqlite_url(tmp_path / "m.db") if where == "sqlite" else request.getfixturevalue("pg_url")
    engine = make_engine(url)
    try:
        def columns() -> set[str]:
            return {c["name"] for c in inspect(engine).get_columns("web_tables")}

        upgrade(engine, "0005_web_chat_rematch")
        assert "abandoned_at" not in columns()
        upgrade(engine)
        assert {"abandoned_at", "rematch", "game"} <= columns()
        downgrade(engine, "0005_web_chat_rematch")
        assert "abandoned_at" not in columns() and "rematch" in columns()
        upgrade(engine)
        assert "abandoned_at" in columns()
    finally:
        engine.dispose()
