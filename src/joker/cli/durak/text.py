"""Durak's cards and actions as the terminal writes and reads them: a card as
players write it (``A♥``, ``10♣``, ``X1``), the hand sorted with trumps last,
an action as it may be typed (the ``?`` list, hints, the params of the
engine's refusals), and what the player types read into an action — the
engine's notation (``8C``, ``KC/8C``, ``transfer:8D``, ``show:9H``, ``take``,
``done``, ``pass``) plus friendlier forms (``KC 8C``, a card alone when it
can mean one move only, ``transfer 8D``, ``перевод 8D``, ``беру``, ``пас``).
Pure: no I/O; words come from :class:`~joker.i18n.Tr` (``durak_play``)."""

from __future__ import annotations

from typing import Callable, Sequence

from joker.cards import JOKER1, RANKS, Card, Suit, card, is_joker, parse_card, rank_of, suit_of, suit_symbol
from joker.errors import InvalidNotationError
from joker.games.durak.actions import DONE, PASS, TAKE, Action, Attack, Beat, Show, Transfer, Word, parse_action
from joker.games.durak.engine.table import Phase
from joker.games.durak.engine.views import PlayerView
from joker.i18n import Tr

from ..prompt_words import BadInput

_RED = (2, 3)  # ♦ ♥
SIX_SPADES, SIX_CLUBS = card(4, 0), card(4, 1)
"""In ``durak36`` these are the jokers X1 and X2 (docs/durak.md, Cards)."""

TAKE_WORDS = {"take", "t", "беру", "взять", "взял", "возьму"}
DONE_WORDS = {"done", "d", "хватит", "всё", "все", "бито"}
PASS_WORDS = {"pass", "p", "пас", "нет"}
TRANSFER_WORDS = {"transfer", "t", "tr", "перевод", "перевожу", "перевести"}
SHOW_WORDS = {"show", "s", "показ", "показываю", "показать"}
JOKER_WORDS = {"x", "joker", "джокер", "дж"}
FILLER_WORDS = {"on", "over", "by", "на", "под"}


class Ambiguous(Exception):
    """Text that names several legal actions: ``args[0]`` is the tuple of them."""


