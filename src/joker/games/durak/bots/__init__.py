"""Durak's bots by name (the first is the default): ``random``
(:class:`joker.bots.RandomBot`), ``heuristic`` (:mod:`.heuristic`) and ``search``
(:mod:`.search`, levels ``easy``/``medium``/``hard``; a time cap per decision,
``search@40ms``).  Every bot sees only its seat's view."""

from __future__ import annotations

from typing import Mapping

from joker.bots import RandomBot
from joker.game import BotFactory

from .heuristic import HeuristicBot

BOTS: Mapping[str, BotFactory] = {"random": RandomBot, "heuristic": HeuristicBot}
TIMED: frozenset[str] = frozenset()
