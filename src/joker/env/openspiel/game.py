"""The OpenSpiel game ``python_joker`` and its states: the engine's
:class:`~joker.games.joker.engine.state.GameState` behind OpenSpiel's
``Game``/``State`` API, with the dealing as chance nodes (:mod:`.dealing`),
the strings of :mod:`.strings`, the observer of :mod:`.observer` and
resampling by :mod:`.resample`."""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable

import pyspiel

from joker.cards import JOKER1, Card, format_card, mask_of
from joker.games.joker.rl.codec import ActionCodec
from joker.games.joker.rl.episode import deal_score_range, one_deal_rules
from joker.errors import JokerError
from joker.games.joker.engine.state import DealCards, GameState
from joker.games.joker.engine.views import PlayerView, view_of
from joker.games.joker.rules import DealSpec, Premium, Rules
from joker.games.joker.scoring import game_totals

from . import dealing, strings
from .observer import JokerObserver
from .params import DEFAULT_PARAMS, GAME_NAME, MAX_PLAYERS, params_from_rules, rules_from_params
from .resample import replay_deal, resampled_deal

GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Joker (Dzhoker, Raspisnoy poker) by the joker package",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULT_PARAMS,
)


def utility_bounds(rules: Rules, episode: str) -> tuple[float, float]:
    """Bounds on a seat's return: one deal's score range, or for a whole game
    the sum of the deals' ranges widened by the largest premium a block can
    add and the largest cut it can take (RULES.md §10)."""
    ranges = [deal_score_range(rules, spec) for spec in rules.deals]
    if episode == "deal":
        return float(min(lo for lo, _ in ranges)), float(max(hi for _, hi in ranges))
    lo = sum(r[0] for r in ranges)
    hi = sum(r[1] for r in ranges)
    if rules.premium is not Premium.NONE:
        victims = 1 if rules.premium is Premium.BUS_ANGELES else rules.players - 1
        for block in sorted({spec.block for spec in rules.deals}):
            best = max(max(0, r[1]) for r, spec in zip(ranges, rules.deals) if spec.block == block)
            hi += 2 * (1 + victims) * best
            lo -= victims * best
    return float(lo), float(hi)


def _decisions(rules: Rules, spec: DealSpec) -> int:
    """The number of decisions of one deal: the trump choice, the bids, the cards."""
    bids = rules.players if spec.has_bids else 0
    return (1 if rules.trump_chosen(spec) else 0) + bids + spec.cards * rules.players


@dataclass(frozen=True)
class GameConfig:
    """What a :class:`JokerGame` plays: its rules, episode kind and action codec."""

    rules: Rules
    episode: str
    codec: ActionCodec

    def __deepcopy__(self, memo: dict[int, Any]) -> GameConfig:
        return self  # immutable


@lru_cache(maxsize=128)
def _config_for(items: tuple[tuple[str, Any], ...]) -> GameConfig:
    params = {**DEFAULT_PARAMS, **dict(items)}
    episode = str(params["episode"])
    if episode not in ("game", "deal"):
        raise JokerError(f"episode={episode!r}: choose game or deal")
    rules = rules_from_params(params)
    return GameConfig(rules, episode, ActionCodec(rules))


def config_of(game: Any) -> GameConfig:
    """The :class:`GameConfig` of a loaded game (read from its parameters, which
    OpenSpiel keeps on the C++ side, so it works for any Python wrapper of it)."""
    return _config_for(tuple(sorted(game.get_parameters().items())))


def load(rules: Rules | str = "bus-angeles", episode: str = "game") -> Any:
    """``pyspiel.load_game("python_joker", …)`` for a :class:`Rules` or rules string."""
    return pyspiel.load_game(GAME_NAME, params_from_rules(rules, episode))


class JokerGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type stubs
    """The OpenSpiel game of one rule set (build it with ``pyspiel.load_game``)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**DEFAULT_PARAMS, **(params or {})}
        cfg = _config_for(tuple(sorted(params.items())))
        rules, episode = cfg.rules, cfg.episode
        lo, hi = utility_bounds(rules, episode)
        if episode == "game":
            length = sum(_decisions(rules, spec) for spec in rules.deals)
        else:
            length = max(_decisions(rules, spec) for spec in rules.deals)
        info = pyspiel.GameInfo(
            num_distinct_actions=cfg.codec.size,
            max_chance_outcomes=max(JOKER1 + 2, rules.players, len(rules.deals)),
            num_players=rules.players,
            min_utility=lo,
            max_utility=hi,
            max_game_length=length,
        )
        super().__init__(GAME_TYPE, info, params)

    def new_initial_state(self) -> JokerState:
        return JokerState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> JokerObserver:
        return JokerObserver(
            config_of(self), iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


Events = tuple[str, "Events"] | None
"""The public history as a linked list ``(latest event, earlier events)``, shared by clones."""


class _Data:
    """Everything a state holds; immutable values only, so a clone may share them."""

    __slots__ = ("deal_number", "dealer", "deals", "events", "gs", "pending", "pre", "stage")

    def __init__(self) -> None:
        self.stage = "deal"  # deal -> dealer -> cards -> play (until the next deal's cards)
        self.deal_number: int | None = None  # episode=deal: the schedule index drawn
        self.dealer: int | None = None  # the first dealer (episode=game) or the deal's dealer
        self.deals: tuple[DealCards, ...] = ()  # cards of the deals dealt so far
        self.pending: tuple[Card, ...] = ()  # cards of the deal being dealt, dealing order
        self.pre: GameState | None = None  # the game before the current deal's cards were dealt
        self.gs: GameState | None = None  # the engine state (None until the first deal is dealt)
        self.events: Events = None  # public history

    def __deepcopy__(self, memo: dict[int, Any]) -> _Data:
        return copy.copy(self)


class JokerState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no type stubs
    """A state of :class:`JokerGame` (the engine's :class:`GameState` plus the dealing)."""

    def __init__(self, game: JokerGame) -> None:
        super().__init__(game)
        self._cfg = config_of(game)
        d = self._d = _Data()
        rules = self._cfg.rules
        if self._cfg.episode == "game":
            d.stage = "dealer" if rules.first_dealer is None else "cards"
            if rules.first_dealer is not None:
                d.dealer = rules.first_dealer - 1
        else:
            if len(rules.deals) == 1:
                d.deal_number = 0
                d.stage = "dealer"

    # -- helpers ----------------------------------------------------------------------
    @property
    def game_state(self) -> GameState | None:
        """The engine state (None before the first deal is dealt).  During the
        dealing of a later deal it is the game after the previous deal, its
        new hands still empty."""
        return self._d.gs

    @property
    def deal_number(self) -> int | None:
        """The schedule index of a one-deal episode once drawn (0-based); ``None`` for a whole game."""
        return self._d.deal_number

    def _gs(self) -> GameState:
        """The engine state, once the first deal is dealt."""
        gs = self._d.gs
        if gs is None:
            raise JokerError("no deal dealt yet")
        return gs

    def _rules(self) -> Rules:
        d = self._d
        return self._cfg.rules if d.deal_number is None else one_deal_rules(self._cfg.rules, d.deal_number)

    def _first_dealer(self) -> int:
        dealer = self._d.dealer
        if dealer is None:
            raise JokerError("no dealer drawn yet")
        return dealer

    def _deal_dealer(self) -> int:
        if self._cfg.episode == "deal":
            return self._first_dealer()
        return (self._first_dealer() + len(self._d.deals)) % self._cfg.rules.players

    def _deal_spec(self) -> DealSpec:
        d = self._d
        return self._cfg.rules.deals[d.deal_number if d.deal_number is not None else len(d.deals)]

    def _deal_in(self, cards: DealCards, earlier: tuple[DealCards, ...]) -> GameState:
        """The engine state at the start of the current deal dealt with ``cards``."""
        return dealing.deal_in(self._rules(), self._d.dealer, self._d.pre, cards, earlier)

    def _push_event(self, text: str) -> None:
        self._d.events = (text, self._d.events)

    def _event_list(self) -> list[str]:
        out = []
        node = self._d.events
        while node is not None:
            out.append(node[0])
            node = node[1]
        out.reverse()
        return out

    def seat_view(self, player: int) -> tuple[PlayerView | None, bool]:
        """``(view, dealing)``: the seat's view (None before the first deal is
        dealt), and whether its deal is still being dealt."""
        d = self._d
        if d.gs is None:
            return None, True
        return view_of(d.gs, player), d.stage != "play"

    # -- OpenSpiel API ----------------------------------------------------------------
    def current_player(self) -> int:
        d = self._d
        if d.stage != "play":
            return int(pyspiel.PlayerId.CHANCE)
        player = self._gs().current_player
        if player is None:  # the game is over
            return int(pyspiel.PlayerId.TERMINAL)
        return player

    def _legal_actions(self, player: int) -> list[int]:
        d = self._d
        if d.stage != "play":
            return []
        gs = self._gs()
        if gs.is_terminal() or player != gs.current_player:
            return []
        return self._cfg.codec.legal_ids(gs.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        d = self._d
        rules = self._cfg.rules
        if d.stage == "deal":
            k = len(rules.deals)
            return [(i, 1.0 / k) for i in range(k)]
        if d.stage == "dealer":
            n = rules.players
            return [(s, 1.0 / n) for s in range(n)]
        if d.stage == "cards":
            used = mask_of(d.pending)
            left = [c for c in self._rules().deck_cards if not used >> c & 1]
            return [(c, 1.0 / len(left)) for c in left]
        raise JokerError("not a chance node")

    def _apply_action(self, action: int) -> None:
        d = self._d
        if d.stage == "play":
            move = self._cfg.codec.decode(action)
            gs = self._gs()
            seat = self.current_player()
            d.gs = gs = gs.apply(move)
            self._push_event(f"{seat + 1}:{move}")
            if not gs.is_terminal() and gs.deal_index == len(d.deals):
                d.pre = gs
                d.stage = "cards"
            return
        action = int(action)
        if d.stage == "deal":
            d.deal_number = action
            d.stage = "dealer"
            return
        if d.stage == "dealer":
            d.dealer = action
            d.stage = "cards"
            return
        d.pending = d.pending + (action,)
        rules = self._rules()
        spec = self._deal_spec()
        if dealing.cards_needed(rules, spec, d.pending):
            return
        dealer = self._deal_dealer()
        number = d.deal_number if d.deal_number is not None else len(d.deals)
        cards = dealing.deal_cards(rules, spec, dealer, d.pending)
        d.gs = gs = self._deal_in(cards, d.deals)
        d.deals = d.deals + (cards,)
        d.pending = ()
        d.stage = "play"
        turned = " ".join(format_card(c) for c in gs.turned) or "-"
        self._push_event(f"[deal {number + 1}: {spec.cards} cards {spec.kind.value}, dealer {dealer + 1}, turned {turned}]")

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            stage = self._d.stage
            if stage == "deal":
                spec = self._cfg.rules.deals[int(action)]
                return f"deal {int(action) + 1} of the schedule ({spec})"
            if stage == "dealer":
                return f"dealer seat {int(action) + 1}"
            return f"card {format_card(int(action))}"
        return self._cfg.codec.action_to_string(action)

    def is_terminal(self) -> bool:
        return self._d.stage == "play" and self._gs().is_terminal()

    def returns(self) -> list[float]:
        n = self._cfg.rules.players
        if not self.is_terminal():
            return [0.0] * n
        gs = self._gs()
        if self._cfg.episode == "deal":
            return [float(x) for x in gs.results[-1].scores]
        return [float(x) for x in game_totals(gs.rules, gs.results)]

    def __str__(self) -> str:
        d = self._d
        return strings.state_text(self._cfg.rules, self._cfg.episode, d.stage, d.pending, d.gs)

    # -- strings ----------------------------------------------------------------------
    def information_state_text(self, player: int) -> str:
        """The seat's information-state string (see :mod:`.strings`)."""
        view, dealt = self.seat_view(player)
        return strings.information_state_text(player, self._event_list(), view, dealt)

    def observation_text(self, player: int) -> str:
        """The seat's observation string: its view now, in words (see :mod:`.strings`)."""
        view, dealt = self.seat_view(player)
        return strings.observation_text(player, view, dealt, self._d.deal_number)

    # -- resampling -------------------------------------------------------------------
    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float] | None = None
    ) -> JokerState:
        """A state the seat cannot tell from this one: the cards it cannot see
        (the others' hands, the stock, its own unseen cards) dealt anew at
        random, consistently with everything its view shows (:mod:`.resample`:
        follow, trump and joker-call duties of RULES.md §7, the trump chooser's
        three cards of §5).  Earlier deals are kept (they cannot matter any
        more).  Randomness from ``probability_sampler`` when given.  Only at a
        decision node.  Raises :class:`JokerError` otherwise."""
        d = self._d
        if d.stage != "play" or self._gs().is_terminal():
            raise JokerError("resample_from_infostate: only at a decision node")
        if probability_sampler is not None:
            rng = random.Random(int(probability_sampler() * 2**53))
        else:
            rng = random.Random()
        gs = self._gs()
        cards = resampled_deal(gs, player_id, rng)
        new: JokerState = self.clone()
        nd = new._d
        nd.deals = d.deals[:-1] + (cards,)
        nd.gs = replay_deal(self._deal_in(cards, d.deals[:-1]), gs)
        return new


def register() -> None:
    """Register ``python_joker`` with OpenSpiel (once)."""
    if GAME_NAME not in pyspiel.registered_names():
        pyspiel.register_game(GAME_TYPE, JokerGame)
