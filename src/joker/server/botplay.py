"""Bot turns: a bot's move is computed on the bots' threads (a searching bot
may think a while; the other tables go on meanwhile), then committed under
the table's lock if the table has not moved on.

**The pace** (:mod:`joker.pace`, docs/bots.md): a bot's move comes the pace
of the table's last event after it (the hub's ``schedule`` works it out), so
people can follow.  The bot thinks during that pause: its decision starts at
once, and only the rest of the pace is waited once it has decided; a bot that
thinks longer than the pace plays as soon as it has decided.

**Ready at once** (docs/bots.md): with ``warm`` (``joker serve``) the bots'
compiled code is made ready when the server starts — unless ``joker warmup``
already filled the disk cache, ``python -m joker.bots.warm`` in a subprocess
(compiling holds the GIL: a minute or more, the server answering meanwhile)
— then loaded into this process on a bot thread (about a second).  Until
then the turns of the bots that need it (the warm plug-ins' ``bots``) wait,
and pages say the bots are getting ready (``bots_ready``).
A bot still deciding :data:`THINKING_AFTER` seconds after its turn began is announced to
the table (the notice is cancelled as soon as it decides, so the pause after a
decision is never announced): a ``{"type": "thinking", "seat": s, "preparing": bool}`` notice
(``preparing``: still waiting for the warm-up); when the warm-up ends every
table gets one, ``seat`` ``null`` when no bot is to move.
"""

from __future__ import annotations

import asyncio
import logging
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, Awaitable, Callable

from joker.errors import JokerError
from .table import Table, TableError, bot_choice, refused

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("joker.server")

THINKING_AFTER = 2.0
"""Seconds of a bot's turn after which the table is told it is thinking."""


class Bots:
    """The bots' threads (two) and the moves they make for ``hub``'s tables.

    ``clock`` (seconds, monotonic) and ``sleep`` (an awaitable pause of so many
    seconds) time the pace; tests give a fake pair to count the pauses without
    waiting them."""

    def __init__(self, hub: Hub, clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep):
        self.hub = hub
        self.clock = clock
        self.sleep = sleep
        self.pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="joker-bot")
        self.ready = asyncio.Event()
        self.ready.set()  # until warm_up() is asked for
        self._warming: asyncio.Task[None] | None = None
        self._proc: asyncio.subprocess.Process | None = None
        self._compiled: dict[str, frozenset[str]] = {}  # per game, the bots whose turns wait for the warm-up

    def close(self) -> None:
        if self._proc is not None and self._proc.returncode is None:
            self._proc.kill()
        if self._warming is not None:
            self._warming.cancel()
        self.pool.shutdown(wait=False, cancel_futures=True)

    def warm_up(self) -> None:
        """Make the bots ready in the background (module doc); the turns of the bots that
        need it wait until then."""
        from joker.bots.warm import plugins

        try:
            found = plugins()  # imports the games' warm plug-ins (Joker's: numba), once, at start
        except ImportError as e:  # e.g. without the fast extra: bots that need it cannot play anyway
            log.warning("no warm-up of the bots: %s", e)
            return
        self._compiled = {name: p.bots for name, p in found.items()}
        self.ready.clear()
        self._warming = asyncio.ensure_future(self._warm(all(p.warmed() for p in found.values())))

    async def _warm(self, warmed: bool) -> None:
        try:
            await self._prepare(warmed)
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - bots still play, compiling on first use
            log.exception("the bots' warm-up failed: bots compile on first use")
        self.ready.set()
        for t in list(self.hub.tables.values()):
            self.hub.notice(t, {"type": "thinking", "seat": t.to_move() if t.is_bot_turn() else None,
                                "preparing": False})

    async def _prepare(self, warmed: bool) -> None:
        """Compile in a subprocess (into the disk cache) unless ``warmed``, then load here (module doc)."""
        if not warmed:
            await self._compile()
        from joker.bots.warm import warm_all

        await asyncio.get_running_loop().run_in_executor(self.pool, warm_all)  # loads the cache into this process

    def _waits(self, t: Table, level: str) -> bool:
        """Whether this bot's turn waits for the warm-up."""
        return not self.ready.is_set() and level.partition("@")[0] in self._compiled.get(t.game, frozenset())

    async def _compile(self) -> None:
        self._proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "joker.bots.warm", "--quiet", stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
        _, err = await self._proc.communicate()
        if self._proc.returncode:
            log.warning("the bots' warm-up failed (exit %s): bots compile on first use\n%s", self._proc.returncode,
                        err.decode(errors="replace")[-2000:])

    def _thinking(self, t: Table, seq: int, seat: int, level: str) -> None:
        if t.seq == seq:
            self.hub.notice(t, {"type": "thinking", "seat": seat, "preparing": self._waits(t, level)})

    async def choose(self, t: Table, seat: int, level: str) -> Any:
        """A bot's action for ``seat`` of ``t`` now.  A bot that fails is replaced for
        this move by the game's default bot (the plug-in's ``fill_bot``), then the
        random bot.  Raises :class:`TableError` when none can choose."""
        loop = asyncio.get_running_loop()
        state, actions = t.state, t.actions
        bots = t.kit.game.bots()
        for name in dict.fromkeys((level, t.kit.web.fill_bot, "random")):
            if name not in bots:
                continue
            try:
                return await loop.run_in_executor(self.pool, bot_choice, t.game, name, t.seed, state, actions)
            except JokerError as e:  # e.g. a bot made for other rules
                log.warning("table %s: bot %r cannot play seat %d: %s", t.id, name, seat + 1, e)
            except Exception:  # noqa: BLE001 - a broken bot must not stop the table
                log.exception("table %s: bot %r failed for seat %d", t.id, name, seat + 1)
        raise refused("bot", "no_bot_move")

    async def turn(self, t: Table, seq: int, delay: float) -> None:
        """The bot to move at event ``seq`` plays ``delay`` seconds (the pace) after
        the turn began, or as soon as it has decided if that takes longer: it
        thinks at once and waits only the rest (module doc); nothing happens if
        the table moved on meanwhile."""
        hub = self.hub
        began = self.clock()
        try:
            seat = t.to_move()
            if t.seq != seq or seat is None or not t.is_bot_turn():
                return
            level = t.bot_level(seat)
            notice = asyncio.get_running_loop().call_later(THINKING_AFTER, self._thinking, t, seq, seat, level)
            try:
                if self._waits(t, level):
                    await self.ready.wait()
                action = await self.choose(t, seat, level)
            finally:
                notice.cancel()  # decided: no "thinking" notice during the rest of the pause
            rest = delay - (self.clock() - began)
            if rest > 0:
                await self.sleep(rest)
            async with hub.locks[t.id]:
                if t.seq != seq or not t.is_bot_turn():  # the table moved on meanwhile (a take-back)
                    return
                await hub.commit(t, t.plan_action(seat, t.kit.game.format_action(action), t.bot_source(seat)))
        except asyncio.CancelledError:
            raise
        except TableError as e:
            log.error("table %s: bot move failed: %s; retrying", t.id, e)
            await self.sleep(2)
            if t.seq == seq:
                hub.schedule(t)
        except Exception:  # pragma: no cover - a bug; keep the server alive
            log.exception("table %s: bot move failed", t.id)
