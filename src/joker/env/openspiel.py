"""Joker as an OpenSpiel game, registered as ``python_joker`` on import.

    >>> import pyspiel, joker.env.openspiel
    >>> game = pyspiel.load_game("python_joker", {"preset": "camp", "episode": "deal"})
    >>> state = game.new_initial_state()
    >>> state.is_chance_node()
    True

The game is played by the :mod:`joker` engine; OpenSpiel sees:

* **Chance made explicit.**  ``episode="deal"`` first draws which deal of the
  schedule is played (outcome = its 0-based index, uniform), then its dealer
  (outcome = seat, uniform); a whole game (``episode="game"``) draws the first
  dealer only under drawn-dealer rules (RULES.md §3).  Then every deal's cards
  are chance outcomes one at a time (outcome = the card id of
  :mod:`joker.cards`, uniform over the undealt cards), in dealing order from
  the first hand round to the dealer, then the turned-up card when a stock is
  left and the trump is not chosen (RULES.md §5), and under the house rule
  ``turned_joker=next_card`` one more per turned joker.
* **Decisions**: the action ids of :mod:`joker.env.codec`
  (``num_distinct_actions`` = the codec's size), legal ids ascending.
* **Observations**: the tensor of :mod:`joker.env.observation` (observation:
  the seat's view now; information state: the same plus every finished trick
  of the deal), and strings: the observation string is the seat's view in
  words; the information-state string is the whole public history (each
  deal's header — size, kind, dealer, turned card — and every decision in
  notation) plus the cards the seat sees now.  Both are built from
  :func:`~joker.games.joker.engine.views.view_of` only.
* **Returns**: at the end, per seat, the game total (RULES.md §10) for a whole
  game, the deal score (§8, §9) for one deal; 0 before.  General-sum.

Game parameters (OpenSpiel's game strings cannot hold a full joker rules
string, so it comes in parts):

=============  ==============  ==============================================================
parameter      default         meaning
=============  ==============  ==============================================================
``preset``     bus-angeles     a preset name (:data:`joker.games.joker.rules.PRESETS`)
``players``    0               number of players; 0 keeps the preset's
``schedule``   ""              deal schedule in joker's syntax with ``;`` for ``,``
                               (``1;2|9:dark``); one deal needs a trailing ``;`` (``9;``),
                               as OpenSpiel reads a bare number as an integer;
                               "" keeps the preset's
``options``    ""              other rules fields as ``name:value`` pairs separated by ``;``
                               (``khishti:-500;must_trump:false``)
``episode``    game            ``game`` (the whole schedule) or ``deal`` (one deal)
=============  ==============  ==============================================================

:func:`load` builds the game from a :class:`~joker.games.joker.rules.Rules` or a rules string.
:meth:`JokerState.resample_from_infostate` deals the cards a seat cannot see
anew, consistently with every card played (so OpenSpiel's ``ISMCTSBot`` can
search the game).
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import pyspiel

from joker.games.joker.actions import DealSummary, Play
from joker.cards import (
    JOKER1,
    Card,
    cards_in,
    format_card,
    format_cards,
    mask_of,
    suit_symbol,
)
from joker.games.joker.engine.play import follow_mask, led_suit, trick_trump
from joker.games.joker.engine.state import DealCards, GameState, Phase, new_game
from joker.games.joker.engine.views import PlayerView, view_of
from joker.errors import JokerError
from joker.games.joker.rules import (
    PRESETS,
    EmptyStockTrump,
    Premium,
    Rules,
    TurnedJoker,
    format_rules,
    preset,
)
from joker.games.joker.scoring import game_totals
from .codec import ActionCodec
from .episode import one_deal_rules, deal_score_range, rules_from
from .observation import ObservationLayout

GAME_NAME = "python_joker"
DEFAULT_PARAMS: dict[str, Any] = {"preset": "bus-angeles", "players": 0, "schedule": "", "options": "", "episode": "game"}
MAX_PLAYERS = 10

_GAME_TYPE = pyspiel.GameType(
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


# -- parameters ---------------------------------------------------------------------
def rules_from_params(params: dict[str, Any]) -> Rules:
    """The :class:`Rules` of OpenSpiel game parameters (see the module table).
    Raises :class:`~joker.errors.JokerError` naming the bad parameter."""
    unknown = set(params) - set(DEFAULT_PARAMS) - {"name"}
    if unknown:
        raise JokerError(f"unknown parameter(s) {', '.join(sorted(unknown))}; parameters: {', '.join(DEFAULT_PARAMS)}")
    p = {**DEFAULT_PARAMS, **params}
    rules = preset(str(p["preset"]))
    changes: dict[str, Any] = {}
    if int(p["players"]):
        changes["players"] = int(p["players"])
    schedule = str(p["schedule"]).replace(" ", "").strip(";")
    if schedule:
        changes["schedule"] = schedule.replace(";", ",")
    for item in str(p["options"]).split(";"):
        if not item.strip():
            continue
        name, sep, value = item.partition(":")
        if not sep:
            raise JokerError(f"options: {item!r} is not name:value (e.g. khishti:-500)")
        name = name.strip()
        if name in changes or name in ("players", "schedule", "preset"):
            raise JokerError(f"options: set {name} with its own parameter, once")
        changes[name] = value.strip()
    return rules.replace(**changes) if changes else rules


def params_from_rules(rules: Rules | str, episode: str = "game") -> dict[str, Any]:
    """OpenSpiel parameters for ``rules`` (the inverse of :func:`rules_from_params`).
    Raises :class:`~joker.errors.JokerError` for a rule set whose values cannot
    be written in a game string (a schedule or option value holding ``;`` or ``:``)."""
    rules = rules_from(rules)
    base = PRESETS[rules.preset]
    params: dict[str, Any] = {**DEFAULT_PARAMS, "preset": rules.preset, "episode": episode}
    if rules.players != base.players:
        params["players"] = rules.players
    if rules.schedule != base.schedule:
        schedule = rules.schedule.replace(",", ";")
        params["schedule"] = schedule + ";" if schedule.isdigit() else schedule  # a bare number would be an int
    text = format_rules(rules)
    if "(" in text:
        items = []
        for part in _split_options(text[text.index("(") + 1 : -1]):
            name, _, value = part.partition("=")
            if name in ("players", "schedule"):
                continue
            value = value.strip("'\"")
            if ";" in value or ":" in value:
                raise JokerError(f"rules option {name}={value!r} cannot be written as an OpenSpiel parameter")
            items.append(f"{name}:{value}")
        params["options"] = ";".join(items)
    return params


def _split_options(text: str) -> list[str]:
    out, depth, cur = [], 0, ""
    quote = None
    for ch in text:
        if quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "," and depth == 0:
            out.append(cur)
            cur = ""
            continue
        cur += ch
    if cur:
        out.append(cur)
    return out


def load(rules: Rules | str = "bus-angeles", episode: str = "game") -> pyspiel.Game:
    """``pyspiel.load_game("python_joker", …)`` for a :class:`Rules` or rules string."""
    return pyspiel.load_game(GAME_NAME, params_from_rules(rules, episode))


# -- the game -----------------------------------------------------------------------
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


def _decisions(rules: Rules, spec) -> int:
    bids = rules.players if spec.has_bids else 0
    return (1 if rules.trump_chosen(spec) else 0) + bids + spec.cards * rules.players


@dataclass(frozen=True)
class GameConfig:
    """What a :class:`JokerGame` plays: its rules, episode kind and action codec."""

    rules: Rules
    episode: str
    codec: ActionCodec

    def __deepcopy__(self, memo: dict) -> GameConfig:
        return self  # immutable


@lru_cache(maxsize=128)
def _config_for(items: tuple[tuple[str, Any], ...]) -> GameConfig:
    params = {**DEFAULT_PARAMS, **dict(items)}
    episode = str(params["episode"])
    if episode not in ("game", "deal"):
        raise JokerError(f"episode={episode!r}: choose game or deal")
    rules = rules_from_params(params)
    return GameConfig(rules, episode, ActionCodec(rules))


def config_of(game: pyspiel.Game) -> GameConfig:
    """The :class:`GameConfig` of a loaded game (read from its parameters, which
    OpenSpiel keeps on the C++ side, so it works for any Python wrapper of it)."""
    return _config_for(tuple(sorted(game.get_parameters().items())))


class JokerGame(pyspiel.Game):
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
        super().__init__(_GAME_TYPE, info, params)

    def new_initial_state(self) -> JokerState:
        return JokerState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> JokerObserver:
        return JokerObserver(
            config_of(self), iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


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
        self.events: tuple | None = None  # public history, a linked list (event, previous)

    def __deepcopy__(self, memo: dict) -> _Data:
        return copy.copy(self)


class JokerState(pyspiel.State):
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

    def _rules(self) -> Rules:
        d = self._d
        return self._cfg.rules if d.deal_number is None else one_deal_rules(self._cfg.rules, d.deal_number)

    def _deal_dealer(self) -> int:
        d = self._d
        if self._cfg.episode == "deal":
            return d.dealer
        return (d.dealer + len(d.deals)) % self._cfg.rules.players

    def _deal_spec(self):
        d = self._d
        if d.deal_number is not None:
            return self._cfg.rules.deals[d.deal_number]
        return self._cfg.rules.deals[len(d.deals)]

    def _cards_needed(self) -> int:
        """Chance outcomes still to draw for the deal being dealt."""
        rules = self._rules()
        spec = self._deal_spec()
        d = self._d
        hands = spec.cards * rules.players
        stock = len(rules.deck_cards) - hands
        if len(d.pending) < hands:
            return hands - len(d.pending)
        if stock == 0 or rules.trump_chosen(spec):
            return 0
        if len(d.pending) == hands:
            return 1
        if (
            rules.turned_joker is TurnedJoker.NEXT_CARD
            and d.pending[-1] >= JOKER1
            and len(d.pending) < len(rules.deck_cards)
        ):
            return 1
        return 0

    def _deal_cards(self, pending: tuple[Card, ...]) -> DealCards:
        rules = self._rules()
        n = rules.players
        c = self._deal_spec().cards
        dealer = self._deal_dealer()
        hands: list[list[Card]] = [[] for _ in range(n)]
        for k in range(c * n):
            hands[(dealer + 1 + k) % n].append(pending[k])
        rest = pending[c * n :]
        return DealCards(tuple(tuple(h) for h in hands), rest[0] if rest else None, tuple(rest[1:]))

    def _deal_in(self, pre: GameState | None, cards: DealCards, earlier: tuple[DealCards, ...]) -> GameState:
        """The engine state at the start of a deal with ``cards``: ``pre`` is the
        game after the earlier deals (None for the first)."""
        rules = self._rules()
        state = new_game(rules, deals=earlier + (cards,), first_dealer=self._d.dealer, real_cards=True)
        if pre is not None:
            for _, action in pre.actions():
                assert not isinstance(action, DealSummary)  # this game is dealt and played card by card
                state.push_unchecked(action)
        return state

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

    def _view(self, player: int) -> tuple[PlayerView | None, bool]:
        """``(view, dealing)``: the seat's view, and whether its deal is still being dealt."""
        d = self._d
        if d.gs is None:
            return None, True
        return view_of(d.gs, player), d.stage != "play"

    # -- OpenSpiel API ----------------------------------------------------------------
    def current_player(self) -> int:
        d = self._d
        if d.stage != "play":
            return pyspiel.PlayerId.CHANCE
        if d.gs.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return d.gs.current_player

    def _legal_actions(self, player: int) -> list[int]:
        d = self._d
        if d.stage != "play" or d.gs.is_terminal() or player != d.gs.current_player:
            return []
        return self._cfg.codec.legal_ids(d.gs.legal_actions())

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
            seat = d.gs.current_player
            d.gs = d.gs.apply(move)
            self._push_event(f"{seat + 1}:{move}")
            if not d.gs.is_terminal() and d.gs.deal_index == len(d.deals):
                d.pre = d.gs
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
        if self._cards_needed():
            return
        spec = self._deal_spec()
        dealer = self._deal_dealer()
        number = d.deal_number if d.deal_number is not None else len(d.deals)
        cards = self._deal_cards(d.pending)
        d.gs = self._deal_in(d.pre, cards, d.deals)
        d.deals = d.deals + (cards,)
        d.pending = ()
        d.stage = "play"
        turned = " ".join(format_card(c) for c in d.gs.turned) or "-"
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
        d = self._d
        return d.stage == "play" and d.gs.is_terminal()

    def returns(self) -> list[float]:
        n = self._cfg.rules.players
        if not self.is_terminal():
            return [0.0] * n
        gs = self._d.gs
        if self._cfg.episode == "deal":
            return [float(x) for x in gs.results[-1].scores]
        return [float(x) for x in game_totals(gs.rules, gs.results)]

    def __str__(self) -> str:
        d = self._d
        lines = [f"{self._cfg.rules} episode={self._cfg.episode} stage={d.stage}"]
        if d.pending:
            lines.append("dealing: " + format_cards(d.pending))
        gs = d.gs
        if gs is not None:
            lines.append(
                f"deal {gs.deal_index + 1} dealer {gs.dealer + 1} phase {gs.phase.value} "
                f"trump {suit_symbol(gs.trump)} turned {format_cards(gs.turned) or '-'}"
            )
            for s in range(gs.rules.players):
                bid = "-" if gs.bids[s] is None else gs.bids[s]
                lines.append(f"seat {s + 1}: {format_cards(gs.hands[s]) or '-'} bid {bid} taken {gs.taken[s]}")
            lines.append("trick: " + " ".join(f"{s + 1}:{a}" for s, a in gs.trick))
            lines.append("scores: " + " ".join(str(x) for x in game_totals(gs.rules, gs.results)))
        return "\n".join(lines)

    # -- strings ----------------------------------------------------------------------
    def _own_cards_text(self, view: PlayerView | None, dealing: bool) -> str:
        if view is None or dealing:
            return "hand: -"
        text = "hand: " + (format_cards(view.hand) or "-")
        seen = [f"{s + 1}:{format_cards(c)}" for s, c in enumerate(view.known) if c]
        return text + (" sees: " + " ".join(seen) if seen else "")

    def information_state_text(self, player: int) -> str:
        """The seat's information-state string (see the module docstring)."""
        view, dealing = self._view(player)
        return f"P{player + 1} " + " ".join(self._event_list()) + " | " + self._own_cards_text(view, dealing)

    def observation_text(self, player: int) -> str:
        """The seat's observation string: its view now, in words."""
        view, dealing = self._view(player)
        head = f"P{player + 1}"
        if view is None:
            return head + " dealing"
        d = self._d
        number = view.deal_index if d.deal_number is None else d.deal_number
        phase = "dealing" if dealing else view.phase.value
        trump = "?" if dealing or view.phase is Phase.TRUMP else suit_symbol(view.trump)
        turned = "-" if dealing else (format_cards(view.turned) or "-")
        bids = " ".join("-" if b is None else str(b) for b in view.bids)
        taken = " ".join(str(t) for t in view.taken)
        trick = " ".join(f"{s + 1}:{a}" for s, a in view.trick) if not dealing else ""
        totals = " ".join(str(x) for x in game_totals(view.rules, view.results))
        return (
            f"{head} deal {number + 1} ({view.deal}) dealer {view.dealer + 1} {phase} trump {trump} "
            f"turned {turned} {self._own_cards_text(view, dealing)} | bids {bids} | taken {taken} | "
            f"trick {trick or '-'} | totals {totals}"
        )

    # -- resampling -------------------------------------------------------------------
    def resample_from_infostate(self, player_id: int, probability_sampler=None) -> JokerState:
        """A state the seat cannot tell from this one: the cards it cannot see
        (the others' hands, the stock, its own unseen cards) dealt anew at
        random, consistently with every card played in the deal (follow-suit
        duties, RULES.md §7).  Earlier deals are kept (they cannot matter any
        more).  Only at a decision node.  Raises :class:`JokerError` otherwise."""
        d = self._d
        if d.stage != "play" or d.gs.is_terminal():
            raise JokerError("resample_from_infostate: only at a decision node")
        if probability_sampler is not None:
            rng = random.Random(int(probability_sampler() * 2**53))
        else:
            rng = random.Random()
        cards, gs = _resample(self, player_id, rng)
        new = self.clone()
        nd = new._d
        nd.deals = d.deals[:-1] + (cards,)
        nd.gs = gs
        return new


