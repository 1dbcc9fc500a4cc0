"""Game records: a versioned JSON format (docs/records.md), written strictly,
read leniently, replayed action by action.

A record holds the rules string and version, the seats, the first dealer,
the seed, and per deal either the explicit cards and every action (a game
played through the engine) or the trump, bids and tricks (a game played with
real cards), plus fines and dots.  Scores are never trusted from the file:
:func:`replay` recomputes them with the engine and checks any stored result.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator, Protocol

from .actions import DealSummary, Logged, parse_action
from joker.cards import format_card, format_suit, parse_card, parse_trump_letter
from .engine.state import DealCards, GameState, Phase, deal_cards_from_seed, new_game
from joker.errors import JokerError, RecordError
from joker import records
from joker.game import Step
from .rules import RULES_VERSION, parse_rules
from .scoring import game_totals

FORMAT = "joker-record"
FORMAT_VERSION = 1


@dataclass(frozen=True)
class Penalty:
    """A fine or dot given to ``seat`` (0-based) during deal ``deal`` (0-based,
    or None for outside a deal).  ``code`` is an infringement code of RULES.md §11
    or ``other``; ``value`` the score change (a fine: ``rules.fine``; a dot: 0)."""

    seat: int
    kind: str  # "fine" | "dot"
    code: str
    value: int
    deal: int | None = None
    note: str = ""


@dataclass(frozen=True)
class DealEntry:
    """One deal of a record.

    Played deals have ``hands`` (per seat, in dealing order), ``turned`` and
    ``actions`` (notation strings).  Real-card deals have ``trump`` ("S".."H"
    or "N"), ``bids`` and ``tricks`` instead (``house_override``: the bids as
    actually said, dealer restriction not checked).  ``result`` is the stored
    outcome (scores per seat), checked on replay.
    """

    hands: tuple[tuple[str, ...], ...] | None = None
    turned: tuple[str, ...] = ()
    actions: tuple[str, ...] = ()
    trump: str | None = None
    bids: tuple[int, ...] | None = None
    tricks: tuple[int, ...] | None = None
    house_override: bool = False
    result: dict[str, Any] | None = None

    @property
    def real_cards(self) -> bool:
        """True for a deal known only by trump, bids and tricks."""
        return self.hands is None and self.tricks is not None


@dataclass(frozen=True)
class GameRecord:
    """A whole (possibly unfinished) game.  ``first_dealer`` is 0-based here,
    1-based in the JSON text."""

    rules: str
    players: tuple[str, ...]
    first_dealer: int
    deals: tuple[DealEntry, ...] = ()
    seed: str | None = None
    rules_version: int = RULES_VERSION
    penalties: tuple[Penalty, ...] = ()
    meta: dict[str, Any] = field(default_factory=dict)

    # -- JSON ------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-ready data (canonical key order)."""
        d: dict[str, Any] = {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "rules": self.rules,
            "rules_version": self.rules_version,
            "players": list(self.players),
            "first_dealer": self.first_dealer + 1,
            "seed": self.seed,
            "deals": [_deal_to_dict(i, e) for i, e in enumerate(self.deals)],
        }
        if self.penalties:
            d["penalties"] = [_penalty_to_dict(p) for p in self.penalties]
        if self.meta:
            d["meta"] = self.meta
        return d

    def to_json(self) -> str:
        """Canonical JSON text: one deal per line, so diffs stay readable."""
        d = self.to_dict()
        deals = d.pop("deals")
        penalties = d.pop("penalties", None)
        head = json.dumps(d, ensure_ascii=False, indent=2)[:-2]
        lines = [head + ","]
        lines.append('  "deals": [')
        lines.append(",\n".join("    " + json.dumps(x, ensure_ascii=False) for x in deals))
        lines.append("  ]" + ("," if penalties else ""))
        if penalties:
            lines.append('  "penalties": [')
            lines.append(",\n".join("    " + json.dumps(x, ensure_ascii=False) for x in penalties))
            lines.append("  ]")
        return "\n".join(line for line in lines if line) + "\n}\n"

    @classmethod
    def from_json(cls, text: str) -> "GameRecord":
        """Read a record (lenient: any card notation, missing optional keys).

        Raises :class:`RecordError` naming the problem."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise records.not_json(e) from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Any) -> "GameRecord":
        """Read a record from parsed JSON.  Raises :class:`RecordError`."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError("not_record", format=FORMAT)
        if data.get("version") != FORMAT_VERSION:
            raise RecordError("version", version=data.get("version"), supported=FORMAT_VERSION)
        try:
            rules_text = str(data["rules"])
            rules = parse_rules(rules_text)
            players = tuple(str(p) for p in data.get("players") or [f"Player {i + 1}" for i in range(rules.players)])
            if len(players) != rules.players:
                raise RecordError("players_named", n=len(players), players=rules.players)
            fd = data.get("first_dealer")
            if not isinstance(fd, int) or not 1 <= fd <= rules.players:
                raise RecordError("first_dealer", players=rules.players, value=fd)
            deals = tuple(_deal_from_dict(i, x, rules.players) for i, x in enumerate(data.get("deals") or []))
            penalties = tuple(_penalty_from_dict(x, rules.players) for x in data.get("penalties") or [])
            seed = data.get("seed")
            return cls(
                rules=rules_text,
                players=players,
                first_dealer=fd - 1,
                deals=deals,
                seed=None if seed is None else str(seed),
                rules_version=int(data.get("rules_version", RULES_VERSION)),
                penalties=penalties,
                meta=dict(data.get("meta") or {}),
            )
        except RecordError:
            raise
        except JokerError as e:
            raise RecordError("error", error=e) from None
        except (KeyError, TypeError, ValueError) as e:
            raise RecordError("malformed", kind=type(e).__name__, error=e) from None


