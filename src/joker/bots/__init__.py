"""Bots: the interface, and the registry of bots by name (``make_bot``)."""

from __future__ import annotations

from typing import Callable

from ..errors import JokerError
from .base import Bot
from .heuristic import HeuristicBot
from .random_bot import RandomBot

BOTS: dict[str, Callable[[int | str | None], Bot]] = {"random": RandomBot, "heuristic": HeuristicBot}
"""Bot factories by name; each takes a seed."""


def make_bot(name: str, seed: int | str | None = None) -> Bot:
    """A new bot called ``name`` (see :data:`BOTS`).  Raises :class:`JokerError` listing the names."""
    try:
        factory = BOTS[name]
    except KeyError:
        raise JokerError(f"unknown bot {name!r}; bots: {', '.join(BOTS)}") from None
    return factory(seed)


__all__ = ["BOTS", "Bot", "HeuristicBot", "RandomBot", "make_bot"]
