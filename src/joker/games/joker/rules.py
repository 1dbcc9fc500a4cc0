"""Rules as data: one frozen :class:`Rules` value per rule set, the presets,
deal schedules, and the canonical one-line rules string (RULES.md §2–§10).

A house rule is a preset with fields replaced::

    >>> from joker.games.joker.rules import preset
    >>> r = preset("georgian").replace(khishti=-500)
    >>> str(r)
    'georgian(khishti=-500)'
    >>> parse_rules(str(r)) == r
    True

Every combination is checked when the value is built; an impossible one
raises :class:`~joker.errors.RulesError` naming the fields.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from functools import cached_property
from typing import Any, Iterable, Sequence

from joker.cards import Deck, deck_cards, parse_card
from joker import rulestring
from joker.errors import InvalidNotationError, RulesError
from joker.i18n import Named

RULES_VERSION = 1
"""Engine behaviour version, stamped into records; bumped when play or scoring changes."""


class DealKind(str, Enum):
    """Kind of a deal (RULES.md §9): a normal deal or one of Raspisnoy's specials."""

    NORMAL = "normal"
    DARK = "dark"
    """Bids are made before the bidder sees his cards; scored normally × multiplier."""
    GOLD = "gold"
    """No bidding; +10 per trick × multiplier."""
    MISERE = "misere"
    """No bidding; −10 per trick × multiplier."""
    NOTRUMP = "notrump"
    """No trump whatever is turned; scored normally × multiplier."""
    FOREHEAD = "forehead"
    """One card each; everyone sees every card but his own while bidding; own table."""


class TrumpChoice(str, Enum):
    """Who fixes trump on a trump-choice deal (RULES.md §5 rule 3)."""

    NONE = "none"
    ANY_SUIT = "any_suit"
    SUIT_OF_SEEN_CARDS = "suit_of_seen_cards"


class EmptyStockTrump(str, Enum):
    """Trump when every card was dealt and nobody chooses (RULES.md §5 rule 2)."""

    NO_TRUMP = "no_trump"
    DEALERS_LAST_CARD = "dealers_last_card"


class TurnedJoker(str, Enum):
    """What a turned-up joker means (RULES.md §5 rule 1)."""

    NO_TRUMP = "no_trump"
    NEXT_CARD = "next_card"
    """House rule: turn the next stock card instead (no trump if the stock runs out)."""


class DealerRestriction(str, Enum):
    """The last bidder's restriction (RULES.md §6)."""

    SUM_NOT_EQUAL = "sum_not_equal"
    NONE = "none"


class JokerCall(str, Enum):
    """The call made with a led joker (RULES.md §7)."""

    HIGH = "high"
    """``high(s)``: followers play their highest card of s; the joker wins."""
    TAKES = "takes"
    """``takes(s)``: the joker is the lowest card of s."""
    GIVE = "give"
    """``give``: the joker never wins; the next non-joker card sets the suit."""
    TOP = "top"
    """Camp's «сдайте все старшие»: followers play their highest trump, else their highest card."""


class Scoring(str, Enum):
    """The deal score table (RULES.md §8)."""

    BUS_ANGELES = "bus-angeles"
    CAMP = "camp"
    RASPISNOY = "raspisnoy"
    GEORGIAN = "georgian"
    OH_HELL = "oh-hell"


class Premium(str, Enum):
    """Block premium (RULES.md §10)."""

    NONE = "none"
    BUS_ANGELES = "bus-angeles"
    """2 × (own last deal + next player's best positive deal), cut from the next player."""
    ALL_OTHERS = "all-others"
    """Georgian variant: as bus-angeles, but every other player's best positive deal is added and cut."""


class SpecialRound(str, Enum):
    """Whether each Raspisnoy special is one deal or a round of n deals (RULES.md §9)."""

    ONE = "one"
    FULL = "full"


@dataclass(frozen=True, slots=True)
class DealSpec:
    """One deal of a schedule: ``cards`` per hand, its ``kind``, and its ``block`` (0-based)."""

    cards: int
    kind: DealKind = DealKind.NORMAL
    block: int = 0

    @property
    def has_bids(self) -> bool:
        """Whether the deal is bid: every kind but gold and misère, which have no bidding (RULES.md §9)."""
        return self.kind is not DealKind.GOLD and self.kind is not DealKind.MISERE

    def __str__(self) -> str:
        return str(self.cards) if self.kind is DealKind.NORMAL else f"{self.cards}:{self.kind.value}"


NAMED_SCHEDULES = ("four-blocks", "ladder", "nines", "single")
_SCHEDULE_TOKEN = re.compile(r"^(\d+)(?::([a-z]+))?$")


