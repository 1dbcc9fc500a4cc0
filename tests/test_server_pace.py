"""The pace of play at a web table (joker.pace, docs/bots.md "The pace").

* the kinds: what each game's plug-in names after each action, against facts
  read independently of the plug-in (the action's word, the bout's end);
* a bot thinks during the pause: with a fake clock (:class:`Clock`: pauses
  are counted, not waited; thinking is real time plus what a fake bot says it
  took), a bot that decided in 0.3 s waits only the rest of a 0.8 s pace, a bot
  slower than the pace does not wait at all, and the "thinking" notice is
  cancelled as soon as the bot decides;
* a whole Durak table of four heuristic bots (the host left, a bot plays his
  seat) on the fake clock: every take's bout ends in the throw-in pace, far
  sooner than under the old fixed pause; and a bot's answer after a person's
  move comes no later than the pace even when the bot thinks a while.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import time
from typing import Any

import pytest

from joker import registry
from joker.ledger import Ledger
from joker.pace import BASE, FACTOR, Pace, of, seconds
from joker.server import botplay
from joker.server.botplay import Bots
from joker.server.hub import Hub
from joker.server.store import Store
from joker.server.table import FINISHED, Event, Table

DURAK = registry.game("durak")


@pytest.fixture(autouse=True)
def _no_env(monkeypatch):
    monkeypatch.delenv("JOKER_DB_URL", raising=False)
    monkeypatch.delenv("JOKER_SECRET", raising=False)
    monkeypatch.delenv("JOKER_REDIS_URL", raising=False)


class Clock:
    """Real time plus the pauses slept so far, which return at once: the time a
    table would take, at the speed of a test."""

    def __init__(self) -> None:
        self.skipped = 0.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return time.monotonic() + self.skipped

    async def sleep(self, s: float) -> None:
        self.slept.append(s)
        self.skipped += s
        await asyncio.sleep(0)


# -- the kinds ---------------------------------------------------------------------------------
def test_the_kinds_and_their_seconds() -> None:
    assert BASE == 0.8
    assert FACTOR == {Pace.NORMAL: 1.0, Pace.ENDED: 2.0, Pace.THROW_IN: 0.35}
    assert seconds(Pace.NORMAL) == 0.8 and seconds(Pace.ENDED) == 1.6 and seconds(Pace.THROW_IN) == 0.28
    assert seconds(Pace.ENDED, base=0) == 0
    # a message of an older process carries the boolean "pause"
    assert (of(True), of(False), of(None)) == (Pace.ENDED, Pace.NORMAL, Pace.NORMAL)
    assert of("throw_in") is Pace.THROW_IN and of(Pace.ENDED) is Pace.ENDED
    with pytest.raises(ValueError):
        of("slow")
    with pytest.raises(ValueError):
        of(2)


@pytest.mark.parametrize("rules", ["durak", "durak(players=3,throw_in=neighbours)", "durak-36(players=2)"])
def test_durak_pace_after_each_action(rules: str) -> None:
    """ENDED exactly when the bout (or the game) ended; THROW_IN for each throw-in or pass
    after a take while the bout goes on; the take itself NORMAL (people see it)."""
    web = registry.plugin("durak", "web")
    rng = random.Random(rules)
    s = DURAK.new_game(DURAK.parse_rules(rules), f"pace:{rules}")
    seen: set[Pace] = set()
    taking = False  # the defender said take and the bout goes on
    while not s.is_terminal():
        a = rng.choice(s.legal_actions())
        word = DURAK.format_action(a)
        after = s.apply(a)
        ended = after.bouts != s.bouts or after.game != s.game or after.is_terminal()
        got = web.pace(s, after)
        seen.add(got)
        if ended:
            assert got is Pace.ENDED
            taking = False
        elif taking:
            assert word == "pass" or word in {DURAK.format_action(x) for x in s.legal_actions()[:-1]}
            assert got is Pace.THROW_IN, word
        else:
            assert got is Pace.NORMAL, word
            taking = word == "take"
        s = after
    assert seen == set(Pace)


def test_joker_pace_after_each_action() -> None:
    """ENDED exactly when the action completed a trick (the event says ``trick_done``)."""
    game = registry.game("joker")
    web = registry.plugin("joker", "web")
    rng = random.Random(5)
    s = game.new_game(game.parse_rules("bus-angeles(schedule=2)"), 5)
    ends = 0
    while not s.is_terminal():
        a = rng.choice(s.legal_actions())
        after = s.apply(a)
        done = "trick_done" in web.action_data(s, after, s.current_player, a)
        assert web.pace(s, after) is (Pace.ENDED if done else Pace.NORMAL)
        ends += done
        s = after
    assert ends >= 2


# -- a bot thinks during the pause ----------------------------------------------------------------
class FakeHub:
    """What :meth:`Bots.turn` needs of a hub: the locks, ``commit`` (recorded) and ``notice``."""

    def __init__(self) -> None:
        self.locks: dict[str, asyncio.Lock] = {}
        self.commits: list[tuple[float, Any]] = []
        self.notices: list[dict[str, Any]] = []
        self.clock: Clock | None = None

    async def commit(self, t: Any, p: Any) -> None:
        assert self.clock is not None
        self.commits.append((self.clock(), p))

    def notice(self, t: Any, msg: dict[str, Any]) -> None:
        self.notices.append(msg)


class FakeTable:
    """A table whose seat 1 is a bot to move at event 7."""

    id = "fake"
    seq = 7

    def to_move(self) -> int:
        return 1

    def is_bot_turn(self) -> bool:
        return True

    def bot_level(self, seat: int) -> str:
        return "heuristic"

    def bot_source(self, seat: int) -> str:
        return "bot"

    def plan_action(self, seat: int, text: str, source: str) -> tuple[int, str, str]:
        return seat, text, source

    class kit:
        class game:
            @staticmethod
            def format_action(a: str) -> str:
                return a


def _bots(think: float, real: float = 0.0) -> tuple[Bots, FakeHub, Clock]:
    """Bots on a fake hub whose choice takes ``think`` fake seconds (and ``real`` real ones)."""
    hub, clock = FakeHub(), Clock()
    hub.clock = clock
    hub.locks["fake"] = asyncio.Lock()
    bots = Bots(hub, clock=clock, sleep=clock.sleep)  # type: ignore[arg-type]

    async def choose(t: Any, seat: int, level: str) -> str:
        if real:
            await asyncio.sleep(real)
        clock.skipped += think
        return "take"

    bots.choose = choose  # type: ignore[method-assign]
    return bots, hub, clock


@pytest.mark.parametrize("think, waits", [(0.0, 0.8), (0.3, 0.5), (0.79, 0.01), (1.2, None)])
def test_a_bot_waits_only_the_rest_of_the_pace(think: float, waits: float | None) -> None:
    async def run() -> None:
        bots, hub, clock = _bots(think)
        began = clock()
        await bots.turn(FakeTable(), 7, 0.8)  # type: ignore[arg-type]
        (at, p), = hub.commits
        assert p == (1, "take", "bot")
        if waits is None:  # slower than the pace: no pause at all
            assert clock.slept == []
            assert at - began == pytest.approx(think, abs=0.05)
        else:
            assert clock.slept == [pytest.approx(waits, abs=0.02)]
            assert at - began == pytest.approx(0.8, abs=0.02)  # the pace, not the pace + the thinking
        bots.close()

    asyncio.run(run())


def test_a_bot_of_a_table_that_moved_on_does_not_play() -> None:
    async def run() -> None:
        bots, hub, _ = _bots(0.1)
        t = FakeTable()
        t.seq = 8  # an event came after the turn was scheduled
        await bots.turn(t, 7, 0.8)  # type: ignore[arg-type]
        assert hub.commits == []
        bots.close()

    asyncio.run(run())


def test_the_thinking_notice_is_cancelled_once_the_bot_decides(monkeypatch) -> None:
    monkeypatch.setattr(botplay, "THINKING_AFTER", 0.05)

    async def run(real_think: float, pause: float) -> list[dict[str, Any]]:
        bots, hub, clock = _bots(0.0, real=real_think)
        bots.sleep = asyncio.sleep  # a real pause: the notice's timer runs on the real clock
        await bots.turn(FakeTable(), 7, pause)  # type: ignore[arg-type]
        assert len(hub.commits) == 1
        bots.close()
        return hub.notices

    # decided at once, then a real pause 4 × longer than THINKING_AFTER: never announced
    assert asyncio.run(run(0.0, 0.2)) == []
    # still deciding after THINKING_AFTER: announced once
    assert asyncio.run(run(0.2, 0.0)) == [{"type": "thinking", "seat": 1, "preparing": False}]


# -- a whole table ---------------------------------------------------------------------------------
async def _table(tmp: Any, seats: list[str], seed: str, clock: Clock) -> tuple[Hub, Table, list[tuple[float, Event]]]:
    """A started 4-player Durak table on a hub with the fake clock; every event with its time."""
    led = Ledger.open(str(tmp / f"{seed}.db"))
    hub = Hub(Store(led.engine, led.url), b"k", bot_delay=BASE)
    hub.bots = Bots(hub, clock=clock, sleep=clock.sleep)
    await hub.start()
    events: list[tuple[float, Event]] = []
    broadcast = hub.broadcast

    def record(t: Table, ev: Event) -> None:
        events.append((clock(), ev))
        broadcast(t, ev)

    hub.broadcast = record  # type: ignore[method-assign]
    t, _, _ = await hub.create_table("durak", seats, "Ann", seed=seed, game="durak")
    async with hub.locks[t.id]:
        await hub.commit(t, t.plan_start(0))
    return hub, t, events


async def _until(pred: Any, limit: float = 60.0) -> None:
    end = time.monotonic() + limit
    while not pred():
        assert time.monotonic() < end, "the table stopped"
        await asyncio.sleep(0.005)


def test_a_take_ends_its_bout_in_the_throw_in_pace(tmp_path) -> None:
    """Four heuristic bots; for every take, the seconds to the end of its bout (the
    first throw-in after the normal pause, so people see the take; the rest at the
    throw-in pace), and what the old fixed pause (0.8 s before each move, then the
    bot's thinking) would have made of the same moves."""
    new: list[float] = []
    old: list[float] = []

    async def run(seed: str) -> None:
        clock = Clock()
        hub, t, events = await _table(tmp_path, ["human", "bot:heuristic", "bot:heuristic", "bot:heuristic"],
                                      seed, clock)
        async with hub.locks[t.id]:
            await hub.commit(t, t.plan_leave(0))  # a bot plays the host's seat: bots only
        await _until(lambda: t.status == FINISHED)
        await hub.stop()
        acts = [(at, ev) for at, ev in events if ev.kind == "action"]
        for i, (at, ev) in enumerate(acts):
            if ev.data["what"] != "take" or ev.data.get("bout_done"):
                continue
            assert ev.pace is Pace.NORMAL
            j = next(k for k in range(i + 1, len(acts)) if acts[k][1].data.get("bout_done"))
            moves = j - i  # the throw-ins and passes after the take, the last one ending the bout
            paces = [0.8] + [0.28] * (moves - 1)
            gaps = [acts[k][0] - acts[k - 1][0] for k in range(i + 1, j + 1)]
            for k, gap, pace in zip(range(i + 1, j + 1), gaps, paces):
                assert acts[k - 1][1].pace is (Pace.NORMAL if k == i + 1 else Pace.THROW_IN)
                assert pace - 0.01 <= gap <= pace + 0.25, gaps  # the pace; the bot thinks during it
            new.append(acts[j][0] - at)
            think = sum(max(0.0, g - p) for g, p in zip(gaps, paces))
            old.append(moves * 0.8 + think)

    for seed in ("pace1", "pace2", "pace3", "pace4", "pace5"):
        asyncio.run(run(seed))
    assert len(new) >= 5, new
    print(f"take → bout end, median of {len(new)} takes: old pacing {statistics.median(old):.2f} s, "
          f"new {statistics.median(new):.2f} s")
    assert statistics.median(new) < statistics.median(old) - 0.4
    assert all(n <= o + 0.01 for n, o in zip(new, old))


def test_a_bots_answer_after_a_persons_move_comes_within_the_pace(tmp_path) -> None:
    """Ann plays; the bot after her thinks 0.3 s (a slow bot: its time is added to the
    fake clock) and still answers 0.8 s after her move, not 0.8 + 0.3."""
    answers: list[float] = []

    async def run() -> None:
        clock = Clock()
        hub, t, events = await _table(tmp_path, ["human", "bot:heuristic", "bot:heuristic", "bot:heuristic"],
                                      "answer", clock)
        choose = hub.bots.choose

        async def slow(t: Table, seat: int, level: str) -> Any:
            clock.skipped += 0.3
            return await choose(t, seat, level)

        hub.bots.choose = slow  # type: ignore[method-assign]
        rng = random.Random(1)
        while t.status != FINISHED and len(answers) < 6:
            await _until(lambda: t.status == FINISHED or (t.to_move() == 0 and t.seq == events[-1][1].seq))
            if t.status == FINISHED:
                break
            legal = t.state.legal_actions()
            async with hub.locks[t.id]:
                ev = await hub.commit(t, t.plan_action(0, DURAK.format_action(rng.choice(legal))))
            mine = clock()
            if t.to_move() in (1, 2, 3) and t.status != FINISHED:
                await _until(lambda: t.seq > ev.seq)
                bot_at = next(at for at, e in events if e.seq == ev.seq + 1)
                pace = seconds(ev.pace)
                answers.append(bot_at - mine)
                assert pace - 0.01 <= bot_at - mine <= pace + 0.1, (ev.pace, bot_at - mine)
        await hub.stop()

    asyncio.run(run())
    assert len(answers) >= 3, answers


def test_a_cluster_follows_events_with_the_old_pause_key_and_the_new_pace(tmp_path) -> None:
    """A process of the cluster installs another's non-action event from its message:
    an older process sent ``pause`` (a boolean), a newer one ``pace`` (the kind's value)."""
    from joker.server.cluster import Cluster

    async def run() -> None:
        db = str(tmp_path / "shared.db")
        hubs = []
        for _ in range(2):
            led = Ledger.open(db)
            hubs.append(Hub(Store(led.engine, led.url), b"k", bot_delay=60))
        a, b = hubs
        t, _, _ = await a.create_table("durak", ["human", "bot", "bot", "bot"], "Ann", seed="follow", game="durak")
        async with a.locks[t.id]:
            await a.commit(t, t.plan_start(0))
        copy = (await b.db(b.store.load, t.id))[0]
        b._register(copy)
        b.cluster = Cluster(b, "redis://127.0.0.1:6379/0", prefix="unused:")  # not started: no Redis is used
        for plan, sent, expected in ((t.plan_leave, {"pause": True}, Pace.ENDED),
                                     (t.plan_takeback, {"pace": "throw_in"}, Pace.THROW_IN),
                                     (t.plan_leave, {}, Pace.NORMAL)):
            async with a.locks[t.id]:
                ev = await a.commit(t, plan(0))
            m = {"n": "elsewhere", "t": t.id, "seq": ev.seq, "kind": ev.kind, "data": ev.data, "view": ev.view,
                 "sheet": ev.sheet, "texts": {}, **sent}  # no audience rendered by the owner: rendered here
            await b.cluster._follow(copy, m)
            assert copy.seq == ev.seq and copy.log[-1].pace is expected
        await b.cluster.redis.aclose()
        b.cluster = None  # never started
        for h in hubs:
            await h.stop()

    asyncio.run(run())
