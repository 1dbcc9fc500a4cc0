"""The bot interface: a bot sees only a seat's :class:`~joker.engine.views.PlayerView`
(never the full state) and returns one of ``view.legal_actions``."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from ..actions import Action
from ..engine.views import PlayerView


@runtime_checkable
class Bot(Protocol):
    """Anything with a ``name`` and ``choose(view) -> Action``.

    ``choose`` is called only when ``view.seat`` is to move, and must return
    an element of ``view.legal_actions``.
    """

    name: str

    def choose(self, view: PlayerView) -> Action: ...
