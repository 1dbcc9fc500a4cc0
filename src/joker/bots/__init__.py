"""Bots: the interface, and the registry of bots by name (``make_bot``)."""

from __future__ import annotations

from typing import Callable

from ..errors import JokerError
from .base import Bot
from .heuristic import HeuristicBot
from .random_bot import RandomBot

BOTS: dict[str, Callable[[int | str | None], Bot]] = {"random": RandomBot, "heuristic": HeuristicBot}
"""Bot factories by name; each takes a seed."""


def _search(level: str) -> Callable[[int | str | None], Bot]:
    def make(seed: int | str | None = None) -> Bot:
        from .search import SearchBot  # imports numba: only when a search bot is made

        return SearchBot(seed, level)

    return make


BOTS.update({"search": _search("medium"), "search-hard": _search("hard")})
BOTS.update({"easy": HeuristicBot, "medium": _search("medium"), "hard": _search("hard")})


def _ismcts(seed: int | str | None = None) -> Bot:
    from .ismcts import OpenSpielISMCTSBot  # imports pyspiel: only when this bot is made

    return OpenSpielISMCTSBot(seed)


BOTS["ismcts"] = _ismcts
"""OpenSpiel's ISMCTS bot, for the oh-hell preset only (an outside reference for the arena)."""
"""Levels for people: easy (the heuristic bot), medium and hard (the search bot)."""


def make_bot(name: str, seed: int | str | None = None) -> Bot:
    """A new bot called ``name`` (see :data:`BOTS`).  Raises :class:`JokerError` listing the names."""
    try:
        factory = BOTS[name]
    except KeyError:
        raise JokerError(f"unknown bot {name!r}; bots: {', '.join(BOTS)}") from None
    return factory(seed)


__all__ = ["BOTS", "Bot", "HeuristicBot", "RandomBot", "make_bot"]
