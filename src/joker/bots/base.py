"""The bot interface: a bot sees only a seat's view (the game's
:meth:`~joker.game.Game.view_of`, never the full state) and returns one of
``view.legal_actions``."""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class Bot(Protocol):
    """Anything with a ``name`` and ``choose(view) -> action``.

    ``choose`` is called only when ``view.seat`` is to move, and must return
    an element of ``view.legal_actions``.
    """

    name: str

    def choose(self, view: Any) -> Any: ...
