"""Joker's bots by name: random, the heuristic bot, the search bot's levels
and OpenSpiel's ISMCTS (an outside reference for the oh-hell preset).
Levels for people: easy (the heuristic bot), medium and hard (the search bot).
The search and ISMCTS bots import numba or pyspiel only when one is made."""

from __future__ import annotations

from typing import Any, Mapping

from joker.bots.levels import TIMED_SEARCH, house_bots
from joker.game import BotFactory

from .heuristic import HeuristicBot


def _ismcts(seed: int | str | None = None, seconds: float | None = None) -> Any:
    from .ismcts import OpenSpielISMCTSBot  # imports pyspiel: only when this bot is made

    return OpenSpielISMCTSBot(seed) if seconds is None else OpenSpielISMCTSBot(seed, seconds=seconds)


BOTS: Mapping[str, BotFactory] = house_bots(HeuristicBot, "joker.games.joker.bots.search", {"ismcts": _ismcts})
"""Bot factories by name; each takes a seed (and, for :data:`TIMED`, a time cap in seconds)."""

TIMED: frozenset[str] = TIMED_SEARCH | {"ismcts"}
"""The bots with a time cap per decision, which a name may set: ``search@40ms``."""
