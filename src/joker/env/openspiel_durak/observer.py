"""OpenSpiel's Python observer for ``python_durak``: the observation tensor of
:mod:`joker.games.durak.rl.observation` and the strings of :mod:`.strings`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import pyspiel

from joker.games.durak.rl.observation import ObservationLayout
from joker.games.durak.rules import DurakRules

if TYPE_CHECKING:
    from .game import DurakSpielState


class DurakObserver:
    """``tensor`` and ``dict`` (the named segments of
    :mod:`joker.games.durak.rl.observation`), ``set_from`` and ``string_from``.

    One seat's own view (public and its private information) only; other
    observation types raise ``ValueError``.  With ``perfect_recall`` the
    string is the information-state string; the tensor is always the
    observation tensor (``python_durak`` provides no information-state tensor)."""

    def __init__(self, rules: DurakRules, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not iig_obs_type.public_info:
            raise ValueError("python_durak observes one seat's own view (public and its private information) only")
        self.perfect_recall: bool = bool(iig_obs_type.perfect_recall)
        self.layout = ObservationLayout(rules)
        self.tensor = np.zeros(self.layout.size, np.float32)
        self.dict = self.layout.split(self.tensor)

    def set_from(self, state: DurakSpielState, player: int) -> None:
        """Fill :attr:`tensor` with seat ``player``'s observation of ``state`` (while the
        cards are dealt: only ``seat``)."""
        view = state.seat_view(player)
        if view is None:
            self.tensor.fill(0.0)
            self.tensor[self.layout.offset("seat") + player] = 1.0
        else:
            self.layout.encode(view, out=self.tensor)

    def string_from(self, state: DurakSpielState, player: int) -> str:
        """Seat ``player``'s information-state string (perfect recall) or observation string."""
        if self.perfect_recall:
            return state.information_state_text(player)
        return state.observation_text(player)
