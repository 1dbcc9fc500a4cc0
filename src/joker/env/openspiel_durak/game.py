"""The OpenSpiel game ``python_durak`` and its states: the engine's
:class:`~joker.games.durak.engine.state.DurakState` behind OpenSpiel's
``Game``/``State`` API, the deal as chance nodes, the strings of
:mod:`.strings` and the observer of :mod:`.observer`."""

from __future__ import annotations

import copy
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pyspiel

from joker.cards import format_card, format_cards
from joker.errors import JokerError
from joker.games.durak.deck import deck_cards
from joker.games.durak.engine.deal import Deal
from joker.games.durak.engine.state import DurakState, new_game
from joker.games.durak.engine.views import PlayerView, view_of
from joker.games.durak.rl.codec import CODEC, SLOTS, card_of, slot_of
from joker.games.durak.rl.episode import game_rewards
from joker.games.durak.rules import HAND_SIZE, PRIKUP_SIZE, DurakRules

from . import strings
from .observer import DurakObserver
from .params import DEFAULT_PARAMS, GAME_NAME, params_from_rules, rules_from_params

MAX_PLAYERS = 4
DECISIONS_PER_BOUT = 64
"""A generous bound on one bout's decisions: ≤ 12 cards on the table, 6 transfers,
9 shows, take, done and the throw-in passes (≤ 4 seats × 7 turns)."""

GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Transfer Durak with jokers and prikup by the joker package",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULT_PARAMS,
)


def max_decisions(rules: DurakRules) -> int:
    """An upper bound on a series' decisions: a game has at most (K + 1) × stall_limit + K
    bouts (every bout that is not idle discards a card, and the stall rule ends a game
    after ``stall_limit`` idle bouts in a row), each of at most :data:`DECISIONS_PER_BOUT`."""
    k = len(deck_cards(rules.deck))
    return rules.games * ((k + 1) * rules.stall_limit + k) * DECISIONS_PER_BOUT


def deal_of_order(rules: DurakRules, cards: tuple[int, ...]) -> Deal:
    """The deal of one game whose deck came out of the shuffle in the order ``cards``
    (the layout of :func:`~joker.games.durak.engine.deal.deal_from_seed`): 6 cards to
    each seat in turn, 2 prikup cards each, the turned trump, the hidden trump, then
    the stock in draw order."""
    n = rules.players
    hands = tuple(tuple(cards[HAND_SIZE * s:HAND_SIZE * (s + 1)]) for s in range(n))
    base = HAND_SIZE * n
    prikups = tuple(tuple(cards[base + PRIKUP_SIZE * s:base + PRIKUP_SIZE * (s + 1)]) for s in range(n))
    base += PRIKUP_SIZE * n
    return Deal(hands, prikups, tuple(cards[base + 2:]) + (cards[base], cards[base + 1]))


@dataclass(frozen=True)
class GameConfig:
    """What a :class:`DurakGame` plays: its rules and deck."""

    rules: DurakRules
    deck: tuple[int, ...]

    def __deepcopy__(self, memo: dict[int, Any]) -> GameConfig:
        return self  # immutable


@lru_cache(maxsize=64)
def _config_for(items: tuple[tuple[str, Any], ...]) -> GameConfig:
    rules = rules_from_params(dict(items))
    return GameConfig(rules, deck_cards(rules.deck))


def config_of(game: Any) -> GameConfig:
    """The :class:`GameConfig` of a loaded game (from its parameters)."""
    return _config_for(tuple(sorted(game.get_parameters().items())))


def load(rules: DurakRules | str = "durak") -> Any:
    """``pyspiel.load_game("python_durak", …)`` for a :class:`DurakRules`, preset name or rules string."""
    return pyspiel.load_game(GAME_NAME, params_from_rules(rules))


class DurakGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type stubs
    """The OpenSpiel game of one Durak rule set (build it with ``pyspiel.load_game``)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**DEFAULT_PARAMS, **(params or {})}
        cfg = _config_for(tuple(sorted(params.items())))
        rules = cfg.rules
        n = rules.players
        info = pyspiel.GameInfo(
            num_distinct_actions=CODEC.size,
            max_chance_outcomes=SLOTS,
            num_players=n,
            min_utility=-float(rules.games),
            max_utility=float(rules.games) / (n - 1),
            utility_sum=0.0,
            max_game_length=max_decisions(rules) + len(cfg.deck) * rules.games,
        )
        super().__init__(GAME_TYPE, info, params)

    def new_initial_state(self) -> DurakSpielState:
        return DurakSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> DurakObserver:
        return DurakObserver(config_of(self).rules, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False),
                             params)


Events = tuple[tuple[str, int | None], "Events"] | None
"""Every event as a linked list ``((text, seat or None for a public one), earlier events)``, shared by clones."""


class _Data:
    """Everything a state holds; immutable values only, so a clone may share them."""

    __slots__ = ("events", "gs", "pending")

    def __init__(self) -> None:
        self.pending: tuple[int, ...] = ()  # the cards dealt so far, shuffle order, every game's
        self.gs: DurakState | None = None  # the engine state, once every game is dealt
        self.events: Events = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Data:
        return copy.copy(self)


class DurakSpielState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no type stubs
    """A state of :class:`DurakGame`: the chance nodes of the deal, then the engine's state."""

    def __init__(self, game: DurakGame) -> None:
        super().__init__(game)
        self._cfg = config_of(game)
        self._d = _Data()

    @property
    def game_state(self) -> DurakState | None:
        """The engine state (``None`` while the cards are dealt)."""
        return self._d.gs

    def seat_view(self, player: int) -> PlayerView | None:
        """The seat's view (``None`` while the cards are dealt)."""
        gs = self._d.gs
        return None if gs is None else view_of(gs, player)

    def _push(self, text: str, seat: int | None = None) -> None:
        self._d.events = ((text, seat), self._d.events)

    def _received(self, before: DurakState | None, after: DurakState) -> None:
        """A private event per seat for the cards that entered its hand (a new game: the whole hand)."""
        for s in range(after.players):
            got = after.hands[s]
            if before is not None and before.game == after.game:
                got &= ~before.hands[s]
            if got:
                self._push("+" + format_cards(got), s)

    # -- OpenSpiel API ----------------------------------------------------------------
    def current_player(self) -> int:
        gs = self._d.gs
        if gs is None:
            return int(pyspiel.PlayerId.CHANCE)
        p = gs.current_player
        return int(pyspiel.PlayerId.TERMINAL) if p is None else p

    def _legal_actions(self, player: int) -> list[int]:
        gs = self._d.gs
        if gs is None or gs.is_terminal() or player != gs.current_player:
            return []
        return CODEC.legal_ids(gs.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Uniform over the cards of the current game's deck not dealt yet (outcome = card slot)."""
        d = self._d
        if d.gs is not None:
            raise JokerError("not a chance node")
        k = len(self._cfg.deck)
        dealt = set(d.pending[len(d.pending) - len(d.pending) % k:])
        left = [slot_of(c) for c in self._cfg.deck if slot_of(c) not in dealt]
        return [(s, 1.0 / len(left)) for s in left]

    def _apply_action(self, action: int) -> None:
        d = self._d
        gs = d.gs
        if gs is not None:
            seat = gs.current_player
            assert seat is not None
            move = CODEC.decode(action)
            d.gs = after = gs.apply(move)
            self._push(f"{seat + 1}:{move}")
            if after.game != gs.game:
                self._push(f"[game {after.game + 1}: turned {format_card(after.turned)}]")
            elif after.hidden_shown and not gs.hidden_shown:  # the turned trump was drawn: all see the hidden one
                self._push(f"[hidden {format_card(after.hidden)}]")
            self._received(gs, after)
            return
        d.pending = d.pending + (int(action),)
        rules, k = self._cfg.rules, len(self._cfg.deck)
        if len(d.pending) < k * rules.games:
            return
        cards = tuple(card_of(s) for s in d.pending)
        deals = tuple(deal_of_order(rules, cards[g * k:(g + 1) * k]) for g in range(rules.games))
        d.gs = first = new_game(rules, "openspiel", None, deals)
        self._push(f"[game 1: turned {format_card(first.turned)}]")
        self._received(None, first)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"card {format_card(card_of(int(action)))}"
        return CODEC.action_to_string(action)

    def is_terminal(self) -> bool:
        gs = self._d.gs
        return gs is not None and gs.is_terminal()

    def returns(self) -> list[float]:
        """Per seat, the sum over the series of −1 for the fool and +1/(n − 1) for each
        other seat (0 for a draw): zero-sum (docs/environments.md, "Durak")."""
        rules = self._cfg.rules
        out = [0.0] * rules.players
        gs = self._d.gs
        if gs is None or not gs.is_terminal():
            return out
        for fool in gs.results:
            for s, r in enumerate(game_rewards(rules, fool)):
                out[s] += r
        return out

    def __str__(self) -> str:
        return strings.state_text(len(self._d.pending), self._d.gs)

    # -- strings ----------------------------------------------------------------------
    def information_state_text(self, player: int) -> str:
        """The seat's information-state string (:func:`.strings.information_state_text`)."""
        out = []
        node = self._d.events
        while node is not None:
            (text, seat), node = node
            if seat is None or seat == player:
                out.append(text)
        out.reverse()
        return strings.information_state_text(player, out)

    def observation_text(self, player: int) -> str:
        """The seat's observation string (:func:`.strings.observation_text`)."""
        return strings.observation_text(player, self.seat_view(player))


def register() -> None:
    """Register ``python_durak`` with OpenSpiel (once)."""
    if GAME_NAME not in pyspiel.registered_names():
        pyspiel.register_game(GAME_TYPE, DurakGame)