def _deal_to_dict(i: int, e: DealEntry) -> dict[str, Any]:
    d: dict[str, Any] = {"deal": i + 1}
    if e.hands is not None:
        d["hands"] = [" ".join(h) for h in e.hands]
        if e.turned:
            d["turned"] = " ".join(e.turned)
        d["actions"] = " ".join(e.actions)
    else:
        d["trump"] = e.trump
        d["bids"] = None if e.bids is None else list(e.bids)
        d["tricks"] = None if e.tricks is None else list(e.tricks)
        if e.house_override:
            d["house_override"] = True
    if e.result is not None:
        d["result"] = e.result
    return d


def _cards_text(x: Any) -> tuple[str, ...]:
    if isinstance(x, str):
        x = x.replace(",", " ").split()
    return tuple(format_card(parse_card(str(c))) for c in x)


def _deal_from_dict(i: int, x: Any, n: int) -> DealEntry:
    if not isinstance(x, dict):
        raise RecordError("deal_not_object", deal=i + 1)
    if x.get("deal", i + 1) != i + 1:
        raise RecordError("deal_numbered", deal=i + 1, number=x.get("deal"))
    try:
        result = x.get("result")
        if "hands" in x:
            hands = tuple(_cards_text(h) for h in x["hands"])
            if len(hands) != n:
                raise RecordError("deal_hands", deal=i + 1, hands=len(hands), n=n)
            actions = x.get("actions") or []
            if isinstance(actions, str):
                actions = actions.split()
            acts = tuple(str(parse_action(str(a))) for a in actions)
            return DealEntry(hands=hands, turned=_cards_text(x.get("turned") or []), actions=acts, result=result)
        trump = x.get("trump")
        trump = format_suit(parse_trump_letter(None if trump is None else str(trump)))
        bids = x.get("bids")
        tricks = x.get("tricks")
        if tricks is None:
            raise RecordError("deal_kind", deal=i + 1)
        return DealEntry(
            trump=trump,
            bids=None if bids is None else tuple(int(b) for b in bids),
            tricks=tuple(int(t) for t in tricks),
            house_override=bool(x.get("house_override", False)),
            result=result,
        )
    except RecordError:
        raise
    except (JokerError, TypeError, ValueError) as e:
        raise RecordError("deal_error", deal=i + 1, error=e) from None


def _penalty_to_dict(p: Penalty) -> dict[str, Any]:
    d: dict[str, Any] = {"seat": p.seat + 1, "kind": p.kind, "code": p.code, "value": p.value}
    if p.deal is not None:
        d["deal"] = p.deal + 1
    if p.note:
        d["note"] = p.note
    return d


