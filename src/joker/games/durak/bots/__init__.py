"""Durak's bots by name (the first is the default): ``random``
(:class:`joker.bots.RandomBot`), ``heuristic`` (:mod:`.heuristic`) and the
search bot (:mod:`.search`).  Levels for people: ``easy`` (the heuristic bot),
``medium`` (= ``search``) and ``hard`` (= ``search-hard``); the search bots take
a time cap per decision (``search@40ms``).  Every bot sees only its seat's view."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Mapping

from joker.bots import RandomBot
from joker.game import BotFactory

from .heuristic import HeuristicBot
from .search import LEVELS, SearchBot


def _search(level: str) -> Callable[..., Any]:
    def make(seed: int | str | None = None, seconds: float | None = None) -> SearchBot:
        budget = None if seconds is None else replace(LEVELS[level], seconds=seconds)
        return SearchBot(seed, level, budget)

    return make


_MEDIUM, _HARD = _search("medium"), _search("hard")  # a level and its alias are one bot (one factory)
BOTS: Mapping[str, BotFactory] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "search": _MEDIUM,
    "search-hard": _HARD,
    "easy": HeuristicBot,
    "medium": _MEDIUM,
    "hard": _HARD,
}
"""Bot factories by name; each takes a seed (and, for :data:`TIMED`, a time cap in seconds)."""

TIMED: frozenset[str] = frozenset({"search", "search-hard", "medium", "hard"})
"""The bots with a time cap per decision, which a name may set: ``search@40ms``."""