def _resample(state: JokerState, player: int, rng: random.Random) -> tuple[DealCards, GameState]:
    """New cards for the current deal and the engine state after replaying the deal's actions."""
    d = state._d
    gs = d.gs
    rules = gs.rules
    n = rules.players
    view = view_of(gs, player)
    orig = d.deals[-1]
    deal_actions = [a for i, a in gs.actions() if i == gs.deal_index]
    # Cards the seat knows the place of: its visible own cards, those it sees on
    # the others (forehead), every card played, the turned cards (also the
    # dealer's last card when that is what was turned).
    known = [0] * n
    known[player] = mask_of(view.hand)
    for s, cs in enumerate(view.known):
        known[s] |= mask_of(cs)
    if rules.empty_stock_trump is EmptyStockTrump.DEALERS_LAST_CARD and orig.turned is None and gs.turned:
        known[gs.dealer] |= mask_of(gs.turned)
    hidden = [gs.hands[s] & ~known[s] for s in range(n)]
    counts = [h.bit_count() for h in hidden]
    stock_cards = ([] if orig.turned is None else [orig.turned]) + list(orig.stock)
    turned_known = mask_of(gs.turned)
    hidden_stock = [c for c in stock_cards if not turned_known >> c & 1]
    dealt = mask_of(stock_cards) | mask_of(c for h in orig.hands for c in h)
    undealt = [c for c in rules.deck_cards if not dealt >> c & 1]  # the rest of the stock, never seen
    pool = [c for s in range(n) for c in cards_in(hidden[s])] + hidden_stock + undealt
    forbidden = _forbidden(gs, pool, [known[s] & gs.hands[s] for s in range(n)])
    for _ in range(200):
        assignment = _assign(pool, counts, forbidden, rng)
        if assignment is None:
            continue
        cards = _rebuild_cards(orig, hidden, assignment, hidden_stock, pool)
        replayed = _replay(state, cards, deal_actions)
        if replayed is not None:
            return cards, replayed
    return orig, gs  # the true deal is always consistent