def _penalty_from_dict(x: Any, n: int) -> Penalty:
    try:
        seat = int(x["seat"])
        if not 1 <= seat <= n:
            raise RecordError("penalty_seat", seat=seat, n=n)
        kind = str(x["kind"])
        if kind not in ("fine", "dot"):
            raise RecordError("penalty_kind", kind=kind)
        deal = x.get("deal")
        return Penalty(seat - 1, kind, str(x.get("code", "other")), int(x.get("value", 0)),
                       None if deal is None else int(deal) - 1, str(x.get("note", "")))
    except RecordError:
        raise
    except (KeyError, TypeError, ValueError) as e:
        raise RecordError("penalty", penalty=x, error=e) from None


# -- from a state ----------------------------------------------------------------
def record_from_state(state: GameState, players: tuple[str, ...] | None = None, meta: dict[str, Any] | None = None,
                      penalties: tuple[Penalty, ...] = ()) -> GameRecord:
    """The record of a game so far (played deals keep their cards and actions,
    real-card deals their :class:`~.actions.DealSummary`; the deal in progress is included)."""
    rules = state.rules
    n = rules.players
    by_deal: dict[int, list[Logged]] = {}
    for i, a in state.actions():
        by_deal.setdefault(i, []).append(a)
    entries = []
    last = state.deal_index if not state.is_terminal() else len(rules.deals) - 1
    for i in range(last + 1):
        acts = by_deal.get(i, [])
        result = state.results[i] if i < len(state.results) else None
        res = None if result is None else {"scores": list(result.scores)}
        if acts and isinstance(acts[0], DealSummary):  # a real-cards deal: its summary is its only entry
            d = acts[0]
            entries.append(DealEntry(trump=format_suit(d.trump), bids=d.bids, tricks=d.tricks,
                                     house_override=d.house_override, result=res))
            continue
        seed = state.seed
        if i < len(state.explicit):
            cards = state.explicit[i]
        elif seed is None:
            continue  # a real-card deal not yet entered
        else:
            cards = deal_cards_from_seed(rules, seed, i, (state.first_dealer + i) % n)
        turned: tuple[int, ...] = () if cards.turned is None else (cards.turned,)
        for c in cards.stock:  # further cards only matter while jokers are turned (turned_joker=next_card)
            if turned[-1] < 52 or rules.turned_joker.value != "next_card":
                break
            turned += (c,)
        entries.append(
            DealEntry(
                hands=tuple(tuple(format_card(c) for c in h) for h in cards.hands),
                turned=tuple(format_card(c) for c in turned),
                actions=tuple(str(a) for a in acts),
                result=res,
            )
        )
    return GameRecord(
        rules=str(rules),
        players=players or tuple(f"Player {i + 1}" for i in range(n)),
        first_dealer=state.first_dealer,
        deals=tuple(entries),
        seed=None if state.seed is None else str(state.seed),
        penalties=penalties,
        meta=meta or {},
    )


# -- replay ------------------------------------------------------------------------
def start_state(record: GameRecord) -> GameState:
    """The state a record's game starts from (its cards, first dealer and seed),
    before any action.  A record of real-card deals, or one with neither deals
    nor a seed (a real-cards game before its first deal is entered, as
    :func:`record_from_state` writes it), starts a real-cards game.
    Raises :class:`RecordError`."""
    rules = parse_rules(record.rules)
    if record.rules_version > RULES_VERSION:
        raise RecordError("rules_version", version=record.rules_version, engine=RULES_VERSION)
    if len(record.deals) > len(rules.deals):
        raise RecordError("too_many_deals", deals=len(record.deals), schedule=len(rules.deals))
    explicit = []
    for e in record.deals:
        if e.hands is None:
            break
        turned = [parse_card(c) for c in e.turned]
        explicit.append(
            DealCards(tuple(tuple(parse_card(c) for c in h) for h in e.hands), turned[0] if turned else None,
                      tuple(turned[1:]))
        )
    real = any(e.real_cards for e in record.deals) or (not record.deals and record.seed is None)
    if real and explicit:
        raise RecordError("mixed_deals")
    try:
        state = new_game(rules, seed=None if real else (record.seed or 0), deals=explicit,
                         first_dealer=record.first_dealer, real_cards=real)
    except JokerError as e:
        raise RecordError("error", error=e) from None
    return state


