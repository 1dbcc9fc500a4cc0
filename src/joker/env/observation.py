"""Joker's observation tensor, moved to :mod:`joker.games.joker.rl.observation`
(the game's RL plug-in); this path is kept for :mod:`joker.env.openspiel` and the
documentation's module names until they name the game's module."""

from joker.games.joker.rl.observation import *  # noqa: F401,F403
from joker.games.joker.rl.observation import ObservationLayout, Segment

__all__ = ["ObservationLayout", "Segment"]
