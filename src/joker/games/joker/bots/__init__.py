"""Joker's bots by name: random, the heuristic bot, the search bot's levels
and OpenSpiel's ISMCTS (an outside reference for the oh-hell preset).
Levels for people: easy (the heuristic bot), medium and hard (the search bot).
The search and ISMCTS bots import numba or pyspiel only when one is made."""

from __future__ import annotations

from typing import Any, Callable

from joker.bots.random_bot import RandomBot

from .heuristic import HeuristicBot


def _search(level: str) -> Callable[..., Any]:
    def make(seed: int | str | None = None, seconds: float | None = None) -> Any:
        from dataclasses import replace

        from .search import LEVELS, SearchBot  # imports numba: only when a search bot is made

        budget = None if seconds is None else replace(LEVELS[level], seconds=seconds)
        return SearchBot(seed, level, budget)

    return make


_MEDIUM, _HARD = _search("medium"), _search("hard")  # a level and its alias are one bot (one factory)
def _ismcts(seed: int | str | None = None, seconds: float | None = None) -> Any:
    from .ismcts import OpenSpielISMCTSBot  # imports pyspiel: only when this bot is made

    return OpenSpielISMCTSBot(seed) if seconds is None else OpenSpielISMCTSBot(seed, seconds=seconds)


BOTS: dict[str, Callable[..., Any]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "search": _MEDIUM,
    "search-hard": _HARD,
    "easy": HeuristicBot,
    "medium": _MEDIUM,
    "hard": _HARD,
    "ismcts": _ismcts,
}
"""Bot factories by name; each takes a seed (and, for :data:`TIMED`, a time cap in seconds)."""

TIMED = frozenset({"search", "search-hard", "medium", "hard", "ismcts"})
"""The bots with a time cap per decision, which a name may set: ``search@40ms``."""
