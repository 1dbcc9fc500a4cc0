"""Turn timers: when a human's time to move runs out, either the others may
vote a stalling dot (tables with that option, RULES.md §11: :mod:`.votes`)
or a bot moves for him."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

from .table import PLAYING, Table
from . import votes

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("joker.server")


def start(hub: Hub, t: Table, seat: int) -> None:
    """Run the turn timer of ``seat`` (to move at ``t``'s last event) and
    announce it: a new clock, or the one kept for this event (a process taking
    the table over resumes its deadline: :meth:`.cluster.Cluster.take_clock`);
    an expired one waits for the vote."""
    if t.timer is None or t.timer["seq"] != t.seq:
        secs = t.options.turn_seconds
        t.timer = {"seat": seat, "seq": t.seq, "expired": False, "deadline_wall": time.time() + secs}
        t.vote = None
    hub.notice(t, {"type": "timer", "timer": t.timer_json()})
    if not t.timer["expired"]:
        left = max(0.0, t.timer["deadline_wall"] - time.time())
        hub.tasks[t.id] = asyncio.ensure_future(_timeout(hub, t, t.seq, left))


async def _timeout(hub: Hub, t: Table, seq: int, delay: float) -> None:
    try:
        await asyncio.sleep(delay)
        async with hub.locks[t.id]:
            if t.seq != seq or t.timer is None or t.status != PLAYING:
                return
            t.timer["expired"] = True
            seat: int = t.timer["seat"]
            hub.notice(t, {"type": "timer", "timer": t.timer_json()})
            if t.options.stalling_dot:
                votes.open_vote(hub, t, seat)
                return
        # no stalling dot: a bot moves for whoever ran out of time
        action = await hub.bots.choose(t, seat, t.options.fill_bot)
        async with hub.locks[t.id]:
            if t.seq == seq:
                await hub.commit(t, t.plan_action(seat, t.kit.game.format_action(action), "timeout"))
    except asyncio.CancelledError:
        raise
    except Exception:  # pragma: no cover - a bug; keep the server alive
        log.exception("table %s: turn timer failed", t.id)
