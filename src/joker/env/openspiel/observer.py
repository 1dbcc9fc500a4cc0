"""OpenSpiel's Python observer for ``python_joker``: the observation tensor of
:mod:`joker.games.joker.rl.observation` (with every finished trick of the deal for the
information state) and the strings of :mod:`.strings`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import pyspiel

from joker.games.joker.rl.observation import ObservationLayout

if TYPE_CHECKING:
    from .game import GameConfig, JokerState


class JokerObserver:
    """OpenSpiel's Python observer for :class:`~.game.JokerGame`: ``tensor`` and
    ``dict`` (named segments of :mod:`joker.games.joker.rl.observation`), ``set_from`` and
    ``string_from``.

    Supports the seat's own private information (observation and information
    state); other observation types raise ``ValueError``."""

    def __init__(self, game: GameConfig, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not iig_obs_type.public_info:
            raise ValueError("python_joker observes one seat's own view (public and its private information) only")
        self.perfect_recall: bool = bool(iig_obs_type.perfect_recall)
        self.layout = ObservationLayout(game.rules, information_state=self.perfect_recall)
        self.tensor = np.zeros(self.layout.size, np.float32)
        self.dict = self.layout.split(self.tensor)

    def set_from(self, state: JokerState, player: int) -> None:
        """Fill :attr:`tensor` with seat ``player``'s observation of ``state``."""
        view, dealing = state.seat_view(player)
        self.layout.encode(view, seat=player, dealing=dealing, deal_number=state.deal_number, out=self.tensor)

    def string_from(self, state: JokerState, player: int) -> str:
        """Seat ``player``'s information-state string (perfect recall) or observation string."""
        if self.perfect_recall:
            return state.information_state_text(player)
        return state.observation_text(player)
