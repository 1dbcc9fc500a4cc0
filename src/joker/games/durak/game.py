"""Durak through the game protocol (:class:`joker.game.Game`): the object
:mod:`joker.registry` hands out as ``"durak"``.  Every method is a thin call
into this package's rules, engine, views and records."""

from __future__ import annotations

from typing import Any, Iterator, Mapping, Sequence

from joker.game import BotFactory, Step

from .actions import Action, parse_action
from .engine.state import DurakState, new_game
from .engine.views import PlayerView, public_view, view_of
from .record import DurakRecord, record_of, replay_steps, start_of
from .rules import PRESETS, DurakRules, parse_rules


class DurakGame:
    """Transfer Durak with jokers and prikup (RULES.md §13).  ``start`` in
    :meth:`new_game` is the seat attacking first in game 1 (``None``: §13.3)."""

    name = "durak"

    def parse_rules(self, text: str) -> DurakRules:
        return parse_rules(text)

    def presets(self) -> Mapping[str, DurakRules]:
        return PRESETS

    def new_game(self, rules: DurakRules, seed: int | str, start: int | None = None) -> DurakState:
        return new_game(rules, seed, start)

    def view_of(self, state: DurakState, seat: int) -> PlayerView:
        return view_of(state, seat)

    def public_view(self, state: DurakState) -> PlayerView:
        return public_view(state)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def format_action(self, action: Action) -> str:
        return str(action)

    def bots(self) -> Mapping[str, BotFactory]:
        from .bots import BOTS

        return BOTS

    def timed_bots(self) -> frozenset[str]:
        from .bots import TIMED

        return TIMED

    def record_of(self, state: DurakState, players: Sequence[str] | None = None,
                  meta: Mapping[str, Any] | None = None) -> DurakRecord:
        return record_of(state, None if players is None else tuple(players), meta)

    def read_record(self, data: Mapping[str, Any]) -> DurakRecord:
        return DurakRecord.from_dict(data)

    def start_of(self, record: DurakRecord) -> DurakState:
        return start_of(record)

    def replay(self, record: DurakRecord) -> Iterator[Step[DurakState, Any]]:
        return replay_steps(record)


GAME = DurakGame()
