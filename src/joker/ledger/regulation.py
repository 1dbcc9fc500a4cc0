"""The Bus-Angeles regulation outside the card play: infringements, dots and
slaps, cup points and the day's cup holder (RULES.md §11, §12).

Pure functions over plain values — no database, no clock — so every rule is
unit-tested on its own.  Scores and places come from :mod:`joker.games.joker.scoring`
(the one scoring implementation); nothing here scores a deal.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Generic, Hashable, Iterable, Sequence, TypeVar

from joker.games.joker.rules import Rules
from joker.games.joker.scoring import places

P = TypeVar("P", bound=Hashable)
"""A player key (a database id, a name: anything hashable)."""
K = TypeVar("K", bound=Hashable)
"""A dot's key (its database id, its place in a list: anything hashable)."""


# -- infringements (RULES.md §11) ------------------------------------------------------------
@dataclass(frozen=True)
class Infringement:
    """One line of the regulation's table: ``penalty`` is ``fine`` or ``dot``;
    ``redeal`` whether the deal is dealt again."""

    code: str
    penalty: str
    redeal: bool
    text: str
    text_ru: str


INFRINGEMENTS: dict[str, Infringement] = {
    i.code: i
    for i in (
        Infringement("no_cut", "fine", True,
                     "dealt the first card without letting the previous player cut", "не дал подснять"),
        Infringement("suit_error_corrected", "dot", False,
                     "played a wrong-suit card but took it back before the next player played",
                     "успел исправить ошибку масти"),
        Infringement("revoke", "fine", True,
                     "beat a card with another suit or a trump while holding the led suit",
                     "побил карту другой мастью или козырем при наличии такой масти на руке"),
        Infringement("misdeal_after_trump", "fine", True,
                     "wrong number of cards, noticed after the trump was shown",
                     "неверно раздал карты (козырь уже открыт)"),
        Infringement("misdeal_before_trump", "dot", True,
                     "wrong number of cards, noticed by the dealer before the trump was shown",
                     "неверно раздал карты (заметил до открытия козыря)"),
        Infringement("dealt_out_of_turn", "dot", True,
                     "dealt when it was not his turn to deal", "сдал карты не в свой ход"),
        Infringement("played_out_of_turn", "dot", False, "played a card out of turn", "кинул карту не в свой ход"),
        Infringement("asked_trump_twice", "dot", False,
                     "asked what trump is more than once while the trump card lies on the table",
                     "переспросил козырь больше одного раза"),
        Infringement("bid_out_of_turn", "dot", False, "bid out of turn", "заказал взятку не в свой ход"),
        Infringement("stalling", "dot", False,
                     "thought too long, as all other players agree (under one minute never counts)",
                     "затягивание игры"),
    )
}
"""The regulation's table, by code."""

OTHER = "other"
"""The code of an infringement outside the table (``--other "text"``); fine or dot as the keeper says."""


def reason_code(reason: str) -> tuple[str | None, str]:
    """A redeal's reason as the ledger stores it — the code of the infringement
    that caused it first, then ``": "`` and the details (``revoke: Бардак``), or
    the code alone, or free text — split into ``(code, details)``; ``(None,
    reason)`` when it does not start with a code of :data:`INFRINGEMENTS`."""
    code, sep, rest = reason.partition(":")
    if code in INFRINGEMENTS and (not sep or rest.startswith(" ") or not rest):
        return code, rest.strip()
    return None, reason

FINE = "fine"
DOT = "dot"


def penalty_of(code: str, kind: str | None = None) -> str:
    """The penalty (``fine`` or ``dot``) for ``code``.

    A table code fixes it (``kind``, when given, must agree); ``other`` needs
    ``kind``.  Raises ``ValueError`` naming the codes."""
    if code == OTHER:
        if kind not in (FINE, DOT):
            raise ValueError("an 'other' infringement needs its penalty: fine or dot")
        return kind
    inf = INFRINGEMENTS.get(code)
    if inf is None:
        raise ValueError(f"unknown infringement code {code!r}; codes: {', '.join(INFRINGEMENTS)}, or other")
    if kind is not None and kind != inf.penalty:
        raise ValueError(f"{code} is punished by a {inf.penalty} (RULES.md §11), not a {kind}")
    return inf.penalty


# -- bids (RULES.md §6) ----------------------------------------------------------------------
def forbidden_dealer_bid(rules: Rules, cards: int, other_bids: Iterable[int]) -> int | None:
    """The bid the dealer may not say (RULES.md §6); see :meth:`joker.games.joker.rules.Rules.forbidden_dealer_bid`."""
    return rules.forbidden_dealer_bid(cards, other_bids)


def bidding_order(dealer: int, players: int) -> list[int]:
    """Seats in bidding order: the first hand (after the dealer) first, the dealer last (RULES.md §3, §6)."""
    return [(dealer + 1 + k) % players for k in range(players)]


# -- dots and slaps (RULES.md §11) --------------------------------------------------------------
@dataclass(frozen=True)
class SlapEvent(Generic[P, K]):
    """A slap earned by ``player`` with his ``dot``-th dot of the day (the key of
    that dot), his ``number``-th slap of the day."""

    player: P
    dot: K
    number: int


DOTS_PER_SLAP = 3


