"""Joker's ``warm`` plug-in (:mod:`joker.bots.warm`): compile the search bots'
and the analysis solver's numba kernels into the disk cache (:mod:`.jit`) by
making real decisions, so that no player waits for a compiler.

The steps play one 3-card Bus-Angeles deal (``schedule='3'``, RULES.md §4)
with the ``medium`` search bot in every seat — a first bid, bids after
others, the dealer's, leads and follows, whose compiled calls have every
argument type a game's decisions have (the ``hard`` level runs the same
kernels) — with a time cap of one batch of worlds, then analyse a 2-card
deal with the double-dummy solver.  ``tests/test_warm.py`` checks that after
these steps a new process's bot decisions compile nothing.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from . import jit

WARM_RULES = "bus-angeles(schedule='3')"
"""The game whose decisions compile the search bots' kernels."""

WARM_SECONDS = 0.001
"""The search bot's time cap in the warm-up: one batch of worlds per decision."""


class _Deal:
    """The warm-up deal, played a phase per step."""

    def __init__(self) -> None:
        from .engine.state import new_game
        from .rules import parse_rules

        self.state: Any = new_game(parse_rules(WARM_RULES), seed=0)
        self.bot: Any = None

    def play(self, bidding: bool) -> None:
        """Let the medium bot move while the deal is in its bidding (``bidding``) or after it."""
        from .bots import BOTS
        from .engine.state import Phase
        from .engine.views import view_of

        if self.bot is None:
            self.bot = BOTS["medium"](seed=0, seconds=WARM_SECONDS)
        s = self.state
        while not s.is_terminal() and (s.phase in (Phase.BID, Phase.TRUMP)) == bidding:
            s = s.apply(self.bot.choose(view_of(s, s.current_player)))
        self.state = s


def warm_sampler() -> None:
    """Sample hidden cards once (the sampler's kernel); first remove the caches of
    older kernel sources (:func:`.jit.prune`)."""
    import random

    from .bots.sampler import sample_hands
    from .engine.state import new_game
    from .engine.views import view_of
    from .inference import constraints_of
    from .rules import parse_rules

    jit.prune()
    s = new_game(parse_rules(WARM_RULES), seed=0)
    assert s.current_player is not None  # a new game has a seat to move
    sample_hands(constraints_of(view_of(s, s.current_player)), random.Random(0), 2)


def warm_solver() -> None:
    """Analyse a tiny game (one 2-card deal, first legal moves): the double-dummy
    solver's kernels (:mod:`.analysis`)."""
    from .analysis import analyse
    from .engine.state import new_game
    from .record import record_from_state
    from .rules import preset

    state = new_game(preset("bus-angeles").replace(schedule="2"), seed=0)
    while not state.is_terminal():
        state = state.apply(state.legal_actions()[0])
    analyse(record_from_state(state))


def _solver_and_mark() -> None:
    warm_solver()
    jit.WARMED.parent.mkdir(parents=True, exist_ok=True)
    jit.WARMED.write_text("every warm-up step ran with this cache\n")


class JokerWarm:
    """The plug-in (:class:`joker.bots.warm.WarmPlugin`)."""

    bots = frozenset({"search", "search-hard", "medium", "hard"})

    def steps(self) -> Sequence[tuple[str, Callable[[], None]]]:
        deal = _Deal()
        return [
            ("sampler", warm_sampler),
            ("search bots, bidding", lambda: deal.play(bidding=True)),
            ("search bots, card play", lambda: deal.play(bidding=False)),
            ("analysis solver", _solver_and_mark),  # the last step marks the cache warmed (jit.WARMED)
        ]

    def cache_dir(self) -> str:
        return str(jit.CACHE_DIR)

    def warmed(self) -> bool:
        return jit.WARMED.is_file()


PLUGIN = JokerWarm()
