"""Durak records in the house's envelope (docs/records.md, docs/durak.md):
written strictly, read leniently, replayed action by action.

::

    {"format": "joker-record", "version": 1, "game": "durak",
     "rules": "durak", "rules_version": 1, "players": ["Вера", "Ян", "Ося", "Лёва"],
     "seed": "7", "start": null,
     "games": [{"game": 1, "hands": ["6S 9H …", …], "prikups": ["KD 7C", …],
                "stock": "… QD TS", "actions": "8C done KC/8C pass pass pass …"}],
     "meta": {}}

``start`` is the 1-based seat that attacked first in game 1 when it was
fixed, ``null`` when RULES.md §13.3 chose it; each game holds its deal (the
stock in draw order, the turned and the hidden trump last) and its actions
in the notation of :mod:`.actions`.  The deals are authoritative: the seed
is informative.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterator, Mapping

from joker.cards import format_cards, parse_cards
from joker.errors import IllegalActionError, InvalidNotationError, JokerError, RecordError, RulesError
from joker.game import Step
from joker.records import FORMAT
from joker.rulestring import rules_named

from .actions import Action, parse_action
from .engine.deal import Deal
from .engine.state import DurakState, new_game
from .rules import RULES_VERSION, parse_rules

NAME = "durak"
FORMAT_VERSION = 1


@dataclass(frozen=True)
class GameEntry:
    """One game of a record: its deal and its actions (notation strings)."""

    deal: Deal
    actions: tuple[str, ...] = ()


@dataclass(frozen=True)
class DurakRecord:
    """A whole (possibly unfinished) series.  ``start`` is 0-based here, 1-based in the JSON."""

    rules: str
    players: tuple[str, ...]
    seed: str
    start: int | None
    games: tuple[GameEntry, ...]
    rules_version: int = RULES_VERSION
    meta: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-ready data (canonical key order)."""
        return {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "game": NAME,
            "rules": self.rules,
            "rules_version": self.rules_version,
            "players": list(self.players),
            "seed": self.seed,
            "start": None if self.start is None else self.start + 1,
            "games": [
                {
                    "game": i + 1,
                    "hands": [format_cards(h) for h in g.deal.hands],
                    "prikups": [format_cards(p) for p in g.deal.prikups],
                    "stock": format_cards(g.deal.stock),
                    "actions": " ".join(g.actions),
                }
                for i, g in enumerate(self.games)
            ],
            "meta": dict(self.meta),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "DurakRecord":
        """Read a record (lenient about card notation and list-or-string fields).
        Raises :class:`RecordError` naming the problem."""
        if not isinstance(data, Mapping) or data.get("format") != FORMAT:
            raise RecordError("not_record", format=FORMAT)
        if data.get("game") != NAME:
            raise RecordError("durak_game", game=data.get("game"))
        if data.get("version") != FORMAT_VERSION:
            raise RecordError("durak_version", version=data.get("version"), supported=FORMAT_VERSION)
        try:
            rv = int(data.get("rules_version", RULES_VERSION))
            if rv > RULES_VERSION:
                raise RecordError("durak_rules_version", version=rv, engine=RULES_VERSION)
            start = data.get("start")
            games = tuple(_entry(i, g) for i, g in enumerate(data["games"]))
            return cls(
                rules=str(data["rules"]),
                players=tuple(str(p) for p in data["players"]),
                seed=str(data.get("seed")),
                start=None if start is None else int(start) - 1,
                games=games,
                rules_version=rv,
                meta=dict(data.get("meta") or {}),
            )
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError, JokerError) as e:
            raise RecordError("durak_malformed", kind=type(e).__name__, error=e) from None


def _cards(x: Any) -> tuple[int, ...]:
    return tuple(parse_cards(x if isinstance(x, str) else " ".join(str(c) for c in x)))


def _entry(i: int, g: Any) -> GameEntry:
    acts = g.get("actions", "")
    actions = tuple(acts.split() if isinstance(acts, str) else (str(a) for a in acts))
    deal = Deal(tuple(_cards(h) for h in g["hands"]), tuple(_cards(p) for p in g["prikups"]), _cards(g["stock"]))
    return GameEntry(deal, actions)


def record_of(state: DurakState, players: tuple[str, ...] | None = None,
              meta: Mapping[str, Any] | None = None) -> DurakRecord:
    """The record of ``state``'s series so far (it must have been built by
    :func:`~.engine.state.new_game` and ``apply``)."""
    n = state.players
    names = players or tuple(f"Player {i + 1}" for i in range(n))
    if len(names) != n:
        raise RecordError("durak_names", names=len(names), n=n)
    per_game: list[list[str]] = [[] for _ in state.dealt]
    for g, a in state.log:
        per_game[g].append(str(a))
    games = tuple(GameEntry(d, tuple(acts)) for d, acts in zip(state.dealt, per_game))
    return DurakRecord(str(state.rules), tuple(names), state.seed, state.start, games, RULES_VERSION, dict(meta or {}))


def start_of(record: DurakRecord) -> DurakState:
    """The state the record's series starts from.  Raises :class:`RecordError`."""
    try:
        rules = parse_rules(record.rules)
        if len(record.players) != rules.players:
            raise RecordError("durak_players", players=len(record.players), rules=rules_named(record.rules),
                              seats=rules.players)
        return new_game(rules, record.seed, record.start, tuple(g.deal for g in record.games))
    except (RulesError, InvalidNotationError) as e:
        raise RecordError("durak_bad", error=e) from None


def replay_steps(record: DurakRecord) -> Iterator[Step[DurakState, Action]]:
    """Every action of the record, checked by the engine, as :class:`Step`.
    Raises :class:`RecordError` naming the first bad action (game, number, text, why)."""
    state = start_of(record)
    for g, entry in enumerate(record.games):
        for k, text in enumerate(entry.actions):
            where = {"game": g + 1, "k": k + 1, "text": text}
            if state.game != g or state.is_terminal():
                raise RecordError("durak_over", **where)
            try:
                action = parse_action(text)
                seat = state.current_player
                after = state.apply(action)
            except (IllegalActionError, InvalidNotationError) as e:
                raise RecordError("durak_action", **where, error=e) from None
            yield Step(state, seat, action, after)
            state = after
