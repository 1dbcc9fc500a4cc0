"""The bot names every game of the house offers, built once: ``random``,
``heuristic``, the search bot at two levels (``search``, ``search-hard``) and
the people's level names for them (``easy`` = ``heuristic``, ``medium`` =
``search``, ``hard`` = ``search-hard``; a level and its alias share one
factory, so a menu lists the bot once, :func:`joker.bots.offered`)."""

from __future__ import annotations

from dataclasses import replace
from importlib import import_module
from typing import Any, Mapping

from joker.game import BotFactory

from .random_bot import RandomBot

TIMED_SEARCH = frozenset({"search", "search-hard", "medium", "hard"})
"""The standard names of bots with a time cap per decision (``search@40ms``)."""


def _search(module: str, level: str) -> BotFactory:
    def make(seed: int | str | None = None, seconds: float | None = None) -> Any:
        search = import_module(module)  # a search bot's dependencies (numba) load only when one is made
        budget = None if seconds is None else replace(search.LEVELS[level], seconds=seconds)
        return search.SearchBot(seed, level, budget)

    return make


def house_bots(heuristic: BotFactory, search_module: str,
               extra: Mapping[str, BotFactory] | None = None) -> dict[str, BotFactory]:
    """A game's bot factories by name, the default (``random``) first.

    ``heuristic``: the game's heuristic bot (``factory(seed)``).
    ``search_module``: the dotted name of the game's search-bot module, which
    has ``LEVELS`` (level name → budget dataclass with a ``seconds`` field)
    and ``SearchBot(seed, level, budget)``; imported when a search bot is made.
    ``extra``: the game's other bots, listed after the standard names."""
    medium, hard = _search(search_module, "medium"), _search(search_module, "hard")
    return {"random": RandomBot, "heuristic": heuristic, "search": medium, "search-hard": hard,
            "easy": heuristic, "medium": medium, "hard": hard, **(extra or {})}