def _forbidden(gs: GameState, pool: list[Card], held_now: list[int]) -> list[int]:
    """Per seat, the pool cards it cannot hold: holding one, a card it played
    to a trick of this deal would not have been legal (follow suit, trump,
    highest card after ``high``: RULES.md §7).  ``held_now``: per seat, the
    cards the observer knows it still holds."""
    n = gs.rules.players
    forbid = [0] * n
    tricks = [t.plays for t in gs.tricks] + ([gs.trick] if gs.trick else [])
    later = [0] * n  # cards each seat played from this point of the deal on
    for plays in tricks:
        for s, a in plays:
            later[s] |= 1 << a.card
    for plays in tricks:
        lead = plays[0][1]
        for k, (s, a) in enumerate(plays):
            later[s] &= ~(1 << a.card)
            if k == 0 or type(a) is not Play:
                continue  # a lead or a joker: any hand allows it
            prefix = plays[:k]
            led = led_suit(prefix)
            t = trick_trump(gs.trump, gs.rotating, led)
            held = later[s] | (1 << a.card) | held_now[s]
            for u in pool:
                if u >= JOKER1 or forbid[s] >> u & 1:
                    continue
                if not follow_mask(held | (1 << u), lead, led, t, gs.rules.must_trump) >> a.card & 1:
                    forbid[s] |= 1 << u
    return forbid


