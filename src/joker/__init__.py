"""joker — the card game Joker («Джокер», «Расписной покер»): rules engine,
records, scoring.  See README.md and RULES.md.

    >>> from joker import new_game
    >>> state = new_game("bus-angeles", seed=7)
    >>> state.legal_actions()
    [Bid(tricks=0), Bid(tricks=1)]
"""

from joker.games.joker.actions import Action, Bid, ChooseTrump, FollowJoker, LeadJoker, Play, format_action, parse_action
from joker.cards import Card, CardSet, Deck, format_card, format_cards, parse_card, parse_cards
from joker.games.joker.engine import DealCards, GameState, Phase, PlayerView, Trick, new_game, perft, view_of
from joker.errors import IllegalActionError, InvalidNotationError, JokerError, RecordError, RulesError
from joker.games.joker.rules import PRESETS, RULES_VERSION, DealKind, DealSpec, JokerCall, Rules, parse_rules, preset
from joker.games.joker.scoring import DealResult, block_summaries, deal_score, game_totals, places

from .version import __version__

__all__ = [
    "Action", "Bid", "Card", "CardSet", "ChooseTrump", "DealCards", "DealKind", "DealResult", "DealSpec",
    "Deck", "FollowJoker", "GameState", "IllegalActionError", "InvalidNotationError", "JokerCall",
    "JokerError", "LeadJoker", "PRESETS", "Phase", "Play", "PlayerView", "RULES_VERSION", "RecordError",
    "Rules", "RulesError", "Trick", "block_summaries", "deal_score", "format_action", "format_card",
    "format_cards", "game_totals", "new_game", "parse_action", "parse_card", "parse_cards", "parse_rules",
    "perft", "places", "preset", "view_of",
]
