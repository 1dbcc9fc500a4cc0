"""Joker through the game protocol (:class:`joker.game.Game`): the object the
registry hands to the shared machinery.  Every method is a thin call into the
engine, the rules and the records of this package."""

from __future__ import annotations

from typing import Any, Iterator, Mapping, Sequence

from joker.game import BotFactory, Step

from .actions import Action, parse_action
from .engine.state import GameState, new_game
from .engine.views import PlayerView, public_view, view_of
from .record import GameRecord, record_from_state, replay_steps, start_state
from .rules import PRESETS, Rules, parse_rules


class JokerGame:
    """Joker (RULES.md §1–§12).  Rules strings are :func:`~.rules.parse_rules`'s,
    actions the notation of :mod:`.actions`, records :mod:`.record`'s."""

    name = "joker"

    def parse_rules(self, text: str) -> Rules:
        return parse_rules(text)

    def presets(self) -> Mapping[str, Rules]:
        return PRESETS

    def new_game(self, rules: Rules, seed: int | str, start: int | None = None) -> GameState:
        return new_game(rules, seed=seed, first_dealer=start)

    def view_of(self, state: GameState, seat: int) -> PlayerView:
        return view_of(state, seat)

    def public_view(self, state: GameState) -> PlayerView:
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

    def record_of(self, state: GameState, players: Sequence[str] | None = None,
                  meta: Mapping[str, Any] | None = None) -> GameRecord:
        return record_from_state(state, None if players is None else tuple(players),
                                 None if meta is None else dict(meta))

    def read_record(self, data: Mapping[str, Any]) -> GameRecord:
        return GameRecord.from_dict(data)

    def start_of(self, record: GameRecord) -> GameState:
        return start_state(record)

    def replay(self, record: GameRecord) -> Iterator[Step[GameState, Any]]:
        return replay_steps(record)


GAME = JokerGame()
