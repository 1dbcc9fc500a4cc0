"""Joker («Джокер»): the game of RULES.md §1–§12 — rules, engine, scoring,
records, bots.  ``GAME`` is its :class:`joker.game.Game` (imported on first
use, so that importing one module of the package does not import them all)."""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    if name == "GAME":
        from .game import GAME

        return GAME
    raise AttributeError(name)