def _assign(pool: list[Card], counts: list[int], forbidden: list[int], rng: random.Random) -> list[list[Card]] | None:
    """Random hidden hands of ``counts`` cards from ``pool`` avoiding ``forbidden`` (None: dead end)."""
    left = pool[:]
    rng.shuffle(left)
    order = sorted(range(len(counts)), key=lambda s: (sum(1 for c in left if not forbidden[s] >> c & 1), s))
    out: list[list[Card]] = [[] for _ in counts]
    for s in order:
        allowed = [c for c in left if not forbidden[s] >> c & 1]
        if len(allowed) < counts[s]:
            return None
        take = allowed[: counts[s]]
        out[s] = take
        taken = mask_of(take)
        left = [c for c in left if not taken >> c & 1]
    out.append(left)  # what is left goes back to the stock
    return out


def _rebuild_cards(
    orig: DealCards, hidden: list[int], assignment: list[list[Card]], hidden_stock: list[Card], pool: list[Card]
) -> DealCards:
    n = len(hidden)
    hands = []
    for s in range(n):
        fresh = iter(assignment[s])
        hands.append(tuple(next(fresh) if hidden[s] >> c & 1 else c for c in orig.hands[s]))
    rest = iter(assignment[n])
    hidden_set = set(hidden_stock)
    stock_cards = ([] if orig.turned is None else [orig.turned]) + list(orig.stock)
    new_stock = [next(rest) if c in hidden_set else c for c in stock_cards]
    turned = new_stock[0] if orig.turned is not None else None
    return DealCards(tuple(hands), turned, tuple(new_stock[1:] if orig.turned is not None else ()))


