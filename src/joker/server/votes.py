"""The stalling-dot vote (RULES.md §11): when a player's time ran out, the
other players present vote; when all of them have, he gets the dot."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .table import HUMAN, Table, TableError, refused

if TYPE_CHECKING:
    from .hub import Hub


def open_vote(hub: Hub, t: Table, seat: int) -> None:
    """Open the vote on ``seat`` (caller holds the table's lock): the other
    humans connected and playing for themselves vote; announce it."""
    needed = {i for i, s in enumerate(t.seats)
              if i != seat and s.kind == HUMAN and not s.takeover and t.online[i] > 0}
    if needed:
        t.vote = {"seat": seat, "voters": set(), "needed": needed}
    hub.notice(t, {"type": "vote", "vote": t.vote_json()})


async def vote(hub: Hub, t: Table, voter: int, seat: int) -> None:
    """``voter`` votes the dot for ``seat`` (caller holds the lock).  Raises :class:`TableError`."""
    v = t.vote
    if v is None or v["seat"] != seat:
        raise refused("vote", "no_vote")
    if voter not in v["needed"]:
        raise refused("vote", "vote_others")
    v["voters"].add(voter)
    if v["voters"] >= v["needed"]:
        t.vote = None
        name = t.seats[seat].name
        await hub.commit(t, t.plan_penalty(seat, f"{name} ran out of time; the others agreed"))
        hub.notice(t, {"type": "vote", "vote": None})
    else:
        hub.notice(t, {"type": "vote", "vote": t.vote_json()})