@dataclass(frozen=True)
class Rules:
    """A complete rule set.  Build one with :func:`preset` and :meth:`replace`.

    Seats are 0-based in code (seat 0 is the players' "seat 1").
    Raises :class:`RulesError` when the combination is impossible.
    """

    preset: str = "bus-angeles"
    """Name of the preset this rule set starts from (the canonical string's head)."""
    deck: Deck = Deck.GEORGIAN36
    """The deck (RULES.md §2)."""
    classic_joker: str = "6S"
    """The card that is the joker in ``classic36`` (6S or 7S)."""
    players: int = 4
    """Number of players."""
    first_dealer: int | None = 4
    """1-based seat of the first dealer; ``None``: drawn (a seeded random choice, recorded)."""
    schedule: str = "four-blocks"
    """Deal schedule (RULES.md §4): ``four-blocks`` (1..K | 9×4 | K..1 | 9×4, K=8 for 4 players, 6 for 6),
    ``ladder`` (1..M−1 | n×M | M−1..1), ``nines`` (4 blocks of n deals of M), ``single`` (one deal of M),
    or explicit: deal sizes separated by ``,``, blocks by ``|``, a kind as ``2:dark``."""
    long_deal: int | None = 9
    """M, the cards in a long deal; ``None``: ⌊deck size / players⌋ (Raspisnoy)."""
    specials: tuple[DealKind, ...] = ()
    """Raspisnoy special deals appended after the schedule, in order (RULES.md §9)."""
    special_round: SpecialRound = SpecialRound.ONE
    """Each special is one deal, or a full round of n deals."""
    special_multiplier: int = 2
    """Score multiplier of dark, gold, misère and no-trump deals (2, option 3)."""
    turned_joker: TurnedJoker = TurnedJoker.NO_TRUMP
    """What a turned-up joker means."""
    empty_stock_trump: EmptyStockTrump = EmptyStockTrump.NO_TRUMP
    """Trump when no stock is left and nobody chooses."""
    trump_choice: TrumpChoice = TrumpChoice.ANY_SUIT
    """Trump choice by the first hand from his first three cards."""
    trump_choice_at: int = 9
    """Deal size on which the trump is chosen (when ``trump_choice`` is not ``none``)."""
    dealer_restriction: DealerRestriction = DealerRestriction.SUM_NOT_EQUAL
    """Whether the dealer may make the bids sum to the deal size."""
    must_trump: bool = True
    """Void in the led suit, a player holding a trump must play one (oh-hell: no)."""
    joker_leads: tuple[JokerCall, ...] = (JokerCall.HIGH, JokerCall.TAKES)
    """Calls allowed with a led joker (RULES.md §7)."""
    high_call_trump_wins: bool = False
    """After ``high(s)`` with s not trump, the highest trump played beats the joker."""
    high_call_first_trick_only: bool = False
    """``high``/``top`` may be called only on a deal's first trick."""
    rotating_trumps: bool = False
    """Each trick's trump is the suit after the led suit (♠→♣→♦→♥→♠)."""
    scoring: Scoring = Scoring.BUS_ANGELES
    """The deal score table (RULES.md §8)."""
    khishti: int | None = None
    """Georgian khishti: bid ≥ 1 and no trick taken scores this fixed value (e.g. −500)."""
    premium: Premium = Premium.BUS_ANGELES
    """Block premium rule (RULES.md §10)."""
    fine: int = -250
    """Value of a fine given by the scorekeeper or a table host (RULES.md §11)."""

    def __post_init__(self) -> None:
        _validate(self)

    # -- derived -------------------------------------------------------------
    @cached_property
    def deck_cards(self) -> tuple[int, ...]:
        """The cards of the deck, in card order."""
        return deck_cards(self.deck, self.classic_joker)

    @cached_property
    def deals(self) -> tuple[DealSpec, ...]:
        """The whole schedule, specials included (RULES.md §4, §9)."""
        return _build_schedule(self)

    @cached_property
    def long_cards(self) -> int:
        """M, the cards in a long deal."""
        if self.long_deal is not None:
            return self.long_deal
        return len(self.deck_cards) // self.players

    @property
    def has_jokers(self) -> bool:
        """Whether the deck holds a joker."""
        return self.deck_cards[-1] >= 52

    def trump_chosen(self, spec: DealSpec) -> bool:
        """Whether the first hand chooses trump in a deal of ``spec`` (RULES.md §5 rule 3):
        a normal deal of ``trump_choice_at`` cards under a rule set with a trump choice."""
        return (
            self.trump_choice is not TrumpChoice.NONE
            and spec.cards == self.trump_choice_at
            and spec.kind is DealKind.NORMAL
        )

    def trumps_rotate(self, spec: DealSpec) -> bool:
        """Whether each trick of a deal of ``spec`` has its own trump: rotating
        trumps, except in a no-trump special deal (RULES.md §5 rule 5, §7)."""
        return self.rotating_trumps and spec.kind is not DealKind.NOTRUMP

    def forbidden_dealer_bid(self, cards: int, other_bids: Iterable[int]) -> int | None:
        """The bid the dealer may not say after the others bid ``other_bids`` in a
        deal of ``cards``: the one making the bids sum to ``cards`` (RULES.md §6);
        ``None`` without the restriction or when that number is out of range."""
        if self.dealer_restriction is not DealerRestriction.SUM_NOT_EQUAL:
            return None
        f = cards - sum(other_bids)
        return f if 0 <= f <= cards else None

    def forbidden_bid_of(self, cards: int, bids: Sequence[int | None], dealer: int) -> int | None:
        """The dealer's forbidden bid (:meth:`forbidden_dealer_bid`) as the table
        knows it from ``bids`` said so far (per seat, ``None`` for a seat yet to
        bid): ``None`` until every seat but ``dealer`` has bid."""
        others = [b for s, b in enumerate(bids) if s != dealer]
        if any(b is None for b in others):
            return None
        return self.forbidden_dealer_bid(cards, (b for b in others if b is not None))

    def replace(self, **changes: Any) -> "Rules":
        """A copy with fields changed (values may be given as text); validated.

        Raises :class:`RulesError` for an unknown field or an impossible combination
        (:func:`joker.rulestring.replace`).
        """
        changed: Rules = rulestring.replace(self, changes)
        return changed

    def __str__(self) -> str:
        return format_rules(self)


