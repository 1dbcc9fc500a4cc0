"""joker — the card game Joker («Джокер», «Расписной покер»): rules engine,
records, scoring.  See README.md and RULES.md.

    >>> from joker import new_game
    >>> state = new_game("bus-angeles", seed=7)
    >>> state.legal_actions()
    [Bid(tricks=0), Bid(tricks=1)]
"""

from typing import TYPE_CHECKING

from . import lazy
from .version import __version__

if TYPE_CHECKING:  # imported when first named (lazy.attributes): `import joker` loads no engine
    from joker.games.joker.actions import Action, Bid, ChooseTrump, FollowJoker, LeadJoker, Play, format_action, parse_action
    from joker.cards import Card, CardSet, Deck, format_card, format_cards, parse_card, parse_cards
    from joker.games.joker.engine import DealCards, GameState, Phase, PlayerView, Trick, new_game, view_of
    from joker.games.joker.engine.perft import perft
    from joker.errors import IllegalActionError, InvalidNotationError, JokerError, RecordError, RulesError
    from joker.games.joker.rules import PRESETS, RULES_VERSION, DealKind, DealSpec, JokerCall, Rules, parse_rules, preset
    from joker.games.joker.scoring import DealResult, block_summaries, deal_score, game_totals, places

WHERE = {
    'Action': 'joker.games.joker.actions',
    'Bid': 'joker.games.joker.actions',
    'Card': 'joker.cards',
    'CardSet': 'joker.cards',
    'ChooseTrump': 'joker.games.joker.actions',
    'DealCards': 'joker.games.joker.engine',
    'DealKind': 'joker.games.joker.rules',
    'DealResult': 'joker.games.joker.scoring',
    'DealSpec': 'joker.games.joker.rules',
    'Deck': 'joker.cards',
    'FollowJoker': 'joker.games.joker.actions',
    'GameState': 'joker.games.joker.engine',
    'IllegalActionError': 'joker.errors',
    'InvalidNotationError': 'joker.errors',
    'JokerCall': 'joker.games.joker.rules',
    'JokerError': 'joker.errors',
    'LeadJoker': 'joker.games.joker.actions',
    'PRESETS': 'joker.games.joker.rules',
    'Phase': 'joker.games.joker.engine',
    'Play': 'joker.games.joker.actions',
    'PlayerView': 'joker.games.joker.engine',
    'RULES_VERSION': 'joker.games.joker.rules',
    'RecordError': 'joker.errors',
    'Rules': 'joker.games.joker.rules',
    'RulesError': 'joker.errors',
    'Trick': 'joker.games.joker.engine',
    'block_summaries': 'joker.games.joker.scoring',
    'deal_score': 'joker.games.joker.scoring',
    'format_action': 'joker.games.joker.actions',
    'format_card': 'joker.cards',
    'format_cards': 'joker.cards',
    'game_totals': 'joker.games.joker.scoring',
    'new_game': 'joker.games.joker.engine',
    'parse_action': 'joker.games.joker.actions',
    'parse_card': 'joker.cards',
    'parse_cards': 'joker.cards',
    'parse_rules': 'joker.games.joker.rules',
    'perft': 'joker.games.joker.engine.perft',
    'places': 'joker.games.joker.scoring',
    'preset': 'joker.games.joker.rules',
    'view_of': 'joker.games.joker.engine',
}
"""Each name of :data:`__all__` → the module defining it."""

__getattr__ = lazy.attributes(__name__, WHERE)

__all__ = [
    "Action", "Bid", "Card", "CardSet", "ChooseTrump", "DealCards", "DealKind", "DealResult", "DealSpec",
    "Deck", "FollowJoker", "GameState", "IllegalActionError", "InvalidNotationError", "JokerCall",
    "JokerError", "LeadJoker", "PRESETS", "Phase", "Play", "PlayerView", "RULES_VERSION", "RecordError",
    "Rules", "RulesError", "Trick", "block_summaries", "deal_score", "format_action", "format_card",
    "format_cards", "game_totals", "new_game", "parse_action", "parse_card", "parse_cards", "parse_rules",
    "perft", "places", "preset", "view_of",
]
