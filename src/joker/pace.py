"""The pace of play at a web table: how long the server lets a bot's move
wait after the table's last event, so people can follow (docs/bots.md, "The
pace"; both games).

Each game's web plug-in names the kind of pause an action calls for
(``pace(before, after)``, :mod:`joker.server.plugin`); the table's event keeps
it (``Event.pace``) and the hub waits :func:`seconds` of it before the next bot
plays — a bot thinks meanwhile and only waits the rest (:mod:`joker.server.botplay`).

* :attr:`Pace.NORMAL` — 1 × :data:`BASE`, an ordinary move;
* :attr:`Pace.ENDED` — 2 ×, after a trick (Joker) or a bout (Durak, RULES.md
  §13.4 rule 5) ends, so people see the finished table before it goes;
* :attr:`Pace.THROW_IN` — 0.35 ×, Durak's throw-ins after a take (RULES.md §13.4
  rule 3): the defender's answer is given, the cards that follow are a formality.

    >>> seconds(Pace.ENDED)
    1.6
    >>> seconds(Pace.THROW_IN, base=1.0)
    0.35
    >>> of(True), of(None), of("throw_in")
    (<Pace.ENDED: 'ended'>, <Pace.NORMAL: 'normal'>, <Pace.THROW_IN: 'throw_in'>)
"""

from __future__ import annotations

from enum import Enum

BASE = 0.8
"""Seconds of an ordinary pause (:attr:`Pace.NORMAL`); ``joker serve --bot-delay`` sets a table server's own."""


class Pace(str, Enum):
    """The kind of pause after an action (module doc); its value is the name kept in messages."""

    NORMAL = "normal"
    ENDED = "ended"
    THROW_IN = "throw_in"


FACTOR: dict[Pace, float] = {Pace.NORMAL: 1.0, Pace.ENDED: 2.0, Pace.THROW_IN: 0.35}
"""Each kind's pause as a multiple of the base."""


def seconds(kind: Pace, base: float = BASE) -> float:
    """The pause of ``kind`` in seconds for the base pause ``base`` (seconds, ≥ 0)."""
    return round(base * FACTOR[kind], 9)


def of(value: object) -> Pace:
    """A kept pace read back: a :class:`Pace` or its value; a boolean is the old
    ``pause`` flag of messages written before the pace had kinds (``True``: a
    trick or bout ended, :attr:`Pace.ENDED`); ``None`` (absent) is :attr:`Pace.NORMAL`.
    Raises ``ValueError`` for anything else."""
    if value is None or value is False:
        return Pace.NORMAL
    if value is True:
        return Pace.ENDED
    if isinstance(value, str):
        return Pace(value)
    raise ValueError(f"not a pace: {value!r}")


__all__ = ["BASE", "FACTOR", "Pace", "of", "seconds"]