def card_text(c: Card) -> str:
    """A card as players write it: ``A♥``, ``10♣``, ``X1``."""
    if is_joker(c):
        return f"X{c - JOKER1 + 1}"
    r = RANKS[c % 13]
    return ("10" if r == "T" else r) + suit_symbol(c // 13)


def card_style(c: Card, trump: Suit | None) -> str:
    """The Rich style of a card: jokers bold magenta, ♦ ♥ red, trumps bold (``""``: plain)."""
    if is_joker(c):
        return "bold magenta"
    style = "red" if c // 13 in _RED else ""
    if c // 13 == trump:
        style = (style + " bold").strip()
    return style


def sort_hand(cards: Sequence[Card], trump: Suit | None) -> list[Card]:
    """Cards for display: the non-trump suits (♠ ♣ ♦ ♥) low to high, then the
    trumps low to high, then the jokers — the strongest last."""

    def key(c: Card) -> tuple[int, int]:
        s = suit_of(c)
        if s is None:
            return (6, c)
        return (5 if s == trump else s, rank_of(c) or 0)

    return sorted(cards, key=key)


def group_of(c: Card, trump: Suit | None) -> int:
    """Which group of :func:`sort_hand` ``c`` falls in (a gap is printed between groups)."""
    s = suit_of(c)
    return 6 if s is None else (5 if s == trump else s)


def typed_text(tr: Tr, a: Action) -> str:
    """An action as it may be typed at the prompt: ``8♣``, ``K♣/8♣``,
    ``transfer 8♦`` (``перевод 8♦``), ``show 9♥``, ``take`` (``беру``), ``done``, ``pass``."""
    if isinstance(a, Attack):
        return card_text(a.card)
    if isinstance(a, Beat):
        return f"{card_text(a.card)}/{card_text(a.target)}"
    if isinstance(a, Transfer):
        return f"{tr('w_transfer')} {card_text(a.card)}"
    if isinstance(a, Show):
        return f"{tr('w_show')} {card_text(a.card)}"
    return tr(f"w_{a.word}")


def legal_items(tr: Tr, view: PlayerView) -> list[str]:
    """The legal actions as they may be typed, in the engine's order (the ``?`` command)."""
    return [typed_text(tr, a) for a in view.legal_actions]


# -- reading input -------------------------------------------------------------------


def read_card(text: str, view: PlayerView) -> Card:
    """A card typed: :func:`joker.cards.parse_card`, plus ``6S``/``6C`` for the
    jokers of ``durak36`` and ``x``/``joker`` for the one joker in hand.
    Raises :class:`BadInput`."""
    t = text.strip()
    if t.lower() in JOKER_WORDS:
        jokers = [c for c in view.hand if is_joker(c)]
        if len(jokers) == 1:
            return jokers[0]
        raise BadInput(text)
    try:
        c = parse_card(t)
    except InvalidNotationError:
        raise BadInput(text) from None
    if view.rules.deck.value == "durak36" and c in (SIX_SPADES, SIX_CLUBS):
        return JOKER1 if c == SIX_SPADES else JOKER1 + 1
    return c


def _beat(a: Card, b: Card, legal: Sequence[Action]) -> Beat:
    """Two cards typed for a beat, in either order: the legal one, else ``a`` over ``b`` (refused)."""
    if Beat(a, b) not in legal and Beat(b, a) in legal:
        return Beat(b, a)
    return Beat(a, b)


def parse_input(text: str, view: PlayerView) -> Action:
    """What the player typed, read against ``view`` (the human's, his turn).
    An action the engine would refuse is returned as typed (``apply`` says why).
    Raises :class:`BadInput` for text naming nothing, :class:`Ambiguous` for a
    card alone that could be several legal moves."""
    low = " ".join(text.strip().lower().split())
    if not low:
        raise BadInput(text)
    legal = view.legal_actions
    words: list[tuple[set[str], Word]] = [(DONE_WORDS, DONE), (PASS_WORDS, PASS), (TAKE_WORDS, TAKE)]
    for group, word in words:
        if low in group:  # legal or not: the engine says why not
            return word
    head, _, rest = low.replace(":", " ").partition(" ")
    if rest and head in TRANSFER_WORDS | SHOW_WORDS:
        c = read_card(rest, view)
        return Transfer(c) if head in TRANSFER_WORDS else Show(c)
    if "/" in low:
        a, _, b = low.partition("/")
        return _beat(read_card(a, view), read_card(b, view), legal)
    tokens = [w for w in low.split() if w not in FILLER_WORDS]
    if len(tokens) == 2:
        return _beat(read_card(tokens[0], view), read_card(tokens[1], view), legal)
    if len(tokens) != 1:
        try:
            return parse_action(text)
        except InvalidNotationError:
            raise BadInput(text) from None
    c = read_card(tokens[0], view)
    if view.phase is not Phase.DEFEND:
        return Attack(c)
    # a card alone when defending: the beat or transfer it can be (a show is always said)
    options = [a for a in legal if isinstance(a, (Beat, Transfer)) and a.card == c]
    if len(options) == 1:
        return options[0]
    if options:
        raise Ambiguous(tuple(options))
    unbeaten = [t for t, d in zip(view.attack, view.defence) if d is None]
    return Beat(c, unbeaten[0]) if unbeaten else Attack(c)


def refusal_render(tr: Tr, names: Sequence[str]) -> Callable[[str, str], str]:
    """How a param of an engine refusal (:mod:`joker.i18n.durak`, engine
    notation) is shown: cards as the screen writes them (``8C`` → ``8♣``), the
    legal list as typed (``KC/8C take`` → ``K♣/8♣, take``), a 1-based seat
    with its name (``2`` → ``2 (Alice)``); anything else as it is."""

    def render(name: str, value: str) -> str:
        try:
            if name in ("card", "target"):
                return card_text(parse_card(value))
            if name == "action":
                return typed_text(tr, parse_action(value))
            if name == "legal":
                return ", ".join(typed_text(tr, parse_action(t)) for t in value.split())
            if name == "rank":
                return "10" if value == "T" else value
            if name == "seat" and value.isdigit() and 1 <= int(value) <= len(names):
                return f"{value} ({names[int(value) - 1]})"
        except InvalidNotationError:
            pass
        return value

    return render
