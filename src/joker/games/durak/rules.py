"""Durak rules as data: a frozen :class:`DurakRules`, its presets and its
canonical one-line string (RULES.md §13).

    >>> r = preset("durak").replace(players=3, show_trump="off")
    >>> str(r)
    'durak(players=3,show_trump=off)'
    >>> parse_rules(str(r)) == r
    True

Every combination is checked when the value is built; an impossible one
raises :class:`~joker.errors.RulesError` naming the field.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from joker import rulestring
from joker.errors import RulesError

from .deck import DurakDeck

RULES_VERSION = 1
"""Engine behaviour version, stamped into records; bumped when play changes."""

HAND_SIZE = 6
"""Cards in hand after the deal and after each draw (RULES.md §13.2, §13.4 rule 6)."""
PRIKUP_SIZE = 2
"""Face-down prikup cards per player (RULES.md §13.2)."""
BOUT_LIMIT = 6
"""Attack cards in one bout, except the first bout of a game (``first_bout_limit``)."""


class ShowTrump(str, Enum):
    """Transfer by showing a trump of the attack's rank (RULES.md §13.4 rule 2)."""

    ONCE_PER_CARD = "once_per_card"
    """Each trump card may be shown once per game (the seed's "honest rules")."""
    ONCE_PER_BOUT = "once_per_bout"
    """Each trump card may be shown once per bout (again in a later bout)."""
    OFF = "off"
    """No showing: a transfer always plays the card."""


class ThrowIn(str, Enum):
    """Who may throw in (RULES.md §13.4 rule 3)."""

    ALL = "all"
    """Every player but the defender."""
    NEIGHBOURS = "neighbours"
    """The defender's attacker (his right neighbour) and his left neighbour only."""


class NextGameLead(str, Enum):
    """Who attacks first in the second and later games of a series (RULES.md §13.3)."""

    LOWEST_TRUMP = "lowest_trump"
    """Every game as the first: the lowest trump (or colour card) attacks."""
    ONTO_FOOL = "onto_fool"
    """The player on the previous fool's right attacks the fool (after a draw: as the first)."""


@dataclass(frozen=True)
class DurakRules:
    """A complete Durak rule set.  Build one with :func:`preset` and :meth:`replace`.

    Seats are 0-based in code.  Raises :class:`RulesError` when a field is
    out of range (see each field).
    """

    preset: str = "durak"
    """Name of the preset this rule set starts from (the canonical string's head)."""
    deck: DurakDeck = DurakDeck.DURAK38
    """The deck (RULES.md §13.2)."""
    players: int = 4
    """Number of players, 2..4."""
    show_trump: ShowTrump = ShowTrump.ONCE_PER_CARD
    """Transfer by showing a trump (RULES.md §13.4 rule 2)."""
    throw_in: ThrowIn = ThrowIn.ALL
    """Who may throw in (RULES.md §13.4 rule 3)."""
    first_bout_limit: int = 6
    """Attack cards allowed in the first bout of each game, 6 or 5; later bouts hold 6 (RULES.md §13.4 rule 4)."""
    next_game_lead: NextGameLead = NextGameLead.LOWEST_TRUMP
    """Who attacks first in later games of a series (RULES.md §13.3)."""
    games: int = 1
    """Games in the series (RULES.md §13.6: a series counts fools), 1..1000."""
    stall_limit: int = 50
    """The house's ending rule (docs/durak.md): after this many bouts in a row in
    which no card left play, the game is a draw.  1..1000."""

    def __post_init__(self) -> None:
        rulestring.normalize(self)
        if isinstance(self.players, bool) or not 2 <= self.players <= 4:
            raise RulesError("durak_players", players=self.players)
        if self.first_bout_limit not in (5, 6):
            raise RulesError("first_bout_limit", limit=self.first_bout_limit)
        if not 1 <= self.games <= 1000:
            raise RulesError("games", games=self.games)
        if not 1 <= self.stall_limit <= 1000:
            raise RulesError("stall_limit", limit=self.stall_limit)
        if self.next_game_lead is NextGameLead.ONTO_FOOL and self.games == 1:
            raise RulesError("onto_fool")

    def replace(self, **changes: Any) -> "DurakRules":
        """A copy with fields changed (values may be given as text); validated.
        Raises :class:`RulesError` for an unknown field or a bad value (:func:`joker.rulestring.replace`)."""
        changed: DurakRules = rulestring.replace(self, changes)
        return changed

    def __str__(self) -> str:
        return format_rules(self)


PRESETS: dict[str, DurakRules] = {
    "durak": DurakRules(),
    "durak-36": DurakRules(preset="durak-36", deck=DurakDeck.DURAK36),
}
"""The named rule sets, the default (``durak``: 38 cards, 4 players) first."""

DEFAULT_PRESET = "durak"


def preset(name: str = DEFAULT_PRESET) -> DurakRules:
    """The preset called ``name``.  Raises :class:`RulesError` listing the presets."""
    try:
        return PRESETS[name]
    except KeyError:
        raise RulesError("durak_unknown_preset", name=name, presets=", ".join(PRESETS)) from None


def format_rules(r: DurakRules) -> str:
    """The canonical one-line form (:mod:`joker.rulestring`): the preset name, then in
    field order every field that differs from the preset, e.g. ``durak(players=3,show_trump=off)``."""
    return rulestring.canonical(r, PRESETS)


def parse_rules(text: str) -> DurakRules:
    """Parse a rules string (``durak``, ``durak-36(players=2,throw_in=neighbours)``).

    Raises :class:`InvalidNotationError` for bad syntax and :class:`RulesError`
    for an unknown preset or field, or a bad value."""
    return rulestring.parse(text, preset, "durak_rules_syntax", "durak(players=3)")
