"""High card: a tiny toy game used only by the tests, to prove that the shared
machinery (records and replay, the arena, the server's tables, the bots'
registry, the RL adapters) reads games only through :mod:`joker.game`.

Rules (``toy(players=2,cards=3)``): the six cards 1..6 are shuffled by the
seed; each of the ``players`` seats gets ``cards`` of them.  There are
``cards`` tricks: the leader plays a card, the others follow in seat order
with any card; the highest card wins the trick and leads the next.  The
first leader is ``start`` (default: drawn from the seed).  Score: tricks won.
Each seat sees its own hand, hand sizes, the cards on the table and the
tricks won.  Actions are ``p<card>`` (``p5``).

Nothing outside this module knows the game: :func:`register` puts it in
:mod:`joker.registry` under the name ``toy``; its plug-ins for the arena and
``simulate`` (:mod:`joker.match.plugin`), the RL environments
(:mod:`joker.env.plugin`) and the web server (the server's structural
``WebPlugin``: the generic table page, a view as JSON, tricks won as the
sheet) are the entries of :data:`PLUGINS`.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, replace
from typing import Any, Iterable, Iterator, Mapping, Sequence

import numpy as np

from joker import registry
from joker.bots import RandomBot
from joker.errors import IllegalActionError, InvalidNotationError, JokerError, RecordError, RulesError
from joker.game import Step
from joker.i18n.labels import total_label
from joker.pace import Pace
from joker.records import FORMAT, steps

NAME = "toy"


@dataclass(frozen=True)
class ToyRules:
    players: int = 2
    cards: int = 3

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 3 or not 1 <= self.cards or self.players * self.cards > 6:
            raise RulesError(f"toy: {self.players} players × {self.cards} cards do not fit six cards")

    def __str__(self) -> str:
        return f"toy(players={self.players},cards={self.cards})"


@dataclass(frozen=True)
class Play:
    card: int

    def __str__(self) -> str:
        return f"p{self.card}"


@dataclass(frozen=True)
class ToyView:
    seat: int | None
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    trick: tuple[tuple[int, int], ...]
    won: tuple[int, ...]
    current_player: int | None
    legal_actions: tuple[Play, ...]


@dataclass(frozen=True)
class ToyState:
    rules: ToyRules
    seed: str
    start: int
    hands: tuple[tuple[int, ...], ...]
    trick: tuple[tuple[int, int], ...] = ()
    won: tuple[int, ...] = ()
    leader: int = 0
    history: tuple[Play, ...] = ()

    @property
    def current_player(self) -> int | None:
        if self.is_terminal():
            return None
        return (self.leader + len(self.trick)) % self.rules.players

    def legal_actions(self) -> list[Play]:
        seat = self.current_player
        return [] if seat is None else [Play(c) for c in self.hands[seat]]

    def is_terminal(self) -> bool:
        return not self.trick and not any(self.hands)

    def scores(self) -> tuple[int, ...]:
        return self.won

    def apply(self, action: Any) -> "ToyState":
        if isinstance(action, str):
            action = parse_action(action)
        seat = self.current_player
        if seat is None:
            raise IllegalActionError("the game is over")
        if not isinstance(action, Play) or action.card not in self.hands[seat]:
            legal = " ".join(str(a) for a in self.legal_actions())
            raise IllegalActionError(f"illegal play {action}: seat {seat + 1} holds {legal}")
        hands = list(self.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != action.card)
        trick = self.trick + ((seat, action.card),)
        won, leader = self.won, self.leader
        if len(trick) == self.rules.players:
            leader = max(trick, key=lambda p: p[1])[0]
            won = tuple(w + (s == leader) for s, w in enumerate(won))
            trick = ()
        return replace(self, hands=tuple(hands), trick=trick, won=won, leader=leader,
                       history=self.history + (action,))


def parse_action(text: str) -> Play:
    t = text.strip().lower()
    if not (t.startswith("p") and t[1:].isdigit()):
        raise InvalidNotationError(f"bad toy action {text!r}: write p<card>, e.g. p5")
    return Play(int(t[1:]))


def parse_rules(text: str) -> ToyRules:
    t = text.strip()
    if t == NAME:
        return ToyRules()
    if not (t.startswith(NAME + "(") and t.endswith(")")):
        raise InvalidNotationError(f"bad toy rules {text!r}: write toy or toy(players=2,cards=3)")
    fields: dict[str, int] = {}
    for part in filter(None, t[len(NAME) + 1:-1].split(",")):
        key, _, value = part.partition("=")
        if key.strip() not in ("players", "cards") or not value.strip().isdigit():
            raise InvalidNotationError(f"bad toy option {part!r}")
        fields[key.strip()] = int(value)
    return ToyRules(**fields)


def new_game(rules: ToyRules, seed: int | str, start: int | None = None) -> ToyState:
    rng = random.Random(f"{seed}:toy")
    deck = list(range(1, 7))
    rng.shuffle(deck)
    n, c = rules.players, rules.cards
    hands = tuple(tuple(sorted(deck[s * c:(s + 1) * c])) for s in range(n))
    first = rng.randrange(n) if start is None else start
    return ToyState(rules, str(seed), first, hands, won=(0,) * n, leader=first)


def view(state: ToyState, seat: int | None) -> ToyView:
    n = state.rules.players
    if seat is not None and not 0 <= seat < n:
        raise ValueError(f"seat {seat} is not 0..{n - 1}")
    to_move = seat is not None and state.current_player == seat
    return ToyView(seat, () if seat is None else state.hands[seat], tuple(len(h) for h in state.hands),
                   state.trick, state.won, state.current_player,
                   tuple(state.legal_actions()) if to_move else ())


@dataclass(frozen=True)
class ToyRecord:
    rules: str
    seed: str
    start: int
    players: tuple[str, ...]
    actions: tuple[str, ...]
    meta: Mapping[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": 1, "game": NAME, "rules": self.rules, "players": list(self.players),
                "seed": self.seed, "start": self.start, "actions": list(self.actions), "meta": dict(self.meta)}


class HighBot:
    """Plays its highest card."""

    name = "high"

    def __init__(self, seed: int | str | None = None) -> None:
        pass

    def choose(self, view: ToyView) -> Play:
        return max(view.legal_actions, key=lambda a: a.card)


class ToyGame:
    name = NAME

    def parse_rules(self, text: str) -> ToyRules:
        return parse_rules(text)

    def presets(self) -> Mapping[str, ToyRules]:
        return {NAME: ToyRules()}

    def new_game(self, rules: ToyRules, seed: int | str, start: int | None = None) -> ToyState:
        return new_game(rules, seed, start)

    def view_of(self, state: ToyState, seat: int) -> ToyView:
        return view(state, seat)

    def public_view(self, state: ToyState) -> ToyView:
        return view(state, None)

    def parse_action(self, text: str) -> Play:
        return parse_action(text)

    def format_action(self, action: Play) -> str:
        return str(action)

    def bots(self) -> Mapping[str, Any]:
        return {"random": RandomBot, "high": HighBot}

    def timed_bots(self) -> frozenset[str]:
        return frozenset()

    def record_of(self, state: ToyState, players: Sequence[str] | None = None,
                  meta: Mapping[str, Any] | None = None) -> ToyRecord:
        names = tuple(players or (f"Player {i + 1}" for i in range(state.rules.players)))
        return ToyRecord(str(state.rules), state.seed, state.start, names,
                         tuple(str(a) for a in state.history), dict(meta or {}))

    def read_record(self, data: Mapping[str, Any]) -> ToyRecord:
        try:
            return ToyRecord(str(data["rules"]), str(data["seed"]), int(data["start"]),
                             tuple(str(p) for p in data["players"]), tuple(str(a) for a in data["actions"]),
                             dict(data.get("meta") or {}))
        except (KeyError, TypeError, ValueError) as e:
            raise RecordError(f"malformed toy record: {e}") from None

    def start_of(self, record: ToyRecord) -> ToyState:
        try:
            return new_game(parse_rules(record.rules), record.seed, record.start)
        except (RulesError, InvalidNotationError) as e:
            raise RecordError(str(e)) from None

    def replay(self, record: ToyRecord) -> Iterator[Step[ToyState, Play]]:
        state = self.start_of(record)
        for k, text in enumerate(record.actions):
            try:
                action = parse_action(text)
                after = state.apply(action)
            except (IllegalActionError, InvalidNotationError) as e:
                raise RecordError(f"action {k + 1} {text!r}: {e}") from None
            yield Step(state, state.current_player, action, after)
            state = after


GAME = ToyGame()


# -- the match plug-in (joker.match.plugin) ---------------------------------------------
@dataclass(frozen=True)
class ToyTally:
    """Tricks won over ``games`` games."""

    tricks: int
    games: int

    def to_json(self) -> dict[str, Any]:
        return {"tricks_per_game": self.tricks / self.games if self.games else None}


class ToyMatch:
    arena_columns = ("tricks / game",)
    simulate_columns = ("tricks / game",)
    outcome_keys = ("won",)

    def deals(self, rules: ToyRules) -> int:
        return 1  # a game is one deal

    def referee(self, game_seed: str) -> None:
        return None  # no decision depends on the seating but the seat's own

    def outcome(self, state: ToyState) -> dict[str, Any]:
        return {"won": state.won}

    def tally(self, games: Iterable[tuple[int, Mapping[str, Any]]]) -> ToyTally:
        pairs = list(games)
        return ToyTally(sum(o["won"][seat] for seat, o in pairs), len(pairs))

    def arena_cells(self, tally: ToyTally) -> tuple[str, ...]:
        return (f"{tally.tricks / max(tally.games, 1):.2f}",)

    def arena_tables(self, names: Sequence[str], tallies: Sequence[ToyTally]) -> list[Any]:
        return []

    def simulate_cells(self, tally: ToyTally) -> tuple[str, ...]:
        return self.arena_cells(tally)

    def where(self, state: ToyState) -> str:
        return f"card {len(state.history) + 1}"


# -- the RL plug-in (joker.env.plugin) ---------------------------------------------------
class ToyCodec:
    """Action id = card − 1."""

    size = 6

    def encode(self, action: Play) -> int:
        return action.card - 1

    def decode(self, action_id: Any) -> Play:
        if not isinstance(action_id, (int, np.integer)) or not 0 <= action_id < self.size:
            raise JokerError(f"action id {action_id!r} is outside 0..{self.size - 1}")
        return Play(int(action_id) + 1)

    def mask(self, legal: Any, dtype: type = np.int8) -> Any:
        m: Any = np.zeros(self.size, dtype=dtype)
        for a in getattr(legal, "legal_actions", legal):
            m[a.card - 1] = 1
        return m


class ToyLayout:
    """Own hand (6), cards on the table (6), to move (1), tricks won ÷ cards per relative seat."""

    def __init__(self, rules: ToyRules) -> None:
        self.rules = rules
        self.size = 13 + rules.players
        self.low = np.zeros(self.size, dtype=np.float32)
        self.high = np.ones(self.size, dtype=np.float32)

    def encode(self, view: ToyView) -> Any:
        t = np.zeros(self.size, dtype=np.float32)
        assert view.seat is not None
        for c in view.hand:
            t[c - 1] = 1.0
        for _, c in view.trick:
            t[6 + c - 1] = 1.0
        t[12] = float(view.current_player == view.seat)
        n = self.rules.players
        for s, w in enumerate(view.won):
            t[13 + (s - view.seat) % n] = w / self.rules.cards
        return t


@dataclass(frozen=True)
class ToyStart:
    state: ToyState


class ToyEpisodes:
    """Whole games; every trick rewards its winner 1 × ``reward_scale``."""

    def __init__(self, rules: ToyRules | str, episode: str, reward: str | None, deal: int | None,
                 reward_scale: float) -> None:
        self.rules = parse_rules(rules) if isinstance(rules, str) else rules
        if episode != "game" or reward not in (None, "game") or deal is not None:
            raise JokerError("toy: episodes are whole games (episode='game', reward='game', no deal=)")
        if not reward_scale > 0:
            raise JokerError(f"reward_scale={reward_scale!r}: a positive number")
        self.reward_scale = float(reward_scale)
        self.players = self.rules.players
        self.codec = ToyCodec()
        self.layout = ToyLayout(self.rules)
        self.illegal_reward = -float(self.rules.cards) * self.reward_scale

    def start(self, rng: random.Random) -> ToyStart:
        return ToyStart(new_game(self.rules, rng.getrandbits(63)))

    def observe(self, view: ToyView, start: ToyStart) -> Any:
        return self.layout.encode(view)

    def rewards(self, before: ToyState, after: ToyState) -> tuple[float, ...] | None:
        if after.won == before.won:
            return None
        return tuple((a - b) * self.reward_scale for a, b in zip(after.won, before.won))

    def info(self, state: ToyState, start: ToyStart) -> dict[str, Any]:
        return {}

    def render(self, state: ToyState, start: ToyStart) -> str:
        hands = "  ".join(f"seat {s + 1}: {' '.join(map(str, h)) or '-'}" for s, h in enumerate(state.hands))
        return f"{state.rules}: {hands}; table {state.trick or '-'}; won {state.won}"

    def describe(self) -> str:
        return f"{self.rules}: whole games, reward = tricks x {self.reward_scale:g}"


class ToyRL:
    def episodes(self, rules: ToyRules | str, *, episode: str = "game", reward: str | None = None,
                 deal: int | None = None, reward_scale: float = 1.0) -> ToyEpisodes:
        return ToyEpisodes(rules, episode, reward, deal, reward_scale)


class ToyWeb:
    """The toy's web plug-in: the server's generic pages, no penalties, no analysis."""

    table_template = "game_table.html"
    replay_template = "game_replay.html"
    fill_bot = "high"
    rules_version = 1
    analysis = False
    notation = "p5"

    def page_data(self, lang: str) -> dict[str, Any]:
        return {}

    def lobby_data(self) -> dict[str, Any]:
        return {"presets": [{"name": NAME, "players": 2}]}

    def start_seat(self, rules: ToyRules, seed: str) -> int:
        return new_game(rules, seed).start

    def table_info(self, rules: ToyRules) -> dict[str, Any]:
        return {"cards": rules.cards}

    def progress(self, rules: ToyRules, state: ToyState | None) -> dict[str, Any]:
        return {"tricks": None if state is None else sum(state.won)}

    def view_json(self, v: ToyView) -> dict[str, Any]:
        return {"seat": v.seat, "hand": list(v.hand), "hand_sizes": list(v.hand_sizes),
                "trick": [list(p) for p in v.trick], "won": list(v.won), "current": v.current_player,
                "legal": [str(a) for a in v.legal_actions]}

    def action_data(self, before: ToyState, after: ToyState, seat: int, action: Play) -> dict[str, Any]:
        data: dict[str, Any] = {"card": action.card}
        if self.sheet_changed(before, after):
            data["trick_done"] = {"winner": after.leader}
        return data

    def sheet_changed(self, before: ToyState, after: ToyState) -> bool:
        return after.won != before.won

    def pace(self, before: ToyState, after: ToyState) -> Pace:
        return Pace.ENDED if self.sheet_changed(before, after) else Pace.NORMAL

    def totals(self, state: ToyState, penalties: Any) -> list[int]:
        return list(state.won)

    def sheet(self, state: ToyState, penalties: Any) -> list[dict[str, Any]]:
        return [{"won": list(state.won)}]

    def standings(self, totals: Sequence[int]) -> list[dict[str, int]]:
        order = sorted(range(len(totals)), key=lambda s: (-totals[s], s))
        return [{"place": 1 + sum(t > totals[s] for t in totals), "seat": s, "total": totals[s]} for s in order]

    def total_texts(self, lang: str) -> dict[str, str]:
        """Tricks won: "1 trick", "3 tricks"; «1 взятка», «3 взятки», «5 взяток»; none: "no tricks"."""
        if lang == "ru":
            return {"n": "{n} {n:взятка|взятки|взяток}", "0": "ни одной взятки"}
        return {"n": "{n} {n:trick|tricks}", "0": "no tricks"}

    def total_label(self, total: int, lang: str) -> str:
        return total_label(self.total_texts(lang), total, lang)

    def stalling_dot(self, rules: ToyRules) -> bool:
        return False

    def penalty(self, state: ToyState, seat: int, note: str) -> dict[str, Any]:
        raise NotImplementedError("the toy has no penalties")

    def with_penalties(self, record: ToyRecord, penalties: Any) -> ToyRecord:
        return record

    def record_text(self, record: ToyRecord) -> str:
        return json.dumps(record.to_dict())

    def warm_analysis(self) -> None:
        raise NotImplementedError("the toy has no analysis")

    def analyse(self, record: ToyRecord, report: Any) -> dict[str, Any]:
        raise NotImplementedError("the toy has no analysis")

    def replay_json(self, record: ToyRecord) -> dict[str, Any]:
        frames = [{"seat": st.seat, "action": str(st.action), "hands": [list(h) for h in st.after.hands],
                   "won": list(st.after.won)} for st in steps(GAME, record)]
        return {"rules": record.rules, "players": list(record.players), "frames": frames}


PLUGINS = {"match": ToyMatch(), "rl": ToyRL(), "web": ToyWeb()}
"""The toy game's plug-ins by kind (:func:`joker.registry.plugin`)."""


def register() -> None:
    """Make the toy game known to the registry as ``toy``."""
    registry.register(NAME, __name__)
