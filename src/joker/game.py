"""The game protocol: what every game of the house offers the shared machinery.

The vocabulary is OpenSpiel's and pgx's, which the Joker engine already
speaks.  A game is a package under :mod:`joker.games` (or anywhere, for the
tests' toy game) that exposes ``GAME``, an object satisfying :class:`Game`;
:mod:`joker.registry` finds it by name.  The tables of the web server, the
records and their replay, the arena and ``simulate``, the bot registry and
the RL adapters read games only through these protocols, so a new game
plugs in by registering itself.

The core contract (every game):

* a **rules value** with a canonical string: ``str(rules)`` parses back with
  :meth:`Game.parse_rules` to an equal value; ``rules.players`` is the number
  of seats;
* :meth:`Game.new_game` — the first state of a game, all chance fixed by the
  seed (a game is ``(rules, seed, actions)``);
* a **state** (:class:`GameState`): immutable; ``legal_actions()`` in a
  stable documented order; ``apply(action)`` validates and returns the next
  state, raising :class:`~joker.errors.IllegalActionError` (or
  :class:`~joker.errors.InvalidNotationError` for bad text) and changing
  nothing; ``current_player`` (``None`` when nobody is to move);
  ``is_terminal()``; ``scores()``, the game totals per seat so far;
* **views** (:class:`View`): :meth:`Game.view_of` is everything one seat may
  know and nothing more; :meth:`Game.public_view` is what a spectator may
  know, built from public information only (not by blanking a seat's view);
* **action notation**: :meth:`Game.parse_action` / :meth:`Game.format_action`
  round-trip every legal action;
* the game's **record** (:mod:`joker.records` holds the shared envelope and
  the one replay iterator): :meth:`Game.record_of` writes a state's history,
  :meth:`Game.read_record` reads one back (leniently, older versions too) and
  :meth:`Game.replay` yields every :class:`Step` of it, checked by the engine;
* **bots**: :meth:`Game.bots`, factories by name, each taking a seed; a bot is
  anything with ``name`` and ``choose(view) -> action`` (:mod:`joker.bots`).

Applications extend a game through plug-in modules found by convention in the
game's package (for instance ``<game package>.web`` for the web server's
table renderer); each application documents its plug-in protocol beside its
own code, so this module never names an application.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import Any, Callable, Generic, Iterator, Mapping, Protocol, Sequence, TypeVar, runtime_checkable


@runtime_checkable
class Rules(Protocol):
    """A rules value: frozen, with a canonical string (``str(rules)``) and a seat count."""

    @property
    def players(self) -> int: ...


@runtime_checkable
class GameState(Protocol):
    """One moment of a game (immutable; see the module docstring).

    ``apply`` accepts an action value or its notation text."""

    @property
    def rules(self) -> Any: ...

    @property
    def current_player(self) -> int | None: ...

    def legal_actions(self) -> Sequence[Any]: ...

    def apply(self, action: Any) -> Any: ...

    def is_terminal(self) -> bool: ...

    def scores(self) -> tuple[int, ...]: ...


@runtime_checkable
class View(Protocol):
    """What one seat (``seat``: 0-based) or a spectator (``seat is None``) may
    know at one moment.  ``legal_actions`` is empty unless ``seat`` is to move."""

    @property
    def seat(self) -> int | None: ...

    @property
    def legal_actions(self) -> tuple[Any, ...]: ...


S = TypeVar("S")
A = TypeVar("A")


@dataclass(frozen=True, slots=True)
class Step(Generic[S, A]):
    """One replayed action: the state ``before`` it, the ``seat`` that took it
    (``None`` for an entry nobody's turn made, such as a real-cards deal's
    summary), the ``action`` and the state ``after``."""

    before: S
    seat: int | None
    action: A
    after: S


BotFactory = Callable[..., Any]
"""Makes a bot: ``factory(seed)``, or ``factory(seed, seconds)`` for a bot with a time cap per decision."""


@runtime_checkable
class Game(Protocol):
    """A game of the house (see the module docstring).  ``name`` is the
    registry key and the ``game`` field of its records (``"joker"``)."""

    @property
    def name(self) -> str: ...

    def parse_rules(self, text: str) -> Any:
        """The rules value of a rules string (a preset name, or a preset with options).
        Raises :class:`~joker.errors.RulesError` or :class:`~joker.errors.InvalidNotationError`."""
        ...

    def presets(self) -> Mapping[str, Any]:
        """The named rule sets, default first."""
        ...

    def new_game(self, rules: Any, seed: int | str, start: int | None = None) -> Any:
        """The first state of a game: chance fixed by ``seed``; ``start`` the
        seat the game starts from as the game defines it (Joker: the first
        dealer), ``None`` to draw it from the seed."""
        ...

    def view_of(self, state: Any, seat: int) -> Any:
        """What ``seat`` (0-based) may know.  Raises ``ValueError`` for a bad seat."""
        ...

    def public_view(self, state: Any) -> Any:
        """What a spectator may know: public information only."""
        ...

    def parse_action(self, text: str) -> Any:
        """An action from its notation.  Raises :class:`~joker.errors.InvalidNotationError`."""
        ...

    def format_action(self, action: Any) -> str:
        """The notation of an action (parses back to an equal action)."""
        ...

    def bots(self) -> Mapping[str, BotFactory]:
        """Bot factories by name (the first is the default bot)."""
        ...

    def timed_bots(self) -> frozenset[str]:
        """The names of the bots that take a time cap per decision (``factory(seed, seconds)``)."""
        ...

    def record_of(self, state: Any, players: Sequence[str] | None = None,
                  meta: Mapping[str, Any] | None = None) -> Any:
        """The record of the game so far (a value with ``to_dict()``)."""
        ...

    def read_record(self, data: Mapping[str, Any]) -> Any:
        """A record from parsed JSON (any version this game wrote).
        Raises :class:`~joker.errors.RecordError` naming the problem."""
        ...

    def start_of(self, record: Any) -> Any:
        """The state a record's game starts from, before its first action.
        Raises :class:`~joker.errors.RecordError`."""
        ...

    def replay(self, record: Any) -> Iterator[Step[Any, Any]]:
        """Every step of a record, each action checked by the engine.
        Raises :class:`~joker.errors.RecordError` naming the first bad one."""
        ...


R = TypeVar("R")
St = TypeVar("St")
Rec = TypeVar("Rec")


@dataclass(frozen=True)
class PackageGame(Generic[R, St, A, Rec]):
    """A :class:`Game` made of a game package's own functions: what each game's
    ``game.py`` hands the registry as ``GAME``, the adapter written once.

    Fields, in the protocol's order: ``name``; ``rules_parser`` (text → rules,
    raising the game's ``RulesError`` / ``InvalidNotationError``) and
    ``rule_presets`` (default first); ``starter(rules, seed, start)``, the first
    state; ``seat_view(state, seat)`` and ``spectator_view(state)``;
    ``action_parser`` (notation → action; ``str(action)`` is the notation);
    ``bots_module``, the dotted name of a module with ``BOTS`` and ``TIMED``,
    imported only when bots are asked for (so the rules and records load
    without the bots' dependencies); ``recorder(state, players, meta)``,
    ``record_reader(parsed_json)``, ``record_start(record)`` and
    ``record_steps(record)``, the game's record functions (raising
    :class:`~joker.errors.RecordError`)."""

    name: str
    rules_parser: Callable[[str], R]
    rule_presets: Mapping[str, R]
    starter: Callable[[R, int | str, int | None], St]
    seat_view: Callable[[St, int], Any]
    spectator_view: Callable[[St], Any]
    action_parser: Callable[[str], A]
    bots_module: str
    recorder: Callable[[St, tuple[str, ...] | None, Mapping[str, Any] | None], Rec]
    record_reader: Callable[[Mapping[str, Any]], Rec]
    record_start: Callable[[Rec], St]
    record_steps: Callable[[Rec], Iterator[Step[St, Any]]]

    def parse_rules(self, text: str) -> R:
        return self.rules_parser(text)

    def presets(self) -> Mapping[str, R]:
        return self.rule_presets

    def new_game(self, rules: R, seed: int | str, start: int | None = None) -> St:
        return self.starter(rules, seed, start)

    def view_of(self, state: St, seat: int) -> Any:
        return self.seat_view(state, seat)

    def public_view(self, state: St) -> Any:
        return self.spectator_view(state)

    def parse_action(self, text: str) -> A:
        return self.action_parser(text)

    def format_action(self, action: A) -> str:
        return str(action)

    def bots(self) -> Mapping[str, BotFactory]:
        bots: Mapping[str, BotFactory] = import_module(self.bots_module).BOTS
        return bots

    def timed_bots(self) -> frozenset[str]:
        timed: frozenset[str] = import_module(self.bots_module).TIMED
        return timed

    def record_of(self, state: St, players: Sequence[str] | None = None,
                  meta: Mapping[str, Any] | None = None) -> Rec:
        return self.recorder(state, None if players is None else tuple(players), meta)

    def read_record(self, data: Mapping[str, Any]) -> Rec:
        return self.record_reader(data)

    def start_of(self, record: Rec) -> St:
        return self.record_start(record)

    def replay(self, record: Rec) -> Iterator[Step[St, Any]]:
        return self.record_steps(record)