_ACTION_CODES = {Phase.TRUMP: "action_trump", Phase.BID: "action_bid", Phase.PLAY: "action_play"}
"""The :mod:`joker.i18n.records` code of a refused action, by the phase it was tried in."""


def replay_steps(record: GameRecord) -> Iterator[Step[GameState, Logged]]:
    """Every step of a record: ``Step(before, seat, action, after)`` for each
    action, checked by the engine; a real-cards deal is one step whose seat is
    ``None`` and whose action is its :class:`~.actions.DealSummary`.  Stored
    results are checked as each deal ends.  This is the one replay loop of
    Joker records (:func:`replay`, the ledger, the server, the replay viewer
    and the analysis use it).

    Raises :class:`RecordError` naming the first bad action with its deal and
    trick (1-based), or the first stored result that differs.  A real-cards
    deal the engine refuses raises it with the engine's own error as its
    ``__cause__`` (whose reason code a translated message needs)."""
    return _steps(start_state(record), record)


def _steps(state: GameState, record: GameRecord) -> Iterator[Step[GameState, Logged]]:
    """:func:`replay_steps` from ``state``, the record's :func:`start_state`."""
    rules = state.rules
    for i, e in enumerate(record.deals):
        where = {"deal": i + 1, "cards": rules.deals[i].cards}
        if state.deal_index != i or state.is_terminal():
            raise RecordError("deal_unfinished", **where)
        if e.real_cards and e.tricks is not None:  # (a real-cards deal always has tricks)
            try:
                after = state.apply_summary(parse_trump_letter(e.trump), e.bids, e.tricks, e.house_override)
            except JokerError as err:
                raise RecordError("error", error=err) from err  # apply_summary names the deal itself
            yield Step(state, None, after.actions()[-1][1], after)  # the deal's DealSummary, as the engine logged it
            state = after
        else:
            for k, text in enumerate(e.actions):
                trick = len(state.tricks) + 1
                try:
                    action = parse_action(text)
                    after = state.apply(action)
                except JokerError as err:
                    code = _ACTION_CODES.get(state.phase, "action_over")
                    raise RecordError(code, **where, trick=trick, k=k + 1, text=text, error=err) from None
                if after.deal_index != i and k + 1 < len(e.actions):
                    raise RecordError("actions_after_end", **where, n=len(e.actions) - k - 1)
                yield Step(state, state.current_player, action, after)
                state = after
        if e.result is not None and i < len(state.results):
            want = e.result.get("scores")
            got = list(state.results[i].scores)
            if want is not None and list(want) != got:
                raise RecordError("scores_differ", **where, want=want, got=got)


def replay(record: GameRecord) -> GameState:
    """Rebuild the game from its record, checking every action and stored
    result (:func:`replay_steps`); returns the last state.  Raises :class:`RecordError`."""
    state = start_state(record)
    for step in _steps(state, record):
        state = step.after
    return state


class Fine(Protocol):
    """Anything fining a seat: a record's :class:`Penalty`, the ledger's infringement row."""

    @property
    def seat(self) -> int: ...

    @property
    def value(self) -> int: ...


def fines_of(players: int, penalties: Iterable[Fine]) -> list[int]:
    """Per seat (0-based, ``players`` of them), the sum of the penalties'
    values: fines are negative, dots 0 (RULES.md §11)."""
    fines = [0] * players
    for p in penalties:
        fines[p.seat] += p.value
    return fines


def totals_with_penalties(state: GameState, penalties: Iterable[Fine]) -> tuple[int, ...]:
    """Game totals per seat: block totals plus the record's fines (RULES.md §10, §11)."""
    return game_totals(state.rules, state.results, fines_of(state.rules.players, penalties))


def load_record(path: str | os.PathLike[str]) -> GameRecord:
    """Read a record file.  Raises :class:`RecordError` (also for an unreadable file)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise RecordError("unreadable", path=path, error=e) from None
    return GameRecord.from_json(text)


def save_record(record: GameRecord, path: str | os.PathLike[str]) -> Path:
    """Write a record atomically (:func:`joker.records.save`).  Returns the path."""
    return records.save(record, path)
