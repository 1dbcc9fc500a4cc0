"""Joker's episodes, moved to :mod:`joker.games.joker.rl.episode` (the game's RL
plug-in); this path is kept for :mod:`joker.env.openspiel` until it imports the
game's module."""

from joker.games.joker.rl.episode import (
    EpisodeConfig,
    Start,
    deal_score_range,
    one_deal_rules,
    rules_from,
)

__all__ = ["EpisodeConfig", "Start", "deal_score_range", "one_deal_rules", "rules_from"]
