"""Bot turns: a bot's move is computed on the bots' threads (a searching bot
may think a while; the other tables go on meanwhile), then committed under
the table's lock if the table has not moved on."""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

from joker.errors import JokerError
from .table import Table, TableError, bot_choice

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("joker.server")


class Bots:
    """The bots' threads (two) and the moves they make for ``hub``'s tables."""

    def __init__(self, hub: Hub):
        self.hub = hub
        self.pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="joker-bot")

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)

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
        raise TableError("bot", "no bot could choose a move")

    async def turn(self, t: Table, seq: int, delay: float) -> None:
        """After ``delay`` seconds, the bot to move at event ``seq`` plays (unless the table moved on)."""
        hub = self.hub
        try:
            if delay:
                await asyncio.sleep(delay)
            seat = t.to_move()
            if t.seq != seq or seat is None or not t.is_bot_turn():
                return
            action = await self.choose(t, seat, t.bot_level(seat))
            async with hub.locks[t.id]:
                if t.seq != seq or not t.is_bot_turn():  # the table moved on meanwhile (a take-back)
                    return
                await hub.commit(t, t.plan_action(seat, t.kit.game.format_action(action), t.bot_source(seat)))
        except asyncio.CancelledError:
            raise
        except TableError as e:
            log.error("table %s: bot move failed: %s; retrying", t.id, e)
            await asyncio.sleep(2)
            if t.seq == seq:
                hub.schedule(t)
        except Exception:  # pragma: no cover - a bug; keep the server alive
            log.exception("table %s: bot move failed", t.id)