def slaps_of_day(dots: Iterable[tuple[P, K]]) -> list[SlapEvent[P, K]]:
    """The slaps of one game day from its dots ``(player, dot key)`` in the order
    they were given (across every game of the day): each player's third dot
    earns a slap and his count starts again from 0."""
    count: dict[P, int] = {}
    slaps: dict[P, int] = {}
    out: list[SlapEvent[P, K]] = []
    for player, key in dots:
        count[player] = count.get(player, 0) + 1
        if count[player] == DOTS_PER_SLAP:
            count[player] = 0
            slaps[player] = slaps.get(player, 0) + 1
            out.append(SlapEvent(player, key, slaps[player]))
    return out


def dot_counts(dots: Iterable[tuple[P, Hashable]]) -> dict[P, int]:
    """Each player's running dot count after the day's dots (0–2: a slap resets it)."""
    count: dict[P, int] = {}
    for player, _ in dots:
        count[player] = (count.get(player, 0) + 1) % DOTS_PER_SLAP
    return count


# -- the cup (RULES.md §12) ---------------------------------------------------------------------
CUP_POINTS = (3, 2, 1, 0)
"""Cup points by place 1..4."""


def cup_contested(core: Sequence[bool]) -> bool:
    """A game counts for the cup only when its four players are all core roster."""
    return len(core) == 4 and all(core)


def cup_points(totals: Sequence[int]) -> tuple[int, ...]:
    """Cup points per seat by final place, equal totals sharing the better place
    (places from :func:`joker.games.joker.scoring.places`): 300, 200, 200, 100 → 3, 2, 2, 0."""
    if len(totals) != 4:
        raise ValueError("the cup is played by four players")
    return tuple(CUP_POINTS[p - 1] for p in places(totals))


class CupRule(str, Enum):
    """Which rule of the tie-break chain decided the day's cup holder."""

    FEWEST_POINTS = "fewest_points"
    LAST_GAME_PLACE = "last_game_place"
    DAY_TOTAL = "day_total"
    KEEPER = "keeper"

    @property
    def text(self) -> str:
        """The rule in English words, for the terminal."""
        return {
            "fewest_points": "fewest cup points",
            "last_game_place": "tie on cup points; placed lower in the day's last game",
            "day_total": "tie on cup points and in the last game; lower total score over the day",
            "keeper": "tie after every rule; the keeper decided",
        }[self.value]


@dataclass(frozen=True)
class CupGame(Generic[P]):
    """One contested game of a day, in the order played: ``players`` in seat order,
    their ``totals`` (game totals with fines)."""

    players: tuple[P, ...]
    totals: tuple[int, ...]

    @property
    def places(self) -> dict[P, int]:
        """Each player's place (1-based; equal totals share the better place)."""
        return dict(zip(self.players, places(self.totals)))

    @property
    def points(self) -> dict[P, int]:
        """Each player's cup points (:func:`cup_points`)."""
        return dict(zip(self.players, cup_points(self.totals)))


@dataclass(frozen=True)
class CupDecision(Generic[P]):
    """The day's cup holder and why.  ``points``: cup points of the day per
    candidate.  ``tied``: the players tied on fewest points when a tie-break
    decided, or the players still tied when the keeper decides.  ``holder`` is
    ``None`` when the chain ends in a tie and the keeper has not chosen yet, or
    when the day has no contested game (``rule`` is ``None`` then)."""

    holder: P | None
    rule: CupRule | None
    points: dict[P, int]
    tied: tuple[P, ...] = ()

    @property
    def needs_keeper(self) -> bool:
        """Whether only the keeper can decide (still tied after every rule, nobody picked)."""
        return self.holder is None and self.rule is CupRule.KEEPER


class KeeperPickError(ValueError):
    """The keeper named a player who is not among the tied candidates."""


def day_cup(games: Sequence[CupGame[P]], keeper_pick: P | None = None) -> CupDecision[P]:
    """The day's cup holder (RULES.md §12) from its contested games in order.

    The candidates are the players of every contested game of the day (a player
    who missed one is not compared: his points are not comparable).  Fewest cup
    points takes the cup; on a tie, the one placed lower in the day's last game;
    still tied, the lower total score over the day; still tied, ``keeper_pick``
    (which must be one of the tied players), else the decision is left open.
    """
    if not games:
        return CupDecision(None, None, {})
    everyone = [p for p in games[0].players]
    candidates = [p for p in everyone if all(p in g.players for g in games)]
    points = {p: sum(g.points.get(p, 0) for g in games) for p in candidates}
    low = min(points.values())
    tied = [p for p in candidates if points[p] == low]
    if len(tied) == 1:
        return CupDecision(tied[0], CupRule.FEWEST_POINTS, points)
    on_points = tuple(tied)
    last = games[-1].places
    worst = max(last[p] for p in tied)
    tied = [p for p in tied if last[p] == worst]
    if len(tied) == 1:
        return CupDecision(tied[0], CupRule.LAST_GAME_PLACE, points, on_points)
    day_total = {p: sum(dict(zip(g.players, g.totals)).get(p, 0) for g in games) for p in tied}
    low_total = min(day_total.values())
    tied = [p for p in tied if day_total[p] == low_total]
    if len(tied) == 1:
        return CupDecision(tied[0], CupRule.DAY_TOTAL, points, on_points)
    if keeper_pick is None:
        return CupDecision(None, CupRule.KEEPER, points, tuple(tied))
    if keeper_pick not in tied:
        raise KeeperPickError(f"the keeper may choose only among the tied players: {', '.join(map(str, tied))}")
    return CupDecision(keeper_pick, CupRule.KEEPER, points, tuple(tied))