def _replay(state: JokerState, cards: DealCards, actions: list) -> GameState | None:
    """The current deal replayed with ``cards`` (every action checked), or None when one is illegal."""
    d = state._d
    gs = state._deal_in(d.pre, cards, d.deals[:-1])
    try:
        for a in actions:
            gs = gs.apply(a)
    except JokerError:
        return None
    return gs


class JokerObserver:
    """OpenSpiel's Python observer for :class:`JokerGame`: ``tensor`` and ``dict``
    (named segments of :mod:`joker.env.observation`), ``set_from`` and ``string_from``.

    Supports the seat's own private information (observation and information
    state); other observation types raise ``ValueError``."""

    def __init__(self, game: GameConfig, iig_obs_type, params) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not iig_obs_type.public_info:
            raise ValueError("python_joker observes one seat's own view (public and its private information) only")
        self.perfect_recall = iig_obs_type.perfect_recall
        self.layout = ObservationLayout(game.rules, information_state=self.perfect_recall)
        self.tensor = np.zeros(self.layout.size, np.float32)
        self.dict = self.layout.split(self.tensor)

    def set_from(self, state: JokerState, player: int) -> None:
        view, dealing = state._view(player)
        self.layout.encode(view, seat=player, dealing=dealing, deal_number=state._d.deal_number, out=self.tensor)

    def string_from(self, state: JokerState, player: int) -> str:
        if self.perfect_recall:
            return state.information_state_text(player)
        return state.observation_text(player)


def _register() -> None:
    if GAME_NAME not in pyspiel.registered_names():
        pyspiel.register_game(_GAME_TYPE, JokerGame)


_register()
