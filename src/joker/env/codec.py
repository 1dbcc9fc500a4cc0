"""Joker's action codec, moved to :mod:`joker.games.joker.rl.codec` (the game's RL
plug-in); this path is kept for :mod:`joker.env.openspiel` and the documentation's
module names until they name the game's module."""

from joker.games.joker.rl.codec import *  # noqa: F401,F403
from joker.games.joker.rl.codec import ActionCodec, ActionSegment

__all__ = ["ActionCodec", "ActionSegment"]
