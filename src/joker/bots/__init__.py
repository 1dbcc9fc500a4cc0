"""Bots: the interface, and the registry of bots by name (``make_bot``)."""

from __future__ import annotations

from typing import Callable

from ..errors import JokerError
from .base import Bot
from .heuristic import HeuristicBot
from .random_bot import RandomBot

BOTS: dict[str, Callable[[int | str | None], Bot]] = {"random": RandomBot, "heuristic": HeuristicBot}
"""Bot factories by name; each takes a seed."""


def _search(level: str) -> Callable[..., Bot]:
    def make(seed: int | str | None = None, seconds: float | None = None) -> Bot:
        from dataclasses import replace

        from .search import LEVELS, SearchBot  # imports numba: only when a search bot is made

        budget = None if seconds is None else replace(LEVELS[level], seconds=seconds)
        return SearchBot(seed, level, budget)

    return make


BOTS.update({"search": _search("medium"), "search-hard": _search("hard")})
BOTS.update({"easy": HeuristicBot, "medium": _search("medium"), "hard": _search("hard")})


def _ismcts(seed: int | str | None = None, seconds: float | None = None) -> Bot:
    from .ismcts import OpenSpielISMCTSBot  # imports pyspiel: only when this bot is made

    return OpenSpielISMCTSBot(seed) if seconds is None else OpenSpielISMCTSBot(seed, seconds=seconds)


BOTS["ismcts"] = _ismcts
"""OpenSpiel's ISMCTS bot, for the oh-hell preset only (an outside reference for the arena)."""
"""Levels for people: easy (the heuristic bot), medium and hard (the search bot)."""


TIMED = frozenset({"search", "search-hard", "medium", "hard", "ismcts"})
"""The bots with a time cap per decision, which a name may set: ``search@40ms``."""


def parse_bot_name(name: str) -> tuple[str, float | None]:
    """``"search@40ms"`` → ``("search", 0.04)``; ``"heuristic"`` → ``("heuristic", None)``.
    The time after ``@`` is in ``ms`` or ``s`` (a bare number: seconds), for the bots
    of :data:`TIMED` only.  Raises :class:`JokerError` naming the problem."""
    base, at, cap = name.partition("@")
    if base not in BOTS:
        raise JokerError(f"unknown bot {base!r}; bots: {', '.join(BOTS)}")
    if not at:
        return base, None
    if base not in TIMED:
        raise JokerError(f"bot {base!r} has no time cap to set; bots with one: {', '.join(sorted(TIMED))}")
    text = cap.strip().lower()
    scale = 0.001 if text.endswith("ms") else 1.0
    try:
        seconds = float(text.removesuffix("ms").removesuffix("s")) * scale
    except ValueError:
        seconds = -1.0
    if not 0 < seconds <= 3600:
        raise JokerError(f"bad time per decision {cap!r} in {name!r}: use e.g. {base}@40ms or {base}@0.5s")
    return base, seconds


def make_bot(name: str, seed: int | str | None = None) -> Bot:
    """A new bot called ``name``: a key of :data:`BOTS`, optionally with a time
    cap per decision (:func:`parse_bot_name`).  Raises :class:`JokerError`
    listing the names, or naming a bad time."""
    base, seconds = parse_bot_name(name)
    return BOTS[base](seed) if seconds is None else BOTS[base](seed, seconds)  # type: ignore[call-arg]


__all__ = ["BOTS", "TIMED", "Bot", "HeuristicBot", "RandomBot", "make_bot", "parse_bot_name"]
