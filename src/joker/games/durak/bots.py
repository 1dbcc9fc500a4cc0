"""Durak's bots by name (the first is the default).  Only ``random`` so far:
:class:`joker.bots.RandomBot` plays any view with ``legal_actions``."""

from __future__ import annotations

from typing import Mapping

from joker.bots import RandomBot
from joker.game import BotFactory

BOTS: Mapping[str, BotFactory] = {"random": RandomBot}
TIMED: frozenset[str] = frozenset()
