"""The pure game core: state machine, play rules, views (no I/O, no clock,
no global RNG)."""

from ..actions import Trick
from .perft import divide, perft
from .state import DealCards, GameState, Phase, deal_cards_from_seed, new_game
from .views import PlayerView, public_view, view_of

__all__ = [
    "DealCards", "GameState", "Phase", "PlayerView", "Trick",
    "deal_cards_from_seed", "divide", "new_game", "perft", "public_view", "view_of",
]