# -- validation -----------------------------------------------------------
def _validate(r: Rules) -> None:
    rulestring.normalize(r)
    if not 2 <= r.players <= 10:
        raise RulesError("players", players=r.players)
    if r.first_dealer is not None and not 1 <= r.first_dealer <= r.players:
        raise RulesError("first_dealer", first_dealer=r.first_dealer, players=r.players)
    if r.deck is Deck.CLASSIC36:
        try:
            named = parse_card(r.classic_joker)
        except InvalidNotationError as e:
            raise RulesError("classic_joker", error=e) from None
        if named not in deck_cards(Deck.GEORGIAN38):
            raise RulesError("classic_joker_deck", card=r.classic_joker)
    if r.special_multiplier < 1:
        raise RulesError("special_multiplier")
    if r.long_deal is not None and r.long_deal < 1:
        raise RulesError("long_deal")
    if len(set(r.joker_leads)) != len(r.joker_leads):
        raise RulesError("joker_leads_twice")
    if r.rotating_trumps and JokerCall.TOP in r.joker_leads:
        raise RulesError("rotating_top")
    n_cards = len(deck_cards(r.deck, r.classic_joker))
    has_jokers = deck_cards(r.deck, r.classic_joker)[-1] >= 52
    if has_jokers and not r.joker_leads:
        raise RulesError("joker_leads_empty")
    deals = _build_schedule(r)
    if not deals:
        raise RulesError("no_deal", schedule=r.schedule)
    for i, spec in enumerate(deals):
        if spec.cards < 1 or spec.cards * r.players > n_cards:
            raise RulesError("deal_size", deal=i + 1, cards=spec.cards, players=r.players,
                             deck=Named.from_names(f"deck_{r.deck.value}", r.deck.value), n=n_cards)
        if spec.kind is DealKind.FOREHEAD and spec.cards != 1:
            raise RulesError("forehead", deal=i + 1)


