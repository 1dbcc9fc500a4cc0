"""Durak's bots by name (the first is the default): ``random``
(:class:`joker.bots.RandomBot`), ``heuristic`` (:mod:`.heuristic`) and the
search bot (:mod:`.search`).  Levels for people: ``easy`` (the heuristic bot),
``medium`` (= ``search``) and ``hard`` (= ``search-hard``); the search bots take
a time cap per decision (``search@40ms``).  Every bot sees only its seat's view."""

from __future__ import annotations

from typing import Mapping

from joker.bots.levels import TIMED_SEARCH, house_bots
from joker.game import BotFactory

from .heuristic import HeuristicBot

BOTS: Mapping[str, BotFactory] = house_bots(HeuristicBot, "joker.games.durak.bots.search")
"""Bot factories by name; each takes a seed (and, for :data:`TIMED`, a time cap in seconds)."""

TIMED: frozenset[str] = TIMED_SEARCH
"""The bots with a time cap per decision, which a name may set: ``search@40ms``."""
