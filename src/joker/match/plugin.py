"""The match plug-in: what the arena and ``simulate`` need of a game beyond
:mod:`joker.game`.

A game offers it as ``registry.plugin(name, "match")`` (Joker's is
``joker.games.joker.match.PLUGIN``; a single-module game puts it in its
``PLUGINS`` dict).  The protocol is structural: a game never imports this
module (a game does not import an application).

What a game decides here:

* :meth:`MatchPlugin.deals` — the deals of one game of a rule set: the arena
  reports score differences *per deal* and rounds ``--deals`` up to whole games;
* :meth:`MatchPlugin.referee` — the decisions the seating could change, made
  for every seating of a duplicate board by one referee (Joker's trump choice,
  RULES.md §5 rule 3), or ``None`` when the game has none;
* :meth:`MatchPlugin.outcome` — what the arena keeps of a finished game beyond
  its totals (Joker: per deal its size, trump, bids, tricks and scores), JSON-ready;
* :meth:`MatchPlugin.tally` — the game's own statistics of one bot or seat over
  many games, computed from those outcomes (Joker: bid accuracy, under and
  khishti rates), with the columns and tables the commands print.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Protocol, Sequence

from joker import registry


class Referee(Protocol):
    """Makes the decisions that must not depend on the seating (see the module doc)."""

    def decides(self, state: Any) -> bool:
        """Whether the referee, not the seat to move, decides in ``state``."""
        ...

    def choose(self, view: Any) -> Any:
        """The action, from the view of the seat to move (one of ``view.legal_actions``)."""
        ...


class Tally(Protocol):
    """A game's statistics of one bot (as hero, in the arena) or one seat (in ``simulate``)."""

    def to_json(self) -> dict[str, Any]:
        """JSON-ready entries of the arena's per-bot report (between ``bot`` and ``win_rate``)."""
        ...


TextTable = tuple[str, tuple[str, ...], list[tuple[str, ...]]]
"""A table for the commands to print: ``(title, headers, rows of cell texts)``,
every column right-aligned (a plain tuple, so a game builds one without importing this module)."""


class MatchPlugin(Protocol):
    """A game's match plug-in (see the module doc)."""

    arena_columns: tuple[str, ...]
    """Headers of the game's columns in the arena's summary table (after the bot)."""
    simulate_columns: tuple[str, ...]
    """Headers of the game's columns in ``simulate``'s table (after the score)."""
    outcome_keys: tuple[str, ...]
    """The keys of every :meth:`outcome`, in order (a journal line must have them all)."""

    def deals(self, rules: Any) -> int:
        """The deals of one game of ``rules`` (at least 1)."""
        ...

    def referee(self, game_seed: str) -> Referee | None:
        """The referee of the board whose game seed is ``game_seed`` (the same for every
        seating), or ``None`` when every decision is the seat's own."""
        ...

    def outcome(self, state: Any) -> dict[str, Any]:
        """What the arena records of the finished game ``state`` (keys :attr:`outcome_keys`;
        values ints, ``None`` and nested tuples of them)."""
        ...

    def tally(self, games: Iterable[tuple[int, Mapping[str, Any]]]) -> Tally:
        """The statistics of one seat over ``games``, pairs ``(seat, outcome)``."""
        ...

    def arena_cells(self, tally: Any) -> tuple[str, ...]:
        """The cells of :attr:`arena_columns` for one bot."""
        ...

    def arena_tables(self, names: Sequence[str], tallies: Sequence[Any]) -> list[TextTable]:
        """More tables of the arena's report (one column per bot), possibly none."""
        ...

    def simulate_cells(self, tally: Any) -> tuple[str, ...]:
        """The cells of :attr:`simulate_columns` for one seat."""
        ...

    def where(self, state: Any) -> str:
        """Where a game stands, for an error message (Joker: ``deal 3``)."""
        ...


def match_plugin(game: str | None = None) -> MatchPlugin:
    """The match plug-in of ``game`` (``None``: the default game).  Raises
    :class:`~joker.errors.JokerError` for an unknown game or one without it."""
    plugin: MatchPlugin = registry.plugin(game or registry.DEFAULT, "match")
    return plugin