def _build_schedule(r: Rules) -> tuple[DealSpec, ...]:
    n = r.players
    n_cards = len(deck_cards(r.deck, r.classic_joker))
    m = r.long_deal if r.long_deal is not None else n_cards // n
    name = r.schedule
    blocks: list[list[DealSpec | int]]
    if name == "four-blocks":
        if n not in (4, 6):
            raise RulesError("four_blocks", players=n)
        k = 8 if n == 4 else 6
        blocks = [list(range(1, k + 1)), [m] * 4, list(range(k, 0, -1)), [m] * 4]
    elif name == "ladder":
        blocks = [list(range(1, m)), [m] * n, list(range(m - 1, 0, -1))]
    elif name == "nines":
        blocks = [[m] * n for _ in range(4)]
    elif name == "single":
        blocks = [[m]]
    else:
        blocks = []
        for part in name.split("|"):
            block: list[DealSpec | int] = []
            for tok in part.split(","):
                mt = _SCHEDULE_TOKEN.match(tok.strip())
                if not mt:
                    raise RulesError("schedule_deal", schedule=name, token=tok, named=", ".join(NAMED_SCHEDULES))
                try:
                    kind = DealKind(mt.group(2) or "normal")
                except ValueError:
                    raise RulesError("schedule_kind", schedule=name, kind=mt.group(2),
                                     kinds=", ".join(k.value for k in DealKind)) from None
                block.append(DealSpec(int(mt.group(1)), kind))
            blocks.append(block)
    if r.specials:
        reps = n if r.special_round is SpecialRound.FULL else 1
        blocks.append(
            [DealSpec(1 if k is DealKind.FOREHEAD else m, k) for k in r.specials for _ in range(reps)]
        )
    out = []
    for b, block in enumerate(blocks):
        for d in block:
            spec = d if isinstance(d, DealSpec) else DealSpec(d)
            out.append(DealSpec(spec.cards, spec.kind, b))
    return tuple(d for d in out)


# -- presets --------------------------------------------------------------
_RASPISNOY: dict[str, Any] = dict(  # Rules fields shared by the Raspisnoy family
    deck=Deck.CLASSIC36,
    first_dealer=None,
    schedule="ladder",
    long_deal=None,
    specials=(DealKind.DARK, DealKind.GOLD, DealKind.MISERE, DealKind.NOTRUMP, DealKind.FOREHEAD),
    trump_choice=TrumpChoice.NONE,
    joker_leads=(JokerCall.HIGH, JokerCall.GIVE),
    scoring=Scoring.RASPISNOY,
    premium=Premium.NONE,
    fine=-50,
)

PRESETS: dict[str, Rules] = {
    "bus-angeles": Rules(),
    "camp": Rules(
        preset="camp",
        deck=Deck.FULL54,
        first_dealer=None,
        schedule="ladder",
        trump_choice=TrumpChoice.NONE,
        joker_leads=(JokerCall.TOP, JokerCall.TAKES, JokerCall.GIVE),
        scoring=Scoring.CAMP,
        premium=Premium.NONE,
        fine=0,
    ),
    "raspisnoy": Rules(preset="raspisnoy", **_RASPISNOY),
    "raspisnoy-54": Rules(preset="raspisnoy-54", **{**_RASPISNOY, "deck": Deck.FULL54}),
    "georgian": Rules(
        preset="georgian",
        first_dealer=None,
        joker_leads=(JokerCall.HIGH, JokerCall.GIVE),
        scoring=Scoring.GEORGIAN,
        premium=Premium.NONE,
        fine=-50,
    ),
    "georgian-6": Rules(
        preset="georgian-6",
        deck=Deck.FULL54,
        players=6,
        first_dealer=None,
        joker_leads=(JokerCall.HIGH, JokerCall.GIVE),
        scoring=Scoring.GEORGIAN,
        premium=Premium.NONE,
        fine=-50,
    ),
    "rotating-trumps": Rules(preset="rotating-trumps", **{**_RASPISNOY, "rotating_trumps": True}),
    "oh-hell": Rules(
        preset="oh-hell",
        deck=Deck.STANDARD52,
        first_dealer=None,
        schedule="single",
        trump_choice=TrumpChoice.NONE,
        must_trump=False,
        joker_leads=(),
        scoring=Scoring.OH_HELL,
        premium=Premium.NONE,
        fine=0,
    ),
}
"""The named rule sets of RULES.md §4 (``bus-angeles`` is the default)."""

DEFAULT_PRESET = "bus-angeles"


def preset(name: str = DEFAULT_PRESET) -> Rules:
    """The preset called ``name``.  Raises :class:`RulesError` listing the presets."""
    try:
        return PRESETS[name]
    except KeyError:
        raise RulesError("unknown_preset", name=name, presets=", ".join(PRESETS)) from None


# -- canonical string (joker.rulestring: one notation for every game) ------
def format_rules(r: Rules) -> str:
    """The canonical one-line form: the preset name, then in field order every field
    that differs from the preset, e.g. ``bus-angeles(khishti=-500)``."""
    return rulestring.canonical(r, PRESETS)


def parse_rules(text: str) -> Rules:
    """Parse a rules string (``georgian(khishti=-500,players=4)``; a bare preset name is fine).

    Raises :class:`InvalidNotationError` for bad syntax and :class:`RulesError` for
    unknown presets or fields and impossible combinations.
    """
    return rulestring.parse(text, preset, "rules_syntax", "bus-angeles(khishti=-500)")
