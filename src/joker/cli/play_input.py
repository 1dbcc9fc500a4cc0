"""What the player types in ``joker play``, read into actions: suits, trump
choices, bids and joker calls in English or Russian words, letters or symbols,
plus Joker's own command word ``s`` (the sheet; the common ones are in
:mod:`joker.cli.prompt_words`).  Pure: strings in, :mod:`joker.games.joker.actions` out, :class:`BadInput` for
text that names nothing; cards themselves are read by
:func:`joker.cards.parse_card`."""

from __future__ import annotations

from typing import Iterable, TypeVar

from joker.games.joker.actions import Action, Bid, ChooseTrump, FollowJoker, LeadJoker
from joker.cards import Card, Suit
from joker.games.joker.rules import JokerCall

from .prompt_words import BadInput

_V = TypeVar("_V")


def _index(groups: Iterable[tuple[_V, Iterable[str]]]) -> dict[str, _V]:
    """``{word: value}`` from ``(value, words)`` pairs."""
    return {w: value for value, words in groups for w in words}


_SUIT_WORDS: dict[str, Suit] = _index(enumerate((
    ("s", "♠", "spades", "spade", "п", "пики", "пика"),
    ("c", "♣", "clubs", "club", "т", "к", "трефы", "треф", "крести", "трефа"),
    ("d", "♦", "diamonds", "diamond", "б", "бубны", "бубна", "буби"),
    ("h", "♥", "hearts", "heart", "ч", "червы", "черви", "черва"),
)))
_SUIT_WORDS.update({"♤": 0, "♧": 1, "♢": 2, "♡": 3})
_NO_TRUMP_WORDS = {"n", "nt", "no", "none", "notrump", "no-trump", "бк", "бескозырка", "без", "нет"}

_LEAD_WORDS: dict[str, JokerCall] = _index((
    (JokerCall.HIGH, ("high", "h", "старшие", "старш", "по старшим", "ст", "хочу")),
    (JokerCall.TAKES, ("takes", "take", "t", "берёт", "берет", "бер")),
    (JokerCall.GIVE, ("give", "g", "отдаю", "отд")),
    (JokerCall.TOP, ("top", "все", "все старшие", "сдайте", "сдайте старшие")),
))
_FOLLOW_WORDS: dict[str, bool] = _index((
    (True, ("high", "h", "беру", "старшая", "старший", "старшие", "ст")),
    (False, ("low", "l", "скидываю", "скид", "младшая", "младший", "мл")),
))

JOKER_WORDS = {"x", "joker", "джокер", "дж", "🃏"}  # "the joker I hold", whichever it is

# Joker's own command word ("ы": "s" typed with a Russian keyboard layout); the common ones are
# in :mod:`.prompt_words`.
SHEET_WORDS = {"s", "sheet", "запись", "ы"}


def parse_suit_word(text: str) -> Suit | None:
    """A suit from a letter, symbol or word (English or Russian), else ``None``."""
    return _SUIT_WORDS.get(text.strip().lower())


def parse_trump(text: str) -> ChooseTrump:
    """A trump choice: ``H``, ``♥``, ``hearts``, ``черви``, ``N``, ``trump:H``.  Raises :class:`BadInput`."""
    t = text.strip().lower()
    if t.startswith("trump:"):
        t = t[6:].strip()
    if t in _NO_TRUMP_WORDS:
        return ChooseTrump(None)
    s = parse_suit_word(t)
    if s is None:
        raise BadInput(text)
    return ChooseTrump(s)


def parse_bid(text: str) -> Bid:
    """A bid: ``2``, ``b2``, ``pass``/``пас`` (0).  Raises :class:`BadInput`."""
    t = text.strip().lower()
    if t in ("pass", "пас"):
        return Bid(0)
    if t.startswith("b"):
        t = t[1:]
    if not t.isdigit():
        raise BadInput(text)
    return Bid(int(t))


_TIDY = str.maketrans({":": " ", "(": " ", ")": " "})


def _call_words(text: str) -> str:
    """A call as typed, lower-cased and tidied: ``:`` and brackets as spaces, and
    leading joker words (``X2``, ``joker``) dropped, so the report's wording is read too
    (``X2 (joker: takes ♥)``, ``джокер: ♥ берёт``)."""
    words = text.strip().lower().translate(_TIDY).split()
    while words and (words[0] in JOKER_WORDS or words[0] in ("x1", "x2")):
        words = words[1:]
    return " ".join(words)


def _split_suit(text: str) -> tuple[str, Suit | None]:
    """``"high ♥"`` → ``("high", 3)``; ``"high♥"`` and ``"♥ берёт"`` (the suit
    first, as the Russian report says it) too; no suit → ``(text, None)``."""
    t = _call_words(text)
    if not t:
        return "", None
    if " " in t:
        head, last = t.rsplit(" ", 1)
        s = parse_suit_word(last)
        if s is not None:
            return head, s
        first, tail = t.split(" ", 1)
        s = parse_suit_word(first)
        if s is not None:
            return tail, s
    if len(t) > 1 and t[-1] in "♠♣♦♥♤♧♢♡":
        return t[:-1].strip(), _SUIT_WORDS[t[-1]]
    return t, None


def parse_call(text: str, joker: Card, lead: bool) -> Action:
    """A joker's call: on a lead ``high H``/``takes ♣``/``give``/``top`` (or Russian
    words), when following ``high``/``low``; a leading ``joker``/``X1`` and the
    move report's wording (``joker: takes ♥``, ``джокер: ♥ берёт``) are read too.
    Returns the action for ``joker``.
    Raises :class:`BadInput` (not understood) or :class:`ValueError` ``("needs_suit", word)``."""
    word, suit = _split_suit(text)
    if lead:
        call = _LEAD_WORDS.get(word)
        if call is None:
            raise BadInput(text)
        if call in (JokerCall.HIGH, JokerCall.TAKES):
            if suit is None:
                raise ValueError("needs_suit", call)
            return LeadJoker(joker, call, suit)
        if suit is not None:
            raise BadInput(text)
        return LeadJoker(joker, call, None)
    high = _FOLLOW_WORDS.get(word)
    if high is None or suit is not None:
        raise BadInput(text)
    return FollowJoker(joker, high)


def is_call_word(text: str) -> bool:
    """Whether ``text`` is a joker call without the joker (``high H``, ``low``, ``отдаю``; not one letter)."""
    word, _ = _split_suit(text)
    return len(word) > 1 and (word in _LEAD_WORDS or word in _FOLLOW_WORDS)
