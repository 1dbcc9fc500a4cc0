"""The words of ``joker play``: how the terminal game writes a card (``A♥``,
``10♣``, ``X1``) and its Rich style, an action either as a readable phrase
(the screen and the move reports) or as the user would type it (the ``?``
list, hints, the params of the engine's refusals), and the prompts built from
the human's view (what to type now, the joker's calls on offer).  Pure: no
I/O; translated words come from :class:`~joker.i18n.Tr` (:mod:`joker.i18n.play`)."""

from __future__ import annotations

from typing import Sequence

from joker.games.joker.actions import Action, Bid, ChooseTrump, FollowJoker, LeadJoker, Play, parse_action
from joker.cards import JOKER1, RANKS, Card, Suit, parse_card, sort_hand, suit_symbol
from joker.games.joker.engine.state import Phase
from joker.games.joker.engine.views import PlayerView
from joker.errors import InvalidNotationError
from joker.games.joker.rules import JokerCall
from joker.i18n import Tr

_RED = (2, 3)  # ♦ ♥


def card_text(c: Card) -> str:
    """A card as players write it: ``A♥``, ``10♣``, ``X1``."""
    if c >= JOKER1:
        return f"X{c - JOKER1 + 1}"
    r = RANKS[c % 13]
    return ("10" if r == "T" else r) + suit_symbol(c // 13)


def card_style(c: Card, trump: Suit | None) -> str:
    """The Rich style of a card: jokers bold magenta, ♦ ♥ red, trumps bold (``""``: plain)."""
    if c >= JOKER1:
        return "bold magenta"
    style = "red" if c // 13 in _RED else ""
    if c // 13 == trump:
        style = (style + " bold").strip()
    return style


def _call_text(tr: Tr, a: LeadJoker | FollowJoker) -> str:
    if isinstance(a, FollowJoker):
        return tr("joker_follow_high" if a.high else "joker_follow_low")
    return tr(f"joker_{a.call.value}", suit=suit_symbol(a.suit) if a.suit is not None else "")


def action_text(tr: Tr, a: Action) -> str:
    """An action as a short readable phrase: ``A♥``, ``X1 (joker: high ♥)``, ``2``, ``♥``."""
    if isinstance(a, Play):
        return card_text(a.card)
    if isinstance(a, (LeadJoker, FollowJoker)):
        return f"{card_text(a.card)} ({_call_text(tr, a)})"
    if isinstance(a, Bid):
        return str(a.tricks)
    if isinstance(a, ChooseTrump):
        return tr("no_trump_choice") if a.suit is None else suit_symbol(a.suit)
    return str(a)


def typed_text(tr: Tr, a: Action) -> str:
    """An action as the user may type it at the main prompt (used by ``?``): ``A♥``,
    ``X1 high ♥``, ``2``, ``♥``, ``N`` (no trump)."""
    if isinstance(a, Play):
        return card_text(a.card)
    if isinstance(a, LeadJoker):
        word = tr(f"call_{a.call.value}")
        return f"{card_text(a.card)} {word}" + (f" {suit_symbol(a.suit)}" if a.suit is not None else "")
    if isinstance(a, FollowJoker):
        return f"{card_text(a.card)} {_follow_word(tr, a.high)}"
    if isinstance(a, Bid):
        return str(a.tricks)
    if isinstance(a, ChooseTrump):
        return "N" if a.suit is None else suit_symbol(a.suit)
    return str(a)


def _follow_word(tr: Tr, high: bool) -> str:
    return tr("call_follow_high" if high else "call_follow_low")


def refusal_field(tr: Tr, name: str, value: str) -> str:
    """A param of an engine refusal (:mod:`joker.i18n.refusals`, engine notation) as
    the screen writes it: ``action`` ``b5`` → ``5`` (``заказ 5``), ``X1:high`` →
    ``X1 high``; ``legal`` ``8D JD`` → ``8♦, J♦``; ``card``/``cards`` ``AS`` → ``A♠``.
    Anything else, or text that does not parse, is kept as it is."""
    try:
        if name == "action":
            if value[:1] == "b" and value[1:].isdigit():  # any bid, even one too large to parse
                # the English texts already say "illegal bid {action}"; the Russian ones start with it
                return tr("refused_bid", bid=int(value[1:]))
            return typed_text(tr, parse_action(value))
        if name == "legal":
            if value == "none":
                return value
            return ", ".join(typed_text(tr, parse_action(t)) for t in value.split())
        if name == "card":
            return card_text(parse_card(value))
        if name == "cards":
            return " ".join(card_text(parse_card(t)) for t in value.split())
    except InvalidNotationError:
        pass
    return value


# -- prompts from the human's view -------------------------------------------------


def _bid_range(view: PlayerView) -> tuple[int, int]:
    """The lowest and highest legal bid (``view`` in the bidding phase)."""
    bids = [a.tricks for a in view.legal_actions if isinstance(a, Bid)]
    return min(bids), max(bids)


def prompt_text(tr: Tr, view: PlayerView) -> str:
    """The main prompt for the human's turn: trump, a bid (with its range and the
    dealer's forbidden bid) or a card."""
    if view.phase is Phase.TRUMP:
        return tr("prompt_trump")
    if view.phase is Phase.BID:
        if view.forbidden_bid is not None:
            return tr("prompt_bid_dealer", lo=0, hi=view.deal.cards, forbidden=view.forbidden_bid)
        lo, hi = _bid_range(view)
        return tr("prompt_bid", lo=lo, hi=hi)
    return tr("prompt_card")


def expected_text(tr: Tr, view: PlayerView) -> str:
    """What the main prompt expects, said after input it did not understand."""
    if view.phase is Phase.TRUMP:
        return tr("expect_trump")
    if view.phase is Phase.BID:
        lo, hi = _bid_range(view)
        return tr("expect_bid", lo=lo, hi=hi)
    return tr("expect_card")


def legal_items(tr: Tr, view: PlayerView) -> list[str]:
    """The legal actions as the user would type them, cards in hand order (the ``?`` command)."""
    legal: Sequence[Action] = view.legal_actions
    if view.phase is Phase.PLAY:  # card actions only
        order = {c: i for i, c in enumerate(sort_hand(view.hand, view.trump))}
        legal = sorted(legal, key=lambda a: order.get(a.card, 99) if isinstance(a, (Play, LeadJoker, FollowJoker))
                       else 99)  # stable: joker calls keep their order
    return [typed_text(tr, a) for a in legal]


def call_options(tr: Tr, card: Card, lead: bool, view: PlayerView) -> str:
    """The legal calls of joker ``card``: ``high ♠/♣/♦/♥ · takes ♠/♣/♦/♥ · give``
    on a lead (``lead``), ``high / low`` when following."""
    acts = [a for a in view.legal_actions if isinstance(a, (LeadJoker, FollowJoker)) and a.card == card]
    if not lead:
        return " / ".join(_follow_word(tr, a.high) for a in acts if isinstance(a, FollowJoker))
    parts = []
    for call in JokerCall:
        suits = [a.suit for a in acts if isinstance(a, LeadJoker) and a.call is call]
        if not suits:
            continue
        word = tr(f"call_{call.value}")
        if suits[0] is None:
            parts.append(word)
        else:
            parts.append(f"{word} " + "/".join(suit_symbol(s) for s in suits))
    return " · ".join(parts)
